"""The options every command shares (``-q/--quiet``, ``-v/--verbose``, ``--color``), the
old spellings still taken for one release, and :class:`Command`, which gives each
command both."""

from __future__ import annotations

import time
from typing import Any

import typer
import typer.core

from .basics import COLORS, OUTPUT, say
from .helptext import Command as HelpCommand

DEPRECATED: dict[tuple[str, str], tuple[str, ...]] = {
    ("render", "-i"): ("--index",),
    ("render", "--format"): ("--picture",),
    ("render", "-f"): ("--picture",),
    ("select", "--variant"): ("--game",),
    ("find", "--variant"): ("--game",),
    ("tree", "--variant"): ("--game",),
    ("stats", "--json"): ("--format", "json"),
    ("duplicates", "--json"): ("--format", "json"),
}
"""Old spellings, each under its command, and what each now is; each is taken with a
notice on standard error, for one release."""


def _quiet(ctx: Any, param: Any, value: bool) -> bool:
    OUTPUT.quiet = value
    return value


def _verbose(ctx: Any, param: Any, value: bool) -> bool:
    OUTPUT.verbose = value
    return value


def _color(ctx: Any, param: Any, value: str) -> str:
    chosen = value.lower()
    if chosen not in COLORS:
        raise typer.BadParameter(f"{value!r}: choose auto, always or never")
    OUTPUT.color = chosen
    return chosen


def common_options() -> list[Any]:
    """``-q/--quiet``, ``-v/--verbose`` and ``--color WHEN``: set for the run in
    :data:`cli.options.OUTPUT`, never handed to the command's function."""
    return [
        typer.core.TyperOption(
            param_decls=["--quiet", "-q"],
            is_flag=True,
            default=False,
            expose_value=False,
            callback=_quiet,
            help="Print the report and problems only: no summary, notes or progress.",
        ),
        typer.core.TyperOption(
            param_decls=["--verbose", "-v"],
            is_flag=True,
            default=False,
            expose_value=False,
            callback=_verbose,
            help="Also say the time the command took.",
        ),
        typer.core.TyperOption(
            param_decls=["--color"],
            default="auto",
            metavar="WHEN",
            expose_value=False,
            callback=_color,
            help="Colour the problems: auto (on a terminal, unless NO_COLOR is set or "
            "FORCE_COLOR is), always or never.",
        ),
    ]


def modernized(command: str, args: list[str], valued: set[str]) -> list[str]:
    """``args`` of ``command`` with each old spelling of :data:`DEPRECATED` replaced
    (a notice on standard error for each); ``valued`` names the options that take a
    value, which is passed over as it is, as is everything after ``--``."""
    out: list[str] = []
    index = 0
    while index < len(args):
        word = args[index]
        index += 1
        if word == "--":
            out.extend(args[index - 1 :])
            break
        if word.startswith("--"):
            name, equals, value = word.partition("=")
        elif word.startswith("-") and len(word) > 2 and (command, word[:2]) in DEPRECATED:
            name, equals, value = word[:2], "=", word[2:]
        else:
            name, equals, value = word, "", ""
        now = DEPRECATED.get((command, name))
        if now is not None:
            say(f"notation: {command} {name} is deprecated: use {' '.join(now)}")
            out.extend((*now[:-1], now[-1] + equals + value) if equals else now)
            name = now[0]
        else:
            out.append(word)
        if name in valued and not equals and index < len(args):
            out.append(args[index])
            index += 1
    return out


class Command(HelpCommand):
    """A command of ``notation``: plain help, the common options, the old spellings
    taken, and (``--verbose``) its time said at its end."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.extend(common_options())

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        valued = {
            name
            for param in self.params
            if param.param_type_name == "option" and not getattr(param, "is_flag", False)
            for name in param.opts
        }
        return super().parse_args(ctx, modernized(self.name or "", args, valued))

    def invoke(self, ctx: Any) -> Any:
        start = time.perf_counter()
        try:
            return super().invoke(ctx)
        finally:
            if OUTPUT.verbose:
                say(f"notation: {self.name} took {time.perf_counter() - start:.2f} s")
