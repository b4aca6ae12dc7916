"""Make the Keny (Caucasian checkers) sample records in ``samples/keny/`` (seeded, repeatable).

    python tools/make_keny_samples.py

Games are played by a simple seeded player that captures as the rules demand and
otherwise prefers moves that do not hand the opponent a bigger capture and that bring its
men forward, so they look like club games rather than uniform random play. A game goes on
until the rules end it (a side without a move loses; 20 plies in a row without a capture
draw) or, rarely, a length drawn from the seed, where the side clearly ahead is scored as
the winner (a resignation) and the rest are drawn by agreement.
The broken records in ``samples/keny/broken/`` take such a game up to a position where a
given mistake can be made, then make it: one file per kind of problem. Every mistake is
checked here to raise the diagnostic code it was made for. The picture of the start
position in ``docs/rules/keny-start.svg`` is drawn here too.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from notation.games.base import IllegalMove, Side
from notation.games.keny import (
    DEFAULT_RULES,
    DIRECTIONS,
    EMPTY,
    FORWARD,
    KING,
    MAN,
    MAN_QUIET_DIRECTIONS,
    NEIGHBOUR,
    OPPOSITE,
    PIECES,
    RAY,
    SQUARE_NAMES,
    START,
    Keny,
    KenyMove,
    KenyPosition,
    capture_moves,
    generate_moves,
    quiet_moves,
)
from notation.pictures import render_svg
from notation.record.model import Comment, Line, Ply, Record

sys.path.insert(0, str(Path(__file__).resolve().parent))  # samplekit, also when loaded by path
from samplekit import (
    first_game,
    first_mistake,
    numbered,
    record,
    renumber_after_comments,
    seven_tags,
    write_records,
    write_syntax_error,
    write_unterminated_comment,
)
from sheetkit import write_sheets

GAME = Keny()
OUT = Path(__file__).resolve().parents[1] / "samples" / "keny"
DOCS = Path(__file__).resolve().parents[1] / "docs" / "rules" / "keny-start.svg"
PLAYERS = [
    "Abdulaev, Magomed",
    "Gadzhieva, Patimat",
    "Aliev, Rasul",
    "Kurbanov, Shamil",
    "Omarova, Aminat",
    "Ismailov, Ruslan",
    "Dzhabrailov, Arsen",
    "Khalilova, Madina",
    "Magomedov, Said",
    "Ramazanova, Zarema",
    "Sultanov, Timur",
    "Yusupova, Leyla",
]
Texts = list[str]
Played = tuple[list[KenyMove], Texts, list[KenyPosition], str]
"""A played game: its moves, their texts, the positions before each and after the last,
the result."""
Finder = Callable[[KenyPosition], Iterable[str]]


# The player ---------------------------------------------------------------------------------


def material(position: KenyPosition) -> int:
    """White's pieces minus Black's, kings counted as three."""
    board = position.board
    return board.count("w") + 3 * board.count("W") - board.count("b") - 3 * board.count("B")


def _advance(position: KenyPosition, move: KenyMove) -> int:
    """Ranks a man gains toward its far rank with ``move`` (0 for a king)."""
    if position.board[move.path[0]] in "WB":
        return 0
    gained = (move.path[-1] >> 3) - (move.path[0] >> 3)
    return gained if position.turn is Side.WHITE else -gained


def _exchange(after: KenyPosition) -> float:
    """What the opponent's best reply in ``after`` wins: pieces it captures minus the most
    the mover captures back at once (0 when it cannot capture)."""
    best = 0.0
    for reply in GAME.legal_moves(after):
        if not reply.captured:
            return best
        back = GAME.legal_moves(GAME.play(after, reply))
        regain = max((len(m.captured) for m in back), default=0)
        best = max(best, len(reply.captured) - regain)
    return best


def choose(position: KenyPosition, legal: list[KenyMove], rng: random.Random) -> KenyMove:
    """A move that does not lose material to the opponent's capture and recapture, brings
    men forward, and seeks exchanges as the draw count grows; some moves are random."""
    if len(legal) == 1 or rng.random() < 0.1:
        return rng.choice(legal)
    urge = position.quiet / position.rules.draw_plies
    scored = []
    for move in legal:
        after = GAME.play(position, move)
        loss = _exchange(after)
        contact = urge if capture_moves(after) else 0.0
        value = len(move.captured) - loss + 2 * move.promotes + 0.3 * _advance(position, move)
        scored.append((value + contact + rng.random() * 0.6, move))
    scored.sort(key=lambda pair: pair[0], reverse=True)
    return scored[0][1]


def play(
    start: KenyPosition, rng: random.Random, length: int = 400, notation: str = "algebraic"
) -> Played:
    """(moves, texts, positions before each move and the last, result) of one seeded game."""
    position, moves, texts, positions = start, [], [], []
    for _ in range(length):
        legal = GAME.legal_moves(position)
        if not legal:
            break
        move = choose(position, legal, rng)
        moves.append(move)
        positions.append(position)
        texts.append(GAME.format_move(position, move, notation))
        position = GAME.play(position, move)
    positions.append(position)
    outcome = GAME.outcome(position)
    if outcome is not None:
        result = GAME.result_for(outcome)[0]
    else:
        lead = material(position)
        result = "1-0" if lead >= 3 else "0-1" if lead <= -3 else "1/2-1/2"
    return moves, texts, positions, result


# Records ----------------------------------------------------------------------------------


def header(
    event: str,
    site: str,
    date: str,
    round_: str,
    white: str,
    black: str,
    result: str,
    start: KenyPosition,
    extra: Iterable[tuple[str, str]] = (),
) -> list[tuple[str, str]]:
    """The seven standard tags, the Variant tag, the setup tags of ``start``, then ``extra``."""
    tags = seven_tags(event, site, date, round_, white, black, result, ("Variant", "keny"))
    setup = GAME.setup_tags(start)
    if "Rules" in setup:
        tags.append(("Rules", setup["Rules"]))
    return [*tags, ("FEN", setup["FEN"]), *extra]


def write(name: str, records: list[Record]) -> None:
    write_records(OUT / name, records)


# Valid samples -----------------------------------------------------------------------------


def club_games() -> list[Record]:
    """Twelve games of a club round robin, algebraic notation, standard start."""
    records = []
    start = GAME.start({})
    for round_ in range(1, 13):
        rng = random.Random(1000 + round_)
        _, texts, _, result = play(start, rng)
        white, black = PLAYERS[round_ % 12], PLAYERS[(round_ * 5 + 3) % 12]
        tags = header(
            "Makhachkala Keny Club Championship 2025",
            "Makhachkala RUS",
            f"2025.03.{round_ + 1:02d}",
            str(round_),
            white,
            black,
            result,
            start,
        )
        records.append(record(tags, numbered(texts), result))
    return records


def colon_games() -> list[Record]:
    """Four games written in the colon notation (``d4:d6``), with a ``Notation`` tag."""
    records = []
    start = GAME.start({})
    for index in range(4):
        rng = random.Random(2000 + index)
        _, texts, _, result = play(start, rng, notation="colon")
        tags = header(
            "Derbent Open 2024",
            "Derbent RUS",
            f"2024.08.{index + 12:02d}",
            f"{index + 1}",
            PLAYERS[(index + 6) % 12],
            PLAYERS[(index + 2) % 12],
            result,
            start,
            [("Notation", "colon"), ("TimeControl", "1800")],
        )
        records.append(record(tags, numbered(texts), result))
    return records


def annotated_games() -> list[Record]:
    """Three annotated games: comments, NAGs, strength marks and nested variations."""
    records = []
    start = GAME.start({})
    for index in range(3):
        rng = random.Random(3000 + index)
        moves, texts, positions, result = play(start, rng)
        line = numbered(texts)
        line.comments.append(Comment(f"Annotated by {PLAYERS[index]}."))
        branch = 6 + 2 * index
        before = positions[branch]
        others = [m for m in GAME.legal_moves(before) if m != moves[branch]]
        if others:
            alt = others[len(others) // 2]
            alt_moves, alt_texts, alt_positions, _ = play(
                GAME.play(before, alt), random.Random(4000 + index), 5
            )
            variation = numbered(
                [GAME.format_move(before, alt), *alt_texts], GAME.turn(before), branch // 2 + 1
            )
            variation.plies[0].comments.append(Comment("Also possible."))
            if len(alt_moves) >= 3:
                inner_before = alt_positions[1]
                inner = [m for m in GAME.legal_moves(inner_before) if m != alt_moves[1]]
                if inner:
                    variation.plies[2].variations.append(
                        numbered(
                            [GAME.format_move(inner_before, inner[0])],
                            GAME.turn(inner_before),
                            (branch + 2) // 2 + 1,
                        )
                    )
            line.plies[branch].variations.append(variation)
            line.plies[branch].suffix = "!"
            line.plies[branch].comments.append(Comment("Keeps the men together."))
        _annotate(line, moves)
        renumber_after_comments(line)
        tags = header(
            "Dagestan Keny Championship 2024, annotated games",
            "Khasavyurt RUS",
            f"2024.11.{index + 3:02d}",
            str(index + 1),
            PLAYERS[(index + 4) % 12],
            PLAYERS[(index + 9) % 12],
            result,
            start,
            [("Annotator", PLAYERS[index])],
        )
        records.append(record(tags, line, result))
    return records


def _annotate(line: Line, moves: list[KenyMove]) -> None:
    """Comment the first multi-piece capture, friendly-jump chain and crowning of a game."""
    said: set[str] = set()
    for ply, move in zip(line.plies, moves, strict=True):
        if len(move.captured) >= 2 and "shot" not in said:
            said.add("shot")
            ply.nags.append(1)
            ply.comments.append(Comment(f"A {len(move.captured)}-piece shot."))
        elif not move.captured and len(move.path) >= 3 and "chain" not in said:
            said.add("chain")
            ply.comments.append(Comment("Friendly jumps over its own men."))
        elif move.promotes and "king" not in said:
            said.add("king")
            ply.comments.append(Comment("A new perets."))


ENDGAMES = [
    ("W:WKd1,c4,f4:Bd6,e6,Kh8", "King and two men against king and two men"),
    ("B:WKa1,Kh1:BKd5", "Two kings against one, Black to move"),
    ("W:Wb3,c3,d3,e4:Ba6,b6,c6,f6", "Men only: who crowns first"),
    ("W:WKe2,g5,h5:BKb7,a6,c5", "Kings on both sides"),
]


def endgame_games() -> list[Record]:
    """Four games from set-up positions (FEN), with kings."""
    records = []
    for index, (fen, title) in enumerate(ENDGAMES):
        start = GAME.start({"FEN": fen})
        _, texts, _, result = play(start, random.Random(5000 + index))
        line = numbered(texts, GAME.turn(start))
        line.comments.append(Comment(title))
        tags = header(
            "Endgame studies",
            "Makhachkala RUS",
            "2025.01.20",
            str(index + 1),
            "Study",
            "Study",
            result,
            start,
        )
        records.append(record(tags, line, result))
    return records


OPTIONS: list[tuple[str, str, str | None, Callable[[list[KenyMove], list[KenyPosition]], bool]]] = [
    (
        "single-jump",
        "One friendly jump per turn",
        None,
        lambda ms, ps: any(
            len(m.path) >= 3 for p in ps[:-1] for m in quiet_moves(p._replace(rules=DEFAULT_RULES))
        ),
    ),
    (
        "optional-capture",
        "Captures are optional: a quiet move is played while a capture is on",
        None,
        lambda ms, ps: any(
            capture_moves(p) and not m.captured for m, p in zip(ms, ps, strict=False)
        ),
    ),
    (
        "draw=10",
        "Drawn after 10 plies without a capture",
        None,
        lambda ms, ps: ps[-1].quiet >= 10,
    ),
    (
        "promote-in-capture",
        "The man crowned on b8 goes on capturing as a perets",
        "W:Wb6,d4,e4,f3:Bb7,e8,h6,c6,Kh1",
        lambda ms, ps: True,
    ),
]


def option_games() -> list[Record]:
    """Four games under rule options other than the rulings' (``Rules`` tag), each picked
    from the seeds for showing its option at work."""
    records = []
    for index, (option, title, fen, shows) in enumerate(OPTIONS):
        tags = {"Rules": option} if fen is None else {"Rules": option, "FEN": fen}
        start = GAME.start(tags)
        _, (_, texts, _, result) = first_game(
            range(6000 + 100 * index, 6100 + 100 * index),
            lambda seed, start=start: play(start, random.Random(seed)),
            lambda game, shows=shows: shows(game[0], game[2]),
            f"no game shows {option!r}",
        )
        line = numbered(texts)
        line.comments.append(Comment(title))
        tags = header(
            "Village rules friendlies",
            "Kizlyar RUS",
            f"2025.07.{index + 1:02d}",
            str(index + 1),
            PLAYERS[(index + 7) % 12],
            PLAYERS[(index + 1) % 12],
            result,
            start,
        )
        records.append(record(tags, line, result))
    return records


def showcase_games() -> list[Record]:
    """Games picked for what they show: the longest friendly-jump chain, the longest
    capture chain, and a draw by the 20-ply rule with kings on the board."""
    wanted: dict[str, Callable[[list[KenyMove], list[KenyPosition], str], bool]] = {
        "A friendly-jump chain of four jumps": lambda ms, ps, r: any(
            not m.captured and len(m.path) >= 5 for m in ms
        ),
        "A capture chain of five pieces": lambda ms, ps, r: any(len(m.captured) >= 5 for m in ms),
        "Drawn by the 20-ply rule": lambda ms, ps, r: (
            r == "1/2-1/2"
            and GAME.outcome(ps[-1]) is not None
            and any(c in "WB" for c in ps[-1].board)
            and material(ps[-1]) != 0
        ),
    }
    records = []
    start = GAME.start({})
    for index, (title, test) in enumerate(wanted.items()):
        _, (_, texts, _, result) = first_game(
            range(7000, 9000),
            lambda seed: play(start, random.Random(seed)),
            lambda game, test=test: test(game[0], game[2], game[3]),
            f"no game found for {title!r}",
        )
        line = numbered(texts)
        line.comments.append(Comment(title))
        tags = header(
            "Keny showcase",
            "Makhachkala RUS",
            "2025.09.14",
            str(index + 1),
            PLAYERS[(index + 3) % 12],
            PLAYERS[(index + 8) % 12],
            result,
            start,
        )
        records.append(record(tags, line, result))
    return records


# Broken samples ----------------------------------------------------------------------------


def _tags(event: str, result: str, start: KenyPosition) -> list[tuple[str, str]]:
    return header(
        event, "Makhachkala RUS", "2025.05.17", "1", PLAYERS[2], PLAYERS[3], result, start
    )


def _raises(position: KenyPosition, text: str) -> str | None:
    """The code ``text`` is refused with in ``position``, or ``None`` when it is legal."""
    try:
        GAME.parse_move(position, text)
    except IllegalMove as error:
        return error.code
    return None


def broken_game(
    event: str, code: str, finder: Finder, start: KenyPosition, seeds: range, first: int = 6
) -> Record:
    """A seeded game up to the first position (from ply ``first``) where ``finder`` names a
    move refused with ``code``, then that move."""

    def refused(game: Played, ply: int) -> str | None:
        position = game[2][ply]
        return next((bad for bad in finder(position) if _raises(position, bad) == code), None)

    _, (_, texts, _, _), ply, bad = first_mistake(
        seeds,
        lambda seed: play(start, random.Random(seed)),
        refused,
        first,
        f"no position for {event!r}",
    )
    line = numbered([*texts[:ply], bad], GAME.turn(start))
    return record(_tags(event, "*", start), line, "*")


def _own(position: KenyPosition, kind: tuple[str, ...] | str) -> Iterator[int]:
    """The squares of the side to move's pieces whose letter is in ``kind``."""
    return (sq for sq, piece in enumerate(position.board) if piece in kind)


