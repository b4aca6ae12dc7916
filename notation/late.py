"""The sources of the diagnostic codes registered late (:func:`notation.diagnostics.add_source`).

A layer above adds its own here without importing :mod:`notation.diagnostics` (the
package's imports every game), so that ``import notation`` stays cheap.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable

SOURCES: list[Callable[[], object]] = []
"""Each is called before :data:`notation.diagnostics.CODES` says that a code is unknown or
lists every code."""
