"""Brazilian draughts notation: move texts, error codes and messages, FEN and GameType tags."""

from __future__ import annotations

import pytest

from notation.diagnostics import CODES, Severity
from notation.games.base import IllegalMove, SetupError
from notation.games.brazilian import Brazilian, BrazilianMove, BrazilianPosition

GAME = Brazilian()
START = GAME.start({})
CAPTURE_22X13 = "W:W22:B17"
MAJORITY = "W:W22,28:B10,11,18,24"
AMBIGUOUS_KING = "W:WK2:B6,14,15,17"
BLOCKED = "W:W21:B14,17"


def position(fen: str | None) -> BrazilianPosition:
    return START if fen is None else GAME.start({"FEN": fen})


def error(fen: str | None, text: str) -> tuple[str, str]:
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(position(fen), text)
    return caught.value.code, str(caught.value)


# Squares -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "name"),
    [
        (1, "b8"),
        (2, "d8"),
        (4, "h8"),
        (5, "a7"),
        (8, "g7"),
        (9, "b6"),
        (22, "c3"),
        (29, "a1"),
        (32, "g1"),
    ],
)
def test_numeric_and_alphanumeric_squares_match(number: int, name: str) -> None:
    fen = f"W:WK{number}:B"
    assert GAME.setup_tags(position(fen), "alphanumeric") == {"FEN": f"W:WK{name}:B"}
    assert GAME.setup_tags(position(f"W:WK{name}:B")) == {"FEN": fen}


# Reading moves ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["22-18", "c3-d4", "C3-D4", "c3d4", " 22-18 "])
def test_quiet_move_in_every_form(text: str) -> None:
    assert GAME.parse_move(START, text) == BrazilianMove((22, 18))


@pytest.mark.parametrize("text", ["22x13", "22X13", "22:13", "c3xa5", "c3:a5", "c3a5", "C3XA5"])
def test_capture_in_every_form(text: str) -> None:
    move = GAME.parse_move(position(CAPTURE_22X13), text)
    assert move == BrazilianMove((22, 13), (17,))
    assert move.captured == (17,)


def test_short_and_full_capture_name_the_same_move() -> None:
    pos = position(MAJORITY)
    assert GAME.parse_move(pos, "22x6") == BrazilianMove((22, 15, 6), (10, 18))
    assert GAME.parse_move(pos, "22x15x6").path == (22, 15, 6)
    assert GAME.parse_move(pos, "c3xe5xc7").path == (22, 15, 6)


def test_full_path_chooses_between_captures_with_the_same_ends() -> None:
    pos = position(AMBIGUOUS_KING)
    assert GAME.parse_move(pos, "2x9x18x11").captured == (6, 14, 15)
    assert GAME.parse_move(pos, "2x13x22x11").captured == (6, 15, 17)


def test_notation_of() -> None:
    assert GAME.notation_of("22-18") == "numeric"
    assert GAME.notation_of("c3:e5") == "alphanumeric"
    assert GAME.notation_of("*") is None


# Errors ------------------------------------------------------------------------------------


def test_every_code_is_registered_as_an_error() -> None:
    codes = [f"BR20{n}" for n in range(1, 9)]
    assert all(CODES[code].severity is Severity.ERROR for code in codes)


@pytest.mark.parametrize(
    ("fen", "text", "message"),
    [
        (None, "22-18-", "'22-18-' is not a Brazilian draughts move"),
        (None, "22x18-15", "'22x18-15' is not a Brazilian draughts move"),
        (None, "26x17:10", "'26x17:10' is not a Brazilian draughts move"),
        (None, "22-18-15", "'22-18-15' is not a Brazilian draughts move"),
        (None, "22", "'22' is not a Brazilian draughts move"),
        (None, "33-28", "'33-28' is not a Brazilian draughts move: there is no square 33"),
        (None, "c3-d5", "'c3-d5' is not a Brazilian draughts move: d5 is a light square"),
        (None, "i3-d4", "'i3-d4' is not a Brazilian draughts move"),
    ],
)
def test_br201_malformed(fen: str | None, text: str, message: str) -> None:
    assert error(fen, text) == ("BR201", message)


@pytest.mark.parametrize(
    ("fen", "text", "message"),
    [
        (None, "15-19", "square 15 is empty"),
        (None, "9-13", "square 9 holds a Black man; White is to move"),
        ("B:WK29:B5", "29-25", "square 29 holds a White king; Black is to move"),
        (AMBIGUOUS_KING, "b8xf6", "square b8 is empty"),
    ],
)
def test_br202_no_piece_of_the_side_to_move(fen: str | None, text: str, message: str) -> None:
    assert error(fen, text) == ("BR202", message)


