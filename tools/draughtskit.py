"""What the draughts sample generators share (Brazilian, international, English and Russian
draughts, ``tools/make_*_samples.py``).

The seeded club player captures as the rules demand and otherwise prefers moves that do
not hand the opponent a bigger capture, so its games look like club games rather than
uniform random play. A game ends when the side to move has no move, on a threefold
repetition (drawn), or at a length the caller draws from the seed, where the side ahead by
two pieces or more is scored as the winner and the rest are drawn. Here too: the endgame
studies, the broken records every draughts set holds (a game up to a given mistake, a wrong
result, a result tag the movetext contradicts, a move after the end, a repetition played
on) and, for the two flying-king games on 32 and 50 squares, the annotated games, the
ambiguous capture and White's mistakes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar

from samplekit import (
    Heading,
    first_game,
    first_mistake,
    numbered,
    record,
    renumber_after_comments,
    replay,
    write_records,
)

from notation.games.base import Game, Side
from notation.games.flying import Board
from notation.record.model import Comment, Line, Ply, Record

P = TypeVar("P", bound=tuple[Any, ...])
"""A draughts position: (white, black, kings, turn), the pieces as bit masks."""
M = TypeVar("M")


class Results(NamedTuple):
    """How a game's records write a win of White, a win of Black and a draw."""

    white: str
    black: str
    draw: str


Numbering = Callable[[Sequence[str], Side, int], Line]
"""A line of plies with its move numbers: (texts, the side to move first, its move number)."""


