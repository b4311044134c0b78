#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The documentation against the code: relative links and anchors resolve,
# the saved run's limits are model/schema.h's,
# the manual page's mechanisms and Run information facts are the code's,
# and the README stays short, with the blocks CI and the tests read.
# usage: docs.sh links SRC | docs.sh limits SRC | docs.sh mechanisms SRC PAGE |
#        docs.sh facts BIN PAGE FIXTURE | docs.sh readme SRC
set -u

. "$(dirname "$0")/lib.sh"
# The tests (see list_tests in lib.sh).
tests=(
	"docs-links links @SRC@ | timeout=60 labels=docs"
	"docs-mechanisms mechanisms @SRC@ @SRC@/ctxbench.1 | timeout=60 labels=docs"
	"docs-facts facts @BIN@ @SRC@/ctxbench.1 @TESTS@/fixtures/json/base.json | timeout=60 labels=docs"
	"docs-readme readme @SRC@ | timeout=60 labels=docs"
	"docs-limits limits @SRC@ | timeout=60 labels=docs"
)
list_tests "$@"

export LC_ALL=C

# The Markdown pages whose links are checked.
pages() {
	local f
	for f in "$src/README.md" "$src/CONTRIBUTING.md" "$src"/docs/*.md; do
		[ -f "$f" ] && echo "$f"
	done
}

# The anchors GitHub gives the headings of Markdown file @1, one a line:
# lower case, punctuation but '-' and '_' dropped, spaces made '-', and
# "-1", "-2"... after a repeated one.  Fenced blocks hold no headings.
anchors() {
	awk '/^```/ { fence = !fence; next }
		!fence && /^#+ / {
			s = $0
			sub(/^#+ +/, "", s)
			s = tolower(s)
			gsub(/[^a-z0-9 _-]/, "", s)
			gsub(/ /, "-", s)
			if (s in seen)
				print s "-" seen[s]++
			else {
				print s
				seen[s] = 1
			}
		}' "$1"
}

# The link targets of Markdown file @1, outside fenced blocks and code
# spans, one a line.
targets() {
	awk '/^```/ { fence = !fence; next }
		!fence {
			s = $0
			gsub(/`[^`]*`/, "", s)
			while (match(s, /\]\([^) ]+\)/)) {
				print substr(s, RSTART + 2, RLENGTH - 3)
				s = substr(s, RSTART + RLENGTH)
			}
		}' "$1"
}

links() {
	local page dir target path anchor file n=0
	while IFS= read -r page; do
		dir=$(dirname "$page")
		while IFS= read -r target; do
			n=$((n + 1))
			case $target in
			http://* | https://* | mailto:*) continue ;;
			esac
			path=${target%%#*}
			anchor=
			[[ $target == *'#'* ]] && anchor=${target#*#}
			file=$page
			[ -n "$path" ] && file=$dir/$path
			if [ ! -e "$file" ]; then
				fail "${page#"$src"/}: $target: no ${file#"$src"/}"
				continue
			fi
			pass
			[ -z "$anchor" ] && continue
			if [[ $file != *.md ]]; then
				fail "${page#"$src"/}: $target: an anchor in a file that is not Markdown"
			elif anchors "$file" | grep -qxF -- "$anchor"; then
				pass
			else
				fail "${page#"$src"/}: $target: no heading #$anchor"
			fi
		done < <(targets "$page")
	done < <(pages)
	[ "$n" -gt 0 ] && pass || fail "no link found: the parser is broken"
	summary
}

# The rendered section @2 of page @1, as one line of single spaces: the
# words as a reader sees them, whatever the markup.
rendered() {
	groff -man -Tascii -rHY=0 -rLL=2000n -P-cbou "$1" 2>/dev/null |
		awk -v t="$2" '$0 == t { on = 1; next }
			on && /^[A-Z]/ { exit } on' | tr -s ' \n\t' '   '
}

# Member @2 of ipc/@1.c's ops: the string of ".@2 = "...",".
member() {
	sed -nE 's/^[ \t]*\.'"$2"' = "(.*)",$/\1/p' "$src/ipc/$1.c"
}

mechanisms() {
	local page=$1 sec b name title how tags
	command -v groff >/dev/null || {
		echo "SKIP: no groff to render the page"
		exit 77
	}
	sec=$(rendered "$page" MECHANISMS)
	[ -n "$sec" ] && pass || fail "the page has no MECHANISMS section"
	for b in $(sed -nE 's/^[ \t]*X\(([a-z0-9_]+)\).*/\1/p' \
		"$src/ipc/backends.h"); do
		name=$(member "$b" name) title=$(member "$b" title)
		how=$(member "$b" how)
		if [ -z "$name" ] || [ -z "$title" ] || [ -z "$how" ]; then
			fail "ipc/$b.c: no .name, .title or .how on a line of its own"
			continue
		fi
		# The entry: "name (title)" then the code's own words.
		grep -qF -- " $name ($title) $how" <<<" $sec" && pass ||
			fail "the page's MECHANISMS has no \"$name ($title)\" saying \"$how\" (ipc/$b.c)"
	done
	# And no entry for a mechanism the code does not have.
	tags=$(awk '/^\.SH MECHANISMS/ { on = 1; next } on && /^\.SH/ { exit }
		on && prev == ".TP" { print } { prev = $0 }' "$page" |
		sed -E 's/^\.B[A-Z]* //; s/ .*//; s/\\-/-/g')
	for name in $tags; do
		grep -qE "^[[:space:]]*\.name = \"$name\",$" "$src"/ipc/*.c && pass ||
			fail "the page's MECHANISMS names $name, which no ipc/*.c is"
	done
	summary
}

facts() {
	local bin=$1 page=$2 fixture=$3 got doc fact
	# The facts as the report prints them: the lines of the block of a run.
	got=$("$bin" report "$fixture" | awk '/^Run: / { on = 1; next }
		on && /^$/ { exit } on { print $1 }')
	[ "$(wc -l <<<"$got")" -ge 10 ] && pass ||
		fail "ctxbench report $fixture printed too few facts: $got"
	# The facts as the page lists them: the tags of its Run information.
	doc=$(awk '$0 == ".SS Run information" { on = 1; next }
		on && /^\.S[SH] / { exit }
		on && prev == ".TP" { print } { prev = $0 }' "$page" |
		sed -E 's/^\.B[A-Z]* //; s/\\-/-/g; s/"[^"]*"//g' | tr -s ' ' '\n' |
		grep -E '^[A-Za-z_]+$')
	for fact in $got; do
		grep -qxF -- "$fact" <<<"$doc" && pass ||
			fail "the page's Run information does not say where $fact comes from"
	done
	for fact in $doc; do
		grep -qxF -- "$fact" <<<"$got" && pass ||
			fail "the page's Run information lists $fact, which the report does not print"
	done
	summary
}

# The lines of README's fenced block after the marker line @1.
block() {
	awk -v m="$1" '$0 == m { on = 1; next }
		on && /^```/ { if (in_block) exit; in_block = 1; next }
		in_block' "$src/README.md"
}

readme() {
	local n cmd golden
	n=$(wc -l <"$src/README.md")
	[ "$n" -le 300 ] && pass ||
		fail "README.md has $n lines: it is read in five minutes, 300 at most"
	# .ci/run runs the test command exactly as it reads it here.
	cmd=$(sed -n '/^<!-- test-command -->/,/^```$/p' "$src/README.md" |
		sed -n '/^```sh$/,/^```$/p' | sed '1d;$d')
	[[ $cmd == "cmake -S . -B build && "*"ctest --test-dir build"* ]] && pass ||
		fail "README's test command, as .ci/run reads it, is \"$cmd\""
	grep -qF "<!-- test-command -->" "$src/.ci/run" && pass ||
		fail ".ci/run no longer reads the <!-- test-command --> block"
	[ -n "$(block '<!-- run-command -->')" ] && pass ||
		fail "README has no run command"
	# A block marked as a golden file's is a slice of it, line for line.
	while IFS= read -r golden; do
		awk 'NR == FNR { want[++n] = $0; next }
			{ line[++m] = $0 }
			END {
				for (i = 1; i + n - 1 <= m; i++) {
					for (k = 1; k <= n && line[i + k - 1] == want[k]; k++)
						;
					if (k > n)
						exit 0
				}
				exit 1
			}' <(block "<!-- golden: $golden -->") "$src/$golden" &&
			pass || fail "README's block is not a slice of $golden"
	done < <(sed -nE 's/^<!-- golden: (.*) -->$/\1/p' "$src/README.md")
	summary
}

# The value of limit @1 in model/schema.h, as its #define has it.
schema() {
	sed -nE "s/^#define $1 (\([^)]*\)|[^ ]+).*/\1/p" "$src/model/schema.h"
}

