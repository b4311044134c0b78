#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Every --format of ctxbench report, through the binary: the formats the
# binary lists (the words the bash completion offers), each the man page's,
# rendered from two labels of two saved invocations each, and each one's
# labels, rows, figures and verdicts those of the JSON's comparison
# (tests/formats.py), and the scheduler's facts of a label given those
# of a hybrid machine under a BPF scheduler, the pipe rows placed by core
# type (big-little) in every format; -o of the report and a
# run's own JSON as docs/json.md has them.
# The notes under a row in every format: findings.  CSV cells that a
# spreadsheet would run, neutralised and read back unchanged: cells.  Keys
# of kv and tsv each once, whatever the labels and symbols: keys.
# One verdict a row in words, the same in every format, of each kind:
# verdict_words.
# usage: formats.sh report BIN SRC | formats.sh verdict_words BIN SRC |
#        formats.sh findings BIN FIXTURES | formats.sh cells BIN FIXTURES |
#        formats.sh keys BIN
set -u

. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh).
tests=(
	"saved-formats report @BIN@ @SRC@ | timeout=120"
	"saved-findings findings @BIN@ @TESTS@/fixtures/json | timeout=120"
	"saved-csv-cells cells @BIN@ @TESTS@/fixtures/json | timeout=120"
	"saved-flat-keys keys @BIN@ | timeout=120"
	"saved-profile-words profile_words @BIN@ | timeout=120"
	"saved-verdict-words verdict_words @BIN@ @SRC@ | timeout=120"
)
list_tests "$@"
isolate "$@"

here=$(cd "${0%/*}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Run ctxbench; sets out, err, rc.
run() {
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	out=$(<"$tmp/out") err=$(<"$tmp/err")
}

# The words of a list "a, b or c", one a line.
words() {
	sed 's/ or /, /g; s/, /\n/g'
}

# The formats the binary lists, one a line.
list_formats() {
	"$1" report --format '?' -h 2>&1 >/dev/null |
		grep -o '(expected [^)]*)' | sed 's/(expected //; s/)//' | words
}

# The report of the saved runs $4... in every format the binary $1 lists
# and with --brief, into $3/report.FORMAT (report.brief), each read by
# tests/formats.py (of the source tree $2) against the JSON's comparison.
every_format() {
	local bin=$1 src=$2 dir=$3 f line formats
	shift 3
	formats=$(list_formats "$bin")
	for f in $formats; do
		run "$bin" report --format "$f" "$@"
		[ "$rc" -eq 0 ] && [ -n "$out" ] && [ -z "$err" ] && pass "report --format $f" ||
			fail "report --format $f: exit $rc: $err"
		cp "$tmp/out" "$dir/report.$f"
	done
	# --brief's table too: the verdict as its narrow column has it.
	run "$bin" report --brief "$@"
	[ "$rc" -eq 0 ] && pass "report --brief" || fail "report --brief: exit $rc: $err"
	cp "$tmp/out" "$dir/report.brief"
	python3 "$here/formats.py" "$dir" "$src" $formats brief >"$dir/checks" 2>&1
	rc=$?
	while IFS= read -r line; do
		case $line in
		"ok - "*) pass "formats.py: ${line#ok - }" ;;
		"not ok - "*) fail "${line#not ok - }" ;;
		*) fail "formats.py: $line" ;;
		esac
	done <"$dir/checks"
	[ "$rc" -eq 0 ] && pass "not: formats.py exits $rc" || fail "formats.py exits $rc"
	for f in $formats brief; do
		[ "$f" = brief ] && f="text --brief"
		grep -Eq "^(not )?ok - $f: " "$dir/checks" && pass "not: formats.py checked nothing of --format $f" ||
			fail "formats.py checked nothing of --format $f"
	done
}

