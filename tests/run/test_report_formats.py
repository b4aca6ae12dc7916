"""Report formats: each compared with a checked-in file, and hostile text escaped.

The expected files are the reports on ``samples/brazilian/broken`` run from the project
root; after a deliberate change, regenerate one with, for example,
``notation validate -f junit samples/brazilian/broken > tests/expected/broken.junit.xml``.
"""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from slips import SLIPPED
from typer.testing import CliRunner

from notation.check.repair import COSTS, PER_EDIT, PER_PLY_BACK
from notation.check.validator import GameReport
from notation.cli.main import app
from notation.diagnostics import CODES, Diagnostic
from notation.pages.report import ReportPage
from notation.record.jsonform import dumps
from notation.record.reader import read_string
from notation.run.batch import FileResult
from notation.run.formats import Summary, escape_data, escape_property, reporters
from notation.run.names import FORMATS

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = ROOT / "tests" / "expected"
BROKEN = "samples/brazilian/broken"
runner = CliRunner()

SUFFIX = {
    "text": "txt",
    "json": "json",
    "jsonl": "jsonl",
    "github": "github.txt",
    "junit": "junit.xml",
    "sarif": "sarif.json",
}


def validate(*args: str):
    return runner.invoke(app, ["validate", *args])


@pytest.mark.parametrize("form", ["text", "json", "jsonl", "github", "junit"])
def test_each_format_matches_its_expected_file(monkeypatch: pytest.MonkeyPatch, form: str) -> None:
    monkeypatch.chdir(ROOT)
    result = validate("--format", form, BROKEN)
    assert result.exit_code == 1
    assert result.stdout == (EXPECTED / f"broken.{SUFFIX[form]}").read_text("utf-8")
    assert result.stderr == "14 games in 11 files: 10 errors, 1 warning, 0 notices\n"


def test_sarif_matches_its_expected_file_and_has_one_rule_per_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    result = validate("--format", "sarif", BROKEN)
    assert result.exit_code == 1
    got = json.loads(result.stdout)
    expected = json.loads((EXPECTED / "broken.sarif.json").read_text("utf-8"))
    rules = got["runs"][0]["tool"]["driver"].pop("rules")
    expected["runs"][0]["tool"]["driver"].pop("rules")
    # A rule's index moves whenever a code is added; it is checked against the rules below.
    indexes = [r.pop("ruleIndex") for r in got["runs"][0]["results"]]
    for result_ in expected["runs"][0]["results"]:
        del result_["ruleIndex"]
    assert got == expected
    assert [rule["id"] for rule in rules] == sorted(CODES)
    assert rules[[r["id"] for r in rules].index("REC207")] == {
        "id": "REC207",
        "shortDescription": {"text": CODES["REC207"].summary},
        "defaultConfiguration": {"level": "warning"},
    }
    for index, result_ in zip(indexes, got["runs"][0]["results"], strict=True):
        assert rules[index]["id"] == result_["ruleId"]


def test_the_json_report_is_versioned_and_its_summary_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    document = json.loads(validate("--format", "json", BROKEN).stdout)
    assert list(document) == ["format", "version", "files", "games", "diagnostics", "summary"]
    assert (document["format"], document["version"]) == ("notation-report", 1)
    assert document["summary"] == {
        "files": 11,
        "games": 14,
        "valid_games": 4,
        "errors": 10,
        "warnings": 1,
        "notices": 0,
        "codes": {
            "BR203": 1,
            "BR204": 1,
            "BR205": 1,
            "BR206": 1,
            "BR207": 1,
            "BR208": 1,
            "PDN101": 1,
            "PDN102": 1,
            "REC203": 1,
            "REC204": 1,
            "REC207": 1,
        },
        "exit_status": 1,
    }


def test_every_format_named_has_a_reporter() -> None:
    assert tuple(reporters(ReportPage)) == FORMATS


HOSTILE = 'say "hi"\r\nnext %0A ::warning file=x:: <b>&amp;</b> a,b\x01'
"""A message with quotes, CR LF, ``%``, ``::``, markup, a comma and a control character."""


def _report(form: str, diagnostic: Diagnostic) -> str:
    out = io.StringIO()
    reporter = reporters(ReportPage)[form](out)
    game = GameReport(
        index=1,
        path=diagnostic.path,
        line=1,
        column=1,
        game="brazilian",
        plies=0,
        diagnostics=[diagnostic],
    )
    reporter.game(game)
    reporter.file(FileResult(diagnostic.path, "utf-8"))
    summary = Summary(files=1, games=1)
    summary.count(diagnostic)
    reporter.finish(summary)
    return out.getvalue()


