"""The draws the draughts rules give by counting moves (REC210): a record that plays on past
one, or claims another result after it, gets a warning at that exact ply or result; one
that stops at the limit gets none. The records are made here: king moves walked so that no
position repeats (no threefold repetition), after a few moves written by hand."""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest
from verdicts import diagnostics

from notation.check.validator import GameReport, validate_records
from notation.games.draws import endgame_count, material, quiet_run
from notation.games.international import _reduced_endgame
from notation.games.playout import playout
from notation.games.registry import get_game
from notation.games.russian import _endgame as _russian_endgame
from notation.record.reader import read_string

GAMETYPE = {"international": "20", "english": "21", "russian": "25"}


def _side_men(game: Any, position: Any) -> tuple[int, int]:
    white, black, kings = position[0], position[1], position[2]
    return (white & ~kings, black & ~kings)


def _walk(game: Any, position: Any, plies: int, seen: set[Any]) -> list[str] | None:
    """``plies`` king moves from ``position``, none a capture and none leaving a capture to
    make or a position met before (depth first, trying the legal moves in order)."""
    if plies == 0:
        return []
    for move in game.legal_moves(position):
        after = game.play(position, move)
        if after in seen or move.captured or _side_men(game, after) != _side_men(game, position):
            continue
        replies = game.legal_moves(after)
        if not replies or any(reply.captured for reply in replies):
            continue
        seen.add(after)
        rest = _walk(game, after, plies - 1, seen)
        if rest is not None:
            return [game.format_move(position, move), *rest]
        seen.discard(after)
    return None


def _moves(name: str, fen: str, written: list[str], walked: int, then: list[str]) -> list[str]:
    """The moves ``written``, then ``walked`` king moves, then the moves ``then``."""
    game = get_game(name)
    position = game.start({"FEN": fen, "GameType": GAMETYPE[name]})
    seen = {position}
    for text in written:
        position = game.play(position, game.parse_move(position, text))
        seen.add(position)
    walk = _walk(game, position, walked, seen)
    assert walk is not None
    return [*written, *walk, *then]


def _record(name: str, fen: str, moves: list[str], result: str = "*", tail: str = "") -> str:
    """A record of ``moves`` from ``fen``, ``tail`` (a variation, say) after its moves."""
    number, black = 1, fen.startswith("B")
    words = [f"{number}..."] if black else []
    for text in moves:
        if not black:
            words.append(f"{number}.")
        words.append(text)
        number += black
        black = not black
    body = " ".join(words)
    return (
        f'[GameType "{GAMETYPE[name]}"]\n[FEN "{fen}"]\n[Result "{result}"]\n\n'
        f"{body} {tail} {result}\n"
    )


def _check(text: str) -> GameReport:
    (report,) = validate_records(read_string(text))
    return report


def _draws(report: GameReport) -> list[tuple[Any, ...]]:
    return [(d.ply, d.move, d.text) for d in report.diagnostics if d.code == "REC210"]


# International draughts ----------------------------------------------------------------

# Two kings and a man each: no reduced endgame, so only the 25-move rule counts.
KINGS_AND_MEN = "W:WK46,K50,35:BK1,K5,16"
TWENTY_FIVE = "25 moves by each side with only kings moved and no capture"


def test_25_king_moves_each_is_the_limit_and_one_ply_more_is_warned() -> None:
    moves = _moves("international", KINGS_AND_MEN, [], 51, [])
    at_limit = _check(_record("international", KINGS_AND_MEN, moves[:50]))
    assert at_limit.diagnostics == []
    past = _check(_record("international", KINGS_AND_MEN, moves))
    assert _draws(past) == [
        (
            51,
            moves[50],
            f"the game was drawn after ply 50 ({TWENTY_FIVE}), but play went on with "
            f"{moves[50]} (game , ply 51)",
        )
    ]
    assert diagnostics([past]) == [(1, "REC210", 5, past.diagnostics[0].column, 51, moves[50])]


