"""The validation cache: a re-run over unchanged files answers from the cache.

For each input file, :class:`Cache` keeps one entry: the SHA-256 digest of the file's
bytes, the toolkit's version and the settings that change verdicts (:class:`Settings`),
and the events a run gave for the file (notices, one :class:`GameReport` per game, its
:class:`FileResult`), from which every report format is rebuilt. What a run reports is
decided after the cache (:mod:`notation.check.policy`), so ``--select``, ``--ignore``,
``--fail-level`` and ``--exit-zero`` are not part of the key, nor is ``--duplicates``:
an entry keeps each valid game's duplicate key when it was made with them, and REC208 is
found afresh over the whole run.

Entries live in ``<folder>/<version>/``, one file per input name and settings, named by a
hash of both; each starts with a header line holding the format and a hash of the rest,
so that a damaged, truncated or foreign entry is told and ignored (with a REC260 notice),
never trusted. Entries are written atomically (:func:`notation.io.output.atomic_output`),
so two runs at once never leave a broken one. Standard input, what is not a regular file
(a FIFO, a device), a file that cannot be read and one whose reading failed part way are
never cached, nor is a file of more than :data:`MAX_EVENTS` events (games), so that memory
stays flat. A folder that cannot be written is said once (``warn``) and the run goes on
uncached.
"""

from __future__ import annotations

import hashlib
import json
import stat
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from notation import __version__
from notation import diagnostics as codes
from notation.check.batch import Event
from notation.check.validator import GameReport
from notation.diagnostics import CODES, Candidate, Change, Diagnostic
from notation.games.base import Outcome, Side
from notation.io.inputs import FileResult, Input, Missing
from notation.io.output import OutputError, atomic_output, file_hash

MAX_EVENTS = 50_000
"""Most events kept for one file: a larger archive is not cached, so that a run's memory
stays flat however large its files."""

FORMAT = "notation-cache 1"
"""The first words of every entry; they change when the entry's layout does."""

GITIGNORE = "# Made by notation: the whole folder is a cache.\n*\n"
CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by notation.\n"
    "# For information about cache directory tags, see: https://bford.info/cachedir/\n"
)


@dataclass(frozen=True, slots=True)
class Settings:
    """The options of a run that change the verdict on a file."""

    game: str | None
    """The game of records whose tags name none (``--game``)."""
    encoding: str | None
    """The encoding chosen (``None``: detected)."""
    allow_empty: bool
    """Whether a file without a record is accepted (else PDN108)."""

    def as_list(self) -> list[Any]:
        return [self.game, self.encoding, self.allow_empty]


@dataclass(slots=True)
class _Pending:
    """An input validated in this run, and what it gave so far."""

    item: Input | Missing
    entry: Path | None
    """Where its events are kept, or ``None`` when it is not cached."""
    digest: str = ""
    keys: bool = False
    """Whether its run gives each valid game's duplicate key."""
    events: list[str] = field(default_factory=list)
    """Its events so far, each as JSON text (smaller in memory than as lists)."""
    notice: Diagnostic | None = None
    """The REC260 notice to give before its events, when its entry was unreadable."""
    complete: bool = False
    failed: bool = False
    """Whether reading it failed: it is then not kept."""


