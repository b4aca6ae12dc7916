"""Options and output helpers shared by the commands of :mod:`cli.commands`.

Every command's module is imported to build the command line, so this module (and each
command's) imports at its top only what defining the options needs; what running a
command needs is imported in its body.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ParamSpec, Protocol, TypeVar

import typer
from typer.models import TyperPath

from notation.games.registry import GAMES, get_game
from notation.run.settings import DEFAULT_FOLDER, FOLDER_VARIABLE, NO_CACHE_VARIABLE

from .basics import LEAST_TIMEOUT, read_twice
from .basics import OUTPUT as OUTPUT
from .basics import Output as Output
from .basics import colored as colored
from .basics import configured as configured
from .basics import echo as echo
from .basics import fail as fail
from .basics import guarded as guarded
from .basics import note as note
from .basics import one_of as one_of
from .basics import plural as plural
from .basics import say as say
from .basics import standard_output as standard_output
from .basics import writable as writable

if TYPE_CHECKING:
    from notation.archive.runs import Reported
    from notation.diagnostics import Diagnostic
    from notation.games.base import AnyGame
    from notation.io.output import Sink, Stage


def at_least(low: float) -> Callable[[float | None], float | None]:
    """An option's callback refusing a number below ``low``, or NaN (a usage error), so
    that its help shows its metavar alone, not the range."""

    def check(value: float | None) -> float | None:
        if value is not None and not value >= low:
            raise typer.BadParameter(f"{value} is not in the range x>={low}.")
        return value

    return check


def notation_any_case(value: str | None) -> str | None:
    """``--notation``'s callback: a notation's name in any case is that name (the games
    are loaded only when a notation is given); any other is left for the command."""
    if value is None:
        return None
    known = sorted({name for game in GAMES.values() for name in game.notations})
    return one_of(*known)(value)


def read_once(paths: list[str] | None) -> list[str] | None:
    """``PATH...``'s callback: standard input named more than once (``-``, or a name of
    it: ``/dev/stdin``, ``/dev/fd/0``) ends the command (exit 2), since it can be read
    only once (:func:`~cli.basics.read_twice`)."""
    problem = None if paths is None else read_twice(paths)
    if problem is not None:
        fail(problem)
    return paths


PathsArgument = Annotated[
    list[str],
    typer.Argument(
        help="Record files (also .gz, .bz2, .xz, .zst), directories (searched for *.pdn, *.pgn), "
        "glob patterns, or - for stdin.",
        metavar="PATH",
        callback=read_once,
    ),
]
"""``PATH...``: the records a command reads."""

FilePathsArgument = Annotated[
    list[str],
    typer.Argument(
        help="Record files (also .gz, .bz2, .xz, .zst), directories (searched for *.pdn, *.pgn) "
        "or glob patterns; not stdin, which leaves nothing to find again.",
        metavar="PATH",
    ),
]
"""``PATH...``: the record files a command keeps track of (``index``)."""


class FileToWrite(TyperPath):
    """The type of an option naming a file to write: a path, as Typer reads one, an empty
    name refused (as a path it would name the current folder)."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if value == "":
            self.fail("the output name is empty: name a file to write", param, ctx)
        return super().convert(value, param, ctx)


file_named = FileToWrite()
"""The type of ``--output``, ``--report`` and ``--rest``."""


OutputOption = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        help="Write here instead of stdout (- for stdout).",
        metavar="FILE",
        click_type=file_named,
        callback=standard_output,
    ),
]
"""``--output FILE``: where a command writes, instead of standard output."""

InPlaceOption = Annotated[
    bool,
    typer.Option(
        "--in-place",
        "-i",
        help="Rewrite each input file itself, atomically: a file is replaced only when "
        "everything read from it succeeded.",
    ),
]
"""``--in-place``: rewrite the inputs themselves."""

EncodingOption = Annotated[
    str,
    typer.Option(
        "--encoding",
        help="Encoding of the records (a Python codec name, e.g. cp1251); "
        "auto: UTF-8 (or UTF-16), else cp1251, cp1252 or latin-1 guessed, with a PDN107 "
        "notice.",
        metavar="NAME",
    ),
]
"""``--encoding NAME``: the encoding of the inputs, ``auto`` to detect it."""

