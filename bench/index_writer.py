"""Benchmark: the index's one writer alone (issue 27), this checkout against another commit.

Run by hand (not a test), over an archive that ``bench/index_archive.py --build-only``
wrote::

    python bench/index_writer.py --archive bench/out/index-20000-1 --rounds 5 --old main

The first ``--base`` files of the archive are indexed (``notation index``; none: a fresh
index), and the games of the next file are replayed once into entries, by each tree for
itself (two commits' schemas and entries may differ), every index of one fixed secret.
Each round, in a fresh process of each tree taking turns (the order turned from round to
round), a copy of that tree's index takes its entries: the CPU seconds of
``Store.add_games`` in one transaction, and of its commit. Then the tables both trees'
indexes have are compared row for row (they must be equal; ``meta`` without the schema
version, tags by their names and values, not ids), the tables only one has named, and
the best and median of each tree are printed with the load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from verdictkit import old_tree

STORE = """
import os, pickle, shutil, sys, time
from notation.index.schema import open_index
from notation.index.store import Store
base, given, work = sys.argv[1:4]
shutil.copy(base, work)
with open(given, "rb") as opened:
    entries = pickle.load(opened)
db = open_index(work)
start = time.process_time()
store = Store(db)
with db.transaction():
    file = store.add_file("stored.pdn", b"stored.pdn", b"digest", 1, 1, "settings")
    store.add_games(file, iter(entries))
    stored = time.process_time()
done = time.process_time()
db.close()
print(f"{stored - start} {done - stored}")
"""

SALTED = "import notation.index.schema as schema; schema.new_salt = lambda: bytes(range(16))\n"
"""Makes every index of the run with one secret, so that the two trees' keys compare."""

ENTRIES = (
    SALTED
    + """
import pickle, sys
from pathlib import Path
from notation.index.build import entries_of_piece
from notation.index.schema import open_index
from notation.index.store import Store
base, pdn, out = sys.argv[1:4]
db = open_index(base, create=True)
salt = Store(db).salt
db.close()
entries = entries_of_piece(pdn, 1, Path(pdn).read_text("utf-8"), None, frozenset(), salt)
for number, entry in enumerate(entries, 1):
    entry.number = number
with open(out, "wb") as written:
    pickle.dump(entries, written)
"""
)

RUN = SALTED + "import sys; from notation.cli.main import main; sys.exit(main())"


def python(code: str, args: list[str], tree: Path | None) -> str:
    """The output of ``code`` run with ``args`` in a fresh process, with ``tree``'s
    package on ``PYTHONPATH`` (else this checkout's, as installed). ``-P``: the current
    folder (the project's root) does not come first, before ``tree``."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    done = subprocess.run(
        [sys.executable, "-P", "-c", code, *args],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout


READ = {
    "meta": "SELECT * FROM meta WHERE key <> 'schema'",
    "files": "SELECT id, path, source, digest, size, mtime, games, CASE WHEN json_valid(settings) "
    "THEN json_remove(settings, '$.code') ELSE settings END FROM files",
    "tagvalues": "SELECT name, value FROM tagvalues",
    "tags": "SELECT v.name, v.value, t.game FROM tags t JOIN tagvalues v ON v.id = t.value",
    "tagged": "SELECT v.name, v.value, t.first, t.games FROM tagged t "
    "JOIN tagvalues v ON v.id = t.value",
}
"""What is compared of the tables whose rows two commits may write differently: ``meta``
without the schema version, ``files`` without the version of the code in their settings
(:func:`notation.index.build.signature`: each tree indexed the base's files), tag values
without the ids given them (in another order): ``tags`` of schema 8, ``tagged`` of schema
9."""


def tables(path: Path) -> dict[str, tuple[int, str]]:
    """Each table of the SQLite index at ``path`` by name: its rows (:data:`READ`), and a
    hash of them."""
    import hashlib
    import sqlite3

    db = sqlite3.connect(path)
    try:
        names = [
            row[0]
            for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY 1")
        ]
        found = {}
        for name in names:
            query = READ.get(name, f"SELECT * FROM {name}")
            rows = sorted(db.execute(query).fetchall(), key=repr)
            found[name] = (len(rows), hashlib.sha256(repr(rows).encode()).hexdigest())
        return found
    finally:
        db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--archive", type=Path, required=True)
    parser.add_argument("--base", type=int, default=0, help="files indexed before")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--old", help="a commit whose writer runs too, turn about")
    args = parser.parse_args()
    files = sorted(args.archive.resolve().glob("*.pdn"))
    if len(files) <= args.base:
        parser.error(f"{args.archive} has {len(files)} files: none after the first {args.base}")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        trees: dict[str, Path | None] = {"this": None}
        if args.old:
            trees[args.old] = old_tree(args.old, folder)
        listed = folder / "base"
        listed.mkdir()
        for file in files[: args.base]:
            (listed / file.name).symlink_to(file)
        # Each tree's own base index and entries (two schemas may differ), of one secret.
        bases: dict[str, tuple[Path, Path]] = {}
        for number, (name, tree) in enumerate(trees.items()):
            base, given = folder / f"base-{number}.sqlite", folder / f"entries-{number}.pickle"
            if args.base:
                python(RUN, ["index", str(listed), "--db", str(base), "--jobs", "2"], tree)
            python(ENTRIES, [str(base), str(files[args.base]), str(given)], tree)
            bases[name] = base, given
        names = list(trees)
        times: dict[str, list[float]] = {name: [] for name in names}
        held: dict[str, dict[str, tuple[int, str]]] = {}
        print(f"{files[args.base].name} stored into the index of the first {args.base} files")
        for round_ in range(args.rounds):
            shift = round_ % len(names)
            for name in names[shift:] + names[:shift]:
                work = folder / f"work-{len(times[name])}.sqlite"
                load = os.getloadavg()[0]
                base, given = bases[name]
                stored, commit = map(
                    float, python(STORE, [str(base), str(given), str(work)], trees[name]).split()
                )
                times[name].append(stored + commit)
                print(
                    f"round {round_ + 1}: {name}: {stored:.3f} s, commit {commit:.3f} s "
                    f"(CPU; load {load:.1f})"
                )
                if name not in held:
                    held[name] = tables(work)
                for stale in folder.glob(f"{work.name}*"):
                    stale.unlink()
        print(f"load now {os.getloadavg()[0]:.1f}")
        for name in names:
            best, median = min(times[name]), statistics.median(times[name])
            print(f"{name}: best {best:.3f} s, median {median:.3f} s")
        if args.old:
            old = times[args.old]
            print(
                f"this / {args.old}: best {min(times['this']) / min(old):.3f}x, "
                f"median {statistics.median(times['this']) / statistics.median(old):.3f}x"
            )
            mine, theirs = held["this"], held[args.old]
            shared = sorted(mine.keys() & theirs.keys())
            for name, tree in ((args.old, theirs), ("this", mine)):
                alone = sorted(tree.keys() - set(shared))
                if alone:
                    print(f"tables only {name} has: {', '.join(alone)}")
            different = [name for name in shared if mine[name] != theirs[name]]
            print("tables both have: " + ("equal, row for row" if not different else "DIFFERENT"))
            for name in different:
                print(f"  {name}: {mine[name]} != {theirs[name]}")
            if different:
                sys.exit(1)


if __name__ == "__main__":
    main()
