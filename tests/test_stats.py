"""notation stats: per-game counts, results, lengths, first moves and invalid records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from cli.archive import stats
from notation.archive.stats import collect, render_text, to_json
from notation.games.registry import get_game
from notation.record import read_string

ROOT = Path(__file__).resolve().parents[1]
EXPECTED = ROOT / "tests" / "expected"

app = typer.Typer()
app.command()(stats)
app.command("other")(lambda: None)  # two commands, so that "stats" is named as in the CLI
runner = CliRunner()


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def run(*args: str, stdin: str | None = None):
    return runner.invoke(app, ["stats", *args], input=stdin)


# samples/brazilian holds 44 records (16 files, broken/ included). By side, the result in
# the movetext, else the Result tag: the Result tags say 19 x 2-0, 16 x 0-2, 4 x 1-1 and
# 5 x *; result-tag-mismatch.pdn ends its movetext with 0-2 under a 2-0 tag, so White
# wins 18 (18/44 = 40.9%), Black 17 (38.6%), draws 4 (9.1%), unfinished 5 (11.4%). The
# main lines hold 2145 plies: 2145/44 = 48.75, shown 48.8. First moves, the numeric and
# the alphanumeric records (lidraughts-blitz.pdn) counted as one: 24-19 6 + 2 (g3-f4),
# 23-18 5 + 2 (e3-d4), 23-19 6 + 1 (e3-f4), 24-20 5 + 2 (g3-h4), 22-18 4 + 1 (c3-d4); ties
# by text. The validator finds an error in 10 records.
BRAZILIAN = """\
Brazilian draughts (brazilian)
  games               44
  White wins          18   40.9%
  Black wins          17   38.6%
  draws                4    9.1%
  unfinished           5   11.4%
  average length    48.8  plies
  invalid records     10
  first moves     24-19 (8), 23-18 (7), 23-19 (7), 24-20 (7), 22-18 (5)
"""


def test_stats_of_the_brazilian_samples() -> None:
    result = run("samples/brazilian")
    assert result.exit_code == 1  # invalid records are counted, and fail as in validate
    assert result.stdout == BRAZILIAN
    assert result.stderr == ""


def test_stats_json_matches_the_expected_file() -> None:
    result = run("samples/brazilian", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == json.loads(
        (EXPECTED / "stats-brazilian.json").read_text("utf-8")
    )


def test_valid_records_exit_zero_and_unsupported_games_are_counted_apart() -> None:
    result = run("samples/brazilian/endgames.pdn", "samples/other")
    assert result.exit_code == 0
    assert result.stdout == (
        "Brazilian draughts (brazilian)\n"
        "  games                4\n"
        "  White wins           3   75.0%\n"
        "  Black wins           0    0.0%\n"
        "  draws                1   25.0%\n"
        "  unfinished           0    0.0%\n"
        "  average length    33.5  plies\n"
        "  invalid records      0\n"
        "  first moves     10-15 (1), 18x4 (1), 23-19 (1), 32-28 (1)\n"
        "\n"
        "1 record of unsupported game types\n"
    )


def test_records_without_a_game_tag_take_the_game_option_from_stdin() -> None:
    result = run("-", "--game", "keny", stdin="1. a2-a4 0-1\n\n1. a2-a4 1/2-1/2\n\n1. b2-b4 *\n")
    assert result.exit_code == 0
    assert result.stdout == (
        "Keny (Caucasian checkers) (keny)\n"
        "  games                3\n"
        "  White wins           0    0.0%\n"
        "  Black wins           1   33.3%\n"
        "  draws                1   33.3%\n"
        "  unfinished           1   33.3%\n"
        "  average length     1.0  plies\n"
        "  invalid records      0\n"
        "  first moves     a2-a4 (2), b2-b4 (1)\n"
    )


def test_an_unreadable_input_exits_two() -> None:
    result = run("no-such-file.pdn")
    assert result.exit_code == 2
    assert result.stdout == "no records\n"
    assert result.stderr == (
        "no-such-file.pdn:1:1: error PDN106 cannot read no-such-file.pdn: "
        "no such file or directory\n"
    )


def test_collect_counts_records_given_as_such() -> None:
    records = read_string('[Result "2-0"]\n\n1. 22-18 2-0\n\n1. 22-18 0-0\n\n1. x *\n')
    collected = collect(records, get_game("brazilian"))
    brazilian = collected.games["brazilian"]
    assert (brazilian.games, brazilian.invalid, brazilian.plies) == (3, 1, 2)
    assert dict(brazilian.results) == {"white": 1, "other": 1, "unfinished": 1}
    assert to_json(collected)["games"][0]["results"]["other"] == {"count": 1, "percent": 33.3}
    assert render_text(collected) == (
        "Brazilian draughts (brazilian)\n"
        "  games                3\n"
        "  White wins           1   33.3%\n"
        "  Black wins           0    0.0%\n"
        "  draws                0    0.0%\n"
        "  unfinished           1   33.3%\n"
        "  other results        1   33.3%\n"
        "  average length     0.7  plies\n"
        "  invalid records      1\n"
        "  first moves     22-18 (2)\n"
    )
