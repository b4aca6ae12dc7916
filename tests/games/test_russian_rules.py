"""Russian draughts rules and notation on hand-worked positions, each with its exact set
of legal moves or its exact error.

Squares are numbered 1..32 from Black's side as in Brazilian draughts (1 = b8, 29 = a1;
FENs here use the numbers). A move is compared as (start, end, captured squares) and,
where the route matters, by its full path.
"""

from __future__ import annotations

import pytest

from notation.diagnostics import CODES
from notation.games.base import IllegalMove, Outcome, Side
from notation.games.russian import Russian, RussianMove, RussianPosition

GAME = Russian()


def position(fen: str | None = None) -> RussianPosition:
    return GAME.start({} if fen is None else {"FEN": fen})


def legal(fen: str) -> set[tuple[int, int, tuple[int, ...]]]:
    """The legal moves of a FEN position as (start, end, captured squares)."""
    return {(m.path[0], m.path[-1], m.captured) for m in GAME.legal_moves(position(fen))}


def paths(fen: str) -> set[tuple[int, ...]]:
    """The full paths of the legal moves of a FEN position."""
    return {m.path for m in GAME.legal_moves(position(fen))}


def pieces(pos: RussianPosition) -> str:
    """The position's pieces as its FEN, in numbers."""
    return GAME.setup_tags(pos, "numeric")["FEN"]


def error(fen: str | None, text: str) -> tuple[str, str]:
    """The code and message of the error reading ``text``."""
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(position(fen), text)
    return raised.value.code, str(raised.value)


# Rules ---------------------------------------------------------------------------------


def test_start_position_white_moves_first() -> None:
    start = position()
    assert start.turn is Side.WHITE
    assert pieces(start) == "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    assert GAME.setup_tags(start)["FEN"] == (
        "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6"
    )
    assert {GAME.format_move(start, m) for m in GAME.legal_moves(start)} == {
        "a3-b4",
        "c3-b4",
        "c3-d4",
        "e3-d4",
        "e3-f4",
        "g3-f4",
        "g3-h4",
    }


def test_free_choice_among_captures_no_majority_rule() -> None:
    # 22 takes 18 and must go on over 11 (to 8) or 10 (to 6); 28x19 takes only 24 and
    # is legal all the same.
    fen = "W:W22,28:B10,11,18,24"
    assert legal(fen) == {(22, 8, (11, 18)), (22, 6, (10, 18)), (28, 19, (24,))}


def test_a_capture_once_begun_is_completed() -> None:
    # 22x15 alone (taking 18) is not a move: from 15 the man must take 10 or 11.
    assert (22, 15, (18,)) not in legal("W:W22,28:B10,11,18,24")


def test_a_man_crowned_during_a_capture_goes_on_as_a_king() -> None:
    # 9 takes 6 and lands on 2, the far row: a king now, it takes 7 flying and must land
    # on 11 (f6), the one landing from which it takes 22 (c3), then lands on 25 or 29.
    fen = "W:W9:B6,7,22"
    assert paths(fen) == {(9, 2, 11, 25), (9, 2, 11, 29)}
    assert legal(fen) == {(9, 25, (6, 7, 22)), (9, 29, (6, 7, 22))}
    moves = GAME.legal_moves(position(fen))
    assert all(move.crowned for move in moves)
    assert pieces(GAME.play(position(fen), moves[0])) == "B:WK25:B"


def test_a_black_man_is_crowned_during_a_capture_too() -> None:
    # 24 takes 27 and lands on 31, Black's far row; as a king it takes 26 flying and may
    # land on 22, 17 or 13 (a man would have had to stop on 22).
    fen = "B:W26,27:B24"
    assert paths(fen) == {(24, 31, 22), (24, 31, 17), (24, 31, 13)}
    assert legal(fen) == {(24, 22, (26, 27)), (24, 17, (26, 27)), (24, 13, (26, 27))}
    after = GAME.play(position(fen), RussianMove((24, 31, 13), (26, 27), True))
    assert pieces(after) == "W:W:BK13"


def test_a_man_crowned_at_the_end_of_a_capture() -> None:
    after = GAME.play(position("W:W10:B6"), GAME.parse_move(position("W:W10:B6"), "d6:b8"))
    assert pieces(after) == "B:WK1:B"


def test_flying_king_lands_on_any_empty_square_behind_the_last_piece() -> None:
    assert legal("W:WK29:B18") == {
        (29, 15, (18,)),
        (29, 11, (18,)),
        (29, 8, (18,)),
        (29, 4, (18,)),
    }


def test_a_king_lands_where_its_capture_goes_on() -> None:
    # Behind 18 only 11 (f6) lets the king take 7 (e7) as well: it may not stop on 15,
    # 8 or 4, though no majority rule holds.
    assert paths("W:WK29:B7,18") == {(29, 11, 2)}


