"""The optional compiled build (``NOTATION_COMPILE=1 pip install .``, README): the modules
mypyc compiles, and which build runs.

The default install is pure Python; the compiled one builds :data:`MODULES` from these same
sources with mypyc (``setup.py``). A compiled class that interpreted code subclasses (a
game of another module or of a user) is marked ``@mypyc_attr(allow_interpreted_subclasses=True)``;
mypyc reads the mark when compiling, and in the pure build it does nothing, so that neither
build needs mypy to run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

MODULES = (
    "notation.games.flying",
    "notation.games.draughts",
    "notation.games.fmjd",
    "notation.check.replay",
)
"""The modules of the compiled build: the draughts move check and the replay around it."""

T = TypeVar("T")

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*_names: str, **_values: Any) -> Callable[[T], T]:
        """The pure build's stand-in for mypyc's class mark: leaves the class as it is."""
        return lambda kind: kind


def build() -> str:
    """Which build runs: ``compiled: mypyc`` when every module of :data:`MODULES` loads from
    an extension module, else ``pure Python``."""
    from importlib.machinery import EXTENSION_SUFFIXES
    from importlib.util import find_spec

    suffixes = tuple(EXTENSION_SUFFIXES)
    for name in MODULES:
        spec = find_spec(name)
        if spec is None or not (spec.origin or "").endswith(suffixes):
            return "pure Python"
    return "compiled: mypyc"