report() {
	local bin=$1 src=$2 formats page help i
	local A=6.1 B=6.2-rc1

	command -v python3 >/dev/null || {
		skip "no python3 to read the JSON"
	}
	before=$(ipc_ids)

	# The formats as the binary lists them when it refuses a word, which
	# is what the completion offers; --help and the man page say the same.
	formats=$(list_formats "$bin")
	grep -qx text <<<"$formats" && [ "$(wc -l <<<"$formats")" -ge 2 ] &&
		pass "--format '?' lists no formats" || fail "--format '?' lists no formats: '$formats'"
	help=$("$bin" --help | awk '/^Options of ctxbench report:/ { on = 1 }
		on && $1 == "--format" { $1 = $2 = ""; sub(/^ +/, "");
			sub(/ on stdout.*/, ""); sub(/ \(default [^)]*\)$/, "")
			print; exit }' | words)
	[ "$help" = "$formats" ] && pass "not: report --help's formats '${help//$'\n'/ }' are not those refused '${formats//$'\n'/ }'" ||
		fail "report --help's formats '${help//$'\n'/ }' are not those refused '${formats//$'\n'/ }'"
	page=$(awk '/^\.BI \\-\\-format / { on = 1; next }
		on && /^\.(TP|SS|SH)/ { exit }
		on && /^\.B [a-z]+(\\-[a-z]+)*$/ { w = $2; gsub(/\\-/, "-", w); print w }' "$src/ctxbench.1")
	[ "$page" = "$formats" ] && pass "not: the man page's --format words '${page//$'\n'/ }' are not the binary's '${formats//$'\n'/ }'" ||
		fail "the man page's --format words '${page//$'\n'/ }' are not the binary's '${formats//$'\n'/ }'"

	# Two labels taking turns, two invocations each; a mechanism of each
	# label alone: a row only the baseline has, one it lacks.
	for i in 1 2; do
		run "$bin" -q -b pipe,signal,unix -t 0.02 -r 2 -n "$A" -o "$tmp/a$i.json"
		[ "$rc" -eq 0 ] && pass "the run of $A failed" || fail "the run of $A failed: exit $rc: $err"
		run "$bin" -q -b pipe,signal,eventfd -t 0.02 -r 2 -n "$B" -o "$tmp/b$i.json"
		[ "$rc" -eq 0 ] && pass "the run of $B failed" || fail "the run of $B failed: exit $rc: $err"
	done
	undisturbed "$tmp"/[ab][12].json
	# B's kernel as a hybrid laptop under a BPF scheduler would have
	# it, A's as this machine has it: every scheduler fact differs.  The
	# lowest CPU the rows ran on is its P-core, the others E-cores.
	if python3 - "$tmp"/b[12].json <<-'EOF'; then
		import json, sys
		def cpus(text):
		    out = set()
		    for part in filter(None, text.split(",")):
		        lo, _, hi = part.partition("-")
		        out |= set(range(int(lo), int(hi or lo) + 1))
		    return out
		for name in sys.argv[1:]:
		    with open(name) as f:
		        doc = json.load(f)
		    inv = doc["invocations"][0]
		    ran = set().union(*(cpus(r.get("cpus", "")) for r in inv["results"]))
		    p = min(ran) if ran else 0
		    e = ",".join(str(c) for c in sorted(ran - {p})) or str(p + 1)
		    inv["info"].update({
		        "fair_scheduler": "EEVDF, base slice 3 ms (sched/base_slice_ns)",
		        "sched_ext": "simple, all tasks (enabled; enable_seq 3)",
		        "proxy_exec": "on (kernel config)",
		        "core_scheduling": "yes (prctl)",
		        "core_types": "P-cores %d, E-cores %s" % (p, e),
		        "core_type_cpus": {"P-core": str(p), "E-core": e},
		        "tsc": "stable (constant_tsc nonstop_tsc)"})
		    with open(name, "w") as f:
		        json.dump(doc, f)
	EOF
		pass "B's facts set"
	else
		fail "B's facts set"
	fi
	# The pipe rows of both labels as -P big-little names them: every
	# format shows a placement by core type's word, its row matched.
	if python3 - "$tmp"/[ab][12].json <<-'EOF'; then
		import json, sys
		for name in sys.argv[1:]:
		    with open(name) as f:
		        doc = json.load(f)
		    for r in doc["invocations"][0]["results"]:
		        if r["mech"] == "pipe":
		            r["placement"] = "big-little"
		    with open(name, "w") as f:
		        json.dump(doc, f)
	EOF
		pass "pipe rows placed big-little"
	else
		fail "pipe rows placed big-little"
	fi
	set -- "$tmp/a1.json" "$tmp/b1.json" "$tmp/a2.json" "$tmp/b2.json"
	every_format "$bin" "$src" "$tmp" "$@"
	for f in $formats; do
		grep -q "big-little" "$tmp/report.$f" && pass "--format $f shows big-little" ||
			fail "--format $f does not show the placement big-little"
	done
	# What formats.py holds each format to: B's rows run by the BPF
	# scheduler, on the core types of its CPUs.
	for f in sched_ext ran_on; do
		grep -q "\"finding\": \"$f\"" "$tmp/report.json" && pass "json: a finding $f" ||
			fail "json: a finding $f: none in the comparison"
	done

	# --json is --format json.
	run "$bin" report --json "$@"
	cmp -s "$tmp/out" "$tmp/report.json" && pass "not: report --json differs from report --format json" ||
		fail "report --json differs from report --format json"

	# -o of the report merges the saved runs into one saved file: all
	# their invocations, no comparison, read back into the same report.
	run "$bin" report -o "$tmp/merged.json" "$@"
	[ "$rc" -eq 0 ] && cmp -s "$tmp/out" "$tmp/report.text" && pass "report -o" ||
		fail "report -o: exit $rc, or not the text report: $err"
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(len(d["invocations"]) != 4 or "comparison" in d)' "$tmp/merged.json" &&
		pass "not: report -o wrote other than the 4 invocations, or a comparison" || fail "report -o wrote other than the 4 invocations, or a comparison"
	for f in $formats; do
		run "$bin" report --format "$f" "$tmp/merged.json"
		cmp -s "$tmp/out" "$tmp/report.$f" && pass "not: the merged file's --format $f is not that of the saved runs" ||
			fail "the merged file's --format $f is not that of the saved runs"
	done

	# A run has one label: its JSON is the saved run, -o's, with no
	# comparison.
	run "$bin" -q -b pipe -t 0.02 -r 1 -n "$A" --format json -o "$tmp/run.json"
	[ "$rc" -eq 0 ] && cmp -s "$tmp/out" "$tmp/run.json" && pass "a run's --format json" ||
		fail "a run's --format json: exit $rc, or not what -o saved: $err"
	if grep -q '"comparison"' "$tmp/run.json"; then
		fail "a run's --format json has a comparison"
	else
		pass "not: a run's --format json has a comparison"
	fi
	summary
}

# The notes under a row (outliers, two clusters, disturbed runs) of a saved
# run of two labels, in every format: the findings of the JSON's
# comparison are the text report's notes, and kv and tsv carry them
# (tests/findings.py); and the kv of one label alone.
findings() {
	local bin=$1 fx=$2 f line
	local here
	here=$(cd "${0%/*}" && pwd)

	command -v python3 >/dev/null || {
		skip "no python3 to read the JSON"
	}
	for f in text kv tsv json; do
		run "$bin" report --format "$f" "$fx/findings.json"
		[ "$rc" -eq 0 ] && [ -n "$out" ] && [ -z "$err" ] && pass "report --format $f of findings.json" ||
			fail "report --format $f of findings.json: exit $rc: $err"
		cp "$tmp/out" "$tmp/report.$f"
	done
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
d["invocations"] = d["invocations"][:1]
json.dump(d, open(sys.argv[2], "w"))' "$fx/findings.json" "$tmp/one.json"
	run "$bin" report --format kv "$tmp/one.json"
	[ "$rc" -eq 0 ] && pass "report --format kv of one label" || fail "report --format kv of one label: exit $rc: $err"
	cp "$tmp/out" "$tmp/one.kv"
	python3 "$here/findings.py" "$tmp" >"$tmp/checks" 2>&1
	rc=$?
	while IFS= read -r line; do
		case $line in
		"ok - "*) pass "findings.py: ${line#ok - }" ;;
		"not ok - "*) fail "${line#not ok - }" ;;
		*) fail "findings.py: $line" ;;
		esac
	done <"$tmp/checks"
	[ "$rc" -eq 0 ] && pass "not: findings.py exits $rc" || fail "findings.py exits $rc"
	summary
}