AllowEmptyOption = Annotated[
    bool,
    typer.Option(
        "--allow-empty",
        help="An input that holds no record is not an error (by default it is, exit 2).",
    ),
]
"""``--allow-empty``: an input without records does not fail the run."""

KeepBrokenOption = Annotated[
    bool,
    typer.Option(
        "--keep-broken",
        help="Write games with errors too, their text from the error on kept verbatim in "
        "comments (the exit status is still 1). Without it nothing is written when a game "
        "cannot be written whole.",
    ),
]
"""``--keep-broken``: write broken games, keeping their text."""

GameOption = Annotated[
    str | None,
    typer.Option(
        "--game",
        "-g",
        help="Game of records whose tags name none (" + ", ".join(GAMES) + ").",
        metavar="NAME",
        callback=one_of(*GAMES),
    ),
]
"""``--game NAME``: the game of records whose tags do not name one."""


DialectOption = Annotated[
    list[str] | None,
    typer.Option(
        "--dialect",
        help="Also read this dialect, whose text is also that of an illegal move "
        "(repeatable): short-captures. See docs/dialects.md.",
        metavar="NAME",
    ),
]
"""``--dialect NAME``: an optional dialect the replay reads (:mod:`notation.check.dialects`)."""


ConfigOption = Annotated[
    Path | None,
    typer.Option(
        "--config",
        help="Read the settings from this file (a pyproject.toml's [tool.notation], or a "
        "notation.toml) instead of the nearest one.",
        metavar="FILE",
    ),
]
"""``--config FILE``: the configuration file, instead of the nearest one."""

IsolatedOption = Annotated[
    bool,
    typer.Option(
        "--isolated", "--no-config", help="Ignore every configuration file: use the defaults."
    ),
]
"""``--isolated``: no configuration file."""

CacheDirOption = Annotated[
    str | None,
    typer.Option(
        "--cache-dir",
        help=f"Keep the cache here (default: {FOLDER_VARIABLE}, else the configuration's "
        f"cache-dir, else {DEFAULT_FOLDER} beside the configuration file, or here without one).",
        metavar="DIR",
    ),
]
"""``--cache-dir DIR``: where the validation cache is kept."""

FormatOption = Annotated[
    str,
    typer.Option(
        "--format",
        "-f",
        help="The report: text (problems and a summary line) or json (one document).",
        metavar="NAME",
        callback=one_of("text", "json"),
    ),
]
"""``--format text|json``: the report of ``select``, ``split`` and ``merge``."""

SchedulerTimeoutOption = Annotated[
    float,
    typer.Option(
        "--scheduler-timeout",
        help="Seconds, in all, to reach the scheduler and a first worker.",
        metavar="SECONDS",
        callback=at_least(LEAST_TIMEOUT),
    ),
]
"""``--scheduler-timeout SECONDS``: how long to wait for a Dask cluster."""

NoCacheOption = Annotated[
    bool,
    typer.Option(
        "--no-cache",
        help=f"Neither read nor write the cache: validate afresh (also {NO_CACHE_VARIABLE}=1).",
    ),
]
"""``--no-cache``: validate afresh."""


ReportFormatOption = Annotated[
    str,
    typer.Option(
        "--format",
        "-f",
        help="The report: text or json.",
        metavar="NAME",
        callback=one_of("text", "json"),
    ),
]
"""``--format NAME``: a report of text or JSON (``--json`` before, still taken)."""


ResultOption = Annotated[
    str | None,
    typer.Option(
        "--result", help="The result (the movetext's, else the Result tag's).", metavar="RESULT"
    ),
]
"""``--result RESULT``: games of this result (``select``, ``find``)."""

TagOption = Annotated[
    list[str] | None,
    typer.Option(
        "--tag",
        help="NAME=PATTERN: the tag's value matches the shell pattern, case ignored "
        "(repeatable: every one must match).",
        metavar="NAME=PATTERN",
    ),
]
"""``--tag NAME=PATTERN``: games whose tag matches (``select``, ``find``)."""

