"""The one lexicon: every result the model knows is read alike by the grammar, the reader's
line scan, the writer and the splitter for parallel runs; the grammar stands on
parsimonious's public API; the layers below the read protocol reach no private name."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from notation.record.boundaries import split_games
from notation.record.grammar import parse_game
from notation.record.lexicon import LONGEST_RESULT, RESULT_LAST_CHARS, RESULT_WORD
from notation.record.model import RESULT_DIALECTS, RESULTS, Line, Ply, Record
from notation.record.reader import read_string
from notation.record.writer import why_unwritable

ROOT = Path(__file__).resolve().parents[2]
WORDS = sorted({*RESULTS, *RESULT_DIALECTS})


def test_the_result_tokens_are_the_models_results_and_dialects() -> None:
    assert RESULT_WORD == (
        r"(?:1/2\-1/2|1/2:1/2|0\.5\-0\.5|1\-0|0\-1|2\-0|0\-2|1\-1|0\-0|1:0|0:1|½\-½|2:0|0:2|1:1)"
    )
    assert RESULT_LAST_CHARS == "*0125½"
    assert LONGEST_RESULT == 7


@pytest.mark.parametrize("word", WORDS)
def test_every_result_is_read_the_same_by_grammar_reader_writer_and_splitter(word: str) -> None:
    canonical = RESULT_DIALECTS.get(word, word)
    record = parse_game(f"1. 22-18 {word}")
    assert (record.result, [p.text for p in record.moves.plies]) == (canonical, ["22-18"])
    # The reader's line scan ends the game at the result: the next movetext is a new game.
    first, second = read_string(f"1. 22-18 {word}\n1. 21-17 *\n")
    assert (first.result, second.result) == (canonical, "*")
    assert [p.text for p in second.moves.plies] == ["21-17"]
    # The splitter cuts there too.
    text = f'[Event "a"]\n1. 22-18 {word}\n[Event "b"]\n1. 21-17 *\n'
    assert [line for line, _ in split_games([text], 1)] == [1, 3]
    # The writer refuses it as a move: it would read back as the result, or is no move.
    why = "is not a move" if word in ("*", "0.5-0.5", "½-½") else "would read as a result"
    tricky = Record(moves=Line([Ply(word)]))
    assert why_unwritable(tricky) == ("moves.plies[0].text", f"{word!r} {why}")


def test_a_result_glued_to_a_move_character_is_a_move_for_every_reader() -> None:
    record = parse_game("1. 1-18 *")
    assert [p.text for p in record.moves.plies] == ["1-18"]
    assert [r.result for r in read_string("1. 1-18\n1. 21-17 *\n")] == ["*"]


def _parsimonious_reaches(path: Path) -> list[str]:
    """The private names of parsimonious a module reaches, and its classes built on
    parsimonious's."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("parsimonious")
        for alias in node.names
    }
    found = [
        f"{node.name} subclasses {ast.unparse(base)}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        for base in node.bases
        if ast.unparse(base) in imported
    ]
    private = {"match_core", "_uncached_match", "_as_rhs", "identity_tuple"}
    found += [
        f"line {node.lineno}: .{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in private
    ]
    found += [name for name in imported if name.startswith("_")]
    return found


def test_the_grammar_uses_only_parsimonious_public_api() -> None:
    assert _parsimonious_reaches(ROOT / "notation" / "record" / "grammar.py") == []


def test_io_and_read_reach_no_private_name() -> None:
    checked = ["notation/io", "notation/read", "notation/record/boundaries.py"]
    checked += ["notation/record/lexicon.py", "notation/record/reader.py"]
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--select", "SLF001", *checked],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert (done.returncode, done.stdout.strip()) == (0, "All checks passed!")
