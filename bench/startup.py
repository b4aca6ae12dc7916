"""Benchmark: the CPU time the ``notation`` command costs before it does any work.

Run by hand (not a test)::

    python bench/startup.py --rounds 15

It times, in child processes, ``notation --version``, ``notation validate`` of a one-game
file (its opening comment needs the record grammar) and of the same game without the
comment (read by the plain-game fast path), both with ``--no-cache``, the first again with
the cache on as it is by default (a re-run answered from a cache in the run's temporary
folder), and ``notation codes``, against ``python -c pass`` (the interpreter's own
start-up, the reference). Three more rows show what no change of the run layers can remove:
``python -c "import re"`` (what a one-game validate no longer imports, nor does the
``notation`` script, unlike the wrapper pip writes for an entry point), the import of the
modules a verdict is made of (the record reader, the validator, the decoding of bytes, and
the Brazilian game, made), with nothing run, and those modules' verdict on the one-game
file, read and replayed through the library (``read_string``, ``validate_record``) with no
command line, settings, report or exit status.

The commands take turns round after round; each command's figure is its least user+system
CPU time over the rounds. It prints each in milliseconds and as a ratio to the reference. The
children run with bytecode caching on (in a temporary folder, filled by a first round that
is not counted, as is the file of the patterns' programs kept in a cache folder there:
``notation.lazy``), as an installed toolkit runs. ``--python PATH`` times another environment
(its ``notation`` command, or ``PATH -m notation.cli``, against ``PATH -c pass``): a real
install in a fresh virtual environment, the compiled build.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SAMPLE = Path(__file__).parent.parent / "samples" / "brazilian" / "endgames.pdn"


COMMENT = "{Three against two, with kings} "
"""The opening comment of the sample's first game."""


VERDICT_MODULES = (
    "import gc; gc.set_threshold(20_000);"
    "import re, notation.record.reader, notation.check.validator, notation.io.decode;"
    "from notation.games.registry import get_game; get_game('brazilian'); gc.freeze()"
)
"""What every one-game validate imports and makes before its run, the collector held off as
``notation``'s ``main()`` holds it: the toolkit's floor."""


LIBRARY_VERDICT = (
    VERDICT_MODULES + "; import sys;"
    "from notation.record.reader import read_string;"
    "from notation.check.validator import validate_record;"
    "text = open(sys.argv[1], encoding='utf-8').read();"
    "reports = [validate_record(r, path=sys.argv[1]) for r in read_string(text, sys.argv[1])];"
    "assert len(reports) == 1 and reports[0].plies == 35 and not reports[0].diagnostics"
)
"""The verdict on the one-game file as a library user gets it (read, replayed, judged),
without the command line, the run's settings, configuration, report or exit status."""


def one_game(folder: Path, *, comment: bool = True) -> Path:
    """A file holding the first game of a sample archive, its opening comment left out
    unless ``comment``."""
    text = SAMPLE.read_text(encoding="utf-8")
    first = text.split("\n\n[Event", 1)[0].rstrip("\n") + "\n"
    if not comment:
        assert COMMENT in first
        first = first.replace(COMMENT, "")
    path = folder / ("one.pdn" if comment else "plain.pdn")
    path.write_text(first, encoding="utf-8")
    return path


def notation_command(python: str) -> list[str]:
    """The ``notation`` command of the environment of the interpreter ``python``,
    else ``-m notation.cli`` run by it."""
    beside = Path(python).parent / "notation"
    if beside.exists():
        return [str(beside)]
    if python == sys.executable:
        found = shutil.which("notation")
        if found:
            return [found]
    return [python, "-m", "notation.cli"]


def cpu_seconds(command: list[str], env: dict[str, str]) -> float:
    """User plus system CPU seconds of one run of ``command``."""
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    # Every command timed succeeds (the game is valid): a failure, such as a `python -c`
    # row's ImportError (status 1), must not be timed as if it had done its work.
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed with status {child.returncode}")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="the interpreter of the environment timed (its notation and its python -c pass)",
    )
    args = parser.parse_args()
    python = str(Path(args.python).absolute())
    notation = notation_command(python)
    with tempfile.TemporaryDirectory() as folder:
        game = one_game(Path(folder))
        plain = one_game(Path(folder), comment=False)
        env = dict(os.environ, PYTHONPYCACHEPREFIX=str(Path(folder) / "pycache"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.pop("NOTATION_NO_CACHE", None)
        # The cache, on by default, in the run's own folder: after the first (untimed)
        # round, each run is a re-run answered from it.
        env["NOTATION_CACHE_DIR"] = str(Path(folder) / "cache")
        env["XDG_STATE_HOME"] = str(Path(folder) / "state")
        env["XDG_CACHE_HOME"] = str(Path(folder) / "xdg-cache")
        (Path(folder) / "xdg-cache").mkdir()
        commands = {
            "python -c pass": [python, "-c", "pass"],
            "notation --version": [*notation, "--version"],
            "notation validate one.pdn": [*notation, "validate", "--no-cache", str(game)],
            "notation validate plain.pdn": [*notation, "validate", "--no-cache", str(plain)],
            "validate one.pdn, cache on": [*notation, "validate", str(game)],
            "notation codes": [*notation, "codes"],
            "python -c 'import re'": [python, "-c", "import re"],
            "the verdict's modules": [python, "-c", VERDICT_MODULES],
            "the library's verdict": [python, "-c", LIBRARY_VERDICT, str(game)],
        }
        best = {name: float("inf") for name in commands}
        for round_ in range(args.rounds + 1):
            for name, command in commands.items():
                seconds = cpu_seconds(command, env)
                if round_:
                    best[name] = min(best[name], seconds)
        version = subprocess.run(
            [*notation, "--version"], env=env, capture_output=True, text=True, check=True
        ).stdout.strip()
        timed = subprocess.run(
            [python, "-c", "import platform; print(platform.python_version())"],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    print(
        f"{platform.machine()}, {os.cpu_count()} cores, Python {timed}, "
        f"best of {args.rounds} rounds, user+system CPU, load {os.getloadavg()[0]:.1f}"
    )
    print(f"{' '.join(notation)}: {version}")
    reference = best["python -c pass"]
    for name, seconds in best.items():
        print(f"{name:<29} {seconds * 1000:6.1f} ms {seconds / reference:6.2f}x the reference")


if __name__ == "__main__":
    main()