def test_turkish_strike_and_free_choice_between_king_routes() -> None:
    # 31 takes 22 and lands on 13 or 17; both go on. Via 13: x9 (landing on 6, the one
    # from which 10 is taken), x10 to 15/19/24/28; from 15 the way to 25 is blocked by 22,
    # jumped and still on the board. Via 17: x10 to 7 or 3, two pieces only: legal too.
    fen = "W:WK31:B9,10,22,25"
    assert paths(fen) == {
        (31, 13, 6, 15),
        (31, 13, 6, 19),
        (31, 13, 6, 24),
        (31, 13, 6, 28),
        (31, 17, 7),
        (31, 17, 3),
    }
    assert {m.captured for m in GAME.legal_moves(position(fen))} == {(9, 10, 22), (10, 22)}


@pytest.mark.parametrize(
    ("fen", "outcome"),
    [
        ("W:W:B1", Outcome(Side.BLACK, "White has no legal move")),
        ("W:W21:B14,17", Outcome(Side.BLACK, "White has no legal move")),
        ("B:WK1:B", Outcome(Side.WHITE, "Black has no legal move")),
    ],
)
def test_side_with_no_legal_move_loses(fen: str, outcome: Outcome) -> None:
    assert GAME.legal_moves(position(fen)) == []
    assert GAME.outcome(position(fen)) == outcome


def test_result_tokens_follow_the_outcome() -> None:
    assert GAME.result_for(Outcome(Side.WHITE, "Black has no legal move")) == ("2-0", "1-0")
    assert GAME.result_for(Outcome(Side.BLACK, "White has no legal move")) == ("0-2", "0-1")
    assert GAME.result_for(Outcome(None, "threefold repetition")) == ("1-1", "1/2-1/2")


def test_repeated_positions_are_equal_only_with_the_same_side_to_move() -> None:
    assert GAME.threefold_repetition
    assert position("W:WK29:BK4") == position("W:WK29:BK4")
    assert position("W:WK29:BK4") != position("B:WK29:BK4")


def test_moves_equal_by_start_end_captures_and_crowning() -> None:
    one = RussianMove((22, 15, 6, 13, 22), (9, 10, 17, 18))
    assert one == RussianMove((22, 13, 6, 15, 22), (9, 10, 17, 18))
    assert hash(one) == hash(RussianMove((22, 13, 6, 15, 22), (9, 10, 17, 18)))
    assert one != RussianMove((22, 13, 6, 15, 22), (9, 10, 17, 18), True)


# Notation ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["c3-d4", "C3-D4", "c3d4", "22-18", "cd4", " cd4 ", "CD4"])
def test_quiet_move_in_every_form(text: str) -> None:
    assert GAME.parse_move(position(), text) == RussianMove((22, 18))


@pytest.mark.parametrize("text", ["c3:a5", "c3xa5", "C3:A5", "c3a5", "22x13", "22:13", "ca5"])
def test_capture_in_every_form(text: str) -> None:
    assert GAME.parse_move(position("W:W22:B17"), text) == RussianMove((22, 13), (17,))


def test_short_notation_names_the_file_left() -> None:
    assert GAME.parse_move(position(), "ed4") == RussianMove((23, 18))
    assert GAME.parse_move(position(), "gh4") == RussianMove((24, 20))


def test_captures_are_written_with_colons_and_in_full_where_ambiguous() -> None:
    start = position("W:W20:B8,15,16,23,24")
    written = {GAME.format_move(start, m) for m in GAME.legal_moves(start)}
    assert written == {"h4:f6:h8", "h4:f2:d4:f6:h8", "h4:h4"}
    numeric = {GAME.format_move(start, m, "numeric") for m in GAME.legal_moves(start)}
    assert numeric == {"20x11x4", "20x27x18x11x4", "20x20"}


def test_a_capture_of_one_jump_is_named_by_its_two_squares_where_a_longer_one_shares_them() -> None:
    # Found in a generated archive: d6:b8 is the whole path of the capture of c7 and the
    # start and end of d6:f8:h6:f4:b8, which must then list its landing squares; the
    # writer wrote d6:b8 for the first, which the reader refused as ambiguous (RU207).
    start = position("W:Wd6,a5,a3,d2,h2,a1,c1:Bd8,a7,c7,e7,g7,g5,f2")
    written = {GAME.format_move(start, m): m for m in GAME.legal_moves(start)}
    assert set(written) == {"d6:b8", "d6:f8:h6:f4:b8", "d6:g1"}
    assert GAME.parse_move(start, "d6:b8") == RussianMove((10, 1), (6,), crowned=True)
    assert GAME.parse_move(start, "10x1") == RussianMove((10, 1), (6,), crowned=True)
    assert {text: GAME.parse_move(start, text) for text in written} == written


