"""Kavaleria samples: the broken set's exact diagnostics, the valid games' content and
canonical form, and the whole pipeline (play, write, read, validate) on random games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from verdicts import diagnostics

from notation.check.validator import validate_file, validate_records
from notation.diagnostics import CODES
from notation.games.base import Side
from notation.games.kavaleria import CAVALRYMAN, FAR_ROW, POINT_ROW, SOTNYK, VOIVODE, Kavaleria
from notation.games.playout import playout
from notation.record.model import Line, Ply, Record, Tag
from notation.record.reader import read_records, read_string
from notation.record.writer import same_record, write_record

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "kavaleria"
GAME = Kavaleria()

# (game, code, line, column, ply, move as written) of every diagnostic of each broken file.
BROKEN = {
    "bad-setup.pdn": [(1, "REC202", 9, 1, None, None), (2, "REC202", 21, 1, None, None)],
    "capture-over-nothing.pdn": [(1, "KV211", 10, 70, 10, "E4xC3")],
    "capture-own-piece.pdn": [(1, "KV212", 10, 49, 7, "B2xD3")],
    "cavalryman-backward.pdn": [(1, "KV209", 10, 49, 7, "C1-B1")],
    "draughts-result.pdn": [(1, "REC206", 7, 1, None, None), (1, "REC206", 19, 76, None, None)],
    "jump-after-voivode.pdn": [(1, "KV216", 17, 1, 70, "C2xA3xA1")],
    "jump-too-long.pdn": [(1, "KV214", 12, 17, 23, "A4xD6")],
    "jumped-twice.pdn": [(1, "KV213", 10, 70, 10, "D1xB2xD1")],
    "malformed-move.pdn": [(1, "KV201", 10, 70, 10, "D1:B2")],
    "move-after-end.pdn": [(1, "KV203", 17, 73, 69, "B2-C1")],
    "no-backward-breach.pdn": [(1, "KV217", 14, 27, 34, "A4-B5")],
    "no-piece-there.pdn": [(1, "KV204", 12, 17, 23, "C5-D6")],
    "no-such-point.pdn": [(1, "KV202", 10, 49, 7, "A5-A6")],
    "not-a-neighbour.pdn": [(1, "KV206", 10, 70, 10, "E4-C3")],
    "onto-own-piece.pdn": [(1, "KV208", 10, 49, 7, "A1-B2")],
    "opponents-piece.pdn": [(1, "KV205", 10, 49, 7, "D5-D6")],
    "result-missing.pdn": [(1, "REC205", 18, 57, None, None)],
    "result-tag-mismatch.pdn": [(1, "REC203", 17, 73, None, None)],
    "sotnyk-blocked.pdn": [(1, "KV210", 18, 21, 83, "G1-G5")],
    "sotnyk-off-the-lines.pdn": [(1, "KV207", 18, 21, 83, "G1-E1")],
    "sotnyk-over-two.pdn": [(1, "KV215", 12, 23, 24, "A5xA1")],
    "syntax-error.pdn": [(2, "PDN101", 27, 57, None, None)],
    "unterminated-comment.pdn": [(1, "PDN102", 11, 13, None, None)],
    "wrong-result.pdn": [(1, "REC204", 20, 17, None, None)],
}
VALID = ["annotated.pdn", "kyiv-club-2024.pdn", "online-numeric.pdn", "setups.pdn", "variants.pdn"]


def replay(record: Record) -> list[tuple]:
    """(position before, move) of every ply of a record's main line."""
    position = GAME.start(record.tag_dict())
    played = []
    for ply in record.moves.plies:
        move = GAME.parse_move(position, ply.text)
        played.append((position, move))
        position = GAME.play(position, move)
    return played


# The broken set -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_each_broken_sample_gets_exactly_its_diagnostics(name: str) -> None:
    reports = list(validate_file(SAMPLES / "broken" / name))
    assert all(r.game == "kavaleria" for r in reports)
    assert diagnostics(reports) == BROKEN[name]


def test_every_kind_of_broken_sample_is_covered() -> None:
    assert sorted(p.name for p in (SAMPLES / "broken").glob("*.pdn")) == sorted(BROKEN)
    kavaleria_codes = sorted(code for code in CODES if code.startswith("KV"))
    assert len(kavaleria_codes) == 17
    found = {d[1] for diags in BROKEN.values() for d in diags}
    assert found >= set(kavaleria_codes)
    assert found - set(kavaleria_codes) == {
        "PDN101",
        "PDN102",
        "REC202",
        "REC203",
        "REC204",
        "REC205",
        "REC206",
    }


def test_broken_messages_say_what_is_wrong() -> None:
    (report,) = validate_file(SAMPLES / "broken" / "no-such-point.pdn")
    assert report.diagnostics[0].message.startswith(
        "illegal move A5-A6 (game 1, ply 7): A6 is not a point of the board "
        "(row A has points 1 to 5); legal: "
    )
    (report,) = validate_file(SAMPLES / "broken" / "wrong-result.pdn")
    assert report.diagnostics[0].message == (
        "the record says 1/2-1/2 but the rules decide 0-1 (Black captured the White Voivode) "
        "(game 1)"
    )
    (report,) = validate_file(SAMPLES / "broken" / "move-after-end.pdn")
    assert report.diagnostics[0].message == (
        "illegal move B2-C1 (game 1, ply 69): the game is over: Black captured the White Voivode"
    )
    assert report.diagnostics[0].legal == ()