@dataclass(frozen=True)
class Player(Generic[P, M]):
    """The seeded club player of one draughts game, and the records made of its games."""

    game: Game[P, M]
    results: Results
    numbering: Numbering = numbered

    def line(self, texts: Sequence[str], first_turn: Side = Side.WHITE, number: int = 1) -> Line:
        """``texts`` as a line numbered the way this game's records number it."""
        return self.numbering(texts, first_turn, number)

    def material(self, position: P) -> int:
        """White's pieces minus Black's, kings counted as two."""
        white, black, kings, _ = position
        return (
            white.bit_count()
            + (white & kings).bit_count()
            - black.bit_count()
            - (black & kings).bit_count()
        )

    def choose(self, position: P, legal: list[M], rng: random.Random) -> M:
        """A move that keeps the opponent's best immediate capture small, with some chance."""
        if len(legal) == 1 or rng.random() < 0.15:
            return rng.choice(legal)
        scored = []
        for move in legal:
            replies = self.game.legal_moves(self.game.play(position, move))
            threat = max((len(reply.captured) for reply in replies), default=0)  # type: ignore[attr-defined]
            scored.append((len(move.captured) - threat + rng.random() * 0.5, move))  # type: ignore[attr-defined]
        scored.sort(key=lambda pair: pair[0], reverse=True)
        return scored[0][1]

    def play(
        self, start: P, rng: random.Random, length: int
    ) -> tuple[list[M], list[str], list[P], str]:
        """(moves, texts, positions before each move then the last, result) of one seeded
        game of at most ``length`` plies from ``start``."""
        game = self.game
        position = start
        moves: list[M] = []
        texts: list[str] = []
        positions: list[P] = []
        seen = {start: 1}
        result = None
        for _ in range(length):
            legal = game.legal_moves(position)
            if not legal:
                break
            move = self.choose(position, legal, rng)
            moves.append(move)
            positions.append(position)
            texts.append(game.format_move(position, move))
            position = game.play(position, move)
            seen[position] = seen.get(position, 0) + 1
            if seen[position] == 3:
                result = self.results.draw
                break
        positions.append(position)
        outcome = game.outcome(position)
        if outcome is not None:
            result = self.results.white if outcome.winner is Side.WHITE else self.results.black
        elif result is None:
            lead = self.material(position)
            white, black, draw = self.results
            result = white if lead >= 2 else black if lead <= -2 else draw
        return moves, texts, positions, result

    def decided(self, record: Record) -> bool:
        """True when the record's last position leaves the side to move without a move."""
        return self.game.outcome(replay(self.game, record)) is not None

    def tournament(
        self, rounds: range, seed: int, lengths: tuple[int, int], heading: Callable[[int], Heading]
    ) -> list[Record]:
        """A game a round from the standard start, seeded ``seed`` plus the round, of at
        most a length drawn from ``lengths``; its tags ``heading(round)``'s."""
        records = []
        for round_ in rounds:
            rng = random.Random(seed + round_)
            _, texts, _, result = self.play(self.game.start({}), rng, rng.randrange(*lengths))
            records.append(record(heading(round_).tags(result), self.line(texts), result))
        return records

    def endgame_games(self, endgames: Sequence[tuple[str, str]], heading: Heading) -> list[Record]:
        """A game from each set-up position (FEN, title), numbered as the heading's rounds."""
        records = []
        for index, (fen, title) in enumerate(endgames):
            start = self.game.start({"FEN": fen})
            _, texts, _, result = self.play(start, random.Random(5000 + index), 60)
            line = self.line(texts, self.game.turn(start))
            line.comments.append(Comment(title))
            tags = replace(heading, round_=index + 1).tags(result, ("FEN", fen))
            records.append(record(tags, line, result))
        return records

    def broken_game(
        self,
        event: str,
        heading: Heading,
        mistake: Callable[[P], str | None],
        seeds: range,
        length: int,
    ) -> Record:
        """A seeded game of ``length`` plies at most up to the first position (from ply 6
        on) where ``mistake`` names a wrong move, then it; ``event`` names the mistake."""
        _, (_, texts, _, _), ply, bad = first_mistake(
            seeds,
            lambda seed: self.play(self.game.start({}), random.Random(seed), length),
            lambda game, ply: mistake(game[2][ply]),
            6,
            f"no position for {event!r}",
        )
        return record(heading.tags("*", event=event), self.line([*texts[:ply], bad]), "*")

    def write_result_mistakes(
        self, out: Path, wrong: Record, mismatch: Record, over: Record, after_end: str
    ) -> None:
        """``broken/wrong-result.pdn``: ``wrong``, a decided game, with the winner swapped;
        ``broken/result-tag-mismatch.pdn``: ``mismatch`` with a ``Result`` tag its movetext
        contradicts; ``broken/move-after-end.pdn``: ``over``, a decided game, with the move
        ``after_end`` played on."""
        white, black, _ = self.results
        wrong.result = {white: black, black: white}[wrong.result]
        wrong.set_tag("Result", wrong.result)
        write_records(out / "broken/wrong-result.pdn", [wrong])
        mismatch.set_tag("Result", white if mismatch.result != white else black)
        write_records(out / "broken/result-tag-mismatch.pdn", [mismatch])
        over.moves.plies.append(Ply(after_end))
        write_records(out / "broken/move-after-end.pdn", [over])

    def write_repetition(self, out: Path, heading: Heading, fen: str, shuffle: list[str]) -> None:
        """``broken/repetition-played-on.pdn``: kings from ``fen`` shuffle on past a
        threefold repetition."""
        draw = self.results.draw
        tags = heading.tags(draw, ("FEN", fen), event="Kings shuffle past a threefold repetition")
        write_records(
            out / "broken/repetition-played-on.pdn", [record(tags, self.line(shuffle), draw)]
        )


# English and Russian draughts ----------------------------------------------------------------


