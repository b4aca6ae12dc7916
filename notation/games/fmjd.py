"""The FMJD rules on a board of any even size: what Brazilian (8x8), international (10x10) and any
other FMJD game (Canadian draughts on 12x12, say) share.

:class:`FmjdGame` is a :class:`~notation.games.draughts.DraughtsGame` of flying kings and
the majority capture rule (a capture must take the most pieces; captured pieces leave the
board when the move is complete; a man is crowned only when it ends its move on the far
row; the side to move with no legal move loses), which reads and plays a move in one step
on the hot path (:meth:`FmjdGame.advance`).

A game module subclasses it with its board (:class:`~notation.games.flying.DraughtsEngine`
with the majority rule), its position and move types, its codes, its text cache and its
tags; what is its own (draw rules, pictures, GameType values) stays in its module.
"""

from __future__ import annotations

from collections.abc import Callable

from notation.compiled import mypyc_attr
from notation.games.base import Side
from notation.games.draughts import DraughtsGame, Malformed
from notation.games.draughts_tuples import FmjdEntry
from notation.games.flying import DraughtsEngine, DraughtsMove, DraughtsPosition
from notation.plain import TypeVar

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import ClassVar, Final

WHITE: Final = Side.WHITE
BLACK: Final = Side.BLACK
"""The sides, for the hot path."""

_new: Final = tuple.__new__

_KEPT_UNRIVALLED: Final = 1024
"""The most captures :attr:`FmjdGame._unrivalled` keeps (it starts again when full)."""


P = TypeVar("P", bound=DraughtsPosition)
M = TypeVar("M", bound=DraughtsMove)


