"""Kavaleria rules: hand-worked positions with their exact legal-move sets, the end of the
game, the rule options, and a property test of random legal play.

Every expected move set below was worked out by hand from the rules (rulings §2) on the
board picture in docs/rules/kavaleria.md, not computed with the module under test.
"""

from __future__ import annotations

import random

import gamekit
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.games.base import IllegalMove, Outcome, Side
from notation.games.kavaleria import (
    NEIGHBOURS,
    POINT_INDEX,
    POINT_NAMES,
    Kavaleria,
    KavaleriaPosition,
)

GAME = Kavaleria()


def setup(fen: str, rules: str = "") -> KavaleriaPosition:
    """The position a FEN tag (and optional Rules tag) describes."""
    position: KavaleriaPosition = gamekit.setup(GAME, fen, rules)
    return position


def legal(position: KavaleriaPosition) -> set[str]:
    """The legal moves written in coordinate notation."""
    moves = GAME.legal_moves(position)
    texts = [GAME.format_move(position, move) for move in moves]
    assert len(texts) == len(set(texts)), "a move is listed twice"
    return set(texts)


def after(position: KavaleriaPosition, *texts: str) -> KavaleriaPosition:
    """The position after playing the written moves."""
    for text in texts:
        position = GAME.play(position, GAME.parse_move(position, text))
    return position


# Geometry -------------------------------------------------------------------------------


def test_board_has_38_points_in_rows_of_5_and_6() -> None:
    assert len(POINT_NAMES) == 38
    assert [sum(name[0] == row for name in POINT_NAMES) for row in "ABCDEFG"] == [
        5,
        6,
        5,
        6,
        5,
        6,
        5,
    ]


@pytest.mark.parametrize(
    ("point", "expected"),
    [
        ("A3", {"A2", "A4", "B3", "B4"}),
        ("A1", {"A2", "B1", "B2"}),
        ("B1", {"B2", "A1", "C1"}),
        ("D3", {"D2", "D4", "C2", "C3", "E2", "E3"}),
        ("G5", {"G4", "F5", "F6"}),
        ("F6", {"F5", "E5", "G5"}),
    ],
)
def test_neighbours(point: str, expected: set[str]) -> None:
    assert {POINT_NAMES[q] for q in NEIGHBOURS[POINT_INDEX[point]]} == expected


def test_neighbourhood_is_symmetric() -> None:
    for p, around in enumerate(NEIGHBOURS):
        assert len(around) <= 6
        for q in around:
            assert p in NEIGHBOURS[q]


# Hand-worked legal-move sets -------------------------------------------------------------


def test_start_position_moves() -> None:
    # Only row C can move (forward into the empty row D); everything else is hemmed in.
    assert legal(GAME.start({})) == {
        "C1-D1",
        "C1-D2",
        "C2-D2",
        "C2-D3",
        "C3-D3",
        "C3-D4",
        "C4-D4",
        "C4-D5",
        "C5-D5",
        "C5-D6",
    }


def test_start_position_black_replies() -> None:
    # E4 may jump the new D4 cavalryman into the hole C3 just left; E3's jump lands on C4,
    # which is occupied.
    position = after(GAME.start({}), "C3-D4")
    assert GAME.turn(position) is Side.BLACK
    assert legal(position) == {
        "E1-D1",
        "E1-D2",
        "E2-D2",
        "E2-D3",
        "E3-D3",
        "E4-D5",
        "E4xC3",
        "E5-D5",
        "E5-D6",
    }


def test_sotnyk_in_the_open() -> None:
    position = setup("W:WSD3,VA5:BVG5")
    assert legal(position) == {
        # along row D
        "D3-D4",
        "D3-D5",
        "D3-D6",
        "D3-D2",
        "D3-D1",
        # the two forward diagonals
        "D3-E3",
        "D3-F4",
        "D3-G4",
        "D3-E2",
        "D3-F2",
        "D3-G1",
        # the two backward diagonals
        "D3-C3",
        "D3-B4",
        "D3-A4",
        "D3-C2",
        "D3-B2",
        "D3-A1",
        # the Voivode
        "A5-A4",
        "A5-B5",
        "A5-B6",
    }


def test_sotnyk_flight_stops_at_a_piece_and_captures_it() -> None:
    position = setup("W:WSD3,VA5:BF4,VG5")
    assert legal(position) == {
        "D3-D4",
        "D3-D5",
        "D3-D6",
        "D3-D2",
        "D3-D1",
        "D3-E3",
        "D3xG4",
        "D3-E2",
        "D3-F2",
        "D3-G1",
        "D3-C3",
        "D3-B4",
        "D3-A4",
        "D3-C2",
        "D3-B2",
        "D3-A1",
        "A5-A4",
        "A5-B5",
        "A5-B6",
    }


