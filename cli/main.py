"""The ``notation`` command: validate, convert and render game records.

Exit status (every command): 0 when everything was fine, 1 when a record has a problem,
2 for a usage error or a file that cannot be read.
"""

from __future__ import annotations

import codecs
import contextlib
import datetime
import io
import os
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Annotated, TextIO

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    DownloadColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)

from cli.archive import annotate, duplicates, stats
from cli.options import (
    GameOption,
    OutputOption,
    PathsArgument,
    copied_unchanged,
    default_game,
    echo_problem,
    game_named,
    plural,
)
from notation import diagnostics as codes
from notation.batch import FileResult, GameResult, validate_inputs
from notation.convert import convert_record
from notation.diagnostics import CODES, Diagnostic, Severity
from notation.duplicates import Duplicates, Occurrence
from notation.games.base import Game, SetupError
from notation.games.registry import GAMES, resolve_game
from notation.record.jsonform import dumps, loads
from notation.record.model import Record, Tag
from notation.record.reader import read_records
from notation.record.writer import write_record, write_records
from notation.render import render_svg
from notation.replay import main_line_positions
from notation.report import FORMATS, REPORTERS, Summary
from notation.sources import Input, expand, unreadable

app = typer.Typer(
    name="notation",
    help="Read, write, convert, replay and validate game records.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class _Exit:
    """Tracks the exit status of a run: the worst of 0, 1 (problems) and 2 (unreadable)."""

    def __init__(self) -> None:
        self.status = 0

    def raise_to(self, status: int) -> None:
        self.status = max(self.status, status)


def _unreadable(name: str, why: str, exit_: _Exit) -> None:
    typer.echo(unreadable(name, why).format())
    exit_.raise_to(2)


FAIL_LEVELS = {
    "error": frozenset({Severity.ERROR}),
    "warning": frozenset({Severity.ERROR, Severity.WARNING}),
}
"""The severities that fail a run, by ``--fail-level``."""


@app.command()
def validate(
    paths: PathsArgument,
    game: GameOption = None,
    format_: Annotated[
        str,
        typer.Option(
            "--format", "-f", help="Report format: " + ", ".join(FORMATS) + ".", metavar="NAME"
        ),
    ] = "text",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the report here, not stdout.")
    ] = None,
    fail_level: Annotated[
        str,
        typer.Option("--fail-level", help="Lowest severity that fails the run: error or warning."),
    ] = "error",
    exit_zero: Annotated[
        bool, typer.Option("--exit-zero", help="Exit 0 even when records have problems.")
    ] = False,
    select: Annotated[
        list[str] | None,
        typer.Option(
            "--select",
            help="Report only these codes or code prefixes (BR2,REC207).",
            metavar="CODES",
        ),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option("--ignore", help="Do not report these codes or prefixes.", metavar="CODES"),
    ] = None,
    statistics: Annotated[
        bool, typer.Option("--statistics", help="Count each code on stderr after the report.")
    ] = False,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs", "-j", help="Validate in N processes (0: one per CPU).", metavar="N", min=0
        ),
    ] = 1,
    duplicates: Annotated[
        bool,
        typer.Option(
            "--duplicates",
            help="Also report (REC208) a game that repeats an earlier one: the same moves "
            "from the same start, in any notation.",
        ),
    ] = False,
    encoding: Annotated[
        str,
        typer.Option(
            "--encoding",
            help="Encoding of the records (a Python codec name, e.g. cp1251); "
            "auto: UTF-8, else cp1251 or latin-1 guessed, with a PDN107 notice.",
            metavar="NAME",
        ),
    ] = "auto",
) -> None:
    """Replay every move of every game and report each problem.

    The report goes to standard output (or --output), the summary and progress to standard
    error. Exit status: 0 when no reported problem reaches --fail-level (or --exit-zero),
    1 when one does, 2 for a usage error or an input that cannot be read.
    """
    default_game(game)
    if format_ not in REPORTERS:
        raise typer.BadParameter("choose one of " + ", ".join(FORMATS), param_hint="--format")
    if fail_level not in FAIL_LEVELS:
        raise typer.BadParameter("choose error or warning", param_hint="--fail-level")
    chosen = None if encoding == "auto" else _codec(encoding)
    wanted = _Selection(_prefixes(select, "--select"), _prefixes(ignore, "--ignore"))
    inputs = list(expand(paths))
    sizes = [item.size for item in inputs if isinstance(item, Input)]
    total = None if None in sizes else sum(s or 0 for s in sizes)
    summary = Summary()
    unreadable = False
    with _opened(output) as out, _Progress(total, sys.stderr.isatty()) as progress:
        reporter = REPORTERS[format_](out if output is not None else _StandardOutput())
        events = validate_inputs(
            inputs,
            game=game,
            encoding=chosen,
            jobs=jobs or os.cpu_count() or 1,
            progress=progress.read,
            keys=duplicates,
        )
        seen = Duplicates()
        for event in events:
            if isinstance(event, GameResult):
                if event.key is not None and event.game is not None:
                    here = Occurrence(event.path, event.index, event.line)
                    repeated = seen.check_key(event.key, event.game, here, event.column)
                    if repeated is not None:
                        event.diagnostics.append(repeated)
                event.diagnostics = [d for d in event.diagnostics if wanted.keeps(d.code)]
                summary.games += 1
                summary.valid_games += all(
                    d.severity is not Severity.ERROR for d in event.diagnostics
                )
                for diagnostic in event.diagnostics:
                    summary.count(diagnostic)
                reporter.game(event)
                progress.game()
            elif isinstance(event, FileResult):
                summary.files += 1
                reporter.file(event)
            elif wanted.keeps(event.code):
                if event.code == codes.UNREADABLE:
                    unreadable = True
                else:
                    summary.count(event)
                reporter.diagnostic(event)
        failing = sum(summary.severities[s] for s in FAIL_LEVELS[fail_level])
        summary.exit_status = 2 if unreadable else int(bool(failing) and not exit_zero)
        reporter.finish(summary)
    if statistics:
        for code, count in sorted(summary.codes.items(), key=lambda item: (-item[1], item[0])):
            known = CODES[code]
            typer.echo(f"{count:>6}  {code:<7} {known.severity:<8} {known.summary}", err=True)
    errors, warnings = summary.severities[Severity.ERROR], summary.severities[Severity.WARNING]
    notices = summary.severities[Severity.NOTICE]
    typer.echo(
        f"{summary.games} {plural(summary.games, 'game')} in "
        f"{summary.files} {plural(summary.files, 'file')}: "
        f"{errors} {plural(errors, 'error')}, "
        f"{warnings} {plural(warnings, 'warning')}, "
        f"{notices} {plural(notices, 'notice')}",
        err=True,
    )
    raise typer.Exit(summary.exit_status)


