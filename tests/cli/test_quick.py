"""``notation validate`` read without the Typer app (:mod:`cli.quick`): the same outputs,
files and exit statuses as the app's over a table of command lines, good and bad; each
command line the quick reader does not take whole is left to the app with nothing said."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation.cli.basics import OUTPUT, Output
from notation.cli.main import app
from notation.cli.quick import COMMON, read, serve
from notation.cli.validating import VOCABULARY, Options
from notation.games.registry import GAMES
from notation.run.names import FORMATS

GOOD = '[Event "good"]\n[GameType "26"]\n\n1. 22-18 11-15 2. 18x11 8x15 *\n'
BAD = '[Event "bad"]\n[GameType "26"]\n\n1. 22-18 11-15 2. 18-14 *\n'
UNTAGGED = "1. 22-18 11-15 *\n"
COMMENTED = '[GameType "26"]\n\n{an opening} 1. 22-18 {a reply} 11-15 *\n'

Outcome = tuple[object, str, str, dict[str, bytes]]
"""Exit status, standard output, standard error, and the files the run wrote."""


FOLDER: dict[Path, bytes] = {}
"""The files :func:`folder` made, by name relative to it, and their bytes."""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of records and configurations, made the current folder."""
    files = {
        "good.pdn": GOOD,
        "bad.pdn": BAD,
        "untagged.pdn": UNTAGGED,
        "commented.pdn": COMMENTED,
        "twice.pdn": GOOD + "\n" + GOOD,
        "empty.pdn": "",
        "-dash.pdn": GOOD,
        "latin.pdn": '[Event "Café"]\n[GameType "26"]\n\n1. 22-18 *\n',
        "conf/notation.toml": 'select = ["BR"]\nfail-level = "warning"\n',
        "broken/notation.toml": "select = [\n",
        "games/a.pdn": GOOD,
        "games/b.pdn": BAD,
    }
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="latin-1" if name == "latin.pdn" else "utf-8")
    FOLDER.clear()
    FOLDER.update(
        {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    return tmp_path


def _ended(run: Any, capsys: pytest.CaptureFixture[str]) -> tuple[object, str, str]:
    OUTPUT.quiet, OUTPUT.verbose, OUTPUT.color = Output().quiet, False, "auto"
    status: object = "not served"
    try:
        if run():
            status = "served, no exit"
    except SystemExit as end:
        status = end.code
    out, err = capsys.readouterr()
    return status, out, re.sub(r"took [0-9.]+ s", "took T s", err)


def _written(folder: Path) -> dict[str, bytes]:
    """The files the run made or changed, by name; the folder is then put back as the
    fixture made it, so that no run sees another's output."""
    now = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    made = {p: data for p, data in now.items() if FOLDER.get(p.relative_to(folder)) != data}
    for path in made:
        name = path.relative_to(folder)
        if name in FOLDER:
            path.write_bytes(FOLDER[name])
        else:
            path.unlink()
    return {str(p.relative_to(folder)): data for p, data in made.items()}


def quick(args: list[str], folder: Path, capsys: pytest.CaptureFixture[str]) -> Outcome:
    """What :func:`serve` does with ``args`` (``not served`` when it leaves them)."""
    return (*_ended(lambda: serve(args), capsys), _written(folder))


def typer_app(args: list[str], folder: Path, capsys: pytest.CaptureFixture[str]) -> Outcome:
    """What the Typer app does with ``validate ARGS...``."""
    return (
        *_ended(lambda: app(["validate", *args], prog_name="notation"), capsys),
        _written(folder),
    )


SERVED = [
    ["good.pdn"],
    ["bad.pdn"],
    ["--no-cache", "good.pdn", "bad.pdn"],
    ["bad.pdn", "--no-cache", "-q"],
    ["--quiet", "--verbose", "bad.pdn"],
    ["-v", "good.pdn"],
    ["-f", "json", "bad.pdn"],
    ["--format=JSONL", "bad.pdn"],
    ["--format", "github", "bad.pdn"],
    ["-f", "sarif", "bad.pdn"],
    ["-f", "junit", "bad.pdn", "good.pdn"],
    ["--fail-level", "WARNING", "latin.pdn"],
    ["--fail-level=error", "latin.pdn"],
    ["--exit-zero", "bad.pdn"],
    ["--select", "BR2", "--select", "REC", "bad.pdn"],
    ["--ignore=BR2", "bad.pdn"],
    ["--select", "br", "--ignore", "BR2", "bad.pdn"],
    ["--statistics", "bad.pdn", "untagged.pdn"],
    ["-j", "1", "good.pdn"],
    ["--jobs=2", "games"],
    ["--duplicates", "twice.pdn"],
    ["--encoding", "latin-1", "latin.pdn"],
    ["latin.pdn"],
    ["--allow-empty", "empty.pdn"],
    ["empty.pdn"],
    ["missing.pdn"],
    ["--color", "always", "bad.pdn"],
    ["--color=NEVER", "bad.pdn"],
    ["-g", "Brazilian", "untagged.pdn"],
    ["--game", "russian", "untagged.pdn"],
    ["untagged.pdn"],
    ["--dialect", "short-captures", "good.pdn"],
    ["--isolated", "bad.pdn"],
    ["--no-config", "bad.pdn"],
    ["--config", "conf/notation.toml", "bad.pdn", "latin.pdn"],
    ["--config", "broken/notation.toml", "bad.pdn"],
    ["--config", "conf/notation.toml", "--isolated", "bad.pdn"],
    ["--config", "nowhere.toml", "bad.pdn"],
    ["--", "-dash.pdn"],
    ["-o", "report.out", "bad.pdn"],
    ["--output=report.out", "-f", "json", "bad.pdn"],
    ["--output=-", "bad.pdn"],
    ["-o", "bad.pdn", "bad.pdn"],
    ["games", "commented.pdn"],
    ["games/*.pdn"],
    ["--cache-dir", "cache", "bad.pdn"],
    ["--no-cache", "--cache-dir", "cache", "bad.pdn"],
    ["--scheduler", "nowhere", "good.pdn"],
    ["--scheduler-timeout", "5", "good.pdn"],
    ["--encoding", "auto", "--allow-empty", "--exit-zero", "--statistics", "bad.pdn"],
]
"""Command lines the quick reader takes, each run as the app runs it."""

SUMMARY = "1 game in 1 file: 0 errors, 0 warnings, 0 notices\n"

LEFT = [
    ([], 2, "Error: Missing argument 'PATH'."),
    (["--help"], 0, "Usage: notation validate [OPTIONS] PATH...\n"),
    (["good.pdn", "--help"], 0, "Usage: notation validate [OPTIONS] PATH...\n"),
    (["--bogus", "good.pdn"], 2, "No such option: --bogus"),
    (["-x", "good.pdn"], 2, "No such option: -x"),
    (["-f", "xml", "good.pdn"], 2, "Invalid value for --format: choose one of text, json"),
    (["--format"], 2, "Option '--format' requires an argument."),
    (["--jobs", "x", "good.pdn"], 2, "'x' is not a valid int."),
    (["--jobs", "-1", "good.pdn"], 2, "-1 is not a number of processes from 0 to 1024"),
    (["--jobs", "5000", "good.pdn"], 2, "5000 is not a number of processes from 0 to 1024"),
    (["--select", "ZZ9", "good.pdn"], 2, "no diagnostic code starts with ZZ9"),
    (["--game", "chess", "good.pdn"], 2, "unknown game 'chess'"),
    (["--encoding", "nope", "good.pdn"], 2, "Invalid value for --encoding"),
    (["--dialect", "nope", "good.pdn"], 2, "Invalid value for --dialect"),
    (["--scheduler-timeout", "0.01", "good.pdn"], 2, "0.01 is not in the range x>=0.1."),
    (["--scheduler-timeout", "soon", "good.pdn"], 2, "'soon' is not a valid float."),
    (["--scheduler-timeout", "nan", "good.pdn"], 2, "nan is not in the range x>=0.1."),
    (["--color", "pink", "good.pdn"], 2, "'pink': choose auto, always or never"),
    (["-qv", "good.pdn"], 0, "notation: validate took T s\n"),
    (["-j2", "good.pdn"], 0, SUMMARY),
    (["-fjson", "good.pdn"], 0, '"format": "notation-report"'),
    (["--exit-zero=1", "good.pdn"], 2, "Option '--exit-zero' does not take a value."),
    (["-o", "-", "good.pdn"], 0, SUMMARY),
    (["--quiet=yes", "good.pdn"], 2, "Option '--quiet' does not take a value."),
    (["--no-cache"], 2, "Error: Missing argument 'PATH'."),
    (["-", "good.pdn", "-"], 2, "notation: - (standard input) was given twice: it can be"),
]
"""Command lines the quick reader leaves to the app (usage errors, help, and forms it does
not read: clustered and glued short options, a value that starts with ``-``), each with
the app's exit status and a part of what it prints."""


@pytest.mark.parametrize(("args", "status", "said"), LEFT, ids=lambda a: str(a))
def test_a_command_line_the_reader_does_not_take_goes_to_the_app(
    args: list[str], status: int, said: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert quick(args, folder, capsys) == ("not served", "", "", {})
    ended, out, err, _ = typer_app(args, folder, capsys)
    assert ended == status
    assert said in out + err


def test_the_examples_read_as_typer_reads_them() -> None:
    assert read(["-g", "Russian", "-f", "JSON", "--fail-level=Warning", "x.pdn"]) == (
        Options(paths=["x.pdn"], game="russian", format_="json", fail_level="warning"),
        {},
    )
    assert read(["--select", "BR2,BR3", "--select=REC", "-j", "0", "--", "-q"]) == (
        Options(paths=["-q"], select=["BR2,BR3", "REC"], jobs=0),
        {},
    )
    assert read(["-q", "--color", "Always", "-v", "-o", "r.txt", "a", "-"]) == (
        Options(paths=["a", "-"], output=Path("r.txt")),
        {"quiet": True, "color": "always", "verbose": True},
    )
    assert read(["--output=-", "--scheduler-timeout", "0.1", "--no-config", "a"]) == (
        Options(paths=["a"], output=None, scheduler_timeout=0.1, isolated=True),
        {},
    )


def _command() -> Any:
    return typer.main.get_command(app).commands["validate"]


def test_the_vocabulary_is_the_typer_commands() -> None:
    # The quick reader's options are the Typer command's: names, what each takes, defaults.
    options = [p for p in _command().params if p.param_type_name == "option"]
    common = {name for p in options if p.expose_value is False for name in p.opts}
    assert common == set(COMMON)
    kinds = {"int": "int", "float": "float", "str": "text", "path": "path"}
    spelled = {
        (tuple(p.opts), p.name, "flag" if p.is_flag else kinds[p.type.name], p.multiple)
        for p in options
        if p.expose_value
    }
    assert spelled == {(o.names, o.field, o.takes, o.many) for o in VOCABULARY}
    defaults = Options(paths=[])
    for p in options:
        if p.expose_value:
            assert getattr(defaults, p.name) == p.default, p.name
    choices = {o.field: o.choices for o in VOCABULARY if o.choices}
    assert choices == {"game": tuple(GAMES), "format_": FORMATS, "fail_level": ("error", "warning")}
    (paths,) = [p for p in _command().params if p.param_type_name == "argument"]
    assert (paths.name, paths.nargs, paths.required) == ("paths", -1, True)


ROOT = Path(__file__).resolve().parents[2]


def test_the_console_command_takes_the_quick_path_and_hands_over(folder: Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        probe = (
            "import sys\nfrom notation.cli.main import main\n"
            "sys.argv = ['notation', *sys.argv[1:]]\n"
            "try:\n    main()\nfinally:\n"
            "    print('typer' in sys.modules, file=sys.stderr)\n"
        )
        return subprocess.run(
            [sys.executable, "-c", probe, *args], capture_output=True, text=True, cwd=ROOT
        )

    bad = str(folder / "bad.pdn")
    served = run("validate", "--no-cache", bad)
    assert (served.returncode, served.stderr.splitlines()[-1]) == (1, "False")
    assert served.stdout.startswith(f"{bad}:4:")
    left = run("validate", "--bogus", bad)
    assert (left.returncode, left.stderr.splitlines()[-1]) == (2, "True")
    assert "No such option: --bogus" in left.stderr


WORDS = [
    "good.pdn",
    "bad.pdn",
    "untagged.pdn",
    "commented.pdn",
    "empty.pdn",
    "latin.pdn",
    "games",
    "missing.pdn",
    "-",
    "--",
    "",
    "0",
    "1",
    "-1",
    str(2**63),
    "9" * 5000,
    "nan",
    "json",
    "JSON",
    "error",
    "brazilian",
    "BR",
    "br2",
    "ZZ9",
    "short-captures",
    "latin-1",
    "auto",
    "always",
    "report.out",
    "conf/notation.toml",
    "/dev/null",
    "é",
    "=",
]
"""Words a command line is drawn from, besides the options' names."""


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """``validate``'s arguments: its options (either spelling, ``=`` forms too) and words,
    in any order."""
    names = [n for p in _command().params if p.param_type_name == "option" for n in p.opts]
    names = [n for n in names if n not in ("--help", "--scheduler", "--scheduler-timeout")]
    parts: list[str] = []
    for _ in range(draw(st.integers(1, 6))):
        if draw(st.booleans()):
            name = draw(st.sampled_from(names))
            parts.append(f"{name}={draw(st.sampled_from(WORDS))}" if draw(st.booleans()) else name)
        else:
            parts.append(draw(st.sampled_from(WORDS)))
    return parts


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(args=command_lines())
def test_any_command_line_the_reader_takes_is_answered_as_the_app_answers_it(
    args: list[str],
    folder: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NOTATION_NO_CACHE", "1")
    served = quick(args, folder, capsys)
    if served[0] != "not served":
        assert served == typer_app(args, folder, capsys), args
