"""International draughts rules in hand-worked positions: exact legal-move sets (start,
end, captured squares) for the majority rule, a piece never jumped twice (Turkish
strike), a man passing the far row during a capture, and flying kings; the notation,
FEN and GameType tags, and the messages of illegal moves."""

from __future__ import annotations

import pytest

from notation.games.base import IllegalMove, SetupError, Side
from notation.games.international import International, InternationalPosition

GAME = International()


def legal(fen: str) -> set[tuple[int, int, tuple[int, ...]]]:
    position = GAME.start({"FEN": fen})
    return {(m.path[0], m.path[-1], m.captured) for m in GAME.legal_moves(position)}


def refusal(fen: str, text: str) -> tuple[str, str]:
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(GAME.start({"FEN": fen}), text)
    return raised.value.code, str(raised.value)


def test_the_majority_rule_takes_two_pieces_over_one() -> None:
    # 32x21 takes 27; 32x23x12 takes 28 and 18.
    assert legal("W:W32:B18,27,28") == {(32, 12, (18, 28))}
    assert refusal("W:W32:B18,27,28", "32x21") == (
        "ID205",
        "a capture of 2 pieces is available; 32x21 takes 1",
    )
    assert refusal("W:W32:B18,27,28", "32x23") == (
        "ID205",
        "a capture of 2 pieces is available; 32x23 takes 1",
    )


def test_a_man_jumps_round_a_ring_back_to_its_start_and_never_jumps_a_piece_twice() -> None:
    # Back on 32 the man is next to 27 again with 21 empty beyond: 27 was jumped already
    # and stays on the board until the move ends, so the capture stops at four pieces.
    fen = "W:W32:B17,18,27,28,45"
    assert legal(fen) == {(32, 32, (17, 18, 27, 28))}
    position = GAME.start({"FEN": fen})
    (move,) = GAME.legal_moves(position)
    assert GAME.format_move(position, move) == "32x32"
    assert GAME.parse_move(position, "32x21x12x23x32") == move
    assert GAME.parse_move(position, "32x23x12x21x32") == move
    after = GAME.play(position, move)
    assert GAME.setup_tags(after) == {"FEN": "B:W32:B45"}


def test_a_man_passing_the_far_row_during_a_capture_stays_a_man() -> None:
    fen = "W:W13:B7,8,45"
    assert legal(fen) == {(13, 11, (7, 8))}
    position = GAME.start({"FEN": fen})
    move = GAME.parse_move(position, "13x11")
    assert move.path == (13, 2, 11)
    assert GAME.setup_tags(GAME.play(position, move)) == {"FEN": "B:W11:B45"}
    assert refusal(fen, "13x2") == ("ID205", "a capture of 2 pieces is available; 13x2 takes 1")


def test_a_man_ending_its_move_on_the_far_row_is_crowned() -> None:
    position = GAME.start({"FEN": "W:W7:B45"})
    after = GAME.play(position, GAME.parse_move(position, "7-1"))
    assert GAME.setup_tags(after) == {"FEN": "B:WK1:B45"}


def test_a_flying_king_lands_on_any_square_beyond_the_piece_it_takes() -> None:
    assert legal("W:WK46:B3,28") == {(46, end, (28,)) for end in (23, 19, 14, 10, 5)}


def test_a_flying_king_must_land_where_it_captures_again() -> None:
    # Only from 23 does the king find 18 to take; then it lands on 12, 7 or 1.
    assert legal("W:WK46:B3,18,28") == {(46, end, (18, 28)) for end in (12, 7, 1)}
    assert refusal("W:WK46:B3,18,28", "46x19") == (
        "ID205",
        "a capture of 2 pieces is available; 46x19 takes 1",
    )


