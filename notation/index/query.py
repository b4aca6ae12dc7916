"""Questions to an index: the games matching ``select``'s filters (:func:`find`), and the
moves played from a position (:func:`tree`), answered from the index alone.

A position is found as ``select --position`` finds it: the ``FEN`` is read in each game
and setup the index holds (the tags a game reads its start from), and a game matches
when its main line, as validate replayed it, reaches that position
(:meth:`~notation.games.base.Game.identity`), by any move order.
"""

from __future__ import annotations

import fnmatch
import json
import os
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Container, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import compress, groupby, islice, repeat
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from notation.games.base import AnyGame, IllegalMove, Position, SetupError
from notation.games.registry import GAMES
from notation.index import postings, summaries, tagged
from notation.index.db import Database, IndexDamaged, Malformed
from notation.index.keys import (
    Stamp,
    digest_file,
    nth_id,
    pack_ids,
    position_key,
    set_up,
    stamp_of,
    unpack_ids,
)
from notation.index.schema import salt
from notation.index.target import Base

if TYPE_CHECKING:
    # Read only by the questions that need them (find and tree import this module).
    from notation.index.openings import Opening
    from notation.index.patterns import MaterialSpec, Pattern
    from notation.index.places import Places


@dataclass(frozen=True, slots=True)
class Query:
    """What ``find`` looks for: ``select``'s filters (as ``notation select`` reads them,
    :mod:`notation.archive.select`) and the players; a field left at its default does not
    filter."""

    result: str | None = None
    """The result: the movetext's, else the ``Result`` tag's."""
    tags: tuple[tuple[str, str], ...] = ()
    """(tag name, shell pattern): the tag's value matches the pattern, case ignored."""
    variant: str | None = None
    """The game the record was judged as."""
    plies: tuple[int | None, int | None] | None = None
    """The plies written in the main line are at least the first, at most the second."""
    opening: tuple[str, ...] = ()
    """The main line's first moves, as written in any of the game's notations."""
    position: str | None = None
    """A ``FEN``: the position, side to move included, occurs in the main line."""
    errors: bool | None = None
    """True: the game has an error diagnostic; False: it has none."""
    code: str | None = None
    """The game has a diagnostic of this code."""
    player: str | None = None
    """A player of either colour: a name, or a shell pattern; case ignored."""
    material: MaterialSpec | None = None
    """A position of the main line (the start included) has these men and kings."""
    pattern: Pattern | None = None
    """A position of the main line gives this pattern (and the material, when both are
    asked, in the same position)."""


@dataclass(slots=True)
class Hit:
    """A game found: where it is, and the first ply its main line reaches the position
    asked for, else the first ply whose position gives the material and pattern asked
    for (``None`` without a filter of positions)."""

    path: str
    line: int
    index: int
    ply: int | None
    id: int
    opening: tuple[str, str | None] | None = None
    """The code and name of the opening its main line reaches, found when it was indexed
    (:func:`notation.index.openings.opening_of`)."""


@dataclass(slots=True)
class Found:
    """What :func:`find` found."""

    games: list[Hit] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    """Source files of games found that changed since they were indexed."""
    gone: list[str] = field(default_factory=list)
    """Source files of games found that are gone since they were indexed."""


@dataclass(slots=True)
class Batch:
    """Games found in one file, in the order of their numbers there: a column for each of
    their places (:class:`Hit`)."""

    path: str
    lines: Sequence[int]
    numbers: Sequence[int]
    plies: Sequence[int] | None
    """The ply of each (:attr:`Hit.ply`); ``None`` without a filter of positions."""
    openings: Sequence[int]
    """The opening of each, a key of :attr:`Answer.openings`."""
    ids: Iterable[int]
    """The id of each (read once)."""


@dataclass(slots=True)
class Answer:
    """What :func:`search` found: the games, read from the index batch by batch as
    :attr:`batches` is iterated (once, while the index is open)."""

    batches: Iterator[Batch]
    """The games in the order of their files' paths and their numbers there."""
    openings: dict[int, tuple[str, str | None] | None]
    """The code and name of each opening a batch gives (0: none)."""
    changed: list[str]
    """Source files of games found that changed since they were indexed."""
    gone: list[str] = field(default_factory=list)
    """Source files of games found that are gone since they were indexed."""

    def read(self) -> None:
        """Read the batches left from the index now, so that writing them out cannot fail
        on the index."""
        self.batches = iter(list(self.batches))

    def hits(self) -> list[Hit]:
        """Every game of the batches left, each as a :class:`Hit`."""
        named = self.openings
        return [
            Hit(batch.path, line, number, ply, id_, named[opening])
            for batch in self.batches
            for line, number, ply, id_, opening in zip(
                batch.lines,
                batch.numbers,
                repeat(None) if batch.plies is None else batch.plies,
                batch.ids,
                batch.openings,
                strict=False,
            )
        ]


