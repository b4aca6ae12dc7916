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

import random
import sys
from pathlib import Path

from notation.games.base import Side
from notation.games.international import (
    BIT,
    FORWARD,
    GAMETYPE_FULL,
    INDEX,
    SQUARE_AT,
    International,
    InternationalMove,
    InternationalPosition,
)
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

GAME = International()
OUT = Path(__file__).resolve().parents[1] / "samples" / "international"
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


def count(mask: int) -> int:
    return mask.bit_count()


def material(position: InternationalPosition) -> int:
    """White's pieces minus Black's, kings counted as two."""
    white, black, kings, _ = position
    return count(white) + count(white & kings) - count(black) - count(black & kings)


def choose(position: InternationalPosition, legal: list[InternationalMove], rng: random.Random):
    """A move that keeps the opponent's best immediate capture small, with some chance."""
    if len(legal) == 1 or rng.random() < 0.15:
        return rng.choice(legal)
    scored = []
    for move in legal:
        after = GAME.play(position, move)
        replies = GAME.legal_moves(after)
        threat = max((len(reply.captured) for reply in replies), default=0)
        scored.append((len(move.captured) - threat + rng.random() * 0.5, move))
    scored.sort(key=lambda pair: pair[0], reverse=True)
    return scored[0][1]


def play(start: InternationalPosition, rng: random.Random, length: int):
    """(moves, texts, positions before each move, result) of one seeded game."""
    position, moves, texts, positions = start, [], [], []
    seen: dict[InternationalPosition, int] = {start: 1}
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
            result = "1-1"
            break
    positions.append(position)
    outcome = GAME.outcome(position)
    if outcome is not None:
        result = GAME.result_for(outcome)[0]
    elif result is None:
        lead = material(position)
        result = "2-0" if lead >= 2 else "0-2" if lead <= -2 else "1-1"
    return moves, texts, positions, result


def write(name: str, records: list[Record]) -> None:
    write_records(OUT / name, records)


def tournament(
    event: str, site: str, month: str, players: list[str], seed: int, gametype: str | None
) -> list[Record]:
    """The games of one tournament's rounds, GameType as given (none: PDN's default)."""
    records = []
    for round_ in range(1, len(players) + 1):
        rng = random.Random(seed + round_)
        _, texts, _, result = play(GAME.start({}), rng, rng.randrange(40, 130))
        count = len(players)
        white, black = players[round_ % count], players[(round_ * 3 + 1) % count]
        if white == black:
            black = players[(round_ + 1) % count]
        extra = () if gametype is None else (("GameType", gametype),)
        tags = seven_tags(
            event, site, f"{month}.{round_ + 1:02d}", round_, white, black, result, *extra
        )
        records.append(record(tags, numbered(texts), result))
    return records


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


