"""The score-sheet repair search (:mod:`notation.check.repair`): how slips are named, the
exact candidates and correction it finds on small records of each game and each kind of
slip, what applying a correction writes, and that it never touches a legal game."""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from slips import GAME, SLIPPED

from notation.check.repair import (
    BUDGET,
    Budget,
    distance,
    find_repairs,
    repair_record,
    slip_kind,
)
from notation.check.validator import validate_record
from notation.diagnostics import Change
from notation.games.base import AnyGame
from notation.games.playout import playout
from notation.games.registry import GAMES, get_game
from notation.record import Record, read_string, write_record
from notation.record.model import Line, Ply

BRAZILIAN = get_game("brazilian")
PLAYED = [
    "22-17",
    "11-15",
    "23-18",
    "15x13",
    "26-22",
    "10-14",
    "22-17",
    "13x22",
    "25x18",
    "14x23",
    "27x18",
    "7-10",
    "30-26",
    "12-16",
    "26-23",
    "8-11",
    "23-19",
    "16x14",
    "32-27",
    "14-17",
    "21x16",
    "9-13",
    "16-11",
    "3-7",
    "24-19",
    "7x32",
    "31-26",
    "2-7",
    "28-24",
    "32-9",
]
"""A legal Brazilian game (a seeded playout), 30 plies."""


def movetext(texts: list[str]) -> str:
    """``texts`` with White's move numbers, from the start."""
    parts: list[str] = []
    for index, text in enumerate(texts):
        if index % 2 == 0:
            parts.append(f"{index // 2 + 1}.")
        parts.append(text)
    return " ".join(parts)


def sheet(moves: str) -> Record:
    (record,) = read_string(f'[GameType "26"]\n\n{moves} *\n')
    return record


def search(record: Record) -> list[tuple[int, int, Change | None, list[tuple[Change, ...]]]]:
    """(depth, illegal ply, the chosen change if one, every candidate's changes) per line."""
    found = find_repairs(BRAZILIAN, record, BRAZILIAN.start(record.tag_dict()), "numeric")
    return [
        (
            r.depth,
            r.illegal,
            r.chosen.changes[0] if r.chosen and len(r.chosen.changes) == 1 else None,
            [c.changes for c in r.candidates],
        )
        for r in found
    ]


def played_with(index: int, *texts: str, drop: int = 0) -> list[str]:
    """The played game with ``texts`` in place of ``drop`` plies from ``index``."""
    return [*PLAYED[:index], *texts, *PLAYED[index + drop :]]


# Naming slips ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "meant", "kind", "edits"),
    [
        ("22-71", "22-17", "transposed", 1),
        ("57", "75", "transposed", 1),
        ("d4-c3", "c3-d4", "reversed", 4),
        ("C3-D3", "C3-D4", "character", 1),
        ("22-18", "22-17", "character", 1),
        ("Qg4", "Kg4", "character", 1),
        ("Крg4", "Кg4", "character", 1),
        ("e4-d3", "e3-d4", "rewritten", 2),
        ("22-13", "22:13", "sign", 1),
    ],
)
def test_slip_kind_and_distance(written: str, meant: str, kind: str, edits: int) -> None:
    assert slip_kind(written, meant) == kind
    assert distance(written, meant) == edits == distance(meant, written)


@pytest.mark.parametrize(
    ("written", "meant", "kind"),
    [
        ("22-13", "22x13", "sign"),
        ("c3-d4", "c3xd4", "sign"),
        ("13x22", "22x13", "reversed"),
        ("22x13", "22x15x13", "completed"),
        ("♕g4", "♔g4", "character"),
    ],
)
def test_slip_kind_of_signs_captures_and_figurines(written: str, meant: str, kind: str) -> None:
    assert slip_kind(written, meant) == kind


def test_distance_counts_each_edit_and_a_neighbour_exchange_as_one() -> None:
    pairs = [("", ""), ("22-17", "22-17"), ("", "12"), ("2217", "2271"), ("22-17", "2-17")]
    assert [distance(a, b) for a, b in pairs] == [0, 0, 2, 1, 1]
    assert [distance(a, b) for a, b in [("ab", "ba"), ("ab", "bca"), ("75", "57")]] == [1, 3, 1]


# Finding the slip --------------------------------------------------------------------------


def test_a_legal_record_gives_no_finding_and_is_not_changed() -> None:
    record = sheet(movetext(PLAYED))
    before = write_record(record)
    assert search(record) == []
    assert repair_record(BRAZILIAN, record) == []
    assert write_record(record) == before


def one(kind: str, ply: int, was: tuple[str, ...], now: tuple[str, ...]) -> Change:
    return Change(kind, ply, was, now)


