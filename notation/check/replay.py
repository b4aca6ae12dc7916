"""Replaying a record's movetext through a game's rules, variations included.

:func:`replay_line` walks a :class:`~notation.record.model.Line`, asking the game to read
and play each ply, and reports every step to a :class:`ReplayVisitor`. Each variation is
replayed from the position before the ply it replaces. A line stops at its first illegal
ply (nothing after it can be placed), but the variations attached to that ply are still
replayed.

Two dialects of move texts the game refuses are read here, as the game reads them
(:func:`dialect_read`; the draughts games read both), each told to the visitor before the
move is played as any legal move is: a move written with the other separator (``30-39``
for the capture ``30x39``, :meth:`~notation.games.base.Game.read_other_separator`,
:meth:`ReplayVisitor.other_separator`), always; and, only when the run asks for
:data:`~notation.check.dialects.SHORT_CAPTURES`, a capture written as its start and first
landing square only (DraughtsMind's ``1x10`` for ``1x10x19``,
:meth:`~notation.games.base.Game.read_short_capture`, :meth:`ReplayVisitor.short_capture`).
Without that dialect such a text is the game's error, whose message names the whole
capture.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from notation import diagnostics as codes
from notation.check.dialects import NO_DIALECTS, SHORT_CAPTURES
from notation.compiled import mypyc_attr
from notation.games.base import AnyGame, IllegalMove, Move, Position
from notation.record.model import MAX_DEPTH, Line, Ply, Record


def dialect_read(
    game: AnyGame,
    position: Position,
    text: str,
    error: IllegalMove,
    dialects: frozenset[str] = NO_DIALECTS,
) -> tuple[str, Move]:
    """The notice code of the dialect ``text`` is read by, refused by the game with
    ``error``, and the move it names; raises ``error`` when it is no dialect read, or, for
    a short capture not asked for (:data:`SHORT_CAPTURES` not in ``dialects``), the same
    error with a message naming the whole capture and the option that reads it."""
    move = game.read_other_separator(position, text)
    if move is not None:
        return codes.OTHER_SEPARATOR, move
    move = game.read_short_capture(position, text)
    if move is None:
        raise error
    if SHORT_CAPTURES in dialects:
        return codes.SHORT_CAPTURE, move
    whole = game.format_move(position, move, game.notation_of(text))
    hint = (
        f"; {text.strip()} stops after its first jump: the capture goes on to {whole} "
        f"(read short captures with --dialect {SHORT_CAPTURES})"
    )
    raise IllegalMove(error.code, f"{error}{hint}", show_legal=error.show_legal) from None


@mypyc_attr(allow_interpreted_subclasses=True)
class ReplayVisitor:
    """Receives the steps of a replay; override what you need."""

    def start_line(self, line: Line, first_ply: int, depth: int) -> None:
        """The replay of ``line`` begins; its first ply is ply ``first_ply`` of the game."""

    def move(
        self, ply: Ply, number: int, before: Position, move: Move, after: Position, depth: int
    ) -> None:
        """``ply`` (ply ``number`` of the game) was read as ``move``, leading to ``after``."""

    def illegal(
        self, ply: Ply, number: int, before: Position, error: IllegalMove, depth: int
    ) -> None:
        """``ply`` is not a legal move in ``before``; its line stops here."""

    def short_capture(
        self, ply: Ply, number: int, before: Position, move: Move, depth: int
    ) -> None:
        """``ply`` names only the start and first landing square of ``move``, a capture
        of several pieces, and is read as it (the game's ``read_short_capture``);
        :meth:`move` follows."""

    def other_separator(
        self, ply: Ply, number: int, before: Position, move: Move, depth: int
    ) -> None:
        """``ply`` names ``move`` with the other separator (the game's
        ``read_other_separator``) and is read as it; :meth:`move` follows."""


def read_ply(
    game: AnyGame, position: Position, text: str, dialects: frozenset[str] = NO_DIALECTS
) -> tuple[Move, Position]:
    """The legal move ``text`` names in ``position``, a dialect too (:func:`dialect_read`),
    and the position after it, as replaying reads a ply; raises the game's
    :class:`IllegalMove` otherwise."""
    try:
        return game.advance(position, text)
    except IllegalMove as error:
        _, move = dialect_read(game, position, text, error, dialects)
        return move, game.play(position, move)


def replay_line(
    game: AnyGame,
    line: Line,
    position: Position,
    visitor: ReplayVisitor,
    *,
    first_ply: int = 1,
    depth: int = 0,
    trail: list[Position] | None = None,
    moves: list[Move] | None = None,
    variations: bool = True,
    dialects: frozenset[str] = NO_DIALECTS,
) -> Position | None:
    """Replay ``line`` from ``position``; the final position, or ``None`` if a ply was illegal.

    ``first_ply`` is the game ply number of the line's first ply; ``depth`` is 0 for the
    main line and grows by one per variation level. ``trail``, when given, receives the
    position after each legal ply of this line (not of its variations), and ``moves`` the
    move of each (which, unlike a visitor's :meth:`~ReplayVisitor.move`, makes no
    :class:`~notation.record.model.Ply` of a line kept as text). With
    ``variations`` false, the variations are not replayed. ``dialects`` are the optional
    dialects read (:mod:`notation.check.dialects`).
    """
    advance, play = game.advancer(), game.play
    on_move = None if type(visitor).move is ReplayVisitor.move else visitor.move
    keep = None if trail is None else trail.append
    keep_move = None if moves is None else moves.append
    if type(visitor).start_line is not ReplayVisitor.start_line:
        visitor.start_line(line, first_ply, depth)
    # A line the reader keeps as text has no variations: its plies are made only when a
    # visitor is to be given one.
    plies = None if line.is_deferred or not variations else line.plies
    each = plies is not None or on_move is not None
    texts = line.move_texts()
    first = 0
    if keep is not None and not each:
        # Nothing to tell the visitor of a legal ply: the plies are played in a tight
        # loop until one is not legal, which the loop below then reads again.
        kept = len(trail) if trail is not None else 0
        try:
            if keep_move is None:
                for text in texts:
                    _, position = advance(position, text)
                    keep(position)
            else:
                for text in texts:
                    move, position = advance(position, text)
                    keep(position)
                    keep_move(move)
            return position
        except IllegalMove:
            first = (len(trail) if trail is not None else 0) - kept
            if first:
                texts = texts[first:]
    elif not each:
        # The same tight loop, with nothing kept: ``first`` counts the legal plies, those
        # the game's own loop reads first when it has one.
        run = game.line_advancer()
        if run is not None:
            position, first = run(position, texts)
        try:
            for text in texts[first:] if first else texts:
                _, position = advance(position, text)
                first += 1
            return position
        except IllegalMove:
            if first:
                texts = texts[first:]
    for index, text in enumerate(texts, first):
        try:
            move, after = advance(position, text)
        except IllegalMove as error:
            ply = line.plies[index]
            try:
                code, move = dialect_read(game, position, text, error, dialects)
            except IllegalMove as refused:
                visitor.illegal(ply, first_ply + index, position, refused, depth)
                if variations:
                    _replay_variations(
                        game, ply, position, visitor, first_ply + index, depth, dialects
                    )
                return None
            if code == codes.SHORT_CAPTURE:
                visitor.short_capture(ply, first_ply + index, position, move, depth)
            else:
                visitor.other_separator(ply, first_ply + index, position, move, depth)
            after = play(position, move)
        if each:
            if plies is not None and plies[index].variations_view:  # makes no empty list
                _replay_variations(
                    game, plies[index], position, visitor, first_ply + index, depth, dialects
                )
            if on_move is not None:
                on_move(line.plies[index], first_ply + index, position, move, after, depth)
        if keep is not None:
            keep(after)
        if keep_move is not None:
            keep_move(move)
        position = after
    return position


def _replay_variations(
    game: AnyGame,
    ply: Ply,
    position: Position,
    visitor: ReplayVisitor,
    number: int,
    depth: int,
    dialects: frozenset[str],
) -> None:
    if depth >= MAX_DEPTH:
        return
    for variation in ply.variations:
        replay_line(
            game,
            variation,
            position,
            visitor,
            first_ply=number,
            depth=depth + 1,
            dialects=dialects,
        )


def main_line_positions(
    game: AnyGame, line: Line, start: Position, dialects: frozenset[str] = NO_DIALECTS
) -> list[Position]:
    """The positions of a main line, ``start`` first, up to its first illegal ply."""
    positions = [start]
    replay_line(
        game, line, start, ReplayVisitor(), trail=positions, variations=False, dialects=dialects
    )
    return positions


def record_texts(record: Record) -> Iterator[str]:
    """Every move text of ``record``: its main line, then its variations (as deep as they
    are replayed), made lazily: a game that does not read them makes no ply."""
    lines = [(record.moves, 0)]
    while lines:
        line, depth = lines.pop(0)
        yield from line.move_texts()
        if line.is_deferred or depth >= MAX_DEPTH:
            continue
        for ply in line.plies:
            if ply.variations_view:
                lines.extend((variation, depth + 1) for variation in ply.variations)


def record_start(game: AnyGame, record: Record, tags: Mapping[str, str] | None = None) -> Position:
    """The start position of ``record`` (whose tags are ``tags``, by default its own), as
    every command replays it: :meth:`~notation.games.base.Game.start_record` with all its
    move texts. Raises :class:`~notation.games.base.SetupError` as ``start`` does."""
    return game.start_record(record.tag_dict() if tags is None else tags, record_texts(record))


def record_notation(game: AnyGame, record: Record) -> str | None:
    """The notation ``record``'s moves are written in: that of its first ply that tells
    (main line first, then the variations), or ``None`` (the game's default) when none
    does. Messages and pictures about the record use it."""
    lines = [(record.moves, 0)]
    while lines:
        line, depth = lines.pop(0)
        for ply in line.plies:
            found = game.notation_of(ply.text)
            if found is not None:
                return found
            if depth < MAX_DEPTH and ply.variations_view:
                lines.extend((variation, depth + 1) for variation in ply.variations)
    return None
