"""The writer: canonical text, wrapping, and the read/write guarantees."""

from __future__ import annotations

import io

import pytest

from notation.record.model import Comment, Line, Ply, Record, Tag
from notation.record.reader import read_string
from notation.record.writer import same_record, write_record, write_records


def full_record() -> Record:
    return Record(
        tags=[Tag("Event", 'The "big" one'), Tag("Site", "C:\\club")],
        moves=Line(
            comments=[Comment("opening", "escape"), Comment(" start ")],
            plies=[
                Ply("22-18", number="1.", suffix="!", nags=[1, 14]),
                Ply(
                    "11-15",
                    suffix="(?)",
                    comments=[Comment(" risky", "line")],
                    variations=[
                        Line(
                            comments=[Comment("instead")],
                            plies=[
                                Ply(
                                    "12-16",
                                    number="1...",
                                    variations=[Line(plies=[Ply("9-13", number="1...")])],
                                ),
                                Ply("24-20", number="2."),
                            ],
                        )
                    ],
                ),
                Ply("18x11", number="2."),
            ],
        ),
        result="1-0",
        trailing=[Comment("end\nof game")],
    )


EXPECTED = """\
[Event "The \\"big\\" one"]
[Site "C:\\\\club"]

%opening
{ start } 1. 22-18! $1 $14 11-15(?) ; risky
( {instead} 1... 12-16 ( 1... 9-13 ) 2. 24-20 ) 2. 18x11 1-0 {end
of game}
"""


def test_canonical_text_exactly():
    assert write_record(full_record()) == EXPECTED


def test_read_back_equals_and_rewrite_is_identical():
    text = write_record(full_record())
    [again] = read_string(text)
    assert again.diagnostics == []
    assert same_record(again, full_record())
    assert write_record(again) == text


def test_no_tags_starts_with_movetext_and_records_are_separated():
    tagless = Record(moves=Line(plies=[Ply("c3-d4", number="1.")]), result="*")
    assert write_record(tagless) == "1. c3-d4 *\n"
    stream = io.StringIO()
    write_records([full_record(), tagless, Record(tags=[Tag("Event", "x")])], stream)
    assert stream.getvalue() == EXPECTED + "\n1. c3-d4 *\n\n" + '[Event "x"]\n'
    first, second, third = read_string(stream.getvalue())
    assert same_record(first, full_record())
    assert same_record(second, tagless)
    assert same_record(third, Record(tags=[Tag("Event", "x")]))


def test_wrapping_at_79_columns_never_inside_a_token():
    plies = [Ply(f"{10 + i % 20}x{30 - i % 20}x{i % 9 + 1}", number=f"{i}.") for i in range(1, 60)]
    plies[10].comments.append(Comment("a comment that is rather long and cannot be broken at all"))
    record = Record(moves=Line(plies=plies), result="2-0")
    text = write_record(record)
    lines = text.splitlines()
    assert all(len(line) <= 79 for line in lines)
    assert all(not line.startswith(" ") and not line.endswith(" ") for line in lines)
    assert any(len(line) >= 70 for line in lines)
    expected = []
    for ply in plies:
        expected += [ply.number, ply.text]
        if ply.comments:
            expected += f"{{{ply.comments[0].text}}}".split()
    assert " ".join(lines).split() == [*expected, "2-0"]
    [again] = read_string(text)
    assert same_record(again, record)


def test_a_token_longer_than_a_line_gets_its_own_line():
    long = "x" * 100
    record = Record(moves=Line(plies=[Ply("22-18", comments=[Comment(long)]), Ply("11-15")]))
    assert write_record(record) == "22-18\n{" + long + "}\n11-15\n"


def test_a_result_glued_to_a_star_survives_write_and_read():
    [record] = read_string("1. 22-18 1-1*\n")
    text = write_record(record)
    assert text == "1. 22-18 1-1\n"
    [again] = read_string(text)
    assert same_record(again, record)