@pytest.mark.parametrize(
    ("fen", "text", "message"),
    [
        (None, "22-14", "a man on 22 cannot move to 14"),
        (None, "25-22", "a man on 25 cannot move to 22: square 22 is occupied"),
        (None, "22x18", "22x18 captures nothing: write 22-18"),
        (None, "c3xd4", "c3xd4 captures nothing: write c3-d4"),
        (None, "22x15", "no capture is available; 22x15 is not legal"),
        ("W:WK22,26:B5", "22-31", "a king on 22 cannot move to 31"),
        ("W:WK29,22:B5", "29-15", "a king on 29 cannot move to 15"),
        (CAPTURE_22X13, "22-13", "22-13 is a capture: write 22x13"),
        (CAPTURE_22X13, "22x15", "a man on 22 cannot capture to 15"),
        (MAJORITY, "22x11", "a man on 22 cannot capture to 11"),
        (AMBIGUOUS_KING, "2x9x22x11", "2x9x22x11 is not the path of a legal capture"),
    ],
)
def test_br203_illegal(fen: str | None, text: str, message: str) -> None:
    assert error(fen, text) == ("BR203", message)


@pytest.mark.parametrize(
    ("fen", "text", "message"),
    [
        (CAPTURE_22X13, "22-18", "a capture is available: 22x13; 22-18 is not a capture"),
        (CAPTURE_22X13, "c3-d4", "a capture is available: c3xa5; c3-d4 is not a capture"),
        (CAPTURE_22X13, "c3d4", "a capture is available: c3xa5; c3d4 is not a capture"),
        (MAJORITY, "28-23", "captures are available: 22x6, 22x8; 28-23 is not a capture"),
    ],
)
def test_br204_capture_compulsory(fen: str, text: str, message: str) -> None:
    assert error(fen, text) == ("BR204", message)


@pytest.mark.parametrize(
    ("fen", "text", "message"),
    [
        (MAJORITY, "28x19", "a capture of 2 pieces is available; 28x19 takes 1"),
        (MAJORITY, "22x15", "a capture of 2 pieces is available; 22x15 takes 1"),
        (AMBIGUOUS_KING, "2x9", "a capture of 3 pieces is available; 2x9 takes 1"),
        (AMBIGUOUS_KING, "2x9x18", "a capture of 3 pieces is available; 2x9x18 takes 2"),
        ("W:WK22:B9,10,17,18", "22x15x6", "a capture of 4 pieces is available; 22x15x6 takes 2"),
    ],
)
def test_br205_majority(fen: str, text: str, message: str) -> None:
    assert error(fen, text) == ("BR205", message)


def test_a_man_jumps_once_beside_its_king_that_cannot_capture() -> None:
    # The king on 29 is shut in by its own man on 22: 22x15 is the only capture.
    move, after = GAME.advance(position("W:W22,K29:B18,K1"), "22x15")
    assert move == BrazilianMove((22, 15), (18,)) and move.path == (22, 15)
    assert GAME.setup_tags(after)["FEN"] == "B:W15,K29:BK1"


def test_a_man_jumping_once_yields_to_its_king_taking_two() -> None:
    # No man can jump twice, but the king on 32 takes 27 and 18.
    assert error("W:W22,K32:B18,27,20", "22x15") == (
        "BR205",
        "a capture of 2 pieces is available; 22x15 takes 1",
    )


def test_a_man_jumps_once_beside_its_king_taking_one() -> None:
    pos = position("W:W22,K31:B18,27,20,12")
    assert [GAME.format_move(pos, m) for m in GAME.legal_moves(pos)] == ["22x15", "31x24"]
    move, after = GAME.advance(pos, "22x15")
    assert move == BrazilianMove((22, 15), (18,))
    assert GAME.setup_tags(after)["FEN"] == "B:W15,K31:B12,20,27"


def test_a_man_jumping_once_over_a_king_onto_the_far_row_is_crowned() -> None:
    move, after = GAME.advance(position("W:W10:BK6,20"), "10x1")
    assert move == BrazilianMove((10, 1), (6,))
    assert GAME.setup_tags(after)["FEN"] == "B:WK1:B20"


