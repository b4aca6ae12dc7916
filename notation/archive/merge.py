"""Merging archives into one: ``notation merge``.

Every game of every input, in input order, is written as its text; with ``unique``, a
game that is a copy of an earlier one (the same game, start and main-line moves, or for a
game that cannot be replayed the same game named, setup tags and moves as written:
:func:`notation.check.identity.copy_key`) is left out and reported. Games without moves
are kept. With ``unique`` a file named twice (or by two names) is read once, and said to
be: its games are not copies of themselves.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from notation.archive.runs import (
    Copied,
    Reading,
    copied,
    ignore,
    named_again,
    plural,
    read_as,
    report_form,
    where,
)
from notation.archive.select import Copier, copy, copying
from notation.check.dialects import NO_DIALECTS
from notation.check.identity import Duplicates, Occurrence
from notation.diagnostics import Diagnostic
from notation.games.base import AnyGame
from notation.io.files import (
    Input,
    Missing,
    Named,
    input_paths,
    inputs_of,
    read_once,
    reads_standard_input,
)
from notation.io.output import Stage, check_target, file_output, spooled_stdout
from notation.run.config import Config
from notation.run.settings import Games, default_of, flag_option, known_codec, path_option


@dataclass(frozen=True, slots=True)
class Dropped:
    """A game left out: where it is, and the earlier game it is a copy of."""

    where: Occurrence
    first: Occurrence

    def message(self) -> str:
        """``b.pdn:16: game 2 is a copy of a.pdn:1 game 1``."""
        here, first = self.where, self.first
        return (
            f"{here.path}:{here.line}: game {here.index} is a copy of "
            f"{first.path}:{first.line} game {first.index}"
        )


@dataclass(slots=True)
class Merge:
    """What :func:`merge_games` did."""

    status: int
    games: int
    written: int
    dropped: list[Dropped] = field(default_factory=list)
    refused: str | None = None
    """Why nothing was written, when nothing was."""
    warnings: list[str] = field(default_factory=list)
    """Files named more than once, read once."""


def merge_games(
    inputs: list[Input | Missing],
    copier: Copier,
    *,
    output: Path | None = None,
    unique: bool = False,
    default: AnyGame | Games | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
    stage: Stage | None = None,
) -> Merge:
    """Write every game of the inputs to ``output`` (``None``: standard output), a file
    joining ``stage`` if given (:func:`notation.io.output.file_output`); with ``unique``,
    copies of earlier games left out. ``default`` is the game of records whose tags name
    none (:class:`~notation.run.settings.Games`: input by input), ``dialects`` the
    optional dialects moves are read with. Nothing is written when an input cannot be
    read."""
    index = Duplicates()
    dropped: list[Dropped] = []
    written = 0
    again: list[str] = []
    if unique:
        inputs, again = read_once(inputs)
    with contextlib.ExitStack() as stack:
        sink = stack.enter_context(
            spooled_stdout() if output is None else file_output(output, stage)
        )
        for found in copier.read(inputs):
            record = found.record
            if unique:
                name = found.input.name
                here = default_of(default, name)
                repeated = index.add(record, here, path=name, dialects=dialects)
                if repeated is not None:
                    dropped.append(Dropped(repeated[1], repeated[0]))
                    continue
            text = copier.text(found)
            if text is not None:
                copy(sink, text, written)
                written += 1
        done = Merge(copier.status, copier.games, written, dropped)
        done.warnings = named_again(again)
        if copier.status:
            done.refused = copier.why_not()
            done.written = 0
            sink.abandon()
    return done


@dataclass(frozen=True, slots=True, kw_only=True)
class MergeSettings(Reading):
    """The settings of ``notation merge``."""

    output: Path | None = None
    """Where the games go (``None``: standard output)."""
    unique: bool = False
    """Keep the first copy of each game only."""
    format: str = "text"
    """The report on standard error: ``text`` or ``json``."""


def merge_settings(
    *,
    output: Path | None = None,
    unique: bool = False,
    format: str = "text",
    game: str | None = None,
    dialects: Iterable[str] | None = None,
    encoding: str | None = None,
    allow_empty: bool = False,
    config: Config | None = None,
) -> MergeSettings:
    """The settings of ``merge`` with these options and ``config``, the configuration in
    force (its ``game`` and ``dialects``: :func:`~notation.archive.runs.read_as`);
    :class:`SettingsError` naming the first option that cannot be used."""
    chosen, read, config = read_as(game, dialects, config)
    form = report_form(format)
    return MergeSettings(
        game=chosen,
        dialects=read,
        config=config,
        encoding=known_codec(encoding),
        allow_empty=allow_empty,
        output=path_option("output", output),
        unique=flag_option("unique", unique),
        format=form,
    )


def merge(
    paths: Iterable[Named] | str | os.PathLike[str],
    settings: MergeSettings,
    *,
    tell: Callable[[Diagnostic], None] = ignore,
    stage: Stage | None = None,
) -> Copied:
    """``notation merge``: every game of ``paths`` (names as the command line takes them,
    or inputs) written to one archive as ``settings`` say; with the text report ``tell``
    is given each problem met reading as it comes. With ``stage``, the file written joins
    it (:func:`notation.io.output.file_output`). :class:`OutputError` when the output
    cannot be written or names an input."""
    inputs = inputs_of(paths)
    if settings.output is not None:
        check_target(
            settings.output,
            input_paths(inputs),
            stdin=reads_standard_input(inputs),
            rewrites=False,
        )
    json = settings.format == "json"
    problems, copier = copying(settings, json, tell)
    done = merge_games(
        inputs,
        copier,
        output=settings.output,
        unique=settings.unique,
        default=settings.default,
        dialects=settings.dialects,
        stage=stage,
    )
    said = (
        []
        if json
        else [f"notation: warning: {warning}" for warning in done.warnings]
        + [dropped.message() for dropped in done.dropped]
    )
    body = {
        "dropped": [{**where(d.where), "copy_of": where(d.first)} for d in done.dropped],
        "summary": {
            "games": done.games,
            "written": done.written,
            "dropped": len(done.dropped),
            "exit_status": done.status,
        },
        "warnings": done.warnings,
    }
    copies = len(done.dropped)
    summary = (
        f"{done.written} of {done.games} {plural(done.games, 'game')} written, "
        f"{copies} {'copy' if copies == 1 else 'copies'} left out"
    )
    return copied("merge", problems, done, body, summary, said)
