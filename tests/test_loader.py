"""The toolkit's own loader (:mod:`notation.loader`): every module and subpackage is loaded
from the bytecode the interpreter would read, under the names the interpreter gives, and
anything but a fresh timestamped bytecode file (none, a stale one, one checked by hash, an
extension module) is left to the interpreter's own import system."""

from __future__ import annotations

import json
import os
import py_compile
import subprocess
import sys
import types
from pathlib import Path

from notation import loader

ROOT = Path(__file__).resolve().parents[1]

# Imports every module of the package (those an extra it lacks cannot import left out, and
# the command's ``__main__``) and prints, for each, its loader's class, whether its bytecode
# file is the one the interpreter names for its source, and its search path (a package's).
PROBE = """
import importlib, importlib.util, json, os, sys
import notation
import notation.cli
names = []
for name, top in (("notation", notation.__path__[0]), ("notation.cli", notation.cli.__path__[0])):
    for folder, subfolders, files in os.walk(top):
        subfolders[:] = [s for s in subfolders if s not in ("__pycache__", "cli")]
        package = name + folder[len(top):].replace(os.sep, ".")
        names += [f"{package}.{f[:-3]}" for f in sorted(files) if f.endswith(".py")]
shown = {}
for name in names:
    if name.endswith(".__main__"):
        continue
    name = name.removesuffix(".__init__")
    try:
        module = importlib.import_module(name)
    except ImportError:
        continue
    source = module.__file__.endswith(".py")
    expected = importlib.util.cache_from_source(module.__file__) if source else None
    shown[name] = [
        type(module.__loader__).__name__,
        getattr(module, "__cached__", None) == expected == module.__spec__.cached,
        module.__file__ == module.__spec__.origin,
        getattr(module, "__path__", None),
    ]
print(json.dumps(shown))
"""


def _environment(**more: str) -> dict[str, str]:
    """This process's environment, bytecode written, with ``more``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, **more}


def _loaded(*options: str, env: dict[str, str]) -> dict[str, list[object]]:
    """What :data:`PROBE` prints, run by this interpreter with ``options``."""
    done = subprocess.run(
        [sys.executable, *options, "-c", PROBE],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=env,
    )
    shown: dict[str, list[object]] = json.loads(done.stdout.splitlines()[-1])
    return shown


def _expected(shown: dict[str, list[object]]) -> dict[str, list[object]]:
    """What :data:`PROBE` should print: the loader's class for each module (the package and
    this module loaded before the loader was, a compiled module by the extension loader, a
    package outside its parent's folder, as an editable install puts ``notation.cli``, by
    the import system's finder)."""
    from notation.compiled import MODULES, build

    compiled = build() != "pure Python"

    def kind(name: str) -> str:
        if name in ("notation", "notation.loader"):
            return "SourceFileLoader"
        places = shown[name][3]
        if isinstance(places, list):  # a package: the loader's only in its parent's folder
            parent = shown[name.rpartition(".")[0]][3]
            assert isinstance(parent, list)
            if os.path.dirname(places[0]) != parent[0]:
                return "SourceFileLoader"
        if compiled and name in MODULES:
            return "ExtensionFileLoader"
        return "Fresh"

    return {name: [kind(name), *facts[1:]] for name, facts in shown.items()}


def test_every_module_is_loaded_from_the_bytecode_the_interpreter_names(tmp_path: Path) -> None:
    env = _environment(PYTHONPYCACHEPREFIX=str(tmp_path / "pyc"))
    first = _loaded(env=env)  # writes the bytecode files
    again = _loaded(env=env)
    assert first == again == _expected(again)
    assert len(again) > 120 and "notation.cli.commands.validate" in again
    for name in ("notation.games", "notation.cli", "notation.cli.main", "notation.record.reader"):
        assert again[name][1:3] == [True, True], name
    top = again["notation"][3]
    assert isinstance(top, list)
    assert again["notation.games"][3] == [os.path.join(top[0], "games")]
    assert again["notation.games.draughts"][3] is None