def _codec(name: str) -> str:
    try:
        return codecs.lookup(name).name
    except LookupError:
        raise typer.BadParameter(f"unknown encoding {name!r}", param_hint="--encoding") from None


def _prefixes(values: list[str] | None, hint: str) -> tuple[str, ...]:
    """The code prefixes given (comma-separated, repeatable); each must match a code."""
    found = tuple(p.strip().upper() for v in values or () for p in v.split(",") if p.strip())
    for prefix in found:
        if not any(code.startswith(prefix) for code in CODES):
            raise typer.BadParameter(f"no diagnostic code starts with {prefix}", param_hint=hint)
    return found


class _Selection:
    """Which codes are reported: those matching --select (all by default), minus --ignore."""

    def __init__(self, select: tuple[str, ...], ignore: tuple[str, ...]) -> None:
        self.select = select
        self.ignore = ignore
        self.cache: dict[str, bool] = {}

    def keeps(self, code: str) -> bool:
        kept = self.cache.get(code)
        if kept is None:
            chosen = not self.select or code.startswith(self.select)
            ignored = bool(self.ignore) and code.startswith(self.ignore)
            kept = self.cache[code] = chosen and not ignored
        return kept


class _StandardOutput:
    """Writes to whatever ``sys.stdout`` is at the time (the progress bar redirects it)."""

    def write(self, text: str) -> int:
        return sys.stdout.write(text)


