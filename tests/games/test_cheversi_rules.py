"""Cheversi rules: hand-worked positions, their exact legal placements, scores and outcomes.

Every expected set and score below was worked out by hand from the rulings (section 5),
not computed with the module under test. Squares are written as names; ``_moves`` turns
the game's legal moves into (piece letter, square name) pairs to compare.
"""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.games.base import IllegalMove, Outcome, Side
from notation.games.cheversi import CHECKS, Cheversi, CheversiPosition, Placement, allowed

GAME = Cheversi()
FILES = "abcdefgh"


def _name(index: int) -> str:
    """Square name of an index, a1 = 0, b1 = 1, ..., h8 = 63."""
    return f"{FILES[index % 8]}{index // 8 + 1}"


def _index(name: str) -> int:
    """Square index of a name."""
    return FILES.index(name[0]) + 8 * (int(name[1]) - 1)


def _moves(fen: str | None) -> set[tuple[str, str]]:
    """The legal placements of the position as (kind, square name)."""
    position = GAME.start({} if fen is None else {"FEN": fen})
    return {(move.kind, _name(move.square)) for move in GAME.legal_moves(position)}


def _expand(kinds: str, squares: str) -> set[tuple[str, str]]:
    """Every kind in ``kinds`` on every square in the space-separated ``squares``."""
    return {(kind, square) for kind in kinds for square in squares.split()}


def _replay(text: str) -> object:
    """The position after the space-separated moves from the empty board."""
    position = GAME.start({})
    for move in text.split():
        position = GAME.play(position, GAME.parse_move(position, move))
    return position


# Positions, as FEN tags.
AFTER_KING = "8/8/8/8/4K3/8/8/8 b e4"
BLACK_CALLS = "8/8/8/8/8/8/1q6/K7 w b2"  # Black's Queen b2, White's Queen off the board
WHITE_CALLS = "8/8/2Q5/3n4/4K3/8/8/8 b c6"  # White's Queen c6, Black's Queen off the board
BISHOPS = "8/8/8/8/8/2B5/1b6/K7 b c3"  # Black's dark Bishop on b2
BLACK_7TH = "8/8/8/8/8/8/1brrbnn1/RNBKNBR1 b g1"
WHITE_8TH = "8/8/8/8/8/8/1brrbnnq/RNBKNBR1 w h2"
BLACK_8TH = "8/8/8/8/8/8/Qbrrbnnq/RNBKNBR1 b a2"
FINAL = "8/8/8/8/8/k7/Qbrrbnnq/RNBKNBR1 w a3"
STUCK = "8/8/8/8/8/8/NBRKQRN1/1nbbrqnr w h1"  # White's last piece, a Bishop, has no square

GAME_ONE = "Kd1 Rd2 Bc1 Rc2 Nb1 Bb2 Ra1 Be2 Ne1 Nf2 Bf1 Ng2 Rg1 Qh2 Qa2 Ka3"
GAME_TWO = "Kd2 Re1 Qe2 Qf1 Rf2 Bd1 Rc2 Bc1 Bb2 Nb1 Na2 Ng1 Ng2 Rh1"


def test_first_ply_is_white_king_anywhere() -> None:
    assert _moves(None) == {("K", _name(i)) for i in range(64)}


def test_black_answers_next_to_the_king_with_anything_but_its_king() -> None:
    assert _moves(AFTER_KING) == _expand("QRBN", "d3 e3 f3 d4 f4 d5 e5 f5")


def test_queen_call_by_black_forces_white_queen() -> None:
    assert _moves(BLACK_CALLS) == _expand("Q", "a2 a3 b1 b3 c1 c2 c3")


def test_queen_call_by_white_forces_black_queen() -> None:
    assert _moves(WHITE_CALLS) == _expand("Q", "d3 e3 f3 d4 f4 e5 f5 b5 c5 b6 d6 b7 c7 d7")


def test_second_bishop_goes_on_the_other_colour() -> None:
    touching = "a2 b1 c2 d2 b3 d3 b4 c4 d4"
    light = "a2 b1 c2 b3 d3 c4"
    assert _moves(BISHOPS) == _expand("QRN", touching) | _expand("B", light)


def test_black_seventh_ply_is_its_queen() -> None:
    assert _moves(BLACK_7TH) == _expand("Q", "a2 h1 h2")


def test_white_eighth_piece_keeps_an_empty_neighbour() -> None:
    # h1 touches Black's g2 and h2 but every neighbour of it would then be full.
    assert _moves(WHITE_8TH) == _expand("Q", "a2 a3 b3 c3 d3 e3 f3 g3 h3")


def test_black_king_touches_white_eighth_piece() -> None:
    assert _moves(BLACK_8TH) == _expand("K", "a3 b3")


def test_no_moves_after_sixteen_plies() -> None:
    assert _moves(FINAL) == set()


