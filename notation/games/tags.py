"""The setup tags every game reads alike: the ``Rules`` option list and the ``Notation`` tag.

Each game decides what its options and notations are; this module reads the tags and
words every problem the same way, ``<Tag>: <what is wrong>; <Game> knows <choices>``, so
that a record of any game gets the same kind of message for the same kind of mistake.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from notation.games.base import SetupError


def rule_options(text: str) -> list[tuple[str, str]]:
    """The options a ``Rules`` tag value names, in order: (as written, lower case) pairs,
    empty entries skipped (``"a, ,B"`` names ``a`` and ``B``)."""
    options = []
    for raw in text.split(","):
        written = raw.strip()
        if written:
            options.append((written, written.lower()))
    return options


def unknown_option(written: str, title: str, known: Iterable[str]) -> SetupError:
    """The error for a ``Rules`` option ``written`` that game ``title`` does not know."""
    names = ", ".join(known)
    choices = f"{title} knows {names}" if names else f"{title} has no rule options"
    return SetupError(f"Rules: unknown option {written!r}; {choices}", "Rules")


def no_rule_options(tags: Mapping[str, str], title: str) -> None:
    """Check that a game without rule options finds none in its ``Rules`` tag."""
    options = rule_options(tags.get("Rules", ""))
    if options:
        raise unknown_option(options[0][0], title, ())


def read_notation(tags: Mapping[str, str], title: str, notations: tuple[str, ...]) -> str | None:
    """The notation a record's ``Notation`` tag names (in lower case), or ``None`` without
    one; :class:`SetupError` when it names none of ``notations``."""
    value = tags.get("Notation")
    if value is None:
        return None
    notation = value.strip().lower()
    if notation not in notations:
        raise SetupError(
            f"Notation: unknown notation {value!r}; {title} knows {', '.join(notations)}",
            "Notation",
        )
    return notation
