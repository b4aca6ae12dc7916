"""Keny rules: hand-worked legal-move sets, end of game, and random play round trips.

Every expected move set below was worked out by hand from the rulings (section 3), square
by square; the comments give the reasoning.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.games.base import IllegalMove, Outcome, Side
from notation.games.keny import START, Keny, KenyPosition, parse_rules, write_move
from notation.games.playout import playout

GAME = Keny()


def position(fen: str, rules: str | None = None):
    """A position set up with the FEN tag (and a Rules tag when given)."""
    tags = {"FEN": fen}
    if rules is not None:
        tags["Rules"] = rules
    return GAME.start(tags)


def legal(pos) -> set[str]:
    """The legal moves written in the default notation."""
    return {GAME.format_move(pos, move) for move in GAME.legal_moves(pos)}


def after(pos, *texts: str):
    """The position after playing the moves written."""
    for text in texts:
        pos = GAME.play(pos, GAME.parse_move(pos, text))
    return pos


def test_start_position_white():
    # Rank-3 men step forward; rank-2 men jump their rank-3 neighbour onto rank 4. Sideways
    # steps and jumps all land on occupied squares, and nothing can follow a jump to rank 4.
    expected = {f"{f}3-{f}4" for f in "abcdefgh"} | {f"{f}2-{f}4" for f in "abcdefgh"}
    assert legal(GAME.start({})) == expected


def test_start_position_black_moves_down():
    expected = {f"{f}6-{f}5" for f in "abcdefgh"} | {f"{f}7-{f}5" for f in "abcdefgh"}
    assert legal(position("B:Wa2-h3:Ba6-h7")) == expected


def test_start_tag_equals_default_start():
    assert GAME.start({"FEN": "W:Wa2-h3:Ba6-h7"}) == GAME.start({})


FRIENDLY = "W:Wc3,d3,c4,Kd5:Ba8"


def test_friendly_jump_chain():
    # c3: steps b3 (d3, c4 occupied); jumps c4 -> c5, then d5 (a king) -> e5; from e5 back
    # over d5 would land on c5 again; jump d3 -> e3, from e3 back over d3 would land on the
    # start square c3. d3: steps d4, e3; jump c3 -> b3, back over c3 lands on d3 (start).
    # c4: steps c5, b4, d4 (c3 is behind it: no backward jump). King d5 slides: d6 d7 d8,
    # d4 (d3 blocks), e5..h5, c5..a5.
    expected = {
        "c3-b3", "c3-c5", "c3-c5-e5", "c3-e3",
        "d3-d4", "d3-e3", "d3-b3",
        "c4-c5", "c4-b4", "c4-d4",
        "d5-d6", "d5-d7", "d5-d8", "d5-d4",
        "d5-e5", "d5-f5", "d5-g5", "d5-h5", "d5-c5", "d5-b5", "d5-a5",
    }  # fmt: skip
    assert legal(position(FRIENDLY)) == expected


def test_single_jump_option_forbids_the_chain():
    pos = position(FRIENDLY, "single-jump")
    assert legal(pos) == legal(position(FRIENDLY)) - {"c3-c5-e5"}


def test_friendly_jump_to_far_rank_crowns():
    # c6 jumps c7 onto c8 and is crowned; the man on c7 stays.
    pos = after(position("W:Wc6,c7:Bh2"), "c6-c8")
    assert GAME.setup_tags(pos)["FEN"] == "B:Wc7,Kc8:Bh2:H1"


KING_LANDING = "W:WKa1:Ba4,c6,f3"


def test_king_capture_must_land_where_it_can_go_on():
    # a1 north takes a4: of a5..a8 only a6 sees another capture (c6 along rank 6), so a6.
    # From a6 east takes c6: of d6..h6 only f6 sees f3 down the f-file, so f6. From f6 south
    # takes f3 and lands f2 or f1; neither goes on (the west, east and south lines are empty),
    # so both are allowed.
    assert legal(position(KING_LANDING)) == {"a1xa6xf6xf2", "a1xa6xf6xf1"}


def test_king_may_not_turn_back():
    # d4 north takes d6 landing d7 or d8, south takes d2 landing d1. Turning back from d7
    # southward would take d2, and from d1 northward d6: both forbidden. Rank 4 is empty.
    assert legal(position("W:WKd4:Bd6,d2")) == {"d4xd7", "d4xd8", "d4xd1"}


MAN_CHAIN = "W:Wd4,a2:Bd5,e6,f5,c6"


def test_man_capture_chain_must_continue_without_majority():
    # d4 takes d5 (north) onto d6, which it must leave by capturing again: east over e6 to
    # f6, then backward over f5 to f4 (3 pieces); or west over c6 to b6, where it stops
    # (2 pieces). No majority rule: both chains are legal. a2 may not move: capture first.
    assert legal(position(MAN_CHAIN)) == {"d4xd6xf6xf4", "d4xd6xb6"}


def test_optional_capture_option_adds_quiet_moves():
    # a2: steps a3, b2 (a1 is behind). d4: steps c4, e4 (d5 is occupied).
    expected = {"d4xd6xf6xf4", "d4xd6xb6", "a2-a3", "a2-b2", "d4-c4", "d4-e4"}
    assert legal(position(MAN_CHAIN, "optional-capture")) == expected


def test_capture_removes_pieces_and_resets_the_count():
    pos = after(position(MAN_CHAIN + ":H7"), "d4xd6xf6xf4")
    assert GAME.setup_tags(pos)["FEN"] == "B:Wa2,f4:Bc6"


PASS_FAR_RANK = "W:Wc6:Bc7,d8,e7"


def test_man_passing_the_far_rank_stays_a_man():
    # c6 takes c7 onto c8, d8 onto e8, then backward e7 onto e6: the turn ends on rank 6.
    pos = position(PASS_FAR_RANK)
    assert legal(pos) == {"c6xc8xe8xe6"}
    assert GAME.setup_tags(after(pos, "c6xc8xe8xe6"))["FEN"] == "B:We6:B"


def test_promote_in_capture_option_crowns_on_the_way():
    # Crowned on c8, the king takes d8 along rank 8: of e8..h8 only e8 sees e7, so e8; then
    # it takes e7 southward and lands anywhere on e6..e1.
    pos = position(PASS_FAR_RANK, "promote-in-capture")
    assert legal(pos) == {f"c6xc8xe8xe{rank}" for rank in range(1, 7)}


def test_a_man_crowned_mid_capture_promotes_as_a_bool():
    # It was the int 1, which the compiled build refused when the move was played.
    pos = position(PASS_FAR_RANK, "promote-in-capture")
    move, _ = GAME.advance(pos, "c6xc8xe8xe3")
    assert move.promotes is True


def test_promote_in_capture_crowned_piece_is_a_king():
    pos = after(position(PASS_FAR_RANK, "promote-in-capture"), "c6xc8xe8xe3")
    assert GAME.setup_tags(pos) == {"FEN": "B:WKe3:B", "Rules": "promote-in-capture"}


def test_king_landing_on_a_square_it_captured_stays_a_king():
    # h2 north takes h3: of h4..h8 only h7 sees f7, so h7. West takes f7: of e7..a7 only
    # a7 sees a5 down the a-file. South takes a5: of a4..a1 only a3 sees g3 along rank 3
    # (h3, taken first, is empty now). East takes g3 and lands on h3: the king ends there.
    pos = position("W:WKh2:Bg3-h3,a5,f7")
    assert legal(pos) == {"h2xh7xa7xa3xh3"}
    assert GAME.setup_tags(after(pos, "h2xh7xa7xa3xh3"))["FEN"] == "B:WKh3:B"


def test_capture_ending_on_far_rank_crowns_by_default():
    # c6 takes c7 onto c8; from c8 nothing is adjacent (e8 is two files away): crowned.
    pos = position("W:Wc6:Bc7,e8")
    assert legal(pos) == {"c6xc8"}
    assert GAME.setup_tags(after(pos, "c6xc8"))["FEN"] == "B:WKc8:Be8"


def test_outcome_no_pieces_left():
    assert GAME.outcome(position("B:Wd4:B")) == Outcome(Side.WHITE, "Black has no pieces left")
    assert GAME.outcome(position("W:Wd4:B")) is None


def test_outcome_blocked_side_loses():
    # Black a2: a1 is occupied and forward; b2 occupied sideways; capturing a1, a3 or b2
    # would need an empty square beyond (off the board, a4, c2).
    pos = position("B:Wa1,a3,a4,b2,c2:Ba2")
    assert legal(pos) == set()
    assert GAME.outcome(pos) == Outcome(Side.WHITE, "Black has no legal move")
    assert GAME.result_for(GAME.outcome(pos)) == ("1-0",)


def test_draw_the_moment_the_twentieth_quiet_ply_is_made():
    pos = position("W:Wd4:Bh8:H19")
    assert GAME.outcome(pos) is None
    drawn = after(pos, "d4-d5")
    assert GAME.outcome(drawn) == Outcome(None, "drawn: 20 plies in a row without a capture")
    assert GAME.legal_moves(drawn) == []
    assert GAME.result_for(GAME.outcome(drawn)) == ("1/2-1/2",)


def test_draw_comes_before_a_blocked_side():
    # White's 20th quiet ply h3-h4 leaves Black a2 blocked (as in the test above): the draw
    # is decided first.
    pos = position("W:Wa1,a3,a4,b2,c2,h3:Ba2:H19")
    drawn = after(pos, "h3-h4")
    assert GAME.outcome(drawn) == Outcome(None, "drawn: 20 plies in a row without a capture")


def test_capture_on_the_twentieth_ply_resets_the_count():
    pos = after(position("W:Wd4:Bd5,h8:H19"), "d4xd6")
    assert GAME.outcome(pos) is None
    assert GAME.setup_tags(pos)["FEN"] == "B:Wd6:Bh8"


def test_draw_option_changes_the_count():
    pos = after(position("W:Wd4:Bh8:H9", "draw=10"), "d4-d5")
    assert GAME.outcome(pos) == Outcome(None, "drawn: 10 plies in a row without a capture")


def test_scores_and_results():
    assert GAME.scores(GAME.start({})) is None
    assert GAME.results == ("1-0", "0-1", "1/2-1/2", "*")
    assert GAME.result_for(Outcome(Side.BLACK, "White has no legal move")) == ("0-1",)


def test_positions_and_moves_are_hashable():
    pos = GAME.start({})
    moves = GAME.legal_moves(pos)
    assert len({hash(m) for m in moves}) == len(moves)
    assert hash(pos) == hash(GAME.start({"FEN": "W:Wa2-h3:Ba6-h7"}))
    with pytest.raises(AttributeError):
        pos.turn = Side.BLACK


def test_start_board_text_square_by_square():
    # White men on ranks 2-3 (squares 8..23), Black men on ranks 6-7 (40..55).
    assert START.board == "." * 8 + "w" * 16 + "." * 16 + "b" * 16 + "." * 8


@settings(max_examples=100, deadline=None)
@given(cells=st.text(alphabet=".wWbB", min_size=64, max_size=64))
def test_board_text_reads_back(cells: str):
    pos = KenyPosition.from_board(cells, Side.BLACK, 3)
    assert pos.board == cells
    assert pos.white.bit_count() == cells.count("w") + cells.count("W")
    assert pos.black.bit_count() == cells.count("b") + cells.count("B")
    assert pos.kings.bit_count() == cells.count("W") + cells.count("B")
    assert (pos.turn, pos.quiet) == (Side.BLACK, 3)


def _round_trips(pos) -> None:
    """Every legal move reads back from its text in both notations, and the game is over
    exactly when there is no legal move."""
    moves = GAME.legal_moves(pos)
    for move in moves:
        for notation in GAME.notations:
            text = GAME.format_move(pos, move, notation)
            assert GAME.parse_move(pos, text) == move, text
    assert (GAME.outcome(pos) is None) == bool(moves)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_play_round_trips(seed: int):
    chooser = random.Random(seed)
    pos = GAME.start({})
    for _ in range(150):
        _round_trips(pos)
        moves = GAME.legal_moves(pos)
        if not moves:
            break
        pos = GAME.play(pos, chooser.choice(moves))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_texts_agree_with_the_move_list(seed: int):
    # For random two-square texts in positions reached by random play, parse_move accepts
    # exactly the texts of legal single-segment moves and refuses the rest with a KY code.
    chooser = random.Random(seed)
    pos = GAME.start({})
    for _ in range(60):
        moves = GAME.legal_moves(pos)
        if not moves:
            break
        written = {GAME.format_move(pos, m): m for m in moves}
        for _ in range(20):
            a, b = (f"{chooser.choice('abcdefgh')}{chooser.choice('12345678')}" for _ in "ab")
            text = f"{a}{chooser.choice('-x')}{b}"
            try:
                move = GAME.parse_move(pos, text)
            except IllegalMove as error:
                assert error.code.startswith("KY2")
                assert text not in written
            else:
                assert written[text] == move
        pos = GAME.play(pos, chooser.choice(moves))


def _random_position(chooser: random.Random) -> KenyPosition:
    """A random position with men and kings of both sides (men never on their far rank)."""
    cells = []
    for sq in range(64):
        piece = chooser.choices(".wWbB", weights=(10, 3, 1, 3, 1))[0]
        if (piece == "w" and sq >= 56) or (piece == "b" and sq < 8):
            piece = piece.upper()
        cells.append(piece)
    options = [name for name in OPTIONS if chooser.random() < 0.3]
    rules = parse_rules(",".join(options))
    return KenyPosition.from_board("".join(cells), chooser.choice(list(Side)), 0, rules)


OPTIONS = ("optional-capture", "single-jump", "promote-in-capture")


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_checker_agrees_with_generator_in_random_positions(seed: int):
    # Every generated move reads back. Near misses (a move cut short, its last landing moved
    # along its line) and random texts of 2 or 3 squares are accepted exactly when they are
    # the text of a generated move.
    chooser = random.Random(seed)
    pos = _random_position(chooser)
    _round_trips(pos)
    written = {GAME.format_move(pos, m): m for m in GAME.legal_moves(pos)}
    texts = []
    for text in written:
        squares = text.replace("x", "-").split("-")
        sign = "x" if "x" in text else "-"
        if len(squares) > 2:
            texts.append(sign.join(squares[:-1]))
        file, rank = squares[-2]
        line = {f"{f}{rank}" for f in "abcdefgh"} | {f"{file}{r}" for r in "12345678"}
        texts.extend(sign.join([*squares[:-1], sq]) for sq in sorted(line))
    for _ in range(40):
        sign = chooser.choice("-x")
        squares = [f"{chooser.choice('abcdefgh')}{chooser.choice('12345678')}" for _ in "abc"]
        text = sign.join(squares[: chooser.choice((2, 3))])
        texts.append(text)
    for text in texts:
        try:
            move = GAME.parse_move(pos, text)
        except IllegalMove as error:
            assert error.code.startswith("KY2")
            assert text not in written
        else:
            assert written[text] == move


@pytest.mark.parametrize("rules", ["", "optional-capture", "single-jump", "promote-in-capture"])
def test_every_text_the_move_reader_accepts_is_a_legal_move_of_the_generator(rules: str) -> None:
    """The bitboard reader (``advance``, with its fast paths) against the move generator,
    which works on the board text: over random games' positions, each of many texts (every
    legal move, and random steps and chains of two to four squares) is accepted exactly
    when it names a generated legal move, as that move, giving ``play``'s position."""
    game = Keny()
    tags = {"Rules": rules} if rules else {}
    names = [f"{file}{rank}" for file in "abcdefgh" for rank in range(1, 9)]
    rng = random.Random(rules)
    checked = accepted = 0
    for seed in range(4):
        played = playout(game, game.start(tags), random.Random(seed), max_plies=80)
        for position in played.positions:
            legal = {tuple(move): move for move in game.legal_moves(position)}
            texts = {write_move(move, rng.choice("x:")) for move in legal.values()}
            for _ in range(60):
                squares = rng.sample(names, rng.choice((2, 2, 2, 3, 4)))
                texts.add(rng.choice("-x:").join(squares))
            for text in sorted(texts):
                checked += 1
                try:
                    move, after = game.advance(position, text)
                except IllegalMove:
                    continue
                accepted += 1
                assert tuple(move) in legal, (position.board, text)
                assert after == game.play(position, legal[tuple(move)]), (position.board, text)
    assert accepted > 1000 and checked - accepted > 5000


@pytest.mark.parametrize("board", ["." * 63, "." * 65, "." * 63 + "x", "." * 63 + "K"])
def test_a_board_text_of_another_length_or_character_is_refused(board: str) -> None:
    with pytest.raises(ValueError, match="64 of the characters"):
        KenyPosition.from_board(board, Side.WHITE)
