#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# ctxbench where kernel developers run it: booted in a VM by tools/vmrun.
# usage: vm.sh kernels BIN STATIC_BIN   (Debian's generic and RT 6.1 in turn, compared)
#        vm.sh faults STATIC_BIN        (no boot, panic, time limit, usage)
#        vm.sh vmrun                    (vmrun's faults, with a stand-in qemu)
#        vm.sh turns                    (vmturns' order and faults, the same)
#        vm.sh live                     (vmturns' live turns and faults, the same)
#        vm.sh words                    (vmrun's and vmturns' messages, the same)
#        vm.sh input                    (the user's bytes escaped, labels refused, the same)
#        vm.sh lock                     (two vmturns with one -o prefix, the same)
#        vm.sh full                     (-o on a full file system, the same, a tmpfs)
#        vm.sh signals                  (vmturns' signals with stderr full, its words, the same)
#        vm.sh live-real BIN STATIC_BIN   (live turns of one kernel, TCG)
#        vm.sh live-kvm BIN STATIC_BIN    (the same under KVM, where it boots)
#        vm.sh fetch                    (debian-kernels' faults, stand-in apt)
#        vm.sh bisect BIN               (bisect-step over a scratch git history, stand-in qemu)
# vmrun, turns, live, words, input, lock, full, signals and fetch boot
# nothing and need none of the packages below.
# Skips (77) where qemu, busybox-static, cpio, a static ctxbench or the
# kernels are missing, or qemu cannot start; CTXBENCH_REQUIRE_ALL=1 (CI,
# after installing them) makes a missing piece a failure instead (see
# tests/skips-allowed).
# Kernels: $CTXBENCH_VM_KERNELS, else tools/debian-kernels' cache.
set -u

. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh).  Those that boot (label vm) wait
# for nothing that other work on the machine delays past their limits, so
# they run beside other tests, the longest first (cost): the guests of
# two CPUs (two guests of live turns) beside no other such (lock=vm2),
# vm-faults' guests of one CPU beside any.  The others boot and emulate
# nothing (stand-in qemu, busybox, cpio, apt), so they run everywhere, on
# one CPU too.  The four that start hundreds of processes each (vmrun's
# and vmturns' faults, live turns, signals: a quarter of the README
# command's CPU) are of label long too: CI's long stage runs them, the
# newcomer's command keeps the quick checks of the tools' words and input.
tests=(
	"vm-kernels kernels @BIN@ @VM_STATIC@ | lock=vm2 timeout=480 labels=vm cost=90"
	"vm-faults faults @VM_STATIC@ | timeout=480 labels=vm cost=80"
	"vm-new-mechs newmechs @BIN@ @VM_STATIC@ | timeout=600 labels=vm cost=85"
	"vmrun-faults vmrun | timeout=300 labels=tools,long cost=18"
	"vmturns-faults turns | timeout=300 labels=tools,long cost=60"
	"debian-kernels-faults fetch | timeout=300 labels=tools"
	"vmtools-words words | timeout=300 labels=tools cost=45"
	"vmturns-live live | timeout=300 labels=tools,long cost=60"
	"vmtools-input input | timeout=300 labels=tools cost=30"
	"vmturns-lock lock | timeout=300 labels=tools cost=35"
	"vmtools-full full | timeout=300 labels=tools"
	"vmturns-signals signals | timeout=300 labels=tools,long cost=35"
	"bisect-step bisect @BIN@ | timeout=600 labels=tools,long cost=60"
	"vm-live live-real @BIN@ @VM_STATIC@ | lock=vm2 timeout=480 labels=vm cost=60"
	"vm-live-kvm live-kvm @BIN@ @VM_STATIC@ | lock=vm2 timeout=480 labels=vm cost=10"
)
list_tests "$@"

src=$(cd "${0%/*}/.." && pwd)
vmrun=$src/tools/vmrun
# Stand-ins are written under $tmp/bin: without a directory of its own
# this script writes nothing.
tmp=$(mktemp -d) && [ -d "$tmp" ] || { echo "vm.sh: mktemp -d failed" >&2; exit 1; }
trap 'rm -rf "$tmp"' EXIT

# qemu that cannot start here is this machine's limit, CI's too.
cannot_start() {
	skip "qemu cannot start here: $*"
}

# What vmrun needs, and a static ctxbench to put in the initramfs.
needs() {
	local static=$1

	command -v qemu-system-x86_64 >/dev/null ||
		skip "no qemu-system-x86_64 (Debian: apt-get install qemu-system-x86)"
	command -v cpio >/dev/null || skip "no cpio (Debian: apt-get install cpio)"
	command -v busybox >/dev/null && ! ldd "$(command -v busybox)" >/dev/null 2>&1 ||
		skip "no static busybox (Debian: apt-get install busybox-static)"
	[ -n "$static" ] && [ -x "$static" ] ||
		skip "no static ctxbench in this build (static glibc missing, or a sanitizer build)"
}

# The tests that boot a real kernel (label vm) take about a minute on
# 2 CPUs, 100 s of CPU time: they run when CTXBENCH_TEST_VM=1 asks for them
# (CI's VM stage, `CTXBENCH_TEST_VM=1 ctest --test-dir build -L vm`), and
# say skipped otherwise, so that the README's test command stays short.
boots_wanted() {
	[ "${CTXBENCH_TEST_VM:-0}" = 1 ] && return
	skip "it boots a real kernel: CTXBENCH_TEST_VM=1 runs it (ctest -L vm)"
}

# File $1's text in $text, as $(<FILE) gives it (without the new lines
# at its end), read by bash: no subshell.
text_of() {
	text=''
	{ IFS= read -r -d '' text <"$1"; } 2>/dev/null
	text=${text%"${text##*[!$'\n']}"}
}
# Run vmrun; sets rc, out, err.
vm() {
	TMPDIR=$tmp "$vmrun" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	text_of "$tmp/out" && out=$text
	text_of "$tmp/err" && err=$text
}

# No qemu (nor any child of it) may outlive vmrun.
nothing_left() {
	if pgrep -f "qemu-system-x86_64.*$tmp" >/dev/null; then
		fail "qemu outlived vmrun: $(pgrep -af "qemu-system-x86_64.*$tmp")"
		pkill -KILL -f "qemu-system-x86_64.*$tmp"
	else
		pass "no qemu outlived vmrun"
	fi
	ls "$tmp"/vmrun.* >/dev/null 2>&1 && fail "vmrun left its work directory" || pass "not: vmrun left its work directory"
}

# The value of Run information fact $2 in report $1, for the run labelled
# $3 (or shared by all runs, under "Run: ALL").
fact() {
	awk -v key="$2" -v run="$3" '
		/^Run: / { cur = substr($0, 6) }
		/^=+$/ && cur != "" { exit }
		$1 == key && (cur == run || cur == "ALL") {
			sub(/^  [^ ]+ +/, ""); print; exit }' <<<"$1"
}

# Each mechanism in saved run $1 is measured, or skipped with a reason.
all_measured_or_skipped() {
	local json=$1 want n
	want=$("$bin" -l | awk '$1 != "null" { n++ } END { print n }')
	n=$(awk '/"mech":/ { m = $2 } /"status":/ { print m, $2 }' "$json" |
		sort -u | awk '$2 == "\"ok\"," || $2 == "\"skipped\"," { n++ } END { print n + 0 }')
	[ "$n" = "$want" ] && pass "$json" ||
		fail "$json: $n of $want mechanisms measured or skipped: $(grep -E '"(mech|status|reason)"' "$json" | tr -s ' ' | tr '\n' ' ')"
	if grep -q '"status": "skipped"' "$json"; then
		! awk '/"status": "skipped"/ { getline; if ($0 ~ /"reason": ""/) bad = 1 } END { exit !bad }' "$json" &&
			pass "$json" || fail "$json: a mechanism skipped without a reason"
	fi
}

