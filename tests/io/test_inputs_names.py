"""File names that are not UTF-8: shown with backslash escapes, every report valid UTF-8."""

from __future__ import annotations

import html
import io
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.check.validator import GameReport
from notation.diagnostics import Diagnostic
from notation.io.files import Input, Missing, display_name, expand, shown_name
from notation.pages.report import ReportPage
from notation.run.batch import FileResult
from notation.run.formats import Summary, reporters
from notation.run.names import FORMATS

NOTATION = Path(sys.executable).with_name("notation")
BROKEN = '[GameType "26"]\n1. 22-18 11-15 2. 18-19 *\n'
NAME = os.fsdecode(b"\xff\xfe-caf\xc3\xa9.pdn")
SHOWN = "\\xff\\xfe-café.pdn"


def test_display_names_escape_the_bytes_that_are_not_utf8() -> None:
    assert display_name(NAME) == SHOWN
    assert display_name("plain-é.pdn") == "plain-é.pdn"
    assert display_name("lone \ud800 surrogate") == "lone \\ud800 surrogate"
    assert Input(NAME, Path(NAME)).name == SHOWN
    assert Input(NAME, Path(NAME)).path == NAME
    assert Missing(NAME, "no such file or directory").name == SHOWN


CONTROLLED = "nl\nname-\x1b[31m-\x7f-\x85.pdn"
"""A file name with a line break, a terminal's escape sequence, DEL and a C1 control."""
CONTROLLED_SHOWN = "nl\\x0aname-\\x1b[31m-\\x7f-\\u0085.pdn"


def test_shown_names_escape_control_characters_too() -> None:
    assert shown_name(CONTROLLED) == CONTROLLED_SHOWN
    assert shown_name(NAME) == SHOWN
    assert shown_name("tab\tand é.pdn") == "tab\\x09and é.pdn"
    assert Input(CONTROLLED, Path(CONTROLLED)).name == CONTROLLED_SHOWN
    assert Input(CONTROLLED, Path(CONTROLLED)).path == CONTROLLED
    assert Missing(CONTROLLED, "no such file or directory").name == CONTROLLED_SHOWN


@settings(max_examples=3000, deadline=None)
@given(
    st.text(
        st.characters(exclude_categories=()) | st.sampled_from("\x00\t\x1f\x7f\x85\ud800\udcff é-"),
        max_size=12,
    )
)
def test_shown_and_displayed_names_are_the_escapes_of_every_match(name: str) -> None:
    # The names that need nothing escaped are told apart without a pattern (ASCII ones
    # hold no surrogate, printable ones neither a surrogate nor a control character):
    # every name is shown as substituting every match would show it.
    surrogate = re.compile("[\ud800-\udfff]")
    control = re.compile("[\x00-\x1f\x7f-\x9f]")

    def escaped(match: re.Match[str]) -> str:
        code = ord(match.group())
        if 0xDC80 <= code <= 0xDCFF:
            return f"\\x{code - 0xDC00:02x}"
        return f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}"

    displayed = surrogate.sub(escaped, name)
    assert display_name(name) == displayed
    assert shown_name(name) == surrogate.sub(escaped, control.sub(escaped, name))


