"""Benchmark: how often score-sheet repair restores the game that was played.

Run by hand (not a test)::

    python bench/repair.py --games 200

For each game and each kind of slip it plays ``--games`` seeded random games (in a notation
drawn at random among the game's), makes one slip of that kind at a random ply, and runs
the repair search (:func:`notation.check.repair.find_repairs`) on the record. A slip that
leaves every ply legal cannot be seen and is not counted. Each counted game is *restored*
(the chosen correction gives back the played moves exactly), *wrong* (a correction was
chosen, but another game results) or *left* (candidates listed, none chosen). The table
gives these shares over all games counted, then over the *early* ones, whose slip is
before the last ten plies (the issue's aim: at least 90% restored, at most 2% wrong; a
slip in the last ten plies may be left, the rest of the game being too short to tell).
The time is the search's, per game, wall clock, in milliseconds.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections import Counter
from collections.abc import Callable

from notation.check.repair import apply, find_repairs
from notation.games.base import AnyGame
from notation.games.playout import playout
from notation.games.registry import GAMES
from notation.record.model import Line, Ply, Record

LATE = 10
"""Slips this near the end are counted apart."""

Slip = Callable[[list[str], int, random.Random], list[str] | None]
"""Makes one slip at a ply of a line of texts; ``None`` when that ply cannot have it."""


def _character(texts: list[str], at: int, rng: random.Random) -> list[str] | None:
    text = texts[at]
    places = [i for i, c in enumerate(text) if c.isdigit()]
    if not places:
        return None
    i = rng.choice(places)
    digit = rng.choice([d for d in "0123456789" if d != text[i]])
    return [*texts[:at], text[:i] + digit + text[i + 1 :], *texts[at + 1 :]]


def _letter(texts: list[str], at: int, rng: random.Random) -> list[str] | None:
    """A square's letter (one followed by a digit) made its neighbour in the alphabet."""
    text = texts[at]
    places = [
        i
        for i in range(len(text) - 1)
        if text[i].isascii() and text[i].isalpha() and text[i + 1].isdigit()
    ]
    if not places:
        return None
    i = rng.choice(places)
    letter = chr(ord(text[i]) + rng.choice((-1, 1)))
    if not letter.isalpha():
        return None
    return [*texts[:at], text[:i] + letter + text[i + 1 :], *texts[at + 1 :]]


def _transposed(texts: list[str], at: int, rng: random.Random) -> list[str] | None:
    text = texts[at]
    places = [
        i
        for i in range(len(text) - 1)
        if text[i].isdigit() and text[i + 1].isdigit() and text[i] != text[i + 1]
    ]
    if not places:
        return None
    i = rng.choice(places)
    return [*texts[:at], text[:i] + text[i + 1] + text[i] + text[i + 2 :], *texts[at + 1 :]]


def _reversed(texts: list[str], at: int, rng: random.Random) -> list[str] | None:
    text = texts[at]
    runs: list[str] = []
    signs: list[str] = []
    run = ""
    for char in text:
        if char.isalnum():
            run += char
        else:
            runs.append(run)
            signs.append(char)
            run = ""
    runs.append(run)
    if len(runs) < 2 or not all(runs):
        return None
    runs.reverse()
    made = runs[0] + "".join(sign + square for sign, square in zip(signs, runs[1:], strict=True))
    return [*texts[:at], made, *texts[at + 1 :]]


def _left_out(texts: list[str], at: int, rng: random.Random) -> list[str] | None:
    return [*texts[:at], *texts[at + 1 :]]


def _exchanged(texts: list[str], at: int, rng: random.Random) -> list[str] | None:
    if at + 2 >= len(texts) or texts[at] == texts[at + 2]:
        return None
    return [*texts[:at], texts[at + 2], texts[at + 1], texts[at], *texts[at + 3 :]]


