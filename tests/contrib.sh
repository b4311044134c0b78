#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The harness integrations of contrib/ against what the harnesses made of
# them (tests/golden/contrib/, see contrib/README.md): each saved run of
# tests/fixtures/contrib/, printed by this ctxbench with --format kv and
# passed through our parser for that harness, must give exactly what the
# harness was fed when the golden files were made.  So a changed key, a
# changed number format or a broken parser fails here, with no harness
# installed: only bash, awk and coreutils.  CTXBENCH_UPDATE_GOLDEN=1
# rewrites the parser outputs (never the harnesses' own outputs).
# lkp-pkg builds ctxbench with LKP's own makepkg, where a checkout of
# lkp-tests is given (CTXBENCH_LKP_SRC), lkp-install runs lkp install;
# mmtests-install runs mmtests' shellpacks (CTXBENCH_MMTESTS_SRC): these
# three run the harness's own code, and skip, saying why, without it.
# usage: contrib.sh lkp|lkp-pkg|lkp-install|mmtests|mmtests-install|pts|lava BIN
set -u

. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh).
tests=(
	"contrib-lkp lkp @BIN@ | timeout=60"
	"contrib-mmtests mmtests @BIN@ | timeout=60"
	"contrib-pts pts @BIN@ | timeout=60"
	"contrib-lava lava @BIN@ | timeout=60"
	"contrib-lkp-pkg lkp-pkg @BIN@ | serial timeout=900 labels=lkp"
	"contrib-lkp-install lkp-install @BIN@ | serial timeout=900 labels=lkp"
	"contrib-mmtests-install mmtests-install @BIN@ | timeout=120"
)
list_tests "$@"

top=$(cd "${0%/*}/.." && pwd)
fixtures=$top/tests/fixtures/contrib
golden=$top/tests/golden/contrib
contrib=$top/contrib
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C

# Compare file $1 with golden $2, or rewrite it.
same() {
	if [ -n "${CTXBENCH_UPDATE_GOLDEN:-}" ]; then
		cp "$1" "$golden/$2" && pass "not: cannot write $golden/$2" || fail "cannot write $golden/$2"
		return
	fi
	cmp -s "$1" "$golden/$2" && pass "not: $2 differs:" ||
		fail "$2 differs:"$'\n'"$(diff "$golden/$2" "$1" | head -20)"
}

# The flat output of the saved run $1 by this ctxbench, into $2.
kv() {
	"$bin" report --format kv "$fixtures/$1" >"$2" && [ -s "$2" ] && pass "not: ctxbench report --format kv $1 failed" ||
		fail "ctxbench report --format kv $1 failed"
}

lkp() {
	local parse=$contrib/lkp-tests/programs/ctxbench/parse
	kv lkp-6.18-a.json "$tmp/kv"
	# LKP runs the parser on the log, which has the command line too.
	{ echo "2026-11-30 13:48:17 ctxbench -q --format kv"; cat "$tmp/kv"; } |
		"$parse" >"$tmp/stats" && pass "not: the LKP parser failed" || fail "the LKP parser failed"
	same "$tmp/stats" lkp-parse-6.18-a.txt
	# What LKP's dump-stat made of it: the same keys, "ctxbench." first,
	# but those that are 0 (dump-stat drops a stat that is 0 throughout).
	sed -n 's/^  "\(ctxbench\.[^"]*\)": \[$/\1/p' "$golden/lkp-stats-6.18-a.json" >"$tmp/lkp-keys"
	awk -F': ' '$2 != "0" { print "ctxbench." $1 }' "$golden/lkp-parse-6.18-a.txt" |
		cmp -s - "$tmp/lkp-keys" && pass "not: LKP's stats keys are not the parser's keys" ||
		fail "LKP's stats keys are not the parser's keys"
	# Whether other work disturbed a row is one of LKP's stats, per row.
	[ "$(grep -c '\.disturbed: [01]$' "$tmp/stats")" -eq "$(grep -c '\.ok: 1$' "$tmp/stats")" ] &&
		grep -q '"ctxbench.pipe.same.2p.0k.disturbed": \[' "$golden/lkp-stats-6.18-a.json" && pass "not: no disturbed stat for each row measured, or not in LKP's stats" ||
		fail "no disturbed stat for each row measured, or not in LKP's stats"
	# A hung row is one LKP counts as a failure (etc/failure: .fail).
	printf 'pipe.same.2p.0k.hung: 1\n' | "$parse" >"$tmp/hung"
	grep -qx 'pipe.same.2p.0k.hung.fail: 1' "$tmp/hung" && pass "a hung row has no .fail key" ||
		fail "a hung row has no .fail key: $(<"$tmp/hung")"
	lkp_install
	lkp_runtime
	summary
}