# Debian's generic and PREEMPT_RT 6.1 kernels booted in turn by
# tools/vmturns, once each, through tools/vmrun under -a auto (KVM where a
# guest boots, else TCG, the second boot under the first one's), every
# mechanism run in each: each boot's saved run comes home labelled with
# its kernel's release and measured in that kernel, its console's report
# is its saved run's, and the report of the two, which vmturns prints,
# tells the kernels apart by their facts.  That the turns go on A B A B...
# is vmturns-faults' check (-N 3, a stand-in qemu).
kernels() {
	bin=$1
	boots_wanted
	local static=$2 dir generic rt report g r f side want order
	needs "$static"
	dir=${CTXBENCH_VM_KERNELS:-${XDG_CACHE_HOME:-$HOME/.cache}/ctxbench/kernels}
	generic=$(ls "$dir"/vmlinuz-6.1.0-*-amd64 2>/dev/null | grep -v -- '-rt-amd64$' | sort -V | tail -n 1)
	rt=$(ls "$dir"/vmlinuz-6.1.0-*-rt-amd64 2>/dev/null | sort -V | tail -n 1)
	[ -n "$generic" ] && [ -n "$rt" ] ||
		skip "no Debian 6.1 kernels in $dir (tools/debian-kernels fetches them)"
	g=${generic##*/vmlinuz-} r=${rt##*/vmlinuz-}

	TMPDIR=$tmp "$src/tools/vmturns" -N 1 -c "$static" -o "$tmp/t" \
		"$generic" "$rt" -- -t 0.2 -r 2 >"$tmp/out" 2>"$tmp/err"
	rc=$? err=$(<"$tmp/err")
	echo "$err"
	[ "$rc" = 3 ] && cannot_start "$err"
	[ "$rc" = 0 ] && pass "vmturns exited $rc" || fail "vmturns exited $rc: $err"
	nothing_left
	grep -Eq "ran under (KVM|TCG)" <<<"$err" && pass "vmrun does not say KVM or TCG" ||
		fail "vmrun does not say KVM or TCG: $err"
	[ "$(grep -Eo 'ran under (KVM|TCG)' <<<"$err" | wc -l)" = 2 ] &&
		[ "$(grep -Eo 'ran under (KVM|TCG)' <<<"$err" | sort -u | wc -l)" = 1 ] &&
		pass "the two boots not under one accelerator" || fail "the two boots not under one accelerator: $err"
	for side in A B; do
		f=$tmp/t-$side-1
		want=$([ "$side" = A ] && echo "$g" || echo "$r")
		[ -s "$f.json" ] && pass "$want" || fail "$want: no saved run"
		[ -s "$f.txt" ] && pass "$want" || fail "$want: no text report"
		[ -s "$f.json" ] && all_measured_or_skipped "$f.json"
		grep -q "\"label\": \"$want\"" "$f.json" 2>/dev/null &&
			grep -q "\"kernel\": \"$want\"" "$f.json" && pass "$f.json" ||
			fail "$f.json: not a saved run of $want labelled so"
		# The report the guest printed is the one its saved run renders.
		"$bin" report "$f.json" >"$f.again" 2>&1
		cmp -s "$f.txt" "$f.again" && pass "$want" ||
			fail "$want: the console's report is not its saved run's: $(diff "$f.txt" "$f.again" | head -5)"
	done
	# A B: the boots' start times in turn.
	order=$(for f in "$tmp"/t-?-?.json; do
		printf '%s %s\n' "$(grep -m1 '"date"' "$f" | tr -d ' ",' | cut -d: -f2-)" "${f##*/t-}"
	done | sort | awk '{ printf "%s%s", s, $2; s = " " }')
	[ "$order" = "A-1.json B-1.json" ] && pass "boots not in turn" || fail "boots not in turn: $order"

	report=$("$bin" report "$tmp/t-A-1.json" "$tmp/t-B-1.json" 2>"$tmp/report.err")
	rc=$?
	[ "$rc" = 0 ] && pass "ctxbench report exited $rc" || fail "ctxbench report exited $rc: $(<"$tmp/report.err")"
	echo "$report"
	# The report vmturns printed is ctxbench's of the two, in that order.
	[ "$(<"$tmp/out")" = "$report" ] && pass "the report printed is not that of the two runs" ||
		fail "the report printed is not that of the two runs: $(diff <(echo "$report") "$tmp/out" | head -5)"
	grep -q "^pipe " <<<"$report" && pass "not: no pipe table in the report" || fail "no pipe table in the report"
	# Run information: each kernel's release, version and preemption.
	[ "$(fact "$report" KernelName "$g")" = "$g" ] && pass "KernelName of $g" ||
		fail "KernelName of $g: $(fact "$report" KernelName "$g")"
	[ "$(fact "$report" KernelName "$r")" = "$r" ] && pass "KernelName of $r" ||
		fail "KernelName of $r: $(fact "$report" KernelName "$r")"
	grep -q '^#1 SMP PREEMPT_DYNAMIC Debian ' <<<"$(fact "$report" KernelVersion "$g")" &&
		pass "KernelVersion of $g" || fail "KernelVersion of $g: $(fact "$report" KernelVersion "$g")"
	grep -q '^#1 SMP PREEMPT_RT Debian ' <<<"$(fact "$report" KernelVersion "$r")" &&
		pass "KernelVersion of $r" || fail "KernelVersion of $r: $(fact "$report" KernelVersion "$r")"
	grep -Eq '^(none|voluntary|full|lazy) \(sched/preempt\)$' <<<"$(fact "$report" Preemption "$g")" &&
		pass "Preemption of $g" || fail "Preemption of $g: $(fact "$report" Preemption "$g")"
	[ "$(fact "$report" Preemption "$r")" = "rt (kernel version)" ] && pass "Preemption of $r (PREEMPT_RT)" ||
		fail "Preemption of $r (PREEMPT_RT): $(fact "$report" Preemption "$r")"
	for k in "$g" "$r"; do
		grep -Eq '^(100|250|300|1000) \((jiffies|timer interrupts)\)$' <<<"$(fact "$report" CONFIG_HZ "$k")" &&
			pass "CONFIG_HZ of $k" || fail "CONFIG_HZ of $k: $(fact "$report" CONFIG_HZ "$k")"
		grep -Eq '^on: [0-9]+ of [0-9]+ us \([0-9]+%\)$' <<<"$(fact "$report" RTThrottling "$k")" &&
			pass "RTThrottling of $k" || fail "RTThrottling of $k: $(fact "$report" RTThrottling "$k")"
	done
	# PREEMPT_RT forces interrupt handlers into threads; the generic does not.
	[ "$(fact "$report" ThreadedIRQs "$r")" = "yes (forced: PREEMPT_RT)" ] && pass "ThreadedIRQs of $r" ||
		fail "ThreadedIRQs of $r: $(fact "$report" ThreadedIRQs "$r")"
	[ "$(fact "$report" ThreadedIRQs "$g")" = no ] && pass "ThreadedIRQs of $g" ||
		fail "ThreadedIRQs of $g: $(fact "$report" ThreadedIRQs "$g")"
	if grep -q "ran under TCG" <<<"$err"; then
		grep -q '^yes (qemu TCG' <<<"$(fact "$report" Emulated "$g")" && pass "Emulated under TCG" ||
			fail "Emulated under TCG: $(fact "$report" Emulated "$g")"
		grep -q "^emulated: the CPU was emulated" <<<"$report" && pass "not: no legend for the emulated runs" ||
			fail "no legend for the emulated runs"
	fi
	grep -q "FAILED\|HUNG" <<<"$report" && fail "a mechanism failed: $(grep 'FAILED\|HUNG' <<<"$report")" || pass "no mechanism failed"

	# Well formed: every line within 80 columns, every row on one line.
	# Labels as long as a release such as 6.1.0-57-rt-amd64 do not fit the
	# label column: the rows are named by keys, #1 and #2, with a legend.
	local layout_pending=0 bad
	bad=$(awk 'length > 80' <<<"$report")
	bad+=$(grep -E "^  ($g|$r) [a-z0-9:,]+$" <<<"$report" | head -3)
	bad+=$(grep -E '^  #[0-9]+ [a-z0-9:,]+ *$' <<<"$report" | head -3)
	if [ -z "$bad" ]; then
		pass "every line within 80 columns, every row on one line"
	elif [ "$layout_pending" = 1 ]; then
		echo "EXPECTED FAILURE until long labels fit: a row wraps or passes 80 columns:"
		echo "$bad"
		pass "the report not well formed: an expected failure until long labels fit"
	else
		fail "the report is not well formed: $bad"
	fi
	grep -Eq "^#1 +$g\$" <<<"$report" && grep -Eq "^#2 +$r\$" <<<"$report" &&
		pass "not: no legend of keys for the long labels" || fail "no legend of keys for the long labels"
	grep -Eq '^  #1 any +[0-9]+ ' <<<"$report" && pass "not: no row of #1 on one line" ||
		fail "no row of #1 on one line"
	summary
}

# The newest Debian image of release glob $2 in kernel directory $1,
# generic (or RT with $3 = rt).
newest() { # dir, release glob, [rt]
	if [ "${3:-}" = rt ]; then
		ls "$1"/vmlinuz-$2-rt-amd64 2>/dev/null | sort -V | tail -n 1
	else
		ls "$1"/vmlinuz-$2-amd64 2>/dev/null | grep -v -- '-rt-amd64$' | sort -V | tail -n 1
	fi
}

# Each mechanism of saved run $1 with its status and its fewest loops in
# a run: "MECH STATUS LOOPS" a line.
mech_loops() {
	python3 - "$1" <<'EOF'
import json, sys
for inv in json.load(open(sys.argv[1]))["invocations"]:
    for r in inv["results"]:
        loops = [s["loops"] for s in r.get("samples", [])]
        print(r["mech"], r["status"], min(loops) if loops else 0)
EOF
}

# The two mechanisms of later kernels, futex-waitv (futex_waitv(2), 5.16)
# and io-uring-msg (IORING_OP_MSG_RING, 5.18), inside Debian 13's 6.12
# generic and PREEMPT_RT guests (EEVDF) and Debian 12's 6.1 (CFS), which
# has both too, one boot each, under -a auto: each kernel's run measured
# both (every run with loops), its saved run is its kernel's and renders
# the report its console printed, and its Run information names its fair
# scheduler.
new_mechs() {
	bin=$1
	boots_wanted
	local static=$2 dir g12 r12 g61 k rel f m want lines fair
	needs "$static"
	command -v python3 >/dev/null || skip "no python3 to read the saved runs"
	dir=${CTXBENCH_VM_KERNELS:-${XDG_CACHE_HOME:-$HOME/.cache}/ctxbench/kernels}
	g12=$(newest "$dir" '6.12.*') r12=$(newest "$dir" '6.12.*' rt)
	g61=$(newest "$dir" '6.1.0-*')
	[ -n "$g12" ] && [ -n "$r12" ] ||
		skip "no Debian 6.12 kernels in $dir (tools/debian-kernels fetches them)"
	[ -n "$g61" ] || skip "no Debian 6.1 kernel in $dir (tools/debian-kernels fetches it)"
	for k in "$g12" "$r12" "$g61"; do
		rel=${k##*/vmlinuz-} f=$tmp/$rel
		vm -c "$static" -o "$f" "$k" -- -t 0.2 -r 2 -b futex-waitv,io-uring-msg
		echo "$err"
		[ "$rc" = 3 ] && cannot_start "$err"
		[ "$rc" = 0 ] && pass "$rel: vmrun exited $rc" || fail "$rel: vmrun exited $rc: $(tail -n 3 <<<"$err")"
		nothing_left
		grep -q "\"label\": \"$rel\"" "$f.json" 2>/dev/null &&
			grep -q "\"kernel\": \"$rel\"" "$f.json" && pass "$rel: saved run labelled" ||
			fail "$rel: not a saved run of $rel labelled so"
		lines=$(mech_loops "$f.json" 2>&1)
		for m in futex-waitv io-uring-msg; do
			awk -v m="$m" '$1 == m && $2 == "ok" && $3 > 0 { ok = 1 } END { exit !ok }' <<<"$lines" &&
				pass "$rel: $m measured, every run with loops" ||
				fail "$rel: $m not measured with loops in every run: $lines"
		done
		[ "$(wc -l <<<"$lines")" = 2 ] && pass "$rel: two mechanisms" || fail "$rel: not the two mechanisms: $lines"
		"$bin" report "$f.json" >"$f.again" 2>&1
		cmp -s "$f.txt" "$f.again" && pass "$rel: the console's report is its saved run's" ||
			fail "$rel: the console's report is not its saved run's: $(diff "$f.txt" "$f.again" | head -5)"
		fair=$(fact "$(<"$f.again")" FairScheduler "$rel")
		want=$([ "$k" = "$g61" ] && echo CFS || echo EEVDF)
		[[ $fair == "$want, "* ]] && pass "$rel: FairScheduler $want" ||
			fail "$rel: FairScheduler not $want: $fair"
	done
	# 6.12's RT build says its model in debugfs: "rt (lazy; sched/preempt)".
	rel=${r12##*/vmlinuz-}
	fair=$(fact "$(<"$tmp/$rel.again")" Preemption "$rel")
	[[ $fair == "rt "* ]] && pass "$rel: Preemption rt" || fail "$rel: Preemption not rt: $fair"
	summary
}

# Live turns of Debian's generic kernel against itself (A/A), one boot,
# two rounds, under accelerator $3: tcg, or kvm, which is tried first and
# skipped, saying why, where a KVM guest does not boot.
live_real() {
	bin=$1
	boots_wanted
	local static=$2 accel=$3 dir generic f n order
	needs "$static"
	dir=${CTXBENCH_VM_KERNELS:-${XDG_CACHE_HOME:-$HOME/.cache}/ctxbench/kernels}
	generic=$(ls "$dir"/vmlinuz-6.1.0-*-amd64 2>/dev/null | grep -v -- '-rt-amd64$' | sort -V | tail -n 1)
	[ -n "$generic" ] || skip "no Debian 6.1 kernel in $dir (tools/debian-kernels fetches it)"
	if [ "$accel" = kvm ]; then
		[ -r /dev/kvm ] && [ -w /dev/kvm ] || skip "no /dev/kvm to open"
		# A KVM guest boots in seconds; one that says nothing in 8 s
		# does not boot here (as on this project's machines).
		vm -a kvm --boot-timeout 8 -c "$static" -o "$tmp/probe" "$generic" -- -t 0.01 -r 1 -b pipe
		if [ "$rc" != 0 ]; then
			skip "a KVM guest does not boot here (vmrun -a kvm exited $rc: $(tail -n 1 <<<"$err"))"
		fi
	fi
	TMPDIR=$tmp "$src/tools/vmturns" -N 1 -R 2 -a "$accel" -c "$static" -o "$tmp/l" \
		--label-a a1 --label-b a2 "$generic" -- -t 0.1 -r 1 -b pipe >"$tmp/out" 2>"$tmp/err"
	rc=$?
	cat "$tmp/err"
	[ "$rc" = 3 ] && cannot_start "$(<"$tmp/err")"
	[ "$rc" = 0 ] && pass "not: live turns exited $rc" || fail "live turns exited $rc"
	nothing_left
	ls -d "$tmp"/vmturns.* >/dev/null 2>&1 && fail "vmturns left its directory" || pass "not: vmturns left its directory"
	grep -q "ran under ${accel^^}; 2 runs, guest powered off" "$tmp/err" && pass "not: not two runs in each guest under ${accel^^}, powered off" ||
		fail "not two runs in each guest under ${accel^^}, powered off"
	# Four runs, each its side's label, pipe measured, two in each boot.
	for f in A-1-1 B-1-1 B-1-2 A-1-2; do
		n=$([ "${f%%-*}" = A ] && echo a1 || echo a2)
		grep -q "\"label\": \"$n\"" "$tmp/l-$f.json" 2>/dev/null &&
			grep -q '"status": "ok"' "$tmp/l-$f.json" && pass "$f" ||
			fail "$f: not a saved run of $n with pipe measured"
	done
	[ "$(grep -h '"boot_id"' "$tmp"/l-A-*.json | sort -u | wc -l)" = 1 ] &&
		[ "$(grep -h '"boot_id"' "$tmp"/l-?-*.json | sort -u | wc -l)" = 2 ] && pass "not one boot a guest" ||
		fail "not one boot a guest: $(grep -h '"boot_id"' "$tmp"/l-?-*.json)"
	# A B B A, by the start times the two guests' clocks gave.
	order=$(for f in "$tmp"/l-?-1-?.json; do
		printf '%s %s\n' "$(grep -m1 '"start"' "$f" | tr -d ' ",' | cut -d: -f2)" "${f##*/l-}"
	done | sort -g | awk '{ printf "%s%s", s, $2; s = " " }')
	[ "$order" = "A-1-1.json B-1-1.json B-1-2.json A-1-2.json" ] && pass "runs not A B B A by their start" ||
		fail "runs not A B B A by their start: $order"
	report=$("$bin" report "$tmp"/l-{A-1-1,B-1-1,B-1-2,A-1-2}.json 2>&1)
	[ "$(<"$tmp/out")" = "$report" ] && pass "the report printed is not that of the four runs" ||
		fail "the report printed is not that of the four runs: $(diff <(echo "$report") "$tmp/out" | head -5)"
	grep -q "^a1: 2 invocations, 1 boot, took turns" "$tmp/out" && pass "the report does not see turns" ||
		fail "the report does not see turns: $(grep invocations "$tmp/out")"
	summary
}

# The ways a VM run ends other than with ctxbench's status.  The guests
# that boot have one CPU (-s 1): what is checked does not depend on
# their number, and the test takes one CPU of the host, not two.
faults() {
	boots_wanted
	local static=$1 generic
	needs "$static"

	vm
	[ "$rc" = 2 ] && grep -q "no kernel image" <<<"$err" && pass "no image" || fail "no image: $rc $err"
	vm -a nope /dev/null
	[ "$rc" = 2 ] && pass "--accel nope" || fail "--accel nope: $rc $err"
	vm --timeout 0 /dev/null
	[ "$rc" = 2 ] && pass "--timeout 0" || fail "--timeout 0: $rc $err"
	vm -c "$static" "$tmp/nonexistent"
	[ "$rc" = 2 ] && pass "a missing image" || fail "a missing image: $rc $err"
	vm -c "$static" /dev/null -- -o x.json
	[ "$rc" = 2 ] && grep -q "vmrun -o" <<<"$err" && pass "ctxbench -o" || fail "ctxbench -o: $rc $err"
	vm -c /bin/sh -o "$tmp/x" /dev/null
	[ "$rc" = 2 ] && grep -q "dynamically" <<<"$err" && pass "a dynamic ctxbench" || fail "a dynamic ctxbench: $rc $err"

	# Not a kernel: said before qemu starts, which is exit 3.
	printf 'not a kernel\n' >"$tmp/junk"
	vm -a tcg -c "$static" -o "$tmp/junk" "$tmp/junk"
	[ "$rc" = 3 ] && grep -q "junk: not a kernel image" <<<"$err" && pass "junk image" ||
		fail "junk image: exit $rc, expected 3: $err"
	grep -q "booting" <<<"$err" && fail "junk image: qemu started: $err" || pass "junk image"
	nothing_left

	dir=${CTXBENCH_VM_KERNELS:-${XDG_CACHE_HOME:-$HOME/.cache}/ctxbench/kernels}
	generic=$(ls "$dir"/vmlinuz-6.1.0-*-amd64 2>/dev/null | grep -v -- '-rt-amd64$' | sort -V | tail -n 1)
	[ -n "$generic" ] || skip "no Debian 6.1 kernel in $dir (tools/debian-kernels fetches it)"

	# init missing: the kernel panics; vmrun says so and stops qemu.
	vm -a tcg -s 1 -c "$static" -o "$tmp/panic" --append "rdinit=/nonexistent" "$generic"
	[ "$rc" = 3 ] && cannot_start "$err"
	[ "$rc" = 5 ] && grep -q "panicked" <<<"$err" && pass "panic" || fail "panic: $rc $err"
	nothing_left
	# ctxbench longer than --timeout: qemu is stopped, status 6.
	vm -a tcg -s 1 -c "$static" -o "$tmp/late" --timeout 2 "$generic" -- -t 10 -r 1 -b pipe
	[ "$rc" = 6 ] && grep -q "did not finish within 2 s" <<<"$err" && pass "time limit" ||
		fail "time limit: $rc $err"
	nothing_left
	# vmrun stopped by a signal, or killed outright, once its qemu runs
	# the kernel: qemu goes with it.  (Whether vmrun waits for init or
	# for ctxbench then, it is the same trap; vmrun-faults stops it in
	# both, with a stand-in qemu.)
	for sig in TERM KILL; do
		rm -f "$tmp/sig.console"
		TMPDIR=$tmp "$vmrun" -a tcg -s 1 -c "$static" -o "$tmp/sig" "$generic" -- -t 10 -r 1 -b pipe >/dev/null 2>&1 &
		local pid=$! waited=0
		while ! grep -q "Linux version " "$tmp/sig.console" 2>/dev/null && [ "$waited" -lt 600 ]; do
			sleep 0.1
			waited=$((waited + 1))
		done
		kill -"$sig" "$pid"
		{ wait "$pid"; } 2>/dev/null
		rc=$?
		sleep 0.5
		[ "$sig" = KILL ] || { [ "$rc" = 143 ] && pass "SIGTERM" || fail "SIGTERM: vmrun exited $rc"; }
		if pgrep -f "qemu-system-x86_64.*$tmp" >/dev/null; then
			fail "SIG$sig: qemu outlived vmrun"
			pkill -KILL -f "qemu-system-x86_64.*$tmp"
		else
			pass "SIG$sig: no qemu outlived vmrun"
		fi
		rm -rf "$tmp"/vmrun.*
	done
	# ctxbench's own status comes back: bad usage inside the guest.
	vm -a tcg -s 1 -c "$static" -o "$tmp/usage" "$generic" -- -t nonsense
	[ "$rc" = 2 ] && grep -q "ctxbench exited 2" <<<"$err" && pass "ctxbench's status" ||
		fail "ctxbench's status: $rc $err"
	nothing_left
	summary
}

# Stand-ins in $tmp/bin, first in PATH: a qemu that does what the first
# line of its "kernel" file says, a busybox that does nothing, a cpio
# whose "initramfs" is the init script alone, and a static ctxbench whose
# report lists the saved runs it is given.  Every wait of theirs is a read
# that times out on a FIFO nobody writes: one process each, whose command
# line names $tmp.
fake_vm() {
	mkdir -p "$tmp/bin" && mkfifo "$tmp/bin/nap" || { fail "cannot make $tmp/bin"; summary; exit 1; }
	cat >"$tmp/bin/qemu-system-x86_64" <<'EOF'
#!/usr/bin/env bash
# Stand-in qemu: "junk" is refused as qemu refuses a kernel it cannot
# load; "boot FIRST INIT" prints the kernel's first line after FIRST s
# and starts init INIT s later; "hang" says its first line, then nothing;
# "spew" says it, then 200 KB more, then nothing;
# "run [N...]" appends its kernel file and command line to ../boots and
# brings a saved run home that holds both and init's ctxbench line, but
# panics at its own Nth boots; "live P E" boots (and appends its kernel
# file, command line and CPUs to ../boots) but panics at its Pth boot,
# then answers the control port's runs (each appended to ../runs), at
# the Nth run of a boot panicking (E "N"), hanging ("hN"), stopping
# ("sN") or having
# ctxbench exit 1 ("eN").
kernel='' serial='' initrd='' append='' ctl=''
while [ $# -gt 0 ]; do
	case $1 in
	-kernel) kernel=$2 && shift ;;
	-serial)
		# The first port is the console (a file, or a pipe's FIFO
		# PATH.out, held open as qemu holds it), the second the
		# control port.
		case $2 in
		pipe:*) [ -z "$serial" ] && serial=${2#pipe:}.out || ctl=${2#pipe:} ;;
		*) serial=${2#file:} ;;
		esac
		shift
		;;
	-initrd) initrd=$2 && shift ;;
	-append) append=$2 && shift ;;
	esac
	shift
done
nap() { read -r -t "$1" <>"${0%/*}/nap"; }
if [ -p "$serial" ]; then exec 6<>"$serial"; else exec 6>>"$serial"; fi
say() { printf '%s\r\n' "$*" >&6; }
# This kernel file's boot, counted in FILE.boots, in n.
count() {
	n=0
	[ -f "$kernel.boots" ] && read -r n <"$kernel.boots"
	n=$((${n:-0} + 1))
	echo "$n" >"$kernel.boots"
}
# The lines of init (the initramfs, as the stand-in cpio makes it) that
# match glob $1, without their leading blanks, one a line, in $lines.
init_lines() {
	local l
	lines=''
	while IFS= read -r l || [ -n "$l" ]; do
		# shellcheck disable=SC2053
		[[ $l == $1 ]] || continue
		l=${l#"${l%%[![:space:]]*}"}
		lines+=${lines:+$'\n'}$l
	done <"$initrd"
}
# $1 in base64 as base64(1) writes it, 76 characters a line, each line
# in b64[]: bash encodes it, no base64 and no pipeline a run.
to_base64() {
	local LC_ALL=C s=$1 t=ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/
	local i n a b c v out=''
	n=${#s}
	for ((i = 0; i < n; i += 3)); do
		printf -v a '%d' "'${s:i:1}"
		b=0 c=0
		((i + 1 < n)) && printf -v b '%d' "'${s:i+1:1}"
		((i + 2 < n)) && printf -v c '%d' "'${s:i+2:1}"
		v=$(((a & 255) << 16 | (b & 255) << 8 | (c & 255)))
		out+=${t:v >> 18 & 63:1}${t:v >> 12 & 63:1}
		((i + 1 < n)) && out+=${t:v >> 6 & 63:1} || out+==
		((i + 2 < n)) && out+=${t:v & 63:1} || out+==
	done
	b64=()
	for ((i = 0; i < ${#out}; i += 76)); do
		b64+=("${out:i:76}")
	done
}
read -r what first init <"$kernel"
case $what in
junk)
	echo "qemu: linux kernel too old to load a ram disk" >&2
	exit 1
	;;
boot)
	nap "$first"
	say "[    0.000000] Linux version 6.1.0-stand-in"
	nap "$init"
	for line in "@@vmrun: init started" "@@vmrun: report begin" \
		"a report" "@@vmrun: report end" "@@vmrun: exit 0"; do
		say "$line"
	done
	;;
hang)
	say "[    0.000000] Linux version 6.1.0-stand-in"
	nap 600
	;;
spew)
	say "[    0.000000] Linux version 6.1.0-stand-in"
	for ((i = 0; i < 3000; i++)); do
		say "[    0.000001] a line of the console, $i of 3000, as a kernel says many"
	done
	nap 600
	;;
run)
	count
	echo "$kernel $append" >>"${0%/*}/../boots"
	say "[    0.000000] Linux version 6.1.0-stand-in"
	if [[ " $first $init " == *" $n "* ]]; then
		say "Kernel panic - not syncing: stand-in"
		exit 0
	fi
	say "@@vmrun: init started"
	say "@@vmrun: json begin"
	init_lines '/bin/ctxbench*'
	to_base64 "kernel $kernel"$'\n'"append $append"$'\n'"$lines"$'\n'
	for l in "${b64[@]}"; do say "$l"; done
	say "@@vmrun: json end"
	say "@@vmrun: exit 0"
	;;
saved)
	# "saved RATE [junk|pN]": a real saved run (../tpl-K.json, K the
	# boot's count mod 3, made by the test) at RATE loops/sec, a tenth
	# of a percent more at each count (junk: a damaged file instead),
	# labelled as init's -n says; a panic at its Nth boot (pN).
	count
	echo "$kernel $append" >>"${0%/*}/../boots"
	say "[    0.000000] Linux version 6.1.0-stand-in"
	if [ "$init" = "p$n" ]; then
		say "Kernel panic - not syncing: stand-in"
		exit 0
	fi
	say "@@vmrun: init started"
	label=$(grep '^/bin/ctxbench' "$initrd" | sed -n "s/.*'-n' '\([^']*\)'.*/\1/p")
	rate=$(awk -v r="$first" -v n="$n" 'BEGIN { print r * (1 + 0.001 * (n % 3)) }')
	say "@@vmrun: json begin"
	if [ "$init" = junk ]; then
		echo '{ "a saved run": ' | base64
	else
		awk -v k="$rate" -v l="$label" '/"loops": [0-9]+, "elapsed_s"/ {
			match($0, /"elapsed_s": [0-9.e+-]+/)
			e = substr($0, RSTART + 13, RLENGTH - 13)
			match($0, /"loops": [0-9]+/)
			m = int(k * e)
			$0 = substr($0, 1, RSTART - 1) "\"loops\": " m substr($0, RSTART + RLENGTH)
			match($0, /"loops_per_s": [0-9.e+-]+/)
			$0 = substr($0, 1, RSTART - 1) sprintf("\"loops_per_s\": %.17g", m / e) substr($0, RSTART + RLENGTH)
		}
		{ gsub(/"disturbed": true/, "\"disturbed\": false")
		  gsub(/"loops": [0-9]+, "seconds"/, "\"loops\": 0, \"seconds\"")
		  gsub(/@LABEL@/, l); print }' "${0%/*}/../tpl-$((n % 3)).json" | base64
	fi | while read -r l; do say "$l"; done
	say "@@vmrun: json end"
	say "@@vmrun: exit 0"
	;;