# The limits of a saved run that docs/json.md gives are model/schema.h's:
# the file size in MiB (the only size it gives, and docs/method.md's), the
# nesting, the samples, rows and invocations.
limits() {
	local bytes mib text
	bytes=$(schema SAVED_MAX_FILE_BYTES)
	[[ $bytes =~ ^\(([0-9]+)u\ \<\<\ 20\)$ ]] && mib=${BASH_REMATCH[1]} && pass ||
		{ fail "SAVED_MAX_FILE_BYTES is '$bytes', not (Nu << 20): say its MiB here"; summary; exit; }
	# The page as one line, single spaces: a phrase may break anywhere.
	text=$(tr -s ' \n' '  ' <"$src/docs/json.md")
	[ "$(grep -oE '[0-9]+ ?[KMGT]i?B\b' <<<"$text" | sort -u)" = "$mib MiB" ] && pass ||
		fail "json.md gives sizes $(grep -oE '[0-9]+ ?[KMGT]i?B\b' <<<"$text" | sort -u | paste -sd,), not only $mib MiB"
	grep -q "bytes ($mib MiB)" "$src/docs/method.md" && pass ||
		fail "method.md does not give a saved run's $mib MiB"
	for phrase in "nested no deeper than $(schema SAVED_MAX_DEPTH)." \
		"$(schema SAVED_MAX_SAMPLES) samples per row" \
		"$(schema SAVED_MAX_ROWS) rows per invocation" \
		"$(schema SAVED_MAX_INVOCATIONS) invocations in one report"; do
		grep -qF -- "$phrase" <<<"$text" && pass || fail "json.md does not say '$phrase'"
	done
	summary
}

case ${1:-} in
limits) src=$2 limits ;;
links) src=$2 links ;;
mechanisms) src=$2 mechanisms "$3" ;;
facts) facts "$2" "$3" "$4" ;;
readme) src=$2 readme ;;
*)
	echo "usage: $0 links SRC | limits SRC | mechanisms SRC PAGE | facts BIN PAGE FIXTURE | readme SRC" >&2
	exit 2
	;;
esac