def test_an_optimized_interpreter_reads_its_own_bytecode_files(tmp_path: Path) -> None:
    env = _environment(PYTHONPYCACHEPREFIX=str(tmp_path / "pyc"))
    _loaded("-O", env=env)
    shown = _loaded("-O", env=env)
    assert shown == _expected(shown)
    written = {p.name for p in (tmp_path / "pyc").rglob("draughts.*.pyc")}
    assert written == {f"draughts.{sys.implementation.cache_tag}.opt-1.pyc"}


def test_the_command_runs_as_a_module_through_the_loader(tmp_path: Path) -> None:
    env = _environment(PYTHONPYCACHEPREFIX=str(tmp_path / "pyc"))
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-m", "notation.cli", "validate", "samples/brazilian/endgames.pdn"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
        )
        assert (done.returncode, done.stdout) == (0, "")
        assert done.stderr == "4 games in 1 file: 0 errors, 0 warnings, 0 notices\n"


# Imports ``pkg.mod`` through the loader installed for ``pkg`` and prints its X and its
# loader's class.
IMPORT = """
import sys
sys.path.insert(0, sys.argv[1])
import pkg
from notation.loader import install
assert install(pkg)
import pkg.mod
print(pkg.mod.X, type(pkg.mod.__loader__).__name__)
"""


def _imported(folder: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", IMPORT, str(folder)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=_environment(),
    )
    return done.stdout


def _package(tmp_path: Path, text: str) -> tuple[Path, Path]:
    """A package ``pkg`` in ``tmp_path`` whose module ``mod`` holds ``text``, and the
    module's source."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    source = package / "mod.py"
    source.write_text(text)
    return package, source


def test_a_missing_then_a_stale_bytecode_file_is_compiled_anew(tmp_path: Path) -> None:
    package, source = _package(tmp_path, "X = 1\n")
    assert _imported(tmp_path) == "1 Fresh\n"
    cached = package / "__pycache__" / f"mod.{sys.implementation.cache_tag}.pyc"
    assert cached.exists()
    source.write_text("X = 22\n")
    os.utime(source, (1_000_000_000, 1_000_000_000))
    assert _imported(tmp_path) == "22 Fresh\n"
    assert _imported(tmp_path) == "22 Fresh\n"


def test_a_fresh_bytecode_file_is_read_as_the_interpreter_reads_it(tmp_path: Path) -> None:
    """A bytecode file whose header matches the source is taken as it is, here one compiled
    from other text of the same size and time: the interpreter's own loader takes it too."""
    package, source = _package(tmp_path, "X = 1\n")
    facts = source.stat()
    source.write_text("X = 7\n")
    cached = package / "__pycache__" / f"mod.{sys.implementation.cache_tag}.pyc"
    py_compile.compile(str(source), str(cached))
    source.write_text("X = 1\n")
    os.utime(source, ns=(facts.st_atime_ns, facts.st_mtime_ns))
    os.utime(cached.parent, ns=(facts.st_atime_ns, facts.st_mtime_ns))
    data = cached.read_bytes()
    cached.write_bytes(data[:8] + int(facts.st_mtime).to_bytes(4, "little") + data[12:])
    assert _imported(tmp_path) == "7 Fresh\n"
    done = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(tmp_path)!r})\n"
         "import pkg.mod; print(pkg.mod.X)"],
        capture_output=True, text=True, check=True, env=_environment(),
    )  # fmt: skip
    assert done.stdout == "7\n"


def test_a_bytecode_file_checked_by_hash_is_left_to_the_interpreter(tmp_path: Path) -> None:
    package, source = _package(tmp_path, "X = 1\n")
    cached = package / "__pycache__" / f"mod.{sys.implementation.cache_tag}.pyc"
    mode = py_compile.PycInvalidationMode.CHECKED_HASH
    py_compile.compile(str(source), str(cached), invalidation_mode=mode)
    source.write_text("X = 3\n")
    assert _imported(tmp_path) == "3 Fresh\n"


