"""The dialects a run can be asked to read: forms of real files that the text cannot tell
apart from an illegal move, so they are read only when asked (docs/dialects.md).

Commands and the library take them as ``dialects: frozenset[str]`` (empty: none), named
by :data:`DIALECTS`; the CLI's ``--dialect NAME`` and the configuration key ``dialects``
give them.
"""

from __future__ import annotations

from collections.abc import Iterable

SHORT_CAPTURES = "short-captures"
"""DraughtsMind's short captures: a capture of several pieces written as its start and
first landing square, read as that capture (PDN115). Without it such a text is the
game's illegal-move error: it is also what a player writes who stopped a capture short."""

DIALECTS = (SHORT_CAPTURES,)
"""Every dialect a run can be asked to read."""

NO_DIALECTS: frozenset[str] = frozenset()
"""The default: read no optional dialect."""


def dialect_set(names: Iterable[str]) -> frozenset[str]:
    """The dialects ``names`` name; a :class:`ValueError` naming the known ones for a name
    that is none of them."""
    chosen = frozenset(names)
    unknown = sorted(chosen.difference(DIALECTS))
    if unknown:
        raise ValueError(
            f"unknown dialect {', '.join(unknown)} (known dialects: {', '.join(DIALECTS)})"
        )
    return chosen
