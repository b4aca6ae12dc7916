"""The render command's messages: what was named when it is not one file, and how many
games a file has when the game asked for is past them."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from notation.cli.main import app

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["render", *args])
    return result.exit_code, result.stderr


def test_a_folder_is_named_as_a_folder() -> None:
    folder = SAMPLES / "brazilian"
    files = len(list(folder.rglob("*.pdn")))
    assert run(str(folder)) == (
        2,
        f"notation: render draws one file; {folder} is a folder of {files} record files: "
        "name one of them\n",
    )


def test_a_pattern_says_how_many_files_it_names() -> None:
    pattern = str(SAMPLES / "brazilian" / "*.pdn")
    files = len(list((SAMPLES / "brazilian").glob("*.pdn")))
    assert run(pattern, "--picture", "html") == (
        2,
        f"notation: render draws one file; {pattern} names {files} record files: "
        "name one of them\n",
    )


def test_a_game_past_the_last_says_how_many_the_file_has() -> None:
    source = SAMPLES / "brazilian" / "annotated.pdn"
    said = f"notation: {source} has no game 99: it has 5 games\n"
    assert run(str(source), "--index", "99") == (2, said)
    assert run(str(source), "--index", "99", "--picture", "html") == (2, said)
    assert run(str(source), "--index", "6", "--picture", "svg") == (2, said.replace("99", "6"))


def test_a_file_of_one_game_says_one_game() -> None:
    source = SAMPLES / "brazilian" / "broken" / "majority-ignored.pdn"
    assert run(str(source), "--index", "2")[1].endswith("has no game 2: it has 1 game\n")
