"""Validation reports in the formats CI tools read: text, JSON, JSON Lines, GitHub workflow
annotations, JUnit XML and SARIF 2.1.0, and an HTML page for people.

A :class:`Reporter` is fed a run's events in order (:meth:`Reporter.game` for each game's
verdict, :meth:`Reporter.diagnostic` for a diagnostic about a file as a whole,
:meth:`Reporter.file` at each file's end) and :meth:`Reporter.finish` with the
:class:`Summary`. ``text``, ``jsonl`` and ``github`` write as they go; ``json``, ``junit``,
``sarif`` and ``html`` are single documents written by :meth:`Reporter.finish`. docs/cli.md
documents each format and the JSON schema.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from notation.check.report import GameReport
from notation.diagnostics import CODES, Candidate, Code, Diagnostic, Severity
from notation.io.files import display_name
from notation.lazy import lazy_pattern
from notation.plain import Plain, Protocol
from notation.read.sources import FileResult

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import xml.etree.ElementTree as ET  # imported by the JUnit report only
    from typing import Any

REPORT_FORMAT = "notation-report"
"""The ``format`` field of a JSON report."""

REPORT_VERSION = 1
"""The ``version`` field of a JSON report; it changes when the schema changes."""


SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"

_SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTICE: "note"}
_SURROGATE = lazy_pattern("[\ud800-\udfff]")
_XML_ILLEGAL = lazy_pattern("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


class Writer(Protocol):
    """Where a report is written: a text stream, or anything with its ``write``."""

    def write(self, text: str, /) -> object:
        """Write ``text``."""


class Summary(Plain):
    """Counts over a run's reported diagnostics, and its exit status."""

    _fields = ("files", "games", "valid_games", "severities", "codes", "exit_status")
    __slots__ = _fields

    files: int
    games: int
    valid_games: int
    severities: Counter[Severity]
    codes: Counter[str]
    exit_status: int

    def __init__(
        self,
        files: int = 0,
        games: int = 0,
        valid_games: int = 0,
        severities: Counter[Severity] | None = None,
        codes: Counter[str] | None = None,
        exit_status: int = 0,
    ) -> None:
        self.files = files
        self.games = games
        self.valid_games = valid_games
        self.severities = Counter() if severities is None else severities
        self.codes = Counter() if codes is None else codes
        self.exit_status = exit_status

    def count(self, diagnostic: Diagnostic) -> None:
        """Count one reported diagnostic."""
        self.severities[diagnostic.severity] += 1
        self.codes[diagnostic.code] += 1

    @property
    def errors(self) -> int:
        """Errors reported."""
        return self.severities[Severity.ERROR]

    @property
    def warnings(self) -> int:
        """Warnings reported."""
        return self.severities[Severity.WARNING]

    @property
    def notices(self) -> int:
        """Notices reported."""
        return self.severities[Severity.NOTICE]

    def as_dict(self) -> dict[str, Any]:
        """The summary as the JSON report writes it."""
        return {
            "files": self.files,
            "games": self.games,
            "valid_games": self.valid_games,
            "errors": self.errors,
            "warnings": self.warnings,
            "notices": self.notices,
            "codes": dict(sorted(self.codes.items())),
            "exit_status": self.exit_status,
        }


class _Utf8:
    """Writes to ``out`` only text that UTF-8 can hold: a surrogate escape (a byte of a
    file name that is not UTF-8) is written as a backslash escape, itself escaped in
    JSON text (``\\\\xff``), so every report is valid UTF-8."""

    def __init__(self, out: Writer, json_text: bool) -> None:
        self.out = out
        self.prefix = "\\" if json_text else ""

    def write(self, text: str) -> object:
        if not text.isascii() and _SURROGATE.search(text) is not None:
            text = _SURROGATE.sub(lambda m: self.prefix + display_name(m.group()), text)
        return self.out.write(text)


def json_document(document: object) -> str:
    """A JSON document as the reports write it (``indent=1``, a newline at its end), with
    surrogate escapes (bytes of file names that are not UTF-8) as backslash escapes."""
    import json

    text = json.dumps(document, indent=1, ensure_ascii=False) + "\n"
    return _SURROGATE.sub(lambda m: "\\" + display_name(m.group()), text)


