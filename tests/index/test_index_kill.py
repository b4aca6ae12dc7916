"""A kill -9 at any moment of ``notation index`` leaves an index that opens and holds
each file as it was before the run or as after it, never part of one; the next run
completes it. The writer is stopped at chosen steps (``NOTATION_INDEX_PAUSE``: before
storing the Nth game of the run, inside its file's transaction, or once the Nth file is
committed) and killed there, so each kill lands where the test says."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from notation.index import postings
from notation.index.build import PAUSE_VARIABLE
from notation.index.db import Database
from notation.index.keys import unpack_ids
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
        lines = positions_held(opened)
        # Each key of the index as positions_held gives it (a summary's key is one).
        fixed = {
            own: next(key for key, at, _ in lines[game] if at == ply)
            for game, ply, own in postings.every(opened)
        }
        for file, path, count in files:
            games = opened.execute(
                "SELECT id, number, line, game, result, codes, illegal, replayed "
                "FROM games WHERE file = ? ORDER BY number",
                (file,),
            ).fetchall()
            assert len(games) == count, path
            rows: list[tuple[object, ...]] = []
            for id_, *fields, replayed in games:
                positions = lines.get(id_, [])
                if fields[2] is not None:
                    assert len(positions) == replayed + 1, path
                rows.append((*fields, tuple(positions)))
            counted = summarized(opened, games[0][0], games[-1][0], fixed) if games else []
            if counted:
                rows.append(("summaries", *counted))
            held[path] = rows
        return held
    finally:
        opened.close()


def summarized(
    opened: Database, low: int, high: int, fixed: dict[int, int]
) -> list[tuple[object, ...]]:
    """The summaries of the chunks of the games ``low`` to ``high``: the key (as ``fixed``
    turns the index's own), the chunk's first game counted from ``low``, the move's text
    (``None``: the main line's end), the result, the games and those with an error."""
    texts = dict(opened.execute("SELECT id, text FROM moves").fetchall())
    held: list[tuple[object, ...]] = []
    rows = opened.execute(
        "SELECT key, first, results, counts FROM summaries WHERE first BETWEEN ? AND ?",
        (low, high),
    )
    for key, first, results, counts in rows.fetchall():
        named, numbers = json.loads(results), unpack_ids(bytes(counts))
        for at in range(0, len(numbers), 4):
            move, result, games, errors = numbers[at : at + 4]
            held.append((fixed[key], first - low, texts.get(move), named[result], games, errors))
    return sorted(held, key=repr)


def written(db: str) -> list[tuple[str, int]]:
    """The files of the index and their games, in the order they were written."""
    opened = open_index(db)
    try:
        return [(p, int(n)) for p, n in opened.execute("SELECT path, games FROM files ORDER BY id")]
    finally:
        opened.close()


def index(db: str, folder: Path, pause: str | None = None) -> subprocess.Popen[bytes]:
    """``notation index --db DB FOLDER`` in a process of its own, its writer stopped at
    ``pause`` (``STEP:N``) if given."""
    env = dict(os.environ)
    env.pop(PAUSE_VARIABLE, None)
    if pause is not None:
        env[PAUSE_VARIABLE] = pause
    return subprocess.Popen(
        [sys.executable, "-m", "notation.cli", "index", "--db", db, str(folder)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL if pause is None else subprocess.PIPE,
    )


def killed_at(db: str, folder: Path, pause: str) -> None:
    """Run ``index`` until its writer stops at ``pause``, then kill it (SIGKILL)."""
    running = index(db, folder, pause)
    assert running.stderr is not None
    said = [running.stderr.readline()]
    while said[-1] and not said[-1].startswith(b"paused at "):
        said.append(running.stderr.readline())
    running.send_signal(signal.SIGKILL)
    running.wait()
    running.stderr.close()
    assert said[-1] == f"paused at {pause}\n".encode(), (pause, said)
    assert running.returncode == -signal.SIGKILL


@pytest.mark.slow
def test_a_kill_at_any_step_leaves_every_file_as_before_or_after(
    tmp_path: Path, new_index: Callable[[], str]
) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    sources = sorted((ROOT / "samples" / "brazilian").glob("*.pdn"))
    for source in sources:
        shutil.copy(source, folder / source.name)
    # One large file, so that kills land inside a long transaction too.
    text = "\n".join(s.read_text(encoding="utf-8") for s in sources)
    (folder / "large.pdn").write_text("\n".join([text] * 4), encoding="utf-8")
    # A file indexed before the run and changed since: the run replaces its games.
    changed = folder / "club-championship-2025.pdn"
    whole = changed.read_text(encoding="utf-8")
    part = "\n\n[".join(whole.split("\n\n[")[:3]) + "\n"

    def before() -> str:
        """A new index holding the first three games of the changed file only."""
        db = new_index()
        changed.write_text(part, encoding="utf-8")
        assert index(db, changed).wait() == 0
        changed.write_text(whole, encoding="utf-8")
        return db

    complete = before()
    old = snapshot(complete)
    assert [len(games) for games in old.values()] == [3]
    assert index(complete, folder).wait() == 0
    after = snapshot(complete)
    # Files of 8 games or more have summaries (the start at least), the large one too.
    summarized_files = [Path(p).name for p, rows in after.items() if rows[-1][0] == "summaries"]
    assert "large.pdn" in summarized_files
    # Every file is written in the run, in this order: the changed one replaced.
    order = written(complete)
    assert [Path(path).name for path, _ in order] == [
        *(s.name for s in sources[:4]),
        "large.pdn",
        sources[4].name,
    ]
    ends = [sum(games for _, games in order[: at + 1]) for at in range(len(order))]
    at_changed = [Path(path) for path, _ in order].index(changed)
    at_large = at_changed + 2
    steps = {
        "game:1": 0,
        "file:1": 1,
        # Inside the changed file's transaction, its old games dropped, some new stored.
        f"game:{ends[at_changed - 1] + 2}": at_changed,
        f"file:{at_changed + 1}": at_changed + 1,
        f"game:{ends[at_large - 1] + order[at_large][1] // 2}": at_large,
        f"file:{len(order) - 1}": len(order) - 1,
        f"game:{ends[-1]}": len(order) - 1,
    }
    """Where the writer is killed, and how many files are then committed."""
    for pause, committed in steps.items():
        db = before()
        killed_at(db, folder, pause)
        done = [path for path, _ in order[:committed]]
        expected = {path: after[path] for path in done}
        expected.update({path: games for path, games in old.items() if path not in done})
        assert snapshot(db) == expected, pause
        assert index(db, folder).wait() == 0
        assert snapshot(db) == after, pause
