"""The contract every registered game keeps, checked over every game in the registry.

Each test is parametrized over :data:`notation.games.registry.GAMES`, so a game is covered
the moment it is registered. The positions checked are those of seeded random games
(:func:`notation.games.playout.playout`) and of every line (variations included) of the
game's valid sample records in ``samples/<game>/``. The sample generator
``tools/make_<game>_samples.py`` must rewrite those samples byte for byte.
"""

from __future__ import annotations

import dataclasses
import os
import pickle
import random
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from notation.check.validator import validate_record
from notation.diagnostics import CODES, Code, Severity
from notation.games import registry
from notation.games.base import (
    AnyGame,
    Game,
    IllegalMove,
    Move,
    Outcome,
    Position,
    SetupError,
    Side,
    TextCache,
)
from notation.games.playout import playout
from notation.games.registry import GAMES, game_for_tags
from notation.pictures import render_svg
from notation.record import (
    Line,
    Record,
    dumps,
    loads,
    read_records,
    read_string,
    record_to_dict,
    same_record,
    write_record,
)
from notation.record.lexicon import MOVE_TOKEN

ROOT = Path(__file__).resolve().parents[2]
NAMES = list(GAMES)
SEEDS = range(6)
"""Seeds of the random games played in each game."""

NO_MOVE_UNDECIDED = {"kavaleria"}
"""Games whose rules leave a position without a legal move undecided (no outcome).

``docs/rules/kavaleria.md``: "A side with no legal move does not end the game by rule: the
record may stop there with any result." Every other game's page says the game is over
when the side to move has no legal move (or, for the placement games, none left to
place), so there ``outcome`` is ``None`` exactly while legal moves remain.
"""

BLACK_MOVES_FIRST = {"english"}
"""Games whose standard start has Black to move.

``docs/rules/english.md``: "Black's men on 1..12 move first" (shared/rulings.md section 7).
Every other game starts with White to move, as base.py's ``Side`` says when no setup says
otherwise.
"""

STATUS = re.compile(r"\b(White|Black) to (?:move|place)\b")
"""The side-to-move line of a picture (``White to move``, ``Black to place (ply 6 of 16)``)."""


@dataclass(frozen=True)
class Walk:
    """A line of play: the tags it starts from, its moves and every position on the way."""

    source: str
    tags: Mapping[str, str]
    moves: tuple[Move, ...]
    positions: tuple[Position, ...]
    """The start, then the position after each move (``len(moves) + 1`` items)."""


def sample_files(name: str) -> list[Path]:
    """Every sample file of the game, the broken ones included."""
    return sorted((ROOT / "samples" / name).rglob("*.pdn"))


def valid_sample_files(name: str) -> list[Path]:
    """The game's valid sample files (those outside ``broken/``)."""
    return sorted((ROOT / "samples" / name).glob("*.pdn"))


def replay(game: AnyGame, tags: Mapping[str, str], moves: Sequence[Move]) -> list[Position]:
    """The start ``tags`` describe, then the position after each of ``moves``."""
    positions = [game.start(tags)]
    for move in moves:
        positions.append(game.play(positions[-1], move))
    return positions


def _line_walks(
    game: AnyGame, source: str, tags: Mapping[str, str], before: list[Move], line: Line
) -> Iterator[Walk]:
    """The walk of ``line``, played after the moves ``before``, and of its variations."""
    moves = list(before)
    positions = replay(game, tags, before)
    for ply in line.plies:
        for variation in ply.variations:
            yield from _line_walks(
                game, f"{source}, variation at {ply.text}", tags, moves, variation
            )
        moves.append(game.parse_move(positions[-1], ply.text))
        positions.append(game.play(positions[-1], moves[-1]))
    yield Walk(source, tags, tuple(moves), tuple(positions))


@cache
def walks(name: str) -> tuple[Walk, ...]:
    """The seeded random games of ``name`` and every line of its valid samples."""
    game = GAMES[name]
    found: list[Walk] = []
    for seed in SEEDS:
        tags = game.new_tags(seed)
        played = playout(game, game.start(tags), random.Random(seed))
        found.append(Walk(f"seed {seed}", tags, tuple(played.moves), tuple(played.positions)))
    for path in valid_sample_files(name):
        for record in read_records(path):
            tags = record.tag_dict()
            source = f"{path.relative_to(ROOT)} game {record.index}"
            found.extend(_line_walks(game, source, tags, [], record.moves))
    return tuple(found)


