"""Make the Knight Fight sample records in ``samples/knight-fight/`` (seeded, repeatable).

    python tools/make_knight_fight_samples.py

Every game has its own layout drawn from a seed (``random_layout``). Games are played by
a simple seeded player that weighs the number it lands on against the room its knight
keeps and the room it leaves the other knight, avoids ending the game while behind or
letting the other knight end it with one reply, and
on a double usually removes the double that would help the opponent most (sometimes it
declines). Games run to their end under the rules (the side to move has no legal ply),
so every result is the one the scores decide.
The broken records in ``samples/knight-fight/broken/`` take such a game up to a position
where a given mistake can be made, then make it: one file per kind of problem.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

from notation.games.base import Side
from notation.games.knight_fight import (
    BIT,
    JUMP_MASK,
    JUMPS,
    SQUARE_NAMES,
    SQUARES,
    KnightFight,
    KnightFightPosition,
    KnightMove,
    random_layout,
)
from notation.record.model import Comment, Ply, Record

sys.path.insert(0, str(Path(__file__).resolve().parent))  # samplekit, also when loaded by path
from samplekit import (
    first_game,
    first_mistake,
    move_texts,
    numbered,
    record,
    renumber_after_comments,
    replay,
    seven_tags,
    write_records,
)
from sheetkit import write_sheets

GAME = KnightFight()
OUT = Path(__file__).resolve().parents[1] / "samples" / "knight-fight"
PLAYERS = [
    "Arnaud, Camille",
    "Bertin, Louis",
    "Chevalier, Margot",
    "Delorme, Hugo",
    "Estienne, Lea",
    "Fabre, Antoine",
    "Garnier, Ines",
    "Houdin, Victor",
    "Imbert, Chloe",
    "Joubert, Mathis",
    "Lefort, Manon",
    "Marchal, Theo",
]

Predicate = Callable[[KnightFightPosition], str | None]


def room(position: KnightFightPosition, square: int, other: int | None) -> int:
    """How many squares a knight on ``square`` could land on next, the other knight fixed."""
    free = JUMP_MASK[square] & ~position.dead & ~BIT[square]
    if other is not None:
        free &= ~BIT[other] & ~JUMP_MASK[other]
    return free.bit_count()


def value(position: KnightFightPosition, move: KnightMove) -> float:
    """How good ``move`` looks to the side to move, before any chance is added."""
    side = position.turn
    after = GAME.play(position, move)
    replies = {m.to for m in GAME.legal_moves(after)}
    mine, theirs = after.scores[side], after.scores[1 - side]
    if not replies:
        return 10_000.0 if mine > theirs else -10_000.0 if mine < theirs else 0.0
    other = after.knights[1 - side]
    score = position.layout.numbers[move.to] + 9 * room(after, move.to, other) - 7 * len(replies)
    if any(_loses(GAME.play(after, reply), side) for reply in GAME.legal_moves(after)):
        score -= 5_000
    if move.remove is not None and other is not None and JUMP_MASK[other] & BIT[move.remove]:
        score += position.layout.numbers[move.remove] / 2
    return score


def _loses(position: KnightFightPosition, side: Side) -> bool:
    """True when ``side`` is to move in ``position`` with no legal ply and behind."""
    outcome = GAME.outcome(position)
    return outcome is not None and outcome.winner is side.other


def choose(position: KnightFightPosition, rng: random.Random) -> KnightMove:
    """A plausible ply: mostly the best-looking one, sometimes any, doubles not always used."""
    legal = GAME.legal_moves(position)
    if rng.random() < 0.08:
        landing = rng.choice(sorted({m.to for m in legal}))
        legal = [m for m in legal if m.to == landing]
    decline = rng.random() < 0.3
    scored = []
    for move in legal:
        if decline and move.remove is not None:
            continue
        scored.append((value(position, move) + rng.random() * 25, move))
    scored.sort(key=lambda pair: pair[0], reverse=True)
    return scored[0][1]


def play(
    start: KnightFightPosition, rng: random.Random, length: int = 200
) -> tuple[list[KnightMove], list[KnightFightPosition], str]:
    """(moves, positions before each move and the last, result) of one seeded game."""
    position, moves, positions = start, [], []
    for _ in range(length):
        if GAME.outcome(position) is not None:
            break
        move = choose(position, rng)
        moves.append(move)
        positions.append(position)
        position = GAME.play(position, move)
    positions.append(position)
    outcome = GAME.outcome(position)
    result = "*" if outcome is None else GAME.result_for(outcome)[0]
    return moves, positions, result


def texts(
    moves: list[KnightMove], positions: list[KnightFightPosition], notation: str
) -> list[str]:
    """The plies written in ``notation``."""
    return move_texts(GAME, moves, positions, notation)


def write(name: str, records: list[Record]) -> None:
    write_records(OUT / name, records)


def start(seed: int) -> KnightFightPosition:
    """The start of a game on the layout drawn from ``seed``."""
    return GAME.start({"Layout": random_layout(seed)})


def removals(moves: list[KnightMove], positions: list[KnightFightPosition]) -> tuple[int, int]:
    """(doubles removed, doubles landed on without a removal) in a game."""
    removed = declined = 0
    for move, before in zip(moves, positions, strict=False):
        if before.layout.doubles & BIT[move.to]:
            if move.remove is None:
                declined += 1
            else:
                removed += 1
    return removed, declined


def tournament_games() -> list[Record]:
    """Twelve games of a club round robin, squares notation."""
    records = []
    for round_ in range(1, 13):
        seed = 10_000 + round_
        moves, positions, result = play(start(seed), random.Random(seed))
        line = numbered(texts(moves, positions, "squares"))
        tags = seven_tags(
            "Cercle du Cavalier, Championnat 2025",
            "Lyon FRA",
            f"2025.02.{round_ + 3:02d}",
            round_,
            PLAYERS[round_ % 12],
            PLAYERS[(round_ * 5 + 3) % 12],
            result,
            ("Variant", GAME.name),
            ("Layout", random_layout(seed)),
        )
        records.append(record(tags, line, result))
    return records


def online_games() -> list[Record]:
    """Six online games in numbers notation, running scores every ten plies."""
    records = []
    for index in range(6):
        seed = 20_000 + index
        rng = random.Random(seed)
        moves, positions, result = play(start(seed), rng)
        line = numbered(texts(moves, positions, "numbers"))
        for offset, ply in enumerate(line.plies):
            if offset % 10 == 9 or offset == len(line.plies) - 1:
                white, black = positions[offset + 1].scores
                ply.comments.append(Comment(f"[%score {white}-{black}]"))
        renumber_after_comments(line)
        tags = seven_tags(
            "Online blitz",
            f"https://knightfight.example.org/g/{seed:x}",
            f"2025.07.{index + 1:02d}",
            "-",
            f"rider{rng.randrange(100, 999)}",
            f"jumper{rng.randrange(100, 999)}",
            result,
            ("Variant", GAME.name),
            ("Layout", random_layout(seed)),
            ("Notation", "numbers"),
            ("TimeControl", "180+2"),
        )
        records.append(record(tags, line, result))
    return records


def _double_ply(moves: list[KnightMove], positions: list[KnightFightPosition]) -> int | None:
    """The first ply, from the sixth on, that lands on a double while another is removable."""
    for offset in range(5, len(moves)):
        before = positions[offset]
        if before.layout.doubles & BIT[moves[offset].to]:
            options = {m.remove for m in GAME.legal_moves(before) if m.to == moves[offset].to}
            if len(options) > 1:
                return offset
    return None


def annotated_games() -> list[Record]:
    """Three annotated games: comments on the doubles and a variation or two."""
    records: list[Record] = []
    seed = 30_000
    while len(records) < 3:
        seed += 1
        rng = random.Random(seed)
        moves, positions, result = play(start(seed), rng)
        branch = _double_ply(moves, positions)
        if branch is None:
            continue
        line = numbered(texts(moves, positions, "squares"))
        line.comments.append(Comment(f"Annotated by {PLAYERS[len(records)]}."))
        before, chosen = positions[branch], moves[branch]
        other = next(
            m for m in GAME.legal_moves(before) if m.to == chosen.to and m.remove != chosen.remove
        )
        alt_moves, alt_positions, _ = play(GAME.play(before, other), random.Random(seed + 1), 4)
        turn = GAME.turn(before)
        variation = numbered(
            [GAME.format_move(before, other), *texts(alt_moves, alt_positions, "squares")],
            turn,
            branch // 2 + 1,
        )
        what = "declines the removal" if other.remove is None else "removes another double"
        variation.plies[0].comments.append(Comment(f"{turn.title} {what} here."))
        line.plies[branch].variations.append(variation)
        white, black = positions[branch + 1].scores
        line.plies[branch].comments.append(Comment(f"A double. Score {white}-{black}."))
        line.plies[branch].suffix = "!" if chosen.remove is not None else "?!"
        if len(records) == 0 and len(moves) > branch + 6:
            later = positions[branch + 4]
            alt = [m for m in GAME.legal_moves(later) if m.to != moves[branch + 4].to]
            if alt:
                line.plies[branch + 4].variations.append(
                    numbered([GAME.format_move(later, alt[0])], GAME.turn(later), branch // 2 + 3)
                )
        final = positions[-1]
        line.plies[-1].comments.append(Comment(f"{GAME.turn(final).title} has no legal ply."))
        renumber_after_comments(line)
        tags = seven_tags(
            "Cercle du Cavalier, annotated games",
            "Lyon FRA",
            f"2025.03.{len(records) + 10:02d}",
            len(records) + 1,
            PLAYERS[(len(records) + 4) % 12],
            PLAYERS[(len(records) + 9) % 12],
            result,
            ("Annotator", PLAYERS[len(records)]),
            ("Variant", GAME.name),
            ("Layout", random_layout(seed)),
        )
        records.append(record(tags, line, result))
    return records


def drawn_game() -> list[Record]:
    """The first seeded game that ends on equal scores, a draw."""
    seed, (moves, positions, result) = first_game(
        range(40_000, 60_000),
        lambda seed: play(start(seed), random.Random(seed)),
        lambda game: game[2] == "1/2-1/2",
        "no drawn game found",
    )
    line = numbered(texts(moves, positions, "squares"))
    white, black = positions[-1].scores
    line.plies[-1].comments.append(Comment(f"Equal scores, {white}-{black}: a draw."))
    tags = seven_tags(
        "Cercle du Cavalier, Championnat 2025",
        "Lyon FRA",
        "2025.02.20",
        13,
        PLAYERS[4],
        PLAYERS[7],
        result,
        ("Variant", GAME.name),
        ("Layout", random_layout(seed)),
    )
    return [record(tags, line, result)]


def study_games() -> list[Record]:
    """Two games from set-up positions (FEN): the middle of seeded games, played on."""
    records = []
    for index in range(2):
        seed = 50_000 + index
        moves, positions, _ = play(start(seed), random.Random(seed))
        middle = positions[len(moves) // 2]
        tags_ = GAME.setup_tags(middle)
        moves, positions, result = play(middle, random.Random(seed + 7))
        line = numbered(texts(moves, positions, "squares"), GAME.turn(middle))
        line.comments.append(Comment("Play from the middle of a club game."))
        tags = seven_tags(
            "Knight Fight studies",
            "Grenoble FRA",
            "2025.04.05",
            index + 1,
            "Study",
            "Study",
            result,
            ("Variant", GAME.name),
            ("Layout", tags_["Layout"]),
            ("FEN", tags_["FEN"]),
        )
        records.append(record(tags, line, result))
    return records


# Broken records ---------------------------------------------------------------------------


def _tags(event: str, result: str, seed: int) -> list[tuple[str, str]]:
    return seven_tags(
        event,
        "Lyon FRA",
        "2025.05.17",
        1,
        PLAYERS[2],
        PLAYERS[3],
        result,
        ("Variant", GAME.name),
        ("Layout", random_layout(seed)),
    )


def broken_game(event: str, predicate: Predicate, first: int = 6) -> Record:
    """A seeded game up to the first position (from ply ``first``) where ``predicate`` names
    a mistake, then it."""
    seed, (moves, positions, _), ply, bad = first_mistake(
        range(70_000, 72_000),
        lambda seed: play(start(seed), random.Random(seed)),
        lambda game, ply: predicate(game[1][ply]),
        first,
        f"no position for {event!r}",
    )
    line = numbered([*texts(moves[:ply], positions[:ply], "squares"), bad])
    return record(_tags(event, "*", seed), line, "*")


def _jumping(position: KnightFightPosition) -> int | None:
    """The mover's knight square once both knights are placed, else ``None``."""
    if None in position.knights:
        return None
    return position.knights[position.turn]


