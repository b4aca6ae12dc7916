"""What the distribution installs: every package of ``notation/`` and the command line as
``notation.cli``, and nothing at the top level but ``notation``."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _setuptools() -> dict[str, object]:
    table = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found: dict[str, object] = table["tool"]["setuptools"]
    return found


def test_every_package_of_the_source_is_installed() -> None:
    folders = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "notation").rglob("__init__.py")
    }
    commands = {
        "notation.cli" + "".join(f".{part}" for part in path.parent.relative_to(ROOT / "cli").parts)
        for path in (ROOT / "cli").rglob("__init__.py")
    }
    assert sorted(_setuptools()["packages"]) == sorted(folders | commands)  # type: ignore[call-overload]


def test_every_folder_of_modules_is_a_package() -> None:
    # A folder of modules without __init__.py is a namespace package, which the list above
    # would leave out of the distribution.
    for top in ("notation", "cli"):
        for module in (ROOT / top).rglob("*.py"):
            assert (module.parent / "__init__.py").exists(), module.parent


def test_the_command_line_is_installed_inside_the_package() -> None:
    assert _setuptools()["package-dir"] == {"notation.cli": "cli"}
    table = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "scripts" not in table["project"]
    assert _setuptools()["script-files"] == ["scripts/notation"]


def test_the_command_is_a_script_that_runs_main_and_imports_nothing_else() -> None:
    """The installer rewrites its first line to the environment's interpreter; an entry
    point's wrapper would import ``re`` as well (tests/cli/test_startup.py)."""
    script = ROOT / "scripts" / "notation"
    assert script.stat().st_mode & 0o111 == 0o111
    lines = script.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "#!/usr/bin/env python3"
    code = [line for line in lines[lines.index('"""', 1) + 1 :] if line]
    assert code == ["import sys", "from notation.cli.main import main", "sys.exit(main())"]


def _project() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_test_extra_has_setuptools_as_the_build_needs_it() -> None:
    # tests/test_compiled.py imports the build backend, which imports setuptools: from
    # Python 3.12 a new venv has none unless the extra brings it.
    table = _project()
    test = table["project"]["optional-dependencies"]["test"]  # type: ignore[index]
    assert "setuptools>=68" in test
    assert table["build-system"]["requires"] == ["setuptools>=68"]  # type: ignore[index]


def test_every_lower_bound_is_pinned_for_the_lower_bounds_run() -> None:
    # .ci/run installs the test extra with .ci/lower-bounds.txt as pip constraints.
    table = _project()
    project = table["project"]
    wanted = [*project["dependencies"], *project["optional-dependencies"]["test"]]  # type: ignore[index]
    pinned = {
        line.partition("==")[0]: line.partition("==")[2]
        for line in (ROOT / ".ci" / "lower-bounds.txt").read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    }
    for requirement in wanted:
        name, _, bounds = requirement.partition(">=")
        pin = pinned[name.partition("[")[0]]
        assert _release(pin) == _release(bounds.partition(",")[0]), requirement


def _release(version: str) -> tuple[int, ...]:
    """``version``'s numbers, without the zeros that end it (8.2.0 is 8.2)."""
    numbers = [int(part) for part in version.split(".")]
    while numbers and numbers[-1] == 0:
        numbers.pop()
    return tuple(numbers)
