"""The ``notation`` command: validate, convert and render game records.

Exit status (every command): 0 when everything was fine, 1 when a record has a problem,
2 for a usage error or a file that cannot be read.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated

import typer

from cli.archive import annotate, duplicates, stats
from cli.config import (
    CacheDirOption,
    ConfigOption,
    IsolatedOption,
    NoCacheOption,
    configured,
    show_config,
)
from cli.fix import fix
from cli.options import (
    AllowEmptyOption,
    DialectOption,
    EncodingOption,
    GameOption,
    InPlaceOption,
    KeepBrokenOption,
    OutputOption,
    PathsArgument,
    copied_unchanged,
    default_game,
    dialects_named,
    echo,
    echo_problem,
    encoding_named,
    fail,
    game_named,
    guarded,
    plural,
    say,
    writable,
)
from cli.repair import repair
from cli.select import merge, select, split
from notation import diagnostics as codes
from notation.diagnostics import CODES, Diagnostic, Severity
from notation.games.registry import GAMES

# What a command runs is imported in its body: building the command line (and
# `notation --version`) then costs only what defining the options needs.
if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

    from notation.archive.rewrite import Edit, Options
    from notation.games.base import AnyGame
    from notation.io.inputs import Found, Input, Missing
    from notation.record.model import Record
    from notation.run.formats import Page, Reporter, Writer
    from notation.run.validation import RunEvent

app = typer.Typer(
    name="notation",
    help="Read, write, convert, replay and validate game records.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(shown: bool) -> None:
    if shown:
        from importlib import metadata

        echo(f"notation {metadata.version('notation')}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print the version and exit.",
            callback=_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """Read, write, convert, replay and validate game records."""


def main() -> None:
    """The ``notation`` console command: the app, with signals a user sends handled.

    A termination signal or an interrupt (Ctrl-C) ends the command as an error does
    (outputs not yet complete are discarded, no partial file is left, worker processes
    end with it), with the status 128 + the signal's number; a closed pipe (``| head``)
    ends it quietly. A standard stream closed when the command starts stays closed for it
    (``sys.stdin`` or ``sys.stdout`` is ``None``), and its descriptor is held on the null
    device, so that no file the command opens takes that number and receives what is
    meant for the stream. A system error no command reported (standard error that cannot
    be written) ends the command with one line and exit status 2, never a traceback.
    """
    for number in (0, 1, 2):
        try:
            os.fstat(number)
        except OSError:
            held = os.open(os.devnull, os.O_RDWR)
            if held != number:
                os.dup2(held, number)
                os.close(held)
    signal.signal(signal.SIGTERM, _terminated)
    signal.signal(signal.SIGINT, _terminated)
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    try:
        app()
    except OSError as error:
        # Commands turn their reading and writing errors into messages; what is left is
        # the system failing under them, most often standard error that cannot take a
        # message (a full disk, /dev/full). One line, if it can be written, and exit 2.
        with contextlib.suppress(OSError):
            os.write(2, f"notation: {error.strerror or error}\n".encode(errors="replace"))
        sys.stderr = None  # its unwritten text is dropped
        raise SystemExit(2) from None


def _terminated(number: int, frame: object) -> None:
    raise SystemExit(128 + number)


def _report_page() -> Page:
    """The HTML report's page (imported only when that report is asked for)."""
    from notation.render.report import ReportPage

    return ReportPage()