def test_a_man_move_starts_the_25_moves_again() -> None:
    moves = _moves("international", KINGS_AND_MEN, [], 20, [])
    moves = _moves("international", KINGS_AND_MEN, [*moves, "35-30"], 51, [])
    # Ply 21 moves a man: the count reaches 50 at ply 71, not at ply 50.
    assert _check(_record("international", KINGS_AND_MEN, moves[:71])).diagnostics == []
    assert [d[0] for d in _draws(_check(_record("international", KINGS_AND_MEN, moves)))] == [72]


def test_a_capture_starts_the_25_moves_again() -> None:
    fen = "W:WK46,K50,35:BK1,K4,16,32"
    moves = _moves("international", fen, ["46x28"], 51, [])
    assert _check(_record("international", fen, moves[:51])).diagnostics == []
    assert [d[0] for d in _draws(_check(_record("international", fen, moves)))] == [52]


def test_a_non_draw_result_after_the_25_moves_is_warned_at_the_result() -> None:
    moves = _moves("international", KINGS_AND_MEN, [], 50, [])
    report = _check(_record("international", KINGS_AND_MEN, moves, "2-0"))
    assert _draws(report) == [
        (
            None,
            None,
            f"the game was drawn after ply 50 ({TWENTY_FIVE}), but the record says 2-0 (game )",
        )
    ]
    assert _check(_record("international", KINGS_AND_MEN, moves, "1-1")).diagnostics == []


def test_three_pieces_with_a_king_against_a_lone_king_have_16_moves_each() -> None:
    fen = "W:WK46,K50,36:BK3"
    moves = _moves("international", fen, [], 33, [])
    assert _check(_record("international", fen, moves[:32])).diagnostics == []
    assert _draws(_check(_record("international", fen, moves))) == [
        (
            33,
            moves[32],
            "the game was drawn after ply 32 (16 moves by each side with three pieces "
            f"against a lone king), but play went on with {moves[32]} (game , ply 33)",
        )
    ]


def test_two_kings_against_a_lone_king_have_5_moves_each() -> None:
    fen = "B:WK46,K50:BK3"
    moves = _moves("international", fen, [], 11, [])
    assert _check(_record("international", fen, moves[:10])).diagnostics == []
    assert [d[0] for d in _draws(_check(_record("international", fen, moves)))] == [11]


def test_a_variation_past_the_limit_is_not_warned() -> None:
    moves = _moves("international", KINGS_AND_MEN, [], 51, [])
    tail = f"( 25... {moves[49]} 26. {moves[50]} )"
    record = _record("international", KINGS_AND_MEN, moves[:50], tail=tail)
    assert _check(record).diagnostics == []


# English draughts --------------------------------------------------------------------


def test_the_40_move_rule() -> None:
    fen = "B:WK29,K30,24:BK1,K2,9"
    moves = _moves("english", fen, [], 81, [])
    assert _check(_record("english", fen, moves[:80])).diagnostics == []
    assert _draws(_check(_record("english", fen, moves))) == [
        (
            81,
            moves[80],
            "the game was drawn after ply 80 (40 moves by each side with no capture and no "
            f"man moved), but play went on with {moves[80]} (game , ply 81)",
        )
    ]


def test_a_man_move_starts_the_40_moves_again() -> None:
    fen = "B:WK29,K30,24:BK1,K2,9"
    moves = _moves("english", fen, ["9-14"], 81, [])
    assert _check(_record("english", fen, moves[:81])).diagnostics == []
    assert [d[0] for d in _draws(_check(_record("english", fen, moves)))] == [82]


# Russian draughts --------------------------------------------------------------------


def test_15_king_moves_each() -> None:
    fen = "W:WKa1,Kc1,e3,g3:BKh8,Kf8,b6,d6"
    moves = _moves("russian", fen, [], 31, [])
    assert _check(_record("russian", fen, moves[:30])).diagnostics == []
    assert _draws(_check(_record("russian", fen, moves))) == [
        (
            31,
            moves[30],
            "the game was drawn after ply 30 (15 moves by each side with only kings moved and "
            f"no capture), but play went on with {moves[30]} (game , ply 31)",
        )
    ]


