"""Configuration files: each key, where they are found, what wins, per-path overrides, and
the errors a bad file gives."""

from __future__ import annotations

import json
import os
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import notation.run.batch
from notation.cli.main import app
from notation.run.batch import validate_inputs
from notation.run.config import _may_hold_table, glob_pattern

runner = CliRunner()
SAMPLES = Path(__file__).resolve().parents[2] / "samples"

ILLEGAL = '[GameType "20"]\n\n1. 32-28 19-23 2. 28x18 14x23 *\n'
ILLEGAL_LINE = (
    ":3:19: error ID203 illegal move 28x18 (game 1, ply 3): a man on 28 cannot capture to 18; "
    "legal: 28x19"
)
UNTAGGED = "1. 9-13 23-18 2. 11-16 24-20 *\n"
"""A record that names no game and whose moves are English draughts'."""


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder, the current folder, with one illegal game in ``game.pdn``."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.pdn").write_text(ILLEGAL)
    return tmp_path


def validate(*args: str) -> Result:
    return runner.invoke(app, ["validate", "--no-cache", *args])


def pyproject(folder: Path, table: str) -> Path:
    path = folder / "pyproject.toml"
    path.write_text('[project]\nname = "records"\n\n[tool.notation]\n' + table)
    return path


def test_select_and_ignore(here: Path) -> None:
    pyproject(here, 'select = ["REC"]\n')
    assert validate("game.pdn").stdout == ""
    pyproject(here, 'ignore = ["ID2"]\n')
    assert (validate("game.pdn").exit_code, validate("game.pdn").stdout) == (0, "")
    pyproject(here, 'select = ["ID"]\nignore = ["REC"]\n')
    assert validate("game.pdn").stdout == f"game.pdn{ILLEGAL_LINE}\n"


def test_fail_level(here: Path) -> None:
    warned = SAMPLES / "brazilian" / "broken" / "repetition-played-on.pdn"
    (here / "warned.pdn").write_bytes(warned.read_bytes())
    plain = validate("warned.pdn")
    assert (plain.exit_code, plain.stdout.count(" warning REC207 ")) == (0, 1)
    pyproject(here, 'fail-level = "warning"\n')
    failed = validate("warned.pdn")
    assert (failed.exit_code, failed.stdout) == (1, plain.stdout)
    assert validate("--fail-level", "error", "warned.pdn").exit_code == 0


def test_game(here: Path) -> None:
    (here / "untagged.pdn").write_text(UNTAGGED)
    assert " notice REC221 " in validate("untagged.pdn").stdout
    pyproject(here, 'game = "english"\n')
    assert validate("untagged.pdn").stdout == ""


def test_jobs(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs["jobs"])
        return validate_inputs(*args, **kwargs)

    monkeypatch.setattr(notation.run.batch, "validate_inputs", spy)
    pyproject(here, "jobs = 2\n")
    assert validate("game.pdn").stdout == f"game.pdn{ILLEGAL_LINE}\n"
    validate("--jobs", "1", "game.pdn")
    assert seen == [2, 1]


def test_format(here: Path) -> None:
    pyproject(here, 'format = "jsonl"\n')
    line = json.loads(validate("game.pdn").stdout)
    assert (line["code"], line["line"], line["column"]) == ("ID203", 3, 19)
    assert validate("-f", "text", "game.pdn").stdout == f"game.pdn{ILLEGAL_LINE}\n"


def test_cache_dir_is_relative_to_the_file(
    here: Path, monkeypatch: pytest.MonkeyPatch, cached: Path
) -> None:
    monkeypatch.delenv("NOTATION_CACHE_DIR")
    pyproject(here, 'cache-dir = "build/cache"\n')
    (here / "sub").mkdir()
    monkeypatch.chdir(here / "sub")
    runner.invoke(app, ["validate", "../game.pdn"])
    assert (here / "build" / "cache" / "CACHEDIR.TAG").is_file()
    assert not (here / "sub" / ".notation_cache").exists()
    monkeypatch.setenv("NOTATION_CACHE_DIR", str(here / "env"))
    runner.invoke(app, ["validate", "../game.pdn"])
    assert (here / "env" / "CACHEDIR.TAG").is_file()
    runner.invoke(app, ["validate", "--cache-dir", str(here / "option"), "../game.pdn"])
    assert (here / "option" / "CACHEDIR.TAG").is_file()