@dataclass(frozen=True)
class ManMistakes:
    """Wrong steps of a man of the side to move in English or Russian draughts (squares 1 to
    32), each written with ``name`` of its squares, or ``None`` where the position gives
    none."""

    game: Game[Any, Any]
    bit: Sequence[int]
    forward: Mapping[Side, Sequence[int]]
    name: Callable[[int], str] = str

    def quiet(self, position: Any) -> list[Any]:
        """The legal moves when the side to move has no capture, else nothing."""
        legal = self.game.legal_moves(position)
        return [] if not legal or legal[0].captured else legal

    def own(self, position: Any) -> int:
        return int(position.black if position.turn is Side.BLACK else position.white)

    def men(self, position: Any) -> list[int]:
        own = self.own(position)
        return [n for n in range(1, 33) if own & self.bit[n] and not position.kings & self.bit[n]]

    def empty(self, position: Any, square: int) -> bool:
        return not (position.white | position.black) & self.bit[square]

    def step(self, position: Any, side: Side, own: bool) -> str | None:
        """A man's step toward ``side``'s far row onto its own piece (``own``) or an empty
        square."""
        for start in self.men(position):
            for target in range(1, 33):
                if not self.forward[side][start] & self.bit[target]:
                    continue
                if (
                    bool(self.own(position) & self.bit[target])
                    if own
                    else self.empty(position, target)
                ):
                    return f"{self.name(start)}-{self.name(target)}"
        return None

    def onto_own_piece(self, position: Any) -> str | None:
        """A man's step onto a square its own piece holds."""
        return self.step(position, position.turn, True) if self.quiet(position) else None

    def backward(self, position: Any) -> str | None:
        """A man's step back onto an empty square."""
        return self.step(position, position.turn.other, False) if self.quiet(position) else None

    def capture_ignored(self, position: Any) -> str | None:
        """A man's quiet step while a capture is compulsory."""
        legal = self.game.legal_moves(position)
        if not legal or not legal[0].captured:
            return None
        return self.step(position, position.turn, False)


# Brazilian and international draughts --------------------------------------------------------


