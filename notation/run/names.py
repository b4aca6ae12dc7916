"""The names a configuration file and the options of a run are checked against, kept
apart from the modules that use them (the report formats, the policy) so that reading a
configuration file does not import the validator: ``find`` and ``tree`` read one too."""

from __future__ import annotations

from collections.abc import Iterable

from notation.diagnostics import CODES, Severity

FORMATS = ("text", "json", "jsonl", "github", "junit", "sarif", "html")
"""The report formats, by name (:func:`notation.run.formats.reporters` gives each its
reporter)."""

FAIL_LEVELS = {
    "error": frozenset({Severity.ERROR}),
    "warning": frozenset({Severity.ERROR, Severity.WARNING}),
}
"""The severities that fail a run, by fail level."""


def code_prefixes(values: Iterable[str]) -> tuple[str, ...]:
    """The code prefixes in ``values`` (each comma-separated), upper-cased; ValueError for
    a prefix that starts no code."""
    found = tuple(p.strip().upper() for v in values for p in v.split(",") if p.strip())
    for prefix in found:
        if not any(code.startswith(prefix) for code in CODES):
            raise ValueError(f"no diagnostic code starts with {prefix}")
    return found