@pytest.mark.parametrize(
    ("texts", "illegal", "change"),
    [
        (played_with(10, "27x13", drop=1), 11, one("character", 11, ("27x13",), ("27x18",))),
        (played_with(10, "27x81", drop=1), 11, one("transposed", 11, ("27x81",), ("27x18",))),
        (played_with(12, "03-26", drop=1), 13, one("transposed", 13, ("03-26",), ("30-26",))),
        (played_with(14, "23-26", drop=1), 15, one("reversed", 15, ("23-26",), ("26-23",))),
        (played_with(6, drop=1), 7, one("left-out", 7, (), ("22-17",))),
        (played_with(8, "13x22"), 9, one("extra", 9, ("13x22",), ())),
        (
            played_with(6, "25x18", "13x22", "22-17", drop=3),
            7,
            one("exchanged", 7, ("25x18", "22-17"), ("22-17", "25x18")),
        ),
    ],
    ids=["digit", "digits-exchanged", "zero-first", "backwards", "left-out", "twice", "order"],
)
def test_each_kind_of_slip_gets_its_one_candidate_chosen(
    texts: list[str], illegal: int, change: Change
) -> None:
    record = sheet(movetext(texts))
    assert search(record) == [(0, illegal, change, [(change,)])]
    notices = repair_record(BRAZILIAN, record)
    assert [n.code for n in notices] == ["REC230"]
    assert [ply.text for ply in record.moves.plies] == PLAYED


def test_two_slips_the_first_explaining_part_of_the_rest() -> None:
    texts = [*played_with(4, "26-23", drop=1)[:16], *PLAYED[17:]]
    first = one("character", 5, ("26-23",), ("26-22",))
    second = one("left-out", 17, (), ("23-19",))
    (repair,) = find_repairs(BRAZILIAN, sheet(movetext(texts)), BRAZILIAN.start({}), "numeric")
    assert (repair.illegal, [c.changes for c in repair.candidates]) == (7, [(first, second)])
    assert repair.chosen is not None and repair.chosen.rest == 13
    record = sheet(movetext(texts))
    repair_record(BRAZILIAN, record)
    assert [ply.text for ply in record.moves.plies] == PLAYED


def test_too_little_evidence_lists_candidates_and_chooses_none() -> None:
    record = sheet(movetext(played_with(26, "13-26", drop=1)))
    before = write_record(record)
    ((depth, illegal, chosen, candidates),) = search(record)
    assert (depth, illegal, chosen) == (0, 27, None)
    assert candidates == [
        (one("transposed", 27, ("13-26",), ("31-26",)),),
        (one("rewritten", 27, ("13-26",), ("29-25",)),),
    ]
    assert repair_record(BRAZILIAN, record) == []
    assert write_record(record) == before


VARIATION = [
    "24-19",
    "15x24",
    "27x20",
    "12-16",
    "20x11",
    "7x16",
    "17-13",
    "8-11",
    "23-18",
    "10-14",
    "32-27",
    "14x32",
    "26-23",
]
"""A legal line from ply 3 of :data:`PLAYED`, in place of its ``23-18``."""


def test_a_slip_in_a_variation_is_repaired_in_the_variation() -> None:
    slipped = [*VARIATION[:8], "18-23", *VARIATION[9:]]
    side = " ".join(f"{3 + i // 2}. {t}" if i % 2 == 0 else t for i, t in enumerate(slipped[1:]))
    moves = movetext(PLAYED).replace("2. 23-18", f"2. 23-18 ( 2. {slipped[0]} {side} ) 2...", 1)
    record = sheet(moves)
    change = one("reversed", 11, ("18-23",), ("23-18",))
    assert search(record) == [(1, 11, change, [(change,)])]
    (notice,) = repair_record(BRAZILIAN, record)
    assert (notice.code, notice.ply) == ("REC230", 11)
    assert "in a variation" in notice.message
    assert [p.text for p in record.moves.plies] == PLAYED
    (variation,) = record.moves.plies[2].variations
    assert [p.text for p in variation.plies] == VARIATION


