#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The verdict lab: the report's decision replayed over resamples of a corpus.

A corpus is what bench/lab-record.sh writes: saved runs (ctxbench -o) and
manifest.tsv, a directory or a .tar.gz of one.  Each comparison of it (an
A/A or A/B pair of labels of one protocol and part) is resampled: subsets
of its rounds (turns), boots (boots) or of the invocations of each block
(blocks), each side's order kept.  Each resample is judged by every method
of the binary's table (`ctxbench dump methods`, analysis/method.c),
through the binary itself: `CTXBENCH_METHOD=NAME ctxbench report --format
kv`.  The lab keeps only the resampling and the scoring; the statistics
and the rule are the binary's, so that what the lab measures is what the
report does.  A part whose name starts with a machine class and a dash
("amd-tuning") was recorded on that machine; the others on the Intel
machine of the first corpus.  Standard library only.

usage: bench/lab.py CORPUS [--bin ctxbench] [--part P] [--max N] [--seed S]
                           [--only METHOD,...] [--shipped-only] [--aa-only]
                           [--rank] [--markdown METHOD,...] [--jobs N]
                           [--aa-bound PCT] [--aa-report-bound PCT]
  --max        resamples a comparison, at most (default 20)
  --rank       the methods that hold the A/A targets, most power first
  --markdown   a table of these methods, by protocol
  --aa-bound   exit 1 when the shipped method marks more than PCT % of
               the A/A rows it judges (--aa-report-bound: of the A/A
               reports), over every resample, on every machine's parts
               (the corpus test)
"""
import argparse
import concurrent.futures
import csv
import itertools
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile


def wilson(k, n, z=1.959964):
    if not n:
        return (float('nan'), float('nan'))
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


# --- the saved runs ----------------------------------------------------------



class Inv:
    def __init__(self, path, meta):
        with open(path) as f:
            d = json.load(f)
        i = d['invocations'][0]
        self.path, self.meta = path, meta
        self.label = i['info']['label']
        self.start = i['info'].get('start', 0)
        self.seconds = max(0.0, i['info'].get('end', 0) - self.start)
        self.rows = set()
        for r in i['results']:
            if r.get('status') != 'ok' or r['mech'] == 'null':
                continue
            self.rows.add('%s.%s.%dp' % (r['mech'], r['placement'],
                                          r['participants']))
        self.round = int(meta['round'])


def machine(part):
    """The machine class a part was recorded on: its name's prefix."""
    return part.split('-', 1)[0] if '-' in part else 'intel'


def load_corpus(path):
    """The manifest's lines with their saved runs; the directory they are in."""
    tmp = None
    if os.path.isfile(path):
        tmp = tempfile.TemporaryDirectory(prefix='ctxbench-lab.')
        with tarfile.open(path) as t:
            try:
                t.extractall(tmp.name, filter='data')
            except TypeError:  # before Python 3.12 and its backports
                t.extractall(tmp.name)
        subs = [e for e in os.listdir(tmp.name)
                if os.path.isfile(os.path.join(tmp.name, e, 'manifest.tsv'))]
        path = os.path.join(tmp.name, subs[0]) if subs else tmp.name
    invs = []
    with open(os.path.join(path, 'manifest.tsv')) as f:
        for m in csv.DictReader(f, delimiter='\t'):
            p = os.path.join(path, m['file'])
            if os.path.isfile(p):
                invs.append(Inv(p, m))
    return invs, tmp


# --- the comparisons and their resamples ------------------------------------

PAIRS = {'A2': 'A/A', 'B5': 'A/B5', 'B15': 'A/B15', 'RT': 'A/RT'}