live)
	count
	# The CPUs it may run on, as the kernel lists them.
	while read -r k v; do
		[ "$k" = Cpus_allowed_list: ] && cpus=$v
	done </proc/$$/status
	echo "$kernel $append cpus $cpus" >>"${0%/*}/../boots"
	say "[    0.000000] Linux version 6.1.0-stand-in"
	if [ "$first" = "$n" ]; then
		say "Kernel panic - not syncing: stand-in"
		exit 0
	fi
	say "@@vmrun: init started"
	[ -n "$ctl" ] || exit 0
	init_lines '*/bin/ctxbench *'
	exec 4<>"$ctl.in" 5<>"$ctl.out"
	echo "@@vmrun: ready" >&5
	runs=0
	while read -r cmd more <&4; do
		case $cmd in
		quit) say "reboot: Power down" && exit 0 ;;
		run) ;;
		*) continue ;;
		esac
		runs=$((runs + 1))
		echo "$kernel $runs $more" >>"${0%/*}/../runs"
		rc=0
		case $init in
		"$runs") say "Kernel panic - not syncing: stand-in" && exit 0 ;;
		"h$runs") nap 600 ;;
		"s$runs") exit 0 ;;
		"e$runs") rc=1 ;;
		esac
		to_base64 "kernel $kernel"$'\n'"boot $n run $runs"$'\n'"$lines $more"$'\n'
		{
			echo "@@vmrun: report begin"
			echo "a report of run $runs"
			echo "@@vmrun: report end"
			echo "@@vmrun: json begin"
			printf '%s\n' "${b64[@]}"
			echo "@@vmrun: json end"
			echo "@@vmrun: exit $rc"
		} >&5
	done
	;;
esac
exit 0
EOF
	printf '#!/bin/sh\nexit 0\n' >"$tmp/bin/busybox"
	printf '#!/bin/sh\nexec cat init\n' >"$tmp/bin/cpio"
	cat >"$tmp/bin/ctxbench" <<'EOF'
#!/bin/sh
# Stand-in ctxbench: its report names each saved run, then its text
# (copied by sh: no cat a run).
[ "$1" = report ] || exit 0
shift
for f; do
	echo "run $f"
	while IFS= read -r l; do
		printf '%s\n' "$l"
	done <"$f"
	printf '%s' "$l"
done
EOF
	chmod 755 "$tmp/bin/"*
	PATH=$tmp/bin:$PATH
}

