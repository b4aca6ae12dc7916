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
from pathlib import Path

from notation.games.base import Side
from notation.games.brazilian import (
    BIT,
    FORWARD,
    INDEX,
    SQUARE_AT,
    Brazilian,
    BrazilianMove,
    BrazilianPosition,
)
from notation.record.model import Comment, Line, Ply, Record

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

GAME = Brazilian()
OUT = Path(__file__).resolve().parents[1] / "samples" / "brazilian"
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


def count(mask: int) -> int:
    return mask.bit_count()


def material(position: BrazilianPosition) -> int:
    """White's pieces minus Black's, kings counted as two."""
    white, black, kings, _ = position
    return count(white) + count(white & kings) - count(black) - count(black & kings)


def choose(position: BrazilianPosition, legal: list[BrazilianMove], rng: random.Random):
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


def play(start: BrazilianPosition, rng: random.Random, length: int):
    """(moves, texts, positions before each move, result) of one seeded game."""
    position, moves, texts, positions = start, [], [], []
    seen: dict[BrazilianPosition, int] = {start: 1}
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


def club_games() -> list[Record]:
    """Twelve games of a club round robin, numeric notation."""
    records = []
    for round_ in range(1, 13):
        rng = random.Random(1000 + round_)
        _, texts, _, result = play(GAME.start({}), rng, rng.randrange(40, 120))
        white, black = PLAYERS[round_ % 12], PLAYERS[(round_ * 5 + 3) % 12]
        tags = seven_tags(
            "Clube de Damas de Recife, Championship 2025",
            "Recife BRA",
            f"2025.03.{round_ + 1:02d}",
            round_,
            white,
            black,
            result,
            ("GameType", "26,W,8,8,N2,0"),
        )
        records.append(record(tags, numbered(texts), result))
    return records


def lidraughts_games() -> list[Record]:
    """Eight online blitz games as lidraughts exports them: alphanumeric, FEN, clocks."""
    records = []
    start = GAME.start({})
    fen = GAME.setup_tags(start, "alphanumeric")["FEN"]
    for index in range(8):
        rng = random.Random(2000 + index)
        moves, _, positions, result = play(start, rng, rng.randrange(30, 110))
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


def annotated_games() -> list[Record]:
    """Five annotated games: comments, NAGs, strength marks and nested variations."""
    records = []
    for index in range(5):
        rng = random.Random(3000 + index)
        moves, texts, positions, result = play(GAME.start({}), rng, rng.randrange(50, 90))
        line = numbered(texts)
        if index == 0:
            line.comments.append(Comment(" Annotated games with variations", "escape"))
        line.comments.append(Comment(f"Annotated by {PLAYERS[index]}."))
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
            "Brazilian Championship 2024, annotated games",
            "Sao Paulo BRA",
            f"2024.11.{index + 3:02d}",
            index + 1,
            PLAYERS[(index + 4) % 12],
            PLAYERS[(index + 9) % 12],
            result,
            ("Annotator", PLAYERS[index]),
            ("GameType", "26,W,8,8,N2,0"),
        )
        records.append(record(tags, line, result))
    return records


ENDGAMES = [
    ("W:WK30,22,23:BK5,12", "Three against two, with kings"),
    ("W:WK29,K32:BK4", "Two kings against one"),
    ("B:W26,27,31:B9,10,14", "Men endgame, Black to move"),
    ("W:WK18,25,26:BK3,7,8", "King and two men against king and two men"),
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
            "Endgame studies",
            "Porto Alegre BRA",
            "2025.01.20",
            index + 1,
            "Study",
            "Study",
            result,
            ("GameType", "26,W,8,8,N2,0"),
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
        "Ambiguous capture example",
        "Recife BRA",
        "2025.04.02",
        1,
        PLAYERS[0],
        PLAYERS[1],
        result,
        ("GameType", "26,W,8,8,N2,0"),
    )
    return [record(tags, numbered(texts), result)]


def _ambiguous(position: BrazilianPosition, move: BrazilianMove) -> bool:
    same = [
        m
        for m in GAME.legal_moves(position)
        if m.path[0] == move.path[0] and m.path[-1] == move.path[-1]
    ]
    return len(same) > 1


def _tags(event: str, result: str, *extra: tuple[str, str]) -> list[tuple[str, str]]:
    return seven_tags(
        event,
        "Recife BRA",
        "2025.05.17",
        1,
        PLAYERS[2],
        PLAYERS[3],
        result,
        ("GameType", "26,W,8,8,N2,0"),
        *extra,
    )


def _occupied(position: BrazilianPosition, square: int) -> bool:
    return bool((position.white | position.black) & BIT[square])


def _steps(square: int, side: Side) -> list[int]:
    """The squares a man of ``side`` on ``square`` steps to (forward diagonals)."""
    return [t for t in range(1, 33) if FORWARD[side][square] & BIT[t]]


def _quiet_white(position: BrazilianPosition) -> list[BrazilianMove]:
    """White's legal moves when White is to move and has no capture, else nothing."""
    if GAME.turn(position) is not Side.WHITE:
        return []
    legal = GAME.legal_moves(position)
    return [] if not legal or legal[0].captured else legal


