"""Knight Fight notation: every error code and message, the setup tags, both notations.

Positions use the ordered layout (the square on file f, rank r carries 10 * (r - 1) + f:
E4 is 34, H8 is 77) unless a test says otherwise.
"""

from __future__ import annotations

from contextlib import suppress

import pytest

from notation.diagnostics import CODES, Severity
from notation.games.base import IllegalMove, SetupError, Side
from notation.games.knight_fight import (
    SQUARE_OF_NAME,
    KnightFight,
    KnightMove,
    Layout,
    advance,
    random_layout,
)

GAME = KnightFight()
ORDERED = " ".join(f"{n:02d}" for n in range(100))
LATE = "W:WE4:BE8:S40,51:XC5,D2,A1,B2,D4,E5,G7,I9"
"""White on E4 (34) to move, Black on E8 (74); C5 D2 dead, doubles left: C3 F6 H8 J10."""


def start(fen: str | None = None, layout: str = ORDERED, **tags: str):
    """The position the tags describe."""
    tags["Layout"] = layout
    if fen is not None:
        tags["FEN"] = fen
    return GAME.start(tags)


def refusal(position, text: str) -> tuple[str, str]:
    """The code and message parse_move raises for the text."""
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(position, text)
    return caught.value.code, str(caught.value)


def square(name: str) -> int:
    return SQUARE_OF_NAME[name]


# Error codes ---------------------------------------------------------------------------

HINT = (
    "write the landing square (E4) or its number (37), and after a double the removed "
    "double (E5/B7 or 55/22)"
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", f"empty move text; {HINT}"),
        ("E4-F6", f"E4-F6: not a Knight Fight move; {HINT}"),
        ("E4/", f"E4/: not a Knight Fight move; {HINT}"),
        ("C3/H8/J10", f"C3/H8/J10: not a Knight Fight move; {HINT}"),
        ("K3", "K3: K3 is not a square of the board (files A..J, ranks 1..10)"),
        ("A11", "A11: A11 is not a square of the board (files A..J, ranks 1..10)"),
        ("5", "5: 5 is not a two-digit square number 00..99"),
        ("123", "123: 123 is not a two-digit square number 00..99"),
        ("C3/77", "C3/77: mixes squares and numbers; write E5/B7 or 55/22"),
    ],
)
def test_kf201_malformed_text(text: str, message: str) -> None:
    assert refusal(start(LATE), text) == ("KF201", message)


def test_kf202_ply_after_the_end() -> None:
    position = start("W:WA1:BJ10:S100,90:XB3,C2")
    assert refusal(position, "B3") == (
        "KF202",
        "B3: the game is over, White has no legal ply (White 100, Black 90)",
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("E6", "E6: E6 (54) is not a knight's jump from White's knight on E4 (34)"),
        ("54", "54: E6 (54) is not a knight's jump from White's knight on E4 (34)"),
        ("E4", "E4: White's knight already stands on E4 (34)"),
    ],
)
def test_kf203_not_a_knight_jump(text: str, message: str) -> None:
    assert refusal(start(LATE), text) == ("KF203", message)


def test_kf204_dead_landing_square() -> None:
    assert refusal(start(LATE), "C5") == ("KF204", "C5: C5 (42) is inaccessible")
    assert refusal(start(LATE), "13") == ("KF204", "13: D2 (13) is inaccessible")


def test_kf204_black_placement_on_the_killed_square() -> None:
    position = start("B:WJ1:B-:S9,0:XA10")
    assert refusal(position, "A10") == ("KF204", "A10: A10 (90) is inaccessible")


def test_kf205_landing_on_the_other_knight() -> None:
    assert refusal(start(LATE), "E8") == ("KF205", "E8: E8 (74) holds Black's knight")
    position = start("B:WD1:B-:S3,0:XA4")
    assert refusal(position, "03") == ("KF205", "03: D1 (03) holds White's knight")


def test_kf206_landing_on_an_attacked_square() -> None:
    assert refusal(start(LATE), "D6") == (
        "KF206",
        "D6: D6 (53) is attacked by Black's knight on E8 (74)",
    )
    assert refusal(start(LATE), "F6/H8") == (
        "KF206",
        "F6/H8: F6 (55) is attacked by Black's knight on E8 (74)",
    )


