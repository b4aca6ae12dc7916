"""The games of each tag value, by chunk (``notation.index.tagged``): the rows written,
and the games read back from them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from notation.index import tagged
from notation.index.postings import CHUNK


def test_a_chunks_rows_hold_each_values_places_in_order_little_endian() -> None:
    chunk = tagged.Chunk(100)
    chunk.add(100, [7, 3])
    chunk.add(101, [3])
    chunk.add(100 + 258, [7])
    chunk.add(100 + CHUNK - 1, [9, 3])
    assert chunk.rows() == [
        (3, 100, b"\x00\x00\x01\x00\xff\x0f"),
        (7, 100, b"\x00\x00\x02\x01"),
        (9, 100, b"\xff\x0f"),
    ]
    assert tagged.games([(100, rows) for value, _, rows in chunk.rows() if value == 3]) == {
        100,
        101,
        100 + CHUNK - 1,
    }


@given(
    st.integers(min_value=1, max_value=1 << 40),
    st.lists(st.sets(st.integers(min_value=1, max_value=20), max_size=6), max_size=60),
)
def test_the_games_read_back_are_those_of_each_value(first: int, tags: list[set[int]]) -> None:
    chunk = tagged.Chunk(first)
    for place, values in enumerate(tags):
        chunk.add(first + place, sorted(values))
    rows = chunk.rows()
    assert [value for value, _, _ in rows] == sorted(set().union(*tags))
    for value, start, data in rows:
        assert start == first
        expected = {first + place for place, values in enumerate(tags) if value in values}
        assert tagged.games([(start, data)]) == expected