def _setups(
    db: Database, variant: str | None, fen: str | None = None
) -> list[tuple[int, AnyGame, dict[str, str]]]:
    """Each setup the index holds (of ``variant``, when given; of a game that may read
    ``fen``, when given): id, game, setup tags."""
    held = (
        [variant]
        if variant is not None
        else [name for (name,) in db.execute("SELECT DISTINCT game FROM setups")]
    )
    names = [
        name for name in held if name in GAMES and (fen is None or GAMES[name].fen_possible(fen))
    ]
    if not names:
        return []
    rows = db.execute(
        f"SELECT id, game, tags FROM setups WHERE game IN ({', '.join('?' * len(names))}) "
        "ORDER BY id",
        names,
    )
    return [(id_, GAMES[name], json.loads(tags)) for id_, name, tags in rows]


@dataclass(slots=True)
class Targets:
    """The keys of a position read in each setup held (:func:`targets`)."""

    keys: dict[int, list[int]]
    """Each key, with the setups the position was read in to give it."""
    read: dict[int, tuple[AnyGame, dict[str, str], Position]]
    """The game, the tags and the position read there, by setup."""
    checked: set[int]
    """The setups that set a position up (:func:`set_up`): their games are replayed."""


def targets(db: Database, variant: str | None, fen: str) -> Targets:
    """The keys of the position ``fen`` read in each setup held (of ``variant``), each
    with the setups it was read in."""
    secret = salt(db)
    found = Targets({}, {}, set())
    for id_, game, tags in _setups(db, variant, fen):
        try:
            position = game.start({**tags, "FEN": fen})
        except SetupError:
            continue
        found.keys.setdefault(position_key(game, position, secret), []).append(id_)
        found.read[id_] = (game, tags, position)
        if set_up(tags):
            found.checked.add(id_)
    return found


class _Check:
    """Games replayed from their stored main line to the position asked for, where a key
    alone does not tell them: those of the setups :attr:`checked` (:func:`set_up`), and
    every game of a key that another position is found to have (:meth:`shared`)."""

    def __init__(
        self,
        db: Database,
        read: dict[int, tuple[AnyGame, dict[str, str], Position]],
        checked: set[int],
    ) -> None:
        self.db = db
        self.read = read
        self.checked = checked
        self.moves: dict[str, dict[int, str]] = {}

    def ply(self, game_id: int, setup: int) -> int | None:
        """The first ply at which the main line of the game ``game_id`` (of the setup
        ``setup``, one of :attr:`read`) reaches the position asked for, as ``select
        --position`` compares positions; ``None`` when it never does."""
        game, tags, wanted = self.read[setup]
        row = self.db.execute("SELECT mainline FROM games WHERE id = ?", (game_id,)).fetchone()
        texts = self.moves.get(game.name)
        if texts is None:
            rows = self.db.execute("SELECT id, text FROM moves WHERE game = ?", (game.name,))
            texts = self.moves[game.name] = dict(rows.fetchall())
        words = _words(self.db, texts, bytes(row[0])) if row else []
        untagged = {name: value for name, value in tags.items() if name != "Notation"}
        position = game.start_record(untagged, words)
        identity = game.identity
        target = identity(wanted)
        advance = game.advancer()
        try:
            for ply in range(len(words) + 1):
                if identity(position) == target:
                    return ply
                if ply < len(words):
                    position = advance(position, words[ply])[1]
        except IllegalMove:
            raise IndexDamaged(self.db, _UNPLAYABLE) from None
        return None

    def shared(self, games: Iterable[tuple[int, int]], setups: Container[int]) -> bool:
        """Whether the key that ``games`` (id, and the first ply each meets the key at)
        reach is another position's as well: the first of them of one of ``setups``, read
        and not :attr:`checked`, is replayed, and is somewhere else at that ply."""
        met = iter(games)
        while some := dict(islice(met, 500)):
            rows = self.db.execute(
                f"SELECT id, setup FROM games WHERE id IN ({', '.join('?' * len(some))})",
                list(some),
            )
            found = dict(rows.fetchall())
            for game_id, ply in some.items():
                setup = found.get(game_id)
                if setup in setups and setup in self.read and setup not in self.checked:
                    return self.ply(game_id, setup) != ply
        return False

    def kept(
        self, first: int, where: Sequence[int], plies: Sequence[int], setups: Sequence[int]
    ) -> tuple[Sequence[int], Sequence[int]]:
        """The places ``where`` in the chunk of ``first`` (with their ``plies``) of the
        games that reach the position asked for, those of the setups checked replayed
        (each with the ply it first does)."""
        checked = self.checked
        if checked.isdisjoint(_picked(setups, where)):
            return where, plies
        places: list[int] = []
        reached: list[int] = []
        for place, ply in zip(where, plies, strict=True):
            setup = setups[place]
            if setup in checked:
                found = self.ply(first + place, setup)
                if found is None:
                    continue
                ply = found
            places.append(place)
            reached.append(ply)
        return places, reached


def _words(db: Database, texts: Mapping[int, str], line: bytes) -> list[str]:
    """The moves of the main line ``line`` as stored (ids in ``moves``, whose texts are
    ``texts``); :class:`IndexDamaged` when one is not there."""
    try:
        return [texts[move] for move in unpack_ids(line)]
    except KeyError:
        raise IndexDamaged(db, _MISSING_MOVE) from None


_MISSING_MOVE = "a move of its games is missing"
"""What is damaged in an index whose games name a move it does not hold."""