def test_kf207_placement_off_the_rank() -> None:
    assert refusal(start(), "E4") == (
        "KF207",
        "E4: White places its knight on rank 1, and E4 (34) is on rank 4",
    )
    position = start("B:WD1:B-:S3,0:XA4")
    assert refusal(position, "84") == (
        "KF207",
        "84: Black places its knight on rank 10, and E9 (84) is on rank 9",
    )


def test_kf208_removal_after_a_square_that_is_not_a_double() -> None:
    assert refusal(start(LATE), "F2/H8") == (
        "KF208",
        "F2/H8: F2 (15) is not a double, so no square may be removed",
    )
    assert refusal(start(), "B1/C3") == (
        "KF208",
        "B1/C3: B1 (01) is not a double, so no square may be removed",
    )


def test_kf209_removed_square_not_a_double() -> None:
    assert refusal(start(LATE), "22/15") == ("KF209", "22/15: F2 (15) is not a double")


def test_kf210_removed_double_already_dead() -> None:
    assert refusal(start(LATE), "C3/A1") == ("KF210", "C3/A1: A1 (00) is already inaccessible")


def test_kf210_removed_double_is_the_square_left() -> None:
    # The ordered layout with 34 and 44 swapped: White stands on a double, E4 (44).
    numbers = list(range(100))
    numbers[34], numbers[44] = 44, 34
    layout = " ".join(f"{n:02d}" for n in numbers)
    position = start("W:WE4:BE8", layout=layout)
    assert refusal(position, "C3/E4") == (
        "KF210",
        "C3/E4: E4 (44) is the square White's knight leaves, which becomes inaccessible",
    )


def test_kf211_removed_double_occupied() -> None:
    assert refusal(start(LATE), "C3/C3") == (
        "KF211",
        "C3/C3: C3 (22) is the landing square itself; remove another double",
    )
    position = start("W:WE4:BH8:S40,51")
    assert refusal(position, "22/77") == ("KF211", "22/77: H8 (77) holds Black's knight")


def test_codes_are_registered_as_errors() -> None:
    for number in range(201, 212):
        assert CODES[f"KF{number}"].severity is Severity.ERROR


def test_the_legal_list_is_shown_except_after_the_end() -> None:
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(start(LATE), "E6")
    assert caught.value.show_legal


def test_advance_reads_a_removal_from_its_landings_as_parse_move_does() -> None:
    # Once a removal's two squares were read as landings, advance reads the removal from
    # theirs: the same ply and position, and the same refusals, as parse_move and play.
    position = start(LATE)
    for landing in ("C3", "H8", "A1", "F2", "c3", "h8", "22", "15", "77"):
        with suppress(IllegalMove):  # read (and kept) whether legal or not
            advance(position, landing)
    removal = KnightMove(square("C3"), square("H8"))
    after = GAME.play(position, removal)
    for text in ("C3/H8", "c3/h8", "C3 / H8", "22/77"):
        assert advance(position, text) == (removal, after)
    for text in ("F2/H8", "22/15", "C3/A1", "C3/C3", "C3/77", "c3/77", "C3/H8/J10"):
        with pytest.raises(IllegalMove) as caught:
            advance(position, text)
        assert (caught.value.code, str(caught.value)) == refusal(position, text)


# Setup tags --------------------------------------------------------------------------------


def setup_error(**tags: str) -> str:
    """The message of the SetupError the tags raise."""
    with pytest.raises(SetupError) as caught:
        GAME.start(tags)
    return str(caught.value)


def test_layout_tag_required() -> None:
    assert setup_error() == (
        "the Layout tag is missing: every Knight Fight record gives the numbers of its squares"
    )
    # The tag at fault is named, written or not (reported at the record's start).
    with pytest.raises(SetupError) as caught:
        GAME.start({})
    assert caught.value.tag == "Layout"


