"""Not a timing: every entry indexing's workers make, this checkout against a commit (issue 27).

Run by hand (not a test), over an archive that ``bench/index_archive.py --build-only``
wrote::

    python bench/index_entries.py --archive bench/out/index-20000-1 --old main

Each tree, in a process of its own, makes the entry of every game
(:func:`notation.index.build.entries_of_piece`, its pieces cut as ``notation index`` cuts
them, the games numbered in their file, every index of one fixed secret): of the
archive's files, and of every record file of ``samples/`` and ``tests/`` read three times
(as they are; with ``--dialect short-captures``; with ``--game russian`` for the records
whose tags name no game). It writes a digest of each entry's every field (verdict, codes,
moves, positions' keys, opening, text, tags); the two lists are compared line by line. It
prints the counts of entries and of positions' keys, then ``identical`` or the first
entry that differs (and exits 1). ``--python`` and ``--old-python`` run either with
another environment's interpreter (compiled builds), as in ``bench/index_workers.py``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from verdictkit import ROOT, interpreter_options, old_tree, records

DUMP = """
import hashlib, sys
from notation.index.build import entries_of_piece
from notation.io.files import expand
from notation.read.sources import Opened, open_inputs
from notation.run.batch import PIECE_GAMES

archive, out, *files = sys.argv[1:]
runs = [(archive, None, frozenset())]
runs += [(None, None, frozenset()), (None, None, frozenset({"short-captures"}))]
runs += [(None, "russian", frozenset())]
count = keys = 0
with open(out, "w", encoding="utf-8") as written:
    for folder, game, dialects in runs:
        for item in open_inputs(list(expand([folder] if folder else files))):
            if not isinstance(item, Opened):
                continue
            number = 0
            for line, text in item.pieces(PIECE_GAMES):
                name = item.input.name
                for entry in entries_of_piece(name, line, text, game, dialects, bytes(range(16))):
                    number += 1
                    entry.number = number
                    digest = hashlib.sha256(repr(entry.__reduce__()[1]).encode()).hexdigest()
                    written.write(f"{game} {sorted(dialects)} {name} {number} {digest}\\n")
                    count += 1
                    keys += len(entry.keys) // 8
print(count, keys)
"""


def dump(python: str, tree: Path | None, archive: str, out: Path, files: list[str]) -> str:
    """The entries of ``archive`` and ``files`` made by ``tree``'s package (else the one
    ``python`` imports), written to ``out``: the counts of entries and keys it prints.
    ``-P``: the current folder does not come first, before ``tree``."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    done = subprocess.run(
        # The interpreter's own path, not the file a link names: a venv's is a link.
        [os.path.abspath(python), "-P", "-c", DUMP, archive, str(out), *files],
        env=env,
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    if done.returncode:
        sys.exit(f"{python} failed:\n{done.stderr}")
    return done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--archive", type=Path, required=True)
    parser.add_argument("--old", default="main", help="the commit compared with")
    interpreter_options(parser)
    args = parser.parse_args()
    archive = str(args.archive.resolve())
    files = [path for path in records() if path.endswith(".pdn")]
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        tree = None if args.old_python else old_tree(args.old, folder)
        old_counts = dump(args.old_python or args.python, tree, archive, folder / "old.txt", files)
        new_counts = dump(args.python, None, archive, folder / "new.txt", files)
        old = (folder / "old.txt").read_text(encoding="utf-8").splitlines()
        new = (folder / "new.txt").read_text(encoding="utf-8").splitlines()
    print(f"{len(files)} record files of samples/ and tests/, and the archive {archive}")
    print(f"entries and positions' keys: {args.old} {old_counts}; this checkout {new_counts}")
    for before, after in zip(old, new, strict=False):
        if before != after:
            print(f"first difference:\n  {args.old}: {before}\n  this: {after}")
            sys.exit(1)
    if len(old) != len(new):
        print(f"{len(old)} entries against {len(new)}")
        sys.exit(1)
    print("identical")


if __name__ == "__main__":
    main()
