"""A capture cut short is an illegal move, whichever jump it stops after.

Seeded random games of international, Brazilian, English and Russian draughts are played
with the project's engine; in each, one capture of several pieces is written cut short
after one of its jumps (the first or a later one, chosen at random): after the first as
its start and landing square (``32x21``, what a player who stopped there writes, and
DraughtsMind's short form), after a later one as the path so far (``32x21x12``). The rest
of the game follows as played. By default every such record is the game's illegal-move
error at exactly that ply. With the short-captures dialect, a cut after the first jump
whose routes through that landing square all belong to one capture is read as it
(PDN115) and the record is valid; every other cut stays the error.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

import pytest

from notation.check.dialects import SHORT_CAPTURES
from notation.check.validator import validate_record
from notation.diagnostics import Severity
from notation.games.base import Game
from notation.games.registry import get_game
from notation.record import read_string

GAMES = {"international": 20, "brazilian": 26, "english": 21, "russian": 25}
"""The draughts games and their PDN GameType."""

RECORDS = 30
"""Records made for each game."""

MAX_PLIES = 150


@dataclass(frozen=True)
class Cut:
    """A record with one capture cut short: its text, the ply cut, the jumps kept, and
    whether the text names one capture by its first landing square alone."""

    text: str
    ply: int
    jumps: int
    one_capture: bool


def _texts(game: Game, moves: list, positions: list) -> list[str]:  # type: ignore[type-arg]
    return [game.format_move(p, m, "numeric") for p, m in zip(positions, moves, strict=True)]


@functools.cache
def cut_records(name: str, seed: int, count: int) -> tuple[Cut, ...]:
    """``count`` records of game ``name``, each a random game with one capture of several
    pieces cut short: after its first jump, or (every other record) after a later jump
    chosen at random; a game with no such capture is replaced by another."""
    game = get_game(name)
    chooser = random.Random(seed)
    made = []
    while len(made) < count:
        position = game.start({})
        positions, moves = [], []
        for _ in range(MAX_PLIES):
            if game.outcome(position) is not None:
                break
            move = chooser.choice(game.legal_moves(position))
            positions.append(position)
            moves.append(move)
            position = game.play(position, move)
        # Every other record cuts a capture of three pieces or more after a later jump.
        later = len(made) % 2
        multi = [index for index, move in enumerate(moves) if len(move.captured) > 1 + later]
        if not multi:
            continue
        index = chooser.choice(multi)
        before, move = positions[index], moves[index]
        routes = [path for path, m in game.capture_paths(before) if m == move]
        path = chooser.choice(routes)
        jumps = chooser.randrange(2, len(path) - 1) if later else 1
        kept = path[: jumps + 1]
        legal = game.capture_paths(before)
        if jumps == 1 and any(p[0] == kept[0] and p[-1] == kept[1] for p, _ in legal):
            continue  # the two squares are a legal capture's start and end: not a cut
        cut = "x".join(str(square) for square in kept)
        firsts = {m for p, m in legal if p[:2] == kept[:2]}
        texts = _texts(game, moves, positions)
        texts[index] = cut
        movetext = " ".join(
            (f"{n // 2 + 1}. " if n % 2 == 0 else "") + text for n, text in enumerate(texts)
        )
        text = f'[GameType "{GAMES[name]}"]\n\n{movetext} *\n'
        made.append(Cut(text, index + 1, jumps, jumps == 1 and len(firsts) == 1))
    return tuple(made)


def first_error(text: str, dialects: frozenset[str]) -> tuple[str, int | None] | None:
    [record] = read_string(text, "cut.pdn")
    report = validate_record(record, path="cut.pdn", dialects=dialects)
    errors = [d for d in report.diagnostics if d.severity is Severity.ERROR]
    return None if not errors else (errors[0].code, errors[0].ply)


CODES = {"international": "ID205", "brazilian": "BR205", "english": "EN205", "russian": "RU205"}
"""The error of a capture stopped short, in each game: a majority ignored (FMJD games) or
a capture not finished (English, Russian)."""


@pytest.mark.parametrize("name", list(GAMES))
def test_a_capture_cut_after_any_jump_is_the_error_at_that_ply(name: str) -> None:
    cuts = cut_records(name, seed=24, count=RECORDS)
    for cut in cuts:
        assert first_error(cut.text, frozenset()) == (CODES[name], cut.ply), cut.text


@pytest.mark.parametrize("name", list(GAMES))
def test_with_the_dialect_only_a_first_jump_naming_one_capture_reads(name: str) -> None:
    cuts = cut_records(name, seed=24, count=RECORDS)
    assert any(cut.one_capture for cut in cuts)
    for cut in cuts:
        [record] = read_string(cut.text, "cut.pdn")
        report = validate_record(record, path="cut.pdn", dialects=frozenset({SHORT_CAPTURES}))
        found = [(d.code, d.ply) for d in report.diagnostics if d.severity != Severity.WARNING]
        if cut.one_capture:
            assert found == [("PDN115", cut.ply)], cut.text
        else:
            assert found[:1] == [(CODES[name], cut.ply)], cut.text
