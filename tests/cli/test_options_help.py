"""``--help`` reads as written: plain text, nothing eaten as markup, paragraphs wrapped
whole, ``PATH...`` usage, one metavar style, and the copy in docs/cli.md the same."""

from __future__ import annotations

import pytest
from helpkit import PAGE, documented, rendered

from notation.cli.main import COMMANDS


@pytest.mark.parametrize("name", ["", *COMMANDS])
def test_docs_hold_each_help_as_rendered(name: str) -> None:
    assert documented(PAGE.read_text(encoding="utf-8"))[name] == rendered(name or None)


def test_brackets_are_kept_and_paragraphs_wrapped_whole() -> None:
    shown = rendered("validate")
    assert "pyproject.toml's [tool.notation], or a" in " ".join(shown.split())
    assert "Needs notation[dask]." in shown
    assert (
        "  The report goes to standard output (or --output), the summary and progress to\n"
        "  standard error. Exit status: 0 when no reported problem reaches --fail-level\n"
        "  (or --exit-zero), 1 when one does, 2 for a usage error or an input that cannot\n"
        "  be read.\n"
    ) in shown


@pytest.mark.parametrize(
    ("name", "usage"),
    [
        ("validate", "Usage: notation validate [OPTIONS] PATH..."),
        ("render", "Usage: notation render [OPTIONS] FILE"),
        ("new", "Usage: notation new [OPTIONS] GAME"),
        ("codes", "Usage: notation codes [OPTIONS]"),
    ],
)
def test_usage_names_arguments_plainly(name: str, usage: str) -> None:
    assert rendered(name).splitlines()[0] == usage


def test_the_command_list_is_never_cut() -> None:
    assert (
        "  convert     Convert records between notations and between PDN and JSON,\n"
        "              keeping everything else.\n"
    ) in rendered(None)
