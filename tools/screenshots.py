"""Make the README's screenshots: the viewer page and the report page of each game.

Run from the project's root (needs chromium, chromedriver and selenium)::

    python tools/screenshots.py

For each registered game it writes ``docs/screenshots/<game>-viewer.png`` (the game's
first annotated sample, a few plies in) and ``docs/screenshots/<game>-report.png`` (the
validation report of the game's ``broken/`` samples, its first illegal-move problem's
board opened), 1100 by 760 pixels (recompressed by optipng when it is installed).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser import chromium, missing, url  # noqa: E402

from notation.games.registry import GAMES  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
WIDTH, HEIGHT = 1100, 760


def notation(*args: str) -> None:
    """Run a ``notation`` command (its exit status 1 only says a record has a problem)."""
    done = subprocess.run(
        [sys.executable, "-m", "notation.cli", *args], capture_output=True, text=True, cwd=ROOT
    )
    if done.returncode not in (0, 1):
        sys.exit(done.stderr)


def viewer_sample(folder: Path) -> Path | None:
    """The game's sample with comments and variations, else its first sample (relative to
    the project's root, as the pages name it)."""
    found = sorted(folder.glob("annotated*.pdn")) or sorted(folder.glob("*.pdn"))
    return found[0].relative_to(ROOT) if found else None


def shrink(png: Path) -> None:
    """Recompress the PNG losslessly when optipng is installed, else keep it."""
    if shutil.which("optipng") is not None:
        subprocess.run(["optipng", "-quiet", "-strip", "all", "-o2", str(png)], check=True)


def main() -> None:
    why = missing()
    if why is not None:
        sys.exit(f"tools/screenshots.py needs a browser: {why}")
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work, chromium(WIDTH, HEIGHT) as driver:
        for name in GAMES:
            folder = ROOT / "samples" / name
            source = viewer_sample(folder)
            if source is None:
                print(f"{name}: no sample, no screenshot")
                continue
            page = Path(work) / f"{name}.html"
            notation("render", str(source), "-f", "html", "-o", str(page))
            driver.get(url(page))
            driver.execute_script("window.notationViewer.open(1, 6)")
            driver.execute_script("document.getElementById('game-title').scrollIntoView()")
            shot = OUT / f"{name}-viewer.png"
            driver.save_screenshot(str(shot))
            shrink(shot)
            broken = folder / "broken"
            if not broken.is_dir():
                continue
            report = Path(work) / f"{name}-report.html"
            notation("validate", str(broken.relative_to(ROOT)), "-f", "html", "-o", str(report))
            driver.get(url(report))
            driver.execute_script(
                "const b = document.querySelector('tr[data-severity=error] .show-board');"
                "if (b) { b.click(); b.closest('tr').scrollIntoView(); window.scrollBy(0, -40); }"
            )
            shot = OUT / f"{name}-report.png"
            driver.save_screenshot(str(shot))
            shrink(shot)
            print(f"{name}: {', '.join(p.name for p in sorted(OUT.glob(name + '-*.png')))}")


if __name__ == "__main__":
    main()
