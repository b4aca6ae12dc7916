"""Make the Cheversi sample records in ``samples/cheversi/`` (seeded, repeatable).

    python tools/make_cheversi_samples.py

Games are played by a simple seeded player: it mostly takes the placement that leaves
its side furthest ahead on the score (its points minus the opponent's), sometimes a
random legal one; in some games both players hold their Queens back and place them only
when the rules force it. Games end as the rules say (after ply 16, or when the side to
place has none) and their results are those the scores decide. The records are written
in every notation (English, French, German, Russian, Ukrainian letters and figurines),
some from a set-up position (``FEN``), some annotated with running scores and
variations. The broken records in ``samples/cheversi/broken/`` take such a game up to a
position where a given mistake can be made, then make it: one file per kind of problem.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

from notation.games.base import IllegalMove, Side
from notation.games.cheversi import (
    KINDS,
    NEIGHBOURS,
    SQUARE_NAMES,
    TOTAL_PLIES,
    Cheversi,
    CheversiPosition,
    Placement,
)
from notation.record.model import Comment, Line, Ply, Record, Tag

sys.path.insert(0, str(Path(__file__).resolve().parent))  # samplekit, also when loaded by path
from samplekit import (
    first_game,
    first_mistake,
    move_texts,
    numbered,
    record,
    renumber_after_comments,
    seven_tags,
    write_records,
    write_syntax_error,
)
from sheetkit import write_sheets

GAME = Cheversi()
OUT = Path(__file__).resolve().parents[1] / "samples" / "cheversi"
PLAYERS = [
    "Lewicki, Andrzej",
    "Nowak, Ewa",
    "Kowalczyk, Piotr",
    "Dubois, Claire",
    "Martin, Hugo",
    "Becker, Jonas",
    "Schmidt, Lena",
    "Ivanova, Olga",
    "Petrov, Dmitry",
    "Shevchenko, Oksana",
    "Bondarenko, Taras",
    "Smith, Alice",
]

Game = tuple[list[Placement], list[CheversiPosition], str]
"""A played game: its placements, the positions before each and after the last, the result."""


def advantage(position: CheversiPosition, side: Side) -> int:
    """``side``'s score minus its opponent's."""
    white, black = GAME.scores(position)
    return white - black if side is Side.WHITE else black - white


def choose(
    position: CheversiPosition, rng: random.Random, *, hold_queen: bool = False
) -> Placement:
    """A placement that keeps the mover ahead on the score, with some chance of a random one."""
    legal = GAME.legal_moves(position)
    if hold_queen and any(m.kind != "Q" for m in legal):
        legal = [m for m in legal if m.kind != "Q"]
    if rng.random() < 0.2:
        return rng.choice(legal)
    side = position.turn
    scored = [
        (advantage(GAME.play(position, move), side) + rng.random() * 4, move) for move in legal
    ]
    return max(scored, key=lambda pair: pair[0])[1]


def play(
    start: CheversiPosition,
    rng: random.Random,
    *,
    hold_queen: bool = False,
    opening: tuple[Placement, ...] = (),
) -> Game:
    """One seeded game from ``start`` to its end; ``opening`` gives its first placements."""
    position, moves, positions = start, [], []
    while GAME.outcome(position) is None:
        offset = len(moves)
        move = opening[offset] if offset < len(opening) else None
        if move is None:
            move = choose(position, rng, hold_queen=hold_queen)
        moves.append(move)
        positions.append(position)
        position = GAME.play(position, move)
    positions.append(position)
    outcome = GAME.outcome(position)
    assert outcome is not None
    return moves, positions, GAME.result_for(outcome)[0]


def texts(game: Game, notation: str = "en") -> list[str]:
    """The placements of ``game`` written in ``notation``."""
    moves, positions, _ = game
    return move_texts(GAME, moves, positions, notation)


def move_number(ply: int) -> int:
    """The move number of game ply ``ply`` (0-based: ply 0 is White's 1st)."""
    return ply // 2 + 1


def notation_tags(notation: str) -> list[tuple[str, str]]:
    """The ``Notation`` tag a record written in ``notation`` needs (none for English)."""
    return list(GAME.notation_tags({}, notation).items())


def write(name: str, records: list[Record]) -> None:
    """Write ``records`` to ``samples/cheversi/<name>``, canonical."""
    write_records(OUT / name, records)


def standard_tags(
    event: str, site: str, date: str, round_: str, white: str, black: str, result: str
) -> list[tuple[str, str]]:
    """The seven standard tags and the ``Variant`` tag."""
    return seven_tags(event, site, date, round_, white, black, result, ("Variant", GAME.name))


def event_games(
    event: str,
    site: str,
    month: str,
    notation: str,
    seeds: range,
    players: list[str],
    extra: tuple[tuple[str, str], ...] = (),
) -> list[Record]:
    """Games of one event, one per seed, written in ``notation``."""
    records = []
    for round_, seed in enumerate(seeds, start=1):
        rng = random.Random(seed)
        game = play(GAME.start({}), rng, hold_queen=rng.random() < 0.4)
        result = game[2]
        white = players[round_ % len(players)]
        black = players[(round_ * 3 + 1) % len(players)]
        if white == black:
            black = players[(round_ + 1) % len(players)]
        tags = standard_tags(
            event, site, f"{month}.{round_ + 4:02d}", str(round_), white, black, result
        )
        tags += notation_tags(notation) + list(extra)
        records.append(record(tags, numbered(texts(game, notation)), result))
    return records


def club_games() -> list[Record]:
    """Eight games of a club championship, English letters."""
    return event_games(
        "Cheversi Club Championship 2025",
        "Krakow POL",
        "2025.02",
        "en",
        range(100, 108),
        PLAYERS[:3] + PLAYERS[11:],
    )


def online_games() -> list[Record]:
    """Four online games as a server exports them: the empty board's FEN tag, time control."""
    start = GAME.start({})
    extra = [("FEN", GAME.setup_tags(start)["FEN"]), ("TimeControl", "180+2")]
    records = event_games(
        "Online blitz arena", "cheversi.example.org", "2025.07", "en", range(200, 204), PLAYERS
    )
    for index, game in enumerate(records):
        game.tags.extend(Tag(name, value) for name, value in extra)
        game.set_tag("Site", f"https://cheversi.example.org/g/{4711 + index}")
        game.set_tag("Round", "-")
        game.set_tag("White", f"player{301 + 17 * index}")
        game.set_tag("Black", f"player{502 + 11 * index}")
    return records


def language_games() -> dict[str, list[Record]]:
    """Games written with French, German, Russian and Ukrainian letters and figurines."""
    return {
        "paris-open-2025.pdn": event_games(
            "Open de Paris de Cheversi", "Paris FRA", "2025.04", "fr", range(300, 303), PLAYERS[3:5]
        ),
        "bundesliga-2025.pdn": event_games(
            "Cheversi-Bundesliga 2025", "Berlin GER", "2025.05", "de", range(400, 403), PLAYERS[5:7]
        ),
        "moscow-cup-2025.pdn": event_games(
            "Кубок Москвы по шевёрси", "Moscow RUS", "2025.09", "ru", range(500, 502), PLAYERS[7:9]
        ),
        "kyiv-open-2025.pdn": event_games(
            "Відкритий турнір Києва", "Kyiv UKR", "2025.10", "uk", range(600, 602), PLAYERS[9:11]
        ),
        "figurines.pdn": event_games(
            "Cheversi Olympiad 2025", "Wroclaw POL", "2025.08", "figurine", range(700, 703), PLAYERS
        ),
    }


def running_score(position: CheversiPosition) -> Comment:
    """A comment with the score of ``position``."""
    white, black = GAME.scores(position)
    return Comment(f"Score: White {white}, Black {black}.")


def _find(
    wanted: Callable[[Game], bool], seeds: range, *, hold_queen: bool = False
) -> tuple[int, Game]:
    """The first seed whose game ``wanted`` accepts, and that game."""
    return first_game(
        seeds,
        lambda seed: play(GAME.start({}), random.Random(seed), hold_queen=hold_queen),
        wanted,
        "no game found",
    )


def _queen_ply(game: Game) -> int:
    """The 0-based ply of the first Queen placed (``TOTAL_PLIES`` if none)."""
    return next((i for i, m in enumerate(game[0]) if m.kind == "Q"), TOTAL_PLIES)


def _variation(game: Game, branch: int, seed: int) -> Line:
    """Another placement at ply ``branch`` and three more plies after it, with a comment."""
    moves, positions, _ = game
    before = positions[branch]
    others = [m for m in GAME.legal_moves(before) if m != moves[branch]]
    rng = random.Random(seed)
    alternative = max(
        others, key=lambda m: advantage(GAME.play(before, m), before.turn) + rng.random()
    )
    position = GAME.play(before, alternative)
    plies = [GAME.format_move(before, alternative)]
    for _ in range(3):
        if GAME.outcome(position) is not None:
            break
        move = choose(position, rng)
        plies.append(GAME.format_move(position, move))
        position = GAME.play(position, move)
    line = numbered(plies, before.turn, move_number(branch))
    white, black = GAME.scores(position)
    text = f"Also possible; at the end of this line White has {white} points, Black {black}."
    line.plies[0].comments.append(Comment(text))
    return line


def annotated_games() -> list[Record]:
    """Notable games with comments, running scores and variations.

    A Queen called early, a Queen forced at Black's 7th ply and a drawn game.
    """
    found = [
        (
            _find(lambda g: _queen_ply(g) <= 3, range(800, 1200)),
            "A Queen called early: {caller} places its Queen at ply {ply}, so {answer} "
            "must answer with its own at once.",
        ),
        (
            _find(lambda g: _queen_ply(g) == 13, range(1200, 1600), hold_queen=True),
            "Both sides hold their Queens back, so Black's 7th ply must be its Queen, "
            "which calls White's Queen as White's last piece.",
        ),
        (
            _find(lambda g: g[2] == "1/2-1/2", range(1600, 4000)),
            "A drawn game: the scores come out equal.",
        ),
    ]
    records = []
    for index, ((seed, game), intro) in enumerate(found):
        moves, positions, result = game
        line = numbered(texts(game))
        queen = _queen_ply(game)
        if queen < TOTAL_PLIES:
            caller = positions[queen].turn
            intro = intro.format(caller=caller.title, ply=queen + 1, answer=caller.other.title)
            line.plies[queen].comments.append(Comment("The queen call."))
        line.comments.append(Comment(intro))
        for ply in (5, 11):
            if ply < len(moves):
                line.plies[ply].comments.append(running_score(positions[ply + 1]))
        if index % 2 == 0:
            branch = 6 + index
            line.plies[branch].variations.append(_variation(game, branch, seed))
            line.plies[branch].suffix = "!?"
        outcome = GAME.outcome(positions[-1])
        assert outcome is not None
        line.plies[-1].comments.append(Comment(f"Game over: {outcome.reason}."))
        renumber_after_comments(line)
        tags = standard_tags(
            "Cheversi notable games, annotated",
            "Warsaw POL",
            f"2025.11.{index + 12:02d}",
            str(index + 1),
            PLAYERS[(index + 2) % 12],
            PLAYERS[(index + 7) % 12],
            result,
        )
        tags.append(("Annotator", PLAYERS[0]))
        records.append(record(tags, line, result))
    return records


SET_POSITIONS = [
    (1300, 4, "Set position after four plies, White to place."),
    (1301, 7, "Set position after seven plies, Black to place."),
    (1302, 10, "Set position after ten plies, White to place."),
]


def set_position_games() -> list[Record]:
    """Games played on from set-up positions (``FEN``) taken from other games."""
    records = []
    for index, (seed, plies, title) in enumerate(SET_POSITIONS):
        start = play(GAME.start({}), random.Random(seed))[1][plies]
        fen = GAME.setup_tags(start)["FEN"]
        game = play(start, random.Random(seed + 50))
        line = numbered(texts(game), start.turn, move_number(plies))
        line.comments.append(Comment(title))
        result = game[2]
        tags = standard_tags(
            "Cheversi positions for study",
            "Lviv UKR",
            "2025.12.01",
            str(index + 1),
            "Study",
            "Study",
            result,
        )
        tags.append(("FEN", fen))
        records.append(record(tags, line, result))
    return records


# Broken records -------------------------------------------------------------------------


def _by_code(code: str, kinds: str = KINDS) -> Callable[[CheversiPosition], str | None]:
    """A finder of a placement (English) that breaks exactly the rule with ``code``.

    Empty squares next to a piece are tried first, so the mistake looks like one a player
    could make.
    """

    def find(position: CheversiPosition) -> str | None:
        board = position.board
        near = sorted(
            {n for s in range(64) if board[s] != "." for n in NEIGHBOURS[s] if board[n] == "."}
        )
        for kind in kinds:
            for square in near + [s for s in range(64) if s not in near]:
                text = f"{kind}{SQUARE_NAMES[square]}"
                try:
                    GAME.parse_move(position, text)
                except IllegalMove as error:
                    if error.code == code:
                        return text
        return None

    return find


def broken_game(
    event: str,
    finder: Callable[[CheversiPosition], str | None],
    *,
    seeds: range = range(9000, 9400),
    first_ply: int = 0,
    hold_queen: bool = False,
    notation: str = "en",
) -> Record:
    """A seeded game up to the first position (from ``first_ply`` on) where ``finder``
    names a mistake, then the mistake."""
    _, game, ply, bad = first_mistake(
        seeds,
        lambda seed: play(GAME.start({}), random.Random(seed), hold_queen=hold_queen),
        lambda game, ply: finder(game[1][ply]),
        first_ply,
        f"no position for {event!r}",
    )
    line = numbered([*texts(game, notation)[:ply], bad])
    tags = standard_tags(event, "Gdansk POL", "2025.06.21", "1", PLAYERS[1], PLAYERS[2], "*")
    return record(tags + notation_tags(notation), line, "*")


def _pawn_move(position: CheversiPosition) -> str | None:
    """A chess pawn move (a square without a piece letter) on an empty square touching."""
    legal = GAME.legal_moves(position)
    return SQUARE_NAMES[legal[0].square] if position.ply >= 4 and legal else None


def _spanish_bishop(position: CheversiPosition) -> str | None:
    """A Bishop written with the Spanish ``A`` (alfil), a letter of no notation the toolkit
    reads, where the Bishop would be legal."""
    bishops = [m for m in GAME.legal_moves(position) if m.kind == "B"]
    return f"A{SQUARE_NAMES[bishops[0].square]}" if position.ply >= 5 and bishops else None


def _broken_set_plays() -> dict[str, Record]:
    """The broken records whose mistake is an illegal placement."""
    return {
        "not-a-placement.pdn": broken_game("Pawn move written", _pawn_move),
        "unknown-letter.pdn": broken_game("Spanish letter in an English record", _spanish_bishop),
        "occupied-square.pdn": broken_game(
            "Piece on an occupied square", _by_code("CV204", "BN"), first_ply=6
        ),
        "no-piece-left.pdn": broken_game("A third Rook", _by_code("CV205", "R"), first_ply=6),
        "king-not-first.pdn": broken_game("White opens with its Queen", _by_code("CV206", "Q")),
        "not-touching.pdn": broken_game(
            "Piece away from the enemy", _by_code("CV207", "N"), first_ply=5
        ),
        "black-king-early.pdn": broken_game(
            "Black's King too early", _by_code("CV208", "K"), first_ply=7
        ),
        "bishops-same-colour.pdn": broken_game(
            "Bishops on one colour", _by_code("CV209", "B"), first_ply=6
        ),
        "queen-call-ignored.pdn": broken_game(
            "Queen call not answered", _by_code("CV210", "RBN"), first_ply=3
        ),
        "queen-not-seventh.pdn": broken_game(
            "Black's 7th piece not its Queen",
            _by_code("CV211", "RBN"),
            hold_queen=True,
            first_ply=12,
        ),
        "king-away-from-last.pdn": broken_game(
            "Black's King away from White's last piece", _by_code("CV212", "K"), first_ply=15
        ),
        "last-piece-boxed-in.pdn": broken_game(
            "White's last piece boxed in", _by_code("CV213"), first_ply=14, seeds=range(9000, 12000)
        ),
    }


def broken_set() -> None:
    """One file per kind of problem the validator reports in a Cheversi record."""
    for name, broken in _broken_set_plays().items():
        write(f"broken/{name}", [broken])
    decided = [r for r in club_games() if r.result != "1/2-1/2"]
    wrong = decided[0]
    wrong.result = {"1-0": "0-1", "0-1": "1-0"}[wrong.result]
    wrong.set_tag("Result", wrong.result)
    write("broken/wrong-result.pdn", [wrong])
    mismatch = decided[1]
    mismatch.set_tag("Result", "1/2-1/2")
    write("broken/result-tag-mismatch.pdn", [mismatch])
    over = decided[2]
    over.moves.plies.append(Ply("Nd4", number="9."))
    write("broken/move-after-end.pdn", [over])
    setup = set_position_games()[1]
    fen = setup.tag("FEN")
    assert fen is not None
    setup.set_tag("FEN", fen.replace(" b ", " w "))
    write("broken/bad-setup.pdn", [setup])
    write_syntax_error(OUT / "broken/syntax-error.pdn", club_games()[:2], 3, "Ke4+")


def main() -> None:
    """Write every sample file and the broken set."""
    write("club-championship-2025.pdn", club_games())
    write("online-blitz.pdn", online_games())
    for name, records in language_games().items():
        write(name, records)
    write("annotated.pdn", annotated_games())
    write("set-positions.pdn", set_position_games())
    broken_set()
    write_sheets("cheversi", OUT / "sheets")


if __name__ == "__main__":
    main()