_UNPLAYABLE = "a game's main line cannot be replayed"
"""What is damaged in an index whose game's stored main line has an illegal move."""

_MOST = 2**63 - 1
"""The largest integer both databases hold."""


def find(db: Database, query: Query, base: Base | None = None) -> Found:
    """The games matching every filter of ``query``, in the order of their files and
    their numbers there; their files are looked at from ``base`` (default: the current
    folder) to tell those changed or gone."""
    answer = search(db, query, base)
    return Found(answer.hits(), answer.changed, answer.gone)


def search(db: Database, query: Query, base: Base | None = None) -> Answer:
    """The games matching every filter of ``query`` (:func:`find`), as batches read as
    they are asked for: a position alone (of a game, or of any) is answered from the
    postings and the chunks' places, and filters naming games by id alone (the player,
    the tags, the opening, or none) from the places, without a row of ``games`` for each
    game."""
    at = base or Base()
    if query.position is not None and query == Query(
        position=query.position, variant=query.variant
    ):
        return _by_position(db, targets(db, query.variant, query.position), at)
    if query == Query(tags=query.tags, player=query.player, opening=query.opening):
        chosen = _chosen(db, query)
        return _placed(db, None if chosen is None else sorted(chosen), at)
    return _answer(db, _rows(db, query), at)


def _chosen(db: Database, query: Query, reached: set[int] | None = None) -> set[int] | None:
    """The games that the filters of ``query`` that name games by their ids (the player,
    the opening, the tags) and ``reached`` (when given) all let through; ``None``: every
    game (no such filter)."""
    opened = None if not query.opening else _opening(db, query.variant, query.opening)
    players = None if query.player is None else _players(db, query.player)
    tagged = [_tagged(db, name, pattern) for name, pattern in query.tags]
    candidates: set[int] | None = None
    for chosen_ids in (reached, players, opened, *tagged):
        if chosen_ids is not None:
            candidates = chosen_ids if candidates is None else candidates & chosen_ids
    return candidates


def _rows(db: Database, query: Query) -> list[tuple[int, int, int, int | None, int, int | None]]:
    """(file, number, line, ply, id, opening) of each game matching every filter of
    ``query``, in no order."""
    chosen = query
    where: list[str] = []
    params: list[object] = []
    reached: set[int] | None = None
    # The first ply each game reaches the position at, by the key read in its setup.
    wanted: dict[int, dict[int, int]] = {}
    check = None
    if chosen.position is not None:
        aimed = targets(db, chosen.variant, chosen.position)
        check = _Check(db, aimed.read, aimed.checked)
        for key, setups in aimed.keys.items():
            firsts = postings.reached(db, key)
            if check.shared(firsts.items(), setups):
                check.checked.update(setups)
            for setup in setups:
                wanted[setup] = firsts
        reached = {game for firsts in wanted.values() for game in firsts}
    if chosen.variant is not None:
        where.append("g.game = ?")
        params.append(chosen.variant)
    if chosen.result is not None:
        where.append("g.result = ?")
        params.append(chosen.result)
    if chosen.plies is not None:
        # Bounds past a 64-bit integer (which the databases refuse) held within it: no
        # game has that many plies, so the answers are the same.
        low, high = (None if n is None else max(-_MOST, min(n, _MOST)) for n in chosen.plies)
        if low is not None:
            where.append("g.plies >= ?")
            params.append(low)
        if high is not None:
            where.append("g.plies <= ?")
            params.append(high)
    if chosen.errors is not None:
        where.append("g.errors > 0" if chosen.errors else "g.errors = 0")
    if chosen.code is not None:
        where.append("(' ' || g.codes || ' ') LIKE ?")
        params.append(f"% {chosen.code} %")
    candidates = _chosen(db, chosen, reached)
    scan = None
    if chosen.material is not None or chosen.pattern is not None:
        scan = _Scan(db, chosen.material, chosen.pattern)
        where.append("g.setup IS NOT NULL")
        if chosen.pattern is not None:
            where.append("g.game = ?")
            params.append(chosen.pattern.game)
    sql = "SELECT g.id, g.file, g.line, g.number, g.setup, g.opening, " + (
        "g.mainline FROM games g" if scan is not None else "NULL FROM games g"
    )
    # (file, number, line, ply, id, opening) of each game found.
    chosen_rows: list[tuple[int, int, int, int | None, int, int | None]] = []
    unreached: dict[int, int] = {}
    for id_, file, line, number, setup, opening, moves in _games(
        db, sql, where, params, candidates
    ):
        ply: int | None = None
        if reached is not None:
            ply = wanted.get(setup, unreached).get(id_)
            if ply is not None and check is not None and setup in check.checked:
                ply = check.ply(id_, setup)
            if ply is None:
                continue
        if scan is not None:
            first = scan.first(setup, bytes(moves))
            if first is None:
                continue
            ply = first if ply is None else ply
        chosen_rows.append((file, number, line, ply, id_, opening))
    return chosen_rows