# install puts the test into an LKP tree, and lists it in the test cases
# LKP files results by (else: "Unknow testcase: ctxbench"), once.
lkp_install() {
	local t=$tmp/lkp-src n
	mkdir -p "$t/etc" "$t/programs" "$t/jobs"
	printf 'aim7\nwill-it-scale\n' >"$t/etc/linux-perf-test-cases"
	"$contrib/lkp-tests/install" "$t" && "$contrib/lkp-tests/install" "$t" && pass "not: contrib/lkp-tests/install failed" ||
		fail "contrib/lkp-tests/install failed"
	n=$(grep -cx ctxbench "$t/etc/linux-perf-test-cases")
	[ "$n" -eq 1 ] && pass "not: ctxbench is $n times in etc/linux-perf-test-cases, not once" || fail "ctxbench is $n times in etc/linux-perf-test-cases, not once"
	[ -x "$t/programs/ctxbench/run" ] && [ -f "$t/jobs/ctxbench.yaml" ] && pass "not: install left out programs/ctxbench or jobs/ctxbench.yaml" ||
		fail "install left out programs/ctxbench or jobs/ctxbench.yaml"
	"$contrib/lkp-tests/install" "$tmp/nowhere" 2>"$tmp/err"
	[ $? -eq 2 ] && grep -q 'not an lkp-tests checkout' "$tmp/err" && pass "install into no LKP tree" ||
		fail "install into no LKP tree: $(<"$tmp/err")"
}

# LKP passes the job's runtime in whole seconds ("0.5s" as 0, "500ms" as
# 500): the run refuses those, saying to write "runtime: 0.5", which
# LKP passes as it is.  Stand-ins for LKP's lib and for ctxbench, which
# prints its options.
lkp_runtime() {
	local l=$tmp/lkp-lib w v out
	mkdir -p "$l/lib" "$l/bench/ctxbench/bin" "$l/rr"
	echo 'log_cmd() { "$@"; }' >"$l/lib/reproduce-log.sh"
	echo 'die() { echo "$@" >&2; exit 99; }' >"$l/lib/run.sh"
	printf '#!/bin/sh\necho "ctxbench $*"\n' >"$l/bench/ctxbench/bin/ctxbench"
	chmod +x "$l/bench/ctxbench/bin/ctxbench"
	for w in 0.5s:0 500ms:500 1.5s:1 :0 0.5:0.5 3s:3; do
		v=${w#*:} w=${w%%:*}
		rm -f "$l/rr/job.yaml"
		[ -n "$w" ] && printf 'suite: ctxbench\nruntime: 300s\nctxbench:\n  runtime: %s\n' \
			"$w" >"$l/rr/job.yaml"
		out=$(LKP_SRC=$l BENCHMARK_ROOT=$l/bench RESULT_ROOT=$l/rr TMP_RESULT_ROOT= \
			mechanisms=pipe runtime=$v "$contrib/lkp-tests/programs/ctxbench/run" 2>&1)
		case $w in
		0.5 | 3s)
			grep -q -- "^ctxbench -b pipe -P same -t $v -r" <<<"$out" && pass "runtime" ||
				fail "runtime: $w: not run with -t $v: $out"
			;;
		*)
			grep -q "runtime: 0.5" <<<"$out" && ! grep -q '^ctxbench -b' <<<"$out" && pass "runtime" ||
				fail "runtime: '$w' (LKP passes $v) was not refused: $out"
			;;
		esac
	done
	# Under lkp run, the split job is saved only after the run: the job
	# it was split from ($job_origin) says what was written.
	printf 'ctxbench:\n  runtime:\n    - 500ms\n    - 0.5\n' >"$l/origin.yaml"
	out=$(LKP_SRC=$l BENCHMARK_ROOT=$l/bench RESULT_ROOT=$l/none job_origin=$l/origin.yaml \
		mechanisms=pipe runtime=500 "$contrib/lkp-tests/programs/ctxbench/run" 2>&1)
	grep -q "'500ms'.*runtime: 0.5" <<<"$out" && ! grep -q '^ctxbench -b' <<<"$out" && pass "runtime" ||
		fail "runtime: 500ms of the job split from was not refused: $out"
}

