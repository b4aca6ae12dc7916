"""A progress display on standard error that appears only in a run long enough to need
it (``validate``'s bar, ``render``'s count of games drawn)."""

from __future__ import annotations

import abc
import time

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import IO, Any, Self

    from rich.progress import Progress, TaskID


def terminal(stream: IO[str] | None) -> bool:
    """Whether ``stream`` is open and a terminal."""
    return stream is not None and stream.isatty()


class LateProgress(abc.ABC):
    """A rich progress display on standard error when ``shown`` (a terminal), started a
    second into the run and updated at most ten times a second; each command says what
    it shows (:meth:`made`)."""

    DELAY = 1.0
    """Seconds before the display appears: short runs never show it."""

    def __init__(self, shown: bool) -> None:
        self.shown = shown
        self.start = time.monotonic()
        self.last = 0.0
        self.bar: Progress | None = None
        self.task: TaskID | None = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    @abc.abstractmethod
    def made(self) -> tuple[Progress, TaskID]:
        """The display, not yet started, and its task."""

    def due(self) -> bool:
        """Whether to update the display now: shown, past the delay, and not updated in the
        last tenth of a second."""
        if not self.shown:
            return False
        now = time.monotonic()
        if now - self.last < 0.1 or now - self.start < self.DELAY:
            return False
        self.last = now
        return True

    def update(self, **fields: Any) -> None:
        """Set the task's ``fields`` (:meth:`rich.progress.Progress.update`), starting the
        display on the first call; called when :meth:`due`."""
        if self.bar is None:
            self.bar, self.task = self.made()
            self.bar.start()
        assert self.task is not None
        self.bar.update(self.task, **fields)