PliesOption = Annotated[
    str | None,
    typer.Option(
        "--plies", help="Plies of the main line: MIN:MAX, MIN: or :MAX.", metavar="MIN:MAX"
    ),
]
"""``--plies MIN:MAX``: games of this length (``select``, ``find``)."""

OpeningOption = Annotated[
    str | None,
    typer.Option(
        "--opening",
        help='The main line starts with these moves ("22-18 11-15"), in any of the '
        "game's notations.",
        metavar="MOVES",
    ),
]
"""``--opening MOVES``: games starting with these moves (``select``, ``find``)."""

PositionOption = Annotated[
    str | None,
    typer.Option(
        "--position",
        help="The position of this FEN, side to move included, occurs in the main line.",
        metavar="FEN",
    ),
]
"""``--position FEN``: games reaching this position (``select``, ``find``)."""

ErrorsOption = Annotated[
    bool | None,
    typer.Option(
        "--errors/--no-errors",
        help="Games with (without) an error diagnostic.",
        show_default=False,
    ),
]
"""``--errors/--no-errors``: games with (without) an error (``select``, ``find``)."""

CodeOption = Annotated[
    str | None,
    typer.Option("--code", help="Games with a diagnostic of this code.", metavar="CODE"),
]
"""``--code CODE``: games with a diagnostic of this code (``select``, ``find``)."""


def report_json(form: str) -> bool:
    """Whether ``--format`` asks for JSON; a usage error for a format other than text."""
    if form not in ("text", "json"):
        raise typer.BadParameter("text or json expected", param_hint="--format")
    return form == "json"


def paths_written(output: Path | None, paths: list[str]) -> None:
    """:func:`writable` for the inputs named ``paths``."""
    from notation.io.files import expand

    writable(output, list(expand(paths)))


def parsed(parse: Callable[[A], R], value: A, hint: str) -> R:
    """``parse(value)``; its ``ValueError`` is a usage error naming the option ``hint``."""
    try:
        return parse(value)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint=hint) from None


def dialects_named(names: list[str] | None) -> frozenset[str]:
    """The dialects given with ``--dialect``; a usage error naming the known ones for an
    unknown name."""
    from notation.check.dialects import dialect_set

    return parsed(dialect_set, names or (), "--dialect")


def game_named(name: str, hint: str = "--game") -> AnyGame:
    """The game called ``name``; a usage error naming the option ``hint`` otherwise."""
    try:
        return get_game(name)
    except KeyError as error:
        raise typer.BadParameter(str(error.args[0]), param_hint=hint) from None


def default_game(name: str | None) -> AnyGame | None:
    """The game given with ``--game``, if any."""
    return None if name is None else game_named(name)


def encoding_named(name: str) -> str | None:
    """The codec given with ``--encoding`` (``None`` for ``auto``); a usage error otherwise."""
    from notation.io.decode import codec

    if name == "auto":
        return None
    return parsed(codec, name, "--encoding")


def write_text(output: Path | None, text: str, stage: Stage | None = None) -> None:
    """Write a command's text output to ``output`` atomically, or to standard output;
    a file joins ``stage``, if given (:func:`notation.io.output.file_output`)."""
    write_out(output, lambda sink: sink.write(text), stage)


def write_out(
    output: Path | None, write: Callable[[Sink], object], stage: Stage | None = None
) -> None:
    """Have ``write`` write a command's output, in parts, to ``output`` atomically, or
    to standard output (either only once it is whole, unless ``write`` releases the
    sink: :meth:`notation.io.output.Sink.release`); a file joins ``stage``, if given
    (:func:`notation.io.output.file_output`)."""
    from notation.io.output import file_output, spooled_stdout

    with spooled_stdout() if output is None else file_output(output, stage) as sink:
        write(sink)


def write_report(output: Path | None, text: str) -> None:
    """Write a command's report to ``output`` atomically, or print it on standard output
    now (:func:`echo`)."""
    if output is None:
        echo(text, nl=False)
    else:
        write_text(output, text)


