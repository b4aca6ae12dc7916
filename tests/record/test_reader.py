"""The streaming reader: game splitting, absolute positions, recovery, sources."""

from __future__ import annotations

import io
import re

import pytest

from notation.diagnostics import SYNTAX, UNTERMINATED_COMMENT, UNTERMINATED_VARIATION
from notation.record.model import Comment, SourcePos
from notation.record.reader import read_records, read_string


def moves(record) -> list[str]:
    return [ply.text for ply in record.moves.plies]


THREE = (
    '[Event "one"]\n'
    '[Result "1-0"]\n'
    "\n"
    "1. 22-18 11-15 2. 18x11 8x15 1-0\n"
    "\n"
    '[Event "two"]\n'
    "\n"
    "1. 22-18 11-15\n"
    "2. 18x11 8-15- 3. 21-17 *\n"
    "\n"
    '[Event "three"]\n'
    "1. 23-19 {good} 9-14 0-1\n"
)


def test_syntax_error_in_game_two_of_three():
    one, two, three = read_string(THREE, path="games.pdn")
    assert (one.index, two.index, three.index) == (1, 2, 3)
    assert one.diagnostics == [] and three.diagnostics == []
    assert moves(one) == ["22-18", "11-15", "18x11", "8x15"]
    assert one.result == "1-0"
    assert one.tags[0].pos == SourcePos(1, 1)
    [error] = two.diagnostics
    assert error.format() == "games.pdn:9:10: error PDN101 unexpected '8-15-' in movetext"
    assert error.game == 2
    assert two.tag("Event") == "two"
    assert moves(two) == ["22-18", "11-15", "18x11"]
    assert three.tag("Event") == "three"
    assert three.pos == SourcePos(11, 1)
    assert three.moves.plies[0].pos == SourcePos(12, 4)
    assert three.moves.plies[0].comments == [Comment("good", "brace", SourcePos(12, 10))]
    assert three.result == "0-1"


def test_unterminated_comment_does_not_swallow_the_next_game():
    text = '[Event "a"]\n1. 22-18 {this comment\nnever ends 11-15\n[Event "b"]\n1. 21-17 9-13 *\n'
    first, second = read_string(text)
    [error] = first.diagnostics
    assert (error.code, error.line, error.column, error.game) == (UNTERMINATED_COMMENT, 2, 10, 1)
    assert moves(first) == ["22-18"]
    assert second.diagnostics == []
    assert second.tag("Event") == "b"
    assert moves(second) == ["21-17", "9-13"]
    assert second.moves.plies[0].pos == SourcePos(5, 4)


def test_unterminated_variation_does_not_swallow_the_next_game():
    text = '[Event "a"]\n1. 22-18 (1. 21-17 11-15\n2. 17-14 *\n\n[Event "b"]\n1. 21-17 9-13 *\n'
    first, second = read_string(text)
    [error] = first.diagnostics
    assert (error.code, error.line, error.column) == (UNTERMINATED_VARIATION, 2, 10)
    assert error.message == "variation '(' is never closed (found '*')"
    assert second.diagnostics == []
    assert moves(second) == ["21-17", "9-13"]


def test_tagless_games_split_after_a_result_at_the_end_of_a_line():
    text = "1. 22-18 11-15 1-0\n1. 21-17 9-13\n2. 17-14 *\n{last}\n"
    first, second = read_string(text)
    assert moves(first) == ["22-18", "11-15"]
    assert first.result == "1-0"
    assert moves(second) == ["21-17", "9-13", "17-14"]
    assert second.pos == SourcePos(2, 1)
    assert second.result == "*"
    assert second.trailing == [Comment("last", "brace", SourcePos(4, 1))]


def test_comment_lines_after_a_result_stay_with_the_game():
    text = (
        '[Event "a"]\n22-18 1-0\n{ a remark\nover two lines }\n; and one more\n\n[Event "b"]\n*\n'
    )
    first, second = read_string(text)
    assert first.trailing == [
        Comment(" a remark\nover two lines ", "brace", SourcePos(3, 1)),
        Comment(" and one more", "line", SourcePos(5, 1)),
    ]
    assert second.tag("Event") == "b"
    assert second.result == "*"


def test_a_comment_after_the_result_ending_mid_line_before_the_next_game():
    first, second = read_string("22-18 1-0 {x\ny} 11-15 *\n")
    assert first.trailing == [Comment("x\ny", "brace", SourcePos(1, 11))]
    assert first.diagnostics == []
    assert moves(second) == ["11-15"]
    assert second.moves.plies[0].pos == SourcePos(2, 4)
    assert second.result == "*"


