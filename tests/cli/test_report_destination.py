"""Where the report of a command that writes records (or a picture) goes (docs/cli.md,
"Where reports go"): standard error while standard output carries the records, standard
output once they go elsewhere (-o, --in-place, split's folder), a file with --report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from notation.cli.main import app

RECORD = '[GameType "20"]\n[Round 3]\n\n1. 32-28 *\n'
"""One international game whose unquoted tag gets a PDN112 notice wherever it is read."""

NOTICE = "{path}:2:1: notice PDN112 the Round tag's value 3 has no quotes: read as '3'\n"

REPORTS = {
    "select": (["select", "--plies", "1:"], "1 of 1 game selected\n"),
    "merge": (["merge"], "1 of 1 game written, 0 copies left out\n"),
    "fix": (
        ["fix", "--plycount"],
        "{path}:1:1: notice REC250 fixed: PlyCount 1 (was none)\n"
        + NOTICE
        + "1 game: 1 fixed (2 changes), 0 left with errors, 0 unchanged\n",
    ),
    "repair": (
        ["repair"],
        NOTICE + "1 game: 0 corrected (0 corrections), 0 left with errors, 1 unchanged\n",
    ),
    "convert": (["convert", "--to", "json"], NOTICE),
    "annotate": (["annotate"], NOTICE),
    "render": (["render", "--picture", "svg"], NOTICE),
    "render html": (["render", "--picture", "html"], NOTICE),
}
"""Each command that writes records or a picture: its arguments and its text report."""

JSON_REPORTS = ("select", "merge", "fix", "repair")
"""The commands among them whose report is also one JSON document (``-f json``)."""

IN_PLACE = ("fix", "repair", "annotate")
"""Those that rewrite their inputs with --in-place."""


def run(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "a.pdn"
    path.write_text(RECORD, encoding="utf-8")
    return path


def expected(name: str, record: Path) -> str:
    return REPORTS[name][1].format(path=record)


@pytest.mark.parametrize("name", REPORTS)
def test_records_on_stdout_report_on_stderr(name: str, record: Path, tmp_path: Path) -> None:
    args = REPORTS[name][0]
    out = tmp_path / "out"
    written = run(*args, "-o", str(out), str(record))
    shown = run(*args, str(record))
    assert (shown.exit_code, shown.stderr) == (0, expected(name, record))
    assert shown.stdout == out.read_text(encoding="utf-8") != ""
    assert written.exit_code == 0


@pytest.mark.parametrize("name", REPORTS)
def test_records_to_output_report_on_stdout(name: str, record: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run(*REPORTS[name][0], "-o", str(out), str(record))
    assert (result.exit_code, result.stdout, result.stderr) == (0, expected(name, record), "")
    assert out.stat().st_size > 0


@pytest.mark.parametrize("name", REPORTS)
def test_report_file_takes_the_whole_report(name: str, record: Path, tmp_path: Path) -> None:
    args = REPORTS[name][0]
    report = tmp_path / "report.txt"
    plain = run(*args, str(record))
    result = run(*args, "--report", str(report), str(record))
    assert (result.exit_code, result.stdout, result.stderr) == (0, plain.stdout, "")
    assert report.read_text(encoding="utf-8") == expected(name, record)
    out = tmp_path / "out"
    result = run(*args, "-o", str(out), "--report", str(report), str(record))
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    assert report.read_text(encoding="utf-8") == expected(name, record)


@pytest.mark.parametrize("name", IN_PLACE)
def test_in_place_report_on_stdout(name: str, record: Path) -> None:
    result = run(*REPORTS[name][0], "-i", str(record))
    assert (result.exit_code, result.stdout, result.stderr) == (0, expected(name, record), "")


def test_split_reports_on_stdout_or_to_its_file(record: Path, tmp_path: Path) -> None:
    folder = tmp_path / "d"
    lines = f"{folder / '3.pdn'}: 1 game\n1 game in 1 file of {folder}\n"
    result = run("split", "--by", "round", "-d", str(folder), str(record))
    assert (result.exit_code, result.stdout, result.stderr) == (0, lines, "")
    report = tmp_path / "report.txt"
    result = run(
        "split", "--by", "round", "-d", str(folder), "--force", "--report", str(report), str(record)
    )
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    assert report.read_text(encoding="utf-8") == lines
    quiet = run("split", "--by", "round", "-d", str(folder), "--force", "-q", str(record))
    assert (quiet.exit_code, quiet.stdout, quiet.stderr) == (0, f"{folder / '3.pdn'}: 1 game\n", "")


SPLIT_REPORTS = [
    *(
        (report, made)
        for report in ("d/3.pdn", "d/other.pdn", "d/OTHER.PDN", "link/3.pdn")
        for made in (False, True)
    ),
    ("x.txt", True),
]
"""Reports that could be one of split's files: each in a folder the split has not written
yet, and has; x.txt, a link to d/3.pdn, only once that is there (a link to nothing is
refused as such: :func:`test_a_split_report_through_a_link_to_nothing_is_refused`)."""


@pytest.mark.parametrize(("report", "made"), SPLIT_REPORTS)
def test_a_split_report_that_could_be_one_of_its_files_is_refused(
    record: Path, tmp_path: Path, report: str, made: bool
) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    (tmp_path / "link").symlink_to(folder)
    (tmp_path / "x.txt").symlink_to(folder / "3.pdn")
    if made:
        assert run("split", "--by", "round", "-d", str(folder), str(record)).exit_code == 0
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    given = tmp_path / report
    args = ("split", "--by", "round", "-d", str(folder), "--force", "--report", str(given))
    result = run(*args, str(record))
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"notation: --report {given} names a .pdn file in {folder}, where split writes its "
        "files: give the report another name or folder\n",
    )
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before


def test_a_split_report_through_a_link_to_nothing_is_refused(record: Path, tmp_path: Path) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    link = tmp_path / "x.txt"
    link.symlink_to(folder / "3.pdn")
    args = ("split", "--by", "round", "-d", str(folder), "--report", str(link), str(record))
    result = run(*args)
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"notation: {link} is a symbolic link to a file that does not exist: it is not written "
        "through (name the file itself)\n",
    )
    assert list(folder.iterdir()) == []
    assert link.is_symlink() and not link.exists()


def test_a_split_report_beside_its_files_but_not_one_of_them_is_written(
    record: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    report = folder / "report.txt"
    args = ("split", "--by", "round", "-d", str(folder), "--report", str(report), str(record))
    assert run(*args).exit_code == 0
    assert report.read_text(encoding="utf-8") == (
        f"{folder / '3.pdn'}: 1 game\n1 game in 1 file of {folder}\n"
    )
    assert (folder / "3.pdn").read_text(encoding="utf-8") == RECORD


@pytest.mark.parametrize("name", [*JSON_REPORTS, "split"])
def test_json_report_is_one_document_wherever_it_goes(
    name: str, record: Path, tmp_path: Path
) -> None:
    split = ["split", "--by", "round", "--force", "-d", str(tmp_path / "d")]
    args = [*(split if name == "split" else REPORTS[name][0]), "-f", "json"]
    report = tmp_path / "report.json"
    elsewhere = [] if name == "split" else ["-o", str(tmp_path / "out")]
    for where in ([], elsewhere) if name != "split" else ([],):
        streamed = run(*args, *where, str(record))
        document = streamed.stdout if where or name == "split" else streamed.stderr
        filed = run(*args, *where, "--report", str(report), str(record))
        assert filed.stderr == "" and (filed.stdout == "") == (name == "split" or bool(where))
        assert json.loads(document)["format"] == f"notation-{name}"
        assert report.read_text(encoding="utf-8") == document


@pytest.mark.parametrize("name", REPORTS)
def test_report_over_an_input_is_refused(name: str, record: Path, tmp_path: Path) -> None:
    result = run(*REPORTS[name][0], "--report", str(record), str(record))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"notation: --report {record} is an input of this command: it is not overwritten\n"
    )
    assert record.read_text(encoding="utf-8") == RECORD
    out = tmp_path / "out"
    result = run(*REPORTS[name][0], "-o", str(out), "--report", str(out), str(record))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"notation: --report and --output name one file: {out}\n"
    assert not out.exists()


@pytest.mark.parametrize("existing", [False, True])
def test_a_report_over_the_rest_is_refused(record: Path, tmp_path: Path, existing: bool) -> None:
    rest, selected = tmp_path / "rest.pdn", tmp_path / "sel.pdn"
    if existing:
        rest.write_text("kept\n", encoding="utf-8")
    args = ("select", "--result", "1-0", str(record), "-o", str(selected), "--rest", str(rest))
    result = run(*args, "--report", str(rest))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"notation: --report and --rest name one file: {rest}\n"
    assert not selected.exists()
    if not existing:
        assert not rest.exists()
        return
    assert rest.read_text(encoding="utf-8") == "kept\n"
    # Through a link, the same file.
    (tmp_path / "link.pdn").symlink_to(rest)
    result = run(*args, "--report", str(tmp_path / "link.pdn"))
    assert (result.exit_code, result.stderr) == (
        2,
        f"notation: --report and --rest name one file: {tmp_path / 'link.pdn'}\n",
    )
    assert rest.read_text(encoding="utf-8") == "kept\n"


@pytest.mark.parametrize("name", ["select", "merge", "fix", "repair"])
def test_quiet_leaves_the_summary_out_of_the_report(
    name: str, record: Path, tmp_path: Path
) -> None:
    report = tmp_path / "report.txt"
    summary = expected(name, record).splitlines(keepends=True)
    result = run(*REPORTS[name][0], "-q", "--report", str(report), str(record))
    assert (result.exit_code, result.stderr) == (0, "")
    assert report.read_text(encoding="utf-8") == "".join(summary[:-1])
    result = run(*REPORTS[name][0], "-q", "-o", str(tmp_path / "out"), str(record))
    assert (result.exit_code, result.stdout, result.stderr) == (0, "".join(summary[:-1]), "")


@pytest.mark.parametrize("name", ["validate", "stats", "duplicates", "find", "tree", "codes"])
def test_commands_whose_product_is_the_report_take_no_report_option(name: str) -> None:
    result = run(name, "--report", "x")
    assert result.exit_code == 2
    assert "No such option: --report" in result.stderr


@pytest.mark.parametrize("name", REPORTS)
def test_a_dash_is_standard_output_never_a_file(
    name: str, record: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    args = REPORTS[name][0]
    shown = run(*args, str(record))
    dashed = run(*args, "-o", "-", str(record))
    assert (dashed.exit_code, dashed.stdout, dashed.stderr) == (0, shown.stdout, shown.stderr)
    out = tmp_path / "out"
    reported = run(*args, "-o", str(out), "--report", "-", str(record))
    assert (reported.exit_code, reported.stdout) == (0, expected(name, record))
    mixed = run(*args, "--report", "-", str(record))
    assert (mixed.exit_code, mixed.stdout) == (2, "")
    assert mixed.stderr.startswith("notation: --report - would mix the report with the records")
    assert not (tmp_path / "-").exists()


def test_validate_output_dash_is_standard_output(
    record: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shown = run("validate", str(record))
    dashed = run("validate", "-o", "-", str(record))
    assert (dashed.exit_code, dashed.stdout) == (0, shown.stdout)
    assert dashed.stdout == NOTICE.format(path=record)
    assert not (tmp_path / "-").exists()


FULL = Path("/dev/full")

needs_full = pytest.mark.skipif(
    not FULL.exists(), reason="no /dev/full here: a report that cannot be written needs one"
)


@needs_full
@pytest.mark.parametrize("name", REPORTS)
def test_a_report_that_cannot_be_written_leaves_the_output_as_it_was(
    name: str, record: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    result = run(*REPORTS[name][0], "-o", str(out), "--report", str(FULL), str(record))
    failed = (2, "", "notation: cannot write /dev/full: no space left on the device\n")
    assert (result.exit_code, result.stdout, result.stderr) == failed
    assert not out.exists()
    out.write_text("kept\n", encoding="utf-8")
    result = run(*REPORTS[name][0], "-o", str(out), "--report", str(FULL), str(record))
    assert (result.exit_code, result.stdout, result.stderr) == failed
    assert out.read_text(encoding="utf-8") == "kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdn", "out"]


@needs_full
def test_a_split_whose_report_cannot_be_written_leaves_its_folder_as_it_was(
    record: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / "3.pdn").write_text("kept\n", encoding="utf-8")
    split = ["split", "--by", "round", "-d", str(folder), "--force"]
    result = run(*split, "--report", str(FULL), str(record))
    failed = (2, "", "notation: cannot write /dev/full: no space left on the device\n")
    assert (result.exit_code, result.stdout, result.stderr) == failed
    assert [p.name for p in folder.iterdir()] == ["3.pdn"]
    assert (folder / "3.pdn").read_text(encoding="utf-8") == "kept\n"
    made = tmp_path / "new"
    result = run("split", "--by", "round", "-d", str(made), "--report", str(FULL), str(record))
    assert (result.exit_code, result.stdout, result.stderr) == failed
    assert not made.exists()
