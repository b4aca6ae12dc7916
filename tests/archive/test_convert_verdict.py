"""``convert`` and ``fix`` judge moves through ``validate``'s one replay: they report every
problem ``validate`` reports, rewrite a move read by a dialect only where ``validate`` gives
its notice, and exit as its verdict says (``convert`` writes a game with an error only with
``--keep-broken``; ``fix`` writes one read whole fixed as far as it can be)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from notation.archive.convert import keep_notation
from notation.cli.main import app
from notation.record.model import NOWHERE, Record
from notation.record.reader import read_string
from notation.record.writer import write_record

runner = CliRunner()

SAMPLES = Path(__file__).resolve().parents[2] / "samples"

NOTHING_WRITTEN = (
    "nothing written to standard output: 1 game could not be written whole "
    "(--keep-broken writes them with their text kept in comments)\n"
)

SEPARATOR = (
    '[GameType "26"]\n[Result "*"]\n\n'
    "1. 24x19 9-13 2. 28-24 10-14 3. 19-15 11x18 4. 22x15 12-16 5. 25-21 *\n"
)
"""A Brazilian record whose first move is written with the other separator (PDN116) and
whose ninth ply is illegal."""

SEPARATOR_NOTICE = (
    "sep.pdn:4:4: notice PDN116 24x19 is written with the other separator: read as 24-19, "
    "the one legal move with its squares (game 1, ply 1)\n"
)
SEPARATOR_ERROR = (
    "sep.pdn:4:63: error BR203 illegal move 25-21 (game 1, ply 9): a man on 25 cannot move "
    "to 21: square 21 is occupied; legal: 15-10, 15-11, 21-17, 23-18, 23-19, 24-19, 24-20, "
    "25-22, 26-22, 32-28"
)

TULA_6 = """\
[Event "Tula Shashki Cup 2025"]
[Site "Tula RUS"]
[Date "2025.04.15"]
[Round "6"]
[White "Lebedev, Nikita"]
[Black "Egorova, Kseniya"]
[Result "2-0"]
[GameType "25,W,8,8,A0,0"]

