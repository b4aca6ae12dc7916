"""Splitting an archive into one file per group of games: ``notation split``.

Games are grouped by a tag's value (``event``, ``round``, ``tag:NAME``), by the game
``validate`` judges them as (``game``: for a record naming no game, the game its moves
fit, with validate's REC221 notice) or in runs of N (``every:N``). Each group is one file
of a folder, named by :func:`file_names`: a slug of the value that is a safe file name on
every system, made unique. Every game goes to exactly one file, as its text, in input order.

The games' texts are held in a temporary file while the inputs are read; the files are
written once all is read and every name checked, each beside its target, and put in place
together only when every one is written (:func:`notation.io.output.staged_outputs`); none
when an input could not be read or a name is taken, and an output error (a full disk)
leaves the folder as it was.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import unicodedata
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from notation.archive.runs import (
    Copied,
    Reading,
    copied,
    ignore,
    plural,
    read_as,
    report_form,
    where,
)
from notation.archive.select import Copier, copy, copying, no_such_tag
from notation.check.dialects import NO_DIALECTS
from notation.check.identity import Occurrence
from notation.check.validator import judged_game
from notation.diagnostics import Diagnostic
from notation.games.base import AnyGame, Game
from notation.io.files import Input, Missing, Named, input_paths, inputs_of
from notation.io.output import OutputError, Sink, Stage, display, same_file, staged_outputs
from notation.lazy import compiled
from notation.read.sources import Found
from notation.run.config import Config
from notation.run.settings import (
    Games,
    SettingsError,
    default_of,
    flag_option,
    known_codec,
    path_option,
    text_option,
)

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

_UNSAFE = compiled(r"[^\w.-]+")


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


MAX_BYTES = 255 - 32
"""Bytes of a file name at most, its suffix included: most file systems' limit (255),
less room for the affixes of the hidden temporary file it is written through where the
system has no nameless one (:func:`notation.io.output.atomic_output`)."""

_NUMBER = compiled(r"[0-9]+(?:\.[0-9]+)*")


def file_names(values: Iterable[str | None]) -> list[str]:
    """A file name for each distinct value, in order: its slug and :data:`SUFFIX`, with
    ``-2``, ``-3`` ... after the slug when an earlier value's name is the same (case
    ignored, for case-insensitive file systems). Numbers (``3``, ``3.2``) are padded with
    zeros to the width of the longest, part by part, so that the names sort as the values
    do; a name longer than :data:`MAX_BYTES` bytes is shortened at a character's boundary."""
    slugs = [slug(value) for value in values]
    numbers = [s.split(".") for s in slugs if _NUMBER.fullmatch(s)]
    widths: dict[int, int] = {}
    for parts in numbers:
        for at, part in enumerate(parts):
            widths[at] = max(widths.get(at, 0), len(part))
    used: set[str] = set()
    names = []
    for base in slugs:
        if _NUMBER.fullmatch(base):
            base = ".".join(part.zfill(widths[at]) for at, part in enumerate(base.split(".")))
        name, number = _fitted(base, SUFFIX), 1
        while name.casefold() in used:
            number += 1
            name = _fitted(base, f"-{number}{SUFFIX}")
        used.add(name.casefold())
        names.append(name)
    return names


def may_write(folder: Path, path: Path) -> bool:
    """Whether ``path`` can be one of the files written in ``folder``, whatever groups the
    inputs make: a name ending in :data:`SUFFIX` (case ignored, for case-insensitive file
    systems) in that folder, by any spelling of it, or a link to one."""
    named = (path, Path(os.path.realpath(path)))
    return any(
        name.name.casefold().endswith(SUFFIX) and same_file(name.parent, folder) for name in named
    )


def _fitted(stem: str, tail: str) -> str:
    """``stem`` and ``tail``, the stem cut (at a character, never inside one) so that the
    name has at most :data:`MAX_BYTES` bytes in the file system's encoding."""
    while stem and _size(stem + tail) > MAX_BYTES:
        stem = stem[:-1].rstrip("-._")
    return stem + tail


def _size(name: str) -> int:
    try:
        return len(os.fsencode(name))
    except UnicodeEncodeError:
        return len(name.encode("utf-8", "surrogatepass"))


BY = ("event", "round", "tag:NAME", "game", "every:N")
"""The ways of grouping."""

Grouping = Callable[[Found, int], str | None]
"""The group of a game read (given with its number in the run, from 0)."""