def _name(*squares: int, sign: str = "-") -> str:
    return sign.join(SQUARE_NAMES[sq] for sq in squares)


def _quiet_only(position: KenyPosition) -> bool:
    return not capture_moves(position)


def steps_while_capture(position: KenyPosition) -> Iterator[str]:
    """A man's step while a capture is compulsory."""
    if capture_moves(position):
        for move in quiet_moves(position):
            if move.path[1] in NEIGHBOUR[move.path[0]]:
                yield _name(*move.path)


def friendly_jump_while_capture(position: KenyPosition) -> Iterator[str]:
    """A friendly jump while a capture is compulsory."""
    if capture_moves(position):
        for move in quiet_moves(position):
            if move.path[1] not in NEIGHBOUR[move.path[0]]:
                yield _name(*move.path)


def chain_cut_short(position: KenyPosition) -> Iterator[str]:
    """A capture chain stopped after its first capture."""
    for move in capture_moves(position):
        if len(move.captured) >= 2:
            yield _name(*move.path[:2], sign="x")


def capture_written_quiet(position: KenyPosition) -> Iterator[str]:
    """A man's single capture written with ``-``."""
    for move in capture_moves(position):
        if len(move.captured) == 1 and position.board[move.path[0]] in "wb":
            yield _name(*move.path)


