#!/usr/bin/env python3
"""Scores I-Match near-duplicate clusters against a make-crawl.py crawl's truth.json (issue 9).

usage: imatch-eval.py CRAWL_DIR NEAR_DUPS_DIR
NEAR_DUPS_DIR is the output of `near-dups --signatures`. Clusters are rebuilt from signatures.jsonl (union-find over the
first 1+k lexicons) so that plain I-Match (k = 0) and the default K are scored from one run. Prints a table, then one
JSON line of figures.

- mirror / adwrap: share of copied pages in one cluster with their source page (same path on the source host)
- precision: pages in clusters that join pages which are not copies of one source page, as a share of clustered pages
  (a page's source: mirror/adwrap/mutated/phish copies -> the source page; clone /wiki/ -> the reference page, clone
  /own/ -> any page of that path; crawler-recursion URLs -> the page without the repeats; everything else -> itself).
  Strict: a source page is (host, path). By path: (package, path), the package being the host without its first label,
  so that one upstream page published on several hosts of a package (the Debian handbook's languages leave many pages
  untranslated) is one source.
- identical bodies are joined too (trivial duplicates, as near-dups does)
- robustness (mutated scenario): share of each copy's pages sharing a signature with their source page, k = 0 vs K
"""
import json, os, sys
from collections import defaultdict
from urllib.parse import urlsplit

crawl, nd = sys.argv[1:3]
truth = json.load(open(os.path.join(crawl, "truth.json")))
pages = [json.loads(l) for l in open(os.path.join(nd, "signatures.jsonl"))]
sig = {p["url"]: p["signatures"] for p in pages}
body = {p["url"]: p.get("body_hash") for p in pages}
K1 = max(len(s) for s in sig.values())
host_path = lambda u: (urlsplit(u).hostname, urlsplit(u).path.lstrip("/"))
known = {host_path(u) for u in sig}

source = {}   # (host, path) of a copy -> (host, path) of its source
any_host = set()  # (host, path) whose source is the page of that path on some other host
for s in truth["scenarios"]:
    k = s["kind"]
    if k in ("mirror", "adwrap"):
        for h in s["bad_hosts"]:
            source[h] = s["source"]
    elif k == "mutated":
        for c in s["copies"]:
            source[c["host"]] = s["source"]
    elif k == "phish":
        for u in s["urls"]:
            source[host_path(u)] = host_path(s["brand_page"])
    elif k == "clone":
        for c in s["clones"]:
            source[("clone", c["host"])] = s["reference_host"]
    elif k == "recursion":
        for u in s["urls"]:
            h, p = host_path(u)
            d, base = p.rsplit("/", 1)
            d += "/"
            for r in (4, 3, 2):
                if len(d) % r == 0 and d[:len(d) // r] * r == d:
                    seg = d[:len(d) // r]
                    source[(h, p)] = (h, seg + base) if (h, seg + base) in known else (h, base)
                    break

def package(h):
    parts = h.split(".")
    return ".".join(parts[1:]) if len(parts) > 2 else h

def group(u, by_path=False):
    g = group_strict(u)
    return (package(g[0]) if by_path and g[0] != "*" else g[0], g[1])

def group_strict(u):
    h, p = host_path(u)
    if (h, p) in source:
        return source[(h, p)]
    if h in source:
        return (source[h], p)
    if ("clone", h) in source:
        if p.startswith("wiki/"):
            return (source[("clone", h)], p[5:])
        if p.startswith("own/"):
            return ("*", p[4:])
    return (h, p)

def clusters(k1):
    parent = {u: u for u in sig}
    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]; x = parent[x]
        return x
    first = {}
    for u, b in body.items():
        if b is not None:
            v = first.setdefault(("exact", b), u)
            if v != u:
                parent[find(u)] = find(v)
    for u, s in sig.items():
        for j in range(min(k1, len(s))):
            if s[j] is None:
                continue
            v = first.setdefault((j, s[j]), u)
            if v != u:
                parent[find(u)] = find(v)
    members = defaultdict(list)
    for u in sig:
        members[find(u)].append(u)
    return [m for m in members.values() if len(m) > 1], find

def impure_clusters(cl, by_path):
    impure = []
    for m in cl:
        groups = {group(u, by_path) for u in m}
        definite = {g for g in groups if g[0] != "*"}
        paths = {g[1] for g in definite}
        wild_ok = all(g[1] in paths for g in groups if g[0] == "*") and definite
        if len(definite) > 1 or not wild_ok and any(g[0] == "*" for g in groups) and len({g[1] for g in groups}) > 1:
            impure.append(m)
    return impure

def score(k1):
    cl, find = clusters(k1)
    clustered = sum(len(m) for m in cl)
    out = {"lexicons": k1, "clusters": len(cl), "clustered_pages": clustered}
    for name, by_path in (("strict", False), ("by_path", True)):
        impure = impure_clusters(cl, by_path)
        out["impure_" + name] = {"clusters": len(impure), "pages": sum(len(m) for m in impure),
                                 "share": round(sum(len(m) for m in impure) / clustered, 4) if clustered else 0}
    for s in truth["scenarios"]:
        if s["kind"] in ("mirror", "adwrap"):
            hits = tot = 0
            for u in sig:
                h, p = host_path(u)
                if h in s["bad_hosts"]:
                    tot += 1
                    src = "https://%s/%s" % (s["source"], p)
                    hits += src in sig and find(src) == find(u)
            out[s["kind"]] = {"clustered_with_source": hits, "of": tot, "share": round(hits / tot, 4) if tot else None}
    return out, impure_clusters(cl, True)

def robustness():
    mut = next(s for s in truth["scenarios"] if s["kind"] == "mutated")
    rows = {}
    for c in mut["copies"]:
        hits0 = hitsk = tot = 0
        for u, s in sig.items():
            h, p = host_path(u)
            if h != c["host"]:
                continue
            tot += 1
            src = sig.get("https://%s/%s" % (mut["source"], p))
            if src is None:
                continue
            agree = [s[j] is not None and s[j] == src[j] for j in range(min(len(s), len(src)))]
            hits0 += agree[0]
            hitsk += any(agree)
        rows["%s x%s" % (c["edit"], c["factor_of_cpp"])] = {"k0": round(hits0 / tot, 3), "kK": round(hitsk / tot, 3), "pages": tot}
    return rows

plain, impure0 = score(1)
for m in sorted(impure0, key=len, reverse=True)[:20]:
    print("K0 impure cluster of %d: %s" % (len(m), sorted(m)[:6]))
full, impure = score(K1)
rob = robustness()
print("%-14s %8s %8s" % ("edit x factor", "K=0", "K=%d" % (K1 - 1)))
for k, r in rob.items():
    print("%-14s %8.3f %8.3f" % (k, r["k0"], r["kK"]))
for m in sorted(impure, key=len, reverse=True)[:8]:
    print("impure cluster of %d: %s" % (len(m), sorted(m)[:4]))
print(json.dumps({"plain": plain, "default": full, "robustness": rob}))