# lkp install's build of ctxbench, through LKP's own code: a copy of the
# lkp-tests checkout CTXBENCH_LKP_SRC (github.com/intel/lkp-tests), our
# install run into it, then its sbin/makepkg on programs/ctxbench/pkg as
# lib/install.sh's makepkg_install calls it (but -s -i: its dependencies
# and the package are not installed into this system).  The tree built is
# a git tree of this one's files, given as CTXBENCH_GIT; the package's
# ctxbench is then run by programs/ctxbench/run with LKP's lib, as a job
# would.  Needs git, cmake, a compiler and bsdtar (LKP's makepkg's).
lkp_pkg() {
	local lkp=$tmp/lkp src=$tmp/ctxbench-src pkg f out arch
	[ -n "${CTXBENCH_LKP_SRC:-}" ] && [ -x "$CTXBENCH_LKP_SRC/sbin/makepkg" ] || {
		skip "no lkp-tests checkout: set CTXBENCH_LKP_SRC (github.com/intel/lkp-tests)"
	}
	for f in git cmake bsdtar cc make; do
		command -v $f >/dev/null || skip "no $f (LKP's makepkg needs it)"
	done
	cp -a "$CTXBENCH_LKP_SRC" "$lkp" && rm -rf "$lkp/.git" || fail "cannot copy $CTXBENCH_LKP_SRC"
	"$contrib/lkp-tests/install" "$lkp" 2>"$tmp/err" && pass "install" ||
		fail "install: $(<"$tmp/err")"
	pkg=$lkp/programs/ctxbench/pkg
	# What makes lkp install build it: a pkg/ of LKP's layout, the line
	# of adaptation-pkg, and by default this tree at its commit.
	[ -f "$pkg/PKGBUILD" ] && [ -f "$pkg/depends-dev" ] && pass "not: install left out programs/ctxbench/pkg/{PKGBUILD,depends-dev}" ||
		fail "install left out programs/ctxbench/pkg/{PKGBUILD,depends-dev}"
	grep -qx 'ctxbench::' "$lkp/distro/adaptation-pkg/debian" && pass "no ctxbench:" ||
		fail "no ctxbench:: in distro/adaptation-pkg/debian: lkp install would build nothing"
	if git -C "$top" rev-parse --verify -q HEAD >/dev/null; then
		grep -qx "_tree=file://$(git -C "$top" rev-parse --show-toplevel)" "$pkg/PKGBUILD" &&
			grep -qx "_ref=#commit=$(git -C "$top" rev-parse HEAD)" "$pkg/PKGBUILD" && pass "the PKGBUILD does not build this tree at HEAD" ||
			fail "the PKGBUILD does not build this tree at HEAD: $(grep '^_' "$pkg/PKGBUILD")"
	fi
	tree_of_files "$src"
	arch=$(uname -m)
	(cd "$pkg" && LKP_SRC=$lkp CTXBENCH_GIT=$src PACMAN=$lkp/sbin/pacman-LKP CARCH=$arch \
		BUILDDIR=$lkp/tmp-pkg "$lkp/sbin/makepkg" --config "$lkp/etc/makepkg.conf" \
		--skippgpcheck) >"$tmp/makepkg.log" 2>&1 && pass "LKP's makepkg failed" ||
		fail "LKP's makepkg failed: $(tail -15 "$tmp/makepkg.log")"
	f=$(echo "$pkg"/ctxbench-*.pkg.tar.gz)
	mkdir -p "$tmp/root" && [ -f "$f" ] && tar -xzf "$f" -C "$tmp/root" && pass "makepkg made no package" ||
		fail "makepkg made no package: $(ls "$pkg")"
	[ -x "$tmp/root/lkp/benchmarks/ctxbench/bin/ctxbench" ] && pass "the package has no lkp/benchmarks/ctxbench/bin/ctxbench" ||
		fail "the package has no lkp/benchmarks/ctxbench/bin/ctxbench: $(tar -tzf "$f" | head)"
	# programs/ctxbench/run finds it where LKP's BENCHMARK_ROOT is.
	mkdir -p "$tmp/rr"
	out=$(cd "$tmp" && env -i PATH=/usr/bin:/bin LKP_SRC=$lkp BENCHMARK_ROOT=$tmp/root/lkp/benchmarks \
		RESULT_ROOT=$tmp/rr TMP_RESULT_ROOT=$tmp/rr mechanisms=pipe runtime=0.02 runs=1 \
		"$lkp/programs/ctxbench/run" 2>&1)
	grep -q '^pipe\.same\.2p\.0k\.loops_per_sec: [0-9]' <<<"$out" && pass "programs/ctxbench/run with the package's ctxbench" ||
		fail "programs/ctxbench/run with the package's ctxbench: $(tail -5 <<<"$out")"
	summary
}