class _Progress:
    """A progress bar on standard error, shown after a second when ``shown`` (a terminal);
    ``total`` is the bytes to read, when known."""

    DELAY = 1.0
    """Seconds before the bar appears: short runs never show it."""

    def __init__(self, total: int | None, shown: bool) -> None:
        self.total = total
        self.shown = shown
        self.start = time.monotonic()
        self.last = 0.0
        self.done = 0
        self.games = 0
        self.bar: Progress | None = None
        self.task: TaskID | None = None

    def __enter__(self) -> _Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def read(self, done: int) -> None:
        """Bytes read so far."""
        self.done = done
        self._show()

    def game(self) -> None:
        """One more game validated."""
        self.games += 1
        self._show()

    def _show(self) -> None:
        if not self.shown:
            return
        now = time.monotonic()
        if now - self.last < 0.1 or now - self.start < self.DELAY:
            return
        self.last = now
        if self.bar is None:
            self.bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                DownloadColumn(),
                TimeElapsedColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self.task = self.bar.add_task("validating", total=self.total)
            self.bar.start()
        assert self.task is not None
        self.bar.update(self.task, completed=self.done, description=f"{self.games} games")


def _read_any(name: str) -> Iterable[Record]:
    """Records of a PDN or JSON file (``-`` for stdin); PDN is read as a stream."""
    if name == "-":
        data = sys.stdin.buffer.read()
        if data.lstrip()[:1] == b"{":
            return loads(data.decode("utf-8-sig"))
        return read_records(io.BytesIO(data), path="-")
    path = Path(name)
    if path.suffix.lower() == ".json":
        return loads(path.read_text(encoding="utf-8-sig"))
    return read_records(path, path=name)


@app.command()
def convert(
    source: Annotated[str, typer.Argument(help="A PDN or JSON record file, or - for stdin.")],
    output: OutputOption = None,
    notation: Annotated[
        str | None,
        typer.Option(
            "--notation",
            "-n",
            help="Rewrite the moves in this notation (see `notation games`).",
            metavar="NAME",
        ),
    ] = None,
    to: Annotated[
        str | None,
        typer.Option(
            "--to", help="Output format: pdn or json (default: from -o's suffix, else pdn)."
        ),
    ] = None,
    game: GameOption = None,
) -> None:
    """Convert records between notations and between PDN and JSON, keeping everything else.

    Problems that keep a record from being converted are reported on standard error, and
    the record is written with the part that could not be converted left as it was.
    """
    default = default_game(game)
    form = to or ("json" if output is not None and output.suffix.lower() == ".json" else "pdn")
    if form not in ("pdn", "json"):
        raise typer.BadParameter("choose pdn or json", param_hint="--to")
    exit_ = _Exit()
    try:
        records = (_convert_one(r, notation, default, source, exit_) for r in _read_any(source))
        with _opened(output) as out:
            if form == "json":
                out.write(dumps(records, indent=1) + "\n")
            else:
                write_records(records, out)
    except OSError as error:
        _unreadable(source, error.strerror or str(error), exit_)
    except ValueError as error:
        echo_problem(Diagnostic(codes.SYNTAX, str(error), 1, 1, source))
        exit_.raise_to(1)
    raise typer.Exit(exit_.status)


@contextlib.contextmanager
def _opened(output: Path | None) -> Iterator[TextIO]:
    """Standard output, or ``output`` written whole only when everything succeeded."""
    if output is None:
        yield sys.stdout
        return
    partial = output.with_name(output.name + ".partial")
    try:
        with partial.open("w", encoding="utf-8") as stream:
            yield stream
        partial.replace(output)
    finally:
        partial.unlink(missing_ok=True)


def _convert_one(
    record: Record, notation: str | None, default: Game | None, path: str, exit_: _Exit
) -> Record:
    for diagnostic in record.diagnostics:
        echo_problem(diagnostic)
        exit_.raise_to(1)
    if notation is None:
        return record
    game = resolve_game(record.tag_dict(), default)
    if not isinstance(game, Game):
        echo_problem(copied_unchanged(game, record, path))
        return record
    try:
        problems = convert_record(record, game, notation, path=path)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--notation") from None
    for problem in problems:
        echo_problem(problem)
        exit_.raise_to(1)
    return record


