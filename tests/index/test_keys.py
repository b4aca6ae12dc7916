"""Position keys (:func:`notation.index.keys.position_key`): what an index stores for every
position, so pinned with the schema version that reads them; equal for the positions
``select --position`` takes as one, in one call or many."""

from __future__ import annotations

import random
import sys
from array import array

import pytest

from notation.games.base import Side
from notation.games.playout import playout
from notation.games.registry import GAMES
from notation.index.keys import position_key, position_keys
from notation.index.schema import VERSION

SALT = bytes(range(16))
"""An index's secret, fixed here so that its keys can be pinned."""


def test_the_keys_of_the_starts_are_those_of_the_schema_version() -> None:
    starts = {
        name: game.start(game.new_tags(7) if name == "knight-fight" else {})
        for name, game in GAMES.items()
    }
    keys = {name: position_key(GAMES[name], start, SALT) for name, start in starts.items()}
    # A key written differently is another schema: an index of the old one is refused.
    assert (VERSION, keys) == (
        "10",
        {
            "brazilian": 5089267792150810056,
            "international": -1558932305986689796,
            "english": -8858959640867101183,
            "russian": -8617681737197192406,
            "kavaleria": 7586152253285210157,
            "keny": -4453291527526508031,
            "knight-fight": -5119314508055806968,
            "cheversi": -3939177257026027885,
        },
    )


def test_each_index_has_keys_of_its_own() -> None:
    # The secret enters every key: without it, no position can be chosen to meet a key.
    other = bytes(16)
    for name, game in GAMES.items():
        start = game.start(game.new_tags(7) if name == "knight-fight" else {})
        assert position_key(game, start, SALT) != position_key(game, start, other), name
        assert position_key(game, start, SALT) == position_key(game, start, bytes(SALT)), name


def test_positions_compared_as_one_share_a_key_and_others_do_not() -> None:
    keny, knight_fight, brazilian = GAMES["keny"], GAMES["knight-fight"], GAMES["brazilian"]
    start = keny.start({})
    assert position_key(keny, start._replace(quiet=5), SALT) == position_key(keny, start, SALT)
    assert position_key(keny, start._replace(turn=Side.BLACK), SALT) != position_key(
        keny, start, SALT
    )
    fight = knight_fight.start(knight_fight.new_tags(7))
    walked = fight._replace(paths=((1, 2), (3,)))
    assert position_key(knight_fight, walked, SALT) == position_key(knight_fight, fight, SALT)
    assert position_key(knight_fight, fight._replace(dead=1), SALT) != position_key(
        knight_fight, fight, SALT
    )
    cheversi = GAMES["cheversi"]
    empty = cheversi.start({})
    assert position_key(cheversi, empty._replace(notation="fr"), SALT) == position_key(
        cheversi, empty, SALT
    )
    first = brazilian.start({})
    assert position_key(brazilian, first._replace(turn=Side.BLACK), SALT) != position_key(
        brazilian, first, SALT
    )
    assert position_key(GAMES["russian"], first, SALT) != position_key(brazilian, first, SALT)


def test_the_keys_of_a_line_are_its_positions_keys_in_order() -> None:
    game = GAMES["international"]
    line = [game.start({})]
    for text in ("32-28", "19-23", "28x19"):
        line.append(game.advance(line[-1], text)[1])
    packed = position_keys(game, line, SALT)
    keys = array("q", packed)
    if sys.byteorder == "big":
        keys.byteswap()
    assert list(keys) == [position_key(game, position, SALT) for position in line]
    assert len(set(keys)) == 4


def test_a_position_reached_by_two_move_orders_has_one_key_in_each_line() -> None:
    # A line's keys are made one from the last: a transposition still meets the same key.
    game = GAMES["international"]
    lines = []
    for moves in (("32-28", "17-21", "33-29", "12-17"), ("33-29", "17-21", "32-28", "12-17")):
        line = [game.start({})]
        for text in moves:
            line.append(game.advance(line[-1], text)[1])
        lines.append(line)
    first, second = (array("q", position_keys(game, line, SALT)) for line in lines)
    if sys.byteorder == "big":
        first.byteswap()
        second.byteswap()
    assert lines[0][-1] == lines[1][-1]
    assert first[3:] == second[3:]
    assert first[-1] == position_key(game, lines[0][-1], SALT)
    assert first[0] == second[0]
    assert len({*first, *second}) == 7


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_keys_of_played_lines_are_those_of_their_positions_alone(name: str) -> None:
    # A line's keys reuse what its positions share (the pieces a move left, a layout, the
    # rules): each is still the key of its position taken alone.
    game = GAMES[name]
    rng = random.Random(39)
    positions = 0
    for seed in range(6):
        tags = game.new_tags(seed) if name == "knight-fight" else {}
        line = playout(game, game.start(tags), rng, max_plies=120).positions
        keys = array("q", position_keys(game, line, SALT))
        if sys.byteorder == "big":
            keys.byteswap()
        assert list(keys) == [position_key(game, position, SALT) for position in line]
        positions += len(line)
    assert positions > 100
