"""Diagnostics as printed for a person: one line each, coloured as ruff colours its own
(the path bold, the code bold red, the severity in its colour) when colour is on."""

from __future__ import annotations

from notation.run.formats import TextReporter

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from notation.diagnostics import Diagnostic

BOLD = "\x1b[1m"
CYAN = "\x1b[36m"
RED = "\x1b[1;31m"
RESET = "\x1b[0m"
SEVERITY = {"error": "\x1b[1;31m", "warning": "\x1b[1;33m", "notice": "\x1b[1;36m"}
"""The colour of each severity's name."""


def painted(diagnostic: Diagnostic, color: bool) -> str:
    """``path:line:col: severity CODE message`` on one line (a line break in the message
    is a space), in colour when ``color``."""
    line = diagnostic.format()
    if "\n" in line or "\r" in line:
        line = " ".join(line.splitlines())
    if not color:
        return line
    severity = str(diagnostic.severity)
    rest = line[len(diagnostic.place) + 1 :]
    head = f" {severity} {diagnostic.code} "
    if not rest.startswith(head):
        return line
    colon = f"{CYAN}:{RESET}"
    return (
        f"{BOLD}{diagnostic.shown_path}{RESET}{colon}{diagnostic.line}{colon}{diagnostic.column}"
        f"{colon} {SEVERITY.get(severity, BOLD)}{severity}{RESET} {RED}{diagnostic.code}"
        f"{RESET} {rest[len(head) :]}"
    )


class ColoredTextReporter(TextReporter):
    """``validate``'s text report, each line as :func:`painted` colours it."""

    def diagnostic(self, diagnostic: Diagnostic) -> None:
        self.out.write(painted(diagnostic, True) + "\n")
