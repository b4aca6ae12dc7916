"""Benchmark: the HTML report and viewer pages of a large archive, built and opened.

Run by hand (not a test)::

    python bench/pages.py --games 10000 --problems 1000

It writes a seeded archive of random Brazilian draughts games in which every
``games / problems``-th game has one ply made illegal, then, each command in a fresh
process and taking turns lap by lap (bench/README.md's method, best lap kept):

- ``notation validate --format html`` against ``--format json`` over the archive: seconds
  and page sizes;
- the HTML report and the JSON report opened in headless Chromium (the JSON shown as
  text, the reference): the navigation timing's ``loadEventEnd`` and the time the page's
  script is ready (its data unpacked, the table and the viewer shown), both from the
  navigation's start; then the time to draw a problem's board and to open its game in
  the viewer;
- ``notation render --picture html`` of the first ``--viewer-games`` games (every position
  of every game in one page): seconds, size per game, load time;
- ``notation render --picture html`` of the whole archive against ``validate --format
  html`` of it, in the same rounds: the median seconds and CPU seconds of each, their
  ratio, and the machine's load average while they ran.

It needs chromium and chromedriver (Debian's packages) and selenium (the test extra).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchkit import HERE, game_text, playouts

from notation.games.base import IllegalMove
from notation.games.registry import get_game

sys.path.insert(0, str(HERE.parent / "tests"))
from browser import chromium, missing, url


def build_archive(path: Path, games: int, every: int, seed: int) -> int:
    """Write the archive, every ``every``-th game with an illegal ply; return its plies.
    The first games of a larger archive of the same seed are those of a smaller one."""
    game = get_game("brazilian")
    rng = random.Random(seed)
    plies = 0
    with path.open("w", encoding="utf-8") as out:
        for index, played in playouts(game, rng, games, (20, 50)):
            texts = list(played.texts)
            plies += len(texts)
            if index % every == 0 and len(texts) > 12:
                ply = rng.randrange(10, len(texts))
                texts[ply] = _illegal(game, played.positions[ply], texts)
            out.write(game_text(seed, index, "26", texts, "*", wrap=False))
    return plies


def _illegal(game: Any, position: Any, texts: list[str]) -> str:
    for text in texts:
        try:
            game.parse_move(position, text)
        except IllegalMove:
            return text
    return "1-5"


def timed(*args: str) -> tuple[float, float]:
    """Seconds and CPU seconds (user and system) a ``notation`` command takes in a fresh
    process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    subprocess.run([sys.executable, "-m", "notation.cli", *args], check=False, capture_output=True)
    seconds = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return seconds, cpu


def opened(driver: Any, page: Path) -> tuple[float, float]:
    """Milliseconds from the navigation's start of opening ``page`` to ``loadEventEnd``
    and to when the page's script is ready (its data unpacked, table and viewer shown;
    ``loadEventEnd`` for a page without the script)."""
    driver.get("about:blank")
    driver.get(url(page))
    for _ in range(3000):
        timing = driver.execute_script(
            "const t = performance.getEntriesByType('navigation')[0];"
            "const ready = document.documentElement.dataset.ready === 'true';"
            "return [t ? t.loadEventEnd : 0, ready ? window.notationReadyAt : null,"
            " !!document.getElementById('data')];"
        )
        load, ready, scripted = timing
        if load > 0 and (ready is not None or not scripted):
            return float(load), float(ready if ready is not None else load)
        time.sleep(0.01)
    raise RuntimeError(f"{page} did not finish loading")


