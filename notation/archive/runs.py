"""What the runs of the archive commands share: the settings of what they read, and the
end of their reports.

Each archive command (``convert``, ``annotate``, ``fix``, ``repair``, ``select``,
``split``, ``merge``, ``stats``, ``duplicates``, ``new``) is one function of its module,
called with the paths and a frozen settings object, which returns the command's summary;
the settings are made from the command's options by one function beside it
(``convert_settings`` ...), which checks each option and raises
:class:`notation.run.settings.SettingsError` naming the first that cannot be used. The
configuration's ``game`` and ``dialects`` hold for them as for ``validate``
(:func:`read_as`, docs/config.md); the rest of their settings are their options.

The commands that report on standard error in text or as one JSON document (``fix``,
``repair``, ``select``, ``split``, ``merge``) give the lines of the text report as they
come, or keep them for the document; their summaries end the report
(:class:`Reported`), each document in one envelope (:func:`envelope`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from notation import diagnostics as codes
from notation.diagnostics import Diagnostic
from notation.run.config import NO_CONFIG, Config
from notation.run.settings import (
    Games,
    SettingsError,
    flag_option,
    known_dialects,
    known_game,
    setting,
    text_option,
)

if TYPE_CHECKING:
    from notation.check.identity import Occurrence

REPORT_VERSION = 1
"""The ``version`` field of the JSON reports; it changes when a schema changes."""

REPORT_FORMS = ("text", "json")
"""The forms of the report on standard error."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Reading:
    """How a command reads its records."""

    game: str | None = None
    """The game of records whose tags name none, for every input (``None``: the
    configuration's, file by file, else as the README says)."""
    dialects: frozenset[str] = frozenset()
    """The optional dialects read (:mod:`notation.check.dialects`)."""
    encoding: str | None = None
    """The codec of the inputs (``None``: detected)."""
    allow_empty: bool = False
    """Whether an input without a record is accepted (else PDN108, exit status 2)."""
    config: Config = NO_CONFIG
    """The configuration in force: its ``game`` (its per-path overrides') holds for the
    records whose tags name none when ``game`` is not given."""

    def __post_init__(self) -> None:
        flag_option("allow_empty", self.allow_empty)

    @property
    def default(self) -> Games:
        """The game of records whose tags name none, input by input, as ``validate``
        chooses it."""
        return Games(self.game, self.config)


def read_as(
    game: str | None, dialects: Iterable[str] | None, config: Config | None
) -> tuple[str | None, frozenset[str], Config]:
    """The ``game``, ``dialects`` and ``config`` of a :class:`Reading` given the options
    ``game`` and ``dialects`` (``None``: not given) and ``config`` (``None``: none read),
    as ``validate`` reads them: an option given wins over the configuration.
    :class:`SettingsError` naming an option that cannot be used."""
    if config is not None and not isinstance(config, Config):
        raise SettingsError("config", f"{config!r} is not a configuration (Config) or None")
    config = NO_CONFIG if config is None else config
    game = text_option("game", game)
    chosen = None if game is None else known_game(game)
    read = setting(config, "dialects", None if dialects is None else known_dialects(dialects))
    return chosen, read, config


def report_form(form: str) -> str:
    """``form``, a form of :data:`REPORT_FORMS`; :class:`SettingsError` naming
    ``format`` otherwise."""
    if text_option("format", form) not in REPORT_FORMS:
        raise SettingsError("format", " or ".join(REPORT_FORMS) + " expected")
    return form


def exit_status(problems: Iterable[Diagnostic], failed: bool) -> int:
    """The exit status of a command that reads records: 2 when an input could not be read
    or held no record, else 1 when it ``failed``, else 0."""
    if any(p.code in (codes.UNREADABLE, codes.NO_RECORD) for p in problems):
        return 2
    return int(failed)


def enveloped(command: str, body: dict[str, Any]) -> dict[str, Any]:
    """The JSON report of ``command`` as a dict: its format and version, then ``body``."""
    return {"format": f"notation-{command}", "version": REPORT_VERSION, **body}


