"""Every command that judges moves judges them as ``validate`` does, from its one replay
(:func:`notation.check.validator.validate_record`): over every broken sample and score
sheet each names the same first illegal ply of each game, or judges the same games
erroneous or unreplayable; and a verdict changed in that one replay changes every
command's."""

from __future__ import annotations

import base64
import gzip
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import notation.check.validator
from notation.cli.main import app
from notation.games.base import IllegalMove
from notation.record.reader import read_records

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
FILES = sorted(SAMPLES.glob("*/broken/*.pdn")) + sorted(SAMPLES.glob("*/sheets/*.pdn"))

runner = CliRunner()

ILLEGAL = re.compile(r": error \S+ illegal move \S+ \(game (\d+), ply (\d+)\)")
"""An illegal main-line ply as every command writes it (a variation's says so)."""

NO_END = re.compile(r": game (\d+): ply (\d+) is illegal, so the game has no end")
REPAIRED = re.compile(r"\(game (\d+), ply (\d+) was illegal\)")


def first_plies(text: str, pattern: re.Pattern[str] = ILLEGAL) -> dict[int, int]:
    """The first ply ``pattern`` names in each game, by game number."""
    found: dict[int, int] = {}
    for match in pattern.finditer(text):
        game, ply = int(match[1]), int(match[2])
        found[game] = min(ply, found.get(game, ply))
    return found


def invoke(*args: str) -> Any:
    return runner.invoke(app, list(args))


def page_games(page: str) -> list[dict[str, Any]]:
    """The games of an HTML page's viewer."""
    found = re.search(
        r'<script id="data" type="[^"]+"( data-encoding="gzip")?>(.*?)</script>', page, re.S
    )
    assert found is not None
    text = found[2]
    if found[1]:
        text = gzip.decompress(base64.b64decode(text)).decode("utf-8")
    games: list[dict[str, Any]] = json.loads(text)["games"]
    return games


def page_plies(page: str) -> dict[int, int]:
    """The first main-line ply each game of a page shows illegal, by game number."""
    found = {}
    for game in page_games(page):
        plies = [item for item in game["moves"] if "t" in item]
        bad = [number for number, item in enumerate(plies, start=1) if "bad" in item]
        if bad:
            found[game["n"]] = bad[0]
    return found


class Verdicts:
    """What ``validate`` says of one file."""

    def __init__(self, path: Path) -> None:
        self.path = str(path)
        document = json.loads(invoke("validate", self.path, "-f", "json").stdout)
        said = "".join(
            f"{d['path']}:{d['line']}:{d['column']}: {d['severity']} {d['code']} {d['message']}\n"
            for d in document["diagnostics"]
        )
        self.plies = first_plies(said)
        self.games = {game["index"]: game for game in document["games"]}
        self.records = {r.index: r for r in read_records(path)}
        self.invalid = {n for n, game in self.games.items() if not game["valid"]}
        codes = {(d["game"], d["code"]) for d in document["diagnostics"]}
        self.supported = {n for n, game in self.games.items() if game["game"] is not None}
        self.replayed = {n for n in self.supported if (n, "REC202") not in codes}


@pytest.fixture(params=FILES, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.name}")
def verdicts(request: pytest.FixtureRequest) -> Verdicts:
    return Verdicts(request.param)


