"""The PDN standard's succeed/ set replayed: how many games replay clean, and what the rest get.

Run by hand from the project's root (not a test)::

    python bench/succeed.py [FOLDER]

FOLDER defaults to ``shared/corpora/pdn-standard/succeed`` beside the project. Every record
is validated as ``notation validate FOLDER`` validates it (no ``--game``). It prints, as
Markdown tables: the games by verdict (replayed without an error, not replayed and why,
with an error), then each group of warnings and errors (one file, one code) with its count,
its first place (file:line) and what reading a sample of it by hand found (:data:`FOUND`;
``?`` for a group nobody has read yet), then the games not replayed, by file.
"""

from __future__ import annotations

import argparse
import platform
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from notation.check.validator import GameReport, validate_file
from notation.diagnostics import Severity

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "pdn-standard" / "succeed"

UNSUPPORTED = "a game type notation does not support, with no GameType tag"
FOUND = {
    ("Campionato Assoluto 2005.pdn", "ID202"): (
        f"{UNSUPPORTED}: Italian draughts (Italian tags Bianco, Nero, Risultato; White "
        "first from 21-32, which neither English nor Brazilian numbering has)"
    ),
    ("mrcd2006.pdn", "ID201"): (
        f"{UNSUPPORTED}: Czech draughts (the Czech championship; men capture forward only "
        "and captures are free, so a majority capture is not taken within ten plies)"
    ),
    ("mrcd2007.pdn", "ID201"): f"{UNSUPPORTED}: Czech draughts, as mrcd2006.pdn",
    ("mrcd2000kval.pdn", "ID201"): f"{UNSUPPORTED}: Czech draughts, as mrcd2006.pdn",
    ("schildpad.pdn", "ID207"): (
        "an error in the record: a king's capture written start x end (36x16) where two "
        "captures go from one to the other; the path must be written"
    ),
    ("candidate95.pdn", "REC203"): (
        "an error in the record: the Result tag says 0-1, the movetext 1/2-1/2"
    ),
    ("kurnik.pdn", "REC207"): (
        "a real warning: an online game played on after a threefold repetition"
    ),
    ("beginner.pdn", "REC202"): (
        "an error in the record: a White man on its crowning row (an English problem's "
        "FEN writing a king without K)"
    ),
    ("goulds.pdn", "REC202"): "an error in the record, as beginner.pdn's",
    ("lpc.pdn", "REC202"): "an error in the record, as beginner.pdn's",
    ("bridges.pdn", "REC202"): "an error in the record: an empty FEN (W::.)",
    ("fen.pdn", "REC202"): (
        "a syntax test: the FEN's side to move is ?, so there is no position to replay"
    ),
}
"""What reading a sample of each group by hand found, by (file, code)."""


@dataclass
class Tally:
    """The verdicts of a set of files."""

    files: int = 0
    games: int = 0
    verdicts: Counter[str] = field(default_factory=Counter)
    groups: Counter[tuple[str, str]] = field(default_factory=Counter)
    first: dict[tuple[str, str], int] = field(default_factory=dict)
    unreplayed: Counter[str] = field(default_factory=Counter)
    """Games not replayed (a notice says why), by file."""

    def add(self, name: str, report: GameReport) -> None:
        """Count one game's report (of the file ``name``)."""
        self.games += 1
        said = verdict(report)
        self.verdicts[said] += 1
        if said.startswith("not replayed"):
            self.unreplayed[name] += 1
        for found in report.diagnostics:
            if found.severity is Severity.NOTICE:
                continue
            key = (name, found.code)
            self.groups[key] += 1
            self.first.setdefault(key, found.line)


def verdict(report: GameReport) -> str:
    """One game's verdict, in words."""
    if report.errors:
        return "an error"
    if report.game is not None and report.plies == 0:
        return f"a position with no move, set up as {report.game}, no error"
    if report.game is not None:
        return f"replayed as {report.game}, no error"
    codes = sorted({d.code for d in report.diagnostics if d.severity is Severity.NOTICE})
    return f"not replayed ({', '.join(codes)})"


def tally(folder: Path) -> Tally:
    """Validate every ``*.pdn`` file of ``folder``."""
    result = Tally()
    for path in sorted(folder.glob("*.pdn")):
        result.files += 1
        for report in validate_file(path):
            result.add(path.name, report)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=CORPUS)
    args = parser.parse_args()
    if not args.folder.is_dir():
        raise SystemExit(f"no folder {args.folder}: give the succeed/ folder")
    found = tally(args.folder)
    print(f"{platform.machine()}, Python {platform.python_version()}")
    print(f"{found.games:,} games in {found.files} files\n")
    print("| verdict | games |\n|---|---|")
    for words, count in sorted(found.verdicts.items(), key=lambda item: -item[1]):
        print(f"| {words} | {count:,} |")
    print("\n| file:line (first) | code | count | what it is |\n|---|---|---|---|")
    for (name, code), count in sorted(found.groups.items(), key=lambda item: -item[1]):
        what = FOUND.get((name, code), "?")
        print(f"| {name}:{found.first[name, code]} | {code} | {count} | {what} |")
    print("\n| not replayed, by file | games |\n|---|---|")
    for name, count in sorted(found.unreplayed.items(), key=lambda item: -item[1]):
        print(f"| {name} | {count} |")


if __name__ == "__main__":
    main()
