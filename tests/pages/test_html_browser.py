"""The HTML pages in a real browser (headless Chromium through Selenium): keys, buttons
and clicks show the library's positions for every registered game, screenshots of the
page's board are the SVG renderer's picture, record text cannot inject, and the report's
filters, boards and links work."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import chromium, in_ci, missing, pixels, url
from htmlkit import HOSTILE_COMMENT, Sample, records_page, sample
from typer.testing import CliRunner

from notation.cli.main import app
from notation.games.base import IllegalMove
from notation.games.registry import GAMES
from notation.pages.html import picture
from notation.record.reader import read_string

WHY = missing()
if WHY is not None and in_ci():
    raise RuntimeError(f"CI must run the browser tests: {WHY}")
pytestmark = pytest.mark.skipif(WHY is not None, reason=f"no browser here: {WHY}")

GAME_NAMES = list(GAMES)


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    with chromium() as started:
        yield started


def page_of(made: Sample, tmp_path: Path, compress: bool | None = None) -> Path:
    path = tmp_path / f"{made.game.name}.html"
    records = [("t.pdn", r) for r in read_string(made.text, "t.pdn")]
    path.write_text(records_page(records, compress=compress))
    return path


def open_page(driver: Any, path: Path) -> None:
    """Open a page and wait until its script has its data (unpacked, when packed)."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(url(path))
    WebDriverWait(driver, 10).until(
        lambda d: d.execute_script("return document.documentElement.dataset.ready === 'true'")
    )


def press(driver: Any, key: str, times: int = 1) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    for _ in range(times):
        ActionChains(driver).send_keys(key).perform()


def canonical(svg: str) -> str:
    """An SVG document's elements and attributes in canonical XML (C14N 2.0)."""
    return ET.canonicalize(svg, strip_text=True)


def board(driver: Any) -> str:
    """The SVG of the page's board as the DOM holds it."""
    return str(driver.execute_script("return document.querySelector('#board svg').outerHTML"))


def status(driver: Any) -> str:
    return str(driver.find_element("id", "status").text)


def current(driver: Any) -> str:
    return str(driver.find_element("css selector", "#moves [aria-current='step']").text)


def expected_status(made: Sample, ply: int) -> str:
    shown = f"After {made.texts[ply - 1]}: " if ply else "Start position: "
    return shown + state(made, made.positions[ply])


def state(made: Sample, position: Any) -> str:
    """The side to move (or how the game ended) and the scores, as the page says them."""
    game = made.game
    shown = game.game_over(position) or f"{game.turn(position).title} to move"
    scores = game.scores(position)
    if scores is not None:
        shown += f"; scores: White {scores[0]}, Black {scores[1]}"
    return shown