def _other(position: KnightFightPosition) -> int:
    return position.knights[1 - position.turn]


def not_a_jump(position: KnightFightPosition) -> str | None:
    """A landing on a free square two files away on the same rank (a rook's step)."""
    own = _jumping(position)
    if own is None:
        return None
    for target in (own + 2, own - 2):
        if 0 <= target < 100 and target // 10 == own // 10 and not position.dead & BIT[target]:
            return SQUARE_NAMES[target]
    return None


def onto_dead(position: KnightFightPosition) -> str | None:
    """A jump onto an inaccessible square the other knight does not attack."""
    own = _jumping(position)
    if own is None:
        return None
    for target in SQUARES:
        if (
            JUMP_MASK[own] & BIT[target] & position.dead
            and not JUMP_MASK[_other(position)] & BIT[target]
        ):
            return SQUARE_NAMES[target]
    return None


def onto_attacked(position: KnightFightPosition) -> str | None:
    """A jump onto a live square the other knight attacks."""
    own = _jumping(position)
    if own is None:
        return None
    hit = JUMP_MASK[own] & JUMP_MASK[_other(position)] & ~position.dead
    return SQUARE_NAMES[(hit & -hit).bit_length() - 1] if hit else None


def onto_knight(position: KnightFightPosition) -> str | None:
    """A landing on the other knight's square (never a jump away, but checked first)."""
    return None if _jumping(position) is None else SQUARE_NAMES[_other(position)]