@pytest.mark.parametrize("text", ["18-22", "18-23", "d4-c3"])
def test_br206_man_moving_backward(text: str) -> None:
    assert error("W:W18:B1", text) == ("BR206", f"a man moves forward only; {text} goes backward")


def test_br206_black_man_moving_backward() -> None:
    assert error("B:W32:B18", "18-14") == ("BR206", "a man moves forward only; 18-14 goes backward")


def test_br207_ambiguous_short_capture() -> None:
    assert error(AMBIGUOUS_KING, "2x11") == (
        "BR207",
        "2x11 names 2 captures: 2x9x18x11, 2x13x22x11; write the path",
    )
    assert error(AMBIGUOUS_KING, "d8xf6") == (
        "BR207",
        "d8xf6 names 2 captures: d8xb6xd4xf6, d8xa5xc3xf6; write the path",
    )


@pytest.mark.parametrize("text", ["21-17", "21x14", "5-9"])
def test_br208_game_over(text: str) -> None:
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(position(BLOCKED), text)
    assert caught.value.code == "BR208"
    assert str(caught.value) == "White has no legal move: the game ended"
    assert caught.value.show_legal is False


# Writing moves ------------------------------------------------------------------------------


def test_quiet_moves_are_written_start_and_end() -> None:
    move = BrazilianMove((22, 18))
    assert GAME.format_move(START, move) == "22-18"
    assert GAME.format_move(START, move, "alphanumeric") == "c3-d4"


def test_unambiguous_capture_is_written_short() -> None:
    pos = position(MAJORITY)
    move = GAME.parse_move(pos, "22x15x8")
    assert GAME.format_move(pos, move) == "22x8"
    assert GAME.format_move(pos, move, "alphanumeric") == "c3xg7"


def test_ambiguous_capture_is_written_in_full() -> None:
    pos = position(AMBIGUOUS_KING)
    assert [GAME.format_move(pos, m) for m in GAME.legal_moves(pos)] == [
        "2x9x18x4",
        "2x9x18x8",
        "2x9x18x11",
        "2x13x22x4",
        "2x13x22x8",
        "2x13x22x11",
    ]
    move = GAME.parse_move(pos, "2x13x22x11")
    assert GAME.format_move(pos, move, "alphanumeric") == "d8xa5xc3xf6"
    assert GAME.describe_moves(pos, [move]) == ["2x13x22x11"]


def test_circular_capture_is_written_short() -> None:
    pos = position("W:WK22:B9,10,17,18")
    move = GAME.parse_move(pos, "22x13x6x15x22")
    assert GAME.format_move(pos, move) == "22x22"
    assert GAME.parse_move(pos, "22x22") == move


# FEN --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "numeric"),
    [
        ("W:W21-32:B1-12", "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"),
        ("W:WK21,22:BK3", "W:WK21,22:BK3"),
        ("W:WK1-4:B5", "W:WK1,K2,K3,K4:B5"),
        ("B:Wc3,Kd4:Bb8,Kh2.", "B:WK18,22:B1,K28"),
        ("W:W:BK2,12", "W:W:BK2,12"),
        ("B:W21,22:B", "B:W21,22:B"),
        ("w:wk21:b1", "W:WK21:B1"),
        (" W : W21 , 22 : B1 ", "W:W21,22:B1"),
        ("B:B1-4:W21", "B:W21:B1,2,3,4"),
    ],
)
def test_fen_is_read_in_every_form(fen: str, numeric: str) -> None:
    assert GAME.setup_tags(GAME.start({"FEN": fen})) == {"FEN": numeric}


def test_fen_ranges_give_the_start_position() -> None:
    assert GAME.start({"FEN": "W:W21-32:B1-12"}) == START
    assert GAME.start({"FEN": "W:W21-32:B1-12."}) == START


def test_setup_tags_in_alphanumeric() -> None:
    pos = GAME.start({"FEN": "B:WK18,22:B1,K28"})
    assert GAME.setup_tags(pos, "alphanumeric") == {"FEN": "B:WKd4,c3:Bb8,Kh2"}


