"""The HTML pages without a browser: every position a page holds is the SVG picture the
library draws, record text cannot end the page's script, and the commands write them."""

from __future__ import annotations

import base64
import gzip
import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from htmlkit import HOSTILE_COMMENT, records_page, sample, view_of
from typer.testing import CliRunner

from notation.cli.main import app
from notation.games.base import IllegalMove
from notation.games.registry import GAMES
from notation.pages.html import (
    Elements,
    apply_delta,
    delta,
    join_parts,
    picture,
    script_json,
    svg_parts,
)
from notation.record.reader import read_string

GAME_NAMES = list(GAMES)
SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def frames(view_nodes: list[list[object]], elements: Elements) -> list[str]:
    """Each node's picture, put together as the page's script does."""
    ids: list[list[int]] = []
    for parent, removed, added, *_ in view_nodes:
        assert isinstance(parent, int) and isinstance(added, list)
        if parent < 0:
            ids.append(list(added))
        else:
            assert isinstance(removed, list)
            ids.append(apply_delta(ids[parent], removed, added))
    return [join_parts([elements.texts[i] for i in frame]) for frame in ids]


def data_of(page: str) -> dict[str, object]:
    """The page's data, unpacked when packed."""
    found = re.search(
        r'<script id="data" type="([^"]+)"( data-encoding="gzip")?>(.*?)</script>', page, re.S
    )
    assert found is not None
    text = found.group(3)
    if found.group(2):
        assert found.group(1) == "application/octet-stream"
        text = gzip.decompress(base64.b64decode(text)).decode("utf-8")
    loaded: dict[str, object] = json.loads(text)
    return loaded


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_position_is_the_library_picture(name: str) -> None:
    game = GAMES[name]
    made = sample(game)
    (record,) = read_string(made.text, "t.pdn")
    elements = Elements()
    view, places = view_of(record, elements)
    pictures = frames(view.nodes, elements)
    main = [item for item in view.moves if isinstance(item, dict) and "node" in item]
    assert len(main) == len(made.texts)
    notation = None
    for number, item in enumerate(main, start=1):
        before, after = made.positions[number - 1], made.positions[number]
        move = game.parse_move(before, made.texts[number - 1])
        expected = picture(game, after, move, notation).strip()
        assert pictures[item["node"]] == expected, f"ply {number}"
        assert view.nodes[item["node"]][3] == int(game.turn(after))
    assert pictures[0] == picture(game, made.positions[0]).strip()
    (variation,) = [item["v"] for item in view.moves if isinstance(item, dict) and "v" in item]
    first = variation[0]
    second = made.positions[1]
    move = game.parse_move(second, first["t"])
    assert pictures[first["node"]] == picture(game, game.play(second, move), move).strip()
    assert sorted(places.values()) == sorted([item["node"] for item in main] + [first["node"]])


@pytest.mark.parametrize("name", GAME_NAMES)
def test_an_illegal_ply_shows_the_position_before_it_and_the_legal_moves(name: str) -> None:
    game = GAMES[name]
    made = sample(game, illegal=5)
    (record,) = read_string(made.text, "t.pdn")
    elements = Elements()
    view, _ = view_of(record, elements)
    plies = [item for item in view.moves if isinstance(item, dict) and "t" in item]
    bad = plies[4]
    before = made.positions[4]
    with pytest.raises(IllegalMove) as raised:
        game.parse_move(before, made.texts[4])
    assert bad["bad"] == str(raised.value)
    assert bad["code"] == raised.value.code
    assert bad["legal"] == game.describe_moves(before, game.legal_moves(before))
    shown = frames(view.nodes, elements)[bad["node"]]
    plain = picture(game, before).strip()
    assert shown.startswith(plain.removesuffix("</svg>"))
    assert '<g class="legal-moves"' in shown
    assert all("node" not in item and "dead" not in item for item in plies[5:])


