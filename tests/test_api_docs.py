"""docs/api.md's examples run and print exactly what the page shows; the page names every
public name of :mod:`notation`, and ``import notation`` imports none of them."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

import notation

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "api.md"


def examples() -> list[str]:
    """The page's ``python`` code blocks, in order."""
    return re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def test_the_page_has_examples_of_every_part_of_the_tour() -> None:
    blocks = examples()
    assert len(blocks) == 8
    assert all(block.startswith(">>> ") for block in blocks)


def test_the_examples_print_what_the_page_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    test = doctest.DocTestParser().get_doctest("".join(examples()), {}, "api.md", str(PAGE), 0)
    assert len(test.examples) == 25
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failed: list[str] = []
    runner.run(test, out=failed.append)
    assert (runner.failures, "".join(failed)) == (0, "")


def test_the_reference_names_every_public_name() -> None:
    headings = re.findall(r"^### `notation\.(\w+)", PAGE.read_text(encoding="utf-8"), re.M)
    assert headings == [
        "read_games",
        "validate",
        "GAMES",
        "get_game",
        "Record",
        "Diagnostic",
        "GameReport",
        "IllegalMove",
        "SetupError",
    ]
    assert sorted(headings) == sorted(notation.__all__)


def test_each_public_name_is_what_its_module_defines() -> None:
    from notation.api import read_games, validate
    from notation.check.validator import GameReport
    from notation.diagnostics import Diagnostic
    from notation.games.base import IllegalMove, SetupError
    from notation.games.registry import GAMES, get_game
    from notation.record.model import Record

    found = {name: getattr(notation, name) for name in notation.__all__}
    assert found == {
        "GAMES": GAMES,
        "Diagnostic": Diagnostic,
        "GameReport": GameReport,
        "IllegalMove": IllegalMove,
        "SetupError": SetupError,
        "Record": Record,
        "get_game": get_game,
        "read_games": read_games,
        "validate": validate,
    }
    with pytest.raises(AttributeError, match="module 'notation' has no attribute 'nothing'"):
        _ = notation.nothing  # type: ignore[attr-defined]


def test_import_notation_imports_its_loader_version_and_late_sources_only() -> None:
    probe = (
        "import sys, notation\nprint(sorted(m for m in sys.modules if m.startswith('notation')))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout == "['notation', 'notation.late', 'notation.loader', 'notation.version']\n"


def test_read_games_takes_sources_or_text_not_both() -> None:
    with pytest.raises(ValueError, match=r"^read_games takes sources or text, not both$"):
        notation.read_games("a.pdn", text="1. 22-18 *")


def test_a_source_that_is_not_a_name_is_a_type_error_not_lines_taken_for_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    told = (
        r"^a source is a file, folder or pattern name \(str or os.PathLike\), not {}; read a"
        r" stream's text with read_games\(text=\.\.\.\)$"
    )
    with open("samples/brazilian/annotated.pdn", encoding="utf-8") as stream:
        with pytest.raises(TypeError, match=told.format("TextIOWrapper")):
            notation.validate(stream)  # type: ignore[call-overload]
        with pytest.raises(TypeError, match=told.format("BufferedReader")):
            notation.read_games(stream.buffer)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=told.format("bytes")):
        notation.validate(b"samples/brazilian/annotated.pdn")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match=told.format("int")):
        notation.validate(["samples/brazilian/annotated.pdn", 3])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"^text is a str, not generator$"):
        notation.read_games(text=(line for line in ["1. 22-18 *"]))  # type: ignore[call-overload]


def test_one_dialect_may_be_named_by_itself() -> None:
    # docs/dialects.md's short capture: 10x17 for 10x17x26.
    [(_, record)] = notation.read_games(
        text='[GameType "21"]\n[FEN "B:W14,15,22,23:B10"]\n\n1. 10x17 *\n'
    )
    by_name = notation.validate(record, dialects="short-captures")
    by_list = notation.validate(record, dialects=["short-captures"])
    assert [(d.code, d.line, d.column, d.ply) for d in by_name.diagnostics] == [("PDN115", 4, 4, 1)]
    assert (by_name.plies, by_name.diagnostics) == (by_list.plies, by_list.diagnostics)
    assert [d.code for d in notation.validate(record).diagnostics] == ["EN205"]