def envelope(command: str, body: dict[str, Any]) -> str:
    """The JSON report of ``command``: its format and version, then ``body``."""
    from notation.run.formats import json_document

    return json_document(enveloped(command, body))


class Reported(Protocol):
    """The summary of a command that reports on standard error in text or as JSON."""

    @property
    def json(self) -> bool:
        """Whether the report is the JSON document."""

    @property
    def status(self) -> int:
        """The exit status."""

    def lines(self, *, quiet: bool = False) -> list[str]:
        """The lines that end the text report (``quiet``: without the summary line)."""

    def document(self) -> str:
        """The JSON report."""


def drop(text: str) -> None:
    """Say nothing of ``text``."""


def named_again(names: Iterable[str]) -> list[str]:
    """The warning on each input of ``names``, named more than once and read once
    (:func:`notation.io.files.read_once`)."""
    return [f"{name} is named more than once: it is read once" for name in names]


def plural(count: int, word: str) -> str:
    """``word``, with an ``s`` unless ``count`` is 1."""
    return word if count == 1 else word + "s"


@dataclass(slots=True)
class Copied:
    """What ``select``, ``split`` or ``merge`` did, as its report on standard error ends:
    the lines said of what was written and the summary line, or the JSON document."""

    command: str
    """``select``, ``split`` or ``merge``."""
    json: bool
    """Whether the report is the JSON document (else the problems were told as they came)."""
    status: int
    """The exit status."""
    games: int
    """The games read."""
    body: dict[str, Any]
    """The whole JSON report, whatever the report's form: its format and version, where
    each game went, the summary, the warnings, the problems met reading and why nothing
    was written (``None`` when it was)."""
    summary: str
    """The summary line: ``2 of 5 games selected``."""
    said: list[str]
    """The lines of the text report before its end: each file written, each copy left out."""
    refused: str | None = None
    """Why nothing was written, when nothing was."""

    def lines(self, *, quiet: bool = False) -> list[str]:
        """The lines that end the text report: those said, then (when games were read)
        why nothing was written and, unless ``quiet``, the summary."""
        if not self.games:
            return list(self.said)
        refused = [] if self.refused is None else [f"nothing written: {self.refused}"]
        return [*self.said, *refused, *([] if quiet else [self.summary])]

    def document(self) -> str:
        """The JSON report."""
        from notation.run.formats import json_document

        return json_document(self.body)


class Problems:
    """The problems met reading: kept for the JSON report and, with the text report,
    given to ``tell`` as they come."""

    def __init__(self, json: bool, tell: Callable[[Diagnostic], None]) -> None:
        self.json = json
        self.told = tell
        self.kept: list[dict[str, Any]] = []

    def tell(self, diagnostic: Diagnostic) -> None:
        """Keep ``diagnostic`` and, with the text report, give it on."""
        from notation.run.formats import diagnostic_dict

        self.kept.append(diagnostic_dict(diagnostic))
        if not self.json:
            self.told(diagnostic)


class Copying(Protocol):
    """What a run of ``select``, ``split`` or ``merge`` did, as its report needs it."""

    @property
    def status(self) -> int:
        """The exit status."""

    @property
    def games(self) -> int:
        """The games read."""

    @property
    def refused(self) -> str | None:
        """Why nothing was written, when nothing was."""


def copied(
    command: str,
    problems: Problems,
    done: Copying,
    body: dict[str, Any],
    summary: str,
    said: list[str],
) -> Copied:
    """The end of the report of ``command`` (``select``, ``split`` or ``merge``), which
    met ``problems`` reading and did ``done``; ``body`` is the JSON report's own part."""
    whole = enveloped(command, {**body, "diagnostics": problems.kept, "refused": done.refused})
    return Copied(
        command,
        problems.json,
        done.status,
        done.games,
        whole,
        summary,
        said,
        done.refused,
    )


def where(found: Occurrence) -> dict[str, Any]:
    """A game's place in a JSON report."""
    return {"path": found.path, "index": found.index, "line": found.line}


def ignore(diagnostic: Diagnostic) -> None:
    """Drop ``diagnostic``."""