HOSTILE_DIAGNOSTIC = Diagnostic("REC206", HOSTILE, 2, 3, 'd:i,r/%x "y".pdn', 1)


def test_github_annotations_escape_data_and_properties() -> None:
    assert _report("github", HOSTILE_DIAGNOSTIC) == (
        '::error file=d%3Ai%2Cr/%25x "y".pdn,line=2,col=3,title=REC206::'
        'say "hi"%0D%0Anext %250A ::warning file=x:: <b>&amp;</b> a,b\x01\n'
    )
    assert escape_data("50% \r\n") == "50%25 %0D%0A"
    assert escape_property("a:b,c%") == "a%3Ab%2Cc%25"


def test_junit_escapes_markup_and_drops_characters_xml_cannot_hold() -> None:
    text = _report("junit", HOSTILE_DIAGNOSTIC)
    assert (
        '<failure type="REC206" message="say &quot;hi&quot;&#13;&#10;next %0A ::warning '
        'file=x:: &lt;b&gt;&amp;amp;&lt;/b&gt; a,b\ufffd">' in text
    )
    failure = ET.fromstring(text).find("testsuite/testcase/failure")
    assert failure is not None
    assert failure.get("message") == HOSTILE.replace("\x01", "\ufffd")
    # XML parsers read a CR LF in element text as LF (attributes keep it, as &#13;&#10;).
    assert failure.text == f'd:i,r/%x "y".pdn:2:3: error REC206 {HOSTILE}'.replace(
        "\x01", "\ufffd"
    ).replace("\r\n", "\n")


@pytest.mark.parametrize("form", ["json", "sarif"])
def test_json_documents_keep_hostile_text_exactly(form: str) -> None:
    document = json.loads(_report(form, HOSTILE_DIAGNOSTIC))
    if form == "json":
        assert document["diagnostics"][0]["message"] == HOSTILE
    else:
        result = document["runs"][0]["results"][0]
        assert result["message"]["text"] == HOSTILE
        uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        assert uri == "d%3Ai%2Cr/%25x%20%22y%22.pdn"


def test_json_lines_keep_one_diagnostic_per_line() -> None:
    lines = _report("jsonl", HOSTILE_DIAGNOSTIC).splitlines()
    assert len(lines) == 1
    assert json.loads(lines[0])["message"] == HOSTILE


def test_hostile_tags_and_comments_through_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("a,b:c%.pdn").write_text(
        '[GameType "26"]\n[Result "1-0 %0A ::warning file=x:: <b>&amp;</b> \\"q\\""]\n'
        '1. 22-18 {comment :: % <&> "} 11-15 1-0\n',
        encoding="utf-8",
    )
    github = validate("-f", "github", "a,b:c%.pdn")
    assert github.stdout.splitlines() == [
        "::error file=a%2Cb%3Ac%25.pdn,line=2,col=1,title=REC206::1-0 %250A ::warning file=x:: "
        '<b>&amp;</b> "q" is not a Brazilian draughts result (game 1); use one of '
        "2-0 0-2 1-1 1-0 0-1 1/2-1/2 0-0 *",
        "::error file=a%2Cb%3Ac%25.pdn,line=3,col=37,title=REC203::the Result tag says "
        '1-0 %250A ::warning file=x:: <b>&amp;</b> "q" but the movetext ends with 1-0 (game 1)',
    ]
    junit = ET.fromstring(validate("-f", "junit", "a,b:c%.pdn").stdout)
    messages = [f.get("message") for f in junit.iter("failure")]
    assert messages[0] == (
        '1-0 %0A ::warning file=x:: <b>&amp;</b> "q" is not a Brazilian draughts result '
        "(game 1); use one of 2-0 0-2 1-1 1-0 0-1 1/2-1/2 0-0 *"
    )


def _slipped(tmp_path: Path) -> str:
    path = tmp_path / "slip.pdn"
    path.write_text(SLIPPED, encoding="utf-8")
    return str(path)


CHOSEN = {
    "changes": [{"kind": "character", "ply": 31, "was": ["25-21"], "now": ["25-22"]}],
    "cost": COSTS["character"],
    "rest": 27,
}
"""The one correction of ``slips.SLIPPED``, as the reports write it."""


