"""Cheversi samples: exact diagnostics of the broken set, valid and canonical games, and the
whole pipeline (play, write, read, validate) on random legal games."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from verdicts import diagnostics

from notation.archive.convert import convert_record
from notation.check.validator import validate_file, validate_records
from notation.games.base import Side
from notation.games.cheversi import NOTATIONS, Cheversi
from notation.record.model import Line, Ply, Record, Tag
from notation.record.reader import read_records, read_string
from notation.record.writer import same_record, write_record

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples" / "cheversi"
GAME = Cheversi()

# (game, code, line, column, ply, move as written) of every diagnostic of each broken file.
BROKEN = {
    "bad-setup.pdn": [(1, "REC202", 9, 1, None, None)],
    "bishops-same-colour.pdn": [(1, "CV209", 10, 48, 9, "Ba2")],
    "black-king-early.pdn": [(1, "CV208", 10, 41, 8, "Ka2")],
    "king-away-from-last.pdn": [(1, "CV212", 11, 5, 16, "Ka1")],
    "king-not-first.pdn": [(1, "CV206", 10, 4, 1, "Qa1")],
    "last-piece-boxed-in.pdn": [(1, "CV213", 11, 1, 15, "Nh8")],
    "move-after-end.pdn": [(1, "CV203", 11, 12, 17, "Nd4")],
    "no-piece-left.pdn": [(1, "CV205", 10, 41, 8, "Ra2")],
    "not-a-placement.pdn": [(1, "CV201", 10, 26, 5, "d4")],
    "not-touching.pdn": [(1, "CV207", 10, 30, 6, "Ng5")],
    "occupied-square.pdn": [(1, "CV204", 10, 37, 7, "Bb3")],
    "queen-call-ignored.pdn": [(1, "CV210", 10, 19, 4, "Ra4")],
    "queen-not-seventh.pdn": [(1, "CV211", 10, 74, 14, "Rb2")],
    "result-tag-mismatch.pdn": [(1, "REC203", 11, 9, None, None)],
    "syntax-error.pdn": [(2, "PDN101", 22, 26, None, None)],
    "unknown-letter.pdn": [(1, "CV202", 10, 30, 6, "Ab3")],
    "wrong-result.pdn": [(1, "REC204", 11, 9, None, None)],
}

VALID_GAMES = 31


def valid_files() -> list[Path]:
    return sorted(SAMPLES.glob("*.pdn"))


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_each_broken_sample_gets_exactly_its_diagnostics(name: str) -> None:
    reports = list(validate_file(SAMPLES / "broken" / name))
    assert diagnostics(reports) == BROKEN[name]


def test_every_kind_of_broken_sample_is_covered() -> None:
    assert sorted(p.name for p in (SAMPLES / "broken").glob("*.pdn")) == sorted(BROKEN)
    codes = {code for found in BROKEN.values() for _, code, *_ in found}
    assert {f"CV2{n:02d}" for n in range(1, 14)} <= codes
    assert {"REC202", "REC203", "REC204", "PDN101"} <= codes


def test_broken_messages_say_why_and_what_was_legal() -> None:
    (report,) = validate_file(SAMPLES / "broken" / "queen-call-ignored.pdn")
    (diagnostic,) = report.diagnostics
    assert diagnostic.message == (
        "illegal move Ra4 (game 1, ply 4): Ra4: White placed its Queen on b6 while Black's "
        "Queen was not on the board, so Black must place its Queen now; legal: Qa4, Qb4, Qb5, "
        "Qc5, Qc6, Qa7, Qb7, Qc7"
    )
    (report,) = validate_file(SAMPLES / "broken" / "unknown-letter.pdn")
    assert report.diagnostics[0].message.startswith(
        "illegal move Ab3 (game 1, ply 6): Ab3: A is not a piece letter in English notation "
        "(K Q R B N); legal: Rb3,"
    )


def test_the_games_around_a_syntax_error_stay_valid() -> None:
    reports = list(validate_file(SAMPLES / "broken" / "syntax-error.pdn"))
    assert [(r.valid, r.plies) for r in reports] == [(True, 16), (False, 4)]


def test_valid_samples_have_no_diagnostics() -> None:
    reports = [r for path in valid_files() for r in validate_file(path)]
    assert diagnostics(reports) == []
    assert len(reports) == VALID_GAMES
    assert {r.game for r in reports} == {"cheversi"}
    winners = [r.outcome.winner for r in reports]
    assert (winners.count(Side.WHITE), winners.count(Side.BLACK), winners.count(None)) == (
        10,
        18,
        3,
    )


def test_every_sample_reads_the_same_without_its_notation_tag() -> None:
    """A record's moves are read in any language: without its ``Notation`` tag (so read as
    English first), every game replays to the same verdict, French and German ones too."""
    untagged = 0
    for path in valid_files():
        for record, tagged in zip(read_records(path), validate_file(path), strict=True):
            if record.tag("Notation") is None:
                continue
            untagged += 1
            record.tags = [tag for tag in record.tags if tag.name != "Notation"]
            (report,) = validate_records([record], path=str(path))
            assert report.diagnostics == [], (path.name, record.index)
            assert (report.plies, report.outcome) == (tagged.plies, tagged.outcome)
    assert untagged == 13


def _records() -> list[Record]:
    return [r for path in valid_files() for r in read_string(path.read_text(encoding="utf-8"))]


def test_samples_use_every_notation_and_full_tags() -> None:
    records = _records()
    notations = {r.tag("Notation") or "en" for r in records}
    assert notations == set(NOTATIONS)
    for record in records:
        names = [tag.name for tag in record.tags]
        assert names[:8] == [
            "Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant"
        ]  # fmt: skip
        assert record.tag("Variant") == "cheversi"
        assert record.tag("Result") == record.result
    assert sum(1 for r in records if r.tag("FEN")) == 7
    assert {r.result for r in records} == {"1-0", "0-1", "1/2-1/2"}


def _main_line_moves(record: Record) -> list[str]:
    """The kinds placed along the main line (K Q R B N), in order."""
    position = GAME.start(record.tag_dict())
    kinds = []
    for ply in record.moves.plies:
        move = GAME.parse_move(position, ply.text)
        kinds.append(move.kind)
        position = GAME.play(position, move)
    return kinds


def test_samples_include_early_and_forced_queens_a_draw_and_variations() -> None:
    annotated = read_string((SAMPLES / "annotated.pdn").read_text(encoding="utf-8"))
    early, forced, drawn = annotated
    assert _main_line_moves(early).index("Q") == 2
    assert _main_line_moves(early)[3] == "Q"
    assert _main_line_moves(forced).index("Q") == 13
    assert _main_line_moves(forced)[14:] == ["Q", "K"]
    assert drawn.result == "1/2-1/2"
    assert drawn.moves.plies[-1].comments[0].text.endswith("score White 36, Black 36.")
    assert [len(p.variations) for r in annotated for p in r.moves.plies].count(1) == 2


def test_valid_samples_are_canonical() -> None:
    for path in valid_files():
        text = path.read_text(encoding="utf-8")
        assert "\n".join(write_record(r) for r in read_string(text)) == text, path.name


def test_converting_a_french_sample_to_english_and_back_gives_it_again() -> None:
    text = (SAMPLES / "paris-open-2025.pdn").read_text(encoding="utf-8")
    records = read_string(text)
    for record in records:
        assert convert_record(record, GAME, "en") == []
    english = "\n".join(write_record(r) for r in records)
    assert "1. Kg7 Rh7 2. Qh6 Qf6" in english
    assert "Notation" in english
    for record in records:
        assert convert_record(record, GAME, "fr") == []
    assert "\n".join(write_record(r) for r in records) == text


def _load_generator():
    spec = importlib.util.spec_from_file_location(
        "make_cheversi_samples", ROOT / "tools" / "make_cheversi_samples.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generator_writes_exactly_the_samples(tmp_path: Path) -> None:
    generator = _load_generator()
    generator.OUT = tmp_path
    generator.main()
    written = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.pdn"))
    assert written == sorted(p.relative_to(SAMPLES) for p in SAMPLES.rglob("*.pdn"))
    for name in written:
        assert (tmp_path / name).read_bytes() == (SAMPLES / name).read_bytes(), name


def _random_record(seed: int, notation: str) -> Record:
    """A random legal game from the empty board, written in ``notation`` as a record."""
    rng = random.Random(seed)
    position = GAME.start({"Notation": notation})
    line = Line()
    while GAME.outcome(position) is None and (position.ply < 6 or rng.random() > 0.04):
        move = rng.choice(GAME.legal_moves(position))
        number = f"{position.ply // 2 + 1}." if position.turn is Side.WHITE else None
        line.plies.append(Ply(GAME.format_move(position, move, notation), number=number))
        position = GAME.play(position, move)
    outcome = GAME.outcome(position)
    result = "*" if outcome is None else GAME.result_for(outcome)[0]
    tags = [Tag("Variant", "cheversi"), Tag("Result", result)]
    tags += [Tag(name, value) for name, value in GAME.notation_tags({}, notation).items()]
    return Record(tags=tags, moves=line, result=result)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(NOTATIONS))
def test_random_legal_games_pass_write_read_and_validate(seed: int, notation: str) -> None:
    record = _random_record(seed, notation)
    text = write_record(record)
    (read,) = read_string(text)
    assert same_record(read, record)
    assert write_record(read) == text
    (report,) = validate_records([read])
    assert report.game == "cheversi"
    assert [d.code for d in report.diagnostics] == []
    assert report.plies == len(record.moves.plies)
