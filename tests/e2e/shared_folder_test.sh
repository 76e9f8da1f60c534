#!/bin/sh
# Files rvreplay writes as root in a folder other users write to (issue 43,
# item 2): a link another user put there is never opened nor followed.
# As user nobody, links named as rvreplay's files (a flight file, its old
# temporary names, a report, a --jsonl) are planted in a sticky
# world-writable folder, pointing at a file of root's; rvreplay runs as
# root there, and that file must stay byte for byte as it was, while the
# outputs are written as regular files of their own (or refused, for a
# report asked for through the link). A folder every user writes to
# without the sticky bit is refused for record's work folder. Needs root
# and tracefs (under CI=true, fails without).
#
# usage: shared_folder_test.sh VERDICT_CHECK WORKLOAD_DIR

. tests/e2e/lib.sh
W=$2

need_tracefs "shared folder tests"
command -v setpriv > /dev/null || skip_or_fail "shared folder tests" "no setpriv"
id nobody > /dev/null 2>&1 || skip_or_fail "shared folder tests" "no user nobody"

remember_state

SHARED=$(mktemp -d /tmp/rvreplay-shared.XXXXXX)
chmod 1777 "$SHARED"
# With fs.protected_symlinks=1 the kernel itself refuses to follow another
# user's link in a sticky world-writable folder, and would hide a bug here:
# at 0 (the kernel's own default, where no distribution's sysctl.d raises
# it) only rvreplay stands between the link and the file. Restored on
# every exit.
PROTECTED=$(sysctl -n fs.protected_symlinks)
sysctl -q -w fs.protected_symlinks=0
trap 'sysctl -q -w fs.protected_symlinks="$PROTECTED"; rm -rf "$SHARED"; forget_state; rm -rf "$TMP"' EXIT

VICTIM=$TMP/victim
echo "root's own file, which no other user may have rvreplay write" > "$VICTIM"
cp "$VICTIM" "$TMP/victim.orig"

# plant NAME [TARGET]: as nobody, a link NAME in the shared folder to TARGET (the victim)
plant() {
	setpriv --reuid=nobody --regid=nogroup --clear-groups \
		ln -s "${2:-$VICTIM}" "$SHARED/$1"
}

# victim_kept DESC: the victim byte for byte as it was
victim_kept() {
	if cmp -s "$VICTIM" "$TMP/victim.orig" && [ -f "$VICTIM" ] && [ ! -L "$VICTIM" ]; then
		ok "$1: root's file as it was"
	else
		not_ok "$1: root's file was written through the link" \
			"$(ls -l "$VICTIM")" "$(head -c 120 "$VICTIM" | od -c | head -n 2)"
		cp "$TMP/victim.orig" "$VICTIM"
	fi
}

# The flight recorder: every name it wrote or will write, planted; and,
# once the watch has started, the one it would take next (violation-3.dat:
# it takes the next number, the link kept).
for name in violation-1.dat violation-1.dat.tmp violation-2.dat.tmp violation-3.dat.tmp \
	    violation.dat violation-2.dat; do
	plant "$name"
done
"$RVREPLAY" watch -m sleep --flight-dir "$SHARED" --keep 2s --after 200ms \
	--jsonl "$TMP/flight.jsonl" -- sh -c "setpriv --reuid=nobody --regid=nogroup --clear-groups \
		ln -s $VICTIM $SHARED/violation-3.dat && $W/futex_wake lower" \
	> /dev/null 2> "$TMP/flight.err"