@mypyc_attr(allow_interpreted_subclasses=True)
class FmjdGame(DraughtsGame[P, M]):
    """A draughts game of the FMJD rules (flying kings, the majority capture rule, a man
    crowned only when it ends its move on the far row) on the board of :attr:`engine`,
    read and played in one step on the hot path (:meth:`advance`).

    A subclass gives the class attributes of :class:`~notation.games.draughts.DraughtsGame`.
    """

    engine: ClassVar[DraughtsEngine]
    """The board and move generation (majority rule, crowning at the end of a move)."""

    _unrivalled: dict[int, tuple[M, P]]
    """The captures of several pieces :meth:`advance` last read from a text of their start
    and end alone, each with the position it was read in, by the move's id: reading it
    found no other capture of that start and end taking as many other pieces, so
    :meth:`format_line` writes it short without seeking one again (:meth:`_rivalled`)."""

    # Move text -----------------------------------------------------------------------

    def _entry(self, text: str) -> FmjdEntry[M]:
        """The cache entry of a move text, read and kept."""
        read = self.read_text(text)
        none = self._quiet[0][0]
        entry: FmjdEntry[M]
        if isinstance(read, Malformed):
            entry = FmjdEntry(read, (), 0, 0, 0, 0, False, False, 0, none, none, (-1, -1))
        else:
            squares, kind, _, _ = read
            start, end = squares[0], squares[-1]
            engine = self.engine
            bit = engine.bit
            quiet = kind != "x" and len(squares) == 2
            capture = kind != "-"
            over = engine.jump_over[start][end] if capture and len(squares) == 2 else 0
            jump = (
                _new(self.move_type, ((start, end), engine.captured_squares(over)))
                if over
                else none
            )
            quiet_move = self._quiet[start][end]
            white, black = (
                bit[end] & engine.promotion[side]
                if quiet and engine.forward[side][start] & bit[end]
                else -1
                for side in Side
            )
            entry = FmjdEntry(
                read,
                squares,
                start,
                end,
                bit[start],
                bit[end],
                quiet,
                capture,
                over,
                quiet_move,
                jump,
                (white, black),
            )
        self.text_cache.keep(text, entry)
        return entry

    # Moves ---------------------------------------------------------------------------

    def _rivalled(self, position: P, move: M) -> bool:
        """As a draughts game's, answered at once for a capture :meth:`advance` read in
        ``position`` from its start and end alone (:attr:`_unrivalled`)."""
        found = self._unrivalled.get(id(move))
        if found is not None and found[0] is move and found[1] is position:
            return False
        return super()._rivalled(position, move)

    def _make_advance(self) -> Callable[[P, str], tuple[M, P]]:
        """The game's :meth:`advance`: the legal move a text names and the position after
        it, in one step. It plays a move as :meth:`play` does (the contract test
        ``test_advance_is_parse_move_then_play`` holds them together)."""
        engine = self.engine
        entries, make_entry = self.text_cache, self._entry
        dark, between = engine.dark, engine.between
        promotion = engine.promotion
        can_capture_with_kings, routes = engine.can_capture_with_kings, engine.routes
        kings_can_capture = engine.kings_can_capture
        captured_squares = engine.captured_squares
        position_type, move_type = self.position_type, self.move_type
        refuse = self._refuse
        wide, narrow = engine.wide, engine.narrow  # the shifts of a step (Board.wide)
        wide2, narrow2 = 2 * wide, 2 * narrow
        unrivalled: dict[int, tuple[M, P]] = {}
        self._unrivalled = unrivalled

        def advance(position: P, text: str) -> tuple[M, P]:
            entry: FmjdEntry[M] | None = entries.get(text)
            if entry is None:
                entry = make_entry(text)
            (
                read,
                squares,
                start,
                end,
                start_bit,
                end_bit,
                quiet,
                capture,
                over,
                quiet_move,
                jump,
                crowning,
            ) = entry
            white, black, kings, turn = position
            if turn:
                own, opp = black, white
            else:
                own, opp = white, black
            if own & start_bit:
                empty = dark ^ (white | black)
                own_kings = own & kings
                if quiet:  # the engine's can_capture, inlined: most plies are quiet
                    if not own_kings:
                        # The enemies next to a man each way (mostly none), then the empty
                        # squares behind them.
                        captures = (
                            ((near := (own >> wide) & opp) and (near >> wide) & empty)
                            or ((near := (own >> narrow) & opp) and (near >> narrow) & empty)
                            or ((near := (own << narrow) & opp) and (near << narrow) & empty)
                            or ((near := (own << wide) & opp) and (near << wide) & empty)
                        )
                    else:
                        captures = can_capture_with_kings(own_kings, own ^ own_kings, opp, empty)
                    if not captures:
                        if not empty & end_bit:
                            raise refuse(position, read, text)
                        if kings & start_bit:
                            path = between[start][end]
                            if path < 0 or path & ~empty:
                                raise refuse(position, read, text)
                            kings ^= start_bit | end_bit
                        elif (crown := crowning[turn]) < 0:
                            raise refuse(position, read, text)
                        else:
                            kings |= crown
                        if turn:
                            after = (white, black ^ (start_bit | end_bit), kings, WHITE)
                        else:
                            after = (white ^ (start_bit | end_bit), black, kings, BLACK)
                        return quiet_move, _new(position_type, after)
                if over & opp and empty & end_bit and not kings & start_bit:
                    # A man's one jump is legal when no man can jump twice (no landing of
                    # a jump starts another: jumping back would land on the man's own
                    # square, not empty yet) and no king can capture.
                    north_west = ((empty << wide) & opp) << wide
                    north_east = ((empty << narrow) & opp) << narrow
                    south_west = ((empty >> narrow) & opp) >> narrow
                    south_east = ((empty >> wide) & opp) >> wide
                    men = own ^ own_kings
                    if not (north_west | north_east | south_west | south_east) & (
                        ((men & north_west) >> wide2)
                        | ((men & north_east) >> narrow2)
                        | ((men & south_west) << narrow2)
                        | ((men & south_east) << wide2)
                    ) and not (
                        own_kings
                        and kings_can_capture(
                            own_kings, white | black, north_west, north_east, south_west, south_east
                        )
                    ):
                        kings &= ~over
                        if end_bit & promotion[turn]:
                            kings |= end_bit
                        if turn:
                            after = (white & ~over, (black ^ start_bit) | end_bit, kings, WHITE)
                        else:
                            after = ((white ^ start_bit) | end_bit, black & ~over, kings, BLACK)
                        return jump, _new(position_type, after)
                if capture:
                    # The routes of the side to move, those taking the most pieces read as
                    # they come (best_routes' list and its cache are for the diagnosis).
                    route = None
                    most = 0
                    short = len(squares) == 2
                    if not short:
                        for found in routes(position, None):
                            count = found[1].bit_count()
                            if count > most:
                                most = count
                                route = found if found[0] == squares else None
                            elif count == most and route is None and found[0] == squares:
                                route = found
                    else:  # start and end only: the routes between must take the same pieces
                        clash = False
                        for found in routes(position, None):
                            visited, taken = found
                            count = taken.bit_count()
                            if count < most:
                                continue
                            if count > most:
                                most, route, clash = count, None, False
                            if visited[0] == start and visited[-1] == end:
                                if route is None:
                                    route = found
                                elif taken != route[1]:
                                    clash = True
                        if clash:
                            route = None
                    if route is not None:
                        path_taken, captured = route
                        kings &= ~captured
                        # A capture may end where it started: its start's bit goes first.
                        if kings & start_bit:
                            kings = (kings ^ start_bit) | end_bit
                        elif end_bit & promotion[turn]:
                            kings |= end_bit
                        if turn:
                            after = (white & ~captured, (black ^ start_bit) | end_bit, kings, WHITE)
                        else:
                            after = ((white ^ start_bit) | end_bit, black & ~captured, kings, BLACK)
                        move = _new(move_type, (path_taken, captured_squares(captured)))
                        if short and captured & (captured - 1):
                            # No route of this start and end takes other pieces as many.
                            if len(unrivalled) >= _KEPT_UNRIVALLED:
                                unrivalled.clear()
                            unrivalled[id(move)] = (move, position)
                        return move, _new(position_type, after)
            raise refuse(position, read, text)

        return advance


__all__ = ["FmjdGame"]
