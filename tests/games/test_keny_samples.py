"""Keny samples: exact diagnostics of the broken set, valid and canonical games that show
every feature, and random legal play through the whole write-read-validate pipeline."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from verdicts import diagnostics

from notation.check.validator import validate_file, validate_records
from notation.diagnostics import CODES
from notation.games.base import Outcome, Side
from notation.games.keny import Keny, KenyMove, KenyPosition
from notation.games.playout import playout
from notation.record.model import Line, Ply, Record, Tag
from notation.record.reader import read_string
from notation.record.writer import same_record, write_record

KENY = Path(__file__).resolve().parents[2] / "samples" / "keny"
GAME = Keny()

# (game, code, line, column, ply, move as written) of every diagnostic of each broken file.
BROKEN = {
    "capture-ignored.pdn": [(1, "KY211", 12, 43, 16, "b5-c5")],
    "capture-over-nothing.pdn": [(1, "KY214", 11, 58, 8, "a6xa4")],
    "capture-written-quiet.pdn": [(1, "KY210", 12, 58, 17, "c4-c6")],
    "chain-stops.pdn": [(1, "KY218", 12, 52, 18, "f5xh5")],
    "chain-under-single-jump.pdn": [(1, "KY213", 13, 16, 13, "d2-d4-f4")],
    "diagonal-step.pdn": [(1, "KY204", 12, 40, 15, "a3-b4")],
    "draughts-result.pdn": [(1, "REC206", 7, 1, None, None), (1, "REC206", 18, 1, None, None)],
    "draw-not-recorded.pdn": [(1, "REC205", 20, 75, None, None)],
    "friendly-jump-ignores-capture.pdn": [(1, "KY211", 12, 28, 14, "b5-d5")],
    "friendly-jump-over-empty.pdn": [(1, "KY209", 12, 61, 18, "d5-d3")],
    "jump-back-to-start.pdn": [(1, "KY212", 12, 19, 13, "c4-e4-c4")],
    "king-blocked.pdn": [(1, "KY208", 13, 27, 23, "f8-f3")],
    "king-lands-short.pdn": [(1, "KY217", 17, 1, 54, "e1xe6")],
    "king-turns-back.pdn": [(1, "KY216", 18, 26, 70, "d1xh1xb1")],
    "man-backward.pdn": [(1, "KY205", 12, 13, 11, "a2-a1")],
    "man-captures-far.pdn": [(1, "KY215", 12, 1, 11, "b3xb6")],
    "man-on-far-rank.pdn": [(1, "REC202", 9, 1, None, None)],
    "mixed-separators.pdn": [(1, "KY201", 12, 22, 14, "a5-c5xc3")],
    "move-after-draw.pdn": [(1, "KY202", 20, 1, 86, "f6xf8xc8")],
    "move-after-end.pdn": [(1, "KY202", 18, 65, 74, "g1xg7")],
    "onto-own-piece.pdn": [(1, "KY207", 12, 31, 13, "f2-f3")],
    "result-tag-mismatch.pdn": [(1, "REC203", 19, 49, None, None)],
    "syntax-error.pdn": [(2, "PDN101", 29, 45, None, None)],
    "two-steps.pdn": [(1, "KY206", 11, 49, 7, "d2-e2-f2")],
    "unknown-rule.pdn": [(1, "REC202", 9, 1, None, None)],
    "unterminated-comment.pdn": [(1, "PDN102", 11, 70, None, None)],
    "wrong-result.pdn": [(1, "REC204", 16, 77, None, None)],
    "wrong-side.pdn": [(1, "KY203", 12, 1, 10, "c2-d2")],
}
VALID = sorted(KENY.glob("*.pdn"))
SEVEN = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]


def only_message(name: str) -> str:
    (report,) = validate_file(KENY / "broken" / name)
    (diagnostic,) = report.diagnostics
    return diagnostic.message


def replay(record: Record) -> list[tuple[KenyPosition, KenyMove]]:
    """(position before, move) of every main-line ply of a valid record."""
    position = GAME.start(record.tag_dict())
    plies = []
    for ply in record.moves.plies:
        move = GAME.parse_move(position, ply.text)
        plies.append((position, move))
        position = GAME.play(position, move)
    return plies


def all_records() -> list[Record]:
    return [r for path in VALID for r in read_string(path.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_each_broken_sample_gets_exactly_its_diagnostics(name: str) -> None:
    reports = list(validate_file(KENY / "broken" / name))
    assert all(r.game == "keny" for r in reports)
    assert diagnostics(reports) == BROKEN[name]


def test_every_kind_of_broken_sample_is_covered() -> None:
    assert sorted(p.name for p in (KENY / "broken").glob("*.pdn")) == sorted(BROKEN)
    keny_codes = {code for code in CODES if code.startswith("KY")}
    assert len(keny_codes) == 18
    found = {code for found in BROKEN.values() for _, code, *_ in found}
    assert keny_codes <= found


def test_broken_messages_name_what_was_legal() -> None:
    assert only_message("capture-ignored.pdn") == (
        "illegal move b5-c5 (game 1, ply 16): a capture is compulsory: f6xf4; legal: f6xf4"
    )
    assert only_message("friendly-jump-ignores-capture.pdn") == (
        "illegal move b5-d5 (game 1, ply 14): a capture is compulsory: f5xf3xh3, f5xf3xf1; "
        "legal: f5xf3xh3, f5xf3xf1"
    )
    assert only_message("chain-stops.pdn") == (
        "illegal move f5xh5 (game 1, ply 18): the capture must go on from h5: h5xh3; "
        "legal: f5xh5xh3"
    )
    assert only_message("capture-written-quiet.pdn") == (
        "illegal move c4-c6 (game 1, ply 17): it jumps the black piece on c5; a capture is "
        "written c4xc6; legal: c4xc6"
    )
    assert only_message("move-after-draw.pdn") == (
        "illegal move f6xf8xc8 (game 1, ply 86): the game is over, drawn after 20 plies in a "
        "row without a capture"
    )
    assert only_message("king-lands-short.pdn") == (
        "illegal move e1xe6 (game 1, ply 54): after taking e5 the king must land where it can "
        "capture again: e8; legal: e1xe8xh8"
    )


def test_games_around_a_broken_one_stay_valid() -> None:
    syntax = list(validate_file(KENY / "broken" / "syntax-error.pdn"))
    assert [r.valid for r in syntax] == [True, False, True]
    comment = list(validate_file(KENY / "broken" / "unterminated-comment.pdn"))
    assert [(r.valid, r.plies) for r in comment] == [(False, 8), (True, 55)]


def test_valid_samples_have_no_diagnostics_and_thirty_games() -> None:
    reports = [r for path in VALID for r in validate_file(path)]
    assert diagnostics(reports) == []
    assert len(reports) == 30
    assert all(r.game == "keny" for r in reports)
    assert sum(r.plies for r in reports) == 1837
    winners = Counter(r.outcome.winner for r in reports if r.outcome is not None)
    assert winners == {Side.WHITE: 12, Side.BLACK: 7, None: 11}


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_samples_are_canonical(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    records = read_string(text)
    assert "\n".join(write_record(r) for r in records) == text


def test_every_record_has_the_full_tags() -> None:
    for record in all_records():
        names = [tag.name for tag in record.tags]
        assert names[:8] == [*SEVEN, "Variant"]
        assert record.tag("Variant") == "keny"
        assert record.tag("FEN") is not None
        assert record.tag("Result") == record.result


def test_samples_show_kings_long_chains_the_draw_and_rule_options() -> None:
    records = all_records()
    moves = [(p, m) for r in records for p, m in replay(r)]
    friendly = max(len(m.path) - 1 for _, m in moves if not m.captured)
    assert friendly == 5
    assert max(len(m.captured) for _, m in moves) == 7
    king_captures = [m for p, m in moves if m.captured and p.board[m.path[0]] in "WB"]
    assert len(king_captures) == 132
    assert sum(m.promotes for _, m in moves) == 144
    drawn = [r for r in records if r.result == "1/2-1/2" and r.tag("Rules") is None]
    assert {GAME.outcome(GAME.play(*replay(r)[-1])) for r in drawn} == {
        Outcome(None, "drawn: 20 plies in a row without a capture")
    }
    assert len(drawn) == 7
    assert sorted(r.tag("Rules") for r in records if r.tag("Rules")) == [
        "draw=10",
        "optional-capture",
        "promote-in-capture",
        "single-jump",
    ]
    assert sum(r.tag("Notation") == "colon" for r in records) == 4
    assert sum(bool(p.variations) for r in records for p in r.moves.plies) == 3


def test_promote_in_capture_sample_crowns_mid_chain() -> None:
    (record,) = [r for r in all_records() if r.tag("Rules") == "promote-in-capture"]
    before, move = replay(record)[0]
    assert record.moves.plies[0].text == "b6xb8xh8xh5"
    assert move.promotes and len(move.captured) == 3
    assert sorted(GAME.format_move(before, m) for m in GAME.legal_moves(before)) == [
        "b6xb8xh8xh2",
        "b6xb8xh8xh3",
        "b6xb8xh8xh4",
        "b6xb8xh8xh5",
        "b6xd6",
    ]
    default = GAME.start({"FEN": record.tag("FEN")})
    assert sorted(GAME.format_move(default, m) for m in GAME.legal_moves(default)) == [
        "b6xb8",
        "b6xd6",
    ]


SETUPS = [{}, {"Rules": "single-jump"}, {"Rules": "optional-capture, draw=12"}]
SETUPS += [{"Rules": "promote-in-capture", "FEN": "W:Wb6,d4,e4,f3:Bb7,e8,h6,c6,Kh1"}]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    setup=st.sampled_from(SETUPS),
    notation=st.sampled_from(GAME.notations),
)
def test_random_legal_play_survives_write_read_and_validate(
    seed: int, setup: dict[str, str], notation: str
) -> None:
    rng = random.Random(seed)
    start = GAME.start(setup)
    played = playout(GAME, start, rng, max_plies=rng.randrange(1, 160), notation=notation)
    result = "*" if played.outcome is None else GAME.result_for(played.outcome)[0]
    plies = []
    for offset, text in enumerate(played.texts):  # every setup has White to move first
        plies.append(Ply(text, number=f"{offset // 2 + 1}." if offset % 2 == 0 else None))
    tags = {"Variant": "keny", "Result": result, **GAME.setup_tags(start)}
    record = Record([Tag(name, value) for name, value in tags.items()], Line(plies), result)
    text = write_record(record)
    (back,) = read_string(text)
    assert same_record(back, record)
    assert write_record(back) == text
    (report,) = validate_records([back])
    assert report.diagnostics == []
    assert report.plies == len(played.texts)
    assert report.outcome == played.outcome
