#!/bin/sh
# The man pages against the program, so they cannot rot:
#  - every EXAMPLES command runs against traces/ (and the live traces of
#    tests/kmod/traces) with the documented exit
#    status (0 or 1 when the page does not say) and prints the documented
#    lines (conventions at the top of docs/man/rvreplay.1.in);
#  - the usage lines of each command's --help are its page's SYNOPSIS, and
#    --help and the page know the same options;
#  - every key that rvreplay --json writes is documented in rvreplay-json(5);
#  - groff formats every page without a warning; the version is VERSION's,
#    and CHANGELOG.md has an entry for it.
# Run from the top of the tree after 'make man'; the pages are in man/ next
# to $RVREPLAY.

. tests/e2e/lib.sh

TOP=$(pwd)
V=$(cat VERSION)
BIN=$(cd "$(dirname "$RVREPLAY")" && pwd)
MAN=$BIN/man
RV=$BIN/$(basename "$RVREPLAY")
PAGES="rvreplay.1 rvreplay-list.1 rvreplay-check.1 rvreplay-record.1 rvreplay-watch.1 rvreplay-diff.1 rvreplay-compare.1 rvreplay-json.5 rvreplay-spec.5"

# The troff escapes the pages use, as text.
UNESCAPE='
function unescape(s) {
	gsub(/\\e/, "\001", s)
	gsub(/\\-/, "-", s)
	gsub(/\\\(aq/, "\047", s)
	gsub(/\\\(dq/, "\"", s)
	gsub(/\\\(bu/, "*", s)
	gsub(/\\&/, "", s)
	gsub(/\\f[BIRP]/, "", s)
	gsub(/\001/, "\\", s)
	return s
}'

# section PAGE NAME: the source lines of a section, without its .SH line
section() {
	awk -v name="$2" '/^\.SH / { on = ($0 == ".SH " name); next } on' "$1"
}

# entries: usage or synopsis lines, one entry per line: a line whose first
# word is "rvreplay" starts an entry, other lines continue it; blanks squeezed
entries() {
	awk '{ sub(/^usage: /, "") }
	     $1 == "rvreplay" { if (e != "") print e; e = $0; next }
	     { e = e " " $0 }
	     END { if (e != "") print e }' | tr -s ' \t' '  ' | sed 's/^ //; s/ $//'
}

# options: the -x and --long options named in text, one a line, sorted
options() {
	grep -oE '(^|[][ ,|])--?[A-Za-z][A-Za-z-]*' | sed 's/^[][ ,|]//' | sort -u
}

help_usage() {
	awk 'NR == 1 || (on && /^ /) { on = 1; print; next } { exit }'
}

# The first column of the option lines of --help: "  -m, --monitor NAME"
help_option_column() {
	grep -E '^ +-' | sed -E 's/^ +//; s/  .*//'
}

page_synopsis() {
	section "$1" SYNOPSIS | grep -v '^\.' | awk "$UNESCAPE"'{ print unescape($0) }'
}

# The tags of the OPTIONS section: the line after each .TP
page_option_tags() {
	section "$1" OPTIONS | awk "$UNESCAPE"'
		tp { sub(/^\.B[IR]* /, ""); gsub(/"/, ""); print unescape($0); tp = 0 }
		/^\.TP/ { tp = 1 }'
}

have_diff() {
	"$RV" diff --help 2>/dev/null | grep -q '^usage: rvreplay diff'
}

# ---- the pages themselves

for p in $PAGES; do
	if [ ! -s "$MAN/$p" ]; then
		not_ok "$p: built" "no $MAN/$p: run 'make man'"
		continue
	fi
	w=$(groff -man -t -ww -z "$MAN/$p" 2>&1)
	if [ -z "$w" ]; then ok "$p: groff formats it without a warning"
	else not_ok "$p: groff warnings" "$w"; fi
	if grep -q "^\.TH .*\"rvreplay $V\"" "$MAN/$p"; then ok "$p: version $V"
	else not_ok "$p: version $V" "$(grep '^\.TH' "$MAN/$p")"; fi
done
if grep -q "^## \[$V\]" CHANGELOG.md; then ok "CHANGELOG.md has an entry for $V"
else not_ok "CHANGELOG.md has an entry for $V"; fi

# ---- SYNOPSIS and options against --help

for cmd in "" list check record watch diff compare; do
	p=rvreplay${cmd:+-$cmd}.1
	[ -s "$MAN/$p" ] || continue
	if [ "$cmd" = diff ] && ! have_diff; then
		echo "skip    $p: this rvreplay has no diff command yet"
		continue
	fi
	# shellcheck disable=SC2086
	"$RV" $cmd --help > "$TMP/help" 2>&1
	help_usage < "$TMP/help" | entries > "$TMP/help.usage"
	page_synopsis "$MAN/$p" | entries > "$TMP/page.usage"
	if [ -s "$TMP/help.usage" ] && cmp -s "$TMP/help.usage" "$TMP/page.usage"; then
		ok "$p: SYNOPSIS is 'rvreplay${cmd:+ $cmd} --help'"
	else
		not_ok "$p: SYNOPSIS is 'rvreplay${cmd:+ $cmd} --help'" \
			"$(diff "$TMP/help.usage" "$TMP/page.usage" | sed 's/^</help/; s/^>/page/')"
	fi
	{ cat "$TMP/help.usage"; help_option_column < "$TMP/help"; } | options > "$TMP/help.opts"
	{ cat "$TMP/page.usage"; page_option_tags "$MAN/$p"; } | options > "$TMP/page.opts"
	if cmp -s "$TMP/help.opts" "$TMP/page.opts"; then
		ok "$p: the options of --help, all described"
	else
		not_ok "$p: the options of --help, all described" \
			"$(diff "$TMP/help.opts" "$TMP/page.opts" | sed -n 's/^</only in --help:/p; s/^>/only in the page:/p')"
	fi
done

# ---- every JSON key is documented

if ! command -v jq > /dev/null; then
	not_ok "JSON keys documented" "jq is not installed (scripts/debian-packages)"
else
	for t in traces/*.dat; do
		"$RV" --json "$t" 2>/dev/null
		"$RV" --json --strict-start "$t" 2>/dev/null
	done | jq -r '[paths | select(length < 3 or .[0:2] != ["summary", "by_monitor"])
		       | .[] | strings] | .[]' | sort -u > "$TMP/keys"
	missing=
	for k in $(cat "$TMP/keys"); do
		grep -qF "\\fB$k\\fR" "$MAN/rvreplay-json.5" || missing="$missing $k"
	done
	if [ ! -s "$TMP/keys" ]; then
		not_ok "JSON keys documented" "no JSON came out"
	elif [ -z "$missing" ]; then
		ok "JSON keys documented in rvreplay-json(5): $(wc -l < "$TMP/keys")"
	else
		not_ok "JSON keys documented in rvreplay-json(5)" "undocumented:$missing"
	fi
fi

# ---- the EXAMPLES, run

# Each example of a page becomes N.cmd, N.exit, N.needs, N.root, N.expect.
split_examples() {
	rm -rf "$TMP/ex"
	mkdir -p "$TMP/ex"
	section "$1" EXAMPLES | awk -v dir="$TMP/ex" "$UNESCAPE"'
		/^\.EX/ { ex = 1; next }
		/^\.EE/ { ex = 0; next }
		!ex { next }
		/^\.\\" exit: / { code = $3; next }
		/^\.\\" needs: / { needs = $3; next }
		/^\./ { next }
		/^[$#] / {
			n++
			f = dir "/" n
			print unescape(substr($0, 3)) > (f ".cmd")
			print (code == "" ? "0|1" : code) > (f ".exit")
			print needs > (f ".needs")
			print ($1 == "#") > (f ".root")
			printf "" > (f ".expect")
			code = needs = ""
			next
		}
		n { print unescape($0) > (f ".expect") }'
}

# compare EXPECT OUTPUT: the lines of EXPECT appear in OUTPUT in order; a
# line "..." skips lines, and "..." within a line stands for any text
MATCH='
function like(line, pat,    n, seg, i, at) {
	if (index(pat, "...") == 0)
		return line == pat
	n = split(pat, seg, /\.\.\./)
	if (index(line, seg[1]) != 1)
		return 0
	line = substr(line, length(seg[1]) + 1)
	for (i = 2; i <= n; i++) {
		if (i == n && seg[n] != "")
			return length(line) >= length(seg[n]) &&
			       substr(line, length(line) - length(seg[n]) + 1) == seg[n]
		at = index(line, seg[i])
		if (!at)
			return 0
		line = substr(line, at + length(seg[i]))
	}
	return 1
}
FILENAME == ARGV[1] { e[++ne] = $0; next }
{ o[++no] = $0 }
END {
	if (!ne)
		exit 0
	pos = 1; skip = 0
	for (i = 1; i <= ne; i++) {
		if (e[i] == "...") { skip = 1; continue }
		for (hit = 0; pos <= no; pos++) {
			hit = like(o[pos], e[i])
			if (hit || !skip)
				break
		}
		if (pos > no || !hit) { print "expected: " e[i]; exit 1 }
		pos++; skip = 0
	}
	if (!skip && pos <= no) { print "unexpected: " o[pos]; exit 1 }
}'

mkdir -p "$TMP/bin" "$TMP/work"
ln -s "$RV" "$TMP/bin/rvreplay"
ln -s "$TOP/traces" "$TMP/work/traces"
ln -s "$TOP/tests" "$TMP/work/tests"
ln -s "$TOP/examples" "$TMP/work/examples"
can_record=
[ "$(id -u)" = 0 ] && grep -qw tracefs /proc/filesystems && can_record=1

for p in $PAGES; do
	[ -s "$MAN/$p" ] || continue
	split_examples "$MAN/$p"
	count=$(find "$TMP/ex" -name '*.cmd' | wc -l)
	[ "$count" -gt 0 ] || not_ok "$p: has EXAMPLES"
	# in the page's order, which a glob is not past 9 (10.cmd before 2.cmd)
	for n in $(seq 1 "$count"); do
		f=$TMP/ex/$n.cmd
		b=${f%.cmd}
		cmd=$(cat "$f")
		desc="$p: $cmd"
		if [ "$(cat "$b.root")" = 1 ] && [ -z "$can_record" ]; then
			skip "$desc" "needs root and tracefs"
			continue
		fi
		if [ "$(cat "$b.needs")" = diff ] && ! have_diff; then
			echo "skip    $desc: this rvreplay has no diff command yet"
			continue
		fi
		(cd "$TMP/work" && PATH=$TMP/bin:$PATH NO_COLOR=1 sh -c "$cmd") \
			> "$TMP/out" 2>&1 < /dev/null
		got=$?
		case "|$(cat "$b.exit")|" in
		*"|$got|"*)
			if why=$(awk "$MATCH" "$b.expect" "$TMP/out"); then
				ok "$desc"
			else
				not_ok "$desc" "$why" "$(head -c 600 "$TMP/out")"
			fi
			;;
		*)
			not_ok "$desc" "exit $got, the page says $(cat "$b.exit")" \
				"$(head -c 600 "$TMP/out")"
			;;
		esac
	done
done


# rvreplay-list(1) ATOMS: every short name rvreplay list prints, with its
# name in the specification, for its monitor.
"$RV" list | awk '/^  [a-z]+: / && !/container/ { m = $1; sub(":", "", m) }
	/atoms \(as reports/ { a = 1; next } /^    events:/ { a = 0 }
	a { print m "\t" $1 "\t" $2 }' | sort -u > "$TMP/atoms.list"
section "$MAN/rvreplay-list.1" ATOMS | awk -F '\t' 'NF == 4 && $1 != "monitor" {
	gsub(/\\f[BR]/, "", $2); print $1 "\t" $2 "\t" $3 }' | sort -u > "$TMP/atoms.page"
if [ -s "$TMP/atoms.list" ] && cmp -s "$TMP/atoms.list" "$TMP/atoms.page"; then
	ok "rvreplay-list.1 ATOMS: the legend rvreplay list prints ($(wc -l < "$TMP/atoms.list") atoms)"
else
	not_ok "rvreplay-list.1 ATOMS: the legend rvreplay list prints" \
		"$(diff "$TMP/atoms.list" "$TMP/atoms.page" | head -10)"
fi

finish