def _piece(texts: list[str], at: int, rng: random.Random) -> list[str] | None:
    """Another piece letter (or figurine) of those the record uses: the part of a move
    before its square, whose file is a lower-case Latin letter (a head holding a digit is
    a draughts square before the capture sign ``x``, not a piece)."""
    head = _piece_of(texts[at])
    if not head:
        return None
    others = sorted({_piece_of(text) for text in texts} - {head, ""})
    if not others:
        return None
    return [*texts[:at], rng.choice(others) + texts[at][len(head) :], *texts[at + 1 :]]


def _piece_of(text: str) -> str:
    cut = next((i for i, c in enumerate(text) if "a" <= c <= "z"), 0)
    head = text[:cut]
    return "" if any(c.isdigit() for c in head) else head


SLIPS: dict[str, Slip] = {
    "digit": _character,
    "letter": _letter,
    "transposed": _transposed,
    "reversed": _reversed,
    "left-out": _left_out,
    "exchanged": _exchanged,
    "piece": _piece,
}


def _legal_through(game: AnyGame, start: object, texts: list[str]) -> bool:
    position = start
    for text in texts:
        try:
            move = game.parse_move(position, text)
        except ValueError:
            return False
        position = game.play(position, move)
    return True


def trial(game: AnyGame, kind: str, rng: random.Random) -> tuple[str, bool, float] | None:
    """One game with one slip: (verdict, late, seconds), or ``None`` when no slip of
    ``kind`` could be made that shows."""
    tags = game.new_tags(rng.randrange(1 << 30))
    notation = rng.choice(game.notations)
    tags.update(game.notation_tags(tags, notation))
    start = game.start(tags)
    played = playout(game, start, rng, max_plies=rng.randrange(40, 120), notation=notation)
    texts = played.texts
    if len(texts) < 4:
        return None
    result = "*" if played.outcome is None else game.result_for(played.outcome)[0]
    for _ in range(20):
        at = rng.randrange(len(texts))
        slipped = SLIPS[kind](texts, at, rng)
        if slipped is not None and slipped != texts and not _legal_through(game, start, slipped):
            break
    else:
        return None
    record = Record(moves=Line([Ply(text) for text in slipped]), result=result)
    began = time.perf_counter()
    found = find_repairs(game, record, start, notation)
    took = time.perf_counter() - began
    late = at >= len(texts) - LATE
    if not found or found[0].chosen is None:
        return "left", late, took
    apply(game, found[0], found[0].chosen)
    fixed = [ply.text for ply in record.moves.plies]
    return ("restored" if fixed == texts else "wrong"), late, took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per game and slip kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args()
    print(f"# {platform.node()}: Python {platform.python_version()}, {platform.machine()}")
    print(f"# {' '.join(sys.argv)}")
    print(
        "game          slip       counted restored   wrong    left | early restored   wrong"
        " | ms/game"
    )
    for name, game in GAMES.items():
        if args.game and name not in args.game:
            continue
        total: Counter[str] = Counter()
        for kind in SLIPS:
            rng = random.Random(f"{args.seed}:{name}:{kind}")
            counts: Counter[str] = Counter()
            times: list[float] = []
            for _ in range(args.games):
                made = trial(game, kind, rng)
                if made is None:
                    continue
                verdict, late, took = made
                times.append(took)
                counts[verdict] += 1
                counts["counted"] += 1
                if not late:
                    counts["early"] += 1
                    counts["early " + verdict] += 1
            if not counts["counted"]:
                continue
            total += counts
            _row(name, kind, counts, times)
        _row(name, "all", total, None)


def _row(name: str, kind: str, counts: Counter[str], times: list[float] | None) -> None:
    """One line of the table: shares of all games counted, then of those whose slip is
    before the last :data:`LATE` plies (the aim's games), then the time."""

    def share(key: str, of: str) -> str:
        return f"{100 * counts[key] / counts[of]:6.1f}%" if counts[of] else "      -"

    ms = f"{1000 * sum(times) / len(times):8.1f}" if times else ""
    print(
        f"{name:13} {kind:10} {counts['counted']:7} {share('restored', 'counted')}"
        f" {share('wrong', 'counted')} {share('left', 'counted')} | {counts['early']:5}"
        f" {share('early restored', 'early')} {share('early wrong', 'early')} | {ms}"
    )


if __name__ == "__main__":
    main()