def grouping(
    by: str,
    default: AnyGame | Games | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
    tell: Callable[[Diagnostic], None] = ignore,
) -> Grouping:
    """The grouping ``by`` names (``every:N``: ``part-0001`` for the first N games, then
    ``part-0002`` ...); :class:`ValueError` when it names none. ``default`` is the game
    of records whose tags name none (:class:`~notation.run.settings.Games`: input by
    input). ``game`` groups a record by the game ``validate``
    judges it as (:func:`~notation.check.validator.judged_game`, reading ``dialects``):
    ``tell`` is given validate's REC221 notice of an untagged record judged as another
    game than PDN's default."""
    kind, colon, argument = by.partition(":")
    if by in ("event", "round"):
        name = by.capitalize()
        return lambda found, _: _known(found.record.tag(name))
    if kind == "tag" and colon and re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", argument):
        return lambda found, _: _known(found.record.tag(argument))
    if by == "game":

        def of_game(found: Found, _: int) -> str:
            name = found.input.name
            game, notice = judged_game(found.record, default_of(default, name), dialects, name)
            if notice is not None:
                tell(notice)
            return game.name if isinstance(game, Game) else game

        return of_game
    if kind == "every" and colon and argument.isdigit() and int(argument) > 0:
        size = int(argument)
        return lambda _, number: f"part-{number // size + 1:04d}"
    raise ValueError(f"{by!r}: group by one of {', '.join(BY)}")


def tag_grouped(by: str) -> str | None:
    """The tag the grouping ``by`` reads (``Event`` for ``event``), if it reads one."""
    if by in ("event", "round"):
        return by.capitalize()
    kind, _, argument = by.partition(":")
    return argument if kind == "tag" else None


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
    warnings: list[str] = field(default_factory=list)
    """Why the grouping did not group: no game has the tag it reads."""


def check_folder(folder: Path, inputs: list[Input | Missing]) -> None:
    """Raise :class:`OutputError` unless ``folder`` can hold the files: a folder, or a
    name whose parent is one (it is made); never one of the inputs."""
    shown = display(folder)
    if any(same_file(folder, path) for path in input_paths(inputs)):
        raise OutputError(f"{shown} is an input of this command, not a folder to write in")
    try:
        is_folder = stat.S_ISDIR(os.stat(folder).st_mode)
    except (FileNotFoundError, NotADirectoryError):
        if os.path.islink(folder):
            # A link is not followed to make a folder where it points.
            raise OutputError(
                f"cannot make {shown}: it is a link to {display(Path(os.readlink(folder)))}, "
                "which does not exist"
            ) from None
        if not folder.absolute().parent.is_dir():
            raise OutputError(
                f"cannot make {shown}: folder {display(folder.parent)} does not exist"
            ) from None
        return
    except OSError as error:
        why = (error.strerror or type(error).__name__).lower()
        raise OutputError(f"cannot make {shown}: {why}") from None
    if not is_folder:
        raise OutputError(f"{shown} is a file, not a folder")


def split_games(
    inputs: list[Input | Missing],
    group: Grouping,
    folder: Path,
    copier: Copier,
    *,
    force: bool = False,
    tag: str | None = None,
    stage: Stage | None = None,
) -> Split:
    """Write each group of games to its file in ``folder`` (made when there is something
    to write). Every name is checked before any file is written: a file that exists is
    refused unless ``force``, one that is an input always, and a folder or anything else
    that is not a file (a link to one is written through) always. The files replace
    their targets only once every one is written: on an output error nothing is
    replaced, what this run wrote (and the folder, when it made it) is removed, and
    :class:`OutputError` raised; with ``stage``, they replace them only when it commits.
    ``tag`` is the tag ``group`` reads: a warning says when no game has it."""
    order: dict[str | None, list[tuple[Occurrence, int, int]]] = {}
    tags: set[str] = set()
    with tempfile.TemporaryFile() as spool:
        number = 0
        for found in copier.read(inputs):
            if tag is not None:
                tags.update(item.name for item in found.record.tags)
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
        if tag is not None and copier.games and tag not in tags:
            names = sorted(tags, key=str.casefold)
            done.warnings.append(
                f"--by: {no_such_tag(tag, names)}: every game goes to {UNKNOWN}{SUFFIX}"
            )
        if copier.status:
            done.refused = copier.why_not()
            return done
        targets = [folder / name for name in file_names(order)]
        done.refused = _refused(targets, inputs, force)
        if done.refused is not None:
            done.status = 2
            return done
        if not targets:
            return done
        made = not folder.exists()
        try:
            folder.mkdir(exist_ok=True)
        except OSError as error:
            raise OutputError(f"cannot make {display(folder)}: {error.strerror}") from None
        with contextlib.nullcontext(stage) if stage else staged_outputs() as staging:
            if made:
                staging.folders.append(folder)
            for target, (value, games) in zip(targets, order.items(), strict=True):
                _write(staging.output(target), target, spool, games)
                done.parts.append(Part(display(target), value, [g[0] for g in games]))
    return done


