"""``convert --keep-broken -n``: moves kept as written (from an illegal move on) must never
be read in the new notation as something else, so the record written never has a better
verdict than the one read; a game whose kept moves would be read otherwise is written in
its own notation, unconverted, with a REC209 error saying why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from notation.cli.main import app
from notation.games.registry import get_game

runner = CliRunner()

SAMPLES = Path(__file__).resolve().parents[2] / "samples"

HEAD = """\
[Event "Cheversi-Bundesliga 2025"]
[Site "Berlin GER"]
[Date "2025.05.05"]
[Round "1"]
[White "Schmidt, Lena"]
[Black "Becker, Jonas"]
[Result "0-1"]
[Variant "cheversi"]
"""

ENGLISH = HEAD + (
    "\n1. Kd5 Be5 2. Rf6 Bf5 3. Rg4 Rc6 4. Nc5 Rh3 5. Bg2 Nc4 6. Ng3 Ng5 7. Bc3 Qg1 8.\n"
    "Qc7 Rd7 0-1\n"
)
"""Ply 16, Rd7, is illegal in English (Black has placed both its Rooks); in French R is
the King, and Kd7 would be legal."""

ILLEGAL = (
    "en.pdn:11:5: error CV205 illegal move Rd7 (game 1, ply 16): Rd7: Black has already "
    "placed both its Rooks; in French R is the King: Kd7 would be legal (tag the record "
    '[Notation "fr"] to read it so); legal: Kb6, Kd6, Kb7, Kd7, Kb8, Kc8, Kd8'
)


@pytest.fixture(autouse=True)
def _here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def test_a_kept_move_read_otherwise_in_the_new_language_leaves_the_game_unconverted() -> None:
    Path("en.pdn").write_text(ENGLISH, "utf-8")
    kept = run("convert", "--keep-broken", "-n", "fr", "en.pdn", "-o", "fr.pdn")
    assert kept.exit_code == 1
    assert kept.stdout == (
        ILLEGAL + "; this line is left as written\n"
        "en.pdn:11:5: error REC209 the game is not converted to fr (game 1): Rd7 (ply 16), "
        "kept as written, would be read otherwise in fr; it is written in en, as it was\n"
    )
    assert Path("fr.pdn").read_text("utf-8") == HEAD + (
        "\n1. Kd5 Be5 2. Rf6 Bf5 3. Rg4 Rc6 4. Nc5 Rh3 5. Bg2 Nc4 6. Ng3 Ng5 7. Bc3 Qg1 8.\n"
        "Qc7 Rd7\n"
        "{notation: kept as written from here: CV205 illegal move Rd7: Rd7: Black has already "
        "placed both its Rooks; in French R is the King: Kd7 would be legal (tag the record "
        '[Notation "fr"] to read it so)}\n'
        "0-1\n"
    )
    again = run("validate", "fr.pdn")
    assert again.exit_code == 1
    assert again.stdout == ILLEGAL.replace("en.pdn", "fr.pdn") + "\n"


def errors(path: str) -> list[tuple[int, str, int | None]]:
    """The errors ``validate`` finds in ``path`` (a file or a folder) in games without a
    syntax error (``--keep-broken`` keeps a syntax error's text in comments): the number
    of the game in the run, the code and the ply of each."""
    report = json.loads(run("validate", "-f", "json", path).stdout)
    order = {(g["path"], g["index"]): at for at, g in enumerate(report["games"])}
    found = [
        (order[d["path"], d["game"]], d["code"], d.get("ply"))
        for d in report["diagnostics"]
        if d["severity"] == "error"
    ]
    syntax = {at for at, code, _ in found if code.startswith("PDN")}
    return [error for error in found if error[0] not in syntax]


MULTI = ("brazilian", "russian", "kavaleria", "keny", "knight-fight", "cheversi")
"""The games with several notations."""

CASES = [
    (f"{name}/{folder}", notation)
    for name in MULTI
    for folder in ("broken", "sheets")
    for notation in get_game(name).notations
]


@pytest.mark.parametrize(("folder", "notation"), CASES)
def test_records_converted_with_keep_broken_keep_their_verdict(folder: str, notation: str) -> None:
    """Every broken record and score sheet of the games with several notations, converted
    to each notation with ``--keep-broken``: ``validate`` finds the same errors, at the
    same plies, in what is written."""
    source = str(SAMPLES / folder)
    before = errors(source)
    assert before
    converted = run("convert", "--keep-broken", "-n", notation, source, "-o", "out.pdn")
    assert converted.exit_code == 1
    assert errors("out.pdn") == before