def test_layout_tag_errors() -> None:
    assert setup_error(Layout=ORDERED.replace("37", "3x")) == (
        "the Layout tag holds '3x', which is not a two-digit number 00..99"
    )
    assert setup_error(Layout=ORDERED.replace("37", "370")) == (
        "the Layout tag holds '370', which is not a two-digit number 00..99"
    )
    assert setup_error(Layout=ORDERED[:-3]) == (
        "the Layout tag holds 99 numbers; it needs 100, "
        "one per square in the order A1 B1 .. J1 A2 .. J10"
    )
    assert setup_error(Layout=ORDERED.replace("37", "12")) == (
        "the Layout tag repeats 12 (on C2 and H4) and lacks 37"
    )


def test_layout_tag_separators_and_order() -> None:
    ranks = [" ".join(f"{10 * r + f:02d}" for f in range(10)) for r in range(10)]
    position = start(layout=",\n".join(ranks))
    assert position == start()
    assert position.layout.numbers[square("E4")] == 34
    assert position.layout.numbers[square("J1")] == 9
    assert position.layout.numbers[square("A10")] == 90
    assert position.layout.text() == ", ".join(ranks)


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        # Two numbers with no blank or comma between them are one token.
        (
            ORDERED.replace("36 37", "3637").replace("98 99", "98 37 99"),
            "the Layout tag holds '3637', which is not a two-digit number 00..99",
        ),
        (
            ORDERED.replace("36 37", "36,37").replace("98 99", "9899 37"),
            "the Layout tag holds '9899', which is not a two-digit number 00..99",
        ),
        # Hexadecimal digits, other digits and separators inside a number are not numbers.
        (
            ORDERED.replace("37", "3a"),
            "the Layout tag holds '3a', which is not a two-digit number 00..99",
        ),
        (
            ORDERED.replace("37", "FF"),
            "the Layout tag holds 'FF', which is not a two-digit number 00..99",
        ),
        (
            ORDERED.replace("37", "3\uff17"),
            "the Layout tag holds '3\uff17', which is not a two-digit number 00..99",
        ),
        (
            ORDERED.replace("37", "3 7"),
            "the Layout tag holds '3', which is not a two-digit number 00..99",
        ),
        (
            ORDERED.replace("37", "037"),
            "the Layout tag holds '037', which is not a two-digit number 00..99",
        ),
        (
            ORDERED + " 37",
            "the Layout tag holds 101 numbers; it needs 100, "
            "one per square in the order A1 B1 .. J1 A2 .. J10",
        ),
        (ORDERED.replace("00", "99"), "the Layout tag repeats 99 (on A1 and J10) and lacks 00"),
    ],
)
def test_layout_tag_errors_of_texts_close_to_a_layout(layout: str, message: str) -> None:
    assert setup_error(Layout=layout) == message


@pytest.mark.parametrize(
    "layout",
    [
        ORDERED.replace(" ", ","),
        ORDERED.replace(" ", " ,\t"),
        "\n " + ORDERED.replace(" ", "\r\n\x0b\x0c") + " ,\n",
        ORDERED.replace(" ", "\u2003"),  # a blank str.split knows and bytes.fromhex does not
        ORDERED.replace(" ", "\x1c"),
    ],
)
def test_layout_tag_any_blanks_and_commas_between_numbers(layout: str) -> None:
    assert Layout.parse(layout) == Layout(tuple(range(100)))
    assert Layout.parse(layout).squares == tuple(range(100))


def test_layout_squares_and_doubles() -> None:
    layout = Layout.parse(random_layout(3))
    assert all(layout.numbers[layout.squares[n]] == n for n in range(100))
    assert layout.doubles == sum(1 << layout.squares[11 * d] for d in range(10))


def test_random_layout_is_a_fixed_valid_layout() -> None:
    text = random_layout(1)
    assert text == random_layout(1)
    assert text != random_layout(2)
    assert sorted(Layout.parse(text).numbers) == list(range(100))
    # Pinned so that a change of generator (or of Python's) shows up here.
    assert text.startswith("53 37 65 51 04 20 38 09 10 81, 44 36 84")


