"""Annotating a record in place: what pgn-extract adds, and what the rules can tell.

:func:`annotate_record` replays a record (variations included) and edits it, keeping
everything it had (tags, comments, NAGs, variations):

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
added where the same text is not already there. A record with a syntax error is left as
it is (it may be incomplete), and its problems are returned.
"""

from __future__ import annotations

from dataclasses import replace

from notation.diagnostics import Diagnostic
from notation.games.base import Game, IllegalMove, Position, SetupError
from notation.record.model import Comment, Line, Ply, Record
from notation.replay import MAX_DEPTH
from notation.validator import illegal_reason, setup_problem

COMMENT_KINDS = ("position", "scores")
"""The per-ply comments :func:`annotate_record` can add."""

FINAL_TAG = "FinalFEN"
"""The tag holding the position at the end of the main line."""


def annotate_record(
    record: Record, game: Game, *, comments: str | None = None, path: str = "-"
) -> list[Diagnostic]:
    """Annotate ``record`` (a record of ``game``) in place; the problems found.

    ``comments`` is ``None``, ``"position"`` or ``"scores"``; ``path`` names the source
    in the diagnostics. Returns the record's syntax problems, an invalid setup, and each
    line's first illegal ply. Raises :class:`ValueError` for an unknown ``comments``
    kind, or ``"scores"`` for a game that keeps no score.
    """
    if comments is not None and comments not in COMMENT_KINDS:
        raise ValueError(f"unknown comments {comments!r}; choose {' or '.join(COMMENT_KINDS)}")
    if record.has_syntax_errors:
        return list(record.diagnostics)
    tags = record.tag_dict()
    try:
        start = game.start(tags)
    except SetupError as error:
        problem = setup_problem(record, error, path)
        return [replace(problem, message=f"{problem.message} (game {record.index})")]
    if comments == "scores" and game.scores(start) is None:
        raise ValueError(f"{game.title} keeps no score: there are no scores to comment")
    walk = _Walk(game, record, path, comments, _notation(game, record.moves))
    end = walk.line(record.moves, start, 1, 0)
    record.set_tag("PlyCount", str(len(record.moves.plies)))
    if end is None:
        return walk.problems
    final = game.setup_tags(end, walk.notation).get("FEN")
    if final is not None:
        record.set_tag(FINAL_TAG, final)
    outcome = game.outcome(end)
    tag_result = record.tag("Result")
    if outcome is not None and record.result in (None, "*") and tag_result in (None, "*"):
        decided = game.result_for(outcome)[0]
        record.result = decided
        record.set_tag("Result", decided)
    return walk.problems


def _notation(game: Game, line: Line) -> str | None:
    """The notation of the first main-line ply that tells (``None``: the game's default)."""
    for ply in line.plies:
        found = game.notation_of(ply.text)
        if found is not None:
            return found
    return None


def _add_comment(comments: list[Comment], text: str) -> None:
    """Append a brace comment holding ``text`` unless one holding it is already there."""
    if not any(c.kind == "brace" and c.text == text for c in comments):
        comments.append(Comment(text))


def _comment_text(text: str) -> str:
    """``text`` made fit for a brace comment: no braces, on one line."""
    return " ".join(text.replace("{", "(").replace("}", ")").split())


class _Walk:
    """Replays the lines of one record, adding comments as it goes."""

    def __init__(
        self, game: Game, record: Record, path: str, comments: str | None, notation: str | None
    ) -> None:
        self.game = game
        self.record = record
        self.path = path
        self.comments = comments
        self.notation = notation
        self.problems: list[Diagnostic] = []

    def line(self, line: Line, position: Position, number: int, depth: int) -> Position | None:
        """Annotate ``line`` from ``position``; its final position, ``None`` if a ply is
        illegal. ``number`` is the game ply number of its first ply."""
        game = self.game
        for at, ply in enumerate(line.plies):
            try:
                move = game.parse_move(position, ply.text)
            except IllegalMove as error:
                target = line.plies[at - 1].comments if at else line.comments
                _add_comment(target, self._illegal(ply, number, position, error, depth))
                self.variations(ply, position, number, depth)
                return None
            self.variations(ply, position, number, depth)
            position = game.play(position, move)
            if depth == 0 and self.comments is not None:
                _add_comment(ply.comments, self._ply_comment(position))
            number += 1
        return position

    def variations(self, ply: Ply, position: Position, number: int, depth: int) -> None:
        """Annotate the variations of ``ply``, each from ``position``."""
        if depth < MAX_DEPTH:
            for variation in ply.variations:
                self.line(variation, position, number, depth + 1)

    def _ply_comment(self, position: Position) -> str:
        if self.comments == "scores":
            white, black = self.game.scores(position) or (0, 0)
            return f"[%score {white}-{black}]"
        fen = self.game.setup_tags(position, self.notation).get("FEN", "")
        return f"[%fen {fen}]"

    def _illegal(
        self, ply: Ply, number: int, before: Position, error: IllegalMove, depth: int
    ) -> str:
        """Record the problem of an illegal ply; the comment text that says it."""
        legal, reason = illegal_reason(self.game, before, error)
        where = f"ply {number}" + (", in a variation" if depth else "")
        index = self.record.index
        self.problems.append(
            Diagnostic.in_game(
                error.code,
                (f"illegal move {ply.text} (game ", f", {where}): {reason}"),
                ply.pos.line,
                ply.pos.column,
                self.path,
                index,
                number,
                ply.text,
                legal,
            )
        )
        return _comment_text(f"{error.code} illegal move {ply.text} ({where}): {reason}")
