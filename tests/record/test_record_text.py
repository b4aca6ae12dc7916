"""``read_records(..., keep_text=True)``: each record keeps its game's exact source text."""

from __future__ import annotations

from notation.record.model import Record
from notation.record.reader import read_records, read_string

THREE = (
    '[Event "one"]\n'
    "\n"
    "1. 22-18 {a comment\n"
    "over two lines} 11-15 1-0\n"
    "; after the result\n"
    "\n"
    "\n"
    '[Event "two"]\n'
    "1. 22-18 junk 11-15 *\n"
    "\n"
    '[Event "three"]\n'
    "1. 21-17 0-1\n"
)


def test_each_game_keeps_its_text_from_its_first_to_its_last_line():
    one, two, three = read_records(iter([THREE]), keep_text=True)
    assert one.text == (
        '[Event "one"]\n\n1. 22-18 {a comment\nover two lines} 11-15 1-0\n; after the result\n'
    )
    assert two.text == '[Event "two"]\n1. 22-18 junk 11-15 *\n'
    assert [d.message for d in two.diagnostics] == ["unexpected 'junk' in movetext"]
    assert three.text == '[Event "three"]\n1. 21-17 0-1\n'


def test_crlf_input_keeps_text_with_newlines_as_the_reader_sees_them():
    data = THREE.replace("\n", "\r\n").encode()
    records = list(read_records(iter([data]), keep_text=True))
    assert [r.text for r in records] == [
        r.text for r in read_records(iter([THREE]), keep_text=True)
    ]


def test_a_game_that_starts_after_a_result_on_the_same_line():
    first, second = read_records(iter(['1. 22-18 0-1[Event "b"]\n1. 6-11 *\n']), keep_text=True)
    assert first.text == "1. 22-18 0-1"
    assert second.text == '[Event "b"]\n1. 6-11 *\n'


def test_the_last_game_without_a_final_newline():
    [record] = read_records(iter(["\n\n  1. 22-18 *  "]), keep_text=True)
    assert record.text == "  1. 22-18 *  "


def test_text_is_none_unless_asked_and_never_compared():
    [plain] = read_string(THREE)[:1]
    [kept] = list(read_records(iter([THREE]), keep_text=True))[:1]
    assert plain.text is None
    assert kept.text is not None
    assert plain == kept
    assert Record().text is None