def off_rank(position: KnightFightPosition) -> str | None:
    """Black places its knight on rank 9 instead of rank 10."""
    if position.turn is not Side.BLACK or position.knights[1] is not None:
        return None
    white = position.knights[0]
    for square in range(80, 90):
        if not position.dead & BIT[square] and not JUMP_MASK[white] & BIT[square]:
            return SQUARE_NAMES[square]
    return None


def _legal_landings(position: KnightFightPosition) -> list[int]:
    return sorted({m.to for m in GAME.legal_moves(position)})


def _live_doubles(position: KnightFightPosition, to: int) -> list[int]:
    """Doubles still accessible, not occupied and not ``to``."""
    taken = {to, *position.knights}
    return [
        s for s in SQUARES if position.layout.doubles & ~position.dead & BIT[s] and s not in taken
    ]


def removal_after_plain(position: KnightFightPosition) -> str | None:
    """A removal written after a legal landing on a square that is not a double."""
    if _jumping(position) is None:
        return None
    for to in _legal_landings(position):
        if not position.layout.doubles & BIT[to]:
            doubles = _live_doubles(position, to)
            if doubles:
                return f"{SQUARE_NAMES[to]}/{SQUARE_NAMES[doubles[0]]}"
    return None


def _double_landing(position: KnightFightPosition) -> int | None:
    if _jumping(position) is None:
        return None
    return next((t for t in _legal_landings(position) if position.layout.doubles & BIT[t]), None)


