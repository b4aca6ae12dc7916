"""Annotating a record in place: what pgn-extract adds, and what the rules can tell.

:func:`annotate_record` replays a record (variations included) and edits it, keeping
everything it had (tags, comments, NAGs, variations):

- each move read by a dialect whose notice ``validate`` gives (docs/dialects.md: a move
  written with the other separator, a short capture when asked for) written as the game
  writes it, as ``convert`` and ``fix`` write it;
- ``PlyCount``: the number of plies written in the main line;
- ``FinalFEN``: the position at the end of the main line, as the ``FEN`` value the game's
  :meth:`~notation.games.base.Game.setup_tags` gives (squares in the record's notation);
  for Knight Fight that ``FEN`` goes with the record's ``Layout`` tag, and a record
  without plies gets no ``FinalFEN`` (its final position is the start the ``Layout``
  gives). Only written when the whole main line is legal;
- the result the rules decide, in the movetext and the ``Result`` tag, when the record
  has none (``*`` or nothing) and the whole main line is legal;
- at the first illegal ply of a line (main line or variation), a comment after the ply
  before it (or before the line's first ply) with the code and the problem; nothing after
  it in that line is annotated;
- with ``comments="position"``, a ``{[%fen FEN]}`` comment after each legal main-line ply;
  with ``comments="scores"``, ``{[%score W-B]}`` with the running scores (White's first),
  for the games that keep score (Knight Fight, Cheversi).

Annotating twice changes nothing: tags are set to the same values, and a comment is only
added where the same text is not already there. A record with a syntax error, or one the
validator does not replay, is left as it is. Every record's problems are returned: the
validator's diagnostics, from its one replay, which the annotations are read from.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from notation.archive.convert import write_dialect_moves
from notation.archive.rewrite import (
    Options,
    RewriteError,
    Rewritten,
    Writing,
    copied_unchanged,
    rewrite,
)
from notation.archive.runs import drop, read_as
from notation.check.dialects import NO_DIALECTS
from notation.check.identity import line_of
from notation.check.replay import record_notation
from notation.check.validator import (
    Replayed,
    illegal_reason,
    illegal_words,
    line_at,
    ply_number,
    validate_record,
)
from notation.diagnostics import Diagnostic
from notation.games.base import AnyGame, Game, Position
from notation.games.registry import resolve_game
from notation.io.files import Input, Missing, Named, inputs_of
from notation.io.output import Stage
from notation.read.sources import Found
from notation.record.model import Comment, Record
from notation.run.config import Config
from notation.run.settings import (
    Games,
    SettingsError,
    default_of,
    known_codec,
)

COMMENT_KINDS = ("position", "scores")
"""The per-ply comments :func:`annotate_record` can add."""

FINAL_TAG = "FinalFEN"
"""The tag holding the position at the end of the main line."""


def annotate_record(
    record: Record,
    game: AnyGame | None,
    *,
    comments: str | None = None,
    path: str = "-",
    dialects: frozenset[str] = NO_DIALECTS,
) -> list[Diagnostic]:
    """Annotate ``record`` in place; the problems found. ``game`` is the game of a record
    whose tags name none (as ``--game``; ``None``: as ``validate`` without it).

    ``comments`` is ``None``, ``"position"`` or ``"scores"``; ``path`` names the source
    in the diagnostics; ``dialects`` are the optional dialects read
    (:mod:`notation.check.dialects`). Returns exactly the diagnostics the validator gives the record
    (:func:`~notation.check.validator.validate_record`), from the validator's replay,
    which the annotations are made from. Raises :class:`ValueError` for an unknown
    ``comments`` kind, or ``"scores"`` for a game that keeps no score.
    """
    if comments is not None and comments not in COMMENT_KINDS:
        raise ValueError(f"unknown comments {comments!r}; choose {' or '.join(COMMENT_KINDS)}")
    report = validate_record(record, path=path, default=game, trace=True, dialects=dialects)
    line = line_of(report)
    replayed = report.replayed
    if record.has_syntax_errors or line is None or replayed is None:
        return report.diagnostics
    played, notation = line.game, record_notation(line.game, record)
    write_dialect_moves(report)
    if comments == "scores" and played.scores(line.start) is None:
        raise ValueError(f"{played.title} keeps no score: there are no scores to comment")
    if comments is not None:
        for index, after in enumerate(line.positions()[1:]):
            text = _ply_comment(played, after, comments, notation)
            _add_comment(record.moves.plies[index].comments, text)
    _comment_illegal(played, replayed, notation)
    record.set_tag("PlyCount", str(len(record.moves.plies)))
    if not line.complete:
        return report.diagnostics
    record.set_tag(FINAL_TAG, played.fen(line.end, notation))
    tag_result = record.tag("Result")
    if report.outcome is not None and record.result in (None, "*") and tag_result in (None, "*"):
        decided = played.result_for(report.outcome)[0]
        record.result = decided
        record.set_tag("Result", decided)
    return report.diagnostics


def _comment_illegal(game: AnyGame, replayed: Replayed, notation: str | None) -> None:
    """Comment on each illegal ply after the ply before it (or before its line)."""
    for place, step in replayed.steps.items():
        if step.error is None:
            continue
        line = line_at(replayed.record, place)
        at = place[-1]
        ply = line.plies[at]
        number = ply_number(place)
        _, reason = illegal_reason(
            game, step.before, step.error, game.notation_of(ply.text) or notation
        )
        words = "".join(illegal_words(ply, number, len(place) // 2, reason, numbered=False))
        target = line.plies[at - 1].comments if at else line.comments
        _add_comment(target, _comment_text(f"{step.error.code} {words}"))


def _add_comment(comments: list[Comment], text: str) -> None:
    """Append a brace comment holding ``text`` unless one holding it is already there."""
    if not any(c.kind == "brace" and c.text == text for c in comments):
        comments.append(Comment(text))


def _comment_text(text: str) -> str:
    """``text`` made fit for a brace comment: no braces, on one line."""
    return " ".join(text.replace("{", "(").replace("}", ")").split())


def _ply_comment(game: AnyGame, position: Position, kind: str, notation: str | None) -> str:
    if kind == "scores":
        white, black = game.scores(position) or (0, 0)
        return f"[%score {white}-{black}]"
    return f"[%fen {game.fen(position, notation)}]"


def annotate_files(
    inputs: list[Input | Missing],
    options: Options,
    say: Callable[[str], None],
    *,
    default: AnyGame | Games | None = None,
    comments: str | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
) -> int:
    """Annotate the records of ``inputs`` (:func:`annotate_record`) and write them where
    ``options`` say; ``say`` is told what was written and each problem. ``default`` is
    the game of records whose tags name none (:class:`~notation.run.settings.Games`:
    input by input). The exit status (0, 1 or 2);
    :class:`notation.archive.rewrite.RewriteError` when the options cannot work or a
    record cannot take the comments asked for."""

    def edit(found: Found) -> list[Diagnostic]:
        record, path = found.record, found.input.name
        here = default_of(default, path)
        if found.guessed:
            # Written, if at all, as it was read (rewrite's policy): nothing is added.
            return validate_record(record, path=path, default=here, dialects=dialects).diagnostics
        game = resolve_game(record.tag_dict(), here)
        if not isinstance(game, Game):
            return [*record.diagnostics, copied_unchanged(game, record, path)]
        try:
            return annotate_record(record, here, comments=comments, path=path, dialects=dialects)
        except ValueError as error:
            raise RewriteError(f"{path}: game {record.index}: {error}") from None

    return rewrite(inputs, edit, options, say)


@dataclass(frozen=True, slots=True, kw_only=True)
class AnnotateSettings(Writing):
    """The settings of ``notation annotate``."""

    comments: str | None = None
    """The comment after each main-line ply (:data:`COMMENT_KINDS`), if any."""


def annotate_settings(
    *,
    output: Path | None = None,
    in_place: bool = False,
    comments: str | None = None,
    keep_broken: bool = False,
    game: str | None = None,
    dialects: Iterable[str] | None = None,
    encoding: str | None = None,
    allow_empty: bool = False,
    config: Config | None = None,
) -> AnnotateSettings:
    """The settings of ``annotate`` with these options and ``config``, the configuration
    in force (its ``game`` and ``dialects``: :func:`~notation.archive.runs.read_as`);
    :class:`SettingsError` naming the first option that cannot be used."""
    chosen, read, config = read_as(game, dialects, config)
    if comments is not None and comments not in COMMENT_KINDS:
        raise SettingsError("comments", " or ".join(COMMENT_KINDS) + " expected")
    return AnnotateSettings(
        output=output,
        in_place=in_place,
        keep_broken=keep_broken,
        game=chosen,
        dialects=read,
        config=config,
        encoding=known_codec(encoding),
        allow_empty=allow_empty,
        comments=comments,
    )


def annotate(
    paths: Iterable[Named] | str | os.PathLike[str],
    settings: AnnotateSettings,
    *,
    say: Callable[[str], None] = drop,
    stage: Stage | None = None,
) -> Rewritten:
    """``notation annotate``: the records of ``paths`` (names as the command line takes
    them, or inputs) annotated and written as ``settings`` say; ``say`` is told what was
    written and each problem. With ``stage``, the file written joins it
    (:func:`notation.io.output.file_output`). :class:`notation.archive.rewrite.RewriteError`
    when the settings cannot work with these inputs or a record cannot take the comments."""
    status = annotate_files(
        inputs_of(paths),
        settings.options.staged(stage),
        say,
        default=settings.default,
        comments=settings.comments,
        dialects=settings.dialects,
    )
    return Rewritten(status)
