"""Make the Brazilian draughts sample records in ``samples/brazilian/`` (seeded, repeatable).

    python tools/make_brazilian_samples.py

Games are played by a simple seeded player that captures as the rules demand and
otherwise prefers moves that do not hand the opponent a bigger capture, so they look like
club games rather than uniform random play. A game ends when the side to move has no
move, on a threefold repetition (drawn), or at a length drawn from the seed, where the
side ahead by two pieces or more is scored as the winner and the rest are drawn.
The broken records in ``samples/brazilian/broken/`` take such a game up to a position
where a given mistake can be made, then make it: one file per kind of problem.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

from notation.games.brazilian import BIT, ENGINE, FORWARD, Brazilian, BrazilianPosition
from notation.record.model import Comment, Line, Ply, Record

sys.path.insert(0, str(Path(__file__).resolve().parent))  # samplekit, also when loaded by path
from draughtskit import FlyingMistakes, Player, Results, ambiguous_game, annotated_games
from samplekit import (
    Heading,
    record,
    seven_tags,
    write_records,
    write_syntax_error,
    write_unterminated_comment,
)
from sheetkit import write_sheets

GAME = Brazilian()
PLAYER = Player(GAME, Results("2-0", "0-2", "1-1"))
MISTAKES = FlyingMistakes(GAME, BIT, FORWARD, ENGINE, 8, short_captures=True)
OUT = Path(__file__).resolve().parents[1] / "samples" / "brazilian"
GAMETYPE = ("GameType", "26,W,8,8,N2,0")
PLAYERS = [
    "Andrade, Lucas",
    "Barbosa, Marina",
    "Carvalho, Rafael",
    "Duarte, Beatriz",
    "Esteves, Tiago",
    "Ferreira, Ana",
    "Gomes, Paulo",
    "Honorato, Clara",
    "Izidoro, Bruno",
    "Junqueira, Sofia",
    "Lacerda, Pedro",
    "Moreira, Helena",
]
BROKEN = Heading("", "Recife BRA", "2025.05.17", PLAYERS[2], PLAYERS[3], (GAMETYPE,))
"""The tags of the broken records (each its own event)."""


def write(name: str, records: list[Record]) -> None:
    write_records(OUT / name, records)


def club_round(round_: int) -> Heading:
    return Heading(
        "Clube de Damas de Recife, Championship 2025",
        "Recife BRA",
        f"2025.03.{round_ + 1:02d}",
        PLAYERS[round_ % 12],
        PLAYERS[(round_ * 5 + 3) % 12],
        (GAMETYPE,),
        round_,
    )


def club_games() -> list[Record]:
    """Twelve games of a club round robin, numeric notation."""
    return PLAYER.tournament(range(1, 13), 1000, (40, 120), club_round)


def lidraughts_games() -> list[Record]:
    """Eight online blitz games as lidraughts exports them: alphanumeric, FEN, clocks."""
    records = []
    start = GAME.start({})
    fen = GAME.setup_tags(start, "alphanumeric")["FEN"]
    for index in range(8):
        rng = random.Random(2000 + index)
        moves, _, positions, result = PLAYER.play(start, rng, rng.randrange(30, 110))
        line = Line()
        clocks = [300.0, 300.0]
        for offset, (move, before) in enumerate(zip(moves, positions, strict=False)):
            side = offset % 2
            clocks[side] = max(1.0, clocks[side] - rng.uniform(1.0, 9.0) + 2)
            text = GAME.format_move(before, move, "alphanumeric")
            ply = Ply(text, number=f"{offset // 2 + 1}." if side == 0 else None)
            w, b = (int(c) for c in clocks)
            clock = f"[%clock w0:{w // 60:02d}:{w % 60:02d} B0:{b // 60:02d}:{b % 60:02d}]"
            ply.comments.append(Comment(clock))
            line.plies.append(ply)
        for offset, ply in enumerate(line.plies):
            if offset % 2 == 1 and line.plies[offset - 1].comments:
                ply.number = f"{offset // 2 + 1}..."
        welo, belo = rng.randrange(1500, 2300), rng.randrange(1500, 2300)
        termination = "Normal" if result != "1-1" else "Draw"
        tags = seven_tags(
            "Rated Blitz game",
            f"https://lidraughts.org/bR{index:02d}xq7Z",
            f"2025.06.{10 + index:02d}",
            "-",
            f"player{rng.randrange(100, 999)}",
            f"player{rng.randrange(100, 999)}",
            result,
            ("UTCDate", f"2025.06.{10 + index:02d}"),
            ("UTCTime", f"{rng.randrange(0, 24):02d}:{rng.randrange(0, 60):02d}:11"),
            ("WhiteElo", str(welo)),
            ("BlackElo", str(belo)),
            ("GameType", "26"),
            ("FEN", fen),
            ("TimeControl", "300+2"),
            ("Termination", termination),
        )
        records.append(record(tags, line, result))
    return records


def annotated_heading(index: int) -> Heading:
    return Heading(
        "Brazilian Championship 2024, annotated games",
        "Sao Paulo BRA",
        f"2024.11.{index + 3:02d}",
        PLAYERS[(index + 4) % 12],
        PLAYERS[(index + 9) % 12],
        (("Annotator", PLAYERS[index]), GAMETYPE),
        index + 1,
    )


ENDGAMES = [
    ("W:WK30,22,23:BK5,12", "Three against two, with kings"),
    ("W:WK29,K32:BK4", "Two kings against one"),
    ("B:W26,27,31:B9,10,14", "Men endgame, Black to move"),
    ("W:WK18,25,26:BK3,7,8", "King and two men against king and two men"),
]
STUDIES = Heading(
    "Endgame studies", "Porto Alegre BRA", "2025.01.20", "Study", "Study", (GAMETYPE,)
)
AMBIGUOUS = Heading(
    "Ambiguous capture example", "Recife BRA", "2025.04.02", PLAYERS[0], PLAYERS[1], (GAMETYPE,)
)


def broken_game(
    event: str, mistake: Callable[[BrazilianPosition], str | None], seeds: range = range(7000, 9000)
) -> list[Record]:
    return [PLAYER.broken_game(event, BROKEN, mistake, seeds, 80)]


def broken_set() -> None:
    """One file per kind of problem the validator reports."""
    write("broken/illegal-move.pdn", broken_game("Step onto own piece", MISTAKES.onto_own_piece))
    write("broken/man-backward.pdn", broken_game("Man steps backward", MISTAKES.backward))
    write("broken/capture-ignored.pdn", broken_game("Capture not taken", MISTAKES.capture_ignored))
    write(
        "broken/majority-ignored.pdn",
        broken_game("Majority rule ignored", MISTAKES.fewer_than_most),
    )
    write(
        "broken/ambiguous-short-capture.pdn",
        broken_game("Ambiguous short capture", MISTAKES.short_and_ambiguous, range(6000, 9000)),
    )
    wrong = next(r for r in club_games() if PLAYER.decided(r))
    over = next(r for r in club_games() if PLAYER.decided(r))
    PLAYER.write_result_mistakes(OUT, wrong, club_games()[0], over, "10-14")
    club = club_games()[:3]
    write_syntax_error(OUT / "broken/syntax-error.pdn", club, 3, "22-18?? foo")
    write_unterminated_comment(OUT / "broken/unterminated-comment.pdn", club, 5)
    shuffle = ["29-25", "1-5", "25-29", "5-1"] * 2 + ["29-25"]
    PLAYER.write_repetition(OUT, BROKEN, "W:WK29:BK1", shuffle)


def main() -> None:
    write("club-championship-2025.pdn", club_games())
    write("lidraughts-blitz.pdn", lidraughts_games())
    write("annotated.pdn", annotated_games(PLAYER, PLAYERS, annotated_heading))
    write("endgames.pdn", PLAYER.endgame_games(ENDGAMES, STUDIES))
    write("ambiguous-capture.pdn", ambiguous_game(PLAYER, AMBIGUOUS))
    broken_set()
    write_sheets("brazilian", OUT / "sheets")


if __name__ == "__main__":
    main()
