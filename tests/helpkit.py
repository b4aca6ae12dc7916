"""Every command's ``--help`` as rendered at the width of docs/cli.md, and that page's
copy of it; ``python tests/helpkit.py`` writes the copy afresh (after a help text
changed)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import typer.main

from notation.cli.helptext import WIDTH
from notation.cli.main import COMMANDS, app, load_command

PAGE = Path(__file__).resolve().parent.parent / "docs" / "cli.md"
"""The page that holds the help of every command."""

SECTION = "## Help of every command"
"""The heading of the page's section of help texts, its last."""

BLOCK = re.compile(r"<!-- help: (?P<name>[a-z]*) -->\n```text\n(?P<text>.*?)```\n", re.S)


def rendered(name: str | None) -> str:
    """``notation NAME --help`` (``notation --help`` for ``None``), :data:`WIDTH` wide."""
    group = typer.main.get_command(app)
    root = group.context_class(group, info_name="notation", terminal_width=WIDTH)
    if name is None:
        return str(group.get_help(root)) + "\n"
    command = load_command(name)
    context = command.context_class(command, info_name=name, parent=root, terminal_width=WIDTH)
    return str(command.get_help(context)) + "\n"


def documented(page: str) -> dict[str, str]:
    """The help texts of ``page``, by command name (``""`` for ``notation`` itself)."""
    return {m["name"]: m["text"] for m in BLOCK.finditer(page)}


def section() -> str:
    """The page's section of help texts, rendered afresh."""
    parts = [
        SECTION,
        "",
        "What `--help` prints, 80 columns wide (`python tests/helpkit.py` writes this "
        "section afresh; a test checks it).",
        "",
    ]
    for name in ("", *COMMANDS):
        parts.append(f"<!-- help: {name} -->\n```text\n{rendered(name or None)}```\n")
    return "\n".join(parts)


def written(page: str) -> str:
    """``page`` with its section of help texts rendered afresh."""
    head, _, _ = page.partition(SECTION)
    return head.rstrip("\n") + "\n\n" + section()


if __name__ == "__main__":
    PAGE.write_text(written(PAGE.read_text(encoding="utf-8")), encoding="utf-8")
    sys.exit(0)
