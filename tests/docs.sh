#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The documentation against the code: relative links and anchors resolve,
# the saved run's limits are the code's (ctxbench dump limits), the manual
# page's mechanisms are the binary's (ctxbench dump mechanisms) and its Run
# information facts those the report prints,
# the README stays short, with the blocks CI and the tests read, and the
# pages' examples of a comparison compare what they say.
# usage: docs.sh links SRC | docs.sh limits BIN SRC | docs.sh mechanisms BIN PAGE |
#        docs.sh facts BIN PAGE FIXTURE | docs.sh readme SRC | docs.sh examples SRC
set -u

. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh).
tests=(
	"docs-links links @SRC@ | timeout=60 labels=docs"
	"docs-mechanisms mechanisms @BIN@ @SRC@/ctxbench.1 | timeout=60 labels=docs"
	"docs-facts facts @BIN@ @SRC@/ctxbench.1 @TESTS@/fixtures/json/base.json | timeout=60 labels=docs"
	"docs-readme readme @SRC@ | timeout=60 labels=docs"
	"docs-limits limits @BIN@ @SRC@ | timeout=60 labels=docs"
	"docs-examples examples @SRC@ | timeout=60 labels=docs"
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
			pass "${page#"$src"/}: $target: ${file#"$src"/} is here"
			[ -z "$anchor" ] && continue
			if [[ $file != *.md ]]; then
				fail "${page#"$src"/}: $target: an anchor in a file that is not Markdown"
			elif anchors "$file" | grep -qxF -- "$anchor"; then
				pass "${page#"$src"/}: $target: heading #$anchor"
			else
				fail "${page#"$src"/}: $target: no heading #$anchor"
			fi
		done < <(targets "$page")
	done < <(pages)
	[ "$n" -gt 0 ] && pass "no link found" || fail "no link found: the parser is broken"
	summary
}

# The rendered section @2 of page @1, as one line of single spaces: the
# words as a reader sees them, whatever the markup.
rendered() {
	groff -man -Tascii -rHY=0 -rLL=2000n -P-cbou "$1" 2>/dev/null |
		awk -v t="$2" '$0 == t { on = 1; next }
			on && /^[A-Z]/ { exit } on' | tr -s ' \n\t' '   '
}

# The mechanisms as the binary's table has them (ctxbench dump
# mechanisms): "name<TAB>title<TAB>how<TAB>all|named" a line.
mechanisms() {
	local bin=$1 page=$2 sec name title how tags dump
	command -v groff >/dev/null || {
		skip "no groff to render the page"
	}
	sec=$(rendered "$page" MECHANISMS)
	[ -n "$sec" ] && pass "not: the page has no MECHANISMS section" || fail "the page has no MECHANISMS section"
	dump=$("$bin" dump mechanisms) && [ "$(wc -l <<<"$dump")" -ge 2 ] && pass "ctxbench dump mechanisms printed" ||
		fail "ctxbench dump mechanisms printed: $dump"
	while IFS=$'\t' read -r name title how _; do
		# The entry: "name (title)" then the code's own words.
		grep -qF -- " $name ($title) $how" <<<" $sec" && pass "not: the page's MECHANISMS has no \"$name ($title)\" saying \"$how\"" ||
			fail "the page's MECHANISMS has no \"$name ($title)\" saying \"$how\""
	done <<<"$dump"
	# And no entry for a mechanism the code does not have.
	tags=$(awk '/^\.SH MECHANISMS/ { on = 1; next } on && /^\.SH/ { exit }
		on && prev == ".TP" { print } { prev = $0 }' "$page" |
		sed -E 's/^\.B[A-Z]* //; s/ .*//; s/\\-/-/g')
	for name in $tags; do
		cut -f1 <<<"$dump" | grep -qxF -- "$name" && pass "not: the page's MECHANISMS names $name, which ctxbench dump mechanisms does not" ||
			fail "the page's MECHANISMS names $name, which ctxbench dump mechanisms does not"
	done
	summary
}

