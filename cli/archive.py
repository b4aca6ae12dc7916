"""Archive commands: ``annotate``, ``stats`` and ``duplicates``.

The functions are Typer commands, registered by :mod:`cli.main` (``app.command()(annotate)``).
Exit status, as for every command: 0 when all was fine, 1 when a record has an error (or
duplicates were found), 2 for a usage error or an input that cannot be read.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, BinaryIO

import typer

from cli.options import (
    GameOption,
    OutputOption,
    PathsArgument,
    copied_unchanged,
    default_game,
    echo_problem,
    plural,
)
from notation import diagnostics as codes
from notation import duplicates as dup
from notation import stats as st
from notation.annotate import COMMENT_KINDS, annotate_record
from notation.diagnostics import Diagnostic, Severity
from notation.games.base import Game
from notation.games.registry import resolve_game
from notation.record.model import Record
from notation.record.reader import read_records
from notation.record.writer import write_record
from notation.sources import Input, TextSource, UnreadableInput, open_input, unreadable

JsonOption = Annotated[bool, typer.Option("--json", help="Write JSON instead of text.")]

_COMPRESSED = (b"\x1f\x8b", b"BZh", b"\xfd7zXZ\x00")

_Write = Callable[[str], object]
"""Where annotated text goes."""


class _Stop(Exception):
    """Ends an annotate run early with a message and an exit status; nothing is written."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def annotate(
    source: Annotated[str, typer.Argument(help="A record file, or - for stdin.")],
    output: OutputOption = None,
    in_place: Annotated[
        bool,
        typer.Option(
            "--in-place",
            "-i",
            help="Rewrite the file itself, atomically (an error leaves it untouched).",
        ),
    ] = False,
    comments: Annotated[
        str | None,
        typer.Option(
            "--comments",
            "-c",
            help="A comment after each main-line ply: position ({[%fen ...]}) or scores "
            "({[%score W-B]}, Knight Fight and Cheversi).",
            metavar="KIND",
        ),
    ] = None,
    game: GameOption = None,
) -> None:
    """Add PlyCount, FinalFEN, the decided result and a note at the first illegal move.

    The result is written when the record gives none and the rules decide one;
    optionally the position or the scores follow each ply as a comment.

    Everything the record had is kept; annotating twice changes nothing. Problems go to
    standard error. With -o or --in-place the file is replaced only once every record is
    written, so an error never leaves a half-written file.
    """
    default = default_game(game)
    if output is not None and in_place:
        raise typer.BadParameter("give either --output or --in-place", param_hint="--in-place")
    if in_place and source == "-":
        raise typer.BadParameter("standard input cannot be rewritten", param_hint="--in-place")
    if comments is not None and comments not in COMMENT_KINDS:
        raise typer.BadParameter(" or ".join(COMMENT_KINDS) + " expected", param_hint="--comments")
    item = Input("-", None) if source == "-" else Input(source, Path(source))
    if item.path is not None and not item.path.is_file():
        echo_problem(unreadable(source, "no such file"))
        raise typer.Exit(2)
    status = 0
    try:
        with open_input(item) as text:
            for note in text.notes:
                echo_problem(note)
            target = item.path if in_place else output
            if target is None:
                status = _annotate_all(text, sys.stdout.write, comments, default, in_place)
            else:
                bom = in_place and _has_bom(target)
                with _replacing(target) as stream:
                    write = _encoder(stream, text, in_place, bom)
                    status = _annotate_all(text, write, comments, default, in_place)
    except UnreadableInput as error:
        echo_problem(unreadable(source, str(error)))
        raise typer.Exit(2) from None
    except _Stop as stop:
        typer.echo(f"{source}: {stop}", err=True)
        raise typer.Exit(stop.status) from None
    raise typer.Exit(status)


def _annotate_all(
    text: TextSource, write: _Write, comments: str | None, default: Game | None, strict: bool
) -> int:
    """Annotate and write every record of ``text``; the exit status. ``strict`` (in place)
    stops at a record with a syntax error, which could not be written back whole."""
    status = 0
    first = True
    early = len(text.notes)
    for record in read_records(text.chunks(), path=text.name):
        problems = _annotate_one(record, text.name, comments, default)
        for problem in problems:
            echo_problem(problem)
        if any(p.severity is Severity.ERROR for p in problems):
            status = 1
        if strict and record.has_syntax_errors:
            raise _Stop(
                f"not rewritten: game {record.index} has a syntax error, and the record "
                "could not be written back whole",
                1,
            )
        try:
            written = write_record(record)
        except ValueError as error:
            raise _Stop(f"game {record.index} cannot be written: {error}", 1) from None
        write(written if first else "\n" + written)
        first = False
    for note in text.notes[early:]:
        echo_problem(note)
    failure = getattr(text, "failure", None)
    if failure is not None:
        echo_problem(unreadable(text.name, failure))
        raise _Stop("reading stopped early: nothing written", 2)
    if strict and text.encoding == "utf-8" and text.notes:
        raise _Stop("not valid UTF-8: not rewritten (undecodable bytes would be lost)", 2)
    return status