1. a3-b4 f6-e5 2. b4-a5 e7-f6 3. e3-d4 d8-e7 4. f2-e3 f6-g5 5. d4:d8 d6-e5 6.
d8:h4 f8-e7 7. h4:d8 e5-d4 8. e3:c5 b6:d4 9. d8:f2 h6-g5 10. f2:b6 a7:c5 11.
a5-b6 b8-a7 12. g3-f4 g5:e3 13. b6:f2 g7-f6 14. c3-b4 h8-g7 15. d2-c3 a7-b6 16.
f2:a7 g7-h6 17. c1-d2 f6-e5 18. c3-d4 e5:a5 19. d2-e3 a5-b4 20. b2-c3 b4:f4 21.
a7-b6 f4-e3 22. b6:f2 h6-g5 23. e1-d2 g5-h4 24. f2-e3 h4-g3 25. h2:f4 2-0
"""
"""Game 6 of samples/russian/sheets/tula-cup-2025.pdn: ply 19, ``f2:b6``, is the capture
of ply 21 (two of White's moves exchanged), which ``validate`` proposes; so it gives no
PDN116 notice at ply 19 though its replay could read ``f2:b6`` as the step ``f2-b6``."""

TULA_ERROR = (
    "tula.pdn:12:7: error RU204 illegal move b8-a7 (game 1, ply 22): a capture is available: "
    "c5:a7; b8-a7 is not a capture; legal: c5:a7; did you mean a5-b6 at ply 19 and f2:b6 at "
    "ply 21 (a side's moves exchanged)? then the remaining 28 plies replay"
)


@pytest.fixture(autouse=True)
def _here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def write(name: str, text: str) -> str:
    Path(name).write_text(text, "utf-8")
    return name


def test_convert_reports_an_illegal_move_and_writes_nothing() -> None:
    write("sep.pdn", SEPARATOR)
    assert run("validate", "sep.pdn").stdout == SEPARATOR_NOTICE + SEPARATOR_ERROR + "\n"
    converted = run("convert", "sep.pdn")
    assert (converted.exit_code, converted.stdout) == (1, "")
    assert converted.stderr == SEPARATOR_NOTICE + SEPARATOR_ERROR + "\n" + NOTHING_WRITTEN


def test_convert_to_json_reports_an_illegal_move_and_writes_nothing() -> None:
    source = str(SAMPLES / "brazilian" / "broken" / "illegal-move.pdn")
    validated = run("validate", source)
    converted = run("convert", "--to", "json", source)
    assert (converted.exit_code, converted.stdout) == (1, "")
    assert converted.stderr == validated.stdout + NOTHING_WRITTEN
    assert " error BR203 illegal move 25-21 (game 1, ply 9)" in converted.stderr


def test_convert_keep_broken_marks_the_illegal_move_and_keeps_the_dialect_notice() -> None:
    write("sep.pdn", SEPARATOR)
    kept = run("convert", "--keep-broken", "sep.pdn")
    assert kept.exit_code == 1
    assert kept.stderr == (SEPARATOR_NOTICE + SEPARATOR_ERROR + "; this line is left as written\n")
    assert kept.stdout == (
        '[GameType "26"]\n[Result "*"]\n\n'
        "1. 24-19 9-13 2. 28-24 10-14 3. 19-15 11x18 4. 22x15 12-16 5. 25-21\n"
        "{notation: kept as written from here: BR203 illegal move 25-21: a man on 25 cannot "
        "move to 21: square 21 is occupied}\n*\n"
    )
    again = run("validate", write("kept.pdn", kept.stdout))
    assert again.exit_code == 1
    assert " error BR203 illegal move 25-21 (game 1, ply 9)" in again.stdout


def test_convert_gives_no_notice_validate_withholds_and_keeps_that_move_as_written() -> None:
    write("tula.pdn", TULA_6)
    assert run("validate", "tula.pdn").stdout == TULA_ERROR + "\n"
    converted = run("convert", "tula.pdn")
    assert (converted.exit_code, converted.stdout) == (1, "")
    assert converted.stderr == TULA_ERROR + "\n" + NOTHING_WRITTEN
    kept = run("convert", "--keep-broken", "tula.pdn")
    assert kept.exit_code == 1
    assert kept.stderr == TULA_ERROR + "; this line is left as written\n"
    assert "10. f2:b6 a7:c5" in kept.stdout
    assert "PDN116" not in kept.stderr


def test_convert_to_another_notation_stops_at_a_move_validate_reads_otherwise() -> None:
    write("tula.pdn", TULA_6)
    kept = run("convert", "--keep-broken", "-n", "numeric", "tula.pdn")
    assert kept.exit_code == 1
    assert kept.stderr == TULA_ERROR + "; this line is left as written\n"
    moves = kept.stdout.split("\n\n", 1)[1]
    # Plies 1 to 18 rewritten; from ply 19 on, read otherwise by the correction, as written.
    assert moves.startswith("1. 21-17 11-15 2. 17-13 7-11 3. 23-18 2-7 4. 27-23 11-16 5. ")
    assert moves.split("\n{")[0].endswith(" 9. 2x27 12-16 10. f2:b6")
    assert (
        "\n{notation: kept as written from here: f2:b6 (ply 19) is not converted: validate's "
        "correction of a later illegal move reads it otherwise}\na7:c5 11. a5-b6 b8-a7\n"
        "{notation: kept as written from here: RU204 illegal move b8-a7: a capture is "
        "available: c5:a7; b8-a7 is not a capture}\n12. g3-f4 g5:e3 "
    ) in moves
    again = run("validate", write("kept.pdn", kept.stdout))
    assert again.exit_code == 1
    assert " error RU204 illegal move b8-a7 (game 1, ply 22)" in again.stdout


def test_fix_gives_no_notice_validate_withholds_and_keeps_that_move_as_written() -> None:
    write("tula.pdn", TULA_6)
    fixed = run("fix", "--keep-broken", "tula.pdn")
    assert fixed.exit_code == 1
    assert "PDN116" not in fixed.stderr
    assert TULA_ERROR + "\n" in fixed.stderr
    assert "10. f2:b6 a7:c5" in fixed.stdout


@pytest.mark.parametrize(
    "sample",
    [
        "brazilian/broken/illegal-move.pdn",
        "brazilian/broken/syntax-error.pdn",
        "russian/sheets/tula-cup-2025.pdn",
        "international/ambiguous-capture.pdn",
        "cheversi/broken",
        "keny/broken",
    ],
)
def test_convert_reports_exactly_what_validate_reports(sample: str) -> None:
    source = str(SAMPLES / sample)
    validated = run("validate", source)
    converted = run("convert", source)
    said = [line for line in converted.stderr.splitlines() if not line.startswith("nothing")]
    assert said == validated.stdout.splitlines()
    assert converted.exit_code == validated.exit_code


def _placeless(record: Record) -> None:
    """Give every ply of ``record`` no source position, as a record built in code has."""
    lines = [record.moves]
    while lines:
        line = lines.pop()
        for ply in line.plies:
            ply.pos = NOWHERE
            lines.extend(ply.variations)


def test_a_record_without_positions_has_each_dialect_read_told_apart() -> None:
    # Ply 9 written with the other separator (noticed), ply 19 read otherwise by the
    # correction validate proposes (notice withheld): every ply at [0, 0], the two differ.
    (record,) = read_string(TULA_6.replace("5. d4:d8", "5. d4-d8"), "tula.pdn")
    _placeless(record)
    said = keep_notation(record, path="tula.pdn", mark=True)
    assert [(d.code, d.line, d.column, d.ply) for d in said] == [
        ("PDN116", 0, 0, 9),
        ("RU204", 0, 0, 22),
    ]
    assert said[1].message.endswith(
        "then the remaining 28 plies replay; this line is left as written"
    )
    moves = write_record(record).split("\n\n", 1)[1]
    assert moves.startswith("1. a3-b4 f6-e5 2. b4-a5 e7-f6 3. e3-d4 d8-e7 4. f2-e3 f6-g5 5. d4:d8 ")
    assert "10. f2:b6 a7:c5 11.\na5-b6 b8-a7\n{notation: kept as written from here: RU204 " in moves


KEPT_SYNTAX = (
    '[Event "x"]\n[Result "*"]\n[GameType "21"]\n\n1. 11-15 23-19 2. foo *\n\n'
    '[Event "y"]\n[GameType "21"]\n[Bad tag\n\n1. 11-15 {never closed\n'
)
"""Two English records with syntax errors: a junk token, then a broken tag line and a
comment never closed."""


@pytest.mark.parametrize(
    "command",
    [
        ("convert",),
        ("convert", "--to", "json"),
        ("annotate",),
        ("fix",),
        ("repair",),
    ],
)
def test_what_keep_broken_writes_is_still_judged_broken(command: tuple[str, ...]) -> None:
    # The text from a syntax error on went into ; comments and what was left replayed as
    # a whole, valid game: validate passed what it had failed.
    write("se.pdn", KEPT_SYNTAX)
    kept = run(*command, "--keep-broken", "-o", "out", "se.pdn")
    assert kept.exit_code == 1, kept.stderr
    judged = run("validate", "--no-cache", "--select", "PDN", "out")
    assert judged.exit_code == 1
    lines = [line.split(": ", 1)[1] for line in judged.stdout.splitlines()]
    mark = "error PDN118 kept as written from here by --keep-broken, not read as moves:"
    assert lines == [
        f"{mark} PDN101 unexpected 'foo' in movetext",
        f"{mark} PDN105 malformed tag pair '[Bad tag'",
        f"{mark} PDN102 comment '{{' is never closed",
    ]
    # Kept again, what was kept is written as it was: its marks are not kept a second time.
    again = run(*command, "--keep-broken", "-o", "again", "out")
    assert again.exit_code == 1, again.stderr
    assert Path("again").read_text("utf-8") == Path("out").read_text("utf-8")


def test_each_of_two_identical_marks_is_an_error_in_json() -> None:
    from notation.record.jsonform import dumps, loads

    mark = "; notation: kept as written from here: x\n"
    (record,) = read_string(f'[GameType "21"]\n\n1. 11-15 {mark}23-19 {mark}*\n', "t.pdn")
    assert [d.code for d in record.diagnostics] == ["PDN118", "PDN118"]
    # Read back with its diagnostics, each mark is one error; with one of them or none,
    # each mark is still found.
    assert [d.code for d in loads(dumps([record]))[0].diagnostics] == ["PDN118", "PDN118"]
    del record.diagnostics[1]
    assert [d.code for d in loads(dumps([record]))[0].diagnostics] == ["PDN118", "PDN118"]
    record.diagnostics.clear()
    found = loads(dumps([record]), "t.json")[0].diagnostics
    assert [(d.code, d.line, d.column, d.path) for d in found] == [
        ("PDN118", 3, 10, "t.json"),
        ("PDN118", 4, 7, "t.json"),
    ]


def test_a_kept_mark_reads_as_the_same_error_in_pdn_and_in_json() -> None:
    write("m.pdn", '[GameType "21"]\n\n1. 11-15 ; notation: kept as written from here: x\n*\n')
    assert run("convert", "--to", "json", "-o", "m.json", "m.pdn").exit_code == 1
    assert run("convert", "--to", "json", "--keep-broken", "-o", "m.json", "m.pdn").exit_code == 1
    said = [run("validate", "--no-cache", name).stdout for name in ("m.pdn", "m.json")]
    error = ":3:10: error PDN118 kept as written from here by --keep-broken, not read as moves: x\n"
    assert said == ["m.pdn" + error, "m.json" + error]