def in_notation(game: AnyGame, tags: Mapping[str, str], notation: str) -> dict[str, str]:
    """``tags`` changed as a record written in ``notation`` says so."""
    return {**tags, **game.notation_tags(tags, notation)}


def field_names(position: Position) -> tuple[str, ...]:
    """The fields of an immutable position: a named tuple's or a frozen dataclass's."""
    if isinstance(position, tuple) and hasattr(position, "_fields"):
        return tuple(position._fields)
    params = getattr(type(position), "__dataclass_params__", None)
    if params is not None and params.frozen:
        return tuple(f.name for f in dataclasses.fields(position))
    pytest.fail(f"{type(position).__name__} is neither a named tuple nor a frozen dataclass")


# Starting ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_start_without_tags_or_with_new_tags(name: str) -> None:
    """``start({})`` is White to move (Black in the games that start so), unless the game
    needs a setup tag; then the tags of ``new_tags`` beyond those naming the game are
    enough. A new record starts too."""
    game = GAMES[name]
    first = Side.BLACK if name in BLACK_MOVES_FIRST else Side.WHITE
    try:
        position = game.start({})
    except SetupError:
        setup = {k: v for k, v in game.new_tags(0).items() if k not in ("Variant", "GameType")}
        assert setup, f"{name}: start({{}}) fails and new_tags adds no setup tag"
        position = game.start(setup)
    assert type(position.turn) is Side
    assert position.turn is first
    assert game.turn(position) is first
    for seed in SEEDS:
        position = game.start(game.new_tags(seed))
        assert position.turn is first
        assert game.turn(position) is first


@pytest.mark.parametrize("name", NAMES)
def test_start_of_every_sample(name: str) -> None:
    """Every record of the valid samples names this game and starts; ``turn`` is a Side."""
    game = GAMES[name]
    files = valid_sample_files(name)
    assert files, f"no sample records in samples/{name}/"
    for path in files:
        for record in read_records(path):
            assert record.diagnostics == [], f"{path} game {record.index}"
            tags = record.tag_dict()
            assert game_for_tags(tags) is game, f"{path} game {record.index}"
            position = game.start(tags)
            assert type(position.turn) is Side
            assert game.turn(position) is position.turn


