#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The participants' cgroups (-G, --cgroup-depth) through the binary: the
# rows measured, each participant in the cgroup it should be in while the
# run goes (/proc/PID/cgroup), the run's words saved and reported, and no
# cgroup left after a normal end, a SIGTERM, a SIGKILL of ctxbench (its
# guard removes them) or of its whole group; refused before anything runs
# where they cannot be made (as nobody, without cgroup v2, with -T).
# After each run: no process and no IPC object left.
# usage: cgroups.sh CASE BIN   (CASE: see the list at the bottom)
#
# It runs as root in a cgroup of its own (cgtest-PID below its own),
# in a cgroup namespace rooted there with the cgroup2 file system mounted
# again: the cgroups ctxbench makes are then this test's alone to count,
# whatever else runs on the machine, and the cgroup is removed after it.
set -u
. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh).  What they check holds on a loaded
# machine; refused runs as nobody, beside no other test that does.
p="timeout=180"
tests=(
	"cgroups-apart apart @BIN@ | $p cost=25"
	"cgroups-depth depth @BIN@ | $p cost=25"
	"cgroups-nested nested @BIN@ | $p cost=10"
	"cgroups-refused refused @BIN@ | $p lock=nobody"
)
list_tests "$@"
case=$1
bin=$2
isolate "$@"
nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups)

# Where the cgroup v2 hierarchy is mounted, and this process's cgroup in
# it (/proc/self/mountinfo's cgroup2 line, /proc/self/cgroup's 0:: line).
v2_mount() { awk '/ - cgroup2 / { print $5; exit }' /proc/self/mountinfo; }
v2_self() { sed -n 's/^0:://p' /proc/self/cgroup; }

# Kill what is in cgroup directory $1 and below, and remove them all.
v2_remove() {
	local d
	while IFS= read -r d; do
		echo 1 >"$d/cgroup.kill" 2>/dev/null
		rmdir "$d" 2>/dev/null || { sleep 0.2; rmdir "$d"; } ||
			[ ! -d "$d" ]
	done < <(find "$1" -depth -type d)
}

# Run the case again in a cgroup of its own and a cgroup namespace rooted
# there, with a mount namespace of its own where the cgroup2 file system
# mounted at $mnt is that namespace's; afterwards that cgroup goes, and
# with it whatever the case left there (which its checks have said), or
# was still doing when a signal ended it.
own_cgroup() {
	local own rc i
	[ "$(id -u)" -eq 0 ] || skip "needs root to make cgroups"
	mnt=$(v2_mount)
	[ -n "$mnt" ] || return 1
	if [ -z "${CGROUPS_SH_OWN:-}" ]; then
		own=$mnt$(v2_self)
		own=${own%/}/cgtest-$$
		mkdir "$own" || { echo "FAIL: mkdir $own" >&2; exit 1; }
		# Whatever ends it (ctest's timeout too): the cgroup goes.
		trap 'v2_remove "$own"' EXIT
		trap 'exit 129' HUP
		trap 'exit 130' INT
		trap 'exit 143' TERM
		(
			echo 0 >"$own/cgroup.procs" || exit 1
			CGROUPS_SH_OWN=$own exec unshare --cgroup --mount \
				--propagation private "$0" "$case" "$bin"
		) &
		wait $!
		rc=$?
		# A guard of a case cut short may still be at work.
		for ((i = 0; i < 50; i++)); do
			[ -z "$(find "$own" -mindepth 1 -type d)" ] && break
			sleep 0.1
		done
		if [ -n "$(find "$own" -mindepth 1 -type d)" ]; then
			echo "FAIL: cgroups left under $own: $(find "$own" -mindepth 1 -type d)" >&2
			rc=1
		fi
		exit $rc
	fi
	umount -l "$mnt" && mount -t cgroup2 none "$mnt" ||
		{ echo "FAIL: cannot mount cgroup2 at $mnt" >&2; exit 1; }
	return 0
}
if [ "$case" = refused ]; then
	own_cgroup || mnt=
else
	own_cgroup || skip "no cgroup v2 hierarchy mounted here"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out_f=$tmp/out err_f=$tmp/err
. "${0%/*}/session.sh"