def test_no_placement_for_a_bishop_of_the_wrong_colour_ends_the_game() -> None:
    # The empty squares touching Black are a1 and h2, both dark like White's Bishop b2.
    assert _moves(STUCK) == set()


@pytest.mark.parametrize(
    ("fen", "expected"),
    [
        (None, (0, 0)),
        (AFTER_KING, (8, 0)),
        (BLACK_CALLS, (2, 22)),
        (WHITE_CALLS, (27, 8)),
        (BISHOPS, (11, 2)),
        (BLACK_7TH, (12, 34)),
        (WHITE_8TH, (12, 47)),
        (BLACK_8TH, (17, 47)),
        (FINAL, (10, 49)),
        (STUCK, (41, 11)),
    ],
)
def test_scores(fen: str | None, expected: tuple[int, int]) -> None:
    assert GAME.scores(GAME.start({} if fen is None else {"FEN": fen})) == expected


def test_attack_counts_include_occupied_squares_but_scores_do_not() -> None:
    white, black = GAME.attack_counts(GAME.start({"FEN": BISHOPS}))
    # White Ka1 attacks a2 b1 b2; Bc3 attacks b4 a5 d4 e5 f6 g7 h8 d2 e1 and b2.
    assert {_name(i): n for i, n in enumerate(white) if n} == {
        "a2": 1, "b1": 1, "b2": 2, "b4": 1, "a5": 1, "d4": 1, "e5": 1, "f6": 1,
        "g7": 1, "h8": 1, "d2": 1, "e1": 1,
    }  # fmt: skip
    # Black Bb2 attacks a3, c1 and the pieces on a1 and c3.
    assert {_name(i): n for i, n in enumerate(black) if n} == {"a3": 1, "c1": 1, "a1": 1, "c3": 1}


@pytest.mark.parametrize("fen", [None, AFTER_KING, BLACK_CALLS, BISHOPS, BLACK_7TH, WHITE_8TH])
def test_game_goes_on(fen: str | None) -> None:
    assert GAME.outcome(GAME.start({} if fen is None else {"FEN": fen})) is None


def test_outcome_after_sixteen_plies() -> None:
    outcome = GAME.outcome(GAME.start({"FEN": FINAL}))
    assert outcome == Outcome(
        Side.BLACK, "all 16 pieces are on the board; score White 10, Black 49"
    )
    assert GAME.result_for(outcome) == ("0-1",)


def test_outcome_when_the_side_to_place_is_stuck() -> None:
    outcome = GAME.outcome(GAME.start({"FEN": STUCK}))
    assert outcome == Outcome(Side.WHITE, "White has no legal placement; score White 41, Black 11")
    assert GAME.result_for(outcome) == ("1-0",)


def test_full_game_replays_to_its_final_position() -> None:
    final = _replay(GAME_ONE)
    assert final == GAME.start({"FEN": FINAL})
    assert GAME.scores(final) == (10, 49)


def test_game_that_ends_early_replays_to_the_stuck_position() -> None:
    stuck = _replay(GAME_TWO)
    assert stuck == GAME.start({"FEN": STUCK})
    assert GAME.outcome(stuck) == Outcome(
        Side.WHITE, "White has no legal placement; score White 41, Black 11"
    )


@pytest.mark.parametrize(
    ("plies", "fen"),
    [(1, "8/8/8/8/8/8/8/3K4 b d1"), (13, BLACK_7TH), (14, WHITE_8TH), (15, BLACK_8TH)],
)
def test_replayed_positions_equal_their_fen(plies: int, fen: str) -> None:
    assert _replay(" ".join(GAME_ONE.split()[:plies])) == GAME.start({"FEN": fen})


def test_positions_and_moves_are_hashable_values() -> None:
    one, two = GAME.start({"FEN": BISHOPS}), GAME.start({"FEN": BISHOPS, "Notation": "fr"})
    assert one == two and hash(one) == hash(two)
    assert len({Placement("Q", _index("a2")), Placement("Q", _index("a2"))}) == 1


