"""The library's entry points: read the games of files or text, validate them.

:mod:`notation` exposes these (and the game registry, :class:`Record`, :class:`Diagnostic`)
by name, importing this module when one is first used; docs/api.md is their reference.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import overload

from notation.check.report import GameReport
from notation.diagnostics import Diagnostic
from notation.games.registry import get_game
from notation.io.files import given, name_of
from notation.read.sources import holds_game, read_paths
from notation.record.model import Record
from notation.record.reader import read_string
from notation.run.settings import Settings, nearest_config, settings_from
from notation.run.validation import validate_one, validation_events

Source = str | os.PathLike[str]
"""A file, a folder (searched for record files), a glob pattern or ``-`` (standard input)."""


def _names(sources: Source | Iterable[Source]) -> list[str]:
    """The names of ``sources``: one source, or many; :class:`TypeError` for anything
    else (bytes, an open file, whose lines would otherwise be taken for names)."""
    try:
        return [name_of(source) for source in given(sources)]
    except TypeError as error:
        raise TypeError(f"{error}; read a stream's text with read_games(text=...)") from None


@overload
def read_games(
    *,
    text: str,
    name: str = "-",
    encoding: None = None,
    allow_empty: bool = False,
) -> Iterator[tuple[str, Record]]: ...


@overload
def read_games(
    *sources: Source,
    text: None = None,
    name: str = "-",
    encoding: str | None = None,
    allow_empty: bool = False,
) -> Iterator[tuple[str, Record] | Diagnostic]: ...


def read_games(
    *sources: Source,
    text: str | None = None,
    name: str = "-",
    encoding: str | None = None,
    allow_empty: bool = False,
) -> Iterator[tuple[str, Record]] | Iterator[tuple[str, Record] | Diagnostic]:
    """The records of ``sources`` (files, also compressed or JSON, folders, glob patterns,
    ``-``), or of the PDN ``text`` (named ``name`` in diagnostics), in order, each as
    ``(name of its file, record)``, with the problems met reading the files.

    A record's syntax problems are in its ``diagnostics``. A source that cannot be read,
    or holds no record (unless ``allow_empty``), is an error :class:`Diagnostic`; a
    guessed encoding, a notice. ``encoding`` overrides detection. :class:`ValueError`
    when both sources and ``text`` are given; :class:`TypeError` for a source that is not
    a name, or ``text`` that is not a string.
    """
    if text is not None:
        if sources:
            raise ValueError("read_games takes sources or text, not both")
        if not isinstance(text, str):
            raise TypeError(f"text is a str, not {type(text).__name__}")
        return ((name, record) for record in read_string(text, name) if holds_game(record))
    return read_paths(_names(sources), encoding=encoding, allow_empty=allow_empty)


@overload
def validate(
    source: Record,
    *,
    path: str = "-",
    game: str | None = None,
    dialects: str | Iterable[str] = (),
    encoding: str | None = None,
    jobs: int = 1,
    allow_empty: bool = False,
    settings: Settings | None = None,
) -> GameReport: ...


@overload
def validate(
    source: Source | Iterable[Source],
    *,
    path: str = "-",
    game: str | None = None,
    dialects: str | Iterable[str] = (),
    encoding: str | None = None,
    jobs: int = 1,
    allow_empty: bool = False,
    settings: Settings | None = None,
) -> Iterator[GameReport | Diagnostic]: ...


def validate(
    source: Record | Source | Iterable[Source],
    *,
    path: str = "-",
    game: str | None = None,
    dialects: str | Iterable[str] = (),
    encoding: str | None = None,
    jobs: int = 1,
    allow_empty: bool = False,
    settings: Settings | None = None,
) -> GameReport | Iterator[GameReport | Diagnostic]:
    """The verdict on one record, or the verdicts on every game of the files named, as
    ``notation validate`` reports them here: the run of :func:`notation.run.validate`,
    with the configuration file it reads in the current folder (its ``select``,
    ``ignore``, per-path overrides, ``game`` and ``dialects``) and its cache, unless
    ``settings`` are given (then the other options are not used).

    ``path`` names a record's source in its diagnostics (files name themselves).
    ``game`` names the game of records whose tags name none (:data:`GAMES`); ``dialects``
    the optional dialects read (one name, ``"short-captures"``, or several). For files, the
    reports come in
    order with the problems met reading them (as :func:`read_games`); ``encoding``
    overrides detection, ``jobs`` validates in that many worker processes.
    :class:`KeyError` for an unknown game, :class:`ValueError` for an unknown dialect,
    :class:`notation.run.config.ConfigError` for a configuration file that cannot be used,
    :class:`TypeError` for a source that is not a record or a name (an open file, bytes).
    """
    if isinstance(dialects, str):
        dialects = (dialects,)
    names = [] if isinstance(source, Record) else _names(source)
    if settings is None:
        if game is not None:
            get_game(game)
        config = nearest_config()
        settings = settings_from(
            config,
            game=game,
            dialects=list(dialects) or None,
            encoding=encoding,
            jobs=jobs,
            allow_empty=allow_empty,
        )
    if isinstance(source, Record):
        return validate_one(source, settings, path=path)
    events = validation_events(names, settings)
    return (event for event in events if isinstance(event, GameReport | Diagnostic))
