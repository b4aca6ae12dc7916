"""Knight Fight samples: exact diagnostics of the broken set, clean canonical valid games,
new records with a seeded layout, and random legal play through the whole pipeline."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner
from verdicts import diagnostics

from notation.check.validator import validate_file, validate_records
from notation.cli.main import app
from notation.games.knight_fight import BIT, KnightFight, Layout, random_layout
from notation.record.model import Line, Ply, Record, Tag
from notation.record.reader import read_records, read_string
from notation.record.writer import write_record

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "knight-fight"
GAME = KnightFight()

# (game, code, line, column, ply, move as written) of every diagnostic of each broken file.
BROKEN = {
    "attacked-square.pdn": [(1, "KF206", 11, 47, 10, "C5")],
    "dead-square.pdn": [(1, "KF204", 11, 32, 7, "C3")],
    "layout-missing.pdn": [(1, "REC202", 1, 1, None, None)],
    "layout-repeats-a-number.pdn": [(1, "REC202", 9, 1, None, None)],
    "malformed-move.pdn": [(1, "KF201", 11, 32, 7, "D5-E3")],
    "not-a-knight-jump.pdn": [(1, "KF203", 11, 32, 7, "F5")],
    "onto-the-knight.pdn": [(1, "KF205", 11, 32, 7, "C9")],
    "placement-off-rank.pdn": [(1, "KF207", 11, 7, 2, "A9")],
    "ply-after-end.pdn": [(1, "KF202", 12, 75, 31, "B3")],
    "removal-not-allowed.pdn": [(1, "KF208", 11, 32, 7, "E3/H2")],
    "removed-dead-double.pdn": [(1, "KF210", 11, 53, 11, "F8/D6")],
    "removed-not-double.pdn": [(1, "KF209", 11, 41, 9, "H3/A1")],
    "removed-occupied-double.pdn": [(1, "KF211", 12, 51, 27, "H2/J8")],
    "result-contradicts-scores.pdn": [(1, "REC204", 12, 75, None, None)],
    "result-tag-mismatch.pdn": [(1, "REC203", 11, 59, None, None)],
    "win-claimed-on-equal-scores.pdn": [(1, "REC204", 13, 74, None, None)],
}

VALID = {
    "annotated.pdn": 3,
    "championship-2025.pdn": 12,
    "draw-on-equal-scores.pdn": 1,
    "online-numbers.pdn": 6,
    "studies.pdn": 2,
}
"""Each valid sample file and its number of games."""


def final_positions(path: Path) -> list:
    """The position at the end of each game of a sample file."""
    positions = []
    for record in read_records(path):
        position = GAME.start(record.tag_dict())
        for ply in record.moves.plies:
            position = GAME.play(position, GAME.parse_move(position, ply.text))
        positions.append(position)
    return positions


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_each_broken_sample_gets_exactly_its_diagnostics(name: str) -> None:
    reports = list(validate_file(SAMPLES / "broken" / name))
    assert diagnostics(reports) == BROKEN[name]
    assert [r.game for r in reports] == ["knight-fight"]


def test_every_kind_of_broken_sample_is_covered() -> None:
    assert sorted(p.name for p in (SAMPLES / "broken").glob("*.pdn")) == sorted(BROKEN)
    codes = {code for found in BROKEN.values() for _, code, *_ in found}
    assert {f"KF{n}" for n in range(201, 212)} <= codes
    assert {"REC202", "REC203", "REC204"} <= codes


def test_broken_messages_name_the_squares_and_the_scores() -> None:
    (report,) = validate_file(SAMPLES / "broken" / "removed-occupied-double.pdn")
    assert report.diagnostics[0].message.startswith(
        "illegal move H2/J8 (game 1, ply 27): H2/J8: J8 (77) holds Black's knight; legal: H2, "
    )
    (report,) = validate_file(SAMPLES / "broken" / "win-claimed-on-equal-scores.pdn")
    assert report.diagnostics[0].message == (
        "the record says 1-0 but the rules decide 1/2-1/2 (Black has no legal ply; "
        "final score White 1186, Black 1186) (game 1)"
    )
    (report,) = validate_file(SAMPLES / "broken" / "layout-repeats-a-number.pdn")
    assert report.diagnostics[0].message == (
        "invalid setup: the Layout tag repeats 45 (on A1 and B1) and lacks 73"
    )


def test_valid_samples_have_no_diagnostics_and_their_game_counts() -> None:
    assert sorted(p.name for p in SAMPLES.glob("*.pdn")) == sorted(VALID)
    total = 0
    for name, games in VALID.items():
        reports = list(validate_file(SAMPLES / name))
        assert diagnostics(reports) == [], name
        assert len(reports) == games
        assert all(r.game == "knight-fight" and r.valid for r in reports)
        total += len(reports)
    assert total == 24


@pytest.mark.parametrize("name", sorted(VALID))
def test_valid_samples_are_canonical(name: str) -> None:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    records = list(read_string(text))
    assert "\n".join(write_record(r) for r in records) == text


def test_every_valid_game_is_finished_with_the_result_its_scores_decide() -> None:
    for name in VALID:
        records = list(read_records(SAMPLES / name))
        for record, position in zip(records, final_positions(SAMPLES / name), strict=True):
            outcome = GAME.outcome(position)
            assert outcome is not None, (name, record.index)
            assert record.result == GAME.result_for(outcome)[0]
            assert record.tag_dict()["Result"] == record.result
            for tag in ("Event", "Site", "Date", "Round", "White", "Black", "Layout"):
                assert record.tag_dict()[tag]


def test_samples_remove_and_decline_doubles_and_include_a_draw_on_equal_scores() -> None:
    removed = declined = 0
    for name in VALID:
        for record in read_records(SAMPLES / name):
            position = GAME.start(record.tag_dict())
            for ply in record.moves.plies:
                move = GAME.parse_move(position, ply.text)
                if position.layout.doubles & BIT[move.to]:
                    removed += move.remove is not None
                    declined += move.remove is None
                position = GAME.play(position, move)
    assert (removed, declined) == (63, 23)
    (drawn,) = final_positions(SAMPLES / "draw-on-equal-scores.pdn")
    assert drawn.scores[0] == drawn.scores[1]
    assert GAME.outcome(drawn).winner is None


def test_numbers_samples_carry_running_scores_that_match_the_play() -> None:
    record = next(iter(read_records(SAMPLES / "online-numbers.pdn")))
    position = GAME.start(record.tag_dict())
    checked = 0
    for ply in record.moves.plies:
        position = GAME.play(position, GAME.parse_move(position, ply.text))
        for comment in ply.comments:
            assert comment.text == f"[%score {position.scores[0]}-{position.scores[1]}]"
            checked += 1
    assert checked == 4


def test_new_record_draws_its_layout_from_the_seed() -> None:
    assert GAME.new_tags(7) == {"Variant": "knight-fight", "Layout": random_layout(7)}
    assert GAME.new_tags(7) != GAME.new_tags(8)
    assert Layout.parse(GAME.new_tags(None)["Layout"]).numbers != tuple(range(100))
    runner = CliRunner()
    first = runner.invoke(app, ["new", "knight-fight", "--seed", "7"])
    second = runner.invoke(app, ["new", "knight-fight", "--seed", "7"])
    assert first.exit_code == 0
    assert first.stdout == second.stdout
    assert f'[Layout "{random_layout(7)}"]' in first.stdout.splitlines()
    (report,) = validate_records(read_string(first.stdout))
    assert report.game == "knight-fight" and report.diagnostics == []


def _random_record(seed: int, notation: str) -> tuple[Record, int]:
    """A record of random legal play on a seeded layout (sometimes to the end), and its
    number of plies."""
    rng = random.Random(seed)
    layout = random_layout(seed)
    position = GAME.start({"Layout": layout})
    texts = []
    for _ in range(rng.randrange(0, 80)):
        legal = GAME.legal_moves(position)
        if not legal:
            break
        move = rng.choice(legal)
        texts.append(GAME.format_move(position, move, notation))
        position = GAME.play(position, move)
    outcome = GAME.outcome(position)
    result = "*" if outcome is None else GAME.result_for(outcome)[0]
    plies = [Ply(t, number=f"{i // 2 + 1}." if i % 2 == 0 else None) for i, t in enumerate(texts)]
    tags = [
        Tag("Event", "Random play"),
        Tag("Result", result),
        Tag("Variant", "knight-fight"),
        Tag("Layout", layout),
    ]
    return Record(tags=tags, moves=Line(plies), result=result), len(texts)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(GAME.notations))
def test_random_legal_play_written_and_read_back_validates(seed: int, notation: str) -> None:
    record, plies = _random_record(seed, notation)
    text = write_record(record)
    (read,) = read_string(text)
    assert [p.text for p in read.moves.plies] == [p.text for p in record.moves.plies]
    assert read.tag_dict() == record.tag_dict()
    assert read.result == record.result
    assert write_record(read) == text
    (report,) = validate_records(read_string(text))
    assert report.game == "knight-fight"
    assert report.diagnostics == []
    assert report.plies == plies
