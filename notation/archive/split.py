"""Splitting an archive into one file per group of games: ``notation split``.

Games are grouped by a tag's value (``event``, ``round``, ``tag:NAME``), by their game
(``game``) or in runs of N (``every:N``). Each group is one file of a folder, named by
:func:`file_names`: a slug of the value that is a safe file name on every system, made
unique. Every game goes to exactly one file, as its text, in input order.

The games' texts are held in a temporary file while the inputs are read; the files are
written once all is read, each atomically (:func:`notation.io.output.atomic_output`),
and none when an input could not be read.
"""

from __future__ import annotations

import os
import re
import tempfile
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from notation.archive.select import Copier, copy
from notation.check.identity import Occurrence
from notation.games.base import AnyGame, Game
from notation.games.registry import resolve_game
from notation.io.inputs import Found, Input, Missing, input_paths
from notation.io.output import OutputError, atomic_output, display

UNKNOWN = "unknown"
"""The name of the group of games without the tag (or with ``?``, PDN's unknown)."""

UNNAMED = "unnamed"
"""The name of a value with no letter or digit."""

SUFFIX = ".pdn"
MAX_NAME = 80
"""Characters of a slug at most (before its suffix); 80 Cyrillic letters are 160 bytes."""

RESERVED = frozenset(
    ["con", "prn", "aux", "nul"] + [f"com{n}" for n in range(10)] + [f"lpt{n}" for n in range(10)]
)
"""Names Windows refuses for a file, whatever its extension."""

_UNSAFE = re.compile(r"[^\w.-]+")


def slug(value: str | None) -> str:
    """A safe file name (without suffix) for a group's value: letters (of any script)
    and digits kept, lower case, every other run of characters (and of dots and dashes)
    one ``-``; no leading dot (no hidden file), no ``..``, no path separator, no reserved
    name (``con`` is ``con_``); :data:`UNKNOWN` for no value, an empty one or ``?``."""
    if value is None or value.strip() in ("", "?"):
        return UNKNOWN
    text = _UNSAFE.sub("-", unicodedata.normalize("NFKC", value).casefold())
    text = re.sub(r"[-.]{2,}", "-", text).strip("-._")[:MAX_NAME].rstrip("-._")
    if not any(c.isalnum() for c in text):
        return UNNAMED
    if text.split(".")[0] in RESERVED:
        text = text.replace(".", "_", 1) if "." in text else text + "_"
    return text


def file_names(values: Iterable[str | None]) -> list[str]:
    """A file name for each distinct value, in order: its slug and :data:`SUFFIX`, with
    ``-2``, ``-3`` ... after the slug when an earlier value's name is the same (case
    ignored, for case-insensitive file systems)."""
    used: set[str] = set()
    names = []
    for value in values:
        base = slug(value)
        name, number = base, 1
        while name.casefold() in used:
            number += 1
            name = f"{base}-{number}"
        used.add(name.casefold())
        names.append(name + SUFFIX)
    return names


BY = ("event", "round", "tag:NAME", "game", "every:N")
"""The ways of grouping."""

Grouping = Callable[[Found, int], str | None]
"""The group of a game read (given with its number in the run, from 0)."""


def grouping(by: str, default: AnyGame | None = None) -> Grouping:
    """The grouping ``by`` names (``every:N``: ``part-0001`` for the first N games, then
    ``part-0002`` ...); :class:`ValueError` when it names none. ``default`` is the game
    of records whose tags name none."""
    kind, colon, argument = by.partition(":")
    if by in ("event", "round"):
        name = by.capitalize()
        return lambda found, _: _known(found.record.tag(name))
    if kind == "tag" and colon and re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", argument):
        return lambda found, _: _known(found.record.tag(argument))
    if by == "game":

        def of_game(found: Found, _: int) -> str:
            game = resolve_game(found.record.tag_dict(), default)
            return game.name if isinstance(game, Game) else game

        return of_game
    if kind == "every" and colon and argument.isdigit() and int(argument) > 0:
        size = int(argument)
        return lambda _, number: f"part-{number // size + 1:04d}"
    raise ValueError(f"{by!r}: group by one of {', '.join(BY)}")


def _known(value: str | None) -> str | None:
    """A tag's value; ``None`` for a missing one, an empty one and ``?`` alike."""
    return None if value is None or value.strip() in ("", "?") else value


@dataclass(frozen=True, slots=True)
class Part:
    """One file written: its name, the group's value and the games in it."""

    path: str
    value: str | None
    games: list[Occurrence]


@dataclass(slots=True)
class Split:
    """What :func:`split_games` did."""

    status: int
    games: int
    parts: list[Part] = field(default_factory=list)
    refused: str | None = None
    """Why nothing was written, when nothing was."""


def check_folder(folder: Path, inputs: list[Input | Missing]) -> None:
    """Raise :class:`OutputError` unless ``folder`` can hold the files: a folder, or a
    name whose parent is one (it is made); never one of the inputs."""
    shown = display(folder)
    if any(_same(folder, path) for path in input_paths(inputs)):
        raise OutputError(f"{shown} is an input of this command, not a folder to write in")
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{shown} is a file, not a folder")
    if not folder.exists() and not folder.absolute().parent.is_dir():
        raise OutputError(f"cannot make {shown}: folder {display(folder.parent)} does not exist")


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def split_games(
    inputs: list[Input | Missing], group: Grouping, folder: Path, copier: Copier
) -> Split:
    """Write each group of games to its file in ``folder`` (made when missing)."""
    order: dict[str | None, list[tuple[Occurrence, int, int]]] = {}
    with tempfile.TemporaryFile() as spool:
        number = 0
        for found in copier.read(inputs):
            text = copier.text(found)
            value = group(found, number)
            number += 1
            if text is None:
                continue
            data = text.encode("utf-8", "surrogatepass")
            record = found.record
            here = Occurrence(found.input.name, record.index, record.pos.line)
            order.setdefault(value, []).append((here, spool.tell(), len(data)))
            spool.write(data)
        done = Split(copier.status, copier.games)
        if copier.status:
            done.refused = copier.why_not()
            return done
        names = file_names(order)
        targets = [folder / name for name in names]
        clash = next((t for t in targets if any(_same(t, p) for p in input_paths(inputs))), None)
        if clash is not None:
            done.status = 2
            done.refused = f"{display(clash)} is an input of this command: it is not overwritten"
            return done
        try:
            folder.mkdir(exist_ok=True)
        except OSError as error:
            raise OutputError(f"cannot make {display(folder)}: {error.strerror}") from None
        for target, (value, games) in zip(targets, order.items(), strict=True):
            with atomic_output(target) as sink:
                for count, (_, offset, size) in enumerate(games):
                    spool.seek(offset)
                    copy(sink, spool.read(size).decode("utf-8", "surrogatepass"), count)
            done.parts.append(Part(display(target), value, [g[0] for g in games]))
    return done
