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
    assert len(blocks) == 6
    assert all(block.startswith(">>> ") for block in blocks)


def test_the_examples_print_what_the_page_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    test = doctest.DocTestParser().get_doctest("".join(examples()), {}, "api.md", str(PAGE), 0)
    assert len(test.examples) == 22
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
    ]
    assert sorted(headings) == sorted(notation.__all__)


def test_each_public_name_is_what_its_module_defines() -> None:
    from notation.api import read_games, validate
    from notation.check.validator import GameReport
    from notation.diagnostics import Diagnostic
    from notation.games.registry import GAMES, get_game
    from notation.record.model import Record

    found = {name: getattr(notation, name) for name in notation.__all__}
    assert found == {
        "GAMES": GAMES,
        "Diagnostic": Diagnostic,
        "GameReport": GameReport,
        "Record": Record,
        "get_game": get_game,
        "read_games": read_games,
        "validate": validate,
    }
    with pytest.raises(AttributeError, match="module 'notation' has no attribute 'nothing'"):
        _ = notation.nothing  # type: ignore[attr-defined]


def test_import_notation_imports_only_the_version_and_the_late_sources_of_codes() -> None:
    probe = (
        "import sys, notation\nprint(sorted(m for m in sys.modules if m.startswith('notation')))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout == "['notation', 'notation.late', 'notation.version']\n"


def test_read_games_takes_sources_or_text_not_both() -> None:
    with pytest.raises(ValueError, match=r"^read_games takes sources or text, not both$"):
        notation.read_games("a.pdn", text="1. 22-18 *")
