"""Make the Russian draughts sample records in ``samples/russian/`` (seeded, repeatable).

    python tools/make_russian_samples.py

Games are played by a simple seeded player that captures as the rules demand and
otherwise prefers moves that do not hand the opponent a bigger capture. A game ends when
the side to move has no move, on a threefold repetition (drawn), or at a length drawn
from the seed, where the side ahead by two pieces or more is scored as the winner and the
rest are drawn. The records are written as Russian records are: squares a1-h8, captures
with ``:``, or in short notation (``cd4``: the file left and the square reached) where
that names one move; one file is in numbers, as online exports write them. The broken
records in ``samples/russian/broken/`` take such a game up to a position where a given
mistake can be made, then make it: one file per kind of problem.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

from notation.games.base import Side
from notation.games.brazilian import BIT, FORWARD, INDEX, NAME
from notation.games.russian import Russian, RussianMove, RussianPosition
from notation.record.model import Comment, Ply, Record

sys.path.insert(0, str(Path(__file__).resolve().parent))  # samplekit, also when loaded by path
from samplekit import (
    first_game,
    first_mistake,
    numbered,
    record,
    renumber_after_comments,
    replay,
    seven_tags,
    write_records,
    write_syntax_error,
    write_unterminated_comment,
)
from sheetkit import write_sheets

GAME = Russian()
OUT = Path(__file__).resolve().parents[1] / "samples" / "russian"
PLAYERS = [
    "Абрамов, Сергей",
    "Белова, Анна",
    "Васильев, Игорь",
    "Гордеева, Мария",
    "Дьячков, Олег",
    "Ермолаева, Ольга",
    "Жуков, Павел",
    "Зайцева, Елена",
    "Ильин, Дмитрий",
    "Киселёва, Татьяна",
]
LATIN_PLAYERS = [
    "Aleksandrov, Nikita",
    "Borisova, Irina",
    "Chernov, Artem",
    "Danilova, Yulia",
    "Egorov, Maksim",
    "Fedorova, Svetlana",
]
GAMETYPE = ("GameType", "25")


def material(position: RussianPosition) -> int:
    """White's pieces minus Black's, kings counted as two."""
    white, black, kings, _ = position
    return (
        white.bit_count()
        + (white & kings).bit_count()
        - black.bit_count()
        - (black & kings).bit_count()
    )


def choose(position: RussianPosition, legal: list[RussianMove], rng: random.Random) -> RussianMove:
    """A move that keeps the opponent's best immediate capture small, with some chance."""
    if len(legal) == 1 or rng.random() < 0.15:
        return rng.choice(legal)
    scored = []
    for move in legal:
        replies = GAME.legal_moves(GAME.play(position, move))
        threat = max((len(reply.captured) for reply in replies), default=0)
        scored.append((len(move.captured) - threat + rng.random() * 0.5, move))
    scored.sort(key=lambda pair: pair[0], reverse=True)
    return scored[0][1]


Played = tuple[list[RussianMove], list[str], list[RussianPosition], str]
"""(moves, texts, positions before each move then the last, result) of a seeded game."""


def play(start: RussianPosition, rng: random.Random, length: int) -> Played:
    """One seeded game of at most ``length`` plies from ``start``, in alphanumeric."""
    position = start
    moves: list[RussianMove] = []
    texts: list[str] = []
    positions: list[RussianPosition] = []
    seen = {start: 1}
    result = None
    for _ in range(length):
        legal = GAME.legal_moves(position)
        if not legal:
            break
        move = choose(position, legal, rng)
        moves.append(move)
        positions.append(position)
        texts.append(GAME.format_move(position, move))
        position = GAME.play(position, move)
        seen[position] = seen.get(position, 0) + 1
        if seen[position] == 3:
            result = "1/2-1/2"
            break
    positions.append(position)
    outcome = GAME.outcome(position)
    if outcome is not None:
        result = GAME.result_for(outcome)[1]
    elif result is None:
        lead = material(position)
        result = "1-0" if lead >= 2 else "0-1" if lead <= -2 else "1/2-1/2"
    return moves, texts, positions, result


def short(position: RussianPosition, move: RussianMove) -> str:
    """``move`` in short notation (file left, square reached) where that names it alone,
    else in the long form."""
    column = INDEX[move.path[0]] % 8
    named = [
        m
        for m in GAME.legal_moves(position)
        if INDEX[m.path[0]] % 8 == column and m.path[-1] == move.path[-1]
    ]
    if len(named) == 1:
        return NAME[move.path[0]][0] + NAME[move.path[-1]]
    return GAME.format_move(position, move)


def write(name: str, records: list[Record]) -> None:
    write_records(OUT / name, records)