def backward_step(position: KenyPosition) -> Iterator[str]:
    """A man's step backward onto an empty square, with no capture on."""
    if _quiet_only(position):
        side = position.turn
        for sq in _own(position, MAN[side]):
            back = NEIGHBOUR[sq][OPPOSITE[FORWARD[side]]]
            if back >= 0 and position.board[back] == EMPTY:
                yield _name(sq, back)


def onto_own_piece(position: KenyPosition) -> Iterator[str]:
    """A man's step forward onto a square its own piece holds."""
    if _quiet_only(position):
        side = position.turn
        for sq in _own(position, MAN[side]):
            ahead = NEIGHBOUR[sq][FORWARD[side]]
            if ahead >= 0 and position.board[ahead] in PIECES[side]:
                yield _name(sq, ahead)


def jump_back_to_start(position: KenyPosition) -> Iterator[str]:
    """A friendly jump sideways and back again onto the start square."""
    if _quiet_only(position):
        for move in quiet_moves(position):
            start, land = move.path[0], move.path[-1]
            if len(move.path) == 2 and start >> 3 == land >> 3 and abs(start - land) == 2:
                yield _name(start, land, start)


def chained_jumps(position: KenyPosition) -> Iterator[str]:
    """A friendly-jump chain that the default rules would allow."""
    if _quiet_only(position):
        chains = position._replace(rules=DEFAULT_RULES)
        for move in quiet_moves(chains):
            if len(move.path) >= 3:
                yield _name(*move.path)


