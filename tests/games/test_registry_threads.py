"""A game looked up first by several threads at once is made once: every thread gets
the same object."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from notation.games import registry
from notation.games.base import AnyGame

THREADS = 8


def _at_once(look_up: Callable[[], object]) -> list[object]:
    """What ``look_up()`` gives each of :data:`THREADS` threads started together."""
    start = threading.Barrier(THREADS)
    found: list[object] = [None] * THREADS

    def run(slot: int) -> None:
        start.wait()
        found[slot] = look_up()

    threads = [threading.Thread(target=run, args=(slot,)) for slot in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return found


def test_threads_looking_a_game_up_first_get_one_game(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[AnyGame] = []
    load = registry._load

    def slow_load(name: str, place: registry.Place) -> AnyGame:
        # Slow enough that every thread asks before the first game is made.
        time.sleep(0.05)
        game = load(name, place)
        made.append(game)
        return game

    monkeypatch.setattr(registry, "_load", slow_load)
    games = registry._Games(registry.BUILT_IN)
    found = _at_once(lambda: games["keny"])
    assert len(made) == 1
    assert all(game is made[0] for game in found)


def test_get_game_from_threads_of_a_new_process_gives_one_object(tmp_path: Path) -> None:
    program = (
        "import threading, notation\n"
        f"start = threading.Barrier({THREADS})\n"
        "found = []\n"
        "def run():\n"
        "    start.wait()\n"
        "    found.append(notation.get_game('cheversi'))\n"
        f"threads = [threading.Thread(target=run) for _ in range({THREADS})]\n"
        "for t in threads: t.start()\n"
        "for t in threads: t.join()\n"
        "print(len(found), len({id(game) for game in found}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    assert done.stdout == f"{THREADS} 1\n"
