"""What the index keeps of a game, made from validate's one replay of it, and the writer
that stores it.

An :class:`Entry` holds plain values only, so that a worker process can make it
(:func:`notation.index.entries.entry_of`) and send it back. :class:`Store`
writes entries (the one writer, under the index's writer lock), giving each game, setup
and move its id.
"""

from __future__ import annotations

import contextlib
import gc
import json
import sys
from array import array
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import chain, islice

from notation.index import places, postings, summaries, tagged
from notation.index.db import Database, IndexDamaged
from notation.index.keys import Stamp, pack_ids, set_up
from notation.index.schema import salt
from notation.index.texts import Texts

SETUP_TAGS = ("FEN", "Layout", "Notation", "Rules")
"""The tags a game reads its start from (besides those that name the game): games with
the same values of these share a setup."""

KEPT_IDS = 16_384
"""Values of each dictionary (setups, moves, tag values) whose ids the writer keeps, at
most: the others are looked up, so that its memory does not grow with the index."""


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The block run with Python's cyclic collector paused, then as it was: for work that
    makes many small acyclic objects and keeps large lists alive, which the collector would
    walk over and over for nothing (reference counting still frees everything)."""
    collecting = gc.isenabled()
    if collecting:
        gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


@dataclass(slots=True)
class Entry:
    """One game as the index keeps it: plain values and bytes, cheap to send from a
    worker process to the writer."""

    number: int
    """Its number in its file (1-based)."""
    line: int
    game: str | None
    """The game it was judged as; ``None`` for a game type not supported."""
    setup: str
    """Its setup tags (:data:`SETUP_TAGS`), as JSON."""
    result: str
    """The movetext's result, else the ``Result`` tag's, else empty."""
    tags: tuple[tuple[str, str], ...]
    """Its tags as ``find --tag`` and ``find --player`` compare them: each name once, with
    its first value, case folded."""
    errors: int
    codes: str
    """Every diagnostic code of its report, sorted, separated by blanks."""
    illegal: int | None
    """The first illegal ply of the main line, if any."""
    plies: int
    """Plies written in the main line."""
    moves: str
    """The main line's legal moves, in the game's default notation, separated by blanks."""
    keys: bytes
    """The key of the start and of the position after each legal move
    (:func:`notation.index.keys.position_keys`: 8 bytes each)."""
    text: str | None
    """The record's text as read; ``None`` when not kept."""
    opening: tuple[str, str, str | None] | None = None
    """The opening its main line reaches (:func:`notation.index.openings.opening_of`):
    its table, code and name."""

    def __reduce__(self) -> tuple[type[Entry], tuple[object, ...]]:
        # Pickled as its fields in order: cheaper both ways than a slotted dataclass's state.
        return Entry, (
            self.number,
            self.line,
            self.game,
            self.setup,
            self.result,
            self.tags,
            self.errors,
            self.codes,
            self.illegal,
            self.plies,
            self.moves,
            self.keys,
            self.text,
            self.opening,
        )


@dataclass(frozen=True, slots=True)
class Counted:
    """What storing one file did."""

    added: int
    removed: int


