#!/usr/bin/env python3
"""Turn the stream's `quilt` alerts into a `quilts` output, for `../shared/eval/quilts.py`.

usage: stream-quilts.py ALERTS_JSONL OUT_DIR

Reads the alerts a `stream` run wrote (`--alerts-out`), keeps the last `quilt` alert per URL and writes
OUT_DIR/quilts.jsonl, one line per flagged page: its URL and its sources (the alert's evidence URLs, in cover
order), as the batch `quilts` command writes them.
"""
import json, os, sys

if len(sys.argv) != 3:
    sys.exit(__doc__)
alerts, out = sys.argv[1], sys.argv[2]
last = {}
for line in open(alerts):
    a = json.loads(line)
    if a.get("type") == "quilt":
        last[a["url"]] = a
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "quilts.jsonl"), "w") as f:
    for url in sorted(last):
        a = last[url]
        sources = [{"url": e.get("example_url") or e.get("exampleUrl")} for e in a.get("evidence") or []]
        f.write(json.dumps({"url": url, "badness": a.get("badness"), "sources": sources}) + "\n")
print("%d quilt alerts, %d pages" % (sum(1 for _ in open(alerts) if '"quilt"' in _), len(last)))
