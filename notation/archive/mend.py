"""The commands that mend records, ``fix`` and ``repair``: each record edited, checked
again, and written by :func:`notation.archive.rewrite.rewrite`'s policy.

A record that needs nothing is written as its original text (``--in-place`` leaves its
file untouched); a record read with a dialect (docs/dialects.md) is written canonically.
Each game is given to ``counted`` with the changes made to it and what its validation
still finds, so that the caller can count it and report it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from notation import diagnostics as codes
from notation.archive.convert import canonical_moves
from notation.archive.fix import fix_record
from notation.archive.rewrite import Edited, Options, rewrite
from notation.check.dialects import NO_DIALECTS
from notation.check.repair import repair_record
from notation.check.validator import validate_record
from notation.diagnostics import Diagnostic
from notation.games.base import AnyGame, Game
from notation.games.registry import resolve_game
from notation.io.files import Input, Missing
from notation.read.sources import Found

DIALECTS = frozenset(
    {codes.RESULT_DIALECT, codes.UNQUOTED_TAG, codes.FEN_UNKNOWN, codes.FEN_COUNTERS}
)
"""The notices of dialects read: a record with one is written canonically."""

Counted = Callable[[Found, int, list[Diagnostic], dict[str, Any]], None]
"""Told each game: its record as found, the changes made, what its validation still
finds, and what a report adds to its entry."""


def fix_files(
    inputs: list[Input | Missing],
    fixes: tuple[str, ...],
    options: Options,
    counted: Counted,
    say: Callable[[str], None],
    tell: Callable[[Diagnostic], None] | None = None,
    *,
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
) -> int:
    """Apply ``fixes`` (of :data:`notation.archive.fix.FIXES`) to the records of
    ``inputs`` and write them where ``options`` say; ``say`` and ``tell`` as for
    :func:`notation.archive.rewrite.rewrite`. The exit status (0, 1 or 2)."""

    def edit(found: Found) -> Edited:
        record, path = found.record, found.input.name
        made = fix_record(record, fixes, path=path, default=default, dialects=dialects)
        moves = canonical_moves(record, path=path, default=default, dialects=dialects)
        read = sum(1 for d in record.diagnostics if d.code in DIALECTS) + len(moves)
        left = validate_record(record, path=path, default=default, dialects=dialects).diagnostics
        counted(found, len(made) + read, left, {})
        changed = bool(made) or bool(read) or record.has_syntax_errors
        return Edited([*made, *moves, *left], changed=changed)

    return rewrite(inputs, edit, options, say, tell)


def repair_files(
    inputs: list[Input | Missing],
    options: Options,
    counted: Counted,
    say: Callable[[str], None],
    tell: Callable[[Diagnostic], None] | None = None,
    *,
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
) -> int:
    """Correct the score-sheet slips of the records of ``inputs``
    (:func:`notation.check.repair.repair_record`) and write them where ``options`` say;
    ``say`` and ``tell`` as for :func:`notation.archive.rewrite.rewrite`. Each game's
    report entry names its game. The exit status (0, 1 or 2)."""

    def edit(found: Found) -> Edited:
        record, path = found.record, found.input.name
        resolved = resolve_game(record.tag_dict(), default)
        playable = resolved if isinstance(resolved, Game) else None
        made = [] if playable is None else repair_record(playable, record, path, dialects)
        left = validate_record(record, path=path, default=default, dialects=dialects).diagnostics
        counted(found, len(made), left, {"game": None if playable is None else playable.name})
        # A syntax error is written, if at all, as every writing command writes it.
        changed = bool(made) or record.has_syntax_errors
        return Edited([*made, *left], changed=changed)

    return rewrite(inputs, edit, options, say, tell)
