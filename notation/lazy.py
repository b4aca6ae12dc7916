"""Regular expressions compiled when first used.

``re`` compiles a pattern in Python code (0.1 to 2 ms each); a module's patterns that most
runs never use (those of errors, of rare layouts) are made with :func:`lazy_pattern`, so
that importing the module does not compile them.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import Any


class _LazyPattern:
    """A pattern's source and flags, answering as the compiled pattern once asked for
    anything of it (compiled then, once)."""

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self._source, self._flags)
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy_pattern({self._source!r})"


def lazy_pattern(source: str, flags: int = 0) -> re.Pattern[str]:
    """What ``re.compile(source, flags)`` gives, compiled when one of its methods or
    attributes is first used: for a pattern that a run seldom uses (each use costs an
    attribute look-up more)."""
    made: Any = _LazyPattern(source, flags)
    return made  # type: ignore[no-any-return]