@pytest.mark.parametrize(
    ("fen", "message"),
    [
        ("X:WE4:BE8", "it must start with the side to move, W or B"),
        (
            "W:WE4:BE8:Q3",
            "unknown field 'Q3'; a Knight Fight FEN has the fields W (White's knight), "
            "B (Black's knight), S (scores) and X (inaccessible squares)",
        ),
        ("W:WE4:WE5:BE8", "the W field is given twice"),
        ("W:WE4", "the B field (Black's knight) is missing"),
        ("W:WE4:BE8.", "'E8.' for Black's knight is neither a square (E4) nor its number (37)"),
        ("W:WK4:BE8", "'K4' for White's knight is neither a square (E4) nor its number (37)"),
        (
            "W:WE4:BE8:XC5,Z",
            "'Z' for an inaccessible square is neither a square (E4) nor its number (37)",
        ),
        ("W:WE4:BE8:S3", "S gives scores '3'; write S<White>,<Black>, e.g. S34,74"),
        ("W:WE4:BE8:XC5,42", "C5 is listed twice as inaccessible"),
        ("W:WE4:BE8:XE4", "White's knight stands on E4, which is listed as inaccessible"),
        (
            "W:W-:BE8",
            "White's knight is unplaced, so Black's knight must be unplaced too and White "
            "must be to move",
        ),
        (
            "B:W-:B-",
            "White's knight is unplaced, so Black's knight must be unplaced too and White "
            "must be to move",
        ),
        ("W:WE1:B-", "Black's knight is unplaced, so Black must be to move"),
        (
            "B:WE2:B-",
            "White's knight stands on E2 before Black has placed; it can only be on rank 1",
        ),
        ("W:WE4:B34", "both knights stand on E4"),
        (
            "W:WE4:BF6",
            "the knights on E4 and F6 attack each other, which no legal play reaches",
        ),
    ],
)
def test_fen_tag_errors(fen: str, message: str) -> None:
    assert setup_error(Layout=ORDERED, FEN=fen) == f"FEN {fen!r}: {message}"


def test_fen_tag_reads_every_field() -> None:
    position = start("b:W34:BE8:S 40 , 51 :X C5, 13")
    assert position.turn is Side.BLACK
    assert position.knights == (square("E4"), square("E8"))
    assert position.scores == (40, 51)
    assert position.dead == 1 << square("C5") | 1 << square("D2")
    assert start("W:BE8:WE4") == start("W:WE4:BE8:S0,0:X")


def test_no_fen_or_empty_fen_is_the_start() -> None:
    position = start()
    assert position == start("")
    assert position == start("W:W-:B-")
    assert position.turn is Side.WHITE
    assert position.knights == (None, None)
    assert (position.dead, position.scores) == (0, (0, 0))


def test_setup_tags_write_layout_and_fen() -> None:
    position = start(LATE)
    assert GAME.setup_tags(position)["FEN"] == "W:WE4:BE8:S40,51:XA1,B2,D2,D4,C5,E5,G7,I9"
    assert GAME.setup_tags(position, "numbers") == {
        "Layout": position.layout.text(),
        "FEN": "W:W34:B74:S40,51:X00,11,13,33,42,44,66,88",
    }
    assert GAME.setup_tags(start("B:WD1:B-:S3,0:XA4"))["FEN"] == "B:WD1:B-:S3,0:XA4"
    assert GAME.setup_tags(start()) == {"Layout": start().layout.text()}


@pytest.mark.parametrize("notation", ["squares", "numbers"])
@pytest.mark.parametrize(
    "fen", [LATE, "B:WD1:B-:S3,0:XA4", "B:WE4:BE8:S40,51:XC5", "W:WA1:BJ10:S100,90:XB3,C2"]
)
def test_setup_tags_round_trip(fen: str, notation: str) -> None:
    position = start(fen, layout=random_layout(5))
    assert GAME.start(GAME.setup_tags(position, notation)) == position


def test_rules_and_notation_tags() -> None:
    assert start(Rules="", Notation="numbers") == start()
    assert setup_error(Layout=ORDERED, Rules="fast, short") == (
        "Rules: unknown option 'fast'; Knight Fight has no rule options"
    )
    assert setup_error(Layout=ORDERED, Notation="algebraic") == (
        "Notation: unknown notation 'algebraic'; Knight Fight knows squares, numbers"
    )
    assert GAME.notation_tags({"Notation": "squares"}, "numbers") == {"Notation": "numbers"}
    assert GAME.notation_tags({"Layout": ORDERED}, "numbers") == {}


