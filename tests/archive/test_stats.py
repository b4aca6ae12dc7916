"""notation stats: per-game counts, results, lengths, first moves and invalid records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from notation.archive.stats import collect, render_text, to_json
from notation.cli.commands.stats import stats
from notation.games.registry import get_game
from notation.record import read_string

ROOT = Path(__file__).resolve().parents[2]
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


# samples/brazilian holds 61 records (18 files, broken/ and sheets/ included). By side, the
# result in the movetext, else the Result tag: the Result tags say 29 x 2-0, 23 x 0-2, 4 x
# 1-1 and 5 x *; result-tag-mismatch.pdn ends its movetext with 0-2 under a 2-0 tag, so
# White wins 28 (28/61 = 45.9%), Black 24 (39.3%), draws 4 (6.6%), unfinished 5 (8.2%). The
# main lines hold 2950 plies (823 of them on the sheets): 2950/61 = 48.36, shown 48.4. First
# moves, the numeric and the alphanumeric records counted as one: 24-19 10 + 2 (g3-f4),
# 24-20 6 + 5 (g3-h4), 23-19 7 + 2 (e3-f4), 23-18 6 + 2 (e3-d4), 22-17 5 + 2 (c3-b4),
# 22-18 4 + 3 (c3-d4); ties by text. The validator finds an error in 25 records: 10 in
# broken/ and 15 of the 17 score sheets (each sheet file holds one clean game).
BRAZILIAN = """\
Brazilian draughts (brazilian)
  games               61
  White wins          28   45.9%
  Black wins          24   39.3%
  draws                4    6.6%
  unfinished           5    8.2%
  average length    48.4  plies
  invalid records     25
  first moves     24-19 (12), 24-20 (11), 23-19 (9), 23-18 (8), 22-17 (7)
"""


def test_stats_of_the_brazilian_samples() -> None:
    result = run("samples/brazilian")
    assert result.exit_code == 1  # invalid records are counted, and fail as in validate
    assert result.stdout == BRAZILIAN
    assert result.stderr == ""


def test_stats_json_matches_the_expected_file() -> None:
    result = run("samples/brazilian", "--format", "json")
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


def test_an_unreadable_input_exits_two_and_nothing_is_written(tmp_path: Path) -> None:
    # The statistics would leave that input's games out without a word: as select, merge
    # and convert, nothing is written, and an earlier report is left as it was.
    kept = tmp_path / "stats.txt"
    kept.write_text("last week's\n", encoding="utf-8")
    for output in ((), ("-o", str(kept))):
        result = run("samples/keny", "no-such-file.pdn", *output)
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == (
            "no-such-file.pdn:1:1: error PDN106 cannot read no-such-file.pdn: "
            "no such file or directory\n"
            "nothing written: an input could not be read\n"
        )
    assert kept.read_text(encoding="utf-8") == "last week's\n"


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