def _answer(
    db: Database, rows: list[tuple[int, int, int, int | None, int, int | None]], base: Base
) -> Answer:
    """The games of ``rows`` ((file, number, line, ply, id, opening)) in the order of their
    files' paths and their numbers there, and the files that changed."""
    openings = _openings(db)
    files = _files(db, sorted({row[0] for row in rows}))
    # Sorted here: the databases order text by different collations.
    rank = {file: place for place, file in enumerate(sorted(files, key=lambda f: files[f][:2]))}
    rows.sort(key=lambda row: rank[row[0]] << 32 | row[1])

    def batches() -> Iterator[Batch]:
        for file, group in groupby(rows, key=lambda row: row[0]):
            some = list(group)
            plies = [row[3] for row in some if row[3] is not None]
            yield Batch(
                files[file][0],
                [row[2] for row in some],
                [row[1] for row in some],
                plies or None,
                [row[5] or 0 for row in some],
                [row[4] for row in some],
            )

    return Answer(batches(), openings, *_changes(files, base))


def _by_position(db: Database, aimed: Targets, base: Base) -> Answer:
    """The games reaching the position of ``aimed`` from one of the setups it was read
    in, each with the first ply it does: the postings of each key give the games' places
    in their chunks, whose rows of ``places`` give the rest (a game of a setup checked is
    replayed)."""
    check = _Check(db, aimed.read, aimed.checked)
    found: dict[int, list[tuple[Sequence[int], Sequence[int], set[int]]]] = {}
    for key, setups in aimed.keys.items():
        allowed = set(setups)
        met = sorted(postings.chunks(db, key), key=itemgetter(0))
        for first, where, plies in met:
            found.setdefault(first, []).append((where, plies, allowed))
        games = (
            (first + place, ply)
            for first, where, plies in met
            for place, ply in zip(where, plies, strict=True)
        )
        if check.shared(games, allowed):
            check.checked.update(allowed)
    chunks = sorted(found)
    of_file: dict[int, int] = {}
    for start in range(0, len(chunks), 500):
        some = chunks[start : start + 500]
        of_file.update(
            db.execute(
                f"SELECT first, file FROM places WHERE first IN ({', '.join('?' * len(some))})",
                some,
            ).fetchall()
        )
    chunks, files = _in_file_order(db, of_file)

    def batches() -> Iterator[Batch]:
        for first in chunks:
            chunk = _chunk(db, first, of_file[first])
            kept = [
                _of_setups(where, plies, allowed, chunk.setups)
                for where, plies, allowed in found[first]
            ]
            if len(kept) == 1:
                where, plies = kept[0]
            else:
                # Positions of several keys: a game's setup reads the position as one.
                pairs = sorted(pair for some in kept for pair in zip(*some, strict=True))
                where, plies = [pair[0] for pair in pairs], [pair[1] for pair in pairs]
            if check.checked:
                where, plies = check.kept(first, where, plies, chunk.setups)
            if where:
                pick = _picker(where)
                yield Batch(
                    files[chunk.file][0],
                    pick(chunk.lines),
                    pick(chunk.numbers),
                    plies,
                    pick(chunk.openings),
                    map(first.__add__, where),
                )

    return Answer(batches(), _openings(db), *_changes(files, base))


def _placed(db: Database, ids: list[int] | None, base: Base) -> Answer:
    """The games ``ids`` (ascending; ``None``: every game) in the order of their files'
    paths and their numbers there, from the rows of ``places`` of their chunks, without
    a row of ``games`` for each game."""
    held = db.execute("SELECT first, file FROM places ORDER BY first").fetchall()
    # The places in its chunk of each game asked for, by chunk (None: all its games).
    wanted: dict[int, Sequence[int] | None] = {}
    if ids is None:
        wanted = dict.fromkeys(first for first, _ in held)
    else:
        # Each chunk ends where the next begins, the last past every id.
        ends = [first for first, _ in held[1:]] + [_MOST] * bool(held)
        for (first, _), end in zip(held, ends, strict=True):
            low, high = bisect_left(ids, first), bisect_left(ids, end)
            if low < high:
                wanted[first] = [id_ - first for id_ in ids[low:high]]
    of_file = {first: file for first, file in held if first in wanted}
    chunks, files = _in_file_order(db, of_file)

    def batches() -> Iterator[Batch]:
        for first in chunks:
            chunk = _chunk(db, first, of_file[first])
            count = len(chunk.lines)
            where = wanted[first]
            path = files[chunk.file][0]
            if where is None:
                yield Batch(
                    path,
                    chunk.lines,
                    chunk.numbers,
                    None,
                    chunk.openings,
                    range(first, first + count),
                )
                continue
            if where[-1] >= count:
                # Ids past the chunk's games name none (no game row is left there either).
                where = [place for place in where if place < count]
            if where:
                pick = _picker(where)
                yield Batch(
                    path,
                    pick(chunk.lines),
                    pick(chunk.numbers),
                    None,
                    pick(chunk.openings),
                    map(first.__add__, where),
                )

    return Answer(batches(), _openings(db), *_changes(files, base))


def _of_setups(
    where: Sequence[int], plies: Sequence[int], allowed: set[int], setups: Sequence[int]
) -> tuple[Sequence[int], Sequence[int]]:
    """The places ``where`` (with their ``plies``) of the games whose setup (in
    ``setups``, by place) is ``allowed``."""
    theirs = _picked(setups, where)
    if allowed.issuperset(theirs):
        return where, plies
    chosen = list(map(allowed.__contains__, theirs))
    return list(compress(where, chosen)), list(compress(plies, chosen))


