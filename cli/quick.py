"""``notation validate`` without the Typer app: the command most run, read by an exact,
small reader of its options (:data:`cli.validating.VOCABULARY` and the common options),
then run as the Typer command runs it (:mod:`cli.validating`).

Whatever the reader does not take as the Typer command would (an option it does not know,
``--help``, a value the command line refuses, an option that cannot be used, shell
completion), it leaves alone, before anything is said: the Typer app then reads the whole
command line, so that every message and exit status is the app's.
"""

from __future__ import annotations

import os
import time

from .basics import (
    COLORS,
    LEAST_TIMEOUT,
    OUTPUT,
    guarded,
    one_of,
    read_twice,
    say,
    standard_output,
)
from .validating import VOCABULARY, Options, Spelled, prepare

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import Any

COMMON = {
    "--quiet": "quiet",
    "-q": "quiet",
    "--verbose": "verbose",
    "-v": "verbose",
    "--color": "color",
}
"""The common options (:func:`cli.vocabulary.common_options`), each to its field of
:data:`cli.basics.OUTPUT`."""

_SPELLED = {name: option for option in VOCABULARY for name in option.names}


def read(args: list[str]) -> tuple[Options, dict[str, Any]] | None:
    """The options of ``notation validate ARGS...`` and the common options' values (by
    field of :data:`cli.basics.OUTPUT`), as the Typer command takes them; ``None`` for a
    command line this reader does not take whole as the Typer command would."""
    values: dict[str, Any] = {}
    common: dict[str, Any] = {}
    paths: list[str] = []
    words = iter(args)
    for word in words:
        if word == "--":
            paths.extend(words)
            break
        if word == "-" or not word.startswith("-"):
            paths.append(word)
            continue
        # --name=value, --name [value] or -n [value]; not -nvalue nor -qv (left to Typer).
        name, equals, given = word.partition("=") if word.startswith("--") else (word, "", "")
        option = _SPELLED.get(name)
        field = COMMON.get(name)
        if field in ("quiet", "verbose") or (option is not None and option.takes == "flag"):
            if equals:
                return None
            if field is not None:
                common[field] = True
            elif option is not None:
                values[option.field] = True
            continue
        if option is None and field is None:
            return None
        if not equals:
            # A value that looks like an option, or none, is left to Typer to judge.
            given = next(words, "-")
            if given.startswith("-"):
                return None
        if option is None:  # --color
            if given.lower() not in COLORS:
                return None
            common["color"] = given.lower()
            continue
        try:
            value = _value(option, given)
        except ValueError:
            return None
        if option.many:
            values.setdefault(option.field, []).append(value)
        else:
            values[option.field] = value
    if not paths or read_twice(paths) is not None:
        return None  # standard input named twice: the app's usage error
    return Options(paths=paths, **values), common


def _value(option: Spelled, given: str) -> object:
    """The value of ``option`` written ``given``, as the Typer command converts it and
    its callback takes it; ValueError for one it refuses."""
    if option.takes == "int":
        return int(given)
    if option.takes == "float":
        number = float(given)
        if not number >= LEAST_TIMEOUT:  # NaN too
            raise ValueError(given)
        return number
    if option.takes == "path":
        # Typer refuses a path that exists and cannot be read, and an empty output name.
        if (os.path.exists(given) and not os.access(given, os.R_OK)) or (
            not given and option.field == "output"
        ):
            raise ValueError(given)
        from pathlib import Path

        path = Path(given)
        return standard_output(path) if option.field == "output" else path
    if option.choices:
        return one_of(*option.choices)(given)
    return given


def serve(args: list[str]) -> bool:
    """Run ``notation validate ARGS...`` as the Typer command would, and exit with its
    status; ``False``, nothing said or done, when this reader leaves the command line to
    the Typer app (:func:`read`, an option that cannot be used)."""
    if any(name.endswith("_COMPLETE") for name in os.environ):
        return False  # a shell asks for completions: the app answers
    taken = read(args)
    if taken is None:
        return False
    options, common = taken
    prepared = prepare(options)
    if prepared.unusable is not None:
        return False
    for field, value in common.items():
        setattr(OUTPUT, field, value)
    start = time.perf_counter()
    try:
        guarded(prepared.run)()
    finally:
        if OUTPUT.verbose:
            say(f"notation: validate took {time.perf_counter() - start:.2f} s")
    return True