def picture_at(made: Sample, ply: int) -> str:
    game = made.game
    before, after = made.positions[ply - 1], made.positions[ply]
    move = game.parse_move(before, made.texts[ply - 1]) if ply else None
    return picture(game, after if ply else made.positions[0], move)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_keys_buttons_and_clicks_show_the_library_positions(
    driver: Any, tmp_path: Path, name: str
) -> None:
    made = sample(GAMES[name])
    open_page(driver, page_of(made, tmp_path))
    title = driver.find_element("id", "game-title").text
    assert title == f"Game 1: Ann – Bob (t.pdn, {made.game.title})"
    assert status(driver) == expected_status(made, 0)
    assert canonical(board(driver)) == canonical(picture_at(made, 0))
    press(driver, "\ue014", 3)  # the right arrow
    assert current(driver) == made.texts[2]
    assert status(driver) == expected_status(made, 3)
    assert canonical(board(driver)) == canonical(picture_at(made, 3))
    press(driver, "\ue012")  # the left arrow
    assert current(driver) == made.texts[1]
    assert canonical(board(driver)) == canonical(picture_at(made, 2))
    driver.find_element("id", "last").click()
    end = len(made.texts)
    assert current(driver) == made.texts[-1]
    assert status(driver) == expected_status(made, end)
    press(driver, "\ue011")  # Home
    assert status(driver) == expected_status(made, 0)
    driver.find_element("id", "next").click()
    assert canonical(board(driver)) == canonical(picture_at(made, 1))
    moves = driver.find_elements("css selector", "#moves > .ply > button.mv")
    assert [m.text for m in moves] == made.texts
    moves[6].click()
    assert current(driver) == made.texts[6]
    assert driver.switch_to.active_element == moves[6]
    assert canonical(board(driver)) == canonical(picture_at(made, 7))
    assert driver.find_element("css selector", "#moves .cm").text == "{first move}"
    (alternative,) = driver.find_elements("css selector", "#moves .var button.mv")
    alternative.click()
    game, second = made.game, made.positions[1]
    move = game.parse_move(second, alternative.text)
    assert canonical(board(driver)) == canonical(picture(game, game.play(second, move), move))
    press(driver, "\ue012")
    assert canonical(board(driver)) == canonical(picture_at(made, 1))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_an_illegal_ply_shows_the_board_before_it_its_reason_and_the_legal_moves(
    driver: Any, tmp_path: Path, name: str
) -> None:
    made = sample(GAMES[name], illegal=4)
    open_page(driver, page_of(made, tmp_path))
    driver.find_element("id", "last").click()
    game, before = made.game, made.positions[3]
    with pytest.raises(IllegalMove) as raised:
        game.parse_move(before, made.texts[3])
    reason, code = str(raised.value), raised.value.code
    legal = ", ".join(game.describe_moves(before, game.legal_moves(before)))
    assert current(driver) == made.texts[3]
    assert "bad" in driver.find_element("css selector", "#moves [aria-current]").get_attribute(
        "class"
    )
    assert status(driver) == f"Before {made.texts[3]} (not legal): {state(made, before)}"
    assert driver.find_element("id", "illegal").text == (
        f"Illegal move {made.texts[3]} ({code}): {reason}\n"
        f"Legal moves here (drawn on the board): {legal}"
    )
    shown = board(driver)
    assert canonical(shown).startswith(canonical(picture(game, before))[: -len("</svg>")])
    assert driver.find_elements("css selector", "#board svg g.legal-moves > *")
    dead = driver.find_elements("css selector", "#moves > .ply > .mv.dead")
    assert [d.text for d in dead] == made.texts[4:]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_screenshot_of_the_board_is_the_svg_renderer_picture(
    driver: Any, tmp_path: Path, name: str
) -> None:
    made = sample(GAMES[name])
    open_page(driver, page_of(made, tmp_path))
    press(driver, "\ue014", 5)
    shown = driver.find_element("css selector", "#board svg")
    shot = shown.screenshot_as_png
    # The picture alone, at the same place (a fraction of a pixel moves the antialiasing).
    left, top = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top]", shown
    )
    alone = tmp_path / "alone.html"
    alone.write_text(
        "<!DOCTYPE html><html><body style='margin:0'>"
        f"<div style='position:absolute;left:{left}px;top:{top}px;line-height:0'>"
        + picture_at(made, 5)
        + "</div></body></html>"
    )
    driver.get(url(alone))
    reference = driver.find_element("css selector", "svg").screenshot_as_png
    if shot != reference:
        width, height, ours = pixels(shot)
        assert (width, height) == pixels(reference)[:2]
        theirs = pixels(reference)[2]
        differing = sum(1 for a, b in zip(ours, theirs, strict=True) if a != b)
        assert differing == 0, f"{differing} bytes of {len(ours)} differ"


def test_record_text_is_shown_as_text_never_run(driver: Any, tmp_path: Path) -> None:
    text = (
        f'[White "{HOSTILE_COMMENT}"]\n[Variant "brazilian"]\n\n'
        f"1. 22-18 {{{HOSTILE_COMMENT}}} 10-14 *\n"
    )
    page = tmp_path / "hostile.html"
    page.write_text(records_page([(HOSTILE_COMMENT, r) for r in read_string(text, "h.pdn")]))
    open_page(driver, page)
    assert driver.title == f"{HOSTILE_COMMENT}: 1 game"
    assert driver.execute_script("return window.injected === undefined")
    assert driver.find_elements("css selector", "img") == []
    assert driver.find_element("css selector", "#moves .cm").text == "{" + HOSTILE_COMMENT + "}"
    cells = driver.find_elements("css selector", "#tags td")
    assert cells[0].text == HOSTILE_COMMENT


def test_the_keyboard_reaches_every_control_and_shows_focus(driver: Any, tmp_path: Path) -> None:
    made = sample(GAMES["brazilian"])
    open_page(driver, page_of(made, tmp_path))
    seen = []
    for _ in range(8):
        press(driver, "\ue004")  # Tab
        focused = driver.switch_to.active_element
        seen.append(focused.get_attribute("id") or focused.text)
        outline = driver.execute_script(
            "return getComputedStyle(document.activeElement).outlineStyle"
        )
        assert outline == "solid", seen[-1]
    assert seen[:6] == ["Skip to the move list", "game", "first", "prev", "next", "last"]
    assert seen[6] == "moves"
    assert seen[7] == made.texts[0]
    press(driver, "\ue007")  # Enter on the first move
    assert status(driver) == expected_status(made, 1)


