"""The application functions the writing commands call: a library user gets the command's
verdicts and bytes."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from notation.archive.annotate import annotate_settings
from notation.archive.convert import convert_files, convert_settings
from notation.archive.draw import NoPosition, drawing_at, record_at
from notation.archive.duplicates import duplicates, duplicates_settings
from notation.archive.mend import fix, fix_files, fix_settings, repair, repair_settings
from notation.archive.merge import merge, merge_settings
from notation.archive.new import new, new_record, new_settings
from notation.archive.rewrite import Options
from notation.archive.select import select, select_settings
from notation.archive.split import split, split_settings
from notation.archive.stats import stats, stats_settings
from notation.check.validator import validate_record
from notation.cli.main import app
from notation.diagnostics import Diagnostic
from notation.games.registry import get_game
from notation.io.files import Input, expand
from notation.read.sources import Found
from notation.record.writer import write_record
from notation.run.settings import SettingsError

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
ENDGAMES = SAMPLES / "brazilian" / "endgames.pdn"
GAME = '[GameType "26"]\n\n1. 22-18 11-15 2. 22-17 18x11 *\n'
"""Ply 3 is illegal (square 22 is empty after 22-18)."""


def test_new_record_is_what_new_writes() -> None:
    record = new_record(get_game("brazilian"), day=datetime.date(2025, 1, 2))
    assert write_record(record) == (
        '[Event "?"]\n[Site "?"]\n[Date "2025.01.02"]\n[Round "?"]\n[White "?"]\n'
        '[Black "?"]\n[Result "*"]\n[GameType "26,W,8,8,N2,0"]\n\n*\n'
    )


def test_convert_files_writes_the_bytes_convert_writes(tmp_path: Path) -> None:
    said: list[str] = []
    out = tmp_path / "library.pdn"
    options = Options(output=out)
    status = convert_files(
        list(expand([str(ENDGAMES)])), options, said.append, notation="alphanumeric"
    )
    done = CliRunner().invoke(app, ["convert", str(ENDGAMES), "-n", "alphanumeric"])
    assert (status, done.exit_code) == (0, 0)
    assert out.read_text(encoding="utf-8") == done.stdout
    assert said == []


def test_fix_files_counts_each_game_as_it_is_written(tmp_path: Path) -> None:
    record = tmp_path / "one.pdn"
    record.write_text('[GameType "26"]\n\n1. 22-18 11-15 *\n', encoding="utf-8")
    counted: list[tuple[str, int, int, list[str], dict[str, Any]]] = []

    def count(found: Found, made: int, left: list[Diagnostic], extra: dict[str, Any]) -> None:
        counted.append((found.input.name, found.record.index, made, [d.code for d in left], extra))

    out = tmp_path / "fixed.pdn"
    status = fix_files(
        [Input(str(record), record)], ("plycount",), Options(output=out), count, print
    )
    assert status == 0
    assert counted == [(str(record), 1, 1, [], {})]
    assert '[PlyCount "2"]' in out.read_text(encoding="utf-8")


def test_drawing_at_says_why_there_is_no_position(tmp_path: Path) -> None:
    source = tmp_path / "one.pdn"
    source.write_text(GAME, encoding="utf-8")
    told: list[Diagnostic] = []
    record, name, status = record_at([Input(str(source), source)], 1, None, told.append)
    assert (name, status, told) == (str(source), 0, [])
    assert record is not None
    report = validate_record(record, path=name, trace=True)
    with pytest.raises(NoPosition) as illegal:
        drawing_at(record, report, None)
    assert (illegal.value.legal, illegal.value.why) == (2, "illegal")
    with pytest.raises(NoPosition) as past:
        drawing_at(record, report, 3)
    assert (past.value.legal, past.value.why) == (2, "past")
    # A ply before the start: a KeyError from inside the replay's steps.
    with pytest.raises(ValueError, match=r"^ply -1: a ply is 0 \(the start\) or more$"):
        drawing_at(record, report, -1)
    drawn = drawing_at(record, report, 2)
    assert drawn.game.name == "brazilian"
    picture = drawn.game.render_text(drawn.position, drawn.last, drawn.notation) + "\n"
    # Drawn, and exit 1: the record has its illegal ply 3 (render's status, as validate's).
    done = CliRunner().invoke(app, ["render", str(source), "--ply", "2"])
    assert (done.exit_code, done.stdout) == (1, picture)
    start = drawing_at(record, report, 0)
    assert start.last is None
    assert start.position == drawn.game.start(record.tag_dict())


def _streams(*args: str) -> tuple[int, str, str]:
    done = CliRunner().invoke(app, list(args))
    return done.exit_code, done.stdout, done.stderr


def test_fix_and_repair_give_the_report_the_commands_print(tmp_path: Path) -> None:
    source = tmp_path / "sheet.pdn"
    source.write_text(GAME + '\n[GameType "26"]\n\n1. 22-18 11-15 1-0\n', encoding="utf-8")
    for run, make, name in ((fix, fix_settings, "fix"), (repair, repair_settings, "repair")):
        out = tmp_path / f"{name}.pdn"
        said: list[str] = []
        done = run([str(source)], make(output=out, format="text"), say=said.append)
        status, report, _ = _streams(name, str(source), "-o", str(out))
        assert (done.status, done.json) == (status, False) == (1, False)
        assert "\n".join([*said, *done.lines()]) + "\n" == report
        as_json = run([str(source)], make(output=out, format="json"))
        assert as_json.document() == _streams(name, str(source), "-o", str(out), "-f", "json")[1]
    # PlyCount, and 1-0 (a dialect's result) written 2-0.
    plies = fix([str(source)], fix_settings(plycount=True, output=tmp_path / "plies.pdn"))
    assert plies.summary() == "2 games: 1 fixed (2 changes), 1 left with errors, 0 unchanged"


def test_select_split_and_merge_give_the_reports_the_commands_print(tmp_path: Path) -> None:
    told: list[Diagnostic] = []
    paths = [str(ENDGAMES), str(tmp_path / "gone.pdn")]
    done = select(paths, select_settings(result="2-0"), tell=told.append)
    status, _, stderr = _streams("select", *paths, "--result", "2-0")
    assert done.status == status == 2
    assert [d.format() for d in told] + done.lines() == stderr.splitlines()
    done = select([str(ENDGAMES)], select_settings(result="2-0", format="json"))
    assert done.document() == _streams("select", str(ENDGAMES), "--result", "2-0", "-f", "json")[2]
    parts = split(
        [str(ENDGAMES)], split_settings(by="every:2", folder=tmp_path / "parts", format="json")
    )
    assert (parts.status, parts.games, len(parts.body["files"])) == (0, 4, 2)
    copy = tmp_path / "copy.pdn"
    copy.write_bytes(ENDGAMES.read_bytes())
    named = [str(ENDGAMES), str(ENDGAMES), str(copy)]
    merged = merge(named, merge_settings(unique=True, output=tmp_path / "all.pdn"))
    assert merged.lines() == [
        f"notation: warning: {ENDGAMES} is named more than once: it is read once",
        *(
            f"{copy}:{line}: game {n} is a copy of {ENDGAMES}:{line} game {n}"
            for n, line in enumerate(_starts(ENDGAMES), 1)
        ),
        "4 of 8 games written, 4 copies left out",
    ]
    assert merged.lines(quiet=True) == merged.lines()[:-1]
    status, report, _ = _streams("merge", *named, "--unique", "-o", str(tmp_path / "cli.pdn"))
    assert (status, report.splitlines()) == (merged.status, merged.lines())


def _starts(path: Path) -> list[int]:
    """The line each game of ``path`` starts on."""
    return [found.record.pos.line for found in _found(path)]


def _found(path: Path) -> list[Found]:
    from notation.read.sources import read_all

    return [item for item in read_all(expand([str(path)])) if isinstance(item, Found)]


def test_stats_and_duplicates_write_what_the_commands_write() -> None:
    collected = stats([str(ENDGAMES)], stats_settings(format="json"))
    status, stdout, _ = _streams("stats", str(ENDGAMES), "--json")
    assert (collected.status, collected.written("json")) == (status, stdout)
    report = duplicates([str(ENDGAMES)] * 2, duplicates_settings(game="brazilian"))
    status, stdout, stderr = _streams("duplicates", str(ENDGAMES), str(ENDGAMES), "-g", "brazilian")
    warned = [f"notation: warning: {warning}" for warning in report.warnings]
    assert (report.status, report.written()) == (status, stdout) == (0, "")
    assert (
        [*warned, report.summary()]
        == stderr.splitlines()
        == [
            f"notation: warning: {ENDGAMES} is named more than once: it is read once",
            "0 groups of duplicates (0 records) among 4 records",
        ]
    )
    moved = duplicates([str(ENDGAMES)], duplicates_settings(position=True, ply=1))
    status, stdout, stderr = _streams("duplicates", str(ENDGAMES), "--position", "--ply", "1")
    assert (moved.status, moved.written(), moved.summary() + "\n") == (status, stdout, stderr)


def test_new_writes_the_record_new_prints(tmp_path: Path) -> None:
    out = tmp_path / "new.pdn"
    record = new(new_settings("brazilian", output=out))
    assert out.read_text(encoding="utf-8") == write_record(record)
    assert write_record(record) == _streams("new", "brazilian")[1]


@pytest.mark.parametrize(
    ("make", "options", "name", "option", "message"),
    [
        (
            convert_settings,
            {"notation": "zz"},
            "notation",
            "--notation",
            "no game has a notation 'zz'",
        ),
        (
            annotate_settings,
            {"comments": "moves"},
            "comments",
            "--comments",
            "position or scores expected",
        ),
        (fix_settings, {"format": "xml"}, "format", "--format", "text or json expected"),
        (select_settings, {"code": "XX1"}, "code", "--code", "no diagnostic code 'XX1'"),
        (select_settings, {"variant": "chess"}, "variant", "--game", "unknown game 'chess'"),
        (select_settings, {"plies": "9:2"}, "plies", "--plies", "'9:2': the least number of plies"),
        (split_settings, {"by": "colour", "folder": Path("x")}, "by", "--by", "'colour': group by"),
        (merge_settings, {"encoding": "utf-9"}, "encoding", "--encoding", ""),
        (stats_settings, {"game": "chess"}, "game", "--game", "unknown game 'chess'"),
        (new_settings, {"game": "chess"}, "game", "GAME", "unknown game 'chess'"),
        (new_settings, {"game": "brazilian", "seed": -1}, "seed", "--seed", "-1 is below 0"),
        (duplicates_settings, {"dialects": ["x"]}, "dialects", "--dialect", "unknown dialect x"),
    ],
)
def test_settings_name_the_option_that_cannot_be_used(
    make: Any, options: dict[str, Any], name: str, option: str, message: str
) -> None:
    with pytest.raises(SettingsError) as refused:
        make(**options)
    assert (refused.value.name, refused.value.option) == (name, option)
    assert refused.value.message.startswith(message)
    assert str(refused.value) == f"{name}: {refused.value.message}"


def test_a_message_names_options_as_the_library_and_as_the_command_line_spell_them(
    tmp_path: Path,
) -> None:
    with pytest.raises(SettingsError) as refused:
        duplicates_settings(ply=3)
    assert str(refused.value) == "ply: ply goes with position"
    assert (refused.value.option, refused.value.message) == ("--ply", "--ply goes with --position")
    status, stdout, stderr = _streams("duplicates", str(tmp_path), "--ply", "3")
    assert (status, stdout) == (2, "")
    assert stderr.splitlines()[-1] == "Error: Invalid value for --ply: --ply goes with --position"


def test_settings_are_what_the_options_say() -> None:
    settings = convert_settings(output=Path("out.json"), game="brazilian", encoding="latin-1")
    assert (settings.form, settings.game, settings.encoding) == ("json", "brazilian", "iso8859-1")
    assert settings.options == Options(output=Path("out.json"), form="json", encoding="iso8859-1")
    assert fix_settings(fen=True, tags=True).fixes == ("tags", "fen")
    assert fix_settings().fixes == ("results", "plycount", "tags", "fen")


TWO_RESULTS = '[GameType "26"]\n\n1. 22-18 0-2\n\n[GameType "26"]\n\n1. 22-18 2-0\n'
"""Two games: Black won the first, White the second."""


@pytest.mark.parametrize("form", ["text", "json"])
def test_the_body_of_select_split_and_merge_is_their_whole_json_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, form: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("archive.pdn").write_text(TWO_RESULTS, encoding="utf-8")
    chosen = select_settings(result="0-2", output=Path("lost.pdn"), format=form)
    done = select(["archive.pdn", "gone.pdn"], chosen)
    assert done.body == {
        "format": "notation-select",
        "version": 1,
        "games": [
            {"path": "archive.pdn", "index": 1, "line": 1, "selected": True, "written": "lost.pdn"},
            {"path": "archive.pdn", "index": 2, "line": 5, "selected": False, "written": None},
        ],
        "summary": {"games": 2, "selected": 1, "exit_status": 2},
        "warnings": [],
        "diagnostics": [
            {
                "path": "gone.pdn",
                "line": 1,
                "column": 1,
                "severity": "error",
                "code": "PDN106",
                "message": "cannot read gone.pdn: no such file or directory",
                "game": None,
                "ply": None,
                "move": None,
                "legal": [],
                "candidates": [],
                "chosen": False,
            }
        ],
        "refused": "an input could not be read",
    }
    assert json.loads(done.document()) == done.body
    kept = select(["archive.pdn"], chosen)
    assert (kept.body["summary"], kept.body["diagnostics"], kept.body["refused"]) == (
        {"games": 2, "selected": 1, "exit_status": 0},
        [],
        None,
    )
    parts = split(["archive.pdn"], split_settings(by="game", folder=Path("parts"), format=form))
    assert (parts.body["format"], parts.body["diagnostics"], parts.body["refused"]) == (
        "notation-split",
        [],
        None,
    )
    merged = merge(["archive.pdn"], merge_settings(output=Path("all.pdn"), format=form))
    assert json.loads(merged.document()) == merged.body
    assert merged.body["summary"] == {"games": 2, "written": 2, "dropped": 0, "exit_status": 0}


@pytest.mark.parametrize(
    ("make", "options", "name", "option", "message"),
    [
        (convert_settings, {"to": "xml"}, "to", "--to", "unknown format 'xml'; choose pdn or json"),
        (
            convert_settings,
            {"output": "x.pdn", "in_place": True},
            "in_place",
            "--in-place",
            "give either --output or --in-place, not both",
        ),
        (
            convert_settings,
            {"in_place": True, "to": "json"},
            "in_place",
            "--in-place",
            "--in-place rewrites PDN files; write JSON with --output",
        ),
        (
            fix_settings,
            {"allow_empty": "no"},
            "allow_empty",
            "--allow-empty",
            "'no' is not True or False",
        ),
        (fix_settings, {"tags": 1}, "tags", "--tags", "1 is not True or False"),
        (
            repair_settings,
            {"output": 3},
            "output",
            "--output",
            "3 is not a file's name (str or a path)",
        ),
        (annotate_settings, {"game": 3}, "game", "--game", "3 is not a str"),
        (
            select_settings,
            {"output": "x.pdn", "rest": "./x.pdn"},
            "rest",
            "--rest",
            "--output and --rest name the same file",
        ),
        (select_settings, {"errors": "yes"}, "errors", "--errors", "'yes' is not True or False"),
        (
            split_settings,
            {"by": "game", "folder": None},
            "folder",
            "--dir",
            "None is not a folder's name (str or a path)",
        ),
        (merge_settings, {"unique": "yes"}, "unique", "--unique", "'yes' is not True or False"),
        (stats_settings, {"format": "xml"}, "format", "--format", "text or json expected"),
        (duplicates_settings, {"format": "xml"}, "format", "--format", "text or json expected"),
        (
            duplicates_settings,
            {"position": True, "ply": 0},
            "ply",
            "--ply",
            "0 is not a whole number from 1",
        ),
        (
            new_settings,
            {"game": "brazilian", "seed": "3"},
            "seed",
            "--seed",
            "'3' is not a whole number",
        ),
        (new_settings, {"game": ["brazilian"]}, "game", "GAME", "['brazilian'] is not a str"),
    ],
)
def test_settings_refuse_an_option_of_a_type_or_value_no_run_could_use(
    make: Any, options: dict[str, Any], name: str, option: str, message: str
) -> None:
    with pytest.raises(SettingsError) as refused:
        make(**options)
    assert (refused.value.name, refused.value.option, refused.value.message) == (
        name,
        option,
        message,
    )


def test_a_library_message_names_the_parameters() -> None:
    with pytest.raises(SettingsError) as refused:
        convert_settings(output="x.pdn", in_place=True)
    assert str(refused.value) == "in_place: give either output or in_place, not both"
    with pytest.raises(SettingsError) as refused:
        select_settings(output="x.pdn", rest="./x.pdn")
    assert str(refused.value) == "rest: output and rest name the same file"
    # Names are paths; one tag filter alone is the list of it.
    chosen = select_settings(output="x.pdn", tags="White=A*")
    assert (chosen.output, chosen.filters.tags) == (Path("x.pdn"), (("White", "A*"),))