@app.command()
@guarded
def validate(
    paths: PathsArgument,
    game: GameOption = None,
    dialect: DialectOption = None,
    format_: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            help="Report format: text, json, jsonl, github, junit, sarif, html.",
            metavar="NAME",
        ),
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the report here, not stdout.")
    ] = None,
    fail_level: Annotated[
        str | None,
        typer.Option("--fail-level", help="Lowest severity that fails the run: error or warning."),
    ] = None,
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
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            help="Validate in N processes at most (0: one per CPU); never more than the CPUs.",
            metavar="N",
        ),
    ] = None,
    duplicates: Annotated[
        bool,
        typer.Option(
            "--duplicates",
            help="Also report (REC208) a game that repeats an earlier one: the same moves "
            "from the same start, in any notation.",
        ),
    ] = False,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            help="Validate on the Dask cluster whose scheduler is at ADDRESS "
            "(tcp://host:port), or on a local one (local: --jobs workers, 0 or 1: one per "
            "CPU). Needs notation[dask].",
            metavar="ADDRESS",
        ),
    ] = None,
    scheduler_timeout: Annotated[
        float,
        typer.Option(
            "--scheduler-timeout",
            help="Seconds, in all, to reach the scheduler and a first worker.",
            metavar="SECONDS",
            min=0.1,
        ),
    ] = 10.0,
    cache_dir: CacheDirOption = None,
    no_cache: NoCacheOption = False,
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Replay every move of every game and report each problem.

    The report goes to standard output (or --output), the summary and progress to standard
    error. Exit status: 0 when no reported problem reaches --fail-level (or --exit-zero),
    1 when one does, 2 for a usage error or an input that cannot be read.
    """
    from notation.io.inputs import Input, expand
    from notation.io.output import atomic_output, flush_stdout, spooled_stdout
    from notation.run.distributed import ClusterError
    from notation.run.formats import reporters
    from notation.run.settings import SettingsError, settings_from
    from notation.run.validation import validate as run_validation

    config = configured(config_file, isolated)
    try:
        settings = settings_from(
            config,
            game=game,
            dialects=dialect,
            format=format_,
            fail_level=fail_level,
            select=select,
            ignore=ignore,
            exit_zero=exit_zero,
            duplicates=duplicates,
            encoding=encoding,
            allow_empty=allow_empty,
            jobs=jobs,
            scheduler=scheduler,
            scheduler_timeout=scheduler_timeout,
            cache_dir=cache_dir,
            no_cache=no_cache,
        )
    except SettingsError as error:
        raise typer.BadParameter(error.message, param_hint=error.option) from None
    inputs = list(expand(paths))
    writable(output, inputs)
    sizes = [item.size for item in inputs if isinstance(item, Input)]
    total = None if None in sizes else sum(s or 0 for s in sizes)
    # The bar shares the terminal with the report only when both are on it.
    shown = output is None and _terminal(sys.stderr) and _terminal(sys.stdout)
    with contextlib.ExitStack() as stack:
        out: Writer = _StandardOutput()
        if output is not None:
            out = stack.enter_context(atomic_output(output))
        elif settings.scheduler is not None and not settings.trace:
            # A cluster can be lost mid-run: the report is printed only once it is whole.
            out = stack.enter_context(
                spooled_stdout(getattr(sys.stdout, "encoding", None) or "utf-8")
            )
        progress = stack.enter_context(_Progress(total, shown))
        reporter = reporters(_report_page)[settings.format](out)
        try:
            summary = run_validation(inputs, settings, on_event=progress.shown_with(reporter))
        except ClusterError as error:
            fail(str(error))
        reporter.finish(summary)
        if output is None:
            flush_stdout()
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


class _StandardOutput:
    """Writes to whatever ``sys.stdout`` is at the time (the progress bar redirects it);
    standard output closed or failing is an output error."""

    def write(self, text: str) -> int:
        from notation.io.output import write_stdout

        write_stdout(text, flush=False)
        return len(text)


def _terminal(stream: IO[str] | None) -> bool:
    """Whether ``stream`` is open and a terminal."""
    return stream is not None and stream.isatty()


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

    def shown_with(self, reporter: Reporter) -> Callable[[RunEvent], None]:
        """What a run's events do: progress moves this bar, a note is said on standard
        error, and what is reported goes to ``reporter``."""
        from notation.check.validator import GameReport
        from notation.run.validation import Note, Read

        def take(event: RunEvent) -> None:
            if isinstance(event, Read):
                self.read(event.done)
            elif isinstance(event, Note):
                say(event.text)
            else:
                if isinstance(event, GameReport):
                    self.game()
                reporter.take(event)

        return take

    def _show(self) -> None:
        if not self.shown:
            return
        now = time.monotonic()
        if now - self.last < 0.1 or now - self.start < self.DELAY:
            return
        self.last = now
        if self.bar is None:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                DownloadColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

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


@app.command()
@guarded
def convert(
    paths: PathsArgument,
    output: OutputOption = None,
    in_place: InPlaceOption = False,
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
    keep_broken: KeepBrokenOption = False,
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
) -> None:
    """Convert records between notations and between PDN and JSON, keeping everything else.

    Every problem is reported on standard error. A game that cannot be converted whole (a
    syntax error, an illegal move) fails the run (exit 1) and nothing is written, unless
    --keep-broken. The output (standard output, -o OUT, or each input with --in-place) is
    written only when the run succeeded.
    """
    from notation.archive.convert import convert_record, keep_notation
    from notation.archive.rewrite import Options
    from notation.check.validator import record_game
    from notation.games.base import Game

    default = default_game(game)
    dialects = dialects_named(dialect)
    form = to or ("json" if output is not None and output.suffix.lower() == ".json" else "pdn")
    if notation is not None:
        _check_notation(notation, default)
    options = Options(
        output=output,
        in_place=in_place,
        form=form,
        keep_broken=keep_broken,
        encoding=encoding_named(encoding),
        allow_empty=allow_empty,
    )

    def edit(found: Found) -> list[Diagnostic]:
        record = found.record
        if notation is None or record.has_syntax_errors:
            read = keep_notation(record, path=found.input.name, default=default, dialects=dialects)
            return [*record.diagnostics, *read]
        game = record_game(record, default, dialects)
        if not isinstance(game, Game):
            return [copied_unchanged(game, record, found.input.name)]
        if notation not in game.notations:
            return [_no_such_notation(game, notation, record, found.input.name)]
        return convert_record(
            record, game, notation, path=found.input.name, mark=keep_broken, dialects=dialects
        )

    _rewrite(paths, edit, options)


def _check_notation(notation: str, default: AnyGame | None) -> None:
    """Refuse a notation that no game (or the ``--game`` game) has."""
    games = [default] if default is not None else list(GAMES.values())
    if not any(notation in g.notations for g in games):
        known = sorted({n for g in games for n in g.notations})
        raise typer.BadParameter(
            f"no game has a notation {notation!r}; choose one of {', '.join(known)}",
            param_hint="--notation",
        )


def _no_such_notation(game: AnyGame, notation: str, record: Record, path: str) -> Diagnostic:
    message = (
        f"{game.title} has no notation {notation!r} (game ",
        f"); its notations are {', '.join(game.notations)}",
    )
    return Diagnostic.in_game(codes.NOT_CONVERTED, message, *record.pos, path, record.index)


def _rewrite(paths: list[str], edit: Edit, options: Options) -> None:
    """Run a command that writes records; exit with its status."""
    from notation.archive.rewrite import RewriteError, rewrite
    from notation.io.inputs import expand

    try:
        status = rewrite(list(expand(paths)), edit, options, say)
    except RewriteError as error:
        fail(str(error))
    raise typer.Exit(status)


@app.command()
@guarded
def render(
    source: Annotated[str, typer.Argument(help="A record file (also compressed), or - for stdin.")],
    index: Annotated[
        int, typer.Option("--index", "-i", help="Which game of the file (1-based).", min=1)
    ] = 1,
    ply: Annotated[
        int | None,
        typer.Option(
            "--ply", "-p", help="Show the position after this ply (default: the end).", min=0
        ),
    ] = None,
    form: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="text (a terminal diagram), svg, or html (a viewer page of every game).",
        ),
    ] = "text",
    output: OutputOption = None,
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
) -> None:
    """Draw the position of a record at a ply, the last move marked.

    The record's problems are reported as `validate` reports them. Without --ply the end of
    the main line is drawn; when a ply of it is illegal there is no end to draw, so nothing
    is drawn (exit 1) and the message names the last ply that can be.
    """
    from notation.check.replay import record_notation
    from notation.check.validator import validate_record
    from notation.games.registry import get_game
    from notation.io.inputs import expand
    from notation.render import render_svg

    if form not in ("text", "svg", "html"):
        raise typer.BadParameter("choose text, svg or html", param_hint="--format")
    default = default_game(game)
    dialects = dialects_named(dialect)
    inputs = list(expand([source]))
    writable(output, inputs)
    if form == "html":
        if ply is not None:
            raise typer.BadParameter("html shows every ply; leave out --ply", param_hint="--ply")
        _render_html(inputs, index, output, default, encoding_named(encoding), dialects)
    record, name, status = _record_at(inputs, index, encoding_named(encoding))
    if record is None:
        raise typer.Exit(status or 2)
    report = validate_record(record, path=name, default=default, trace=True, dialects=dialects)
    for problem in report.diagnostics:
        echo_problem(problem)
    replayed = report.replayed
    if report.game is None or replayed is None or replayed.start is None:
        raise typer.Exit(max(status, 1))
    found = get_game(report.game)
    legal = report.plies
    if ply is None and legal < len(record.moves.plies):
        fail_with = f"{name}: game {index}: ply {legal + 1} is illegal, so the game has no end"
        typer.echo(f"{fail_with} to draw; --ply {legal} draws the last legal position", err=True)
        raise typer.Exit(1)
    shown = legal if ply is None else ply
    if shown > legal:
        raise typer.BadParameter(f"game {index} has {legal} legal plies", param_hint="--ply")
    position, last = replayed.start, None
    if shown:
        step = replayed.steps[(shown - 1,)]
        if step.after is not None:
            position, last = step.after, step.move
    notation = record_notation(found, record)
    if form == "svg":
        picture = render_svg(found, position, last, notation)
    else:
        picture = found.render_text(position, last, notation) + "\n"
    _write_text(output, picture)
    raise typer.Exit(status)


def _render_html(
    inputs: list[Input | Missing],
    index: int,
    output: Path | None,
    default: AnyGame | None,
    encoding: str | None,
    dialects: frozenset[str],
) -> None:
    """Write the viewer page of every game of the one input named, game ``index`` shown
    first; exit 1 when a record has an error (the page shows it), 2 when unreadable."""
    from notation.check.validator import GameReport, validate_record
    from notation.io.inputs import Found, read_all
    from notation.render.html import reports_page

    if len(inputs) > 1:
        fail(f"render draws one file; {len(inputs)} files were named")
    status = 0
    reports: list[GameReport] = []
    for item in read_all(inputs, encoding):
        if isinstance(item, Found):
            report = validate_record(
                item.record, path=item.input.name, default=default, trace=True, dialects=dialects
            )
            reports.append(report)
            for problem in report.diagnostics:
                echo_problem(problem)
            status = max(status, int(not report.valid))
        elif isinstance(item, Diagnostic):
            echo_problem(item)
            if item.severity is Severity.ERROR:
                status = 2
    if not reports:
        raise typer.Exit(status or 2)
    if index > len(reports):
        fail(f"{reports[0].path} has no game {index}")
    _write_text(output, reports_page(reports, first=index))
    raise typer.Exit(status)


def _record_at(
    inputs: list[Input | Missing], index: int, encoding: str | None
) -> tuple[Record | None, str, int]:
    """Game ``index`` of the one input named, its name, and the status reading it gave."""
    from notation.io.inputs import Found, read_all

    if len(inputs) > 1:
        fail(f"render draws one game of one file; {len(inputs)} files were named")
    status = 0
    name = inputs[0].name if inputs else "-"
    found: Record | None = None
    for item in read_all(inputs, encoding):
        if isinstance(item, Found):
            name = item.input.name
            if item.record.index == index:
                found = item.record
                break
        elif isinstance(item, Diagnostic):
            echo_problem(item)
            if item.severity is Severity.ERROR:
                status = 2
    if found is None and status == 0:
        fail(f"{name} has no game {index}")
    return found, name, status


def _write_text(output: Path | None, text: str) -> None:
    """Write a command's text output to ``output`` atomically, or to standard output."""
    from notation.io.output import atomic_output, spooled_stdout

    with spooled_stdout() if output is None else atomic_output(output) as sink:
        sink.write(text)


@app.command()
@guarded
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
    from notation.record.model import Record, Tag
    from notation.record.writer import write_record

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
    writable(output, [])
    _write_text(output, write_record(Record(tags=tags, result="*")))


app.command()(annotate)
app.command()(repair)
app.command()(fix)
app.command()(stats)
app.command()(duplicates)
app.command()(select)
app.command()(split)
app.command()(merge)
app.command("config")(guarded(show_config))


@app.command("codes")
@guarded
def list_codes(
    markdown: Annotated[
        bool, typer.Option("--markdown", help="Write the table in Markdown (docs/diagnostics.md).")
    ] = False,
) -> None:
    """List every diagnostic code with its severity and meaning."""
    echo(codes_table(markdown), nl=False)


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
@guarded
def list_games() -> None:
    """List the supported games and their notations."""
    for name, game in GAMES.items():
        echo(f"{name:<14} {game.title} (notations: {', '.join(game.notations)})")