# Kernel files for the stand-in qemu: its line first, and a bzImage's
# setup header magic ("HdrS" at 0x202), so that vmrun takes it for one.
kernel() { # name, line
	local zeros
	# The NUL bytes up to the magic as \0 escapes of printf's: no head.
	printf -v zeros '%*s' $((0x202 - ${#2} - 1)) ''
	printf "%s\n${zeros// /\\0}HdrS" "$2" >"$tmp/$1"
}

# vmrun $@ started in a session of its own, its stdout and stderr into
# FIFO $tmp/pipe read by cat: sets pid (vmrun's, the session's) and
# catpid.  The cat ends when every holder of the pipe is gone.  What it
# copied the last time is removed first: a wait on $tmp/seen would find
# it there before the cat has opened the pipe (and vmrun its end).
vm_session() {
	rm -f "$tmp/pipe" "$tmp/seen" && mkfifo "$tmp/pipe"
	cat <"$tmp/pipe" >"$tmp/seen" &
	catpid=$!
	TMPDIR=$tmp setsid "$vmrun" "$@" >"$tmp/pipe" 2>&1 &
	pid=$!
}

# Whether file $1 has text $2 in it: read by bash, no grep each look.
holds() { # file, text
	local c=''
	{ IFS= read -r -d '' c <"$1"; } 2>/dev/null
	[[ $c == *"$2"* ]]
}
# Whether file $1 has more than $2 bytes: read by bash, no stat each look.
longer() { # file, bytes
	local LC_ALL=C c=''
	{ IFS= read -r -N $(($2 + 1)) -d '' c <"$1"; } 2>/dev/null
	[ "${#c}" -gt "$2" ]
}
# Wait up to $2 tenths of a second for command $1 to succeed.
within() {
	local i
	for ((i = 0; i < $2; i++)); do
		eval "$1" && return 0
		nap 0.1
	done
	return 1
}

# Whether a process has text $1 in its command line, as pgrep -f finds
# it: read by bash from /proc, which costs less than a pgrep.
naming() {
	local f a
	for f in /proc/[0-9]*/cmdline; do
		{ mapfile -d '' a <"$f"; } 2>/dev/null || continue
		[[ "${a[*]}" == *"$1"* ]] && return 0
	done
	return 1
}
# Nothing of session $2 (if any) may be left, nor a process naming $tmp,
# nor a work directory but the one named $3.
left_after() { # what, session, work dirs that may stay
	local what=$1 sid=$2 keep=${3:-}
	if [ -z "$sid" ] || within "! session_alive $sid" 50; then
		pass "$what"
	else
		fail "$what: processes outlived vmrun: $(ps -o pid=,stat=,args= -s "$sid" | tr '\n' ';')"
		pkill -KILL -s "$sid"
	fi
	if within "! naming '$tmp/'" 50; then
		pass "$what"
	else
		fail "$what: processes outlived vmrun: $(pgrep -af "$tmp/" | tr '\n' ';')"
		pkill -KILL -f "$tmp/"
	fi
	names 'vmrun.*' "$keep"
	[ -z "$names" ] && pass "$what" || fail "$what: work directories left: $names"
}
# The names in $tmp that match glob $1, but $2, one a line as ls -d
# lists them, in $names: a glob of bash's, no ls and no grep.
names() { # glob, name left out
	local f
	names=''
	for f in "$tmp"/$1; do
		[ -e "$f" ] || [ -L "$f" ] || continue
		f=${f##*/}
		[ "$f" = "${2:-/}" ] || names+=${names:+$'\n'}$f
	done
}

# vmrun's own faults, fast: no kernel is booted.
vmrun_faults() {
	local seen stale live
	long_wanted
	command -v flock >/dev/null && command -v setpriv >/dev/null ||
		skip "no flock or setpriv (Debian: util-linux)"
	fake_vm

	# A bzImage qemu cannot load (too old for an initramfs): it refuses
	# it at once, which is exit 3, not 4.
	kernel junk junk
	vm -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/junk" "$tmp/junk"
	[ "$rc" = 3 ] && grep -q "qemu could not start" <<<"$err" && pass "an image qemu refuses" ||
		fail "an image qemu refuses: exit $rc, expected 3: $err"
	grep -q "too old to load a ram disk" <<<"$err" && pass "an image qemu refuses" ||
		fail "an image qemu refuses: qemu's reason not said: $err"
	left_after "an image qemu refuses" ""

	# --boot-timeout N is N s from qemu's start to init, under TCG too:
	# a kernel that speaks after 1 s and starts init 2 s later boots
	# within 5 s, and not within 2.
	kernel boot3 "boot 1 2"
	vm -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/b5" --boot-timeout 5 "$tmp/boot3"
	[ "$rc" = 0 ] && grep -q "ran under TCG" <<<"$err" && pass "--boot-timeout 5, init at 3 s" ||
		fail "--boot-timeout 5, init at 3 s: exit $rc, expected 0: $err"
	[ "$out" = "a report" ] && pass "--boot-timeout 5" || fail "--boot-timeout 5: report '$out'"
	vm -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/b61" --boot-timeout 61 "$tmp/boot3"
	[ "$rc" = 0 ] && pass "--boot-timeout 61, init at 3 s" ||
		fail "--boot-timeout 61, init at 3 s: exit $rc, expected 0: $err"
	vm -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/b2" --boot-timeout 2 "$tmp/boot3"
	[ "$rc" = 4 ] && grep -q "no init within 2 s under TCG" <<<"$err" && pass "--boot-timeout 2, init at 3 s" ||
		fail "--boot-timeout 2, init at 3 s: exit $rc, expected 4: $err"
	# Silent past the limit: given up at the limit, said so.
	kernel silent "boot 30 0"
	vm -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/s2" --boot-timeout 2 "$tmp/silent"
	[ "$rc" = 4 ] && grep -q "no word from the kernel within 2 s" <<<"$err" && pass "--boot-timeout 2, silent kernel" ||
		fail "--boot-timeout 2, silent kernel: exit $rc, expected 4: $err"
	left_after "--boot-timeout" ""

	# vmrun -v killed outright: its copy of the console ends with it, the
	# pipe it wrote is closed, and its work directory goes.
	kernel hang "hang"
	for sig in TERM KILL; do
		vm_session -v -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/v" "$tmp/hang"
		within "holds '$tmp/seen' 'Linux version'" 100 && pass "-v" ||
			fail "-v: the console was not copied: $(<"$tmp/seen")"
		kill -"$sig" "$pid"
		wait "$pid" 2>/dev/null
		rc=$?
		[ "$sig" = KILL ] || { [ "$rc" = 143 ] && pass "-v, SIGTERM" || fail "-v, SIGTERM: exit $rc"; }
		if within "! running $catpid" 50; then
			pass "-v, SIG$sig"
		else
			fail "-v, SIG$sig: stdout and stderr still open after vmrun: $(ps -o pid=,args= -s "$pid" | tr '\n' ';')"
		fi
		left_after "-v, SIG$sig" "$pid"
		kill "$catpid" 2>/dev/null
		wait "$catpid" 2>/dev/null
	done

	# The whole process group killed: its work directory is stranded,
	# and the next vmrun removes it, but not that of a vmrun still
	# running, nor a directory of the same pattern that is not vmrun's.
	vm_session -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/g" "$tmp/hang"
	within "holds '$tmp/g.console' 'Linux version'" 100
	kill -KILL -- -"$pid"
	wait "$pid" 2>/dev/null
	within "! session_alive $pid" 50
	pkill -KILL -s "$pid"
	kill "$catpid" 2>/dev/null
	wait "$catpid" 2>/dev/null
	stale=$(cd "$tmp" && ls -d vmrun.* 2>/dev/null)
	[ -n "$stale" ] && pass "group killed" ||
		fail "group killed: no work directory left to sweep (test broken)"
	mkdir "$tmp/vmrun.mine00"
	vm_session -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/other" "$tmp/hang"
	local other=$pid othercat=$catpid
	within "holds '$tmp/other.console' 'Linux version'" 100
	live=$(cd "$tmp" && ls -d vmrun.* | grep -vxF -e vmrun.mine00 -e "$stale")
	vm -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/next" --boot-timeout 5 "$tmp/boot3"
	[ "$rc" = 0 ] && pass "after a killed group" || fail "after a killed group: exit $rc: $err"
	running "$other" && pass "not: the next vmrun stopped the running one" || fail "the next vmrun stopped the running one"
	seen=$(cd "$tmp" && ls -d vmrun.* | grep -vxF -e vmrun.mine00)
	[ "$seen" = "$live" ] && [ -n "$live" ] && pass "stale '$stale' and running '$live' work directories; after the next vmrun" ||
		fail "stale '$stale' and running '$live' work directories; after the next vmrun: '$seen'"
	[ -d "$tmp/vmrun.mine00" ] && pass "not: a directory not vmrun's was removed" || fail "a directory not vmrun's was removed"
	rmdir "$tmp/vmrun.mine00"
	kill -TERM "$other"
	wait "$other" 2>/dev/null
	rc=$?
	[ "$rc" = 143 ] && pass "the running vmrun, SIGTERM" || fail "the running vmrun, SIGTERM: exit $rc"
	left_after "group killed" "$other"
	kill "$othercat" 2>/dev/null
	wait "$othercat" 2>/dev/null
	summary
}

# Every line of $err is the tool's own (each begins "vmrun: ",
# "vmturns: " or "debian-kernels: "), none is bash's ("line 58: [: ...")
# or another command's, and one says $2 (an extended regular
# expression); $1 names the case.
own_words() { # case, message
	local bad='' l said=1
	# Each line matched by bash, as grep would: no grep a look.
	while IFS= read -r l; do
		[[ $l =~ ^(vmrun|vmturns|debian-kernels):\  ]] || bad+=$l$'\n'
		[[ $l =~ $2 ]] && said=0
	done <<<"$err"
	while [[ $bad == *$'\n' ]]; do bad=${bad%$'\n'}; done
	[ -z "$bad" ] && pass "$1" || fail "$1: words not the tool's own: $bad"
	[[ $err =~ line\ [0-9]*:\  ]] && fail "$1: bash's own error: $err" || pass "$1"
	[ "$said" = 0 ] && pass "$1" || fail "$1: not said '$2': $err"
}

# What the tools say of bad numbers, paths they cannot write, files that
# are not kernels: their own words, before anything is booted or fetched.
tools_words() {
	local k f
	command -v flock >/dev/null && command -v setpriv >/dev/null ||
		skip "no flock or setpriv (Debian: util-linux)"
	fake_vm
	kernel boot "boot 0 0"
	kernel junk junk
	k=$tmp/boot
	printf 'not a kernel\n' >"$tmp/fake.img"

	# Numbers: too long for bash's arithmetic, or of a leading 0, which
	# it reads as octal (08 is no number at all).
	for o in -m -s --boot-timeout --timeout; do
		vm "$o" 99999999999999999999 -c "$tmp/bin/ctxbench" "$k"
		[ "$rc" = 2 ] && pass "vmrun $o 99999999999999999999" || fail "vmrun $o 99999999999999999999: exit $rc, expected 2"
		own_words "vmrun $o 99999999999999999999" "^vmrun: $o: '99999999999999999999' is not"
	done
	vm --boot-timeout 08 -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/b08" "$k"
	[ "$rc" = 0 ] && pass "vmrun --boot-timeout 08" || fail "vmrun --boot-timeout 08: exit $rc, expected 0: $err"
	own_words "vmrun --boot-timeout 08" "init within 8 s"
	turns -N 99999999999999999999 "$k" "$tmp/junk"
	[ "$rc" = 2 ] && pass "vmturns -N 99999999999999999999" || fail "vmturns -N 99999999999999999999: exit $rc, expected 2"
	own_words "vmturns -N 99999999999999999999" "^vmturns: -N: '99999999999999999999' is not"
	rm -f "$tmp/boots"
	turns -N 0x1 -c "$tmp/bin/ctxbench" "$k" "$tmp/junk"
	[ "$rc" = 2 ] && pass "vmturns -N 0x1" || fail "vmturns -N 0x1: exit $rc, expected 2"
	own_words "vmturns -N 0x1" "^vmturns: -N: '0x1' is not"

	# Files it cannot write: said before anything runs.
	vm -a tcg -c "$tmp/bin/ctxbench" -o /nonexistent/x "$k"
	[ "$rc" = 2 ] && pass "vmrun -o /nonexistent/x" || fail "vmrun -o /nonexistent/x: exit $rc, expected 2"
	own_words "vmrun -o /nonexistent/x" "^vmrun: cannot write /nonexistent/x\\.console"
	mkdir -p "$tmp/dir.txt"
	vm -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/dir" "$k"
	[ "$rc" = 2 ] && pass "vmrun -o, PREFIX.txt a directory" || fail "vmrun -o, PREFIX.txt a directory: exit $rc, expected 2"
	own_words "vmrun -o, PREFIX.txt a directory" "^vmrun: cannot write $tmp/dir\\.txt"
	[ -e "$tmp/dir.console" ] && fail "vmrun -o, PREFIX.txt a directory: booted" || pass "vmrun -o, PREFIX.txt a directory"
	turns -a tcg -c "$tmp/bin/ctxbench" -o /nonexistent/x "$k" "$tmp/junk"
	[ "$rc" = 2 ] && pass "vmturns -o /nonexistent/x" || fail "vmturns -o /nonexistent/x: exit $rc, expected 2"
	own_words "vmturns -o /nonexistent/x" "^vmturns: cannot write /nonexistent/x\\.log"
	turns -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/dir" "$k" "$tmp/junk"
	[ "$rc" = 2 ] && pass "vmturns -o, PREFIX.txt a directory" || fail "vmturns -o, PREFIX.txt a directory: exit $rc, expected 2"
	own_words "vmturns -o, PREFIX.txt a directory" "^vmturns: cannot write $tmp/dir\\.txt"
	[ -e "$tmp/boots" ] || [ -e "$tmp/dir-A-1.console" ] &&
		fail "vmturns -o, PREFIX.txt a directory: booted" || pass "vmturns -o, PREFIX.txt a directory"
	TMPDIR=/nonexistent "$vmrun" -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/t" "$k" \
		>"$tmp/out" 2>"$tmp/err"
	rc=$?
	text_of "$tmp/err" && err=$text
	[ "$rc" = 3 ] && pass "vmrun, TMPDIR=/nonexistent" || fail "vmrun, TMPDIR=/nonexistent: exit $rc, expected 3"
	own_words "vmrun, TMPDIR=/nonexistent" "^vmrun: cannot make a work directory in /nonexistent"
	for f in "$tmp/fake.img" /dev/null/x; do
		"$src/tools/debian-kernels" "$f" >"$tmp/out" 2>"$tmp/err"
		rc=$?
		text_of "$tmp/err" && err=$text
		[ "$rc" = 3 ] && pass "debian-kernels $f" || fail "debian-kernels $f: exit $rc, expected 3"
		own_words "debian-kernels $f" "^debian-kernels: cannot create the directory $f\$"
	done

	# Not a kernel: said, and no qemu started.
	for a in tcg auto; do
		vm -a "$a" -c "$tmp/bin/ctxbench" -o "$tmp/fake" "$tmp/fake.img"
		[ "$rc" = 3 ] && pass "vmrun -a $a, not a kernel" || fail "vmrun -a $a, not a kernel: exit $rc, expected 3"
		own_words "vmrun -a $a, not a kernel" "^vmrun: $tmp/fake\\.img: not a kernel image"
		grep -q 'booting\|qemu' <<<"$err" && fail "vmrun -a $a, not a kernel: qemu started: $err" || pass "vmrun -a $a, not a kernel"
	done
	turns -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/f" "$k" "$tmp/fake.img"
	[ "$rc" = 3 ] && pass "vmturns, B not a kernel" || fail "vmturns, B not a kernel: exit $rc, expected 3"
	own_words "vmturns, B not a kernel" "^vmturns: $tmp/fake\\.img: not a kernel image"
	[ -e "$tmp/f-A-1.console" ] && fail "vmturns, B not a kernel: A booted" || pass "vmturns, B not a kernel"
	# A vmlinux (ELF, which qemu boots when built with CONFIG_PVH) is
	# left to qemu.
	printf '\177ELF\n' >"$tmp/vmlinux"
	vm -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/elf" "$tmp/vmlinux"
	grep -q 'not a kernel image' <<<"$err" &&
		fail "vmrun, an ELF vmlinux: refused as no kernel: $err" || pass "vmrun, an ELF vmlinux"
	turns -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/e" "$k" "$tmp/vmlinux"
	grep -q 'not a kernel image' <<<"$err" &&
		fail "vmturns, an ELF vmlinux: refused as no kernel: $err" || pass "vmturns, an ELF vmlinux"
	# A kernel qemu refuses: under the accelerators tried, each named once.
	vm -a auto -c "$tmp/bin/ctxbench" -o "$tmp/junk" "$tmp/junk"
	[ "$rc" = 3 ] && pass "vmrun -a auto, qemu refuses" || fail "vmrun -a auto, qemu refuses: exit $rc, expected 3"
	own_words "vmrun -a auto, qemu refuses" "^vmrun: qemu could not start junk under (TCG|KVM or TCG)\$"
	left_after "the tools' words" ""
	summary
}

# tools/vmturns; sets rc, out, err.
turns() {
	TMPDIR=$tmp "$src/tools/vmturns" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	text_of "$tmp/out" && out=$text
	text_of "$tmp/err" && err=$text
}

# The kernel file of each boot so far, in order, as one line, in $order.
boot_order() { first_words "$tmp/boots"; }
# The first word of each line of file $1, in order, as one line, in
# $order (empty without the file): read by bash.
first_words() {
	local w rest s=''
	order=''
	while read -r w rest || [ -n "$w" ]; do
		order+=$s$w s=' '
	done 2>/dev/null <"$1"
}

# tools/vmturns with the stand-in qemu: no kernel is booted.
vmturns_faults() {
	local a=$tmp/vmlinuz-6.1.0-a b=$tmp/vmlinuz-6.1.0-b f want sig n
	long_wanted
	command -v flock >/dev/null && command -v setpriv >/dev/null ||
		skip "no flock or setpriv (Debian: util-linux)"
	fake_vm
	kernel vmlinuz-6.1.0-a "run"
	# B panics at its second boot.
	kernel vmlinuz-6.1.0-b "run 2"

	# Usage: each refused before any boot.
	turns -c "$tmp/bin/ctxbench" "$a"
	[ "$rc" = 2 ] && grep -q "both labelled '6.1.0-a'" <<<"$err" && pass "one image, one command line" ||
		fail "one image, one command line: exit $rc, expected 2: $err"
	turns -c "$tmp/bin/ctxbench" "$a" "$b" -- -t 0.1 -n x
	[ "$rc" = 2 ] && grep -q "use --label-a" <<<"$err" && pass "ctxbench's -n" ||
		fail "ctxbench's -n: exit $rc, expected 2: $err"
	turns -N 0 "$a" "$b"
	[ "$rc" = 2 ] && pass "-N 0" || fail "-N 0: exit $rc, expected 2: $err"
	turns "$a" "$tmp/nonexistent"
	[ "$rc" = 2 ] && pass "a missing image" || fail "a missing image: exit $rc, expected 2: $err"
	[ -e "$tmp/boots" ] && fail "a boot before the usage was checked" || pass "not: a boot before the usage was checked"

	# Three boots each, A B A B A B; B's second panics: it is named,
	# the others are kept and reported, and the status is vmrun's 5.
	turns -N 3 -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/t" "$a" "$b" -- -t 0.1 -r 1
	[ "$rc" = 5 ] && pass "a panic in B's second boot" || fail "a panic in B's second boot: exit $rc, expected 5: $err"
	grep -q "B 2 (6.1.0-b) failed: the kernel panicked" <<<"$err" && pass "the failed boot is not named" ||
		fail "the failed boot is not named: $err"
	want="$a $b $a $b $a $b"
	boot_order
	[ "$order" = "$want" ] && pass "boots in the order '$want'" ||
		fail "boots in the order '$order', expected '$want'"
	for f in A-1 B-1 A-2 A-3 B-3; do
		[ -s "$tmp/t-$f.json" ] && [ -s "$tmp/t-$f.console" ] && pass "$f" ||
			fail "$f: saved run or console not kept"
	done
	[ -e "$tmp/t-B-2.json" ] && fail "B-2 panicked, yet has a saved run" || pass "not: B-2 panicked, yet has a saved run"
	grep -q "^/bin/ctxbench '-t' '0.1' '-r' '1' '-n' '6.1.0-a' " "$tmp/t-A-2.json" &&
		grep -q "^kernel $b\$" "$tmp/t-B-3.json" &&
		grep -q "'-n' '6.1.0-b' " "$tmp/t-B-3.json" && pass "the saved runs are not each boot's own" ||
		fail "the saved runs are not each boot's own: $(cat "$tmp/t-A-2.json" "$tmp/t-B-3.json")"
	want=$(printf 'run %s\n' "$tmp"/t-{A-1,B-1,A-2,A-3,B-3}.json)
	[ "$(grep '^run ' <<<"$out")" = "$want" ] && pass "the report is not of the kept runs, in order" ||
		fail "the report is not of the kept runs, in order: $(grep '^run ' <<<"$out")"
	text_of "$tmp/t.txt"
	[ "$text" = "$out" ] && pass "not: PREFIX.txt is not the report printed" || fail "PREFIX.txt is not the report printed"
	[ "$(grep -c '^== ' "$tmp/t.log")" = 6 ] && pass "PREFIX.log" || fail "PREFIX.log: not six boots"
	left_after "turns with a panic" ""

	# One image, two command lines: told apart by the difference.
	rm -f "$tmp/boots"
	turns -N 2 -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/c" --append-b mitigations=off "$a"
	[ "$rc" = 0 ] && pass "one image, two command lines" || fail "one image, two command lines: exit $rc: $err"
	# Under TCG the kernel's boot-time timer check is left out (vmrun).
	[ "$(<"$tmp/boots")" = "$(printf '%s\n' "$a console=ttyS0 panic=-1 no_timer_check " \
		"$a console=ttyS0 panic=-1 no_timer_check mitigations=off" \
		"$a console=ttyS0 panic=-1 no_timer_check " \
		"$a console=ttyS0 panic=-1 no_timer_check mitigations=off")" ] &&
		pass "command lines in turn" || fail "command lines in turn: $(<"$tmp/boots")"
	grep -q "'-n' '6.1.0-a+mitigations=off' " "$tmp/c-B-2.json" &&
		grep -q "'-n' '6.1.0-a' " "$tmp/c-A-2.json" && pass "labels" ||
		fail "labels: $(grep -h '^/bin' "$tmp"/c-*.json)"
	# Labels of the user's, an A/A set.
	turns -N 1 -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/l" --label-a one --label-b two "$a"
	[ "$rc" = 0 ] && grep -q "'-n' 'one' " "$tmp/l-A-1.json" &&
		grep -q "'-n' 'two' " "$tmp/l-B-1.json" && pass "--label-a, --label-b" ||
		fail "--label-a, --label-b: exit $rc: $err"
	left_after "turns" ""

	# First use, in a tree without build-static/: the static ctxbench is
	# built there once, before the first boot, then booted and run.
	local tree=$tmp/tree
	mkdir -p "$tree/tools" && cp "$src/tools/vmturns" "$src/tools/vmrun" "$tree/tools/" &&
		echo "project(ctxbench C)" >"$tree/CMakeLists.txt"
	cat >"$tmp/bin/cmake" <<EOF
#!/bin/sh
# Stand-in cmake: a "build" of build-static/ copies the stand-in ctxbench.
echo "cmake \$*" >>"$tmp/cmake.log"
case \$1 in
-S) mkdir -p "\$4" ;;
--build) cp "$tmp/bin/ctxbench" "\$2/ctxbench" ;;
esac
EOF
	chmod 755 "$tmp/bin/cmake"
	rm -f "$tmp/boots"
	TMPDIR=$tmp "$tree/tools/vmturns" -N 1 -a tcg -o "$tmp/first" "$a" "$b" -- -t 0.1 \
		>"$tmp/out" 2>"$tmp/err"
	rc=$?
	text_of "$tmp/err" && err=$text
	[ "$rc" = 0 ] && pass "without build-static/" || fail "without build-static/: exit $rc, expected 0: $err"
	[ -x "$tree/build-static/ctxbench" ] &&
		grep -q "^cmake -S $tree -B $tree/build-static -DCTXBENCH_STATIC=ON" "$tmp/cmake.log" &&
		[ "$(grep -c '^cmake --build' "$tmp/cmake.log")" = 1 ] && pass "without build-static/" ||
		fail "without build-static/: not built once: $(cat "$tmp/cmake.log" 2>&1)"
	[ -s "$tmp/first-A-1.json" ] && [ -s "$tmp/first-B-1.json" ] && pass "without build-static/" ||
		fail "without build-static/: the boots did not run: $err"
	grep -q "not an executable" <<<"$err" && fail "without build-static/: $err" || pass "without build-static/"
	left_after "without build-static/" ""

	# Stopped by a signal while B boots: the status is 128+N at once,
	# nothing is left running, and A's saved run is kept.  SIGINT needs
	# its default back: a script's background command ignores it.
	kernel hang "hang"
	for sig in TERM INT KILL; do
		rm -f "$tmp/boots" "$tmp"/s-*
		if [ "$sig" = INT ]; then
			env --default-signal=INT true 2>/dev/null || { skip_check "SIGINT" "no env --default-signal (coreutils 8.31)"; continue; }
			TMPDIR=$tmp env --default-signal=INT setsid "$src/tools/vmturns" -N 2 -a tcg \
				-c "$tmp/bin/ctxbench" -o "$tmp/s" "$a" "$tmp/hang" >/dev/null 2>"$tmp/err" &
		else
			TMPDIR=$tmp setsid "$src/tools/vmturns" -N 2 -a tcg \
				-c "$tmp/bin/ctxbench" -o "$tmp/s" "$a" "$tmp/hang" >/dev/null 2>"$tmp/err" &
		fi
		pid=$!
		within "holds '$tmp/s-B-1.console' 'Linux version'" 100 || fail "SIG$sig: B never booted"
		kill -"$sig" "$pid"
		{ wait "$pid"; } 2>/dev/null
		rc=$?
		signum "$sig"
		text_of "$tmp/err"
		if [ "$sig" != KILL ]; then
			[ "$rc" = $((128 + n)) ] && [[ $text == *"stopped by signal $n"* ]] && pass "SIG$sig" ||
				fail "SIG$sig: exit $rc, expected $((128 + n)): $(<"$tmp/err")"
		fi
		[ -s "$tmp/s-A-1.json" ] && pass "SIG$sig" || fail "SIG$sig: A's saved run not kept"
		boot_order
		[ "$order" = "$a" ] && pass "SIG$sig" || fail "SIG$sig: boots after the signal: $order"
		left_after "SIG$sig while B boots" "$pid"
	done
	summary
}

# The kernel file of each live run so far, in order, as one line, in $order.
run_order() { first_words "$tmp/runs"; }

# Nothing of vmturns' left: no process naming $tmp, no work directory
# of vmrun's, no directory of vmturns' FIFOs.
live_left() { # what, session
	left_after "$1" "$2"
	names 'vmturns.*'
	[ -z "$names" ] && pass "$1" || fail "$1: vmturns' directories left: $names"
}

# The saved runs that the stand-in ctxbench's report in $out names ("run
# FILE"), in order, as one line, in $reported.
reported() {
	local l
	reported=''
	while IFS= read -r l; do
		[[ $l == "run "* ]] && reported+=${reported:+ }${l#run }
	done <<<"$out"
}
# The number of signal $1 (HUP, INT, KILL or TERM, those these tests
# send), in $n, as kill -l says it: no subshell.
signum() {
	case $1 in
	HUP) n=1 ;;
	INT) n=2 ;;
	KILL) n=9 ;;
	TERM) n=15 ;;
	esac
}

