"""Make the Kavaleria sample records in ``samples/kavaleria/`` (seeded, repeatable).

    python tools/make_kavaleria_samples.py

Games are played by a simple seeded player: it takes a Voivode whenever it can, and
otherwise weighs what a move captures against the best capture it leaves the opponent
(one ply deep), likes promotions, and now and then plays a random move, so the games look
like club play with the odd blunder rather than uniform random moves. A game ends when a
Voivode is taken (the rules decide the result), when the side to move has no move (it is
scored as lost), or at a length drawn from the seed, where a side ahead by four or more
(a cavalryman counting one, a Sotnyk three) is scored as the winner and the rest are drawn.
The broken records in ``samples/kavaleria/broken/`` take such a game up to a position
where a given mistake can be made, then make it: one file per kind of problem.

The tool also writes ``docs/rules/kavaleria-board.svg``, the labelled start position
drawn by :mod:`notation.pictures.kavaleria`, shown in the rules documentation.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from notation.games.base import Side
from notation.games.kavaleria import (
    ALL_DIRECTIONS,
    BACKWARD,
    CAVALRYMAN,
    FAR_ROW,
    FORWARD,
    LINE,
    NUMERIC,
    POINT_COUNT,
    POINT_NAMES,
    POINT_ROW,
    RAYS,
    ROW_LENGTHS,
    ROWS,
    SOTNYK,
    VOIVODE,
    Kavaleria,
    KavaleriaMove,
    KavaleriaPosition,
    owner,
)
from notation.pictures import render_svg
from notation.record.model import Comment, Line, Ply, Record

sys.path.insert(0, str(Path(__file__).resolve().parent))  # samplekit, also when loaded by path
from samplekit import (
    first_mistake,
    move_texts,
    record,
    renumber_after_comments,
    replay,
    seven_tags,
    write_records,
    write_syntax_error,
    write_unterminated_comment,
)
from sheetkit import write_sheets

GAME = Kavaleria()
ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "samples" / "kavaleria"
BOARD_PICTURE = ROOT / "docs" / "rules" / "kavaleria-board.svg"
PLAYERS = [
    "Bondarenko, Oksana",
    "Hnatiuk, Taras",
    "Kovalenko, Iryna",
    "Lysenko, Andrii",
    "Melnyk, Sofiia",
    "Onyshchenko, Bohdan",
    "Petrenko, Yulia",
    "Savchuk, Dmytro",
    "Tkachenko, Olena",
    "Zaporozhets, Ivan",
]
VALUE = {CAVALRYMAN: 1, SOTNYK: 3, VOIVODE: 100}
"""What the player thinks a piece is worth (taking the Voivode wins)."""

Predicate = Callable[[KavaleriaPosition, KavaleriaMove | None], str | None]
"""A mistake finder: given a position and the move that led to it, a wrong move text."""


# The player ------------------------------------------------------------------------------


def _gain(position: KavaleriaPosition, move: KavaleriaMove) -> int:
    return sum(VALUE[position.board[p] & 3] for p in move.taken)


def _takes_voivode(position: KavaleriaPosition, move: KavaleriaMove) -> bool:
    return any(position.board[p] & 3 == VOIVODE for p in move.taken)


def choose(
    position: KavaleriaPosition, legal: list[KavaleriaMove], rng: random.Random
) -> KavaleriaMove:
    """A move: the Voivode if it can be taken, else the best by a one-ply look, or random."""
    for move in legal:
        if _takes_voivode(position, move):
            return move
    if len(legal) == 1 or rng.random() < 0.1:
        return rng.choice(legal)
    side = position.turn
    best, best_score = legal[0], float("-inf")
    for move in legal:
        score = float(_gain(position, move))
        after = GAME.play(position, move)
        if after.turn is side:
            score += 0.5
        else:
            replies = GAME.legal_moves(after)
            score -= max((_gain(after, reply) for reply in replies), default=0)
        value = position.board[move.path[0]] & 3
        if value == CAVALRYMAN and any(POINT_ROW[p] == FAR_ROW[side] for p in move.path):
            score += 2.5
        if value == CAVALRYMAN and POINT_ROW[move.path[-1]] != POINT_ROW[move.path[0]]:
            score += 0.2
        score += rng.random() * 0.8
        if score > best_score:
            best, best_score = move, score
    return best


def material(position: KavaleriaPosition) -> int:
    """White's material minus Black's (cavalryman 1, Sotnyk 3; Voivodes not counted)."""
    total = 0
    for value in position.board:
        if value and value & 3 != VOIVODE:
            worth = VALUE[value & 3]
            total += worth if owner(value) == Side.WHITE else -worth
    return total


def play(start: KavaleriaPosition, rng: random.Random, length: int):
    """(moves, positions before each move and the last one, result) of one seeded game."""
    position, moves, positions = start, [], []
    for _ in range(length):
        if GAME.outcome(position) is not None:
            break
        legal = GAME.legal_moves(position)
        if not legal:
            break
        move = choose(position, legal, rng)
        moves.append(move)
        positions.append(position)
        position = GAME.play(position, move)
    positions.append(position)
    outcome = GAME.outcome(position)
    if outcome is not None:
        result = GAME.result_for(outcome)[0]
    elif not GAME.legal_moves(position):
        result = "0-1" if position.turn is Side.WHITE else "1-0"
    else:
        lead = material(position)
        result = "1-0" if lead >= 4 else "0-1" if lead <= -4 else "1/2-1/2"
    return moves, positions, result


# Records -----------------------------------------------------------------------------------


def numbered(texts: list[str], turns: list[Side], first_number: int = 1) -> Line:
    """A line of plies with numbers: ``N.`` before each White ply, ``N...`` to open with Black.

    ``turns`` gives the side of each ply (under ``extra-turn`` a side may move twice); a move
    number counts the White plies, and a Black ply right after another gets ``N...``.
    """
    plies = []
    number = first_number
    for offset, (text, turn) in enumerate(zip(texts, turns, strict=True)):
        if turn is Side.WHITE:
            if offset:
                number += 1
            label = f"{number}."
        else:
            label = f"{number}..." if offset == 0 or turns[offset - 1] is Side.BLACK else None
        plies.append(Ply(text, number=label))
    return Line(plies)


def line_of(moves, positions, notation=None, first_number: int = 1) -> Line:
    """The numbered line of a played game."""
    turns = [p.turn for p in positions[: len(moves)]]
    return numbered(move_texts(GAME, moves, positions, notation), turns, first_number)


def write(name: str, records: list[Record]) -> None:
    write_records(OUT / name, records)


def _tags(event, site, date, round_, white, black, result, extra=()) -> list[tuple[str, str]]:
    return seven_tags(
        event, site, date, round_, white, black, result, ("Variant", "kavaleria"), *extra
    )


def _remark(line: Line, moves, positions) -> None:
    """Comment the first promotion, the first multi-capture and a Voivode's fall."""
    promoted = chain = False
    for offset, (move, before) in enumerate(zip(moves, positions, strict=False)):
        ply = line.plies[offset]
        kind = before.board[move.path[0]] & 3
        side = before.turn
        if _takes_voivode(before, move):
            ply.suffix = "!"
            ply.comments.append(Comment(f"The {side.other.title} Voivode falls."))
        elif (
            not promoted
            and kind == CAVALRYMAN
            and any(POINT_ROW[p] == FAR_ROW[side] for p in move.path)
        ):
            promoted = True
            ply.comments.append(Comment("A new Sotnyk."))
        elif not chain and len(move.taken) >= 2:
            chain = True
            ply.nags.append(1)
            ply.comments.append(Comment(f"Takes {len(move.taken)} in one turn."))