def double_step(position: KenyPosition) -> Iterator[str]:
    """A man's two-square advance with nothing to jump over (a chess pawn's first move)."""
    if _quiet_only(position):
        side = position.turn
        for sq in _own(position, MAN[side]):
            ray = RAY[sq][FORWARD[side]]
            if len(ray) >= 2 and position.board[ray[0]] == position.board[ray[1]] == EMPTY:
                yield _name(sq, ray[1])


def diagonal_step(position: KenyPosition) -> Iterator[str]:
    """A man's diagonal step forward, as in draughts."""
    if _quiet_only(position):
        side = position.turn
        for sq in _own(position, MAN[side]):
            ahead = NEIGHBOUR[sq][FORWARD[side]]
            for d in (1, 3):
                if ahead >= 0 and NEIGHBOUR[ahead][d] >= 0:
                    target = NEIGHBOUR[ahead][d]
                    if position.board[target] == EMPTY:
                        yield _name(sq, target)


def two_steps(position: KenyPosition) -> Iterator[str]:
    """Two steps of a man written as one chained move."""
    if _quiet_only(position):
        for first in quiet_moves(position):
            if len(first.path) == 2 and first.path[1] in NEIGHBOUR[first.path[0]]:
                after = first.path[1]
                side = position.turn
                for d in MAN_QUIET_DIRECTIONS[side]:
                    t = NEIGHBOUR[after][d]
                    if t >= 0 and t != first.path[0] and position.board[t] == EMPTY:
                        yield _name(first.path[0], after, t)