ReportOption = Annotated[
    Path | None,
    typer.Option(
        "--report",
        help="Write the report (problems, what was done, the summary) to this file, whole, "
        "at the end, instead of standard output (standard error while the records go "
        "there); - for standard output.",
        metavar="FILE",
        click_type=file_named,
    ),
]
"""``--report FILE``: where a command that writes records or a picture puts its report."""


class Report:
    """Where the report of a command that writes records (or a picture) goes: to
    ``--report FILE``, written whole at the end; else to standard output when that does
    not carry the records; else to standard error, so that the records stay clean. The
    streams are looked up when written to, so that a progress display that holds them
    (rich's) prints the report above itself."""

    def __init__(self, file: Path | None, records_on_stdout: bool) -> None:
        self.file = file
        self.err = records_on_stdout
        """Whether the report goes to standard error (else standard output), unless to
        ``file``."""
        self.kept: list[str] = []
        self.stage: Stage | None = None
        """The stage the report's file joins, inside :meth:`staged`."""

    @contextlib.contextmanager
    def staged(self) -> Iterator[Stage | None]:
        """The stage the command's files join when the report has a file (else
        ``None``): they and the report's file go in place together when the block ends,
        or none of them (a report that cannot be written leaves the records' file as it
        was). The block ends by writing the report (:meth:`finish` or :meth:`close`)."""
        if self.file is None:
            yield None
            return
        from notation.io.output import staged_outputs

        with staged_outputs() as stage:
            self.stage = stage
            try:
                yield stage
            finally:
                self.stage = None

    def say(self, text: str) -> None:
        """Add a line to the report."""
        self.write(text + "\n")

    def tell(self, diagnostic: Diagnostic) -> None:
        """Add a diagnostic to the report, one line, coloured on a terminal
        (:func:`colored`)."""
        from .display import painted

        color = self.file is None and colored(sys.stderr if self.err else sys.stdout)
        self.write(painted(diagnostic, color) + "\n")

    def write(self, text: str) -> None:
        """Add ``text`` to the report: now on its stream, or kept for its file."""
        if self.file is not None:
            self.kept.append(text)
        elif self.err:
            # sys.stderr itself, not click's echo (which writes to the buffer beneath it):
            # a progress display that holds the stream prints the line above itself.
            if sys.stderr is not None:
                sys.stderr.write(text)
                sys.stderr.flush()
        else:
            echo(text, nl=False)

    def finish(self, done: Reported) -> None:
        """End the report with ``done``'s last lines (or its JSON document), and write its
        file (:meth:`close`)."""
        if done.json:
            self.write(done.document())
        else:
            for line in done.lines(quiet=OUTPUT.quiet):
                self.say(line)
        self.close()

    def close(self) -> None:
        """Write the report's file, if it has one (joining the stage of :meth:`staged`)."""
        if self.file is not None:
            write_text(self.file, "".join(self.kept), self.stage)


def report_to(
    file: Path | None,
    paths: list[str],
    *,
    records_on_stdout: bool,
    output: Path | None = None,
    rest: Path | None = None,
    in_place: bool = False,
) -> Report:
    """The :class:`Report` of a command reading ``paths`` and writing to ``output`` (and
    ``rest``: ``select --rest``), or rewriting its inputs (``in_place``); ``file``
    (``--report``) naming an input, the output or the rest, standard output while the
    records go there, or one that cannot be written, is a usage error (exit 2), as is a
    report on standard output when that is a file the command replaces (``-o out > out``).
    Standard output named (``-``, ``/dev/stdout``) is standard output, as without
    ``file``."""
    from notation.io.files import expand, input_paths
    from notation.io.output import display, same_file

    if file is not None and str(file) == "-":
        if records_on_stdout:
            fail(
                "--report - would mix the report with the records on standard output: "
                "give the records a file (-o FILE) or the report one (--report FILE)"
            )
        file = None
    if file is not None and (
        _standard_output(file) or (records_on_stdout and standard_output_file(file))
    ):
        if records_on_stdout:
            fail(
                f"--report {display(file)} names standard output, where the records go: give "
                "the records a file (-o FILE) or the report another one"
            )
        file = None
    if file is not None:
        inputs = list(expand(paths))
        if any(same_file(file, Path(path)) for path in input_paths(inputs)):
            fail(f"--report {display(file)} is an input of this command: it is not overwritten")
        if output is not None and same_file(file, output):
            fail(f"--report and --output name one file: {display(file)}")
        if rest is not None and same_file(file, rest):
            fail(f"--report and --rest name one file: {display(file)}")
        writable(file, inputs)
    if file is None and not records_on_stdout:
        _not_replaced(output, rest, paths if in_place else [])
    return Report(file, records_on_stdout)


