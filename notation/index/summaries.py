"""What the tree of a position counts, kept by chunk of games so that a position reached
by many games is answered without reading them back.

For each chunk of games (:mod:`notation.index.postings`: at most
:data:`~notation.index.postings.CHUNK` consecutive games of one file) and each position
key that at least :data:`LEAST` of its games reach, ``summaries`` holds one row: for each
move played from the position (its id in ``moves``; 0 when the main line ends there) and
each result (the game's, ``*`` when it has none), how many of the chunk's games reach it
(each once, at the first ply it does) and how many of those have an error. A game whose
setup sets a position up (:func:`notation.index.keys.set_up`) is counted in none:
``tree`` replays it to the position. A key rarer in a chunk is not summarized there: its
games are read back from ``games`` (fewer than :data:`LEAST` a chunk). A chunk's rows go
with its games' rows, in the same transaction (:func:`drop`), so a file indexed again or
removed takes its counts with it.

A row's ``results`` is the JSON list of the results it counts, and its ``counts`` four
numbers a move and result (the move, the result's place in ``results``, the games, those
with an error), written as :func:`notation.index.keys.pack_ids` writes ids.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain, compress

from notation.index.db import Database, IndexDamaged
from notation.index.keys import pack_ids, unpack_ids

LEAST = 8
"""Games of a chunk that reach a key, at least, for the key to be summarized there."""

Row = tuple[int, int, str, bytes]
"""A row of ``summaries``: ``key``, ``first``, ``results``, ``counts``."""


@dataclass(slots=True)
class Tally:
    """The games of one chunk, gathered to be summarized (:meth:`rows`)."""

    first: int
    """The id of the chunk's first game."""
    lines: list[tuple[Sequence[int], Sequence[int], str, bool]] = field(default_factory=list)
    """Each game of the chunk whose positions are indexed: its keys (the start's first),
    its moves (ids), its result and whether it has an error."""

    def add(self, keys: Sequence[int], moves: Sequence[int], result: str, errors: bool) -> None:
        """A game of the chunk: its positions' keys and main line's moves."""
        self.lines.append((keys, moves, result or "*", errors))

    def rows(self, often: set[int] | None = None) -> list[Row]:
        """The row of every key reached by at least :data:`LEAST` games of the chunk;
        ``often``, when given, holds the keys met at least that many times in all."""
        # A key met fewer times than that in all is reached by fewer games: only the
        # others are counted game by game (a game that comes back to one counts once).
        if often is None:
            met = Counter(chain.from_iterable(keys for keys, _, _, _ in self.lines))
            often = set(compress(met, map(LEAST.__le__, met.values())))
        counts: dict[int, dict[tuple[int, str], list[int]]] = {}
        games: dict[int, int] = {}
        for keys, moves, result, errors in self.lines:
            for key in often.intersection(keys):
                ply = keys.index(key)
                move = moves[ply] if ply < len(moves) else 0
                count = counts.setdefault(key, {}).setdefault((move, result), [0, 0])
                count[0] += 1
                count[1] += errors
                games[key] = games.get(key, 0) + 1
        return [
            _row(key, self.first, by_move)
            for key, by_move in sorted(counts.items())
            if games[key] >= LEAST
        ]


def _row(key: int, first: int, by_move: dict[tuple[int, str], list[int]]) -> Row:
    results = sorted({result for _, result in by_move})
    place = {result: i for i, result in enumerate(results)}
    numbers = [
        number
        for (move, result), (games, errors) in sorted(by_move.items())
        for number in (move, place[result], games, errors)
    ]
    return key, first, json.dumps(results, ensure_ascii=False), pack_ids(numbers)


def store(db: Database, rows: list[Row]) -> None:
    """Write the rows :meth:`Tally.rows` made."""
    db.executemany("INSERT INTO summaries (key, first, results, counts) VALUES (?, ?, ?, ?)", rows)


def drop(db: Database, low: int, high: int) -> None:
    """Remove the rows of the chunks of the games ``low`` to ``high``."""
    db.execute("DELETE FROM summaries WHERE first BETWEEN ? AND ?", (low, high))


@dataclass(slots=True)
class Counted:
    """The counts of one key over the chunks that summarize it."""

    chunks: set[int] = field(default_factory=set)
    """The first game of each chunk summarized: its games are counted here."""
    moves: dict[int, dict[str, int]] = field(default_factory=dict)
    """Games by move (0: the main line ends there) and result."""
    games: int = 0
    errors: int = 0
    """Games counted that have an error."""


def counted(db: Database, key: int) -> Counted:
    """The counts of ``key`` kept in ``summaries``; :class:`~notation.index.db.IndexDamaged`
    when a row is not as :meth:`Tally.rows` writes it."""
    found = Counted()
    rows = db.execute("SELECT first, results, counts FROM summaries WHERE key = ?", (key,))
    for first, results, counts in rows:
        found.chunks.add(first)
        try:
            named = json.loads(results)
        except (TypeError, ValueError):
            named = None
        numbers = unpack_ids(bytes(counts))
        if (
            not isinstance(named, list)
            or not all(isinstance(result, str) for result in named)
            or len(numbers) % 4
            or not all(map(range(len(named)).__contains__, numbers[1::4]))
        ):
            raise IndexDamaged(db, "a row of summaries cannot be read")
        for at in range(0, len(numbers), 4):
            move, result, games, errors = numbers[at : at + 4]
            by_result = found.moves.setdefault(move, {})
            by_result[named[result]] = by_result.get(named[result], 0) + games
            found.games += games
            found.errors += errors
    return found
