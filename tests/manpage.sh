#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The manual page: the same options as --help, with the defaults and ranges
# of the option table, installed, rendered cleanly.
# usage: manpage.sh options BIN PAGE | manpage.sh defaults BIN PAGE |
#        manpage.sh install CMAKE BUILD_DIR PAGE | manpage.sh render PAGE |
#        manpage.sh environment SRC ROOMS
set -u

. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh).
tests=(
	"manpage-options options @BIN@ @SRC@/ctxbench.1 | timeout=60 labels=docs"
	"manpage-install install @CMAKE@ @BUILD@ @SRC@/ctxbench.1 | timeout=60 labels=docs"
	"manpage-render render @SRC@/ctxbench.1 | timeout=60 labels=docs"
	"manpage-defaults defaults @BIN@ @SRC@/ctxbench.1 | timeout=60 labels=docs"
	"manpage-environment environment @SRC@ @BUILD@/rooms.txt | timeout=60 labels=docs"
)
list_tests "$@"

# The options of a --help text, one "SHORT LONG" a line ("- --note" for a
# long option without a short one).
help_opts() {
	sed -nE 's/^  (-[A-Za-z]), (--[a-z][a-z-]*).*/\1 \2/p
		s/^      (--[a-z][a-z-]*).*/- \1/p'
}

# How the page spells an option: troff's \- for every dash.
troff() {
	printf '%s\n' "${1//-/\\-}"
}

# The part of @page from the line ".SS TITLE" to the next section.
section() {
	awk -v t="$2" '$0 == ".SS " t { on = 1; next }
		on && /^\.S[SH] / { exit } on' "$1"
}