def _picked(column: Sequence[int], where: Sequence[int]) -> Sequence[int]:
    """The items of ``column`` at the places ``where``."""
    return _picker(where)(column)


def _picker(where: Sequence[int]) -> Callable[[Sequence[int]], Sequence[int]]:
    """What gives the items of a column at the places ``where`` (made once for the
    columns of a chunk)."""
    if len(where) == 1:
        place = where[0]
        return lambda column: [column[place]]
    return itemgetter(*where)


def _openings(db: Database) -> dict[int, tuple[str, str | None] | None]:
    """The code and name of each opening of the index by id (0: none)."""
    openings: dict[int, tuple[str, str | None] | None] = {0: None}
    openings.update(
        (id_, (code, name)) for id_, code, name in db.execute("SELECT id, code, name FROM openings")
    )
    return openings


def _in_file_order(
    db: Database, of_file: dict[int, int]
) -> tuple[list[int], dict[int, tuple[str, bytes, Stamp, bytes]]]:
    """The chunks of ``of_file`` (a chunk's first game id -> its file's id) in the order of
    their files' paths, then of their games, and the files' rows (:func:`_files`)."""
    files = _files(db, sorted(set(of_file.values())))
    # Sorted here: the databases order text by different collations.
    rank = {file: place for place, file in enumerate(sorted(files, key=lambda f: files[f][:2]))}
    return sorted(of_file, key=lambda first: (rank[of_file[first]], first)), files


def _chunk(db: Database, first: int, file: int) -> Places:
    """The row of ``places`` of the chunk whose first game is ``first``, in ``file``."""
    row = db.execute("SELECT data FROM places WHERE first = ?", (first,)).fetchone()
    assert row is not None  # written with the chunk's games
    return _unpacked(db, file, bytes(row[0]))


def _unpacked(db: Database, file: int, data: bytes) -> Places:
    """:func:`notation.index.places.unpack` of a row of ``places`` of ``file``;
    :class:`IndexDamaged` when it is not as the index writes it."""
    from notation.index import places

    try:
        return places.unpack(file, data)
    except Malformed as error:
        raise IndexDamaged(db, f"{error} cannot be read") from None


def _files(db: Database, ids: list[int]) -> dict[int, tuple[str, bytes, Stamp, bytes]]:
    """The path as shown, own name, stamp and digest of the files ``ids``, by id."""
    files: dict[int, tuple[str, bytes, Stamp, bytes]] = {}
    for start in range(0, len(ids), 500):
        some = ids[start : start + 500]
        files.update(
            (id_, (path, bytes(source), (size, mtime, ctime, inode), bytes(digest)))
            for id_, path, source, size, mtime, ctime, inode, digest in db.execute(
                "SELECT id, path, source, size, mtime, ctime, inode, digest FROM files "
                f"WHERE id IN ({', '.join('?' * len(some))})",
                some,
            )
        )
    return files


def _changes(
    files: dict[int, tuple[str, bytes, Stamp, bytes]], base: Base
) -> tuple[list[str], list[str]]:
    """The paths (as shown) of ``files`` that changed since they were indexed, and of those
    gone, each looked at from ``base``."""
    found = {
        path: _changed(base.located(source), stamp, digest)
        for path, source, stamp, digest in files.values()
    }
    return (
        sorted(path for path, state in found.items() if state == "changed"),
        sorted(path for path, state in found.items() if state == "gone"),
    )


class _Scan:
    """The main lines of games replayed from their stored moves, to find the first
    position that gives a material spec and a pattern."""

    def __init__(
        self, db: Database, material: MaterialSpec | None, pattern: Pattern | None
    ) -> None:
        from notation.index import patterns

        self.db = db
        self.patterns = patterns
        self.material = material
        self.pattern = pattern
        self.setups = {id_: (game, tags) for id_, game, tags in _setups(db, None)}
        self.moves: dict[str, dict[int, str]] = {}

    def first(self, setup: int, line: bytes) -> int | None:
        """The first ply of the main line (its setup, its moves as stored) whose position
        gives what is asked; ``None`` when none does."""
        if setup not in self.setups:
            return None
        game, tags = self.setups[setup]
        if self.material is not None and game.name not in self.patterns.MATERIAL_GAMES:
            return None
        texts = self.moves.get(game.name)
        if texts is None:
            rows = self.db.execute("SELECT id, text FROM moves WHERE game = ?", (game.name,))
            texts = self.moves[game.name] = dict(rows.fetchall())
        words = _words(self.db, texts, line)
        untagged = {name: value for name, value in tags.items() if name != "Notation"}
        position = game.start_record(untagged, words)
        advance = game.advancer()
        try:
            for ply in range(len(words) + 1):
                if self._gives(game, position):
                    return ply
                if ply < len(words):
                    position = advance(position, words[ply])[1]
        except IllegalMove:
            raise IndexDamaged(self.db, _UNPLAYABLE) from None
        return None

    def _gives(self, game: AnyGame, position: Position) -> bool:
        if self.material is not None:
            counted = self.patterns.material_of(game, position)
            if not self.material.admits(counted):
                return False
        return self.pattern is None or self.patterns.matches(self.pattern, game, position)


