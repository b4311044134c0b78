#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# What tests/formats.sh asks of one report rendered in every --format: the
# JSON's comparison (the model every format renders) is that of the saved
# runs, its members are those docs/json.md lists, and each other format
# shows every label and row with the model's figures and verdict to the
# precision it prints them, and each invocation's scheduler facts and
# each row's (the BPF scheduler that ran it, its core types) as the JSON
# has them.
# usage: formats.py DIR SRC FORMAT...
#   DIR/report.FORMAT holds the report in FORMAT; SRC is the source tree.
# Prints "ok - what" or "not ok - what: why", one line a check.
import csv
import html
import io
import json
import math
import os
import re
import sys

out_dir, src, formats = sys.argv[1], sys.argv[2], sys.argv[3:]


def say(good, what, why=""):
    print(("ok - %s" % what) if good else ("not ok - %s: %s" % (what, why)))


def report(fmt):
    # CSV's CRLF as written: no newline translation for it.
    with open(os.path.join(out_dir, "report." + fmt), encoding="utf-8",
              newline="" if fmt.startswith("csv") else None) as f:
        return f.read()


def num(v):
    return math.nan if v is None else v


def first(bad, n=4):
    """At most @n of the mismatches @bad, for a message."""
    return "; ".join(bad[:n]) + ("; ..." if len(bad) > n else "")


# The figures as the text report prints them (report/text.c).
def text_percent(pct):
    if abs(pct) < 0.05:
        pct = 0.0
    if abs(pct) < 100:
        return "%+.1f%%" % pct
    if pct < 1e4:
        return "%+.0f%%" % pct
    return ">9999%"


def text_change(cell):
    """The change and detect columns of @cell, as text_change() has them."""
    mark, why = cell["verdict"], cell.get("why", "")
    runs = why in ("no_noise", "one_block", "disturbed")
    if mark == "baseline":
        return "baseline", ""
    change, detect = num(cell["change"]), num(cell["detect"])
    if math.isnan(change):
        return "-", ""
    pct = text_percent(change * 100)
    if why in ("disturbed", "one_block"):
        ch = pct + ("!" if why == "disturbed" else "?")
    elif runs:
        ch = pct
    elif mark == "marked":
        ch = "*%s*" % pct
    else:
        ch = "(%s)" % pct
    if "drift_per_hour" in cell:
        ch += "~"
    if math.isnan(detect):
        det = "-"
    elif detect * 100 >= 1e4:
        det = ">9999%"
    else:
        det = "%.*f%%" % (1 if detect * 100 < 99.95 else 0, detect * 100)
        if runs:
            det = "[%s]" % det
    return ch, det


def text_figures(cell):
    change, detect = text_change(cell)
    figs = ["%.0f" % cell["low"], "%.0f" % cell["high"],
            "%.0f" % cell["average"], "%.1f%%" % (cell["cv"] * 100), change]
    return figs + ([detect] if detect else [])


# A number as the flat formats print it (report/flat.c flat_number()).
def flat_number(v):
    a = abs(v)
    dec = 0 if a >= 1000 else 1 if a >= 100 else 2 if a >= 10 else \
        3 if a >= 1 else 6
    s = "%.*f" % (dec, v)
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def flat_label(label):
    return re.sub(r"[^A-Za-z0-9._+-]", "_", label) or "_"


doc = None
try:
    doc = json.loads(report("json"))
except (OSError, ValueError) as e:
    say(False, "json: the report parses", str(e))
invs = doc.get("invocations", []) if isinstance(doc, dict) else []
cmp_ = doc.get("comparison") if isinstance(doc, dict) else None
say(isinstance(cmp_, dict), "json: a comparison member",
    "none in a report of %d invocations" % len(invs))

# What the saved runs hold: labels in the order given, each row's title
# and the rows each label measured.
labels, title, measured = [], {}, {}
for inv in invs:
    label = inv["info"]["label"]
    if label not in labels:
        labels.append(label)
    for row in inv["results"]:
        title[row["mech"]] = row["title"]
        measured.setdefault((label, row["mech"], row["placement"]),
                            []).append(row)
say(len(labels) >= 2, "json: two labels or more", "labels %s" % labels)


# --- The comparison against the saved runs and against docs/json.md. ---

