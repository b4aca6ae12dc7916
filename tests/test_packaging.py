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
    assert table["project"]["scripts"] == {"notation": "notation.cli.main:main"}