# The cgroups ctxbench made, in $left: none may be there between runs.
cg_scan() {
	local d
	left=
	for d in "$mnt"/ctxbench-*; do
		[ -e "$d" ] && left+=" ${d##*/}"
	done
	return 0
}
# None left within 5 s (the guard kills and waits for what is in them).
cg_left() {
	local i
	for ((i = 0; i < 100; i++)); do
		cg_scan
		[ -z "$left" ] && break
		nap 0.05
	done
	[ -z "$left" ] && pass "$1: no cgroup left" || fail "$1: cgroups left:$left"
}

# The cgroup of process $1 below ours, in $cg ("" when it is gone).
cgroup_of() {
	local line
	cg=
	while IFS= read -r line; do
		[[ $line == 0::* ]] && cg=${line#0::}
	done <"/proc/$1/cgroup" 2>/dev/null
	return 0
}

# While ctxbench $pid runs: its participants (processes, or with -T the
# processes that hold them) each in a cgroup whose path below ours
# matches the regular expression $2 (PID for ctxbench's pid), $3 distinct
# ones among them, there below $mnt.  Each enters its own before it says
# it is ready: one just forked is waited for, up to 10 s.
in_cgroups() {
	local what=$1 want=${2//PID/$pid} n=$3 k i all=() seen=() bad made
	for ((i = 0; i < 500; i++)); do
		all=() seen=() bad= made=
		participants 1
		for k in "${kids[@]}"; do
			cgroup_of "$k"
			[ -z "$cg" ] && continue # ended meanwhile
			[ -d "$mnt$cg" ] && made=1
			all+=("$k:$cg")
			[[ $cg =~ $want ]] || bad+=" $k:$cg"
			[[ " ${seen[*]} " == *" $cg "* ]] || seen+=("$cg")
		done
		[ "${#all[@]}" -gt 0 ] && [ -z "$bad" ] &&
			[ "${#seen[@]}" -eq "$n" ] && break
		running "$pid" || break
		nap 0.02
	done
	[ "${#all[@]}" -gt 0 ] && [ -z "$bad" ] &&
		pass "$what: the participants in $want" ||
		fail "$what: participants not in $want:${bad:- none seen}"
	[ "${#seen[@]}" -eq "$n" ] && pass "$what: $n cgroups among them" ||
		fail "$what: ${#seen[@]} cgroups among them, not $n: ${all[*]}"
	[ -n "$made" ] && pass "$what: made below ctxbench's cgroup, $mnt" ||
		fail "$what: none of them under $mnt while it runs: ${all[*]}"
}

# A run of ctxbench with @3...: measured, the participants in cgroups of
# the regular expression $1, $2 of them, the parameters saved as the
# JSON fragment $json says and the Run information as $info; then nothing
# left.
run_in() {
	local re=$1 n=$2 what="${*:3}"
	shift 2
	start "$bin" -b pipe,futex -t 1 -r 1 -n cg -o "$tmp/cg.json" "$@"
	in_cgroups "$what" "$re" "$n"
	finish
	expect_rc "$what" 0
	kv=$("$bin" report --format kv "$tmp/cg.json")
	grep -Eq '^pipe\..*\.loops_per_sec: [1-9]' <<<"$kv" &&
		grep -Eq '^futex\..*\.loops_per_sec: [1-9]' <<<"$kv" &&
		pass "$what: its rows measured" || fail "$what: rows: $kv"
	tr -d ' \n' <"$tmp/cg.json" | grep -qF "$json" &&
		pass "$what: saved" || fail "$what: no $json in $(<"$tmp/cg.json")"
	grep -Eq "^  Cgroups +$info; cpu (on|off: )" <<<"$out" &&
		pass "$what: in the Run information" ||
		fail "$what: no Cgroups $info in: $out"
	cg_left "$what"
	check_clean "$what"
}

# The same stopped by signal $1 once it measures (TERM: by ctxbench;
# KILL: by its guard; group: SIGKILL to its whole process group), the
# participants in the cgroups of $2, $3 of them.
stopped() {
	local how=$1 re=$2 n=$3 what="$1 ${*:4}"
	shift 3
	start "$bin" -b pipe -t 5 -r 1 -n cg "$@"
	in_cgroups "$what" "$re" "$n"
	# In the measured window, or about to be.
	nap 0.3
	case $how in
	group) kill -KILL -- -"$pid" ;;
	*) kill -"$how" "$pid" ;;
	esac
	finish
	case $how in
	TERM) expect_rc "$what" 143 ;;
	*) expect_rc "$what" 137 ;;
	esac
	cg_left "$what"
	check_clean "$what"
}

