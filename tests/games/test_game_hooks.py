"""What a game says of itself through the hooks of :class:`~notation.games.base.Game`:
its diagnostic codes, what identifies its positions, its dialect readings, its picture."""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from typing import Any

import pytest

from notation.diagnostics import CODES
from notation.games.registry import BUILT_IN, GAMES, codes_table

ROOT = Path(__file__).resolve().parents[2]

PREFIXES = {
    "brazilian": "BR",
    "kavaleria": "KV",
    "keny": "KY",
    "knight-fight": "KF",
    "cheversi": "CV",
    "international": "ID",
    "english": "EN",
    "russian": "RU",
}


def test_the_committed_codes_page_is_the_one_the_registry_writes() -> None:
    page = (ROOT / "docs" / "diagnostics.md").read_text("utf-8")
    assert page == codes_table(markdown=True), "regenerate: notation codes --markdown"


@pytest.mark.parametrize("name", list(BUILT_IN))
def test_the_codes_page_names_each_game_by_its_prefix(name: str) -> None:
    game = GAMES[name]
    assert game.code_prefix == PREFIXES[name]
    assert f"| `{PREFIXES[name]}` | {game.title} |\n" in codes_table(markdown=True)


@pytest.mark.parametrize("name", list(BUILT_IN))
def test_a_games_codes_are_those_its_module_registers(name: str) -> None:
    game = GAMES[name]
    module = vars(sys.modules[type(game).__module__]).values()
    # A module's codes: its str constants, and those of a tuple of codes (fmjd's MoveCodes).
    values = [v for item in module for v in (item if isinstance(item, tuple) else (item,))]
    own = {
        v for v in values if isinstance(v, str) and v in CODES.known and v[:2] == game.code_prefix
    }
    listed = [code.code for code in game.diagnostic_codes()]
    assert listed == sorted(own) and len(listed) >= 8
    assert all(code.startswith(PREFIXES[name]) for code in listed)


def test_every_code_of_a_game_has_the_prefix_of_one_game() -> None:
    prefixes = set(PREFIXES.values())
    for code in CODES:
        assert code[:3] in ("PDN", "REC") or code[:2] in prefixes, code


def test_the_diagnostics_module_imports_no_game() -> None:
    tree = ast.parse((ROOT / "notation" / "diagnostics.py").read_text("utf-8"))
    imported = [
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    ]
    # Only the bottom layer's own helpers: the late sources of codes and the plain bases.
    allowed = ("notation.late", "notation.plain")
    assert not [n for n in imported if n and n.startswith("notation.") and n not in allowed]


def test_a_keny_position_is_identified_without_its_count_of_quiet_plies() -> None:
    keny = GAMES["keny"]
    fen = "W:Wa2-g2,a3-b3,d3-h3,c4,h4:Bd5-e5,a6-d6,f6-h6,a7-c7,e7-h7"
    counted = keny.start({"FEN": fen + ":H4"})
    assert counted != keny.start({"FEN": fen})
    assert (
        keny.identity(counted)
        == keny.identity(keny.start({"FEN": fen}))
        == keny.start({"FEN": fen})
    )


@pytest.mark.parametrize("name", [name for name in BUILT_IN if name != "keny"])
def test_any_other_games_position_is_its_own_identity(name: str) -> None:
    game = GAMES[name]
    start = game.start(game.new_tags(seed=1))
    assert game.identity(start) is start


def test_replay_reads_a_dialect_as_the_game_says() -> None:
    from notation import diagnostics as codes
    from notation.check.dialects import SHORT_CAPTURES
    from notation.check.replay import dialect_read
    from notation.games.base import IllegalMove
    from notation.games.keny import Keny

    class Shorthand(Keny):
        """Keny, reading ``first`` as its first legal move (a dialect of this test's)."""

        def read_short_capture(self, position: Any, text: str) -> Any:
            return self.legal_moves(position)[0] if text == "first" else None

    game = Shorthand()
    start = game.start({})
    refused = IllegalMove("KY201", "first: not a Keny move")
    read = dialect_read(game, start, "first", refused, frozenset({SHORT_CAPTURES}))
    assert read == (codes.SHORT_CAPTURE, game.legal_moves(start)[0])
    with pytest.raises(IllegalMove) as raised:
        dialect_read(game, start, "second", refused, frozenset({SHORT_CAPTURES}))
    assert raised.value is refused


@pytest.mark.parametrize("name", ["kavaleria", "keny", "knight-fight", "cheversi"])
def test_games_that_are_not_draughts_read_no_dialect(name: str) -> None:
    game = GAMES[name]
    start = game.start(game.new_tags(seed=1))
    assert game.read_short_capture(start, "1x10") is None
    assert game.read_other_separator(start, "1-10") is None


@pytest.mark.parametrize("name", list(BUILT_IN))
def test_each_games_picture_names_a_drawing_and_says_its_status(name: str) -> None:
    from notation.pictures import DRAWINGS

    game = GAMES[name]
    start = game.start(game.new_tags(seed=1))
    picture = game.picture(start)
    assert picture is not None and picture.style in DRAWINGS
    assert picture.position is start and picture.last is None
    assert f"<title>{picture.title}</title>" in DRAWINGS[picture.style](picture)
    assert picture.status.startswith(f"{start.turn.title} to ")


def test_a_new_draughts_game_is_drawn_with_no_picture_module_of_its_own() -> None:
    from notation.games.brazilian import Brazilian
    from notation.pictures import render_svg

    class Copy(Brazilian):
        """Brazilian draughts under another name, as a game registered from outside."""

        name = "brazilian-copy"

    game, brazilian = Copy(), GAMES["brazilian"]
    start = brazilian.start({})
    move = brazilian.legal_moves(start)[0]
    after = brazilian.play(start, move)
    for notation in (None, "numeric", "alphanumeric"):
        assert render_svg(game, after, move, notation) == render_svg(
            brazilian, after, move, notation
        )


def test_a_game_without_a_picture_has_no_svg() -> None:
    from notation.pictures import render_svg, svg_picture

    class Unpictured(type(GAMES["keny"])):
        """Keny without a picture."""

        def picture(self, position: Any, last: Any = None, notation: Any = None) -> None:
            return None

    game = Unpictured()
    assert svg_picture(game, game.start({})) is None
    with pytest.raises(ValueError, match=r"^no SVG picture for Keny \(Caucasian checkers\) yet$"):
        render_svg(game, game.start({}))
