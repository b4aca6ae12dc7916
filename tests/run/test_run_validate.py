"""``notation.run.validate``: a library user's run is the ``validate`` command's run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import notation.run
from notation.check.validator import GameReport
from notation.cli.main import app
from notation.diagnostics import Diagnostic
from notation.read.sources import FileResult
from notation.run.config import load_config
from notation.run.formats import diagnostic_dict
from notation.run.settings import Settings, SettingsError, settings_from
from notation.run.validation import Note, Read, RunEvent

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
FOLDERS = [str(SAMPLES / name) for name in ("brazilian", "keny", "other")]


def _library(paths: list[str], settings: Settings) -> tuple[dict[str, Any], list[RunEvent]]:
    """The diagnostics, games and files of a library run, as the JSON report lists them."""
    events: list[RunEvent] = []
    summary = notation.run.validate(paths, settings, on_event=events.append)
    diagnostics: list[dict[str, Any]] = []
    games, files = [], []
    for event in events:
        if isinstance(event, GameReport):
            diagnostics += [diagnostic_dict(d) for d in event.diagnostics]
            games.append([event.path, event.index, event.line, event.column, event.plies])
        elif isinstance(event, Diagnostic):
            diagnostics.append(diagnostic_dict(event))
        elif isinstance(event, FileResult):
            files.append(event.path)
    shown = {"diagnostics": diagnostics, "games": games, "files": files}
    return {**shown, "summary": summary.as_dict()}, events


def _command(*args: str) -> dict[str, Any]:
    done = CliRunner().invoke(app, ["validate", "-f", "json", "--no-cache", *args])
    report = json.loads(done.stdout)
    assert report["summary"]["exit_status"] == done.exit_code
    return {
        "diagnostics": report["diagnostics"],
        "games": [
            [g["path"], g["index"], g["line"], g["column"], g["plies"]] for g in report["games"]
        ],
        "files": [f["path"] for f in report["files"]],
        "summary": report["summary"],
    }


def test_validate_gives_the_reports_the_command_prints() -> None:
    shown, events = _library(FOLDERS, settings_from(no_cache=True, duplicates=True))
    assert shown == _command("--duplicates", *FOLDERS)
    assert shown["summary"]["exit_status"] == 1
    assert shown["summary"]["errors"] > 0
    assert any(d["code"] == "REC208" for d in shown["diagnostics"])
    assert any(isinstance(e, Read) and e.done > 0 for e in events)


def test_validate_reads_a_configuration_as_the_command_does(tmp_path: Path) -> None:
    (tmp_path / "notation.toml").write_text(
        'ignore = ["KY2"]\nfail-level = "warning"\n'
        '[[overrides]]\npath = "one/*"\nselect = ["REC"]\n',
        encoding="utf-8",
    )
    one = tmp_path / "one"
    one.mkdir()
    keny = SAMPLES / "keny"
    for source in sorted(keny.glob("*.pdn"))[:6]:
        (one / source.name).write_bytes(source.read_bytes())
    paths = [str(one), str(keny)]
    config = load_config(tmp_path / "notation.toml")
    shown, _ = _library(paths, settings_from(config, no_cache=True))
    assert shown == _command("--config", str(tmp_path / "notation.toml"), *paths)
    codes = {d["code"][:3] for d in shown["diagnostics"]}
    assert "KY2" not in codes and codes


def test_the_default_settings_run_in_this_process_without_a_cache(tmp_path: Path) -> None:
    record = tmp_path / "one.pdn"
    record.write_text('[GameType "26"]\n\n1. 22-18 11-15 2. 22-17 *\n', encoding="utf-8")
    events: list[RunEvent] = []
    summary = notation.run.validate([str(record)], on_event=events.append)
    assert (summary.games, summary.files, summary.errors, summary.exit_status) == (1, 1, 1, 1)
    (report,) = [e for e in events if isinstance(e, GameReport)]
    assert [(d.code, d.line, d.column, d.ply) for d in report.diagnostics] == [("BR202", 3, 19, 3)]
    assert not list(tmp_path.glob(".notation_cache"))
    assert not [e for e in events if isinstance(e, Note)]


GAMES = (
    "known games: brazilian, kavaleria, keny, knight-fight, cheversi, international, english, "
    "russian"
)
SCHEDULER = "(tcp://host:port, as `dask scheduler` prints it, or local)"


@pytest.mark.parametrize(
    ("options", "name", "option", "message"),
    [
        (
            {"game": "chess"},
            "game",
            "--game",
            f"unknown game 'chess'; did you mean 'cheversi'? {GAMES}",
        ),
        ({"game": 3}, "game", "--game", "3 is not a str"),
        (
            {"format": "xml"},
            "format",
            "--format",
            "choose one of text, json, jsonl, github, junit, sarif, html",
        ),
        ({"fail_level": "notice"}, "fail_level", "--fail-level", "choose error or warning"),
        ({"select": ["XX"]}, "select", "--select", "no diagnostic code starts with XX"),
        ({"select": [3]}, "select", "--select", "[3] is not a str or a list of str"),
        ({"ignore": ["BR2,ZZ"]}, "ignore", "--ignore", "no diagnostic code starts with ZZ"),
        ({"exit_zero": "yes"}, "exit_zero", "--exit-zero", "'yes' is not True or False"),
        ({"duplicates": 1}, "duplicates", "--duplicates", "1 is not True or False"),
        ({"jobs": -1}, "jobs", "--jobs", "-1 is not a number of processes from 0 to 1024"),
        ({"jobs": "2"}, "jobs", "--jobs", "'2' is not a number of processes from 0 to 1024"),
        ({"jobs": 2.0}, "jobs", "--jobs", "2.0 is not a number of processes from 0 to 1024"),
        ({"jobs": True}, "jobs", "--jobs", "True is not a number of processes from 0 to 1024"),
        (
            {"dialects": ["nope"]},
            "dialects",
            "--dialect",
            "unknown dialect nope (known dialects: short-captures)",
        ),
        ({"dialects": 3}, "dialects", "--dialect", "3 is not a str or a list of str"),
        (
            {"encoding": "no-such-codec"},
            "encoding",
            "--encoding",
            "unknown encoding 'no-such-codec'",
        ),
        ({"encoding": b"utf-8"}, "encoding", "--encoding", "b'utf-8' is not a str"),
        ({"allow_empty": None}, "allow_empty", "--allow-empty", "None is not True or False"),
        (
            {"scheduler": "127.0.0.1"},
            "scheduler",
            "--scheduler",
            f"'127.0.0.1' is not a scheduler address {SCHEDULER}",
        ),
        (
            {"scheduler_timeout": -1},
            "scheduler_timeout",
            "--scheduler-timeout",
            "-1 is not a number of seconds from 0.1",
        ),
        (
            {"scheduler_timeout": float("nan")},
            "scheduler_timeout",
            "--scheduler-timeout",
            "nan is not a number of seconds from 0.1",
        ),
        (
            {"scheduler_timeout": "10"},
            "scheduler_timeout",
            "--scheduler-timeout",
            "'10' is not a number of seconds from 0.1",
        ),
        ({"cache_dir": 3}, "cache_dir", "--cache-dir", "3 is not a folder's name (str or a path)"),
        ({"no_cache": "no"}, "no_cache", "--no-cache", "'no' is not True or False"),
        (
            {"config": "notation.toml"},
            "config",
            "--config",
            "'notation.toml' is not a configuration (Config) or None",
        ),
    ],
)
def test_an_option_that_cannot_be_used_is_refused_when_the_settings_are_made(
    options: dict[str, Any], name: str, option: str, message: str
) -> None:
    with pytest.raises(SettingsError) as raised:
        settings_from(**options)
    assert (raised.value.name, str(raised.value)) == (name, f"{name}: {message}")
    assert (raised.value.option, raised.value.message) == (option, message)


def test_the_library_refuses_an_option_before_its_run_starts(tmp_path: Path) -> None:
    (tmp_path / "a.pdn").write_text('[GameType "26"]\n\n1. 22-18 *\n', encoding="utf-8")
    with pytest.raises(SettingsError) as raised:
        notation.validate(str(tmp_path / "a.pdn"), jobs="2")
    assert str(raised.value) == "jobs: '2' is not a number of processes from 0 to 1024"
    # One name alone is the list of it, as for notation.validate's dialects.
    settings = settings_from(select="BR205", dialects="short-captures", cache_dir=tmp_path)
    assert (settings.policy.select, settings.dialects) == (("BR205",), {"short-captures"})
