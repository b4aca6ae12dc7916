"""Converting records between a game's move notations, keeping everything else.

A move can only be rewritten once it is known to be legal, so conversion replays the
record (variations included). Plies from the first illegal one of a line on keep the text
they had, and the problem is returned as the diagnostic ``validate`` gives it, without the
corrections ``validate`` looks for (``notation repair`` makes them). A move read by a
dialect of the replay (docs/dialects.md: a move written with the other separator, PDN116,
and, when the run asks for it, a short capture, PDN115) is written as the game writes that
move, with its notice; :func:`canonical_moves` does only that, for commands that keep the
notation. The ``FEN`` tag is written as ``fix --fen`` writes it
(:func:`notation.archive.fix.canonical_fen`), in the notation written.
"""

from __future__ import annotations

from notation.archive.fix import canonical_fen
from notation.check.dialects import NO_DIALECTS
from notation.check.replay import ReplayVisitor, record_notation, record_start, replay_line
from notation.check.validator import (
    illegal_move,
    other_separator_read,
    setup_problem,
    short_capture_read,
)
from notation.diagnostics import OTHER_SEPARATOR, SHORT_CAPTURE, Diagnostic
from notation.games.base import AnyGame, Game, IllegalMove, Move, Position, SetupError
from notation.games.registry import resolve_game
from notation.record.model import Comment, Ply, Record

KEPT_MARK = "notation: kept as written from here"
"""How the comment that marks a part kept as it was written begins."""


class _Rewrite(ReplayVisitor):
    """Rewrites each legal ply of a record in ``notation`` (``None``: only the plies read
    by a dialect, in the record's own); ``problems`` gets the diagnostic of each illegal one
    and the notice of each dialect read, and with ``mark`` an illegal ply gets a comment
    saying why."""

    def __init__(
        self, game: AnyGame, notation: str | None, record: Record, path: str, mark: bool
    ) -> None:
        self.game = game
        self.notation = notation
        self.record = record
        self.path = path
        self.mark = mark
        self.problems: list[Diagnostic] = []
        self.written = record_notation(game, record)
        """The notation the record was written in (its plies are rewritten as replayed)."""

    def move(
        self, ply: Ply, number: int, before: Position, move: Move, after: Position, depth: int
    ) -> None:
        if self.notation is not None:
            ply.text = self.game.format_move(before, move, self.notation)

    def short_capture(
        self, ply: Ply, number: int, before: Position, move: Move, depth: int
    ) -> None:
        game, record = self.game, self.record
        self.problems.append(
            short_capture_read(
                record, self.path, game, ply, number, before, move, depth, self.written
            )
        )
        if self.notation is None:
            ply.text = game.format_move(before, move, self.written)

    def other_separator(
        self, ply: Ply, number: int, before: Position, move: Move, depth: int
    ) -> None:
        game, record = self.game, self.record
        self.problems.append(
            other_separator_read(
                record, self.path, game, ply, number, before, move, depth, self.written
            )
        )
        if self.notation is None:
            ply.text = game.format_move(before, move, game.notation_of(ply.text) or self.written)

    def illegal(
        self, ply: Ply, number: int, before: Position, error: IllegalMove, depth: int
    ) -> None:
        if self.mark:
            note = f"{KEPT_MARK}: {error.code} illegal move {ply.text}: {error}"
            ply.comments.append(Comment(" ".join(note.replace("{", "(").replace("}", ")").split())))
        self.problems.append(
            illegal_move(
                self.record,
                self.path,
                self.game,
                ply,
                number,
                before,
                error,
                depth=depth,
                notation=self.written,
                tail="; this line is left as written" if self.mark else "",
            )
        )


def convert_record(
    record: Record,
    game: AnyGame,
    notation: str,
    *,
    path: str = "-",
    mark: bool = False,
    dialects: frozenset[str] = NO_DIALECTS,
) -> list[Diagnostic]:
    """Rewrite ``record``'s moves and notation tags in ``notation``, in place, reading
    ``dialects`` (:mod:`notation.check.dialects`).

    Returns the problems that kept part of the record from being converted, and the
    notices of the dialects read; with ``mark``, the first ply left as written in each line
    gets a comment saying why.
    """
    if notation not in game.notations:
        raise ValueError(
            f"{game.title} has no notation {notation!r}; choose one of {', '.join(game.notations)}"
        )
    tags = record.tag_dict()
    try:
        start = record_start(game, record, tags)
    except SetupError as error:
        return [setup_problem(record, error, path)]
    rewrite = _Rewrite(game, notation, record, path, mark)
    replay_line(game, record.moves, start, rewrite, dialects=dialects)
    for name, value in game.notation_tags(tags, notation).items():
        record.set_tag(name, value)
    _write_setup(record, game, notation)
    return rewrite.problems


def keep_notation(
    record: Record,
    *,
    path: str = "-",
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
) -> list[Diagnostic]:
    """``convert`` without a notation: the moves read by a dialect written canonically
    (:func:`canonical_moves`, whose notices are returned) and the ``FEN`` tag written as
    ``fix --fen`` writes it, in the record's notation."""
    read = canonical_moves(record, path=path, default=default, dialects=dialects)
    game = resolve_game(record.tag_dict(), default)
    if not record.has_syntax_errors and isinstance(game, Game):
        _write_setup(record, game, None)
    return read


def _write_setup(record: Record, game: AnyGame, notation: str | None) -> None:
    """Write the record's ``FEN`` tag as ``fix --fen`` does (:func:`canonical_fen`)."""
    canonical = canonical_fen(record, game, notation)
    if canonical is not None:
        record.set_tag("FEN", canonical)


def canonical_moves(
    record: Record,
    *,
    path: str = "-",
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
) -> list[Diagnostic]:
    """Rewrite, in place, each ply of ``record`` read by a dialect of the replay (a move
    written with the other separator; a short capture, when ``dialects`` has
    :data:`~notation.check.dialects.SHORT_CAPTURES`) as its game writes that move, in the
    record's notation; the notice of each (PDN116, PDN115). ``default`` is the game of
    records whose tags name none. A record with a syntax error, of a game not replayed or
    with an invalid setup is left as it is."""
    game = resolve_game(record.tag_dict(), default)
    if record.has_syntax_errors or not isinstance(game, Game):
        return []
    try:
        start = record_start(game, record)
    except SetupError:
        return []
    rewrite = _Rewrite(game, None, record, path, mark=False)
    replay_line(game, record.moves, start, rewrite, dialects=dialects)
    return [p for p in rewrite.problems if p.code in (SHORT_CAPTURE, OTHER_SEPARATOR)]