# Positions and moves ------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_positions_are_immutable_and_hash_stably(name: str) -> None:
    """No field of a position can be set; the same moves give equal positions of equal
    hash; playing a move leaves the position it was played in unchanged."""
    game = GAMES[name]
    for walk in walks(name):
        again = replay(game, walk.tags, walk.moves)
        assert again == list(walk.positions), walk.source
        for position, other in zip(walk.positions, again, strict=True):
            assert hash(position) == hash(other), walk.source
        for position, move in zip(walk.positions, walk.moves, strict=False):
            before = hash(position)
            first, second = game.play(position, move), game.play(position, move)
            assert first == second and hash(first) == hash(second), walk.source
            assert hash(position) == before, walk.source
        for position in walk.positions[:: max(1, len(walk.positions) // 4)]:
            for field in field_names(position):
                value = getattr(position, field)
                with pytest.raises(AttributeError):
                    setattr(position, field, value)


@pytest.mark.parametrize("name", NAMES)
def test_every_formatted_move_parses_back_in_every_notation(name: str) -> None:
    """In every position, ``legal_moves`` has no duplicates, and every legal move written
    in each notation (in a record that says it is written in it) parses back to itself;
    the notation changes neither the positions nor the legal moves."""
    game = GAMES[name]
    assert game.notations, f"{name} lists no notation"
    for walk in walks(name):
        legal = [game.legal_moves(position) for position in walk.positions]
        for moves in legal:
            assert len(set(moves)) == len(moves), walk.source
        for notation in game.notations:
            positions = replay(game, in_notation(game, walk.tags, notation), walk.moves)
            assert positions == list(walk.positions), (walk.source, notation)
            for position, expected in zip(positions, legal, strict=True):
                moves = game.legal_moves(position)
                assert moves == expected, (walk.source, notation)
                for move in moves:
                    text = game.format_move(position, move, notation)
                    assert game.parse_move(position, text) == move, (walk.source, notation, text)


@pytest.mark.parametrize("name", NAMES)
def test_a_notation_the_game_does_not_have_is_a_value_error_not_another_notation(
    name: str,
) -> None:
    game = GAMES[name]
    walk = walks(name)[0]
    position = walk.positions[0]
    move = game.legal_moves(position)[0]
    with pytest.raises(ValueError, match=r"^unknown .*notation 'nope'"):
        game.format_move(position, move, "nope")
    # Cheversi's messages show a record's moves in the record's own language, whatever
    # notation the caller names (shown_notation).
    if name != "cheversi":
        with pytest.raises(ValueError, match=r"^unknown .*notation 'nope'"):
            game.describe_moves(position, [move], "nope")


@pytest.mark.parametrize("name", NAMES)
def test_advance_is_parse_move_then_play(name: str) -> None:
    """``advance`` (which replaying reads every ply by) gives, for every legal move written
    in each notation, the move ``parse_move`` reads and the position ``play`` makes of it,
    and refuses what ``parse_move`` refuses, with the same code and reason; so does the
    function ``advancer`` gives."""
    game = GAMES[name]
    advancer = game.advancer()
    for walk in walks(name):
        for position in walk.positions:
            moves = game.legal_moves(position)
            texts = {game.format_move(position, m, n) for m in moves for n in game.notations}
            # Moves of the other side, and ones after the game ended: refused the same way.
            for other in walk.positions[-1:] + walk.positions[1:2]:
                texts.update(game.format_move(other, m) for m in game.legal_moves(other)[:3])
            for text in sorted(texts):
                try:
                    move = game.parse_move(position, text)
                except IllegalMove as error:
                    for advance in (game.advance, advancer):
                        with pytest.raises(IllegalMove) as refused:
                            advance(position, text)
                        said = (refused.value.code, str(refused.value))
                        assert said == (error.code, str(error))
                    continue
                for advance in (game.advance, advancer):
                    read, after = advance(position, text)
                    assert tuple(read) == tuple(move), (walk.source, text)
                    assert after == game.play(position, move), (walk.source, text)


@pytest.mark.parametrize("name", NAMES)
def test_a_game_pickles_and_reads_the_same_after(name: str) -> None:
    """A game object survives pickling (a process or cluster may be handed one) and its
    copy reads and plays every move of the walks as the original does."""
    game = GAMES[name]
    copy = pickle.loads(pickle.dumps(game))
    assert type(copy) is type(game)
    for walk in walks(name)[:3]:
        for position in walk.positions:
            for move in game.legal_moves(position):
                text = game.format_move(position, move)
                assert tuple(copy.advance(position, text)[0]) == tuple(move), walk.source
                assert copy.advance(position, text)[1] == game.play(position, move)


@pytest.mark.parametrize("name", NAMES)
def test_a_move_in_another_notation_is_never_read_as_another_move(name: str) -> None:
    """In a record's own position, a legal move written in any notation parses back to
    itself or is refused (:class:`IllegalMove` with a registered code), never read as
    another move."""
    game = GAMES[name]
    for walk in walks(name):
        for position in walk.positions:
            for move in game.legal_moves(position):
                for notation in game.notations:
                    text = game.format_move(position, move, notation)
                    try:
                        read = game.parse_move(position, text)
                    except IllegalMove as error:
                        assert error.code in CODES, (walk.source, text)
                    else:
                        assert read == move, (walk.source, notation, text)


def fits(game: AnyGame, text: str) -> bool:
    """Whether ``text`` fits both the game's declared shape and the grammar's move token."""
    return bool(game.move_shape.fullmatch(text)) and bool(MOVE_TOKEN.fullmatch(text))


@pytest.mark.parametrize("name", NAMES)
def test_every_move_written_fits_the_games_shape_and_the_grammars_token(name: str) -> None:
    """Every legal move written in each notation (in a record that says it is written in
    it) fits the game's ``move_shape`` and the record grammar's game-neutral move token."""
    game = GAMES[name]
    for walk in walks(name):
        for notation in game.notations:
            for position in replay(game, in_notation(game, walk.tags, notation), walk.moves):
                for move in game.legal_moves(position):
                    text = game.format_move(position, move, notation)
                    assert fits(game, text), (walk.source, notation, text)


@pytest.mark.parametrize("name", NAMES)
def test_every_move_of_the_samples_fits_the_games_shape_and_the_grammars_token(
    name: str,
) -> None:
    """Every ply of the game's valid samples, variations included, as the grammar read it,
    fits the game's ``move_shape`` (and the grammar's token)."""
    game = GAMES[name]
    count = 0
    for path in valid_sample_files(name):
        for record in read_records(path):
            lines = [record.moves]
            while lines:
                line = lines.pop()
                for ply in line.plies:
                    count += 1
                    assert fits(game, ply.text), (str(path), record.index, ply.text)
                    lines.extend(ply.variations)
    assert count > 0, f"no move in the samples of {name}"


EDITS = (
    lambda t: t + "x",
    lambda t: "x" + t,
    lambda t: t + "1",
    lambda t: t[:-1],
    lambda t: t[1:],
    lambda t: t.upper(),
    lambda t: t.lower(),
    lambda t: t.swapcase(),
    lambda t: f" {t}\t",
    lambda t: t.replace("-", ":"),
    lambda t: t.replace("x", "-"),
    lambda t: f"{t}/{t}",
    lambda t: t[:1] + "-" + t[1:],
)
"""Small edits of a move text, some of which keep it readable."""


@pytest.mark.parametrize("name", NAMES)
def test_a_text_read_as_a_move_fits_the_games_shape(name: str) -> None:
    """``move_shape`` covers every text ``parse_move`` reads: written moves, and small
    edits of them, are read only when they fit the shape (stripped)."""
    game = GAMES[name]
    read = refused = 0
    for walk in walks(name)[:3]:
        for position in walk.positions:
            for move in game.legal_moves(position)[:8]:
                for notation in game.notations:
                    written = game.format_move(position, move, notation)
                    for edit in EDITS:
                        text = edit(written)
                        try:
                            game.parse_move(position, text)
                        except IllegalMove:
                            refused += 1
                        else:
                            read += 1
                            assert game.move_shape.fullmatch(text.strip()), (walk.source, text)
    assert read and refused


@pytest.mark.parametrize("name", NAMES)
def test_default_notation_is_the_first(name: str) -> None:
    """``format_move`` without a notation writes the game's first notation."""
    game = GAMES[name]
    for walk in walks(name):
        for position in walk.positions:
            for move in game.legal_moves(position):
                expected = game.format_move(position, move, game.notations[0])
                assert game.format_move(position, move) == expected, walk.source


@pytest.mark.parametrize("name", NAMES)
def test_format_line_writes_each_move_as_format_move(name: str) -> None:
    """``format_line`` writes a line's moves, and every legal move of its positions, as
    ``format_move`` writes each, in every notation and by default."""
    game = GAMES[name]
    for walk in walks(name):
        line = list(zip(walk.positions, walk.moves, strict=False))
        every = [
            (position, move) for position in walk.positions for move in game.legal_moves(position)
        ]
        for pairs in (line, every):
            for notation in (None, *game.notations):
                expected = [game.format_move(position, move, notation) for position, move in pairs]
                assert game.format_line(pairs, notation) == expected, walk.source


# End of the game -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_outcome_exactly_when_no_move_remains(name: str) -> None:
    """``outcome`` is ``None`` while legal moves remain, and (but for games whose rules
    say otherwise) set once none remains; a decided game accepts no move, its outcome
    has a result the game uses, and a game that keeps score is won on the higher score."""
    game = GAMES[name]
    ended = 0
    for walk in walks(name):
        for index, position in enumerate(walk.positions):
            outcome = game.outcome(position)
            legal = game.legal_moves(position)
            if legal:
                assert outcome is None, walk.source
                continue
            if outcome is None:
                assert name in NO_MOVE_UNDECIDED, f"{walk.source}: no move, no outcome"
                continue
            ended += 1
            assert outcome.reason, walk.source
            assert set(game.result_for(outcome)) <= set(game.results), walk.source
            scores = game.scores(position)
            if scores is not None:
                white, black = scores
                winner = None if white == black else Side.WHITE if white > black else Side.BLACK
                assert outcome.winner is winner, (walk.source, scores, outcome)
            if index > 0:
                previous = walk.positions[index - 1]
                for move in game.legal_moves(previous):
                    for notation in game.notations:
                        text = game.format_move(previous, move, notation)
                        with pytest.raises(IllegalMove) as raised:
                            game.parse_move(position, text)
                        assert raised.value.code in CODES, (walk.source, text)
    assert ended > 0, f"no game of {name} reached an end decided by the rules"


@pytest.mark.parametrize("name", NAMES)
def test_playout_reports_the_final_outcome(name: str) -> None:
    """A random game stops only when no move remains or at its ply limit, with the
    outcome of its last position."""
    game = GAMES[name]
    for seed in SEEDS:
        start = game.start(game.new_tags(seed))
        played = playout(game, start, random.Random(seed), max_plies=30)
        final = played.positions[-1]
        assert played.outcome == game.outcome(final)
        assert len(played.moves) == 30 or game.legal_moves(final) == []
        assert played.texts == [
            game.format_move(p, m) for p, m in zip(played.positions, played.moves, strict=False)
        ]


# Pictures -------------------------------------------------------------------------------------


def svg_texts(svg: str) -> list[str]:
    """The text of every element of a well-formed SVG document."""
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return [element.text for element in root.iter() if element.text and element.text.strip()]


@pytest.mark.parametrize("name", NAMES)
def test_pictures_of_every_position(name: str) -> None:
    """The text diagram of every position in every notation, and the SVG picture of every
    third position and of every last one (in the record's notation; every ninth in each
    notation), the last move marked, say whose turn it is or how the rules ended the
    game; the SVG is well-formed XML. (An SVG takes a few milliseconds to draw.)"""
    game = GAMES[name]
    for walk in walks(name):
        final = len(walk.positions) - 1
        for index, position in enumerate(walk.positions):
            last = walk.moves[index - 1] if index > 0 else None
            outcome = game.outcome(position)
            pictures = [game.render_text(position, last, n) for n in (None, *game.notations)]
            if index % 3 == 0 or index == final:
                drawn = (None, *game.notations) if index % 9 == 0 else (None,)
                pictures.extend(
                    "\n".join(svg_texts(render_svg(game, position, last, n))) for n in drawn
                )
            for picture in pictures:
                said = STATUS.findall(picture)
                if outcome is None:
                    assert said == [position.turn.title], (walk.source, index, picture)
                else:
                    assert said == [], (walk.source, index, picture)
                    assert outcome.reason in picture, (walk.source, index, picture)


# Setup tags -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_setup_tags_start_the_same_position(name: str) -> None:
    """``start(setup_tags(position, notation))`` is the position, in every notation, and so
    is a record's start once its tags are updated with them."""
    game = GAMES[name]
    for walk in walks(name):
        for position in walk.positions:
            for notation in game.notations:
                setup = game.setup_tags(position, notation)
                alone = game.start(setup)
                assert alone == position, (walk.source, setup)
                assert hash(alone) == hash(position), (walk.source, setup)
                updated = {**in_notation(game, walk.tags, notation), **setup}
                assert game.start(updated) == position, (walk.source, setup)


# Records ---------------------------------------------------------------------------------------


def sample_ids(name: str) -> list[str]:
    """The game's sample files, by their path under ``samples/``."""
    return [str(path.relative_to(ROOT / "samples")) for path in sample_files(name)]


@pytest.mark.parametrize(
    "sample", [sample for name in NAMES for sample in sample_ids(name)], ids=str
)
def test_sample_records_round_trip_through_pdn_and_json(sample: str) -> None:
    """Reading a sample, writing each record and reading it again gives the same record;
    the JSON form gives back the records exactly (positions and diagnostics too)."""
    records: list[Record] = list(read_records(ROOT / "samples" / sample))
    assert records, sample
    for record in records:
        written = write_record(record)
        again = read_string(written)
        assert len(again) == 1, (sample, record.index)
        if not record.diagnostics:
            assert again[0].diagnostics == [], (sample, record.index)
            assert same_record(again[0], record), (sample, record.index)
            assert write_record(again[0]) == written, (sample, record.index)
    back = loads(dumps(records))
    assert [record_to_dict(r) for r in back] == [record_to_dict(r) for r in records]
    assert all(same_record(a, b) for a, b in zip(back, records, strict=True))


# Sample generators ------------------------------------------------------------------------------


def generator(name: str) -> Path:
    """The game's seeded sample generator ``tools/make_<name>_samples.py``."""
    path = ROOT / "tools" / f"make_{name.replace('-', '_')}_samples.py"
    if not path.is_file():
        pytest.fail(f"game {name!r} has no sample generator: {path.relative_to(ROOT)} is missing")
    return path


def files_under(folder: Path) -> dict[str, bytes]:
    """Every file below ``folder`` by its relative path, with its bytes."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """Every game's generator run at once, each in a fresh copy of ``tools/`` with an empty
    ``samples/`` and ``docs/rules/``: the copy's root by game name, once its run ended."""
    runs: dict[str, tuple[Path, subprocess.Popen[bytes]]] = {}
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"}
    for name in NAMES:
        root = tmp_path_factory.mktemp(name)
        shutil.copytree(ROOT / "tools", root / "tools")
        (root / "samples").mkdir()
        (root / "docs" / "rules").mkdir(parents=True)
        script = root / "tools" / generator(name).name
        runs[name] = (
            root,
            subprocess.Popen(
                [sys.executable, str(script)],
                cwd=root,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
            ),
        )
    roots: dict[str, Path] = {}
    for name, (root, process) in runs.items():
        output, _ = process.communicate(timeout=300)
        assert process.returncode == 0, f"{name}: {output.decode(errors='replace')}"
        roots[name] = root
    yield roots


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_sample_generator_rewrites_the_samples_identically(
    name: str, generated: dict[str, Path]
) -> None:
    """The generator writes exactly the committed ``samples/<game>/`` files, byte for
    byte, and nothing else but pictures under ``docs/`` equal to the committed ones."""
    root = generated[name]
    made = files_under(root / "samples" / name)
    committed = files_under(ROOT / "samples" / name)
    assert sorted(made) == sorted(committed)
    for path, content in committed.items():
        assert made[path] == content, f"samples/{name}/{path} differs"
    for path, content in files_under(root / "docs").items():
        assert (ROOT / "docs" / path).read_bytes() == content, f"docs/{path} differs"
    assert files_under(root / "tools") == files_under(ROOT / "tools")
    others = {p.name for p in root.iterdir()} - {"tools", "samples", "docs"}
    assert others == set()
    assert [p.name for p in (root / "samples").iterdir()] == [name]


# A new game ----------------------------------------------------------------------------------

HEAP_LETTERS = "αβγ"


@dataclass(frozen=True)
class HeapsPosition:
    """Counters left in each heap, and the side to move."""

    heaps: tuple[int, ...]
    turn: Side


@dataclass(frozen=True)
class Take:
    """Take ``count`` counters from heap number ``heap``."""

    heap: int
    count: int


class Heaps(Game[HeapsPosition, Take]):
    """A game made for this test: take one to three counters from a heap; the side that
    finds every heap empty loses. A move is a Greek heap letter and a count, ``β2``: a
    move form no registered game reads, which the grammar's neutral token does."""

    name = "heaps"
    title = "Heaps (a test game)"
    notations = ("greek",)
    results = ("1-0", "0-1", "*")
    move_shape = re.compile(f"([{HEAP_LETTERS}])([1-9])")

    def start(self, tags: Mapping[str, str]) -> HeapsPosition:
        text = tags.get("Heaps", "3 4 5")
        counts = text.split()
        if not counts or len(counts) > len(HEAP_LETTERS) or not all(c.isdigit() for c in counts):
            raise SetupError(f"Heaps {text!r}: write up to three counts", "Heaps")
        return HeapsPosition(tuple(int(c) for c in counts), Side.WHITE)

    def setup_tags(self, position: HeapsPosition, notation: str | None = None) -> dict[str, str]:
        return {"Heaps": " ".join(str(count) for count in position.heaps)}

    def legal_moves(self, position: HeapsPosition) -> list[Take]:
        return [
            Take(heap, count)
            for heap, left in enumerate(position.heaps)
            for count in range(1, min(3, left) + 1)
        ]

    def parse_move(self, position: HeapsPosition, text: str) -> Take:
        written = text.strip()
        if not any(position.heaps):
            raise IllegalMove("HP202", "the game is over", show_legal=False)
        match = self.move_shape.fullmatch(written)
        if match is None:
            raise IllegalMove("HP201", f"{written}: write a heap and a count, like β2")
        heap, count = HEAP_LETTERS.index(match[1]), int(match[2])
        left = position.heaps[heap] if heap < len(position.heaps) else 0
        if count > min(3, left):
            raise IllegalMove(
                "HP202", f"{written}: heap {match[1]} has {left}; a move takes 1 to 3"
            )
        return Take(heap, count)

    def format_move(self, position: HeapsPosition, move: Take, notation: str | None = None) -> str:
        return f"{HEAP_LETTERS[move.heap]}{move.count}"

    def play(self, position: HeapsPosition, move: Take) -> HeapsPosition:
        heaps = list(position.heaps)
        heaps[move.heap] -= move.count
        return HeapsPosition(tuple(heaps), position.turn.other)

    def outcome(self, position: HeapsPosition) -> Outcome | None:
        if any(position.heaps):
            return None
        return Outcome(position.turn.other, f"{position.turn.title} finds every heap empty")

    def render_text(
        self, position: HeapsPosition, last: Take | None = None, notation: str | None = None
    ) -> str:
        heaps = " ".join(f"{HEAP_LETTERS[i]}{n}" for i, n in enumerate(position.heaps))
        return f"{heaps}\n{self.game_over(position) or position.turn.title + ' to move'}"


@pytest.fixture
def heaps(monkeypatch: pytest.MonkeyPatch) -> Heaps:
    """The Heaps game and its two codes, registered for one test (the registry's tables and
    the codes are restored after it)."""
    monkeypatch.setattr(registry, "GAMES", dict(registry.GAMES))
    monkeypatch.setattr(registry, "_BY_VARIANT", dict(registry._BY_VARIANT))
    monkeypatch.setitem(CODES, "HP201", Code("HP201", Severity.ERROR, "not a Heaps move"))
    monkeypatch.setitem(CODES, "HP202", Code("HP202", Severity.ERROR, "illegal Heaps move"))
    game = Heaps()
    registry.register(game)
    return game


HEAPS_RECORDS = """[Event "A game of Heaps"]
[Variant "heaps"]
[Heaps "1 2 3"]
[Result "0-1"]

1. γ3 β1 {one each} 2. β1 (2. α1 β1) α1 0-1

[Event "Too many taken"]
[Variant "Heaps (a test game)"]
[Heaps "1 2 3"]
[Result "*"]

1. γ3 β4 *
"""


def test_a_new_game_with_a_new_move_form_needs_no_grammar_change(heaps: Heaps) -> None:
    """A game registered with moves of a form no other game reads (``β2``) is read by the
    record grammar and replayed by the validator, its verdicts its own."""
    first, second = read_string(HEAPS_RECORDS, path="heaps.pdn")
    written = ["γ3", "β1", "β1", "α1", "α1", "β1", "γ3", "β4"]
    assert [p.text for p in first.moves.plies] + [p.text for p in second.moves.plies] == [
        "γ3",
        "β1",
        "β1",
        "α1",
        "γ3",
        "β4",
    ]
    for text in written:
        assert MOVE_TOKEN.fullmatch(text), text
        assert heaps.move_shape.fullmatch(text), text
        assert not any(GAMES[name].move_shape.fullmatch(text) for name in NAMES), text
    assert first.diagnostics == second.diagnostics == []
    assert game_for_tags(first.tag_dict()) is heaps
    assert game_for_tags(second.tag_dict()) is heaps

    valid = validate_record(first, path="heaps.pdn")
    assert (valid.game, valid.plies, valid.diagnostics) == ("heaps", 4, [])
    assert valid.outcome == Outcome(Side.BLACK, "White finds every heap empty")

    broken = validate_record(second, path="heaps.pdn")
    assert (broken.game, broken.plies) == ("heaps", 1)
    (diagnostic,) = broken.diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column, diagnostic.ply) == (
        "HP202",
        13,
        7,
        2,
    )
    assert diagnostic.format() == (
        "heaps.pdn:13:7: error HP202 illegal move β4 (game 2, ply 2): β4: heap β has 2; "
        "a move takes 1 to 3; legal: α1, β1, β2"
    )


def test_every_game_that_keeps_its_move_texts_keeps_them_in_a_text_cache() -> None:
    from notation.games import kavaleria, keny

    keny.TEXT_CACHE.clear()
    kavaleria.MOVE_TEXTS.clear()
    game = keny.Keny()
    start = game.start({})
    text = game.format_move(start, game.legal_moves(start)[0])
    game.parse_move(start, text)
    kavaleria.read_move_text("C3-D4")
    caches = (keny.TEXT_CACHE, kavaleria.MOVE_TEXTS, kavaleria.SETUPS)
    assert all(isinstance(cache, TextCache) for cache in caches)
    assert (list(keny.TEXT_CACHE), list(kavaleria.MOVE_TEXTS)) == ([text], ["C3-D4"])