def clicks(driver: Any, page: Path) -> tuple[float, float]:
    """Milliseconds to draw the last problem's board, and to open its game in the viewer."""
    opened(driver, page)
    return tuple(  # type: ignore[return-value]
        driver.execute_script(
            "const b = Array.from(document.querySelectorAll('.show-board')).pop();"
            "let t = performance.now(); b.click(); const board = performance.now() - t;"
            "t = performance.now(); window.notationViewer.open(Number(b.dataset.g) + 1,"
            " Number(b.dataset.n)); return [board, performance.now() - t];"
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--problems", type=int, default=1_000)
    parser.add_argument("--viewer-games", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=HERE / "out")
    options = parser.parse_args()
    why = missing()
    if why is not None:
        sys.exit(f"bench/pages.py needs a browser: {why}")
    options.out.mkdir(parents=True, exist_ok=True)
    every = max(1, options.games // max(1, options.problems))
    archive = options.out / f"html-{options.games}-{every}-{options.seed}.pdn"
    plies = build_archive(archive, options.games, every, options.seed)
    first = options.out / f"html-{options.viewer_games}-{every}-{options.seed}.pdn"
    build_archive(first, options.viewer_games, every, options.seed)
    report, reference = options.out / "report.html", options.out / "report.json"
    viewer = options.out / "viewer.html"
    print(f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}")
    print(
        f"archive: {options.games:,} games, {plies:,} plies, every {every}th game with an "
        "illegal ply"
    )
    times: dict[str, float] = {}
    works = {
        "validate --format html": (
            "validate",
            "--no-cache",
            str(archive),
            "-f",
            "html",
            "-o",
            str(report),
        ),
        "validate --format json": (
            "validate",
            "--no-cache",
            str(archive),
            "-f",
            "json",
            "-o",
            str(reference),
        ),
        f"render --picture html ({options.viewer_games:,} games)": (
            "render",
            str(first),
            "--picture",
            "html",
            "-o",
            str(viewer),
        ),
    }
    whole = options.out / "viewer-all.html"
    works["render --picture html (all games)"] = (
        "render",
        str(archive),
        "--picture",
        "html",
        "-o",
        str(whole),
    )
    laps: dict[str, list[tuple[float, float]]] = {name: [] for name in works}
    load_averages: list[float] = []
    for _ in range(options.rounds):
        for name, args in works.items():
            laps[name].append(timed(*args))
            load_averages.append(os.getloadavg()[0])
            times[name] = min(seconds for seconds, _ in laps[name])
    for name, seconds in times.items():
        print(f"{name:<40} {seconds:8.2f} s")
    medians = {
        name: (statistics.median(s for s, _ in got), statistics.median(c for _, c in got))
        for name, got in laps.items()
    }
    render_all = medians["render --picture html (all games)"]
    report_all = medians["validate --format html"]
    print(
        f"medians: render --picture html {render_all[0]:.1f} s ({render_all[1]:.1f} s CPU), "
        f"validate --format html {report_all[0]:.1f} s ({report_all[1]:.1f} s CPU) of all "
        f"{options.games:,} games: render / validate {render_all[0] / report_all[0]:.2f} "
        f"(seconds), {render_all[1] / report_all[1]:.2f} (CPU); load average "
        f"{min(load_averages):.1f} to {max(load_averages):.1f} on {os.cpu_count()} CPUs"
    )
    ratio = times["validate --format html"] / times["validate --format json"]
    print(f"html report / json report (build): {ratio:.2f}")
    summary = json.loads(reference.read_text(encoding="utf-8"))["summary"]
    shown = len({(d["path"], d["game"]) for d in json.loads(reference.read_text())["diagnostics"]})
    print(
        f"problems: {summary['errors']:,} errors, {summary['warnings']:,} warnings "
        f"(threefold repetitions of the random games), in {shown:,} games the report shows"
    )
    sizes = {p.name: p.stat().st_size for p in (report, reference, viewer, whole)}
    for name, size in sizes.items():
        print(f"{name:<40} {size / 1e6:8.2f} MB")
    print(f"viewer page per game: {sizes['viewer.html'] / options.viewer_games / 1e3:.1f} kB")
    loads: dict[str, tuple[float, float]] = {}
    with chromium() as driver:
        for _ in range(max(3, options.rounds)):
            for page in (report, reference, viewer):
                load, ready = opened(driver, page)
                best = loads.get(page.name, (float("inf"), float("inf")))
                loads[page.name] = (min(best[0], load), min(best[1], ready))
        board, viewing = min(clicks(driver, report) for _ in range(3))
    for name, (load, ready) in loads.items():
        print(f"open {name:<35} load {load:8.0f} ms, ready {ready:8.0f} ms")
    ratio = loads["report.html"][1] / loads["report.json"][1]
    print(f"html report / json report (open): {ratio:.2f}")
    print(f"draw a problem's board: {board:.1f} ms; open its game in the viewer: {viewing:.1f} ms")


if __name__ == "__main__":
    main()