def test_notation_tags_rewrite_the_fen() -> None:
    tags = {"Layout": ORDERED, "FEN": "B:WD1:B-:S3,0:XA4"}
    assert GAME.notation_tags(tags, "numbers") == {"FEN": "B:W03:B-:S3,0:X30"}
    tags = {"Layout": ORDERED, "FEN": "B:W03:B-:S3,0:X30", "Notation": "numbers"}
    assert GAME.notation_tags(tags, "squares") == {
        "Notation": "squares",
        "FEN": "B:WD1:B-:S3,0:XA4",
    }
    assert GAME.notation_tags({"Layout": ORDERED, "FEN": "Q"}, "numbers") == {}


# Notations -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "squares", "numbers"),
    [
        (("F2", None), "F2", "15"),
        (("C3", None), "C3", "22"),
        (("C3", "J10"), "C3/J10", "22/99"),
        (("C3", "F6"), "C3/F6", "22/55"),
    ],
)
def test_both_notations_both_ways(move: tuple[str, str | None], squares: str, numbers: str) -> None:
    position = start(LATE)
    to, remove = move
    ply = KnightMove(square(to), None if remove is None else square(remove))
    assert GAME.format_move(position, ply) == squares
    assert GAME.format_move(position, ply, "squares") == squares
    assert GAME.format_move(position, ply, "numbers") == numbers
    assert GAME.parse_move(position, squares) == ply
    assert GAME.parse_move(position, numbers) == ply
    assert GAME.parse_move(position, squares.lower()) == ply
    assert GAME.notation_of(squares) == "squares"
    assert GAME.notation_of(numbers) == "numbers"


def test_numbers_follow_the_layout() -> None:
    # The reversed layout: A1 is 99, J1 is 90, J10 is 00.
    layout = " ".join(f"{99 - n:02d}" for n in range(100))
    position = start(layout=layout)
    assert GAME.parse_move(position, "99/00") == KnightMove(square("A1"), square("J10"))
    assert GAME.format_move(position, KnightMove(square("C1")), "numbers") == "97"
    assert refusal(position, "09") == (
        "KF207",
        "09: White places its knight on rank 1, and A10 (09) is on rank 10",
    )


def test_notation_of_unknown_text() -> None:
    assert GAME.notation_of("/") is None
    assert GAME.notation_of("") is None


def test_render_text_shows_numbers_dead_squares_knights_and_paths() -> None:
    position = start(LATE)
    ply = GAME.parse_move(position, "C3/H8")
    lines = GAME.render_text(GAME.play(position, ply), ply).splitlines()
    assert lines[0] == "Knight Fight: White 62 on C3, Black 51 on E8; Black to move"
    assert lines[1] == "     A   B   C   D   E   F   G   H   I   J"
    assert lines[2] == " 10  90  91  92  93  94  95  96  97  98  99"
    assert lines[4] == "  8  70  71  72  73 B74  75  76  xx  78  79"
    assert lines[8] == "  4  30  31  32  -- w--  35  36  37  38  39"
    assert lines[9] == "  3  20  21 W22* 23  24  25  26  27  28  29"
    assert lines[11] == "  1  --  01  02  03  04  05  06  07  08  09"
    assert lines[12:] == [
        "W, B: knights  w, b: their landings  --: inaccessible  *: last landing",
        "xx: removed double",
        "White's landings (score 62): E4=34 C3=22",
        "Black's landings (score 51): E8=74",
    ]


@pytest.mark.parametrize(
    ("fen", "possible"),
    [
        (LATE, True),
        ("B:WD1:B-:S3,0:XA4", True),
        ("B:W03:B-:S3,0:X30", True),
        ("W:W-:B-", True),
        ("", True),
        # Read by no layout, but only a layout's reading can tell.
        ("W:WE4:BE4", True),
        ("W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13", False),
        ("W:W31,32:B1,2", False),
        ("W:WE4:BK9", False),
        ("W:W5:B-", False),
        ("W:WE4:BE8:XZ9", False),
        ("rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w", False),
    ],
)
def test_a_fen_no_layout_can_read_is_told_without_a_layout(fen: str, possible: bool) -> None:
    assert GAME.fen_possible(fen) is possible
    if not possible:
        for seed in range(30):
            with pytest.raises(SetupError):
                start(fen, random_layout(seed))
