"""Make the English draughts sample records in ``samples/english/`` (seeded, repeatable).

    python tools/make_english_samples.py

Games are played by a simple seeded player that captures as the rules demand and
otherwise prefers moves that do not hand the opponent a bigger capture. A game ends when
the side to move has no move, on a threefold repetition (drawn), or at a length drawn
from the seed, where the side ahead by two pieces or more is scored as the winner and the
rest are drawn. Black moves first, so move numbers stand before Black's plies. The broken
records in ``samples/english/broken/`` take such a game up to a position where a given
mistake can be made, then make it: one file per kind of problem.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from notation.games.base import Side
from notation.games.english import ENGINE, English, EnglishMove, EnglishPosition
from notation.record.model import Comment, Line, Ply, Record

sys.path.insert(0, str(Path(__file__).resolve().parent))  # samplekit, also when loaded by path
from draughtskit import ManMistakes, Player, Results
from samplekit import (
    Heading,
    first_game,
    record,
    seven_tags,
    write_records,
    write_syntax_error,
    write_unterminated_comment,
)
from sheetkit import write_sheets

GAME = English()
OUT = Path(__file__).resolve().parents[1] / "samples" / "english"
ENGLISH_PLAYERS = [
    "Ashworth, Derek",
    "Boyle, Margaret",
    "Catterall, James",
    "Dunn, Eileen",
    "Fairclough, Peter",
    "Greenhalgh, Susan",
    "Holroyd, Alan",
    "Kershaw, Brian",
]
AMERICAN_PLAYERS = [
    "Alvarez, Marcus",
    "Bennett, Ruth",
    "Coleman, Dwight",
    "Delaney, Frank",
    "Ellison, Grace",
    "Fontaine, Leroy",
    "Grissom, Harold",
    "Whitfield, Carol",
]
GAMETYPE = ("GameType", "21")


def numbered(texts: Sequence[str], first_number: int = 1) -> Line:
    """A line of plies with a move number before each ply of the side that moves first
    in it (Black from the standard start)."""
    return Line(
        [
            Ply(text, number=f"{first_number + offset // 2}." if offset % 2 == 0 else None)
            for offset, text in enumerate(texts)
        ]
    )


PLAYER = Player(
    GAME, Results("1-0", "0-1", "1/2-1/2"), lambda texts, _, number: numbered(texts, number)
)

SQUARES = ENGINE.squares
BIT = ENGINE.bit
FORWARD = ENGINE.forward
"""A man's quiet steps, by side."""
KING_STEPS = [0] + [sum(BIT[m] for m in SQUARES if ENGINE.between[n][m] == 0) for n in SQUARES]
"""A king's steps from each square."""
OVER = [[0] * (len(SQUARES) + 1) for _ in range(len(SQUARES) + 1)]
"""The square jumped between two squares a jump apart, by square numbers; 0 otherwise."""
for _n in SQUARES:
    for _over, _land, _ in ENGINE.jumps[_n]:
        OVER[_n][_land] = ENGINE.squares_in(_over)[0]

MISTAKES = ManMistakes(GAME, BIT, FORWARD)


def write(name: str, records: list[Record]) -> None:
    write_records(OUT / name, records)


def open_round(round_: int) -> Heading:
    return Heading(
        "English Open Championship 2025",
        "Blackpool ENG",
        f"2025.08.{round_ + 10:02d}",
        ENGLISH_PLAYERS[(round_ * 3 + 1) % 8],
        ENGLISH_PLAYERS[round_ % 8],
        (GAMETYPE,),
        round_,
    )


def english_open() -> list[Record]:
    """Eight games of an English open championship."""
    return PLAYER.tournament(range(1, 9), 1000, (40, 110), open_round)


def american_games() -> list[Record]:
    """Six games of an American state tournament, named by the Variant tag, with one
    game's comments and a variation."""
    records = []
    for index in range(6):
        rng = random.Random(2000 + index)
        moves, texts, positions, result = PLAYER.play(GAME.start({}), rng, rng.randrange(50, 100))
        line = numbered(texts)
        if index == 0:
            line.comments.append(Comment("Annotated by Grissom, Harold."))
            branch = 8
            before = positions[branch]
            others = [m for m in GAME.legal_moves(before) if m != moves[branch]]
            if others:
                _, alt_texts, _, _ = PLAYER.play(
                    GAME.play(before, others[0]), random.Random(4000), 4
                )
                variation = numbered([GAME.format_move(before, others[0]), *alt_texts], 5)
                variation.plies[0].comments.append(Comment("Also played."))
                line.plies[branch].variations.append(variation)
                line.plies[branch].suffix = "!"
            for offset, move in enumerate(moves):
                if len(move.captured) >= 2:
                    line.plies[offset].nags.append(1)
                    line.plies[offset].comments.append(Comment("A double jump."))
                    break
            for previous, ply in zip(line.plies, line.plies[1:], strict=False):
                if ply.number is None and (previous.comments or previous.variations):
                    ply.number = f"{previous.number.rstrip('.') if previous.number else '?'}..."
        tags = seven_tags(
            "Tennessee State Checker Tournament 2025",
            "Nashville, TN USA",
            f"2025.05.{index + 2:02d}",
            index + 1,
            AMERICAN_PLAYERS[(index + 5) % 8],
            AMERICAN_PLAYERS[index % 8],
            result,
            ("Variant", "English draughts"),
        )
        records.append(record(tags, line, result))
    return records


ENDGAMES = [
    ("W:WK19,K26:BK11", "Two kings against one, White to move"),
    ("B:WK22,27:BK5,10", "King and man against two, Black to move"),
    ("W:W18,23,K32:B9,K15", "Three against two"),
    ("B:W17,21,25:B5,6,9", "Men endgame, Black to move"),
]


