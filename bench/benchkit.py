"""What the benchmark scripts share: the seeded archives of random games, timing works that
take turns lap by lap (bench/README.md's method), and a child process's peak memory.

The scripts run as ``python bench/<script>.py`` from the project root, so this folder is
on ``sys.path`` and they import this module by name.
"""

from __future__ import annotations

import argparse
import platform
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from notation.check.validator import validate_file
from notation.compiled import build
from notation.games.base import AnyGame
from notation.games.playout import Playout, playout
from notation.games.registry import get_game

HERE = Path(__file__).resolve().parent


# Archives ------------------------------------------------------------------------------------


def playouts(
    game: AnyGame, rng: random.Random, games: int, lengths: tuple[int, int]
) -> Iterator[tuple[int, Playout]]:
    """(number from 1, play-out) of ``games`` random games from the standard start, each of
    at most a length drawn from ``lengths`` with ``rng``."""
    start = game.start({})
    for index in range(1, games + 1):
        yield index, playout(game, start, rng, max_plies=rng.randrange(*lengths))


def game_text(
    seed: int, index: int, gametype: str, texts: list[str], result: str, wrap: bool = True
) -> str:
    """Game ``index`` of an archive of ``seed``: its tags and numbered movetext (lines of at
    most 79 characters if ``wrap``), then a blank line."""
    head = (
        f'[Event "Bench {seed}"]\n[Round "{index}"]\n[White "Player {index % 97}"]\n'
        f'[Black "Player {index % 89}"]\n[GameType "{gametype}"]\n[Result "{result}"]\n\n'
    )
    words = [f"{n // 2 + 1}. {t}" if n % 2 == 0 else t for n, t in enumerate(texts)]
    movetext = " ".join([*words, result])
    return head + (_wrap(movetext) if wrap else movetext) + "\n\n"


def build_archive(
    path: Path,
    games: int,
    seed: int,
    name: str = "brazilian",
    gametype: str = "26",
    lengths: tuple[int, int] = (30, 90),
    unfinished: str = "1-1",
) -> tuple[int, int]:
    """Write ``games`` seeded random games of ``name`` to ``path``, a game the rules do not
    end scored ``unfinished``; return (games, plies)."""
    game = get_game(name)
    rng = random.Random(seed)
    plies = 0
    with path.open("w", encoding="utf-8") as out:
        for index, played in playouts(game, rng, games, lengths):
            plies += len(played.moves)
            outcome = played.outcome
            result = unfinished if outcome is None else game.result_for(outcome)[0]
            out.write(game_text(seed, index, gametype, list(played.texts), result))
    return games, plies


def announce(path: Path, games: int, plies: int) -> tuple[str, int, list[str]]:
    """Print the machine and the figures of the archive at ``path`` (of ``games`` games and
    ``plies`` plies); return its text, its size in bytes and each game's text."""
    text = path.read_text(encoding="utf-8")
    size = len(text.encode())
    print(machine())
    print(
        f"archive: {games} games, {plies} plies ({plies / games:.1f} per game), {size / 1e6:.2f} MB"
    )
    return text, size, [t for t in re.split(r"\n\n(?=\[)", text) if t.strip()]


def _wrap(text: str, width: int = 79) -> str:
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


# Timing --------------------------------------------------------------------------------------


def arguments(description: str, games: int) -> argparse.ArgumentParser:
    """The options of a script that times works over one archive: ``--games`` (``games``
    by default), ``--seed``, ``--out``, ``--rounds``, ``--lap`` and ``--cpu``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=HERE / "out")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--lap", type=int, default=500, help="games per timed lap")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time laps in this process's CPU seconds (user+sys), steadier on a loaded machine",
    )
    return parser


def clock(cpu: bool) -> Callable[[], float]:
    """The clock laps are timed by: CPU seconds of this process, or wall seconds."""
    return time.process_time if cpu else time.perf_counter


def machine() -> str:
    """The processor, Python version and notation's build (pure Python or compiled), the
    first line of a script's figures."""
    machine = platform.processor() or platform.machine()
    return f"{machine}, Python {platform.python_version()}, notation {build()}"


Work = Callable[[], Iterator[object]]
"""A work: called, it does its job and yields once per game (or per lap of text)."""


def lap_times(
    units: Iterator[object], size: int, now: Callable[[], float] = time.perf_counter
) -> list[float]:
    """Seconds (by the clock ``now``) taken by each successive ``size`` units of ``units``
    (the last lap may be shorter)."""
    laps: list[float] = []
    count = 0
    began = now()
    for _ in units:
        count += 1
        if count == size:
            ended = now()
            laps.append(ended - began)
            began, count = ended, 0
    if count:
        laps.append(now() - began)
    return laps


def best_seconds(
    works: dict[str, tuple[Work, int, int]], now: Callable[[], float] = time.perf_counter
) -> dict[str, float]:
    """Each work's time: the sum over its laps of the lap's best time over its rounds, by
    the clock ``now``.

    A work is given with its lap size in units and its number of rounds; the works take
    turns in each round, as long as they have rounds left.
    """
    best: dict[str, list[float]] = {}
    for round_ in range(max(rounds for _, _, rounds in works.values())):
        for label, (work, size, rounds) in works.items():
            if round_ < rounds:
                laps = lap_times(work(), size, now)
                kept = best.setdefault(label, laps)
                best[label] = [min(old, new) for old, new in zip(kept, laps, strict=True)]
    return {label: sum(laps) for label, laps in best.items()}


def print_rates(best: dict[str, float], games: int, plies: int, size: int) -> None:
    """A line for each work's time: seconds, games/s, plies/s and MB/s of ``size`` bytes."""
    for label, seconds in best.items():
        print(
            f"{label:<36} {seconds:7.2f} s {games / seconds:8.0f} games/s "
            f"{plies / seconds:9.0f} plies/s {size / seconds / 1e6:6.2f} MB/s"
        )


def validate(path: Path) -> Iterator[object]:
    """Validate every game of ``path``, yielding each game's report."""
    for report in validate_file(path):
        if report.errors:
            raise SystemExit(f"the benchmark archive has errors in game {report.index}: a bug")
        yield report


# Memory --------------------------------------------------------------------------------------

PEAK = """
import sys
from notation.check.validator import validate_file
for _ in validate_file(sys.argv[1]):
    pass
with open("/proc/self/status") as status:
    print(next(line.split()[1] for line in status if line.startswith("VmHWM:")))
"""
"""Child process measuring its own peak resident memory (kB). VmHWM, not getrusage: on
Linux a child's ru_maxrss keeps the parent's size from before exec."""


def peak_memory(path: Path) -> int:
    """Peak resident memory (KiB) of a child process validating ``path`` (Linux only)."""
    done = subprocess.run([sys.executable, "-c", PEAK, str(path)], capture_output=True, text=True)
    return int(done.stdout.strip())