def championship() -> list[Record]:
    """Ten games of a national championship, long notation, the first with a variation."""
    records = []
    for round_ in range(1, 11):
        rng = random.Random(1000 + round_)
        moves, texts, positions, result = play(GAME.start({}), rng, rng.randrange(40, 110))
        line = numbered(texts)
        if round_ == 1:
            branch = 8
            before = positions[branch]
            others = [m for m in GAME.legal_moves(before) if m != moves[branch]]
            if others:
                alt = others[0]
                _, alt_texts, _, _ = play(GAME.play(before, alt), random.Random(4000), 4)
                variation = numbered(
                    [GAME.format_move(before, alt), *alt_texts], GAME.turn(before), branch // 2 + 1
                )
                variation.plies[0].comments.append(Comment("Также возможно."))
                line.plies[branch].variations.append(variation)
                line.plies[branch].suffix = "!"
            renumber_after_comments(line)
        white, black = PLAYERS[round_ % 10], PLAYERS[(round_ * 3 + 1) % 10]
        tags = seven_tags(
            "Чемпионат России 2025",
            "Санкт-Петербург RUS",
            f"2025.02.{round_ + 3:02d}",
            round_,
            white,
            black,
            result,
            ("GameType", "25,W,8,8,A0,0"),
        )
        records.append(record(tags, line, result))
    return records


def club_games() -> list[Record]:
    """Six club games in short notation, as Russian magazines print them."""
    records = []
    for index in range(6):
        rng = random.Random(2000 + index)
        moves, _, positions, result = play(GAME.start({}), rng, rng.randrange(40, 100))
        texts = [short(p, m) for p, m in zip(positions, moves, strict=False)]
        tags = seven_tags(
            "Moscow club championship 2025",
            "Moscow RUS",
            f"2025.09.{index + 10:02d}",
            index + 1,
            LATIN_PLAYERS[index % 6],
            LATIN_PLAYERS[(index + 2) % 6],
            result,
            GAMETYPE,
        )
        records.append(record(tags, numbered(texts), result))
    return records


def online_games() -> list[Record]:
    """Five online games exported in numbers, with draughts results (2-0, 0-2, 1-1)."""
    records = []
    draughts = {"1-0": "2-0", "0-1": "0-2", "1/2-1/2": "1-1"}
    for index in range(5):
        rng = random.Random(3000 + index)
        moves, _, positions, result = play(GAME.start({}), rng, rng.randrange(30, 90))
        texts = [GAME.format_move(p, m, "numeric") for p, m in zip(positions, moves, strict=False)]
        result = draughts[result]
        tags = seven_tags(
            "Rated blitz game",
            f"https://lidraughts.org/rU{index:02d}kd3W",
            f"2025.07.{index + 1:02d}",
            "-",
            f"player{rng.randrange(100, 999)}",
            f"player{rng.randrange(100, 999)}",
            result,
            ("GameType", "25,W,8,8,N2,0"),
            ("TimeControl", "180+2"),
        )
        records.append(record(tags, numbered(texts), result))
    return records


ENDGAMES = [
    ("W:WKc1,e3:BKh8", "Король и шашка против короля"),
    ("B:WKa1,Kg1,c3:BKd8", "Три против одного"),
    ("W:We3,f2,g3:Bb6,c7,d6", "Шашечный эндшпиль"),
]


def endgame_games() -> list[Record]:
    """Three games from set-up positions (FEN in square names), with kings."""
    records = []
    for index, (fen, title) in enumerate(ENDGAMES):
        start = GAME.start({"FEN": fen})
        rng = random.Random(5000 + index)
        _, texts, _, result = play(start, rng, 60)
        line = numbered(texts, GAME.turn(start))
        line.comments.append(Comment(title))
        tags = seven_tags(
            "Этюды",
            "Казань RUS",
            "2025.01.20",
            index + 1,
            "Этюд",
            "Этюд",
            result,
            GAMETYPE,
            ("FEN", fen),
        )
        records.append(record(tags, line, result))
    return records


# Mistakes -------------------------------------------------------------------------------


def _tags(event: str, result: str, *extra: tuple[str, str]) -> list[tuple[str, str]]:
    return seven_tags(
        event,
        "Tula RUS",
        "2025.05.17",
        1,
        LATIN_PLAYERS[2],
        LATIN_PLAYERS[3],
        result,
        GAMETYPE,
        *extra,
    )


def _quiet(position: RussianPosition) -> list[RussianMove]:
    """The legal moves when the side to move has no capture, else nothing."""
    legal = GAME.legal_moves(position)
    return [] if not legal or legal[0].captured else legal


def _own(position: RussianPosition) -> int:
    return position.black if position.turn is Side.BLACK else position.white


def _men(position: RussianPosition) -> list[int]:
    own = _own(position)
    return [n for n in range(1, 33) if own & BIT[n] and not position.kings & BIT[n]]


def _empty(position: RussianPosition, square: int) -> bool:
    return not (position.white | position.black) & BIT[square]


def _step(position: RussianPosition, side: Side, own: bool) -> str | None:
    """A man's step toward ``side``'s far row onto its own piece (``own``) or an empty
    square."""
    for start in _men(position):
        for target in range(1, 33):
            if not FORWARD[side][start] & BIT[target]:
                continue
            if bool(_own(position) & BIT[target]) if own else _empty(position, target):
                return f"{NAME[start]}-{NAME[target]}"
    return None


def onto_own_piece(position: RussianPosition) -> str | None:
    """A man's step onto a square its own piece holds."""
    return _step(position, position.turn, True) if _quiet(position) else None