def test_parts_put_back_together_are_the_picture() -> None:
    for game in GAMES.values():
        made = sample(game, plies=4)
        for position in made.positions:
            svg = picture(game, position)
            parts = svg_parts(svg)
            assert join_parts(parts) == svg.strip()
            assert all(p.startswith("<") and p.endswith(">") for p in parts)
            assert parts[1].startswith("<defs>") and parts[1].endswith("</defs>")


def test_a_change_is_kept_only_when_it_rebuilds_the_frame() -> None:
    assert delta([1, 2, 3, 4], [1, 5, 3, 4, 6]) == ([1], [1, 5, 4, 6])
    assert apply_delta([1, 2, 3, 4], [1], [1, 5, 4, 6]) == [1, 5, 3, 4, 6]
    assert delta([1, 2, 3], [3, 2, 1]) is None


HOSTILE = HOSTILE_COMMENT


def test_record_text_cannot_end_the_script_or_add_markup() -> None:
    text = (
        f'[White "{HOSTILE}"]\n[Black "b&b"]\n[Variant "brazilian"]\n[Event "{HOSTILE}"]\n\n'
        f"1. 22-18 {{{HOSTILE}}} 10-14 *\n"
    )
    records = [("x</script>.pdn", r) for r in read_string(text, "x.pdn")]
    page = records_page(records)
    assert page.count("</script>") == 2  # the page's own two
    assert "<img" not in page
    assert "<!--" not in page
    assert data_of(page)["games"][0]["tags"][0] == ["White", HOSTILE]  # type: ignore[index]
    assert script_json("\u2028</") == '"\\u2028\\u003c/"'
    assert script_json("raw-\udcff.pdn") == '"raw-\\udcff.pdn"'