def test_a_result_in_the_middle_of_a_line_does_not_end_the_game():
    [record] = read_string("22-18 1-0 11-15\n")
    [error] = record.diagnostics
    assert error.message == "unexpected '11-15' after the result '1-0'"
    assert (error.line, error.column) == (1, 11)


def test_a_result_inside_a_variation_does_not_end_the_game():
    [record] = read_string("22-18 (21-17 1-0\n11-15) 9-13 *\n")
    assert [d.code for d in record.diagnostics] == [UNTERMINATED_VARIATION]


def test_tag_pair_right_after_a_result_starts_the_next_game():
    text = '[Event "a"]\n25. 25-30 14-9 0-1[Event "b"]\n[Date ""]\n1. 22-18 *\n'
    first, second = read_string(text)
    assert first.result == "0-1"
    assert first.diagnostics == []
    assert [(t.name, t.pos) for t in second.tags] == [
        ("Event", SourcePos(2, 19)),
        ("Date", SourcePos(3, 1)),
    ]
    assert moves(second) == ["22-18"]


def test_missing_result_before_the_next_games_tags():
    text = '[Event "a"]\n1. 22-18 11-15\n2. 18x11\n\n[Event "b"]\n1. 21-17 *\n'
    first, second = read_string(text, path="x.pdn")
    [error] = first.diagnostics
    assert error.format() == (
        "x.pdn:3:9: error PDN101 missing result: "
        "the game ends without a result before the next game's tags"
    )
    assert moves(first) == ["22-18", "11-15", "18x11"]
    assert second.diagnostics == []


def test_the_last_game_needs_no_result_and_tags_alone_are_a_game():
    first, second = read_string('[Event "a"]\n1. 22-18 *\n\n[Event "b"]\n[Site "c"]\n')
    assert first.diagnostics == []
    assert second.diagnostics == []
    assert [t.name for t in second.tags] == ["Event", "Site"]
    [last] = read_string('[Event "a"]\n1. 22-18\n')
    assert last.diagnostics == []
    assert last.result is None


def test_escape_line_before_the_tags_and_blank_lines():
    text = '\n\n% Board game: International Draughts 10x10\r\n[Date "2012.02.01"]\r\n1. 32-28\r\n'
    [record] = read_string(text)
    assert record.pos == SourcePos(3, 1)
    assert record.moves.comments == [
        Comment(" Board game: International Draughts 10x10", "escape", SourcePos(3, 1))
    ]
    assert record.tag("Date") == "2012.02.01"
    assert record.moves.plies[0].pos == SourcePos(5, 4)


def test_empty_inputs():
    assert read_string("") == []
    assert read_string("\n \n\t\n") == []


def test_binary_stream_with_bom_crlf_and_bad_bytes():
    data = '\ufeff[White "Блиндер"]\r\n[Black "x\xff"]\r\n1. c3-d4 d6-e5 1-0\r\n'.encode()
    data = data.replace(b"x\xc3\xbf", b"x\xff")
    [record] = read_records(io.BytesIO(data), path="b.pdn")
    assert record.tags[0].value == "Блиндер"
    assert record.tags[0].pos == SourcePos(1, 1)
    assert record.tags[1].value == "x\ufffd"
    assert moves(record) == ["c3-d4", "d6-e5"]
    assert record.moves.plies[1].pos == SourcePos(3, 10)
    assert record.diagnostics == []


def test_path_source_names_itself(tmp_path):
    path = tmp_path / "games.pdn"
    path.write_bytes(b"1. 22-18 junk\n")
    [record] = read_records(path)
    assert record.diagnostics[0].path == str(path)
    [named] = read_records(str(path), path="shown.pdn")
    assert named.diagnostics[0].format() == (
        "shown.pdn:1:10: error PDN101 unexpected 'junk' in movetext"
    )


def test_text_stream_and_chunks_that_cut_lines():
    text = '[Event "a"]\n1. 22-18 1-0\n[Event "b"]\n1. 21-17 *\n'
    from_stream = list(read_records(io.StringIO(text)))
    chunks = [text[i : i + 7] for i in range(0, len(text), 7)]
    from_chunks = list(read_records(iter(chunks)))
    assert [r.tag("Event") for r in from_stream] == ["a", "b"]
    assert from_stream == from_chunks
    assert from_chunks[1].moves.plies[0].pos == SourcePos(4, 4)