@app.command()
def render(
    source: Annotated[Path, typer.Argument(help="A record file.")],
    index: Annotated[
        int, typer.Option("--index", "-i", help="Which game of the file (1-based).")
    ] = 1,
    ply: Annotated[
        int | None,
        typer.Option("--ply", "-p", help="Show the position after this ply (default: the end)."),
    ] = None,
    form: Annotated[
        str, typer.Option("--format", "-f", help="text (a terminal diagram) or svg.")
    ] = "text",
    output: OutputOption = None,
    game: GameOption = None,
) -> None:
    """Draw the position of a record at a ply, the last move marked."""
    if form not in ("text", "svg"):
        raise typer.BadParameter("choose text or svg", param_hint="--format")
    default = default_game(game)
    try:
        record = next((r for r in read_records(source, path=str(source)) if r.index == index), None)
    except OSError as error:
        exit_ = _Exit()
        _unreadable(str(source), error.strerror or str(error), exit_)
        raise typer.Exit(exit_.status) from None
    if record is None:
        raise typer.BadParameter(f"{source} has no game {index}", param_hint="--index")
    tags = record.tag_dict()
    found = resolve_game(tags, default)
    if not isinstance(found, Game):
        typer.echo(f"{source}: game {index}: {found} is not supported", err=True)
        raise typer.Exit(1)
    try:
        start = found.start(tags)
    except SetupError as error:
        typer.echo(f"{source}: game {index}: invalid setup: {error}", err=True)
        raise typer.Exit(1) from None
    positions = main_line_positions(found, record.moves, start)
    shown = len(positions) - 1 if ply is None else ply
    if not 0 <= shown < len(positions):
        raise typer.BadParameter(
            f"game {index} has {len(positions) - 1} legal plies", param_hint="--ply"
        )
    last = None
    if shown:
        last = found.parse_move(positions[shown - 1], record.moves.plies[shown - 1].text)
    if form == "svg":
        try:
            picture = render_svg(found, positions[shown], last)
        except ValueError as error:
            raise typer.BadParameter(str(error), param_hint="--format") from None
    else:
        picture = found.render_text(positions[shown], last) + "\n"
    with _opened(output) as out:
        out.write(picture)


@app.command()
def new(
    name: Annotated[
        str, typer.Argument(help="The game: " + ", ".join(GAMES) + ".", metavar="GAME")
    ],
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help="Seed for a game that draws its set-up.")
    ] = None,
    output: OutputOption = None,
) -> None:
    """Start a record: the seven standard tags, the tags that name and set up the game."""
    game = game_named(name, "GAME")
    tags = [
        Tag("Event", "?"),
        Tag("Site", "?"),
        Tag("Date", datetime.date.today().strftime("%Y.%m.%d")),
        Tag("Round", "?"),
        Tag("White", "?"),
        Tag("Black", "?"),
        Tag("Result", "*"),
    ]
    tags += [Tag(key, value) for key, value in game.new_tags(seed).items()]
    with _opened(output) as out:
        out.write(write_record(Record(tags=tags, result="*")))


app.command()(annotate)
app.command()(stats)
app.command()(duplicates)


@app.command("codes")
def list_codes(
    markdown: Annotated[
        bool, typer.Option("--markdown", help="Write the table in Markdown (docs/diagnostics.md).")
    ] = False,
) -> None:
    """List every diagnostic code with its severity and meaning."""
    typer.echo(codes_table(markdown), nl=False)


def codes_table(markdown: bool = False) -> str:
    """Every diagnostic code, as plain text or as the Markdown page of docs/diagnostics.md."""
    rows = sorted(CODES.values(), key=lambda c: c.code)
    if not markdown:
        return "".join(f"{c.code}  {c.severity:<7}  {c.summary}\n" for c in rows)
    head = (
        "# Diagnostic codes\n\n"
        "Every code `notation validate` can report. Codes are stable: a code keeps its\n"
        "meaning across releases. `PDN` codes are record syntax, `REC` codes concern a\n"
        "record as a whole, and each game has its own prefix (`BR` Brazilian draughts, `KV`\n"
        "Kavaleria, `KY` Keny, `KF` Knight Fight, `CV` Cheversi); the game's rules page\n"
        "explains its codes. This page is generated by `notation codes --markdown`.\n\n"
        "| code | severity | meaning |\n|---|---|---|\n"
    )
    return head + "".join(f"| {c.code} | {c.severity} | {c.summary} |\n" for c in rows)


@app.command("games")
def list_games() -> None:
    """List the supported games and their notations."""
    for name, game in GAMES.items():
        typer.echo(f"{name:<14} {game.title} (notations: {', '.join(game.notations)})")
