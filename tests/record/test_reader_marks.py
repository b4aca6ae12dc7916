"""A byte order mark (U+FEFF) that starts a game, as where files that each begin with one
are joined end to end (``cat a.pdn b.pdn``): skipped with a PDN117 notice at its line and
column, the game read whole with its tags; anywhere else it stays a syntax error."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from notation.cli.main import app
from notation.record.boundaries import split_games
from notation.record.reader import read_records, read_string

runner = CliRunner()

FIRST = '[Event "A"]\n[GameType "26"]\n\n1. 22-18 11-15 *\n'
SECOND = '[Event "B"]\n[GameType "26"]\n\n1. 22-18 11-15 2. 18-14 *\n'
"""Its third ply is illegal (the capture 18x11 is compulsory): a verdict only Brazilian
draughts, which its GameType tag names, gives."""
LEGAL = SECOND.replace("18-14", "18x11")

SKIPPED = (
    "notice PDN117 a byte order mark (U+FEFF) starts the game: skipped, as the mark of a "
    "file joined to the one before"
)


@pytest.fixture(autouse=True)
def _here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def joined(name: str, *texts: str, encoding: str = "utf-8-sig") -> str:
    """``texts`` written each as a file of ``encoding`` (with its mark), joined end to end."""
    Path(name).write_bytes(b"".join(text.encode(encoding) for text in texts))
    return name


def test_the_reader_skips_the_mark_that_starts_a_game_and_reads_its_tags() -> None:
    records = read_string("\ufeff" + FIRST + "\ufeff" + SECOND, "j.pdn")
    assert [r.tag_dict() for r in records] == [
        {"Event": "A", "GameType": "26"},
        {"Event": "B", "GameType": "26"},
    ]
    assert records[0].diagnostics == []
    assert [(d.code, d.line, d.column, d.message) for d in records[1].diagnostics] == [
        ("PDN117", 5, 1, SKIPPED.removeprefix("notice PDN117 "))
    ]
    assert (records[1].pos.line, records[1].pos.column) == (5, 2)
    assert [t.pos.column for t in records[1].tags] == [2, 1]
    assert records[1].moves.move_texts() == ["22-18", "11-15", "18-14"]


def test_the_mark_after_a_game_without_a_result_starts_the_next_game() -> None:
    records = read_string(FIRST.replace(" *", "") + "\ufeff" + SECOND, "j.pdn")
    assert [(d.code, d.line, d.column) for r in records for d in r.diagnostics] == [
        ("PDN101", 4, 15),
        ("PDN117", 5, 1),
    ]
    assert records[1].tag("Event") == "B"


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # Not at the start of a game: between two tag lines, in movetext, after blanks.
        ('[Event "A"]\n\ufeff[Site "B"]\n\n1. 22-18 *\n', [("PDN101", 2, 1)]),
        ('[Event "A"]\n\n1. 22-18 \ufeff11-15 *\n', [("PDN101", 3, 10)]),
        (FIRST + '  \ufeff[Event "B"]\n\n1. 22-18 *\n', [("PDN101", 5, 3)]),
        (FIRST.replace(" *", " *\ufeff"), [("PDN101", 4, 17)]),
        # Alone on a line between two games: no tag pair follows it there.
        (FIRST + '\ufeff\n[Event "B"]\n\n1. 22-18 *\n', [("PDN101", 5, 1)]),
    ],
)
def test_a_mark_anywhere_else_is_a_syntax_error(
    text: str, found: list[tuple[str, int, int]]
) -> None:
    records = read_string(text, "m.pdn")
    assert [(d.code, d.line, d.column) for r in records for d in r.diagnostics] == found
    assert "unexpected '\\ufeff" in next(d.message for r in records for d in r.diagnostics)


def test_pieces_of_a_parallel_run_read_as_the_whole_text_does() -> None:
    text = ("\ufeff" + FIRST + "\ufeff" + LEGAL) * 3
    whole = [(r.tag_dict(), r.diagnostics) for r in read_string(text, "j.pdn")]
    pieces = list(split_games([text], 1))
    assert len(pieces) == 6
    read = [
        (r.tag_dict(), r.diagnostics)
        for line, piece in pieces
        for r in read_records([piece], path="j.pdn", first_line=line)
    ]
    assert [tags for tags, _ in read] == [tags for tags, _ in whole]
    assert [[(d.code, d.line, d.column) for d in said] for _, said in read] == [
        [(d.code, d.line, d.column) for d in said] for _, said in whole
    ]


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_validate_reads_files_joined_end_to_end(encoding: str) -> None:
    result = run("validate", joined("j.pdn", FIRST, SECOND, encoding=encoding))
    assert result.exit_code == 1
    assert result.stdout == (
        f"j.pdn:5:1: {SKIPPED}\n"
        "j.pdn:8:19: error BR204 illegal move 18-14 (game 2, ply 3): a capture is available: "
        "18x11; 18-14 is not a capture; legal: 18x11\n"
    )
    assert result.stderr == "2 games in 1 file: 1 error, 0 warnings, 1 notice\n"


def test_convert_writes_files_joined_end_to_end_without_the_mark() -> None:
    result = run("convert", joined("j.pdn", FIRST, LEGAL))
    assert result.exit_code == 0
    assert result.stdout == FIRST + "\n" + LEGAL
    assert result.stderr == f"j.pdn:5:1: {SKIPPED}\n"


def test_fix_writes_the_game_whose_mark_was_skipped_canonically() -> None:
    clean = '[Event "?"]\n[Site "?"]\n[Date "?"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n'
    game = clean + '[Result "*"]\n[GameType "26"]\n[PlyCount "2"]\n\n1. 22-18 11-15 *\n'
    result = run("fix", joined("j.pdn", game, game))
    assert result.exit_code == 0
    assert result.stdout == game + "\n" + game
    assert codecs.BOM_UTF8.decode() not in result.stdout
    assert result.stderr == (
        f"j.pdn:12:1: {SKIPPED}\n2 games: 1 fixed (1 change), 0 left with errors, 1 unchanged\n"
    )


def test_repair_writes_the_game_whose_mark_was_skipped_without_it() -> None:
    result = run("repair", joined("j.pdn", FIRST, LEGAL))
    assert result.exit_code == 0
    assert result.stdout == FIRST + "\n" + LEGAL
    assert codecs.BOM_UTF8.decode() not in result.stdout
    assert result.stderr.splitlines()[0] == f"j.pdn:5:1: {SKIPPED}"
