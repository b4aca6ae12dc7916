"""Messages about a record speak its own notation: legal moves, reasons and fields."""

from __future__ import annotations

import pytest

from notation.check.replay import record_notation
from notation.check.validator import validate_records
from notation.games.registry import get_game
from notation.record.reader import read_string

# (record, message, move, legal) of the one illegal move of each record.
CASES = [
    (
        '[GameType "26,W,8,8,A0,0"]\n\n1. c3-b5 *\n',
        "illegal move c3-b5 (game 1, ply 1): 'c3-b5' is not a Brazilian draughts move: b5 is "
        "a light square; legal: a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4, g3-h4",
        "c3-b5",
        ("a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"),
    ),
    (
        '[GameType "26"]\n\n1. c3-d4 f6-e5 2. d4-c5 *\n',
        "illegal move d4-c5 (game 1, ply 3): a capture is available: d4xf6; d4-c5 is not a "
        "capture; legal: d4xf6",
        "d4-c5",
        ("d4xf6",),
    ),
    (
        # A variation in squares inside a numeric record: the message follows the move.
        '[GameType "26"]\n\n1. 22-18 ( 1. c3-d4 f6-e5 2. d4-c5 ) *\n',
        "illegal move d4-c5 (game 1, ply 3, in a variation): a capture is available: d4xf6; "
        "d4-c5 is not a capture; legal: d4xf6",
        "d4-c5",
        ("d4xf6",),
    ),
    (
        '[Variant "cheversi"]\n\n1. Крb5 Лa5 2. Фb4 Фb4 *\n',
        "illegal move Фb4 (game 1, ply 4): Фb4: b4 is occupied by White's Queen; legal: Фa3, "
        "Фb3, Фc3, Фa4, Фc4, Фc5, Фa6, Фb6, Фc6",
        "Фb4",
        ("Фa3", "Фb3", "Фc3", "Фa4", "Фc4", "Фc5", "Фa6", "Фb6", "Фc6"),
    ),
    (
        '[Variant "kavaleria"]\n[Notation "numeric"]\n[FEN "W:W1,2,V3,4-16:B23-35,V36,37,38"]'
        "\n\n1. 14-15 *\n",
        "illegal move 14-15 (game 1, ply 1): 15 is occupied; legal: 12-18, 12-17, 13-19, "
        "13-18, 14-20, 14-19, 15-21, 15-20, 16-22, 16-21",
        "14-15",
        ("12-18", "12-17", "13-19", "13-18", "14-20", "14-19", "15-21", "15-20", "16-22", "16-21"),
    ),
]


@pytest.mark.parametrize(("text", "message", "move", "legal"), CASES)
def test_an_illegal_move_is_described_in_the_records_notation(
    text: str, message: str, move: str, legal: tuple[str, ...]
) -> None:
    (report,) = validate_records(read_string(text))
    (diagnostic,) = report.diagnostics
    assert (diagnostic.message, diagnostic.move, diagnostic.legal) == (message, move, legal)


def test_knight_fight_numbers_records_list_numbers() -> None:
    layout = " ".join(f"{n:02d}" for n in range(100))
    text = f'[Variant "knight-fight"]\n[Layout "{layout}"]\n\n1. 03 95 2. 99 *\n'
    (report,) = validate_records(read_string(text))
    (diagnostic,) = report.diagnostics
    doubles = ("00", "11", "22", "33", "44", "55", "66", "77", "88", "99")
    eleven = ("11", *(f"11/{d}" for d in doubles if d != "11"))
    twenty_two = ("22", *(f"22/{d}" for d in doubles if d != "22"))
    assert diagnostic.legal == (*eleven, "15", *twenty_two, "24")
    assert diagnostic.message == (
        "illegal move 99 (game 1, ply 3): 99: J10 (99) is not a knight's jump from White's "
        "knight on D1 (03); legal: " + ", ".join(diagnostic.legal)
    )


def test_record_notation_is_that_of_the_first_ply_that_tells() -> None:
    cheversi, brazilian = get_game("cheversi"), get_game("brazilian")
    (russian,) = read_string('[Variant "cheversi"]\n\n1. Крb5 Фa5 2. Кb4 Лc5 *\n')
    assert record_notation(cheversi, russian) == "ru"
    (squares,) = read_string('[GameType "26"]\n\n1. c3-d4 22-18 *\n')
    assert record_notation(brazilian, squares) == "alphanumeric"
    (inside,) = read_string('[Variant "cheversi"]\n\n1. Крb5 ( 1. Лb5 ) *\n')
    assert record_notation(cheversi, inside) == "ru"
    (empty,) = read_string('[GameType "26"]\n\n*\n')
    assert record_notation(brazilian, empty) is None