# lkp install itself, as a test box runs it: LKP's lkp-exec/install of an
# atomic job of ctxbench installs makepkg's and ctxbench's build
# dependencies with apt, builds the PKGBUILD, installs the package it made
# as LKP does (a Debian package ctxbench-lkp, with /lkp/benchmarks/ctxbench)
# and the job's run finds it there; then the package is removed.  It
# writes to /: only as root with CTXBENCH_TEST_INSTALL=1 (.ci/run), and
# LKP's Debian installer adds the foreign architecture i386 on x86_64,
# taken away again here when it was not there before.
lkp_install_run() {
	local lkp=$tmp/lkp src=$tmp/ctxbench-src foreign out
	[ -n "${CTXBENCH_LKP_SRC:-}" ] && [ -x "$CTXBENCH_LKP_SRC/bin/lkp" ] || {
		skip "no lkp-tests checkout: set CTXBENCH_LKP_SRC (github.com/intel/lkp-tests)"
	}
	[ "$(id -u)" -eq 0 ] && [ "${CTXBENCH_TEST_INSTALL:-}" = 1 ] || {
		skip "lkp install writes to / and installs packages: as root with CTXBENCH_TEST_INSTALL=1 (as .ci/run does)"
	}
	command -v dpkg >/dev/null && command -v apt-get >/dev/null ||
		skip "lkp install is checked on Debian (dpkg, apt-get)"
	if dpkg-query -W ctxbench-lkp >/dev/null 2>&1 || [ -e /lkp/benchmarks/ctxbench ]; then
		skip "ctxbench-lkp or /lkp/benchmarks/ctxbench is here already: not replaced"
	fi
	lkp_foreign=$(dpkg --print-foreign-architectures)
	lkp_made=
	[ -e /lkp ] || lkp_made=1
	trap 'lkp_install_undo; rm -rf "$tmp"' EXIT
	cp -a "$CTXBENCH_LKP_SRC" "$lkp" && rm -rf "$lkp/.git" || fail "cannot copy $CTXBENCH_LKP_SRC"
	"$contrib/lkp-tests/install" "$lkp" 2>/dev/null && pass "not: contrib/lkp-tests/install failed" || fail "contrib/lkp-tests/install failed"
	tree_of_files "$src"
	printf 'suite: ctxbench\ntestcase: ctxbench\narch: %s\nctxbench:\n  mechanisms: pipe\n' \
		"$(uname -m)" >"$tmp/job.yaml"
	(cd "$lkp" && LKP_SRC=$lkp CTXBENCH_GIT=$src DEBIAN_FRONTEND=noninteractive \
		"$lkp/bin/lkp" install --skip-base "$tmp/job.yaml") >"$tmp/install.log" 2>&1 && pass "lkp install" ||
		fail "lkp install: $(tail -15 "$tmp/install.log")"
	dpkg-query -W -f='${Status}' ctxbench-lkp 2>/dev/null | grep -q ' installed$' && pass "lkp install installed no ctxbench-lkp" ||
		fail "lkp install installed no ctxbench-lkp: $(tail -5 "$tmp/install.log")"
	out=$(cd "$tmp" && env -i PATH=/usr/bin:/bin LKP_SRC=$lkp BENCHMARK_ROOT=/lkp/benchmarks \
		RESULT_ROOT=$tmp TMP_RESULT_ROOT=$tmp mechanisms=pipe runtime=0.02 runs=1 \
		"$lkp/programs/ctxbench/run" 2>&1)
	grep -q '^pipe\.same\.2p\.0k\.loops_per_sec: [0-9]' <<<"$out" && pass "programs/ctxbench/run with /lkp/benchmarks/ctxbench" ||
		fail "programs/ctxbench/run with /lkp/benchmarks/ctxbench: $(tail -5 <<<"$out")"
	dpkg -r ctxbench-lkp >"$tmp/log" 2>&1 && [ ! -e /lkp/benchmarks/ctxbench/bin/ctxbench ] && pass "dpkg -r ctxbench-lkp" ||
		fail "dpkg -r ctxbench-lkp: $(<"$tmp/log")"
	lkp_install_undo
	[ "$(dpkg --print-foreign-architectures)" = "$lkp_foreign" ] && pass "foreign architectures left" ||
		fail "foreign architectures left: $(dpkg --print-foreign-architectures | paste -sd' ')"
	summary
}

