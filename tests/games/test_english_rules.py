"""English draughts rules on hand-worked positions: exact legal moves, exact refusals.

Squares are numbered 1..32 from Black's side (1 = b8, 5 = a7, 29 = a1, 32 = g1); Black's
men move toward 32, White's toward 1. Each position below was worked out on a board by
hand; the comment over it says what it shows.
"""

from __future__ import annotations

import pytest

from notation.games.base import IllegalMove, SetupError, Side
from notation.games.english import English, EnglishMove, EnglishPosition

GAME = English()


def position(fen: str) -> EnglishPosition:
    return GAME.start({"FEN": fen})


def written(fen: str) -> list[str]:
    at = position(fen)
    return GAME.describe_moves(at, GAME.legal_moves(at))


def refusal(fen: str, text: str) -> tuple[str, str]:
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(position(fen), text)
    return raised.value.code, str(raised.value)


def test_the_start_has_black_to_move_with_seven_steps() -> None:
    start = GAME.start({})
    assert start.turn is Side.BLACK
    assert start == GAME.start({"FEN": "B:W21-32:B1-12"})
    assert GAME.setup_tags(start) == {
        "FEN": "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    }
    assert GAME.describe_moves(start, GAME.legal_moves(start)) == [
        "9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16",
    ]  # fmt: skip


def test_free_choice_among_captures_no_majority_rule() -> None:
    # Black's man on 6 takes one piece by 6x13 (over 9) or two by 6x15x24 (over 10, 19).
    fen = "B:W9,10,19:B6"
    assert written(fen) == ["6x13", "6x24"]
    taken = GAME.parse_move(position(fen), "6x13")
    assert taken == EnglishMove((6, 13), (9,))
    assert GAME.parse_move(position(fen), "6x15x24") == EnglishMove((6, 15, 24), (10, 19))


def test_a_capture_is_compulsory() -> None:
    assert refusal("B:W9,10,19:B6", "6-9") == (
        "EN204",
        "captures are available: 6x13, 6x24; 6-9 is not a capture",
    )


def test_a_man_crowned_by_a_capture_stops_there() -> None:
    # White's man on 11 jumps 7 onto 2, the far row: crowned, it may not go on over 6 to 9.
    fen = "W:W11:B6,7"
    assert written(fen) == ["11x2"]
    after = GAME.play(position(fen), GAME.parse_move(position(fen), "11x2"))
    assert GAME.setup_tags(after) == {"FEN": "B:WK2:B6"}
    assert refusal(fen, "11x2x9") == ("EN203", "a man on 11 cannot capture to 9")


def test_a_king_captures_by_short_jumps_in_all_four_directions() -> None:
    # The king on 18 jumps 15 (forward) or 23 (backward); 9, two squares away with 14
    # empty between, is out of its reach (a flying king would take it).
    fen = "W:WK18:B9,15,23"
    assert written(fen) == ["18x11", "18x27"]
    assert refusal(fen, "18x5") == ("EN203", "a king on 18 cannot capture to 5")


def test_a_king_steps_one_square_in_every_direction() -> None:
    assert written("W:WK18:B1") == ["18-14", "18-15", "18-22", "18-23"]


def test_a_man_moves_and_captures_forward_only() -> None:
    assert written("W:W18:B1") == ["18-14", "18-15"]
    assert refusal("W:W18:B1", "18-22") == (
        "EN206",
        "a man moves forward only; 18-22 goes backward",
    )
    # White's man on 18 could jump 23 backward onto 27 were it a king.
    assert refusal("W:W18:B1,23", "18x27") == (
        "EN206",
        "a man captures forward only; 18x27 jumps backward",
    )


def test_a_short_capture_must_name_one_capture_and_the_capture_must_be_finished() -> None:
    # White's man on 18 reaches 2 over 14 and 6, or over 15 and 7: two captures.
    fen = "W:W18:B6,7,14,15"
    assert written(fen) == ["18x9x2", "18x11x2"]
    assert refusal(fen, "18x2") == (
        "EN207",
        "18x2 names 2 captures: 18x9x2, 18x11x2; write the path",
    )
    assert refusal(fen, "18x9") == (
        "EN205",
        "18x9 is not the end of the capture: it must go on to 2",
    )
    assert refusal(fen, "18-9") == (
        "EN204",
        "captures are available: 18x9x2, 18x11x2; 18-9 is not a capture",
    )


def test_other_refusals() -> None:
    assert refusal("W:W18:B1", "17-13") == ("EN202", "square 17 is empty")
    assert refusal("W:W18:B1", "1-5") == ("EN202", "square 1 holds a Black man; White is to move")
    assert refusal("W:W18:B1", "18x11") == ("EN203", "no capture is available; 18x11 is not legal")
    assert refusal("W:W18:B1", "18-11") == (
        "EN203",
        "a man on 18 cannot move to 11: a piece steps to a diagonal neighbour",
    )
    assert refusal("W:W18:B1", "33-29") == (
        "EN201",
        "'33-29' is not an English draughts move: there is no square 33",
    )
    assert refusal("W:W18:B1", "18-14-10") == (
        "EN201",
        "'18-14-10' is not an English draughts move",
    )
    assert refusal("W:W18:B1", "c3-d4")[0] == "EN201"


def test_no_legal_move_loses_and_ends_the_game() -> None:
    # White's man on 5 (a7) has one forward square, 1, held by Black, and no square
    # beyond it to jump to.
    blocked = position("W:W5:B1")
    assert GAME.legal_moves(blocked) == []
    outcome = GAME.outcome(blocked)
    assert outcome is not None and outcome.winner is Side.BLACK
    assert outcome.reason == "White has no legal move"
    assert GAME.result_for(outcome) == ("0-1", "0-2")
    assert refusal("W:W5:B1", "5-1") == ("EN208", "White has no legal move: the game ended")


def test_fen_and_gametype_are_checked() -> None:
    assert GAME.start({"GameType": "21"}) == GAME.start({})
    assert GAME.start({"GameType": "21,B,8,8,N1,0"}) == GAME.start({})
    with pytest.raises(SetupError) as raised:
        GAME.start({"GameType": "21,W,8,8,N1,0"})
    assert raised.value.tag == "GameType"
    assert str(raised.value) == (
        "GameType '21,W,8,8,N1,0' is not an English draughts board this toolkit reads; use 21 "
        "(or its full form 21,B,8,8,N1,0: Black first, 8x8, numbered squares)"
    )
    for fen, problem in [
        (
            "W:W1:B5",
            "a White man cannot stand on 1, the row where it is crowned; write K1 for a king",
        ),
        ("W:W18:B18", "square 18 is given twice"),
        ("W:W12-9:B1", "the range 12-9 runs backward"),
        ("W:Wc3:B1", "'c3' is not a square"),
    ]:
        with pytest.raises(SetupError) as raised:
            GAME.start({"FEN": fen})
        assert str(raised.value) == f"FEN {fen!r}: {problem}"


def test_render_text_marks_the_last_move() -> None:
    fen = "W:W11:B6,7"
    move = GAME.parse_move(position(fen), "11x2")
    after = GAME.play(position(fen), move)
    assert GAME.render_text(after, move) == "\n".join(
        [
            "       1 .       2[W]      3 .       4 .",
            "  5 .       6 b       7 .       8 .",
            "       9 .      10 .      11[.]     12 .",
            " 13 .      14 .      15 .      16 .",
            "      17 .      18 .      19 .      20 .",
            " 21 .      22 .      23 .      24 .",
            "      25 .      26 .      27 .      28 .",
            " 29 .      30 .      31 .      32 .",
            "Black to move",
        ]
    )
