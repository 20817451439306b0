#!/usr/bin/env python3
"""What a crawl's truth allows a quilt rule that counts and names true sources (issue 8): the ceilings of
quilts-eval.py's figures.

usage: quilts-bounds.py CRAWL_DIR [--m 50] [--min-words 5]

make-crawl.py stitches a quilt from blocks (<p>, <div> of more than 60 visible chars) of its truth sources; a source
with no such block lends nothing, though truth.json lists it. Najork's rule can tell a source only by text that is a
patch, held by at most m pages. A block held by more pages (a documentation generator's template line, such as
javadoc's "All Classes ... JavaScript is disabled on your browser.") is no patch, so a source that lent only such
blocks cannot be named by any cover of patch grams.
A source is *identifiable* when it lent the quilt a block of --min-words words or more (5: one gram of 5 words) held
by at most m pages of the crawl (counted by the block's HTML, which the generator copies whole).
Prints: quilts by their number of identifiable sources; for c = 2, 3, 4, the quilts with at least c identifiable
sources (the most a rule can flag when it counts true sources only: a rule that flags more counts pages that merely
hold the same text); the quilts whose identifiable sources are 80 % or more of their truth sources (the most that
can meet "80 % of the true sources named").
"""
import argparse, collections, gzip, json, re

BLOCK = re.compile(r"<(p|div)\b[^>]*>(.*?)</\1>", re.S | re.I)
TAG = re.compile(r"<[^>]+>")
WORD = re.compile(r"\w+")


def blocks(body):
    return [m.group(0) for m in BLOCK.finditer(body) if len(TAG.sub("", m.group(2)).strip()) > 60]


ap = argparse.ArgumentParser()
ap.add_argument("crawl")
ap.add_argument("--m", type=int, default=50)
ap.add_argument("--min-words", type=int, default=5)
a = ap.parse_args()

truth = json.load(open(a.crawl + "/truth.json"))
quilts = [p for s in truth["scenarios"] if s["kind"] == "quilt" for p in s["pages"]]
need = {q["url"] for q in quilts} | {s for q in quilts for s in q["sources"]}
bodies = {}
pages_with = collections.Counter()  # block HTML -> pages holding it
with gzip.open(a.crawl + "/pages.jsonl.gz", "rt") as f:
    for line in f:
        r = json.loads(line)
        body = r.get("body") or ""
        for b in set(blocks(body)):
            pages_with[b] += 1
        if r["url"] in need:
            bodies[r["url"]] = body

by_count = collections.Counter()
nameable = 0
template_only = 0
for q in quilts:
    body = bodies.get(q["url"], "")
    ident = 0
    for s in q["sources"]:
        lent = [b for b in blocks(bodies.get(s, "")) if b in body]
        if any(pages_with[b] <= a.m and len(WORD.findall(TAG.sub(" ", b))) >= a.min_words for b in lent):
            ident += 1
        elif lent:
            template_only += 1
    by_count[ident] += 1
    nameable += ident >= 0.8 * len(q["sources"])
n = len(quilts)
fig = {
    "crawl": a.crawl,
    "quilts": n,
    "quilts_by_identifiable_sources": dict(sorted(by_count.items())),
    "most_flagged_at_c": {c: "%d/%d" % (sum(v for k, v in by_count.items() if k >= c), n) for c in (2, 3, 4)},
    "most_with_80pct_sources_nameable": "%d/%d" % (nameable, n),
    "sources_lending_only_template_blocks": template_only,
}
print(json.dumps(fig))