# What lkp install did to this system, undone.
lkp_install_undo() {
	dpkg -r ctxbench-lkp >/dev/null 2>&1
	[ -z "$lkp_made" ] || rm -rf /lkp
	grep -qx i386 <<<"$lkp_foreign" || dpkg --remove-architecture i386 2>/dev/null || true
}

# This tree's files as they are, committed in git tree $1 of their own.
tree_of_files() {
	mkdir -p "$1" && (cd "$top" && git ls-files -z 2>/dev/null | xargs -0 cp --parents -t "$1" 2>/dev/null ||
		tar -cf - --exclude=./build\* . | tar -xf - -C "$1")
	git -C "$1" init -q && git -C "$1" add -A &&
		git -C "$1" -c user.name=t -c user.email=t@t commit -qm t || fail "cannot make $1 a git tree"
}

mmtests() {
	local pack=$contrib/mmtests/shellpack_src/src/ctxbench k
	for k in a b; do
		mkdir -p "$tmp/$k"
		kv "mmtests-6.18-$k.json" "$tmp/$k/ctxbench.kv"
		"$pack/parse-results" "$tmp/$k" >"$tmp/$k.tsv" && pass "not: parse-results failed" ||
			fail "parse-results failed"
		same "$tmp/$k.tsv" "mmtests-parse-6.18-$k.tsv"
		"$pack/parse-results-latency" "$tmp/$k" >"$tmp/$k-lat.tsv" && pass "not: parse-results-latency failed" ||
			fail "parse-results-latency failed"
		same "$tmp/$k-lat.tsv" "mmtests-parse-latency-6.18-$k.tsv"
	done
	# Six tab-separated fields, a number in the fifth, as mmtests reads.
	awk -F'\t' 'NF != 6 || $5 !~ /^-?[0-9]+(\.[0-9]+)?$/ { bad = 1; print }
		END { exit bad }' "$tmp"/*.tsv >"$tmp/bad" && pass "not metric factorA factorB interval value extra" ||
		fail "not metric factorA factorB interval value extra: $(head -3 "$tmp/bad")"
	# Every label of compare-mmtests.pl's table is one parse-results gave.
	awk -F'\t' '{ l = $1 "-" $2; if ($3 != "_") l = l "-" $3; print l }' \
		"$tmp/a.tsv" | sort -u >"$tmp/labels"
	awk '$2 ~ /^loops-/ { print $2 }' "$golden/mmtests-compare.txt" | sort -u |
		cmp -s - "$tmp/labels" && pass "not: mmtests' compare table has other labels than parse-results" ||
		fail "mmtests' compare table has other labels than parse-results"
	mmtests_failures
	mmtests_disturbed
	mmtests_shared
	summary
}

# The rows other work disturbed (-a disturbed): a line for every row
# measured, its disturbed runs, and mmtests' own table of the two runs of
# one kernel on a loaded machine shows them, where its main table shows
# only "* -77.38%*".
mmtests_disturbed() {
	local pack=$contrib/mmtests/shellpack_src/src/ctxbench k
	for k in a b; do
		"$pack/parse-results-disturbed" "$tmp/$k" >"$tmp/$k-dist.tsv" && pass "not: parse-results-disturbed failed" ||
			fail "parse-results-disturbed failed"
		same "$tmp/$k-dist.tsv" "mmtests-parse-disturbed-6.18-$k.tsv"
		awk -F': ' '$1 ~ /\.disturbed_runs$/ { r = $1; sub(/\.disturbed_runs$/, "", r)
			gsub(/\./, "-", r); print "disturbed\t" r "\t_\t1\t" $2 "\t_" }' \
			"$tmp/$k/ctxbench.kv" | sort | cmp -s - <(sort "$tmp/$k-dist.tsv") &&
			[ "$(wc -l <"$tmp/$k-dist.tsv")" -eq "$(grep -c '\.ok: 1$' "$tmp/$k/ctxbench.kv")" ] &&
			pass "the disturbed report is not a line a row measured" || fail "the disturbed report is not a line a row measured: $(<"$tmp/$k-dist.tsv")"
	done
	grep -q '^futex\.cross\.2p\.0k\.disturbed: 1$' "$tmp/b/ctxbench.kv" && pass "the kv of 6.18-b has no disturbed" ||
		fail "the kv of 6.18-b has no disturbed: 1 on futex.cross"
	awk '$2 ~ /^disturbed-/ { print $2 }' "$golden/mmtests-compare-disturbed.txt" | sort -u |
		cmp -s - <(awk -F'\t' '{ print $1 "-" $2 }' "$tmp/a-dist.tsv" | sort -u) && pass "not: mmtests' disturbed table has other labels than parse-results-disturbed" ||
		fail "mmtests' disturbed table has other labels than parse-results-disturbed"
	grep -Eq '^Ops disturbed-futex-cross-2p-0k +[0-9.]+ .* 5\.00 ' "$golden/mmtests-compare-disturbed.txt" &&
		pass "not: mmtests' disturbed table does not show futex-cross's 5 disturbed runs" || fail "mmtests' disturbed table does not show futex-cross's 5 disturbed runs"
}

