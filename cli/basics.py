"""What the commands share that needs no Typer: how they print (:data:`OUTPUT`, :func:`say`,
:func:`note`, :func:`echo`, :func:`fail`), the options' value callbacks that refuse
nothing (:func:`one_of`, :func:`standard_output`), and the configuration a command reads.

``validate`` runs through these without building the Typer app (:mod:`cli.quick`), so that
they print alike on both paths; :mod:`cli.options` gives them to the other commands.
"""

from __future__ import annotations

import errno
import functools
import os
import sys
from collections.abc import Callable

from notation.plain import Frozen, Plain
from notation.run.settings import LEAST_TIMEOUT as LEAST_TIMEOUT

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from pathlib import Path
    from typing import NoReturn, ParamSpec, TypeVar

    from notation.io.files import Input, Missing
    from notation.run.config import Config

    P = ParamSpec("P")
    R = TypeVar("R")


class Output(Plain):
    """How a command prints, as its common options say (:mod:`cli.vocabulary`)."""

    _fields = ("quiet", "verbose", "color")
    __slots__ = _fields

    def __init__(self, quiet: bool = False, verbose: bool = False, color: str = "auto") -> None:
        self.quiet = quiet
        """``--quiet``: no summary, note or progress, only the report and the problems."""
        self.verbose = verbose
        """``--verbose``: more said on standard error."""
        self.color = color
        """``--color``: auto, always or never."""


OUTPUT = Output()
"""How the command running prints; its common options set it before it runs."""

STANDARD_INPUT_TWICE = "- (standard input) was given twice: it can be read only once"
"""Why a command that names standard input more than once among its inputs does not run."""


def read_twice(paths: list[str]) -> str | None:
    """Why a command cannot read ``paths``: standard input named more than once (``-``,
    or a name of it: ``/dev/stdin``, ``/dev/fd/0``), which can be read only once; ``None``
    when it is named once at most."""
    if paths.count("-") > 1:
        return STANDARD_INPUT_TWICE
    named = [path for path in paths if _names_standard_input(path)]
    if len(named) < 2:
        return None
    from notation.io.files import shown_name

    first, second = (shown_name(path) for path in named[:2])
    return f"standard input was given twice ({first} and {second}): it can be read only once"


def _names_standard_input(path: str) -> bool:
    """Whether reading ``path`` reads standard input: ``-``, a name of descriptor 0, or
    of another descriptor of the stream standard input reads (a pipe, a terminal)."""
    if path == "-":
        return True
    import stat

    from notation.io.files import names_a_descriptor, own_descriptor

    if own_descriptor(path) == 0:
        return True
    if not names_a_descriptor(path):
        return False
    try:
        found, standard = os.stat(path), os.fstat(0)
    except OSError:
        return False
    same = (found.st_dev, found.st_ino) == (standard.st_dev, standard.st_ino)
    return same and not stat.S_ISREG(found.st_mode)


COLORS = ("auto", "always", "never")
"""The values of ``--color``."""


def say(text: str) -> None:
    """Print a line for the user on standard error (nothing when it is closed)."""
    if sys.stderr is not None:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()


def note(text: str) -> None:
    """Print a line on standard error unless ``--quiet``: a summary or a note."""
    if not OUTPUT.quiet:
        say(text)


def fail(message: str) -> NoReturn:
    """End the command with ``message`` on standard error and exit status 2."""
    say(f"notation: {message}")
    raise SystemExit(2)


def echo(text: str, *, nl: bool = True) -> None:
    """Print ``text`` (and a newline) on standard output now; standard output closed or
    unable to take it ends the command (:func:`fail`), as
    :func:`notation.io.output.write_stdout` does for what the library writes (which
    ``--version`` does not import)."""
    if sys.stdout is None:
        fail("cannot write standard output: it is closed")
    try:
        sys.stdout.write(text + "\n" if nl else text)
        sys.stdout.flush()
    except OSError as error:
        why = "no space left on the device" if error.errno == errno.ENOSPC else error.strerror
        fail(f"cannot write standard output: {(why or str(error)).lower()}")


def colored(stream: object) -> bool:
    """Whether what goes to ``stream`` is coloured: ``--color always`` or ``never``, else
    not when ``NO_COLOR`` is set (not empty), else when ``FORCE_COLOR`` is, else when
    ``stream`` is a terminal (not a dumb one)."""
    if OUTPUT.color != "auto":
        return OUTPUT.color == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty()) and os.environ.get("TERM") != "dumb"