@pytest.mark.parametrize("form", ["json", "jsonl"])
def test_json_reports_carry_the_candidates_and_whether_one_was_chosen(
    tmp_path: Path, form: str
) -> None:
    result = validate("--format", form, _slipped(tmp_path))
    assert result.exit_code == 1
    if form == "json":
        (diagnostic,) = json.loads(result.stdout)["diagnostics"]
    else:
        (line,) = result.stdout.splitlines()
        diagnostic = json.loads(line)
    assert diagnostic["code"] == "BR203"
    assert diagnostic["ply"] == 31
    assert diagnostic["message"].endswith(
        "; did you mean 25-22? then the remaining 27 plies replay"
    )
    assert diagnostic["candidates"] == [CHOSEN]
    assert diagnostic["chosen"] is True


def test_json_reports_list_candidates_none_chosen_and_empty_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    lines = validate("--format", "jsonl", BROKEN).stdout.splitlines()
    by_code = {d["code"]: d for d in map(json.loads, lines)}
    assert by_code["BR205"]["candidates"] == [
        {
            "changes": [{"kind": "extra", "ply": 25, "was": ["17x10"], "now": []}],
            "cost": round(COSTS["extra"] + PER_PLY_BACK, 3),
            "rest": 0,
        },
        {
            "changes": [{"kind": "rewritten", "ply": 25, "was": ["17x10"], "now": ["23x7"]}],
            "cost": COSTS["rewritten"] + 2 * PER_EDIT,
            "rest": 0,
        },
    ]
    assert by_code["BR205"]["chosen"] is False
    for code in ("REC203", "REC204", "REC207", "PDN101", "PDN102"):
        assert (by_code[code]["candidates"], by_code[code]["chosen"]) == ([], False)


def test_sarif_puts_the_candidates_in_the_result_properties(tmp_path: Path) -> None:
    result = validate("--format", "sarif", _slipped(tmp_path))
    (found,) = json.loads(result.stdout)["runs"][0]["results"]
    assert found["properties"] == {"game": 1, "ply": 31, "candidates": [CHOSEN], "chosen": True}
    plain = json.loads(_report("sarif", HOSTILE_DIAGNOSTIC))["runs"][0]["results"][0]
    assert plain["properties"] == {"game": 1}


def test_a_problem_read_nowhere_has_no_region_in_sarif_nor_line_in_github(
    tmp_path: Path,
) -> None:
    # A record built in code, kept as JSON, has its positions at [0, 0]: its problems were
    # reported at line 0, column 0, which SARIF (lines from 1) and GitHub do not take.
    source = ROOT / "samples" / "brazilian" / "broken" / "illegal-move.pdn"
    [record] = read_string(source.read_text("utf-8"), path=str(source))
    document = json.loads(dumps([record]))

    def nowhere(value: object) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key in ("pos", "result_pos") and isinstance(item, list):
                    value[key] = [0, 0]
                else:
                    nowhere(item)
        elif isinstance(value, list):
            for item in value:
                nowhere(item)

    nowhere(document)
    path = tmp_path / "nowhere.json"
    path.write_text(json.dumps(document), "utf-8")
    sarif = validate("--format", "sarif", "--no-cache", str(path))
    assert sarif.exit_code == 1
    [result] = json.loads(sarif.stdout)["runs"][0]["results"]
    assert result["ruleId"] == "BR203"
    [location] = result["locations"]
    assert list(location["physicalLocation"]) == ["artifactLocation"]
    github = validate("--format", "github", "--no-cache", str(path))
    assert github.stdout.startswith(f"::error file={path},title=BR203::illegal move 25-21 ")


@pytest.mark.parametrize("form", ["text", "json", "jsonl", "github", "junit"])
def test_a_reporter_takes_every_event_of_a_library_run(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, form: str
) -> None:
    import notation.run
    from notation.run.settings import settings_from
    from notation.run.validation import Note, RunEvent

    monkeypatch.chdir(ROOT)
    (tmp_path / "file").write_text("", encoding="utf-8")
    # A cache folder that cannot be made: the run says so in a note.
    cache = str(tmp_path / "file" / "cache")
    settings = settings_from(format=form, cache_dir=cache, environ={})
    events: list[RunEvent] = []
    summary = notation.run.validate([BROKEN], settings, on_event=events.append)
    assert [e.text for e in events if isinstance(e, Note)] == [
        f"notation: the cache is not used: cannot write {tmp_path / 'file' / 'cache'}: "
        "not a directory"
    ]
    kinds = {type(e).__name__ for e in events}
    assert kinds == {"Note", "Read", "GameReport", "FileResult"}
    out = io.StringIO()
    reporter = reporters(ReportPage)[form](out)
    for event in events:
        reporter.take(event)
    reporter.finish(summary)
    assert out.getvalue() == (EXPECTED / f"broken.{SUFFIX[form]}").read_text("utf-8")