def test_three_kings_against_one_have_15_moves_of_the_stronger_side() -> None:
    white = "W:WKa1,Kc1,Ke1:BKd8"
    moves = _moves("russian", white, [], 30, [])
    # White moves first: its 15th move is ply 29.
    assert _check(_record("russian", white, moves[:29])).diagnostics == []
    assert _draws(_check(_record("russian", white, moves))) == [
        (
            30,
            moves[29],
            "the game was drawn after ply 29 (15 moves of White's 3 kings against a lone "
            f"king), but play went on with {moves[29]} (game , ply 30)",
        )
    ]
    black = "B:WKa1,Kc1,Ke1:BKd8"
    moves = _moves("russian", black, [], 31, [])
    assert _check(_record("russian", black, moves[:30])).diagnostics == []
    assert [d[0] for d in _draws(_check(_record("russian", black, moves)))] == [31]


def test_a_man_move_does_not_stop_the_count_of_an_ending_with_kings_on_both_sides() -> None:
    fen = "W:WKa1,Kc1:BKd8,a7"
    moves = _moves("russian", fen, [], 11, [])
    moves = _moves("russian", fen, [*moves, "a7-b6"], 18, [])
    moves = _moves("russian", fen, moves, 1, [])
    assert _check(_record("russian", fen, moves[:30])).diagnostics == []
    assert _draws(_check(_record("russian", fen, moves))) == [
        (
            31,
            moves[30],
            "the game was drawn after ply 30 (15 moves by each side in a 4-piece ending with "
            f"kings on both sides), but play went on with {moves[30]} (game , ply 31)",
        )
    ]


def test_brazilian_draughts_counts_no_moves() -> None:
    game = get_game("brazilian")
    start = game.start({"FEN": "W:WK29,K30:BK1"})
    assert game.draw_rule([start] * 200) is None


# The counts against a plain reading of them, ply by ply, over random games -------------


def _plain_quiet_run(positions: list[Any], plies: int) -> int | None:
    run = 0
    for index in range(1, len(positions)):
        before, after = positions[index - 1], positions[index]
        men = _side_men(None, before) == _side_men(None, after)
        taken = (before[0] | before[1]).bit_count() != (after[0] | after[1]).bit_count()
        run = run + 1 if men and not taken else 0
        if run == plies:
            return index
    return None


def _plain_endgame(positions: list[Any], endgame: Any) -> tuple[int, object] | None:
    key: object = None
    began = 0
    for index, position in enumerate(positions):
        counted = endgame(material(position), position[3])
        if counted is None:
            key = None
            continue
        if counted[0] != key:
            key, began = counted[0], index
        if index - began == counted[1]:
            return index, key
    return None


def _kings_first(game: Any) -> Any:
    """Random moves, a king's where there is one nearly always: random games
    otherwise seldom reach long king endings."""
    bit = sys.modules[type(game).__module__].BIT

    def choose(position: Any, legal: list[Any], rng: random.Random) -> Any:
        kings = [move for move in legal if position[2] & bit[move.path[0]]]
        return rng.choice(kings if kings and rng.random() < 0.97 else legal)

    return choose


@pytest.mark.parametrize("name", ["international", "english", "russian"])
def test_the_counts_find_what_a_ply_by_ply_count_finds(name: str) -> None:
    game = get_game(name)
    endgame = {"international": _reduced_endgame, "russian": _russian_endgame}.get(name)
    found, choose = 0, _kings_first(game)
    for seed in range(60):
        rng = random.Random(seed)
        positions = playout(game, game.start({}), rng, max_plies=300, choose=choose).positions
        for plies in (4, 7, 10, 30, 50, 80):
            assert quiet_run(positions, plies) == _plain_quiet_run(positions, plies)
            found += quiet_run(positions, plies) is not None
        if endgame is not None:
            fewest, shortest = (4, 10) if name == "international" else (13, 29)
            counted = endgame_count(positions, endgame, fewest, shortest)
            assert counted == _plain_endgame(positions, endgame)
            found += counted is not None
        for plies in (3, 6, 11):
            # Any material is a count of ``plies``: its sampling is seen at work.
            def every(counts: Any, turn: Any, plies: int = plies) -> tuple[object, int]:
                return counts, plies

            counted = endgame_count(positions, every, 40, plies)
            assert counted == _plain_endgame(positions, every)
            found += counted is not None
    assert found > 0