def king_through_piece(position: KenyPosition) -> Iterator[str]:
    """A king's slide through one of its own pieces."""
    side = position.turn
    for sq in _own(position, KING[side]):
        for d in DIRECTIONS:
            ray = RAY[sq][d]
            for i, t in enumerate(ray[:-1]):
                if position.board[t] in PIECES[side]:
                    if position.board[ray[i + 1]] == EMPTY:
                        yield _name(sq, ray[i + 1])
                    break
                if position.board[t] != EMPTY:
                    break


def king_turns_back(position: KenyPosition) -> Iterator[str]:
    """A king's capture followed by a capture back the way it came, over an enemy piece
    behind its start square."""
    enemy = PIECES[1 - position.turn]
    for move in capture_moves(position):
        start, land = move.path[:2]
        if position.board[start] not in "WB":
            continue
        board = list(position.board)
        board[start] = board[move.captured[0]] = EMPTY
        back = next(d for d in DIRECTIONS if start in RAY[land][d])
        ray = RAY[land][back]
        pieces = [i for i, t in enumerate(ray) if board[t] != EMPTY]
        if pieces and board[ray[pieces[0]]] in enemy:
            for t in ray[pieces[0] + 1 :]:
                if board[t] != EMPTY:
                    break
                yield _name(start, land, t, sign="x")