def _men(position: BrazilianPosition, moves: list[BrazilianMove]) -> list[int]:
    return sorted({m.path[0] for m in moves if not position.kings & BIT[m.path[0]]})


def onto_own_piece(position: BrazilianPosition) -> str | None:
    """A White man's step onto a square its own piece holds."""
    legal = _quiet_white(position)
    for start in _men(position, legal):
        for target in _steps(start, Side.WHITE):
            if position.white & BIT[target]:
                return f"{start}-{target}"
    return None


def backward(position: BrazilianPosition) -> str | None:
    """A White man's step back onto an empty square."""
    legal = _quiet_white(position)
    for start in _men(position, legal):
        for target in _steps(start, Side.BLACK):
            if not _occupied(position, target):
                return f"{start}-{target}"
    return None


def capture_ignored(position: BrazilianPosition) -> str | None:
    """A White quiet step while White must capture."""
    if GAME.turn(position) is not Side.WHITE:
        return None
    legal = GAME.legal_moves(position)
    if not legal or not legal[0].captured:
        return None
    for start in range(1, 33):
        if not position.white & BIT[start] or position.kings & BIT[start]:
            continue
        for target in _steps(start, Side.WHITE):
            if not _occupied(position, target):
                return f"{start}-{target}"
    return None


def fewer_than_most(position: BrazilianPosition) -> str | None:
    """A single jump of White while a capture of two or more pieces is available, landing
    where no legal capture lands first (there it would be a short capture, PDN115)."""
    if GAME.turn(position) is not Side.WHITE:
        return None
    legal = GAME.legal_moves(position)
    if not legal or len(legal[0].captured) < 2:
        return None
    firsts = {path[:2] for path, _ in GAME.capture_paths(position)}
    white, black, kings, _ = position
    for start in range(1, 33):
        if not white & BIT[start] or kings & BIT[start]:
            continue
        for over in range(1, 33):
            if not black & BIT[over]:
                continue
            for land in range(1, 33):
                if _occupied(position, land) or land == start:
                    continue
                if over in _between(start, land) and (start, land) not in firsts:
                    return f"{start}x{land}"
    return None


def _between(start: int, land: int) -> list[int]:
    """The square jumped when a man jumps from ``start`` to ``land``, if they are a jump apart."""
    a, b = INDEX[start], INDEX[land]
    if abs(a // 8 - b // 8) != 2 or abs(a % 8 - b % 8) != 2:
        return []
    middle = SQUARE_AT.get((a + b) // 2)
    return [middle] if middle else []


def short_and_ambiguous(position: BrazilianPosition) -> str | None:
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


def broken_set() -> None:
    """One file per kind of problem the validator reports."""
    write("broken/illegal-move.pdn", [broken_game("Step onto own piece", onto_own_piece)])
    write("broken/man-backward.pdn", [broken_game("Man steps backward", backward)])
    write("broken/capture-ignored.pdn", [broken_game("Capture not taken", capture_ignored)])
    write("broken/majority-ignored.pdn", [broken_game("Majority rule ignored", fewer_than_most)])
    write(
        "broken/ambiguous-short-capture.pdn",
        [broken_game("Ambiguous short capture", short_and_ambiguous, range(6000, 9000))],
    )
    decided = next(r for r in club_games() if r.result != "1-1" and _decided(r))
    wrong = next(r for r in club_games() if r is not decided and _decided(r))
    wrong.result = {"2-0": "0-2", "0-2": "2-0"}[wrong.result]
    wrong.set_tag("Result", wrong.result)
    write("broken/wrong-result.pdn", [wrong])
    mismatch = club_games()[0]
    mismatch.set_tag("Result", "2-0" if mismatch.result != "2-0" else "0-2")
    write("broken/result-tag-mismatch.pdn", [mismatch])
    over = next(r for r in club_games() if _decided(r))
    over.moves.plies.append(Ply("10-14"))
    write("broken/move-after-end.pdn", [over])
    club = club_games()[:3]
    write_syntax_error(OUT / "broken/syntax-error.pdn", club, 3, "22-18?? foo")
    write_unterminated_comment(OUT / "broken/unterminated-comment.pdn", club, 5)
    shuffle = ["29-25", "1-5", "25-29", "5-1"] * 2 + ["29-25"]
    tags = _tags("Kings shuffle past a threefold repetition", "1-1", ("FEN", "W:WK29:BK1"))
    write("broken/repetition-played-on.pdn", [record(tags, numbered(shuffle), "1-1")])


def _decided(record: Record) -> bool:
    """True when the record's last position leaves the side to move without a move."""
    return GAME.outcome(replay(GAME, record)) is not None


def main() -> None:
    write("club-championship-2025.pdn", club_games())
    write("lidraughts-blitz.pdn", lidraughts_games())
    write("annotated.pdn", annotated_games())
    write("endgames.pdn", endgame_games())
    write("ambiguous-capture.pdn", ambiguous_game())
    broken_set()
    write_sheets("brazilian", OUT / "sheets")


if __name__ == "__main__":
    main()
