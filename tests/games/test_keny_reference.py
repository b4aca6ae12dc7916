"""Keny's move generator and move checker against a small, slow reference written from the
rules (``docs/rules/keny.md``), over seeded random positions and random playouts.

The reference keeps the board as a dict of squares and follows each rule literally; the
game's own code works on board texts and sets of squares, so this catches a fast path
that drifts from the rules. Each legal move must be the same list of moves (in any order),
and a quiet move must be refused as KY211 exactly when the reference finds a capture.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from notation.games.base import IllegalMove, Side
from notation.games.keny import (
    CAPTURE_COMPULSORY,
    START,
    Keny,
    KenyMove,
    KenyPosition,
    parse_rules,
    write_move,
)

GAME = Keny()
STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
BACK = {"N": "S", "S": "N", "E": "W", "W": "E"}

Board = dict[tuple[int, int], str]
"""Square (file 0-7, rank 0-7) to piece (``wWbB``); an empty square is not a key."""


def board_of(position: KenyPosition) -> Board:
    return {(sq % 8, sq // 8): p for sq, p in enumerate(position.board) if p != "."}


def index(square: tuple[int, int]) -> int:
    return square[1] * 8 + square[0]


def on_board(square: tuple[int, int]) -> bool:
    return 0 <= square[0] < 8 and 0 <= square[1] < 8


def ahead(square: tuple[int, int], way: str, n: int = 1) -> tuple[int, int]:
    return square[0] + STEP[way][0] * n, square[1] + STEP[way][1] * n


def mine(piece: str | None, side: Side) -> bool:
    return piece is not None and piece.lower() == "wb"[side]


def theirs(piece: str | None, side: Side) -> bool:
    return piece is not None and piece.lower() == "wb"[1 - side]


def captures_from(board: Board, at: tuple[int, int], king: bool, side: Side, back: str | None):
    """Each single capture from ``at``: (way, square taken, landing squares allowed)."""
    found = []
    for way in STEP:
        if king:
            if way == back:
                continue
            n = 1
            while on_board(ahead(at, way, n)) and ahead(at, way, n) not in board:
                n += 1
            victim = ahead(at, way, n)
            if not on_board(victim) or not theirs(board.get(victim), side):
                continue
            landings = []
            m = n + 1
            while on_board(ahead(at, way, m)) and ahead(at, way, m) not in board:
                landings.append(ahead(at, way, m))
                m += 1
            after = {k: v for k, v in board.items() if k != victim}
            going_on = [t for t in landings if captures_from(after, t, True, side, BACK[way])]
            landings = going_on or landings
        else:
            victim, land = ahead(at, way), ahead(at, way, 2)
            ok = on_board(land) and theirs(board.get(victim), side) and land not in board
            landings = [land] if ok else []
        if landings:
            found.append((way, victim, landings))
    return found


def reference_moves(position: KenyPosition) -> list[KenyMove]:
    """Every legal move by the rules, one literal step at a time."""
    rules, side = position.rules, position.turn
    if position.quiet >= rules.draw_plies:
        return []
    board = board_of(position)
    far = 7 if side is Side.WHITE else 0
    captures: list[KenyMove] = []

    def chain(board: Board, path, taken, king: bool, was_man: bool, back: str | None) -> None:
        at = path[-1]
        steps = captures_from(board, at, king, side, back)
        if not steps and taken:
            promotes = was_man and (king or at[1] == far)
            captures.append(KenyMove(tuple(map(index, path)), tuple(map(index, taken)), promotes))
        for way, victim, landings in steps:
            after = {k: v for k, v in board.items() if k != victim}
            for land in landings:
                crowned = king or (rules.promote_in_capture and land[1] == far)
                chain(after, [*path, land], [*taken, victim], crowned, was_man, BACK[way])

    quiet: list[KenyMove] = []
    for square, piece in board.items():
        if not mine(piece, side):
            continue
        lifted = {k: v for k, v in board.items() if k != square}
        king = piece.isupper()
        chain(lifted, [square], [], king, not king, None)
        if king:
            for way in STEP:
                n = 1
                while on_board(ahead(square, way, n)) and ahead(square, way, n) not in board:
                    quiet.append(KenyMove((index(square), index(ahead(square, way, n)))))
                    n += 1
            continue
        ways = ["N" if side is Side.WHITE else "S", "E", "W"]
        for way in ways:
            to = ahead(square, way)
            if on_board(to) and to not in board:
                quiet.append(KenyMove((index(square), index(to)), (), to[1] == far))
        friendly_jumps(lifted, side, ways, rules.jump_chains, [square], quiet)
    if captures and rules.compulsory_capture:
        return captures
    return captures + quiet


def friendly_jumps(board: Board, side: Side, ways, chains: bool, path, out) -> None:
    """Append each friendly jump (and chain of them, when ``chains``) continuing ``path``."""
    far = 7 if side is Side.WHITE else 0
    for way in ways:
        over, land = ahead(path[-1], way), ahead(path[-1], way, 2)
        if mine(board.get(over), side) and on_board(land) and land not in board:
            if land in path:
                continue
            longer = [*path, land]
            out.append(KenyMove(tuple(map(index, longer)), (), land[1] == far))
            if chains:
                friendly_jumps(board, side, ways, chains, longer, out)


def random_position(rng: random.Random) -> KenyPosition:
    cells = []
    for sq in range(64):
        piece = rng.choices(".wWbB", weights=(10, 3, 1, 3, 1))[0]
        if (piece == "w" and sq >= 56) or (piece == "b" and sq < 8):
            piece = piece.upper()
        cells.append(piece)
    options = ("optional-capture", "single-jump", "promote-in-capture", "draw=7")
    rules = parse_rules(",".join(o for o in options if rng.random() < 0.3))
    return KenyPosition.from_board("".join(cells), rng.choice(list(Side)), rng.randrange(5), rules)


def agree(position: KenyPosition) -> list[KenyMove]:
    """Assert the game agrees with the reference in ``position``; its legal moves."""
    legal = GAME.legal_moves(position)
    expected = reference_moves(position)
    assert Counter(legal) == Counter(expected), position
    if position.quiet >= position.rules.draw_plies:
        return legal
    capture = any(m.captured for m in expected)
    for move in expected:
        assert GAME.parse_move(position, write_move(move)) == move
    board = board_of(position)
    for square, piece in board.items():
        if not mine(piece, position.turn) or piece.isupper():
            continue
        for way in ("E", "W"):
            to = ahead(square, way)
            if on_board(to) and to not in board:
                text = write_move(KenyMove((index(square), index(to))))
                try:
                    GAME.parse_move(position, text)
                except IllegalMove as error:
                    assert error.code == CAPTURE_COMPULSORY
                    assert capture and position.rules.compulsory_capture
                else:
                    assert not (capture and position.rules.compulsory_capture)
    return legal


@pytest.mark.parametrize("seed", range(150))
def test_random_positions_and_playouts_agree_with_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    for position in (START, random_position(rng)):
        for _ in range(60):
            legal = agree(position)
            outcome = GAME.outcome(position)
            if outcome is not None:
                drawn = position.quiet >= position.rules.draw_plies
                assert outcome.winner is (None if drawn else position.turn.other)
                assert drawn or not legal
                break
            assert legal
            position = GAME.play(position, rng.choice(legal))