def king_lands_short(position: KenyPosition) -> Iterator[str]:
    """A king's capture landing where it cannot capture again."""
    for move in capture_moves(position):
        if position.board[move.path[0]] in "WB":
            for land in _line_squares(move.path[0]):
                yield _name(move.path[0], land, sign="x")


def _line_squares(sq: int) -> Iterator[int]:
    return (t for d in DIRECTIONS for t in RAY[sq][d])


def man_long_capture(position: KenyPosition) -> Iterator[str]:
    """A man capturing a piece two squares away, like a flying king."""
    side = position.turn
    for sq in _own(position, MAN[side]):
        for d in DIRECTIONS:
            ray = RAY[sq][d]
            if (
                len(ray) >= 3
                and position.board[ray[0]] == position.board[ray[2]] == EMPTY
                and position.board[ray[1]] in PIECES[1 - side]
            ):
                yield _name(sq, ray[2], sign="x")


def capture_over_nothing(position: KenyPosition) -> Iterator[str]:
    """A man's capture sign over an empty square (a friendly jump's double step)."""
    if _quiet_only(position):
        side = position.turn
        for sq in _own(position, MAN[side]):
            ray = RAY[sq][FORWARD[side]]
            if len(ray) >= 2 and position.board[ray[0]] == position.board[ray[1]] == EMPTY:
                yield _name(sq, ray[1], sign="x")


def opponents_piece(position: KenyPosition) -> Iterator[str]:
    """A step of the opponent's man (a ply for the wrong side)."""
    if _quiet_only(position):
        other = position._replace(turn=position.turn.other)
        yield from (_name(*m.path) for m in quiet_moves(other) if len(m.path) == 2)


def mixed_signs(position: KenyPosition) -> Iterator[str]:
    """A capture chain written with ``-`` before its ``x``."""
    for move in capture_moves(position):
        if len(move.captured) >= 2:
            yield _name(*move.path[:2]) + "x" + _name(*move.path[2:], sign="x")


def played_on(moves_texts: Texts, positions: list[KenyPosition]) -> str:
    """A move text for the side to move that the rules would allow but for the end."""
    last = positions[-1]
    legal = generate_moves(last)
    return GAME.format_move(last, legal[0]) if legal else moves_texts[-2]


def _finished(test: Callable[[KenyPosition], bool], start: KenyPosition, seeds: range):
    """(texts, positions, result) of the first seeded game whose end passes ``test``."""
    _, (_, texts, positions, result) = first_game(
        seeds,
        lambda seed: play(start, random.Random(seed)),
        lambda game: test(game[2][-1]),
        "no finished game found",
    )
    return texts, positions, result


def _drawn(position: KenyPosition) -> bool:
    return position.quiet >= position.rules.draw_plies


def _lost(position: KenyPosition) -> bool:
    return not _drawn(position) and GAME.outcome(position) is not None