def test_the_report_filters_draws_and_links_each_problem(driver: Any, tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    for name in GAME_NAMES:
        (folder / f"{name}.pdn").write_text(sample(GAMES[name], illegal=4).text)
    (folder / "clean.pdn").write_text(sample(GAMES["keny"]).text)
    out = tmp_path / "report.html"
    result = CliRunner().invoke(app, ["validate", str(folder), "-f", "html", "-o", str(out)])
    assert result.exit_code == 1
    open_page(driver, out)
    rows = driver.find_elements("css selector", "#problem-table tbody tr")
    assert len(rows) == len(GAME_NAMES)
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("id", "f-file")).select_by_visible_text(str(folder / "cheversi.pdn"))
    visible = [r for r in rows if r.is_displayed()]
    assert len(visible) == 1
    assert driver.find_element("id", "shown").text == f"showing 1 of {len(GAME_NAMES)}"
    Select(driver.find_element("id", "f-file")).select_by_index(0)
    Select(driver.find_element("id", "f-severity")).select_by_visible_text("warning")
    assert [r for r in rows if r.is_displayed()] == []
    Select(driver.find_element("id", "f-severity")).select_by_index(0)
    made = sample(GAMES["cheversi"], illegal=4)
    row = next(r for r in rows if r.get_attribute("data-file").endswith("cheversi.pdn"))
    button = row.find_element("css selector", ".show-board")
    button.click()
    assert button.get_attribute("aria-expanded") == "true"
    drawn = row.find_element("css selector", ".problem-board svg").get_attribute("outerHTML")
    before = made.positions[3]
    assert canonical(drawn).startswith(canonical(picture(made.game, before))[: -len("</svg>")])
    row.find_element("link text", "in the viewer").click()
    assert status(driver) == f"Before {made.texts[3]} (not legal): {state(made, before)}"
    assert "cheversi.pdn" in driver.find_element("id", "game-title").text


def test_print_leaves_out_the_controls_and_keeps_the_moves(driver: Any, tmp_path: Path) -> None:
    made = sample(GAMES["keny"])
    open_page(driver, page_of(made, tmp_path))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert not driver.find_element("id", "controls").is_displayed()
        assert not driver.find_element("id", "game-pick").is_displayed()
        moves = driver.find_element("id", "moves")
        assert driver.execute_script("return getComputedStyle(arguments[0]).overflow", moves) == (
            "visible"
        )
        assert driver.find_element("css selector", "#board svg").is_displayed()
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert driver.find_element("id", "controls").is_displayed()


def test_a_packed_page_shows_the_same_positions(driver: Any, tmp_path: Path) -> None:
    made = sample(GAMES["knight-fight"])
    path = page_of(made, tmp_path, compress=True)
    assert 'data-encoding="gzip"' in path.read_text()
    open_page(driver, path)
    assert canonical(board(driver)) == canonical(picture_at(made, 0))
    press(driver, "\ue014", 4)
    assert current(driver) == made.texts[3]
    assert status(driver) == expected_status(made, 4)
    assert canonical(board(driver)) == canonical(picture_at(made, 4))


SAMPLES = Path(__file__).resolve().parents[2] / "samples"

BROKEN_BOXES = """
const [from, to] = arguments;
const pick = document.getElementById("game");
const moves = document.getElementById("moves");
const line = parseFloat(getComputedStyle(moves).lineHeight);
const found = [];
for (let g = from; g < Math.min(to, pick.options.length); g++) {
  pick.value = String(g);
  pick.dispatchEvent(new Event("change"));
  const box = moves.getBoundingClientRect();
  const game = pick.options[g].textContent;
  if (moves.scrollWidth > moves.clientWidth) found.push([game, "", "the list scrolls sideways"]);
  for (const e of moves.querySelectorAll(".ply, .mv, .res, .cm")) {
    const r = e.getBoundingClientRect();
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5) {
      found.push([game, e.textContent, "overflows the list"]);
    }
    if (!e.classList.contains("cm") && (e.getClientRects().length !== 1 || r.height > 1.5 * line)) {
      found.push([game, e.textContent, "on two lines"]);
    }
  }
}
return found;
"""
"""Each (game, text, what is wrong) of the move lists of games ``from`` to ``to`` (0-based)
of the page: a ply (its number and move), move or result box on two lines (a comment may
wrap), anything outside the list's box, or a list that scrolls sideways."""


@pytest.mark.slow
def test_no_move_or_result_is_split_or_cut_off_at_any_width(driver: Any, tmp_path: Path) -> None:
    """Every game of every sample (their broken/ and sheets/ folders too) in one page, at a
    phone's, a tablet's and a desktop's width."""
    from notation.archive.draw import file_reports
    from notation.io.files import expand
    from notation.pages.html import Viewer

    files = sorted(
        str(path)
        for pattern in ("*/*.pdn", "*/broken/*.pdn", "*/sheets/*.pdn")
        for path in SAMPLES.glob(pattern)
    )
    viewer = Viewer()
    for name in files:
        file_reports(list(expand([name])), 1, None, lambda problem: None, viewer.add)
    page = tmp_path / "samples.html"
    page.write_text(viewer.page(), encoding="utf-8")
    open_page(driver, page)
    driver.set_script_timeout(120)
    try:
        for width in (360, 768, 1280):
            driver.set_window_size(width, 900)
            for start in range(0, viewer.games, 100):
                found = driver.execute_script(BROKEN_BOXES, start, start + 100)
                assert found == [], f"at {width} px: {found[:5]}"
    finally:
        driver.set_window_size(1280, 1000)