def removes_plain(position: KnightFightPosition) -> str | None:
    """A landing on a double that names a live square that is not a double as removed."""
    to = _double_landing(position)
    if to is None:
        return None
    for square in SQUARES:
        if not (position.layout.doubles | position.dead) & BIT[square] and square not in {
            to,
            *position.knights,
        }:
            return f"{SQUARE_NAMES[to]}/{SQUARE_NAMES[square]}"
    return None


def removes_dead(position: KnightFightPosition) -> str | None:
    """A landing on a double that removes a double already inaccessible."""
    to = _double_landing(position)
    if to is None:
        return None
    gone = position.layout.doubles & position.dead & ~BIT[position.knights[position.turn]]
    return f"{SQUARE_NAMES[to]}/{SQUARE_NAMES[(gone & -gone).bit_length() - 1]}" if gone else None


def removes_knight(position: KnightFightPosition) -> str | None:
    """A landing on a double that removes the double the other knight stands on."""
    to = _double_landing(position)
    if to is None or not position.layout.doubles & BIT[_other(position)]:
        return None
    return f"{SQUARE_NAMES[to]}/{SQUARE_NAMES[_other(position)]}"


def malformed(position: KnightFightPosition) -> str | None:
    """A legal jump written chess-style, from square and landing square (``D5-E3``)."""
    own = _jumping(position)
    if own is None:
        return None
    return f"{SQUARE_NAMES[own]}-{SQUARE_NAMES[_legal_landings(position)[0]]}"


