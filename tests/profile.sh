#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --profile: perf around each row's measured windows.  Without perf the
# run goes on and says why once; with it every row keeps its symbols and
# its wake-ups, nothing of perf is left whatever ends ctxbench, and the
# comparison names a known cost: every system call slowed by a seccomp
# filter (bench/slowsys) is the largest increase, and an A/A pair of
# labels calls no symbol changed.  A stand-in perf (CTXBENCH_PERF) checks
# that hostile symbol names are saved clean and read back, and that what
# a perf forks ends with it, however perf or ctxbench ends.  Without perf
# in PATH a test that needs it skips, and fails under
# CTXBENCH_REQUIRE_ALL=1 (required).
# Usage: profile.sh BIN BUILD CASE
set -u
. "${0%/*}/lib.sh"
tests=(
	"profile-none @BIN@ @BUILD@ none |"
	"profile-saved @BIN@ @BUILD@ saved | timeout=120"
	"profile-sigint @BIN@ @BUILD@ sigint | timeout=120"
	"profile-sigkill @BIN@ @BUILD@ sigkill | timeout=120"
	# Six profiled runs and their comparison, an experiment more than a
	# check of the code: of label long, which CI runs.
	"profile-seccomp @BIN@ @BUILD@ seccomp | timeout=300 lock=quiet cost=22 labels=long"
	"profile-names @BIN@ @BUILD@ names | timeout=60"
	"profile-forks @BIN@ @BUILD@ forks | timeout=120"
	"profile-required @BIN@ @BUILD@ required | timeout=60"
)
list_tests "$@"
isolate "$@"
bin=$1 build=$2 what=$3
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT

# The perf processes this test started that still run: named perf, the
# tag in their environment.  Read by bash from /proc, as lib.sh's
# ours_scan: a pgrep, a tr and a grep a look cost more than the reads.
perf_left() {
	local f c v env
	for f in /proc/[0-9]*/comm; do
		{ read -r c <"$f"; } 2>/dev/null || continue
		[ "$c" = perf ] || continue
		f=${f%/comm}
		{ mapfile -d '' env <"$f/environ"; } 2>/dev/null || continue
		for v in "${env[@]}"; do
			[ "$v" = "CTXBENCH_TEST_TAG=$CTXBENCH_TEST_TAG" ] || continue
			echo "${f#/proc/}"
			break
		done
	done
	return 0
}

# No perf of ours left, within 2 s (PR_SET_PDEATHSIG at work).
check_perf_left() {
	local left i
	for i in $(seq 40); do
		left=$(perf_left)
		[ -z "$left" ] && break
		nap 0.05
	done
	if [ -n "$left" ]; then
		fail "$1: perf left: $left"
		kill -KILL $left 2>/dev/null
	else
		pass "$1: no perf left"
	fi
}

# Skip (77) with the reason unless perf can profile here.
need_perf() {
	command -v perf >/dev/null ||
		skip "perf is not installed"
	if [ "$(id -u)" != 0 ] &&
		[ "$(</proc/sys/kernel/perf_event_paranoid)" -gt -1 ]; then
		skip "perf not permitted: kernel.perf_event_paranoid is $(</proc/sys/kernel/perf_event_paranoid), not root"
	fi
}

# A profiled run of "$@" into $tmp/$name.json: its stderr skips the test
# when perf could not profile after all.
profiled() {
	local name=$1
	shift
	"$bin" --profile -q -o "$tmp/$name.json" "$@" >"$tmp/$name.txt" \
		2>"$tmp/$name.err"
	local rc=$?
	if grep -q 'no profiles:' "$tmp/$name.err"; then
		skip "$(grep 'no profiles:' "$tmp/$name.err")"
	fi
	return $rc
}

# Skip (77) unless perf would be permitted here: a stand-in perf too.
need_permit() {
	if [ "$(id -u)" != 0 ] &&
		[ "$(</proc/sys/kernel/perf_event_paranoid)" -gt -1 ]; then
		skip "perf not permitted: kernel.perf_event_paranoid is $(</proc/sys/kernel/perf_event_paranoid), not root"
	fi
}

