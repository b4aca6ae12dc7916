"""Converting records between a game's move notations, keeping everything else.

A move can only be rewritten once it is known to be legal, so conversion rewrites what
the validator's one replay of the record made of each ply (variations included). Plies
from the first illegal one of a line on keep the text they had, and the problem is
returned as the diagnostic ``validate`` gives it, without the corrections ``validate``
looks for (``notation repair`` makes them). A short capture (docs/dialects.md, PDN115) is
written as the game writes that capture, with its notice; :func:`complete_short_captures`
does only that, for commands that keep the notation.
"""

from __future__ import annotations

from notation.check.replay import record_notation
from notation.check.validator import (
    GameReport,
    Replayed,
    illegal_move,
    line_at,
    ply_number,
    short_capture_read,
    validate_record,
)
from notation.diagnostics import BAD_SETUP, SHORT_CAPTURE, Diagnostic
from notation.games.base import AnyGame
from notation.games.registry import get_game
from notation.record.model import Comment, Record

KEPT_MARK = "notation: kept as written from here"
"""How the comment that marks a part kept as it was written begins."""


def convert_record(
    record: Record, game: AnyGame, notation: str, *, path: str = "-", mark: bool = False
) -> list[Diagnostic]:
    """Rewrite ``record``'s moves and notation tags in ``notation``, in place (``game``:
    the game of a record whose tags name none).

    Returns the problems that kept part of the record from being converted; with ``mark``,
    the first ply left as written in each line gets a comment saying why.
    """
    if notation not in game.notations:
        raise ValueError(
            f"{game.title} has no notation {notation!r}; choose one of {', '.join(game.notations)}"
        )
    report = validate_record(record, path=path, default=game, trace=True, suggest=False)
    replayed = report.replayed
    if replayed is None or replayed.start is None:
        return [d for d in report.diagnostics if d.code == BAD_SETUP]
    problems = _rewrite(report, replayed, game, notation, path, mark)
    for name, value in game.notation_tags(record.tag_dict(), notation).items():
        record.set_tag(name, value)
    return problems


def complete_short_captures(
    record: Record, *, path: str = "-", default: AnyGame | None = None
) -> list[Diagnostic]:
    """Rewrite, in place, each ply of ``record`` read as a short capture as its game writes
    that capture, in the record's notation; the PDN115 notice of each. ``default`` is the
    game of records whose tags name none. A record with a syntax error, or one ``validate``
    does not replay, is left as it is."""
    if record.has_syntax_errors:
        return []
    report = validate_record(record, path=path, default=default, trace=True, suggest=False)
    replayed = report.replayed
    if replayed is None or replayed.start is None or report.game is None:
        return []
    game = get_game(report.game)
    return [
        p
        for p in _rewrite(report, replayed, game, None, path, mark=False)
        if p.code == SHORT_CAPTURE
    ]


def _rewrite(
    report: GameReport,
    replayed: Replayed,
    game: AnyGame,
    notation: str | None,
    path: str,
    mark: bool,
) -> list[Diagnostic]:
    """Rewrite each legal ply the validator replayed in ``notation`` (``None``: only the
    short captures, in the record's own); the diagnostic of each illegal ply and each
    short capture's notice, in the order replayed. With ``mark`` an illegal ply gets a
    comment saying why."""
    record = replayed.record
    written = record_notation(game, record)  # before any ply is rewritten
    problems: list[Diagnostic] = []
    for place, step in replayed.steps.items():
        ply = line_at(record, place).plies[place[-1]]
        number, depth = ply_number(place), len(place) // 2
        if step.error is not None:
            if mark:
                note = f"{KEPT_MARK}: {step.error.code} illegal move {ply.text}: {step.error}"
                text = " ".join(note.replace("{", "(").replace("}", ")").split())
                ply.comments.append(Comment(text))
            problems.append(
                illegal_move(
                    record,
                    path,
                    game,
                    ply,
                    number,
                    step.before,
                    step.error,
                    depth=depth,
                    notation=written,
                    tail="; this line is left as written" if mark else "",
                )
            )
            continue
        if step.move is None:
            continue
        if step.short:
            problems.append(
                short_capture_read(
                    record, path, game, ply, number, step.before, step.move, depth, written
                )
            )
        if notation is not None or step.short:
            ply.text = game.format_move(step.before, step.move, notation or written)
    return problems
