"""Kavaleria notation: every diagnostic code with its exact message, the setup tags, and
the two move notations both ways."""

from __future__ import annotations

import gamekit
import pytest

from notation.diagnostics import CODES, Severity
from notation.games.base import IllegalMove, SetupError, Side
from notation.games.kavaleria import Kavaleria, KavaleriaPosition

GAME = Kavaleria()
START = GAME.start({})


def setup(fen: str, rules: str = "") -> KavaleriaPosition:
    """The position a FEN tag (and optional Rules tag) describes."""
    position: KavaleriaPosition = gamekit.setup(GAME, fen, rules)
    return position


def rejection(position: KavaleriaPosition, text: str) -> tuple[str, str]:
    """The code and message parse_move raises for ``text``."""
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move(position, text)
    return error.value.code, str(error.value)


SOTNYK_OPEN = "W:WSD3,VA5:BVG5"
CHAIN = "W:WC3,VA1:BD4,E3,VG5"
VOIVODE_NEAR = "W:WC3,VA1:BVD4,E3"
TRIANGLE = "W:WVC3:BD3,D4,E3,VG5"

# (position FEN, Rules tag, move text, code, message)
CASES = [
    (
        None,
        "",
        "C3",
        "KV201",
        "'C3' is not a Kavaleria move: write a step as C3-D4 (or 14-20) and a capture as "
        "C3xE4 or C3xE4xE2 (or 14x26x24)",
    ),
    (
        None,
        "",
        "C3-D4xE4",
        "KV201",
        "'C3-D4xE4' is not a Kavaleria move: write a step as C3-D4 (or 14-20) and a capture "
        "as C3xE4 or C3xE4xE2 (or 14x26x24)",
    ),
    (None, "", "C5-A6", "KV202", "A6 is not a point of the board (row A has points 1 to 5)"),
    (None, "", "B7-C5", "KV202", "B7 is not a point of the board (row B has points 1 to 6)"),
    (None, "", "H1-G1", "KV202", "H1 is not a point of the board (the rows are A to G)"),
    (
        None,
        "",
        "14-39",
        "KV202",
        "39 is not a point of the board (the points are numbered 1 to 38)",
    ),
    (None, "", "D1-E1", "KV204", "there is no piece on D1"),
    (None, "", "E1-D1", "KV205", "the piece on E1 is Black's; White is to move"),
    (None, "", "C3-E4", "KV206", "E4 is not a neighbour of C3"),
    (None, "", "14-26", "KV206", "26 is not a neighbour of 14"),
    (None, "", "C3-C3", "KV206", "a step must leave C3"),
    (SOTNYK_OPEN, "", "D3-E4", "KV207", "E4 is not on a straight line from D3"),
    (None, "", "C3xE5", "KV207", "E5 is not on a straight line from C3"),
    (None, "", "B3-C3", "KV208", "C3 is occupied"),
    ("W:WC3,VA1:BD4,E4,VG5", "", "C3xE4", "KV208", "E4 is occupied"),
    ("W:WD3,VA5:BVG5", "", "D3-C2", "KV209", "a cavalryman never steps backward"),
    (
        "W:WSD3,VA5:BF4,VG5",
        "",
        "D3-G4",
        "KV210",
        "the way from D3 to G4 is blocked at F4",
    ),
    (None, "", "C3xE4", "KV211", "there is no piece between C3 and E4 to capture"),
    (
        SOTNYK_OPEN,
        "",
        "D3xG4",
        "KV211",
        "there is no piece between D3 and G4 to capture",
    ),
    (None, "", "B3xD4", "KV212", "C3 holds White's own piece"),
    (TRIANGLE, "", "C3xE4xC3", "KV213", "D4 was already jumped in this capture"),
    (
        CHAIN,
        "",
        "C3xF5",
        "KV214",
        "a cavalryman jumps over an adjacent piece onto the point right behind it; "
        "F5 is 3 steps from C3",
    ),
    (
        "W:WSD3,VA5:BE3,F4,VG5",
        "",
        "D3xG4",
        "KV215",
        "the jump from D3 to G4 passes over E3 and F4; a jump takes one piece",
    ),
    (
        VOIVODE_NEAR,
        "",
        "C3xE4xE2",
        "KV216",
        "the jump to E4 took the Black Voivode on D4, which ends the game; no jump may follow",
    ),
    (
        SOTNYK_OPEN,
        "no-backward",
        "D3-C3",
        "KV217",
        "the no-backward rule forbids a Sotnyk to move backward",
    ),
    (
        "W:WD3,VA5:BC3,VG5",
        "no-backward",
        "D3xB4",
        "KV217",
        "the no-backward rule forbids a cavalryman to capture backward",
    ),
]


@pytest.mark.parametrize(("fen", "rules", "text", "code", "message"), CASES)
def test_error_codes_and_messages(
    fen: str | None, rules: str, text: str, code: str, message: str
) -> None:
    position = START if fen is None else setup(fen, rules)
    assert rejection(position, text) == (code, message)