def test_the_cache_sits_beside_the_file_that_applies_wherever_the_command_runs(
    here: Path, monkeypatch: pytest.MonkeyPatch, cached: Path
) -> None:
    monkeypatch.delenv("NOTATION_CACHE_DIR")
    pyproject(here, 'select = ["ID"]\n')
    for sub in ("a", "a/b"):
        (here / sub).mkdir()
        monkeypatch.chdir(here / sub)
        runner.invoke(app, ["validate", str(here / "game.pdn")])
    assert (here / ".notation_cache" / "CACHEDIR.TAG").is_file()
    assert [p.name for p in here.rglob(".notation_cache")] == [".notation_cache"]
    shown = runner.invoke(app, ["config"]).stdout.splitlines()
    at = json.dumps(str(here / ".notation_cache"))
    assert f"cache-dir   = {at:<24} # default: beside {here / 'pyproject.toml'}" in shown
    runner.invoke(app, ["validate", "--isolated", str(here / "game.pdn")])
    assert (here / "a" / "b" / ".notation_cache" / "CACHEDIR.TAG").is_file()


def test_the_command_line_wins_over_the_file(here: Path) -> None:
    pyproject(here, 'select = ["REC"]\nformat = "json"\n')
    assert validate("--select", "ID", "-f", "text", "game.pdn").stdout == (
        f"game.pdn{ILLEGAL_LINE}\n"
    )


