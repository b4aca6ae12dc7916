"""What ``render`` draws: a game of one file at a ply, or every game of a file for the
viewer, each replayed as ``validate`` replays it (with ``trace``).

The pictures themselves are made above this layer (:mod:`notation.pictures`); here the
record is found, replayed, and its position at the ply asked for taken from the replay.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from notation.check.dialects import NO_DIALECTS
from notation.check.replay import record_notation
from notation.check.validator import GameReport, validate_record
from notation.diagnostics import Diagnostic, Severity
from notation.games.base import AnyGame, Move, Position
from notation.games.registry import get_game
from notation.io.files import Input, Missing
from notation.read.sources import Found, read_all
from notation.record.model import Record


class DrawError(Exception):
    """Nothing can be drawn from the inputs named; the message says why."""


class NoPosition(Exception):
    """The game has no position at the ply asked for: ``legal`` of its plies replay, and
    ``why`` says what is missing: ``unplayed`` (the game could not be replayed at all),
    ``illegal`` (no end to draw: a ply of the main line is illegal) or ``past`` (the ply
    asked for is past the legal ones)."""

    def __init__(self, legal: int, why: str) -> None:
        super().__init__(legal, why)
        self.legal = legal
        self.why = why


@dataclass(frozen=True, slots=True)
class Drawing:
    """A position to draw: the game, the position, the move that reached it (``None`` at
    the start), and the notation the record writes its moves in."""

    game: AnyGame
    position: Position
    last: Move | None
    notation: str | None


def record_at(
    inputs: list[Input | Missing],
    index: int,
    encoding: str | None,
    tell: Callable[[Diagnostic], None],
) -> tuple[Record | None, str, int]:
    """Game ``index`` of the one input named, its name, and the status reading it gave
    (2 when it could not be read, a compressed input to its end); ``tell`` is given each
    problem met reading.
    :class:`DrawError` when more than one input is named, or the input has no such game."""
    if len(inputs) > 1:
        raise DrawError(f"render draws one game of one file; {len(inputs)} files were named")
    status = 0
    name = inputs[0].name if inputs else "-"
    found: Record | None = None
    games = 0
    # An input of no game is told as one without the game asked for.
    for item in read_all(inputs, encoding, allow_empty=True):
        if isinstance(item, Found):
            if found is not None:
                continue
            name = item.input.name
            games += 1
            if item.record.index == index:
                found = item.record
                # A compressed file is known to be whole only at its end (its length and
                # check sum): it is read to there, and its damage reported.
                if not item.source.compressed:
                    break
        elif isinstance(item, Diagnostic):
            tell(item)
            if item.severity is Severity.ERROR:
                status = 2
    if found is None and status == 0:
        raise DrawError(no_game(name, index, games))
    return found, name, status


def no_game(name: str, index: int, games: int) -> str:
    """Why game ``index`` of ``name``, a file of ``games`` games, cannot be drawn."""
    return f"{name} has no game {index}: it has {games} game{'s' if games != 1 else ''}"


def judged(
    record: Record,
    path: str,
    *,
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
) -> GameReport:
    """The report on ``record`` (of the file ``path``) as ``validate`` makes it, with the
    ``trace`` :func:`drawing_at` takes its positions from."""
    return validate_record(record, path=path, default=default, trace=True, dialects=dialects)


def drawing_at(record: Record, report: GameReport, ply: int | None) -> Drawing:
    """The position of ``record`` after ``ply`` (``None``: the end of the main line), from
    its ``report`` made with ``trace``. :class:`NoPosition` when there is none;
    :class:`ValueError` for a ply below 0."""
    if ply is not None and ply < 0:
        raise ValueError(f"ply {ply}: a ply is 0 (the start) or more")
    replayed = report.replayed
    if report.game is None or replayed is None or replayed.start is None:
        raise NoPosition(0, "unplayed")
    game = get_game(report.game)
    legal = report.plies
    if ply is None and legal < len(record.moves.plies):
        raise NoPosition(legal, "illegal")
    shown = legal if ply is None else ply
    if shown > legal:
        raise NoPosition(legal, "past")
    position, last = replayed.start, None
    if shown:
        step = replayed.steps[(shown - 1,)]
        if step.after is not None:
            position, last = step.after, step.move
    return Drawing(game, position, last, record_notation(game, record))


def file_reports(
    inputs: list[Input | Missing],
    index: int,
    encoding: str | None,
    tell: Callable[[Diagnostic], None],
    take: Callable[[GameReport], None],
    *,
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
) -> tuple[int, int]:
    """Give ``take`` the report, made with ``trace``, of each game of the one input named,
    as it is made; return the number of games and the status (1 when a record has an
    error, 2 when the input could not be read). ``tell`` is given each problem.
    :class:`DrawError` when more than one input is named, or the input was read and has
    no game ``index``."""
    if len(inputs) > 1:
        raise DrawError(f"render draws one file; {len(inputs)} files were named")
    status = 0
    games = 0
    path = inputs[0].name if inputs else "-"
    for item in read_all(inputs, encoding, allow_empty=True):
        if isinstance(item, Found):
            report = validate_record(
                item.record, path=item.input.name, default=default, trace=True, dialects=dialects
            )
            games += 1
            path = report.path
            for problem in report.diagnostics:
                tell(problem)
            status = max(status, int(not report.valid))
            take(report)
        elif isinstance(item, Diagnostic):
            tell(item)
            if item.severity is Severity.ERROR:
                status = 2
    if index > games and status < 2:
        raise DrawError(no_game(path, index, games))
    return games, status
