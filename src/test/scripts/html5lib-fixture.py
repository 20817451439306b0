#!/usr/bin/env python3
"""Writes src/test/resources/html5lib/tree-construction.jsonl from a clone of html5lib/html5lib-tests.

Every test of tree-construction/*.dat and tree-construction/scripted/*.dat at commit 9329e64 (the last before the
tests moved to the web-platform-tests) that parses a whole document (no #document-fragment): one JSON object a line
with the test's name ("file.dat#n", n counting from 1 in the file), its #data, its scripting flag when it has one
("on" or "off") and its #document tree as written.

    python3 html5lib-fixture.py /path/to/html5lib-tests > tree-construction.jsonl
"""
import json
import subprocess
import sys

COMMIT = "9329e64694e7835d0dcff9811e22856ef6ad16f9"
HEADINGS = {"#data", "#errors", "#new-errors", "#document-fragment", "#document", "#script-off", "#script-on"}


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], capture_output=True, check=True).stdout.decode("utf-8")


def tests(text):
    """The tests of one .dat file as dicts of section name to lines."""
    found, current, section = [], None, None
    for line in text.split("\n"):
        if line == "#data":
            current, section = {"#data": []}, "#data"
            found.append(current)
        elif line in HEADINGS:
            section = line
            current.setdefault(section, [])
        else:
            current[section].append(line)
    return found


def main(repo):
    names = git(repo, "ls-tree", "-r", "--name-only", COMMIT, "tree-construction/").split("\n")
    for name in sorted(n for n in names if n.endswith(".dat")):
        for number, test in enumerate(tests(git(repo, "show", COMMIT + ":" + name)), start=1):
            if "#document-fragment" in test:
                continue
            document = test["#document"]
            while document and document[-1] == "":  # the blank line between tests
                document.pop()
            record = {"test": name[len("tree-construction/"):] + "#" + str(number), "data": "\n".join(test["#data"])}
            if "#script-on" in test:
                record["scripting"] = "on"
            if "#script-off" in test:
                record["scripting"] = "off"
            record["document"] = "\n".join(document)
            print(json.dumps(record, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1])
