"""One vocabulary of options over every command (docs/cli.md "Options every command
shares"): names, metavars, -q/-v/--color everywhere, choices in any case, old spellings
taken with a notice."""

from __future__ import annotations

import re
from typing import Any

import pytest
from typer.testing import CliRunner

from notation.cli.main import COMMANDS, app, load_command

METAVAR = re.compile(r"[A-Z][A-Z_]*(?:[=:][A-Z]+)?")
"""One metavar style: a word in capitals (NAME, N, FILE), or two (NAME=PATTERN, MIN:MAX)."""

MEANING = {
    "-i": "--in-place",
    "-o": "--output",
    "-f": "--format",
    "-g": "--game",
    "-q": "--quiet",
    "-v": "--verbose",
}
"""Each short option and the one long option it is, wherever it is."""

CHOICES = {
    "--format": "JSON",
    "--fail-level": "Warning",
    "--to": "JSON",
    "--picture": "SVG",
    "--game": "Brazilian",
    "--notation": "Numeric",
    "--comments": "Scores",
    "--color": "Never",
}
"""Options of fixed choices, each with a choice in another case."""


def run(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


def options(name: str) -> list[Any]:
    return [p for p in load_command(name).params if p.param_type_name == "option"]


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_speaks_the_vocabulary(name: str) -> None:
    command = load_command(name)
    context = command.context_class(command, info_name=name)
    names = {opt for option in options(name) for opt in option.opts}
    assert {"--quiet", "-q", "--verbose", "-v", "--color"} <= names
    assert "--variant" not in names and "--json" not in names
    for option in options(name):
        for short in (o for o in option.opts if len(o) == 2):
            assert MEANING.get(short, short) in option.opts, (name, option.opts)
        if not option.is_flag:
            assert METAVAR.fullmatch(option.make_metavar(context)), (name, option.opts)
    for argument in (p for p in command.params if p.param_type_name == "argument"):
        assert METAVAR.fullmatch(argument.metavar or ""), (name, argument.name)


REPORTING = {"select", "split", "merge", "fix", "repair", "convert", "annotate", "render"}
"""The commands that write records or a picture and also report: each takes --report."""


@pytest.mark.parametrize("name", COMMANDS)
def test_report_is_an_option_of_the_commands_that_write_records_and_report(name: str) -> None:
    names = {opt for option in options(name) for opt in option.opts}
    assert ("--report" in names) == (name in REPORTING)


@pytest.mark.parametrize("name", COMMANDS)
def test_choices_are_taken_in_any_case(name: str) -> None:
    command = load_command(name)
    context = command.context_class(command, info_name=name)
    for option in options(name):
        given = next((CHOICES[o] for o in option.opts if o in CHOICES), None)
        if given is not None:
            assert option.process_value(context, given) == given.lower(), (name, option.opts)


def test_fail_level_in_capitals_is_taken(tmp_path: Any) -> None:
    record = tmp_path / "a.pdn"
    record.write_text('[GameType "20"]\n\n1. 32-28 *\n', encoding="utf-8")
    result = run("validate", "--fail-level", "Warning", str(record))
    assert (result.exit_code, result.stdout) == (0, "")


@pytest.mark.parametrize(
    ("args", "notice"),
    [
        (["stats", "--json"], "notation: stats --json is deprecated: use --format json\n"),
        (
            ["duplicates", "--json"],
            "notation: duplicates --json is deprecated: use --format json\n",
        ),
    ],
)
def test_old_spellings_still_work_with_a_notice(
    tmp_path: Any, args: list[str], notice: str
) -> None:
    record = tmp_path / "a.pdn"
    record.write_text('[GameType "20"]\n\n1. 32-28 *\n', encoding="utf-8")
    old = run(*args, str(record))
    new = run(args[0], "--format", "json", str(record))
    assert old.stdout == new.stdout
    assert old.stderr == notice + new.stderr


def test_render_index_and_picture_old_spellings(tmp_path: Any) -> None:
    record = tmp_path / "a.pdn"
    record.write_text('[GameType "20"]\n\n1. 32-28 *\n', encoding="utf-8")
    old = run("render", "-i1", "-f", "svg", str(record))
    new = run("render", "--index", "1", "--picture", "svg", str(record))
    assert old.stdout == new.stdout
    assert old.stderr == (
        "notation: render -i is deprecated: use --index\n"
        "notation: render -f is deprecated: use --picture\n"
    )


def test_quiet_leaves_out_the_summary(tmp_path: Any) -> None:
    record = tmp_path / "a.pdn"
    record.write_text('[GameType "20"]\n\n1. 32-28 *\n', encoding="utf-8")
    assert (
        run("validate", str(record)).stderr == "1 game in 1 file: 0 errors, 0 warnings, 0 notices\n"
    )
    assert run("validate", "-q", str(record)).stderr == ""


def test_stats_writes_its_report_to_output(tmp_path: Any) -> None:
    record = tmp_path / "a.pdn"
    record.write_text('[GameType "20"]\n\n1. 32-28 *\n', encoding="utf-8")
    shown = run("stats", "-f", "json", str(record))
    written = run("stats", "-f", "json", "-o", str(tmp_path / "s.json"), str(record))
    assert written.stdout == ""
    assert (tmp_path / "s.json").read_text(encoding="utf-8") == shown.stdout


def test_select_variant_is_game(tmp_path: Any) -> None:
    record = tmp_path / "a.pdn"
    record.write_text('[GameType "20"]\n\n1. 32-28 *\n', encoding="utf-8")
    old = run("select", "--variant", "International", str(record))
    new = run("select", "--game", "international", str(record))
    assert (old.stdout, new.stdout) == (new.stdout, '[GameType "20"]\n\n1. 32-28 *\n')
    assert old.stderr == "notation: select --variant is deprecated: use --game\n" + new.stderr
