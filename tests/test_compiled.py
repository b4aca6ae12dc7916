"""The two builds (README, "The compiled build"): which one runs, and the build backend that
asks for mypy only for the compiled one."""

from __future__ import annotations

import importlib
import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

from notation.compiled import MODULES, build

ROOT = Path(__file__).resolve().parents[1]

EXPECTED = os.environ.get("NOTATION_EXPECT_BUILD")
"""The build this run must test (``.ci/run`` sets it for each pass), if any."""


def _backend() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "notation_build", ROOT / "build_backend" / "notation_build.py"
    )
    assert spec is not None and spec.loader is not None
    backend = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(backend)
    return backend


def test_the_build_is_named_by_the_modules_loaded() -> None:
    loaded = {not importlib.import_module(name).__file__.endswith(".py") for name in MODULES}
    assert len(loaded) == 1  # all compiled, or none
    assert build() == ("compiled: mypyc" if loaded.pop() else "pure Python")


@pytest.mark.skipif(EXPECTED is None, reason="NOTATION_EXPECT_BUILD is not set")
def test_the_build_is_the_one_this_run_tests() -> None:
    assert build() == EXPECTED


def test_an_interpreted_game_subclasses_the_compiled_draughts_games() -> None:
    from notation.games.brazilian import Brazilian

    class Copy(Brazilian):
        pass

    game = Copy()
    move, after = game.advance(game.start({}), "22-18")
    assert (move.path, move.captured, after.turn) == ((22, 18), (), 1)


def test_the_default_build_asks_setuptools_only(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = _backend()
    monkeypatch.delenv("NOTATION_COMPILE", raising=False)
    monkeypatch.setattr(
        backend.build_meta, "get_requires_for_build_wheel", lambda _: ["setuptools'"]
    )
    monkeypatch.setattr(
        backend.build_meta, "get_requires_for_build_editable", lambda _: ["editable"]
    )
    assert (backend.get_requires_for_build_wheel(), backend.get_requires_for_build_editable()) == (
        ["setuptools'"],
        ["editable"],
    )


def test_the_compiled_build_asks_for_mypy_and_the_stubs(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = _backend()
    monkeypatch.setenv("NOTATION_COMPILE", "1")
    wanted = ["mypy>=2.0,<3", "types-parsimonious>=0.9,<0.12"]
    assert backend.get_requires_for_build_wheel() == wanted
    assert backend.get_requires_for_build_editable() == wanted


def test_a_draughts_move_is_unequal_to_a_value_of_another_type() -> None:
    # Compiled, __ne__ once passed on __eq__'s NotImplemented through a call typed bool.
    from notation.games.brazilian import BrazilianMove

    move = BrazilianMove((22, 18))
    assert (move != "22-18", move == "22-18", move.__ne__("22-18")) == (True, False, NotImplemented)
    assert (move != BrazilianMove((22, 18)), move != BrazilianMove((22, 17))) == (False, True)
