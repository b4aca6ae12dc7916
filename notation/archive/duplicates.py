"""Duplicate games across an archive: the ``duplicates`` command's search and its report.

What counts as the same game (the same moves from the same start, in any notation; for a
record that cannot be replayed whole, the same game named, setup tags and moves as
written) is :func:`notation.check.identity.copy_key`; records without moves are left out.
:func:`find_duplicates` lists the duplicate groups of files, folders, globs or standard
input, in bounded memory.

:func:`find_transpositions` lists instead the positions that records reach by different
move orders, at the end of their main lines or after a given ply
(:class:`notation.check.identity.Positions`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from notation.archive.runs import Reading, exit_status, named_again, plural, read_as, report_form
from notation.check.dialects import NO_DIALECTS
from notation.check.identity import Duplicates, Group, PositionGroup, Positions
from notation.diagnostics import Diagnostic
from notation.games.base import AnyGame
from notation.games.registry import get_game
from notation.io.files import expand, given, name_of, read_once
from notation.read.sources import Found, read_all
from notation.run.config import Config
from notation.run.settings import (
    Games,
    SettingsError,
    default_of,
    flag_option,
    known_codec,
    whole_option,
)

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
    warnings: list[str] = field(default_factory=list)
    """Files named more than once, each read once."""

    @property
    def status(self) -> int:
        """The exit status: 2 when an input could not be read, else 1 when there are
        duplicates, else 0."""
        return exit_status(self.problems, bool(self.groups))

    def written(self, form: str = "text") -> str:
        """The groups as ``duplicates`` writes them: :func:`render_text`, or with
        ``json`` :func:`to_json`'s document."""
        if form == "json":
            return json.dumps(to_json(self), indent=2) + "\n"
        return render_text(self)

    def summary(self) -> str:
        """``2 groups of duplicates (5 records) among 61 records``."""
        copies = sum(len(group.records) for group in self.groups)
        return _summary(len(self.groups), "duplicates", copies, self.records)


def find_duplicates(
    names: Iterable[str],
    default: AnyGame | Games | None = None,
    *,
    encoding: str | None = None,
    allow_empty: bool = False,
    dialects: frozenset[str] = NO_DIALECTS,
) -> DuplicateReport:
    """The duplicate groups among the records of files, directories, globs or ``-``.

    ``default`` is the game of records whose tags name none
    (:class:`~notation.run.settings.Games`: input by input); moves are read with
    ``dialects`` (:mod:`notation.check.dialects`).
    """
    index = Duplicates()
    records, problems, warnings = _read_into(
        index, names, default, encoding, allow_empty, dialects, keep_text=True
    )
    return DuplicateReport(index.groups(), records, problems, warnings)


@dataclass(slots=True)
class TranspositionReport:
    """The result of :func:`find_transpositions`."""

    groups: list[PositionGroup]
    records: int
    """Records read, compared or not."""
    ply: int | None
    """The ply after which positions were compared (``None``: the end of each game)."""
    problems: list[Diagnostic]
    warnings: list[str] = field(default_factory=list)
    """Files named more than once, each read once."""

    @property
    def status(self) -> int:
        """The exit status: 2 when an input could not be read, else 1 when there are
        transpositions, else 0."""
        return exit_status(self.problems, bool(self.groups))

    def written(self, form: str = "text") -> str:
        """The groups as ``duplicates --position`` writes them:
        :func:`render_transpositions`, or with ``json`` :func:`transpositions_json`'s
        document."""
        if form == "json":
            return json.dumps(transpositions_json(self), indent=2) + "\n"
        return render_transpositions(self)

    def summary(self) -> str:
        """``1 group of transpositions (2 records) among 61 records``."""
        reached = sum(len(group.records) for group in self.groups)
        return _summary(len(self.groups), "transpositions", reached, self.records)


def find_transpositions(
    names: Iterable[str],
    default: AnyGame | Games | None = None,
    *,
    ply: int | None = None,
    encoding: str | None = None,
    allow_empty: bool = False,
    dialects: frozenset[str] = NO_DIALECTS,
) -> TranspositionReport:
    """The positions reached by more than one move order among the records of files,
    directories, globs or ``-``: at the end of each main line, or after ply ``ply``.

    ``default`` is the game of records whose tags name none
    (:class:`~notation.run.settings.Games`: input by input); moves are read with
    ``dialects`` (:mod:`notation.check.dialects`).
    """
    index = Positions(ply)
    records, problems, warnings = _read_into(
        index, names, default, encoding, allow_empty, dialects, keep_text=False
    )
    return TranspositionReport(index.groups(), records, ply, problems, warnings)


