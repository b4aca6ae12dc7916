"""The setup tags every game reads alike: the ``Rules`` option list, the ``Notation`` tag,
the fields of a draughts-shaped ``FEN`` tag and a draughts record's start.

Each game decides what its options, notations and squares are; this module reads the tags
and words every problem the same way, ``<Tag>: <what is wrong>; <Game> knows <choices>``
(``FEN '<value>': <what is wrong>`` for a FEN), so that a record of any game gets the same
kind of message for the same kind of mistake.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

from notation.games.base import SetupError, Side, reading_tag
from notation.plain import NamedTuple, TypeVar

P = TypeVar("P")


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
    text = tags.get("Rules")
    options = rule_options(text) if text else None
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


def kept_notation(tags: Mapping[str, str], notation: str) -> dict[str, str]:
    """A ``Notation`` tag naming ``notation`` where ``tags`` has one, so that it stays
    true when the record is rewritten in ``notation``; nothing otherwise."""
    return {"Notation": notation} if "Notation" in tags else {}


class FenFields(NamedTuple):
    """The fields of a ``<turn>:W<pieces>:B<pieces>[:<letter><value>...]`` FEN tag.

    ``pieces`` holds each side's field after its letter, by :class:`Side`, as written;
    ``extra`` holds the other fields present, by upper-case letter, after the letter.
    """

    turn: Side
    pieces: tuple[str, str]
    extra: Mapping[str, str]


_NO_EXTRA: Mapping[str, str] = MappingProxyType({})


def draughts_start(
    tags: Mapping[str, str],
    start: P,
    check_gametype: Callable[[str], None],
    parse_fen: Callable[[str], P],
) -> P:
    """The position a draughts record's tags set up: its ``GameType`` tag checked by
    ``check_gametype``, then the position ``parse_fen`` reads from its ``FEN`` tag, or
    ``start`` without one (a :class:`SetupError` is blamed on the tag it comes from)."""
    gametype = tags.get("GameType")
    if gametype is not None:
        with reading_tag("GameType"):
            check_gametype(gametype)
    fen = tags.get("FEN")
    if fen is None:
        return start
    with reading_tag("FEN"):
        return parse_fen(fen)


def fen_error(text: str, problem: str) -> SetupError:
    """The error for a ``FEN`` tag ``text`` with ``problem`` (``FEN 'W:Wx:B1': <problem>``)."""
    return SetupError(f"FEN {text!r}: {problem}", "FEN")


def fen_fields(
    text: str,
    title: str,
    *,
    pieces: str = "pieces",
    extra: Mapping[str, str] = _NO_EXTRA,
    final_period: bool = True,
) -> FenFields:
    """The side to move and the fields of FEN ``text`` for game ``title``.

    After the turn (``W`` or ``B``) come the fields in any order, each once: ``W`` and
    ``B`` (each side's ``pieces``), both required, and the optional fields ``extra`` names
    (letter: what it gives). Letters are read in either case, fields around whitespace;
    ``final_period`` allows the ``.`` that may end a PDN FEN. :class:`SetupError` on the
    ``FEN`` tag when the fields are not these.
    """
    body = text.strip()
    if final_period:
        body = body.removesuffix(".")
    turn, *fields = (field.strip() for field in body.split(":"))
    if turn.upper() not in ("W", "B"):
        raise fen_error(text, "it must start with the side to move, W or B")
    known = {"W": f"White's {pieces}", "B": f"Black's {pieces}", **extra}
    values: dict[str, str] = {}
    for field in fields:
        letter = field[:1].upper()
        if letter not in known:
            listed = [f"{key} ({what})" for key, what in known.items()]
            raise fen_error(
                text,
                f"unknown field {field!r}; a {title} FEN has the fields "
                f"{', '.join(listed[:-1])} and {listed[-1]}",
            )
        if letter in values:
            raise fen_error(text, f"the {letter} field is given twice")
        values[letter] = field[1:]
    missing = [key for key in ("W", "B") if key not in values]
    if len(missing) == 2:
        raise fen_error(text, "the W and B fields are missing")
    if missing:
        raise fen_error(text, f"the {missing[0]} field ({known[missing[0]]}) is missing")
    return FenFields(
        Side.WHITE if turn.upper() == "W" else Side.BLACK,
        (values.pop("W"), values.pop("B")),
        values,
    )


def fen_items(value: str) -> list[str]:
    """The entries of a comma-separated FEN field value, stripped, empty entries skipped."""
    return [item for item in (part.strip() for part in value.split(",")) if item]
