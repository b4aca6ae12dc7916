"""notation repair: what is corrected, what is written as it was, what is refused."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest
import typer.main
from slips import AMBIGUOUS, GAME, REPAIRED, SLIPPED
from typer.testing import CliRunner, Result

from notation.archive.convert import KEPT_MARK
from notation.check.repair import COSTS
from notation.cli.main import app
from notation.cli.vocabulary import common_options
from notation.record import read_string, write_record

runner = CliRunner()

CORRECTED = (
    "slip.pdn:16:57: notice REC230 slip corrected: 25-22 for 25-21 at ply 31 (one "
    "character); the remaining 27 plies then replay (game 1, ply 31 was illegal)"
)
"""The notice of the one correction of SLIPPED, read from ``slip.pdn``."""

LEFT = (
    "amb.pdn:10:12: error BR203 illegal move 10-15 (game 1, ply 8): a man on 10 cannot move "
    "to 15: square 15 is occupied; legal: 9-13, 9-14, 10-14, 11-16, 12-16, 15-19; several "
    "corrections make the rest replay: 10-14; or 10-14 for 10-15 at ply 2"
)
"""What is left of AMBIGUOUS, read from ``amb.pdn``."""

SYNTAX = '[Event "Round 2"]\n[GameType "26"]\n[Result "*"]\n\n1. 22-18 foo 11-15 *\n'
"""A record with a syntax error."""


@pytest.fixture(autouse=True)
def _here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def repair(*args: str, stdin: str | bytes | None = None) -> Result:
    return runner.invoke(app, ["repair", *args], input=stdin)


def write(name: str, text: str, encoding: str = "utf-8") -> Path:
    path = Path(name)
    path.write_text(text, encoding=encoding)
    return path


def test_a_digit_slip_is_corrected_with_its_text_kept_and_nothing_else_changed() -> None:
    write("slip.pdn", SLIPPED)
    result = repair("slip.pdn")
    assert result.exit_code == 0
    assert result.stdout == REPAIRED
    assert result.stderr == (
        f"{CORRECTED}\n1 game: 1 corrected (1 correction), 0 left with errors, 0 unchanged\n"
    )
    (repaired,) = read_string(result.stdout)
    ply = repaired.moves.plies[30]
    assert (ply.text, [c.text for c in ply.comments]) == ("25-22", ["was: 25-21"])
    ply.comments.clear()
    assert write_record(repaired) == GAME


def test_an_ambiguous_slip_is_left_as_it_was_with_its_candidates() -> None:
    write("amb.pdn", AMBIGUOUS)
    result = repair("amb.pdn", "-o", "out.pdn")
    assert result.exit_code == 1
    assert result.stdout == (
        f"{LEFT}\n1 game: 0 corrected (0 corrections), 1 left with errors, 0 unchanged\n"
    )
    assert Path("out.pdn").read_bytes() == AMBIGUOUS.encode()


def test_a_legal_file_in_place_is_not_rewritten() -> None:
    # A layout of its own: rewriting it would change its bytes.
    path = write("legal.pdn", AMBIGUOUS.replace("10-15\n2.", "10-14\n2.").replace("\n", "\r\n"))
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    before = path.stat()
    data = path.read_bytes()
    result = repair("--in-place", "legal.pdn")
    assert result.exit_code == 0
    assert result.stdout == "1 game: 0 corrected (0 corrections), 0 left with errors, 1 unchanged\n"
    after = path.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert path.read_bytes() == data


def test_a_legal_record_is_written_exactly_as_read() -> None:
    legal = AMBIGUOUS.replace("10-15\n2.", "10-14\n2.")
    result = repair("-", stdin=legal)
    assert result.exit_code == 0
    assert result.stdout == legal


def test_in_place_the_corrected_record_is_rewritten_and_the_others_kept_as_written() -> None:
    write("round.pdn", AMBIGUOUS + "\n" + SLIPPED)
    result = repair("-i", "round.pdn")
    assert result.exit_code == 1
    assert Path("round.pdn").read_text("utf-8") == AMBIGUOUS + "\n" + REPAIRED
    assert result.stdout.splitlines() == [
        LEFT.replace("amb.pdn", "round.pdn"),
        CORRECTED.replace("slip.pdn:16:", "round.pdn:52:").replace("(game 1", "(game 2"),
        "2 games: 1 corrected (1 correction), 1 left with errors, 0 unchanged",
    ]


def test_a_legacy_encoding_is_read_and_written_back_in_place() -> None:
    names = ("Esteves, Tiago", "Жуков, Пётр")
    path = write("slip.pdn", SLIPPED.replace(*names), "cp1251")
    result = repair("-i", "slip.pdn")
    assert result.exit_code == 0
    assert path.read_bytes() == REPAIRED.replace(*names).encode("cp1251")
    assert result.stdout.splitlines()[1] == CORRECTED


def test_a_syntax_error_is_reported_as_validate_does_and_nothing_is_written() -> None:
    write("broken.pdn", SYNTAX)
    write("slip.pdn", SLIPPED)
    validated = runner.invoke(app, ["validate", "broken.pdn", "slip.pdn"])
    result = repair("broken.pdn", "slip.pdn", "-o", "out.pdn")
    assert result.exit_code == 1
    found = [line for line in validated.stdout.splitlines() if "PDN101" in line]
    assert found == ["broken.pdn:5:10: error PDN101 unexpected 'foo' in movetext"]
    assert result.stdout.splitlines() == [
        *found,
        CORRECTED,
        "nothing written to out.pdn: 1 game could not be written whole "
        "(--keep-broken writes them with their text kept in comments)",
        "2 games: 1 corrected (1 correction), 1 left with errors, 0 unchanged; "
        "1 corrected game not written",
    ]
    assert not Path("out.pdn").exists()


def test_with_keep_broken_a_syntax_error_is_written_as_the_writing_commands_write_it() -> None:
    write("broken.pdn", SYNTAX)
    result = repair("--keep-broken", "broken.pdn", "-o", "out.pdn")
    assert result.exit_code == 1
    converted = runner.invoke(app, ["convert", "--keep-broken", "broken.pdn"])
    assert Path("out.pdn").read_text("utf-8") == converted.stdout
    assert f"{KEPT_MARK}: PDN101" in converted.stdout


def test_a_bad_setup_is_reported_as_validate_does_and_left_as_it_was() -> None:
    text = '[GameType "26"]\n[FEN "W:W99:B1"]\n\n1. 22-18 *\n'
    write("setup.pdn", text)
    validated = runner.invoke(app, ["validate", "setup.pdn"])
    result = repair("setup.pdn")
    assert result.exit_code == 1
    assert result.stdout == text
    assert result.stderr == (
        validated.stdout + "1 game: 0 corrected (0 corrections), 1 left with errors, 0 unchanged\n"
    )
    assert "REC202" in validated.stdout


def test_an_unreadable_input_is_one_plain_line_and_exit_2() -> None:
    result = repair("missing.pdn")
    assert result.exit_code == 2
    assert result.stderr == (
        "missing.pdn:1:1: error PDN106 cannot read missing.pdn: no such file or directory\n"
    )
    assert result.stdout == ""


def test_standard_input_to_standard_output() -> None:
    result = repair("-", stdin=SLIPPED)
    assert result.exit_code == 0
    assert result.stdout == REPAIRED
    assert result.stderr.splitlines()[0] == CORRECTED.replace("slip.pdn", "-")


def test_a_compressed_input_is_repaired_to_an_output_file() -> None:
    Path("slip.pdn.gz").write_bytes(gzip.compress(SLIPPED.encode()))
    result = repair("slip.pdn.gz", "-o", "fixed.pdn")
    assert result.exit_code == 0
    assert Path("fixed.pdn").read_text("utf-8") == REPAIRED
    assert result.stdout.splitlines()[0] == CORRECTED.replace("slip.pdn", "slip.pdn.gz")


def test_corrections_of_a_compressed_file_in_place_are_counted_as_not_written() -> None:
    Path("slip.pdn.gz").write_bytes(gzip.compress(SLIPPED.encode()))
    write("slip.pdn", SLIPPED)
    result = repair("--in-place", "slip.pdn.gz", "slip.pdn")
    assert result.exit_code == 2
    assert result.stdout.splitlines()[1:] == [
        "slip.pdn.gz: not rewritten: it is compressed (write it with --output)",
        CORRECTED,
        "2 games: 2 corrected (2 corrections), 0 left with errors, 0 unchanged; "
        "1 corrected game not written",
    ]
    assert gzip.decompress(Path("slip.pdn.gz").read_bytes()).decode() == SLIPPED
    assert Path("slip.pdn").read_text("utf-8") == REPAIRED
    report = repair("--in-place", "--format", "json", "slip.pdn.gz")
    summary = json.loads(report.stdout)["summary"]
    assert (summary["corrected"], summary["not_written"], summary["exit_status"]) == (1, 1, 2)


def test_an_output_naming_the_input_is_refused() -> None:
    path = write("slip.pdn", SLIPPED)
    result = repair("slip.pdn", "-o", "./slip.pdn")
    assert result.exit_code == 2
    assert result.stderr == (
        "notation: slip.pdn is an input of this command: it is not overwritten (write to "
        "another file, or give --in-place to rewrite the input)\n"
    )
    assert path.read_text("utf-8") == SLIPPED


def test_the_json_report_goes_to_standard_error_and_the_records_to_standard_output() -> None:
    write("slip.pdn", SLIPPED)
    write("amb.pdn", AMBIGUOUS)
    result = repair("--format", "json", "slip.pdn", "amb.pdn")
    assert result.exit_code == 1
    assert result.stdout == REPAIRED + "\n" + AMBIGUOUS
    document = json.loads(result.stderr)
    assert list(document) == ["format", "version", "games", "diagnostics", "messages", "summary"]
    assert (document["format"], document["version"], document["messages"]) == (
        "notation-repair",
        1,
        [],
    )
    assert document["games"] == [
        {
            "path": name,
            "index": 1,
            "line": 1,
            "column": 1,
            "game": "brazilian",
            "outcome": outcome,
            "corrections": corrections,
        }
        for name, outcome, corrections in (("slip.pdn", "corrected", 1), ("amb.pdn", "left", 0))
    ]
    notice, left = document["diagnostics"]
    assert (notice["code"], notice["message"], notice["chosen"]) == (
        "REC230",
        CORRECTED.split(" REC230 ")[1],
        True,
    )
    assert notice["candidates"] == [
        {
            "changes": [{"kind": "character", "ply": 31, "was": ["25-21"], "now": ["25-22"]}],
            "cost": COSTS["character"],
            "rest": 27,
        }
    ]
    assert (left["code"], left["ply"], left["chosen"]) == ("BR203", 8, False)
    assert [c["changes"] for c in left["candidates"][:2]] == [
        [{"kind": "character", "ply": 8, "was": ["10-15"], "now": ["10-14"]}],
        [{"kind": "character", "ply": 2, "was": ["10-15"], "now": ["10-14"]}],
    ]
    assert document["summary"] == {
        "games": 2,
        "corrected": 1,
        "corrections": 1,
        "left": 1,
        "unchanged": 0,
        "not_written": 0,
        "exit_status": 1,
    }


def test_the_json_report_holds_what_was_not_written() -> None:
    write("broken.pdn", SYNTAX)
    result = repair("-f", "json", "broken.pdn")
    assert result.exit_code == 1
    assert result.stdout == ""
    document = json.loads(result.stderr)
    assert document["messages"] == [
        "nothing written to standard output: 1 game could not be written whole "
        "(--keep-broken writes them with their text kept in comments)"
    ]
    assert [d["code"] for d in document["diagnostics"]] == ["PDN101"]


def test_an_unknown_report_format_is_a_usage_error() -> None:
    result = repair("-f", "xml", "-")
    assert result.exit_code == 2
    assert "text or json expected" in result.stderr


def test_every_option_of_repair_is_documented() -> None:
    command = typer.main.get_command(app).commands["repair"]  # type: ignore[attr-defined]
    page = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text("utf-8")
    section = page.split("## `notation repair`")[1].split("\n## ")[0]
    shared = {n for p in common_options() for n in p.opts}  # documented once for all
    names = [n for p in command.params for n in p.opts if n.startswith("-") and n not in shared]
    assert "--keep-broken" in names
    assert [n for n in names if f"`{n}" not in section] == []


SAMPLES = Path(__file__).resolve().parents[2] / "samples"

SHEETS = sorted(
    path.relative_to(SAMPLES).as_posix()
    for game in ("english", "russian", "brazilian", "keny", "kavaleria", "knight-fight", "cheversi")
    for path in (SAMPLES / game / "sheets").glob("*.pdn")
)
"""The score sheets of the games an untagged record may be judged as besides PDN's
default."""


def untagged(sample: str) -> str:
    """The text of ``sample`` (under samples/) without its GameType and Variant tags."""
    lines = (SAMPLES / sample).read_text("utf-8").splitlines(keepends=True)
    return "".join(line for line in lines if not line.startswith(("[GameType ", "[Variant ")))


def test_an_untagged_score_sheet_is_repaired_as_the_game_validate_judges_it_as() -> None:
    """The first game of an English score sheet without its GameType: validate judges it
    as English draughts (REC221) and suggests 9x18 for 2x18; repair makes that correction,
    says first which game it judged the record as, and writes what --game english writes."""
    text = untagged("english/sheets/blackpool-open-2025.pdn").split("\n\n[Event ")[0] + "\n"
    write("en.pdn", text)
    validated = runner.invoke(app, ["validate", "en.pdn"])
    assert validated.stdout.splitlines()[1].startswith(
        "en.pdn:9:36: error EN203 illegal move 2x18 (game 1, ply 5): a man on 2 cannot capture "
        "to 18; legal: 9x18; did you mean 9x18?"
    )
    result = repair("en.pdn")
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        "en.pdn:1:1: notice REC221 the record names no game and its first moves are not "
        "international draughts (PDN's default): judged as English draughts (GameType 21), "
        "whose rules replay its 44 plies; a GameType or Variant tag, or --game, decides",
        "en.pdn:9:36: notice REC230 slip corrected: 9x18 for 2x18 at ply 5 (one character); "
        "the remaining 39 plies then replay (game 1, ply 5 was illegal)",
        "1 game: 1 corrected (1 correction), 0 left with errors, 0 unchanged",
    ]
    assert "3. 23x14 9x18 {was: 2x18} 4. 22x15" in " ".join(result.stdout.split())
    assert result.stdout == repair("--game", "english", "en.pdn").stdout
    document = json.loads(repair("--format", "json", "en.pdn").stderr)
    assert [(g["game"], g["outcome"], g["corrections"]) for g in document["games"]] == [
        ("english", "corrected", 1)
    ]


def games_of(result: Result, key: str) -> list[dict[str, object]]:
    """The ``games`` entries of a JSON report on standard error (``key``: ``stderr``) or
    standard output."""
    entries: list[dict[str, object]] = json.loads(getattr(result, key))["games"]
    return entries


@pytest.mark.parametrize("sheet", SHEETS)
def test_untagged_score_sheets_are_repaired_as_validate_judges_each_game(sheet: str) -> None:
    """Each game of a score sheet without its game's tag is judged by repair as validate
    judges it (its report entry names that game) and corrected exactly as --game naming
    that game corrects it; a game judged as another than PDN's default gets a REC221
    notice."""
    write("sheet.pdn", untagged(sheet))
    validated = games_of(runner.invoke(app, ["validate", "-f", "json", "sheet.pdn"]), "stdout")
    judged = [entry["game"] for entry in validated]
    entries = games_of(repair("-f", "json", "sheet.pdn"), "stderr")
    assert [entry["game"] for entry in entries] == judged
    given = {
        name: games_of(repair("-f", "json", "--game", str(name), "sheet.pdn"), "stderr")
        for name in set(judged)
    }
    assert entries == [given[name][at] for at, name in enumerate(judged)]
    corrections = sum(int(str(entry["corrections"])) for entry in entries)
    # A Cheversi sheet's slips are in the first ten plies, which a game PDN does not number
    # must replay for an untagged record to be judged as it: validate judges those games
    # as international draughts, and so does repair.
    assert corrections > 0 or sheet.startswith("cheversi/")
    text = repair("sheet.pdn").stderr
    assert text.count(" notice REC221 ") == sum(name != "international" for name in judged)
