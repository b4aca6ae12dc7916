"""Duplicate games across an archive: the ``duplicates`` command's search and its report.

What counts as the same game (the same moves from the same start, in any notation) is
:mod:`notation.check.identity`'s key; records that cannot be replayed whole and records
without moves are left out. :func:`find_duplicates` lists the duplicate groups of files,
folders, globs or standard input, in bounded memory.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from notation.check.identity import Duplicates, Group
from notation.diagnostics import Diagnostic
from notation.games.base import AnyGame, Game
from notation.games.registry import resolve_game
from notation.io.inputs import read_paths

JSON_VERSION = 1
"""Version of :func:`to_json`'s form."""


@dataclass(slots=True)
class DuplicateReport:
    """The result of :func:`find_duplicates`."""

    groups: list[Group]
    records: int
    """Records read, compared or not."""
    problems: list[Diagnostic]
    """Inputs that could not be read (PDN106) and encodings guessed (PDN107)."""


def find_duplicates(
    names: Iterable[str],
    default: AnyGame | None = None,
    *,
    encoding: str | None = None,
    allow_empty: bool = False,
) -> DuplicateReport:
    """The duplicate groups among the records of files, directories, globs or ``-``.

    ``default`` is the game of records whose tags name none.
    """
    index = Duplicates()
    records = 0
    problems = []
    for found in read_paths(names, encoding=encoding, allow_empty=allow_empty):
        if isinstance(found, Diagnostic):
            problems.append(found)
            continue
        path, record = found
        records += 1
        game = resolve_game(record.tag_dict(), default)
        if isinstance(game, Game):
            index.add(record, game, path=path)
    return DuplicateReport(index.groups(), records, problems)


def render_text(report: DuplicateReport) -> str:
    """One block per group: a heading, then ``path:line: game N`` per record."""
    blocks = []
    for number, group in enumerate(report.groups, 1):
        head = (
            f"duplicate group {number}: {group.game}, {group.plies} plies, "
            f"{len(group.records)} records"
        )
        rows = [f"  {o.path}:{o.line}: game {o.index}" for o in group.records]
        blocks.append("\n".join([head, *rows]) + "\n")
    return "".join(blocks)


def to_json(report: DuplicateReport) -> dict[str, object]:
    """The groups as JSON-ready data (see docs/archive.md for the schema)."""
    return {
        "version": JSON_VERSION,
        "records": report.records,
        "groups": [
            {
                "game": group.game,
                "plies": group.plies,
                "records": [
                    {"path": o.path, "game": o.index, "line": o.line} for o in group.records
                ],
            }
            for group in report.groups
        ],
    }
