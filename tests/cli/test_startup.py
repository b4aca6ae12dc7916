"""What a command imports: only what it uses (a structural check, not a timed one).

Each test runs the ``notation`` command in a fresh interpreter and reads the modules it
imported from ``sys.modules``; ``bench/startup.py`` measures what that saves.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
import typer

from notation.cli.main import COMMANDS, app
from notation.diagnostics import CODES
from notation.games import flying
from notation.games.registry import BUILT_IN, GAMES
from notation.lazy import KEPT_FOR
from notation.run.names import FORMATS

ROOT = Path(__file__).resolve().parents[2]

# Runs the command as the console script does; what is added after it reports on the
# process on standard error.
COMMAND = """
import sys
from notation.cli.main import main
sys.argv = ["notation", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
"""

# The command, then the modules it imported.
RUN = COMMAND + 'print("\\n".join(sorted(sys.modules)), file=sys.stderr)\n'


def forgetting(*names: str) -> str:
    """:data:`RUN`, the modules ``names`` and their submodules forgotten first: an editable
    install's finder imports them as the interpreter starts."""
    return (
        "import sys\n"
        f"names = {names!r}\n"
        "below = tuple(name + '.' for name in names)\n"
        "for name in [n for n in sys.modules if n in names or n.startswith(below)]:\n"
        "    sys.modules.pop(name)\n" + RUN
    )


# pathlib and the modules it imports.
FORGETTING_PATHLIB = forgetting("pathlib", "urllib.parse", "ipaddress")

GAME_MODULES = {place.target.partition(":")[0] for place in BUILT_IN.values()}


def imported(*args: str, run: str = RUN) -> tuple[set[str], str]:
    """The modules ``notation ARGS...`` imports (run by ``run``), and what it printed on
    standard output."""
    done = subprocess.run(
        [sys.executable, "-c", run, *args], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return set(done.stderr.split()), done.stdout


def started() -> set[str]:
    """The modules the interpreter has imported when it starts, before any command."""
    done = subprocess.run(
        [sys.executable, "-c", "import sys; print(*sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return set(done.stdout.split())


BUILD = "pure Python" if flying.__file__.endswith(".py") else "compiled: mypyc"
"""The build that runs, as ``--version`` names it."""


def test_version_imports_no_game_grammar_or_report() -> None:
    modules, out = imported("--version")
    assert out == f"notation {metadata.version('notation')} ({BUILD})\n"
    heavy = {"typer", "click", "parsimonious", "rich", "pydantic", "hypothesis", *GAME_MODULES}
    assert not modules & heavy
    assert "notation.cli.app" not in modules
    for package in (
        "notation.record",
        "notation.check",
        "notation.io",
        "notation.pictures",
        "notation.pages",
        "notation.read",
    ):
        assert package not in modules
    assert "notation.archive" not in modules
    # Nor the diagnostics, dataclasses or typing (``import notation`` needs none of them),
    # nor the signal module's enums (the command sets its handlers with _signal).
    assert not modules & {"notation.diagnostics", "dataclasses", "inspect", "typing", "signal"}


def test_validating_one_game_imports_its_game_only(tmp_path: Path) -> None:
    # The tests run with the cache off (conftest): nor is it imported.
    game = tmp_path / "one.pdn"
    game.write_text('[GameType "26"]\n\n1. 22-18 11-15 *\n', encoding="utf-8")
    modules, out = imported("validate", str(game))
    assert out == ""
    assert modules & GAME_MODULES == {"notation.games.brazilian"}
    for package in (
        "typer",
        "click",
        "notation.cli.app",
        "notation.cli.options",
        "notation.cli.commands.validate",
        "notation.cli.table",
        "notation.cli.display",
        "notation.pictures",
        "notation.pages",
        "notation.archive",
        "notation.check.identity",
        "notation.check.repair",
        "notation.run.cache",
        "notation.run.distributed",
        "notation.record.boundaries",
        "notation.record.jsonform",
        "json",
        "rich",
        "hypothesis",
        "parsimonious",
        "multiprocessing",
        "concurrent.futures",
        "signal",
        "importlib.metadata",
        "logging",
        "xml.etree.ElementTree",
        "tempfile",
        "secrets",
        "shutil",
        "difflib",
        "bisect",
        "dataclasses",
        "inspect",
        "bz2",
        "lzma",
        "zlib",
        "math",
        "random",
        "textwrap",
    ):
        assert package not in modules


@pytest.mark.parametrize("movetext", ["1. 22-18 11-15 *", "{a comment} 1. 22-18 11-15 *"])
def test_a_one_game_validate_imports_no_pathlib(tmp_path: Path, movetext: str) -> None:
    """Its input, the configuration looked for, the reader and the report go by
    :mod:`os.path`: no pathlib (which imports urllib.parse and ipaddress: about 6 ms of
    start-up), nor does ``--version`` import it."""
    game = tmp_path / "one.pdn"
    game.write_text(f'[GameType "26"]\n\n{movetext}\n', encoding="utf-8")
    for args in (["--version"], ["validate", "--no-cache", str(game)]):
        modules, out = imported(*args, run=FORGETTING_PATHLIB)
        assert out.startswith("notation ") if args == ["--version"] else out == ""
        assert not modules & {"pathlib", "urllib.parse", "ipaddress"}


FORGETTING_IMPORTLIB = forgetting("importlib", "warnings")


@pytest.mark.skipif(
    BUILD != "pure Python", reason="mypyc's compiled modules are loaded through importlib"
)
@pytest.mark.parametrize("movetext", ["1. 22-18 11-15 *", "{a comment} 1. 22-18 11-15 *"])
def test_a_one_game_validate_imports_no_importlib(tmp_path: Path, movetext: str) -> None:
    """The game's module and the record's parts are imported with ``__import__``: no
    importlib, which imports warnings (about 0.7 ms of start-up)."""
    game = tmp_path / "one.pdn"
    game.write_text(f'[GameType "26"]\n\n{movetext}\n', encoding="utf-8")
    modules, out = imported("validate", "--no-cache", str(game), run=FORGETTING_IMPORTLIB)
    assert out == ""
    assert "notation.games.brazilian" in modules
    assert not {name for name in modules if name.startswith("importlib")}
    assert "warnings" not in modules


# The command, the cyclic collector's runs counted from its start (the collector run once
# before, so that what the interpreter made as it started does not count); then cycles of
# garbage made until it runs, and the counts.
COUNTING_COLLECTIONS = (
    "import gc, sys\n"
    "from notation.cli.main import main\n"
    "gc.collect()\n"
    "runs = []\n"
    "gc.callbacks.append(lambda phase, info: phase == 'start' and runs.append(info))\n"
    + COMMAND
    + "started = len(runs)\n"
    "made = 0\n"
    "while len(runs) == started and made < 10 ** 5:\n"
    "    cycle = []\n"
    "    cycle.append(cycle)\n"
    "    made += 1\n"
    "print(started, made, file=sys.stderr)\n"
)


@pytest.mark.parametrize("game", ["plain", "comment"])
def test_the_cyclic_collector_does_not_run_while_a_command_starts(
    tmp_path: Path, game: str
) -> None:
    """A command's start makes thousands of objects that live as long as it does: the
    collector, which would go through them again and again, does not run while a
    one-game validate starts and ends; it still runs once a run leaves enough cycles of
    garbage (about 20,000 lists, each holding itself)."""
    (tmp_path / "plain").write_text('[GameType "26"]\n\n1. 22-18 11-15 *\n', encoding="utf-8")
    (tmp_path / "comment").write_text(
        '[GameType "26"]\n\n{a comment} 1. 22-18 11-15 *\n', encoding="utf-8"
    )
    done = subprocess.run(
        [sys.executable, "-c", COUNTING_COLLECTIONS, "validate", "--no-cache", game],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    started, made = map(int, done.stderr.splitlines()[-1].split())
    assert started == 0
    assert 0 < made <= 21_000


def test_what_a_command_made_is_kept_from_the_collection_at_exit(tmp_path: Path) -> None:
    """The interpreter collects once more as it exits, through every object left: the
    command freezes what it made out of that collection's reach."""
    game = tmp_path / "one.pdn"
    game.write_text('[GameType "26"]\n\n1. 22-18 11-15 *\n', encoding="utf-8")
    run = "import gc\n" + COMMAND + "print(gc.get_freeze_count(), file=sys.stderr)\n"
    for args in (["validate", "--no-cache", str(game)], ["codes"]):
        done = subprocess.run(
            [sys.executable, "-c", run, *args], capture_output=True, text=True, check=True
        )
        assert int(done.stderr.splitlines()[-1]) > 10_000


def test_a_one_game_validate_with_the_cache_on_imports_no_pathlib(
    tmp_path: Path, cached: Path
) -> None:
    """The cache folder and the user's key are found and opened by :mod:`os.path` too: a
    run that fills the cache, and one answered from it, import no pathlib."""
    game = tmp_path / "one.pdn"
    game.write_text('[GameType "26"]\n\n1. 22-18 11-15 *\n', encoding="utf-8")
    for _ in range(2):
        modules, out = imported("validate", str(game), run=FORGETTING_PATHLIB)
        assert out == ""
        assert "notation.run.cache" in modules
        assert not modules & {"pathlib", "urllib.parse", "ipaddress"}
    assert {".gitignore", "CACHEDIR.TAG"} <= {path.name for path in cached.iterdir()}


def test_a_one_game_validate_with_the_cache_on_imports_no_dataclasses_or_openssl(
    tmp_path: Path, cached: Path
) -> None:
    """The cache is on by default: its module, which such a run imports, builds no
    dataclass (``dataclasses`` imports ``inspect``: about 6 ms of start-up), and its
    digests load no OpenSSL (``hashlib`` and ``hmac`` do: about 2 ms), nor ``secrets``
    (``random``, ``base64``) unless it makes a key."""
    game = tmp_path / "one.pdn"
    game.write_text('[GameType "26"]\n\n1. 22-18 11-15 *\n', encoding="utf-8")
    modules, out = imported("validate", str(game))
    assert out == ""
    assert "notation.run.cache" in modules
    assert not modules & {"dataclasses", "inspect", "hashlib", "hmac", "_hashlib"}
    assert cached.is_dir()
    # A second run answers from the cache, its key made: nor is secrets imported, and
    # nothing opens or reads a record (the decoder, the reader, its grammar, the game).
    modules, out = imported("validate", str(game))
    assert out == ""
    assert not modules & {"secrets", "random", "hashlib", "hmac", "_hashlib"}
    assert not modules & {
        "notation.io.decode",
        "notation.io.compressed",
        "notation.record.reader",
        "notation.record.grammar",
        "notation.record.lexicon",
        *GAME_MODULES,
    }


def test_a_one_game_validate_answered_from_the_cache_imports_no_typing_or_json(
    tmp_path: Path, cached: Path
) -> None:
    """The modules such a run imports declare their named tuples, protocols and generic
    classes on :mod:`notation.plain`'s stand-ins, and their other annotations' names only
    for the type checker: ``typing`` (about 3 ms of start-up) is not imported; the entry
    is read by json's C scanner, without the ``json`` package (about 1 ms)."""
    game = tmp_path / "one.pdn"
    game.write_text('[GameType "26"]\n\n{a comment} 1. 22-18 11-15 *\n', encoding="utf-8")
    imported("validate", str(game))
    modules, out = imported("validate", str(game))
    assert out == ""
    assert "notation.run.cache" in modules
    assert "notation.check.report" in modules
    assert not modules & {"typing", "json"}


def test_a_one_game_validate_answered_from_the_cache_imports_no_validator(
    tmp_path: Path, cached: Path
) -> None:
    """A report rebuilt from the cache is a :class:`~notation.check.report.GameReport`,
    reported without the validator, the replay, the record model or the worker processes'
    module (in the compiled build, the validator loads the compiled library), its outcome
    without the games' interface (:mod:`notation.games.sides`); a run with a file to
    validate afresh imports them."""
    game = tmp_path / "one.pdn"
    game.write_text('[GameType "26"]\n\n1. 22-18 11-15 *\n', encoding="utf-8")
    imported("validate", str(game))
    modules, out = imported("validate", "--format", "jsonl", str(game))
    assert out == ""
    skipped = {
        "notation.check.validator",
        "notation.check.replay",
        "notation.record.model",
        "notation.run.batch",
        "notation.compiled",
        "notation.games.base",
    }
    assert {"notation.check.report", "notation.games.sides"} <= modules
    assert not modules & skipped
    # Nor importlib (unless the interpreter starts with it, as an editable install's finder
    # does): the package's public names and the games are imported with it when first used.
    assert "importlib" not in modules - started()
    other = tmp_path / "two.pdn"
    other.write_text('[GameType "26"]\n\n1. 22-18 22-17 *\n', encoding="utf-8")
    modules, out = imported("validate", "--format", "jsonl", str(game), str(other))
    found = json.loads(out)
    assert (found["path"], found["code"], found["line"], found["column"], found["ply"]) == (
        str(other),
        "BR202",
        3,
        10,
        2,
    )
    assert modules >= skipped


@pytest.mark.parametrize(
    "movetext", ["1. 22-18 11-15 *", "{a comment} 1. 22-18 (1. 21-17) 11-15 *"]
)
def test_a_one_game_validate_of_brazilian_draughts_imports_no_typing(
    tmp_path: Path, movetext: str
) -> None:
    """Read, replayed and reported without the cache, by the plain-game path or by the
    grammar: nor does the reader, its grammar or the game import ``typing``, in either
    build (the draughts family's named tuples are made in an interpreted module)."""
    game = tmp_path / "one.pdn"
    game.write_text(f'[GameType "26"]\n\n{movetext}\n', encoding="utf-8")
    modules, out = imported("validate", "--no-cache", str(game))
    assert out == ""
    assert "notation.games.brazilian" in modules
    assert "typing" not in modules


FIRST_GAMES = {
    "brazilian": "brazilian/endgames.pdn",
    "cheversi": "cheversi/bundesliga-2025.pdn",
    "english": "english/endgames.pdn",
    "international": "international/endgames.pdn",
    "kavaleria": "kavaleria/kyiv-club-2024.pdn",
    "keny": "keny/endgames.pdn",
    "knight_fight": "knight-fight/championship-2025.pdn",
    "russian": "russian/endgames.pdn",
}
"""Per game module, a sample whose first game is validated alone."""

DRAWN = {
    "international": "ONE:14:1: warning REC210 the game was drawn after ply 26 (5 moves by each"
    " side with two pieces or a king against a lone king), but play went on with 17-11 (game 1,"
    " ply 27)\n",
    "russian": "ONE:17:23: warning REC210 the game was drawn after ply 59 (15 moves by each side"
    " with only kings moved and no capture), but play went on with h6-g5 (game 1, ply 60)\n",
}
"""The warnings of those games (their draw rules read)."""

TYPED = {"cheversi", "kavaleria", "keny", "knight_fight"} if BUILD == "compiled: mypyc" else set()
"""The games whose module imports ``typing`` (which imports ``re``): on the compiled build,
those whose compiled module mypyc gives typing's named tuples."""

KEPT = sys.version_info[:2] in KEPT_FOR
"""Whether this interpreter's patterns are kept between runs (notation.lazy)."""


@pytest.mark.parametrize("game", sorted(FIRST_GAMES))
def test_a_one_game_validate_of_any_game_imports_no_typing(tmp_path: Path, game: str) -> None:
    """Every game's module (and the draw rules they share) declares its class variables,
    constants and named tuples without importing ``typing``."""
    text = (ROOT / "samples" / FIRST_GAMES[game]).read_text(encoding="utf-8")
    one = tmp_path / "one.pdn"
    one.write_text(text.split("\n\n[", 1)[0].rstrip("\n") + "\n", encoding="utf-8")
    modules, out = imported("validate", "--no-cache", str(one))
    assert out.replace(str(one), "ONE") == DRAWN.get(game, "")
    assert f"notation.games.{game}" in modules
    assert ("typing" in modules) == (game in TYPED)


# The installed command (scripts/notation) run as the interpreter runs a script, ``re`` and
# the modules that import it forgotten first; then the modules it imported.
SCRIPT_FORGETTING_RE = (
    "import sys\n"
    "names = ('re', 'fnmatch', 'glob', 'pathlib', 'typing', 'string', 'importlib.util')\n"
    "for name in [n for n in sys.modules if n in names or n.startswith(('re.', 'sre_'))]:\n"
    "    sys.modules.pop(name)\n"
    "path = sys.argv.pop(1)\n"
    "sys.argv[0] = path\n"
    "try:\n"
    "    exec(compile(open(path).read(), path, 'exec'), {'__name__': '__main__'})\n"
    "except SystemExit:\n"
    "    pass\n"
    'print("\\n".join(sorted(sys.modules)), file=sys.stderr)\n'
)


@pytest.mark.parametrize("game", sorted(FIRST_GAMES))
def test_the_command_validating_one_game_imports_no_re(tmp_path: Path, game: str) -> None:
    """Its patterns are read from the file that keeps them (notation.lazy), and the command
    is no entry point's wrapper (which imports ``re`` to tidy ``sys.argv[0]``): a run that
    compiles no pattern imports no ``re``, nor what it imports (2.5 to 3 ms of start-up)."""
    text = (ROOT / "samples" / FIRST_GAMES[game]).read_text(encoding="utf-8")
    one = tmp_path / "one.pdn"
    one.write_text(text.split("\n\n[", 1)[0].rstrip("\n") + "\n", encoding="utf-8")
    script = str(ROOT / "scripts" / "notation")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    (tmp_path / "cache").mkdir()
    for run in range(2):
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT_FORGETTING_RE, script, "validate", str(one)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
        )
        assert done.stdout.replace(str(one), "ONE") == DRAWN.get(game, "")
        modules = set(done.stderr.split())
        assert f"notation.games.{game}" in modules
        # The first run compiles the patterns, and keeps them; the second reads them, and
        # compiles none (the file is not written again).
        assert ("re" in modules) == (run == 0 or game in TYPED or not KEPT)
        kept = tmp_path / "cache" / "notation" / f"patterns.{sys.implementation.cache_tag}.bin"
        if not KEPT:
            assert not kept.exists()
        elif run == 0:
            first = kept.stat()
        else:
            assert (kept.stat().st_ino, kept.stat().st_mtime_ns) == (
                first.st_ino,
                first.st_mtime_ns,
            )


def test_a_pyproject_without_the_table_is_passed_over_unparsed(tmp_path: Path) -> None:
    """A project's own ``pyproject.toml`` (no ``[tool.notation]``: the search goes on
    upwards) costs no TOML parser (``tomllib`` imports ``datetime`` and ``string``)."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "records"\n[tool.ruff]\n')
    game = tmp_path / "one.pdn"
    game.write_text('[GameType "26"]\n\n1. 22-18 11-15 *\n', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", RUN, "validate", "one.pdn"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert done.stdout == ""
    assert not set(done.stderr.split()) & {"tomllib", "datetime", "string"}


def test_the_projects_own_pyproject_is_passed_over_unparsed() -> None:
    """The project's ``pyproject.toml`` names notation often, never as ``tool``'s key:
    a run in the project's folder imports no TOML parser either."""
    modules, out = imported("validate", "--no-cache", "samples/brazilian/endgames.pdn")
    assert out == ""
    assert not modules & {"tomllib", "datetime", "string"}


def test_a_record_the_fast_path_cannot_read_loads_the_grammar(tmp_path: Path) -> None:
    game = tmp_path / "one.pdn"
    game.write_text('[GameType "26"]\n\n1. 22-18 (1. 21-17) 11-15 *\n', encoding="utf-8")
    modules, out = imported("validate", str(game))
    assert out == ""
    assert "parsimonious" in modules


def test_a_game_with_comments_and_nags_needs_no_grammar(tmp_path: Path) -> None:
    game = tmp_path / "one.pdn"
    text = '{before} [GameType "26"]\n\n{a} 1. 22-18 {b} $1 11-15 $2 {c} * {after}\n'
    game.write_text(text, encoding="utf-8")
    modules, out = imported("validate", str(game))
    assert out == ""
    assert "parsimonious" not in modules


# The command, then which forms (for ASCII text, for any) of the run of simple plies and of
# the lexers' tokens and runs it compiled, whether the reader compiled the plain game cut
# by the next game's tags, the line scan's patterns and the grammar's terminals of a
# commented game, and whether the JSON document's start was.
COMPILED = (
    COMMAND
    + """from notation.record import grammar, reader
from notation.read import sources
def forms(patterns):
    return "+".join("ASCII" if kind else "any" for kind in sorted(patterns.compiled)) or "none"
print("compiled:", forms(grammar._SIMPLE_RUN), file=sys.stderr)
for lexer in (grammar.TAGS, grammar.PLIES):
    print(forms(lexer.tokens), forms(lexer.run), file=sys.stderr)
for made in (reader._plain_game, reader._scan_patterns, grammar._terminals):
    print(made.cache_info().currsize > 0, file=sys.stderr)
print(sources._JSON_START._compiled is not None, file=sys.stderr)
"""
)


@pytest.mark.parametrize(
    ("movetext", "compiled"),
    [
        # A plain game: the run of simple plies reads it (the one for ASCII text, or for
        # any where a tag is not ASCII), the tags' tokens are lexed; the file's end is
        # near, so the reader's plain game cut by a next one is not compiled.
        ("\n1. 22-18 11-15 *", "ASCII ASCII none none none False False False False"),
        ('[White "Jönsson"]\n\n1. 22-18 11-15 *', "any any none none none False False False False"),
        # A commented one: its runs lexed once, the walk taking their tokens, neither run
        # pattern compiled, nor the run of simple plies (the movetext opens with a comment);
        # the line scan reads it, and the grammar's terminals; the tokens are those for
        # ASCII text, or for any where the game's text is not ASCII.
        ("\n{a} 1. 22-18 {b} $1 11-15 *", "none ASCII none ASCII none False True True False"),
        ("\n{é} 1. 22-18 {b} $1 11-15 *", "none any none any none False True True False"),
    ],
)
def test_a_one_game_validate_compiles_only_the_patterns_it_reads_with(
    movetext: str, compiled: str, tmp_path: Path
) -> None:
    """Each of these patterns costs ``re`` 0.1 to 3 ms to compile (the run of simple plies
    for any text holds twelve classes of Unicode letters)."""
    game = tmp_path / "one.pdn"
    game.write_text(f'[GameType "26"]\n{movetext}\n', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", COMPILED, "validate", str(game)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert done.stdout == ""
    assert " ".join(done.stderr.partition("compiled:")[2].split()) == compiled


def probed(probe: str) -> str:
    """What the Python code ``probe`` prints, run in a new process."""
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return done.stdout


def test_a_game_code_is_known_where_its_game_was_never_imported() -> None:
    # A report read back (from a worker process, from a cache) can hold a code of a game
    # this process never replayed: looking the code up imports the games.
    probe = (
        "import sys\n"
        "from notation.diagnostics import CODES, Diagnostic\n"
        "assert 'notation.games.keny' not in sys.modules\n"
        "found = Diagnostic('KY207', 'occupied', 1, 1, 'a.pdn')\n"
        "print(found.severity, CODES['KY207'].summary, 'notation.games.keny' in sys.modules)\n"
    )
    assert probed(probe) == "error a Keny move lands on an occupied square True\n"


def test_asking_whether_a_game_is_known_imports_no_game() -> None:
    probe = (
        "import sys\n"
        "from notation.games.registry import GAMES\n"
        "print('keny' in GAMES, 'italian' in GAMES, 'notation.games.keny' in sys.modules)\n"
    )
    assert probed(probe) == "True False False\n"


def test_codes_lists_the_codes_of_every_game() -> None:
    _, out = imported("codes")
    games = list(GAMES.values())
    listed = {line.split()[0] for line in out.splitlines()}
    for game in games:
        names = vars(sys.modules[type(game).__module__]).values()
        # A module's codes: its str constants, and those of a tuple of codes (fmjd's MoveCodes).
        values = [v for name in names for v in (name if isinstance(name, tuple) else (name,))]
        own = {code for code in values if isinstance(code, str) and code in CODES.known}
        assert own and own <= listed, game.name
    assert listed == set(CODES)


@pytest.mark.parametrize("name", list(BUILT_IN))
def test_the_registry_says_where_each_game_is(name: str) -> None:
    place = BUILT_IN[name]
    game = GAMES[name]
    module, _, cls = place.target.partition(":")
    assert (type(game).__module__, type(game).__name__) == (module, cls)
    assert (game.name, game.title, game.gametype) == (name, place.title, place.gametype)


def test_validate_help_names_every_report_format() -> None:
    command = typer.main.get_command(app).commands["validate"]
    (option,) = [p for p in command.params if p.name == "format_"]
    assert option.help == "Report format: " + ", ".join(FORMATS) + "."


def test_help_lists_every_command_without_importing_one() -> None:
    modules, out = imported("--help")
    assert not {m for m in modules if m.startswith("notation.cli.commands.")}
    listed = [line.split()[0] for line in out.partition("Commands:\n")[2].splitlines() if line]
    assert [name for name in listed if name in COMMANDS] == list(COMMANDS)


def test_a_command_imports_its_own_module_only(tmp_path: Path) -> None:
    modules, _ = imported("games")
    assert {m for m in modules if m.startswith("notation.cli.commands.")} == {
        "notation.cli.commands.games"
    }


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_table_gives_each_command_its_first_help_line(name: str) -> None:
    command = typer.main.get_command(app).commands[name]
    assert command.name == name
    assert (command.help or "").splitlines()[0] == COMMANDS[name][1]


REPLAYS = {"parsimonious", "notation.record.grammar", "notation.check.validator"}
"""What reading records and judging them imports: a question to an index needs none."""


@pytest.mark.parametrize(
    "question",
    [
        ["find", "--game", "brazilian", "--position", "W:W21-32:B1-12"],
        ["find", "--tag", "Event=*recife*", "--result", "0-2", "--plies", "3:"],
        ["find", "--player", "barbosa*", "--opening", "22-17"],
        ["tree", "--game", "brazilian", "--moves", "22-17"],
        ["tree", "--game", "brazilian", "--position", "W:W21-32:B1-12"],
    ],
)
def test_find_and_tree_import_no_reader_or_validator(question: list[str], tmp_path: Path) -> None:
    db = str(tmp_path / "index.sqlite")
    game = ROOT / "samples" / "brazilian" / "club-championship-2025.pdn"
    subprocess.run(
        [sys.executable, "-c", RUN, "index", "--db", db, str(game)], check=True, cwd=ROOT
    )
    modules, out = imported(question[0], "--db", db, *question[1:])
    assert out
    assert not modules & REPLAYS
    assert "notation.archive.select" not in modules


def test_version_with_a_command_is_the_apps() -> None:
    # Only a lone --version skips the app; with a command it is the app's eager option.
    modules, out = imported("--version", "games")
    assert out == f"notation {metadata.version('notation')} ({BUILD})\n"
    assert "notation.cli.app" in modules
