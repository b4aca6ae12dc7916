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

from notation.games.brazilian import BIT, COLUMN, FORWARD, NAME
from notation.games.russian import Russian, RussianMove, RussianPosition
from notation.record.model import Comment, Record

sys.path.insert(0, str(Path(__file__).resolve().parent))  # samplekit, also when loaded by path
from draughtskit import ManMistakes, Player, Results
from samplekit import (
    Heading,
    first_game,
    numbered,
    record,
    renumber_after_comments,
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


PLAYER = Player(GAME, Results("1-0", "0-1", "1/2-1/2"))


def short(position: RussianPosition, move: RussianMove) -> str:
    """``move`` in short notation (file left, square reached) where that names it alone,
    else in the long form."""
    column = COLUMN[move.path[0]]
    named = [
        m
        for m in GAME.legal_moves(position)
        if COLUMN[m.path[0]] == column and m.path[-1] == move.path[-1]
    ]
    if len(named) == 1:
        return NAME[move.path[0]][0] + NAME[move.path[-1]]
    return GAME.format_move(position, move)


MISTAKES = ManMistakes(GAME, BIT, FORWARD, NAME.__getitem__)


def write(name: str, records: list[Record]) -> None:
    write_records(OUT / name, records)


def championship() -> list[Record]:
    """Ten games of a national championship, long notation, the first with a variation."""
    records = []
    for round_ in range(1, 11):
        rng = random.Random(1000 + round_)
        moves, texts, positions, result = PLAYER.play(GAME.start({}), rng, rng.randrange(40, 110))
        line = numbered(texts)
        if round_ == 1:
            branch = 8
            before = positions[branch]
            others = [m for m in GAME.legal_moves(before) if m != moves[branch]]
            if others:
                alt = others[0]
                _, alt_texts, _, _ = PLAYER.play(GAME.play(before, alt), random.Random(4000), 4)
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
        moves, _, positions, result = PLAYER.play(GAME.start({}), rng, rng.randrange(40, 100))
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
        moves, _, positions, result = PLAYER.play(GAME.start({}), rng, rng.randrange(30, 90))
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


STUDIES = Heading("Этюды", "Казань RUS", "2025.01.20", "Этюд", "Этюд", (GAMETYPE,))


# Mistakes -------------------------------------------------------------------------------


BROKEN = Heading("", "Tula RUS", "2025.05.17", LATIN_PLAYERS[2], LATIN_PLAYERS[3], (GAMETYPE,))
"""The tags of the broken records (each its own event)."""


def from_empty(position: RussianPosition) -> str | None:
    """A step from an empty square to an empty square forward of it."""
    if not MISTAKES.quiet(position):
        return None
    for start in range(1, 33):
        for target in range(1, 33):
            if (
                FORWARD[position.turn][start] & BIT[target]
                and MISTAKES.empty(position, start)
                and MISTAKES.empty(position, target)
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
) -> list[Record]:
    return [PLAYER.broken_game(event, BROKEN, mistake, seeds, 160)]


def decided_game() -> Record:
    """A seeded game that ends with the side to move left without a move."""
    _, (_, texts, _, result) = first_game(
        range(8000, 12000),
        lambda seed: PLAYER.play(GAME.start({}), random.Random(seed), 200),
        lambda game: GAME.outcome(game[2][-1]) is not None,
        "no decided game found",
    )
    return record(BROKEN.tags(result, event="Game played to the end"), numbered(texts), result)


def broken_set() -> None:
    """One file per kind of problem the validator reports."""
    write("broken/illegal-move.pdn", broken_game("Step onto own piece", MISTAKES.onto_own_piece))
    write("broken/empty-square.pdn", broken_game("Step from an empty square", from_empty))
    write("broken/man-backward.pdn", broken_game("Man steps backward", MISTAKES.backward))
    write("broken/capture-ignored.pdn", broken_game("Capture not taken", MISTAKES.capture_ignored))
    write("broken/capture-unfinished.pdn", broken_game("Capture not completed", unfinished))
    write(
        "broken/ambiguous-short-move.pdn",
        broken_game("Ambiguous short notation", short_and_ambiguous),
    )
    not_a_move = championship()[1]
    not_a_move.moves.plies = not_a_move.moves.plies[:9]
    not_a_move.moves.plies[8].text = "c3-d9"
    not_a_move.result = "*"
    not_a_move.set_tag("Result", "*")
    write("broken/not-a-move.pdn", [not_a_move])
    PLAYER.write_result_mistakes(OUT, decided_game(), championship()[0], decided_game(), "c3-d4")
    games = championship()
    write_syntax_error(OUT / "broken/syntax-error.pdn", games[1:4], 3, "foo")
    write_unterminated_comment(OUT / "broken/unterminated-comment.pdn", games[1:4], 5)
    shuffle = ["a1-b2", "h2-g1", "b2-a1", "g1-h2"] * 2 + ["a1-b2"]
    PLAYER.write_repetition(OUT, BROKEN, "W:WKa1:BKh2", shuffle)


def main() -> None:
    write("championship-2025.pdn", championship())
    write("moscow-club-2025.pdn", club_games())
    write("online-blitz.pdn", online_games())
    write("endgames.pdn", PLAYER.endgame_games(ENDGAMES, STUDIES))
    broken_set()
    write_sheets("russian", OUT / "sheets")


if __name__ == "__main__":
    main()