class Cache:
    """The cache entries in ``folder`` for runs with ``settings``; ``warn`` is told, once,
    when the folder cannot be written."""

    def __init__(
        self,
        folder: Path,
        settings: Settings,
        warn: Callable[[str], None],
        version: str = __version__,
    ) -> None:
        self.folder = folder
        self.settings = settings
        self.version = version
        self.warn = warn
        self.writable = True
        self._made = False

    def run(
        self,
        inputs: Iterable[Input | Missing],
        validate: Callable[[Iterable[Input | Missing]], Iterator[Event]],
        *,
        keys: bool = False,
    ) -> Iterator[Event]:
        """The events of ``validate(inputs)``, answered from the cache for each file whose
        entry holds its bytes, and kept in it for each other one; ``keys`` asks for
        duplicate keys (an entry without them then does not answer)."""
        order: deque[list[Event] | _Pending] = deque()

        def misses() -> Iterator[Input | Missing]:
            for item in inputs:
                found = self._lookup(item, keys)
                if isinstance(found, list):
                    order.append(found)
                    continue
                order.append(found)
                yield item

        def ready() -> Iterator[Event]:
            """The answers from the cache, and the entries to write, that come next."""
            while order:
                head = order[0]
                if isinstance(head, list):
                    order.popleft()
                    yield from head
                elif head.complete or _silent(head.item, self.settings.allow_empty):
                    order.popleft()
                    self._store(head)
                else:
                    return

        for event in validate(misses()):
            yield from ready()
            pending = order[0]
            assert isinstance(pending, _Pending)
            if pending.notice is not None:
                yield pending.notice
                pending.notice = None
            if pending.entry is not None:
                _record(pending, event)
            if isinstance(event, FileResult) or isinstance(pending.item, Missing):
                pending.complete = True
            yield event
        yield from ready()

    def _lookup(self, item: Input | Missing, keys: bool) -> list[Event] | _Pending:
        """The cached events of ``item``, or what its run is to keep (a REC260 notice
        first when its entry was unreadable)."""
        if isinstance(item, Missing) or item.path is None or not _regular(item.path):
            return _Pending(item, None)
        digest = file_hash(item.path)
        if digest is None:
            return _Pending(item, None)
        entry = self._entry(item.name)
        pending = _Pending(item, entry, digest.hex(), keys)
        try:
            data = entry.read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return pending
        except OSError as error:
            return self._ignored(pending, _reason(error))
        try:
            body = self._body(data, item.name)
        except ValueError as error:
            return self._ignored(pending, str(error))
        if body["digest"] != pending.digest or (keys and not body["keys"]):
            return pending
        try:
            return [_event(e) for e in body["events"]]
        except (ValueError, TypeError, KeyError, IndexError):
            return self._ignored(pending, "its events are not a run's")

    def _ignored(self, pending: _Pending, why: str) -> _Pending:
        name = pending.item.name
        pending.notice = Diagnostic(
            codes.CACHE_IGNORED,
            f"the cache entry for {name} was unreadable and was ignored ({why}); "
            "the file was validated afresh",
            1,
            1,
            name,
        )
        return pending

    def _body(self, data: bytes, name: str) -> dict[str, Any]:
        """The entry's content, checked: ValueError says what is wrong with it."""
        head, _, rest = data.partition(b"\n")
        words = head.decode("ascii", "replace").rsplit(" ", 1)
        if len(words) != 2 or words[0] != FORMAT:
            raise ValueError("not a notation cache entry")
        if hashlib.sha256(rest).hexdigest() != words[1]:
            raise ValueError("it is damaged or truncated")
        try:
            body = json.loads(rest)
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise ValueError("it is not JSON") from None
        if not isinstance(body, dict) or not isinstance(body.get("events"), list):
            raise ValueError("it holds no events")
        if not isinstance(body.get("digest"), str) or not isinstance(body.get("keys"), bool):
            raise ValueError("its fields are not a cache entry's")
        if body.get("version") != self.version:
            raise ValueError(f"it was made by notation {body.get('version')}")
        if body.get("name") != name or body.get("settings") != self.settings.as_list():
            raise ValueError("it is another file's or other settings'")
        return body

    def _entry(self, name: str) -> Path:
        key = json.dumps([name, *self.settings.as_list()]).encode("utf-8", "surrogatepass")
        return self.folder / self.version / hashlib.sha256(key).hexdigest()[:40]

    def _store(self, pending: _Pending) -> None:
        if pending.entry is None or pending.failed or not self.writable:
            return
        assert isinstance(pending.item, Input)
        head = {
            "version": self.version,
            "name": pending.item.name,
            "settings": self.settings.as_list(),
            "digest": pending.digest,
            "keys": pending.keys,
        }
        text = f'{_json(head)[:-1]},"events":[{",".join(pending.events)}]}}'
        digest = hashlib.sha256(text.encode("ascii")).hexdigest()
        try:
            self._prepare(pending.entry.parent)
            with atomic_output(
                pending.entry, encoding="ascii", durable=False, through=False
            ) as sink:
                sink.write(f"{FORMAT} {digest}\n{text}")
        except OSError as error:
            self._unwritable(f"cannot write {pending.entry.parent}: {_reason(error)}")
        except OutputError as error:
            self._unwritable(str(error))

    def _unwritable(self, why: str) -> None:
        self.writable = False
        self.warn(f"notation: the cache is not kept: {why}")

    def _prepare(self, folder: Path) -> None:
        """Make the cache folder, with its ``.gitignore`` and ``CACHEDIR.TAG``, once."""
        if self._made:
            return
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in ((".gitignore", GITIGNORE), ("CACHEDIR.TAG", CACHEDIR_TAG)):
            path = self.folder / name
            if not path.exists():
                with atomic_output(path, through=False) as sink:
                    sink.write(text)
        self._made = True


