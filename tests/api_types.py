"""The library used as docs/api.md and the README show it, checked by ``mypy --strict``
(``[tool.mypy] files``), not run: each documented call has the type a user relies on."""

from __future__ import annotations

from collections.abc import Iterator
from typing import assert_type

import notation
from notation.check.report import GameReport
from notation.diagnostics import Diagnostic
from notation.record.model import Record


def tour() -> None:
    found_in_files = notation.read_games("samples/brazilian/annotated.pdn")
    assert_type(found_in_files, Iterator[tuple[str, Record] | Diagnostic])
    for found in found_in_files:
        if isinstance(found, notation.Diagnostic):
            print(found.format())
            continue
        name, record = found
        print(name, record.index, record.tag("White"))
    # Text gives records only: its problems are in each record's diagnostics.
    [(name, record)] = notation.read_games(text='[GameType "26"]\n1. 22-18 *\n', name="a.pdn")
    report = notation.validate(record, path=name)
    assert_type(report, GameReport)
    print(report.game, report.plies, report.valid, [d.format() for d in report.diagnostics])
    for verdict in notation.validate(["samples/brazilian"], dialects="short-captures"):
        if isinstance(verdict, notation.Diagnostic):
            print(verdict.format())
        else:
            print(verdict.path, verdict.index, verdict.plies, verdict.valid)
    game = notation.get_game("brazilian")
    position = game.start({})
    try:
        move = game.parse_move(position, "22-18")
    except notation.IllegalMove as error:
        print(error.code, error)
    else:
        print(game.format_move(position, move, "alphanumeric"))
