"""The reader's limits: a game (and so each of its lines and tokens) and the diagnostics of a
game, each bounded."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time

import pytest

from notation.check.validator import validate_record
from notation.diagnostics import GAME_TOO_LONG, LINE_TOO_LONG
from notation.record.lexicon import MAX_MOVE
from notation.record.model import SourcePos
from notation.record.reader import MAX_GAME, read_records

FIRST = '[Event "one"]\n1. 22-18 11-15 1-0\n\n'
LAST = '[Event "three"]\n1. 21-17 9-13 0-1\n'


def chunks(text: str, size: int = 4096):
    return (text[i : i + size] for i in range(0, len(text), size))


def summary(records) -> list[tuple[object, ...]]:
    return [
        (
            r.index,
            [(t.name, t.value) for t in r.tags],
            [p.text for p in r.moves.plies],
            r.result,
            [d.format() for d in r.diagnostics],
        )
        for r in records
    ]


def test_the_limits():
    assert MAX_GAME == 262_144


def test_a_100_kb_comment_on_one_line_reads_and_its_moves_replay():
    comment = "{" + "a long annotation " * 5_700 + "}"
    assert 100_000 < len(comment) < MAX_GAME
    text = FIRST + f'[GameType "26"]\n\n{comment} 1. 22-18 11-15 2. 18x11 8x15 *\n\n' + LAST
    for source in ((text,), chunks(text)):
        records = list(read_records(source, path="c.pdn"))
        assert [r.diagnostics for r in records] == [[], [], []]
        middle = records[1]
        assert [p.text for p in middle.moves.plies] == ["22-18", "11-15", "18x11", "8x15"]
        assert middle.moves.comments[0].text == comment[1:-1]
        report = validate_record(middle, path="c.pdn")
        assert (report.diagnostics, report.plies) == ([], 4)


def test_a_line_longer_than_a_game_breaks_its_game_and_no_other():
    long = "22-18 " * (MAX_GAME // 6 + 1)
    text = FIRST + f'[Event "two"]\n[Site "s"]\n1. 22-18\n{long}\n11-15 *\n\n' + LAST
    for source in ((text,), chunks(text)):
        records = list(read_records(source, path="l.pdn"))
        assert summary(records) == [
            (1, [("Event", "one")], ["22-18", "11-15"], "1-0", []),
            (
                2,
                [("Event", "two"), ("Site", "s")],
                [],
                None,
                [
                    "l.pdn:7:1: error PDN109 the line is longer than a game may be "
                    "(262,144 characters): the game's movetext is not read"
                ],
            ),
            (3, [("Event", "three")], ["21-17", "9-13"], "0-1", []),
        ]
        assert records[2].moves.plies[0].pos == SourcePos(11, 4)
        assert records[1].diagnostics[0].code == LINE_TOO_LONG


def test_the_whole_tag_pairs_that_start_an_over_long_line_are_kept():
    # The game's type is on the over-long line: losing it would name the wrong game.
    value = "x" * MAX_GAME
    text = (
        f'[Event "two"]\n[GameType "26"][Round "3"] [Annotator "{value}"]\n1. 22-17 *\n\n'
        f'[GameType "26"][Site "{value}"]\n\n'
        f'[GameType "26"] 1. {"22-17 " * (MAX_GAME // 6)}*\n\n' + LAST
    )
    cut = (
        "error PDN109 the line is longer than a game may be (262,144 characters): "
        "the game's movetext is not read"
    )
    for source in ((text,), chunks(text)):
        records = list(read_records(source, path="t.pdn"))
        assert summary(records) == [
            (
                1,
                [("Event", "two"), ("GameType", "26"), ("Round", "3")],
                [],
                None,
                [f"t.pdn:2:1: {cut}"],
            ),
            (2, [("GameType", "26")], [], None, [f"t.pdn:5:1: {cut}"]),
            (3, [("GameType", "26")], [], None, [f"t.pdn:7:1: {cut}"]),
            (4, [("Event", "three")], ["21-17", "9-13"], "0-1", []),
        ]
        assert [r.tags[-1].pos for r in records[:3]] == [
            SourcePos(2, 16),
            SourcePos(5, 1),
            SourcePos(7, 1),
        ]
        reports = [validate_record(r, path="t.pdn") for r in records[:3]]
        assert [(r.game, [d.code for d in r.diagnostics]) for r in reports] == [
            ("brazilian", [LINE_TOO_LONG])
        ] * 3


def test_an_endless_last_line_is_one_error():
    text = FIRST + "1. 22-18 " + "x" * (3 * MAX_GAME)
    records = list(read_records(chunks(text), path="e.pdn"))
    assert summary(records)[1] == (
        2,
        [],
        [],
        None,
        [
            "e.pdn:4:1: error PDN109 the line is longer than a game may be (262,144 characters): "
            "the game's movetext is not read"
        ],
    )


def test_a_game_past_the_limit_is_reported_with_its_tags_only():
    body = "1. 22-18 11-15 {a comment of some length to fill the game}\n" * (MAX_GAME // 50)
    text = FIRST + f'[Event "two"]\n{body}*\n\n' + LAST
    records = list(read_records(chunks(text), path="g.pdn", keep_text=True))
    # Line 4 holds the tag (14 characters), each later line 59: line 5 + 4442 passes.
    line = 5 + (MAX_GAME - 14) // 59
    assert line == 4447
    assert summary(records) == [
        (1, [("Event", "one")], ["22-18", "11-15"], "1-0", []),
        (
            2,
            [("Event", "two")],
            [],
            None,
            [
                f"g.pdn:{line}:1: error PDN110 the game is longer than 262,144 characters: "
                "the game's movetext is not read"
            ],
        ),
        (3, [("Event", "three")], ["21-17", "9-13"], "0-1", []),
    ]
    assert records[1].diagnostics[0].code == GAME_TOO_LONG
    assert records[1].text is None
    assert records[2].text == LAST


TOO_LONG = (
    "error PDN110 the game is longer than 262,144 characters: the game's movetext is not read"
)
LINE_CUT = (
    "error PDN109 the line is longer than a game may be (262,144 characters): "
    "the game's movetext is not read"
)
TWO_GAMES = [
    (1, [("Event", "one")], ["22-18", "11-15"], "1-0", []),
    (2, [("Event", "three")], ["21-17", "9-13"], "0-1", []),
]


@pytest.mark.parametrize("blank", ["\n", "\r\n", " \n", "\t\r"])
def test_blank_lines_between_and_after_games_are_no_part_of_any(blank):
    many = blank * 270_000
    for text, last in ((FIRST + many + LAST, 4 + 270_000), (FIRST + LAST + many, 4)):
        for source in ((text,), chunks(text)):
            records = list(read_records(source, path="b.pdn"))
            assert summary(records) == TWO_GAMES
            assert records[1].tags[0].pos == SourcePos(last, 1)


@pytest.mark.parametrize(("blank", "line"), [("\n", 262_135), ("\r\n", 262_135), (" \n", 131_070)])
def test_blank_lines_inside_a_game_count_toward_its_size(blank, line):
    text = FIRST + '[Event "two"]\n' + blank * 270_000 + "1. 22-18 11-15 *\n\n" + LAST
    # Line 4 holds the tag (14 characters), each later line one (or two): the blank line that
    # passes the limit is line 4 + 262,131 (or 4 + 131,066).
    for source in ((text,), chunks(text)):
        records = list(read_records(source, path="b.pdn"))
        assert summary(records) == [
            TWO_GAMES[0],
            (2, [("Event", "two")], [], None, [f"b.pdn:{line}:1: {TOO_LONG}"]),
            (3, *TWO_GAMES[1][1:]),
        ]


@pytest.mark.parametrize("blank", [" ", "\t", "\u3000", " \t"])
def test_a_blank_line_longer_than_a_game_is_no_game(blank):
    line = blank * (300_000 // len(blank))
    for text in (
        FIRST + line + "\n" + LAST,
        FIRST + LAST + "\n" + line + "\n",
        FIRST + LAST + line,
    ):
        for source in ((text,), chunks(text), chunks(text, 1 << 18)):
            assert summary(read_records(source, path="b.pdn")) == TWO_GAMES
    for text in (line, line + "\n\n" + line, "\n" + line + "\n"):
        for source in ((text,), chunks(text)):
            assert list(read_records(source, path="b.pdn")) == []


def test_a_blank_line_longer_than_a_game_inside_one_breaks_it():
    line = " " * 300_000
    text = FIRST + '[Event "two"]\n' + line + "\n1. 22-18 11-15 *\n\n" + LAST
    for source in ((text,), chunks(text)):
        assert summary(read_records(source, path="b.pdn")) == [
            TWO_GAMES[0],
            (2, [("Event", "two")], [], None, [f"b.pdn:5:1: {LINE_CUT}"]),
            (3, *TWO_GAMES[1][1:]),
        ]


def test_a_line_blank_for_longer_than_a_game_then_not_is_too_long():
    text = FIRST + " " * 300_000 + "1. 22-18 *\n\n" + LAST
    for source in ((text,), chunks(text), chunks(text, 1 << 18)):
        assert summary(read_records(source, path="b.pdn")) == [
            TWO_GAMES[0],
            (2, [], [], None, [f"b.pdn:4:1: {LINE_CUT}"]),
            (3, *TWO_GAMES[1][1:]),
        ]


PEAK = """
import resource, sys
from notation.record.reader import read_records

