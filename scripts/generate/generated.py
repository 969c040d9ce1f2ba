"""What every generator does with what it generated: write the files that changed, or, with --check, write
nothing and fail naming the files that would change. One place for it, so that every generator's --check means
the same thing to scripts/test.sh.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def update(script, outputs, check, current):
    """Compare `outputs` (path, absolute or relative to the repository root, -> text) with the files.

    Without `check`, writes each file whose text differs (UTF-8, "\\n" line ends) and returns their paths,
    relative to the root. With `check`, writes nothing: exits 1 naming the files that would change, else prints
    "<script> --check: <current>" and returns [].
    """
    changed = []
    for path, text in outputs.items():
        full = os.path.join(ROOT, path)
        old = open(full, encoding="utf-8").read() if os.path.exists(full) else None
        if old == text:
            continue
        changed.append(os.path.relpath(full, ROOT))
        if not check:
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8", newline="\n") as output:
                output.write(text)
    if check:
        if changed:
            print("%s --check: regenerating changes %s" % (script, ", ".join(changed)), file=sys.stderr)
            sys.exit(1)
        print("%s --check: %s" % (script, current))
    return changed
