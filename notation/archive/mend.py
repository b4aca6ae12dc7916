"""The commands that mend records, ``fix`` and ``repair``: each record edited, checked
again (``fix`` judges a record once, and again only when a fix or a dialect's move
changed it), and written by :func:`notation.archive.rewrite.rewrite`'s policy.

A record that needs nothing is written as its original text (``--in-place`` leaves its
file untouched); a record read with a dialect (docs/dialects.md) is written canonically.
Each game is given to ``counted`` with the changes made to it and what its validation
still finds, so that the caller can count it and report it.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from notation import diagnostics as codes
from notation.archive.convert import canonical_moves, judge
from notation.archive.fix import FIXES, fix_record
from notation.archive.rewrite import Edited, Options, Writing, rewrite
from notation.archive.runs import drop, envelope, plural, read_as, report_form
from notation.check.dialects import NO_DIALECTS
from notation.check.repair import repair_record
from notation.check.validator import record_game, validate_record
from notation.diagnostics import Diagnostic, Severity
from notation.games.base import AnyGame, Game
from notation.io.files import Input, Missing, Named, inputs_of
from notation.io.output import Stage
from notation.read.sources import Found
from notation.run.config import Config
from notation.run.settings import Games, default_of, flag_option, known_codec

DIALECTS = frozenset(
    {
        codes.RESULT_DIALECT,
        codes.UNQUOTED_TAG,
        codes.FEN_UNKNOWN,
        codes.FEN_COUNTERS,
        codes.MARK_SKIPPED,
    }
)
"""The notices of dialects read (and of a byte order mark skipped at the start of a game):
a record with one is written canonically."""

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
    unwritten: Callable[[str | None], None] | None = None,
    *,
    default: AnyGame | Games | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
) -> int:
    """Apply ``fixes`` (of :data:`notation.archive.fix.FIXES`) to the records of
    ``inputs`` and write them where ``options`` say; ``say``, ``tell`` and ``unwritten``
    as for :func:`notation.archive.rewrite.rewrite`; ``default`` is the game of records whose
    tags name none (:class:`~notation.run.settings.Games`: input by input). The exit
    status (0, 1 or 2)."""

    def edit(found: Found) -> Edited:
        record, path = found.record, found.input.name
        here = default_of(default, path)
        made: list[Diagnostic] = []
        moves: list[Diagnostic] = []
        left: list[Diagnostic] | None = None
        # A record read as a guess is written, if at all, as it was read: nothing is fixed.
        if not record.has_syntax_errors and not found.guessed:
            # One verdict for every fix and for the report, unless a fix changes the record.
            report = judge(record, path=path, default=here, dialects=dialects)
            made = fix_record(
                record, fixes, path=path, default=here, dialects=dialects, report=report
            )
            moves = canonical_moves(report)
            left = None if made or moves else report.diagnostics
        if left is None:
            left = validate_record(record, path=path, default=here, dialects=dialects).diagnostics
        dialect = 0 if found.guessed else sum(1 for d in record.diagnostics if d.code in DIALECTS)
        read = dialect + len(moves)
        counted(found, len(made) + read, left, {})
        changed = bool(made) or bool(read) or record.has_syntax_errors
        judged, rest = _judged_first(left)
        # Read whole, the record is written fixed as far as it can be, errors and all.
        whole = not record.has_syntax_errors
        return Edited([*judged, *made, *moves, *rest], changed=changed, whole=whole)

    return rewrite(inputs, edit, options, say, tell, unwritten)


def repair_files(
    inputs: list[Input | Missing],
    options: Options,
    counted: Counted,
    say: Callable[[str], None],
    tell: Callable[[Diagnostic], None] | None = None,
    unwritten: Callable[[str | None], None] | None = None,
    *,
    default: AnyGame | Games | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
) -> int:
    """Correct the score-sheet slips of the records of ``inputs``
    (:func:`notation.check.repair.repair_record`) and write them where ``options`` say;
    ``say``, ``tell`` and ``unwritten`` as for :func:`notation.archive.rewrite.rewrite`.
    Each game's report entry names its game; ``default`` is the game of records whose tags
    name none (:class:`~notation.run.settings.Games`: input by input). The exit status (0,
    1 or 2)."""

    def edit(found: Found) -> Edited:
        record, path = found.record, found.input.name
        here = default_of(default, path)
        # The game validate judges the record as: an untagged record's may not be PDN's
        # default (REC221).
        resolved = record_game(record, here, dialects)
        playable = resolved if isinstance(resolved, Game) else None
        # A record read as a guess is written, if at all, as it was read: nothing is searched.
        if playable is None or found.guessed:
            made = []
        else:
            made = repair_record(playable, record, path, dialects)
        left = validate_record(record, path=path, default=here, dialects=dialects).diagnostics
        counted(found, len(made), left, {"game": None if playable is None else playable.name})
        # A syntax error is written, if at all, as every writing command writes it; a
        # byte order mark skipped at the game's start is not written back (as fix does).
        skipped = any(d.code == codes.MARK_SKIPPED for d in record.diagnostics)
        changed = bool(made) or record.has_syntax_errors or skipped
        judged, rest = _judged_first(left)
        return Edited([*judged, *made, *rest], changed=changed)

    return rewrite(inputs, edit, options, say, tell, unwritten)


def _judged_first(found: list[Diagnostic]) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """``found``, what validation finds, as the notice of the game an untagged record is
    judged as (REC221), which is reported before the changes it explains, and the rest."""
    judged = [d for d in found if d.code == codes.OTHER_GAME]
    return judged, [d for d in found if d.code != codes.OTHER_GAME]


@dataclass(slots=True)
class Mended:
    """What a run of ``fix`` or ``repair`` did: each game counted as mended, left with
    errors, or unchanged. ``report`` names the command (``repair``); ``mended`` what a
    mended game is (``corrected``) and ``unit`` one change to it (``correction``)."""

    report: str
    mended: str
    unit: str
    json: bool
    """Whether the report is the JSON document (else the text lines, as they come)."""
    status: int = 0
    """The exit status."""
    games: int = 0
    done: int = 0
    units: int = 0
    left: int = 0
    unchanged: int = 0
    mended_in: Counter[str] = field(default_factory=Counter)
    """The games mended, by the name of their input."""
    not_written: int = 0
    """The games mended whose changes were not written (their file not rewritten in
    place, or the one output abandoned)."""
    verdicts: list[dict[str, Any]] = field(default_factory=list)
    """Each game's entry of the JSON report (kept for it only)."""
    diagnostics: list[dict[str, Any]] = field(default_factory=list)
    """The problems met, for the JSON report."""
    messages: list[str] = field(default_factory=list)
    """The lines said, for the JSON report."""

    def count(
        self,
        found: Found,
        made: int,
        problems: list[Diagnostic],
        extra: dict[str, Any],
    ) -> None:
        """Count one game: ``made`` changes, ``problems`` what its validation finds;
        ``extra`` goes into its entry of the JSON report."""
        self.games += 1
        self.units += made
        if any(p.severity is Severity.ERROR for p in problems):
            self.left += 1
            outcome = "left"
        elif made:
            self.done += 1
            self.mended_in[found.input.name] += 1
            outcome = self.mended
        else:
            self.unchanged += 1
            outcome = "unchanged"
        if self.json:
            record = found.record
            line, column = record.pos
            entry: dict[str, Any] = {
                "path": found.input.name,
                "index": record.index,
                "line": line,
                "column": column,
                **extra,
                "outcome": outcome,
                f"{self.unit}s": made,
            }
            self.verdicts.append(entry)

    def unwritten(self, name: str | None) -> None:
        """Count the games mended of the input ``name`` (``None``: of every input) as not
        written."""
        if name is None:
            self.not_written += sum(self.mended_in.values())
            self.mended_in.clear()
        else:
            self.not_written += self.mended_in.pop(name, 0)

    def summary(self) -> str:
        """The summary line: ``3 games: 1 fixed (2 changes), 0 left with errors, ...``,
        and how many games mended were not written, if any."""
        line = (
            f"{self.games} {plural(self.games, 'game')}: {self.done} {self.mended} "
            f"({self.units} {plural(self.units, self.unit)}), "
            f"{self.left} left with errors, {self.unchanged} unchanged"
        )
        if self.not_written:
            line += (
                f"; {self.not_written} {self.mended} {plural(self.not_written, 'game')} not written"
            )
        return line

    def lines(self, *, quiet: bool = False) -> list[str]:
        """The line that ends the text report (none when no game was read, or ``quiet``)."""
        return [self.summary()] if self.games and not quiet else []

    def document(self) -> str:
        """The JSON report."""
        return envelope(
            self.report,
            {
                "games": self.verdicts,
                "diagnostics": self.diagnostics,
                "messages": self.messages,
                "summary": {
                    "games": self.games,
                    self.mended: self.done,
                    f"{self.unit}s": self.units,
                    "left": self.left,
                    "unchanged": self.unchanged,
                    "not_written": self.not_written,
                    "exit_status": self.status,
                },
            },
        )

    def run(self, say: Callable[[str], None], mend: Callable[[Mending], int]) -> Mended:
        """Run ``mend`` with this summary's :meth:`count` and where its lines and problems
        go (to ``say`` as they come, or kept for the JSON report); this summary, its
        status set."""
        from notation.run.formats import diagnostic_dict

        def tell(diagnostic: Diagnostic) -> None:
            self.diagnostics.append(diagnostic_dict(diagnostic))

        told = (
            Mending(self.count, self.unwritten, self.messages.append, tell)
            if self.json
            else Mending(self.count, self.unwritten, say)
        )
        self.status = mend(told)
        return self