STUDIES = Heading("Endgame studies", "Glasgow SCO", "2025.01.20", "Study", "Study", (GAMETYPE,))


def _ambiguous(position: EnglishPosition, move: EnglishMove) -> bool:
    """Whether another legal capture shares the move's start and end squares."""
    ends = (move.path[0], move.path[-1])
    return sum((m.path[0], m.path[-1]) == ends for m in GAME.legal_moves(position)) > 1


def ambiguous_game() -> list[Record]:
    """A game with a capture whose start and end name two routes, written in full."""
    _, (_, texts, _, result) = first_game(
        range(6000, 12000),
        lambda seed: PLAYER.play(GAME.start({}), random.Random(seed), 160),
        lambda game: any(
            _ambiguous(p, m) for p, m in zip(game[2], game[0], strict=False) if m.captured
        ),
        "no ambiguous capture found",
    )
    tags = seven_tags(
        "Ambiguous capture example",
        "Manchester ENG",
        "2025.04.02",
        1,
        ENGLISH_PLAYERS[0],
        ENGLISH_PLAYERS[1],
        result,
        GAMETYPE,
    )
    return [record(tags, numbered(texts), result)]


# Mistakes -------------------------------------------------------------------------------


BROKEN = Heading("", "Leeds ENG", "2025.05.17", ENGLISH_PLAYERS[2], ENGLISH_PLAYERS[3], (GAMETYPE,))
"""The tags of the broken records (each its own event)."""


def unfinished(position: EnglishPosition) -> str | None:
    """The first jump of a capture that must go on to one of two ends, written as the whole
    move (a first jump that only one capture goes on from is a short capture, PDN115)."""
    paths = GAME.capture_paths(position)
    for move in GAME.legal_moves(position):
        if len(move.captured) >= 2:
            first = move.path[:2]
            if len({other for path, other in paths if path[:2] == first}) > 1:
                return f"{first[0]}x{first[1]}"
    return None


def from_empty(position: EnglishPosition) -> str | None:
    """A step from an empty square to an empty neighbour."""
    if not MISTAKES.quiet(position):
        return None
    for start in range(1, 33):
        if not MISTAKES.empty(position, start):
            continue
        for target in range(1, 33):
            if KING_STEPS[start] & BIT[target] and MISTAKES.empty(position, target):
                return f"{start}-{target}"
    return None


def backward_jump(position: EnglishPosition) -> str | None:
    """A man's jump backward over an enemy piece, while it has no capture forward."""
    legal = GAME.legal_moves(position)
    if not legal or legal[0].captured:
        return None
    opp = position.white if position.turn is Side.BLACK else position.black
    for start in MISTAKES.men(position):
        for land in range(1, 33):
            over = OVER[start][land]
            back = any(
                FORWARD[position.turn.other][start] & BIT[n]
                and FORWARD[position.turn.other][n] & BIT[land]
                for n in range(1, 33)
            )
            if over and back and opp & BIT[over] and MISTAKES.empty(position, land):
                return f"{start}x{land}"
    return None


def short_and_ambiguous(position: EnglishPosition) -> str | None:
    """A capture written by start and end only when two routes share them."""
    for move in GAME.legal_moves(position):
        if move.captured and _ambiguous(position, move):
            return f"{move.path[0]}x{move.path[-1]}"
    return None


def broken_game(
    event: str,
    mistake: Callable[[EnglishPosition], str | None],
    seeds: range = range(7000, 12000),
) -> list[Record]:
    return [PLAYER.broken_game(event, BROKEN, mistake, seeds, 160)]


def broken_set() -> None:
    """One file per kind of problem the validator reports."""
    write("broken/illegal-move.pdn", broken_game("Step onto own piece", MISTAKES.onto_own_piece))
    write("broken/empty-square.pdn", broken_game("Step from an empty square", from_empty))
    write("broken/man-backward.pdn", broken_game("Man steps backward", MISTAKES.backward))
    write("broken/man-jumps-backward.pdn", broken_game("Man jumps backward", backward_jump))
    write("broken/capture-ignored.pdn", broken_game("Capture not taken", MISTAKES.capture_ignored))
    write("broken/capture-unfinished.pdn", broken_game("Capture not completed", unfinished))
    write(
        "broken/ambiguous-short-capture.pdn",
        broken_game("Ambiguous short capture", short_and_ambiguous),
    )
    not_a_move = english_open()[1]
    not_a_move.moves.plies = not_a_move.moves.plies[:9]
    not_a_move.moves.plies[8].text = "33-29"
    not_a_move.result = "*"
    not_a_move.set_tag("Result", "*")
    write("broken/not-a-move.pdn", [not_a_move])
    wrong = next(r for r in english_open() if PLAYER.decided(r))
    over = next(r for r in english_open() if PLAYER.decided(r))
    PLAYER.write_result_mistakes(OUT, wrong, english_open()[0], over, "10-14")
    club = english_open()
    write_syntax_error(OUT / "broken/syntax-error.pdn", club[:3], 3, "foo")
    write_unterminated_comment(OUT / "broken/unterminated-comment.pdn", club[:3], 5)
    shuffle = ["32-27", "1-6", "27-32", "6-1"] * 2 + ["32-27"]
    PLAYER.write_repetition(OUT, BROKEN, "W:WK32:BK1", shuffle)


def main() -> None:
    write("english-open-2025.pdn", english_open())
    write("tennessee-state-2025.pdn", american_games())
    write("endgames.pdn", PLAYER.endgame_games(ENDGAMES, STUDIES))
    write("ambiguous-capture.pdn", ambiguous_game())
    broken_set()
    write_sheets("english", OUT / "sheets")


if __name__ == "__main__":
    main()
