"""Keny notation: every KY code with its exact message, the setup tags, both notations."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.diagnostics import CODES, Severity
from notation.games.base import IllegalMove, SetupError, Side
from notation.games.keny import Keny, KenyPosition, parse_rules

GAME = Keny()
START = "W:Wa2-h3:Ba6-h7"

# (FEN, Rules, move text, code, message). Each message is the reason the rules give, read
# from the position by hand.
ILLEGAL = [
    (START, "", "c9-c4", "KY201",
     "'c9-c4' is not a move: write squares a1..h8 joined by - (moves and friendly jumps) "
     "or by x or : (captures)"),
    (START, "", "d3", "KY201",
     "'d3' is not a move: write squares a1..h8 joined by - (moves and friendly jumps) "
     "or by x or : (captures)"),
    (START, "", "d4-d6xf6", "KY201",
     "'d4-d6xf6' mixes separators: a move uses - throughout, a capture x or : throughout"),
    ("W:Wd4:Bh8:H20", "", "d4-d5", "KY202",
     "the game is over, drawn after 20 plies in a row without a capture"),
    ("B:Wa1,a3,a4,b2,c2:Ba2", "", "a2-b2", "KY202",
     "the game is over: Black has no legal move"),
    ("B:Wd4:B", "", "d5-d4", "KY202", "the game is over: Black has no pieces left"),
    (START, "", "e4-e5", "KY203", "there is no white piece on e4"),
    (START, "", "a6-a5", "KY203", "there is no white piece on a6"),
    (START, "", "c3-d4", "KY204", "d4 is not on a rank or file with c3"),
    ("W:Wd4:Bd5", "", "d4xe6", "KY204", "e6 is not on a rank or file with d4"),
    ("W:Wd4:Bh8", "", "d4-d3", "KY205", "a man does not step backward"),
    ("W:Wd4,d3:Bh8", "", "d4-d2", "KY205", "a man does not jump backward"),
    ("W:Wd4:Bh8", "", "d4-d7", "KY206",
     "d7 is out of reach from d4; a man steps to a neighbouring square or jumps an "
     "adjacent piece"),
    ("W:Wd4:Bh8", "", "d4-d5-d6", "KY206",
     "a man's step to d5 is a whole move; only jumps chain"),
    ("W:WKd4:Bh8", "", "d4-d6-f6", "KY206",
     "a king's move without capture goes along one line"),
    ("W:Wd4:Bh8", "", "d4-d4", "KY206", "a move from d4 to d4 goes nowhere"),
    (START, "", "a2-a3", "KY207", "a3 is occupied"),
    ("W:Wd4:Bd5,d6", "", "d4xd6", "KY207", "d6 is occupied"),
    ("W:WKd1,d3:Bh8", "", "d1-d5", "KY208", "the way from d1 to d5 is blocked at d3"),
    ("W:Wd4:Bh8", "", "d4-d6", "KY209", "there is no piece on d5 to jump over"),
    ("W:Wd4:Bd5", "", "d4-d6", "KY210",
     "it jumps the black piece on d5; a capture is written d4xd6"),
    ("W:WKd1:Bd5", "", "d1-d7", "KY210",
     "it jumps the black piece on d5; a capture is written d1xd7"),
    ("W:Wd4,a2:Bd5", "", "a2-a3", "KY211", "a capture is compulsory: d4xd6"),
    ("W:Wd4,a2,a3:Bd5", "", "a2-a4", "KY211", "a capture is compulsory: d4xd6"),
    # King d4 takes d6 (d7, d8), f4 (g4, h4), d2 (d1) or b4 (a4): six captures.
    ("W:WKd4,h2:Bd6,f4,d2,b4", "", "h2-h3", "KY211",
     "a capture is compulsory: d4xd7, d4xd8, d4xg4, d4xh4 (6 in all)"),
    ("W:Wc3,d3:Bh8", "", "c3-e3-c3", "KY212", "the move lands on c3 twice"),
    ("W:Wc3,d3,c4,Kd5:Ba8", "single-jump", "c3-c5-e5", "KY213",
     "the rules in force (single-jump) allow one friendly jump"),
    ("W:Wd4:Bh8", "", "d4xd6", "KY214", "there is no black piece on d5 to capture"),
    ("W:Wd4,d5:Bh8", "", "d4xd6", "KY214", "there is no black piece on d5 to capture"),
    ("W:WKd1:Bh8", "", "d1xd8", "KY214",
     "there is no black piece between d1 and d8 to capture"),
    ("W:WKd1,d3:Bd5", "", "d1xd7", "KY215", "the white piece on d3 is in the way"),
    ("W:WKd1:Bd3,d4", "", "d1xd6", "KY215",
     "more than one piece stands between d1 and d6 (d3, d4)"),
    ("W:Wd4:Bd5", "", "d4xd7", "KY215",
     "a man captures an adjacent piece and lands just beyond it; d7 is 3 squares "
     "from d4"),
    ("W:WKd4:Bd6,d2", "", "d4xd7xd1", "KY216",
     "a king may not turn back between two captures (d7xd1)"),
    ("W:WKa1:Ba4,c6,f3", "", "a1xa5", "KY217",
     "after taking a4 the king must land where it can capture again: a6"),
    ("W:WKa1:Ba4,c6,f3", "", "a1xa6xh6", "KY217",
     "after taking c6 the king must land where it can capture again: f6"),
    ("W:Wd4,a2:Bd5,e6,f5,c6", "", "d4xd6", "KY218",
     "the capture must go on from d6: d6xf6, d6xb6"),
    ("W:Wd4,a2:Bd5,e6,f5,c6", "", "d4:d6", "KY218",
     "the capture must go on from d6: d6:f6, d6:b6"),
    ("W:WKa1:Ba4,c6,f3", "", "a1xa6", "KY218", "the capture must go on from a6: a6xf6"),
]  # fmt: skip


@pytest.mark.parametrize(("fen", "rules", "text", "code", "message"), ILLEGAL)
def test_illegal_move_code_and_message(fen, rules, text, code, message):
    pos = GAME.start({"FEN": fen, "Rules": rules})
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(pos, text)
    assert (caught.value.code, str(caught.value)) == (code, message)
    assert caught.value.show_legal is (code != "KY202")


def test_every_code_is_registered_tested_and_an_error():
    codes = {code for code in CODES if code.startswith("KY")}
    assert codes == {f"KY{n}" for n in range(201, 219)}
    assert codes == {case[3] for case in ILLEGAL}
    assert all(CODES[code].severity is Severity.ERROR for code in codes)


def test_move_text_is_read_in_any_case_and_with_spaces_around():
    pos = GAME.start({"FEN": "W:Wd4,a2:Bd5,e6,f5,c6"})
    move = GAME.parse_move(pos, " D4XD6XF6XF4 ")
    assert move == GAME.parse_move(pos, "d4:d6:f6:f4")
    assert GAME.format_move(pos, move) == "d4xd6xf6xf4"


# Setup tags -------------------------------------------------------------------------------

BAD_TAGS = [
    ({"FEN": "X:Wa2:Bb7"}, "FEN 'X:Wa2:Bb7': it must start with the side to move, W or B"),
    ({"FEN": ""}, "FEN '': it must start with the side to move, W or B"),
    ({"FEN": "W:Wz9:Bb7"},
     "FEN 'W:Wz9:Bb7': 'z9' is not a square (a1..h8), a king (Kd4) or a range (a2-h3)"),
    ({"FEN": "W:Wa2,a2:Bb7"}, "FEN 'W:Wa2,a2:Bb7': square a2 is given twice"),
    ({"FEN": "W:Wa2-c3,b2:Bb7"}, "FEN 'W:Wa2-c3,b2:Bb7': square b2 is given twice"),
    ({"FEN": "W:Wa8:Bb7"},
     "FEN 'W:Wa8:Bb7': a white man on a8 stands on its far rank and would be a king; "
     "write Ka8"),
    ({"FEN": "B:Wa2:Bb1"},
     "FEN 'B:Wa2:Bb1': a black man on b1 stands on its far rank and would be a king; "
     "write Kb1"),
    ({"FEN": "W:Wa2:Bb7:H25"},
     "FEN 'W:Wa2:Bb7:H25': H needs a whole number of plies from 0 to 20"),
    ({"FEN": "W:Wa2:Bb7:H15", "Rules": "draw=10"},
     "FEN 'W:Wa2:Bb7:H15': H needs a whole number of plies from 0 to 10"),
    ({"FEN": "W:Wa2"}, "FEN 'W:Wa2': the B field (Black's pieces) is missing"),
    ({"FEN": "W:Wz9"}, "FEN 'W:Wz9': the B field (Black's pieces) is missing"),
    ({"FEN": "W"}, "FEN 'W': the W and B fields are missing"),
    ({"FEN": "W:Wa2:Wb3:Bb7"}, "FEN 'W:Wa2:Wb3:Bb7': the W field is given twice"),
    ({"FEN": "W:Wa2:Q3:Bb7"},
     "FEN 'W:Wa2:Q3:Bb7': unknown field 'Q3'; a Keny FEN has the fields W (White's pieces), "
     "B (Black's pieces) and H (plies without a capture)"),
    ({"FEN": "W:Wa2::Bb7"},
     "FEN 'W:Wa2::Bb7': unknown field ''; a Keny FEN has the fields W (White's pieces), "
     "B (Black's pieces) and H (plies without a capture)"),
    ({"FEN": "W:Wa8:Bb7:H25"},
     "FEN 'W:Wa8:Bb7:H25': H needs a whole number of plies from 0 to 20"),
    ({"Rules": "fast"},
     "Rules: unknown option 'fast'; Keny knows compulsory-capture, optional-capture, "
     "jump-chains, single-jump, promote-at-end, promote-in-capture, draw=N"),
    ({"Rules": "draw=0"}, "Rules: 'draw=0' needs a whole number of plies from 1 to 1000"),
    ({"Rules": "draw=x"}, "Rules: 'draw=x' needs a whole number of plies from 1 to 1000"),
    ({"Rules": "optional-capture, compulsory-capture"},
     "Rules: 'optional-capture' and 'compulsory-capture' contradict each other"),
    ({"Notation": "numeric"}, "Notation: unknown notation 'numeric'; Keny knows algebraic, colon"),
]  # fmt: skip


@pytest.mark.parametrize(("tags", "message"), BAD_TAGS)
def test_bad_setup_tags(tags, message):
    with pytest.raises(SetupError) as caught:
        GAME.start(tags)
    assert str(caught.value) == message
    assert caught.value.tag == message.split()[0].rstrip(":")


def test_fen_syntax_variants_read_alike():
    expected = GAME.start({"FEN": "B:Wa2,b2,c2,Kd4:Bf7,Kg6:H3"})
    for fen in (
        "B:Wa2-c2,Kd4:Bf7,Kg6:H3",
        "b:wKd4,c2-a2:bKg6,F7:h3.",
        "B:H3:BKg6,f7:Wa2,b2,c2,Kd4",
        " B : Wa2 , b2 , c2 , Kd4 : Bf7 , Kg6 : H3 ",
    ):
        assert GAME.start({"FEN": fen}) == expected, fen
    assert GAME.setup_tags(expected) == {"FEN": "B:Wa2-c2,Kd4:Bf7,Kg6:H3"}


def test_fen_of_start_and_empty_sides():
    assert GAME.setup_tags(GAME.start({})) == {"FEN": START}
    pos = GAME.start({"FEN": "W:W:BKd4"})
    assert pos.board.count(".") == 63
    assert GAME.setup_tags(pos) == {"FEN": "W:W:BKd4"}


def test_ranges_stack_into_rectangles():
    # Ranks 2-3 a..h, rank 4 a..c, and d4 a king: written as two rectangles and a king.
    pos = GAME.start({"FEN": "W:Wa2-h3,a4,b4,c4,Kd4:Bh8"})
    assert GAME.setup_tags(pos) == {"FEN": "W:Wa2-h3,a4-c4,Kd4:Bh8"}


def test_rules_tag_is_read_and_written_back():
    tags = {"FEN": START, "Rules": "Single-Jump, optional-capture,draw=30,promote-in-capture"}
    pos = GAME.start(tags)
    assert pos.rules.jump_chains is False
    assert pos.rules.compulsory_capture is False
    assert pos.rules.draw_plies == 30
    assert pos.rules.promote_in_capture is True
    written = GAME.setup_tags(pos)
    assert written == {
        "FEN": START,
        "Rules": "optional-capture,single-jump,promote-in-capture,draw=30",
    }
    assert GAME.start(written) == pos


def test_default_rules_named_explicitly_equal_no_tag():
    named = "compulsory-capture,jump-chains,promote-at-end,draw=20"
    assert GAME.start({"Rules": named}) == GAME.start({})
    assert "Rules" not in GAME.setup_tags(GAME.start({"Rules": named}))


def test_notation_tag_accepts_the_games_notations():
    assert GAME.start({"Notation": "colon"}) == GAME.start({})
    assert GAME.start({"Notation": "Algebraic"}) == GAME.start({})


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_setup_tags_round_trip(seed: int):
    chooser = random.Random(seed)
    cells = []
    for sq in range(64):
        piece = chooser.choice(".....wWbB")
        if (piece == "w" and sq >= 56) or (piece == "b" and sq < 8):
            piece = "."
        cells.append(piece)
    options = [o for o in ("optional-capture", "single-jump", "draw=7") if chooser.random() < 0.5]
    rules = parse_rules(",".join(options))
    quiet = chooser.randrange(rules.draw_plies + 1)
    pos = KenyPosition.from_board("".join(cells), chooser.choice(list(Side)), quiet, rules)
    assert GAME.start(GAME.setup_tags(pos)) == pos


# Notations --------------------------------------------------------------------------------


def test_notations_write_both_ways():
    pos = GAME.start({"FEN": "W:Wd4,a2,c3,c4:Bd5,e6,f5,c6", "Rules": "optional-capture"})
    chain = GAME.parse_move(pos, "d4xd6xf6xf4")
    jump = GAME.parse_move(pos, "c3-c5")
    step = GAME.parse_move(pos, "a2-a3")
    assert GAME.notations == ("algebraic", "colon")
    assert [GAME.format_move(pos, m) for m in (chain, jump, step)] == [
        "d4xd6xf6xf4",
        "c3-c5",
        "a2-a3",
    ]
    assert [GAME.format_move(pos, m, "colon") for m in (chain, jump, step)] == [
        "d4:d6:f6:f4",
        "c3-c5",
        "a2-a3",
    ]
    assert GAME.parse_move(pos, "d4:d6:f6:f4") == chain
    assert GAME.format_move(pos, chain, "Colon") == "d4:d6:f6:f4"
    with pytest.raises(ValueError, match="unknown Keny notation 'numeric'"):
        GAME.format_move(pos, chain, "numeric")


def test_notation_tags_keep_an_existing_notation_tag_true():
    assert GAME.notation_tags({"Notation": "algebraic"}, "colon") == {"Notation": "colon"}
    assert GAME.notation_tags({"FEN": START}, "colon") == {}


def test_notation_of_tells_captures_only():
    assert GAME.notation_of("d4:d6") == "colon"
    assert GAME.notation_of("d4xd6") == "algebraic"
    assert GAME.notation_of("c3-c5-e5") is None


def test_moves_describe_their_squares():
    pos = GAME.start({"FEN": "W:Wd4,a2:Bd5,e6,f5,c6"})
    move = GAME.parse_move(pos, "d4xd6xf6xf4")
    names = ("d4", "d6", "f6", "f4")
    assert [f"{'abcdefgh'[sq % 8]}{sq // 8 + 1}" for sq in move.path] == list(names)
    assert [f"{'abcdefgh'[sq % 8]}{sq // 8 + 1}" for sq in move.captured] == ["d5", "e6", "f5"]
    assert move.promotes is False


def test_render_text_marks_the_last_move():
    pos = GAME.start({"FEN": "W:Wd4,a2:Bd5,e6,f5,c6"})
    move = GAME.parse_move(pos, "d4xd6xf6xf4")
    after = GAME.play(pos, move)
    assert GAME.render_text(after, move).splitlines() == [
        "    a  b  c  d  e  f  g  h",
        "8   .  .  .  .  .  .  .  .   8",
        "7   .  .  .  .  .  .  .  .   7",
        "6   .  .  b [.][.][.] .  .   6",
        "5   .  .  . [.] . [.] .  .   5",
        "4   .  .  . [.] . [w] .  .   4",
        "3   .  .  .  .  .  .  .  .   3",
        "2   w  .  .  .  .  .  .  .   2",
        "1   .  .  .  .  .  .  .  .   1",
        "    a  b  c  d  e  f  g  h",
        "Black to move; 0 of 20 plies without a capture; last move d4xd6xf6xf4",
    ]