# Labels a spreadsheet would run as formulas (OWASP's CSV injection), given
# with -n and saved: the CSV puts a quote before each such cell, and
# taking that quote off (docs/keys.md) gives back every label as it was,
# one that itself begins with '= among them; numbers, -3.2 as a label or
# a negative change, are written as they are.
cells() {
	local bin=$1 fx=$2 i=0 label
	local labels=('=HYPERLINK("http://x","y")' '+1+2' '-cmd' '@SUM(A1)'
		"'=x" "''+y" "-3.2" "a,=b" "6.1")

	command -v python3 >/dev/null || {
		skip "no python3 to read the CSV"
	}
	for label in "${labels[@]}"; do
		i=$((i + 1))
		run "$bin" -q -t 0.05 -r 1 -b pipe --name="$label" -o "$tmp/c$i.json"
		[ "$rc" -eq 0 ] && pass "the run of '$label' failed" || fail "the run of '$label' failed: exit $rc: $err"
	done
	run "$bin" report --format csv "$tmp"/c[0-9]*.json
	[ "$rc" -eq 0 ] && pass "report --format csv" || fail "report --format csv: exit $rc: $err"
	cp "$tmp/out" "$tmp/labels.csv"
	# Two fixed runs, the faster the baseline: negative changes.
	run "$bin" report --format csv-compare --baseline 6.2-fast "$fx/base.json" \
		"$fx/fast.json"
	[ "$rc" -eq 0 ] && pass "report --format csv-compare of fixtures" || fail "report --format csv-compare of fixtures: exit $rc: $err"
	cp "$tmp/out" "$tmp/fixed.csv"
	python3 - "$tmp" "${labels[@]}" >"$tmp/checks" 2>&1 <<'EOF'
import csv, re, sys

tmp, want = sys.argv[1], sys.argv[2:]
RUNS = re.compile(r"^'+[=+\-@\t\r]")
NUMBER = re.compile(r"^-?[0-9]+(\.[0-9]*)?(e[-+]?[0-9]+)?$")


def say(good, what, why=""):
    print(("ok - %s" % what) if good else ("not ok - %s: %s" % (what, why)))


def undo(cell):
    """docs/keys.md: one quote off a cell of quotes before =, +, -, @..."""
    return cell[1:] if RUNS.match(cell) else cell


def records(name):
    with open("%s/%s" % (tmp, name), newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def runs(cell):
    """What a spreadsheet would take for a formula."""
    return cell[:1] in ("=", "+", "@", "\t", "\r") or (
        cell[:1] == "-" and not NUMBER.match(cell))


# The value: csv's column of that name, csv-compare's change_pct.
for name, head in (("labels.csv", "value"), ("fixed.csv", "change_pct")):
    recs = records(name)
    col = recs[0].index(head)
    bad = [c for r in recs[1:] for c in r if runs(c)]
    say(not bad, "%s: no cell a spreadsheet runs" % name, repr(bad[:4]))
    # Empty: no such figure (a row the baseline lacks has no change).
    vals = [r[col] for r in recs[1:] if r[col] != ""]
    bad = [v for v in vals if not NUMBER.match(v)]
    say(vals and not bad, "%s: every value a number as it is" % name,
        repr(bad[:4]))
labels = sorted({undo(r[0]) for r in records("labels.csv")[1:]})
say(labels == sorted(want), "labels.csv: the labels read back unchanged",
    "%r, not %r" % (labels, sorted(want)))
raw = {r[0] for r in records("labels.csv")[1:]}
say("-3.2" in raw and "6.1" in raw, "labels.csv: -3.2 and 6.1 as they are",
    repr(sorted(raw)))
fixed = records("fixed.csv")
at = fixed[0].index("change_pct")
neg = [r[at] for r in fixed[1:] if r[at].startswith("-")]
say(bool(neg), "fixed.csv: negative values written unprefixed",
    "no negative value")
EOF
	rc=$?
	while IFS= read -r line; do
		case $line in
		"ok - "*) pass "python: ${line#ok - }" ;;
		"not ok - "*) fail "${line#not ok - }" ;;
		*) fail "python: $line" ;;
		esac
	done <"$tmp/checks"
	[ "$rc" -eq 0 ] && pass "not: the CSV checks exit $rc" || fail "the CSV checks exit $rc"
	summary
}