class Store:
    """The one writer's view of an index: files, games and their positions, written
    under the writer's lock (:meth:`notation.index.db.Database.writer`)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.salt = salt(db)
        """The secret the index's keys are made from."""
        self.reload()

    def reload(self) -> None:
        """Start again from what the index holds: after a transaction rolled back, ids
        and dictionaries given in it are free again."""
        db = self.db
        self.texts = Texts(db)
        self._setups = Ids(db, "setups", "game", "tags")
        self._moves = Ids(db, "moves", "game", "text")
        self._tag_values = Ids(db, "tagvalues", "name", "value")
        self._openings: dict[tuple[str, str, str], int] = {
            (game, source, code): id_
            for id_, game, source, code in db.execute("SELECT id, game, source, code FROM openings")
        }
        self._next_opening = max(self._openings.values(), default=0) + 1
        self._packed: dict[str, tuple[dict[str, int], dict[str, bytes]]] = {}
        """Moves' ids, alone and packed (:func:`~notation.index.keys.pack_ids`), by game
        and text: at most :data:`KEPT_IDS` of them."""
        self._packed_count = 0
        self._next_game = max(_next(db, "games"), _next_game(db))
        self._next_file = _next(db, "files")

    def files(self) -> dict[bytes, tuple[int, bytes, str, Stamp]]:
        """Every file indexed: its id, content digest, settings and stamp, by its own name
        (bytes)."""
        rows = self.db.execute(
            "SELECT source, id, digest, settings, size, mtime, ctime, inode FROM files"
        )
        return {
            bytes(source): (id_, bytes(digest), settings, (size, mtime, ctime, inode))
            for source, id_, digest, settings, size, mtime, ctime, inode in rows
        }

    def restamp(self, file: int, stamp: Stamp) -> None:
        """Record the stamp of a file found unchanged (its content read again): ``find``
        then tells it unchanged without reading it."""
        with self.db.transaction():
            self.db.execute(
                "UPDATE files SET size = ?, mtime = ?, ctime = ?, inode = ? WHERE id = ?",
                (*stamp, file),
            )

    def drop(self, file: int) -> int:
        """Remove a file and its games (to be called in a transaction); the games removed.

        Its games' positions, summaries, places and tags go by the range of their ids (a
        file's games have consecutive ids, :meth:`add_games`)."""
        span = self.db.execute(
            "SELECT count(*), min(id), max(id) FROM games WHERE file = ?", (file,)
        )
        count, low, high = span.fetchone() or (0, None, None)
        removed = int(count)
        if removed:
            postings.drop(self.db, low, high)
            summaries.drop(self.db, low, high)
            places.drop(self.db, low, high)
            tagged.drop(self.db, low, high)
        self.db.execute("DELETE FROM games WHERE file = ?", (file,))
        self.db.execute("DELETE FROM files WHERE id = ?", (file,))
        return removed

    def add_file(self, path: str, source: bytes, digest: bytes, stamp: Stamp, settings: str) -> int:
        """Record a file (to be called in a transaction, its games then added): ``path`` as
        shown, ``source`` its own name; its id."""
        file = self._next_file
        self._next_file += 1
        self.db.execute(
            "INSERT INTO files "
            "(id, path, source, digest, size, mtime, ctime, inode, settings, games) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)",
            (file, path, source, digest, *stamp, settings),
        )
        return file

    def add_games(self, file: int, entries: Iterable[Entry]) -> int:
        """Store the games of a file (in the transaction that added it); how many. Its
        games get consecutive ids, their positions stored by chunks of
        :data:`~notation.index.postings.CHUNK` games, with the chunks' summaries
        (:mod:`notation.index.summaries`) and the games' places
        (:mod:`notation.index.places`)."""
        # Storing makes many small acyclic objects and keeps large lists alive (a chunk's
        # positions).
        with collector_paused():
            return self._add_games(file, entries)

    def _add_games(self, file: int, entries: Iterable[Entry]) -> int:
        games: list[tuple[object, ...]] = []
        texts: list[str | None] = []
        chunk = _Chunk(self._next_game)
        tally = summaries.Tally(self._next_game)
        tags = tagged.Chunk(self._next_game)
        low = self._next_game
        count = 0
        for entry in entries:
            game = self._next_game
            self._next_game += 1
            count += 1
            setup = mainline = None
            moves = entry.moves.split()
            if entry.game is not None and entry.keys:
                # A game whose setup is invalid has no start: no setup, no positions.
                setup = self._setups.id(entry.game, entry.setup)
                mainline, ids = self._mainline(entry.game, moves)
            games.append(
                (
                    game,
                    file,
                    entry.line,
                    entry.number,
                    entry.game,
                    setup,
                    entry.result,
                    entry.errors,
                    entry.codes,
                    entry.illegal,
                    entry.plies,
                    len(moves),
                    None if entry.opening is None else self._opening(entry.game, *entry.opening),
                    mainline,
                )
            )
            texts.append(entry.text)
            if game - chunk.first == postings.CHUNK:
                _store_chunk(self.db, chunk, tally, tags)
                chunk = _Chunk(game)
                tally = summaries.Tally(game)
                tags = tagged.Chunk(game)
            if setup is not None:
                chunk.add(game, entry.keys)
                if entry.setup == "{}" or not set_up(json.loads(entry.setup)):
                    tally.add(_keys(entry.keys), ids, entry.result, entry.errors > 0)
            tags.add(game, self._tag_values.ids(entry.tags))
            if len(games) >= 1000:
                self._flush(games, texts)
        self._flush(games, texts)
        _store_chunk(self.db, chunk, tally, tags)
        places.store(self.db, file, low, self._next_game - 1)
        self.db.execute("UPDATE files SET games = ? WHERE id = ?", (count, file))
        self.db.execute(
            "INSERT INTO meta (key, value) VALUES ('next_game', ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (str(self._next_game),),
        )
        return count

    def _flush(self, games: list[tuple[object, ...]], texts: list[str | None]) -> None:
        for values in (self._setups, self._moves, self._tag_values):
            values.write()
        self.db.executemany(
            "INSERT INTO games (id, file, line, number, game, setup, result, errors, codes, "
            "illegal, plies, replayed, opening, mainline, text, packing) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            map(tuple.__add__, games, self.texts.pack_all(texts)),
        )
        games.clear()
        texts.clear()

    def _mainline(self, game: str, moves: list[str]) -> tuple[bytes, list[int]]:
        """The ids of ``moves``, moves of ``game`` (added if new): packed as
        :func:`~notation.index.keys.pack_ids` packs them, and as numbers."""
        known = self._packed.get(game)
        if known is None:
            known = self._packed[game] = ({}, {})
        ids, packed = known
        try:
            return b"".join(map(packed.__getitem__, moves)), list(map(ids.__getitem__, moves))
        except KeyError:
            pass
        found = []
        for move in moves:
            number = ids.get(move)
            if number is None:
                if self._packed_count >= KEPT_IDS:
                    self._packed.clear()
                    self._packed_count = 0
                    ids, packed = self._packed[game] = ({}, {})
                number = ids[move] = self._moves.id(game, move)
                packed[move] = pack_ids([number])
                self._packed_count += 1
            found.append(number)
        try:
            return b"".join(map(packed.__getitem__, moves)), found
        except KeyError:  # the kept ids were let go part way
            return pack_ids(found), found

    def _opening(self, game: str | None, source: str, code: str, name: str | None) -> int:
        """The id of an opening of ``game``'s table ``source``, added if new."""
        known = (game or "", source, code)
        found = self._openings.get(known)
        if found is None:
            found = self._next_opening
            self._next_opening += 1
            self.db.execute(
                "INSERT INTO openings (id, game, source, code, name) VALUES (?, ?, ?, ?, ?)",
                (found, *known, name),
            )
            self._openings[known] = found
        return found