def check_commands(said: Verdicts, tmp_path: Path) -> None:
    """Each command's verdicts on the file of ``said`` are ``validate``'s."""
    path = said.path
    out = str(tmp_path / "out.pdn")
    for command in (["annotate", "--keep-broken"], ["fix", "--keep-broken"]):
        result = invoke(*command, path, "-o", out)
        assert first_plies(result.stdout) == said.plies, command[0]
    repaired = invoke("repair", path, "--keep-broken", "-o", out)
    corrected = first_plies(repaired.stdout, REPAIRED)
    assert {g: said.plies.get(g) for g in corrected} == corrected, "repair"
    # text and svg draw from one replay in one command; svg is checked on the first game.
    for number, form in [(n, "text") for n in said.games] + [(min(said.games), "svg")]:
        drawn = invoke("render", path, "--index", str(number), "--picture", form)
        assert first_plies(drawn.stderr, NO_END) == (
            {number: said.plies[number]} if number in said.plies else {}
        ), f"render {form} game {number}"
        assert bool(drawn.stdout) == (number in said.replayed and number not in said.plies)
    viewer = invoke("render", path, "--picture", "html")
    assert page_plies(viewer.stdout) == said.plies, "render html"
    report = invoke("validate", path, "-f", "html")
    assert page_plies(report.stdout) == said.plies, "validate html"
    assert said.invalid <= {game["n"] for game in page_games(report.stdout)}
    for flag, chosen in (
        ("--errors", said.invalid),
        ("--no-errors", set(said.games) - said.invalid),
    ):
        invoke("select", flag, path, "-o", out)
        tags = [r.tag_dict() for r in read_records(out)] if Path(out).exists() else []
        assert tags == [said.records[n].tag_dict() for n in sorted(chosen)], f"select {flag}"
        Path(out).unlink(missing_ok=True)
    stats = json.loads(invoke("stats", path, "--json").stdout)
    assert sum(game["invalid"] for game in stats["games"]) == len(said.invalid & said.supported)
    # duplicates and merge read a file named twice once: its copy is another file.
    twin = tmp_path / "twin.pdn"
    twin.write_bytes(Path(path).read_bytes())
    copies = json.loads(invoke("duplicates", path, str(twin), "--json").stdout)["groups"]
    # Every game is compared: as replayed, or as written (a game with an error).
    assert sum(len(group["records"]) for group in copies) == 2 * len(said.games), "duplicates"
    merged = invoke("merge", "--unique", path, str(twin), "-o", out)
    dropped = sum(len(group["records"]) - 1 for group in copies)
    assert f"{2 * len(said.games) - dropped} of {2 * len(said.games)} games written" in (
        merged.stdout
    ), "merge"


@pytest.mark.slow
def test_every_command_judges_each_sample_as_validate(verdicts: Verdicts, tmp_path: Path) -> None:
    check_commands(verdicts, tmp_path)


@pytest.fixture
def refused(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Makes ``validate``'s one replay, and nothing else, refuse a move text."""
    real = notation.check.validator.replay_line

    def refuse(text: str) -> None:
        def replay_line(game: Any, line: Any, position: Any, visitor: Any, **options: Any) -> Any:
            return real(_Refusing(game, text), line, position, visitor, **options)

        monkeypatch.setattr(notation.check.validator, "replay_line", replay_line)

    yield refuse


class _Refusing:
    """A game that reads ``text`` as illegal, and everything else as ``game`` does."""

    def __init__(self, game: Any, text: str) -> None:
        self._game, self._text = game, text

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def advancer(self) -> Callable[[Any, str], Any]:
        advance = self._game.advancer()

        def refusing(position: Any, text: str) -> Any:
            if text == self._text:
                raise IllegalMove("BR203", "refused in the test")
            return advance(position, text)

        return refusing


@pytest.mark.skipif(
    not notation.check.validator.__file__.endswith(".py"),
    reason="patches the validator's replay_line, which the compiled build calls directly",
)
def test_a_verdict_changed_in_validates_replay_changes_every_commands(
    refused: Callable[[str], None], tmp_path: Path
) -> None:
    source = tmp_path / "legal.pdn"
    source.write_text(
        '[GameType "26"]\n[Result "*"]\n\n1. 22-18 11-15 2. 18x11 8x15 3. 21-17 *\n\n'
        '[GameType "26"]\n[Result "*"]\n\n1. 22-18 11-15 2. 18x11 8x15 3. 21-17 *\n',
        encoding="utf-8",
    )
    legal = Verdicts(source)
    assert (legal.plies, legal.invalid) == ({}, set())
    refused("18x11")
    said = Verdicts(source)
    assert (said.plies, said.invalid) == ({1: 3, 2: 3}, {1, 2})
    check_commands(said, tmp_path)


def test_an_untagged_record_is_replayed_by_every_command_as_the_game_validate_judges(
    tmp_path: Path,
) -> None:
    """Untagged English draughts (REC221) with a capture ignored at ply 10: every command
    replays it as English draughts and finds that ply, where international draughts, PDN's
    default, would refuse ply 1."""
    source = tmp_path / "untagged.pdn"
    source.write_text(
        '[Event "x"]\n\n1. 12-16 24-20 2. 8-12 21-17 3. 4-8 25-21 4. 9-14 27-24 5. 10-15 '
        "17-13 6. 15-19 *\n",
        encoding="utf-8",
    )
    said = Verdicts(source)
    assert (said.plies, said.invalid, said.supported) == ({1: 10}, {1}, {1})
    assert said.games[1]["game"] == "english"
    annotated = invoke("annotate", str(source))
    assert [line.split()[2] for line in annotated.stderr.splitlines()][:2] == [
        "REC221",
        "EN204",
    ]
    check_commands(said, tmp_path)