def test_promotion_in_the_middle_of_a_capture_continues_as_sotnyk() -> None:
    # E2 takes F2 landing on G1 and becomes a Sotnyk, which then flies over empty G2 to
    # take G3 (a cavalryman could not), landing on G4 or G5.
    position = setup("W:WE2,VA5:BF2,G3,VD1")
    assert legal(position) == {
        "E2-E1",
        "E2-E3",
        "E2-F3",
        "E2xG1",
        "E2xG1xG4",
        "E2xG1xG5",
        "A5-A4",
        "A5-B5",
        "A5-B6",
    }
    assert GAME.setup_tags(after(position, "E2xG1xG5")) == {"FEN": "B:WVA5,SG5:BVD1"}
    assert GAME.setup_tags(after(position, "E2xG1")) == {"FEN": "B:WVA5,SG1:BVD1,G3"}


def test_capture_chain_may_stop_early() -> None:
    position = setup("W:WC3,VA1:BD4,E3,VG5")
    assert legal(position) == {
        "C3-D3",
        "C3-C2",
        "C3-C4",
        "C3xE4",
        "C3xE4xE2",
        "A1-A2",
        "A1-B1",
        "A1-B2",
    }
    stopped = after(position, "C3xE4")
    assert GAME.setup_tags(stopped) == {"FEN": "B:WVA1,E4:BE3,VG5"}
    assert GAME.setup_tags(after(position, "C3xE4xE2")) == {"FEN": "B:WVA1,E2:BVG5"}


def test_start_point_counts_empty_and_every_prefix_is_a_move() -> None:
    # The Voivode runs round the triangle C3-E4-E2 either way and may come home to C3.
    position = setup("W:WVC3:BD3,D4,E3,VG5")
    assert legal(position) == {
        "C3-C2",
        "C3-C4",
        "C3-B3",
        "C3-B4",
        "C3xE4",
        "C3xE4xE2",
        "C3xE4xE2xC3",
        "C3xE2",
        "C3xE2xE4",
        "C3xE2xE4xC3",
    }
    assert GAME.setup_tags(after(position, "C3xE4xE2xC3")) == {"FEN": "B:WVC3:BVG5"}


def test_sotnyk_chain_flies_over_its_own_start_point() -> None:
    # D3 takes D4 along row D, E4 from D5, then flies from F4 back over E3 and over D3
    # (empty: the piece left it) to take C2.
    position = setup("W:WSD3,VA5:BD4,E4,C2,VG5")
    captures = {text for text in legal(position) if "x" in text}
    assert captures == {
        "D3xD5",
        "D3xD6",
        "D3xB2",
        "D3xA1",
        "D3xD5xF4",
        "D3xD5xG3",
        "D3xD5xF4xB2",
        "D3xD5xF4xA1",
    }
    assert GAME.setup_tags(after(position, "D3xD5xF4xA1")) == {"FEN": "B:WSA1,VA5:BVG5"}


def test_captured_pieces_block_until_the_turn_ends() -> None:
    # After taking E3 the Sotnyk on F4 or G4 may not fly back over E3 (still on the board
    # until the turn ends) to take C2, though D3 behind it counts as empty.
    position = setup("W:WSD3,VA5:BE3,C2,VG5")
    captures = {text for text in legal(position) if "x" in text}
    assert captures == {"D3xF4", "D3xG4", "D3xB2", "D3xA1"}


def test_voivode_capture_ends_chain_and_game() -> None:
    position = setup("W:WC3,VA1:BVD4,E3")
    assert legal(position) == {
        "C3-D3",
        "C3-C2",
        "C3-C4",
        "C3xE4",
        "A1-A2",
        "A1-B1",
        "A1-B2",
    }
    over = after(position, "C3xE4")
    assert GAME.outcome(over) == Outcome(Side.WHITE, "White captured the Black Voivode")
    assert GAME.result_for(GAME.outcome(over)) == ("1-0",)
    assert GAME.legal_moves(over) == []


def test_black_wins_by_taking_the_white_voivode() -> None:
    position = setup("B:WVD3:BE3,VG1")
    assert legal(position) == {
        "E3xC2",
        "E3-E2",
        "E3-E4",
        "E3-D4",
        "G1-G2",
        "G1-F1",
        "G1-F2",
    }
    over = after(position, "E3xC2")
    assert GAME.outcome(over) == Outcome(Side.BLACK, "Black captured the White Voivode")
    assert GAME.result_for(GAME.outcome(over)) == ("0-1",)


def test_cavalryman_moves_sideways_and_never_back() -> None:
    position = setup("W:WD3,VA5:BVG5")
    assert legal(position) == {"D3-E2", "D3-E3", "D3-D2", "D3-D4", "A5-A4", "A5-B5", "A5-B6"}


def test_cavalryman_captures_backward_and_sideways() -> None:
    position = setup("W:WD3,VA5:BC3,D4,VG5")
    assert legal(position) == {
        "D3-E2",
        "D3-E3",
        "D3-D2",
        "D3xB4",
        "D3xD5",
        "A5-A4",
        "A5-B5",
        "A5-B6",
    }


