"""The ``notation`` command: :func:`main`, and its table of commands (:mod:`cli.table`).

Each command is a module of :mod:`cli.commands` whose ``command`` is a Typer command
function; :data:`COMMANDS` names them with their one-line help. The Typer app
(:mod:`cli.app`, also reached here as ``app``) imports a command's module only when it runs
(or its own help is asked for), so that ``notation --help`` costs only the app; ``notation
--version`` alone does not import Typer at all, nor does ``notation validate`` when its
command line is one :mod:`cli.quick` reads (any other goes to the app).

Exit status (every command): 0 when everything was fine, 1 when a record has a problem,
2 for a usage error or a file that cannot be read.
"""

from __future__ import annotations

# The signal module's own core: signal wraps it in enums, made when it is imported (about
# half a millisecond of every command's start-up), which this module has no use for.
import _signal as signal  # type: ignore[import-not-found]
import gc
import os
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import Any

    from .table import COMMANDS as COMMANDS


def __getattr__(name: str) -> Any:
    # The table and the app live in cli.table and cli.app, imported when first asked for.
    if name == "COMMANDS":
        from .table import COMMANDS

        return COMMANDS
    if name in ("app", "load_command", "LazyGroup"):
        from . import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _version_only() -> bool:
    """Print the version when ``--version`` is the command's only argument, as the app
    does, without loading the app; ``False`` (nothing done) otherwise, or when standard
    output cannot take it (the app then reports why)."""
    if sys.argv[1:] != ["--version"] or sys.stdout is None:
        return False
    from notation.compiled import build
    from notation.version import __version__

    try:
        sys.stdout.write(f"notation {__version__} ({build()})\n")
        sys.stdout.flush()
    except OSError:
        return False
    return True


def _validated() -> bool:
    """Run ``notation validate`` without the app (:mod:`cli.quick`) when its command line
    allows; ``False``, nothing done, otherwise."""
    if sys.argv[1:2] != ["validate"]:
        return False
    from .quick import serve

    return serve(sys.argv[2:])


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
    # The cyclic collector runs whenever the objects made since it last ran outnumber
    # those freed by 700 (CPython's default). A one-game validate's start makes about
    # 14,000 that live as long as it does (modules, classes, functions, patterns), which
    # the collector would go through 17 times and more: 2.5 ms of the run's 40. At 20,000
    # it does not run while such a command starts, and the cyclic garbage a long run
    # leaves waiting for it stays small (converting 5,000 games to JSON peaks at 25.7 MiB
    # against 24.4; 35.5 at 100,000; validating them takes as long and as much).
    gc.set_threshold(20_000)
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
        if not _version_only() and not _validated():
            from .app import app

            app()
    except OSError as error:
        # Commands turn their reading and writing errors into messages; what is left is
        # the system failing under them, most often standard error that cannot take a
        # message (a full disk, /dev/full). One line, if it can be written, and exit 2.
        try:  # noqa: SIM105 (contextlib is not imported for so little)
            os.write(2, f"notation: {error.strerror or error}\n".encode(errors="replace"))
        except OSError:
            pass
        sys.stderr = None  # its unwritten text is dropped
        raise SystemExit(2) from None
    finally:
        # The patterns compiled are kept now, where a signal still ends the run with its
        # status (at the interpreter's exit, its SystemExit would be ignored).
        patterns = sys.modules.get("notation.lazy")
        if patterns is not None:
            patterns.keep()
        # The interpreter, as it exits, collects once more: through every object left,
        # about 4 ms after a one-game validate. What the command made is frozen out of
        # that collection's reach: it holds no garbage that needs it (files are closed,
        # workers ended, by then).
        gc.freeze()


def _terminated(number: int, frame: object) -> None:
    raise SystemExit(128 + number)