def plural(count: int, word: str) -> str:
    """``word``, with an ``s`` unless ``count`` is 1."""
    return word if count == 1 else word + "s"


def one_of(*choices: str) -> Callable[[str | None], str | None]:
    """An option's callback taking its ``choices`` in any case: a value that is one of
    them, case ignored, is that choice; any other is left for the command to refuse."""

    def choose(value: str | None) -> str | None:
        if value is None:
            return None
        return next((c for c in choices if c.lower() == value.lower()), value)

    return choose


def standard_output(value: os.PathLike[str] | None) -> os.PathLike[str] | None:
    """``-`` as an output, or a name of this process's standard output (``/dev/stdout``,
    ``/dev/fd/1``): standard output, as if none were given (never a file named ``-``, nor
    the file standard output was sent to, replaced)."""
    if value is None:
        return None
    from notation.io.files import own_descriptor

    return None if os.fspath(value) == "-" or own_descriptor(os.fspath(value)) == 1 else value


class Found(Frozen):
    """The configuration a command reads, looked up without a word said: ``config``, the
    files passed over on the way (in ``config.skipped``), and ``problem``, why the command
    cannot go on (a file that cannot be used, options that clash), if it cannot."""

    _fields = ("config", "problem")
    __slots__ = _fields
    config: Config
    problem: str | None

    def __init__(self, config: Config, problem: str | None = None) -> None:
        object.__setattr__(self, "config", config)
        object.__setattr__(self, "problem", problem)

    def said(self) -> Config:
        """The configuration, once each file passed over is said on standard error; a
        ``problem`` ends the command (exit 2)."""
        for passed in self.config.skipped:
            say(f"notation: {passed.notice()}")
        if self.problem is not None:
            fail(self.problem)
        return self.config


def look_up_config(explicit: Path | None, isolated: bool) -> Found:
    """The configuration in force: ``explicit``, else the nearest file the user may read,
    else none (:class:`Found`)."""
    from notation.run.config import NO_CONFIG, ConfigError, find_config, load_config

    if explicit is not None and isolated:
        return Found(NO_CONFIG, "--config and --isolated cannot be given together")
    if isolated:
        return Found(NO_CONFIG)
    found, skipped = (explicit, ()) if explicit is not None else find_config(os.getcwd())
    passed = NO_CONFIG.with_skipped(skipped)
    if found is None:
        return Found(passed)
    try:
        return Found(load_config(found).with_skipped(skipped))
    except ConfigError as error:
        return Found(passed, str(error))


def configured(explicit: Path | None, isolated: bool) -> Config:
    """The configuration in force: ``explicit``, else the nearest file the user may read
    (each one passed over is said on standard error), else none; a bad file ends the
    command (exit 2) with the file and key named."""
    return look_up_config(explicit, isolated).said()


def writable(output: Path | None, inputs: list[Input | Missing]) -> None:
    """Refuse, as a usage error (exit 2), an output that cannot be written or that names
    one of the inputs (standard input included), for a command that cannot rewrite its
    inputs."""
    from notation.io.files import input_paths, reads_standard_input
    from notation.io.output import OutputError, check_target

    if output is None:
        return
    try:
        check_target(
            output, input_paths(inputs), stdin=reads_standard_input(inputs), rewrites=False
        )
    except OutputError as error:
        fail(str(error))


def guarded(command: Callable[P, R]) -> Callable[P, R]:
    """A command whose output errors (a full disk, a folder that went away, standard
    output closed), a closed standard input it reads and a worker process lost end it
    with a plain message and exit status 2, never a traceback; standard output's reader
    gone ends it quietly, as the signal does."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        from notation.io.files import ClosedStream
        from notation.io.output import OutputError, ReaderGone

        try:
            return command(*args, **kwargs)
        except (OutputError, ClosedStream) as error:
            fail(str(error))
        except ReaderGone:
            # End as the signal ends a command whose reader went away while no worker ran
            # (quietly, status 141), leaving no worker process behind.
            import signal

            processes = sys.modules.get("multiprocessing")
            for child in processes.active_children() if processes is not None else ():
                child.terminate()
            signal.signal(signal.SIGPIPE, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGPIPE)
            # The signal blocked (an inherited mask): what standard output still holds goes
            # to the null device, so that the interpreter's last flush does not fail.
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
            raise SystemExit(128 + signal.SIGPIPE) from None
        except Exception as error:
            # Only a run that imported the pool's module can have lost a worker.
            batch = sys.modules.get("notation.run.batch")
            if batch is not None and isinstance(error, batch.WorkerLost):
                fail(str(error))
            raise

    return run
