#!/usr/bin/python3
"""Which translation units of a build reach a LibTorch header (<torch/...>, <ATen/...>,
<c10/...>) through the project's own #include "..." graph (unity sources included), and, for
the headers named, how many of those units would lose torch if those headers did not include it.
Reads BUILD/compile_commands.json; preprocesses nothing (conditional includes count as taken).

Usage: scripts/torch_units.py [BUILD_DIR] [HEADER ...]   (headers relative to the project root)
"""
import json
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
SEARCH = [os.path.join(ROOT, d) for d in ("core", "ui", "app", "tests", ".")]
TORCH = ("torch", "ATen", "c10")


def torch_sites(path, memo):
    """The files (relative to ROOT) whose own #include of a torch header `path` reaches."""
    if path in memo:
        return memo[path]
    memo[path] = set()  # a cycle adds nothing
    try:
        with open(path, errors="replace") as source:
            text = source.read()
    except OSError:
        return memo[path]
    sites = set()
    for kind, name in INCLUDE.findall(text):
        if kind == "<" and name.split("/")[0] in TORCH:
            sites.add(os.path.relpath(path, ROOT))
            continue
        for folder in [os.path.dirname(path)] + SEARCH:
            candidate = os.path.normpath(os.path.join(folder, name))
            if os.path.isfile(candidate):
                sites |= torch_sites(candidate, memo)
                break
    memo[path] = sites
    return sites


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    headers = set(sys.argv[2:])
    with open(os.path.join(build, "compile_commands.json")) as commands:
        units = [os.path.normpath(entry["file"]) for entry in json.load(commands)]
    memo = {}
    reaching = [(unit, torch_sites(unit, memo)) for unit in units]
    reaching = [(unit, sites) for unit, sites in reaching if sites]
    print(f"{len(reaching)} of {len(units)} translation units reach a torch header")
    if headers:
        freed = [unit for unit, sites in reaching if sites <= headers]
        print(f"{len(freed)} of them only through {len(headers)} named header(s)"
              + "".join(f"\n  {unit}" for unit in freed))


if __name__ == "__main__":
    main()
