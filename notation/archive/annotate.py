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
it is (it may be incomplete). Every record's problems are returned: the validator's
diagnostics, from the one replay that annotates.
"""

from __future__ import annotations

from notation.check.dialects import NO_DIALECTS
from notation.check.validator import RecordReplay
from notation.diagnostics import Diagnostic
from notation.games.base import AnyGame, IllegalMove, Move, Position
from notation.record.model import Comment, Line, Ply, Record

COMMENT_KINDS = ("position", "scores")
"""The per-ply comments :func:`annotate_record` can add."""

FINAL_TAG = "FinalFEN"
"""The tag holding the position at the end of the main line."""


def annotate_record(
    record: Record,
    game: AnyGame,
    *,
    comments: str | None = None,
    path: str = "-",
    dialects: frozenset[str] = NO_DIALECTS,
) -> list[Diagnostic]:
    """Annotate ``record`` (a record of ``game``) in place; the problems found.

    ``comments`` is ``None``, ``"position"`` or ``"scores"``; ``path`` names the source
    in the diagnostics; ``dialects`` are the optional dialects read
    (:mod:`notation.check.dialects`). Returns exactly the diagnostics the validator gives the record
    (:func:`~notation.check.validator.validate_record`), found in the same replay. Raises
    :class:`ValueError` for an unknown ``comments`` kind, or ``"scores"`` for a game that
    keeps no score.
    """
    if comments is not None and comments not in COMMENT_KINDS:
        raise ValueError(f"unknown comments {comments!r}; choose {' or '.join(COMMENT_KINDS)}")
    tags = record.tag_dict()
    if record.has_syntax_errors:
        check = RecordReplay(game, record, path, dialects)
        check.run(tags)
        return check.report.diagnostics
    walk = _Walk(game, record, path, comments, dialects)
    start = walk.setup(tags)
    if start is None:
        return walk.report.diagnostics
    if comments == "scores" and game.scores(start) is None:
        raise ValueError(f"{game.title} keeps no score: there are no scores to comment")
    end = walk.replay(start)
    record.set_tag("PlyCount", str(len(record.moves.plies)))
    if end is None:
        return walk.report.diagnostics
    final = game.setup_tags(end, walk.notation).get("FEN")
    if final is not None:
        record.set_tag(FINAL_TAG, final)
    outcome = game.outcome(end)
    tag_result = record.tag("Result")
    if outcome is not None and record.result in (None, "*") and tag_result in (None, "*"):
        decided = game.result_for(outcome)[0]
        record.result = decided
        record.set_tag("Result", decided)
    return walk.report.diagnostics


def _add_comment(comments: list[Comment], text: str) -> None:
    """Append a brace comment holding ``text`` unless one holding it is already there."""
    if not any(c.kind == "brace" and c.text == text for c in comments):
        comments.append(Comment(text))


def _comment_text(text: str) -> str:
    """``text`` made fit for a brace comment: no braces, on one line."""
    return " ".join(text.replace("{", "(").replace("}", ")").split())


class _Walk(RecordReplay):
    """The validator's replay of one record, adding comments as it goes."""

    def __init__(
        self,
        game: AnyGame,
        record: Record,
        path: str,
        comments: str | None,
        dialects: frozenset[str],
    ) -> None:
        super().__init__(game, record, path, dialects)
        self.comments = comments
        self.lines: dict[int, tuple[Line, int]] = {}
        """The line being replayed at each depth, with the ply number of its first ply."""

    def start_line(self, line: Line, first_ply: int, depth: int) -> None:
        self.lines[depth] = (line, first_ply)

    def move(
        self, ply: Ply, number: int, before: Position, move: Move, after: Position, depth: int
    ) -> None:
        if depth == 0 and self.comments is not None:
            _add_comment(ply.comments, self._ply_comment(after))

    def illegal_found(
        self, ply: Ply, number: int, error: IllegalMove, problem: str, depth: int
    ) -> None:
        """Comment on the illegal ply after the ply before it (or before its line)."""
        line, first = self.lines[depth]
        at = number - first
        target = line.plies[at - 1].comments if at else line.comments
        _add_comment(target, _comment_text(f"{error.code} {problem}"))

    def _ply_comment(self, position: Position) -> str:
        if self.comments == "scores":
            white, black = self.game.scores(position) or (0, 0)
            return f"[%score {white}-{black}]"
        fen = self.game.setup_tags(position, self.notation).get("FEN", "")
        return f"[%fen {fen}]"