class Ids:
    """The ids of the values of a dictionary of the index (``setups``, ``moves``,
    ``tagvalues``: an id, and two text columns unique together), given by the one
    writer. The ids of the last :data:`KEPT_IDS` values met are kept; others are looked
    up in the table. New values are inserted together by :meth:`write` (the writer calls
    it before it inserts games)."""

    def __init__(self, db: Database, table: str, first: str, second: str) -> None:
        self.db = db
        self._select = f"SELECT id FROM {table} WHERE {first} = ? AND {second} = ?"
        self._insert = f"INSERT INTO {table} (id, {first}, {second}) VALUES (?, ?, ?)"
        self._next = _next(db, table)
        self._new: list[tuple[int, str, str]] = []
        """Values given an id and not yet inserted (:meth:`write`)."""
        self._kept: dict[tuple[str, str], int] = {}
        self._whole = self._next == 1
        """Whether every value of the table is kept (it was empty and none has been let
        go): a value not kept is then not in the table either."""

    def id(self, first: str, second: str) -> int:
        """The id of (``first``, ``second``), added if new (in the writer's transaction)."""
        found = self._kept.get((first, second))
        if found is None:
            found = self.find(first, second)
            if found is None:
                found = self._next
                self._next += 1
                self._new.append((found, first, second))
                self._keep((first, second), found)
        return found

    def write(self) -> None:
        """Insert the values given an id since the last call."""
        if self._new:
            self.db.executemany(self._insert, self._new)
            self._new.clear()

    def ids(self, values: Iterable[tuple[str, str]]) -> list[int]:
        """:meth:`id` of each of ``values``, in order."""
        get = self._kept.get
        found = []
        for value in values:
            number = get(value)
            found.append(self.id(*value) if number is None else number)
        return found

    def find(self, first: str, second: str) -> int | None:
        """The id of (``first``, ``second``); ``None`` when it has none."""
        found = self._kept.get((first, second))
        if found is None:
            if self._whole:
                return None
            row = self.db.execute(self._select, (first, second)).fetchone()
            if row is None:
                return None
            found = int(row[0])
            self._keep((first, second), found)
        return found

    def _keep(self, value: tuple[str, str], found: int) -> None:
        kept = self._kept
        if len(kept) >= KEPT_IDS:
            # The quarter kept longest goes: a value still met is looked up once more (in
            # the table: the values not yet inserted are inserted first).
            self.write()
            self._whole = False
            for old in list(islice(kept, max(1, KEPT_IDS // 4))):
                del kept[old]
        kept[value] = found


class _Chunk:
    """The positions of a run of consecutive games, gathered to be packed
    (:func:`notation.index.postings.pack`)."""

    def __init__(self, first: int) -> None:
        self.first = first
        self.keys = array("Q")
        """The positions' keys, unsigned."""
        self.lows: list[range] = []
        """Their places and plies, a range a game
        (:func:`notation.index.postings.reached_at`)."""

    def add(self, game: int, keys: bytes) -> None:
        """The keys of a game's positions, the start's first
        (:func:`notation.index.keys.position_keys`)."""
        self.keys.frombytes(keys)
        self.lows.append(postings.reached_at(game - self.first, len(keys) // 8))

    def ordered(self) -> list[int]:
        """Its positions as :func:`notation.index.postings.ordered` gives them."""
        if sys.byteorder == "big":
            self.keys.byteswap()  # the keys are written little-endian
        return postings.by_key(self.keys, chain.from_iterable(self.lows))


def _store_chunk(db: Database, chunk: _Chunk, tally: summaries.Tally, tags: tagged.Chunk) -> None:
    """Write the positions of a chunk and their summaries, from one sort of them, and its
    games' tags."""
    ordered = chunk.ordered()
    postings.store(db, postings.pack_sorted(chunk.first, ordered))
    summaries.store(db, tally.rows(postings.often(ordered, summaries.LEAST)))
    tagged.store(db, tags.rows())


def _next(db: Database, table: str) -> int:
    """The next free id of ``table``: ids are given by the one writer, never reused
    while a row holds them."""
    row = db.execute(f"SELECT max(id) FROM {table}").fetchone()
    return (row[0] if row and row[0] is not None else 0) + 1


def _next_game(db: Database) -> int:
    """The next game id that ``meta`` keeps (1 when it keeps none);
    :class:`~notation.index.db.IndexDamaged` when it is not a number."""
    row = db.execute("SELECT value FROM meta WHERE key = 'next_game'").fetchone()
    if row is None:
        return 1
    try:
        return int(row[0])
    except (TypeError, ValueError):
        raise IndexDamaged(db, "its next game id cannot be read") from None


def _keys(data: bytes) -> array[int]:
    """The keys :func:`~notation.index.keys.position_keys` wrote, as numbers."""
    keys = array("q", data)
    if sys.byteorder == "big":
        keys.byteswap()  # written little-endian
    return keys
