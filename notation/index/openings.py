"""Opening names: the federations' ballot and opening tables, and the opening a game's
main line reaches.

Each table is a data file of this package (``openings/<game>-<table>.tsv``) whose header
names the table and its source. A line gives an entry's code, its moves from the standard
start in the game's numeric notation (or, for an entry that is a position set up on the
board, its FEN), its name and a note (``barred``, for a three-move ballot left out of the
tournament deck). The tables kept:

- English draughts: the American Checker Federation's numbering of the 174 three-move
  openings (ACF #1-#174; 156 in the tournament deck, 18 barred).
- Russian draughts: the IDF Drawing Table 64 and the FMJD Drawing Table 64.
- Brazilian draughts: the same two tables, less the entries their sources leave out for
  Brazilian draughts.

Other games have no table here: no public table of international draughts openings was
found, and Kavaleria, Keny, Knight Fight and Cheversi have no federation table.

An entry is matched by the position its moves reach, not by the order of the moves, so a
game that reaches a ballot's position by another order (``11-15 22-17 9-14`` for ACF #38,
``9-14 22-17 11-15``) gets that ballot.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import cache
from importlib.resources import files
from typing import NamedTuple

from notation.games.base import AnyGame, IllegalMove, Move, Position, SetupError
from notation.games.registry import get_game
from notation.index.keys import position_key

__all__ = [
    "Opening",
    "Table",
    "digest",
    "opening_at",
    "opening_of",
    "opening_of_line",
    "positions",
    "tables",
]

TABLE_FILES: dict[str, tuple[str, ...]] = {
    "english": ("english-acf",),
    "russian": ("russian-idf", "russian-fmjd"),
    "brazilian": ("brazilian-idf", "brazilian-fmjd"),
}
"""Each game's table files, in the order their entries are preferred."""


class Opening(NamedTuple):
    """An entry of an opening table."""

    code: str
    """The entry's code in its table (``"5"`` for ACF #5, ``"1-III"``)."""
    name: str | None
    """Its name, where the table gives one (``"Dreaded Edinburgh"``)."""
    moves: tuple[str, ...]
    """Its moves from the standard start in the game's numeric notation; empty for an
    entry that is a position set up on the board (see ``setup``)."""
    source: str
    """The table's name (``"ACF three-move ballots"``, ``"IDF Drawing Table 64"``)."""
    note: str = ""
    """What the table says besides (``"barred"``: left out of the tournament deck)."""
    setup: str | None = None
    """The entry's FEN when it is a position set up on the board rather than moves."""


class Table(NamedTuple):
    """An opening table of one game, as its data file gives it."""

    name: str
    source: str
    """Where the table is published."""
    game: str
    openings: tuple[Opening, ...]


class _Index(NamedTuple):
    """A game's tables, found by position."""

    by_position: dict[Position, tuple[Opening, ...]]
    depth: int
    """The most plies of any entry: a line is read no further."""


def tables(game_name: str) -> tuple[Table, ...]:
    """The opening tables of the game called ``game_name`` (none for most games)."""
    return tuple(_read_table(stem) for stem in TABLE_FILES.get(game_name, ()))


def opening_of(
    game_name: str, moves: Sequence[str], *, start: Position | None = None
) -> Opening | None:
    """The opening a main line reaches: the entry of the game's tables whose position is
    reached by the most plies of ``moves`` (the main line's move texts, as the game reads
    them: ``22-18``, ``22x18``, ``c3-d4``), played from ``start`` (the standard start by
    default; a record's setup position may itself be a table's entry). Among entries of
    one position, the one whose moves are the line's own order comes first, then the
    tables' order. ``None`` when no position of the line is in a table, or the game has
    no table; reading stops at the first text that is no legal move.

    Raises ``KeyError`` for a game the toolkit does not know.
    """
    if game_name not in TABLE_FILES:
        get_game(game_name)
        return None
    game = get_game(game_name)
    index = _index(game_name)
    position = game.start({}) if start is None else start
    found = index.by_position.get(position)
    advance = game.advancer()
    played: list[str] = []
    for text in moves[: index.depth]:
        try:
            move, after = advance(position, text)
        except IllegalMove:
            break
        played.append(game.format_move(position, move, "numeric"))
        position = after
        here = index.by_position.get(position)
        if here is not None:
            found = tuple(sorted(here, key=lambda entry: entry.moves != tuple(played)))
    return None if found is None else found[0]