def _refused(targets: list[Path], inputs: list[Input | Missing], force: bool) -> str | None:
    """Why the files cannot be written, if they cannot: a target that is an input, or
    (unless ``force``) one that exists, file, link or anything else."""
    named = list(input_paths(inputs))
    clash = next((t for t in targets if any(same_file(t, p) for p in named)), None)
    if clash is not None:
        return f"{display(clash)} is an input of this command: it is not overwritten"
    there = [t for t in targets if os.path.lexists(t)]
    for target in there:
        try:
            found = os.stat(target)
        except FileNotFoundError:
            return f"{display(target)} is a link that leads nowhere: it is not replaced"
        except OSError as error:
            return f"{display(target)} cannot be replaced: {error.strerror or error}"
        if stat.S_ISDIR(found.st_mode):
            return f"{display(target)} is a folder: it is not replaced"
        if not stat.S_ISREG(found.st_mode):
            return f"{display(target)} is not a file: it is not replaced"
    if there and not force:
        return f"{display(there[0])} exists: it is not replaced (give --force to replace it)"
    return None


def _write(
    output: AbstractContextManager[Sink],
    target: Path,
    spool: IO[bytes],
    games: list[tuple[Occurrence, int, int]],
) -> None:
    try:
        with output as sink:
            for count, (_, offset, size) in enumerate(games):
                spool.seek(offset)
                copy(sink, spool.read(size).decode("utf-8", "surrogatepass"), count)
    except OSError as error:
        raise OutputError(f"cannot write {display(target)}: {error.strerror}") from None


@dataclass(frozen=True, slots=True, kw_only=True)
class SplitSettings(Reading):
    """The settings of ``notation split``."""

    by: str
    """The grouping (:data:`BY`)."""
    folder: Path
    """The folder of the files (made when missing)."""
    force: bool = False
    """Replace files of the folder that have the names."""
    format: str = "text"
    """The report on standard error: ``text`` or ``json``."""


def split_settings(
    *,
    by: str,
    folder: Path,
    force: bool = False,
    format: str = "text",
    game: str | None = None,
    dialects: Iterable[str] | None = None,
    encoding: str | None = None,
    allow_empty: bool = False,
    config: Config | None = None,
) -> SplitSettings:
    """The settings of ``split`` with these options and ``config``, the configuration in
    force (its ``game`` and ``dialects``: :func:`~notation.archive.runs.read_as`);
    :class:`SettingsError` naming the first option that cannot be used."""
    chosen, read, config = read_as(game, dialects, config)
    form = report_form(format)
    try:
        grouping(text_option("by", by) or "")
    except ValueError as error:
        raise SettingsError("by", str(error)) from None
    chosen_folder = path_option("folder", folder)
    if chosen_folder is None:
        raise SettingsError("folder", "None is not a folder's name (str or a path)")
    return SplitSettings(
        game=chosen,
        dialects=read,
        config=config,
        encoding=known_codec(encoding),
        allow_empty=allow_empty,
        by=by,
        folder=chosen_folder,
        force=flag_option("force", force),
        format=form,
    )


def split(
    paths: Iterable[Named] | str | os.PathLike[str],
    settings: SplitSettings,
    *,
    tell: Callable[[Diagnostic], None] = ignore,
    stage: Stage | None = None,
) -> Copied:
    """``notation split``: the games of ``paths`` (names as the command line takes them,
    or inputs) written to the files of ``settings.folder``; with the text report ``tell``
    is given each problem met reading as it comes. With ``stage``, the files replace
    their targets only when it commits. :class:`OutputError` when the folder cannot hold
    the files."""
    inputs = inputs_of(paths)
    check_folder(settings.folder, inputs)
    json = settings.format == "json"
    problems, copier = copying(settings, json, tell)
    group = grouping(settings.by, settings.default, settings.dialects, problems.tell)
    done = split_games(
        inputs,
        group,
        settings.folder,
        copier,
        force=settings.force,
        tag=tag_grouped(settings.by),
        stage=stage,
    )
    said = (
        []
        if json
        else [f"notation: warning: {warning}" for warning in done.warnings]
        + [f"{p.path}: {len(p.games)} {plural(len(p.games), 'game')}" for p in done.parts]
    )
    body = {
        "files": [
            {"path": p.path, "value": p.value, "games": [where(g) for g in p.games]}
            for p in done.parts
        ],
        "summary": {"games": done.games, "files": len(done.parts), "exit_status": done.status},
        "warnings": done.warnings,
    }
    files = len(done.parts)
    summary = (
        f"{done.games} {plural(done.games, 'game')} in {files} {plural(files, 'file')} "
        f"of {display(settings.folder)}"
    )
    return copied("split", problems, done, body, summary, said)