options() {
	local bin=$1 page=$2 help report short long opt
	help=$("$bin" --help) || fail "ctxbench --help exits $?"
	report=$("$bin" report --help) || fail "ctxbench report --help exits $?"

	# Every option --help shows is in the page, with its short form.
	while read -r short long; do
		if [ "$short" = - ]; then
			opt=$(troff "$long")
		else
			opt=$(troff "$short, $long")
		fi
		grep -qF -- "$opt" "$page" && pass "not: $short $long is in --help, not in the page (as $opt)" ||
			fail "$short $long is in --help, not in the page (as $opt)"
	done < <(printf '%s\n%s\n' "$help" "$report" | help_opts | sort -u)

	# Every long option the page names is one of --help's.
	local all
	all=$(printf '%s\n%s\n' "$help" "$report" | help_opts | awk '{ print $2 }')
	while read -r long; do
		grep -qxF -- "$long" <<<"$all" && pass "not: the page names $long, which --help does not show" ||
			fail "the page names $long, which --help does not show"
	done < <(grep -oE -- '\\-\\-[a-z]([a-z]|\\-)*' "$page" |
		sed 's/\\-/-/g' | sort -u)

	# And every "-X, --name" pair of the page is --help's pair.
	while read -r short long; do
		printf '%s\n' "$help" "$report" | grep -qE -- "^  $short, $long( |\$)" &&
			pass "not: the page pairs $short with $long, --help does not" || fail "the page pairs $short with $long, --help does not"
	done < <(grep -oE -- '\\-[A-Za-z], \\-\\-[a-z]([a-z]|\\-)*' "$page" |
		sed 's/\\-/-/g; s/,//' | sort -u)

	# The options of ctxbench report are named where the page lists them.
	local rsec
	rsec=$(section "$page" "Options of ctxbench report")
	[ -n "$rsec" ] && pass "not: no section 'Options of ctxbench report'" || fail "no section 'Options of ctxbench report'"
	while read -r short long; do
		if grep -qF -- "$(troff "$long")" <<<"$rsec" ||
			{ [ "$short" != - ] &&
				grep -qE -- "$(troff "$short" | sed 's/\\/\\\\/g')([^A-Za-z]|\$)" <<<"$rsec"; }; then
			pass "not: $long of ctxbench report is not in the page's report options"
		else
			fail "$long of ctxbench report is not in the page's report options"
		fi
	done < <(awk '/^Options of ctxbench report:/ { on = 1; next }
		on && /^$/ { exit } on' <<<"$report" | help_opts)
	summary
}

# The words of the entry of option @2 ("--runs") in the OPTIONS section
# of @1, on one line: its tag to the next entry, macros and quotes gone.
entry() {
	awk -v o="$(troff "$2")" '
		/^\.SH / { opts = ($0 == ".SH OPTIONS") }
		/^\.SS Defaults/ { opts = 0 }
		!opts { next }
		/^\.(TP|SS|SH|PP)/ { on = 0; tag = ($0 == ".TP"); next }
		tag { tag = 0; on = index($0, o " ") > 0 || index($0, o "\"") > 0 ||
			substr($0, length($0) - length(o) + 1) == o }
		on' "$1" | sed -E 's/^\.[A-Z]+ //; s/"//g; s/\\-/-/g; s/\\f[BIRP]//g' |
		tr -s ' \n' '  '
}

# The option entries say the defaults and ranges of the option table
# (ctxbench dump options): a default that is a number as "default N", a
# range as "A to B".  A default changed in the table fails here until the
# page says it.
defaults() {
	local bin=$1 page=$2 mode short long arg def range words help text n=0
	while IFS=$'\037' read -r mode short long arg def range words help; do
		[ -n "$def$range" ] || continue
		text=$(entry "$page" "$long")
		if [ -z "$text" ]; then
			fail "the page has no entry for $long"
			continue
		fi
		if [[ $def =~ ^-?[0-9.]+$ ]]; then
			n=$((n + 1))
			grep -qiE -- "default $def([^0-9.]|\.([^0-9]|\$)|\$)" <<<"$text" && pass "the page's $long does not say its default, $def" ||
				fail "the page's $long does not say its default, $def: $text"
		fi
		if [ -n "$range" ]; then
			n=$((n + 1))
			grep -qF -- "${range/../ to }" <<<"$text" && pass "the page's $long does not say its range, ${range/../ to }" ||
				fail "the page's $long does not say its range, ${range/../ to }: $text"
		fi
	done < <("$bin" dump options | tr '\t' '\037')
	[ "$n" -ge 5 ] && pass "not: only $n defaults and ranges checked" || fail "only $n defaults and ranges checked"
	summary
}

install_test() {
	local cmake=$1 build=$2 page=$3 work prefix
	work=$(mktemp -d) || exit 1
	prefix=$work/prefix
	if ! "$cmake" --install "$build" --prefix "$prefix" >"$work/log" 2>&1; then
		fail "cmake --install: $(<"$work/log")"
	fi
	[ -x "$prefix/bin/ctxbench" ] && pass "not: no bin/ctxbench installed" || fail "no bin/ctxbench installed"
	"$prefix/bin/ctxbench" -V | grep -q '^ctxbench ' && pass "not: the installed ctxbench does not run" ||
		fail "the installed ctxbench does not run"
	cmp -s "$page" "$prefix/share/man/man1/ctxbench.1" && pass "not: share/man/man1/ctxbench.1 is not the page" ||
		fail "share/man/man1/ctxbench.1 is not the page"
	rm -rf "$work"
	summary
}

render() {
	local page=$1 out err
	if ! command -v man >/dev/null; then
		skip "no man here"
	fi
	out=$(mktemp) err=$(mktemp)
	LC_ALL=C.UTF-8 MANWIDTH=80 MANPAGER=cat PAGER=cat man -l "$page" \
		>"$out" 2>"$err"
	local rc=$?
	[ "$rc" -eq 0 ] && pass "not: man -l exits $rc" || fail "man -l exits $rc"
	[ ! -s "$err" ] && pass "man -l warns" || fail "man -l warns: $(<"$err")"
	for s in NAME SYNOPSIS DESCRIPTION OPTIONS MECHANISMS PLACEMENT RINGS \
		"THE REPORT" "SAVED RUNS" FAULTS "EXIT STATUS" EXAMPLES FILES \
		"SEE ALSO"; do
		grep -qx "$s" "$out" && pass "not: no section $s in the page" || fail "no section $s in the page"
	done
	awk 'length($0) > 80 { print; bad = 1 } END { exit bad }' "$out" >"$err" &&
		pass "lines wider than 80 columns" || fail "lines wider than 80 columns: $(<"$err")"
	# groff's own warnings, where it is the formatter.
	if command -v groff >/dev/null; then
		groff -man -Tutf8 -ww -z "$page" >"$err" 2>&1
		[ ! -s "$err" ] && pass "groff warns" || fail "groff warns: $(<"$err")"
	fi
	rm -f "$out" "$err"
	summary
}

# ENVIRONMENT: every variable ctxbench's source reads (getenv(), in
# ctxbench.c and the rooms of ROOMS, the build's rooms.txt) is an entry of
# the page's section, and every entry is one it reads.
environment() {
	local src=$1 rooms=$2 room files=("$1/ctxbench.c") sect read named v
	while IFS=: read -r room _; do
		files+=("$src/$room")
	done <"$rooms"
	[ "${#files[@]}" -gt 1 ] && pass "not: no room in $rooms" || fail "no room in $rooms"
	sect=$(awk '$0 == ".SH ENVIRONMENT" { on = 1; next }
		on && /^\.SH / { exit } on' "$src/ctxbench.1")
	named=$(awk 'prev == ".TP" && $1 == ".B" { print $2 } { prev = $0 }' \
		<<<"$sect" | sort -u)
	read=$(grep -rhoE --include='*.[ch]' '\<(secure_)?getenv\([^)]*\)' \
		"${files[@]}" | sort -u)
	[ -n "$read" ] && pass "not: no getenv() in the source" || fail "no getenv() in the source"
	# A name that is not a literal would escape the check.
	v=$(grep -vE '^(secure_)?getenv\("[A-Za-z_][A-Za-z0-9_]*"\)$' <<<"$read")
	[ -z "$v" ] && pass "getenv() of a name that is not a literal" || fail "getenv() of a name that is not a literal: $v"
	read=$(sed -E 's/.*\("(.*)"\)/\1/' <<<"$read" | sort -u)
	for v in $read; do
		grep -qxF -- "$v" <<<"$named" && pass "not: ctxbench reads $v; the page's ENVIRONMENT has no entry for it" ||
			fail "ctxbench reads $v; the page's ENVIRONMENT has no entry for it"
	done
	for v in $named; do
		grep -qxF -- "$v" <<<"$read" && pass "not: the page's ENVIRONMENT has an entry for $v, which ctxbench does not read" ||
			fail "the page's ENVIRONMENT has an entry for $v, which ctxbench does not read"
	done
	summary
}

case "${1:-}" in
options) options "$2" "$3" ;;
environment) environment "$2" "$3" ;;
defaults) defaults "$2" "$3" ;;
install) install_test "$2" "$3" "$4" ;;
render) render "$2" ;;
*)
	echo "usage: $0 options BIN PAGE | defaults BIN PAGE | install CMAKE BUILD_DIR PAGE | render PAGE | environment SRC ROOMS" >&2
	exit 2
	;;
esac