def test_notation_of() -> None:
    assert [GAME.notation_of(t) for t in ("c3-d4", "cd4", "22-18", "-")] == [
        "alphanumeric",
        "alphanumeric",
        "numeric",
        None,
    ]


def test_every_code_is_registered_as_an_error() -> None:
    for number in range(201, 209):
        assert CODES[f"RU{number}"].severity == "error"


@pytest.mark.parametrize(
    ("fen", "text", "expected"),
    [
        (None, "33-29", ("RU201", "'33-29' is not a Russian draughts move: there is no square 33")),
        (None, "b3-c4", ("RU201", "'b3-c4' is not a Russian draughts move: b3 is a light square")),
        (None, "c3:d4xe5", ("RU201", "'c3:d4xe5' is not a Russian draughts move")),
        (None, "e5-d4", ("RU202", "square e5 is empty")),
        (None, "c7-d6", ("RU202", "square c7 holds a Black man; White is to move")),
        ("W:W22:B4", "ab4", ("RU202", "White has no piece on file a")),
        (None, "c3-e5", ("RU203", "a man on c3 cannot move to e5")),
        (None, "c3:e5", ("RU203", "no capture is available; c3:e5 is not legal")),
        (None, "b2-c3", ("RU203", "a man on b2 cannot move to c3: square c3 is occupied")),
        ("W:W22:B17", "c3-a5", ("RU203", "c3-a5 is a capture: write c3:a5")),
        (
            "W:W22:B17",
            "c3-d4",
            ("RU204", "a capture is available: c3:a5; c3-d4 is not a capture"),
        ),
        (
            "W:W22:B17",
            "cd4",
            ("RU204", "a capture is available: c3:a5; cd4 is not a capture"),
        ),
        (
            "W:W9:B6,7,22",
            "b6:d8",
            ("RU205", "b6:d8 is not the end of the capture: it must go on to f6"),
        ),
        (
            "W:W9:B6,7,22",
            "b6:d8:g5",
            (
                "RU205",
                "b6:d8:g5 lands where the king can capture no more; it must land on f6 and "
                "capture on",
            ),
        ),
        ("W:W18:B1", "d4-c3", ("RU206", "a man moves forward only; d4-c3 goes backward")),
        (
            "W:W20:B8,15,16,23,24",
            "h4:h8",
            ("RU207", "h4:h8 names 2 captures: h4:f6:h8, h4:f2:d4:f6:h8; write the path"),
        ),
        (
            "W:WK13,K29:B4",
            "ac3",
            ("RU207", "ac3 names 2 moves: a5-c3, a1-c3; write the start square"),
        ),
        ("W:W:B1", "c3-d4", ("RU208", "White has no legal move: the game ended")),
        ("W:W:B1", "cd4", ("RU208", "White has no legal move: the game ended")),
    ],
)
def test_each_code_with_its_reason(fen: str | None, text: str, expected: tuple[str, str]) -> None:
    assert error(fen, text) == expected


# Tags ----------------------------------------------------------------------------------


@pytest.mark.parametrize("gametype", ["25", "25,W,8,8,A0,0", "25,W,8,8,N2,0", " 25 "])
def test_gametype_in_every_form(gametype: str) -> None:
    assert GAME.start({"GameType": gametype}) == position()


def test_a_gametype_of_another_board_is_refused() -> None:
    with pytest.raises(ValueError, match="not a Russian draughts board"):
        GAME.start({"GameType": "25,W,10,10,A0,0"})


def test_fen_in_numbers_and_square_names_alike() -> None:
    assert position("W:Wc3,Ka1:Bb8") == position("W:W22,K29:B1")
    assert GAME.setup_tags(position("W:W22,K29:B1")) == {"FEN": "W:Wc3,Ka1:Bb8"}


def test_a_man_on_its_crowning_row_is_refused() -> None:
    with pytest.raises(ValueError, match="a White man cannot stand on d8"):
        position("W:W2:B20")


def test_notation_tags_name_the_notation() -> None:
    tags = GAME.notation_tags({"FEN": "W:W22:B1"}, "alphanumeric")
    assert tags == {"GameType": "25,W,8,8,A0,0", "FEN": "W:Wc3:Bb8"}
    assert GAME.notation_tags({}, "numeric") == {"GameType": "25,W,8,8,N2,0"}


def test_every_route_of_a_capture_is_read_as_it() -> None:
    # Round the four men either way: two routes, one move each time it ends on 22.
    start = position("W:WK22:B9,10,17,18")
    one = GAME.parse_move(start, "c3:e5:c7:a5:c3")
    other = GAME.parse_move(start, "c3:a5:c7:e5:c3")
    assert one == other == RussianMove((22, 15, 6, 13, 22), (9, 10, 17, 18))
    assert pieces(GAME.play(start, other)) == "B:WK22:B"
    assert GAME.parse_move(start, "c3:a5:c7:e5:c3").path == (22, 13, 6, 15, 22)
