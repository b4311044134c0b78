#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# What tests/formats.sh findings asks of one saved run of two labels: the
# notes the text report prints under each row (outliers, two clusters,
# disturbed runs) are the findings of the JSON's comparison, figure for
# figure, and kv and tsv carry the same outliers and clusters.
# usage: findings.py DIR
#   DIR/report.FORMAT holds the report in FORMAT (text, kv, tsv, json),
#   DIR/one.kv the kv of the first label alone.
# Prints "ok - what" or "not ok - what: why", one line a check.
import json
import os
import re
import sys

out_dir = sys.argv[1]


def say(good, what, why=""):
    print(("ok - %s" % what) if good else ("not ok - %s: %s" % (what, why)))


def read(name):
    with open(os.path.join(out_dir, name), encoding="utf-8") as f:
        return f.read()


def text_notes(text):
    """{label: [note, ...]} of the loops/sec table's rows."""
    notes, label = {}, None
    for line in text.splitlines():
        if re.match(r"^  \S", line) and "any" in line.split():
            label = line.split()[0]
            notes.setdefault(label, [])
        elif line.startswith("    (") and label:
            notes[label].append(line.strip()[1:-1])
        elif not line.strip():
            label = None
    return notes


def said(f):
    """The words of finding @f as the text report says them."""
    k = f["finding"]
    if k == "outliers":
        return "outside the Tukey fences:" + "".join(
            " run %d %.0f" % (r, v)
            for r, v in list(zip(f["runs"], f["loops_per_sec"]))[:4])
    if k == "clusters":
        return "two clusters: %d runs near %.0f, %d near %.0f loops/sec" % (
            f["low_runs"], f["low"], f["high_runs"], f["high"])
    if k == "disturbed":
        return "disturbed: %d of %d runs; run %d: %s" % (
            f["count"], f["of_runs"], f["worst_run"], f["why"])
    return None


def flat(text, sep):
    d = {}
    for line in text.splitlines():
        key, _, value = line.partition(sep)
        d[key] = float(value)
    return d


def close(a, b):
    return abs(a - b) <= max(1.0, abs(b) * 1e-3)


def flat_of(f, prefix):
    """The keys and values finding @f gives a row of prefix @prefix."""
    k = f["finding"]
    if k == "outliers":
        d = {prefix + "outliers": len(f["runs"])}
        for r, v in zip(f["runs"], f["loops_per_sec"]):
            d[prefix + "outlier_run%d" % r] = v
        return d
    if k == "clusters":
        return {prefix + "clusters_low_runs": f["low_runs"],
                prefix + "clusters_low_loops_per_sec": f["low"],
                prefix + "clusters_high_runs": f["high_runs"],
                prefix + "clusters_high_loops_per_sec": f["high"]}
    return {}


FINDING_KEY = re.compile(r"\.(outliers|outlier_run\d+|clusters_\w+)$")

doc = json.loads(read("report.json"))
cmp = doc.get("comparison", {})
cells = [(row["key"], c) for row in cmp.get("rows", []) for c in row["labels"]]
kinds = sorted(f["finding"] for _, c in cells for f in c.get("findings", []))
say(kinds == ["clusters", "disturbed", "outliers"],
    "json: the fixture's findings", "found %s" % kinds)

notes = text_notes(read("report.text"))
for key, c in cells:
    want = [said(f) for f in c.get("findings", [])]
    got = notes.get(c["label"], [])
    say(got == want, "text: the notes of %s are the JSON's findings" %
        c["label"], "text %s, json %s" % (got, want))

kv, tsv = flat(read("report.kv"), ": "), flat(read("report.tsv"), "\t")
say(kv == tsv, "tsv: the keys and figures of kv")
want = {}
for key, c in cells:
    for f in c.get("findings", []):
        want.update(flat_of(f, "%s/%s." % (c["label"], key)))
got = {k: v for k, v in kv.items() if FINDING_KEY.search(k)}
say(sorted(got) == sorted(want), "kv: the keys of the findings",
    "kv %s, json %s" % (sorted(got), sorted(want)))
bad = [k for k in want if k in got and not close(got[k], want[k])]
say(not bad, "kv: the figures of the findings", ", ".join(bad))

# One label alone: no comparison, and its kv still has its findings.
one = flat(read("one.kv"), ": ")
first = cells[0][1] if cells else {"findings": []}
want = {}
for f in first.get("findings", []):
    want.update(flat_of(f, cells[0][0] + "."))
got = {k: v for k, v in one.items() if FINDING_KEY.search(k)}
say(want and sorted(got) == sorted(want) and
    all(close(got[k], want[k]) for k in want),
    "kv of one label: its findings", "kv %s, json %s" % (got, want))