# Every key of kv and tsv once: labels that read as one another once
# made keys ("a_b_2", "a b", "a_b"), and symbols of a profile that do
# (memcpy of the kernel and of libc, foo.isra.0 and foo_isra_0, a
# symbol named as another's suffixed key), each keeping its own key where
# it has one alone.
keys() {
	local bin=$1 i=0 label f dup
	local labels=(a_b_2 'a b' a_b)

	command -v python3 >/dev/null || {
		skip "no python3 to write the profiles"
	}
	for label in "${labels[@]}"; do
		i=$((i + 1))
		run "$bin" -q -t 0.05 -r 1 -b pipe -n "$label" -o "$tmp/k$i.json"
		[ "$rc" -eq 0 ] && pass "the run of '$label' failed" || fail "the run of '$label' failed: exit $rc: $err"
	done
	for f in kv tsv; do
		run "$bin" report --format $f "$tmp"/k[123].json
		[ "$rc" -eq 0 ] && pass "report --format $f" || fail "report --format $f: exit $rc: $err"
		dup=$(cut -f1 -d"$([ $f = kv ] && echo : || printf '\t')" \
			"$tmp/out" | sort | uniq -d)
		[ -z "$dup" ] && pass "$f" || fail "$f: keys twice: $dup"
		for label in a_b_2 a_b a_b_3; do
			grep -q "^$label/pipe\.any\.2p\.0k\.ok" "$tmp/out" && pass "$f" ||
				fail "$f: no key of $label/"
		done
	done

	# The same run as two labels, each with a profile of colliding symbols.
	python3 - "$tmp/k1.json" "$tmp/p1.json" "$tmp/p2.json" <<'EOF' ||
import json, sys

syms = {  # name, kernel: samples of A, of B (of 1000)
    ("memcpy", True): (300, 100),
    ("memcpy", False): (200, 60),
    ("foo.isra.0", False): (150, 50),
    ("foo_isra_0", False): (100, 40),
    ("memcpy_2", False): (80, 90),
    ("__x64_sys_write", True): (60, 300),
    ("schedule", True): (50, 250),
    ("finish_task_switch", True): (40, 90),
}
for k, out in enumerate(sys.argv[2:]):
    d = json.load(open(sys.argv[1]))
    inv = d["invocations"][0]
    inv["info"]["label"] = "AB"[k]
    inv["info"]["profile"] = "perf record -a -e cpu-clock (a stand-in)"
    listed = sorted(syms.items(), key=lambda s: -s[1][k])
    n = sum(v[k] for _, v in listed)
    for row in inv["results"]:
        row["profile"] = {
            "event": "cpu-clock", "samples": n + 20, "other_samples": 20,
            "kernel_samples": sum(v[k] for s, v in listed if s[1]),
            "symbols": [{"symbol": s[0], "kernel": s[1], "samples": v[k],
                         "share": v[k] / (n + 20)} for s, v in listed],
            "wakeups": 0, "trace_trips": 0, "trace_s": 0, "wake_ns": 0}
    json.dump(d, open(out, "w"))
EOF
		fail "the profiles could not be written"
	for f in kv tsv; do
		run "$bin" report --format $f "$tmp"/p[12].json
		[ "$rc" -eq 0 ] && pass "report --format $f of profiles" || fail "report --format $f of profiles: exit $rc: $err"
		grep -q '\.profile_.*_share_pct' "$tmp/out" && pass "$f" ||
			fail "$f: no profile keys: $(head -c 300 "$tmp/out")"
		dup=$(cut -f1 -d"$([ $f = kv ] && echo : || printf '\t')" \
			"$tmp/out" | sort | uniq -d)
		[ -z "$dup" ] && pass "$f" || fail "$f: keys twice: $dup"
	done
	# Who keeps a key: the name that is its key as it is, then the
	# kernel's; the others get the first _2, _3... that no key has.
	run "$bin" report --format kv "$tmp"/p[12].json
	for want in memcpy_share_pct:\ 30 memcpy_3_share_pct:\ 20 \
		memcpy_2_share_pct:\ 8 foo_isra_0_share_pct:\ 10 \
		foo_isra_0_2_share_pct:\ 15; do
		grep -qx "A/pipe\.any\.2p\.0k\.profile_$want" "$tmp/out" && pass "no A/pipe.any.2p.0k.profile_$want" ||
			fail "no A/pipe.any.2p.0k.profile_$want: $(grep '^A/.*share' "$tmp/out")"
	done
	# One symbol has one key in every label's keys of its row.
	for want in memcpy_3_change_pct:\ -14 foo_isra_0_2_change_pct:\ -10 \
		memcpy_share_pct:\ 10; do
		grep -qx "B/pipe\.any\.2p\.0k\.profile_$want" "$tmp/out" && pass "no B/pipe.any.2p.0k.profile_$want" ||
			fail "no B/pipe.any.2p.0k.profile_$want: $(grep '^B/.*profile' "$tmp/out")"
	done
	summary
}

