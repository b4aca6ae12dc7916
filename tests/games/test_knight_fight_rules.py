"""Knight Fight rules: hand-worked legal-ply sets, play, scores and the end of the game.

Most positions use the ordered layout, where the square on file f (A=0) and rank r
carries the number 10 * (r - 1) + f: E4 is 34, so the reverse of a square's number names
its mirror square across the A1-J10 diagonal (34 -> 43 = D5), and the doubles lie on that
diagonal (A1 00, B2 11, .., J10 99). Every expected set below is worked out by hand.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from notation.games.base import IllegalMove, Outcome, Side
from notation.games.knight_fight import (
    GAME_OVER,
    SQUARE_OF_NAME,
    KnightFight,
    KnightMove,
    random_layout,
)

GAME = KnightFight()
ORDERED = " ".join(f"{n:02d}" for n in range(100))


def start(fen: str | None = None, layout: str = ORDERED):
    """The position of a FEN tag on a layout (the start without a FEN)."""
    tags = {"Layout": layout}
    if fen is not None:
        tags["FEN"] = fen
    return GAME.start(tags)


def legal(position, notation: str = "squares") -> set[str]:
    """The legal plies written out, checking that none is listed twice."""
    moves = GAME.legal_moves(position)
    written = {GAME.format_move(position, m, notation) for m in moves}
    assert len(written) == len(moves)
    return written


def dead(position) -> set[str]:
    """Names of the inaccessible squares."""
    return {name for name, s in SQUARE_OF_NAME.items() if name.isupper() and position.dead >> s & 1}


def after(position, *texts: str):
    """The position after the plies written."""
    for text in texts:
        position = GAME.play(position, GAME.parse_move(position, text))
    return position


# Placement plies ---------------------------------------------------------------------


def test_white_places_on_rank_one_and_may_remove_a_double_from_a1() -> None:
    assert legal(start()) == {
        "A1", "A1/B2", "A1/C3", "A1/D4", "A1/E5", "A1/F6", "A1/G7", "A1/H8", "A1/I9",
        "A1/J10", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1", "J1",
    }  # fmt: skip


def test_placement_scores_and_kills_the_reverse_number() -> None:
    position = after(start(), "D1")
    assert position.scores == (3, 0)
    assert dead(position) == {"A4"}
    assert position.turn is Side.BLACK
    assert legal(position) == {
        "A10", "B10", "C10", "D10", "E10", "F10", "G10", "H10", "I10", "J10",
        "J10/A1", "J10/B2", "J10/C3", "J10/D4", "J10/E5", "J10/F6", "J10/G7", "J10/H8",
        "J10/I9",
    }  # fmt: skip


def test_black_cannot_place_on_the_square_white_killed() -> None:
    position = after(start(), "J1")
    assert dead(position) == {"A10"}
    assert legal(position, "numbers") == {
        "91", "92", "93", "94", "95", "96", "97", "98", "99",
        "99/00", "99/11", "99/22", "99/33", "99/44", "99/55", "99/66", "99/77", "99/88",
    }  # fmt: skip


def test_removed_double_is_gone_for_black_placement() -> None:
    position = after(start(), "A1/J10")
    assert dead(position) == {"J10"}
    assert position.scores == (0, 0)
    assert legal(position) == {"A10", "B10", "C10", "D10", "E10", "F10", "G10", "H10", "I10"}


def test_black_placement_on_a_double_removes_and_scores() -> None:
    position = after(start(), "D1", "J10/A1")
    assert position.scores == (3, 99)
    assert dead(position) == {"A4", "A1"}
    assert position.knights == (SQUARE_OF_NAME["D1"], SQUARE_OF_NAME["J10"])
    assert position.turn is Side.WHITE


# Jumps late in a game ------------------------------------------------------------------

LATE = "S40,51:XC5,D2,A1,B2,D4,E5,G7,I9"
"""White on E4, Black on E8 (34, 74); eight dead squares, six of them doubles."""


def test_late_white_jumps_skip_dead_and_attacked_squares() -> None:
    # E4 jumps: C3 C5 D2 D6 F2 F6 G3 G5; C5 D2 dead; D6 F6 attacked by E8.
    # C3 is 22: the doubles left to remove are F6 (attacked but accessible), H8, J10.
    position = start(f"W:WE4:BE8:{LATE}")
    assert legal(position) == {"C3", "C3/F6", "C3/H8", "C3/J10", "F2", "G3", "G5"}
    assert legal(position, "numbers") == {"22", "22/55", "22/77", "22/99", "15", "26", "46"}


def test_late_black_jumps_skip_dead_and_attacked_squares() -> None:
    # E8 jumps: C7 C9 D6 D10 F6 F10 G7 G9; D6 F6 attacked by E4; G7 dead.
    assert legal(start(f"B:WE4:BE8:{LATE}")) == {"C7", "C9", "D10", "F10", "G9"}


def test_late_jump_to_a_double_with_removal() -> None:
    position = after(start(f"W:WE4:BE8:{LATE}"), "C3/H8")
    assert position.scores == (62, 51)
    assert dead(position) == {"C5", "D2", "A1", "B2", "D4", "E5", "G7", "I9", "E4", "H8"}
    # White on C3 attacks A2 A4 B1 B5 D1 D5 E2 E4, none of Black's jumps. F6 is 55:
    # of the doubles only J10 is still accessible and unoccupied (C3 holds White).
    assert legal(position) == {"C7", "C9", "D6", "D10", "F6", "F6/J10", "F10", "G9"}


def test_late_jump_kills_the_reverse_and_the_square_left() -> None:
    position = after(start(f"W:WE4:BE8:{LATE}"), "G5")
    assert position.scores == (86, 51)
    assert dead(position) == {"C5", "D2", "A1", "B2", "D4", "E5", "G7", "I9", "E4", "E7"}
    position = after(start(f"W:WE4:BE8:{LATE}"), "F2")
    assert dead(position) == {"C5", "D2", "A1", "B2", "D4", "E5", "G7", "I9", "E4", "B6"}


def test_landing_on_a_double_without_removal_kills_nothing_more() -> None:
    position = after(start(f"W:WE4:BE8:{LATE}"), "C3")
    assert position.scores == (62, 51)
    assert dead(position) == {"C5", "D2", "A1", "B2", "D4", "E5", "G7", "I9", "E4"}


def test_reverse_square_under_the_other_knight_dies_when_it_leaves() -> None:
    # G5 is 46: its reverse 64 is E7, where Black stands.
    position = after(start("W:WE4:BE7:S34,64"), "G5")
    assert dead(position) == {"E4"}
    assert position.knights == (SQUARE_OF_NAME["G5"], SQUARE_OF_NAME["E7"])
    assert position.scores == (80, 64)
    assert legal(position) == {"C6", "C8", "D5", "D9", "F5", "F9", "G6", "G8"}
    position = after(position, "C8")
    assert dead(position) == {"E4", "E7", "H3"}
    assert position.scores == (80, 136)


# End of the game -------------------------------------------------------------------------


def test_side_without_a_ply_ends_the_game_and_the_higher_score_wins() -> None:
    # A1 jumps only to B3 and C2, both dead.
    for scores, winner, result in (
        ("100,90", Side.WHITE, "1-0"),
        ("80,90", Side.BLACK, "0-1"),
        ("90,90", None, "1/2-1/2"),
    ):
        position = start(f"W:WA1:BJ10:S{scores}:XB3,C2")
        white, black = scores.split(",")
        assert GAME.legal_moves(position) == []
        assert GAME.scores(position) == (int(white), int(black))
        outcome = GAME.outcome(position)
        assert outcome == Outcome(
            winner, f"White has no legal ply; final score White {white}, Black {black}"
        )
        assert GAME.result_for(outcome) == (result,)


def test_game_ends_the_moment_the_side_to_move_is_stuck() -> None:
    # White's only ply is B3 (21, whose reverse C2 is already dead); then Black on J10
    # finds H9 and I8 dead and the game ends, although White scored last.
    position = start("W:WA1:BJ10:S5,30:XC2,H9,I8")
    assert GAME.outcome(position) is None
    assert legal(position) == {"B3"}
    position = after(position, "B3")
    assert position.scores == (26, 30)
    assert GAME.legal_moves(position) == []
    assert GAME.outcome(position) == Outcome(
        Side.BLACK, "Black has no legal ply; final score White 26, Black 30"
    )


def test_a_ply_after_the_end_is_refused() -> None:
    position = start("W:WA1:BJ10:S100,90:XB3,C2")
    try:
        GAME.parse_move(position, "B3")
    except IllegalMove as error:
        assert error.code == GAME_OVER
        assert not error.show_legal
    else:
        raise AssertionError("a ply after the end was accepted")


def test_positions_and_moves_are_values() -> None:
    one, two = (
        after(start(f"W:WE4:BE8:{LATE}"), "C3/H8"),
        after(start(f"W:WE4:BE8:{LATE}"), "22/77"),
    )
    assert one == two
    assert len({one, two, start()}) == 2
    assert len({KnightMove(22, 77), KnightMove(22, 77), KnightMove(22)}) == 2


def test_a_game_in_progress_has_no_outcome() -> None:
    assert GAME.outcome(start()) is None
    assert GAME.outcome(start(f"B:WE4:BE8:{LATE}")) is None


# Random play -------------------------------------------------------------------------------


def _accepts(position, text: str) -> bool:
    """Whether parse_move takes the text."""
    try:
        GAME.parse_move(position, text)
    except IllegalMove:
        return False
    return True


@settings(max_examples=60, deadline=None)
@given(layout_seed=st.integers(0, 2**32), play_seed=st.integers(0, 2**32))
def test_random_play_round_trips_every_legal_ply(layout_seed: int, play_seed: int) -> None:
    layout = random_layout(layout_seed)
    position = start(layout=layout)
    chooser = random.Random(play_seed)
    white = black = 0
    while GAME.outcome(position) is None:
        moves = GAME.legal_moves(position)
        assert moves
        for move in moves:
            for notation in GAME.notations:
                text = GAME.format_move(position, move, notation)
                assert GAME.notation_of(text) == notation
                assert GAME.parse_move(position, text) == move
        # parse_move's direct checks accept exactly the generated plies.
        landings = {m.to for m in moves}
        for square in range(100):
            name = GAME.format_move(position, KnightMove(square))
            assert _accepts(position, name) == (square in landings)
        removals = {position.layout.squares[11 * k] for k in range(10)} | {0, 55}
        for to in landings:
            for remove in removals:
                text = GAME.format_move(position, KnightMove(to, remove))
                assert _accepts(position, text) == (KnightMove(to, remove) in moves)
        move = chooser.choice(moves)
        number = position.layout.numbers[move.to]
        if position.turn is Side.WHITE:
            white += number
        else:
            black += number
        position = GAME.play(position, move)
        assert GAME.start(GAME.setup_tags(position)) == position
    assert GAME.scores(position) == (white, black)
    assert GAME.legal_moves(position) == []
    assert not _accepts(position, "A1")


# Replaying a line in one loop --------------------------------------------------------------


def _advanced(position, texts: list[str]):
    """The position after the plies advance reads one by one, and how many they are."""
    count = 0
    for text in texts:
        try:
            _, position = GAME.advance(position, text)
        except IllegalMove:
            break
        count += 1
    return position, count


def test_line_advancer_kills_removes_and_stops_where_advance_does() -> None:
    run = GAME.line_advancer()
    assert run is not None
    # G5 spares E7 under Black's knight, C8 kills it as Black leaves; G7 (66, a double)
    # removes B2 (11); D7 is not a jump from D6, so the line stops there.
    position = start("W:WE4:BE7:S34,64")
    texts = ["G5", "C8", "54", "D6", "66/11", "D7", "F8"]
    after_line, count = run(position, texts)
    assert (after_line, count) == _advanced(position, texts)
    assert count == 5
    assert after_line.paths == ((34, 46, 54, 66), (64, 72, 53))
    assert dead(after_line) == {"E4", "E7", "H3", "G5", "F5", "C8", "F4", "E6", "B2"}
    assert after_line.scores == (200, 189)
    assert after_line.turn is Side.BLACK
    with_fen = start(f"B:WE4:BE8:{LATE}")
    assert run(with_fen, ["x", "E10"]) == (with_fen, 0)


@settings(max_examples=60, deadline=None)
@given(
    layout_seed=st.integers(0, 2**32),
    play_seed=st.integers(0, 2**32),
    skip=st.integers(0, 40),
    bad=st.sampled_from(["", "A1", "J10", "00", "55/11", "E5/B7", "k11"]),
)
def test_line_advancer_reads_the_plies_advance_reads(
    layout_seed: int, play_seed: int, skip: int, bad: str
) -> None:
    # A random game's plies in both notations, from its start or a later position, one
    # of them replaced by a text that may be illegal there.
    chooser = random.Random(play_seed)
    position = start(layout=random_layout(layout_seed))
    texts = []
    while GAME.outcome(position) is None and len(texts) < 90:
        move = chooser.choice(GAME.legal_moves(position))
        texts.append(GAME.format_move(position, move, chooser.choice(GAME.notations)))
        position = GAME.play(position, move)
    if bad and texts:
        texts[chooser.randrange(len(texts))] = bad
    origin, skipped = _advanced(start(layout=random_layout(layout_seed)), texts[:skip])
    rest = texts[skipped:]
    run = GAME.line_advancer()
    assert run is not None
    got, count = run(origin, rest)
    expected, read = _advanced(origin, rest)
    assert count == read
    assert got == expected
    assert got.paths == expected.paths