def annotated_games(
    player: Player[Any, Any], annotators: Sequence[str], heading: Callable[[int], Heading]
) -> list[Record]:
    """Five annotated games: comments, NAGs, strength marks and nested variations; game
    ``index`` annotated by ``annotators[index]``, its tags ``heading(index)``'s."""
    game = player.game
    records = []
    for index in range(5):
        rng = random.Random(3000 + index)
        moves, texts, positions, result = player.play(game.start({}), rng, rng.randrange(50, 90))
        line = numbered(texts)
        if index == 0:
            line.comments.append(Comment(" Annotated games with variations", "escape"))
        line.comments.append(Comment(f"Annotated by {annotators[index]}."))
        branch = 6 + 2 * index
        before = positions[branch]
        others = [m for m in game.legal_moves(before) if m != moves[branch]]
        if others:
            alt = others[0]
            alt_moves, alt_texts, alt_positions, _ = player.play(
                game.play(before, alt), random.Random(4000 + index), 5
            )
            turn = game.turn(before)
            variation = numbered([game.format_move(before, alt), *alt_texts], turn, branch // 2 + 1)
            variation.plies[0].comments.append(Comment("A quieter try."))
            if len(alt_moves) >= 3:
                inner_before = alt_positions[1]
                inner = [m for m in game.legal_moves(inner_before) if m != alt_moves[1]]
                if inner:
                    inner_line = numbered(
                        [game.format_move(inner_before, inner[0])],
                        game.turn(inner_before),
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
        tags = heading(index).tags(result)
        records.append(record(tags, line, result))
    return records


def ambiguous_game(player: Player[Any, Any], heading: Heading) -> list[Record]:
    """A game with a capture whose start and end alone name two routes, written in full."""
    game = player.game

    def ambiguous(position: Any, move: Any) -> bool:
        same = [
            m
            for m in game.legal_moves(position)
            if m.path[0] == move.path[0] and m.path[-1] == move.path[-1]
        ]
        return len(same) > 1

    _, (_, texts, _, result) = first_game(
        range(6000, 9000),
        lambda seed: player.play(game.start({}), random.Random(seed), 120),
        lambda played: any(
            text.count("x") > 1 and ambiguous(p, m)
            for text, p, m in zip(played[1], played[2], played[0], strict=False)
        ),
        "no ambiguous capture found",
    )
    return [record(heading.tags(result), numbered(texts), result)]


@dataclass(frozen=True)
class FlyingMistakes:
    """White's wrong moves in Brazilian or international draughts, each as a careless
    player writes it, or ``None`` where the position gives none."""

    game: Game[Any, Any]
    bit: Sequence[int]
    forward: Mapping[Side, Sequence[int]]
    board: Board
    """The board's geometry: each square's row and column, the square at each."""
    width: int
    """Cells in a row of the board: 8 or 10."""
    short_captures: bool
    """A jump that a legal capture starts with is read as a short capture (Brazilian)."""

    @property
    def squares(self) -> range:
        return range(1, self.width * self.width // 2 + 1)

    def occupied(self, position: Any, square: int) -> bool:
        return bool((position.white | position.black) & self.bit[square])

    def steps(self, square: int, side: Side) -> list[int]:
        """The squares a man of ``side`` on ``square`` steps to (forward diagonals)."""
        return [t for t in self.squares if self.forward[side][square] & self.bit[t]]

    def quiet_white(self, position: Any) -> list[Any]:
        """White's legal moves when White is to move and has no capture, else nothing."""
        if self.game.turn(position) is not Side.WHITE:
            return []
        legal = self.game.legal_moves(position)
        return [] if not legal or legal[0].captured else legal

    def men(self, position: Any, moves: list[Any]) -> list[int]:
        return sorted({m.path[0] for m in moves if not position.kings & self.bit[m.path[0]]})

    def onto_own_piece(self, position: Any) -> str | None:
        """A White man's step onto a square its own piece holds."""
        legal = self.quiet_white(position)
        for start in self.men(position, legal):
            for target in self.steps(start, Side.WHITE):
                if position.white & self.bit[target]:
                    return f"{start}-{target}"
        return None

    def backward(self, position: Any) -> str | None:
        """A White man's step back onto an empty square."""
        legal = self.quiet_white(position)
        for start in self.men(position, legal):
            for target in self.steps(start, Side.BLACK):
                if not self.occupied(position, target):
                    return f"{start}-{target}"
        return None

    def capture_ignored(self, position: Any) -> str | None:
        """A White quiet step while White must capture."""
        if self.game.turn(position) is not Side.WHITE:
            return None
        legal = self.game.legal_moves(position)
        if not legal or not legal[0].captured:
            return None
        for start in self.squares:
            if not position.white & self.bit[start] or position.kings & self.bit[start]:
                continue
            for target in self.steps(start, Side.WHITE):
                if not self.occupied(position, target):
                    return f"{start}-{target}"
        return None

    def fewer_than_most(self, position: Any) -> str | None:
        """A single jump of White while a capture of two or more pieces is available (in
        Brazilian draughts landing where no legal capture lands first: there it would be a
        short capture, PDN115)."""
        if self.game.turn(position) is not Side.WHITE:
            return None
        legal = self.game.legal_moves(position)
        if not legal or len(legal[0].captured) < 2:
            return None
        firsts = set()
        if self.short_captures:
            firsts = {path[:2] for path, _ in self.game.capture_paths(position)}  # type: ignore[attr-defined]
        white, black, kings, _ = position
        for start in self.squares:
            if not white & self.bit[start] or kings & self.bit[start]:
                continue
            for over in self.squares:
                if not black & self.bit[over]:
                    continue
                for land in self.squares:
                    if self.occupied(position, land) or land == start:
                        continue
                    if over in self.between(start, land) and (start, land) not in firsts:
                        return f"{start}x{land}"
        return None

    def between(self, start: int, land: int) -> list[int]:
        """The square jumped when a man jumps from ``start`` to ``land``, if they are a
        jump apart."""
        row, column = self.board.row, self.board.column
        if abs(row[start] - row[land]) != 2 or abs(column[start] - column[land]) != 2:
            return []
        middle = self.board.grid[(row[start] + row[land]) // 2][(column[start] + column[land]) // 2]
        return [middle] if middle else []

    def short_and_ambiguous(self, position: Any) -> str | None:
        """A capture written by start and end only when two routes share them."""
        by_ends: dict[tuple[int, int], int] = {}
        for move in self.game.legal_moves(position):
            if move.captured:
                ends = (move.path[0], move.path[-1])
                by_ends[ends] = by_ends.get(ends, 0) + 1
        for (start, end), routes in sorted(by_ends.items()):
            if routes > 1:
                return f"{start}x{end}"
        return None