# -G: perf bench sched pipe -G A,B, a cgroup a participant of the ring,
# one level below ctxbench's; each of two rings' alike.
apart() {
	local how
	json='"cgroup_depth":1,"cgroups_apart":true}'
	info="1 level, apart"
	run_in '^/ctxbench-PID-p[0-2]$' 3 -G -p 3
	run_in '^/ctxbench-PID-p[01]$' 2 -G -j 2
	for how in TERM KILL group; do
		stopped "$how" '^/ctxbench-PID-p[01]$' 2 -G
	done
}

# --cgroup-depth: the ring in one cgroup, four levels below ctxbench's.
depth() {
	local how
	json='"seed":0,"cgroup_depth":4}'
	info="4 levels"
	run_in '^/ctxbench-PID/2/3/4$' 1 --cgroup-depth 4
	for how in TERM KILL group; do
		stopped "$how" '^/ctxbench-PID/2/3/4$' 1 --cgroup-depth 4
	done
}

# Both: a leaf each participant, three levels down; and threads, their
# process in one cgroup.
nested() {
	json='"cgroup_depth":3,"cgroups_apart":true}'
	info="3 levels, apart"
	run_in '^/ctxbench-PID/2/3-p[01]$' 2 --cgroup-depth 3 -G
	json='"seed":0,"cgroup_depth":2}'
	info="2 levels"
	run_in '^/ctxbench-PID/2$' 1 --cgroup-depth 2 -T -p 4
}

# Refused before anything runs, exit status 2 and one line: $1 names it,
# $2 is the line's regular expression, the rest what runs ctxbench.
refused_run() {
	local what=$1 re=$2
	shift 2
	start "$@"
	finish
	expect_rc "$what" 2
	[ "$(wc -l <<<"$err")" -eq 1 ] && [[ $err =~ $re ]] &&
		pass "$what: one line says why" || fail "$what: stderr: $err"
	[ -z "$out" ] && pass "$what: nothing ran" || fail "$what: something ran: $out"
	check_clean "$what"
}

# Where ctxbench may not make them: as nobody (no right under ours, a
# directory of root's), where no cgroup2 is mounted, and -G with -T.
refused() {
	local hint='\(run as root or in a delegated cgroup\)$'
	if [ -z "$mnt" ]; then
		skip_check "refused as nobody" "no cgroup v2 hierarchy mounted here"
	elif ! "${nobody[@]}" "$bin" --version >/dev/null 2>&1; then
		skip_check "refused as nobody" "nobody cannot run $bin here"
	else
		refused_run "-G as nobody" \
			"^ctxbench: -G: cannot create cgroups under $mnt: Permission denied $hint" \
			"${nobody[@]}" "$bin" -b pipe -t 0.1 -r 1 -G
		refused_run "--cgroup-depth as nobody" \
			"^ctxbench: --cgroup-depth: cannot create cgroups under $mnt: Permission denied $hint" \
			"${nobody[@]}" "$bin" -b pipe -t 0.1 -r 1 --cgroup-depth 2
		cg_left "as nobody"
	fi
	# No cgroup v2: in a mount namespace without its mount.
	if [ -z "$mnt" ] || unshare --mount --propagation private true 2>/dev/null; then
		refused_run "-G without cgroup v2" '^ctxbench: -G: no cgroup v2 here ' \
			unshare --mount --propagation private sh -c \
			'm=$(awk "/ - cgroup2 / { print \$5 }" /proc/self/mountinfo)
			for d in $m; do umount -l "$d" || exit 99; done
			exec "$@"' sh "$bin" -b pipe -t 0.1 -r 1 -G
	else
		skip_check "-G without cgroup v2" "no mount namespace of its own"
	fi
	refused_run "-G with -T" '^ctxbench: -G/--cgroups: not with -T: ' \
		"$bin" -b pipe -t 0.1 -r 1 -G -T
}

case $case in
apart) apart ;;
depth) depth ;;
nested) nested ;;
refused) refused ;;
esac
summary