def annotated_games() -> list[Record]:
    """Five annotated games: comments, NAGs, strength marks and nested variations."""
    records = []
    for index in range(5):
        rng = random.Random(3000 + index)
        moves, texts, positions, result = play(GAME.start({}), rng, rng.randrange(50, 90))
        line = numbered(texts)
        if index == 0:
            line.comments.append(Comment(" Annotated games with variations", "escape"))
        line.comments.append(Comment(f"Annotated by {DUTCH[index]}."))
        branch = 6 + 2 * index
        before = positions[branch]
        others = [m for m in GAME.legal_moves(before) if m != moves[branch]]
        if others:
            alt_rng = random.Random(4000 + index)
            alt = others[0]
            alt_moves, alt_texts, alt_positions, _ = play(GAME.play(before, alt), alt_rng, 5)
            turn = GAME.turn(before)
            variation = numbered([GAME.format_move(before, alt), *alt_texts], turn, branch // 2 + 1)
            variation.plies[0].comments.append(Comment("A quieter try."))
            if len(alt_moves) >= 3:
                inner_before = alt_positions[1]
                inner = [m for m in GAME.legal_moves(inner_before) if m != alt_moves[1]]
                if inner:
                    inner_line = numbered(
                        [GAME.format_move(inner_before, inner[0])],
                        GAME.turn(inner_before),
                        (branch + 2) // 2 + 1,
                    )
                    variation.plies[2].variations.append(inner_line)
            line.plies[branch].variations.append(variation)
            line.plies[branch].suffix = "!"
            line.plies[branch].comments.append(Comment("The main line keeps the centre."))
        for offset, move in enumerate(moves):
            if len(move.captured) >= 2:
                line.plies[offset].nags.append(1)
                line.plies[offset].comments.append(Comment(f"A {len(move.captured)}-piece shot."))
                break
        renumber_after_comments(line)
        tags = seven_tags(
            "Nederlands Kampioenschap Dammen 2024, annotated games",
            "Heerhugowaard NED",
            f"2024.10.{index + 3:02d}",
            index + 1,
            DUTCH[(index + 4) % 12],
            DUTCH[(index + 9) % 12],
            result,
            ("Annotator", DUTCH[index]),
            ("GameType", "20"),
        )
        records.append(record(tags, line, result))
    return records


ENDGAMES = [
    ("W:WK47,28,33:BK4,17", "Three against two, with kings"),
    ("W:WK46,K50,K28:BK5", "Three kings against one"),
    ("B:W31,32,36:B15,19,20", "Men endgame, Black to move"),
    ("W:WK33,41,42:BK3,8,9", "King and two men against king and two men"),
]


def endgame_games() -> list[Record]:
    """Four games from set-up positions (FEN), with kings."""
    records = []
    for index, (fen, title) in enumerate(ENDGAMES):
        start = GAME.start({"FEN": fen})
        rng = random.Random(5000 + index)
        _, texts, _, result = play(start, rng, 60)
        line = numbered(texts, GAME.turn(start))
        line.comments.append(Comment(title))
        tags = seven_tags(
            "Etudes de finales",
            "Marseille FRA",
            "2025.01.20",
            index + 1,
            "Study",
            "Study",
            result,
            ("GameType", "20"),
            ("FEN", fen),
        )
        records.append(record(tags, line, result))
    return records


def ambiguous_game() -> list[Record]:
    """A game with a capture whose start and end alone name two routes, written in full."""
    _, (_, texts, _, result) = first_game(
        range(6000, 9000),
        lambda seed: play(GAME.start({}), random.Random(seed), 120),
        lambda game: any(
            text.count("x") > 1 and _ambiguous(p, m)
            for text, p, m in zip(game[1], game[2], game[0], strict=False)
        ),
        "no ambiguous capture found",
    )
    tags = seven_tags(
        "Turnir pamyati Iser Kupermana",
        "Kyiv UKR",
        "2025.04.02",
        1,
        RUSSIAN[0],
        RUSSIAN[1],
        result,
        ("GameType", "20"),
    )
    return [record(tags, numbered(texts), result)]


def _ambiguous(position: InternationalPosition, move: InternationalMove) -> bool:
    same = [
        m
        for m in GAME.legal_moves(position)
        if m.path[0] == move.path[0] and m.path[-1] == move.path[-1]
    ]
    return len(same) > 1


def _tags(event: str, result: str, *extra: tuple[str, str]) -> list[tuple[str, str]]:
    return seven_tags(
        event,
        "Amsterdam NED",
        "2025.05.17",
        1,
        DUTCH[2],
        DUTCH[3],
        result,
        ("GameType", "20"),
        *extra,
    )


def _occupied(position: InternationalPosition, square: int) -> bool:
    return bool((position.white | position.black) & BIT[square])


def _steps(square: int, side: Side) -> list[int]:
    """The squares a man of ``side`` on ``square`` steps to (forward diagonals)."""
    return [t for t in range(1, 51) if FORWARD[side][square] & BIT[t]]


def _quiet_white(position: InternationalPosition) -> list[InternationalMove]:
    """White's legal moves when White is to move and has no capture, else nothing."""
    if GAME.turn(position) is not Side.WHITE:
        return []
    legal = GAME.legal_moves(position)
    return [] if not legal or legal[0].captured else legal


def _men(position: InternationalPosition, moves: list[InternationalMove]) -> list[int]:
    return sorted({m.path[0] for m in moves if not position.kings & BIT[m.path[0]]})


def onto_own_piece(position: InternationalPosition) -> str | None:
    """A White man's step onto a square its own piece holds."""
    legal = _quiet_white(position)
    for start in _men(position, legal):
        for target in _steps(start, Side.WHITE):
            if position.white & BIT[target]:
                return f"{start}-{target}"
    return None


def backward(position: InternationalPosition) -> str | None:
    """A White man's step back onto an empty square."""
    legal = _quiet_white(position)
    for start in _men(position, legal):
        for target in _steps(start, Side.BLACK):
            if not _occupied(position, target):
                return f"{start}-{target}"
    return None


def capture_ignored(position: InternationalPosition) -> str | None:
    """A White quiet step while White must capture."""
    if GAME.turn(position) is not Side.WHITE:
        return None
    legal = GAME.legal_moves(position)
    if not legal or not legal[0].captured:
        return None
    for start in range(1, 51):
        if not position.white & BIT[start] or position.kings & BIT[start]:
            continue
        for target in _steps(start, Side.WHITE):
            if not _occupied(position, target):
                return f"{start}-{target}"
    return None


def fewer_than_most(position: InternationalPosition) -> str | None:
    """A single jump of White while a capture of two or more pieces is available."""
    if GAME.turn(position) is not Side.WHITE:
        return None
    legal = GAME.legal_moves(position)
    if not legal or len(legal[0].captured) < 2:
        return None
    white, black, kings, _ = position
    for start in range(1, 51):
        if not white & BIT[start] or kings & BIT[start]:
            continue
        for over in range(1, 51):
            if not black & BIT[over]:
                continue
            for land in range(1, 51):
                if _occupied(position, land) or land == start:
                    continue
                if over in _between(start, land):
                    return f"{start}x{land}"
    return None


def _between(start: int, land: int) -> list[int]:
    """The square jumped when a man jumps from ``start`` to ``land``, if they are a jump apart."""
    a, b = INDEX[start], INDEX[land]
    if abs(a // 10 - b // 10) != 2 or abs(a % 10 - b % 10) != 2:
        return []
    middle = SQUARE_AT.get((a + b) // 2)
    return [middle] if middle else []


def short_and_ambiguous(position: InternationalPosition) -> str | None:
    """A capture written by start and end only when two routes share them."""
    by_ends: dict[tuple[int, int], int] = {}
    for move in GAME.legal_moves(position):
        if move.captured:
            ends = (move.path[0], move.path[-1])
            by_ends[ends] = by_ends.get(ends, 0) + 1
    for (start, end), routes in sorted(by_ends.items()):
        if routes > 1:
            return f"{start}x{end}"
    return None


def broken_game(event: str, predicate, seeds=range(7000, 9000)) -> Record:
    """A seeded game up to the first position where ``predicate`` names a mistake, then it."""
    _, (_, texts, _, _), ply, bad = first_mistake(
        seeds,
        lambda seed: play(GAME.start({}), random.Random(seed), 80),
        lambda game, ply: predicate(game[2][ply]),
        6,
        f"no position for {event!r}",
    )
    return record(_tags(event, "*"), numbered([*texts[:ply], bad]), "*")


def empty_start(position: InternationalPosition) -> str | None:
    """A White step from an empty square to an empty square in front of it."""
    if not _quiet_white(position):
        return None
    for start in range(1, 51):
        if _occupied(position, start):
            continue
        for target in _steps(start, Side.WHITE):
            if not _occupied(position, target):
                return f"{start}-{target}"
    return None


def off_the_board(position: InternationalPosition) -> str | None:
    """A White man's step written with a square beyond 50."""
    legal = _quiet_white(position)
    return f"{legal[0].path[0]}-{legal[0].path[-1] + 50}" if legal else None


def broken_set() -> None:
    """One file per kind of problem the validator reports."""
    write("broken/not-a-move.pdn", [broken_game("Square beyond 50", off_the_board)])
    write("broken/empty-square.pdn", [broken_game("Move from an empty square", empty_start)])
    write("broken/illegal-move.pdn", [broken_game("Step onto own piece", onto_own_piece)])
    write("broken/man-backward.pdn", [broken_game("Man steps backward", backward)])
    write("broken/capture-ignored.pdn", [broken_game("Capture not taken", capture_ignored)])
    write("broken/majority-ignored.pdn", [broken_game("Majority rule ignored", fewer_than_most)])
    write(
        "broken/ambiguous-short-capture.pdn",
        [broken_game("Ambiguous short capture", short_and_ambiguous, range(6000, 9000))],
    )
    decided = [r for r in dutch_games() + french_games() if _decided(r)]
    wrong = decided[0]
    wrong.result = {"2-0": "0-2", "0-2": "2-0"}[wrong.result]
    wrong.set_tag("Result", wrong.result)
    write("broken/wrong-result.pdn", [wrong])
    mismatch = dutch_games()[0]
    mismatch.set_tag("Result", "2-0" if mismatch.result != "2-0" else "0-2")
    write("broken/result-tag-mismatch.pdn", [mismatch])
    over = decided[-1]
    over.moves.plies.append(Ply("31-27"))
    write("broken/move-after-end.pdn", [over])
    club = dutch_games()[:3]
    write_syntax_error(OUT / "broken/syntax-error.pdn", club, 3, "32-28?? foo")
    write_unterminated_comment(OUT / "broken/unterminated-comment.pdn", club, 5)
    shuffle = ["47-42", "4-10", "42-47", "10-4"] * 2 + ["47-42"]
    tags = _tags("Kings shuffle past a threefold repetition", "1-1", ("FEN", "W:WK47:BK4"))
    write("broken/repetition-played-on.pdn", [record(tags, numbered(shuffle), "1-1")])


def _decided(record: Record) -> bool:
    """True when the record's last position leaves the side to move without a move."""
    return GAME.outcome(replay(GAME, record)) is not None


def main() -> None:
    write("dutch-championship-2025.pdn", dutch_games())
    write("paris-open-2025.pdn", french_games())
    write("moscow-cup-2025.pdn", russian_games())
    write("annotated.pdn", annotated_games())
    write("endgames.pdn", endgame_games())
    write("ambiguous-capture.pdn", ambiguous_game())
    broken_set()
    write_sheets("international", OUT / "sheets")


if __name__ == "__main__":
    main()