def test_the_nearest_file_with_the_table_wins(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pyproject(here, 'select = ["REC"]\n')
    inner = here / "inner"
    inner.mkdir()
    (inner / "pyproject.toml").write_text('[project]\nname = "no table"\n')
    monkeypatch.chdir(inner)
    assert validate("../game.pdn").stdout == ""
    (inner / "notation.toml").write_text('select = ["ID"]\n')
    assert validate("../game.pdn").stdout == f"../game.pdn{ILLEGAL_LINE}\n"


SPELLINGS = {
    "header": '[tool.notation]\nselect = ["REC"]\n',
    "header spaced": '[ tool . notation ]\nselect = ["REC"]\n',
    "quoted key": '[tool."notation"]\nselect = ["REC"]\n',
    "literal key": "[tool.'notation']\nselect = [\"REC\"]\n",
    "escaped key": '[tool."\\u006eotation"]\nselect = ["REC"]\n',
    "long escape": '[tool."\\U0000006Eotation"]\nselect = ["REC"]\n',
    "dotted under tool": '[tool]\nnotation.select = ["REC"]\n',
    "escaped under tool": '[tool]\n"\\u006Eotation".select = ["REC"]\n',
    "dotted at the top": 'tool.notation.select = ["REC"]\n',
    "inline tables": 'tool = {notation = {select = ["REC"]}}\n',
}
"""Ways TOML spells the ``[tool.notation]`` table: each is read."""


@pytest.mark.parametrize("spelling", list(SPELLINGS))
def test_every_spelling_of_the_table_is_read(here: Path, spelling: str) -> None:
    assert validate("game.pdn").stdout == f"game.pdn{ILLEGAL_LINE}\n"
    (here / "pyproject.toml").write_text(SPELLINGS[spelling] + '[project]\nname = "x"\n')
    result = validate("game.pdn")
    assert (result.exit_code, result.stdout) == (0, "")


def test_a_sub_table_alone_is_the_table(here: Path) -> None:
    path = here / "pyproject.toml"
    path.write_text("[tool.notation.jobs]\nx = 1\n")
    result = validate("game.pdn")
    assert result.exit_code == 2
    said = "tool.notation.jobs: {'x': 1} is not a whole number from 0 to 1024"
    assert result.stderr == f"notation: {path}: {said}\n"


DEEP = {
    "arrays": "x = " + "[" * 900 + "]" * 900 + "\n",
    "inline tables": "x = " + "{a = " * 900 + "1" + "}" * 900 + "\n",
}
"""TOML whose values nest deeper than a reader can follow."""


@pytest.mark.parametrize("nesting", list(DEEP))
@pytest.mark.parametrize("name", ["notation.toml", "pyproject.toml"])
def test_a_config_nested_too_deeply_is_an_error_not_a_traceback(
    here: Path, name: str, nesting: str
) -> None:
    path = here / name
    table = "[tool.notation]\n" if name == "pyproject.toml" else ""
    path.write_text(table + DEEP[nesting])
    result = validate("game.pdn")
    assert (result.exit_code, result.stdout) == (2, "")
    said = "it is not TOML notation can read: its values nest too deeply"
    assert result.stderr == f"notation: {path}: {said}\n"


def test_a_pyproject_that_names_notation_elsewhere_is_passed_over(here: Path) -> None:
    (here / "pyproject.toml").write_text('[project]\nname = "notation"\n[tool.x]\nu = "\\u0041"\n')
    assert validate("game.pdn").stdout == f"game.pdn{ILLEGAL_LINE}\n"


def test_a_broken_pyproject_is_an_error_where_it_may_name_notation(here: Path) -> None:
    path = here / "pyproject.toml"
    for text in ("[tool.notation\n", '[tool."\\u006eotation"\n', "[tool.x\nnotation = 1\n"):
        path.write_text(text)
        result = validate("game.pdn")
        assert result.exit_code == 2
        assert result.stderr.startswith(f"notation: {path}: it is not valid TOML: ")
    # One that names notation nowhere, even broken, is passed over unparsed.
    path.write_text("[tool.black\n")
    assert validate("game.pdn").stdout == f"game.pdn{ILLEGAL_LINE}\n"


NOT_A_KEY = {
    "in a string": '[tool]\nx = "notation"\n',
    "under another table": '[project.scripts]\nnotation = "notation.cli.main:main"\n',
    "in a comment": "[tool]  # notation = 1\n",
    "a header in a multi-line string": '[tool]\nx = """\n[tool.notation]\n"""\n',
    "a header in a literal string": "[tool]\nx = '''\n[tool.notation]\n'''\n",
    "in an inline table elsewhere": "[a]\nx = {notation = 1}\n",
    "a deeper key": '[tool]\na."notation" = 1\n',
    "in an array": '[tool.setuptools]\npackages = [\n  "notation",\n  "notation.cli",\n]\n',
}
"""Texts that name notation, but not as the key of ``tool``'s table."""

A_KEY = {
    "after a multi-line string": '[project]\nx = """\n[project]\n"""\n[tool]\nnotation.a = 1\n',
    "after an array of arrays": '[tool]\nx = [\n["project"],\n]\nnotation.a = 1\n',
    "after a string of four quotes": '[tool]\nx = """a""""\nnotation = 1\n',
    "after a line-ending backslash": '[tool]\nx = """\\\n  """\nnotation = 1\n',
    "with Windows line ends": "[tool]\r\nnotation = 1\r\n",
    "an inline table": "tool = {notation = {}}\n",
    "quoted at the top": '"tool".notation = 1\n',
    "an escape": '[tool]\n"\\u006eotation" = 1\n',
}
"""Texts that define ``tool.notation`` in ways a reading of keys must follow."""


@pytest.mark.parametrize("case", list(NOT_A_KEY))
def test_a_text_naming_notation_elsewhere_has_no_table(case: str) -> None:
    text = NOT_A_KEY[case]
    assert "notation" not in tomllib.loads(text).get("tool", {})
    assert not _may_hold_table(text)


@pytest.mark.parametrize("case", list(A_KEY))
def test_a_text_defining_the_table_may_hold_it(case: str) -> None:
    text = A_KEY[case]
    assert "notation" in tomllib.loads(text)["tool"]
    assert _may_hold_table(text)


def test_the_projects_own_pyproject_has_no_table() -> None:
    text = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    assert "notation" in text
    assert not _may_hold_table(text)


def test_no_text_that_defines_the_table_is_taken_for_one_without() -> None:
    """Random texts made of tricky pieces, read by tomllib: wherever it finds the table,
    the pre-check must not say it is absent."""
    heads = ["[tool]", "[tool.notation]", "[project]", "[[tool.notation.x]]", '["tool"]']
    heads += ["[tool.'x']", "[ tool . notation ]", '[tool."notation".y]', "[[tool]]", "[x]"]
    heads += ['[tool."\\u006eotation"]', "[tool.x.notation]"]
    keys = ["notation", '"notation"', "tool.notation", "x", "'notation'", 'a."notation"', "tool"]
    keys += ["notation.y", "tool . notation . z", '"tool"."notation"', '"\\u0074ool".notation']
    values = ["1", '"notation"', "'''\n[tool]\nnotation = 1\n'''", '"""a\n"notation"\n"""']
    values += ['[\n"x",\n["tool"],\n]', "{notation = 1}", "{a = {notation = 2}}", '"a\\"b"']
    values += ['"""x""""', "'''y''''", "[1, [2, {notation = 3}]]", "1979-05-27T07:32:00Z"]
    values += ['"""\\\n  notation"""', "[\n# [tool]\n1,\n]", "3.14"]
    comments = ["", "  # c", " # notation = 1", "# [tool.notation]"]
    draw = random.Random(29)
    found = 0
    for _ in range(4000):
        lines = []
        for _ in range(draw.randint(1, 7)):
            if draw.random() < 0.3:
                lines.append(draw.choice(heads) + draw.choice(comments))
            else:
                key, value = draw.choice(keys), draw.choice(values)
                lines.append(f"{key} = {value}{draw.choice(comments)}")
        text = draw.choice(["\n", "\r\n"]).join(lines) + "\n"
        try:
            tool = tomllib.loads(text).get("tool")
        except tomllib.TOMLDecodeError:
            continue
        if isinstance(tool, dict) and "notation" in tool:
            found += 1
            assert _may_hold_table(text), text
    assert found > 500


def test_notation_toml_comes_before_pyproject_in_one_folder(here: Path) -> None:
    pyproject(here, 'select = ["ID"]\n')
    (here / "notation.toml").write_text('select = ["REC"]\n')
    assert validate("game.pdn").stdout == ""
    shown = json.loads(runner.invoke(app, ["config", "-f", "json"]).stdout)
    assert shown["file"] == str(here / "notation.toml")
    assert shown["table"] == "top level"


def test_config_names_a_file_and_isolated_ignores_them(here: Path) -> None:
    pyproject(here, 'select = ["REC"]\n')
    other = here / "strict.toml"
    other.write_text('select = ["ID"]\n')
    assert validate("--config", str(other), "game.pdn").stdout == f"game.pdn{ILLEGAL_LINE}\n"
    assert validate("--isolated", "game.pdn").stdout == f"game.pdn{ILLEGAL_LINE}\n"
    assert validate("--no-config", "game.pdn").stdout == f"game.pdn{ILLEGAL_LINE}\n"
    both = validate("--config", str(other), "--isolated", "game.pdn")
    assert (both.exit_code, both.stderr) == (
        2,
        "notation: --config and --isolated cannot be given together\n",
    )


def test_overrides_apply_per_file_relative_to_the_files_folder(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old, new = here / "archive" / "old", here / "archive" / "new"
    old.mkdir(parents=True)
    new.mkdir()
    for folder in (old, new):
        (folder / "game.pdn").write_text(ILLEGAL)
        (folder / "untagged.pdn").write_text(UNTAGGED)
    pyproject(
        here,
        "[[tool.notation.overrides]]\n"
        'path = "archive/old/**"\ngame = "english"\nignore = ["ID203"]\n'
        "[[tool.notation.overrides]]\n"
        'path = "untagged.pdn"\nselect = ["PDN"]\n',
    )
    monkeypatch.chdir(here / "archive")
    result = validate("old", "new")
    assert result.stdout == f"new/game.pdn{ILLEGAL_LINE}\n"
    assert result.stderr == "4 games in 4 files: 1 error, 0 warnings, 0 notices\n"
    # --select on the command line wins over the overrides' select; their ignore stays.
    chosen = validate("--select", "REC,ID", "old", "new")
    notice = validate("--isolated", "new/untagged.pdn").stdout
    assert notice.startswith("new/untagged.pdn:1:1: notice REC221 ")
    assert chosen.stdout == f"new/game.pdn{ILLEGAL_LINE}\n{notice}"


def test_an_override_applies_to_a_file_reached_through_a_link_to_its_folder(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Walking ``.``, the link ``arch`` (to ``archive``) sorts first: the file is read once,
    as ``arch/old/game.pdn``, and is judged by the override of ``archive/**`` as it is
    when ``archive`` is given."""
    (here / "archive" / "old").mkdir(parents=True)
    (here / "archive" / "old" / "game.pdn").write_text(ILLEGAL)
    (here / "arch").symlink_to(here / "archive")
    (here / "game.pdn").unlink()
    pyproject(here, '[[tool.notation.overrides]]\npath = "archive/**"\nignore = ["ID2"]\n')
    walked = validate(".")
    given = validate("archive")
    assert (walked.exit_code, walked.stdout) == (given.exit_code, given.stdout) == (0, "")
    assert walked.stderr == "1 game in 1 file: 0 errors, 0 warnings, 0 notices\n"
    monkeypatch.chdir(here / "arch")
    assert validate("old").stdout == ""


def test_config_shows_each_value_and_where_it_came_from(here: Path, own_cache: Path) -> None:
    path = pyproject(
        here,
        'select = ["br2"]\njobs = 0\n[[tool.notation.overrides]]\npath = "x/*"\ngame = "keny"\n',
    )
    shown = runner.invoke(app, ["config"])
    assert shown.exit_code == 0
    where = f"{path} [tool.notation]"
    assert shown.stdout.splitlines() == [
        f"file: {where}",
        f'select      = ["BR2"]                  # {where}',
        "ignore      = []                       # default",
        'fail-level  = "error"                  # default',
        "game        = null                     # default",
        f"jobs        = 0                        # {where}",
        'format      = "text"                   # default',
        f"cache-dir   = {json.dumps(str(own_cache)):<24} # environment NOTATION_CACHE_DIR",
        "dialects    = []                       # default",
        'db          = "notation.sqlite"        # default',
        'override 1: path = "x/*", game = "keny"',
    ]
    document = json.loads(runner.invoke(app, ["config", "--format", "json"]).stdout)
    assert document["settings"]["select"] == {"value": ["BR2"], "source": where}
    assert document["settings"]["cache-dir"]["source"] == "environment NOTATION_CACHE_DIR"
    assert document["overrides"] == [{"path": "x/*", "game": "keny"}]


BAD = {
    "not toml": ("select = [", "it is not valid TOML: "),
    "unknown key": (
        "selct = []",
        "tool.notation.selct: unknown key (known keys: select, ignore, fail-level, game, "
        "jobs, format, cache-dir, dialects, db, overrides)",
    ),
    "select not a list": ('select = "BR"', 'tool.notation.select: "BR" is not a list of codes'),
    "no such code": ('ignore = ["XX"]', "tool.notation.ignore: no diagnostic code starts with XX"),
    "fail level": ('fail-level = "fatal"', 'tool.notation.fail-level: "fatal" is not error or '),
    "game": ('game = "chess"', 'tool.notation.game: "chess" is not one of brazilian'),
    "jobs": ("jobs = -1", "tool.notation.jobs: -1 is not a whole number from 0 to 1024"),
    "jobs absurd": (
        "jobs = 1000000000",
        "tool.notation.jobs: 1000000000 is not a whole number from 0 to 1024",
    ),
    "jobs bool": ("jobs = true", "tool.notation.jobs: true is not a whole number"),
    "format": ('format = "xml"', 'tool.notation.format: "xml" is not one of text, json'),
    "cache dir": ("cache-dir = 3", "tool.notation.cache-dir: 3 is not a non-empty string"),
    "cache dir with a NUL": (
        'cache-dir = "a\\u0000b"',
        'tool.notation.cache-dir: "a\\u0000b" holds a NUL character, which no path can',
    ),
    "db with a NUL": (
        'db = "a\\u0000b.sqlite"',
        'tool.notation.db: "a\\u0000b.sqlite" holds a NUL character, which no path can',
    ),
    "override key": (
        '[[tool.notation.overrides]]\npath = "a"\njobs = 2',
        "tool.notation.overrides[1].jobs: unknown key (known keys: path, game, select, ignore)",
    ),
    "override path": (
        '[[tool.notation.overrides]]\ngame = "keny"',
        'tool.notation.overrides[1]: no path = "GLOB" says which files it is for',
    ),
    "override value": (
        '[[tool.notation.overrides]]\npath = "a"\ngame = 1',
        "tool.notation.overrides[1].game: 1 is not one of",
    ),
    "overrides not tables": ("overrides = 1", "tool.notation.overrides: not an array of tables"),
    "dialects not a list": (
        'dialects = "short-captures"',
        'tool.notation.dialects: "short-captures" is not a list of dialects (["short-captures"])',
    ),
    "no such dialect": (
        'dialects = ["short-capture"]',
        "tool.notation.dialects: unknown dialect short-capture (known dialects: short-captures)",
    ),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_file_is_a_usage_error_naming_the_file_and_key(here: Path, case: str) -> None:
    table, said = BAD[case]
    path = pyproject(here, table + "\n")
    for command in (["validate", "--no-cache", "game.pdn"], ["config"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2
        assert result.stdout == ""
        assert result.stderr.startswith(f"notation: {path}: {said}")
        assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("name", ["notation.toml", "pyproject.toml"])
def test_a_byte_order_mark_is_named(here: Path, name: str) -> None:
    # tomllib said "Invalid statement (at line 1, column 1)" of a file an editor saved with
    # a byte order mark, which TOML does not allow.
    table = "[tool.notation]\n" if name == "pyproject.toml" else ""
    (here / name).write_bytes(b"\xef\xbb\xbf" + f'{table}select = ["REC"]\n'.encode())
    result = runner.invoke(app, ["config"])
    assert result.exit_code == 2
    assert result.stderr == (
        f"notation: {here / name}: it starts with a byte order mark, which TOML does not "
        "allow: save it as UTF-8 without one\n"
    )


@pytest.mark.parametrize(
    ("glob", "matched", "unmatched"),
    [
        ("*.pgn", ["a.pgn", "x/y/a.pgn"], ["a.pdn", "a.pgn.gz"]),
        ("old/*.pdn", ["old/a.pdn"], ["old/x/a.pdn", "new/old/a.pdn"]),
        ("old/**", ["old/a.pdn", "old/x/y/a.pdn"], ["older/a.pdn", "x/old/a.pdn"]),
        ("**/broken/*.pdn", ["broken/a.pdn", "x/y/broken/a.pdn"], ["broken/x/a.pdn"]),
        ("round-?.pdn", ["round-1.pdn"], ["round-12.pdn", "round-/.pdn"]),
        ("[!a]*.pdn", ["b.pdn"], ["a.pdn"]),
        ("[ab].pdn", ["a.pdn", "b.pdn"], ["c.pdn"]),
        ("a+b (1).pdn", ["a+b (1).pdn"], ["aab (1).pdn"]),
    ],
)
def test_override_globs(glob: str, matched: list[str], unmatched: list[str]) -> None:
    pattern = glob_pattern(glob)
    assert [p for p in matched + unmatched if pattern.fullmatch(p)] == matched


def test_files_outside_the_files_folder_match_no_override(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = here / "project"
    project.mkdir()
    pyproject(project, '[[tool.notation.overrides]]\npath = "**"\nselect = ["REC"]\n')
    (project / "game.pdn").write_text(ILLEGAL)
    monkeypatch.chdir(project)
    result = validate("game.pdn", "../game.pdn")
    assert result.stdout == f"../game.pdn{ILLEGAL_LINE}\n"


as_root = pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")


@pytest.fixture
def foreign(here: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A parent folder owned by another user (uid 4242), whose notation.toml passes
    every file; the current folder is a project below it without a file of its own."""
    (here / "notation.toml").write_text('ignore = ["ID"]\n')
    os.chown(here / "notation.toml", 4242, 4242)
    project = here / "project"
    project.mkdir()
    (project / "game.pdn").write_text(ILLEGAL)
    monkeypatch.chdir(project)
    monkeypatch.delenv("NOTATION_SAFE_DIRECTORIES", raising=False)
    return here


def skipped_line(folder: Path) -> str:
    return (
        f"notation: {folder / 'notation.toml'} is owned by another user (uid 4242) and was "
        f"not read; to read it, add {folder} to NOTATION_SAFE_DIRECTORIES or give --config\n"
    )


@as_root
@pytest.mark.parametrize("owned", ["the file", "its folder"])
def test_a_config_of_another_user_is_not_read(foreign: Path, owned: str) -> None:
    if owned == "its folder":
        os.chown(foreign / "notation.toml", 0, 0)
        os.chown(foreign, 4242, 4242)
    result = validate("game.pdn")
    assert (result.exit_code, result.stdout) == (1, f"game.pdn{ILLEGAL_LINE}\n")
    assert result.stderr == (
        skipped_line(foreign) + "1 game in 1 file: 1 error, 0 warnings, 0 notices\n"
    )


@as_root
def test_a_config_of_another_user_is_read_when_its_folder_is_named_safe(
    foreign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NOTATION_SAFE_DIRECTORIES", f"/nowhere:{foreign}")
    assert (validate("game.pdn").exit_code, validate("game.pdn").stderr) == (
        0,
        "1 game in 1 file: 0 errors, 0 warnings, 0 notices\n",
    )
    monkeypatch.setenv("NOTATION_SAFE_DIRECTORIES", "*")
    assert validate("game.pdn").exit_code == 0
    monkeypatch.delenv("NOTATION_SAFE_DIRECTORIES")
    assert validate("--config", str(foreign / "notation.toml"), "game.pdn").exit_code == 0


@as_root
def test_a_config_of_another_user_is_passed_over_for_the_next_one_up(
    foreign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    os.chown(foreign / "notation.toml", 0, 0)
    inner = foreign / "project" / "inner"
    inner.mkdir()
    os.chown(foreign / "project", 4242, 4242)
    (foreign / "project" / "notation.toml").write_text('select = ["REC"]\n')
    monkeypatch.chdir(inner)
    shown = runner.invoke(app, ["config"])
    assert shown.stderr == skipped_line(foreign / "project")
    assert shown.stdout.splitlines()[:3] == [
        f"file: {foreign / 'notation.toml'} top level",
        f"skipped: {foreign / 'project' / 'notation.toml'} "
        "(owned by uid 4242; not in NOTATION_SAFE_DIRECTORIES)",
        "select      = []                       # default",
    ]
    os.chown(foreign / "notation.toml", 4242, 4242)
    document = json.loads(runner.invoke(app, ["config", "-f", "json"]).stdout)
    assert document["file"] is None
    assert document["skipped"] == [
        {"file": str(foreign / "project" / "notation.toml"), "owner": 4242},
        {"file": str(foreign / "notation.toml"), "owner": 4242},
    ]


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ("/dev/zero", "/dev/zero: cannot read it: it is a device, not a file"),
        ("/dev/null", "/dev/null: cannot read it: it is a device, not a file"),
        (".", ".: cannot read it: it is a folder, not a file"),
    ],
)
def test_a_config_that_is_not_a_file_is_refused_unread(here: Path, given: str, said: str) -> None:
    result = validate("--config", given, "game.pdn")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"notation: {said}\n"


def test_a_fifo_config_is_refused_without_waiting_for_a_writer(here: Path) -> None:
    os.mkfifo(here / "notation.toml")
    for command in (["validate", "--no-cache", "game.pdn"], ["config"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2
        assert result.stderr == (
            f"notation: {here / 'notation.toml'}: cannot read it: it is a FIFO, not a file\n"
        )
    result = validate("--config", "notation.toml", "game.pdn")
    assert result.stderr == "notation: notation.toml: cannot read it: it is a FIFO, not a file\n"


NO_FILE = "it is a link that leads to no file"


@pytest.mark.parametrize(
    ("name", "make", "reason"),
    [
        ("notation.toml", "dangling", f"{NO_FILE} (no such file or directory)"),
        ("notation.toml", "loop", f"{NO_FILE} (too many levels of symbolic links)"),
        ("notation.toml", "folder", "it is a folder, not a file"),
        ("pyproject.toml", "dangling", f"{NO_FILE} (no such file or directory)"),
    ],
)
def test_a_configuration_name_that_leads_to_no_file_is_refused_not_passed_over(
    here: Path, monkeypatch: pytest.MonkeyPatch, name: str, make: str, reason: str
) -> None:
    """A project's configuration that cannot be read (a link to a file not there, a loop
    of links, a folder) stops the run: passing over it would apply the configuration of a
    folder above, here one that selects no code of the illegal game."""
    project = here / "project"
    project.mkdir()
    (project / "game.pdn").write_text(ILLEGAL)
    (here / "notation.toml").write_text('select = ["PDN"]\n')
    place = project / name
    if make == "dangling":
        place.symlink_to(here / "shared" / "notation.toml")
    elif make == "loop":
        place.symlink_to(project / "loop")
        (project / "loop").symlink_to(place)
    else:
        place.mkdir()
    monkeypatch.chdir(project)
    for command in (["validate", "--no-cache", "game.pdn"], ["config"]):
        result = runner.invoke(app, command)
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == f"notation: {place}: cannot read it: {reason}\n"


def test_a_fifo_pyproject_is_refused_without_waiting_for_a_writer(here: Path) -> None:
    os.mkfifo(here / "pyproject.toml")
    result = validate("game.pdn")
    assert result.exit_code == 2
    assert result.stderr == (
        f"notation: {here / 'pyproject.toml'}: cannot read it: it is a FIFO, not a file\n"
    )


def test_an_oversized_config_is_refused_unread(here: Path) -> None:
    (here / "notation.toml").write_text("# " + "x" * (1 << 20) + "\n")
    result = validate("game.pdn")
    assert result.exit_code == 2
    assert result.stderr == (
        f"notation: {here / 'notation.toml'}: cannot read it: it is larger than 1 MiB, "
        "which no configuration is\n"
    )


def test_the_game_input_by_input_is_kept_and_not_pickled(tmp_path: Path) -> None:
    import pickle

    from notation.run.config import load_config
    from notation.run.settings import Games

    (tmp_path / "notation.toml").write_text(
        'game = "english"\n[[overrides]]\npath = "ru/*"\ngame = "russian"\n', encoding="utf-8"
    )
    games = Games(config=load_config(tmp_path / "notation.toml"))
    fresh = Games(config=games.config)
    ru, other = str(tmp_path / "ru" / "a.pdn"), str(tmp_path / "b.pdn")
    asked = [ru, other, ru, "-", other]
    assert [g and g.name for g in map(games.of, asked)] == [
        "russian",
        "english",
        "russian",
        "english",
        "english",
    ]
    assert list(games._known) == [ru, other, "-"]
    # What it kept changes neither its equality nor what a worker receives.
    assert games == fresh
    copy = pickle.loads(pickle.dumps(games))
    assert copy == games
    assert copy._known == {}
    assert copy.of(str(tmp_path / "ru" / "b.pdn")).name == "russian"
