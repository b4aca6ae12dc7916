"""How ``--help`` is laid out: plain text, each paragraph wrapped to the width as written
(no markup read into brackets, no word broken at a hyphen), and usage lines that name
arguments as ``PATH...``."""

from __future__ import annotations

import textwrap
from typing import Any

import typer.core

# Typed Any: typer 0.28 brings its own copy of click, whose classes are not click's, and
# older typers use click's; the classes here extend whichever the installed typer uses.
_Context: Any = typer.core.TyperCommand.context_class
_Formatter: Any = _Context.formatter_class

WIDTH = 80
"""The widest help there is (click's default), and the width of the help in docs/cli.md."""


def wrapped(text: str, width: int, indent: str = "") -> list[str]:
    """``text``'s paragraphs (split at blank lines), each filled to ``width`` with
    ``indent`` before every line, a blank line between paragraphs; options and words
    with hyphens are never broken."""
    lines: list[str] = []
    for paragraph in text.split("\n\n"):
        words = " ".join(paragraph.split())
        if not words:
            continue
        if lines:
            lines.append("")
        lines.extend(
            textwrap.wrap(
                words,
                width,
                initial_indent=indent,
                subsequent_indent=indent,
                break_on_hyphens=False,
                break_long_words=False,
            )
        )
    return lines


class HelpFormatter(_Formatter):  # type: ignore[misc]
    """Click's help formatter, with paragraphs wrapped by :func:`wrapped`."""

    def write_text(self, text: str) -> None:
        indent = " " * self.current_indent
        self.write("\n".join(wrapped(text, self.width, indent)) + "\n")

    def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        first_width = min(max((len(first) for first, _ in rows), default=0), col_max)
        column = first_width + col_spacing
        indent = " " * self.current_indent
        for first, second in rows:
            self.write(f"{indent}{first}")
            if not second:
                self.write("\n")
                continue
            if len(first) <= first_width:
                self.write(" " * (column - len(first)))
            else:
                self.write("\n" + " " * (column + self.current_indent))
            lines = wrapped(second, max(self.width - column - 2, 10))
            gap = " " * (column + self.current_indent)
            self.write("\n".join([lines[0], *(gap + line for line in lines[1:])]) + "\n")


class HelpContext(_Context):  # type: ignore[misc]
    """A command's context, its help laid out by :class:`HelpFormatter` at most
    :data:`WIDTH` wide."""

    formatter_class = HelpFormatter


def usage_pieces(command: Any, ctx: Any) -> list[str]:
    """The usage line of ``command`` after its name: ``[OPTIONS]``, then each argument
    as its metavar (its name in capitals by default), ``...`` after one that takes
    many, in brackets when it may be left out."""
    pieces = [command.options_metavar] if command.options_metavar else []
    for param in command.get_params(ctx):
        if param.param_type_name != "argument":
            continue
        name = param.metavar or (param.name or "").upper()
        if param.nargs != 1:
            name += "..."
        pieces.append(name if param.required else f"[{name}]")
    return pieces


def printed_help(ctx: Any, param: Any, value: bool) -> None:
    """``--help``'s callback: the help on standard output as every command's output is
    written, so that a standard output closed or full ends it with one line and exit
    status 2 (click's own printed nothing and exited 0 when it was closed)."""
    from .basics import echo

    if not value or ctx.resilient_parsing:
        return
    echo(ctx.get_help())
    ctx.exit()


def help_option(option: Any) -> Any:
    """A command's ``--help`` option, printing with :func:`printed_help`."""
    if option is not None:
        option.callback = printed_help
    return option


class Command(typer.core.TyperCommand):
    """A command of ``notation``: plain help (:class:`HelpFormatter`), usage as
    :func:`usage_pieces` writes it."""

    context_class = HelpContext

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return usage_pieces(self, ctx)

    def get_help_option(self, ctx: Any) -> Any:
        return help_option(super().get_help_option(ctx))