def test_every_code_is_registered_as_an_error_and_tested() -> None:
    ours = {code for code in CODES if code.startswith("KV")}
    assert ours == {f"KV{number}" for number in range(201, 218)}
    assert all(CODES[code].severity is Severity.ERROR for code in ours)
    tested = {case[3] for case in CASES} | {"KV203"}
    assert tested == ours


def test_move_after_the_voivode_fell() -> None:
    position = setup(VOIVODE_NEAR)
    over = GAME.play(position, GAME.parse_move(position, "C3xE4"))
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move(over, "G5-F5")
    assert error.value.code == "KV203"
    assert str(error.value) == "the game is over: White captured the Black Voivode"
    assert error.value.show_legal is False


def test_lower_case_and_spaces_are_accepted() -> None:
    assert GAME.parse_move(START, " c3-d4 ") == GAME.parse_move(START, "C3-D4")


# Notations ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "coordinate", "numeric"),
    [
        (None, "C3-D4", "14-20"),
        (None, "C1-D1", "12-17"),
        (CHAIN, "C3xE4xE2", "14x26x24"),
        ("W:WE2,VA5:BF2,G3,VD1", "E2xG1xG5", "24x34x38"),
        (SOTNYK_OPEN, "D3-G1", "19-34"),
    ],
)
def test_notations_both_ways(fen: str | None, coordinate: str, numeric: str) -> None:
    position = START if fen is None else setup(fen)
    move = GAME.parse_move(position, coordinate)
    assert GAME.parse_move(position, numeric) == move
    assert GAME.format_move(position, move) == coordinate
    assert GAME.format_move(position, move, "coordinate") == coordinate
    assert GAME.format_move(position, move, "numeric") == numeric
    assert GAME.notation_of(coordinate) == "coordinate"
    assert GAME.notation_of(numeric) == "numeric"


def test_notation_of_other_text() -> None:
    assert GAME.notation_of("*") is None


def test_notation_tags_follow_a_conversion() -> None:
    assert GAME.notation_tags({"Notation": "coordinate"}, "numeric") == {"Notation": "numeric"}
    assert GAME.notation_tags({}, "numeric") == {}
    assert GAME.notation_tags({"FEN": "W:WVA3,C1-C5:BVG3"}, "numeric") == {
        "FEN": "W:WV3,12-16:BV36"
    }
    assert GAME.notation_tags({"FEN": "B:WV3,12-16:BV36"}, "coordinate") == {
        "FEN": "B:WVA3,C1-C5:BVG3"
    }
    assert GAME.notation_tags({"FEN": "not a setup"}, "numeric") == {}


# Setup tags ---------------------------------------------------------------------------------


def test_default_start_and_its_tag() -> None:
    assert GAME.turn(START) is Side.WHITE
    assert GAME.setup_tags(START) == {
        "FEN": "W:WA1,A2,VA3,A4,A5,B1-B6,C1-C5:BE1-E5,F1-F6,G1,G2,VG3,G4,G5"
    }
    assert GAME.setup_tags(START, "numeric") == {"FEN": "W:W1,2,V3,4-16:B23-35,V36,37,38"}
    spelled_out = (
        "W:WA1,A2,VA3,A4,A5,B1,B2,B3,B4,B5,B6,C1,C2,C3,C4,C5"
        ":BE1,E2,E3,E4,E5,F1,F2,F3,F4,F5,F6,G1,G2,VG3,G4,G5"
    )
    assert setup(spelled_out) == START
    assert setup("W:W1,2,V3,4-16:B23-35,V36,37,38") == START


@pytest.mark.parametrize(
    ("fen", "rules"),
    [
        # The seed's variant: Sotnyks around the Voivode from the start.
        ("W:WA1,SA2,VA3,SA4,A5,B1-B6,C1-C5:BE1-E5,F1-F6,G1,SG2,VG3,SG4,G5", ""),
        (
            "W:WA1,SA2,VA3,SA4,A5,B1,B2,SB3,SB4,B5,B6,C1-C5"
            ":BE1-E5,F1,F2,SF3,SF4,F5,F6,G1,SG2,VG3,SG4,G5",
            "",
        ),
        ("B:WSG2,SG3,F1,F2,E2,VA3:BVG1", "no-backward"),
        ("W:WE2,VA5:BF2,G3,VD1", "extra-turn,no-backward"),
        ("B:WVC3:BVG5", ""),
        ("W:W:BVG5", ""),
    ],
)
def test_setup_tags_round_trip(fen: str, rules: str) -> None:
    position = setup(fen, rules)
    for notation in (None, "coordinate", "numeric"):
        tags = GAME.setup_tags(position, notation)
        assert GAME.start(tags) == position
    if rules:
        assert GAME.setup_tags(position)["Rules"] == rules


def test_setup_writes_in_canonical_form() -> None:
    position = setup("w:wva3, sa2 ,C1-C5:bvg3,e2.")
    assert GAME.setup_tags(position) == {"FEN": "W:WSA2,VA3,C1-C5:BE2,VG3"}
    assert GAME.setup_tags(position, "numeric") == {"FEN": "W:WS2,V3,12-16:B24,V36"}