def club_games() -> list[Record]:
    """Ten games of a club round robin in Kyiv, coordinate notation, standard start."""
    records = []
    start = GAME.start({})
    for round_ in range(1, 11):
        rng = random.Random(100 + round_)
        moves, positions, result = play(start, rng, rng.randrange(70, 160))
        line = line_of(moves, positions)
        _remark(line, moves, positions)
        renumber_after_comments(line)
        white, black = PLAYERS[round_ % 10], PLAYERS[(round_ * 3 + 1) % 10]
        tags = _tags(
            "Kyiv Kavaleria Club Championship 2024",
            "Kyiv UKR",
            f"2024.10.{round_ + 4:02d}",
            round_,
            white,
            black,
            result,
        )
        records.append(record(tags, line, result))
    return records


def online_games() -> list[Record]:
    """Four online games exported in the numeric notation, with ``Notation`` and ``FEN``."""
    records = []
    start = GAME.start({})
    fen = GAME.setup_tags(start, NUMERIC)["FEN"]
    for index in range(4):
        rng = random.Random(200 + index)
        moves, positions, result = play(start, rng, rng.randrange(60, 140))
        line = line_of(moves, positions, NUMERIC)
        tags = _tags(
            "Online rapid",
            "kavaleria.example.org",
            f"2025.02.{index + 10:02d}",
            "-",
            f"kozak{rng.randrange(100, 999)}",
            f"sotnyk{rng.randrange(100, 999)}",
            result,
            [("Notation", "numeric"), ("FEN", fen), ("TimeControl", "600+5")],
        )
        records.append(record(tags, line, result))
    return records


