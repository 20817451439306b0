#!/usr/bin/env python3
"""The paper's robustness experiment (Sec. 6.3-6.4) on a crawl with a `mutated` scenario: label the copied
source site's pages (informed), detect over the whole crawl, and print, per mutated host (edit kind x
factor of cpp), its neighbourhood badness, the threshold, and its mean page badness.

usage: robustness-set.py JAR CRAWL_DIR WORK_DIR   (prints a table, then one JSON line of figures)

A copy of ../shared/eval/robustness.py that adds `--set KEY=VALUE` for every word of $ROBUSTNESS_SET to each
command, e.g. ROBUSTNESS_SET="shingles.near-copy.enabled=true" for the near-copy signal (issue 8)."""
import gzip, json, os, subprocess, sys
from urllib.parse import urlsplit

jar, crawl, work = sys.argv[1:4]
truth = json.load(open(os.path.join(crawl, "truth.json")))
mut = next(s for s in truth["scenarios"] if s["kind"] == "mutated")
src = mut["source"]
os.makedirs(work, exist_ok=True)
ref = os.path.join(work, "source.jsonl.gz")
with gzip.open(os.path.join(crawl, "pages.jsonl.gz"), "rt") as fin, gzip.open(ref, "wt") as fout:
    for line in fin:
        if urlsplit(json.loads(line)["url"]).hostname == src:
            fout.write(line)
EXTRA = [x for s in os.environ.get("ROBUSTNESS_SET", "").split() for x in ("--set", s)]
run = lambda *a: subprocess.run(["java", "-jar", jar, *a, *EXTRA], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
run("label", "--input", ref, "--out", os.path.join(work, "labels.jsonl"))
run("detect", "--input", os.path.join(crawl, "pages.jsonl.gz"), "--labels", os.path.join(work, "labels.jsonl"), "--out", os.path.join(work, "det"))
hoods = {}
for l in open(os.path.join(work, "det", "neighborhoods.jsonl")):
    n = json.loads(l); hoods[n["prefix"]] = n
pages = {}
for l in open(os.path.join(work, "det", "pages.jsonl")):
    p = json.loads(l); pages.setdefault(urlsplit(p["url"]).hostname, []).append(p["badness"])
fig, rows = {}, []
for m in mut["copies"]:
    n = hoods.get("https://%s/" % m["host"], {})
    pb = pages.get(m["host"], [0])
    rows.append("%-7s %4sx cpp  neighbourhood %.3f (threshold %.3f) %s  mean page %.3f" % (
        m["edit"], m["factor_of_cpp"], n.get("badness", 0), n.get("threshold", 0), "BAD" if n.get("bad") else "-", sum(pb) / len(pb)))
    fig["%s%s" % (m["edit"][0], m["factor_of_cpp"])] = 1 if n.get("bad") else 0
print("\n".join(rows))
print(json.dumps({"mutated_flagged": fig, "flagged": sum(fig.values()), "of": len(fig)}))
