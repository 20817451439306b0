#!/usr/bin/env python3
"""Scores `quilts` output against a make-crawl truth.json.

usage: quilts-eval.py CRAWL_DIR QUILTS_OUT_DIR
Figures: quilt pages flagged (goal >= 90 %); per flagged quilt the share of its true sources named (goal >= 80 % for
each); background pages flagged (goal 0); other flagged pages by scenario (informative: injected copies are not
background). Exit 0 when all three goals hold.
"""
import json, sys, collections
from urllib.parse import urlsplit

crawl, out = sys.argv[1], sys.argv[2]
truth = json.load(open(crawl + "/truth.json"))
flagged = {}
for line in open(out + "/quilts.jsonl"):
    q = json.loads(line)
    flagged[q["url"]] = q
quilts = [p for s in truth["scenarios"] if s["kind"] == "quilt" for p in s["pages"]]
background = set(truth["background_hosts"])
found = [q for q in quilts if q["url"] in flagged]
shares, strict = [], []
for q in found:
    srcs = flagged[q["url"]]["sources"]
    primary = {s["url"] for s in srcs}
    # a source's equivalents covered exactly the same grams at its step: the same text, which no cover tells apart
    named = primary | {e for s in srcs for e in s.get("equivalents", [])}
    shares.append(sum(s in named for s in q["sources"]) / len(q["sources"]))
    strict.append(sum(s in primary for s in q["sources"]) / len(q["sources"]))
short = [(q["url"], round(sh, 2)) for q, sh in zip(found, shares) if sh < 0.8]
quilt_urls = {q["url"] for q in quilts}
bg = sorted(u for u in flagged if urlsplit(u).hostname in background)
other = collections.Counter(urlsplit(u).hostname.split(".", 1)[1] for u in flagged if u not in quilt_urls and urlsplit(u).hostname not in background)
fig = {
    "crawl": crawl,
    "quilt_pages_flagged": "%d/%d" % (len(found), len(quilts)),
    "quilt_recall": round(len(found) / max(1, len(quilts)), 3),
    "mean_sources_named": round(sum(shares) / max(1, len(shares)), 3),
    "mean_sources_named_primary_only": round(sum(strict) / max(1, len(strict)), 3),
    "quilts_with_sources_named_ge_80pct": "%d/%d" % (len(found) - len(short), len(found)),
    "below_80pct_examples": short[:5],
    "background_pages_flagged": len(bg),
    "background_examples": bg[:5],
    "other_flagged_by_domain": dict(other.most_common(8)),
}
print(json.dumps(fig))
ok = len(found) >= 0.9 * len(quilts) and not short and not bg
sys.exit(0 if ok else 1)