def backward(position: RussianPosition) -> str | None:
    """A man's step back onto an empty square."""
    return _step(position, position.turn.other, False) if _quiet(position) else None


def capture_ignored(position: RussianPosition) -> str | None:
    """A man's quiet step while a capture is compulsory."""
    legal = GAME.legal_moves(position)
    if not legal or not legal[0].captured:
        return None
    return _step(position, position.turn, False)


def from_empty(position: RussianPosition) -> str | None:
    """A step from an empty square to an empty square forward of it."""
    if not _quiet(position):
        return None
    for start in range(1, 33):
        for target in range(1, 33):
            if (
                FORWARD[position.turn][start] & BIT[target]
                and _empty(position, start)
                and _empty(position, target)
            ):
                return f"{NAME[start]}-{NAME[target]}"
    return None


def unfinished(position: RussianPosition) -> str | None:
    """The first jump of a man's capture that must go on, written as the whole move."""
    for move in GAME.legal_moves(position):
        if len(move.captured) >= 2 and not position.kings & BIT[move.path[0]]:
            return f"{NAME[move.path[0]]}:{NAME[move.path[1]]}"
    return None


def short_and_ambiguous(position: RussianPosition) -> str | None:
    """A move in short notation where that names several legal moves."""
    for move in GAME.legal_moves(position):
        text = short(position, move)
        if len(text) > 3:
            return NAME[move.path[0]][0] + NAME[move.path[-1]]
    return None


def broken_game(
    event: str,
    mistake: Callable[[RussianPosition], str | None],
    seeds: range = range(7000, 12000),
) -> Record:
    """A seeded game up to the first position where ``mistake`` names a wrong move, then it."""
    _, (_, texts, _, _), ply, bad = first_mistake(
        seeds,
        lambda seed: play(GAME.start({}), random.Random(seed), 160),
        lambda game, ply: mistake(game[2][ply]),
        6,
        f"no position for {event!r}",
    )
    return record(_tags(event, "*"), numbered([*texts[:ply], bad]), "*")


def _decided(record: Record) -> bool:
    """True when the record's last position leaves the side to move without a move."""
    return GAME.outcome(replay(GAME, record)) is not None


def decided_game() -> Record:
    """A seeded game that ends with the side to move left without a move."""
    _, (_, texts, _, result) = first_game(
        range(8000, 12000),
        lambda seed: play(GAME.start({}), random.Random(seed), 200),
        lambda game: GAME.outcome(game[2][-1]) is not None,
        "no decided game found",
    )
    return record(_tags("Game played to the end", result), numbered(texts), result)


def broken_set() -> None:
    """One file per kind of problem the validator reports."""
    write("broken/illegal-move.pdn", [broken_game("Step onto own piece", onto_own_piece)])
    write("broken/empty-square.pdn", [broken_game("Step from an empty square", from_empty)])
    write("broken/man-backward.pdn", [broken_game("Man steps backward", backward)])
    write("broken/capture-ignored.pdn", [broken_game("Capture not taken", capture_ignored)])
    write("broken/capture-unfinished.pdn", [broken_game("Capture not completed", unfinished)])
    write(
        "broken/ambiguous-short-move.pdn",
        [broken_game("Ambiguous short notation", short_and_ambiguous)],
    )
    not_a_move = championship()[1]
    not_a_move.moves.plies = not_a_move.moves.plies[:9]
    not_a_move.moves.plies[8].text = "c3-d9"
    not_a_move.result = "*"
    not_a_move.set_tag("Result", "*")
    write("broken/not-a-move.pdn", [not_a_move])
    wrong = decided_game()
    wrong.result = {"1-0": "0-1", "0-1": "1-0"}[wrong.result]
    wrong.set_tag("Result", wrong.result)
    write("broken/wrong-result.pdn", [wrong])
    mismatch = championship()[0]
    mismatch.set_tag("Result", "1-0" if mismatch.result != "1-0" else "0-1")
    write("broken/result-tag-mismatch.pdn", [mismatch])
    over = decided_game()
    over.moves.plies.append(Ply("c3-d4"))
    write("broken/move-after-end.pdn", [over])
    games = championship()
    write_syntax_error(OUT / "broken/syntax-error.pdn", games[1:4], 3, "foo")
    write_unterminated_comment(OUT / "broken/unterminated-comment.pdn", games[1:4], 5)
    shuffle = ["a1-b2", "h2-g1", "b2-a1", "g1-h2"] * 2 + ["a1-b2"]
    tags = _tags("Kings shuffle past a threefold repetition", "1/2-1/2", ("FEN", "W:WKa1:BKh2"))
    write("broken/repetition-played-on.pdn", [record(tags, numbered(shuffle), "1/2-1/2")])


def main() -> None:
    write("championship-2025.pdn", championship())
    write("moscow-club-2025.pdn", club_games())
    write("online-blitz.pdn", online_games())
    write("endgames.pdn", endgame_games())
    broken_set()
    write_sheets("russian", OUT / "sheets")


if __name__ == "__main__":
    main()
