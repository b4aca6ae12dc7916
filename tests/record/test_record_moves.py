"""The record layer reads any move-like token as a ply: the game judges it, not the grammar."""

from __future__ import annotations

import io

from notation.check.validator import validate_file

GAME = '[GameType "26"]\n\n1. 22-18 11-15 2. 28x91 8-11 *\n'


def messages(text: str) -> list[str]:
    return [
        d.format() for r in validate_file(io.StringIO(text), path="t.pdn") for d in r.diagnostics
    ]


def test_a_square_that_does_not_exist_is_the_games_verdict():
    assert messages(GAME) == [
        "t.pdn:3:19: error BR201 illegal move 28x91 (game 1, ply 3): "
        "'28x91' is not a Brazilian draughts move: there is no square 91; legal: 18x11"
    ]
    assert messages(GAME.replace("28x91", "28x33")) == [
        "t.pdn:3:19: error BR201 illegal move 28x33 (game 1, ply 3): "
        "'28x33' is not a Brazilian draughts move: there is no square 33; legal: 18x11"
    ]


def test_a_capture_cut_by_a_blank_is_two_plies():
    text = '[GameType "26"]\n\n1. 22-18 11-15 2. 18x11x 8x15 *\n'
    assert messages(text) == [
        "t.pdn:3:19: error BR201 illegal move 18x11x (game 1, ply 3): "
        "'18x11x' is not a Brazilian draughts move; legal: 18x11"
    ]
