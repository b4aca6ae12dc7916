"""Make the international draughts sample records in ``samples/international/`` (seeded,
repeatable).

    python tools/make_international_samples.py

Games are played by a simple seeded player that captures as the rules demand and
otherwise prefers moves that do not hand the opponent a bigger capture, so they look like
club games rather than uniform random play. A game ends when the side to move has no
move, on a threefold repetition (drawn), or at a length drawn from the seed, where the
side ahead by two pieces or more is scored as the winner and the rest are drawn.
The broken records in ``samples/international/broken/`` take such a game up to a position
where a given mistake can be made, then make it: one file per kind of problem.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from notation.games.base import Side
from notation.games.international import (
    BIT,
    ENGINE,
    FORWARD,
    GAMETYPE_FULL,
    International,
    InternationalPosition,
)
from notation.record.model import Record

sys.path.insert(0, str(Path(__file__).resolve().parent))  # samplekit, also when loaded by path
from draughtskit import FlyingMistakes, Player, Results, ambiguous_game, annotated_games
from samplekit import (
    Heading,
    write_records,
    write_syntax_error,
    write_unterminated_comment,
)
from sheetkit import write_sheets

GAME = International()
PLAYER = Player(GAME, Results("2-0", "0-2", "1-1"))
MISTAKES = FlyingMistakes(GAME, BIT, FORWARD, ENGINE, 10, short_captures=False)
OUT = Path(__file__).resolve().parents[1] / "samples" / "international"
GAMETYPE = ("GameType", "20")
DUTCH = [
    "de Vries, Jan",
    "Bakker, Sanne",
    "Jansen, Pieter",
    "Visser, Lotte",
    "Smit, Roel",
    "Meijer, Anouk",
    "de Boer, Henk",
    "Mulder, Femke",
    "Bos, Wouter",
    "Dekker, Ilse",
    "Kok, Martijn",
    "van Dijk, Noor",
]
FRENCH = [
    "Lefebvre, Julien",
    "Moreau, Camille",
    "Girard, Thomas",
    "Fournier, Léa",
    "Lambert, Hugo",
    "Bonnet, Manon",
    "Rousseau, Antoine",
    "Mercier, Chloé",
]
RUSSIAN = [
    "Ivanov, Sergei",
    "Petrova, Anna",
    "Smirnov, Dmitri",
    "Kuznetsova, Olga",
    "Popov, Alexei",
    "Volkova, Irina",
    "Sokolov, Nikolai",
    "Morozova, Elena",
]


BROKEN = Heading("", "Amsterdam NED", "2025.05.17", DUTCH[2], DUTCH[3], (GAMETYPE,))
"""The tags of the broken records (each its own event)."""


def write(name: str, records: list[Record]) -> None:
    write_records(OUT / name, records)


def tournament(
    event: str, site: str, month: str, players: list[str], seed: int, gametype: str | None
) -> list[Record]:
    """The games of one tournament's rounds, GameType as given (none: PDN's default)."""

    def heading(round_: int) -> Heading:
        count = len(players)
        white, black = players[round_ % count], players[(round_ * 3 + 1) % count]
        if white == black:
            black = players[(round_ + 1) % count]
        extra = () if gametype is None else (("GameType", gametype),)
        return Heading(event, site, f"{month}.{round_ + 1:02d}", white, black, extra, round_)

    return PLAYER.tournament(range(1, len(players) + 1), seed, (40, 130), heading)


def dutch_games() -> list[Record]:
    """Twelve rounds of a Dutch championship, bare GameType 20."""
    return tournament(
        "Nederlands Kampioenschap Dammen 2025", "Dordrecht NED", "2025.04", DUTCH, 1000, "20"
    )


def french_games() -> list[Record]:
    """Eight rounds of a French open, PDN's full GameType."""
    return tournament("Open de Paris 2025", "Paris FRA", "2025.07", FRENCH, 2000, GAMETYPE_FULL)


def russian_games() -> list[Record]:
    """Eight rounds of a Russian cup, without GameType (PDN's default game)."""
    return tournament("Kubok Moskvy 2025", "Moscow RUS", "2025.09", RUSSIAN, 3000, None)


def annotated_heading(index: int) -> Heading:
    return Heading(
        "Nederlands Kampioenschap Dammen 2024, annotated games",
        "Heerhugowaard NED",
        f"2024.10.{index + 3:02d}",
        DUTCH[(index + 4) % 12],
        DUTCH[(index + 9) % 12],
        (("Annotator", DUTCH[index]), GAMETYPE),
        index + 1,
    )


ENDGAMES = [
    ("W:WK47,28,33:BK4,17", "Three against two, with kings"),
    ("W:WK46,K50,K28:BK5", "Three kings against one"),
    ("B:W31,32,36:B15,19,20", "Men endgame, Black to move"),
    ("W:WK33,41,42:BK3,8,9", "King and two men against king and two men"),
]
STUDIES = Heading("Etudes de finales", "Marseille FRA", "2025.01.20", "Study", "Study", (GAMETYPE,))
AMBIGUOUS = Heading(
    "Turnir pamyati Iser Kupermana", "Kyiv UKR", "2025.04.02", RUSSIAN[0], RUSSIAN[1], (GAMETYPE,)
)


def broken_game(
    event: str,
    mistake: Callable[[InternationalPosition], str | None],
    seeds: range = range(7000, 9000),
) -> list[Record]:
    return [PLAYER.broken_game(event, BROKEN, mistake, seeds, 80)]


def empty_start(position: InternationalPosition) -> str | None:
    """A White step from an empty square to an empty square in front of it."""
    if not MISTAKES.quiet_white(position):
        return None
    for start in range(1, 51):
        if MISTAKES.occupied(position, start):
            continue
        for target in MISTAKES.steps(start, Side.WHITE):
            if not MISTAKES.occupied(position, target):
                return f"{start}-{target}"
    return None


def off_the_board(position: InternationalPosition) -> str | None:
    """A White man's step written with a square beyond 50."""
    legal = MISTAKES.quiet_white(position)
    return f"{legal[0].path[0]}-{legal[0].path[-1] + 50}" if legal else None


def broken_set() -> None:
    """One file per kind of problem the validator reports."""
    write("broken/not-a-move.pdn", broken_game("Square beyond 50", off_the_board))
    write("broken/empty-square.pdn", broken_game("Move from an empty square", empty_start))
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
    decided = [r for r in dutch_games() + french_games() if PLAYER.decided(r)]
    PLAYER.write_result_mistakes(OUT, decided[0], dutch_games()[0], decided[-1], "31-27")
    club = dutch_games()[:3]
    write_syntax_error(OUT / "broken/syntax-error.pdn", club, 3, "32-28?? foo")
    write_unterminated_comment(OUT / "broken/unterminated-comment.pdn", club, 5)
    shuffle = ["47-42", "4-10", "42-47", "10-4"] * 2 + ["47-42"]
    PLAYER.write_repetition(OUT, BROKEN, "W:WK47:BK4", shuffle)


def main() -> None:
    write("dutch-championship-2025.pdn", dutch_games())
    write("paris-open-2025.pdn", french_games())
    write("moscow-cup-2025.pdn", russian_games())
    write("annotated.pdn", annotated_games(PLAYER, DUTCH, annotated_heading))
    write("endgames.pdn", PLAYER.endgame_games(ENDGAMES, STUDIES))
    write("ambiguous-capture.pdn", ambiguous_game(PLAYER, AMBIGUOUS))
    broken_set()
    write_sheets("international", OUT / "sheets")


if __name__ == "__main__":
    main()
