"""The import graph keeps the README's layering: every module of ``notation/`` and ``cli/``
is in a layer of the README's layout table, imports only the layers its row allows (those
in functions and for type checkers too), and no two layers import each other."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Layer:
    """A row of the layout table: its name, the modules it holds (a ``where`` ending in
    ``/`` is a package, one ending in ``.py`` a module), and the layers it may import."""

    name: str
    where: tuple[str, ...]
    may_import: frozenset[str]

    def holds(self, module: str) -> bool:
        """Whether ``module`` (dotted) is in this layer."""
        for place in self.where:
            if place.endswith("/"):
                package = place.rstrip("/").replace("/", ".")
                if module == package or module.startswith(package + "."):
                    return True
            elif module == _dotted(place):
                return True
        return False


def _dotted(path: str) -> str:
    """The module name of a ``.py`` path relative to the project."""
    parts = path.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def read_layers(readme: str) -> list[Layer]:
    """The rows of the README's table whose header is ``| layer | where | ... | may import |``,
    bottom first."""
    lines = readme.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| layer | where |"))
    layers = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        name, where, allowed = cells[0], cells[1], cells[-1]
        layers.append(
            Layer(
                name,
                tuple(re.findall(r"`([^`]+)`", where)),
                frozenset(re.findall(r"`([^`]+)`", allowed)),
            )
        )
    return layers


def module_name(path: Path, root: Path) -> str:
    """The dotted name of the module at ``path`` under ``root``."""
    return _dotted(path.relative_to(root).as_posix())


def imports(module: str, source: str, is_package: bool, known: set[str]) -> list[str]:
    """Every module of the project that ``source`` (the text of ``module``) imports,
    anywhere in it: at the top, in functions, under ``if TYPE_CHECKING``. ``from P import
    name`` is an import of ``P.name`` when that is a module, else of ``P``."""
    found = []
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                found.append(whole if whole in known else base)
    return [name for name in found if name.split(".")[0] in {"notation", "cli"}]


def modules(root: Path) -> dict[str, tuple[str, bool]]:
    """The source and whether it is a package's ``__init__``, of every module of
    ``notation/`` and ``cli/`` under ``root``."""
    found = {}
    for top in ("notation", "cli"):
        for path in sorted((root / top).rglob("*.py")):
            found[module_name(path, root)] = (
                path.read_text(encoding="utf-8"),
                path.stem == "__init__",
            )
    return found


def layer_of(module: str, layers: list[Layer]) -> Layer | None:
    """The layer that holds ``module``, or ``None``."""
    return next((layer for layer in layers if layer.holds(module)), None)


def violations(sources: dict[str, tuple[str, bool]], layers: list[Layer]) -> list[str]:
    """What breaks the layering: a module in no layer, an import its layer may not make."""
    known = set(sources)
    found = []
    for module, (source, is_package) in sources.items():
        layer = layer_of(module, layers)
        if layer is None:
            found.append(f"{module} is in no layer")
            continue
        for target in sorted(set(imports(module, source, is_package, known))):
            other = layer_of(target, layers)
            if other is None:
                found.append(f"{module} ({layer.name}) imports {target}, which is in no layer")
            elif other is not layer and other.name not in layer.may_import:
                found.append(f"{module} ({layer.name}) imports {target} ({other.name})")
    return found


def cycles(sources: dict[str, tuple[str, bool]], layers: list[Layer]) -> list[list[str]]:
    """The groups of two or more layers that import each other, directly or through others
    (each group sorted, the groups in order)."""
    known = set(sources)
    edges: dict[str, set[str]] = {layer.name: set() for layer in layers}
    for module, (source, is_package) in sources.items():
        layer = layer_of(module, layers)
        for target in imports(module, source, is_package, known):
            other = layer_of(target, layers)
            if layer is not None and other is not None and other is not layer:
                edges[layer.name].add(other.name)

    def reach(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for after in edges[todo.pop()] - seen:
                seen.add(after)
                todo.append(after)
        return seen

    reached = {name: reach(name) for name in edges}
    groups = {
        tuple(sorted({name} | {o for o in reached[name] if name in reached[o]}))
        for name in edges
        if name in reached[name]
    }
    return [list(group) for group in sorted(groups)]


LAYERS = """
| layer | where | what | may import |
|---|---|---|---|
| low | `pkg/low.py` | the bottom | nothing |
| mid | `pkg/mid/` | the middle | `low` |
| top | `pkg/__init__.py`, `pkg/top.py` | the top | `mid`, `low` |

