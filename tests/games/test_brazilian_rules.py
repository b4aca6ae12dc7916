"""Brazilian draughts rules on hand-worked positions, each with its exact set of legal moves.

Squares are numbered 1..32 from Black's side (1 = b8, 29 = a1). A move is compared as
(start, end, captured squares) and, where the route matters, by its full path.
"""

from __future__ import annotations

import pytest

from notation.games.base import Outcome, Side
from notation.games.brazilian import Brazilian, BrazilianMove, BrazilianPosition

GAME = Brazilian()


def position(fen: str) -> BrazilianPosition:
    return GAME.start({"FEN": fen})


def legal(fen: str) -> set[tuple[int, int, tuple[int, ...]]]:
    """The legal moves of a FEN position as (start, end, captured squares)."""
    return {(m.path[0], m.path[-1], m.captured) for m in GAME.legal_moves(position(fen))}


def paths(fen: str) -> set[tuple[int, ...]]:
    """The full paths of the legal moves of a FEN position."""
    return {m.path for m in GAME.legal_moves(position(fen))}


def pieces(pos: BrazilianPosition) -> str:
    """The position's pieces as its FEN."""
    return GAME.setup_tags(pos)["FEN"]


def test_start_position_has_seven_moves() -> None:
    start = GAME.start({})
    assert start.turn is Side.WHITE
    assert pieces(start) == "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    assert {m.path for m in GAME.legal_moves(start)} == {
        (21, 17),
        (22, 17),
        (22, 18),
        (23, 18),
        (23, 19),
        (24, 19),
        (24, 20),
    }
    assert all(m.captured == () for m in GAME.legal_moves(start))


def test_black_replies_move_toward_rank_one() -> None:
    after = GAME.play(GAME.start({}), BrazilianMove((22, 18)))
    assert after.turn is Side.BLACK
    assert {m.path for m in GAME.legal_moves(after)} == {
        (9, 13),
        (9, 14),
        (10, 14),
        (10, 15),
        (11, 15),
        (11, 16),
        (12, 16),
    }


def test_majority_two_equal_captures_are_legal_and_the_shorter_one_is_not() -> None:
    # 22 takes 18 and lands on 15, then takes 11 (to 8) or 10 (to 6); 28x19 takes only 24.
    fen = "W:W22,28:B10,11,18,24"
    assert legal(fen) == {(22, 8, (11, 18)), (22, 6, (10, 18))}
    assert paths(fen) == {(22, 15, 8), (22, 15, 6)}


def test_majority_counts_kings_as_one_piece() -> None:
    # The man on 10 takes two men (10x19x12); the king on 17 could take only the king
    # on 26 (17x31), which weighs no more than a man.
    fen = "W:W10,K17:B15,16,K26"
    assert paths(fen) == {(10, 19, 12)}
    assert legal(fen) == {(10, 12, (15, 16))}


def test_flying_king_lands_on_any_empty_square_behind_the_captured_piece() -> None:
    assert legal("W:WK29:B18") == {
        (29, 15, (18,)),
        (29, 11, (18,)),
        (29, 8, (18,)),
        (29, 4, (18,)),
    }


def test_king_landing_stops_at_the_next_piece() -> None:
    # A White man on 8 ends the row of landing squares after 11.
    assert legal("W:WK29,8:B18") == {(29, 15, (18,)), (29, 11, (18,))}


def test_king_must_land_where_the_capture_goes_on() -> None:
    # Only landing on 11 lets the king take 7 as well.
    assert paths("W:WK29:B7,18") == {(29, 11, 2)}
    assert legal("W:WK29:B7,18") == {(29, 2, (7, 18))}


def test_turkish_strike_a_jumped_piece_blocks_the_way() -> None:
    # 31x13 (takes 22), x6 (takes 9), x15/19/24/28 (takes 10). From 15 the king would
    # take 25 on the way to 29, but 22, jumped already and still on the board, blocks.
    fen = "W:WK31:B9,10,22,25"
    assert paths(fen) == {
        (31, 13, 6, 15),
        (31, 13, 6, 19),
        (31, 13, 6, 24),
        (31, 13, 6, 28),
    }
    assert {m.captured for m in GAME.legal_moves(position(fen))} == {(9, 10, 22)}