@settings(max_examples=80, deadline=None)
@given(st.data(), st.sampled_from(["en", "fr", "de", "ru", "uk", "figurine"]))
def test_random_play_round_trips_every_move(data: st.DataObject, notation: str) -> None:
    position = GAME.start({"Notation": notation})
    while True:
        legal = GAME.legal_moves(position)
        if not legal:
            break
        assert GAME.outcome(position) is None
        move = legal[data.draw(st.integers(0, len(legal) - 1), label="move")]
        text = GAME.format_move(position, move, notation)
        assert GAME.parse_move(position, text) == move
        position = GAME.play(position, move)
    outcome = GAME.outcome(position)
    assert outcome is not None
    white, black = GAME.scores(position)
    assert outcome.winner == (None if white == black else Side(int(black > white)))
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(position, "Ke4")
    assert raised.value.code == "CV203"


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_parse_accepts_exactly_the_legal_moves(data: st.DataObject) -> None:
    position = GAME.start({})
    for _ in range(data.draw(st.integers(0, 15), label="plies")):
        legal = GAME.legal_moves(position)
        if not legal:
            break
        position = GAME.play(position, legal[data.draw(st.integers(0, len(legal) - 1))])
    legal = set(GAME.legal_moves(position))
    accepted = set()
    for kind in "KQRBN":
        for square in range(64):
            with contextlib.suppress(IllegalMove):
                accepted.add(GAME.parse_move(position, f"{kind}{_name(square)}"))
    assert accepted == legal


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_the_placement_test_in_one_step_agrees_with_the_rules_one_by_one(
    data: st.DataObject,
) -> None:
    position = GAME.start({})
    for _ in range(data.draw(st.integers(0, 16), label="plies")):
        legal = GAME.legal_moves(position)
        if not legal:
            break
        position = GAME.play(position, legal[data.draw(st.integers(0, len(legal) - 1))])
    for kind in "KQRBN":
        for square in range(64):
            by_the_rules = all(check(position, kind, square) is None for _, check in CHECKS)
            assert allowed(position, kind, square) == by_the_rules, (kind, _name(square))
    # A score counts the attacks on empty squares (attack_counts counts every square).
    board = position.board
    white, black = GAME.attack_counts(position)
    on_empty = [sum(n for i, n in enumerate(side) if board[i] == ".") for side in (white, black)]
    assert list(GAME.scores(position)) == on_empty


@pytest.mark.parametrize(
    ("texts", "read"),
    [
        (GAME_ONE.split(), 16),
        ([*GAME_ONE.split(), "Kh8"], 16),  # the game is over
        (GAME_TWO.split(), 14),
        (["Kd1", "Rd2", "Bc1", "Qh8", "Nb1"], 3),  # Qh8 touches no White piece
        (["Kd1", "Zd2", "Rd2"], 1),  # not a placement
        ([*GAME_ONE.split()[:15], "Kh8"], 15),  # Black's King away from White's 8th piece
    ],
)
def test_line_advancer_reads_the_plies_advance_reads(texts: list[str], read: int) -> None:
    start = GAME.start({})
    run = GAME.line_advancer()
    assert run is not None
    position, count = run(start, texts)
    assert count == read
    expected = start
    for text in texts[:read]:
        _, expected = GAME.advance(expected, text)
    assert position == expected
    assert position.ply == read
    if read < len(texts):
        with pytest.raises(IllegalMove):
            GAME.advance(position, texts[read])
    if texts[:16] == GAME_ONE.split():
        assert position == GAME.start({"FEN": FINAL})


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_line_advancer_stops_where_advance_does_from_any_position(data: st.DataObject) -> None:
    # From a position of a random game, or the same position set up by its FEN (a board
    # the loop reads square by square), every text a legal placement in some notation
    # or a foreign letter, read in the position's notation.
    notation = data.draw(st.sampled_from(GAME.notations), label="notation")
    position = GAME.start({"Notation": notation})
    for _ in range(data.draw(st.integers(0, 15), label="plies")):
        legal = GAME.legal_moves(position)
        if not legal:
            break
        position = GAME.play(position, data.draw(st.sampled_from(legal)))
    if data.draw(st.booleans(), label="from its FEN"):
        position = GAME.start({"Notation": notation, **GAME.setup_tags(position)})
    texts = []
    following = position
    for _ in range(data.draw(st.integers(0, 17), label="texts")):
        candidates = GAME.legal_moves(following) or [Placement("K", 0)]
        move = data.draw(st.sampled_from(candidates))
        written = data.draw(st.sampled_from(GAME.notations), label="written in")
        texts.append(GAME.format_move(following, move, written))
        if move in GAME.legal_moves(following):
            following = GAME.play(following, move)
    run = GAME.line_advancer()
    assert run is not None
    reached, count = run(position, texts)
    expected = position
    read = 0
    for text in texts:
        try:
            _, expected = GAME.advance(expected, text)
        except IllegalMove:
            break
        read += 1
    assert count <= read
    for text in texts[count:read]:  # the loop leaves a text to advance, never misreads one
        _, reached = GAME.advance(reached, text)
    assert reached == expected
    assert reached.board == expected.board
    assert (reached.last, reached.ply, reached.notation) == (expected.last, expected.ply, notation)


@pytest.mark.parametrize("last", [-2, 64, 99])
@pytest.mark.parametrize("board", ["." * 64, "K" + "." * 63])
def test_line_advancer_leaves_a_last_square_off_the_board_to_advance(board: str, last: int) -> None:
    """A position no record sets up, its last square off the board, is not read by the
    loop (it indexed the board there: IndexError on an empty board), but left to
    ``advance``."""
    position = CheversiPosition(board, last, board.count("K"), "en")
    run = GAME.line_advancer()
    assert run is not None
    assert run(position, ["Kd1", "Rd2"]) == (position, 0)