def opening_of_line(
    game: AnyGame,
    line: Sequence[tuple[Position, Move]],
    end: Position,
    numeric: Sequence[str] | None = None,
) -> Opening | None:
    """:func:`opening_of` of a main line of legal moves, given as the position before each
    move with the move (``line``, a validator's ``main_line``) and the position after the
    last (``end``): the same answer, from the line's own positions. ``numeric``: the
    line's moves in numeric notation (:meth:`~notation.games.base.Game.format_line`), when
    the caller has them."""
    if game.name not in TABLE_FILES:
        return None
    index = _index(game.name)
    by_position = index.by_position
    first = by_position.get(line[0][0] if line else end)
    found = None if first is None else first[0]
    last = min(len(line), index.depth)
    played: tuple[str, ...] | None = None
    for ply in range(last):
        here = by_position.get(line[ply + 1][0] if ply + 1 < len(line) else end)
        if here is not None:
            found = here[0]
            if len(here) == 1:
                continue
            # Several entries: the first whose moves are the line's own order, if any.
            if played is None:
                written = game.format_line(line[:last], "numeric") if numeric is None else numeric
                played = tuple(written[:last])
            prefix = played[: ply + 1]
            for entry in here:
                if entry.moves == prefix:
                    found = entry
                    break
    return found


def opening_at(game_name: str, position: Position) -> Opening | None:
    """The entry of the game's tables that is ``position`` (the first in the tables'
    order), ``None`` when none is or the game has no table."""
    if game_name not in TABLE_FILES:
        return None
    found = _index(game_name).by_position.get(position)
    return None if found is None else found[0]


def digest() -> str:
    """A digest of every table's data file: what an index that keeps the tables'
    positions (:func:`positions`) compares to know they are still these."""
    hashed = hashlib.blake2b(digest_size=16)
    for stems in TABLE_FILES.values():
        for stem in stems:
            hashed.update(files("notation.index").joinpath("openings", f"{stem}.tsv").read_bytes())
    return hashed.hexdigest()


def positions(game_name: str, salt: bytes) -> dict[int, Opening]:
    """The entry :func:`opening_at` gives for each position of the game's tables, by the
    position's key in the index of ``salt`` (:func:`notation.index.keys.position_key`)."""
    if game_name not in TABLE_FILES:
        return {}
    game = get_game(game_name)
    return {
        position_key(game, position, salt): found[0]
        for position, found in _index(game_name).by_position.items()
    }


@cache
def _index(game_name: str) -> _Index:
    game = get_game(game_name)
    by_position: dict[Position, list[Opening]] = {}
    depth = 0
    set_up: dict[str, Position] = {}  # the tables of a game share most of their setups
    for table in tables(game_name):
        for entry in table.openings:
            if entry.setup is not None and entry.setup in set_up:
                position = set_up[entry.setup]
            else:
                position = _position(game, entry, table.name)
                if entry.setup is not None:
                    set_up[entry.setup] = position
            by_position.setdefault(position, []).append(entry)
            depth = max(depth, len(entry.moves))
    return _Index({key: tuple(value) for key, value in by_position.items()}, depth)


def _position(game: AnyGame, entry: Opening, table: str) -> Position:
    """The position an entry stands for; a ``ValueError`` for an entry its game refuses
    (a defect of the data file)."""
    try:
        if entry.setup is not None:
            return game.start({"FEN": entry.setup})
        position = game.start({})
        for text in entry.moves:
            _, position = game.advance(position, text)
        return position
    except (IllegalMove, SetupError) as error:
        raise ValueError(f"{table} {entry.code}: {error}") from None


@cache
def _read_table(stem: str) -> Table:
    path = f"openings/{stem}.tsv"
    text = files("notation.index").joinpath("openings", f"{stem}.tsv").read_text("utf-8")
    header: dict[str, str] = {}
    rows: list[Opening] = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("#"):
            key, colon, value = line[1:].strip().partition(":")
            if colon and key in ("table", "source", "game"):
                header[key] = value.strip()
            continue
        fields = line.split("\t")
        if len(fields) != 5 or not fields[0] or bool(fields[1]) == bool(fields[2]):
            raise ValueError(f"{path}:{number}: not code, moves or setup, name, note")
        code, line_moves, setup, name, note = fields
        rows.append(
            Opening(
                code,
                name or None,
                tuple(line_moves.split()),
                header.get("table", stem),
                note,
                setup or None,
            )
        )
    missing = {"table", "source", "game"} - header.keys()
    if missing:
        raise ValueError(f"{path}: the header does not give {', '.join(sorted(missing))}")
    return Table(header["table"], header["source"], header["game"], tuple(rows))