def _annotate_one(
    record: Record, path: str, comments: str | None, default: Game | None
) -> list[Diagnostic]:
    found = resolve_game(record.tag_dict(), default)
    if not isinstance(found, Game):
        return [*record.diagnostics, copied_unchanged(found, record, path)]
    try:
        return annotate_record(record, found, comments=comments, path=path)
    except ValueError as error:
        raise _Stop(f"game {record.index}: {error}", 2) from None


def _has_bom(path: Path) -> bool:
    """Whether the file starts with a UTF-8 BOM; refuses files that cannot be rewritten
    as they are (compressed, UTF-16)."""
    with path.open("rb") as stream:
        head = stream.read(6)
    if head.startswith(_COMPRESSED):
        raise _Stop("a compressed file cannot be annotated in place; use -o", 2)
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise _Stop("a UTF-16 file cannot be annotated in place; use -o", 2)
    return head.startswith(b"\xef\xbb\xbf")


def _encoder(stream: BinaryIO, text: TextSource, in_place: bool, bom: bool) -> _Write:
    """A writer of text to ``stream``: UTF-8, or in place the file's own encoding."""
    if bom:
        stream.write(b"\xef\xbb\xbf")

    def write(part: str) -> object:
        encoding = text.encoding if in_place else "utf-8"
        try:
            return stream.write(part.encode(encoding))
        except UnicodeEncodeError as error:
            raise _Stop(f"the annotations cannot be written in {encoding}: {error}", 2) from None

    return write


@contextlib.contextmanager
def _replacing(target: Path) -> Iterator[BinaryIO]:
    """A temporary file in ``target``'s folder that replaces ``target`` (``os.replace``)
    when the block succeeds, keeping its permissions; on any error it is removed and
    ``target`` is untouched."""
    folder = target.parent
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        if target.exists():
            shutil.copymode(target, name)
        else:
            os.chmod(name, 0o666 & ~_umask())
        os.replace(name, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name)


def _umask() -> int:
    """The process's file-creation mask (read by setting it and back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def stats(
    paths: PathsArgument,
    json_: JsonOption = False,
    game: GameOption = None,
) -> None:
    """Summarize an archive per game: results, lengths, first moves, invalid records.

    Results are given by side in counts and percentages, lengths as the average number
    of plies, and the five most common first moves.

    Exit status: 0, or 1 when a record has an error (the invalid records counted), 2 when
    an input cannot be read.
    """
    default = default_game(game)
    collected = st.collect(paths, default)
    for problem in collected.problems:
        echo_problem(problem)
    if json_:
        typer.echo(json.dumps(st.to_json(collected), indent=2))
    else:
        typer.echo(st.render_text(collected), nl=False)
    raise typer.Exit(_status(collected.problems, bool(collected.invalid)))


def duplicates(
    paths: PathsArgument,
    json_: JsonOption = False,
    game: GameOption = None,
) -> None:
    """List the games recorded more than once: same game, start and main-line moves.

    Moves are compared as moves, so every notation of a game matches.

    Exit status: 0 when there is none, 1 when duplicates were found, 2 when an input
    cannot be read.
    """
    default = default_game(game)
    report = dup.find_duplicates(paths, default)
    for problem in report.problems:
        echo_problem(problem)
    if json_:
        typer.echo(json.dumps(dup.to_json(report), indent=2))
    else:
        typer.echo(dup.render_text(report), nl=False)
    copies = sum(len(group.records) for group in report.groups)
    groups = len(report.groups)
    typer.echo(
        f"{groups} {plural(groups, 'group')} of duplicates "
        f"({copies} records) among {report.records} {plural(report.records, 'record')}",
        err=True,
    )
    raise typer.Exit(_status(report.problems, bool(report.groups)))


def _status(problems: list[Diagnostic], failed: bool) -> int:
    if any(p.code == codes.UNREADABLE for p in problems):
        return 2
    return int(failed)