Text after the table.
"""


def test_the_table_is_read_as_written() -> None:
    low, mid, top = read_layers(LAYERS)
    assert low == Layer("low", ("pkg/low.py",), frozenset())
    assert mid == Layer("mid", ("pkg/mid/",), frozenset({"low"}))
    assert top == Layer("top", ("pkg/__init__.py", "pkg/top.py"), frozenset({"mid", "low"}))
    assert [mid.holds(m) for m in ("pkg.mid", "pkg.mid.a.b", "pkg.middle", "pkg")] == [
        True,
        True,
        False,
        False,
    ]
    assert [top.holds(m) for m in ("pkg", "pkg.top", "pkg.low")] == [True, True, False]


def test_every_kind_of_import_is_read() -> None:
    source = """
import notation.io.output
from typing import TYPE_CHECKING
from notation import diagnostics as codes
from notation.games.base import Game
from . import sibling
from ..record.model import Ply
if TYPE_CHECKING:
    from notation.pages.html import page
def later():
    import cli.main
    from notation import __version__
"""
    known = {"notation.diagnostics", "notation.check.sibling", "notation.io.output"}
    assert imports("notation.check.replay", source, False, known) == [
        "notation.io.output",
        "notation.diagnostics",
        "notation.games.base",
        "notation.check.sibling",
        "notation.record.model",
        "notation.pages.html",
        "cli.main",
        "notation",
    ]
    assert imports("notation.check", "from . import replay", True, {"notation.check.replay"}) == [
        "notation.check.replay"
    ]


def test_an_import_that_goes_up_or_sideways_out_of_the_table_is_found() -> None:
    layers = [
        Layer("low", ("notation/low.py",), frozenset()),
        Layer("mid", ("notation/mid/",), frozenset({"low"})),
        Layer("side", ("notation/side/",), frozenset({"low"})),
        Layer("top", ("notation/__init__.py",), frozenset({"mid", "side", "low"})),
    ]
    sources = {
        "notation": ("from notation.mid import a\n", True),
        "notation.low": ("def f():\n    from notation.mid.a import x\n", False),
        "notation.mid": ("", True),
        "notation.mid.a": ("from notation import low\nfrom . import b\n", False),
        "notation.mid.b": ("from notation.side import c\n", False),
        "notation.side.c": ("from notation.mid import a\nimport notation.stray\n", False),
        "notation.stray": ("", False),
    }
    assert violations(sources, layers) == [
        "notation.low (low) imports notation.mid.a (mid)",
        "notation.mid.b (mid) imports notation.side.c (side)",
        "notation.side.c (side) imports notation.mid.a (mid)",
        "notation.side.c (side) imports notation.stray, which is in no layer",
        "notation.stray is in no layer",
    ]
    assert cycles(sources, layers) == [["low", "mid", "side"]]


def test_the_package_keeps_the_readme_layering() -> None:
    layers = read_layers((ROOT / "README.md").read_text(encoding="utf-8"))
    assert [layer.name for layer in layers] == [
        "diagnostics",
        "record",
        "io",
        "read",
        "games",
        "check",
        "run",
        "archive",
        "index",
        "pictures",
        "pages",
        "api",
        "cli",
    ]
    names = {layer.name for layer in layers}
    for number, layer in enumerate(layers):
        assert layer.may_import <= {below.name for below in layers[:number]}, layer.name
        assert layer.may_import <= names
    sources = modules(ROOT)
    found = violations(sources, layers)
    found += [
        f"layers that import each other: {', '.join(group)}" for group in cycles(sources, layers)
    ]
    assert found == [], "\n".join(found)
