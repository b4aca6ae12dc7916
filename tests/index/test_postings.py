"""Positions packed by chunks and buckets (:mod:`notation.index.postings`): every
position found again by its key, with its game and ply, whatever the chunk's size."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from notation.index import postings
from notation.index.schema import open_index


@pytest.mark.parametrize(
    ("count", "rows", "bits"),
    [(1, 1, 0), (50, 1, 0), (3000, 16, 4), (20_000, 256, 8), (70_000, 4096, 12)],
)
def test_every_position_is_found_by_its_key(
    tmp_path: Path, count: int, rows: int, bits: int
) -> None:
    rng = random.Random(count)
    keys = [rng.randrange(-(2**63), 2**63) for _ in range(count)]
    # One position reached by ten games (or by the one), the extreme keys among them.
    keys[count // 2 : count // 2 + 10] = [keys[0]] * len(keys[count // 2 : count // 2 + 10])
    keys[-1:] = [-(2**63)] if count > 1 else keys[-1:]
    places = [rng.randrange(postings.CHUNK) for _ in range(count)]
    plies = [rng.randrange(300) for _ in range(count)]
    first = 1_000_003
    packed = postings.pack(first, keys, places, plies)
    assert (len(packed), packed[0][0]) == (rows, bits)
    db = open_index(str(tmp_path / "index.sqlite"), create=True)
    with db.transaction():
        postings.store(db, packed)
    held = list(zip(keys, places, plies, strict=True))
    assert sorted(postings.every(db)) == sorted((first + p, ply, k) for k, p, ply in held)
    for key in [*rng.sample(keys, min(count, 40)), keys[0], keys[-1], 2**63 - 1]:
        firsts: dict[int, int] = {}
        for k, p, ply in held:
            if k == key:
                firsts[first + p] = min(ply, firsts.get(first + p, ply))
        assert postings.reached(db, key) == firsts
    # A game that reaches a key at several plies, written in any order: its least.
    again = postings.pack(first, [5, 5, 5, 6], [7, 7, 8, 7], [30, 2, 9, 1])
    with db.transaction():
        postings.store(db, again)
    assert postings.reached(db, 5) == {first + 7: 2, first + 8: 9}
    assert postings.reached(db, 5, skip={first}) == {}
    with db.transaction():
        postings.drop(db, first, first)
    assert list(postings.every(db)) == []
    db.close()


def test_the_keys_met_often_are_those_a_count_finds() -> None:
    """``often`` of the sorted positions gives the keys (signed) met at least so many
    times, as counting them does, the extreme keys and runs at the list's ends included."""
    rng = random.Random(5)
    pool = [-(2**63), 2**63 - 1, -1, 0, *(rng.randrange(-(2**63), 2**63) for _ in range(40))]
    keys = [rng.choice(pool) for _ in range(400)] + [
        rng.randrange(-(2**63), 2**63) for _ in range(99)
    ]
    places = [rng.randrange(postings.CHUNK) for _ in keys]
    plies = [rng.randrange(300) for _ in keys]
    ordered = postings.ordered(keys, places, plies)
    for least in (1, 2, 8, 12, 30):
        expected = {key for key in set(keys) if keys.count(key) >= least}
        assert postings.often(ordered, least) == expected
    assert postings.often(postings.ordered([5] * 7, [1] * 7, range(7)), 8) == set()
    assert postings.often(postings.ordered([-5] * 8, [1] * 8, range(8)), 8) == {-5}
