#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The Debian package cpack builds: its fields and files, and (install) the
# package installed with dpkg -i, ctxbench run from PATH, its manual page
# and completion found, then removed with dpkg -r, leaving nothing.
# Installing writes to /: only as root with CTXBENCH_TEST_INSTALL=1 (CI).
# usage: package.sh deb|install BUILD_DIR BIN [CPACK]
set -u

. "$(dirname "$0")/lib.sh"
# The tests (see list_tests in lib.sh); cpack builds in BUILD_DIR.
tests=(
	"package-deb deb @BUILD@ @BIN@ @CPACK@ | serial timeout=300 labels=package"
	"package-install install @BUILD@ @BIN@ @CPACK@ | serial timeout=300 labels=package"
)
list_tests "$@"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Build the package of BUILD_DIR into $tmp; its path in $deb.
build_deb() {
	command -v dpkg-deb >/dev/null || { echo "SKIP: no dpkg-deb (dpkg)"; exit 77; }
	command -v "$cpack" >/dev/null || { echo "SKIP: no cpack"; exit 77; }
	(cd "$build" && "$cpack" -G DEB -B "$tmp/out") >"$tmp/cpack.log" 2>&1 ||
		{ cat "$tmp/cpack.log" >&2; fail "cpack -G DEB failed"; summary; exit; }
	deb=$(echo "$tmp"/out/*.deb)
	[ -f "$deb" ] && pass || { fail "cpack made no .deb"; summary; exit; }
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
	build_deb
	want=$(deb_version)
	[ "$(field Package)" = ctxbench ] && pass || fail "Package: $(field Package)"
	[ "$(field Version)" = "$want" ] && pass ||
		fail "Version: $(field Version), not $want (of -V)"
	[ "$(field Section)" = utils ] && pass || fail "Section: $(field Section)"
	[[ $(field Maintainer) == ?*" <"*@*">" ]] && pass ||
		fail "Maintainer: '$(field Maintainer)'"
	[ -n "$(field Description)" ] && pass || fail "no Description"
	if command -v dpkg >/dev/null; then
		[ "$(field Architecture)" = "$(dpkg --print-architecture)" ] && pass ||
			fail "Architecture: $(field Architecture)"
	fi
	if command -v dpkg-shlibdeps >/dev/null && ! ldd "$bin" 2>&1 | grep -q 'not a dynamic'; then
		[[ $(field Depends) == *libc6* ]] && pass || fail "Depends: '$(field Depends)', no libc6"
	fi
	files=$(dpkg-deb -c "$deb" | awk '{ print $6 }' | grep -v '/$')
	for f in ./usr/bin/ctxbench ./usr/share/man/man1/ctxbench.1 \
		./usr/share/bash-completion/completions/ctxbench \
		./usr/share/doc/ctxbench/LICENSE ./usr/share/doc/ctxbench/README.md; do
		grep -qx "$f" <<<"$files" && pass || fail "the package has no $f"
	done
	[ "$(grep -vc '^\./usr/' <<<"$files")" -eq 0 ] && pass ||
		fail "files outside /usr: $(grep -v '^\./usr/' <<<"$files")"
	# The binary packaged is the one built, of the same version.
	dpkg-deb -x "$deb" "$tmp/root" && cmp -s "$tmp/root/usr/bin/ctxbench" "$bin" &&
		pass || fail "usr/bin/ctxbench is not $bin"
	summary
}

install() {
	local v list f left
	[ "$(id -u)" -eq 0 ] || { echo "SKIP: installing into / needs root"; exit 77; }
	command -v dpkg >/dev/null || { echo "SKIP: no dpkg"; exit 77; }
	[ "${CTXBENCH_TEST_INSTALL:-}" = 1 ] || {
		echo "SKIP: installs into /: set CTXBENCH_TEST_INSTALL=1 (as .ci/run does)"
		exit 77
	}
	if dpkg-query -W -f='${Status}' ctxbench 2>/dev/null | grep -q ' installed$'; then
		echo "SKIP: a ctxbench package is installed here already: not replaced"
		exit 77
	fi
	build_deb
	v=$("$bin" -V)
	trap 'dpkg -r ctxbench >/dev/null 2>&1; rm -rf "$tmp"' EXIT
	dpkg -i "$deb" >"$tmp/dpkg.log" 2>&1 && pass ||
		fail "dpkg -i: $(cat "$tmp/dpkg.log")"
	list=$(dpkg -L ctxbench)
	[ "$(env -i PATH=/usr/bin:/bin sh -c 'command -v ctxbench')" = /usr/bin/ctxbench ] &&
		pass || fail "ctxbench is not /usr/bin/ctxbench on PATH"
	[ "$(env -i PATH=/usr/bin:/bin ctxbench -V)" = "$v" ] && pass ||
		fail "the installed ctxbench -V says '$(ctxbench -V)', not '$v'"
	if command -v man >/dev/null && [ -x /usr/bin/mandb ]; then
		[ "$(man -w ctxbench 2>&1)" = /usr/share/man/man1/ctxbench.1.gz ] ||
			[ "$(man -w ctxbench 2>&1)" = /usr/share/man/man1/ctxbench.1 ] &&
			pass || fail "man -w ctxbench: $(man -w ctxbench 2>&1)"
		man ctxbench 2>/dev/null | grep -q 'ctxbench report' && pass ||
			fail "man ctxbench does not show the page"
	else
		echo "note: no man (man-db): the manual page is not looked up"
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
	grep -qx 'complete -F _ctxbench ctxbench' "$tmp/complete" && pass ||
		fail "complete -p ctxbench: $(cat "$tmp/complete")"
	env -i PATH=/usr/bin:/bin ctxbench -t 0.1 -r 1 -b pipe -q >"$tmp/run" 2>&1 &&
		grep -q 'pipe' "$tmp/run" && pass || fail "ctxbench from PATH: $(cat "$tmp/run")"
	dpkg -r ctxbench >"$tmp/dpkg.log" 2>&1 && pass ||
		fail "dpkg -r: $(cat "$tmp/dpkg.log")"
	trap 'rm -rf "$tmp"' EXIT
	left=
	while IFS= read -r f; do
		[ -f "$f" ] || [ -L "$f" ] && left+=" $f"
	done <<<"$list"
	[ -z "$left" ] && pass || fail "left after dpkg -r:$left"
	! command -v ctxbench >/dev/null || [ "$(command -v ctxbench)" != /usr/bin/ctxbench ] &&
		pass || fail "ctxbench still on PATH"
	dpkg-query -W -f='${Status}' ctxbench 2>/dev/null | grep -q ' installed$' &&
		fail "dpkg still lists ctxbench installed" || pass
	summary
}

build=${2:-} bin=${3:-} cpack=${4:-cpack}
case ${1:-} in
deb) deb ;;
install) install ;;
*)
	echo "usage: $0 deb|install BUILD_DIR BIN [CPACK]" >&2
	exit 2
	;;
esac