# A profile in words a reader takes right: sampled by cpu-clock with 66 %
# on pvm_irq_enable, the skew said in text, page and JSON, and not under
# cycles; a user symbol tagged [user], a kernel one [kernel]; the traced
# round trip beside the row's median.
profile_words() {
	local ev f t bin=$1
	command -v python3 >/dev/null || skip "no python3 to write the profiles"
	run "$bin" -q -t 0.05 -r 1 -b pipe -o "$tmp/k.json"
	[ "$rc" -eq 0 ] && pass "the run failed" || fail "the run failed: exit $rc: $err"
	for ev in cpu-clock cycles; do
		python3 - "$tmp/k.json" "$tmp/$ev.json" "$ev" <<'EOF' ||
import json, sys

d = json.load(open(sys.argv[1]))
inv = d["invocations"][0]
inv["info"]["profile"] = "perf record -a -e %s (a stand-in)" % sys.argv[3]
inv["info"]["label"] = sys.argv[3]
syms = [("pvm_irq_enable", True, 660), ("pipe_wait", False, 200),
        ("schedule", True, 120)]
for row in inv["results"]:
    row["profile"] = {
        "event": sys.argv[3], "samples": 1000, "other_samples": 20,
        "kernel_samples": 780,
        "symbols": [{"symbol": s, "kernel": k, "samples": n,
                     "share": n / 1000} for s, k, n in syms],
        "wakeups": 500, "trace_trips": 1000, "trace_s": 0.02341,
        "wake_ns": 2100}
json.dump(d, open(sys.argv[2], "w"))
EOF
			fail "the profile of $ev could not be written"
		for f in text html; do
			run "$bin" report --format "$f" "$tmp/$ev.json"
			[ "$rc" -eq 0 ] && pass "$ev: report --format $f" ||
				fail "$ev: report --format $f: exit $rc: $err"
			cp "$tmp/out" "$tmp/$ev.$f"
		done
	done
	t=$(<"$tmp/cpu-clock.text")
	t=${t//$'\n    '/ }
	[[ $t == *"cpu-clock without a PMU: 66% of the samples on pvm_irq_enable, where interrupts come on again"* ]] &&
		pass "text: cpu-clock's skew said" || fail "text: cpu-clock's skew not said: $t"
	grep -q '<p class="warn">cpu-clock without a PMU: 66% of the samples on pvm_irq_enable' "$tmp/cpu-clock.html" &&
		pass "html: cpu-clock's skew said" || fail "html: cpu-clock's skew not said"
	# The comparison's JSON holds the profiles: the cpu-clock label's
	# has the skew, the cycles label's none.
	run "$bin" report --format json "$tmp/cpu-clock.json" "$tmp/cycles.json"
	[ "$(grep -c '"skew": { "symbol": "pvm_irq_enable", "share": 0.66' <<<"$out")" = 1 ] &&
		[ "$(grep -c '"skew"' <<<"$out")" = 1 ] &&
		pass "json: cpu-clock's skew, once" || fail "json: no skew, or more: $(grep -o '"profile".\{0,300\}' <<<"$out")"
	! grep -q 'without a PMU' "$tmp/cycles.text" "$tmp/cycles.html" &&
		pass "cycles: no skew said" || fail "cycles: a skew said where the PMU samples"
	[[ $t == *"pipe_wait [user]"* && $t == *"schedule [kernel]"* ]] &&
		pass "text: [user] and [kernel]" || fail "text: symbols not tagged [user] and [kernel]: $t"
	[[ $t =~ "of a 23.41 us round trip while traced (the row's median "[0-9.]+" us)" ]] &&
		pass "text: the traced round trip beside the row's median" ||
		fail "text: the traced round trip without the row's median: $t"
	summary
}

# One verdict a row, in words a kernel developer reads right, the same in
# every format: saved runs shaped to have each kind, three boots a label
# taken in turns.  pipe: CPU per loop twice B's, loops/sec and round trip
# alike: slower, by CPU per loop, named.  signal: B 40 % slower within
# a wide noise: not significant, what it would need in boots, and its
# detect, as a rise over 100 %, a slowdown under it.  unix, B's alone:
# not judged, and why.
verdict_words() {
	local bin=$1 src=$2 d=$tmp/words i l text
	command -v python3 >/dev/null || skip "no python3 to shape the runs"
	mkdir -p "$d"
	for i in 1 2 3; do
		for l in A B; do
			run "$bin" -q -b "pipe,signal$([ $l = B ] && echo ,unix)" \
				-t 0.02 -r 2 -n $l -o "$d/raw-$l$i.json"
			[ "$rc" -eq 0 ] && pass "the run of $l $i" || fail "the run of $l $i: exit $rc: $err"
		done
	done
	python3 - "$d" <<'PY' || fail "the runs could not be shaped"
import json, sys

d = sys.argv[1]
spread = {"pipe": ([1.0, 1.04, 0.96], [1.0, 1.04, 0.96]),
          "signal": ([1.0, 1.9, 0.5], [0.5, 1.0, 1.9]),
          "unix": ([1.0, 1.04, 0.96], [1.0, 1.04, 0.96])}
rate = {"pipe": (100000, 100000), "signal": (100000, 60000),
        "unix": (50000, 50000)}
# CPU time a loop: B's pipe twice A's, within 0.1 %; the others as noisy
# as their loops/sec.
cpu = {"pipe": ([10e-6, 10.01e-6, 9.99e-6], [20e-6, 20.02e-6, 19.98e-6])}
for i in range(3):
    for s, l in enumerate("AB"):
        f = json.load(open("%s/raw-%s%d.json" % (d, l, i + 1)))
        inv = f["invocations"][0]
        inv["info"]["boot_id"] = "%08x-0000-4000-8000-%012x" % (i, 2 * i + s)
        for row in inv["results"]:
            m = row["mech"]
            r = rate[m][s] * spread[m][s][i]
            per = cpu[m][s][i] if m in cpu else 10e-6 / spread[m][s][i]
            loops = 0
            for smp in row["samples"]:
                smp["loops"] = int(r * smp["elapsed_s"])
                smp["loops_per_s"] = smp["loops"] / smp["elapsed_s"]
                smp["rtt_p50_ns"] = smp["rtt_iqm_ns"] = 1e9 / r
                smp["disturbed"] = False
                smp["steal_share"] = smp["other_share"] = 0
                smp["disturbed_why"] = ""
                loops += smp["loops"]
            row["cpu"].update(loops=loops, user_s=per * loops * 0.2,
                              sys_s=per * loops * 0.8)
        json.dump(f, open("%s/%s%d.json" % (d, l, i + 1), "w"))
PY
	every_format "$bin" "$src" "$d" "$d"/A1.json "$d"/B1.json "$d"/A2.json \
		"$d"/B2.json "$d"/A3.json "$d"/B3.json
	# Each kind in the text report's words, whole: the words of the
	# column on the row's line, the rest below it, right-aligned.
	text=$(<"$d/report.text")
	grep -A1 '^pipe any ' <<<"$text" |
		grep -Eq '^ +B +[0-9]+ +[0-9.]+% +\(\+0\.0%\) +[0-9.]+ slower \(CPU/loop\)$' &&
		pass "text: marked slower by CPU per loop, named" ||
		fail "text: pipe is not slower (CPU/loop):"$'\n'"$text"
	grep -A2 -E '^ +B +[0-9]+ +[0-9.]+% +\(-40\.0%\) +[0-9.]+ not significant$' <<<"$text" |
		grep -Eq '^ +(CPU per loop +[^ ]+ +)?\(needs ~[0-9]+ boots\)$' &&
		pass "text: not significant, what it needs" ||
		fail "text: signal is not 'not significant (needs ~N boots)':"$'\n'"$text"
	grep -A1 -E '^UNIX socket any +B +[0-9]+ .* not judged$' <<<"$text" |
		grep -Eq '^ +\(the baseline did not measure it\)$' && pass "text: not judged, and why" ||
		fail "text: unix is not 'not judged (the baseline did not measure it)':"$'\n'"$text"
	# A 40 % slowdown within that noise: its detect a slowdown, under 100 %.
	grep -Eq '^  B any +[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+% +\(-40\.0%\) +[0-9]{1,2}\.[0-9]% ' <<<"$text" &&
		pass "text: detect of a slowdown under 100 %" ||
		fail "text: signal's detect is not under 100 %:"$'\n'"$(grep -E '^  B any ' <<<"$text")"
	grep -q '^B/pipe\.any\.2p\.0k\.verdict_by_cpu_per_loop: 1$' "$d/report.kv" &&
		grep -Eq '^B/signal\.any\.2p\.0k\.verdict_needs_boots: [0-9]+$' "$d/report.kv" &&
		grep -q '^B/unix\.any\.2p\.0k\.verdict_not_judged: 1$' "$d/report.kv" &&
		pass "kv: each kind" || fail "kv: not each kind: $(grep verdict_ "$d/report.kv")"
	summary
}

case "${1:-}" in
report) report "$2" "$3" ;;
verdict_words) verdict_words "$2" "$3" ;;
profile_words) profile_words "$2" ;;
findings) findings "$2" "$3" ;;
cells) cells "$2" "$3" ;;
keys) keys "$2" ;;
*)
	echo "usage: $0 report BIN SRC | $0 verdict_words BIN SRC | $0 findings BIN FIXTURES | $0 cells BIN FIXTURES | $0 keys BIN" >&2
	exit 2
	;;
esac