def _games(
    db: Database, sql: str, where: list[str], params: list[object], ids: set[int] | None
) -> Iterable[tuple[Any, ...]]:
    """The rows of ``sql`` that meet every condition of ``where``, among the games
    ``ids`` when given (asked for a few hundred at a time), else among all."""
    if ids is None:
        yield from db.execute(sql + (" WHERE " + " AND ".join(where) if where else ""), params)
        return
    chosen = sorted(ids)
    for start in range(0, len(chosen), 500):
        some = chosen[start : start + 500]
        conditions = [f"g.id IN ({', '.join('?' * len(some))})", *where]
        yield from db.execute(sql + " WHERE " + " AND ".join(conditions), [*some, *params])


def _opening(db: Database, variant: str | None, words: tuple[str, ...]) -> set[int]:
    """The games whose main line starts with the moves ``words``, read as ``select
    --opening`` reads them from each setup's start: the games of that setup whose stored
    moves start with those."""
    from notation.check.dialects import NO_DIALECTS
    from notation.check.replay import read_ply

    games: set[int] = set()
    for setup, game, tags in _setups(db, variant):
        untagged = {name: value for name, value in tags.items() if name != "Notation"}
        try:
            position = game.start_record(untagged, words)
        except SetupError:
            continue
        ids: list[int] = []
        for word in words:
            try:
                move, after = read_ply(game, position, word, NO_DIALECTS)
            except IllegalMove:
                break
            text = game.format_move(position, move)
            row = db.execute(
                "SELECT id FROM moves WHERE game = ? AND text = ?", (game.name, text)
            ).fetchone()
            if row is None:
                break
            ids.append(row[0])
            position = after
        else:
            start = pack_ids(ids)
            rows = db.execute(
                "SELECT id FROM games WHERE setup = ? AND substr(mainline, 1, ?) = ?",
                (setup, len(start), start),
            )
            games.update(row[0] for row in rows)
    return games


def _players(db: Database, name: str) -> set[int]:
    """The games one of whose players is ``name`` (a shell pattern), case ignored: the
    first ``White`` or ``Black`` tag of a game names a player unless it is empty."""
    folded = name.casefold()
    if not _text(folded) or not folded:
        return set()
    if not any(mark in folded for mark in "*?["):
        rows = db.execute(
            "SELECT t.first, t.games FROM tagged t JOIN tagvalues v ON v.id = t.value "
            "WHERE v.name IN ('White', 'Black') AND v.value = ?",
            (folded,),
        )
        return _tag_games(db, rows)
    values = db.execute(
        "SELECT id, value FROM tagvalues WHERE name IN ('White', 'Black') AND value <> ''"
    )
    return _tagged_as(db, [id_ for id_, value in values if fnmatch.fnmatchcase(value, folded)])


def _tagged(db: Database, name: str, pattern: str) -> set[int]:
    """The games whose first tag ``name`` has a value matching the shell pattern
    ``pattern``, case ignored, as ``select --tag`` matches it."""
    folded = pattern.casefold()
    if not _text(folded):
        return set()
    if not any(mark in folded for mark in "*?["):
        rows = db.execute(
            "SELECT t.first, t.games FROM tagged t JOIN tagvalues v ON v.id = t.value "
            "WHERE v.name = ? AND v.value = ?",
            (name, folded),
        )
        return _tag_games(db, rows)
    values = db.execute("SELECT id, value FROM tagvalues WHERE name = ?", (name,))
    return _tagged_as(db, [id_ for id_, value in values if fnmatch.fnmatchcase(value, folded)])


def has_tag(db: Database, name: str) -> bool:
    """Whether an indexed game has the tag ``name`` (its name as written)."""
    if not _text(name):
        return False
    return (
        db.execute("SELECT 1 FROM tagvalues WHERE name = ? LIMIT 1", (name,)).fetchone() is not None
    )


def tag_names(db: Database) -> list[str]:
    """The names of the tags the indexed games have, sorted case ignored."""
    names = [name for (name,) in db.execute("SELECT DISTINCT name FROM tagvalues")]
    return sorted(names, key=str.casefold)


def _tagged_as(db: Database, values: list[int]) -> set[int]:
    """The games with a tag value among ``values`` (ids in ``tagvalues``)."""
    rows: list[tuple[int, bytes]] = []
    for start in range(0, len(values), 500):
        some = values[start : start + 500]
        rows += db.execute(
            f"SELECT first, games FROM tagged WHERE value IN ({', '.join('?' * len(some))})",
            some,
        ).fetchall()
    return _tag_games(db, rows)


def _tag_games(db: Database, rows: Iterable[tuple[int, bytes]]) -> set[int]:
    """:func:`notation.index.tagged.games` of ``rows``; :class:`IndexDamaged` when one is
    not as the index writes it."""
    try:
        return tagged.games(rows)
    except Malformed as error:
        raise IndexDamaged(db, f"{error} cannot be read") from None