class Set:
    """One comparison: A against LABEL in one protocol and part."""

    def __init__(self, part, proto, label, a, b, noise):
        self.part, self.proto, self.label = part, proto, label
        self.kind = PAIRS[label]
        self.aa = self.kind == 'A/A'
        self.a, self.b, self.noise = a, b, noise
        self.blocks = proto.startswith('blocks')
        self.turns = not self.blocks

    def resamples(self, rng, cap):
        """Lists (a, b, noise) of invocations, each side's order kept."""
        out = []
        if self.turns:
            ra = {i.round: i for i in self.a}
            rb = {i.round: i for i in self.b}
            rounds = sorted(set(ra) & set(rb))
            k = max(2, (len(rounds) * 3 + 3) // 4)
            if len(rounds) <= 4:  # boots: 3 of 4; 3 or fewer, all of them
                k = len(rounds) - 1 if len(rounds) > 3 else len(rounds)
            subs = list(itertools.combinations(rounds, k))
            rng.shuffle(subs)
            for s in subs[:cap]:
                out.append(([ra[x] for x in s], [rb[x] for x in s], []))
        else:
            ka, kb = len(self.a) - 1, len(self.b) - 1
            subs = list(itertools.product(
                itertools.combinations(range(len(self.a)), ka),
                itertools.combinations(range(len(self.b)), kb)))
            rng.shuffle(subs)
            for sa, sb in subs[:cap]:
                out.append(([self.a[x] for x in sa], [self.b[x] for x in sb],
                            self.noise))
        return out

    def full(self):
        return (self.a, self.b, self.noise)


def make_sets(invs, part=None):
    by = {}
    for i in invs:
        m = i.meta
        if part and m['part'] != part:
            continue
        by.setdefault((m['part'], m['protocol']), []).append(i)
    sets = []
    for (pt, proto), li in sorted(by.items()):
        li.sort(key=lambda i: i.start)
        lab = {}
        for i in li:
            lab.setdefault(i.label, []).append(i)
        noise = lab.get('X', []) + lab.get('Y', [])
        noise.sort(key=lambda i: i.start)
        for b in ('A2', 'B5', 'B15', 'RT'):
            if 'A' in lab and b in lab:
                sets.append(Set(pt, proto, b, lab['A'], lab[b], noise))
    return sets


# --- the methods, through the binary ------------------------------------------

STATS = ('', 'cpu_', 'rtt_')  # the keys of each statistic's verdict


def methods_of(binary):
    """The binary's methods, the shipped one first: [(name, about)]."""
    out = subprocess.run([binary, 'dump', 'methods'], capture_output=True,
                         text=True, check=True)
    return [tuple(l.split('\t', 1)) for l in out.stdout.splitlines() if l]


def binary_verdicts(binary, method, a, b, noise):
    """{row: {field: value}} of B in the binary's report (kv) by method."""
    args = [binary, 'report', '--format', 'kv']
    for n in noise:
        args += ['--noise', n.path]
    args += [i.path for i in a] + [i.path for i in b]
    env = dict(os.environ, CTXBENCH_METHOD=method)
    out = subprocess.run(args, capture_output=True, text=True, check=True,
                         env=env)
    blab = b[0].label
    rows = {}
    for line in out.stdout.splitlines():
        k, _, v = line.partition(': ')
        lab, _, rest = k.partition('/')
        if lab != blab:
            continue
        key, _, field = rest.rpartition('.')
        key = key.rsplit('.', 1)[0]  # without the working set
        if key.startswith('null.'):
            continue
        rows.setdefault(key, {})[field] = v
    return {k: r for k, r in rows.items() if 'ok' in r}


def _verdict(r, pre):
    """(judged, marked, change, detect) of one statistic's keys in r."""
    def num(f):
        return float(r[f]) / 100 if f in r else float('nan')
    judged = pre + 'marked' in r
    return (judged, judged and r[pre + 'marked'] == '1',
            num(pre + 'change_pct'), num(pre + 'detect_pct'))


def combine(vs):
    """One row's (judged, marked, change, detect) of its statistics'
    verdicts: judged by any, marked by any (the wrong way when any was),
    the change of the one that marked it, else of loops/sec; the
    smallest detect of those judged."""
    loops = vs[0]
    judged = any(v[0] for v in vs)
    marked = [v for v in vs if v[1]]
    wrong = [v for v in marked if v[2] > 0]
    change = (wrong or marked or [loops])[0][2]
    dets = [v[3] for v in vs if v[0] and not math.isnan(v[3])]
    return (judged, bool(marked), change,
            min(dets) if dets else float('nan'))


class Method:
    """A row of the binary's method table, judged through the binary;
    /bare: without the --noise blocks."""

    def __init__(self, binary, name, noise=True):
        self.binary, self.method, self.use_noise = binary, name, noise
        self.name = name + ('' if noise else '/bare')

    def report(self, s, a, b, noise):
        res = {}
        for key, r in binary_verdicts(
                self.binary, self.method, a, b,
                noise if self.use_noise else []).items():
            vs = [_verdict(r, p) for p in STATS
                  if p == '' or p + 'judged' in r]
            res[key] = combine(vs)
        return res


# --- the figures -------------------------------------------------------------


class Tally:
    def __init__(self):
        self.aa_rows = self.aa_judged = self.aa_marked = 0
        self.aa_reports = self.aa_reports_marked = 0
        self.ab_rows = self.ab_judged = self.ab_marked = self.ab_wrong = 0
        self.ab_det = self.ab_det_marked = 0
        self.detect = []
        self.per_min = []

    def add(self, s, rep, truth, minutes):
        if s.aa:
            self.aa_reports += 1
            self.aa_reports_marked += any(r[1] for r in rep.values())
        for k, (judged, marked, change, det) in rep.items():
            if s.aa:
                self.aa_rows += 1
                self.aa_judged += judged
                self.aa_marked += marked
            else:
                self.ab_rows += 1
                self.ab_judged += judged
                self.ab_marked += marked
                true = truth.get(k, float('nan'))
                wrong = marked and change > 0
                self.ab_wrong += wrong
                if judged and det < abs(true):
                    self.ab_det += 1
                    self.ab_det_marked += marked and not wrong
            if judged and not math.isnan(det):
                self.detect.append(det)
                self.per_min.append(det * math.sqrt(minutes))

    def markdown(self, name):
        def pct(k, n):
            return '%d/%d (%.1f %%)' % (k, n, 100 * k / n) if n else '-'
        lo, hi = wilson(self.aa_marked, self.aa_judged)
        med = statistics.median(self.detect) if self.detect else float('nan')
        pm = statistics.median(self.per_min) if self.per_min else float('nan')
        return '| %s | %s | %s | %s | %s | %s | %s | %s | %s |' % (
            name, pct(self.aa_marked, self.aa_judged),
            '%.1f-%.1f %%' % (100 * lo, 100 * hi) if self.aa_judged else '-',
            pct(self.aa_reports_marked, self.aa_reports),
            pct(self.ab_marked, self.ab_judged) if self.ab_rows else '-',
            self.ab_wrong if self.ab_rows else '-',
            pct(self.ab_det_marked, self.ab_det) if self.ab_rows else '-',
            '%.1f %%' % (100 * med) if self.detect else '-',
            '%.1f %%' % (100 * pm) if self.per_min else '-')

    def line(self):
        def pct(k, n):
            return '%5.1f' % (100 * k / n) if n else '    -'
        lo, hi = wilson(self.aa_marked, self.aa_judged)
        med = statistics.median(self.detect) if self.detect else float('nan')
        pm = statistics.median(self.per_min) if self.per_min else float('nan')
        return ('%4d/%-4d %s [%4.1f-%4.1f] %4d/%-3d %s | %4d/%-4d %s wrong %3d'
                ' det %4d/%-4d %s | detect %6.1f%% %6.1f%%' % (
                    self.aa_marked, self.aa_judged,
                    pct(self.aa_marked, self.aa_judged),
                    100 * lo if self.aa_judged else 0,
                    100 * hi if self.aa_judged else 0,
                    self.aa_reports_marked, self.aa_reports,
                    pct(self.aa_reports_marked, self.aa_reports),
                    self.ab_marked, self.ab_judged,
                    pct(self.ab_marked, self.ab_judged), self.ab_wrong,
                    self.ab_det_marked, self.ab_det,
                    pct(self.ab_det_marked, self.ab_det),
                    100 * med, 100 * pm))


HEAD = ('A/A marked/judged  %   [95 % Wilson]  reports marked  % | '
        'A/B marked/judged  %   wrong  marked/detectable  % | '
        'median detect, at 1 min')




def minutes(a, b, noise):
    return sum(i.seconds for i in a + b + noise) / 60


def judge_set(s, m, rs):
    """The method's report of the whole set, then of each resample."""
    full = m.report(s, *s.full())
    return full, [(m.report(s, a, b, n), minutes(a, b, n)) for a, b, n in rs]


def run(sets, methods, rng_seed, cap, group_of, jobs):
    """{(method name, group): Tally}."""
    out = {}
    work = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        for s in sets:
            rs = s.resamples(random.Random(rng_seed), cap)
            for m in methods:
                work.append((s, m, ex.submit(judge_set, s, m, rs)))
        for s, m, fut in work:
            full, reps = fut.result()
            # The truth of an A/B row: the change of the whole set, as the
            # method sees it.
            truth = {k: v[2] for k, v in full.items()}
            for g in group_of(s):
                t = out.setdefault((m.name, g), Tally())
                for rep, mins in reps:
                    t.add(s, rep, truth, mins)
                t = out.setdefault((m.name, g + ', whole sets'), Tally())
                t.add(s, full, truth, minutes(*s.full()))
    return out


def rank(res, methods):
    """The methods whose A/A rows (at most 5 % marked) and reports (at most
    10 % with a mark) hold over every resample of all protocols, and in no
    protocol surely fail (the lower end of the interval above them), best
    first: the most A/B rows marked the right way, none the wrong way,
    then the smallest median detect in turns beside other work."""
    out = []
    for m in methods:
        t = res.get((m.name, 'ALL'))
        if not t or not t.aa_judged:
            continue
        aa = t.aa_marked / t.aa_judged
        rep = t.aa_reports_marked / t.aa_reports if t.aa_reports else 0
        right = (t.ab_marked - t.ab_wrong) / t.ab_rows if t.ab_rows else 0
        dets = [d for (name, g), x in res.items() if name == m.name and
                'turns' in g and 'whole' not in g for d in x.detect]
        det = statistics.median(dets) if dets else float('inf')
        ok = aa <= 0.05 and rep <= 0.10 and not t.ab_wrong
        for (name, g), x in res.items():
            if name != m.name or g == 'ALL' or g.endswith('whole sets'):
                continue
            if x.aa_judged and wilson(x.aa_marked, x.aa_judged)[0] > 0.05:
                ok = False
            if x.aa_reports and wilson(x.aa_reports_marked,
                                       x.aa_reports)[0] > 0.10:
                ok = False
        out.append((not ok, -right, det, m.name, aa, rep, t.ab_wrong))
    out.sort()
    print('== rank: holds the A/A targets, A/B rows marked right, detect '
          'in turns')
    for bad, right, det, name, aa, rep, wrong in out:
        print('%-4s %-22s A/A rows %5.1f %% reports %5.1f %% | A/B marked '
              'right %5.1f %% wrong %d | median detect in turns %6.1f %%' % (
                  'no' if bad else 'ok', name, 100 * aa, 100 * rep,
                  -100 * right, wrong, 100 * det))


def aa_bound(res, name, bound, report_bound):
    """The shipped method's A/A figures on each machine's parts: 0, or 1
    when one is above its bound or judged nothing."""
    bad = 0
    for (m, g), t in sorted(res.items()):
        if m != name or not g.startswith('ALL ') or 'whole' in g:
            continue
        rate = 100 * t.aa_marked / t.aa_judged if t.aa_judged else 0
        rrate = (100 * t.aa_reports_marked / t.aa_reports if t.aa_reports
                 else 0)
        print('shipped A/A, %s: %d of %d judged rows marked (%.1f %%, '
              'bound %g %%); %d of %d reports with a mark (%.1f %%, bound '
              '%g %%)' % (g[4:], t.aa_marked, t.aa_judged, rate, bound,
                          t.aa_reports_marked, t.aa_reports, rrate,
                          report_bound))
        if not t.aa_judged or rate > bound or rrate > report_bound:
            bad = 1
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('corpus')
    ap.add_argument('--bin', default='build/ctxbench')
    ap.add_argument('--part', action='append')
    ap.add_argument('--max', type=int, default=20)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--only', default='')
    ap.add_argument('--aa-bound', type=float)
    ap.add_argument('--aa-report-bound', type=float, default=100)
    ap.add_argument('--aa-only', action='store_true')
    ap.add_argument('--shipped-only', action='store_true')
    ap.add_argument('--by', default='proto', choices=('proto', 'all'))
    ap.add_argument('--markdown', default='',
                    help='a table of these methods (and the shipped one)')
    ap.add_argument('--rank', action='store_true',
                    help='rank the methods that hold the A/A targets')
    o = ap.parse_args()
    invs, tmp = load_corpus(o.corpus)
    sets = [s for s in make_sets(invs)
            if (not o.part or s.part in o.part) and (s.aa or not o.aa_only)]
    if not sets:
        print('lab: no comparison in %s' % o.corpus, file=sys.stderr)
        return 2
    table = methods_of(o.bin)
    shipped = table[0][0]
    names = [shipped] if o.shipped_only else [n for n, _ in table]
    if o.only:
        names = [n for n in names if n in o.only.split(',') or n == shipped]
    methods = [Method(o.bin, shipped, False)]
    methods += [Method(o.bin, n) for n in names]

    def group_of(s):
        mc = machine(s.part)
        g = ['ALL', 'ALL ' + mc]
        return g + ['%s %s' % (mc, s.proto)] if o.by == 'proto' else g
    res = run(sets, methods, o.seed, o.max, group_of, o.jobs)
    groups = sorted({g for _, g in res})
    print('# parts %s; up to %d resamples a comparison; %s' % (
        ','.join(sorted({s.part for s in sets})), o.max, HEAD))
    for n, about in table:
        print('# %s: %s' % (n, about))
    for g in groups:
        print('== %s' % g)
        for m in methods:
            t = res.get((m.name, g))
            if t:
                print('%-22s %s' % (m.name, t.line()))
    if o.markdown:
        print('| method | A/A rows marked | 95 % interval | A/A reports '
              'marked | A/B rows marked | wrong way | marked of detectable '
              '| median detect | detect at 1 min |')
        print('|---|---|---|---|---|---|---|---|---|')
        for g in groups:
            print('| **%s** | | | | | | | | |' % g)
            for m in methods:
                t = res.get((m.name, g))
                if t and (m.name in o.markdown.split(',') or
                          m.name.startswith(shipped)):
                    print(t.markdown(m.name))
    if o.rank:
        rank(res, methods)
    if o.aa_bound is not None:
        return aa_bound(res, shipped, o.aa_bound, o.aa_report_bound)
    return 0


if __name__ == '__main__':
    sys.exit(main())
