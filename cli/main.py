"""The ``notation`` command: its table of commands and :func:`main`.

Each command is a module of :mod:`cli.commands` whose ``command`` is a Typer command
function; :data:`COMMANDS` names them with their one-line help. The Typer app
(:mod:`cli.app`, also reached here as ``app``) imports a command's module only when it runs
(or its own help is asked for), so that ``notation --help`` costs only the app; ``notation
--version`` alone does not import Typer at all.

Exit status (every command): 0 when everything was fine, 1 when a record has a problem,
2 for a usage error or a file that cannot be read.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from typing import Any

COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("validate", "Replay every move of every game and report each problem."),
    "convert": (
        "convert",
        "Convert records between notations and between PDN and JSON, keeping everything else.",
    ),
    "render": ("render", "Draw the position of a record at a ply, the last move marked."),
    "new": (
        "new",
        "Start a record: the seven standard tags, the tags that name and set up the game.",
    ),
    "annotate": (
        "annotate",
        "Add PlyCount, FinalFEN, the decided result and a note at the first illegal move.",
    ),
    "repair": (
        "repair",
        "Correct score-sheet slips: the move meant is the one after which the rest replays.",
    ),
    "fix": ("fix", "Make records consistent: results, PlyCount, standard tags and setup tags."),
    "stats": (
        "stats",
        "Summarize an archive per game: results, lengths, first moves, invalid records.",
    ),
    "duplicates": (
        "duplicates",
        "List the games recorded more than once: same game, start and main-line moves.",
    ),
    "select": (
        "select",
        "Write the games that match every filter, each as its text; --rest the others.",
    ),
    "split": (
        "split",
        "Write each group of games to a file of its own, every game to exactly one.",
    ),
    "merge": (
        "merge",
        "Write every game of every input, in input order, as its text, to one archive.",
    ),
    "index": (
        "index",
        "Store every game of the inputs in an index, with its verdict and positions.",
    ),
    "find": ("find", "List the indexed games that match every filter, from the index alone."),
    "tree": (
        "tree",
        "The moves played from a position in the indexed games, most played first.",
    ),
    "config": ("config", "Show the settings `validate` uses here, and where each comes from."),
    "codes": ("codes", "List every diagnostic code with its severity and meaning."),
    "games": ("games", "List the supported games and their notations."),
}
"""Each command: the module of :mod:`cli.commands` that holds it, and its one-line help
(the first line of its docstring), listed by ``notation --help``."""


def __getattr__(name: str) -> Any:
    # The app and its parts live in cli.app, imported when first asked for.
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
        if not _version_only():
            from .app import app

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