def test_quiet_moves_of_men_and_a_king() -> None:
    assert legal("W:W31,K50:B20") == {
        (31, 26, ()),
        (31, 27, ()),
        (50, 44, ()),
        (50, 39, ()),
        (50, 33, ()),
        (50, 28, ()),
        (50, 22, ()),
        (50, 17, ()),
        (50, 11, ()),
        (50, 6, ()),
        (50, 45, ()),
    }
    assert refusal("W:W31,K50:B20", "31-36") == (
        "ID206",
        "a man moves forward only; 31-36 goes backward",
    )
    assert refusal("W:W31,K50:B20", "50-6x") == (
        "ID201",
        "'50-6x' is not an international draughts move",
    )


def test_the_start_position_and_its_fen() -> None:
    start = GAME.start({})
    assert start == GAME.start({"FEN": "W:W31-50:B1-20"})
    assert start.turn is Side.WHITE
    assert GAME.setup_tags(start)["FEN"] == (
        "W:W" + ",".join(map(str, range(31, 51))) + ":B" + ",".join(map(str, range(1, 21)))
    )
    assert [GAME.format_move(start, m) for m in GAME.legal_moves(start)] == [
        "31-26",
        "31-27",
        "32-27",
        "32-28",
        "33-28",
        "33-29",
        "34-29",
        "34-30",
        "35-30",
    ]


@pytest.mark.parametrize("gametype", ["20", "20,W,10,10,N1,0", "20,W,10,10,N2,0", " 20 "])
def test_gametype_tags_read(gametype: str) -> None:
    assert isinstance(GAME.start({"GameType": gametype}), InternationalPosition)


@pytest.mark.parametrize(
    ("tags", "message", "tag"),
    [
        (
            {"GameType": "20,W,8,8,N1,0"},
            "GameType '20,W,8,8,N1,0' is not an international draughts board this toolkit "
            "reads; use 20 or 20,W,10,10,N1,0",
            "GameType",
        ),
        ({"FEN": "W:W51:B1"}, "there is no square 51", "FEN"),
        ({"FEN": "W:W31,31:B1"}, "square 31 is given twice", "FEN"),
        ({"FEN": "W:W40-31:B1"}, "the range 40-31 runs backward", "FEN"),
        ({"FEN": "W:W3:B20"}, "a White man cannot stand on 3", "FEN"),
        ({"FEN": "W:W31:B46"}, "a Black man cannot stand on 46", "FEN"),
    ],
)
def test_bad_setups_are_refused_at_their_tag(tags: dict[str, str], message: str, tag: str) -> None:
    with pytest.raises(SetupError) as raised:
        GAME.start(tags)
    assert message in str(raised.value)
    assert raised.value.tag == tag


@pytest.mark.parametrize(
    ("text", "code", "reason"),
    [
        ("32-28-23", "ID201", "'32-28-23' is not an international draughts move"),
        ("51-46", "ID201", "'51-46' is not an international draughts move: there is no square 51"),
        ("32x28:23", "ID201", "'32x28:23' is not an international draughts move"),
        ("c3-d4", "ID201", "'c3-d4' is not an international draughts move"),
        ("26-21", "ID202", "square 26 is empty"),
        ("17-22", "ID202", "square 17 holds a Black man; White is to move"),
        ("32x28", "ID203", "32x28 captures nothing: write 32-28"),
        ("32x23", "ID203", "no capture is available; 32x23 is not legal"),
        ("32-23", "ID203", "a man on 32 cannot move to 23"),
        ("37-32", "ID203", "a man on 37 cannot move to 32: square 32 is occupied"),
    ],
)
def test_illegal_moves_from_the_start(text: str, code: str, reason: str) -> None:
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(GAME.start({}), text)
    assert (raised.value.code, str(raised.value)) == (code, reason)


def test_a_quiet_move_while_a_capture_is_compulsory() -> None:
    fen = "W:W32,35:B18,27,28"
    assert refusal(fen, "35-30") == (
        "ID204",
        "a capture is available: 32x12; 35-30 is not a capture",
    )
    assert refusal(fen, "32-12") == ("ID203", "32-12 is a capture: write 32x12")
    assert refusal(fen, "32x21x12") == ("ID203", "32x21x12 is not the path of a legal capture")
    assert refusal(fen, "32x17") == ("ID203", "a man on 32 cannot capture to 17")
