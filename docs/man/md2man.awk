# SPDX-License-Identifier: GPL-2.0-only
#
# The subset of Markdown that docs/rvreplay-json.md uses, as man(7) troff,
# so that rvreplay-json(5) and the schema document are one text:
#   # title            dropped (the page has its own NAME)
#   ## Section         .SH SECTION
#   ### sub            .SS sub
#   | a | b | c |      .TP with "a (b)" as tag and c as text; header and
#                      separator rows dropped
#   - item             .IP \(bu 2
#   `code`, **bold**   \fB...\fR
#   a blank line       .PP
#
# usage: awk -f md2man.awk docs/rvreplay-json.md

function esc(s) {
	gsub(/\\/, "\\e", s)
	return s
}

# Inline markup, after escaping; dashes in code are ASCII minus signs.
function inline(s,    out, i, n, parts, code) {
	s = esc(s)
	out = ""
	n = split(s, parts, "`")
	for (i = 1; i <= n; i++) {
		if (i % 2 == 0 && i < n) {
			code = parts[i]
			gsub(/-/, "\\-", code)
			out = out "\\fB" code "\\fR"
		} else if (i % 2 == 0) {
			out = out "`" parts[i]	# an unpaired backquote
		} else {
			out = out parts[i]
		}
	}
	while (match(out, /\*\*[^*]+\*\*/))
		out = substr(out, 1, RSTART - 1) "\\fB" substr(out, RSTART + 2, RLENGTH - 4) \
		      "\\fR" substr(out, RSTART + RLENGTH)
	return out
}

# A text line must not start with a control character.
function line(s) {
	if (s ~ /^[.']/)
		s = "\\&" s
	print s
}

function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}

BEGIN {
	para = 0	# a .PP is due before the next text
	title = 0
}

/^# / && !title {
	title = 1
	next
}

/^## / {
	print ".SH " toupper(substr($0, 4))
	para = 0
	next
}

/^### / {
	print ".SS " substr($0, 5)
	para = 0
	next
}

/^\|/ {
	n = split($0, cell, "|")
	# cell[1] and cell[n] are empty: before the first and after the last |;
	# the first row of a table is its header, then comes the separator
	if (!in_table++ || cell[2] ~ /^[ :-]+$/)
		next
	print ".TP"
	tag = inline(trim(cell[2]))
	type = n > 4 ? trim(cell[3]) : ""
	line(tag (type != "" ? " (" inline(type) ")" : ""))
	line(inline(trim(cell[n - 1])))
	para = 1
	next
}

/^- / {
	in_table = 0
	print ".IP \\(bu 2"
	line(inline(substr($0, 3)))
	para = 1
	next
}

/^[ \t]*$/ {
	in_table = 0
	para = 1
	next
}

{
	in_table = 0
	if (para) {
		print ".PP"
		para = 0
	}
	line(inline($0))
}
