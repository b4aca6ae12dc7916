"""Helpers shared by the seeded sample generators ``tools/make_*_samples.py``.

What is the same for every game lives here: numbering the plies of a line, building and
writing records, the seven standard tags, replaying a record, and the searches for the
first seeded game (or game position) that shows what a sample needs. The players, the
games played and the mistakes made stay in each game's own script.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from notation.games.base import Game, Side
from notation.record.model import Line, Ply, Record, Tag
from notation.record.writer import write_record

Tags = list[tuple[str, str]]
"""Tag names and values, in the order they are written."""

G = TypeVar("G", bound=tuple[Any, ...])
"""A played game as a generator's ``play`` returns it: a tuple whose first item is the
list of moves."""
T = TypeVar("T")


# Lines and records ---------------------------------------------------------------------------


def numbered(texts: Sequence[str], first_turn: Side = Side.WHITE, first_number: int = 1) -> Line:
    """A line of plies with move numbers before White's plies (and ``N...`` to open).

    The sides alternate from ``first_turn``; ``first_number`` is the number of the first ply.
    """
    plies = []
    for offset, text in enumerate(texts):
        turn = first_turn if offset % 2 == 0 else first_turn.other
        number = first_number + (offset + (1 if first_turn is Side.BLACK else 0)) // 2
        label = None
        if turn is Side.WHITE:
            label = f"{number}."
        elif offset == 0:
            label = f"{number}..."
        plies.append(Ply(text, number=label))
    return Line(plies)


def renumber_after_comments(line: Line) -> None:
    """Give a Black ply that follows comments or variations its ``N...`` number."""
    for previous, ply in zip(line.plies, line.plies[1:], strict=False):
        if ply.number is None and (previous.comments or previous.variations):
            number = previous.number.rstrip(".") if previous.number else "?"
            ply.number = f"{number}..."
        for variation in ply.variations:
            renumber_after_comments(variation)


def move_texts(
    game: Game, moves: Sequence[Any], positions: Sequence[Any], notation: str | None = None
) -> list[str]:
    """``moves`` written in ``notation``, each in the position before it in ``positions``."""
    return [game.format_move(p, m, notation) for p, m in zip(positions, moves, strict=False)]


def seven_tags(
    event: str,
    site: str,
    date: str,
    round_: str | int,
    white: str,
    black: str,
    result: str,
    *extra: tuple[str, str],
) -> Tags:
    """The seven standard tags (``Event`` to ``Result``), then ``extra``."""
    return [
        ("Event", event),
        ("Site", site),
        ("Date", date),
        ("Round", str(round_)),
        ("White", white),
        ("Black", black),
        ("Result", result),
        *extra,
    ]


@dataclass(frozen=True)
class Heading:
    """The tags of a kind of record but its result: the seven standard tags, then ``extra``."""

    event: str
    site: str
    date: str
    white: str
    black: str
    extra: tuple[tuple[str, str], ...] = ()
    round_: str | int = 1

    def tags(self, result: str, *more: tuple[str, str], event: str | None = None) -> Tags:
        """The tags of a record with ``result``, ``more`` after ``extra``; ``event`` for
        the heading's own."""
        return seven_tags(
            self.event if event is None else event,
            self.site,
            self.date,
            self.round_,
            self.white,
            self.black,
            result,
            *self.extra,
            *more,
        )


def record(tags: Iterable[tuple[str, str]], line: Line, result: str) -> Record:
    """A record of ``tags``, ``line`` and ``result``."""
    return Record(tags=[Tag(name, value) for name, value in tags], moves=line, result=result)


def replay(game: Game, record: Record) -> Any:
    """The position after the main line of ``record``, from the start its tags describe."""
    position = game.start(record.tag_dict())
    for ply in record.moves.plies:
        position = game.play(position, game.parse_move(position, ply.text))
    return position


# Files ---------------------------------------------------------------------------------------


def write_records(path: Path, records: Sequence[Record]) -> None:
    """Write ``records`` to ``path`` in canonical form, making its folder if need be."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(write_record(r) for r in records), encoding="utf-8")


def write_syntax_error(path: Path, records: Sequence[Record], move: int, junk: str) -> None:
    """Write ``records`` to ``path`` with ``junk`` put after move number ``move`` of the
    second one, so that it cannot be read."""
    texts = [write_record(r) for r in records]
    texts[1] = texts[1].replace(f" {move}. ", f" {move}. {junk} ", 1)
    path.write_text("\n".join(texts), encoding="utf-8")


def write_unterminated_comment(path: Path, records: Sequence[Record], move: int) -> None:
    """Write the first two of ``records`` to ``path``, the first with a comment opened
    after move number ``move`` and never closed."""
    first, second = (write_record(r) for r in records[:2])
    cut = first.replace(f" {move}. ", f" {move}. {{a comment that is never closed ", 1)
    path.write_text(cut + "\n" + second, encoding="utf-8")


# Searching the seeds -------------------------------------------------------------------------


def first_game(
    seeds: Iterable[int], play: Callable[[int], T], wanted: Callable[[T], bool], failure: str
) -> tuple[int, T]:
    """The first seed whose game ``play(seed)`` passes ``wanted``, and that game.

    Raises :class:`SystemExit` with ``failure`` when no seed gives one.
    """
    for seed in seeds:
        game = play(seed)
        if wanted(game):
            return seed, game
    raise SystemExit(failure)


def first_mistake(
    seeds: Iterable[int],
    play: Callable[[int], G],
    mistake: Callable[[G, int], str | None],
    first_ply: int,
    failure: str,
) -> tuple[int, G, int, str]:
    """(seed, game, ply, move text) of the first position where a mistake can be made.

    The seeds are played in turn with ``play(seed)``; in each game the positions before its
    moves are tried from ply ``first_ply`` on, and ``mistake(game, ply)`` gives the text of
    a wrong move there or ``None``. Raises :class:`SystemExit` with ``failure`` when no
    position gives one.
    """
    for seed in seeds:
        game = play(seed)
        for ply in range(first_ply, len(game[0])):
            bad = mistake(game, ply)
            if bad is not None:
                return seed, game, ply, bad
    raise SystemExit(failure)