def broken_set() -> None:
    """One file per kind of problem the validator reports."""
    start = GAME.start({})
    broken = [
        ("capture-ignored.pdn", "Step while a capture is compulsory", "KY211", steps_while_capture),
        (
            "friendly-jump-ignores-capture.pdn",
            "Friendly jump while a capture is compulsory",
            "KY211",
            friendly_jump_while_capture,
        ),
        ("chain-stops.pdn", "Capture chain stopped early", "KY218", chain_cut_short),
        ("capture-written-quiet.pdn", "Capture written as a move", "KY210", capture_written_quiet),
        ("man-backward.pdn", "Man steps backward", "KY205", backward_step),
        ("onto-own-piece.pdn", "Step onto own piece", "KY207", onto_own_piece),
        ("jump-back-to-start.pdn", "Friendly jumps back home", "KY212", jump_back_to_start),
        ("friendly-jump-over-empty.pdn", "Double step", "KY209", double_step),
        ("diagonal-step.pdn", "Diagonal step", "KY204", diagonal_step),
        ("two-steps.pdn", "Two steps in one turn", "KY206", two_steps),
        ("capture-over-nothing.pdn", "Capture of an empty square", "KY214", capture_over_nothing),
        ("man-captures-far.pdn", "Man captures from afar", "KY215", man_long_capture),
        ("wrong-side.pdn", "Opponent's man moved", "KY203", opponents_piece),
        ("mixed-separators.pdn", "Capture written with mixed signs", "KY201", mixed_signs),
        ("king-blocked.pdn", "King slides through its own man", "KY208", king_through_piece),
        ("king-turns-back.pdn", "King turns back mid-capture", "KY216", king_turns_back),
        ("king-lands-short.pdn", "King lands where the capture ends", "KY217", king_lands_short),
    ]
    for index, (name, event, code, finder) in enumerate(broken):
        seeds = range(7000 + 37 * index, 9000)
        write(f"broken/{name}", [broken_game(event, code, finder, start, seeds, 6 + index % 9)])
    single = GAME.start({"Rules": "single-jump"})
    write(
        "broken/chain-under-single-jump.pdn",
        [broken_game("Chained jumps", "KY213", chained_jumps, single, range(7500, 9000), 10)],
    )

    texts, positions, result = _finished(_drawn, start, range(7000, 9000))
    drawn = record(_tags("Played on after the 20-ply draw", result, start), numbered(texts), result)
    drawn.moves.plies.append(Ply(played_on(texts, positions)))
    _number_last(drawn.moves)
    write("broken/move-after-draw.pdn", [drawn])
    texts, positions, result = _finished(_lost, start, range(7000, 9000))
    over = record(_tags("Played on after the end", result, start), numbered(texts), result)
    over.moves.plies.append(Ply(played_on(texts, positions)))
    _number_last(over.moves)
    write("broken/move-after-end.pdn", [over])

    texts, positions, result = _finished(_drawn, start, range(8000, 9000))
    unrecorded = record(_tags("Draw not recorded", "*", start), numbered(texts), "*")
    write("broken/draw-not-recorded.pdn", [unrecorded])

    club = club_games()
    decided = [r for r in club if r.result != "1/2-1/2"]
    wrong = decided[0]
    wrong.result = {"1-0": "0-1", "0-1": "1-0"}[wrong.result]
    wrong.set_tag("Result", wrong.result)
    write("broken/wrong-result.pdn", [wrong])
    mismatch = club_games()[1]
    mismatch.set_tag("Result", "1-0" if mismatch.result != "1-0" else "0-1")
    write("broken/result-tag-mismatch.pdn", [mismatch])
    draughts = club_games()[2]
    draughts.result = {"1-0": "2-0", "0-1": "0-2", "1/2-1/2": "1-1"}[draughts.result]
    draughts.set_tag("Result", draughts.result)
    write("broken/draughts-result.pdn", [draughts])

    club = club_games()[3:6]
    write_syntax_error(OUT / "broken/syntax-error.pdn", club, 3, "c3-c4?? foo")
    write_unterminated_comment(OUT / "broken/unterminated-comment.pdn", club, 5)

    endgame = endgame_games()[0]
    endgame.set_tag("FEN", "W:WKd1,c4,f8:Bd6,e6,Kh8")
    write("broken/man-on-far-rank.pdn", [endgame])
    options = option_games()[0]
    options.set_tag("Rules", "single-jumps")
    write("broken/unknown-rule.pdn", [options])


def _number_last(line: Line) -> None:
    """Give the last ply its move number when it is White's (the line starts with White)."""
    count = len(line.plies)
    if count % 2 == 1:
        line.plies[-1].number = f"{count // 2 + 1}."


def main() -> None:
    DOCS.write_text(render_svg(GAME, START), encoding="utf-8")
    write("club-championship-2025.pdn", club_games())
    write("derbent-open-colon.pdn", colon_games())
    write("annotated.pdn", annotated_games())
    write("endgames.pdn", endgame_games())
    write("rule-options.pdn", option_games())
    write("showcase.pdn", showcase_games())
    broken_set()
    write_sheets("keny", OUT / "sheets")


if __name__ == "__main__":
    main()