@pytest.mark.parametrize(
    ("name", "notation", "seed", "index", "written", "change"),
    [
        ("kavaleria", "coordinate", 1, 2, "C3-D3", one("character", 3, ("C3-D3",), ("C3-D4",))),
        ("keny", "algebraic", 1, 2, "f4-f2", one("reversed", 3, ("f4-f2",), ("f2-f4",))),
        ("knight-fight", "numbers", 1, 4, "19", one("transposed", 5, ("19",), ("91",))),
        ("cheversi", "en", 1, 0, "Qb3", one("character", 1, ("Qb3",), ("Kb3",))),
        ("brazilian", "alphanumeric", 1, 2, "b4-c6", one("character", 3, ("b4-c6",), ("b4-c5",))),
    ],
)
def test_a_slip_in_each_game_and_notation_is_undone(
    name: str, notation: str, seed: int, index: int, written: str, change: Change
) -> None:
    game = get_game(name)
    tags = game.new_tags(seed)
    tags.update(game.notation_tags(tags, notation))
    played = playout(game, game.start(tags), random.Random(seed), notation=notation, max_plies=40)
    assert played.texts[index] == change.now[0]
    texts = [*played.texts[:index], written, *played.texts[index + 1 :]]
    record = Record(moves=Line([Ply(text) for text in texts]))
    (repair,) = find_repairs(game, record, played.start, notation)
    assert repair.chosen is not None and repair.chosen.changes == (change,)
    assert repair.candidates[0] == repair.chosen


# Applying a correction ---------------------------------------------------------------------


def test_an_inserted_ply_gives_each_white_ply_its_number_again() -> None:
    record = sheet(movetext(played_with(6, drop=1)[:12]))
    assert search(record)[0][2] == one("left-out", 7, (), ("22-17",))
    repair_record(BRAZILIAN, record)
    white = [p.number for p in record.moves.plies[::2]]
    assert white == ["1.", "2.", "3.", "4.", "5.", "6.", "7."]
    assert record.moves.plies[7].number == "4..."
    assert record.moves.plies[6].comments[0].text == "was: missing"


def test_a_deleted_ply_gives_each_white_ply_its_number_again() -> None:
    record = sheet(movetext(played_with(8, "13x22")[:14]))
    repair_record(BRAZILIAN, record)
    white = [p.number for p in record.moves.plies[::2]]
    assert white == ["1.", "2.", "3.", "4.", "5.", "6.", "7."]
    assert record.moves.plies[7].comments[-1].text == "was: 13x22, deleted"


def test_an_inserted_ply_renumbers_the_moves_after_it() -> None:
    record = sheet(movetext(played_with(6, drop=1)[:12]))
    repair_record(BRAZILIAN, record)
    assert write_record(record) == (
        '[GameType "26"]\n\n1. 22-17 11-15 2. 23-18 15x13 3. 26-22 10-14 4. 22-17 '
        "{was: missing} 4... 13x22\n5. 25x18 14x23 6. 27x18 7-10 7. 30-26 *\n"
    )


def test_a_deleted_ply_renumbers_the_moves_after_it() -> None:
    record = sheet(movetext(played_with(8, "13x22")[:14]))
    repair_record(BRAZILIAN, record)
    assert write_record(record) == (
        '[GameType "26"]\n\n1. 22-17 11-15 2. 23-18 15x13 3. 26-22 10-14 4. 22-17 13x22\n'
        "{was: 13x22, deleted} 5. 25x18 14x23 6. 27x18 7-10 7. 30-26 *\n"
    )


def test_a_move_number_too_long_to_read_is_left_as_written() -> None:
    # Python reads no integer of more than 4,300 digits; a record may still hold one.
    huge = "9" * 5000
    record = sheet(movetext(played_with(6, drop=1)[:12]))
    record.moves.plies[0].number = f"{huge}."
    repair_record(BRAZILIAN, record)
    assert write_record(record) == (
        f'[GameType "26"]\n\n{huge}.\n22-17 11-15 2. 23-18 15x13 3. 26-22 10-14 22-17 '
        "{was: missing} 4. 13x22 25x18\n5. 14x23 27x18 6. 7-10 30-26 *\n"
    )


def test_apply_keeps_comments_nags_and_variations() -> None:
    moves = movetext(played_with(10, "27x13", drop=1))
    moves = moves.replace("3. 26-22 10-14", "3. 26-22 $1 {Good.} 10-14", 1)
    moves = moves.replace("2. 23-18", "2. 23-18 ( 2. 24-19 15x24 3. 27x20 ) 2...", 1)
    moves = moves.replace("6. 27x13", "6. 27x13 {The sheet.}", 1)
    record = sheet("{Score sheet, round 3.} " + moves)
    (notice,) = repair_record(BRAZILIAN, record)
    assert notice.code == "REC230"
    assert write_record(record) == (
        '[GameType "26"]\n\n'
        "{Score sheet, round 3.} 1. 22-17 11-15 2. 23-18 ( 2. 24-19 15x24 3. 27x20 )\n"
        "2... 15x13 3. 26-22 $1 {Good.} 10-14 4. 22-17 13x22 5. 25x18 14x23 6. 27x18\n"
        "{was: 27x13} {The sheet.} 7-10 7. 30-26 12-16 8. 26-23 8-11 9. 23-19 16x14 10.\n"
        "32-27 14-17 11. 21x16 9-13 12. 16-11 3-7 13. 24-19 7x32 14. 31-26 2-7 15. 28-24\n"
        "32-9 *\n"
    )
    assert [p.text for p in record.moves.plies] == PLAYED
    (variation,) = record.moves.plies[2].variations
    assert [p.text for p in variation.plies] == ["24-19", "15x24", "27x20"]