def doc_tables():
    """The member names of each table of docs/json.md's comparison."""
    with open(os.path.join(src, "docs", "json.md"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^## The comparison\n(.*?)(?=^## )", text, re.M | re.S)
    tables, cur = [], None
    for line in (m.group(1) if m else "").splitlines():
        if not line.startswith("|"):
            cur = None
            continue
        cell = line.split("|")[1]
        if cur is None:
            cur = set()
            tables.append(cur)
            continue  # the heading
        cur.update(re.findall(r"`([a-z_]+)`", cell))
    return tables


LEVELS = ("the comparison", "a label of the comparison", "a row",
          "a label of a row")
REQUIRED = (
    {"baseline", "alpha", "power", "noise_invocations", "labels", "rows"},
    {"label", "invocations", "boots", "blocks", "replicates",
     "replicate_count"},
    {"key", "mech", "placement", "participants", "ws_kb", "rings", "shared",
     "class", "labels"},
    {"label", "invocations", "runs", "average", "low", "high", "cv",
     "verdict"},
)
JUDGED = {"change", "change_low", "change_high", "p", "detect", "df"}


def check_members(c):
    tables = doc_tables()
    if len(tables) != len(LEVELS):
        say(False, "docs/json.md: the comparison's member tables",
            "%d tables, not one for each of %s" % (len(tables),
                                                   ", ".join(LEVELS)))
        tables = (tables + [set()] * 4)[:4]
    written = [set(c), set(), set(), set()]
    missing = []
    for name in REQUIRED[0] - set(c):
        missing.append("%s: %s" % (LEVELS[0], name))
    for lab in c.get("labels", []):
        written[1] |= set(lab)
        missing += ["%s: %s" % (LEVELS[1], k) for k in REQUIRED[1] - set(lab)]
    for row in c.get("rows", []):
        written[2] |= set(row)
        missing += ["%s %s: %s" % (LEVELS[2], row.get("key"), k)
                    for k in REQUIRED[2] - set(row)]
        for cell in row.get("labels", []):
            written[3] |= set(cell)
            want = set(REQUIRED[3])
            if cell.get("verdict") != "baseline":
                want |= JUDGED
            if cell.get("verdict") == "not_judged":
                want.add("why")
            missing += ["%s %s %s: %s" % (LEVELS[3], row.get("key"),
                                          cell.get("label"), k)
                        for k in want - set(cell)]
    say(not missing, "json: the comparison's members", first(missing))
    undoc = ["%s: %s" % (LEVELS[i], k) for i in range(4)
             for k in sorted(written[i] - tables[i])]
    undoc += ["%s: %s (required)" % (LEVELS[i], k) for i in range(4)
              for k in sorted(REQUIRED[i] - tables[i])]
    say(not undoc, "json: every member written is in docs/json.md",
        "not documented: " + first(undoc, 8))


def inv_mean(row):
    s = [x["loops_per_s"] for x in row["samples"]]
    return sum(s) / len(s)


def close(a, b):
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def check_model(c):
    bad = []
    if c.get("baseline") != labels[0]:
        bad.append("baseline %r, not the first label %r" %
                   (c.get("baseline"), labels[0]))
    got = [(x.get("label"), x.get("invocations")) for x in c.get("labels", [])]
    want = [(l, sum(1 for i in invs if i["info"]["label"] == l))
            for l in labels]
    if got != want:
        bad.append("labels %s, not %s" % (got, want))
    cells = {}
    for row in c.get("rows", []):
        for cell in row.get("labels", []):
            cells[(cell.get("label"), row.get("mech"),
                   row.get("placement"))] = (row, cell)
    if set(cells) != set(measured):
        bad.append("rows of labels %s, the saved runs have %s" %
                   (sorted(set(cells) ^ set(measured)), sorted(measured)))
    alpha = c.get("alpha", 0.05)
    for (label, mech, placement), (row, cell) in cells.items():
        what = "%s %s.%s" % (label, mech, placement)
        rows = measured.get((label, mech, placement), [])
        if cell.get("invocations") != len(rows):
            bad.append("%s: %s invocations, the saved runs %d" %
                       (what, cell.get("invocations"), len(rows)))
        rates = [x["loops_per_s"] for r in rows for x in r["samples"]]
        if cell.get("runs") != len(rates):
            bad.append("%s: %s runs, the saved runs %d" %
                       (what, cell.get("runs"), len(rates)))
        if not rates:
            continue
        avg = sum(inv_mean(r) for r in rows) / len(rows)
        for k, v in (("average", avg), ("low", min(rates)),
                     ("high", max(rates))):
            if not close(num(cell.get(k)), v):
                bad.append("%s: %s %s, the saved runs %r" %
                           (what, k, cell.get(k), v))
        base = [x for x in row["labels"] if x["verdict"] == "baseline"]
        mark = cell.get("verdict")
        if cell.get("label") == labels[0]:
            if mark != "baseline":
                bad.append("%s: the baseline's own row is %s" % (what, mark))
            continue
        if not base:
            if (mark, cell.get("why")) != ("not_judged", "no_baseline_row"):
                bad.append("%s: no baseline row, yet %s %s" %
                           (what, mark, cell.get("why")))
            continue
        b = base[0]["average"]
        if not close(num(cell.get("change")), (avg - b) / b):
            bad.append("%s: change %s, not (average - baseline's) / "
                       "baseline's %r" % (what, cell.get("change"),
                                          (avg - b) / b))
        if mark in ("marked", "not_marked"):
            holds0 = cell["change_low"] <= 0 <= cell["change_high"]
            # marked at the report's level (a test's share of it): p
            # within it, the interval clear of 0; not marked, holding 0
            if (mark == "marked" and not cell["p"] <= alpha) or \
                    (mark == "not_marked") != holds0:
                bad.append("%s: %s with p %s and interval [%s, %s]" %
                           (what, mark, cell["p"], cell["change_low"],
                            cell["change_high"]))
        elif mark != "not_judged":
            bad.append("%s: verdict %r" % (what, mark))
    say(not bad, "json: the comparison is that of the saved runs",
        first(bad))
    return cells


if isinstance(cmp_, dict):
    check_members(cmp_)
    model = check_model(cmp_)
else:
    model = None


# --- The row's verdict in words: the JSON's, and every format's. ---

# compare_why_words() (analysis/compare.c), of each why.
WHY_WORDS = {
    "no_baseline_row": "the baseline did not measure it",
    "no_runs": "no successful run on one side",
    "no_noise": "one invocation a label, no --noise",
    "disturbed": "too few replicates undisturbed",
    "one_block": "one block a label, no --noise",
    "no_spread": "no spread between replicates",
}
# The statistic that decided a row as its words name it.
NAMED = {"loops": "", "cpu": " (CPU/loop)", "rtt": " (RTT)"}
# ... as kv's verdict_by_ keys and csv-compare's verdict_by name it.
STAT_NAME = {"loops": "loops_per_sec", "cpu": "cpu_per_loop", "rtt": "rtt"}
TEXT_WIDTH, SUM_AT = 80, 30 + 9 + 7 + 9 + 7 + 1  # where the verdict starts


def rep_unit(c, label):
    """What a replicate of @label is, as the words say "needs ~N ..."."""
    for lab in c.get("labels", []):
        if lab.get("label") == label:
            r = lab.get("replicates")
            if r in ("boots", "blocks"):
                return r
            return "invocations in turn" if lab.get("blocks") else \
                "invocations"
    return "?"


def verdict_of(c, cell, bad, what):
    """The words the JSON's own members make of @cell's row: the row's
    verdict as docs/json.md has it; a mismatch of its members in @bad."""
    if cell.get("verdict") == "baseline" or not cell.get("runs"):
        return ""
    stats = {"loops": cell}
    for k in ("cpu", "rtt"):
        if isinstance(cell.get(k), dict):
            stats[k] = cell[k]
    marked = [k for k, v in stats.items() if v.get("verdict") == "marked"]
    judged = marked + [k for k, v in stats.items()
                       if v.get("verdict") == "not_marked"]
    by = cell.get("decided_by")
    if judged and by not in (marked or judged):
        bad.append("%s: decided_by %r, not one of %s" %
                   (what, by, marked or judged))
        return None
    if not judged and by is not None:
        bad.append("%s: decided_by %r of a row not judged" % (what, by))
    for k, v in stats.items():
        if num(v.get("change")) < 0 and not num(v.get("detect")) < 1:
            bad.append("%s: %s slower, its detect %s not under 100 %%" %
                       (what, k, v.get("detect")))
    if marked:
        return ("faster" if stats[by]["change"] > 0 else "slower") + \
            NAMED[by]
    if judged:
        n = stats[by].get("replicates_for_want")
        if not n:
            return "not significant"
        return "not significant (needs %s%d %s)" % (
            ">= " if n >= 1000000 else "~", n,
            rep_unit(c, cell.get("label")))
    return "not judged (%s)" % WHY_WORDS.get(cell.get("why"), "?")


def verdict_head(w):
    """The words of @w a narrow column keeps: all when marked, else the
    words before the parenthesis."""
    for head in ("not significant", "not judged"):
        if w.startswith(head):
            return head
    return w


def check_words(c):
    """@c's verdict_words are what its members say, never "noise"."""
    bad, words = [], {}
    for (label, mech, placement), (row, cell) in sorted(model.items()):
        what = "%s %s.%s" % (label, mech, placement)
        want = verdict_of(c, cell, bad, what)
        got = cell.get("verdict_words", "")
        if want is None:
            continue
        if got != want:
            bad.append("%s: verdict_words %r, not %r" % (what, got, want))
        if re.search(r"\bnoise\b", got):
            bad.append("%s: verdict_words %r say noise" % (what, got))
        words[(label, mech, placement)] = got
    say(not bad, "json: each row's verdict_words, as its members say",
        first(bad))
    return words


words = check_words(cmp_) if model is not None else {}


def against_words(fmt, got, shown=lambda w: w):
    """@got: (label, mech, placement) -> the words @fmt shows of it; of
    the JSON's words @w, @fmt shows shown(@w)."""
    bad = ["%s %s.%s: %r, not %r" % (k + (got[k], shown(words[k])))
           for k in sorted(words) if k in got and got[k] != shown(words[k])]
    lost = ["%s %s.%s" % k for k in sorted(words)
            if words[k] and k not in got]
    say(words and not bad and not lost,
        "%s: each row's verdict, the JSON's words" % fmt,
        first(bad + ["no verdict of " + k for k in lost]))


def text_verdicts(text, brief):
    """The summary's verdicts: (label, mech, placement) -> its words, the
    line's and, without --brief, their rest right-aligned below."""
    lines, got, row, at = text.splitlines(), {}, None, None
    name_of = {"%s %s" % (title[m], p): (m, p) for (_, m, p) in measured}
    try:
        i = next(k for k, l in enumerate(lines) if re.match(
            r"^ +loops/s +cv +change +p50 us +verdict$", l))
    except StopIteration:
        return got
    for line in lines[i + 1:]:
        if not line.strip() or line.startswith(("us/hop", "Marked by")):
            break
        detail = re.match(r"^ +(?:CPU per loop +\S+ +)?(\(.*\))$", line)
        if detail and at and not brief:
            got[at] += " " + detail.group(1)
            continue
        if len(line) <= SUM_AT - 1 - 32 or not line[SUM_AT - 33:].strip():
            row = line.strip()  # a row's name on a line of its own
            continue
        head, figs = line[:SUM_AT - 33].split(), line[SUM_AT - 33:].split()
        if not head:
            continue  # CPU per loop's line, without the verdict's rest
        key = head[-1]
        if line[0] != " ":
            row = " ".join(head[:-1])
        label = labels[int(key[1:]) - 1] if re.fullmatch(r"#[0-9]+", key) \
            else key
        if len(figs) < 4 or row not in name_of:
            continue
        at = (label,) + name_of[row]
        got[at] = " ".join(figs[4:])
    return got


def check_text_words(fmt, text, brief):
    """Without --brief, the words whole (their rest below); with it, on
    the table's line alone: whole where they fit, else those of the
    column, the legend saying where the rest is."""
    def line(w):
        return w if SUM_AT + len(w) <= TEXT_WIDTH else verdict_head(w)
    against_words(fmt, text_verdicts(text, brief),
                  line if brief else lambda w: w)
    noise = [l for l in text.splitlines() if re.search(r" noise$", l)]
    say(not noise, "%s: no verdict says noise" % fmt, first(noise))


def check_html_words(page):
    """The page's summary, its overview and its mechanisms' tables: each
    row's verdict, the JSON's words."""
    got, over, mech = {}, {}, {}
    name_of = {"%s %s" % (title[m], p): (m, p) for (_, m, p) in measured}
    table = re.search(r'<table[^>]*class="summary".*?</table>', page, re.S)
    row = None
    for tr in re.finditer(r"<tr class=\"label-([0-9]+)\">(.*?)</tr>",
                          table.group(0) if table else "", re.S):
        th = re.search(r"<th[^>]*>(.*?)</th>", tr.group(2), re.S)
        if th:
            row = html.unescape(re.sub(r"<[^>]*>", "", th.group(1)))
        w = re.search(r'<td class="fig word[^"]*">(.*?)</td>', tr.group(2))
        if w and row in name_of and int(tr.group(1)) < len(labels):
            got[(labels[int(tr.group(1))],) + name_of[row]] = \
                html.unescape(w.group(1))
    against_words("html summary", got)
    # The overview: an entry a row and label, its change then its words
    # (whole where they fit, else those of a column; its title: all).
    for g in re.finditer(r'<g class="entry"><title>(.*?), (.*?): (.*?)'
                         r'</title>.*?<text [^>]*text-anchor="end"[^>]*>'
                         r'(.*?)</text>', page, re.S):
        name, label = html.unescape(g.group(1)), html.unescape(g.group(2))
        if name in name_of:
            over[(label,) + name_of[name]] = (html.unescape(g.group(3)),
                                              html.unescape(g.group(4)))
    bad = []
    for k, w in sorted(words.items()):
        if not w:
            continue
        tip, shown = over.get(k, ("", ""))
        if not (tip == w or tip.startswith(w + ": ")) or not (
                shown.endswith(" " + w) or shown.endswith(
                    " " + verdict_head(w)) or shown == verdict_head(w)):
            bad.append("%s %s.%s: %r, %r" % (k + (tip, shown)))
    say(words and not bad, "html overview: each row's verdict, the JSON's "
        "words", first(bad))
    # A mechanism's table: the row's verdict first in the words under it.
    for m in re.finditer(r'<table class="figures" data-table="loops" '
                         r'data-mech="([^"]*)".*?</table>', page, re.S):
        for tr in re.finditer(r'<tr class="label-([0-9]+)"><th[^>]*>(.*?)'
                              r'</th>.*?</tr>\n?(<tr class="notes">.*?'
                              r'</tr>)?', m.group(0), re.S):
            i = int(tr.group(1))
            name = html.unescape(re.sub(r"<[^>]*>", "", tr.group(2)))
            v = re.search(r'<p class="verdict">(.*?)</p>',
                          tr.group(3) or "")
            if i < len(labels) and name.startswith(labels[i] + " ") and v:
                text = html.unescape(v.group(1))
                mech[(labels[i], html.unescape(m.group(1)),
                      name[len(labels[i]) + 1:])] = text.split(": ")[0] \
                    if not text.startswith("baseline") else ""
    against_words("html mechanisms", {k: v for k, v in mech.items() if v})


def check_flat_words(fmt, text):
    """kv and tsv: the verdict_ keys of each row, those of its words."""
    sep = ": " if fmt == "kv" else "\t"
    kv = dict(l.partition(sep)[::2] for l in text.splitlines())
    bad = []
    for (label, mech, placement), (row, cell) in sorted(model.items()):
        w = words.get((label, mech, placement), "")
        head = "%s/%s." % (flat_label(label), row["key"])
        have = {k[len(head):]: v for k, v in kv.items()
                if k.startswith(head + "verdict_")}
        want = {}
        if w:
            want["verdict_" + verdict_head(w).split(" (")[0]
                 .replace(" ", "_")] = "1"
        if w and not w.startswith("not judged"):
            want["verdict_by_" + STAT_NAME[cell["decided_by"]]] = "1"
        n = re.search(r"\(needs (?:~|>= )([0-9]+) (\w+)", w)
        if n:
            want["verdict_needs_" + n.group(2)] = n.group(1)
        if have != want:
            bad.append("%s %s.%s: %s, not %s" % (label, mech, placement,
                                                 have, want))
    say(words and not bad, "%s: each row's verdict_ keys, the JSON's words"
        % fmt, first(bad))


def check_csv_words(recs):
    """csv-compare: a row's verdict and verdict_by on each of its
    records, the JSON's."""
    got, bad = {}, []
    for (label, mech, placement), (row, cell) in model.items():
        for r in recs:
            if r["label"] != label or r["row"] != row["key"]:
                continue
            by = STAT_NAME.get(cell.get("decided_by"), "")
            if r["verdict_by"] != by:
                bad.append("%s %s %s: verdict_by %r, not %r" % (
                    label, row["key"], r["statistic"], r["verdict_by"], by))
            if got.setdefault((label, mech, placement),
                              r["verdict"]) != r["verdict"]:
                bad.append("%s %s: verdicts differ between its records" %
                           (label, row["key"]))
    say(not bad, "csv-compare: a row's verdict_by, the JSON's decided_by",
        first(bad))
    against_words("csv-compare", got)


# --- Every other format against the model. ---

def rows_of(fmt, found):
    """Every label and every row the saved runs measured is in @found."""
    lost = ["%s %s.%s" % k for k in sorted(measured) if k not in found]
    say(not lost, "%s: every label and row" % fmt, "missing: " + first(lost))


def against_model(fmt, figures):
    """@figures: (label, mech, placement) -> what @fmt shows, or a why."""
    if model is None:
        say(False, "%s: the figures and verdicts of the comparison" % fmt,
            "no comparison in --format json to check them against")
        return
    bad = []
    for key, (row, cell) in sorted(model.items()):
        if key not in figures:
            continue  # said by rows_of()
        want = figures[key](row, cell)
        if want:
            bad.append("%s %s.%s: %s" % (key + (want,)))
    say(not bad, "%s: the figures and verdicts of the comparison" % fmt,
        first(bad))


def text_tables(text):
    """Each loops/sec table's rows: title -> [(the line's words)]."""
    tables, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"^(\S.*?)\s+low\s+high\s+average\s+cv\s+change\s+"
                     r"detect\s+cpus$", line)
        if m:
            cur = tables.setdefault(m.group(1), [])
        elif not line.strip():
            cur = None
        elif cur is not None and not line.startswith("    (") and \
                not re.match(r"^ +(CPU per loop|round trip): ", line):
            cur.append(line.strip())
    return tables


def check_text(text):
    bad = []
    for label in labels:
        n = sum(1 for i in invs if i["info"]["label"] == label)
        if not re.search(r"^ +%d  %s$" % (n, re.escape(label)), text, re.M):
            bad.append("no line of %d invocations of %s" % (n, label))
        for k in range(1, n + 1):
            if not re.search(r"^Run: %s \(%d of %d\)" % (re.escape(label),
                                                         k, n), text, re.M):
                bad.append("no 'Run: %s (%d of %d)'" % (label, k, n))
    say(not bad, "text: each label's invocations", first(bad))
    tables = text_tables(text)
    found = {}
    for (label, mech, placement) in measured:
        name = "%s %s " % (label, placement)
        lines = [l for l in tables.get(title[mech], [])
                 if l.startswith(name)]
        if len(lines) == 1:
            found[(label, mech, placement)] = lines[0][len(name):].split()
    rows_of("text", found)
    extra = ["%s: %d rows, the saved runs %d" % (t, len(r), sum(
        1 for k in measured if title[k[1]] == t))
        for t, r in tables.items()
        if len(r) != sum(1 for k in measured if title[k[1]] == t)]
    say(not extra, "text: no row the saved runs lack", first(extra))

    def fig(key):
        def check(row, cell):
            want, got = text_figures(cell), found[key][:len(text_figures(cell))]
            return None if got == want else "%s, not %s" % (got, want)
        return check
    against_model("text", {k: fig(k) for k in found})


def check_flat(fmt, text):
    sep = ": " if fmt == "kv" else "\t"
    kv, bad = {}, []
    for line in text.splitlines():
        k, s, v = line.partition(sep)
        if not s or k in kv:
            bad.append("line %r" % line)
        kv[k] = v
    prefix = {flat_label(l): l for l in labels}
    rowkey = {}
    if model:
        for (label, mech, placement), (row, cell) in model.items():
            rowkey[(label, row["key"])] = (label, mech, placement)
    with open(os.path.join(src, "docs", "keys.md"), encoding="utf-8") as f:
        keys_md = f.read()
    documented = set(re.findall(r"^\| `([a-z0-9_]+)`", keys_md, re.M))
    found = {}
    for k in kv:
        run, _, rest = k.partition("/")
        row, _, metric = rest.rpartition(".")
        if run not in prefix:
            bad.append("%s: no label's" % k)
            continue
        if not (metric in documented or
                re.fullmatch(r"(loops_per_sec|outlier)_run[0-9]+", metric)):
            bad.append("%s: %s is not in docs/keys.md" % (k, metric))
        at = rowkey.get((prefix[run], row))
        if model is not None and at is None:
            bad.append("%s: a row the comparison lacks" % k)
        elif at:
            found[at] = (prefix[run], row)
    say(not bad, "%s: every key a label's, a row's and documented" % fmt,
        first(bad))
    if model is None:
        # Without the comparison's row keys, a row is its mechanism and
        # placement as the saved runs have them.
        for (label, mech, placement) in measured:
            p = re.sub(r"[:,]", "_", placement)
            if any(k.startswith("%s/%s.%s." % (flat_label(label), mech, p))
                   for k in kv):
                found[(label, mech, placement)] = None
    rows_of(fmt, found)

    def fig(key):
        def check(row, cell):
            head = "%s/%s." % (flat_label(key[0]), row["key"])
            want = {"ok": "1", "runs": str(cell["runs"]),
                    "loops_per_sec": flat_number(cell["average"]),
                    "loops_per_sec_low": flat_number(cell["low"]),
                    "loops_per_sec_high": flat_number(cell["high"]),
                    "cv_pct": flat_number(cell["cv"] * 100)}
            if cell["invocations"] >= 2:
                want["invocations"] = str(cell["invocations"])
            absent = set()
            change = num(cell.get("change"))
            if cell["verdict"] == "baseline":
                absent.add("judged")
            else:
                # For a harness to flag: judged, or why not.
                judged = cell["verdict"] != "not_judged"
                want["judged"] = "1" if judged else "0"
                if not judged:
                    want["not_judged_" + str(cell.get("why"))] = "1"
            if cell["verdict"] == "baseline" or math.isnan(change):
                absent |= {"change_pct", "detect_pct", "p", "marked"}
            else:
                want["change_pct"] = flat_number(change * 100)
                if math.isnan(num(cell["detect"])):
                    absent.add("detect_pct")
                else:
                    want["detect_pct"] = flat_number(cell["detect"] * 100)
                if cell["verdict"] == "not_judged":
                    absent |= {"p", "marked"}
                    why = cell.get("why")
                    if why in ("disturbed", "one_block"):
                        want["not_judged_" + why] = "1"
                else:
                    want["p"] = flat_number(cell["p"])
                    want["marked"] = "1" if cell["verdict"] == "marked" \
                        else "0"
            diff = ["%s %s, not %s" % (m, kv.get(head + m), v)
                    for m, v in want.items() if kv.get(head + m) != v]
            diff += ["%s %s, not absent" % (m, kv[head + m])
                     for m in sorted(absent) if head + m in kv]
            return ", ".join(diff) or None
        return check
    against_model(fmt, {k: fig(k) for k in found})
    return text


def check_html(page):
    found, bad = {}, []
    for m in re.finditer(r'<table class="figures" data-table="loops" '
                         r'data-mech="([^"]*)".*?</table>', page, re.S):
        mech = html.unescape(m.group(1))
        for tr in re.finditer(r'<tr class="label-([0-9]+)"><th[^>]*>(.*?)'
                              r'</th>(.*?)</tr>', m.group(0), re.S):
            name = html.unescape(re.sub(r"<[^>]*>", "", tr.group(2)))
            figs = [html.unescape(re.sub(r"<[^>]*>", "", f)) for f in
                    re.findall(r'<td class="fig[^"]*">(.*?)</td>',
                               tr.group(3), re.S)]
            i = int(tr.group(1))
            label = labels[i] if i < len(labels) else None
            if label is None or not name.startswith(label + " "):
                bad.append("%s: row %r of class label-%d" % (mech, name, i))
                continue
            key = (label, mech, name[len(label) + 1:])
            if key in found or key not in measured:
                bad.append("%s: row %r again or not measured" % (mech, name))
            found[key] = figs
    say(not bad, "html: each row of the loops/sec tables a label's",
        first(bad))
    rows_of("html", found)

    def fig(key):
        def check(row, cell):
            change, detect = text_change(cell)
            want = text_figures(cell)[:5] + [detect]
            got = found[key][:6]
            return None if got == want else "%s, not %s" % (got, want)
        return check
    against_model("html", {k: fig(k) for k in found})


CSV_HEAD = ["label", "kernel", "preempt", "fair_scheduler", "sched_ext",
            "proxy_exec", "core_scheduling", "core_types", "tsc", "boot",
            "invocation", "run", "mechanism", "placement", "procs", "ws_kb",
            "ran_on", "row", "statistic", "value", "unit"]
CSV_COMPARE_HEAD = ["label", "baseline", "mechanism", "placement", "procs",
                    "ws_kb", "row", "statistic", "change_pct", "low_pct",
                    "high_pct", "p", "detect_pct", "mark", "verdict",
                    "verdict_by"]
CSV_UNITS = {"loops/s", "count", "ns", "ns per loop"}


def csv_records(fmt, text, head):
    """@text read by the csv module as any tool would, its records."""
    try:
        recs = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as e:
        say(False, "%s: read by Python's csv module" % fmt, str(e))
        return []
    say(bool(recs) and recs[0] == head, "%s: the named columns" % fmt,
        recs[0] if recs else "no header")
    bad = [r for r in recs[1:] if len(r) != len(head)]
    say(not bad, "%s: every record of %d fields" % (fmt, len(head)),
        first([repr(r) for r in bad]))
    say(text.endswith("\r\n") and "\n" not in text.replace("\r\n", ""),
        "%s: records end in CRLF (RFC 4180)" % fmt, "other line ends")
    return [dict(zip(head, r)) for r in recs[1:] if len(r) == len(head)]


def check_csv(text):
    """A record an observation, of one unit a statistic; pivoted by label,
    row, invocation and run, the runs' loops/sec, which kv lists too."""
    recs = csv_records("csv", text, CSV_HEAD)
    units, bad, pivot = {}, [], {}
    for r in recs:
        try:
            value = float(r["value"])
        except ValueError:
            bad.append("%s %s %s: %r" % (r["label"], r["row"], r["statistic"],
                                         r["value"]))
            continue
        units.setdefault(r["statistic"], set()).add(r["unit"])
        if r["statistic"] == "loops_per_sec":
            if not (r["invocation"] and r["run"]):
                bad.append("%s %s: a run with no invocation or run" %
                           (r["label"], r["row"]))
                continue
            pivot.setdefault((r["label"], r["row"]), []).append(
                (int(r["invocation"]), int(r["run"]), value))
    say(not bad, "csv: every value a number, every run numbered", first(bad))
    mixed = ["%s: %s" % (k, sorted(v)) for k, v in units.items()
             if len(v) != 1 or not v <= CSV_UNITS]
    say(units and not mixed, "csv: one unit a statistic, of %s" %
        sorted(CSV_UNITS), first(mixed))
    return pivot


def check_csv_compare(text):
    """A record a statistic of a row compared; its change is kv's."""
    return csv_records("csv-compare", text, CSV_COMPARE_HEAD)


flat = {}
csv_runs = csv_cmp = None
for fmt in formats:
    try:
        text = report(fmt)
    except OSError as e:
        say(False, "%s: the report" % fmt, str(e))
        continue
    if fmt == "json":
        continue  # the model itself, checked above
    elif fmt == "text":
        check_text(text)
        check_text_words(fmt, text, False)
    elif fmt == "brief":
        check_text_words("text --brief", text, True)
    elif fmt in ("kv", "tsv"):
        flat[fmt] = check_flat(fmt, text)
        check_flat_words(fmt, text)
    elif fmt == "html":
        check_html(text)
        check_html_words(text)
    elif fmt == "csv":
        csv_runs = check_csv(text)
    elif fmt == "csv-compare":
        csv_cmp = check_csv_compare(text)
        check_csv_words(csv_cmp)
    else:
        say(False, "%s: a check of this format" % fmt,
            "tests/formats.py knows no such format")
if "kv" in flat and "tsv" in flat:
    say(flat["kv"].replace(": ", "\t") == flat["tsv"],
        "tsv: the lines of kv, a tab for ': '", "they differ")
kv = {}
for line in flat.get("kv", "").splitlines():
    k, _, v = line.partition(": ")
    kv[k] = v
if "kv" in flat and csv_runs is not None:
    # Pivoted, the runs of each label and row in order: kv's runN.
    one = len(labels) == 1
    bad = []
    for (label, row), runs in sorted(csv_runs.items()):
        key = ("" if one else flat_label(label) + "/") + row + "."
        got = [v for _, _, v in sorted(runs)]
        want = []
        while key + "loops_per_sec_run%d" % (len(want) + 1) in kv:
            want.append(float(kv[key + "loops_per_sec_run%d" %
                                 (len(want) + 1)]))
        if len(got) != len(want) or any(abs(a - b) > 0.5 + 1e-6 * b
                                        for a, b in zip(got, want)):
            bad.append("%s %s: %s, not kv's %s" % (label, row, got, want))
    say(csv_runs and not bad,
        "csv: the runs' loops/sec pivoted by label and row: kv's runN",
        first(bad))
if "kv" in flat and csv_cmp is not None:
    bad = []
    for r in csv_cmp:
        if r["statistic"] != "loops_per_sec":
            continue
        want = kv.get(flat_label(r["label"]) + "/" + r["row"] + ".change_pct")
        if want is None and r["change_pct"] == "":
            continue  # no change to say: a row the baseline lacks
        try:
            # kv writes the same figure to its own precision: about four
            # digits, all the whole ones (flat_number()).
            ok = want is not None and \
                flat_number(float(r["change_pct"])) == want
        except ValueError:
            ok = False
        if not ok:
            bad.append("%s %s: change %s, kv %s" % (r["label"], r["row"],
                                                   r["change_pct"], want))
    say(len(labels) < 2 or (csv_cmp and not bad),
        "csv-compare: each row's change as kv's change_pct", first(bad))

# --- The scheduler's facts of each invocation, and a row's, everywhere. ---

# The Run information's name of each, its member in the saved run.
FACTS = (("Preemption", "preemption"), ("FairScheduler", "fair_scheduler"),
         ("SchedExt", "sched_ext"), ("ProxyExec", "proxy_exec"),
         ("CoreScheduling", "core_scheduling"), ("CoreTypes", "core_types"),
         ("TSC", "tsc"))
# The flat formats' number of a fact: its key, member, words of yes, of no.
SAID = (("eevdf", "fair_scheduler", "EEVDF", ("CFS", "neither")),
        ("proxy_exec", "proxy_exec", "on", ("off", "no")),
        ("core_scheduling", "core_scheduling", "yes", ("no",)),
        ("tsc_stable", "tsc", "stable", ("unstable", "variable")))
# The csv columns of the label's first invocation's facts.
CSV_FACTS = (("preempt", "preemption"), ("fair_scheduler", "fair_scheduler"),
             ("sched_ext", "sched_ext"), ("proxy_exec", "proxy_exec"),
             ("core_scheduling", "core_scheduling"),
             ("core_types", "core_types"), ("tsc", "tsc"))


def fact(inv, member):
    return inv["info"].get(member, "") or "unknown"


def said_of(words, yes, no):
    first = re.split(r"[ ,]", words, 1)[0]
    return 1 if first == yes else 0 if first in no else None


def ran_on_words(types):
    """The words of a ran_on finding's types, as the model says them."""
    parts = types.split("+")
    if parts[0].startswith("capacity "):
        return "CPUs of capacity " + " and ".join(
            p[len("capacity "):] for p in parts)
    return " and ".join(p + "s" for p in parts)


def notes_of(finding):
    if finding["finding"] == "sched_ext":
        return "sched_ext: run by the BPF scheduler " + finding["scheduler"]
    if finding["finding"] == "ran_on":
        return "core types: ran on " + ran_on_words(finding["types"])
    return None


# (label, row key) -> {finding: its object}, of the comparison.
cell_found = {}
for row in (cmp_ or {}).get("rows", []):
    for cell in row.get("labels", []):
        cell_found[(cell["label"], row["key"])] = {
            f["finding"]: f for f in cell.get("findings", [])}
machine_notes = sorted(notes_of(f) for fs in cell_found.values()
                       for f in fs.values() if notes_of(f))
first_inv = {}
for inv in invs:
    first_inv.setdefault(inv["info"]["label"], inv)

missing = ["%s: %s" % (inv["info"]["label"], m) for inv in invs
           for _, m in FACTS + (("", "core_type_cpus"),) if m not in inv["info"]]
say(not missing, "json: every invocation's scheduler facts", first(missing))


def check_text_facts(text):
    lines = set(text.splitlines())
    bad = []
    for inv in invs:
        for name, member in FACTS:
            v = fact(inv, member)
            shown = v if len(v) <= 57 else v[:54] + "..."
            if "  %-20s %s" % (name, shown) not in lines:
                bad.append("%s: no line '%s %s'" % (inv["info"]["label"],
                                                   name, shown))
    say(not bad, "text: each invocation's scheduler facts", first(bad))
    notes = sorted(l.strip()[1:-1] for l in text.splitlines()
                   if re.match(r"^ {4}\((sched_ext|core types): ", l))
    say(notes == machine_notes,
        "text: a row's BPF scheduler and core types, as the comparison's",
        "%s, not %s" % (notes, machine_notes))


def check_html_facts(page):
    rows = {}
    for m in re.finditer(r'<tr><th scope="row">([^<]*)</th>(.*?)</tr>', page):
        rows.setdefault(html.unescape(m.group(1)), []).extend(
            html.unescape(v) for v in re.findall(r"<td>(.*?)</td>",
                                                  m.group(2)))
    bad = ["%s: %s of %s not shown" % (inv["info"]["label"], name,
                                       fact(inv, member))
           for inv in invs for name, member in FACTS
           if fact(inv, member) not in rows.get(name, [])]
    say(not bad, "html: each invocation's scheduler facts", first(bad))
    notes = sorted(html.unescape(n) for n in re.findall(
        r'<p class="note">\(((?:sched_ext|core types): [^<]*)\)</p>', page))
    say(notes == machine_notes,
        "html: a row's BPF scheduler and core types, as the comparison's",
        "%s, not %s" % (notes, machine_notes))


def check_flat_facts(fmt, text):
    sep = ": " if fmt == "kv" else "\t"
    kv = dict(line.partition(sep)[::2] for line in text.splitlines())
    prefix = {l: ("" if len(labels) == 1 else flat_label(l) + "/")
              for l in labels}
    bad = []
    for (label, key), found in sorted(cell_found.items()):
        head = prefix[label] + key + "."
        if head + "ok" not in kv:
            continue
        ran = found.get("ran_on")
        want = {"sched_ext": "1" if "sched_ext" in found else None,
                "ran_on_big_cpus": ran and str(ran["big_cpus"]),
                "ran_on_little_cpus": ran and str(ran["little_cpus"])}
        for k, member, yes, no in SAID:
            vals = {said_of(fact(inv, member), yes, no) for inv in invs
                    if inv["info"]["label"] == label}
            one = vals.pop() if len(vals) == 1 else None
            want[k] = None if one is None else str(one)
        bad += ["%s%s %s, not %s" % (head, k, kv.get(head + k), v)
                for k, v in want.items() if kv.get(head + k) != v]
    say(not bad, "%s: each row's scheduler facts as the JSON's" % fmt,
        first(bad))


def check_csv_facts(text):
    bad = []
    for r in csv.DictReader(io.StringIO(text, newline="")):
        inv = first_inv.get(r["label"])
        if inv is None:
            bad.append("%s: no such label" % r["label"])
            continue
        for col, member in CSV_FACTS:
            if r[col] != inv["info"].get(member, ""):
                bad.append("%s %s: %s %r" % (r["label"], r["row"], col,
                                             r[col]))
        ran = cell_found.get((r["label"], r["row"]), {}).get("ran_on")
        if r["ran_on"] != (ran["types"] if ran else ""):
            bad.append("%s %s: ran_on %r" % (r["label"], r["row"],
                                             r["ran_on"]))
    say(not bad, "csv: the scheduler facts and core types of each record",
        first(bad, 3))


for fmt in formats:
    try:
        text = report(fmt)
    except OSError:
        continue
    if fmt == "text":
        check_text_facts(text)
    elif fmt == "html":
        check_html_facts(text)
    elif fmt in ("kv", "tsv"):
        check_flat_facts(fmt, text)
    elif fmt == "csv":
        check_csv_facts(text)