def _module(folder: Path, name: str) -> types.ModuleType:
    """A package ``name`` as the interpreter leaves it once loaded from ``folder``."""
    module = types.ModuleType(name)
    module.__file__ = str(folder / "__init__.py")
    setattr(module, "__cached__", str(folder / "__pycache__" / "__init__.cpython-311.pyc"))  # noqa: B010
    return module


def test_a_compiled_module_or_a_name_of_two_files_is_left_to_the_import_system(
    tmp_path: Path,
) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "flat").mkdir()
    names = (
        "__init__.py",
        "plain.py",
        "plain.txt",
        "fast.py",
        "fast.cpython-311-x86_64-linux-gnu.so",
    )
    for name in names:
        (package / name).write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "twice.py").write_text("")
    (package / "twice").mkdir()
    (package / "both.py").write_text("")
    (package / "both").mkdir()
    (package / "both" / "__init__.py").write_text("")
    folder = loader._folder(_module(package, "pkg"))
    assert folder is not None
    where, kinds, cache, tail = folder
    assert (where, cache, tail) == (str(package), str(package / "__pycache__"), ".cpython-311.pyc")
    modules, folders = loader._MODULE, loader._FOLDER
    assert {k: v for k, v in kinds.items() if k != "__init__"} == {
        "plain": modules,
        "fast": loader._OTHER,
        "sub": folders,
        "flat": folders,
        "twice": loader._EITHER,
        "both": loader._EITHER,
    }
    spec_type = type(loader.__spec__)
    finder = loader._Finder("pkg", spec_type, lambda name, path, cached: None)  # type: ignore[arg-type, return-value]
    finder.folders["pkg"] = folder
    path = [str(package)]
    found = {
        n: finder.find_spec(f"pkg.{n}", path)
        for n in ("plain", "fast", "sub", "flat", "twice", "both", "none")
    }
    assert {n: s is not None for n, s in found.items()} == {
        "plain": True, "fast": False, "sub": True, "flat": False, "twice": True, "both": True,
        "none": False,
    }  # fmt: skip
    twice, both = found["twice"], found["both"]
    assert twice is not None and twice.origin == str(package / "twice.py")
    assert both is not None and both.origin == str(package / "both" / "__init__.py")
    sub = found["sub"]
    assert sub is not None and sub.submodule_search_locations == [str(package / "sub")]
    assert sub.cached == str(package / "sub" / "__pycache__" / "__init__.cpython-311.pyc")
    assert finder.find_spec("other.plain", path) is None
    assert finder.find_spec("pkg.plain", [str(tmp_path)]) is None


def test_a_package_not_loaded_from_source_is_not_taken() -> None:
    assert loader.install(types.ModuleType("nothing")) is False
    assert loader._folder(None) is None
    assert loader._folder(types.ModuleType("nowhere")) is None


def test_a_moved_package_names_its_code_where_it_is_now(tmp_path: Path) -> None:
    """Bytecode names the source it was compiled from; a tree moved with its times (a
    relocated environment, a copy) is read from its new place, and its code says so, as
    the interpreter's loader has it."""
    import shutil

    (tmp_path / "a").mkdir()
    _package(tmp_path / "a", "X = 1\ndef f():\n    return X\n")
    assert _imported(tmp_path / "a") == "1 Fresh\n"
    shutil.copytree(tmp_path / "a", tmp_path / "b")
    probe = IMPORT.replace("print(pkg.mod.X", "print(pkg.mod.f.__code__.co_filename, pkg.mod.X")
    done = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path / "b")],
        capture_output=True, text=True, check=True, env=_environment(),
    )  # fmt: skip
    assert done.stdout == f"{tmp_path / 'b' / 'pkg' / 'mod.py'} 1 Fresh\n"


def test_the_package_imported_again_adds_no_second_finder() -> None:
    probe = (
        "import importlib, sys, notation\n"
        "before = list(sys.meta_path)\n"
        "importlib.reload(notation)\n"
        "importlib.invalidate_caches()\n"
        "import notation.games.registry as d\n"
        "print(sys.meta_path == before, type(d.__loader__).__name__)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout == "True Fresh\n"
