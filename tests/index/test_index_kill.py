"""A kill -9 at any moment of ``notation index`` leaves an index that opens and holds
each file as it was before the run or as after it, never part of one; the next run
completes it."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from notation.index.schema import open_index

from .archive import positions_held

ROOT = Path(__file__).resolve().parents[2]

Snapshot = dict[str, list[tuple[object, ...]]]


def snapshot(db: str) -> Snapshot:
    """What the index holds of each file: each game's place and verdict, and its main
    line: its positions (key, ply, next move), one for its start and each legal ply."""
    opened = open_index(db)
    try:
        held: Snapshot = {}
        files = opened.execute("SELECT id, path, games FROM files").fetchall()
        held = positions_held(opened)
        for file, path, count in files:
            games = opened.execute(
                "SELECT id, number, line, game, result, codes, illegal, replayed "
                "FROM games WHERE file = ? ORDER BY number",
                (file,),
            ).fetchall()
            assert len(games) == count, path
            rows: list[tuple[object, ...]] = []
            for id_, *fields, replayed in games:
                positions = held.get(id_, [])
                if fields[2] is not None:
                    assert len(positions) == replayed + 1, path
                rows.append((*fields, tuple(positions)))
            held[path] = rows
        return held
    finally:
        opened.close()


def index(db: str, folder: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "notation.cli", "index", "--db", db, str(folder)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@pytest.mark.slow
def test_a_kill_at_any_moment_leaves_every_file_as_before_or_after(
    tmp_path: Path, new_index: Callable[[], str]
) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    sources = sorted((ROOT / "samples" / "brazilian").glob("*.pdn"))
    for source in sources:
        shutil.copy(source, folder / source.name)
    # One large file, so that kills land inside its transaction too.
    text = "\n".join(s.read_text(encoding="utf-8") for s in sources)
    (folder / "large.pdn").write_text("\n".join([text] * 4), encoding="utf-8")
    first = folder / sources[0].name

    def before() -> str:
        """A new index holding the first file only."""
        db = new_index()
        assert index(db, first).wait() == 0
        return db

    complete = before()
    old = snapshot(complete)
    started = time.monotonic()
    assert index(complete, folder).wait() == 0
    whole = time.monotonic() - started
    after = snapshot(complete)
    moments = [whole * share for share in (0.15, 0.3, 0.45, 0.6, 0.75, 0.9)]
    partial = 0
    for moment in moments:
        db = before()
        running = index(db, folder)
        time.sleep(moment)
        running.send_signal(signal.SIGKILL)
        running.wait()
        held = snapshot(db)
        for path, games in held.items():
            assert games == after[path] or games == old.get(path), (moment, path)
        assert set(old) <= set(held)
        partial += 0 < len(held) - len(old) < len(after) - len(old)
        assert index(db, folder).wait() == 0
        assert snapshot(db) == after
    # Most kills land part way through the run (the others before or after it).
    assert partial >= 2
