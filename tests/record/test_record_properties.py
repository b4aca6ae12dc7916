"""Property tests: write-then-read keeps every record; no input makes the reader raise."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.record import grammar as grammar_module
from notation.record.grammar import parse_game
from notation.record.jsonform import dumps, loads
from notation.record.model import RESULTS, Comment, Line, Ply, Record, Tag
from notation.record.reader import read_records, read_string
from notation.record.writer import same_record, write_record, write_records

MOVES = [
    "22-18", "18x11", "26x17x10", "1x10", "06-11", "c3-d4", "c3xe5", "c3:e5", "a3b4",
    "C3-D4", "C3xE4xE2", "c3-c5-e5", "d4xd6xf6", "C1", "J10", "E5/B7", "07", "77/33",
    "Ke4", "Nd5", "Крe1", "Фd1", "♔e4", "♞g8",
]  # fmt: skip
SUFFIXES = ["", "!", "?", "!!", "??", "!?", "?!", "(!?!!!)", "(?)"]
NOT_IN_LINES = "\n\r"

names = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True)
one_line = st.text(st.characters(blacklist_characters=NOT_IN_LINES, codec="utf-8"), max_size=20)
brace_text = st.text(st.characters(blacklist_characters="{}\r", codec="utf-8"), max_size=25).filter(
    lambda t: not any(line.lstrip(" \t").startswith("[") for line in t.split("\n")[1:])
)
comments = st.one_of(
    st.builds(Comment, brace_text, st.just("brace")),
    st.builds(Comment, one_line, st.just("line")),
    st.builds(Comment, one_line, st.just("escape")),
)
numbers = st.one_of(
    st.none(),
    st.integers(1, 200).flatmap(lambda n: st.sampled_from([f"{n}.", f"{n}...", f"{n}. ..."])),
)


def lines(depth: int) -> st.SearchStrategy[Line]:
    variations = st.just([]) if depth == 0 else st.lists(lines(depth - 1), max_size=2)
    plies = st.builds(
        Ply,
        st.sampled_from(MOVES),
        number=numbers,
        suffix=st.sampled_from(SUFFIXES),
        nags=st.lists(st.integers(0, 255), max_size=2),
        comments=st.lists(comments, max_size=2),
        variations=variations,
    )
    return st.builds(
        Line,
        plies=st.lists(plies, max_size=6 if depth else 3),
        comments=st.lists(comments, max_size=2),
    )


@st.composite
def records(draw, *, separable: bool = False) -> Record:
    """A record; ``separable`` ones (tags and a result) can follow one another in a file."""
    tags = draw(
        st.lists(
            st.builds(Tag, names, one_line),
            min_size=separable,
            max_size=4,
            unique_by=lambda tag: tag.name,
        )
    )
    moves = draw(lines(2))
    results = st.sampled_from(RESULTS)
    result = draw(results if separable else st.one_of(st.none(), results))
    trailing = draw(st.lists(comments, max_size=2)) if result else []
    record = Record(tags=tags, moves=moves, result=result, trailing=trailing)
    empty = not (tags or moves.plies or moves.comments or result)
    return Record(result="*") if empty else record


@settings(max_examples=150, deadline=None)
@given(records())
def test_write_then_read_gives_the_same_record(record):
    text = write_record(record)
    [again] = read_string(text)
    assert again.diagnostics == [], text
    assert same_record(again, record), text
    assert write_record(again) == text


@settings(max_examples=40, deadline=None)
@given(st.lists(records(separable=True), min_size=1, max_size=4))
def test_many_records_write_then_read(batch):
    stream = io.StringIO()
    write_records(batch, stream)
    again = read_string(stream.getvalue())
    assert len(again) == len(batch)
    assert all(r.diagnostics == [] for r in again)
    assert all(same_record(a, b) for a, b in zip(again, batch, strict=True))
    assert [r.index for r in again] == list(range(1, len(batch) + 1))


FRAGMENTS = [
    '[Event "x"]', "[Event", '"', "\\", "\n", "\r\n", "\r", " ", "1.", "12...", "1. ...",
    "22-18", "1-1", "1-0", "*", "1/2-1/2", "(", ")", "{", "}", "{c}", ";", "%", "$", "$3",
    "!?", "(?)", "x23", "C3xE4", "Ke4", "♔", "07/", "\ufeff", "\x00", "[", "]", "-", "x",
]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(st.text(max_size=80), st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("".join))
)
def test_no_text_makes_the_reader_raise(text):
    records = read_string(text)
    for record in records:
        for diagnostic in record.diagnostics:
            assert diagnostic.line >= 1 and diagnostic.column >= 1
    parse_game(text)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=80))
def test_no_bytes_make_the_reader_raise(data):
    list(read_records(io.BytesIO(data)))


# Records with odd values here and there, many of which PDN cannot hold: write_record must
# refuse those, and write every other one so that it reads back equal.
TOKEN_PIECES = [*MOVES, "1-0", "1-1", "*", "x", "-", ":", "/", " ", "\n", "[", "{", ";", "9"]
any_text = st.one_of(
    st.text(max_size=12),
    st.lists(st.sampled_from([*TOKEN_PIECES, *FRAGMENTS]), max_size=4).map("".join),
)


def mostly(usual: st.SearchStrategy, odd: st.SearchStrategy) -> st.SearchStrategy:
    """``usual`` values, and now and then an ``odd`` one."""
    return st.integers(0, 24).flatmap(lambda n: odd if n == 0 else usual)


any_comments = st.lists(
    mostly(comments, st.builds(Comment, any_text, st.sampled_from(["brace", "line", "escape"]))),
    max_size=2,
)


def any_lines(depth: int) -> st.SearchStrategy[Line]:
    variations = st.just([]) if depth == 0 else st.lists(any_lines(depth - 1), max_size=2)
    plies = st.builds(
        Ply,
        mostly(st.sampled_from(MOVES), st.one_of(st.sampled_from(TOKEN_PIECES), any_text)),
        number=mostly(numbers, any_text),
        suffix=mostly(st.sampled_from(SUFFIXES), any_text),
        nags=st.lists(mostly(st.integers(0, 300), st.integers()), max_size=2),
        comments=any_comments,
        variations=variations,
    )
    return st.builds(Line, plies=st.lists(plies, max_size=5), comments=any_comments)


any_records = st.builds(
    Record,
    tags=st.lists(st.builds(Tag, mostly(names, any_text), mostly(one_line, any_text)), max_size=3),
    moves=any_lines(2),
    result=mostly(st.one_of(st.none(), st.sampled_from(RESULTS)), any_text),
    trailing=st.one_of(st.just([]), any_comments),
)


@settings(max_examples=400, deadline=None)
@given(any_records)
def test_any_record_write_accepts_reads_back_equal(record):
    try:
        text = write_record(record)
    except ValueError as error:
        assert str(error).startswith("game 1: ")
        return
    [again] = read_string(text)
    assert again.diagnostics == [], text
    assert same_record(again, record), text


@settings(max_examples=200, deadline=None)
@given(st.lists(any_records, min_size=1, max_size=3))
def test_any_json_that_loads_accepts_writes_pdn_that_reads_back_the_same(batch):
    document = json.loads(dumps(batch))
    try:
        loaded = loads(json.dumps(document))
    except ValueError as error:
        assert str(error).startswith("document.records[")
        return
    for record in loaded:
        [again] = read_string(write_record(record))
        assert again.diagnostics == []
        assert same_record(again, record)


def written(record: Record) -> str:
    """The text of ``record``, or ``""`` for one that cannot be written."""
    try:
        return write_record(record)
    except ValueError:
        return ""


def read_by_the_grammar(text: str) -> list[Record]:
    """The records of ``text`` with every game read by the full grammar."""
    from unittest import mock

    from notation.record import grammar

    with (
        mock.patch.object(grammar, "_plain", lambda text: None),
        mock.patch.object(grammar, "_commented", lambda text: None),
    ):
        return read_string(text)


@pytest.mark.skipif(
    not grammar_module.__file__.endswith(".py"),
    reason="patches the grammar's shortcut functions, which the compiled build calls directly",
)
@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        any_records.map(written),
        records().map(write_record),
        st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("".join),
    )
)
def test_the_shortcuts_read_every_text_as_the_grammar_does(text):
    assert repr(read_string(text)) == repr(read_by_the_grammar(text))