@dataclass(frozen=True, slots=True)
class Mending:
    """Where a mending run tells what it does: each game counted, the inputs not
    written, lines said, and (for
    the JSON report) each problem."""

    counted: Counted
    unwritten: Callable[[str | None], None]
    say: Callable[[str], None]
    tell: Callable[[Diagnostic], None] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FixSettings(Writing):
    """The settings of ``notation fix``."""

    fixes: tuple[str, ...] = FIXES
    """The fixes made (:data:`notation.archive.fix.FIXES`)."""
    format: str = "text"
    """The report on standard error: ``text`` or ``json``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RepairSettings(Writing):
    """The settings of ``notation repair``."""

    format: str = "text"
    """The report on standard error: ``text`` or ``json``."""


def fix_settings(
    *,
    output: Path | None = None,
    in_place: bool = False,
    results: bool = False,
    plycount: bool = False,
    tags: bool = False,
    fen: bool = False,
    keep_broken: bool = False,
    format: str = "text",
    game: str | None = None,
    dialects: Iterable[str] | None = None,
    encoding: str | None = None,
    allow_empty: bool = False,
    config: Config | None = None,
) -> FixSettings:
    """The settings of ``fix`` with these options (no fix named: every fix) and
    ``config``, the configuration in force (its ``game`` and ``dialects``:
    :func:`~notation.archive.runs.read_as`); :class:`SettingsError` naming the first
    option that cannot be used."""
    chosen, read, config = read_as(game, dialects, config)
    form = report_form(format)
    asked = {"results": results, "plycount": plycount, "tags": tags, "fen": fen}
    for name, value in asked.items():
        flag_option(name, value, f"--{name}")
    return FixSettings(
        output=output,
        in_place=in_place,
        keep_broken=keep_broken,
        game=chosen,
        dialects=read,
        config=config,
        encoding=known_codec(encoding),
        allow_empty=allow_empty,
        fixes=tuple(name for name in FIXES if asked[name]) or FIXES,
        format=form,
    )


def repair_settings(
    *,
    output: Path | None = None,
    in_place: bool = False,
    keep_broken: bool = False,
    format: str = "text",
    game: str | None = None,
    dialects: Iterable[str] | None = None,
    encoding: str | None = None,
    allow_empty: bool = False,
    config: Config | None = None,
) -> RepairSettings:
    """The settings of ``repair`` with these options and ``config``, the configuration
    in force (its ``game`` and ``dialects``: :func:`~notation.archive.runs.read_as`);
    :class:`SettingsError` naming the first option that cannot be used."""
    chosen, read, config = read_as(game, dialects, config)
    form = report_form(format)
    return RepairSettings(
        output=output,
        in_place=in_place,
        keep_broken=keep_broken,
        game=chosen,
        dialects=read,
        config=config,
        encoding=known_codec(encoding),
        allow_empty=allow_empty,
        format=form,
    )


def fix(
    paths: Iterable[Named] | str | os.PathLike[str],
    settings: FixSettings,
    *,
    say: Callable[[str], None] = drop,
    stage: Stage | None = None,
) -> Mended:
    """``notation fix``: the records of ``paths`` (names as the command line takes them,
    or inputs) fixed and written as ``settings`` say; with the text report ``say`` is told
    each change and problem as it comes. With ``stage``, the file written joins it
    (:func:`notation.io.output.file_output`). :class:`notation.archive.rewrite.RewriteError`
    when the settings cannot work with these inputs."""
    inputs = inputs_of(paths)
    mended = Mended("fix", "fixed", "change", json=settings.format == "json")
    return mended.run(
        say,
        lambda told: fix_files(
            inputs,
            settings.fixes,
            settings.options.staged(stage),
            told.counted,
            told.say,
            told.tell,
            told.unwritten,
            default=settings.default,
            dialects=settings.dialects,
        ),
    )


def repair(
    paths: Iterable[Named] | str | os.PathLike[str],
    settings: RepairSettings,
    *,
    say: Callable[[str], None] = drop,
    stage: Stage | None = None,
) -> Mended:
    """``notation repair``: the score-sheet slips of the records of ``paths`` corrected
    and the records written as ``settings`` say; with the text report ``say`` is told each
    correction and problem as it comes. With ``stage``, the file written joins it
    (:func:`notation.io.output.file_output`). :class:`notation.archive.rewrite.RewriteError`
    when the settings cannot work with these inputs."""
    inputs = inputs_of(paths)
    mended = Mended("repair", "corrected", "correction", json=settings.format == "json")
    return mended.run(
        say,
        lambda told: repair_files(
            inputs,
            settings.options.staged(stage),
            told.counted,
            told.say,
            told.tell,
            told.unwritten,
            default=settings.default,
            dialects=settings.dialects,
        ),
    )
