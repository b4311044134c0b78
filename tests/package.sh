#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The Debian package cpack builds: its fields and files as Debian's policy
# wants them (deb), lintian's judgement of it (lintian), and (install) the
# package installed with dpkg -i, ctxbench run from PATH, its manual page
# and completion found, its VM tools run (a stand-in qemu), then removed
# with dpkg -r, leaving nothing; and
# what cmake --install puts under a prefix (cmake-install).
# Installing writes to /: only as root with CTXBENCH_TEST_INSTALL=1 (CI).
# usage: package.sh deb|lintian|install|cmake-install BUILD_DIR BIN [CPACK]
set -u

. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh); cpack builds in BUILD_DIR, one
# at a time (lock=cpack); install writes to / (with
# CTXBENCH_TEST_INSTALL=1), alone.  cpack's walk of the build tree takes
# deb about 10 CPU seconds: it is of label long, which CI's package stage
# runs (CTXBENCH_TEST_LONG=1), as lintian.
tests=(
	"package-deb deb @BUILD@ @BIN@ @CPACK@ | lock=cpack timeout=300 labels=package,long"
	"package-install install @BUILD@ @BIN@ @CPACK@ | serial timeout=300 labels=package"
	"package-lintian lintian @BUILD@ @BIN@ @CPACK@ | lock=cpack timeout=300 labels=package,long"
	"package-cmake-install cmake-install @BUILD@ @BIN@ @CPACK@ | timeout=300 labels=package"
)
list_tests "$@"