rc=$?
victim_kept "--flight-dir in a shared folder"
flown=$(python3 -c '
import json, sys
for line in open(sys.argv[1]):
    f = json.loads(line)
    if f["type"] == "flight":
        print(f["file"] if f["written"] else "not written: " + f["file"])' "$TMP/flight.jsonl")
if [ "$rc" = 1 ] && [ "$flown" = "$SHARED/violation-4.dat" ] && [ -f "$flown" ] && [ ! -L "$flown" ] &&
   [ "$(stat -c %u "$flown")" = 0 ] && [ -s "$flown" ]; then
	"$RVREPLAY" -q -m sleep "$flown" > /dev/null 2> "$TMP/replay.err"
	replay_rc=$?
	if [ "$replay_rc" = 1 ]; then
		ok "--flight-dir in a shared folder: $(basename "$flown"), a file of its own, replays to its violation"
	else
		not_ok "--flight-dir in a shared folder: the file replays to its violation" \
			"exit $replay_rc" "$(head -n 2 "$TMP/replay.err")"
	fi
else
	not_ok "--flight-dir in a shared folder: a flight file of its own" "exit $rc, told '$flown'" \
		"$(ls -l "$SHARED")" "$(tail -n 3 "$TMP/flight.err")"
fi
links=$(find "$SHARED" -type l | wc -l)
others=$(find "$SHARED" -mindepth 1 ! -type l ! -path "$flown" | wc -l)
if [ "$links" = 7 ] && [ -L "$SHARED/violation-3.dat" ] && [ "$others" = 0 ]; then
	ok "--flight-dir in a shared folder: the links left alone, no work folder left"
else
	not_ok "--flight-dir in a shared folder: the links left alone, no work folder left" \
		"$(ls -la "$SHARED")"
fi

# A report asked for through another user's link: refused, whether the
# link points at a file or where none is yet (root would make it there).
plant report.json
plant made.json "$TMP/made-here.json"
for name in report.json made.json; do
	check_error "-o through another user's link ($name)" \
		"--json -o $SHARED/$name traces/mutex-nonpi.dat" \
		"^rvreplay: $SHARED/$name: cannot write through a link of another user \\(uid [0-9]+\\) in a folder not theirs$"
done
victim_kept "-o through another user's link"
if [ ! -e "$TMP/made-here.json" ]; then
	ok "-o through another user's dangling link: no file made where it points"
else
	not_ok "-o through another user's dangling link: a file made where it points"
fi
check_error "record -o through another user's link" "record -o $SHARED/report.json -- true" \
	"cannot write through a link of another user"
victim_kept "record -o through another user's link"
plant live.jsonl
check_error "watch --jsonl through another user's link" "watch --jsonl $SHARED/live.jsonl -- true" \
	"^rvreplay: $SHARED/live.jsonl: cannot write through a link of another user"
victim_kept "watch --jsonl through another user's link"

# A folder every user writes to without the sticky bit: anyone may rename
# the recorder's work folder away and put theirs at its path. Refused
# before anything is made or traced; a sticky one (above) is used.
UNSTICKY=$TMP/unsticky
mkdir "$UNSTICKY"
chmod 0777 "$UNSTICKY"
check_error "record -o in a world-writable folder without the sticky bit: refused" \
	"record -o $UNSTICKY/x.dat -- true" \
	"^rvreplay: $UNSTICKY/x.dat: its folder can be written by every user and is not sticky"
left=$(ls -A "$UNSTICKY")
[ -z "$left" ] && ok "the unsticky folder: nothing made in it" ||
	not_ok "the unsticky folder: nothing made in it" "$left"

# A link of root's own in the same folder is still followed, the link kept.
ln -s "$TMP/mine.json" "$SHARED/mine.json"
check "-o through a link of one's own" "--json -o $SHARED/mine.json traces/mutex-nonpi.dat" 1 ""
# shellcheck disable=SC2015 # ok never fails
[ -L "$SHARED/mine.json" ] && [ -s "$TMP/mine.json" ] &&
	ok "-o through a link of one's own: followed, the link kept" ||
	not_ok "-o through a link of one's own: followed, the link kept" \
		"$(ls -l "$SHARED/mine.json" "$TMP/mine.json" 2>&1)"
same_state "after the shared folder"

finish