def test_crlf_split_between_chunks_is_one_line_end():
    [record] = read_records(iter(["1. 22-18\r", "\n11-15 *\r\n"]))
    assert record.moves.plies[1].pos == SourcePos(2, 1)


def test_reader_is_lazy():
    consumed: list[int] = []

    def lines():
        for number in range(1, 1001):
            consumed.append(number)
            yield f'[Event "{number}"]\n'
            yield f"1. 22-18 11-15 {'1-0' if number % 2 else '0-1'}\n"

    records = read_records(lines())
    first = next(records)
    assert first.tag("Event") == "1"
    assert first.result == "1-0"
    assert len(consumed) <= 2
    second = next(records)
    assert second.tag("Event") == "2"
    assert len(consumed) <= 3
    assert sum(1 for _ in records) == 998


def test_junk_never_stops_the_reader():
    text = '[Event "a"]\n)}{(\n[Event "b"]\n1. 22-18 *\n'
    first, second = read_string(text)
    assert first.diagnostics[0].code == SYNTAX
    assert first.diagnostics[0].message == "unexpected ')' in movetext"
    assert second.diagnostics == []


TRICKY = [
    # plain games, CRLF, a BOM, trailing blanks, a missing result
    '\ufeff[Event "a"]\r\n[Site "b"]\r\n\r\n1. 22-18 11-15 1-0  \r\n\r\n'
    '[Event "c"]\r\n1. 21-17 *\r\n',
    '[Event "a"]\n1. 22-18 11-15\n2. 18x11\n\n[Event "b"]\n1. 21-17 *\n[Event "c"]\n1-0',
    # a { spanning lines; an unterminated { before a tag line
    '[Event "a"]\n1. 22-18 {a\nb} 11-15 *\n\n[Event "b"]\n1. 22-18 {open\n[Event "c"]\n*\n',
    # a ( spanning lines and left open before a tag line
    '[Event "a"]\n1. 22-18 (1. 21-17\n11-15) 9-14 *\n[Event "b"]\n1. 22-18 (21-17\n[E "c"]\n*\n',
    # tagless games separated by results; a result ending an early line of a tagged game
    "1. 22-18 1-0\n1. 21-17 0-1\n\n22-18 *\n",
    '[Event "a"]\n1. 22-18 1-0\n2. 21-17 0-1\n[Event "b"]\n1. 11-15 2-0\n',
    # a game starting mid-line after a result; an 11-1 move at a line end (not a result)
    '[Event "a"]\n1. 22-18 0-1[Event "b"]\n1. 6-11 11-1\n2. 5-10 1-1\n[Event "c"]\n*\n',
    # escape lines, line comments, quotes, a lone tag line and a malformed one
    '% note\n[Event "a"]\n; remark\n1. 22-18 "x" *\n[Event "b"]\n[Bad\n1. 2-7 *\n[Only "tags"]\n',
    '   [Event "a"]   \n\n\n  1. 22-18   \n  11-15 1/2-1/2  \n\n  [Event "b"]\n%x\n*',
    # tags alone before the next game's tags, after a blank line or repeating a name
    '[Event "a"]\n[Site "s"]\n\n[Event "b"]\n1. 22-18 *\n[Event "c"]\n[Event "d"]\n1. 11-15 *\n',
    '[Event "a"]\n[Site "ab\n[Event "b"]\n1. 22-18 *\n[Event "c"]\n\n[Site "d"]\n1. 11-15 *\n',
    # games naming the same tags, then one naming a tag twice, then the same tags again
    '[Event "a"]\n[Site "s"]\n1. 22-18 *\n[Event "b"]\n[Site "t"]\n1. 11-15 *\n'
    '[Event "c"]\n[Event "d"]\n[Site "u"]\n1. 9-13 *\n[Event "e"]\n[Site "v"]\n1. 21-17 *\n',
]


@pytest.mark.parametrize("text", TRICKY)
def test_plain_games_are_split_as_the_line_scan_splits_them(text, monkeypatch):
    from notation.record import reader

    whole = read_string(text, path="t.pdn")
    lines = list(read_records(iter(text.splitlines(keepends=True)), path="t.pdn"))
    never = re.compile(r"(?!)")
    monkeypatch.setattr(reader, "_plain_game", lambda: never)
    monkeypatch.setattr(reader, "_PLAIN_START", never)
    scanned = read_string(text, path="t.pdn")
    assert whole == scanned
    assert lines == scanned