def test_render_html_writes_one_page_of_every_game(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    source = SAMPLES / "brazilian" / "annotated.pdn"
    result = CliRunner().invoke(app, ["render", str(source), "--picture", "html", "-o", str(out)])
    assert result.exit_code == 0, result.output
    data = data_of(out.read_text(encoding="utf-8"))
    games = data["games"]
    assert isinstance(games, list)
    assert len(games) == len(read_string(source.read_text(encoding="utf-8"), "x"))
    assert "http://" not in out.read_text().replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in out.read_text()


def test_render_html_of_an_illegal_game_fails_with_its_problem_and_writes_the_page(
    tmp_path: Path,
) -> None:
    out = tmp_path / "page.html"
    source = SAMPLES / "brazilian" / "broken" / "majority-ignored.pdn"
    result = CliRunner().invoke(app, ["render", str(source), "--picture", "html", "-o", str(out)])
    assert result.exit_code == 1
    validated = CliRunner().invoke(app, ["validate", str(source)])
    assert "error BR205 illegal move" in validated.stdout
    assert result.output == validated.stdout
    assert out.exists()


def test_render_html_refuses_a_game_the_file_lacks(tmp_path: Path) -> None:
    source = SAMPLES / "brazilian" / "broken" / "majority-ignored.pdn"
    result = CliRunner().invoke(app, ["render", str(source), "--picture", "html", "--index", "9"])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == f"notation: {source} has no game 9: it has 1 game"


def test_validate_html_report_counts_and_links_every_problem(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    broken = SAMPLES / "brazilian" / "broken"
    result = CliRunner().invoke(app, ["validate", str(broken), "-f", "html", "-o", str(out)])
    assert result.exit_code == 1
    page = out.read_text(encoding="utf-8")
    jsonl = CliRunner().invoke(app, ["validate", str(broken), "-f", "jsonl"])
    problems = [json.loads(line) for line in jsonl.stdout.splitlines()]
    rows = re.findall(r'<tr data-severity="(\w+)" data-code="(\w+)"', page)
    assert rows == [(p["severity"], p["code"]) for p in problems]
    links = re.findall(r'href="#g=(\d+)&amp;n=(\d+)"', page)
    games = data_of(page)["games"]
    assert isinstance(games, list)
    wanted = {(p["path"], p["game"]) for p in problems if p["game"] is not None}
    assert [(g["path"], g["n"]) for g in games] == sorted(wanted)
    illegal = [p for p in problems if p["code"] == "BR205"]
    assert illegal and f"illegal move {illegal[0]['move']}" in illegal[0]["message"]
    assert len(links) == sum(1 for p in problems if p["game"] is not None)


def test_render_html_refuses_a_ply() -> None:
    source = SAMPLES / "brazilian" / "annotated.pdn"
    result = CliRunner().invoke(app, ["render", str(source), "--picture", "html", "--ply", "3"])
    assert result.exit_code == 2
    assert "html shows every ply; leave out --ply" in result.output


def test_a_game_without_an_svg_picture_shows_its_text_diagram(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = GAMES["keny"]
    monkeypatch.setattr(type(game), "picture", lambda self, *drawn: None)
    made = sample(game, plies=3)
    (record,) = read_string(made.text, "t.pdn")
    elements = Elements()
    view, _ = view_of(record, elements)
    main = [item for item in view.moves if isinstance(item, dict) and "node" in item]
    third = frames(view.nodes, elements)[main[2]["node"]]
    move = game.parse_move(made.positions[2], made.texts[2])
    diagram = game.render_text(made.positions[3], move).splitlines()
    shown = re.findall(r'<text [^>]*font-family="monospace"[^>]*>([^<]*)</text>', third)
    assert [html.unescape(line) for line in shown] == diagram
    assert third == picture(game, made.positions[3], move).strip()


def test_a_large_page_holds_its_data_packed() -> None:
    made = sample(GAMES["brazilian"])
    records = [("t.pdn", r) for r in read_string(made.text, "t.pdn")]
    plain, packed = records_page(records), records_page(records, compress=True)
    assert 'type="application/json"' in plain and 'data-encoding="gzip"' in packed
    assert data_of(plain) == data_of(packed)
    assert re.search(r'data-encoding="gzip">[A-Za-z0-9+/=]+</script>', packed)


def test_the_variations_of_an_illegal_ply_are_still_replayed() -> None:
    game = GAMES["kavaleria"]
    made = sample(game, illegal=2)
    (record,) = read_string(made.text, "t.pdn")
    elements = Elements()
    view, _ = view_of(record, elements)
    plies = [item for item in view.moves if isinstance(item, dict) and "t" in item]
    assert "bad" in plies[1]
    (variation,) = [item["v"] for item in view.moves if isinstance(item, dict) and "v" in item]
    before = made.positions[1]
    move = game.parse_move(before, variation[0]["t"])
    shown = frames(view.nodes, elements)[variation[0]["node"]]
    assert shown == picture(game, game.play(before, move), move).strip()
    assert view.nodes[variation[0]["node"]][0] == plies[0]["node"]


def test_validate_html_is_the_same_page_in_two_processes(tmp_path: Path) -> None:
    broken = str(SAMPLES / "keny" / "broken")
    pages = []
    for jobs in ("1", "2"):
        out = tmp_path / f"report-{jobs}.html"
        result = CliRunner().invoke(
            app, ["validate", broken, "-f", "html", "-o", str(out), "--jobs", jobs]
        )
        assert result.exit_code == 1
        pages.append(out.read_text(encoding="utf-8"))
    assert pages[0] == pages[1]


def test_validate_html_of_standard_input_shows_its_games_as_the_run_replayed_them() -> None:
    text = (SAMPLES / "brazilian" / "broken" / "majority-ignored.pdn").read_text()
    result = CliRunner().invoke(app, ["validate", "-", "-f", "html"], input=text)
    assert result.exit_code == 1
    page = result.stdout
    assert re.findall(r'<tr data-severity="(\w+)" data-code="(\w+)"', page) == [("error", "BR205")]
    assert "<td>no board</td>" not in page
    (game,) = data_of(page)["games"]  # type: ignore[misc]
    plies = [item for item in game["moves"] if "t" in item]
    (bad,) = [number for number, item in enumerate(plies, start=1) if "bad" in item]
    assert (bad, plies[bad - 1]["code"]) == (25, "BR205")
    assert re.findall(r'data-n="(\d+)"', page) == [str(plies[bad - 1]["node"])]


def test_remembered_elements_keep_equal_values_written_apart() -> None:
    from notation.pictures.svg import Svg

    svg = Svg(10, 10, "t")
    for value in (1, 1.0, True, 0.0, -0.0, None):
        svg.element("rect", opacity=value)
    texts = ("1", "1.0", "True", "0.0", "-0.0")
    assert svg.parts[1:] == [f'<rect opacity="{t}"/>' for t in texts] + ["<rect/>"]


SHORT_CAPTURES = (
    '[GameType "20"]\n[FEN "B:W32,38,46:B27,17,3"]\n\n'
    "1... 3-9 (1... 3-8 2. 32x21) 2. 32x21 9-14 *\n"
)
"""Two short captures (PDN115, docs/dialects.md), one in a variation."""


def bad_plies(items: list[dict[str, object]]) -> list[tuple[object, object]]:
    """(move, code) of each ply a page's move list shows illegal, variations included."""
    found = []
    for item in items:
        if "v" in item:
            found += bad_plies(item["v"])  # type: ignore[arg-type]
        elif "bad" in item:
            found.append((item["t"], item["code"]))
    return found


@pytest.mark.parametrize("command", [["render", "--picture", "html"], ["validate", "-f", "html"]])
def test_the_pages_judge_each_ply_as_validate_does(tmp_path: Path, command: list[str]) -> None:
    source = tmp_path / "short.pdn"
    source.write_text(SHORT_CAPTURES, encoding="utf-8")
    verdict = CliRunner().invoke(app, ["validate", str(source), "-f", "json"])
    said = json.loads(verdict.stdout)["diagnostics"]
    errors = [(d["move"], d["code"]) for d in said if d["severity"] == "error" and d["ply"]]
    result = CliRunner().invoke(app, [*command, str(source)])
    (game,) = data_of(result.stdout)["games"]  # type: ignore[misc]
    assert sorted(bad_plies(game["moves"])) == sorted(errors)
    assert result.exit_code == verdict.exit_code
    assert len(said) == 2


@pytest.mark.parametrize("compress", [False, True])
def test_the_viewer_page_written_in_parts_is_the_page_made_whole(
    compress: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from notation.check.validator import validate_record
    from notation.pages.html import Viewer, page, page_data, report_view

    source = SAMPLES / "brazilian" / "club-championship-2025.pdn"
    records = read_string(source.read_text(encoding="utf-8"))

    def reports() -> list[Any]:
        return [validate_record(r, path="club.pdn", trace=True) for r in records]

    elements = Elements()
    views = [report_view(report, elements)[0] for report in reports()]
    data = page_data(views, elements, first=3)
    whole = page(f"club.pdn: {len(views)} games", data, "", compress)
    monkeypatch.setattr(Viewer, "SPOOL_READ", 7)  # many parts, cut anywhere
    viewer = Viewer()
    for report in reports():
        viewer.add(report)
    written = viewer.page(first=3, compress=compress)
    assert written == whole
    held = re.search(r'<script id="data" [^>]*>(.*?)</script>', written, re.S)
    assert held is not None
    if compress:
        # The data, gzipped with no time in its header (which byte names the system
        # differs with the Python that gzips: 3.13's gzip.compress says "unknown").
        packed = base64.b64decode(held.group(1))
        assert (packed[:3], packed[4:8]) == (b"\x1f\x8b\x08", b"\0\0\0\0")
        assert gzip.decompress(packed) == data.encode("utf-8")
    else:
        assert held.group(1) == data