def _not_replaced(output: Path | None, rest: Path | None, rewritten: list[str]) -> None:
    """Refuse, as a usage error, a report on standard output that is the file ``output``
    or ``rest`` names, or one of the inputs ``rewritten`` in place: the file put in its
    place would leave the report in the one replaced."""
    from notation.io.files import expand, input_paths, own_descriptor
    from notation.io.output import display

    for option, path, what in (("--output", output, "output"), ("--rest", rest, "rest")):
        # A name of a descriptor (/dev/fd/N) is written into where it stands, not replaced.
        if path is not None and own_descriptor(str(path)) is None and standard_output_file(path):
            fail(
                f"{option} {display(path)} names standard output, where the report goes: "
                f"give the report a file (--report FILE) or the {what} another one"
            )
    for name in input_paths(list(expand(rewritten))):
        if standard_output_file(Path(name)):
            fail(
                f"{display(name)} is standard output, where the report goes, and --in-place "
                "replaces it: give the report a file (--report FILE)"
            )


def _standard_output(file: Path) -> bool:
    """Whether ``file`` names this process's standard output (``/dev/stdout``)."""
    from notation.io.files import own_descriptor

    return own_descriptor(str(file)) == 1


def standard_output_file(file: Path) -> bool:
    """Whether ``file`` is the file standard output was sent to (``> file``)."""
    try:
        out, found = os.fstat(1), os.stat(file)
    except OSError:
        return False
    return (out.st_dev, out.st_ino) == (found.st_dev, found.st_ino)


class Written(Protocol):
    """A report a command writes: the problems met reading its inputs, and its text."""

    @property
    def problems(self) -> Sequence[Diagnostic]:
        """Inputs that could not be read and encodings guessed."""
        ...

    @property
    def status(self) -> int:
        """The exit status: 2 when an input could not be read."""
        ...

    def written(self, form: str) -> str:
        """The report in ``form``: text or json."""
        ...


W = TypeVar("W", bound=Written)


def report_of(output: Path | None, paths: list[str], run: Callable[[], W], form: str) -> W:
    """``run()``'s report, once ``output`` is known to be writable (:func:`paths_written`):
    its problems said on standard error, then its text in ``form`` written
    (:func:`write_report`). When an input could not be read (exit status 2) the report
    would leave its games out without a word: nothing is written, and the command ends."""
    paths_written(output, paths)
    report = run()
    for problem in report.problems:
        echo_problem(problem)
    if report.status == 2:
        say("nothing written: an input could not be read")
        raise typer.Exit(2)
    write_report(output, report.written(form))
    return report


def settings_of(make: Callable[..., S], **options: Any) -> S:
    """A command's settings, ``make(**options)``; an option that cannot be used is a
    usage error naming it (exit 2)."""
    from notation.run.settings import SettingsError

    try:
        return make(**options)
    except SettingsError as error:
        raise typer.BadParameter(error.message, param_hint=error.option) from None


def ran(run: Callable[[], R]) -> R:
    """``run()``; settings that cannot work with the inputs end the command with their
    message (exit 2)."""
    from notation.archive.rewrite import RewriteError

    try:
        return run()
    except RewriteError as error:
        fail(str(error))


A = TypeVar("A")
P = ParamSpec("P")
R = TypeVar("R")
S = TypeVar("S")


def echo_problem(diagnostic: Diagnostic) -> None:
    """Print a diagnostic on standard error, one line, coloured as :func:`colored` says."""
    from .display import painted

    color = colored(sys.stderr)
    typer.echo(painted(diagnostic, color), err=True, color=color)