@pytest.mark.parametrize(
    ("fen", "reason"),
    [
        ("?:W29,13,11:B22,4,2", "it must start with the side to move, W or B"),
        ("W:W33:B1", "there is no square 33"),
        ("W:W0:B1", "there is no square 0"),
        ("W:Wi9:B1", "there is no square i9"),
        ("W:Wa8:B1", "a8 is a light square"),
        ("W:Wx:B1", "'x' is not a square"),
        ("W:WK:B1", "'k' is not a square"),
        ("W:W21,:B1", "a piece list has an empty entry"),
        ("W:W21,21:B1", "square 21 is given twice"),
        ("W:W21:B21", "square 21 is given twice"),
        ("W:W32-21:B1", "the range 32-21 runs backward"),
        ("W:W21:W22", "the W field is given twice"),
        (
            "W:X21:B1",
            "unknown field 'X21'; a Brazilian draughts FEN has the fields W (White's pieces) "
            "and B (Black's pieces)",
        ),
        (
            "W:W2:B21",
            "a White man cannot stand on 2, the row where it is crowned; write K2 for a king",
        ),
        (
            "W:W21:B30",
            "a Black man cannot stand on 30, the row where it is crowned; write K30 for a king",
        ),
        ("W:W21", "the B field (Black's pieces) is missing"),
        ("W", "the W and B fields are missing"),
        (
            "W:W21:B1:H0",
            "unknown field 'H0'; a Brazilian draughts FEN has the fields W (White's pieces) "
            "and B (Black's pieces)",
        ),
    ],
)
def test_invalid_fen(fen: str, reason: str) -> None:
    with pytest.raises(SetupError) as caught:
        GAME.start({"FEN": fen})
    assert str(caught.value) == f"FEN {fen!r}: {reason}"


# GameType ---------------------------------------------------------------------------------


def test_gametype_for_each_notation() -> None:
    assert GAME.notation_tags({}, "numeric") == {"GameType": "26,W,8,8,N2,0"}
    assert GAME.notation_tags({}, "alphanumeric") == {"GameType": "26,W,8,8,A0,0"}


def test_notation_tags_rewrite_the_fen() -> None:
    tags = {"GameType": "26", "FEN": "B:Wc3,Kd4:Bb8,Kh2"}
    assert GAME.notation_tags(tags, "numeric") == {
        "GameType": "26,W,8,8,N2,0",
        "FEN": "B:WK18,22:B1,K28",
    }
    assert GAME.notation_tags(tags, "alphanumeric") == {
        "GameType": "26,W,8,8,A0,0",
        "FEN": "B:WKd4,c3:Bb8,Kh2",
    }


@pytest.mark.parametrize("gametype", ["26", "26,W,8,8,N2,0", "26,W,8,8,A0,0", "26, W, 8, 8, a0, 0"])
def test_gametype_forms_accepted(gametype: str) -> None:
    assert GAME.start({"GameType": gametype}) == START


@pytest.mark.parametrize("gametype", ["26,W,8,8,N1,0", "26,W,10,10,N2,0", "26,B,8,8,A0,0", "26,W"])
def test_gametype_with_another_board_is_refused(gametype: str) -> None:
    with pytest.raises(SetupError) as caught:
        GAME.start({"GameType": gametype})
    assert str(caught.value) == (
        f"GameType {gametype!r} is not a Brazilian draughts board this toolkit reads; "
        "use 26,W,8,8,N2,0 (numeric) or 26,W,8,8,A0,0 (alphanumeric)"
    )


# Picture ----------------------------------------------------------------------------------


def test_render_text_marks_the_last_move() -> None:
    pos = GAME.start({"FEN": "B:W18,K26:B17,K5"})
    assert GAME.render_text(pos, BrazilianMove((22, 18))) == "\n".join(
        [
            "       1 .       2 .       3 .       4 .",
            "  5 B       6 .       7 .       8 .",
            "       9 .      10 .      11 .      12 .",
            " 13 .      14 .      15 .      16 .",
            "      17 b      18[w]     19 .      20 .",
            " 21 .      22[.]     23 .      24 .",
            "      25 .      26 W      27 .      28 .",
            " 29 .      30 .      31 .      32 .",
            "Black to move",
        ]
    )
    assert GAME.render_text(pos, BrazilianMove((22, 18)), "alphanumeric") == "\n".join(
        [
            "    a  b  c  d  e  f  g  h",
            " 8     .     .     .     .  8",
            " 7  B     .     .     .     7",
            " 6     .     .     .     .  6",
            " 5  .     .     .     .     5",
            " 4     b    [w]    .     .  4",
            " 3  .    [.]    .     .     3",
            " 2     .     W     .     .  2",
            " 1  .     .     .     .     1",
            "    a  b  c  d  e  f  g  h",
            "Black to move",
        ]
    )
