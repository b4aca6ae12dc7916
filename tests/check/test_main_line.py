"""The main line as ``validate`` replays it
(:func:`notation.check.validator.replay_main_line`): its positions and moves, where an
illegal ply stops it, and the verdict of the same replay."""

from __future__ import annotations

from notation import diagnostics as codes
from notation.check.identity import Positions
from notation.check.validator import replay_main_line, validate_record
from notation.games.registry import get_game
from notation.record import read_string

BRAZILIAN = get_game("brazilian")

GAME = '[GameType "26"]\n\n1. 22-18 11-15 2. 18x11 8x15 *\n'
"""A Brazilian game worked by hand: 18x11 takes 15, 8x15 takes 11 back."""

FENS = [
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15",
    "B:W11,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12",
    "W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,12,15",
]


def fens(positions: list[object]) -> list[str]:
    return [BRAZILIAN.setup_tags(position)["FEN"] for position in positions]


def test_the_main_line_holds_each_position_and_move() -> None:
    (record,) = read_string(GAME)
    line = replay_main_line(record)
    assert line.game is BRAZILIAN
    assert fens(line.positions) == FENS
    written = [
        BRAZILIAN.format_move(before, move)
        for before, move in zip(line.positions, line.moves, strict=False)
    ]
    assert written == ["22-18", "11-15", "18x11", "8x15"]
    assert line.complete
    assert line.report.diagnostics == []
    assert (line.report.game, line.report.plies, line.report.line) == ("brazilian", 4, 1)


def test_an_illegal_ply_stops_the_line_where_validate_reports_it() -> None:
    # After 11-15 White must take (18x11): 21-17 is illegal, ply 3.
    (record,) = read_string('[GameType "26"]\n\n1. 22-18 11-15 2. 21-17 8x15 *\n')
    line = replay_main_line(record)
    assert fens(line.positions) == FENS[:3]
    assert len(line.moves) == 2
    assert not line.complete
    report = validate_record(record, suggest=False)
    illegal = [d for d in report.diagnostics if d.ply is not None]
    assert [(d.code, d.ply) for d in illegal] == [(illegal[0].code, 3)]
    assert line.report.diagnostics == report.diagnostics
    assert line.report.plies == report.plies == 2


def test_a_record_not_replayed_has_no_line() -> None:
    unsupported, bad_setup = read_string(
        '[GameType "1"]\n\n1. e4 e5 *\n\n[GameType "26"]\n[FEN "W:W99:B1"]\n\n1. 22-18 *\n'
    )
    for record in (unsupported, bad_setup):
        line = replay_main_line(record)
        assert (line.game, line.positions, line.moves, line.complete) == (None, [], [], False)
        assert line.report.diagnostics == validate_record(record, suggest=False).diagnostics
    assert [d.code for d in replay_main_line(bad_setup).report.diagnostics] == [codes.BAD_SETUP]


def test_an_untagged_record_is_replayed_as_the_game_validate_judges_it_as() -> None:
    (record,) = read_string("1. 22-18 11-15 2. 18x11 8x15 *\n")
    line = replay_main_line(record)
    report = validate_record(record, suggest=False)
    assert line.game is not None and line.game.name == report.game
    assert line.report.diagnostics == report.diagnostics
    assert len(line.moves) == report.plies


def test_transpositions_count_each_move_order_once() -> None:
    # Three orders of the same two white and two black moves, the first twice.
    records = read_string(
        '[GameType "26"]\n\n1. 24-20 9-13 2. 21-17 12-16 *\n\n'
        '[GameType "26"]\n\n1. 24-20 9-13 2. 21-17 12-16 *\n\n'
        '[GameType "26"]\n\n1. 21-17 12-16 2. 24-20 9-13 *\n\n'
        '[GameType "26"]\n\n1. 24-20 12-16 2. 21-17 9-13 *\n\n'
        f"{GAME}\n"
    )
    index = Positions()
    for record in records:
        index.add(record, None)
    groups = index.groups()
    assert [(g.game, [(r.where.index, r.order) for r in g.records]) for g in groups] == [
        ("brazilian", [(1, 1), (2, 1), (3, 2), (4, 3)])
    ]


def test_without_judging_the_end_the_line_is_the_same_and_the_result_unchecked() -> None:
    # The tag says 2-0, the movetext 0-2: a result mismatch, found once the line is replayed.
    (record,) = read_string('[GameType "26"]\n[Result "2-0"]\n\n1. 22-18 11-15 2. 18x11 0-2\n')
    judged = replay_main_line(record)
    unjudged = replay_main_line(record, judge_end=False)
    assert fens(unjudged.positions) == fens(judged.positions) == FENS[:4]
    assert unjudged.moves == judged.moves
    assert unjudged.complete and judged.complete
    assert [d.code for d in judged.report.diagnostics] == [codes.RESULT_MISMATCH]
    assert judged.report.diagnostics == validate_record(record).diagnostics
    assert unjudged.report.diagnostics == []
