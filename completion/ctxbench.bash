# SPDX-License-Identifier: GPL-2.0-or-later
# bash completion of ctxbench and ctxbench report: options, the values of
# those that take a word of a fixed set, files for -o, --noise and saved runs.
#
# As perf's completion asks perf, this one asks ctxbench: its options from
# --help, its mechanisms from --list.  The words of every option that
# takes words of a fixed set (--format, --order, --policy, -P, --series)
# are those of ctxbench's option table, written below by tools/gen-refs
# from ctxbench dump options (the refs test fails when they differ).  It needs bash alone, not the bash-completion package's
# helpers.

# Run ctxbench (the command being completed) with @@, stdout and stderr.
_ctxbench_ask() {
	local cmd=${COMP_WORDS[0]}

	[[ $cmd == "~/"* ]] && cmd=$HOME/${cmd#"~/"}
	"$cmd" "$@" 2>&1
}

# The words each option takes, from ctxbench's option table; "cpus:A,B"
# gives "cpus:".
# BEGIN GENERATED words: tools/gen-refs, from ctxbench dump options
_ctxbench_table_words() {
	case $1 in
	--placement) printf "%s\n" any same cross smt big little big-little cpus: ;;
	--policy) printf "%s\n" other batch idle fifo rr ;;
	--order) printf "%s\n" interleave shuffle sequential ;;
	--format) printf "%s\n" text json kv tsv html csv csv-compare ;;
	--series) printf "%s\n" given start ;;
	esac
}
# END GENERATED words

# Complete @cur with the words of stdin (not a pipe: COMPREPLY is set here); a comma list when @1 is "list":
# each word once, after those already given.
_ctxbench_words() {
	local kind=$1 cur=$2 head= w seen
	local -a words

	mapfile -t words
	if [ "$kind" = list ] && [[ $cur == *,* ]]; then
		head=${cur%,*},
		cur=${cur##*,}
	fi
	seen=",$head"
	for w in "${words[@]}"; do
		[[ $seen == *",$w,"* ]] && continue
		[[ $w == "$cur"* ]] && COMPREPLY+=("$head$w")
	done
	# A list goes on after a comma; "cpus:" goes on after the colon.
	if [ "$kind" = list ] || [[ ${COMPREPLY[*]} == *: ]]; then
		compopt -o nospace 2>/dev/null
	fi
}

# Files for @cur: all, or only saved runs (*.json) when @1 is "json";
# directories always, to go into; each once.  Globbed, not read from
# compgen's lines, so that a name with a newline is one word; a leading
# "~/" stays as typed.
_ctxbench_files() {
	local w base=$2 tilde= shopts

	compopt -o filenames 2>/dev/null
	if [[ $base == "~" || $base == "~/"* ]]; then
		tilde=1
		base=$HOME${base#"~"}
	fi
	shopts=$(shopt -p nullglob dotglob)
	shopt -s nullglob dotglob
	for w in "$base"*; do
		[ -d "$w" ] || [ "$1" != json ] || [[ $w == *.json ]] || continue
		[ -n "$tilde" ] && w="~${w#"$HOME"}"
		COMPREPLY+=("$w")
	done
	eval "$shopts"
}

_ctxbench() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev= mode=run line long arg eq=
	local -A takes=() longof=()
	local -a opts=()

	COMPREPLY=()
	[ "$COMP_CWORD" -ge 1 ] && prev=${COMP_WORDS[COMP_CWORD - 1]}
	[ "${COMP_WORDS[1]:-}" = report ] && [ "$COMP_CWORD" -gt 1 ] && mode=report

	# "--format=j": split at "=" by bash (COMP_WORDBREAKS) or here.
	if [ "$cur" = = ] && [[ $prev == --* ]]; then
		cur=
	elif [ "$prev" = = ] && [ "$COMP_CWORD" -ge 2 ]; then
		prev=${COMP_WORDS[COMP_CWORD - 2]}
	elif [[ $cur == --*=* ]]; then
		prev=${cur%%=*}
		eq=$prev=
		cur=${cur#*=}
	fi

	# The options of this command, as --help lists them.
	local section= re='^ +(-([A-Za-z0-9]), )? *--([a-z][a-z0-9-]*)( ([A-Z]+))? '
	while IFS= read -r line; do
		case $line in
		'Options:') section=run ;;
		'Options of ctxbench report:') section=report ;;
		'') section= ;;
		*)
			[ "$section" = "$mode" ] && [[ $line =~ $re ]] || continue
			long=--${BASH_REMATCH[3]}
			arg=${BASH_REMATCH[5]}
			opts+=("$long")
			[ -n "${BASH_REMATCH[2]}" ] &&
				opts+=("-${BASH_REMATCH[2]}") &&
				longof[-${BASH_REMATCH[2]}]=$long
			[ -n "$arg" ] && takes[$long]=$arg
			;;
		esac
	done < <(_ctxbench_ask --help)
	[ -n "${longof[$prev]:-}" ] && prev=${longof[$prev]}

	if [ -n "${takes[$prev]:-}" ]; then
		case $prev in
		--backend)
			_ctxbench_words list "$cur" < <(
				_ctxbench_ask --list | while read -r w _; do echo "$w"; done
				[[ $cur == *,* ]] || echo all)
			;;
		--parallel) _ctxbench_words list "$cur" <<<cpus ;;
		--output) _ctxbench_files any "$cur" ;;
		--noise) _ctxbench_files json "$cur" ;;
		*)
			# Every other option the table gives words: a LIST takes
			# several, comma-separated.
			if [ "${takes[$prev]}" = LIST ]; then
				_ctxbench_words list "$cur" < <(_ctxbench_table_words "$prev")
			else
				_ctxbench_words one "$cur" < <(_ctxbench_table_words "$prev")
			fi
			;;
		esac
		# "--format=j" is one word where "=" does not break words.
		[ -n "$eq" ] && COMPREPLY=("${COMPREPLY[@]/#/$eq}")
		return 0
	fi

	if [[ $cur == -* ]]; then
		local o
		for o in "${opts[@]}"; do
			[[ $o == "$cur"* ]] && COMPREPLY+=("$o")
		done
	elif [ "$mode" = report ]; then
		_ctxbench_files json "$cur"
	elif [ "$COMP_CWORD" -eq 1 ] && [[ report == "$cur"* ]]; then
		COMPREPLY=(report)
	fi
	return 0
}

complete -F _ctxbench ctxbench
