"""``split_games``: pieces of whole games, also for archives without tags or with comments
after their results; each piece read apart gives the records of the whole."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.check.validator import GameReport
from notation.io.files import Input
from notation.record.boundaries import _Cuts, split_games
from notation.record.lexicon import RESULT_AT
from notation.record.model import Record
from notation.record.reader import MAX_GAME, read_records
from notation.run.batch import validate_inputs

ROOT = Path(__file__).resolve().parents[2]
TAGLESS = "1. 22-18 11-15 2. 18x11 8x15 1-0\n\n1. 21-17 9-13 *\n1. 23-19 12-16 0-1\n"
COMMENTED = (
    '[GameType "26"]\n1. 22-18 11-15 1-0 {White resigns? no: Black}\n\n'
    '[GameType "26"]\n1. 21-17 {a quiet start} 9-13 * {adjourned}\n'
    '[GameType "26"]\n1. 23-19 12-16 0-1\n'
)


def _pieces(text: str, games: int = 1) -> list[tuple[int, str]]:
    pieces = list(split_games([text[:7], text[7:30], text[30:]], games))
    assert "".join(p for _, p in pieces) == text
    return pieces


def _apart(pieces: list[tuple[int, str]]) -> list[Record]:
    """The records of each piece read alone, placed in the whole text."""
    records: list[Record] = []
    for line, piece in pieces:
        for record in read_records(("\n" * (line - 1) + piece,)):
            record.index += len(records) - record.index + 1
            record.diagnostics = [d.replace(game=record.index) for d in record.diagnostics]
            records.append(record)
    return records


def _same_apart_as_whole(text: str, games: int = 1) -> int:
    """Check the proof obligation of ``split_games``; the number of pieces."""
    pieces = _pieces(text, games)
    whole = list(read_records((text,)))
    for record in whole:
        record.diagnostics = [d.replace(game=record.index) for d in record.diagnostics]
    assert _apart(pieces) == whole
    return len(pieces)


def test_an_archive_without_tags_is_cut_before_each_game_that_follows_a_result() -> None:
    assert _pieces(TAGLESS) == [
        (1, "1. 22-18 11-15 2. 18x11 8x15 1-0\n\n"),
        (3, "1. 21-17 9-13 *\n"),
        (4, "1. 23-19 12-16 0-1\n"),
    ]
    assert _same_apart_as_whole(TAGLESS) == 3


def test_an_archive_with_a_comment_after_each_result_is_cut() -> None:
    assert _pieces(COMMENTED) == [
        (1, '[GameType "26"]\n1. 22-18 11-15 1-0 {White resigns? no: Black}\n\n'),
        (4, '[GameType "26"]\n1. 21-17 {a quiet start} 9-13 * {adjourned}\n'),
        (6, '[GameType "26"]\n1. 23-19 12-16 0-1\n'),
    ]
    assert _same_apart_as_whole(COMMENTED) == 3


@pytest.mark.parametrize(
    "text",
    [
        # A result inside a comment that spans lines, then a line of moves.
        "1. 22-18 {a long\n1. 21-17 1-0\n} 11-15 *\n1. 23-19 *\n",
        # A result inside a variation that spans lines.
        "1. 22-18 (1... 9-13 1-0\n1. 21-17) 11-15 *\n",
        # A comment after the result that stays open.
        "1. 22-18 11-15 1-0 {adjourned\n1. 21-17 *\n}\n1. 23-19 *\n",
        # Escape and ; comment lines.
        "1. 22-18 1-0\n%1. 21-17 *\n1. 23-19 ; 1-0\n1. 24-20 *\n",
    ],
)
def test_cuts_never_change_what_the_reader_reads(text: str) -> None:
    _same_apart_as_whole(text)


def test_after_an_unsure_game_cuts_resume_at_the_next_tags() -> None:
    text = '1. 22-18 {open\n\n1. 21-17 *\n\n[GameType "26"]\n1. 22-18 *\n1. 21-17 *\n1. 23-19 *\n'
    assert [line for line, _ in _pieces(text)] == [1, 5, 7, 8]
    assert _same_apart_as_whole(text) == 4


LINES = [
    '[GameType "26"]',
    '[Event "x"] [Site "y"]',
    "1. 22-18 11-15",
    "2. 18x11 8x15 1-0",
    "1-0",
    "0-1 {done}",
    "*",
    "{a comment}",
    "{an open comment",
    "} closed 1-0",
    "1. 22-18 (11-15",
    "1/2-1/2)",
    "%escape 1-0",
    "; line comment",
    "1. 22-18 ; 1-0",
    '"quoted 1-0',
    "",
    "   ",
    "\t\u3000 ",
    '0-1[Event "z"]',
    "[Broken",
    "{[%fen W:W1:B2]} 1-0",
    "1. 22-18 {x} 11-15 {y} 1-0 {z}",
    "1. 22-18! (!?) 11-15?? 1-0",
    '  [Event "indented"]',
    "12... 11-15 *",
]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=30), st.integers(1, 3))
def test_any_mix_of_lines_reads_the_same_apart_as_whole(lines: list[str], games: int) -> None:
    _same_apart_as_whole("\n".join(lines) + "\n", games)


def test_pieces_come_as_the_text_is_read() -> None:
    taken = 0

    def chunks() -> Iterator[str]:
        nonlocal taken
        for _ in range(10**6):
            taken += 1
            yield TAGLESS * 100

    first = next(split_games(chunks(), 500))
    assert (first[0], first[1].count("\n")) == (1, 667)
    assert taken <= 3


def test_a_tagless_archive_validates_the_same_in_pieces(tmp_path: Path) -> None:
    games = (ROOT / "samples" / "brazilian" / "endgames.pdn").read_text("utf-8")
    tagless = "".join(line for line in games.splitlines(keepends=True) if not line.startswith("["))
    path = tmp_path / "tagless.pdn"
    path.write_text(tagless * 5, encoding="utf-8")
    assert _same_apart_as_whole(tagless * 5) == 20

    def events(jobs: int) -> list[object]:
        found = validate_inputs([Input("t", path)], game="brazilian", jobs=jobs, piece_games=1)
        return [
            (e.index, e.line, e.plies, e.diagnostics) if isinstance(e, GameReport) else e
            for e in found
        ]

    serial = events(1)
    assert len(serial) == 21
    assert events(2) == serial


def moves(record: Record) -> list[str]:
    return [ply.text for ply in record.moves.plies]


def test_an_endless_line_is_cut_to_what_the_reader_reports_and_reads_the_same() -> None:
    game = '[GameType "26"]\n\n1. 22-17 11-15 *\n\n'
    text = game * 3 + "1. " + "22-17 " * 400_000 + "*\n\n" + game * 3
    chunks = (text[at : at + (1 << 16)] for at in range(0, len(text), 1 << 16))
    pieces = list(split_games(chunks, 1))
    assert max(len(line) for _, piece in pieces for line in piece.split("\n")) == MAX_GAME + 1
    apart = [
        ([(d.code, d.line + first - 1, d.message) for d in r.diagnostics], moves(r))
        for first, piece in pieces
        for r in read_records(iter([piece]))
    ]
    whole = [
        ([(d.code, d.line, d.message) for d in r.diagnostics], moves(r))
        for r in read_records(iter([text]))
    ]
    assert apart == whole
    assert [d for found, _ in whole for d in found] == [
        (
            "PDN109",
            13,
            "the line is longer than a game may be (262,144 characters): "
            "the game's movetext is not read",
        )
    ]


GAME = '[GameType "26"]\n\n1. 22-17 11-15 *\n\n'
SPACES = " " * 300_000


@pytest.mark.parametrize(
    ("text", "games", "found"),
    [
        # Blank lines, long or many, between games, after the last, or alone.
        (GAME * 3 + SPACES + "\n" + GAME * 3, 6, []),
        (GAME * 3 + "\t" * 300_000 + "\n\n" + SPACES + "\n" + GAME * 3, 6, []),
        (GAME * 3 + "\n" * 300_000 + GAME * 3, 6, []),
        (GAME * 3 + " \n" * 200_000 + GAME * 3, 6, []),
        (GAME * 3 + SPACES, 3, []),
        (SPACES + "\n" + SPACES, 0, []),
        # A line blank for longer than a game, then not: too long, a game of its own.
        (GAME * 3 + SPACES + "1. 22-17 *\n\n" + GAME * 3, 7, [(4, "PDN109", 13)]),
        (GAME * 3 + SPACES + "[" + SPACES + "\n" + GAME * 3, 7, [(4, "PDN109", 13)]),
        (GAME * 3 + SPACES * 2 + "1. 22-17 *\n\n" + GAME * 3, 7, [(4, "PDN109", 13)]),
        # Inside a game, blank lines count toward its size.
        (
            GAME * 3 + '[GameType "26"]\n' + SPACES + "\n1. 22-17 *\n\n" + GAME,
            5,
            [(4, "PDN109", 14)],
        ),
        (
            GAME * 3 + '[GameType "26"]\n' + "\n" * 270_000 + "1. 22-17 *\n",
            4,
            [(4, "PDN110", 262_142)],
        ),
    ],
)
def test_blank_text_is_cut_and_read_the_same_apart_as_whole(
    text: str, games: int, found: list[tuple[int, str, int]]
) -> None:
    whole = list(read_records(iter([text])))
    assert len(whole) == games
    assert [(r.index, d.code, d.line) for r in whole for d in r.diagnostics] == found
    expected = [([(d.code, d.line, d.message) for d in r.diagnostics], moves(r)) for r in whole]
    for size in (1 << 16, 1 << 18, 10**6):
        chunks = (text[at : at + size] for at in range(0, len(text), size))
        apart = [
            ([(d.code, d.line + first - 1, d.message) for d in r.diagnostics], moves(r))
            for first, piece in split_games(chunks, 1)
            for r in read_records(iter([piece]))
        ]
        assert apart == expected


def test_pieces_of_games_with_long_comments_stay_small() -> None:
    game = '[GameType "26"]\n\n{' + "c" * 50_000 + "} 1. 22-17 11-15 *\n\n"
    text = game * 100
    pieces = list(split_games(iter([text]), 500, chars=200_000))
    assert [len(piece) for _, piece in pieces] == [len(game) * 4] * 25
    assert [first for first, _ in pieces] == [1 + 4 * 4 * n for n in range(25)]


def _line_by_line(text: str, games: int) -> list[tuple[int, str]]:
    """The pieces of ``text`` found by reading every line with ``_Cuts.before`` (the
    reference that ``split_games``'s bulk reading of plain lines must agree with)."""
    cuts = _Cuts()
    pieces: list[tuple[int, str]] = []
    start = count = 0
    line = at = 1
    position = 0
    for row in text.split("\n")[:-1]:
        if cuts.before(row):
            count += 1
            if count >= games:
                pieces.append((line, text[start:position]))
                line, start, count = at, position, 0
        position += len(row) + 1
        at += 1
    if text[start:]:
        pieces.append((line, text[start:]))
    return pieces


BULK_LINES = [
    *LINES,
    "1. 22-18 11-15 1-0   ",
    "1. 5-1",
    "x1-0",
    "1-0x",
    "  0.5-0.5",
    "\u00bd-\u00bd",
    "1. 22-18 *\t",
    " %x 1-0",
    "\x0c",
    "1-0\x0c",
]


@settings(max_examples=600, deadline=None)
@given(
    st.lists(st.sampled_from(BULK_LINES), max_size=40),
    st.integers(1, 4),
    st.lists(st.integers(1, 60), min_size=1, max_size=8),
)
def test_cuts_are_those_of_reading_line_by_line(
    lines: list[str], games: int, sizes: list[int]
) -> None:
    text = "\n".join(lines) + "\n"
    chunks: list[str] = []
    at = 0
    while at < len(text):
        size = sizes[len(chunks) % len(sizes)]
        chunks.append(text[at : at + size])
        at += size
    assert list(split_games(chunks, games)) == _line_by_line(text, games)


@given(st.from_regex(RESULT_AT, fullmatch=True), st.sampled_from(["", " ", "\t "]))
def test_every_result_token_ends_a_game_among_plain_lines(result: str, space: str) -> None:
    text = f'[Event "a"]\n1. 22-18 {result}{space}\n\n1. 21-17 *\n[Event "b"]\n1. 23-19 *\n'
    assert [line for line, _ in split_games([text], 1)] == [1, 4, 5]