def annotated_games() -> list[Record]:
    """Four annotated games: comments, NAGs, move marks and a variation with a sub-variation."""
    records = []
    start = GAME.start({})
    for index in range(4):
        rng = random.Random(300 + index)
        moves, positions, result = play(start, rng, rng.randrange(80, 150))
        line = line_of(moves, positions)
        line.comments.append(Comment(f"Annotated by {PLAYERS[index]}."))
        _remark(line, moves, positions)
        branch = 8 + 2 * index
        before = positions[branch]
        others = [m for m in GAME.legal_moves(before) if m != moves[branch]]
        alt = random.Random(400 + index).choice(others)
        after = GAME.play(before, alt)
        alt_moves, alt_positions, _ = play(after, random.Random(500 + index), 5)
        variation = line_of([alt, *alt_moves], [before, *alt_positions], None, branch // 2 + 1)
        variation.plies[0].comments.append(Comment("Also possible."))
        if len(alt_moves) >= 3:
            inner_before = alt_positions[1]
            inner = [m for m in GAME.legal_moves(inner_before) if m != alt_moves[1]]
            inner_line = line_of([inner[0]], [inner_before], None, (branch + 2) // 2 + 1)
            variation.plies[2].variations.append(inner_line)
        line.plies[branch].variations.append(variation)
        line.plies[branch].suffix = line.plies[branch].suffix or "!?"
        line.plies[branch].comments.append(Comment("Keeps the centre closed."))
        renumber_after_comments(line)
        tags = _tags(
            "Ukrainian Kavaleria Cup 2024, annotated games",
            "Lviv UKR",
            f"2024.05.{index + 18:02d}",
            index + 1,
            PLAYERS[(index + 5) % 10],
            PLAYERS[(index + 8) % 10],
            result,
            [("Annotator", PLAYERS[index])],
        )
        records.append(record(tags, line, result))
    return records


def variant_games() -> list[Record]:
    """Four games under the seed's rule options (tag ``Rules``)."""
    records = []
    for index, rules in enumerate(("no-backward", "no-backward", "extra-turn", "extra-turn")):
        start = GAME.start({"Rules": rules})
        rng = random.Random(600 + index)
        moves, positions, result = play(start, rng, rng.randrange(80, 150))
        line = line_of(moves, positions)
        line.comments.append(Comment(f"Played with the {rules} rule."))
        _remark(line, moves, positions)
        renumber_after_comments(line)
        tags = _tags(
            "Kharkiv variants evening",
            "Kharkiv UKR",
            "2025.01.25",
            index + 1,
            PLAYERS[(index + 2) % 10],
            PLAYERS[(index + 7) % 10],
            result,
            [("Rules", rules)],
        )
        records.append(record(tags, line, result))
    return records


SOTNYK_STARTS = [
    (
        "W:WA1,SA2,VA3,SA4,A5,B1-B6,C1-C5:BE1-E5,F1-F6,G1,SG2,VG3,SG4,G5",
        "",
        "Two Sotnyks beside each Voivode",
    ),
    (
        "W:WA1,SA2,VA3,SA4,A5,B1,B2,SB3,SB4,B5,B6,C1-C5"
        ":BE1-E5,F1,F2,SF3,SF4,F5,F6,G1,SG2,VG3,SG4,G5",
        "",
        "Four Sotnyks around each Voivode",
    ),
    (
        "W:WA1,SA2,VA3,SA4,A5,B1-B6,C1-C5:BE1-E5,F1-F6,G1,SG2,VG3,SG4,G5",
        "extra-turn",
        "Two Sotnyks each, extra turn after a capture",
    ),
]

ENDGAMES = [
    ("W:WVA3,SC2,B3,B4,D4,D5:BVG3,SE2,G2,G4,F3,F4", "A Sotnyk each, the Voivodes guarded"),
    ("B:WVA2,A3,B2,B3,C3,C4,D2:BVG3,SB5,E4,F3,F4,G4", "Black to move: a Sotnyk in White's camp"),
    ("B:WVA3,A2,A4,B3,B4,SE5:BVG3,G2,G4,F3,F4,SB1,D3", "Black to move: Sotnyks behind the lines"),
]


def setup_games() -> list[Record]:
    """Games from set-up positions (``FEN``): the seed's Sotnyk starts and three endgames."""
    records = []
    for index, (fen, rules, title) in enumerate(SOTNYK_STARTS):
        tags = {"FEN": fen, "Rules": rules} if rules else {"FEN": fen}
        start = GAME.start(tags)
        rng = random.Random(700 + index)
        moves, positions, result = play(start, rng, rng.randrange(60, 120))
        line = line_of(moves, positions)
        line.comments.append(Comment(title))
        _remark(line, moves, positions)
        renumber_after_comments(line)
        extra = [("FEN", fen)] + ([("Rules", rules)] if rules else [])
        tag_list = _tags(
            "Seed start positions",
            "Kyiv UKR",
            "2025.03.08",
            index + 1,
            PLAYERS[index],
            PLAYERS[9 - index],
            result,
            extra,
        )
        records.append(record(tag_list, line, result))
    for index, (fen, title) in enumerate(ENDGAMES):
        start = GAME.start({"FEN": fen})
        rng = random.Random(800 + index)
        moves, positions, result = play(start, rng, 60)
        line = line_of(moves, positions)
        line.comments.append(Comment(title))
        _remark(line, moves, positions)
        renumber_after_comments(line)
        tag_list = _tags(
            "Endgame studies", "Kyiv UKR", "2025.03.09", index + 1, "Study", "Study", result
        )
        tag_list.append(("FEN", fen))
        records.append(record(tag_list, line, result))
    return records


# Broken records ----------------------------------------------------------------------------


def _own(position: KavaleriaPosition, kind: int) -> list[int]:
    """The points where the side to move has a piece of ``kind``."""
    side = position.turn
    return [
        p
        for p, value in enumerate(position.board)
        if value and owner(value) == side and value & 3 == kind
    ]


def _enemy(position: KavaleriaPosition, point: int) -> bool:
    value = position.board[point]
    return bool(value) and owner(value) != position.turn


def _mine(position: KavaleriaPosition, point: int) -> bool:
    value = position.board[point]
    return bool(value) and owner(value) == position.turn


def _name(point: int) -> str:
    return POINT_NAMES[point]


Ray = tuple[int, ...]
Pick = Callable[[Ray], int | None]
"""The point of a ray a move goes to, or ``None``."""


def _along(
    position: KavaleriaPosition,
    kind: int,
    directions: Iterable[int],
    target: Pick,
    sign: str = "-",
) -> str | None:
    """The first move, written with ``sign``, of a piece of ``kind`` of the side to move
    along one of ``directions`` to the point ``target`` picks on that ray (if any)."""
    for p in _own(position, kind):
        for d in directions:
            point = target(RAYS[p][d])
            if point is not None:
                return f"{_name(p)}{sign}{_name(point)}"
    return None


def _first_if(test: Callable[[int], bool]) -> Pick:
    """The first point of a ray, if it passes ``test``."""
    return lambda ray: ray[0] if ray and test(ray[0]) else None


def _second_if(position: KavaleriaPosition, first: Callable[[int], bool]) -> Pick:
    """The second point of a ray, if it is empty and the first passes ``first``."""
    return lambda ray: (
        ray[1] if len(ray) >= 2 and first(ray[0]) and not position.board[ray[1]] else None
    )


def _empty(position: KavaleriaPosition) -> Callable[[int], bool]:
    return lambda point: not position.board[point]


def malformed(position, last) -> str | None:
    """A capture written with ``:`` as in other draughts games."""
    for move in GAME.legal_moves(position):
        if len(move.taken) == 1:
            return GAME.format_move(position, move).replace("x", ":")
    return None


def off_the_board(position, last) -> str | None:
    """A cavalryman on the last point of a row stepping east, off the end of the row."""
    for p in _own(position, CAVALRYMAN):
        row, number = POINT_ROW[p], int(_name(p)[1:])
        if number == ROW_LENGTHS[row] and ROWS[row] in "AB":
            return f"{_name(p)}-{ROWS[row]}{number + 1}"
    return None


def from_captured_point(position, last) -> str | None:
    """A step by the piece the opponent has just captured."""
    if last is None or not last.taken:
        return None
    gone = last.taken[0]
    for d in FORWARD[position.turn]:
        ray = RAYS[gone][d]
        if ray and not position.board[ray[0]]:
            return f"{_name(gone)}-{_name(ray[0])}"
    return None


def opponents_piece(position, last) -> str | None:
    """A quiet step of the opponent's cavalryman (the player moves the wrong colour)."""
    other = KavaleriaPosition(position.board, position.turn.other, position.options)
    for move in GAME.legal_moves(other):
        if not move.taken and other.board[move.path[0]] & 3 == CAVALRYMAN:
            return GAME.format_move(other, move)
    return None


def two_rows_ahead(position, last) -> str | None:
    """A cavalryman stepping two rows forward, onto an empty point."""
    return _along(
        position, CAVALRYMAN, FORWARD[position.turn], _second_if(position, _empty(position))
    )


def sotnyk_off_the_lines(position, last) -> str | None:
    """A Sotnyk move to an empty point near it that no straight line reaches."""
    for p in _own(position, SOTNYK):
        for q in range(POINT_COUNT):
            near = abs(POINT_ROW[q] - POINT_ROW[p]) == 2
            if near and q not in LINE[p] and not position.board[q]:
                return f"{_name(p)}-{_name(q)}"
    return None


def onto_own_piece(position, last) -> str | None:
    """A cavalryman stepping forward onto its own piece."""
    mine = _first_if(lambda point: _mine(position, point))
    return _along(position, CAVALRYMAN, FORWARD[position.turn], mine)


def backward(position, last) -> str | None:
    """A cavalryman stepping back onto an empty point."""
    return _along(position, CAVALRYMAN, BACKWARD[position.turn], _first_if(_empty(position)))


def sotnyk_through(position, last) -> str | None:
    """A Sotnyk flight past a piece in its way to an empty point (written as a step)."""
    for p in _own(position, SOTNYK):
        for d in ALL_DIRECTIONS:
            ray = RAYS[p][d]
            for i, q in enumerate(ray[:-1]):
                if position.board[q]:
                    if not position.board[ray[i + 1]]:
                        return f"{_name(p)}-{_name(ray[i + 1])}"
                    break
    return None


def over_nothing(position, last) -> str | None:
    """A cavalryman 'capture' over an empty point."""
    forward = FORWARD[position.turn]
    return _along(position, CAVALRYMAN, forward, _second_if(position, _empty(position)), "x")


def over_own_piece(position, last) -> str | None:
    """A cavalryman jumping its own piece onto the empty point beyond."""
    beyond = _second_if(position, lambda point: _mine(position, point))
    return _along(position, CAVALRYMAN, FORWARD[position.turn], beyond, "x")


def jumped_twice(position, last) -> str | None:
    """A cavalryman capture that jumps back over the piece it has just taken."""
    for move in GAME.legal_moves(position):
        kind = position.board[move.path[0]] & 3
        if len(move.taken) == 1 and kind == CAVALRYMAN:
            start, landing = move.path
            if POINT_ROW[landing] != FAR_ROW[position.turn]:
                return f"{_name(start)}x{_name(landing)}x{_name(start)}"
    return None


def jump_too_long(position, last) -> str | None:
    """A cavalryman jump over an adjacent enemy landing two points beyond it."""
    for p in _own(position, CAVALRYMAN):
        for d in ALL_DIRECTIONS:
            ray = RAYS[p][d]
            if (
                len(ray) >= 3
                and _enemy(position, ray[0])
                and not position.board[ray[1]]
                and not position.board[ray[2]]
            ):
                return f"{_name(p)}x{_name(ray[2])}"
    return None


def sotnyk_over_two(position, last) -> str | None:
    """A Sotnyk jump over an enemy piece and the piece behind it."""
    for p in _own(position, SOTNYK):
        for d in ALL_DIRECTIONS:
            ray = RAYS[p][d]
            pieces = [i for i, q in enumerate(ray) if position.board[q]]
            if len(pieces) >= 2 and _enemy(position, ray[pieces[0]]):
                beyond = pieces[1] + 1
                if beyond < len(ray) and not position.board[ray[beyond]]:
                    return f"{_name(p)}x{_name(ray[beyond])}"
    return None


def on_after_voivode(position, last) -> str | None:
    """A capture of the Voivode written as going on with another jump over an enemy piece."""
    for move in GAME.legal_moves(position):
        if not _takes_voivode(position, move) or position.board[move.path[0]] & 3 == SOTNYK:
            continue
        here = move.path[-1]
        for d in ALL_DIRECTIONS:
            ray = RAYS[here][d]
            jumpable = len(ray) >= 2 and _enemy(position, ray[0]) and ray[0] not in move.taken
            if jumpable and (not position.board[ray[1]] or ray[1] == move.path[0]):
                return GAME.format_move(position, move) + f"x{_name(ray[1])}"
    return None


def no_backward_breach(position, last) -> str | None:
    """Under ``no-backward``: a Sotnyk moving back, or a cavalryman capturing backward."""
    back = BACKWARD[position.turn]
    jump = _second_if(position, lambda point: _enemy(position, point))
    return _along(position, SOTNYK, back, _first_if(_empty(position))) or _along(
        position, CAVALRYMAN, back, jump, "x"
    )


def broken_game(event: str, predicate: Predicate, rules: str = "", first_ply: int = 6) -> Record:
    """A seeded game up to the first position where ``predicate`` names a mistake, then it."""
    tags = {"Rules": rules} if rules else {}
    start = GAME.start(tags)
    _, (moves, positions, _), ply, bad = first_mistake(
        range(900, 1000),
        lambda seed: play(start, random.Random(seed), 160),
        lambda game, ply: predicate(game[1][ply], game[0][ply - 1] if ply else None),
        first_ply,
        f"no position for {event!r}",
    )
    texts = move_texts(GAME, moves[:ply], positions[:ply])
    line = numbered([*texts, bad], [p.turn for p in positions[: ply + 1]])
    extra = [("Rules", rules)] if rules else []
    return record(_broken_tags(event, "*", extra), line, "*")


def _broken_tags(event: str, result: str, extra=()) -> list[tuple[str, str]]:
    return _tags(event, "Kyiv UKR", "2025.04.12", 1, PLAYERS[3], PLAYERS[6], result, extra)


BROKEN: list[tuple[str, str, Predicate]] = [
    ("malformed-move.pdn", "Capture written with a colon", malformed),
    ("no-such-point.pdn", "Step off the end of a row", off_the_board),
    ("no-piece-there.pdn", "Moves a piece that was just captured", from_captured_point),
    ("opponents-piece.pdn", "Moves the opponent's cavalryman", opponents_piece),
    ("not-a-neighbour.pdn", "Cavalryman steps two rows", two_rows_ahead),
    ("sotnyk-off-the-lines.pdn", "Sotnyk leaves the lines", sotnyk_off_the_lines),
    ("onto-own-piece.pdn", "Step onto own piece", onto_own_piece),
    ("cavalryman-backward.pdn", "Cavalryman steps backward", backward),
    ("sotnyk-blocked.pdn", "Sotnyk flies through a piece", sotnyk_through),
    ("capture-over-nothing.pdn", "Capture over an empty point", over_nothing),
    ("capture-own-piece.pdn", "Capture over own piece", over_own_piece),
    ("jumped-twice.pdn", "A piece jumped twice", jumped_twice),
    ("jump-too-long.pdn", "Short jump lands too far", jump_too_long),
    ("sotnyk-over-two.pdn", "Sotnyk jumps two pieces", sotnyk_over_two),
    ("jump-after-voivode.pdn", "Chain goes on after the Voivode", on_after_voivode),
]


def _decisive(records: list[Record]) -> list[Record]:
    """The records whose main line ends with a Voivode taken."""
    return [each for each in records if GAME.outcome(replay(GAME, each)) is not None]


def broken_set() -> None:
    """One file per kind of problem the validator reports on a Kavaleria record."""
    for name, event, predicate in BROKEN:
        write(f"broken/{name}", [broken_game(event, predicate)])
    write(
        "broken/no-backward-breach.pdn",
        [broken_game("Backward under the no-backward rule", no_backward_breach, "no-backward")],
    )
    won = _decisive(club_games())
    over = won[0]
    position = replay(GAME, over)
    loser = KavaleriaPosition(position.board, position.turn, position.options)
    step = next(p for p in range(POINT_COUNT) if _mine(loser, p) and _free_forward(loser, p))
    over.moves.plies.append(Ply(f"{_name(step)}-{_name(_free_forward(loser, step))}"))
    write("broken/move-after-end.pdn", [over])
    wrong = _decisive(club_games())[1]
    wrong.result = "1/2-1/2"
    wrong.set_tag("Result", "1/2-1/2")
    wrong.moves.plies[-1].comments.append(Comment("Agreed drawn?"))
    write("broken/wrong-result.pdn", [wrong])
    unfinished = _decisive(club_games())[2]
    unfinished.result = "*"
    unfinished.set_tag("Result", "*")
    write("broken/result-missing.pdn", [unfinished])
    mismatch = club_games()[0]
    mismatch.set_tag("Result", "1-0" if mismatch.result != "1-0" else "0-1")
    write("broken/result-tag-mismatch.pdn", [mismatch])
    draughts = club_games()[1]
    draughts.result = "2-0" if draughts.result != "0-1" else "0-2"
    draughts.set_tag("Result", draughts.result)
    write("broken/draughts-result.pdn", [draughts])
    bad_fen = record(
        _broken_tags("Setup with a point off the board", "*", [("FEN", "W:WVA3,SA6:BVG3,E2")]),
        numbered(["A3-B3"], [Side.WHITE]),
        "*",
    )
    bad_rules = record(
        _broken_tags("Unknown rule option", "*", [("Rules", "no-backwards")]),
        numbered(["C3-D4"], [Side.WHITE]),
        "*",
    )
    write("broken/bad-setup.pdn", [bad_fen, bad_rules])
    club = [_plain(r) for r in club_games()[:3]]
    write_syntax_error(OUT / "broken/syntax-error.pdn", club, 4, "C3-D4?? oops")
    write_unterminated_comment(OUT / "broken/unterminated-comment.pdn", club, 6)


def _plain(game: Record) -> Record:
    """The record without comments, NAGs and move marks (a bare transcript)."""
    game.moves.comments.clear()
    for ply in game.moves.plies:
        ply.comments.clear()
        ply.nags.clear()
        ply.suffix = ""
    return game


def _free_forward(position: KavaleriaPosition, point: int) -> int | None:
    """An empty point one step forward of ``point`` for the side to move, if any."""
    for d in FORWARD[position.turn]:
        ray = RAYS[point][d]
        if ray and not position.board[ray[0]]:
            return ray[0]
    return None


def main() -> None:
    for old in OUT.glob("**/*.pdn"):
        old.unlink()
    write("kyiv-club-2024.pdn", club_games())
    write("online-numeric.pdn", online_games())
    write("annotated.pdn", annotated_games())
    write("variants.pdn", variant_games())
    write("setups.pdn", setup_games())
    broken_set()
    BOARD_PICTURE.write_text(render_svg(GAME, GAME.start({})), encoding="utf-8")
    write_sheets("kavaleria", OUT / "sheets")


if __name__ == "__main__":
    main()