def test_seed_variant_setup_has_sotnyks() -> None:
    position = setup("W:WA1,SA2,VA3,SA4,A5,B1-B6,C1-C5:BE1-E5,F1-F6,G1,SG2,VG3,SG4,G5")
    assert (
        GAME.render_text(position).splitlines()[0]
        == "G        c   s   v   s   c      G1-G5 = 34-38"
    )


def test_setup_without_a_white_voivode_is_already_decided() -> None:
    position = setup("W:W:BVG5")
    assert GAME.outcome(position) is not None
    assert GAME.outcome(position).winner is Side.BLACK


@pytest.mark.parametrize(
    ("tags", "message"),
    [
        ({"FEN": "W:WA3"}, "FEN 'W:WA3': the B field (Black's pieces) is missing"),
        ({"FEN": "W"}, "FEN 'W': the W and B fields are missing"),
        ({"FEN": "X:WVA3:BVG3"}, "FEN 'X:WVA3:BVG3': it must start with the side to move, W or B"),
        ({"FEN": "W:WVA3:WVG3"}, "FEN 'W:WVA3:WVG3': the W field is given twice"),
        (
            {"FEN": "W:WVA3:BVG3:H2"},
            "FEN 'W:WVA3:BVG3:H2': unknown field 'H2'; a Kavaleria FEN has the fields "
            "W (White's pieces) and B (Black's pieces)",
        ),
        (
            {"FEN": "W:WVA6:BVG3"},
            "FEN 'W:WVA6:BVG3': A6 is not a point of the board (row A has points 1 to 5)",
        ),
        (
            {"FEN": "W:WVA3,KB2:BVG3"},
            "FEN 'W:WVA3,KB2:BVG3': 'KB2' is not a piece (e.g. C2, SB3, VA3, B1-B6)",
        ),
        ({"FEN": "W:WVA3,C3:BVG3,C3"}, "FEN 'W:WVA3,C3:BVG3,C3': C3 is given twice"),
        ({"FEN": "W:WVA3,C5-C1:BVG3"}, "FEN 'W:WVA3,C5-C1:BVG3': the range C5-C1 runs backwards"),
        (
            {"FEN": "W:WVA3,G2:BVG3"},
            "FEN 'W:WVA3,G2:BVG3': a White cavalryman cannot stand on G2, "
            "where it would be a Sotnyk",
        ),
        (
            {"FEN": "W:WVA3:BVG3,A1"},
            "FEN 'W:WVA3:BVG3,A1': a Black cavalryman cannot stand on A1, "
            "where it would be a Sotnyk",
        ),
        (
            {"FEN": "W:WVA3,VA4:BVG3"},
            "FEN 'W:WVA3,VA4:BVG3': White has 2 Voivodes (A3, A4); a side has at most one",
        ),
        ({"FEN": "W:WA1:BG1"}, "FEN 'W:WA1:BG1': neither side has a Voivode"),
        (
            {"Rules": "no-backward, castling"},
            "Rules: unknown option 'castling'; Kavaleria knows extra-turn, no-backward",
        ),
        (
            {"Notation": "alphabetic"},
            "Notation: unknown notation 'alphabetic'; Kavaleria knows coordinate, numeric",
        ),
    ],
)
def test_bad_setup_tags(tags: dict[str, str], message: str) -> None:
    with pytest.raises(SetupError) as error:
        GAME.start(tags)
    assert str(error.value) == message


def test_rules_and_notation_tags_accepted() -> None:
    position = GAME.start({"Rules": " Extra-Turn ,no-backward,", "Notation": "Numeric"})
    assert position.options == frozenset({"extra-turn", "no-backward"})
    assert GAME.setup_tags(position)["Rules"] == "extra-turn,no-backward"


# Pictures -----------------------------------------------------------------------------------


def test_render_start_and_last_move() -> None:
    assert GAME.render_text(START) == "\n".join(
        [
            "G        c   c   v   c   c      G1-G5 = 34-38",
            "F      c   c   c   c   c   c    F1-F6 = 28-33",
            "E        c   c   c   c   c      E1-E5 = 23-27",
            "D      .   .   .   .   .   .    D1-D6 = 17-22",
            "C        C   C   C   C   C      C1-C5 = 12-16",
            "B      C   C   C   C   C   C    B1-B6 = 6-11",
            "A        C   C   V   C   C      A1-A5 = 1-5",
            "White to move.",
            "White C cavalryman, S Sotnyk, V Voivode; Black c, s, v; . empty",
        ]
    )
    move = GAME.parse_move(START, "C3-D4")
    lines = GAME.render_text(GAME.play(START, move), move).splitlines()
    assert lines[3] == "D      .   .   .  [C]  .   .    D1-D6 = 17-22"
    assert lines[4] == "C        C   C  [.]  C   C      C1-C5 = 12-16"
    assert lines[7] == "Black to move."