def test_voivode_reaching_the_far_row_stays_a_voivode() -> None:
    position = after(setup("W:WVF2:BVA1"), "F2-G2")
    assert GAME.setup_tags(position) == {"FEN": "B:WVG2:BVA1"}


def test_plain_step_onto_the_far_row_promotes() -> None:
    position = after(setup("W:WF2,VA5:BVA1"), "F2-G2")
    assert GAME.setup_tags(position) == {"FEN": "B:WVA5,SG2:BVA1"}


def test_no_legal_move_does_not_decide_the_game() -> None:
    position = setup("B:WSG2,SG3,F1,F2,E2,VA3:BVG1")
    assert GAME.legal_moves(position) == []
    assert GAME.outcome(position) is None


def test_outcome_and_scores_while_play_goes_on() -> None:
    position = GAME.start({})
    assert GAME.outcome(position) is None
    assert GAME.scores(position) is None
    assert GAME.result_for(Outcome(None, "agreed")) == ("1/2-1/2",)


# Rule options ------------------------------------------------------------------------------


def test_no_backward_option_limits_sotnyk() -> None:
    position = setup("W:WSD3,VB6:BVG5", "no-backward")
    assert legal(position) == {
        "D3-D4",
        "D3-D5",
        "D3-D6",
        "D3-D2",
        "D3-D1",
        "D3-E3",
        "D3-F4",
        "D3-G4",
        "D3-E2",
        "D3-F2",
        "D3-G1",
        "B6-B5",
        "B6-C5",
        "B6-A5",
    }


def test_no_backward_option_limits_cavalryman_captures() -> None:
    position = setup("W:WD3,VA5:BC3,D4,VG5", "no-backward")
    assert legal(position) == {
        "D3-E2",
        "D3-E3",
        "D3-D2",
        "D3xD5",
        "A5-A4",
        "A5-B5",
        "A5-B6",
    }


def test_no_backward_option_spares_the_voivode() -> None:
    position = setup("W:WVC3:BB3,VG5", "no-backward")
    assert legal(position) == {"C3-C2", "C3-C4", "C3-D3", "C3-D4", "C3-B4", "C3xA2"}


def test_extra_turn_option_keeps_the_turn_after_a_capture() -> None:
    position = setup("W:WC3,VA1:BD4,E3,VG5", "extra-turn")
    stepped = after(position, "C3-C4")
    assert GAME.turn(stepped) is Side.BLACK
    captured = after(position, "C3xE4")
    assert GAME.turn(captured) is Side.WHITE
    assert legal(captured) == {
        "E4xE2",
        "E4-E5",
        "E4-F4",
        "E4-F5",
        "A1-A2",
        "A1-B1",
        "A1-B2",
    }
    assert GAME.turn(after(captured, "A1-A2")) is Side.BLACK


# Random play -----------------------------------------------------------------------------

RULE_SETS = ["", "no-backward", "extra-turn", "extra-turn,no-backward"]


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULE_SETS))
def test_random_play_round_trips_every_move(seed: int, rules: str) -> None:
    choose = random.Random(seed)
    position = GAME.start({"Rules": rules})
    for _ in range(120):
        moves = GAME.legal_moves(position)
        if not moves:
            break
        captures = [move for move in moves if move.is_capture]
        move = choose.choice(captures if captures and choose.random() < 0.6 else moves)
        for notation in GAME.notations:
            assert GAME.parse_move(position, GAME.format_move(position, move, notation)) == move
        assert GAME.start(GAME.setup_tags(position)) == position
        position = GAME.play(position, move)
        hash(position)
        if GAME.outcome(position) is not None:
            assert GAME.legal_moves(position) == []
            with pytest.raises(IllegalMove) as error:
                GAME.parse_move(position, GAME.format_move(position, move))
            assert error.value.code == "KV203"
            break


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_direct_check_accepts_exactly_the_legal_moves(seed: int) -> None:
    choose = random.Random(seed)
    position = GAME.start({})
    for _ in range(choose.randrange(0, 60)):
        moves = GAME.legal_moves(position)
        if not moves:
            break
        captures = [move for move in moves if move.is_capture]
        position = GAME.play(position, choose.choice(captures or moves))
        if GAME.outcome(position) is not None:
            break
    legal_set = set(GAME.legal_moves(position))
    accepted = set()
    for start in range(38):
        for end in range(38):
            for sep in "-x":
                text = f"{POINT_NAMES[start]}{sep}{POINT_NAMES[end]}"
                try:
                    accepted.add(GAME.parse_move(position, text))
                except IllegalMove:
                    continue
    assert accepted == {move for move in legal_set if len(move.path) == 2}
    if GAME.outcome(position) is not None:
        assert accepted == set()
