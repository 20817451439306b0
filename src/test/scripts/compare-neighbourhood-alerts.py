#!/usr/bin/env python3
"""Compares the neighborhood and cleared alerts of two alert files (a stream --alerts-out or a detect alerts.jsonl),
per prefix and in order, ignoring detected_at and the confidence bounds that only the newer file carries; a threshold
written as "NaN" equals a threshold left out. Other alerts are compared as multisets. Exit 1 when they differ, when the
newer file holds NaN or Infinity, or when one of its neighborhood alerts lacks a bound.

Usage: compare-neighbourhood-alerts.py BEFORE.jsonl AFTER.jsonl
"""
import json, sys, collections
def load(p):
    per_key = collections.defaultdict(list); others = collections.Counter(); bounds = 0; nb = 0; nonfinite = 0
    for line in open(p):
        if not line.strip(): continue
        if 'NaN' in line or 'Infinity' in line: nonfinite += 1
        a = json.loads(line)
        a.pop('detected_at', None)
        if a.get('threshold') == 'NaN': a.pop('threshold')
        if a['type'] == 'neighborhood':
            nb += 1
            if 'badness_low' in a and 'badness_high' in a: bounds += 1
        a.pop('badness_low', None); a.pop('badness_high', None)
        if a['type'] in ('neighborhood', 'cleared') and a.get('prefix'):
            per_key[a['prefix']].append(json.dumps(a, sort_keys=True))
        else:
            others[json.dumps(a, sort_keys=True)] += 1
    return per_key, others, bounds, nb, nonfinite
b = load(sys.argv[1]); a = load(sys.argv[2])
print(f"before: {sum(map(len,b[0].values()))} neighbourhood/cleared alerts over {len(b[0])} prefixes, {sum(b[1].values())} others, {b[4]} lines with NaN/Infinity")
print(f"after:  {sum(map(len,a[0].values()))} neighbourhood/cleared alerts over {len(a[0])} prefixes, {sum(a[1].values())} others, {a[4]} lines with NaN/Infinity; {a[2]} of {a[3]} neighborhood alerts carry both bounds")
same_nb = b[0] == a[0]
print("neighbourhood/cleared alerts, fields and order per prefix, equal:", same_nb)
print("other alerts equal (as multisets):", b[1] == a[1])
if not same_nb:
    for k in sorted(set(b[0]) | set(a[0])):
        if b[0].get(k) != a[0].get(k):
            print("DIFF", k); print("  before", b[0].get(k)); print("  after ", a[0].get(k)); break
sys.exit(0 if same_nb and a[4] == 0 and a[2] == a[3] else 1)