def test_games_around_a_broken_one_stay_valid() -> None:
    syntax = list(validate_file(SAMPLES / "broken" / "syntax-error.pdn"))
    assert [r.valid for r in syntax] == [True, False, True]
    comment = list(validate_file(SAMPLES / "broken" / "unterminated-comment.pdn"))
    assert [(r.valid, r.plies) for r in comment] == [(False, 10), (True, 86)]


def test_a_broken_game_is_legal_up_to_its_mistake() -> None:
    for name, expected in BROKEN.items():
        reports = list(validate_file(SAMPLES / "broken" / name))
        for _, _, _, _, ply, _ in expected:
            if ply is not None:
                (report,) = reports
                assert report.plies == ply - 1, name


# The valid samples ------------------------------------------------------------------------


def test_valid_samples_have_no_diagnostics_and_twenty_eight_games() -> None:
    assert sorted(p.name for p in SAMPLES.glob("*.pdn")) == VALID
    reports = [r for name in VALID for r in validate_file(SAMPLES / name)]
    assert diagnostics(reports) == []
    assert len(reports) == 28
    assert all(r.game == "kavaleria" for r in reports)
    assert sum(r.plies for r in reports) == 2159
    assert sum(r.outcome is not None for r in reports) == 20


@pytest.mark.parametrize("name", VALID)
def test_valid_samples_are_canonical(name: str) -> None:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    assert "\n".join(write_record(r) for r in read_records(SAMPLES / name)) == text


def test_valid_samples_show_every_feature_of_the_game() -> None:
    records = [r for name in VALID for r in read_records(SAMPLES / name)]
    promotions = chains = voivodes = 0
    for record in records:
        for before, move in replay(record):
            kind = before.board[move.path[0]] & 3
            side = before.turn
            if kind == CAVALRYMAN and any(POINT_ROW[p] == FAR_ROW[side] for p in move.path):
                promotions += 1
            chains += len(move.taken) >= 2
            voivodes += any(before.board[p] & 3 == VOIVODE for p in move.taken)
    assert (promotions, chains, voivodes) == (54, 56, 20)
    tags = [r.tag_dict() for r in records]
    assert sum(t.get("Variant") == "kavaleria" for t in tags) == 28
    assert sorted(t["Rules"] for t in tags if "Rules" in t) == [
        "extra-turn",
        "extra-turn",
        "extra-turn",
        "no-backward",
        "no-backward",
    ]
    setups = [GAME.start(t) for t in tags if "FEN" in t and "S" in t["FEN"]]
    assert len(setups) == 6
    assert sum(p.turn is Side.BLACK for p in setups) == 2
    assert all(any(v & 3 == SOTNYK for v in p.board) for p in setups)
    assert sum(t.get("Notation") == "numeric" for t in tags) == 4
    assert {t["Result"] for t in tags} == {"1-0", "0-1", "1/2-1/2"}
    variations = [p for r in records for p in r.moves.plies if p.variations]
    assert len(variations) == 4


# The whole pipeline on random games ---------------------------------------------------------


def as_record(seed: int, rules: str, fen: str | None) -> Record:
    """A random legal game (seeded) as a record, numbered by whose turn each ply is."""
    tags = {"Rules": rules} if rules else {}
    if fen is not None:
        tags["FEN"] = fen
    start = GAME.start(tags)
    played = playout(GAME, start, random.Random(seed), max_plies=random.Random(seed).randrange(80))
    result = "*" if played.outcome is None else GAME.result_for(played.outcome)[0]
    line = Line()
    number = 1
    for offset, (text, before) in enumerate(zip(played.texts, played.positions, strict=False)):
        label = None
        if before.turn is Side.WHITE:
            number += offset > 0
            label = f"{number}."
        elif offset == 0:
            label = f"{number}..."
        line.plies.append(Ply(text, number=label))
    header = [Tag("Event", "Random"), Tag("Result", result), Tag("Variant", "kavaleria")]
    header += [Tag(name, value) for name, value in tags.items()]
    return Record(tags=header, moves=line, result=result)


SETUPS = [
    None,
    "W:WA1,SA2,VA3,SA4,A5,B1-B6,C1-C5:BE1-E5,F1-F6,G1,SG2,VG3,SG4,G5",
    "B:WVA3,A2,A4,B3,B4,SE5:BVG3,G2,G4,F3,F4,SB1,D3",
]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 10**6),
    st.sampled_from(["", "no-backward", "extra-turn", "extra-turn,no-backward"]),
    st.sampled_from(SETUPS),
)
def test_random_legal_play_written_and_read_back_validates(
    seed: int, rules: str, fen: str | None
) -> None:
    record = as_record(seed, rules, fen)
    text = write_record(record)
    (again,) = read_string(text)
    assert same_record(again, record), text
    assert write_record(again) == text
    (report,) = validate_records([again])
    assert report.diagnostics == [], text
    assert report.plies == len(record.moves.plies)
    assert (report.outcome is None) == (record.result == "*")