facts() {
	local bin=$1 page=$2 fixture=$3 got doc fact
	# The facts as the report prints them: the lines of the block of a run.
	got=$("$bin" report "$fixture" | awk '/^Run: / { on = 1; next }
		on && /^$/ { exit } on { print $1 }')
	[ "$(wc -l <<<"$got")" -ge 10 ] && pass "ctxbench report $fixture printed too few facts" ||
		fail "ctxbench report $fixture printed too few facts: $got"
	# The facts as the page lists them: the tags of its Run information.
	doc=$(awk '$0 == ".SS Run information" { on = 1; next }
		on && /^\.S[SH] / { exit }
		on && prev == ".TP" { print } { prev = $0 }' "$page" |
		sed -E 's/^\.B[A-Z]* //; s/\\-/-/g; s/"[^"]*"//g' | tr -s ' ' '\n' |
		grep -E '^[A-Za-z_]+$')
	for fact in $got; do
		grep -qxF -- "$fact" <<<"$doc" && pass "not: the page's Run information does not say where $fact comes from" ||
			fail "the page's Run information does not say where $fact comes from"
	done
	for fact in $doc; do
		grep -qxF -- "$fact" <<<"$got" && pass "not: the page's Run information lists $fact, which the report does not print" ||
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
	[ "$n" -le 300 ] && pass "README.md has $n lines" ||
		fail "README.md has $n lines: it is read in five minutes, 300 at most"
	# .ci/run runs the test command exactly as it reads it here.
	cmd=$(sed -n '/^<!-- test-command -->/,/^```$/p' "$src/README.md" |
		sed -n '/^```sh$/,/^```$/p' | sed '1d;$d')
	[[ $cmd == "cmake -S . -B build && "*"ctest --test-dir build"* ]] && pass "not: README's test command, as .ci/run reads it, is \"$cmd\"" ||
		fail "README's test command, as .ci/run reads it, is \"$cmd\""
	grep -qF "<!-- test-command -->" "$src/.ci/run" && pass "not: .ci/run no longer reads the <!-- test-command --> block" ||
		fail ".ci/run no longer reads the <!-- test-command --> block"
	[ -n "$(block '<!-- run-command -->')" ] && pass "not: README has no run command" ||
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
			pass "not: README's block is not a slice of $golden" || fail "README's block is not a slice of $golden"
	done < <(sed -nE 's/^<!-- golden: (.*) -->$/\1/p' "$src/README.md")
	summary
}

# The shell lines of the example that compares two kernels, in @1:
# README's block under "One comparison", docs/method.md's block that
# saves in a loop, the manual page's "One kernel against another".
comparison() {
	case $1 in
	README.md)
		awk '/^## One comparison/ { on = 1; next } on && /^```/ { if (b) exit; b = 1; next }
			b' "$src/README.md" ;;
	docs/method.md)
		awk '/^```/ { if (b) { if (loop) exit; b = 0; n = 0; next } b = 1; next }
			b { l[++n] = $0; if ($0 ~ /^for /) loop = 1 }
			END { for (i = 1; i <= n; i++) print l[i] }' "$src/docs/method.md" ;;
	ctxbench.1)
		awk '/^One kernel against another:/ { on = 1; next } on && /^\.EX/ { b = 1; next }
			b && /^\.EE/ { exit } b' "$src/ctxbench.1" | sed 's/\\-/-/g' ;;
	esac
}