def _text(asked: str) -> bool:
    """Whether ``asked`` is text an index can hold: an argument's byte that is not UTF-8
    comes as a lone surrogate, which names no stored value (and which a database driver
    refuses to send)."""
    try:
        asked.encode()
    except UnicodeEncodeError:
        return False
    return True


def _changed(path: bytes, stamp: Stamp, digest: bytes) -> str | None:
    """``"gone"`` when no file is at ``path`` (its own name) any more, ``"changed"`` when
    it differs from what was indexed (or cannot be read), ``None`` when it is unchanged:
    its stamp is the one indexed, else its digest is."""
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return "gone"
    except OSError:
        return "changed"
    if stamp_of(info) == stamp:
        return None
    try:
        return None if digest_file(path)[0] == digest else "changed"
    except OSError:
        return "changed"


def texts(db: Database, hits: Iterable[Hit]) -> list[str | None]:
    """The text of each game found, as read when it was indexed (``None``: not kept)."""
    from notation.index.texts import Texts

    packed = Texts(db)
    ids = [hit.id for hit in hits]
    stored: dict[int, tuple[bytes, int]] = {}
    for start in range(0, len(ids), 500):
        some = ids[start : start + 500]
        rows = db.execute(
            "SELECT id, text, packing FROM games "
            f"WHERE id IN ({', '.join('?' * len(some))}) AND text IS NOT NULL",
            some,
        )
        stored.update((id_, (text, packing)) for id_, text, packing in rows)
    return [None if id_ not in stored else packed.unpack(*stored[id_]) for id_ in ids]


@dataclass(frozen=True, slots=True)
class Branch:
    """A move of the tree: its text, its games, and their results."""

    move: str
    games: int
    results: dict[str, int]


@dataclass(frozen=True, slots=True)
class Tree:
    """The moves played from a position in the games indexed."""

    game: AnyGame
    position: Position
    games: int
    """Games whose main line reaches the position, counted once each."""
    moves: list[Branch]
    ended: int
    """Games whose main line ends there."""
    left_out: int
    """Games of the variant with an error that do not reach the position."""
    notation: str | None = None
    """The notation the moves and the position are written in (``None``: the game's
    first)."""
    opening: Opening | None = None
    """The entry of the game's opening tables that is this position, if any."""

    def as_json(self) -> dict[str, Any]:
        """The tree as ``tree --format json`` writes it."""
        named = self.opening
        return {
            "position": self.game.fen(self.position, self.notation),
            "opening": None if named is None else {"code": named.code, "name": named.name},
            "games": self.games,
            "moves": [{"move": b.move, "games": b.games, "results": b.results} for b in self.moves],
            "summary": {"ended": self.ended, "left_out_for_errors": self.left_out},
        }


class NoPosition(ValueError):
    """The position asked for cannot be read in the game (the message says why)."""


def single_start(game: AnyGame) -> bool:
    """Whether ``game`` has one start, set up by no tag: else (Knight Fight, whose
    ``Layout`` tag numbers the squares) a game's start is its tags', and a position written
    without them (a FEN) stands for one in each start."""
    try:
        game.start({})
    except SetupError:
        return False
    return True