# tools/vmturns -R, live turns, with the stand-in qemu: nothing is booted.
vmturns_live() {
	local a=$tmp/vmlinuz-6.1.0-a b=$tmp/vmlinuz-6.1.0-b f want sig n i r saved words
	long_wanted
	command -v flock >/dev/null && command -v setpriv >/dev/null &&
		command -v taskset >/dev/null || skip "no flock, setpriv or taskset (Debian: util-linux)"
	fake_vm
	kernel vmlinuz-6.1.0-a "live 0 0"
	kernel vmlinuz-6.1.0-b "live 0 0"

	# Two boots of both, three rounds each: one boot a side a boot, both
	# up together, the runs A B, B A, A B, then B A, A B, B A.
	# The first CPU this test may run on, for --host-cpus.
	local cpu k v
	while read -r k v; do
		[ "$k" = Cpus_allowed_list: ] && cpu=${v%%[-,]*}
	done </proc/$$/status
	turns -N 2 -R 3 -a tcg --host-cpus "$cpu" -c "$tmp/bin/ctxbench" -o "$tmp/t" "$a" "$b" -- -t 0.1
	[ "$rc" = 0 ] && pass "live turns" || fail "live turns: exit $rc, expected 0: $err"
	[ "$(awk '{ print $1 }' "$tmp/boots" | sort | uniq -c | awk '{ printf "%s ", $1 }')" = "2 2 " ] &&
		pass "live turns" || fail "live turns: not two boots a side: $(<"$tmp/boots")"
	want="$a $b $b $a $a $b $b $a $a $b $b $a"
	run_order
	[ "$order" = "$want" ] && pass "runs in the order '$want'" ||
		fail "runs in the order '$order', expected '$want'"
	want=''
	for i in 1 2; do
		for r in 1 2 3; do
			for f in A B; do
				[ -s "$tmp/t-$f-$i-$r.json" ] && [ -s "$tmp/t-$f-$i-$r.txt" ] || want+=" $f-$i-$r"
			done
		done
		[ -s "$tmp/t-A-$i.console" ] && [ -s "$tmp/t-B-$i.console" ] || want+=" console $i"
	done
	[ -z "$want" ] && pass "live turns" || fail "live turns: not kept:$want"
	# Each run is its side's, in its boot, labelled: round 3 of B's
	# second boot is B's third run there.
	grep -q "^kernel $b\$" "$tmp/t-B-2-3.json" && grep -q "^boot 2 run 3\$" "$tmp/t-B-2-3.json" &&
		grep -q "'-n' '6.1.0-b' " "$tmp/t-B-2-3.json" &&
		grep -q "^/bin/ctxbench '-t' '0.1' '-n' '6.1.0-a' " "$tmp/t-A-1-2.json" && pass "the saved runs are not each side's" ||
		fail "the saved runs are not each side's: $(cat "$tmp/t-B-2-3.json" "$tmp/t-A-1-2.json")"
	# The report is of the twelve, in the order they ran.
	want=$(printf 'run %s\n' "$tmp"/t-{A-1-1,B-1-1,B-1-2,A-1-2,A-1-3,B-1-3,B-2-1,A-2-1,A-2-2,B-2-2,B-2-3,A-2-3}.json)
	[ "$(grep '^run ' <<<"$out")" = "$want" ] && pass "the report is not of the runs, in order" ||
		fail "the report is not of the runs, in order: $(grep '^run ' <<<"$out")"
	[ "$(grep -c '^== boot [12] round [123]: ' "$tmp/t.log")" = 6 ] && pass "PREFIX.log" ||
		fail "PREFIX.log: not six rounds: $(<"$tmp/t.log")"
	# Both guests' qemu on the host CPUs given.
	[ "$(grep -c " cpus $cpu\$" "$tmp/boots")" = 4 ] && pass "--host-cpus $cpu" ||
		fail "--host-cpus $cpu: $(<"$tmp/boots")"
	live_left "live turns" ""

	# ctxbench exits 1 in B's second run: said, the turns go on, status 1.
	rm -f "$tmp/boots" "$tmp/runs" "$tmp"/*.boots
	kernel vmlinuz-6.1.0-b "live 0 e2"
	turns -N 1 -R 2 -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/e" "$a" "$b"
	[ "$rc" = 1 ] && grep -q "B 1 round 2 (6.1.0-b): ctxbench exited 1" <<<"$err" && pass "ctxbench exits 1" ||
		fail "ctxbench exits 1: exit $rc, expected 1: $err"
	run_order
	[ "$order" = "$a $b $b $a" ] && pass "ctxbench exits 1" || fail "ctxbench exits 1: runs '$order'"

	# A side that does not boot (B panics at its second boot), a guest
	# that dies in a round (A panics at its second run) or hangs there
	# past --timeout: the turns stop, the other guest is stopped, the runs
	# saved before are kept and reported, the status is that side's.
	for f in boot round stop hang; do
		rm -f "$tmp/boots" "$tmp/runs" "$tmp"/*.boots "$tmp"/f-*
		case $f in
		boot) kernel vmlinuz-6.1.0-b "live 2 0" && want=5 n="B 2 (6.1.0-b) failed to boot: the kernel panicked" ;;
		round) kernel vmlinuz-6.1.0-a "live 0 2" && want=5 n="A 1 (6.1.0-a) failed in round 2: the kernel panicked" ;;
		stop) kernel vmlinuz-6.1.0-a "live 0 s2" && want=4 n="A 1 (6.1.0-a) failed in round 2: the guest stopped" ;;
		hang) kernel vmlinuz-6.1.0-a "live 0 h2" && want=6 n="A 1 (6.1.0-a) failed in round 2: ctxbench did not finish in time" ;;
		esac
		[ "$f" = boot ] || kernel vmlinuz-6.1.0-b "live 0 0"
		turns -N 2 -R 2 -a tcg --timeout 2 -c "$tmp/bin/ctxbench" -o "$tmp/f" "$a" "$b"
		[ "$rc" = "$want" ] && pass "$f" || fail "$f: exit $rc, expected $want: $err"
		[[ $err == *"$n"* ]] && pass "$f" || fail "$f: the side is not named '$n': $err"
		case $f in
		boot) want="$tmp/f-A-1-1.json $tmp/f-B-1-1.json $tmp/f-B-1-2.json $tmp/f-A-1-2.json" ;;
		*) want="$tmp/f-A-1-1.json $tmp/f-B-1-1.json $tmp/f-B-1-2.json" ;;
		esac
		reported
		[ "$reported" = "$want" ] &&
			pass "$f" || fail "$f: the runs saved are not reported: $(grep '^run ' <<<"$out")"
		saved=("$tmp"/f-*-*-*.json)
		[ -e "${saved[0]}" ] || saved=()
		read -ra words <<<"$want"
		[ "${#saved[@]}" = "${#words[@]}" ] && pass "$f" ||
			fail "$f: runs after the failure: $(ls "$tmp"/f-*.json)"
		live_left "live turns, a guest lost ($f)" ""
	done

	# A guest that hangs while it boots: given up at --boot-timeout, the
	# other guest stopped, status 4; stopped by SIGTERM meanwhile: 143.
	kernel hang "hang"
	kernel vmlinuz-6.1.0-a "live 0 0"
	rm -f "$tmp/boots" "$tmp/runs" "$tmp"/*.boots
	turns -N 2 -R 2 -a tcg --boot-timeout 3 -c "$tmp/bin/ctxbench" -o "$tmp/h" "$a" "$tmp/hang"
	[ "$rc" = 4 ] && grep -q "B 1 (hang) failed to boot: no init in time" <<<"$err" && pass "a guest hangs at boot" ||
		fail "a guest hangs at boot: exit $rc, expected 4: $err"
	[ -e "$tmp/runs" ] && fail "a guest hangs at boot: runs: $(<"$tmp/runs")" || pass "a guest hangs at boot: no run"
	live_left "a guest hangs at boot" ""
	TMPDIR=$tmp setsid "$src/tools/vmturns" -N 2 -R 2 -a tcg -c "$tmp/bin/ctxbench" \
		-o "$tmp/hs" "$a" "$tmp/hang" >/dev/null 2>"$tmp/err" &
	pid=$!
	within "holds '$tmp/hs-B-1.console' 'Linux version'" 100 || fail "SIGTERM at boot: B never booted"
	kill -TERM "$pid"
	{ wait "$pid"; } 2>/dev/null
	rc=$?
	[ "$rc" = 143 ] && pass "SIGTERM while the guests boot" || fail "SIGTERM while the guests boot: exit $rc, expected 143: $(<"$tmp/err")"
	live_left "SIGTERM while the guests boot" "$pid"

	# Stopped by a signal while A's guest runs: 128+N at once, the runs
	# before kept, both guests stopped, nothing left; killed outright,
	# nothing left either.
	kernel vmlinuz-6.1.0-a "live 0 h2"
	for sig in TERM INT KILL; do
		rm -f "$tmp/boots" "$tmp/runs" "$tmp"/*.boots "$tmp"/s-*
		if [ "$sig" = INT ]; then
			env --default-signal=INT true 2>/dev/null || { skip_check "SIGINT" "no env --default-signal (coreutils 8.31)"; continue; }
			TMPDIR=$tmp env --default-signal=INT setsid "$src/tools/vmturns" -N 2 -R 2 -a tcg \
				-c "$tmp/bin/ctxbench" -o "$tmp/s" "$a" "$b" >/dev/null 2>"$tmp/err" &
		else
			TMPDIR=$tmp setsid "$src/tools/vmturns" -N 2 -R 2 -a tcg \
				-c "$tmp/bin/ctxbench" -o "$tmp/s" "$a" "$b" >/dev/null 2>"$tmp/err" &
		fi
		pid=$!
		within "[ -f '$tmp/runs' ] && mapfile -t runs_seen <'$tmp/runs' && [ \${#runs_seen[@]} = 4 ]" 100 || fail "SIG$sig: A's second run never started"
		kill -"$sig" "$pid"
		{ wait "$pid"; } 2>/dev/null
		rc=$?
		signum "$sig"
		text_of "$tmp/err"
		if [ "$sig" != KILL ]; then
			[ "$rc" = $((128 + n)) ] && [[ $text == *"stopped by signal $n"* ]] && pass "SIG$sig" ||
				fail "SIG$sig: exit $rc, expected $((128 + n)): $(<"$tmp/err")"
			[ -s "$tmp/s-A-1-1.json" ] && [ -s "$tmp/s-B-1-2.json" ] && pass "SIG$sig" ||
				fail "SIG$sig: the runs before not kept"
		fi
		live_left "SIG$sig in live turns" "$pid"
	done
	summary
}

# No byte of stderr ($err) a terminal would take for a control: no C0
# but the new line, no DEL, no C1 (raw or as UTF-8), no bidirectional
# control; and $2 said as it is ($1 names the case).
escaped() { # case, text
	raw_control && fail "$1: raw control bytes on stderr: $(printf '%q' "$err")" || pass "$1: no raw control byte on stderr"
	[[ $err == *"$2"* ]] && pass "$1" || fail "$1: not said '$2': $(printf '%q' "$err")"
}
# Whether $err has such a byte, matched by bash byte by byte (C locale).
raw_control() {
	local LC_ALL=C re=$'[\x01-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xa8-\xae]|\xe2\x81[\xa6-\xa9]'
	[[ $err =~ $re ]]
}

# Every byte of the user's that vmrun and vmturns quote reaches stderr
# escaped (\xNN), and a label ctxbench's -n would refuse is refused by
# vmturns before any boot, exit 2.
tools_input() {
	local a=$tmp/vmlinuz-6.1.0-a b=$tmp/vmlinuz-6.1.0-b l want k i
	command -v flock >/dev/null && command -v setpriv >/dev/null ||
		skip "no flock or setpriv (Debian: util-linux)"
	fake_vm
	kernel vmlinuz-6.1.0-a "run"
	kernel vmlinuz-6.1.0-b "run"

	# Labels: ESC, BEL, a new line, a tab, C1's CSI, a bidirectional
	# override, a byte that is not UTF-8, 65 bytes; each as said.
	local labels=($'a\e[2Jb' 'a\x1b[2Jb' $'bel\a' 'bel\x07' $'x\ny' 'x\x0ay'
		$'t\tt' 't\x09t' $'c\xc2\x9bd' 'c\xc2\x9bd' $'e\xe2\x80\xaef' 'e\xe2\x80\xaef'
		$'n\xffu' 'n\xffu' "$(printf '%065d' 0)" "$(printf '%065d' 0)")
	for ((i = 0; i < ${#labels[@]}; i += 2)); do
		l=${labels[i]} want=${labels[i + 1]}
		rm -f "$tmp/boots"
		turns -N 1 -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/l" --label-a "$l" --label-b ok "$a" "$b"
		[ "$rc" = 2 ] && pass "--label-a $want" || fail "--label-a $want: exit $rc, expected 2: $(printf '%q' "$err")"
		escaped "--label-a $want" "--label-a: '$want' is "
		[ -e "$tmp/boots" ] && fail "--label-a $want: booted before refusing it" || pass "--label-a $want"
	done
	grep -q "'$(printf '%065d' 0)' is longer than 64 bytes" <<<"$err" && pass "a label of 65 bytes" ||
		fail "a label of 65 bytes: $err"
	# A label from the image's file name is its file name's rule's too.
	k=$tmp/$'k\e]0;x\a'
	cp "$a" "$k"
	turns -N 1 -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/l" --label-b ok "$k" "$b"
	[ "$rc" = 2 ] && pass "a label from a file name" || fail "a label from a file name: exit $rc, expected 2: $err"
	escaped "a label from a file name" "the label of A, from $tmp/k\\x1b]0;x\\x07 (give --label-a): 'k\\x1b]0;x\\x07' is not"
	[ -e "$tmp/boots" ] && fail "a label from a file name: booted" || pass "a label from a file name"
	rm -f "$k"
	# UTF-8 text and 64 bytes are labels.
	turns -N 1 -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/l" --label-a 'café ☕' \
		--label-b "$(printf '%064d' 0)" "$a" "$b"
	[ "$rc" = 0 ] && grep -q "'-n' 'café ☕' " "$tmp/l-A-1.json" && pass "UTF-8 and 64-byte labels" ||
		fail "UTF-8 and 64-byte labels: exit $rc: $err"

	# What else the tools quote: images, -o, numbers, CPU lists, options.
	vm -a tcg -c "$tmp/bin/ctxbench" $'/nonexistent/\e[31mk'
	[ "$rc" = 2 ] && pass "vmrun, an image" || fail "vmrun, an image: exit $rc"
	escaped "vmrun, an image" '/nonexistent/\x1b[31mk: cannot read'
	vm -a tcg -c "$tmp/bin/ctxbench" -o $'/nonexistent/o\e[1m' "$a"
	[ "$rc" = 2 ] && pass "vmrun -o" || fail "vmrun -o: exit $rc"
	escaped "vmrun -o" 'cannot write /nonexistent/o\x1b[1m.console'
	vm -a $'k\avm' "$a"
	escaped "vmrun -a" "--accel: 'k\\x07vm' is not"
	vm -m $'1\e' "$a"
	escaped "vmrun -m" "-m: '1\\x1b' is not"
	vm --host-cpus $'0\n1' "$a"
	escaped "vmrun --host-cpus" "--host-cpus: '0\\x0a1' is not"
	vm $'--x\e' "$a"
	escaped "vmrun, an option" "unknown option '--x\\x1b'"
	turns -a tcg -c "$tmp/bin/ctxbench" "$a" $'/nonexistent/\x9b2J'
	[ "$rc" = 2 ] && pass "vmturns, an image" || fail "vmturns, an image: exit $rc"
	escaped "vmturns, an image" '/nonexistent/\x9b2J: cannot read'
	turns -N $'\e' "$a" "$b"
	escaped "vmturns -N" "-N: '\\x1b' is not"
	turns -a tcg -c "$tmp/bin/ctxbench" -o $'/nonexistent/\e' "$a" "$b"
	escaped "vmturns -o" 'cannot write /nonexistent/\x1b.'
	turns -c $'/nonexistent/\e' -o "$tmp/c" "$a" "$b"
	escaped "vmturns -c" '/nonexistent/\x1b: not an executable'
	left_after "input" ""
	summary
}

# Two vmturns with one -o PREFIX: the second is refused at once (exit
# 2), touching nothing of the first's; once the first has ended, by a
# signal or killed outright, the prefix can be used again.
turns_lock() {
	local a=$tmp/vmlinuz-6.1.0-a b=$tmp/vmlinuz-6.1.0-b pid log n seen
	command -v flock >/dev/null && command -v setpriv >/dev/null ||
		skip "no flock or setpriv (Debian: util-linux)"
	fake_vm
	kernel vmlinuz-6.1.0-a "run"
	kernel vmlinuz-6.1.0-b "run"
	kernel hang "hang"

	for sig in TERM KILL; do
		rm -f "$tmp/boots" "$tmp"/k-*
		TMPDIR=$tmp setsid "$src/tools/vmturns" -N 1 -a tcg -c "$tmp/bin/ctxbench" \
			-o "$tmp/k" "$a" "$tmp/hang" >/dev/null 2>"$tmp/err1" &
		pid=$!
		within "holds '$tmp/k-B-1.console' 'Linux version'" 100 ||
			fail "SIG$sig: B never booted: $(<"$tmp/err1")"
		text_of "$tmp/k.log" && log=$text
		mapfile -t seen <"$tmp/boots" && n=${#seen[@]}
		# A's run, or none when A's stand-in boot failed (a loaded
		# machine can stop it before init): the second may not touch it
		# either way.
		rm -f "$tmp/A.json"
		[ ! -e "$tmp/k-A-1.json" ] || cp "$tmp/k-A-1.json" "$tmp/A.json"
		turns -N 1 -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/k" "$a" "$b"
		[ "$rc" = 2 ] && pass "a second vmturns, one prefix" || fail "a second vmturns, one prefix: exit $rc, expected 2: $err"
		own_words "a second vmturns, one prefix" "^vmturns: another vmturns writes with -o $tmp/k \\($tmp/k\\.lock is locked\\)"
		mapfile -t seen <"$tmp/boots"
		[ "${#seen[@]}" = "$n" ] && pass "not: the second vmturns booted" || fail "the second vmturns booted"
		# The first may go on writing its log (a line it had not yet
		# written when B's console said its first words): the second
		# must neither cut nor rewrite it, nor add to it.
		text_of "$tmp/k.log"
		[[ $text == "$log"* && $text != *"another vmturns"* ]] &&
			if [ -e "$tmp/A.json" ]; then cmp -s "$tmp/A.json" "$tmp/k-A-1.json"
			else [ ! -e "$tmp/k-A-1.json" ]; fi &&
			pass "not: the second vmturns touched the first's files" ||
			fail "the second vmturns touched the first's files: the log was:"$'\n'"$log"$'\n'"and is:"$'\n'"$text"
		running "$pid" && pass "not: the first vmturns stopped" || fail "the first vmturns stopped"
		if [ "$sig" = KILL ]; then
			kill -KILL -- -"$pid"
		else
			kill -TERM "$pid"
		fi
		{ wait "$pid"; } 2>/dev/null
		rc=$?
		[ "$sig" = KILL ] || { [ "$rc" = 143 ] && pass "SIGTERM" || fail "SIGTERM: exit $rc: $(<"$tmp/err1")"; }
		# Its vmrun's teardown (qemu stopped, the console's copy let
		# go) can take seconds on a loaded machine: the next run of
		# the same prefix must not start beside it.
		within "! session_alive $pid" 300 ||
			fail "SIG$sig: the first vmturns' session still alive after 30 s"
		[ "$sig" = KILL ] || { [ -e "$tmp/k.lock" ] && fail "SIGTERM: $tmp/k.lock left" || pass "SIGTERM"; }
		# The prefix is free again.
		turns -N 1 -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/k" "$a" "$b"
		[ "$rc" = 0 ] && [ -s "$tmp/k-B-1.json" ] && pass "after the first vmturns (SIG$sig)" ||
			fail "after the first vmturns (SIG$sig): exit $rc, expected 0: $err"
		[ -e "$tmp/k.lock" ] && fail "after SIG$sig: $tmp/k.lock left" || pass "after SIG$sig"
		left_after "one prefix, SIG$sig" "$pid"
	done
	summary
}

# Command $3... in a mount namespace of its own where $tmp/full is a
# tmpfs of 40 KiB, $1 KiB of it taken: sets rc, err and secs (the time
# it took, in whole seconds); 77 where no tmpfs can be mounted.
on_full() { # KiB taken, command...
	local taken=$1 t0=$SECONDS
	shift
	mkdir -p "$tmp/full"
	TMPDIR=$tmp unshare -m --propagation private sh -c '
		mount -t tmpfs -o size=40k vmfull "$0" 2>/dev/null || exit 77
		head -c "$1" /dev/zero >"$0/taken" 2>/dev/null
		shift
		exec "$@"' "$tmp/full" $((taken * 1024)) "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	text_of "$tmp/err" && err=$text secs=$((SECONDS - t0))
}

# A file system that is full (or over quota, or failing) where -o
# writes: said as the host's fault, exit 255, which stops a `git bisect
# run`, at once, never "the kernel did not start init".
tools_full() {
	local a=$tmp/vmlinuz-6.1.0-a b=$tmp/vmlinuz-6.1.0-b
	command -v flock >/dev/null && command -v setpriv >/dev/null ||
		skip "no flock or setpriv (Debian: util-linux)"
	command -v unshare >/dev/null || skip "no unshare (Debian: util-linux)"
	fake_vm
	kernel boot "boot 0 0"
	kernel vmlinuz-6.1.0-a "run"
	kernel vmlinuz-6.1.0-b "run"
	on_full 40 true
	[ "$rc" = 77 ] && skip "cannot mount a tmpfs in a mount namespace here"

	# vmrun: the console cannot be written.
	on_full 40 "$vmrun" -a tcg --boot-timeout 20 -c "$tmp/bin/ctxbench" -o "$tmp/full/v" "$tmp/boot"
	[ "$rc" = 255 ] && pass "vmrun, a full file system" || fail "vmrun, a full file system: exit $rc, expected 255: $err"
	own_words "vmrun, a full file system" "^vmrun: cannot write $tmp/full/v\\.console: No space left on device\$"
	[ "$secs" -lt 15 ] && pass "vmrun, a full file system" || fail "vmrun, a full file system: said after $secs s"
	left_after "vmrun, a full file system" ""
	# vmturns: PREFIX.log cannot be written, or (a page left for it) the
	# first boot's console.
	on_full 40 "$src/tools/vmturns" -N 2 -a tcg --boot-timeout 20 -c "$tmp/bin/ctxbench" \
		-o "$tmp/full/t" "$a" "$b"
	[ "$rc" = 255 ] && pass "vmturns, a full file system" || fail "vmturns, a full file system: exit $rc, expected 255: $err"
	own_words "vmturns, a full file system" "^vmturns: cannot write $tmp/full/t\\.log: No space left on device\$"
	rm -f "$tmp/boots"
	on_full 36 "$src/tools/vmturns" -N 2 -a tcg --boot-timeout 20 -c "$tmp/bin/ctxbench" \
		-o "$tmp/full/t" "$a" "$b"
	[ "$rc" = 255 ] && pass "vmturns, a full file system at the console" || fail "vmturns, a full file system at the console: exit $rc, expected 255: $err"
	grep -q "^vmrun: cannot write $tmp/full/t-A-1\\.console: No space left on device\$" <<<"$err" &&
		grep -q "^vmturns: A 1 (6.1.0-a) failed: the host could not write a file" <<<"$err" &&
		grep -q "^vmturns: stopping the turns" <<<"$err" && pass "vmturns, a full file system at the console" ||
		fail "vmturns, a full file system at the console: not said: $err"
	grep -q "did not start init\|no init" <<<"$err" && fail "the kernel blamed: $err" || pass "the kernel blamed"
	boot_order
	[ "$order" = "$a" ] && pass "boots after a full file system" || fail "boots after a full file system: $order"
	[ "$secs" -lt 15 ] && pass "vmturns, a full file system" || fail "vmturns, a full file system: said after $secs s"
	left_after "vmturns, a full file system" ""
	summary
}

# vmturns' signals whatever its stderr does (a pipe nobody reads, full),
# and its words at a signal and when a vmrun is killed.
turns_signals() {
	local a=$tmp/vmlinuz-6.1.0-a b=$tmp/vmlinuz-6.1.0-b pid sig n hold t f
	long_wanted
	command -v flock >/dev/null && command -v setpriv >/dev/null ||
		skip "no flock or setpriv (Debian: util-linux)"
	fake_vm
	kernel vmlinuz-6.1.0-a "run"
	kernel spew "spew"

	# -v, stderr a FIFO that the test holds and never reads: B's console
	# (200 KB) fills it, and vmturns, vmrun, its copy of the console and
	# the tee all wait on it.  Each signal still ends vmturns, 128+N,
	# within seconds, nothing left.
	for sig in TERM INT HUP; do
		rm -f "$tmp/boots" "$tmp"/s-* "$tmp/full.fifo"
		mkfifo "$tmp/full.fifo"
		exec {hold}<>"$tmp/full.fifo"
		if [ "$sig" = INT ]; then
			env --default-signal=INT true 2>/dev/null || { echo "no env --default-signal: SIGINT not tried"; exec {hold}>&-; continue; }
			TMPDIR=$tmp env --default-signal=INT setsid "$src/tools/vmturns" -v -N 2 -a tcg \
				-c "$tmp/bin/ctxbench" -o "$tmp/s" "$a" "$tmp/spew" >/dev/null 2>"$tmp/full.fifo" &
		else
			TMPDIR=$tmp setsid "$src/tools/vmturns" -v -N 2 -a tcg \
				-c "$tmp/bin/ctxbench" -o "$tmp/s" "$a" "$tmp/spew" >/dev/null 2>"$tmp/full.fifo" &
		fi
		pid=$!
		within "longer '$tmp/s-B-1.console' 150000" 150 ||
			fail "SIG$sig: B's console never came"
		# What the pipe holds, no more: its writers wait.
		sleep 1
		signum "$sig"
		t=$SECONDS
		kill -"$sig" "$pid"
		if within "! running $pid" 100; then
			wait "$pid" 2>/dev/null
			rc=$?
			[ "$rc" = $((128 + n)) ] && pass "SIG$sig, stderr full" ||
				fail "SIG$sig, stderr full: exit $rc, expected $((128 + n))"
		else
			fail "SIG$sig, stderr full: still running after $((SECONDS - t)) s"
			kill -KILL -- -"$pid"
			wait "$pid" 2>/dev/null
		fi
		exec {hold}>&-
		live_left "SIG$sig, stderr full" "$pid"
		rm -f "$tmp/full.fifo"
	done

	# vmrun -v alone, the same.
	rm -f "$tmp/full.fifo" "$tmp"/v.*
	mkfifo "$tmp/full.fifo"
	exec {hold}<>"$tmp/full.fifo"
	TMPDIR=$tmp setsid "$vmrun" -v -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/v" "$tmp/spew" \
		>/dev/null 2>"$tmp/full.fifo" &
	pid=$!
	within "longer '$tmp/v.console' 150000" 150 ||
		fail "vmrun: the console never came"
	sleep 1
	kill -TERM "$pid"
	if within "! running $pid" 100; then
		wait "$pid" 2>/dev/null
		rc=$?
		[ "$rc" = 143 ] && pass "vmrun, SIGTERM, stderr full" || fail "vmrun, SIGTERM, stderr full: exit $rc, expected 143"
	else
		fail "vmrun, SIGTERM, stderr full: still running"
		kill -KILL -- -"$pid"
		wait "$pid" 2>/dev/null
	fi
	exec {hold}>&-
	left_after "vmrun, SIGTERM, stderr full" "$pid"
	rm -f "$tmp/full.fifo"

	# Stopped while a live guest runs: every run kept is named, one a
	# line, whatever the trap interrupted (a read with IFS empty).
	kernel vmlinuz-6.1.0-a "live 0 h2"
	kernel vmlinuz-6.1.0-b "live 0 0"
	rm -f "$tmp/boots" "$tmp/runs" "$tmp"/*.boots "$tmp"/s-*
	TMPDIR=$tmp setsid "$src/tools/vmturns" -N 2 -R 2 -a tcg \
		-c "$tmp/bin/ctxbench" -o "$tmp/s" "$a" "$b" >/dev/null 2>"$tmp/err" &
	pid=$!
	within "[ -f '$tmp/runs' ] && mapfile -t runs_seen <'$tmp/runs' && [ \${#runs_seen[@]} = 4 ]" 100 || fail "A's second run never started"
	sleep 0.5
	kill -TERM "$pid"
	{ wait "$pid"; } 2>/dev/null
	rc=$?
	text_of "$tmp/err" && err=$text
	[ "$rc" = 143 ] && pass "SIGTERM in live turns" || fail "SIGTERM in live turns: exit $rc: $err"
	grep -q "^vmturns: stopped by signal 15; kept 3 saved runs:\$" <<<"$err" && pass "SIGTERM" ||
		fail "SIGTERM: the kept runs not counted: $err"
	for f in A-1-1 B-1-1 B-1-2; do
		grep -qx "vmturns:   $tmp/s-$f.json" <<<"$err" && pass "SIGTERM" ||
			fail "SIGTERM: $f not named on a line of its own: $err"
	done
	live_left "SIGTERM in live turns" "$pid"

	# A vmrun killed outright (not vmturns): said in vmturns' words, no
	# job text of bash's, status 254, not vmturns' own 128+N.
	kernel vmlinuz-6.1.0-a "run"
	kernel hang "hang"
	rm -f "$tmp/boots" "$tmp"/s-*
	TMPDIR=$tmp "$src/tools/vmturns" -N 2 -a tcg -c "$tmp/bin/ctxbench" -o "$tmp/s" \
		"$a" "$tmp/hang" >"$tmp/out" 2>"$tmp/err" &
	pid=$!
	within "holds '$tmp/s-B-1.console' 'Linux version'" 100 || fail "B never booted"
	pkill -KILL -f "vmrun .*-o $tmp/s-B-1 " || fail "no vmrun of B to kill"
	wait "$pid"
	rc=$?
	text_of "$tmp/err" && err=$text
	[ "$rc" = 254 ] && pass "a vmrun killed" || fail "a vmrun killed: exit $rc, expected 254: $err"
	own_words "a vmrun killed" "^vmturns: B 1 \\(hang\\) failed: vmrun of B boot 1 was killed by signal 9 \\(SIGKILL\\)"
	grep -q 'Killed\|line [0-9]' "$tmp/err" "$tmp/s.log" && fail "bash's job text: $(cat "$tmp/err" "$tmp/s.log")" || pass "no job text of bash's"
	grep -q "^run $tmp/s-A-1.json\$" "$tmp/out" && pass "a vmrun killed" || fail "a vmrun killed: A's run not reported"
	left_after "a vmrun killed" ""
	summary
}

# Stand-ins for apt-cache, apt-get and dpkg-deb in $tmp/apt: the lists
# hold releases 6.1.0-7 and -9 (generic and rt); apt-get download fails
# (FAKE_APT=fail), hangs (hang) or writes a .deb; dpkg-deb gives the tar
# of its image, or bytes that are not a tar (FAKE_DPKG=bad).
fake_apt() {
	mkdir -p "$tmp/apt" && mkfifo "$tmp/apt/nap" || { fail "cannot make $tmp/apt"; summary; exit 1; }
	# Each takes apt's -c and -o options first, as debian-kernels gives
	# them for Debian 13's lists; its pkgnames are those of the lists it
	# is given.
	cat >"$tmp/apt/apt-cache" <<'EOF'
#!/usr/bin/env bash
own=0
while [ "${1:-}" = -o ] || [ "${1:-}" = -c ]; do
	[[ $2 == Dir::State=* ]] && own=1
	shift 2
done
case $1 in
pkgnames)
	if [ "$own" = 1 ]; then
		printf 'linux-image-6.12.%s\n' 9+deb13-amd64 9+deb13-rt-amd64 \
			10+deb13-amd64 10+deb13-rt-amd64 11+deb13-amd64 11+deb13-amd64-dbg
	else
		printf 'linux-image-6.1.0-%s\n' 7-amd64 7-rt-amd64 9-amd64 9-rt-amd64
	fi
	;;
show) exit 0 ;;
esac
EOF
	cat >"$tmp/apt/apt-get" <<'EOF'
#!/usr/bin/env bash
# apt-get [-c FILE] [-o OPTION]... indextargets|update|download -q linux-image-RELEASE
while [ "${1:-}" = -o ] || [ "${1:-}" = -c ]; do
	shift 2
done
case $1 in
indextargets) echo "http://archive.invalid/debian/" && exit 0 ;;
update) [ "${FAKE_UPDATE:-ok}" = fail ] && exit 100; exit 0 ;;
esac
case ${FAKE_APT:-ok} in
fail) echo "E: cannot download $3" >&2 && exit 100 ;;
hang) read -r -t 600 <>"${0%/*}/nap" ;;
esac
echo "${3#linux-image-}" >"${3}_1_amd64.deb"
EOF
	cat >"$tmp/apt/dpkg-deb" <<'EOF'
#!/usr/bin/env bash
# dpkg-deb --fsys-tarfile DEB
[ "${FAKE_DPKG:-ok}" = bad ] && { echo "not a tar"; exit 0; }
release=$(<"$2")
printf 'an image of %s\n' "$release" >"${0%/*}/image"
tar -c -C "${0%/*}" --transform "s|^image\$|./boot/vmlinuz-$release|" image
EOF
	chmod 755 "$tmp/apt/"*
}

# tools/debian-kernels into $tmp/k; sets rc, out, err.
fetch() {
	PATH=$tmp/apt:$PATH "$src/tools/debian-kernels" "$tmp/k" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	out=$(<"$tmp/out") err=$(<"$tmp/err")
}

no_fetch_left() { # what
	local left
	left=$(ls -A "$tmp/k" | grep '^\.fetch\.')
	[ -z "$left" ] && pass "$1" || fail "$1: left in $tmp/k: $left"
}

# debian-kernels' faults, with stand-ins for apt and dpkg-deb.
fetch_faults() {
	local k=$tmp/k pid t
	command -v flock >/dev/null || skip "no flock (Debian: util-linux)"
	fake_apt

	# A failed unpack or download: exit 3, no image, nothing left.
	FAKE_DPKG=bad fetch
	[ "$rc" = 3 ] && grep -q "cannot unpack vmlinuz-6.1.0-9-amd64" <<<"$err" &&
		pass "a failed unpack" || fail "a failed unpack: exit $rc, expected 3: $err"
	no_fetch_left "a failed unpack"
	ls "$k"/vmlinuz-* >/dev/null 2>&1 && fail "a failed unpack left an image" || pass "not: a failed unpack left an image"
	FAKE_APT=fail fetch
	[ "$rc" = 3 ] && grep -q "cannot download linux-image-6.1.0-9-amd64" <<<"$err" &&
		pass "a failed download" || fail "a failed download: exit $rc, expected 3: $err"
	no_fetch_left "a failed download"

	# Stopped by a signal while downloading: exit 128+N at once, the
	# download stopped, nothing left.  (Not SIGINT: a command started in
	# the background by a script ignores it, and cannot trap it.)
	for sig in TERM HUP; do
		FAKE_APT=hang PATH=$tmp/apt:$PATH setsid "$src/tools/debian-kernels" "$k" \
			>/dev/null 2>"$tmp/err" &
		pid=$!
		within "pgrep -f '$tmp/apt/apt-get' >/dev/null" 100
		kill -"$sig" "$pid"
		{ wait "$pid"; } 2>/dev/null
		rc=$?
		t=$(kill -l "$sig")
		[ "$rc" = $((128 + t)) ] && pass "SIG$sig while downloading" ||
			fail "SIG$sig while downloading: exit $rc, expected $((128 + t)): $(<"$tmp/err")"
		within "! session_alive $pid" 50 && pass "SIG$sig" ||
			fail "SIG$sig: processes outlived debian-kernels: $(ps -o pid=,args= -s "$pid" | tr '\n' ';')"
		pkill -KILL -s "$pid"
		no_fetch_left "SIG$sig while downloading"
	done

	# Killed outright with its download: the next run removes what was
	# left, fetches both images and prints their paths, generic first.
	FAKE_APT=hang PATH=$tmp/apt:$PATH setsid "$src/tools/debian-kernels" "$k" \
		>/dev/null 2>&1 &
	pid=$!
	within "pgrep -f '$tmp/apt/apt-get' >/dev/null" 100
	kill -KILL -- -"$pid"
	wait "$pid" 2>/dev/null
	ls -A "$k" | grep -q '^\.fetch\.' && pass "killed outright" ||
		fail "killed outright: no fetch left to remove (test broken)"
	fetch
	# 6.1's two first, as scripts read them, then the newest 6.12 with
	# both flavours (10, not 11 without its RT, nor 9).
	[ "$rc" = 0 ] && [ "$out" = "$k/vmlinuz-6.1.0-9-amd64
$k/vmlinuz-6.1.0-9-rt-amd64
$k/vmlinuz-6.12.10+deb13-amd64
$k/vmlinuz-6.12.10+deb13-rt-amd64" ] && pass "a fetch" || fail "a fetch: exit $rc, out '$out': $err"
	no_fetch_left "after a run killed outright"
	[ "$(cat "$k/vmlinuz-6.1.0-9-rt-amd64" 2>&1)" = "an image of 6.1.0-9-rt-amd64" ] &&
		pass "not: the rt image is not the package's" || fail "the rt image is not the package's"
	[ "$(cat "$k/vmlinuz-6.12.10+deb13-rt-amd64" 2>&1)" = "an image of 6.12.10+deb13-rt-amd64" ] &&
		pass "not: the 6.12 rt image is not the package's" || fail "the 6.12 rt image is not the package's"
	# Debian 13's lists in DIR's own apt state, never the machine's.
	grep -q '^deb .*http://archive.invalid/debian/ trixie main$' "$k/.apt-trixie/sources.list" 2>/dev/null &&
		pass "not: no trixie sources list of its own" || fail "no trixie sources list of its own: $(cat "$k/.apt-trixie/sources.list" 2>&1)"
	grep -q '^#clear APT::Update::Post-Invoke-Success;$' "$k/.apt-trixie/apt.conf" 2>/dev/null &&
		pass "not: the machine's update hooks kept" || fail "the machine's update hooks kept: $(cat "$k/.apt-trixie/apt.conf" 2>&1)"
	# What DIR holds is not fetched again: a download would fail.  Lists
	# that cannot be brought up to date (no network) are said, and the
	# earlier ones serve.
	FAKE_APT=fail FAKE_UPDATE=fail fetch
	[ "$rc" = 0 ] && [ "$(wc -l <<<"$out")" = 4 ] && pass "fetched again" || fail "fetched again: exit $rc: $err"
	grep -q "could not update Debian 13's lists" <<<"$err" && pass "not: a failed update not said" ||
		fail "a failed update not said: $err"
	# A 6.12 download that fails: 3, after the 6.1 paths.
	rm -f "$k"/vmlinuz-6.12.*
	FAKE_APT=fail fetch
	[ "$rc" = 3 ] && grep -q "cannot download linux-image-6.12.10+deb13-amd64" <<<"$err" &&
		[ "$out" = "$k/vmlinuz-6.1.0-9-amd64
$k/vmlinuz-6.1.0-9-rt-amd64" ] && pass "a failed 6.12 download" ||
		fail "a failed 6.12 download: exit $rc, expected 3, out '$out': $err"
	no_fetch_left "a failed 6.12 download"
	summary
}

# tools/bisect-step $@ from the kernel tree $tmp/linux; sets rc, out, err.
step() {
	(cd "$tmp/linux" && TMPDIR=$tmp "$src/tools/bisect-step" "$@") >"$tmp/out" 2>"$tmp/err"
	rc=$?
	out=$(<"$tmp/out") err=$(<"$tmp/err")
}
# Step $1's exit status is $2, its stderr says $3.
step_is() { # what, status, words
	[ "$rc" = "$2" ] && grep -q -- "$3" <<<"$err" && pass "$1: exit $2" ||
		fail "$1: exit $rc, expected $2 and '$3': $err"
}

# tools/bisect-step with the stand-in qemu, 2 boots a side, over a
# scratch kernel tree of 8 commits whose "bzImage" (a stand-in kernel
# file) is fast at the first five and 20 % slower from the sixth: git
# bisect run finds the sixth.
# Then each exit status: 0, 1, 125 (no boot, not judged), 255 (an image
# that is not a kernel, qemu missing, the good kernel failing, a saved
# run the report cannot read), 2 (usage).  Real saved runs, reshaped.
bisect_step() {
	local bin=$1 k=$tmp/linux/arch/x86/boot/bzImage i bad first last
	long_wanted
	command -v git >/dev/null || skip "no git"
	command -v flock >/dev/null && command -v setpriv >/dev/null ||
		skip "no flock or setpriv (Debian: util-linux)"
	fake_vm
	# The guest's ctxbench is never run; the host's reports, for real.
	printf '#!/bin/sh\nexec %q "$@"\n' "$bin" >"$tmp/bin/ctxbench"
	for i in 0 1 2; do
		"$bin" -b pipe -P same -t 0.02 -r 2 -q -n @LABEL@ -o "$tmp/tpl-$i.json" >/dev/null ||
			{ fail "a run for the saved runs failed"; summary; return; }
	done
	kernel good "saved 100000"
	mkdir -p "$tmp/linux/arch/x86/boot" && git -C "$tmp/linux" init -q &&
		git -C "$tmp/linux" config user.email t@example.org &&
		git -C "$tmp/linux" config user.name t || fail "git init"
	printf 'arch/x86/boot/bzImage.boots\n' >"$tmp/linux/.gitignore"
	for i in 1 2 3 4 5 6 7 8; do
		if [ "$i" -lt 6 ]; then
			kernel linux/arch/x86/boot/bzImage "saved 100000"
		else
			kernel linux/arch/x86/boot/bzImage "saved 80000"
		fi
		echo "$i" >"$tmp/linux/version"
		git -C "$tmp/linux" add -A && git -C "$tmp/linux" commit -q -m "commit $i" ||
			fail "commit $i"
	done
	bad=$(git -C "$tmp/linux" rev-parse HEAD~2) last=$(git -C "$tmp/linux" rev-parse HEAD)
	first=$(git -C "$tmp/linux" rev-list --max-parents=0 HEAD)
	local opts=(-c "$tmp/bin/ctxbench" -N 2 -a tcg -o "$tmp/s") g=(-g "$tmp/good")
	local ctx=(-- -b pipe -P same -t 0.02 -r 2)

	# The bisection: the sixth commit, in three steps.
	(cd "$tmp/linux" && git bisect start HEAD "$first" >/dev/null &&
		TMPDIR=$tmp git bisect run "$src/tools/bisect-step" "${g[@]}" "${opts[@]}" "${ctx[@]}") \
		>"$tmp/bisect.out" 2>&1
	rc=$?
	grep -q "^$bad is the first bad commit" "$tmp/bisect.out" && [ "$rc" = 0 ] &&
		pass "git bisect run found commit 6" ||
		fail "git bisect run found commit 6: exit $rc, $(grep 'first bad' "$tmp/bisect.out"), expected $bad: $(tail -n 30 "$tmp/bisect.out")"
	git -C "$tmp/linux" bisect reset >/dev/null 2>&1
	[ "$(git -C "$tmp/linux" rev-parse HEAD)" = "$last" ] && pass "git bisect reset" ||
		fail "git bisect reset: not back at the last commit"

	# Each status by hand: the last commit is slow, the first fast.
	step "${g[@]}" "${opts[@]}" "${ctx[@]}"
	step_is "slower" 1 "slower than the good kernel by more than 5 % in some row (bad)"
	grep -q '^pipe' <<<"$out" && [ -s "$tmp/s.verdict" ] && pass "the report printed and kept" ||
		fail "the report printed and kept: $out"
	step -p 25 "${g[@]}" "${opts[@]}" "${ctx[@]}"
	step_is "-p 25" 0 "not slower than the good kernel by more than 25 % (good)"
	git -C "$tmp/linux" checkout -q "$first"
	step "${g[@]}" "${opts[@]}" "${ctx[@]}"
	step_is "not slower" 0 "(good)"
	# One boot each: too few replicates, the row not judged; under TCG,
	# which is said.
	step "${g[@]}" "${opts[@]}" -N 1 "${ctx[@]}"
	step_is "-N 1" 125 "cannot judge a change of 5 %"
	grep -q "ran under TCG: emulated" <<<"$err" && pass "TCG said" || fail "TCG said: $err"
	# The candidate panics at its second boot: skipped.
	echo 0 >"$k.boots"
	kernel linux/arch/x86/boot/bzImage "saved 100000 p2"
	step "${g[@]}" "${opts[@]}" "${ctx[@]}"
	step_is "a candidate that panics" 125 "ran ctxbench in 1 of 2 boots"
	# The good kernel panics: the setup, for every commit.
	kernel linux/arch/x86/boot/bzImage "saved 100000"
	kernel good3 "saved 100000 p1"
	step -g "$tmp/good3" "${opts[@]}" -N 1 "${ctx[@]}"
	step_is "a good kernel that panics" 255 "the good image ran ctxbench in 0 of 1 boots"
	# A candidate that does not boot (qemu refuses it): 255, as at every
	# commit; a file that is no kernel: 255, before any boot.
	kernel linux/arch/x86/boot/bzImage "junk"
	step "${g[@]}" "${opts[@]}" "${ctx[@]}"
	step_is "qemu refuses the image" 255 "vmturns exited 3"
	echo "not a kernel" >"$k"
	rm -f "$tmp/boots"
	step "${g[@]}" "${opts[@]}" "${ctx[@]}"
	step_is "not a kernel" 255 "not a kernel image"
	[ -e "$tmp/boots" ] && fail "a boot of a file that is no kernel" || pass "not: a boot of a file that is no kernel"
	rm -f "$k"
	step "${g[@]}" "${opts[@]}" "${ctx[@]}"
	step_is "no bzImage" 255 "after make bzImage"
	# A saved run the report cannot read.
	kernel linux/arch/x86/boot/bzImage "saved 100000 junk"
	step "${g[@]}" "${opts[@]}" -N 1 "${ctx[@]}"
	step_is "a damaged saved run" 255 "saved run the report cannot read"
	# No qemu: the stand-in's bin alone (and the tools') in PATH.
	kernel linux/arch/x86/boot/bzImage "saved 100000"
	mkdir -p "$tmp/noqemu"
	for i in bash sh awk sed grep dd tr od head cat rm mkdir mktemp dirname \
		basename flock setpriv stat tee sleep ldd cp chmod find cpio busybox \
		git mkfifo kill date cut base64 wc ls env; do
		[ -e "$tmp/noqemu/$i" ] || ln -s "$(PATH=$tmp/bin:$PATH command -v "$i")" "$tmp/noqemu/$i" 2>/dev/null
	done
	PATH=$tmp/noqemu step "${g[@]}" "${opts[@]}" "${ctx[@]}"
	step_is "no qemu" 255 "vmturns exited 3"
	grep -q "qemu-system-x86_64 not found" "$tmp/s.log" && pass "no qemu: named" ||
		fail "no qemu: not named in $tmp/s.log: $(<"$tmp/s.log")"
	# Usage: 2, before any boot.
	rm -f "$tmp/boots"
	step "${ctx[@]}"
	step_is "no -g" 2 "no good image: give -g"
	step -g "$tmp/good" -N 0
	step_is "-N 0" 2 "is not a whole number"
	step -g "$tmp/good" -p five
	step_is "-p five" 2 "is not a percent"
	step -g "$tmp/good" --bogus
	step_is "an unknown option" 2 "unknown option '--bogus'"
	step -g "$tmp/good" "$tmp/good" extra
	step_is "a word before --" 2 "come after --"
	[ -e "$tmp/boots" ] && fail "a boot before the usage was checked" || pass "not: a boot before the usage was checked"
	step --help
	[ "$rc" = 0 ] && grep -q '^usage: tools/bisect-step' <<<"$out" && pass "--help" || fail "--help: exit $rc"
	left_after "bisect-step" ""
	summary
}

case "${1:-}" in
input) tools_input ;;
lock) turns_lock ;;
full) tools_full ;;
signals) turns_signals ;;
vmrun) vmrun_faults ;;
turns) vmturns_faults ;;
live) vmturns_live ;;
words) tools_words ;;
live-real) live_real "$2" "${3:-}" tcg ;;
live-kvm) live_real "$2" "${3:-}" kvm ;;
fetch) fetch_faults ;;
bisect) bisect_step "$2" ;;
kernels) kernels "$2" "${3:-}" ;;
newmechs) new_mechs "$2" "${3:-}" ;;
faults) faults "${2:-}" ;;
*)
	echo "usage: $0 kernels BIN STATIC_BIN | faults STATIC_BIN | vmrun | turns | live | words | input | lock | full | signals | live-real BIN STATIC_BIN | live-kvm BIN STATIC_BIN | fetch | bisect BIN" >&2
	exit 2
	;;
esac