def test_no_promotion_in_the_middle_of_a_capture() -> None:
    # The man on 9 takes 6 and lands on 2 (the far row), then takes 7 as a man and stops
    # on 11; as a king it could land on 16 or 20 and go on to take 22.
    fen = "W:W9:B6,7,22"
    assert paths(fen) == {(9, 2, 11)}
    assert legal(fen) == {(9, 11, (6, 7))}
    after = GAME.play(position(fen), GAME.legal_moves(position(fen))[0])
    assert pieces(after) == "B:W11:B22"


def test_circular_king_capture_passes_its_start_square() -> None:
    # Round the four men either way; both ways end on 22, the start square, as one move.
    fen = "W:WK22:B9,10,17,18"
    everything = (9, 10, 17, 18)
    assert legal(fen) == {
        (22, 22, everything),
        (22, 26, everything),
        (22, 31, everything),
        (22, 25, everything),
        (22, 29, everything),
    }
    after = GAME.play(position(fen), BrazilianMove((22, 15, 6, 13, 22), everything))
    assert pieces(after) == "B:WK22:B"


def test_promotion_when_a_move_ends_on_the_far_row() -> None:
    assert legal("W:W6:B21") == {(6, 1, ()), (6, 2, ())}
    crowned = GAME.play(position("W:W6:B21"), BrazilianMove((6, 1)))
    assert pieces(crowned) == "B:WK1:B21"
    taken = GAME.play(position("W:W10:B6"), BrazilianMove((10, 1), (6,)))
    assert pieces(taken) == "B:WK1:B"
    black = GAME.play(position("B:W5:B27"), BrazilianMove((27, 32)))
    assert pieces(black) == "W:W5:BK32"


def test_a_man_that_stops_short_of_the_far_row_stays_a_man() -> None:
    after = GAME.play(position("W:W10:B21"), BrazilianMove((10, 6)))
    assert pieces(after) == "B:W6:B21"


@pytest.mark.parametrize(
    ("fen", "outcome"),
    [
        ("W:W:B1", Outcome(Side.BLACK, "White has no legal move")),
        ("W:W21:B14,17", Outcome(Side.BLACK, "White has no legal move")),
        ("B:W17,22:B13", Outcome(Side.WHITE, "Black has no legal move")),
        ("B:WK1:B", Outcome(Side.WHITE, "Black has no legal move")),
    ],
)
def test_side_with_no_legal_move_loses(fen: str, outcome: Outcome) -> None:
    assert GAME.legal_moves(position(fen)) == []
    assert GAME.outcome(position(fen)) == outcome


def test_a_side_that_can_move_has_no_outcome_yet() -> None:
    assert GAME.outcome(GAME.start({})) is None
    assert GAME.outcome(position("W:W21:B17")) is None  # 21x14 is a capture


def test_result_tokens_follow_the_outcome() -> None:
    assert GAME.result_for(Outcome(Side.WHITE, "Black has no legal move")) == ("2-0", "1-0")
    assert GAME.result_for(Outcome(Side.BLACK, "White has no legal move")) == ("0-2", "0-1")
    assert GAME.result_for(Outcome(None, "threefold repetition")) == ("1-1", "1/2-1/2")


def test_repeated_positions_are_equal_only_with_the_same_side_to_move() -> None:
    white = position("W:WK29:BK4")
    black = position("B:WK29:BK4")
    assert GAME.threefold_repetition
    assert white == position("W:WK29:BK4") and hash(white) == hash(position("W:WK29:BK4"))
    assert white != black


def test_moves_with_same_start_end_and_captures_are_equal() -> None:
    one = BrazilianMove((22, 15, 6, 13, 22), (9, 10, 17, 18))
    other = BrazilianMove((22, 13, 6, 15, 22), (9, 10, 17, 18))
    assert one == other
    assert (one != other) is False
    assert hash(one) == hash(other)
    assert one != BrazilianMove((22, 15, 6, 13, 26), (9, 10, 17, 18))