def tree(
    db: Database,
    game: AnyGame,
    *,
    moves: tuple[str, ...] = (),
    fen: str | None = None,
    notation: str | None = None,
    start: Mapping[str, str] | None = None,
) -> Tree:
    """The moves played from the position ``fen``, or the one ``moves`` reach from the
    game's start, in the games indexed; each move counted once per game (at the first
    time its main line reaches the position), written in ``notation``, most played
    first. ``start`` holds the tags that set the start up, for a game without a single
    one (:func:`single_start`): only the games of that start are looked at."""
    from notation.check.dialects import NO_DIALECTS
    from notation.check.replay import read_ply

    secret = salt(db)
    keys: dict[int, Position] = {}
    problems: list[str] = []
    read: dict[int, tuple[AnyGame, dict[str, str], Position]] = {}
    set_ups: set[int] = set()
    base = None
    if start is not None:
        try:
            base = game.start(start)
        except SetupError as error:
            raise NoPosition(str(error)) from None
    chosen: list[int] = []
    for setup, same, tags in _setups(db, game.name) or [(0, game, dict(start or {}))]:
        if base is not None and _start_of(same, tags) != base:
            continue
        chosen.append(setup)
        if set_up(tags):
            set_ups.add(setup)
        try:
            if fen is not None:
                position = same.start({**tags, "FEN": fen})
            else:
                untagged = {k: v for k, v in tags.items() if k not in ("FEN", "Notation")}
                position = same.start_record(untagged, moves)
                for word in moves:
                    position = read_ply(same, position, word, NO_DIALECTS)[1]
        except (SetupError, IllegalMove) as error:
            problems.append(str(error))
            continue
        keys.setdefault(position_key(game, position, secret), position)
        read[setup] = (same, tags, position)
    if not keys:
        raise NoPosition(problems[0] if problems else "no position")
    # Each game once, at the first ply it reaches the position (a repetition reaches it
    # again), with the move its main line plays there: from the chunks' summaries where
    # they count the key, else read from the games. A game of a setup that sets a position
    # up is never summarized: it is read and replayed to the position (_Check), as is
    # every game of a key found to be another position's too.
    check = _Check(db, read, set(set_ups))
    counts: Counter[int] = Counter()
    results: dict[int, Counter[str]] = {}
    games = ended = reached_with_errors = 0
    for key in keys:
        met = sorted(postings.chunks(db, key), key=itemgetter(0))
        every = check.shared(
            (
                (first + place, ply)
                for first, where, plies in met
                for place, ply in zip(where, plies, strict=True)
            ),
            read,
        )
        summed = summaries.Counted() if every else summaries.counted(db, key)
        games += summed.games
        reached_with_errors += summed.errors
        for move, by_result in summed.moves.items():
            if move == 0:
                ended += sum(by_result.values())
                continue
            counts[move] += sum(by_result.values())
            results.setdefault(move, Counter()).update(by_result)
        firsts: dict[int, int] = {}
        for first, where, plies in met:
            if first not in summed.chunks:
                firsts.update(zip([first + place for place in where], plies, strict=True))
            elif set_ups:
                setups = _chunk_setups(db, first)
                firsts.update(
                    (first + place, ply)
                    for place, ply in zip(where, plies, strict=True)
                    if setups[place] in set_ups
                )
        rows = _games(
            db,
            "SELECT g.id, g.result, g.errors, g.mainline, g.setup FROM games g",
            ["g.game = ?"],
            [game.name],
            set(firsts),
        )
        for id_, result, errors, line, setup in rows:
            ply = firsts[id_]
            if every or setup in set_ups:
                found = check.ply(id_, setup) if setup in read else None
                if found is None:
                    continue
                ply = found
            games += 1
            reached_with_errors += errors > 0
            played = nth_id(bytes(line), ply)
            if played is None:
                ended += 1
                continue
            counts[played] += 1
            results.setdefault(played, Counter())[result or "*"] += 1
    texts = dict(db.execute("SELECT id, text FROM moves WHERE game = ?", (game.name,)).fetchall())
    if not texts.keys() >= counts.keys():
        raise IndexDamaged(db, _MISSING_MOVE)
    position = next(iter(keys.values()))
    branches = [
        Branch(_written(game, position, texts[move], notation), count, _ordered(results[move]))
        for move, count in counts.items()
    ]
    branches.sort(key=lambda b: (-b.games, b.move))
    if base is None:
        row = db.execute(
            "SELECT count(*) FROM games WHERE game = ? AND errors > 0", (game.name,)
        ).fetchone()
        with_errors = row[0] if row else 0
    else:
        with_errors = 0
        for at in range(0, len(chosen), 500):
            some = chosen[at : at + 500]
            row = db.execute(
                "SELECT count(*) FROM games WHERE game = ? AND errors > 0 "
                f"AND setup IN ({', '.join('?' * len(some))})",
                [game.name, *some],
            ).fetchone()
            with_errors += row[0] if row else 0
    left_out = with_errors - reached_with_errors
    named = _named(db, game.name, next(iter(keys)), position)
    return Tree(game, position, games, branches, ended, left_out, notation, named)


def _start_of(game: AnyGame, tags: Mapping[str, str]) -> Position | None:
    """The start the setup tags ``tags`` set up before any ``FEN`` (``None``: none)."""
    try:
        return game.start({k: v for k, v in tags.items() if k not in ("FEN", "Notation")})
    except SetupError:
        return None


def _chunk_setups(db: Database, first: int) -> Sequence[int]:
    """The setup of each game of the chunk of ``first``, by its place there (0: none)."""
    row = db.execute("SELECT file, data FROM places WHERE first = ?", (first,)).fetchone()
    assert row is not None  # written with the chunk's positions
    return _unpacked(db, row[0], bytes(row[1])).setups


def _named(db: Database, game_name: str, key: int, position: Position) -> Opening | None:
    """The entry of the game's opening tables that is ``position`` (of key ``key``): as
    the index keeps it, when it was read from these tables, else from the tables."""
    from notation.index.openings import Opening, digest, opening_at

    row = db.execute("SELECT value FROM meta WHERE key = 'openings'").fetchone()
    if row is None or row[0] != digest():
        return opening_at(game_name, position)
    found = db.execute(
        "SELECT code, name, moves, source, note, setup FROM named WHERE game = ? AND key = ?",
        (game_name, key),
    ).fetchone()
    if found is None:
        return None
    code, name, moves, source, note, setup = found
    return Opening(code, name, tuple(moves.split()), source, note, setup)


def _ordered(results: Counter[str]) -> dict[str, int]:
    """Counts of results in PDN's order of results (``1-0`` first, ``*`` last)."""
    from notation.record.model import RESULTS

    def order(result: str) -> tuple[int, str]:
        return (RESULTS.index(result) if result in RESULTS else len(RESULTS), result)

    return {result: results[result] for result in sorted(results, key=order)}


def _written(game: AnyGame, position: Position, text: str, notation: str | None) -> str:
    """A move stored (in the game's default notation) written in ``notation``."""
    if notation is None:
        return text
    move = game.parse_move(position, text)
    return game.format_move(position, move, notation)