def test_the_fast_path_reads_a_line_start_as_a_class_holding_the_mark_would():
    """The fast path's first character of a movetext line is a look-ahead for the byte
    order mark and a class without it (cheaper for ``re`` to compile): from every offset of
    random texts of tag lines, movetext, marks and the rest, it matches what the pattern
    with the mark inside the class matches, groups included."""
    import random

    from notation.record import reader
    from notation.record.lexicon import MARK, STRUCTURE

    in_class = rf"[^\s{STRUCTURE}%{MARK}]"
    assert reader._FIRST in reader._PLAIN
    reference = re.compile(reader._PLAIN.replace(reader._FIRST, in_class))
    fast = re.compile(reader._PLAIN)
    assert reference.pattern != fast.pattern
    pieces = [
        '[Event "a"]\n', '[Site "b"] [Round "1"]\n', "\n", " \n", "1. 22-18 11-15\n",
        "2. 6-11 1-0\n", "*\n", MARK, f"{MARK}1. 22-18\n", " \t", "%x\n", "{c}\n", "(",
        "x", "1/2-1/2\n", "0.5-0.5 \n", ";\n", '"q"',
    ]  # fmt: skip
    rng = random.Random(52)
    matched = 0
    for _ in range(1500):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))
        for at in range(len(text)):
            want, got = reference.match(text, at), fast.match(text, at)
            assert (got and (got.span(), got.groups())) == (want and (want.span(), want.groups()))
            matched += want is not None and want.group(2) is not None
    assert matched > 100


def test_plain_games_take_the_fast_path():
    from notation.record import reader

    text = '[Event "a"]\n[Site "b"]\n\n1. 22-18 11-15\n2. 6-11 11-1\n2. 5-10 1-0 \n\n[Event "b"]\n'
    m = reader._plain_game().match(text)
    assert m is not None and m.end() == text.index('[Event "b"]')
    assert m.group(1) == '[Event "a"]\n[Site "b"]\n'
    assert m.group(2) == "2. 5-10 1-0 \n\n"
    assert reader._plain_game().match(text.replace("11-15\n", "11-15 1-0\n")) is None
    assert reader._plain_game().match(text.replace("11-15", "{x}")) is None


def test_a_game_of_tags_alone_keeps_its_tags_from_the_next_game():
    text = '[Event "a"]\n[GameType "26"]\n\n[Event "b"]\n[GameType "30"]\n1. 22-18 *\n'
    first, second = read_string(text)
    assert [(t.name, t.value, t.pos) for t in first.tags] == [
        ("Event", "a", SourcePos(1, 1)),
        ("GameType", "26", SourcePos(2, 1)),
    ]
    assert (first.moves.plies, first.diagnostics) == ([], [])
    assert [(t.name, t.value) for t in second.tags] == [("Event", "b"), ("GameType", "30")]
    assert second.pos == SourcePos(4, 1)
    assert moves(second) == ["22-18"]


def test_a_repeated_tag_name_starts_the_next_game_even_without_a_blank_line():
    text = '[Event "a"]\n[GameType "26"]\n  [Event "b"]\n[GameType "30"]\n1. 22-18 *\n'
    first, second = read_string(text, path="x.pdn")
    assert [t.value for t in first.tags] == ["a", "26"]
    assert [t.value for t in second.tags] == ["b", "30"]
    assert moves(second) == ["22-18"]
    # Said, as a header that names a tag twice is read as two games: the first of tags
    # alone, the second without the tags before the one named again.
    assert [d.format() for d in first.diagnostics] == [
        "x.pdn:3:3: warning PDN119 Event is named again: a new game starts at this tag, "
        "and the game before it holds tags alone (a game names each tag once; if one "
        "game's tags name Event twice, keep one)"
    ]
    assert second.diagnostics == []


