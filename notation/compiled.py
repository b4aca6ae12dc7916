"""The optional compiled build (``NOTATION_COMPILE=1 pip install .``, README): the modules
mypyc compiles, and which build runs.

The default install is pure Python; the compiled one builds :data:`MODULES` from these same
sources with mypyc (``setup.py``). A compiled class that interpreted code subclasses (a
game of another module or of a user) is marked ``@mypyc_attr(allow_interpreted_subclasses=True)``;
A class pickled between processes is marked ``@mypyc_attr(native_class=False)``, and
stays a Python class. mypyc reads the marks when compiling, and in the pure build they do
nothing, so that neither build needs mypy to run.
"""

from __future__ import annotations

from collections.abc import Callable

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing

MODULES = (
    "notation.games.flying",
    "notation.games.draughts",
    "notation.games.fmjd",
    "notation.check.replay",
    "notation.games.keny",
    "notation.games.kavaleria",
    "notation.games.knight_fight",
    "notation.games.cheversi",
    "notation.record.grammar",
    "notation.record.reader",
    "notation.check.validator",
    "notation.index.keys",
    "notation.index.entries",
    "notation.index.openings",
)
"""The modules of the compiled build: the move checks, the replay around them, the record
reader, the validator, the index's keys of positions, its workers' entries and the
opening a main line reaches."""

if TYPE_CHECKING:
    from typing import Any, TypeVar

    from mypy_extensions import mypyc_attr as mypyc_attr

    T = TypeVar("T")
else:

    def mypyc_attr(*_names: str, **_values: Any) -> Callable[[T], T]:
        """The pure build's stand-in for mypyc's class mark: leaves the class as it is."""
        return lambda kind: kind


def build() -> str:
    """Which build runs: ``compiled: mypyc`` when every module of :data:`MODULES` loads (or
    was loaded) from an extension module, else ``pure Python``."""
    import os
    import sys
    from importlib.machinery import (
        EXTENSION_SUFFIXES,
        SOURCE_SUFFIXES,
        ExtensionFileLoader,
        FileFinder,
        SourceFileLoader,
    )

    # A module not loaded yet is looked for as the import system would, an extension module
    # first, without importing its package (``--version`` imports no game, nor pathlib).
    top = os.path.dirname(__file__)
    suffixes = tuple(EXTENSION_SUFFIXES)
    for name in MODULES:
        module = sys.modules.get(name)
        if module is not None:
            origin = module.__file__
        else:
            package, _, leaf = name.rpartition(".")
            folder = os.path.join(top, *package.split(".")[1:])
            finder = FileFinder(
                folder,
                (ExtensionFileLoader, EXTENSION_SUFFIXES),
                (SourceFileLoader, SOURCE_SUFFIXES),
            )
            spec = finder.find_spec(leaf)
            origin = spec.origin if spec is not None else None
        if not (origin or "").endswith(suffixes):
            return "pure Python"
    return "compiled: mypyc"
