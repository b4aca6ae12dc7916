"""Keys no record can be made to share: each index draws a secret of its own, from which
its keys are made. Schema 6's Zobrist numbers were public, and a key is the exclusive or
of some of them: a ``FEN`` setup is built here by linear algebra over GF(2) to share
schema 6's key with a position played, and neither ``find --position`` nor ``tree``
takes it for that position. Whoever reads an index's secret can build one for that index
as well: the games of a setup are replayed to the position before they are listed or
counted."""

from __future__ import annotations

import json
from collections.abc import Callable
from hashlib import blake2b
from pathlib import Path
from typing import Any, cast

from notation.games.base import Position, Side
from notation.games.draughts import DraughtsGame
from notation.games.registry import GAMES
from notation.index import postings
from notation.index.schema import open_index, salt

from .archive import AFTER_FOUR, CLUB, OPEN, found, run, write

INTERNATIONAL = cast(DraughtsGame[Any, Any], GAMES["international"])

PLAYED = ("32-28", "19-23", "28x19", "14x23")
"""The moves of the game played, from the start."""


def _number(name: str, role: str, value: int, salt: bytes = b"") -> int:
    """A Zobrist number of schema 6 (``salt`` empty): the BLAKE2b digest of the game,
    role and cell; of schema 7, that digest keyed by the index's ``salt``."""
    text = f"{name}\0{role}\0{value}".encode()
    digest = blake2b(text, digest_size=8, key=salt, person=b"zobrist")
    return int.from_bytes(digest.digest(), "little")


def _cell(game: DraughtsGame[Any, Any], square: int) -> int:
    engine = game.engine
    return engine.size * engine.row[square] + engine.column[square]


def schema_6_key(game: DraughtsGame[Any, Any], position: Position, salt: bytes = b"") -> int:
    """The key schema 6 gave ``position`` (unsigned), the same in every index; with
    ``salt``, the key schema 7 gives it in the index of that secret."""
    white, black, kings, turn = position
    key = _number(game.name, "turn", int(turn), salt)
    for role, mask in (("white", white), ("black", black), ("king", kings)):
        for square in game.engine.squares_in(mask):
            key ^= _number(game.name, role, _cell(game, square), salt)
    return key


def crafted(game: DraughtsGame[Any, Any], target: Position, salt: bytes = b"") -> str:
    """The ``FEN`` of a position of a piece on every square whose schema 6 key (with
    ``salt``, schema 7's in the index of that secret) is that of ``target``: each square
    holds White's or Black's piece, a man or a king (a king on the rows where men are
    crowned), which are two (one) unknowns over GF(2) whose numbers add to the key; 80
    unknowns on 50 squares for 64 bits, solved by elimination."""
    engine, name = game.engine, game.name
    crowned = engine.promotion[0] | engine.promotion[1]
    want = schema_6_key(game, target, salt) ^ _number(name, "turn", int(target[3]), salt)
    unknowns: list[tuple[int, int, int]] = []  # (its number, square, 0: king, 1: side)
    kings = set()
    for square in range(1, len(engine.row)):
        white, black, king = (
            _number(name, role, _cell(game, square), salt) for role in ("white", "black", "king")
        )
        want ^= white
        if engine.bit[square] & crowned:
            want ^= king
            kings.add(square)
        else:
            unknowns.append((king, square, 0))
        unknowns.append((white ^ black, square, 1))
    basis: dict[int, tuple[int, int]] = {}
    for place, (vector, _, _) in enumerate(unknowns):
        chosen = 1 << place
        while vector and vector.bit_length() - 1 in basis:
            other, used = basis[vector.bit_length() - 1]
            vector, chosen = vector ^ other, chosen ^ used
        if vector:
            basis[vector.bit_length() - 1] = (vector, chosen)
    chosen = 0
    while want:
        vector, used = basis[want.bit_length() - 1]
        want, chosen = want ^ vector, chosen ^ used
    black = set()
    for place, (_, square, what) in enumerate(unknowns):
        if chosen >> place & 1:
            (kings if what == 0 else black).symmetric_difference_update({square})
    sides = [
        ",".join(
            ("K" if square in kings else "") + str(square)
            for square in range(1, len(engine.row))
            if (square in black) == bool(side)
        )
        for side in Side
    ]
    return f"{'W' if target[3] is Side.WHITE else 'B'}:W{sides[0]}:B{sides[1]}"