# Each page's comparison, run as written in boots of 6.1.0, 6.2.0, 6.18.0
# (another kernel measured on the same machine), 6.1.0 and 6.2.0, with
# stand-ins for uname, date and ctxbench (which saves its label: -n's, or
# the release, and the boot): the report it ends with is given the runs
# of 6.1 and of 6.2 alone, of two boots or more each, the replicates it
# judges a change by (of one boot each, it declines to: "not judged").
examples() {
	local page tmp stub lines save report rel labels boots boot n
	tmp=$(mktemp -d) || exit 1
	stub=$tmp/bin
	mkdir -p "$stub"
	cat >"$stub/uname" <<-'EOF'
		#!/bin/sh
		[ "$1" = -r ] && echo "$REL" && exit 0
		exec /bin/uname "$@"
	EOF
	cat >"$stub/date" <<-'EOF'
		#!/bin/sh
		n=$(cat "$CLOCK" 2>/dev/null || echo 1700000000)
		echo $((n + 1)) >"$CLOCK" && echo $((n + 1))
	EOF
	cat >"$stub/ctxbench" <<-'EOF'
		#!/bin/bash
		if [ "$1" = report ]; then
			shift
			for f; do [ -f "$f" ] && cat "$f" || echo "missing:$f"; done
			exit 0
		fi
		label=$REL out=
		while [ $# -gt 0 ]; do
			case $1 in -n) label=$2 && shift ;; -o) out=$2 && shift ;; esac
			shift
		done
		[ -n "$out" ] && echo "$label $BOOT" >"$out"
	EOF
	chmod +x "$stub"/*
	for page in README.md docs/method.md ctxbench.1; do
		lines=$(comparison "$page")
		save=$(grep -v '^ctxbench report\|^tools/' <<<"$lines")
		report=$(grep '^ctxbench report' <<<"$lines")
		[ -n "$save" ] && [ -n "$report" ] && pass "$page: a comparison example" ||
			{ fail "$page: no comparison example found"; continue; }
		rm -rf "$tmp/w" && mkdir "$tmp/w"
		boot=0
		for rel in 6.1.0 6.2.0 6.18.0 6.1.0 6.2.0; do
			boot=$((boot + 1))
			(cd "$tmp/w" && PATH=$stub:$PATH REL=$rel BOOT=$boot CLOCK=$tmp/clock \
				bash -c "$save") ||
				fail "$page: the saving lines failed in the boot of $rel"
		done
		labels=$(cd "$tmp/w" && PATH=$stub:$PATH bash -c "$report" | cut -d' ' -f1)
		boots=$(cd "$tmp/w" && PATH=$stub:$PATH bash -c "$report" | sort -u | cut -d' ' -f1)
		! grep -qv '^6\.[12]\(\.0\)\?$' <<<"$labels" && pass "$page" ||
			fail "$page: $report is given other runs: $(grep -v '^6\.[12]\(\.0\)\?$' <<<"$labels" |
				sort | uniq -c | paste -sd,)"
		for rel in 6.1 6.2; do
			n=$(grep -c "^${rel/./\\.}\(\.0\)\?$" <<<"$boots")
			[ "$n" -ge 2 ] && pass "$page" ||
				fail "$page: $report is given $n boot(s) of $rel: the report does not judge it"
		done
	done
	rm -rf "$tmp"
	summary
}

# The value of limit @1 of a saved run, as the binary's dump has it.
schema() {
	awk -F '\t' -v k="$1" '$1 == k { print $2 }' <<<"$limits"
}

# The limits of a saved run that docs/json.md gives are the code's
# (ctxbench dump limits): the file size in MiB (the only size it gives,
# and docs/method.md's), the nesting, the samples, rows and invocations.
limits() {
	local bytes mib text limits
	limits=$("$bin" dump limits) || fail "ctxbench dump limits exits $?"
	bytes=$(schema file_bytes)
	[[ $bytes =~ ^[0-9]+$ ]] && [ $((bytes % 1048576)) -eq 0 ] && mib=$((bytes / 1048576)) && pass "a saved run's limit in whole MiB" ||
		{ fail "a saved run's limit is '$bytes' bytes, not whole MiB: say its MiB here"; summary; exit; }
	# The page as one line, single spaces: a phrase may break anywhere.
	text=$(tr -s ' \n' '  ' <"$src/docs/json.md")
	[ "$(grep -oE '[0-9]+ ?[KMGT]i?B\b' <<<"$text" | sort -u)" = "$mib MiB" ] && pass "json.md gives only $mib MiB" ||
		fail "json.md gives sizes $(grep -oE '[0-9]+ ?[KMGT]i?B\b' <<<"$text" | sort -u | paste -sd,), not only $mib MiB"
	grep -q "bytes ($mib MiB)" "$src/docs/method.md" && pass "not: method.md does not give a saved run's $mib MiB" ||
		fail "method.md does not give a saved run's $mib MiB"
	for phrase in "This page describes \`schema_version\` $(schema schema_version)." \
		"nested no deeper than $(schema depth)." \
		"$(schema samples) samples per row" \
		"$(schema rows) rows per invocation" \
		"$(schema invocations) invocations in one report"; do
		grep -qF -- "$phrase" <<<"$text" && pass "not: json.md does not say '$phrase'" || fail "json.md does not say '$phrase'"
	done
	summary
}

case ${1:-} in
limits) bin=$2 src=$3 limits ;;
links) src=$2 links ;;
mechanisms) mechanisms "$2" "$3" ;;
facts) facts "$2" "$3" "$4" ;;
readme) src=$2 readme ;;
examples) src=$2 examples ;;
*)
	echo "usage: $0 links SRC | limits BIN SRC | mechanisms BIN PAGE | facts BIN PAGE FIXTURE | readme SRC | examples SRC" >&2
	exit 2
	;;
esac