top=$(cd "${0%/*}/.." && pwd)
# What the package holds besides the binary, page and completion.
docs="README.md $(cd "$top" && echo docs/*.md)"
tools="vmrun vmturns bisect-step debian-kernels"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The static ctxbench the build made for the VM tools (CMakeLists.txt's
# CTXBENCH_GUEST), or nothing where it cannot link one.
guest() {
	if [ -x "$build/ctxbench_static" ]; then
		echo "$build/ctxbench_static"
	elif [ -x /lib64/ld-linux-x86-64.so.2 ] && ! /lib64/ld-linux-x86-64.so.2 --verify "$bin" >/dev/null 2>&1; then
		echo "$bin"
	fi
}

# Stand-ins in $tmp/fake for what the installed VM tools call: a qemu
# that runs the guest's init on the host (the ctxbench of its initramfs
# with init's arguments, once, or at each run of its control port), a
# cpio that packs with tar (which that qemu unpacks), a busybox.
fake_guest() {
	mkdir -p "$tmp/fake" || return 1
	printf '#!/bin/sh\nexit 0\n' >"$tmp/fake/busybox"
	printf '#!/bin/sh\nexec tar -cf - --no-recursion -T -\n' >"$tmp/fake/cpio"
	cat >"$tmp/fake/qemu-system-x86_64" <<'EOS'
#!/usr/bin/env bash
con='' ctl='' initrd=''
while [ $# -gt 0 ]; do
	case $1 in
	-initrd) initrd=$2 && shift ;;
	-serial) if [ -z "$con" ]; then con=${2#pipe:}; else ctl=${2#pipe:}; fi && shift ;;
	esac
	shift
done
g=$(mktemp -d) && tar -xf "$initrd" -C "$g" || exit 1
trap 'rm -rf "$g"' EXIT
exec 6>"$con.out"
printf '%s\r\n' "Linux version 0-stand-in" "@@vmrun: init started" >&6
# init's ctxbench line: /bin/ctxbench, its quoted arguments, ("$@",) -o.
line=$(grep '/bin/ctxbench ' "$g/init")
line=${line#*/bin/ctxbench}
args=${line%% -o /tmp/run.json*}
args=${args% \"\$@\"}
run() { # more arguments, quoted; the answer on stdout
	local rc
	eval "set -- $args $1"
	"$g/bin/ctxbench" "$@" -o "$g/run.json" >"$g/report.txt" 2>/dev/null
	rc=$?
	echo "@@vmrun: report begin"
	cat "$g/report.txt"
	echo "@@vmrun: report end"
	if [ -s "$g/run.json" ]; then
		echo "@@vmrun: json begin"
		base64 "$g/run.json"
		echo "@@vmrun: json end"
	fi
	echo "@@vmrun: exit $rc"
	rm -f "$g/run.json"
}
if [ -z "$ctl" ]; then
	run "" | sed 's/$/\r/' >&6
	exit 0
fi
exec 4<>"$ctl.in" 5<>"$ctl.out"
echo "@@vmrun: ready" >&5
while read -r cmd more <&4; do
	case $cmd in
	run) run "$more" >&5 ;;
	quit) printf 'reboot: Power down\r\n' >&6 && exit 0 ;;
	esac
done
EOS
	chmod 755 "$tmp/fake/"* &&
		printf 'HdrS' | dd of="$tmp/bzImage" bs=1 seek=$((0x202)) 2>/dev/null
}

# The VM tools of PREFIX $1 (installed) boot its static ctxbench: vmrun
# brings a saved run home, vmturns a comparison of two "kernels".
installed_tools_run() {
	local p=$1 out
	if [ -z "$(guest)" ]; then
		skip_check "the installed VM tools run" "no static ctxbench in this build (a sanitizer build, or no static libc)"
		return
	fi
	fake_guest || fail "cannot make the stand-ins in $tmp/fake"
	out=$(PATH=$tmp/fake:$PATH "$p/share/ctxbench/vmrun" -a tcg -o "$tmp/r" "$tmp/bzImage" \
		-- -b pipe -t 0.05 -r 1 2>&1)
	[ $? -eq 0 ] && pass "the installed vmrun runs" || fail "the installed vmrun runs: $out"
	"$bin" report --format kv "$tmp/r.json" 2>&1 | grep -Eq '^[^ ]*pipe[^ ]*\.loops_per_sec: [1-9]' &&
		pass "the installed vmrun brings a saved run home" ||
		fail "the installed vmrun brings no saved run home: $(ls "$tmp"/r.* 2>&1)"
	out=$(PATH=$tmp/fake:$PATH "$p/share/ctxbench/vmturns" -a tcg -N 1 -o "$tmp/t" --append-b x=1 \
		"$tmp/bzImage" -- -b pipe -t 0.05 -r 1 2>&1)
	[ $? -eq 0 ] && pass "the installed vmturns runs" || fail "the installed vmturns runs: $out"
	grep -q 'pipe' "$tmp/t.txt" 2>/dev/null && pass "the installed vmturns reports" ||
		fail "the installed vmturns reports nothing: $(cat "$tmp/t.txt" 2>&1)"
}

# Build the package of BUILD_DIR into $tmp; its path in $deb.
build_deb() {
	command -v dpkg-deb >/dev/null || skip "no dpkg-deb (dpkg)"
	command -v "$cpack" >/dev/null || skip "no cpack"
	(cd "$build" && "$cpack" -G DEB -B "$tmp/out") >"$tmp/cpack.log" 2>&1 ||
		{ cat "$tmp/cpack.log" >&2; fail "cpack -G DEB failed"; summary; exit; }
	deb=$(echo "$tmp"/out/*.deb)
	[ -f "$deb" ] && pass "cpack made a .deb" || { fail "cpack made no .deb"; summary; exit; }
}

# The version Debian orders as -V's: 0.1.0-97-gabc-dirty is
# 0.1.0+97.gabc.dirty.
deb_version() {
	local v
	v=$("$bin" -V | sed -n 's/^ctxbench //p')
	if [[ $v == *-* ]]; then
		v=${v/-/+}
		v=${v//-/.}
	fi
	echo "$v"
}

field() {
	dpkg-deb -f "$deb" "$1"
}

deb() {
	local want files f
	long_wanted
	build_deb
	want=$(deb_version)
	[ "$(field Package)" = ctxbench ] && pass "Package" || fail "Package: $(field Package)"
	[ "$(field Version)" = "$want" ] && pass "Version" ||
		fail "Version: $(field Version), not $want (of -V)"
	[ "$(field Section)" = utils ] && pass "Section" || fail "Section: $(field Section)"
	[[ $(field Maintainer) == ?*" <"*@*">" ]] && pass "Maintainer" ||
		fail "Maintainer: '$(field Maintainer)'"
	[ -n "$(field Description)" ] && pass "not: no Description" || fail "no Description"
	if command -v dpkg >/dev/null; then
		[ "$(field Architecture)" = "$(dpkg --print-architecture)" ] && pass "Architecture" ||
			fail "Architecture: $(field Architecture)"
	fi
	if command -v dpkg-shlibdeps >/dev/null && ! ldd "$bin" 2>&1 | grep -q 'not a dynamic'; then
		[[ $(field Depends) == *libc6* ]] && pass "Depends" || fail "Depends: '$(field Depends)', no libc6"
	fi
	for f in qemu-system-x86 busybox-static cpio linux-perf bash-completion; do
		[[ ", $(field Suggests), " == *", $f, "* ]] && pass "Suggests $f" ||
			fail "Suggests: '$(field Suggests)', no $f"
	done
	# A maintainer one can write to, not a placeholder.
	[[ $(field Maintainer) != *.example\>* && $(field Maintainer) != *noreply* ]] && pass "Maintainer is a placeholder" ||
		fail "Maintainer is a placeholder: '$(field Maintainer)'"
	# Debian's control file keeps the description's lines as they are.
	awk 'length($0) > 80 { print; bad = 1 } END { exit bad }' <<<"$(field Description)" \
		>"$tmp/long" && pass "Description lines over 80 columns" || fail "Description lines over 80 columns: $(<"$tmp/long")"
	files=$(dpkg-deb -c "$deb" | awk '{ print $6 }' | grep -v '/$')
	for f in ./usr/bin/ctxbench ./usr/share/man/man1/ctxbench.1.gz \
		./usr/share/bash-completion/completions/ctxbench \
		./usr/share/doc/ctxbench/copyright ./usr/share/doc/ctxbench/changelog.gz \
		$(printf './usr/share/doc/ctxbench/%s ' $docs) \
		$(printf './usr/share/ctxbench/%s ' $tools); do
		grep -qx "$f" <<<"$files" && pass "not: the package has no $f" || fail "the package has no $f"
	done
	# The license is the copyright file's, its text common-licenses'.
	for f in ./usr/share/man/man1/ctxbench.1 ./usr/share/doc/ctxbench/LICENSE; do
		! grep -qx "$f" <<<"$files" && pass "not: the package has $f" || fail "the package has $f"
	done
	[ "$(grep -vc '^\./usr/' <<<"$files")" -eq 0 ] && pass "files outside /usr" ||
		fail "files outside /usr: $(grep -v '^\./usr/' <<<"$files")"
	dpkg-deb -x "$deb" "$tmp/root" || fail "dpkg-deb -x failed"
	# The binary packaged is the one built, of the same version, stripped
	# as Debian's dh_strip does.
	if command -v strip >/dev/null && command -v readelf >/dev/null; then
		strip --remove-section=.comment --remove-section=.note --strip-unneeded \
			-o "$tmp/stripped" "$bin" &&
			cmp -s "$tmp/root/usr/bin/ctxbench" "$tmp/stripped" && pass "not: usr/bin/ctxbench is not $bin stripped" ||
			fail "usr/bin/ctxbench is not $bin stripped"
		! readelf -S "$tmp/root/usr/bin/ctxbench" | grep -Eq ' \.(symtab|debug_info|comment) ' &&
			pass "usr/bin/ctxbench is not stripped" || fail "usr/bin/ctxbench is not stripped: $(readelf -S "$tmp/root/usr/bin/ctxbench" |
				grep -Eo ' \.(symtab|debug_[a-z]+|comment) ' | tr -d '\n')"
	else
		skip_check "usr/bin/ctxbench is $bin stripped" "no strip or readelf (binutils)"
	fi
	"$tmp/root/usr/bin/ctxbench" -V | cmp -s - <("$bin" -V) && pass "not: the packaged ctxbench -V is not $bin's" ||
		fail "the packaged ctxbench -V is not $bin's"
	# The static ctxbench the VM tools boot, of the same version.
	f=$tmp/root/usr/lib/ctxbench/ctxbench-static
	if [ -n "$(guest)" ]; then
		[ -x "$f" ] && "$f" -V | cmp -s - <("$bin" -V) &&
			pass "usr/lib/ctxbench/ctxbench-static -V is $bin's" ||
			fail "usr/lib/ctxbench/ctxbench-static: missing, or not of $bin's version"
		! /lib64/ld-linux-x86-64.so.2 --verify "$f" >/dev/null 2>&1 &&
			pass "usr/lib/ctxbench/ctxbench-static is static" ||
			fail "usr/lib/ctxbench/ctxbench-static is linked dynamically"
	else
		skip_check "usr/lib/ctxbench/ctxbench-static" "no static ctxbench in this build (a sanitizer build, or no static libc)"
	fi
	# gzip -9n: the page whole, no file name and no time in the header.
	gzip_n "$tmp/root/usr/share/man/man1/ctxbench.1.gz" "$top/ctxbench.1"
	gzip_n "$tmp/root/usr/share/doc/ctxbench/changelog.gz"
	# The changelog's entry is of this version.
	if command -v dpkg-parsechangelog >/dev/null; then
		[ "$(dpkg-parsechangelog -l "$tmp/root/usr/share/doc/ctxbench/changelog.gz" \
			-S Version 2>&1)" = "$want" ] && pass "changelog.gz: version $want" ||
			fail "changelog.gz: $(dpkg-parsechangelog -l \
				"$tmp/root/usr/share/doc/ctxbench/changelog.gz" 2>&1 | head -3)"
	fi
	# copyright in Debian's machine-readable format (DEP-5), of every file.
	f=$tmp/root/usr/share/doc/ctxbench/copyright
	[ "$(head -1 "$f")" = "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" ] &&
		grep -qx 'Files: \*' "$f" && grep -qx 'License: GPL-2+' "$f" &&
		grep -q '/usr/share/common-licenses/GPL-2' "$f" && pass "copyright is not DEP-5 of GPL-2+" ||
		fail "copyright is not DEP-5 of GPL-2+: $(head -3 "$f")"
	for f in $docs; do
		cmp -s "$tmp/root/usr/share/doc/ctxbench/$f" "$top/$f" && pass "not: usr/share/doc/ctxbench/$f is not $f" ||
			fail "usr/share/doc/ctxbench/$f is not $f"
	done
	for f in $tools; do
		[ -x "$tmp/root/usr/share/ctxbench/$f" ] &&
			cmp -s "$tmp/root/usr/share/ctxbench/$f" "$top/tools/$f" && pass "not: usr/share/ctxbench/$f is not tools/$f, executable" ||
			fail "usr/share/ctxbench/$f is not tools/$f, executable"
	done
	summary
}

# File $1 is gzip -9n's (no name, no time), of file $2 when given.
gzip_n() {
	local h
	h=$(od -An -tx1 -N8 "$1" | tr -d ' \n')
	# ID 1f8b, deflate 08, no flags (FNAME is 08), MTIME 0.
	[ "$h" = 1f8b080000000000 ] && pass "${1#"$tmp"/root}: gzip -n's header" || fail "${1#"$tmp"/root} is not gzip -n's: $h"
	gzip -t "$1" 2>/dev/null && pass "${1#"$tmp"/root}: gzip" || fail "${1#"$tmp"/root} is not gzip"
	[ $# -lt 2 ] || { gzip -dc "$1" | cmp -s - "$2"; } && pass "${1#"$tmp"/root}: ${2:-its} content" ||
		fail "${1#"$tmp"/root} is not $2"
}

# lintian on the package: no error and no warning; a tag kept is in
# cmake/lintian-overrides with its reason, and shown here as overridden.
lintian_check() {
	long_wanted
	command -v lintian >/dev/null || skip "no lintian (apt-get install lintian)"
	build_deb
	lintian --show-overrides --display-info --display-experimental "$deb" >"$tmp/lintian" 2>"$tmp/lintian.err"
	cat "$tmp/lintian"
	grep -v 'running with root privileges' "$tmp/lintian.err" >&2
	! grep -E '^[EW]: ' "$tmp/lintian" && pass "lintian" || fail "lintian: errors or warnings above"
	# lintian itself ran (it says nothing of a clean package).
	grep -q 'E: \|internal error\|Traceback\|^Can.t' "$tmp/lintian.err" &&
		fail "lintian failed: $(<"$tmp/lintian.err")" || pass "lintian"
	! grep -q '^I: ctxbench: unused-override' "$tmp/lintian" && pass "not: cmake/lintian-overrides has a tag lintian no longer gives" ||
		fail "cmake/lintian-overrides has a tag lintian no longer gives"
	summary
}

# cmake --install under a prefix: the files as they are, for a user's
# own install; the Debian package's layout (compressed page, copyright in
# place of LICENSE, overrides) is the package's alone.
cmake_install() {
	local cmake=${cpack%cpack}cmake p=$tmp/prefix f out
	[ "$cmake" != "$cpack" ] && [ -x "$cmake" ] || cmake=cmake
	"$cmake" --install "$build" --prefix "$p" >"$tmp/log" 2>&1 && pass "cmake --install" ||
		fail "cmake --install: $(<"$tmp/log")"
	cmp -s "$p/bin/ctxbench" "$bin" && pass "not: bin/ctxbench is not $bin" || fail "bin/ctxbench is not $bin"
	cmp -s "$p/share/man/man1/ctxbench.1" "$top/ctxbench.1" && pass "not: share/man/man1/ctxbench.1 is not the page" ||
		fail "share/man/man1/ctxbench.1 is not the page"
	for f in $docs LICENSE; do
		cmp -s "$p/share/doc/ctxbench/$f" "$top/$f" && pass "not: share/doc/ctxbench/$f is not $f" ||
			fail "share/doc/ctxbench/$f is not $f"
	done
	[ -f "$p/share/doc/ctxbench/copyright" ] && pass "not: no share/doc/ctxbench/copyright" || fail "no share/doc/ctxbench/copyright"
	for f in share/doc/ctxbench/changelog.gz share/lintian share/man/man1/ctxbench.1.gz; do
		[ ! -e "$p/$f" ] && pass "not: cmake --install made the package's $f" || fail "cmake --install made the package's $f"
	done
	for f in $tools; do
		[ -x "$p/share/ctxbench/$f" ] && "$p/share/ctxbench/$f" --help >/dev/null 2>&1 &&
			pass "not: share/ctxbench/$f is not installed or does not run" || fail "share/ctxbench/$f is not installed or does not run"
	done
	installed_tools_run "$p"
	summary
}

install() {
	local v list f left
	[ "$(id -u)" -eq 0 ] || skip "installing into / needs root"
	command -v dpkg >/dev/null || skip "no dpkg"
	[ "${CTXBENCH_TEST_INSTALL:-}" = 1 ] || {
		skip "installs into /: set CTXBENCH_TEST_INSTALL=1 (as .ci/run does)"
	}
	if dpkg-query -W -f='${Status}' ctxbench 2>/dev/null | grep -q ' installed$'; then
		skip "a ctxbench package is installed here already: not replaced"
	fi
	build_deb
	v=$("$bin" -V)
	trap 'dpkg -r ctxbench >/dev/null 2>&1; rm -rf "$tmp"' EXIT
	dpkg -i "$deb" >"$tmp/dpkg.log" 2>&1 && pass "dpkg -i" ||
		fail "dpkg -i: $(<"$tmp/dpkg.log")"
	list=$(dpkg -L ctxbench)
	[ "$(env -i PATH=/usr/bin:/bin sh -c 'command -v ctxbench')" = /usr/bin/ctxbench ] &&
		pass "not: ctxbench is not /usr/bin/ctxbench on PATH" || fail "ctxbench is not /usr/bin/ctxbench on PATH"
	[ "$(env -i PATH=/usr/bin:/bin ctxbench -V)" = "$v" ] && pass "the installed ctxbench -V" ||
		fail "the installed ctxbench -V says '$(ctxbench -V)', not '$v'"
	if command -v man >/dev/null && [ -x /usr/bin/mandb ]; then
		[ "$(man -w ctxbench 2>&1)" = /usr/share/man/man1/ctxbench.1.gz ] &&
			pass "man -w ctxbench" || fail "man -w ctxbench: $(man -w ctxbench 2>&1)"
		man ctxbench 2>/dev/null | grep -q 'ctxbench report' && pass "not: man ctxbench does not show the page" ||
			fail "man ctxbench does not show the page"
	else
		skip_check "man ctxbench shows the page" "no man (man-db)"
	fi
	# A login shell's completion: bash-completion's loader, when it is
	# here, finds it by name; without it, the file sourced.
	if [ -f /usr/share/bash-completion/bash_completion ]; then
		HOME=$tmp bash --noprofile --norc -ic '
			. /usr/share/bash-completion/bash_completion
			_completion_loader ctxbench
			complete -p ctxbench' >"$tmp/complete" 2>/dev/null
	else
		echo "note: no bash-completion: the installed file sourced alone"
		bash --noprofile --norc -c '
			. /usr/share/bash-completion/completions/ctxbench
			complete -p ctxbench' >"$tmp/complete" 2>&1
	fi
	grep -qx 'complete -F _ctxbench ctxbench' "$tmp/complete" && pass "complete -p ctxbench" ||
		fail "complete -p ctxbench: $(<"$tmp/complete")"
	# The documents and tools the manual page names, where it names them.
	for f in /usr/share/doc/ctxbench/docs/:method.md /usr/share/ctxbench/:vmrun; do
		[ -f "${f/:/}" ] && MANWIDTH=200 man ctxbench 2>/dev/null | grep -q "${f%%:*}" &&
			pass "${f/:/}" || fail "${f/:/}: not installed, or ${f%%:*} not named by the manual page"
	done
	/usr/share/ctxbench/vmturns --help >/dev/null 2>&1 && pass "not: /usr/share/ctxbench/vmturns --help failed" ||
		fail "/usr/share/ctxbench/vmturns --help failed"
	installed_tools_run /usr
	env -i PATH=/usr/bin:/bin ctxbench -t 0.1 -r 1 -b pipe -q >"$tmp/run" 2>&1 &&
		grep -q 'pipe' "$tmp/run" && pass "ctxbench from PATH" || fail "ctxbench from PATH: $(<"$tmp/run")"
	dpkg -r ctxbench >"$tmp/dpkg.log" 2>&1 && pass "dpkg -r" ||
		fail "dpkg -r: $(<"$tmp/dpkg.log")"
	trap 'rm -rf "$tmp"' EXIT
	left=
	while IFS= read -r f; do
		[ -f "$f" ] || [ -L "$f" ] && left+=" $f"
	done <<<"$list"
	[ -z "$left" ] && pass "not: left after dpkg -r:$left" || fail "left after dpkg -r:$left"
	! command -v ctxbench >/dev/null || [ "$(command -v ctxbench)" != /usr/bin/ctxbench ] &&
		pass "not: ctxbench still on PATH" || fail "ctxbench still on PATH"
	dpkg-query -W -f='${Status}' ctxbench 2>/dev/null | grep -q ' installed$' &&
		fail "dpkg still lists ctxbench installed" || pass "not: dpkg still lists ctxbench installed"
	summary
}

build=${2:-} bin=${3:-} cpack=${4:-cpack}
case ${1:-} in
deb) deb ;;
lintian) lintian_check ;;
install) install ;;
cmake-install) cmake_install ;;
*)
	echo "usage: $0 deb|lintian|install|cmake-install BUILD_DIR BIN [CPACK]" >&2
	exit 2
	;;
esac