def _reason(error: OSError) -> str:
    why = error.strerror or str(error) or type(error).__name__
    return why[0].lower() + why[1:]


def _regular(path: Path) -> bool:
    """Whether ``path`` is a regular file: a FIFO or a device is read once, as a stream."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False


def _silent(item: Input | Missing, allow_empty: bool) -> bool:
    """Whether a run gives no event at all for ``item``: a folder without record files
    when empty inputs are allowed (see :func:`notation.io.inputs.open_inputs`)."""
    return isinstance(item, Missing) and item.code == codes.NO_RECORD and allow_empty


def _record(pending: _Pending, event: Event) -> None:
    if len(pending.events) >= MAX_EVENTS:
        pending.entry, pending.events = None, []
        return
    if isinstance(event, GameReport):
        pending.events.append(_json(_game_list(event)))
    elif isinstance(event, FileResult):
        pending.failed = pending.failed or not event.readable
        pending.events.append(_json(["f", event.path, event.encoding, event.readable]))
    else:
        pending.failed = pending.failed or event.code == codes.UNREADABLE
        pending.events.append(_json(["d", *_diagnostic_list(event)]))


def _json(data: object) -> str:
    return json.dumps(data, ensure_ascii=True, separators=(",", ":"))


def _game_list(game: GameReport) -> list[Any]:
    outcome = None
    if game.outcome is not None:
        winner = None if game.outcome.winner is None else int(game.outcome.winner)
        outcome = [winner, game.outcome.reason]
    key = None if game.key is None else [game.key[0].hex(), game.key[1]]
    diagnostics = [_diagnostic_list(d) for d in game.diagnostics]
    fields = [game.index, game.path, game.game, game.plies, outcome, diagnostics]
    return ["g", *fields, game.line, game.column, key]


def _diagnostic_list(d: Diagnostic) -> list[Any]:
    candidates = [
        [[[c.kind, c.ply, list(c.was), list(c.now)] for c in k.changes], k.cost, k.rest]
        for k in d.candidates
    ]
    fields = [d.code, d.text, d.line, d.column, d.path, d.game, d.ply, d.move, list(d.legal)]
    return [*fields, d.game_at, candidates, d.chosen]


def _event(data: list[Any]) -> Event:
    """The event kept as ``data``; ValueError, TypeError, KeyError or IndexError when it is
    not one."""
    kind = data[0]
    if kind == "g":
        index, path, game, plies, outcome, diagnostics, line, column, key = data[1:]
        report = GameReport(_int(index), _str(path), _optional(game, str), _int(plies))
        if outcome is not None:
            winner, reason = outcome
            side = None if winner is None else Side(_int(winner))
            report.outcome = Outcome(side, _str(reason))
        report.diagnostics = [_diagnostic(d) for d in diagnostics]
        report.line, report.column = _int(line), _int(column)
        if key is not None:
            report.key = (bytes.fromhex(_str(key[0])), _int(key[1]))
        return report
    if kind == "f":
        path, encoding, readable = data[1:]
        return FileResult(_str(path), _optional(encoding, str), _bool(readable))
    if kind == "d":
        return _diagnostic(data[1:])
    raise ValueError(f"no event of kind {kind!r}")


def _diagnostic(data: list[Any]) -> Diagnostic:
    code, text, line, column, path, game, ply, move, legal, game_at, candidates, chosen = data
    if code not in CODES:
        raise ValueError(f"no diagnostic code {code!r}")
    return Diagnostic(
        code,
        _str(text),
        _int(line),
        _int(column),
        _str(path),
        _optional(game, int),
        _optional(ply, int),
        _optional(move, str),
        tuple(_str(m) for m in legal),
        _optional(game_at, int),
        tuple(_candidate(c) for c in candidates),
        _bool(chosen),
    )


def _candidate(data: list[Any]) -> Candidate:
    changes, cost, rest = data
    made = tuple(
        Change(_str(kind), _int(ply), tuple(map(_str, was)), tuple(map(_str, now)))
        for kind, ply, was, now in changes
    )
    if not isinstance(cost, int | float) or isinstance(cost, bool):
        raise TypeError("a cost is a number")
    return Candidate(made, float(cost), _int(rest))


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not an integer")
    return value


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not a string")
    return value


def _bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{value!r} is not true or false")
    return value


def _optional(value: object, kind: type[Any]) -> Any:
    if value is None:
        return None
    if not isinstance(value, kind) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not a {kind.__name__}")
    return value