class Reporter:
    """Writes a report to ``out``; this base writes nothing."""

    json_text = False
    """Whether the report is JSON (a backslash in a string is escaped)."""

    def __init__(self, out: Writer) -> None:
        self.out: Writer = _Utf8(out, self.json_text)

    def game(self, result: GameReport) -> None:
        """One game's verdict (its diagnostics already filtered)."""
        for diagnostic in result.diagnostics:
            self.diagnostic(diagnostic)

    def diagnostic(self, diagnostic: Diagnostic) -> None:
        """A diagnostic; called directly for one about a file as a whole."""

    def file(self, result: FileResult) -> None:
        """The end of a file."""

    def finish(self, summary: Summary) -> None:
        """The end of the run."""

    def take(self, event: object) -> None:
        """One event of a run, as reported (:func:`notation.run.validation.validate`):
        a game, a file's end or a diagnostic; any other (progress, a note) is no part of
        a report."""
        if isinstance(event, GameReport):
            self.game(event)
        elif isinstance(event, FileResult):
            self.file(event)
        elif isinstance(event, Diagnostic):
            self.diagnostic(event)


def diagnostic_dict(diagnostic: Diagnostic) -> dict[str, Any]:
    """A diagnostic as the JSON and JSON Lines reports write it."""
    return {
        "path": diagnostic.path,
        "line": diagnostic.line,
        "column": diagnostic.column,
        "severity": str(diagnostic.severity),
        "code": diagnostic.code,
        "message": diagnostic.message,
        "game": diagnostic.game,
        "ply": diagnostic.ply,
        "move": diagnostic.move,
        "legal": list(diagnostic.legal),
        "candidates": [candidate_dict(c) for c in diagnostic.candidates],
        "chosen": diagnostic.chosen,
    }


def candidate_dict(candidate: Candidate) -> dict[str, Any]:
    """A correction as the reports write it: its changes, cost and the plies it explains."""
    return {
        "changes": [
            {"kind": c.kind, "ply": c.ply, "was": list(c.was), "now": list(c.now)}
            for c in candidate.changes
        ],
        "cost": candidate.cost,
        "rest": candidate.rest,
    }


class TextReporter(Reporter):
    """``path:line:col: severity CODE message``, one line per diagnostic."""

    def diagnostic(self, diagnostic: Diagnostic) -> None:
        self.out.write(diagnostic.format() + "\n")


class JsonLinesReporter(Reporter):
    """One JSON object per diagnostic per line, as in the JSON report's ``diagnostics``."""

    json_text = True

    def diagnostic(self, diagnostic: Diagnostic) -> None:
        import json

        self.out.write(json.dumps(diagnostic_dict(diagnostic), ensure_ascii=False) + "\n")


class GithubReporter(Reporter):
    """GitHub Actions workflow commands: ``::error file=...,line=...,col=...,title=CODE::...``."""

    def diagnostic(self, diagnostic: Diagnostic) -> None:
        level = str(diagnostic.severity)
        properties = ",".join(
            f"{key}={escape_property(str(value))}"
            for key, value in (
                ("file", diagnostic.path),
                ("line", diagnostic.line),
                ("col", diagnostic.column),
                ("title", diagnostic.code),
            )
            # Lines and columns count from 1: 0 is an element built in code, read nowhere.
            if key not in ("line", "col") or diagnostic.line > 0
        )
        self.out.write(f"::{level} {properties}::{escape_data(diagnostic.message)}\n")