def test_a_tag_named_again_on_the_line_of_the_tags_before_it_starts_the_next_game_there():
    text = '[Event "a"] [Event "b"][Round "1"]\n[GameType "26"]\n1. 22-18 *\n'
    first, second = read_records(text.splitlines(keepends=True), path="x.pdn", keep_text=True)
    assert first.text == '[Event "a"] '
    assert second.text == '[Event "b"][Round "1"]\n[GameType "26"]\n1. 22-18 *\n'
    assert [t.value for t in first.tags] == ["a"]
    assert [(t.name, t.pos) for t in second.tags] == [
        ("Event", SourcePos(1, 13)),
        ("Round", SourcePos(1, 24)),
        ("GameType", SourcePos(2, 1)),
    ]
    assert (second.pos, moves(second), second.diagnostics) == (SourcePos(1, 13), ["22-18"], [])
    assert [d.format() for d in first.diagnostics] == [
        "x.pdn:1:13: warning PDN119 Event is named again: a new game starts at this tag, "
        "and the game before it holds tags alone (a game names each tag once; if one "
        "game's tags name Event twice, keep one)"
    ]
    # A tag the line names twice, after a tag it names once, is cut at alike.
    first, second = read_string('[Site "s"][Event "a"][Event "b"]\n1. 22-18 *\n')
    assert [[t.value for t in r.tags] for r in (first, second)] == [["s", "a"], ["b"]]
    assert [d.code for d in first.diagnostics] == ["PDN119"]


def test_a_tag_cut_mid_value_is_reported_and_the_next_game_keeps_its_tags():
    text = '[Event "a"]\n[Site "abc\n[Event "b"]\n[GameType "26"]\n1. 22-18 *\n'
    first, second = read_string(text, path="c.pdn")
    assert [d.format() for d in first.diagnostics] == [
        "c.pdn:2:1: error PDN105 malformed tag pair '[Site \"abc'"
    ]
    assert [t.value for t in first.tags] == ["a"]
    assert [(t.name, t.value) for t in second.tags] == [("Event", "b"), ("GameType", "26")]
    assert (moves(second), second.diagnostics) == (["22-18"], [])
    blank = '[Event "a"]\n[Site "abc\n\n[White "b"]\n[GameType "26"]\n1. 22-18 *\n'
    first, second = read_string(blank, path="c.pdn")
    assert [t.value for t in first.tags] == ["a"]
    assert [t.value for t in second.tags] == ["b", "26"]


def test_a_line_inside_a_comment_that_starts_with_a_bracket_stays_in_the_comment():
    text = (
        '[Event "a"]\n1. 22-18 {see\n[a note] in brackets\n  [Event without quotes\n'
        '[Site "x"] and more\n} 11-15 *\n[Event "b"]\n1. 21-17 *\n'
    )
    first, second = read_string(text)
    assert first.moves.plies[0].comments == [
        Comment(
            'see\n[a note] in brackets\n  [Event without quotes\n[Site "x"] and more\n',
            "brace",
            SourcePos(2, 10),
        )
    ]
    assert (moves(first), first.result, first.diagnostics) == (["22-18", "11-15"], "*", [])
    assert (second.tag("Event"), moves(second)) == ("b", ["21-17"])


def test_a_whole_tag_line_inside_an_unclosed_comment_still_starts_the_next_game():
    text = '[Event "a"]\n1. 22-18 {open\n[not a tag\n  [Event "b"]  [Site "c"] \n1. 21-17 *\n'
    first, second = read_string(text)
    assert [d.code for d in first.diagnostics] == [UNTERMINATED_COMMENT]
    assert [(t.name, t.value) for t in second.tags] == [("Event", "b"), ("Site", "c")]
    assert moves(second) == ["21-17"]


def test_a_piece_read_from_a_given_line_has_the_positions_of_the_whole_text() -> None:
    text = '[GameType "26"]\n\n1. 22-17 ## *\n'
    (record,) = read_records(iter([text]), path="p.pdn", first_line=41)
    assert record.pos == (41, 1)
    assert [d.format() for d in record.diagnostics] == [
        "p.pdn:43:10: error PDN101 unexpected '##' in movetext"
    ]
    assert record.moves.plies[0].pos == (43, 4)


def test_a_repeated_tag_name_splits_after_games_with_the_same_names_once_each():
    text = (
        '[Event "a"]\n[Site "s"]\n1. 22-18 *\n[Event "b"]\n[Site "t"]\n1. 11-15 *\n'
        '[Event "c"]\n[Event "d"]\n[Site "u"]\n1. 9-13 *\n[Event "e"]\n[Site "v"]\n1. 21-17 *\n'
    )
    games = read_string(text)
    assert [[(t.name, t.value) for t in game.tags] for game in games] == [
        [("Event", "a"), ("Site", "s")],
        [("Event", "b"), ("Site", "t")],
        [("Event", "c")],
        [("Event", "d"), ("Site", "u")],
        [("Event", "e"), ("Site", "v")],
    ]
    assert [moves(game) for game in games] == [["22-18"], ["11-15"], [], ["9-13"], ["21-17"]]
    assert [game.pos.line for game in games] == [1, 4, 7, 8, 11]