def _read_into(
    index: Duplicates | Positions,
    names: Iterable[str],
    default: AnyGame | Games | None,
    encoding: str | None,
    allow_empty: bool,
    dialects: frozenset[str],
    *,
    keep_text: bool,
) -> tuple[int, list[Diagnostic], list[str]]:
    """Add every record of ``names`` to ``index``, each file read once however often it
    is named; the records read, the problems met reading (PDN106, PDN107, PDN108) and a
    warning on each file named again."""
    records = 0
    problems = []
    inputs, again = read_once(expand(name_of(name) for name in given(names)))
    for found in read_all(inputs, encoding, allow_empty=allow_empty, keep_text=keep_text):
        if isinstance(found, Diagnostic):
            problems.append(found)
        elif isinstance(found, Found):
            path = found.input.name
            records += 1
            index.add(found.record, default_of(default, path), path=path, dialects=dialects)
    return records, problems, named_again(again)


def _summary(groups: int, kind: str, records: int, read: int) -> str:
    """``2 groups of duplicates (5 records) among 61 records``: ``groups`` of ``kind``
    holding ``records`` of the ``read``."""
    return (
        f"{groups} {plural(groups, 'group')} of {kind} "
        f"({records} records) among {read} {plural(read, 'record')}"
    )


def render_transpositions(report: TranspositionReport) -> str:
    """One block per group: a heading, then ``path:line: game N, P plies (order K)``."""
    where = "the final position" if report.ply is None else f"the position after ply {report.ply}"
    blocks = []
    for number, group in enumerate(report.groups, 1):
        head = (
            f"position group {number}: {group.game}, {where}, {len(group.records)} records, "
            f"{group.orders} move orders"
        )
        rows = [
            f"  {r.where.path}:{r.where.line}: game {r.where.index}, {r.plies} plies "
            f"(order {r.order})"
            for r in group.records
        ]
        blocks.append("\n".join([head, *rows]) + "\n")
    return "".join(blocks)


def transpositions_json(report: TranspositionReport) -> dict[str, object]:
    """The groups as JSON-ready data (see docs/archive.md for the schema)."""
    return {
        "version": JSON_VERSION,
        "records": report.records,
        "ply": report.ply,
        "groups": [
            {
                "game": group.game,
                "setup": get_game(group.game).setup_tags(group.position),
                "orders": group.orders,
                "records": [
                    {
                        "path": r.where.path,
                        "game": r.where.index,
                        "line": r.where.line,
                        "plies": r.plies,
                        "order": r.order,
                    }
                    for r in group.records
                ],
            }
            for group in report.groups
        ],
    }


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


@dataclass(frozen=True, slots=True, kw_only=True)
class DuplicatesSettings(Reading):
    """The settings of ``notation duplicates``."""

    position: bool = False
    """List the transpositions instead (:func:`find_transpositions`)."""
    ply: int | None = None
    """With ``position``: compare the positions after this ply (``None``: the final ones)."""
    format: str = "text"
    """What is written: ``text`` or ``json``."""


def duplicates_settings(
    *,
    position: bool = False,
    ply: int | None = None,
    format: str = "text",
    game: str | None = None,
    dialects: Iterable[str] | None = None,
    encoding: str | None = None,
    allow_empty: bool = False,
    config: Config | None = None,
) -> DuplicatesSettings:
    """The settings of ``duplicates`` with these options and ``config``, the
    configuration in force (its ``game`` and ``dialects``:
    :func:`~notation.archive.runs.read_as`); :class:`SettingsError` naming the first
    option that cannot be used."""
    chosen, read, config = read_as(game, dialects, config)
    form = report_form(format)
    whole_option("ply", ply, 1)
    if ply is not None and not flag_option("position", position):
        raise SettingsError("ply", "{} goes with {}", ("ply", "position"))
    return DuplicatesSettings(
        game=chosen,
        dialects=read,
        config=config,
        encoding=known_codec(encoding),
        allow_empty=allow_empty,
        position=flag_option("position", position),
        ply=ply,
        format=form,
    )


def duplicates(
    names: Iterable[str], settings: DuplicatesSettings
) -> DuplicateReport | TranspositionReport:
    """``notation duplicates``: the duplicate groups among the records of ``names``
    (files, folders, globs or ``-``), or with ``settings.position`` the transpositions."""
    if settings.position:
        return find_transpositions(
            names,
            settings.default,
            ply=settings.ply,
            encoding=settings.encoding,
            allow_empty=settings.allow_empty,
            dialects=settings.dialects,
        )
    return find_duplicates(
        names,
        settings.default,
        encoding=settings.encoding,
        allow_empty=settings.allow_empty,
        dialects=settings.dialects,
    )