# A stand-in perf at $tmp/perf (CTXBENCH_PERF): "record" answers every
# command of its control socket and notes the event it samples and, at
# each "enable", the runner's children (the participants among them);
# "script" prints a sample of each name of $STANDIN_NAMES (one a line) a
# participant.  With $STANDIN_SLEEP each forks "sleep $STANDIN_SLEEP"
# first, which nothing waits for; $STANDIN_MODE: "deaf", record ends at
# once; "kill", record kills a participant as the window begins; "fail",
# script fails.
standin() {
	cat >"$tmp/perf" <<'EOF'
#!/usr/bin/env bash
if [ -n "${STANDIN_SLEEP:-}" ]; then
	sleep "$STANDIN_SLEEP" 3>&- </dev/null >/dev/null 2>&1 &
fi
case $1 in
record)
	[ "${STANDIN_MODE:-}" = deaf ] && exit 0
	ev=
	while [ $# -gt 0 ]; do
		[ "$1" = -e ] && [ -z "$ev" ] && ev=$2
		shift
	done
	echo "event $ev"
	trap 'exit 0' INT
	while read -r cmd <&3; do
		case $cmd in
		enable*) echo "pids $(cat /proc/$PPID/task/*/children)" ;;
		esac
		if [ "$cmd" = "enable sched:sched_switch" ] &&
			[ "${STANDIN_MODE:-}" = kill ]; then
			for p in $(cat /proc/$PPID/task/*/children); do
				[ "$(</proc/$p/comm)" = ctxbench ] &&
					kill -KILL "$p" && break
			done
		fi
		printf 'ack\n' >&3
	done
	;;
script)
	[ "${STANDIN_MODE:-}" = fail ] && exit 1
	ev= pids=
	while read -r k v; do
		case $k in event) ev=$v ;; pids) pids=$v ;; esac
	done
	for p in $pids; do
		while IFS= read -r n; do
			printf '%s/%s 100.000001: %s: 55d0aa001000 %s\n' \
				"$p" "$p" "$ev" "$n"
		done <<<"$STANDIN_NAMES"
	done
	;;
esac
EOF
	chmod +x "$tmp/perf"
}

# The stand-in's sleeps ($STANDIN_SLEEP) still running.
sleeps_left() {
	pgrep -fx "sleep $STANDIN_SLEEP"
	return 0
}

# None of the stand-in's sleeps left, within 2 s; those left are killed.
check_sleeps() {
	local left i
	for i in $(seq 40); do
		left=$(sleeps_left)
		[ -z "$left" ] && break
		nap 0.05
	done
	if [ -n "$left" ]; then
		fail "$1: what perf forked outlived it: $left"
		kill -KILL $left 2>/dev/null
	else
		pass "$1: nothing perf forked left"
	fi
}

# The lines of file @1 with bytes no terminal should get raw: ESC, a
# tab, C1's CSI, U+202E, a byte that is not UTF-8.
raw_bytes() {
	LC_ALL=C grep -c -e $'\e' -e $'\t' -e $'\xc2\x9b' -e $'\xe2\x80\xae' \
		-e $'\xff' "$1"
}

check_none_json() {
	python3 - "$@" <<'EOF' && pass "$how" || fail "$how: the saved run"
import json, sys
inv = json.load(open(sys.argv[1]))["invocations"][0]
assert inv["info"]["profile"].startswith("none: perf not found"), inv["info"]
rows = inv["results"]
assert rows and all("profile" not in r for r in rows), rows
assert rows[0]["status"] == "ok"
EOF
}

check_saved_json() {
	python3 - "$@" <<'EOF' && pass "not: the saved profiles" || fail "the saved profiles"
import json, sys
inv = json.load(open(sys.argv[1]))["invocations"][0]
assert "cpu-clock" in inv["info"]["profile"] or "cycles" in inv["info"]["profile"]
for r in inv["results"]:
    if r["status"] != "ok":
        continue
    p = r["profile"]
    assert p["event"] in ("cpu-clock", "cycles"), p
    assert p["samples"] > 0 and 0 < len(p["symbols"]) <= 30, p
    assert sum(s["samples"] for s in p["symbols"]) + p["other_samples"] == p["samples"]
    assert all(0 < s["share"] <= 1 for s in p["symbols"])
    assert p["wakeups"] > 0 and p["wake_ns"] > 0 and p["trace_trips"] > 0, p
EOF
}

# Every saved name of the stand-in's: printable, whole characters, each
# of $STANDIN_NAMES there, escaped or cut.
check_names_json() {
	python3 - "$@" <<'EOF' && pass "not: the saved names" || fail "the saved names"
import json, sys
inv = json.load(open(sys.argv[1], encoding="utf-8"))["invocations"][0]
names = [s["symbol"] for s in inv["results"][0]["profile"]["symbols"]]
for n in names:
    assert len(n.encode()) <= 95 and n.isprintable(), repr(n)
want = [r"\x1b[31mred", r"c1\xc2\x9bx", r"a\x09b", r"rtl\xe2\x80\xaeevil",
        r"bad\xff\xfeutf", "\u00e9" * 47, "\u20ac" * 31, "plain"]
assert sorted(names) == sorted(want), names
EOF
}

break_profile() {
	python3 - "$@" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["invocations"][0]["results"][0]["profile"]["samples"] += 1
json.dump(d, open(sys.argv[2], "w"))
EOF
}

case $what in
required)
	# perf hidden from PATH: a test that needs it says skipped with the
	# reason, and fails with it under CTXBENCH_REQUIRE_ALL=1 (CI).
	mkdir "$tmp/path" || fail "cannot make $tmp/path"
	IFS=: read -ra dirs <<<"$PATH"
	for d in "${dirs[@]}"; do
		ln -s "$d"/* "$tmp/path/" 2>/dev/null
	done
	rm -f "$tmp/path/perf"
	PATH=$tmp/path command -v perf >/dev/null &&
		fail "perf hidden from PATH: still found" || pass "perf hidden from PATH"
	o=$(env -u CTXBENCH_REQUIRE_ALL PATH="$tmp/path" "$0" "$bin" "$build" saved 2>&1)
	rc=$?
	[ $rc -eq 77 ] && pass "no perf: exit 77" || fail "no perf: exit $rc, expected 77: $o"
	grep -qx 'skipped: perf is not installed' <<<"$o" &&
		pass "no perf: says skipped with the reason" ||
		fail "no perf: says skipped with the reason: $o"
	o=$(CTXBENCH_REQUIRE_ALL=1 PATH="$tmp/path" "$0" "$bin" "$build" saved 2>&1)
	rc=$?
	[ $rc -eq 1 ] && pass "no perf, CTXBENCH_REQUIRE_ALL=1: exit 1" ||
		fail "no perf, CTXBENCH_REQUIRE_ALL=1: exit $rc, expected 1: $o"
	grep -q '^FAIL: skipped, .*: perf is not installed$' <<<"$o" &&
		pass "no perf, CTXBENCH_REQUIRE_ALL=1: fails with the reason" ||
		fail "no perf, CTXBENCH_REQUIRE_ALL=1: fails with the reason: $o"
	;;
none)
	# perf named but absent, then not in PATH: the same run as without.
	for how in env path; do
		if [ $how = env ]; then
			CTXBENCH_PERF=/nonexistent/perf "$bin" --profile -b pipe \
				-t 0.05 -r 1 -q -o "$tmp/n.json" >"$tmp/n.txt" 2>"$tmp/n.err"
		else
			env PATH=/nonexistent "$bin" --profile -b pipe -t 0.05 -r 1 \
				-q -o "$tmp/n.json" >"$tmp/n.txt" 2>"$tmp/n.err"
		fi
		rc=$?
		[ $rc -eq 0 ] && pass "$how" || fail "$how: exit $rc: $(<"$tmp/n.err")"
		n=$(grep -c 'no profiles: perf not found' "$tmp/n.err")
		[ "$n" = 1 ] && pass "$how" || fail "$how: said $n times: $(<"$tmp/n.err")"
		check_none_json "$tmp/n.json"
		grep -q 'Where the time went: none: perf not found' \
			"$tmp/n.txt" && pass "$how" || fail "$how: the report does not say why"
	done
	# A perf that fails at once: the run goes on, said once, no profile.
	CTXBENCH_PERF=$(command -v false) "$bin" --profile -b pipe,futex \
		-t 0.05 -r 2 -q -o "$tmp/f.json" >/dev/null 2>"$tmp/f.err"
	rc=$?
	[ $rc -eq 0 ] && pass "failing perf" || fail "failing perf: exit $rc"
	n=$(grep -c 'no profiles: ' "$tmp/f.err")
	[ "$n" = 1 ] && pass "failing perf" || fail "failing perf: said $n times: $(<"$tmp/f.err")"
	grep -q '"symbols"' "$tmp/f.json" && fail "failing perf: a profile saved" ||
		pass "failing perf"
	;;
saved)
	need_perf
	profiled s -b pipe,futex -t 0.2 -r 2 ||
		fail "exit $?: $(<"$tmp/s.err")"
	check_saved_json "$tmp/s.json"
	grep -q 'wake-up .* us of a .* us round trip' "$tmp/s.txt" && pass "not: no wake-up in the text report" ||
		fail "no wake-up in the text report"
	# Read back, and a profile that does not add up refused.
	"$bin" report --format kv "$tmp/s.json" >"$tmp/kv" &&
		grep -q 'pipe.any.2p.0k.profile_samples: ' "$tmp/kv" && pass "report --format kv" ||
		fail "report --format kv: no profile_samples"
	break_profile "$tmp/s.json" "$tmp/bad.json"
	"$bin" report "$tmp/bad.json" >/dev/null 2>"$tmp/bad.err"
	rc=$?
	[ $rc -eq 2 ] && grep -q 'add up' "$tmp/bad.err" && pass "a profile that does not add up" ||
		fail "a profile that does not add up: exit $rc: $(<"$tmp/bad.err")"
	check_perf_left "a profiled run"
	;;
sigint | sigkill)
	need_perf
	sig=INT
	[ $what = sigkill ] && sig=KILL
	"$bin" --profile -b pipe -t 2 -r 3 -q >/dev/null 2>"$tmp/k.err" &
	pid=$!
	# Until perf runs for it, then a moment into a window.
	for i in $(seq 200); do
		[ -n "$(perf_left)" ] && break
		nap 0.05
	done
	[ -n "$(perf_left)" ] && pass "not: no perf started" || fail "no perf started"
	nap 1
	kill -$sig $pid
	wait $pid
	rc=$?
	want=$([ $sig = INT ] && echo 130 || echo 137)
	[ $rc -eq $want ] && pass "SIG$sig" || fail "SIG$sig: exit $rc, not $want"
	check_perf_left "SIG$sig"
	;;
seccomp)
	long_wanted
	need_perf
	[ -x "$build/bench/slowsys" ] ||
		skip "no $build/bench/slowsys"
	"$build/bench/slowsys" 0 true ||
		skip "no seccomp filter here"
	# The JIT image named where kallsyms can: set, then restored.
	knob=/proc/sys/net/core/bpf_jit_kallsyms
	if [ -w $knob ]; then
		old=$(<$knob)
		echo 1 >$knob
		trap 'echo $old >$knob; rm -rf "$tmp"' EXIT
	fi
	run=(-b pipe -P same -t 0.3 -r 2)
	for i in 1 2; do
		profiled a$i -n A "${run[@]}" || fail "A: exit $?"
		"$build/bench/slowsys" 1000 "$bin" --profile -q -n B \
			-o "$tmp/b$i.json" "${run[@]}" >/dev/null 2>"$tmp/b$i.err" ||
			fail "B: exit $?: $(<"$tmp/b$i.err")"
		profiled c$i -n A2 "${run[@]}" || fail "A2: exit $?"
	done
	kv=$("$bin" report --format kv "$tmp"/a1.json "$tmp"/a2.json \
		"$tmp"/b1.json "$tmp"/b2.json)
	# Sorted by the change, largest increase first.
	first=$(grep '^B/pipe\.same\..*\.profile_.*_change_pct: ' <<<"$kv" | head -1)
	case $first in
	*profile___seccomp_filter_change_pct:* | *profile__jit__change_pct:* | \
		*profile_bpf_prog_*_change_pct:*)
		pass "the largest increase is the filter" ;;
	*) fail "the largest increase is not the filter: $first" ;;
	esac
	# An increase: judged or not, two invocations a label are few for the
	# test over every symbol to call it on a loaded machine.
	awk -v v="${first##*: }" 'BEGIN { exit !(v > 0) }' && pass "the filter's share did not increase" ||
		fail "the filter's share did not increase: $first"
	"$bin" report "$tmp"/a1.json "$tmp"/a2.json "$tmp"/b1.json \
		"$tmp"/b2.json >"$tmp/ab.txt"
	grep -A1 'changed most against A' "$tmp/ab.txt" |
		grep -Eq '(__seccomp_filter|\[jit\]|bpf_prog_)' && pass "the text report" ||
		fail "the text report: $(sed -n '/Where the time/,$p' "$tmp/ab.txt")"
	"$bin" report --format html "$tmp"/a1.json "$tmp"/b1.json >"$tmp/ab.html"
	grep -q 'class="profile-change"' "$tmp/ab.html" && pass "not: no table of changes in the page" ||
		fail "no table of changes in the page"
	# A/A: within the noise, every symbol.
	kv=$("$bin" report --format kv "$tmp"/a1.json "$tmp"/a2.json \
		"$tmp"/c1.json "$tmp"/c2.json)
	called=$(grep '\.profile_.*_changed: 1' <<<"$kv")
	[ -z "$called" ] && pass "A/A" || fail "A/A: called changed: $called"
	grep -q '\.profile_.*_changed: 0' <<<"$kv" && pass "A/A" ||
		fail "A/A: nothing judged"
	check_perf_left "the runs"
	;;
names)
	# Names perf took from anywhere (a JIT names its code as it likes):
	# printed and saved clean, cut between characters, read back.
	need_permit
	standin
	e=$(printf '\xc3\xa9%.0s' $(seq 60)) euro=$(printf '\xe2\x82\xac%.0s' $(seq 40))
	export STANDIN_NAMES=$'\e[31mred\nc1\xc2\x9bx\na\tb\nrtl\xe2\x80\xaeevil\nbad\xff\xfeutf\n'$e$'\n'$euro$'\nplain'
	CTXBENCH_PERF=$tmp/perf "$bin" --profile -b pipe -t 0.1 -r 1 \
		-o "$tmp/F.json" >"$tmp/F.txt" 2>"$tmp/F.err"
	rc=$?
	[ $rc -eq 0 ] && pass "exit $rc" || fail "exit $rc: $(<"$tmp/F.err")"
	! grep -q 'no profiles' "$tmp/F.err" && pass "no profile" ||
		fail "no profile: $(<"$tmp/F.err")"
	n=$(raw_bytes "$tmp/F.txt")$(raw_bytes "$tmp/F.err")
	[ "$n" = 00 ] && pass "the run printed raw bytes" || fail "the run printed raw bytes: $n lines"
	grep -qF '\x1b[31mred' "$tmp/F.txt" && pass "no escaped name" ||
		fail "no escaped name: $(sed -n '/Where the time/,$p' "$tmp/F.txt")"
	"$bin" report "$tmp/F.json" >"$tmp/R.txt" 2>"$tmp/R.err"
	rc=$?
	[ $rc -eq 0 ] && pass "report" || fail "report: exit $rc: $(<"$tmp/R.err")"
	[ "$(raw_bytes "$tmp/R.txt")" = 0 ] && pass "report" || fail "report: raw bytes"
	"$bin" report --format json "$tmp/F.json" >"$tmp/G.json" 2>"$tmp/G.err" &&
		"$bin" report "$tmp/G.json" >/dev/null 2>>"$tmp/G.err" && pass "the json round trip" ||
		fail "the json round trip: $(<"$tmp/G.err")"
	check_names_json "$tmp/F.json"
	;;
forks)
	# A perf (a wrapper) that forks: what it started ends with it, in
	# every way perf or ctxbench ends.
	need_permit
	standin
	export STANDIN_SLEEP=1000.$$$RANDOM
	trap 'kill -KILL $(sleeps_left) 2>/dev/null; rm -rf "$tmp"' EXIT
	for how in deaf ok fail kill; do
		STANDIN_MODE=$how CTXBENCH_PERF=$tmp/perf "$bin" --profile \
			-b pipe -t 0.1 -r 1 -q >"$tmp/o.txt" 2>"$tmp/o.err"
		rc=$?
		case $how in
		deaf) said='no profiles: perf failed: it did not start' want=0 ;;
		ok) said= want=0 ;;
		fail) said='no profiles: perf failed: perf script' want=0 ;;
		kill) said='FAILED' want=1 ;;
		esac
		[ $rc -eq $want ] && pass "$how: exit $want" ||
			fail "$how: exit $rc, not $want: $(<"$tmp/o.err")"
		[ -z "$said" ] || grep -q "$said" "$tmp/o.err" "$tmp/o.txt" &&
			pass "$how: said" || fail "$how: not said: $(<"$tmp/o.err")"
		check_sleeps "$how"
	done
	for sig in INT TERM KILL; do
		CTXBENCH_PERF=$tmp/perf "$bin" --profile -b pipe -t 2 -r 2 -q \
			>/dev/null 2>"$tmp/k.err" &
		pid=$!
		# Until the run's guard is there (perf runs, the set-up is
		# done) and the sleep the stand-in forked has been exec'd,
		# which a loaded machine can take a while to get to.
		for i in $(seq 200); do
			pgrep -P $pid -x ctxbench-guard >/dev/null &&
				[ -n "$(sleeps_left)" ] && break
			nap 0.05
		done
		[ -n "$(sleeps_left)" ] && pass "SIG$sig: perf forked" ||
			fail "SIG$sig: the stand-in did not fork in 10 s"
		nap 0.3
		kill -$sig $pid
		wait $pid
		rc=$?
		want=$((128 + $(kill -l $sig)))
		[ $rc -eq $want ] && pass "SIG$sig: exit $want" ||
			fail "SIG$sig: exit $rc, not $want: $(<"$tmp/k.err")"
		check_sleeps "SIG$sig"
	done
	;;
esac
summary
