#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The bash completion (completion/ctxbench.bash), loaded in a bash without
# the bash-completion package: it completes every option --help prints and
# no other, every mechanism --list prints, the words of the option table
# (ctxbench dump options), each taken, and files; cmake --install puts it
# where bash-completion looks.
# usage: completion.sh table BIN SCRIPT | completion.sh words BIN SCRIPT |
#        completion.sh install CMAKE BUILD_DIR SCRIPT
set -u

. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh).
tests=(
	"completion-table table @BIN@ @SRC@/completion/ctxbench.bash | timeout=60 labels=docs"
	"completion-words words @BIN@ @SRC@/completion/ctxbench.bash | timeout=60 labels=docs"
	"completion-install install @CMAKE@ @BUILD@ @SRC@/completion/ctxbench.bash | timeout=60 labels=docs"
)
list_tests "$@"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# What the completion of WORDS (the last the one completed) offers, one a
# line (each ended by $COMP_END, a printf escape, where it is set), as
# bash would call it: the script loaded alone in a bare bash.
comp() {
	bash --norc --noprofile -c '
		. "$0" || exit 1
		spec=$(complete -p ctxbench) && [[ $spec == *"-F _ctxbench ctxbench" ]] ||
			{ echo "not registered: $spec" >&2; exit 1; }
		COMP_WORDS=("$@")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		COMP_LINE="$*"
		COMP_POINT=${#COMP_LINE}
		_ctxbench ctxbench "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}" ||
			exit 1
		[ "${#COMPREPLY[@]}" -eq 0 ] || printf "%s${COMP_END:-\n}" "${COMPREPLY[@]}"' "$script" "$@"
}

# The options of section @1 of --help ("Options:" or "Options of ctxbench
# report:"), one a line, sorted: read apart from the completion's reading.
help_opts() {
	"$bin" --help | awk -v s="$1" '$0 == s { on = 1; next } /^$/ { on = 0 }
		on { for (i = 1; i <= 2; i++) if ($i ~ /^-/) { sub(/,$/, "", $i); print $i } }' |
		sort
}

# Sorted lines of $1 equal to those of $2, else fail with what differs.
same() {
	if [ "$(sort <<<"$1")" = "$(sort <<<"$2")" ]; then
		pass "not: $3:"
	else
		fail "$3:"$'\n'"$(diff <(sort <<<"$1") <(sort <<<"$2"))"
	fi
}

# The completion against the binary: options, mechanisms, and the words of
# each option of a fixed set, each one the binary takes.
table() {
	local want got opt w words mech
	for mode in run report; do
		if [ $mode = run ]; then
			want=$(help_opts "Options:")
			got=$(comp "$bin" -)
		else
			want=$(help_opts "Options of ctxbench report:")
			got=$(comp "$bin" report -)
		fi
		[ "$(wc -l <<<"$want")" -ge 10 ] && pass "--help lists too few options" || fail "--help lists too few options: $want"
		same "$got" "$want" "the options of $mode completed are not those of --help"
	done
	mech=$("$bin" --list | awk '{ print $1 }')
	[ "$(wc -l <<<"$mech")" -ge 2 ] && pass "not: --list lists no mechanisms" || fail "--list lists no mechanisms"
	same "$(comp "$bin" -b '')" "$mech"$'\n'all "-b completes other than --list's mechanisms and all"
	same "$(comp "$bin" --backend pipe,)" "$(grep -vx pipe <<<"$mech" | sed 's/^/pipe,/')" \
		"-b pipe, completes other than the other mechanisms"
	# Each word completed is taken (-h after it: nothing runs); the words
	# completed are those of the option table (ctxbench dump options, a
	# "cpus:A,B" up to its colon), and so are those its refusal lists.
	"$bin" dump options >"$tmp/options" || fail "ctxbench dump options exits $?"
	# Every option the table gives words, of the run and of report.
	local -a worded
	mapfile -t worded < <(awk -F '\t' '$7 != "" {
		if ($1 != "report") print $3; if ($1 != "run") print "report " $3 }' \
		"$tmp/options" | sort -u)
	[ "${#worded[@]}" -ge 6 ] && pass "the option table gives few options words" || fail "the option table gives few options words: ${worded[*]}"
	for opt in "${worded[@]}"; do
		words=$(comp "$bin" $opt '')
		[ "$(wc -l <<<"$words")" -ge 2 ] && pass "not: $opt completes '$words'" || fail "$opt completes '$words'"
		for w in $words; do
			[ "$w" = cpus: ] && w=cpus:0
			"$bin" $opt "$w" -h >/dev/null 2>"$tmp/err" && pass "$opt completes '$w', which ctxbench refuses" ||
				fail "$opt completes '$w', which ctxbench refuses: $(<"$tmp/err")"
		done
		awk -F '\t' -v o="${opt#report }" '$3 == o { print $7 }' "$tmp/options" |
			tr ' ' '\n' | sed -E 's/^([a-z]+:)[A-Z].*/\1/' >"$tmp/table"
		[ -s "$tmp/table" ] && pass "not: the option table gives $opt no words" || fail "the option table gives $opt no words"
		same "$words" "$(<"$tmp/table")" "$opt completes other than the option table's words"
		"$bin" $opt '?' -h 2>&1 >/dev/null | grep -o '(expected [^)]*)' |
			sed 's/(expected //; s/)//; s/ or /, /g; s/, /\n/g; s/:[A-Z].*/:/' >"$tmp/listed"
		[ -s "$tmp/listed" ] && pass "not: $opt '?' lists no words" || fail "$opt '?' lists no words"
		same "$(<"$tmp/table")" "$(<"$tmp/listed")" "$opt's refusal lists other than the option table's words"
	done
	same "$(comp "$bin" -j '')" cpus "-j does not complete cpus"
	"$bin" -j cpus -h >/dev/null && pass "not: -j cpus is refused" || fail "-j cpus is refused"
	summary
}

# What a user sees: option values in their forms, lists, files.
words() {
	local got
	cd "$tmp" || exit 1
	mkdir "$tmp/d" "$tmp/d/sub" && touch "$tmp/d/a.json" "$tmp/d/b.json" "$tmp/d/notes.txt"
	same "$(comp "$bin" --for)" --format "--for"
	same "$(comp "$bin" --format j)" json "--format j"
	same "$(comp "$bin" --format = j)" json "--format=j, = a word of its own"
	same "$(comp "$bin" --format=j)" --format=json "--format=j, one word"
	same "$(comp "$bin" -P same,c)" "same,cross"$'\n'"same,cpus:" "-P same,c"
	same "$(comp "$bin" --policy fifo,r)" fifo,rr "--policy fifo,r"
	same "$(comp "$bin" --order se)" sequential "--order se"
	same "$(comp "$bin" re)" report "the command report"
	same "$(comp "$bin" report re)" "" "report FILE: no file starts with re here"
	same "$(comp "$bin" report "$tmp/d/")" "$tmp/d/a.json"$'\n'"$tmp/d/b.json"$'\n'"$tmp/d/sub" \
		"report completes other than saved runs and directories"
	same "$(comp "$bin" report --noise "$tmp/d/")" "$tmp/d/a.json"$'\n'"$tmp/d/b.json"$'\n'"$tmp/d/sub" \
		"--noise completes other than saved runs and directories"
	same "$(comp "$bin" -o "$tmp/d/n")" "$tmp/d/notes.txt" "-o completes other than any file"
	# Each once: a directory is a file too, and one may be named *.json.
	mkdir "$tmp/d/old.json"
	got=$(comp "$bin" -o "$tmp/d/")
	same "$got" "$(printf "$tmp/d/%s\n" a.json b.json notes.txt old.json sub)" "-o DIR/ completes"
	[ "$(sort <<<"$got" | uniq -d)" = "" ] && pass "-o DIR/ completes twice" || fail "-o DIR/ completes twice: $(sort <<<"$got" | uniq -d)"
	got=$(comp "$bin" report "$tmp/d/")
	[ "$(sort <<<"$got" | uniq -d)" = "" ] && pass "report DIR/ completes twice" || fail "report DIR/ completes twice: $(sort <<<"$got" | uniq -d)"
	rmdir "$tmp/d/old.json"
	same "$(comp "$bin" -t '')" "" "-t completes a word"
	same "$(comp "$bin" report -b)" "" "report completes run's -b"
	same "$(comp "$bin" report --series '')" "given"$'\n'"start" "report --series"
	# A name with a newline is one word, not two.
	mkdir "$tmp/n" && touch "$tmp/n/"$'two\nlines.json' "$tmp/n/one.json"
	got=$(COMP_END='\0' comp "$bin" report "$tmp/n/t" | tr '\0' '|')
	[ "$got" = "$tmp/n/two"$'\n'"lines.json|" ] && pass "a name with a newline completes as" ||
		fail "a name with a newline completes as: $got"
	got=$(COMP_END='\0' comp "$bin" -o "$tmp/n/" | tr '\0' '|')
	[ "$got" = "$tmp/n/one.json|$tmp/n/two"$'\n'"lines.json|" ] && pass "-o DIR/ with a newline in a name completes" ||
		fail "-o DIR/ with a newline in a name completes: $got"
	# A ctxbench that is not there: nothing, and no error.
	got=$(comp "$tmp/none" --format '' 2>&1)
	same "$got" "" "a missing ctxbench gives"
	summary
}

# cmake --install puts it where bash-completion loads it from by name.
install_test() {
	local cmake=$1 build=$2 prefix=$tmp/prefix
	"$cmake" --install "$build" --prefix "$prefix" >"$tmp/log" 2>&1 && pass "cmake --install" ||
		fail "cmake --install: $(<"$tmp/log")"
	cmp -s "$script" "$prefix/share/bash-completion/completions/ctxbench" && pass "not: share/bash-completion/completions/ctxbench is not $script" ||
		fail "share/bash-completion/completions/ctxbench is not $script"
	summary
}

case ${1:-} in
table) bin=$2 script=$3 table ;;
words) bin=$2 script=$3 words ;;
install) script=$4 install_test "$2" "$3" ;;
*)
	echo "usage: $0 table BIN SCRIPT | words BIN SCRIPT | install CMAKE BUILD_DIR SCRIPT" >&2
	exit 2
	;;
esac