def test_a_name_with_control_characters_is_one_line_of_the_report(tmp_path: Path) -> None:
    # It was written as it stands: its line break split the problem's line in two, and
    # its escape sequence drove the terminal.
    Path(tmp_path, "d").mkdir()
    Path(tmp_path, "d", CONTROLLED).write_text(BROKEN, encoding="utf-8")
    done = subprocess.run(
        [str(NOTATION), "validate", "d", "-o", CONTROLLED],
        cwd=tmp_path,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert done.stdout == b""
    assert Path(tmp_path, CONTROLLED).read_text(encoding="utf-8") == (
        f"d/{CONTROLLED_SHOWN}:2:19: error BR204 illegal move 18-19 (game 1, ply 3): a capture "
        "is available: 18x11; 18-19 is not a capture; legal: 18x11\n"
    )
    refused = subprocess.run(
        [str(NOTATION), "validate", "d", "-o", f"d/{CONTROLLED}"],
        cwd=tmp_path,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert (refused.returncode, refused.stdout) == (2, b"")
    assert refused.stderr.decode() == (
        f"notation: d/{CONTROLLED_SHOWN} is an input of this command: it is not overwritten "
        "(write to another file)\n"
    )


def test_a_folder_holding_such_a_file_gives_its_escaped_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("d").mkdir()
    Path("d", NAME).write_text(BROKEN, encoding="utf-8")
    assert [(i.name, i.path) for i in expand(["d"])] == [("d/" + SHOWN, f"d/{NAME}")]


def _validate(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [str(NOTATION), "validate", *args, NAME],
        cwd=tmp_path,
        capture_output=True,
        timeout=60,
        check=False,
    )


LINE = (
    f"{SHOWN}:2:19: error BR204 illegal move 18-19 (game 1, ply 3): a capture is available: "
    "18x11; 18-19 is not a capture; legal: 18x11\n"
)


@pytest.mark.parametrize("form", FORMATS)
def test_every_report_format_is_utf8_with_such_a_file_name(tmp_path: Path, form: str) -> None:
    Path(tmp_path, NAME).write_text(BROKEN, encoding="utf-8")
    done = _validate(tmp_path, "-f", form)
    assert (done.returncode, done.stderr.decode("utf-8")) == (
        1,
        "1 game in 1 file: 1 error, 0 warnings, 0 notices\n",
    )
    report = done.stdout.decode("utf-8")
    if form == "text":
        assert report == LINE
    elif form == "github":
        assert report.startswith(f"::error file={SHOWN},line=2,col=19,title=BR204::illegal")
    elif form == "jsonl":
        assert json.loads(report)["path"] == SHOWN
    elif form == "json":
        document = json.loads(report)
        assert [f["path"] for f in document["files"]] == [SHOWN]
        assert [d["path"] for d in document["diagnostics"]] == [SHOWN]
    elif form == "sarif":
        location = json.loads(report)["runs"][0]["results"][0]["locations"][0]
        uri = location["physicalLocation"]["artifactLocation"]["uri"]
        assert uri == "%5Cxff%5Cxfe-caf%C3%A9.pdn"
    elif form == "html":
        assert f"<td>{html.escape(SHOWN)}:2:19 game 1 ply 3</td>" in report
    else:
        suite = ET.fromstring(report).find("testsuite")
        assert suite is not None
        assert suite.get("name") == SHOWN


@pytest.mark.parametrize("form", ["text", "sarif"])
def test_a_report_file_is_written_with_such_a_file_name(tmp_path: Path, form: str) -> None:
    Path(tmp_path, NAME).write_text(BROKEN, encoding="utf-8")
    done = _validate(tmp_path, "-f", form, "-o", "report.out")
    assert (done.returncode, done.stdout) == (1, b"")
    assert (tmp_path / "report.out").read_bytes() == _validate(tmp_path, "-f", form).stdout


SURROGATE_PATH = os.fsdecode(b"raw-\xff.pdn")


@pytest.mark.parametrize("form", FORMATS)
def test_reporters_escape_names_made_elsewhere(form: str) -> None:
    diagnostic = Diagnostic("REC206", f"bad in {SURROGATE_PATH}", 2, 3, SURROGATE_PATH, 1)
    out = io.StringIO()
    reporter = reporters(ReportPage)[form](out)
    reporter.game(
        GameReport(
            index=1,
            path=SURROGATE_PATH,
            line=1,
            column=1,
            game="brazilian",
            plies=0,
            diagnostics=[diagnostic],
        )
    )
    reporter.file(FileResult(SURROGATE_PATH, "utf-8"))
    summary = Summary(files=1, games=1)
    summary.count(diagnostic)
    reporter.finish(summary)
    text = out.getvalue()
    text.encode("utf-8")
    assert "\\xff" in text
    if form in ("json", "jsonl"):
        document = json.loads(text.splitlines()[0] if form == "jsonl" else text)
        diagnostics = [document] if form == "jsonl" else document["diagnostics"]
        assert diagnostics[0]["path"] == "raw-\\xff.pdn"
        assert diagnostics[0]["message"] == "bad in raw-\\xff.pdn"
    if form == "sarif":
        location = json.loads(text)["runs"][0]["results"][0]["locations"][0]
        assert location["physicalLocation"]["artifactLocation"]["uri"] == "raw-%FF.pdn"


def test_a_name_too_long_or_looping_is_a_missing_input_not_a_crash(tmp_path: Path) -> None:
    long = str(tmp_path / ("9" * 5000))
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    assert list(expand([long, str(loop), str(tmp_path / "a.pdn" / "b.pdn")])) == [
        Missing(long, "file name too long"),
        Missing(str(loop), "too many levels of symbolic links"),
        Missing(str(tmp_path / "a.pdn" / "b.pdn"), "no such file or directory"),
    ]


def test_an_empty_name_is_a_missing_input_not_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "here.pdn").write_text(BROKEN, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert list(expand(["", "here.pdn", "here\x00.pdn"])) == [
        Missing("", "an empty name is no file or folder"),
        Input("here.pdn", "here.pdn"),
        # os.stat raised ValueError for it, from inside the reading of the inputs.
        Missing("here\x00.pdn", "a name cannot hold a NUL character"),
    ]
    run = subprocess.run(
        [NOTATION, "validate", "--no-cache", ""], capture_output=True, text=True, check=False
    )
    assert (run.returncode, run.stdout) == (
        2,
        "'':1:1: error PDN106 cannot read '': an empty name is no file or folder\n",
    )
    coloured = subprocess.run(
        [NOTATION, "validate", "--no-cache", "--color", "always", ""],
        capture_output=True,
        text=True,
        check=False,
    )
    assert coloured.stdout.startswith("\x1b[1m''\x1b[0m")