def _played() -> Position:
    position = INTERNATIONAL.start({})
    for text in PLAYED[:2]:
        position = INTERNATIONAL.advance(position, text)[1]
    return position


def test_a_setup_can_be_made_to_share_a_key_of_schema_6() -> None:
    # The hole schema 7 closes: the setup built has schema 6's key of the position played.
    game = INTERNATIONAL
    target = _played()
    made = game.parse_fen(crafted(game, target))
    assert made != target
    assert schema_6_key(game, made) == schema_6_key(game, target)


def test_find_and_tree_do_not_take_a_made_setup_for_the_position(
    tmp_path: Path, target: str
) -> None:
    game = INTERNATIONAL
    played = _played()
    fen = game.setup_tags(played)["FEN"]
    made = crafted(game, played)
    head = '[GameType "20"]\n'
    write(
        tmp_path,
        played=f'{head}[Result "*"]\n\n1. {PLAYED[0]} {PLAYED[1]} 2. {PLAYED[2]} {PLAYED[3]} *\n',
        made=f'{head}[FEN "{made}"]\n[Result "*"]\n\n*\n',
    )
    result = run("index", "--db", target, str(tmp_path))
    assert result.exit_code == 0, result.stderr

    def places(*filters: str) -> list[tuple[str, int, object]]:
        return [(Path(str(g["path"])).name, int(g["index"]), g["ply"]) for g in found(*filters)]

    for asked in ((), ("--game", "international")):
        assert places(target, "--position", fen, *asked) == [("played.pdn", 1, 2)]
        assert places(target, "--position", made, *asked) == [("made.pdn", 1, 0)]
        # A filter besides the position reads the games' rows, not the chunks' places.
        assert places(target, "--position", fen, "--result", "*", *asked) == [("played.pdn", 1, 2)]
    tree = run("tree", "--db", target, "--game", "international", "--position", fen, "-f", "json")
    assert tree.exit_code == 0, tree.stderr
    assert json.loads(tree.stdout)["moves"] == [{"move": "28x19", "games": 1, "results": {"*": 1}}]


def test_two_indexes_of_one_archive_have_keys_of_their_own_and_the_same_answers(
    tmp_path: Path, new_index: Callable[[], str]
) -> None:
    write(tmp_path, club=CLUB, open=OPEN)
    dbs = [new_index(), new_index()]
    secrets, keys, answers = [], [], []
    for db in dbs:
        result = run("index", "--db", db, str(tmp_path))
        assert result.exit_code == 0, result.stderr
        opened = open_index(db)
        try:
            secrets.append(salt(opened))
            keys.append({key for _, _, key in postings.every(opened)})
            named = opened.execute("SELECT key FROM named WHERE game = 'brazilian'").fetchall()
            keys[-1].update(key for (key,) in named)
        finally:
            opened.close()
        asked = [
            ("find", "--position", AFTER_FOUR),
            ("find", "--position", AFTER_FOUR, "--player", "ana souza"),
            ("find", "--player", "ana souza"),
            ("tree", "--game", "brazilian"),
            ("tree", "--game", "brazilian", "--position", AFTER_FOUR),
            ("tree", "--game", "brazilian", "--moves", "21-17 12-16"),
        ]
        answers.append([run(*question, "--db", db, "-f", "json").stdout for question in asked])
    assert secrets[0] != secrets[1]
    assert all(len(secret) == 16 for secret in secrets)
    # Not one key in common: 7 positions of the games, over 700 of the opening tables.
    assert len(keys[0]) == len(keys[1]) > 700
    assert not keys[0] & keys[1]
    assert answers[0] == answers[1]
    assert json.loads(answers[0][4]) == {
        "position": "W:W17,18,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,13,16",
        "opening": {"code": "21-I", "name": None},
        "games": 4,
        "moves": [
            {"move": "24-20", "games": 3, "results": {"2-0": 1, "0-2": 1, "1-1": 1}},
            {"move": "18-14", "games": 1, "results": {"0-2": 1}},
        ],
        "summary": {"ended": 0, "left_out_for_errors": 1},
    }


