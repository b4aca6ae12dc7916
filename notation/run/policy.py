"""The policy of a validation run: which diagnostics are reported, what they count for, and
the exit status.

:func:`reported` gives the events of :func:`notation.run.batch.validate_inputs` as a
:class:`Policy` reports them (and :func:`run` feeds them to a
:class:`~notation.run.formats.Reporter`): duplicates
marked (REC208) when asked, codes selected and ignored, every reported diagnostic counted
in a :class:`~notation.run.formats.Summary`, and the exit status decided (0 when nothing
reported reaches the fail level, 1 when something does, 2 when an input could not be read
or held no record). The command line only parses its options into a :class:`Policy`.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Mapping

from notation import diagnostics as codes
from notation.check.report import GameReport
from notation.diagnostics import Severity
from notation.plain import Frozen
from notation.read.sources import FileResult
from notation.run.formats import Reporter, Summary
from notation.run.names import FAIL_LEVELS

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from notation.run.batch import Event

UNREADABLE_CODES = frozenset({codes.UNREADABLE, codes.NO_RECORD})
"""Codes of an input that could not be read: they make the exit status 2 and are not
counted among the records' problems; only ``ignore`` naming the code itself leaves them
out, not ``select``, nor an ignored prefix (``PDN1``)."""


class Policy(Frozen):
    """What a run reports and what fails it."""

    _fields = ("select", "ignore", "fail_level", "exit_zero", "duplicates", "files")
    __slots__ = (*_fields, "_kept")

    select: tuple[str, ...]
    """Report only codes with these prefixes (none: every code); an input that could not
    be read (:data:`UNREADABLE_CODES`) is reported whatever the select."""
    ignore: tuple[str, ...]
    """Do not report codes with these prefixes (applied after ``select``)."""
    fail_level: str
    """``error`` or ``warning``: the lowest severity that fails the run."""
    exit_zero: bool
    """Exit 0 even when records have problems (an unreadable input still gives 2)."""
    duplicates: bool
    """Report a game that repeats an earlier one (REC208); the events must carry keys."""
    files: Mapping[str, Policy]
    """The select and ignore of some input files, by name (a configuration's overrides):
    their diagnostics are kept as the file's policy says."""
    _kept: dict[str, bool]

    def __init__(
        self,
        select: tuple[str, ...] = (),
        ignore: tuple[str, ...] = (),
        fail_level: str = "error",
        exit_zero: bool = False,
        duplicates: bool = False,
        files: Mapping[str, Policy] | None = None,
    ) -> None:
        set_ = object.__setattr__
        set_(self, "select", select)
        set_(self, "ignore", ignore)
        set_(self, "fail_level", fail_level)
        set_(self, "exit_zero", exit_zero)
        set_(self, "duplicates", duplicates)
        set_(self, "files", {} if files is None else files)
        set_(self, "_kept", {})
        if fail_level not in FAIL_LEVELS:
            raise ValueError(f"unknown fail level {fail_level!r}; choose error or warning")

    def with_files(self, files: Mapping[str, Policy]) -> Policy:
        """This policy with the policies of ``files``."""
        return Policy(
            self.select, self.ignore, self.fail_level, self.exit_zero, self.duplicates, files
        )

    def at(self, path: str) -> Policy:
        """The policy of the diagnostics of input ``path``."""
        return self.files.get(path, self) if self.files else self

    def ignores(self, code: str) -> bool:
        """Whether ``code`` starts with a prefix of :attr:`ignore`."""
        return bool(self.ignore) and code.startswith(self.ignore)

    def keeps(self, code: str) -> bool:
        """Whether diagnostics of ``code`` are reported."""
        kept = self._kept.get(code)
        if kept is None:
            chosen = not self.select or code.startswith(self.select)
            kept = self._kept[code] = chosen and not self.ignores(code)
        return kept


def run(events: Iterable[Event], reporter: Reporter, policy: Policy) -> Summary:
    """Report ``events`` under ``policy``; the summary, with its exit status set, after
    :meth:`Reporter.finish` has been given it."""
    chosen = reported(events, policy)
    while True:
        try:
            event = next(chosen)
        except StopIteration as end:
            summary: Summary = end.value
            break
        reporter.take(event)
    reporter.finish(summary)
    return summary


def reported(events: Iterable[Event], policy: Policy) -> Generator[Event, None, Summary]:
    """``events`` as ``policy`` reports them, each given once it is counted: duplicates
    marked, codes selected and ignored, a file's diagnostics not reported left out. Its
    value, when it ends, is the summary, with its exit status set."""
    summary = Summary()
    unreadable = False
    if policy.duplicates:
        from notation.check.identity import Duplicates, Occurrence

        seen = Duplicates()
    for event in events:
        if isinstance(event, GameReport):
            if policy.duplicates and event.key is not None:
                here = Occurrence(event.path, event.index, event.line)
                repeated = seen.check_key(event.key, event.game or "", here, event.column)
                if repeated is not None:
                    event.diagnostics.append(repeated)
            keeps = policy.at(event.path).keeps
            event.diagnostics = [d for d in event.diagnostics if keeps(d.code)]
            summary.games += 1
            summary.valid_games += all(d.severity is not Severity.ERROR for d in event.diagnostics)
            for diagnostic in event.diagnostics:
                summary.count(diagnostic)
            yield event
        elif isinstance(event, FileResult):
            summary.files += 1
            yield event
        elif event.code in UNREADABLE_CODES:
            # An input not read is reported unless its code itself is ignored: a select of
            # the records' codes, or an ignore of a family of them, never makes a run that
            # read nothing pass.
            if event.code not in policy.at(event.path).ignore:
                unreadable = True
                yield event
        elif policy.at(event.path).keeps(event.code):
            summary.count(event)
            yield event
    failing = sum(summary.severities[s] for s in FAIL_LEVELS[policy.fail_level])
    summary.exit_status = 2 if unreadable else int(bool(failing) and not policy.exit_zero)
    return summary