# mmtests' install and bench shellpacks, generated by its own refresh.sh
# in a copy of the mmtests checkout CTXBENCH_MMTESTS_SRC
# (github.com/gormanm/mmtests): without CTXBENCH_GIT, install takes the
# ctxbench on PATH (here this one, as the package's /usr/bin/ctxbench
# would be), and bench runs it; a CTXBENCH_BIN that does not run is
# refused, saying so.
mmtests_install() {
	local mm=$tmp/mmtests out rc
	[ -n "${CTXBENCH_MMTESTS_SRC:-}" ] && [ -x "$CTXBENCH_MMTESTS_SRC/shellpack_src/src/refresh.sh" ] || {
		skip "no mmtests checkout: set CTXBENCH_MMTESTS_SRC (github.com/gormanm/mmtests)"
	}
	cp -a "$CTXBENCH_MMTESTS_SRC" "$mm" && rm -rf "$mm/.git" && cp -r "$contrib"/mmtests/* "$mm" ||
		fail "cannot copy $CTXBENCH_MMTESTS_SRC"
	(cd "$mm" && shellpack_src/src/refresh.sh ctxbench) >"$tmp/log" 2>&1 &&
		[ -x "$mm/shellpacks/shellpack-install-ctxbench" ] && pass "refresh.sh ctxbench" ||
		fail "refresh.sh ctxbench: $(tail -5 "$tmp/log")"
	mkdir -p "$tmp/path" "$tmp/src" "$tmp/log.d" "$tmp/res"
	ln -s "$(realpath "$bin")" "$tmp/path/ctxbench"
	# As run-mmtests.sh gives a shellpack its environment.
	mm_env() {
		env -u CTXBENCH_GIT SCRIPTDIR="$mm" SHELLPACK_INCLUDE="$mm/shellpacks" \
			SHELLPACK_SOURCES="$tmp/src" SHELLPACK_LOG="$tmp/log.d" SHELLPACK_TEMP="$tmp/t" \
			LOGDIR_RESULTS="$tmp/res" PATH="$tmp/path:$mm/bin:$PATH" "$@"
	}
	out=$(cd "$mm" && mm_env bash shellpacks/shellpack-install-ctxbench -v main 2>&1)
	[ $? -eq 0 ] && [ "$(readlink "$tmp/src/ctxbench-main-installed/bin/ctxbench")" = "$(realpath "$bin")" ] &&
		pass "install without CTXBENCH_GIT did not take the ctxbench on PATH" || fail "install without CTXBENCH_GIT did not take the ctxbench on PATH: $out"
	out=$(cd "$mm" && mm_env bash shellpacks/shellpack-bench-ctxbench -v main --mechanisms pipe \
		--placement same --time 0.02 --runs 1 2>&1)
	[ $? -eq 0 ] && grep -q '^pipe\.same\.2p\.0k\.loops_per_sec: [0-9]' "$tmp/res/ctxbench.kv" &&
		pass "bench with the installed ctxbench" || fail "bench with the installed ctxbench: $out"
	"$contrib/mmtests/shellpack_src/src/ctxbench/parse-results" "$tmp/res" | grep -q '^loops	pipe' &&
		pass "not: parse-results of that run gave no loops" || fail "parse-results of that run gave no loops"
	rm -rf "$tmp/src"
	out=$(cd "$mm" && mm_env CTXBENCH_BIN=/bin/false bash shellpacks/shellpack-install-ctxbench -v main 2>&1)
	rc=$?
	[ $rc -ne 0 ] && grep -q 'CTXBENCH_BIN=/bin/false does not run' <<<"$out" &&
		[ ! -e "$tmp/src/ctxbench-main-installed/bin/ctxbench" ] && pass "CTXBENCH_BIN=/bin/false was not refused ($rc)" ||
		fail "CTXBENCH_BIN=/bin/false was not refused ($rc): $out"
	summary
}

# A failed row, in the run of -b (a participant killed) or of the
# baseline -a: the failures report has a line for every row of each,
# 1 for the one that failed, and mmtests' table shows it.
mmtests_failures() {
	local pack=$contrib/mmtests/shellpack_src/src/ctxbench k
	for k in a b; do
		mkdir -p "$tmp/f$k"
		kv "mmtests-fail-$k.json" "$tmp/f$k/ctxbench.kv"
		"$pack/parse-results-failures" "$tmp/f$k" >"$tmp/f$k.tsv" && pass "not: parse-results-failures failed" ||
			fail "parse-results-failures failed"
		same "$tmp/f$k.tsv" "mmtests-parse-failures-$k.tsv"
		awk -F': ' '$1 ~ /\.(ok|skipped|failed|hung|interrupted)$/ {
			s = $1; sub(/.*\./, "", s); r = substr($1, 1, length($1) - length(s) - 1)
			gsub(/\./, "-", r); print "failed\t" r "\t_\t1\t" (s != "ok" && s != "skipped") "\t_" }' \
			"$tmp/f$k/ctxbench.kv" | sort | cmp -s - <(sort "$tmp/f$k.tsv") && pass "the failures report is not one line a row, 1 when it failed" ||
			fail "the failures report is not one line a row, 1 when it failed: $(<"$tmp/f$k.tsv")"
	done
	grep -q 'failed: 1$' "$tmp/fb/ctxbench.kv" && grep -q "$(printf '\t1\t1\t_$')" "$tmp/fb.tsv" && pass "not: the failed row of -b is not 1 in the failures report" ||
		fail "the failed row of -b is not 1 in the failures report"
	# mmtests' own table of it: the failed row is 1.00 under -b.
	grep -Eq '^Ops failed-futex-same-2p-0k +0\.00 .* 1\.00 ' "$golden/mmtests-compare-failures.txt" &&
		pass "not: mmtests' failures table does not show the failed row" || fail "mmtests' failures table does not show the failed row"
}

# CTXBENCH_SHARED takes what LKP's shared takes, and refuses the rest.
mmtests_shared() {
	local v out rc
	mkdir -p "$tmp/include"
	printf '#!/bin/sh\necho "bench $*"\n' >"$tmp/include/shellpack-bench-ctxbench"
	chmod +x "$tmp/include/shellpack-bench-ctxbench"
	for v in 1 yes true on YES 0 no false off "" maybe 2; do
		out=$(SHELLPACK_INCLUDE=$tmp/include CTXBENCH_SHARED=$v bash -c \
			'. "$1" && run_bench' _ "$contrib/mmtests/drivers/driver-ctxbench.sh" 2>&1)
		rc=$?
		case ${v,,} in
		1 | yes | true | on)
			[ $rc -eq 0 ] && grep -q -- '--shared yes' <<<"$out" && pass "CTXBENCH_SHARED=$v" ||
				fail "CTXBENCH_SHARED=$v: not shared: $out"
			;;
		0 | no | false | off | "")
			[ $rc -eq 0 ] && ! grep -q -- '--shared' <<<"$out" && pass "CTXBENCH_SHARED=$v" ||
				fail "CTXBENCH_SHARED=$v: $out"
			;;
		*)
			[ $rc -ne 0 ] && grep -q "CTXBENCH_SHARED=$v: give 1, yes" <<<"$out" &&
				! grep -q '^bench' <<<"$out" && pass "CTXBENCH_SHARED=$v was not refused" ||
				fail "CTXBENCH_SHARED=$v was not refused: $out"
			;;
		esac
	done
}

# PTS reads each result from the line holding the text before #_RESULT_#;
# a trial runs one row, so each must be on exactly one line of a row.
pts() {
	local defs=$contrib/phoronix-test-suite/ctxbench/results-definition.xml t n
	kv mmtests-6.18-a.json "$tmp/kv"
	grep '^pipe\.same\.2p\.0k\.' "$tmp/kv" >"$tmp/row"
	sed -n 's/.*<OutputTemplate>\(.*\) #_RESULT_#<.*/\1/p' "$defs" >"$tmp/templates"
	[ "$(wc -l <"$tmp/templates")" -ge 5 ] && pass "not: no templates in $defs" || fail "no templates in $defs"
	grep -qx 'disturbed:' "$tmp/templates" && pass "not: no template of the row's disturbed" || fail "no template of the row's disturbed"
	while read -r t; do
		n=$(grep -cF -- "$t" "$tmp/row")
		[ "$n" -eq 1 ] && pass "not: '$t' is on $n lines of a row, not 1" || fail "'$t' is on $n lines of a row, not 1"
	done <"$tmp/templates"
	# PTS's own table of the profile's results: a row per template.
	for scale in 'Round Trips Per Second' 'ns, Median Round Trip' \
		'ns, 99th Percentile Round Trip' 'ns, System CPU Time Per Round Trip' \
		'Disturbed Trials, Share'; do
		grep -qF "$scale" "$golden/pts-result.txt" && pass "not: PTS's result table has no '$scale'" ||
			fail "PTS's result table has no '$scale'"
	done
	summary
}