def source():
    yield '[Event "a"]\\n1. 22-18 *\\n\\n[Event "b"]\\n1. '
    for _ in range(SIZE):
        yield "22-18 11-15 " * 87381
    yield '\\n*\\n\\n[Event "c"]\\n1. 21-17 *\\n'

records = [(r.tag("Event"), [d.code for d in r.diagnostics]) for r in read_records(source())]
print(records, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def peak(script: str) -> tuple[str, int]:
    """What a child process printed, and its peak memory in MiB."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)], capture_output=True, text=True, check=True
    )
    printed, _, kib = done.stdout.strip().rpartition(" ")
    return printed, int(kib) // 1024


def test_an_endless_line_is_read_in_bounded_memory_and_linear_time():
    printed, mib = peak(PEAK.replace("SIZE", "200"))  # 200 MiB of moves on one line
    assert printed == "[('a', []), ('b', ['PDN109']), ('c', [])]"
    assert mib < 100, mib


ONE_TOKEN = """
import resource, sys
from notation.record.reader import read_records

def source():
    yield '[Event "a"]\\n1. 22-18 *\\n\\n[Event "b"]\\n1. '
    for _ in range(10):
        yield "x" * (1 << 20)
    yield ' *\\n\\n[Event "c"]\\n1. 21-17 *\\n'

records = [(r.tag("Event"), [d.code for d in r.diagnostics]) for r in read_records(source())]
print(records, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def test_ten_megabytes_of_one_token_are_one_error_in_bounded_memory():
    printed, mib = peak(ONE_TOKEN)
    assert printed == "[('a', []), ('b', ['PDN109']), ('c', [])]"
    assert mib < 100, mib


JUNK = """
import random, resource
from notation.record.reader import read_records

rng = random.Random(7)
chars = [chr(c) for c in range(33, 127) if chr(c) not in "[%{}*"] + [" "] * 12
lines = ["".join(rng.choice(chars) for _ in range(1000)) for _ in range(SIZE)]
text = '[Event "j"]\\n1. 22-18 11-15 foo ' + "\\n".join(lines) + "\\n"
records = [[d.format() for d in r.diagnostics] for r in read_records((text,), path="j")]
print(records, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def test_a_junk_game_is_read_in_bounded_memory():
    printed, mib = peak(JUNK.replace("SIZE", "250"))
    assert printed == "[[\"j:2:16: error PDN101 unexpected 'foo' in movetext\"]]"
    assert mib < 100, mib


def test_a_megabyte_of_junk_is_one_game_too_long_in_bounded_memory():
    printed, mib = peak(JUNK.replace("SIZE", "1000"))
    assert printed == (
        '[["j:263:1: error PDN110 the game is longer than 262,144 characters: '
        "the game's movetext is not read\"]]"
    )
    assert mib < 100, mib


def test_past_the_diagnostics_limit_one_diagnostic_counts_the_rest():
    from notation.record.grammar import MAX_DIAGNOSTICS, parse_game

    assert MAX_DIAGNOSTICS == 100
    text = "".join(f"[T{i} bad tag]\n" for i in range(MAX_DIAGNOSTICS + 50)) + "1. 22-18 *\n"
    record = parse_game(text, path="d.pdn")
    listed = [d.format() for d in record.diagnostics]
    assert listed[:2] == [
        "d.pdn:1:1: error PDN105 malformed tag pair '[T0 bad tag]'",
        "d.pdn:2:1: error PDN105 malformed tag pair '[T1 bad tag]'",
    ]
    last = "d.pdn:100:1: error PDN105 malformed tag pair '[T99 bad tag]'"
    assert listed[MAX_DIAGNOSTICS - 1] == last
    assert listed[MAX_DIAGNOSTICS:] == [
        "d.pdn:101:1: error PDN101 50 more syntax problems in this game are not listed"
    ]
    assert [p.text for p in record.moves.plies] == ["22-18"]


def test_the_move_token_limit():
    assert MAX_MOVE == 256


@pytest.mark.parametrize(
    ("moves", "plies", "message"),
    [
        # As long as a move may be: a ply (illegal, which is the game's business).
        ("1. 22-18" + "-18" * 83 + "18", 1, None),
        (
            "1. 22-18" + "-18" * 84,
            0,
            "t.pdn:2:4: error PDN101 unexpected '22-18-18-18-18-18-18-18-18-...' in movetext: "
            "a token of 257 characters, longer than any move (256 characters)",
        ),
        # A later move that starts with a letter, at the limit and past it.
        ("1. 22-18 11-15 2. Ka" + "1" * 254, 3, None),
        (
            "1. 22-18 11-15 2. Ka" + "1" * 255,
            2,
            "t.pdn:2:19: error PDN101 unexpected 'Ka1111111111111111111111111...' in movetext: "
            "a token of 257 characters, longer than any move (256 characters)",
        ),
        (
            "1. 22-18 11-15 2. " + "x" * 200_000,
            2,
            "t.pdn:2:19: error PDN101 unexpected 'xxxxxxxxxxxxxxxxxxxxxxxxxxx...' in movetext: "
            "a token of 200,000 characters, longer than any move (256 characters)",
        ),
        (
            "1. 22-18 11-15 2. 22-18" + "-18" * 60_000,
            2,
            "t.pdn:2:19: error PDN101 unexpected '22-18-18-18-18-18-18-18-18-...' in movetext: "
            "a token of 180,005 characters, longer than any move (256 characters)",
        ),
        # Blanks inside a move (after "-") count as none of its characters.
        (
            "1. 22-18 11-15 2. 22-18" + "- 18" * 6_000,
            2,
            "t.pdn:2:19: error PDN101 unexpected '22-18-18-18-18-18-18-18-18-...' in movetext: "
            "a token of 18,005 characters, longer than any move (256 characters)",
        ),
    ],
)
def test_a_token_longer_than_any_move_is_a_syntax_error_read_in_linear_time(
    moves: str, plies: int, message: str | None
) -> None:
    text = f'[GameType "26"]\n{moves} *\n'
    started = time.perf_counter()
    (record,) = read_records((text,), path="t.pdn")
    report = validate_record(record, path="t.pdn")
    assert time.perf_counter() - started < 5
    assert len(record.moves.plies) == plies
    found = [d.format() for d in record.diagnostics]
    assert found == ([] if message is None else [message])
    if message is not None:
        assert [d.format() for d in report.diagnostics][:1] == found
