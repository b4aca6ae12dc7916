"""Helpers the tests share to state a validation's verdict exactly."""

from __future__ import annotations

from notation.check.validator import GameReport


def diagnostics(reports: list[GameReport]) -> list[tuple]:
    """Each diagnostic of ``reports`` as (game, code, line, column, ply, move)."""
    return [
        (r.index, d.code, d.line, d.column, d.ply, d.move) for r in reports for d in r.diagnostics
    ]