lava() {
	local def=$contrib/lava/automated/linux/ctxbench n
	kv lava.json "$tmp/kv"
	awk -f "$def/ctxbench-results.awk" "$tmp/kv" >"$tmp/result.txt" && pass "not: ctxbench-results.awk failed" ||
		fail "ctxbench-results.awk failed"
	same "$tmp/result.txt" lava-result.txt
	# What send-to-lava.sh made of it: one test case a line, same names.
	n=$(grep -c 'TEST_CASE_ID=' "$golden/lava-signals.txt")
	[ "$n" -eq "$(wc -l <"$golden/lava-result.txt")" ] && pass "a LAVA test case a result" ||
		fail "$n LAVA test cases for $(wc -l <"$golden/lava-result.txt") results"
	sed -n 's/.*TEST_CASE_ID=\([^ ]*\) .*/\1/p' "$golden/lava-signals.txt" |
		cmp -s - <(awk '{ print $1 }' "$golden/lava-result.txt") && pass "not: LAVA's test case names are not the results'" ||
		fail "LAVA's test case names are not the results'"
	# A disturbed row is a test case that fails, an undisturbed one passes.
	grep -qx 'pipe.same.2p.0k.disturbed fail' "$tmp/result.txt" && pass "not: no failing disturbed test case for pipe.same" ||
		fail "no failing disturbed test case for pipe.same"
	[ "$(grep -c '\.disturbed \(pass\|fail\)$' "$tmp/result.txt")" -eq "$(grep -c '\.ok: 1$' "$tmp/kv")" ] &&
		pass "not: not a disturbed test case for each row measured" || fail "not a disturbed test case for each row measured"
	# In a report of several labels: judged passes, not judged is skipped.
	printf '6.2/pipe.same.2p.0k.judged: 0\n6.2/pipe.same.2p.0k.not_judged_no_noise: 1\n6.3/pipe.same.2p.0k.judged: 1\n' |
		awk -f "$def/ctxbench-results.awk" >"$tmp/judged.txt"
	printf '6.2/pipe.same.2p.0k.judged skip\n6.2/pipe.same.2p.0k.not_judged_no_noise skip\n6.3/pipe.same.2p.0k.judged pass\n' |
		cmp -s - "$tmp/judged.txt" && pass "judged" || fail "judged: $(<"$tmp/judged.txt")"
	# Names LAVA takes: letters, digits, "_", "-" and ".".
	awk '$1 !~ /^[A-Za-z0-9_.-]+$/ { bad = 1; print } END { exit bad }' \
		"$tmp/result.txt" >"$tmp/bad" && pass "bad test case names" || fail "bad test case names: $(<"$tmp/bad")"
	summary
}

case "${1:-}" in
lkp | mmtests | pts | lava)
	bin=$2
	"$1"
	;;
lkp-pkg)
	bin=$2
	lkp_pkg
	;;
lkp-install)
	bin=$2
	lkp_install_run
	;;
mmtests-install)
	bin=$2
	mmtests_install
	;;
*)
	echo "usage: $0 lkp|lkp-pkg|lkp-install|mmtests|mmtests-install|pts|lava BIN" >&2
	exit 2
	;;
esac
