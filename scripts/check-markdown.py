#!/usr/bin/env python3
"""Reads every Markdown page of the repository with a CommonMark parser (markdown-it-py, with GitHub's tables, as
GitHub and DocC render them) and fails on what renders wrong without any other check noticing:

- a code block that swallows prose: a line inside a fenced block that starts with the block's own fence (a closing
  fence with text after it is no closing fence, so the block runs on), or a fence left open to the end of the file;
- a table split in two: a line of `| … |` cells that the parser read as a paragraph (a blank line or text between a
  table's rows ends the table there);
- README.md lines over 120 characters (the README is read in a terminal and in diffs).

Usage: scripts/check-markdown.py [FILE…]   (default: README.md, CONTRIBUTING.md, docs/, Bridges/, every DocC article)
Needs markdown-it-py (scripts/setup.sh installs it with pip).
"""
import glob
import os
import re
import sys

try:
    from markdown_it import MarkdownIt
except ImportError:
    sys.exit("error: check-markdown needs markdown-it-py; run: python3 -m pip install markdown-it-py==4.0.0")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README_WIDTH = 120
TABLE_ROW = re.compile(r"^\s{0,3}\|.*\|\s*$")


def pages():
    patterns = ["README.md", "CONTRIBUTING.md", "docs/*.md", "Bridges/**/*.md", "Sources/*/*.docc/**/*.md"]
    found = []
    for pattern in patterns:
        found += glob.glob(os.path.join(ROOT, pattern), recursive=True)
    return sorted(path for path in set(found) if "/node_modules/" not in path)


def problems(path, text):
    parser = MarkdownIt("commonmark").enable("table")
    lines = text.split("\n")
    found = []
    for token in parser.parse(text):
        start, end = token.map or (0, 0)
        if token.type == "fence":
            fence = token.markup
            closed = end - 1 < len(lines) and lines[end - 1].strip() == fence[0] * len(lines[end - 1].strip()) \
                and len(lines[end - 1].strip()) >= len(fence)
            for offset, line in enumerate(token.content.split("\n")):
                if line.lstrip().startswith(fence) and len(line) - len(line.lstrip()) <= 3:
                    found.append((start + 2 + offset, "a line inside a code block starts with %s; a closing fence "
                                  "takes nothing after it, so the block runs on" % fence))
            if not closed:
                found.append((start + 1, "this code block is never closed: it runs to line %d" % end))
        if token.type == "inline" and token.map:
            for offset, line in enumerate(token.content.split("\n")):
                if TABLE_ROW.match(line):
                    found.append((start + 1 + offset, "a table row outside a table: something between this row "
                                  "and its table's header (a blank line, a paragraph) ends the table"))
                    break
    if os.path.basename(path) == "README.md" and os.path.dirname(path) == ROOT:
        for number, line in enumerate(lines, 1):
            if len(line) > README_WIDTH:
                found.append((number, "%d characters, over the README's %d" % (len(line), README_WIDTH)))
    return found


def main():
    paths = [os.path.abspath(p) for p in sys.argv[1:]] or pages()
    failures = 0
    for path in paths:
        with open(path, encoding="utf-8") as file:
            text = file.read()
        for line, message in sorted(problems(path, text)):
            print("%s:%d: %s" % (os.path.relpath(path, ROOT), line, message), file=sys.stderr)
            failures += 1
    print("check-markdown: %d pages, %d problems" % (len(paths), failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