def test_a_setup_made_by_a_reader_of_the_secret_is_replayed_not_trusted(
    tmp_path: Path, target: str
) -> None:
    # Whoever can read the index (and add games to it, on a shared server) knows its secret
    # and can make a setup share a key. Nine games played reach the position, nine made
    # setups share its key, and one set up a ply before it reaches it: in one file, so
    # that the key is summarized (a chunk's summary counts no game of a setup).
    game = INTERNATIONAL
    played = _played()
    fen = game.setup_tags(played)["FEN"]
    before = INTERNATIONAL.advance(INTERNATIONAL.start({}), PLAYED[0])[1]
    opened = open_index(target, create=True)
    try:
        secret = salt(opened)
    finally:
        opened.close()
    made = crafted(game, played, secret)
    assert made != fen
    assert schema_6_key(game, game.parse_fen(made), secret) == schema_6_key(game, played, secret)
    head = '[GameType "20"]\n'
    moves = f"1. {PLAYED[0]} {PLAYED[1]} 2. {PLAYED[2]} {PLAYED[3]}"
    records = [f'{head}[Result "2-0"]\n\n{moves} 2-0\n'] * 9
    records += [f'{head}[FEN "{made}"]\n[Result "0-2"]\n\n0-2\n'] * 9
    set_up = game.setup_tags(before)["FEN"]
    records.append(f'{head}[FEN "{set_up}"]\n[Result "1-1"]\n\n1... {PLAYED[1]} 1-1\n')
    (tmp_path / "games.pdn").write_text("\n".join(records), encoding="utf-8")
    result = run("index", "--db", target, str(tmp_path))
    assert result.exit_code == 0, result.stderr
    opened = open_index(target)
    try:
        summarized = opened.execute("SELECT count(*) FROM summaries").fetchone()
    finally:
        opened.close()
    assert summarized is not None and summarized[0] > 0

    def places(*filters: str) -> list[tuple[int, object]]:
        return [(int(g["index"]), g["ply"]) for g in found(*filters)]

    reached = [*((n, 2) for n in range(1, 10)), (19, 1)]
    for asked in ((), ("--game", "international")):
        assert places(target, "--position", fen, *asked) == reached
        assert places(target, "--position", fen, "--result", "0-2", *asked) == []
        assert places(target, "--position", fen, "--player", "", *asked) == []
        # The games played share the made setup's key: one of them, replayed, tells.
        assert places(target, "--position", made, *asked) == [(n, 0) for n in range(10, 19)]
        assert places(target, "--position", made, "--result", "0-2", *asked) == [
            (n, 0) for n in range(10, 19)
        ]
    tree = run("tree", "--db", target, "--game", "international", "--position", fen, "-f", "json")
    assert tree.exit_code == 0, tree.stderr
    assert json.loads(tree.stdout) == {
        "position": fen,
        "opening": None,
        "games": 10,
        "moves": [{"move": "28x19", "games": 9, "results": {"2-0": 9}}],
        "summary": {"ended": 1, "left_out_for_errors": 0},
    }
    tree = run("tree", "--db", target, "--game", "international", "--position", made, "-f", "json")
    assert tree.exit_code == 0, tree.stderr
    assert json.loads(tree.stdout)["games"] == 9
    assert json.loads(tree.stdout)["summary"] == {"ended": 9, "left_out_for_errors": 0}
    tree = run("tree", "--db", target, "--game", "international", "--moves", " ".join(PLAYED[:2]))
    assert tree.exit_code == 0, tree.stderr
    assert tree.stdout.splitlines()[0] == f"{fen}: 10 games"