# Legal games are never touched ---------------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000), data=st.data())
def test_a_legal_playout_has_no_finding_and_repair_changes_nothing(
    name: str, seed: int, data: st.DataObject
) -> None:
    game = GAMES[name]
    notation = data.draw(st.sampled_from(game.notations))
    tags = game.new_tags(seed)
    tags.update(game.notation_tags(tags, notation))
    played = playout(game, game.start(tags), random.Random(seed), notation=notation, max_plies=60)
    text = "".join(f'[{k} "{v}"]\n' for k, v in tags.items()) + "\n"
    text += " ".join(played.texts) + " *\n"
    (record,) = read_string(text)
    assert find_repairs(game, record, game.start(record.tag_dict()), notation) == []
    (again,) = read_string(text)
    assert repair_record(game, again) == []
    assert write_record(again) == write_record(record)
    assert [p.text for p in again.moves.plies] == played.texts


class _Counted:
    """A game whose plies replayed and moves played are counted: the search's work."""

    def __init__(self, game: AnyGame) -> None:
        self._game = game
        self.work = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def advancer(self) -> Callable[[Any, str], Any]:
        advance = self._game.advancer()

        def counted(position: Any, text: str) -> Any:
            self.work += 1
            return advance(position, text)

        return counted

    def play(self, position: Any, move: Any) -> Any:
        self.work += 1
        return self._game.play(position, move)


def _many_slipped_variations(per_ply: int) -> str:
    """The annotated game of tests/slips.py with ``per_ply`` variations at each ply, each
    the next eight plies with one digit wrong in the third: the issue's 259 KB game."""
    (record,) = read_string(GAME, path="g.pdn")
    plies = [p.text for p in record.moves.plies]
    parts = []
    for at, text in enumerate(plies):
        parts.append(text)
        if 2 <= at <= len(plies) - 8:
            line = plies[at : at + 8]
            line[2] = line[2][:-1] + str((int(line[2][-1]) + 1) % 10)
            parts.extend([f"( {' '.join(line)} )"] * per_ply)
    tags = GAME.split("\n\n")[0]
    return tags + "\n\n" + "\n".join(textwrap.wrap(" ".join(parts), 78)) + " 1-1\n"


BOUND_NOTICE = (
    "the search for slips stopped at its bound (30,000 units of work; game 1): lines after "
    "that were not searched, and their illegal moves have no suggestion"
)


def test_the_search_of_a_record_is_bounded_by_counted_work() -> None:
    text = _many_slipped_variations(104)
    assert 250_000 < len(text) < 262_144
    (record,) = read_string(text, path="big.pdn")
    counted = _Counted(get_game("brazilian"))
    game = cast(AnyGame, counted)
    start = game.start(record.tag_dict())
    budget = Budget()
    found = find_repairs(game, record, start, None, budget)
    assert budget.spent
    # Each ply replayed and each move played is a unit (a line to search is one more); a
    # line's replay is counted after it, so the work passes the bound by a line at most.
    assert BUDGET // 2 < counted.work <= BUDGET + 100
    assert 0 < len(found) < 5000
    again = find_repairs(get_game("brazilian"), record, start, None, Budget())
    assert [(f.illegal, f.candidates) for f in again] == [(f.illegal, f.candidates) for f in found]


def test_a_record_that_reaches_the_bound_gets_one_notice() -> None:
    (record,) = read_string(_many_slipped_variations(104), path="big.pdn")
    report = validate_record(record, path="big.pdn")
    bound = [d for d in report.diagnostics if d.code == "REC231"]
    assert [(d.line, d.column, d.game, d.message) for d in bound] == [(1, 1, 1, BOUND_NOTICE)]
    made = repair_record(get_game("brazilian"), record, "big.pdn")
    assert made[-1].message == BOUND_NOTICE
    assert sum(1 for d in made if d.code == "REC231") == 1


def test_a_record_of_normal_size_stays_far_below_the_bound() -> None:
    (record,) = read_string(SLIPPED, path="s.pdn")
    game = get_game("brazilian")
    budget = Budget()
    (found,) = find_repairs(game, record, game.start(record.tag_dict()), None, budget)
    assert found.chosen is not None
    assert BUDGET - budget.left < BUDGET // 10
