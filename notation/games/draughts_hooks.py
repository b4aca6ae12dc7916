"""What every draughts game says through the hooks of :class:`~notation.games.base.Game`
beyond its rules, from the routes of its legal captures and its board: how it reads two
dialects of move texts, and what its board picture shows.

The dialects (each read only where the game refuses the text):

- the other separator: a move whose squares are joined by ``-`` only, or by ``x`` (``:``)
  only, that names exactly one legal move when read with the other separator (the
  capture ``30x39`` for ``30-39``, the step ``32-28`` for ``32x28``);
- a short capture: two numbered squares that no legal capture goes between (then they
  would name its start and end, as PDN reads them), where every route that starts on the
  first and first lands on the second is a route of one legal capture of several pieces
  (DraughtsMind's ``1x10`` for ``1x10x19``).
"""

from __future__ import annotations

import re
from abc import abstractmethod
from typing import ClassVar

from notation.games.base import Game, IllegalMove, M, P, Picture
from notation.games.flying import Board

SHORT_CAPTURE = re.compile(r"\s*([0-9]+)\s*[xX:]\s*([0-9]+)\s*")
"""A capture text of two numbered squares."""

SEPARATED = re.compile(r"\s*(?:[0-9]+|[a-z][0-9]+)(?:\s*[-xX:]\s*(?:[0-9]+|[a-z][0-9]+))+\s*")
"""A move text of numbered or named squares joined by separators (the game's reading of it
says which squares are on its board)."""


class DraughtsHooks(Game[P, M]):
    """The hooks of a draughts game, given its capture routes and its board."""

    picture_coordinates: ClassVar[bool] = True
    """Whether the board picture's frame carries file letters and rank numbers."""

    @abstractmethod
    def capture_paths(self, position: P) -> list[tuple[tuple[int, ...], M]]:
        """Each route of each legal capture: the squares visited (start first, numbered as
        the game's numeric notation numbers them), with the move it makes."""

    @abstractmethod
    def picture_board(self) -> Board:
        """The board the game is played on, as its picture draws it."""

    def read_short_capture(self, position: P, text: str) -> M | None:
        """The capture a short capture names (see the module's description), or ``None``."""
        match = SHORT_CAPTURE.fullmatch(text)
        if match is None:
            return None
        start, landing = int(match[1]), int(match[2])
        found = None
        for path, move in self.capture_paths(position):
            if path[0] != start:
                continue
            if path[-1] == landing:
                return None
            if path[1] == landing:
                if found is not None and move != found:
                    return None
                found = move
        return found

    def read_other_separator(self, position: P, text: str) -> M | None:
        """The move ``text`` names with the other separator (see the module's
        description), or ``None``."""
        if SEPARATED.fullmatch(text) is None:
            return None
        signs = set(re.findall(r"[-xX:]", text))
        if signs == {"-"}:
            swapped = text.replace("-", "x")
        elif "-" not in signs:
            swapped = re.sub(r"[xX:]", "-", text)
        else:
            return None
        try:
            return self.parse_move(position, swapped)
        except IllegalMove:
            return None

    def picture(self, position: P, last: M | None = None, notation: str | None = None) -> Picture:
        """The board from White's side (squares ``cell`` wide: 48, 40 from ten files up),
        each square's number when the record is written in numeric notation, the last
        move's path and the pieces it took, and who is to move or how the game ended."""
        board = self.picture_board()
        return Picture(
            "draughts",
            f"{self.title} position",
            self.game_over(position) or f"{position.turn.title} to move",
            position,
            last,
            notation,
            board=board,
            cell=40 if board.size >= 10 else 48,
            numbers=(notation or self.notations[0]) == "numeric",
            coordinates=self.picture_coordinates,
        )
