"""Position keys (:func:`notation.index.keys.position_key`): what an index stores for every
position, so pinned with the schema version that reads them; equal for the positions
``select --position`` takes as one, in one call or many."""

from __future__ import annotations

import sys
from array import array

from notation.games.base import Side
from notation.games.registry import GAMES
from notation.index.keys import position_key, position_keys
from notation.index.schema import VERSION


def test_the_keys_of_the_starts_are_those_of_the_schema_version() -> None:
    starts = {
        name: game.start(game.new_tags(7) if name == "knight-fight" else {})
        for name, game in GAMES.items()
    }
    keys = {name: position_key(GAMES[name], start) for name, start in starts.items()}
    # A key written differently is another schema: an index of the old one is refused.
    assert (VERSION, keys) == (
        "6",
        {
            "brazilian": 9186466382144105483,
            "international": -7821074631930718795,
            "english": -5268560932051725554,
            "russian": -5311614401095247283,
            "kavaleria": 8633709268632559854,
            "keny": 1345495666703203469,
            "knight-fight": -8861954023732079497,
            "cheversi": 5289677792434874754,
        },
    )


def test_positions_compared_as_one_share_a_key_and_others_do_not() -> None:
    keny, knight_fight, brazilian = GAMES["keny"], GAMES["knight-fight"], GAMES["brazilian"]
    start = keny.start({})
    assert position_key(keny, start._replace(quiet=5)) == position_key(keny, start)
    assert position_key(keny, start._replace(turn=Side.BLACK)) != position_key(keny, start)
    fight = knight_fight.start(knight_fight.new_tags(7))
    walked = fight._replace(paths=((1, 2), (3,)))
    assert position_key(knight_fight, walked) == position_key(knight_fight, fight)
    assert position_key(knight_fight, fight._replace(dead=1)) != position_key(knight_fight, fight)
    cheversi = GAMES["cheversi"]
    empty = cheversi.start({})
    assert position_key(cheversi, empty._replace(notation="fr")) == position_key(cheversi, empty)
    first = brazilian.start({})
    assert position_key(brazilian, first._replace(turn=Side.BLACK)) != position_key(
        brazilian, first
    )
    assert position_key(GAMES["russian"], first) != position_key(brazilian, first)


def test_the_keys_of_a_line_are_its_positions_keys_in_order() -> None:
    game = GAMES["international"]
    line = [game.start({})]
    for text in ("32-28", "19-23", "28x19"):
        line.append(game.advance(line[-1], text)[1])
    packed = position_keys(game, line)
    keys = array("q", packed)
    if sys.byteorder == "big":
        keys.byteswap()
    assert list(keys) == [position_key(game, position) for position in line]
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
    first, second = (array("q", position_keys(game, line)) for line in lines)
    if sys.byteorder == "big":
        first.byteswap()
        second.byteswap()
    assert lines[0][-1] == lines[1][-1]
    assert first[3:] == second[3:]
    assert first[-1] == position_key(game, lines[0][-1])
    assert first[0] == second[0]
    assert len({*first, *second}) == 7