def broken_set() -> None:
    """One file per kind of problem the validator reports."""
    write("broken/malformed-move.pdn", [broken_game("Jump written from-to", malformed)])
    write("broken/not-a-knight-jump.pdn", [broken_game("Not a knight's jump", not_a_jump)])
    write("broken/dead-square.pdn", [broken_game("Landing on a dead square", onto_dead)])
    write("broken/attacked-square.pdn", [broken_game("Landing on attack", onto_attacked)])
    write("broken/onto-the-knight.pdn", [broken_game("Landing on the knight", onto_knight)])
    write("broken/placement-off-rank.pdn", [broken_game("Placed on rank 9", off_rank, 1)])
    write(
        "broken/removal-not-allowed.pdn",
        [broken_game("Removal after a plain landing", removal_after_plain)],
    )
    write("broken/removed-not-double.pdn", [broken_game("Removing a non-double", removes_plain)])
    write("broken/removed-dead-double.pdn", [broken_game("Removing a dead double", removes_dead)])
    write(
        "broken/removed-occupied-double.pdn",
        [broken_game("Removing the knight's double", removes_knight)],
    )
    over = tournament_games()[0]
    end = replay(GAME, over)
    mover = end.knights[end.turn]
    over.moves.plies.append(Ply(SQUARE_NAMES[JUMPS[mover][0]]))
    write("broken/ply-after-end.pdn", [over])
    wrong = next(r for r in tournament_games() if r.result != "1/2-1/2")
    wrong.result = {"1-0": "0-1", "0-1": "1-0"}[wrong.result]
    wrong.set_tag("Result", wrong.result)
    write("broken/result-contradicts-scores.pdn", [wrong])
    claimed = drawn_game()[0]
    claimed.result = "1-0"
    claimed.set_tag("Result", "1-0")
    write("broken/win-claimed-on-equal-scores.pdn", [claimed])
    mismatch = tournament_games()[1]
    mismatch.set_tag("Result", "1/2-1/2")
    write("broken/result-tag-mismatch.pdn", [mismatch])
    repeated = tournament_games()[2]
    numbers = repeated.tag_dict()["Layout"].split(", ")
    numbers[0] = numbers[0].replace(numbers[0][3:5], numbers[0][:2], 1)
    repeated.set_tag("Layout", ", ".join(numbers))
    write("broken/layout-repeats-a-number.pdn", [repeated])
    missing = tournament_games()[3]
    missing.tags = [t for t in missing.tags if t.name != "Layout"]
    write("broken/layout-missing.pdn", [missing])


def main() -> None:
    write("championship-2025.pdn", tournament_games())
    write("online-numbers.pdn", online_games())
    write("annotated.pdn", annotated_games())
    write("draw-on-equal-scores.pdn", drawn_game())
    write("studies.pdn", study_games())
    broken_set()
    write_sheets("knight-fight", OUT / "sheets")


if __name__ == "__main__":
    main()