def escape_data(text: str) -> str:
    """Escape a workflow command's message as GitHub's toolkit does (``%``, CR, LF)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a workflow command's property value: as data, and ``:`` and ``,`` too."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


class JsonReporter(Reporter):
    """One JSON document: ``format``, ``version``, ``files``, ``games``, ``diagnostics``,
    ``summary``."""

    json_text = True

    def __init__(self, out: Writer) -> None:
        super().__init__(out)
        self.files: list[dict[str, Any]] = []
        self.games: list[dict[str, Any]] = []
        self.diagnostics: list[dict[str, Any]] = []
        self.counts: Counter[str] = Counter()

    def game(self, result: GameReport) -> None:
        super().game(result)
        self.counts[result.path] += 1
        severities = Counter(d.severity for d in result.diagnostics)
        self.games.append(
            {
                "path": result.path,
                "index": result.index,
                "line": result.line,
                "column": result.column,
                "game": result.game,
                "plies": result.plies,
                "valid": not severities[Severity.ERROR],
                "errors": severities[Severity.ERROR],
                "warnings": severities[Severity.WARNING],
                "notices": severities[Severity.NOTICE],
            }
        )

    def diagnostic(self, diagnostic: Diagnostic) -> None:
        self.diagnostics.append(diagnostic_dict(diagnostic))

    def file(self, result: FileResult) -> None:
        self.files.append(
            {
                "path": result.path,
                "encoding": result.encoding,
                "readable": result.readable,
                "games": self.counts[result.path],
            }
        )

    def finish(self, summary: Summary) -> None:
        document = {
            "format": REPORT_FORMAT,
            "version": REPORT_VERSION,
            "files": self.files,
            "games": self.games,
            "diagnostics": self.diagnostics,
            "summary": summary.as_dict(),
        }
        import json

        self.out.write(json.dumps(document, indent=1, ensure_ascii=False) + "\n")


class _Case(Plain):
    """A JUnit test case being collected."""

    _fields = ("name", "failing", "errors", "output", "skipped")
    __slots__ = _fields

    name: str
    failing: str
    """``failure`` for a game, ``error`` for the file test case."""
    errors: list[Diagnostic]
    output: list[Diagnostic]
    skipped: bool

    def __init__(
        self,
        name: str,
        failing: str,
        errors: list[Diagnostic] | None = None,
        output: list[Diagnostic] | None = None,
        skipped: bool = False,
    ) -> None:
        self.name = name
        self.failing = failing
        self.errors = list() if errors is None else errors
        self.output = list() if output is None else output
        self.skipped = skipped

    def add(self, diagnostics: list[Diagnostic]) -> None:
        for diagnostic in diagnostics:
            failed = diagnostic.severity is Severity.ERROR
            (self.errors if failed else self.output).append(diagnostic)

    def element(self, path: str) -> ET.Element:
        import xml.etree.ElementTree as ET

        case = ET.Element("testcase", classname=_xml(path), name=self.name)
        if self.skipped and not self.errors:
            ET.SubElement(case, "skipped", message="game type not supported")
        for diagnostic in self.errors:
            failure = ET.SubElement(
                case, self.failing, type=diagnostic.code, message=_xml(diagnostic.message)
            )
            failure.text = _xml(diagnostic.format())
        if self.output:
            out = ET.SubElement(case, "system-out")
            out.text = "".join(_xml(d.format()) + "\n" for d in self.output)
        return case


class JunitReporter(Reporter):
    """JUnit XML: a test suite per file, a test case per game with a ``failure`` per error;
    a ``file`` test case holds what concerns the file as a whole (an ``error`` when it
    cannot be read). Warnings and notices go to the test case's ``system-out``; a game of
    an unsupported type without errors is ``skipped``."""

    def __init__(self, out: Writer) -> None:
        super().__init__(out)
        self.suites: dict[str, list[_Case]] = {}
        self.file_cases: dict[str, _Case] = {}

    def game(self, result: GameReport) -> None:
        case = _Case(f"game {result.index} (line {result.line})", "failure")
        case.add(result.diagnostics)
        case.skipped = result.game is None
        self.suites.setdefault(result.path, []).append(case)

    def diagnostic(self, diagnostic: Diagnostic) -> None:
        case = self.file_cases.get(diagnostic.path)
        if case is None:
            case = self.file_cases[diagnostic.path] = _Case("file", "error")
            self.suites.setdefault(diagnostic.path, []).append(case)
        case.add([diagnostic])

    def finish(self, summary: Summary) -> None:
        import xml.etree.ElementTree as ET

        keys = ("tests", "failures", "errors", "skipped")
        root = ET.Element("testsuites", name="notation validate")
        totals: Counter[str] = Counter()
        for path, cases in self.suites.items():
            suite = ET.SubElement(root, "testsuite", name=_xml(path))
            suite.extend(case.element(path) for case in cases)
            counts = Counter(tests=len(cases))
            for key, tag in (("failures", "failure"), ("errors", "error"), ("skipped", "skipped")):
                counts[key] = sum(1 for case in suite if case.find(tag) is not None)
            for key in keys:
                suite.set(key, str(counts[key]))
            totals.update(counts)
        for key in keys:
            root.set(key, str(totals[key]))
        ET.indent(root)
        self.out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        self.out.write(ET.tostring(root, encoding="unicode") + "\n")


def _xml(text: str) -> str:
    """Text with the characters XML 1.0 cannot hold replaced by U+FFFD (surrogate escapes
    of file names shown as backslash escapes first)."""
    return _XML_ILLEGAL.sub("\ufffd", display_name(text))


class SarifReporter(Reporter):
    """SARIF 2.1.0: one run, one rule per diagnostic code, one result per diagnostic (the
    corrections found for an illegal move in its property bag)."""

    json_text = True

    def __init__(self, out: Writer) -> None:
        super().__init__(out)
        self.results: list[dict[str, Any]] = []
        self.rule_index = {code.code: index for index, code in enumerate(_rules())}

    def diagnostic(self, diagnostic: Diagnostic) -> None:
        result: dict[str, Any] = {
            "ruleId": diagnostic.code,
            "ruleIndex": self.rule_index[diagnostic.code],
            "level": _SARIF_LEVEL[diagnostic.severity],
            "message": {"text": diagnostic.message},
            "locations": [
                {"physicalLocation": {"artifactLocation": {"uri": _uri(diagnostic.path)}}}
            ],
        }
        if diagnostic.line > 0:  # not an element built in code, read nowhere
            result["locations"][0]["physicalLocation"]["region"] = {
                "startLine": diagnostic.line,
                "startColumn": diagnostic.column,
            }
        properties: dict[str, Any] = {
            key: value
            for key, value in (("game", diagnostic.game), ("ply", diagnostic.ply))
            if value is not None
        }
        if diagnostic.candidates:
            properties["candidates"] = [candidate_dict(c) for c in diagnostic.candidates]
            properties["chosen"] = diagnostic.chosen
        if properties:
            result["properties"] = properties
        self.results.append(result)

    def finish(self, summary: Summary) -> None:
        rules = [
            {
                "id": code.code,
                "shortDescription": {"text": code.summary},
                "defaultConfiguration": {"level": _SARIF_LEVEL[code.severity]},
            }
            for code in _rules()
        ]
        document = {
            "$schema": SARIF_SCHEMA,
            "version": "2.1.0",
            "runs": [
                {
                    "tool": {
                        "driver": {
                            "name": "notation",
                            "rules": rules,
                        }
                    },
                    "results": self.results,
                }
            ],
        }
        import json

        self.out.write(json.dumps(document, indent=1, ensure_ascii=False) + "\n")


def _rules() -> list[Code]:
    """The SARIF rules: every diagnostic code, in order."""
    return sorted(CODES.values(), key=lambda c: c.code)


def _uri(path: str) -> str:
    """A relative URI reference for a path as given (the system's separator made ``/``,
    specials quoted): its bytes percent-encoded, those of a name that is not UTF-8 too; a
    name no file system gave (a lone surrogate) as :func:`display_name` shows it."""
    import urllib.parse  # for SARIF only: a text report's start-up loads none of it

    given = path.replace(os.sep, "/")
    try:
        raw = given.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        raw = display_name(given).encode("utf-8")
    return urllib.parse.quote(raw)


class Page(Protocol):
    """The HTML report's page (made by the pages layer, above this one): fed each game's
    report as it arrives, then written whole."""

    def add(self, report: GameReport) -> None:
        """Take the game of ``report`` (and let its replay go)."""

    def page(
        self,
        diagnostics: Sequence[Diagnostic],
        files: Sequence[tuple[str, int]],
        summary: Mapping[str, Any],
    ) -> str:
        """The page: the run's ``diagnostics``, its ``files`` (name, games) and its
        ``summary`` (as the JSON report writes it)."""
        raise NotImplementedError


class HtmlReporter(Reporter):
    """A page a person reads in a browser: the summary, a table of problems to filter, and
    each game with a problem in the viewer, as the run replayed it (its reports are made
    with ``trace``, see :data:`TRACED`)."""

    def __init__(self, out: Writer, page: Page) -> None:
        super().__init__(out)
        self.diagnostics: list[Diagnostic] = []
        self.files: list[tuple[str, int]] = []
        self.counts: Counter[str] = Counter()
        self.shown = page

    def game(self, result: GameReport) -> None:
        super().game(result)
        self.counts[result.path] += 1
        self.shown.add(result)

    def diagnostic(self, diagnostic: Diagnostic) -> None:
        self.diagnostics.append(diagnostic)

    def file(self, result: FileResult) -> None:
        self.files.append((result.path, self.counts[result.path]))

    def finish(self, summary: Summary) -> None:
        self.out.write(self.shown.page(self.diagnostics, self.files, summary.as_dict()))


MakeReporter = Callable[[Writer], Reporter]
"""Makes the reporter of one format, writing to the given stream."""

_REPORTERS: dict[str, type[Reporter]] = {
    "text": TextReporter,
    "json": JsonReporter,
    "jsonl": JsonLinesReporter,
    "github": GithubReporter,
    "junit": JunitReporter,
    "sarif": SarifReporter,
}
TRACED = frozenset({"html"})
"""The formats that show games as the run replayed them: the run keeps, in each report
with a diagnostic, the record and its replay (``trace``, in one process and without the
cache)."""


def reporters(page: Callable[[], Page]) -> dict[str, MakeReporter]:
    """The reporter of each format of :data:`notation.run.names.FORMATS`; ``page`` makes
    the HTML report's page (:class:`notation.pages.report.ReportPage`, handed in from
    above)."""
    made: dict[str, MakeReporter] = dict(_REPORTERS)
    made["html"] = lambda out: HtmlReporter(out, page())
    return made