def test_same_record_ignores_positions_but_not_content():
    [a] = read_string("1. 22-18 {x} 11-15 *")
    [b] = read_string("\n\n   1.   22-18\n{x}   11-15     *")
    assert a.moves.plies[0].pos != b.moves.plies[0].pos
    assert same_record(a, b)
    [c] = read_string("1. 22-18 {y} 11-15 *")
    assert not same_record(a, c)
    [d] = read_string("1... 22-18 {x} 11-15 *")
    assert not same_record(a, d)


def deep(levels: int) -> Line:
    line = Line(plies=[Ply("11-15")])
    for _ in range(levels):
        line = Line(plies=[Ply("22-18", variations=[line])])
    return line


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (Record(tags=[Tag("Bad name", "x")]), "tags[0].name: 'Bad name' is not a tag name"),
        (
            Record(tags=[Tag("Event", "x"), Tag("Site", "y"), Tag("Event", "z")]),
            "tags[2].name: 'Event' repeats the name of tags[0] (the reader starts the next game "
            "there)",
        ),
        (
            Record(tags=[Tag("Event", "x"), Tag("Site", "two\nlines")]),
            "tags[1].value: a tag value cannot hold a line break",
        ),
        (
            Record(moves=Line(comments=[Comment("a } b")])),
            "moves.comments[0].text: a brace comment cannot hold a brace",
        ),
        (
            Record(moves=Line(comments=[Comment("a\n [Event")])),
            "moves.comments[0].text: a line of a brace comment cannot start with '['",
        ),
        (
            Record(moves=Line(comments=[Comment("a\rb")])),
            "moves.comments[0].text: a comment cannot hold a carriage return",
        ),
        (
            Record(moves=Line(comments=[Comment("a\nb", "line")])),
            "moves.comments[0].text: a line comment cannot hold a line break",
        ),
        (
            Record(moves=Line(comments=[Comment("a\nb", "escape")])),
            "moves.comments[0].text: an escape comment cannot hold a line break",
        ),
        (
            Record(moves=Line(plies=[Ply("22-18"), Ply('11-15\n[Event "x"]')])),
            "moves.plies[1].text: '11-15\\n[Event \"x\"]' is not a move",
        ),
        (Record(moves=Line(plies=[Ply("1- 6")])), "moves.plies[0].text: '1- 6' is not a move"),
        (
            Record(moves=Line(plies=[Ply("1-0")]), result="1-0"),
            "moves.plies[0].text: '1-0' would read as a result",
        ),
        (
            Record(moves=Line(plies=[Ply("22-18", suffix="+")])),
            "moves.plies[0].suffix: '+' is not a move-strength suffix",
        ),
        (
            Record(moves=Line(plies=[Ply("22-18", number="1")])),
            "moves.plies[0].number: '1' is not a move number",
        ),
        (
            Record(moves=Line(plies=[Ply("22-18", number="1.  ...")])),
            "moves.plies[0].number: '1.  ...' is not a move number",
        ),
        (
            Record(moves=Line(plies=[Ply("22-18", nags=[3, -1])])),
            "moves.plies[0].nags[1]: -1 is not a NAG (0 to 999999)",
        ),
        (
            Record(moves=Line(plies=[Ply("22-18", variations=[Line(plies=[Ply("x")])])])),
            "moves.plies[0].variations[0].plies[0].text: 'x' is not a move",
        ),
        (Record(moves=deep(101)), "moves: variations nested more than 100 levels deep"),
        (Record(result="2-1"), "result: '2-1' is not a result"),
        (
            Record(moves=Line(plies=[Ply("22-18")]), trailing=[Comment("x")]),
            "trailing: comments after the result need a result",
        ),
        (Record(index=7), "the record is empty: it would write no text"),
    ],
)
def test_unwritable_content_is_refused(record, message):
    with pytest.raises(ValueError) as raised:
        write_record(record)
    assert str(raised.value) == f"game {record.index}: {message}"


def test_the_deepest_nesting_the_reader_reads_is_written():
    record = Record(moves=deep(100), result="*")
    [again] = read_string(write_record(record))
    assert again.diagnostics == []
    assert same_record(again, record)
