"""From inputs to records: the one path every command reads by.

:func:`open_inputs` is the open/report protocol: for each input in turn it yields the
notices found opening it, then the :class:`Opened` input, which gives its records (PDN
streamed, or the toolkit's JSON form read whole, told apart there alone) or, for a
parallel run, its PDN text in pieces (:func:`notation.record.boundaries.split_games`); once
that is read, why reading stopped early if it did, the notices found reading, a PDN108
error if it held no record and a :class:`FileResult`. :func:`read_all` (every record, with
those diagnostics), :func:`read_paths` and the runs of :mod:`notation.run.batch` read
their inputs through it. Files are found, opened and decoded by :mod:`notation.io`.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Iterator

from notation.diagnostics import NO_RECORD, TAG_NAMED_AGAIN, UNREADABLE, Diagnostic
from notation.io.files import COMPRESSED_SUFFIXES, Input, Missing, expand, given, name_of
from notation.lazy import lazy_pattern
from notation.plain import Frozen, Plain

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from notation.io.decode import TextSource
    from notation.record.model import Record

JSON_LIMIT = 256 * 2**20
"""Characters of a JSON document read at most: JSON is read whole, not streamed."""

_JSON_START = lazy_pattern(r'\s*\{\s*"(?:[^"\\\n]|\\.)*"\s*:\s*["{\[\-0-9tfn]')
"""The start of a JSON object: ``{``, a key, ``:`` and a value (a PDN comment is not)."""


class FileResult(Frozen):
    """The end of one input file: how it was decoded, or that it could not be read."""

    _fields = ("path", "encoding", "readable")
    __slots__ = _fields

    path: str
    encoding: str | None
    readable: bool

    def __init__(
        self,
        path: str,
        encoding: str | None,
        readable: bool = True,
    ) -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "encoding", encoding)
        object.__setattr__(self, "readable", readable)


def unreadable(name: str, why: str) -> Diagnostic:
    """The PDN106 error for an input that cannot be read."""
    return Diagnostic(UNREADABLE, f"cannot read {name or repr(name)}: {why}", 1, 1, name)


def no_record(name: str, why: str = "it holds no game") -> Diagnostic:
    """The PDN108 error for a named input that yields no record."""
    return Diagnostic(
        NO_RECORD, f"no record in {name}: {why} (--allow-empty accepts it)", 1, 1, name
    )


class Opened(Plain):
    """An input open for reading, as :func:`open_inputs` gives it: read it once, through
    :meth:`records` or (PDN only, for a parallel run) :meth:`pieces`, before asking for
    what follows it."""

    _fields = ("input", "source", "gave", "cut", "_json", "_chunks")
    __slots__ = _fields

    input: Input
    source: TextSource
    gave: bool
    """Whether reading it gave anything: a record, a diagnostic or a piece."""
    cut: int | None
    """The line where the game starts that a failure to read cut off: that game is left
    out, as its end is unknown (a move cut short would read as another move)."""
    _json: bool | None
    _chunks: Iterator[str]

    def __init__(
        self,
        input: Input,
        source: TextSource,
        gave: bool = False,
        cut: int | None = None,
        _json: bool | None = None,
        _chunks: Iterator[str] | None = None,
    ) -> None:
        self.input = input
        self.source = source
        self.gave = gave
        self.cut = cut
        self._json = _json
        self._chunks = iter(()) if _chunks is None else _chunks

    @property
    def is_json(self) -> bool:
        """Whether the input is a JSON document: a ``.json`` name (also compressed), or
        text that starts as a JSON object (a PDN text that starts with a ``{comment}`` is
        PDN)."""
        if self._json is None:
            from notation.io.compressed import SAMPLE

            chunks = self.source.chunks()
            head = ""
            for chunk in chunks:
                head += chunk
                if head.strip() or len(head) >= SAMPLE:
                    break
            # The pattern is compiled only for a text that starts with "{" (blanks aside).
            self._json = _json_named(self.input) or (
                head.lstrip().startswith("{") and _JSON_START.match(head) is not None
            )
            self._chunks = itertools.chain((head,), chunks)
        return self._json

    def records(self, *, keep_text: bool = False) -> Iterator[Record | Diagnostic]:
        """The records that hold a game (:func:`holds_game`) and the diagnostics met
        reading them, in order: PDN streamed, or the JSON document read whole
        (:func:`json_records`). ``keep_text`` keeps each PDN record's text (see
        :func:`notation.record.reader.read_records`)."""
        name = self.input.name
        if self.is_json:
            made: Iterable[Record | Diagnostic] = json_records(name, self._chunks)
        else:
            # The reader and its grammar, imported when a file is read: a run answered
            # from the cache reads none.
            from notation.record.reader import read_records

            made = read_records(self._chunks, path=name, keep_text=keep_text)
        held: Record | None = None
        for record in made:
            if isinstance(record, Diagnostic) or holds_game(record):
                self.gave = True
                if self.source.failure is None or isinstance(record, Diagnostic):
                    yield record
                    continue
                # Reading failed, so the text has ended: the last record may be cut off.
                if held is not None:
                    yield held
                held = record
        if held is not None:
            if held.result is None:
                self.cut = held.pos.line
            else:
                yield held

    def pieces(self, games: int) -> Iterator[tuple[int, str]]:
        """The PDN text cut into pieces of about ``games`` games, as (first line, text)
        (:func:`split_games`); :class:`ValueError` for a JSON document, which is read
        whole. When reading fails part way, the game it cuts off is left out (``cut``)."""
        held: tuple[int, str] | None = None
        for piece in self._pieces(games):
            self.gave = True
            if self.source.failure is None:
                yield piece
                continue
            # Reading failed, so the text has ended: the last piece may end in a cut game.
            if held is not None:
                yield held
            held = piece
        if held is not None:
            first, text = held
            kept, self.cut = _without_cut_game(first, text)
            if kept:
                yield first, kept

    def _pieces(self, games: int) -> Iterator[tuple[int, str]]:
        if self.is_json:
            raise ValueError(f"{self.input.name} is a JSON document, not cut into pieces")
        from notation.record.reader import MAX_GAME

        head: list[str] = []
        size = 0
        for chunk in self._chunks:
            head.append(chunk)
            size += len(chunk)
            if size > MAX_GAME:
                break
        else:
            text = "".join(head)
            # Each cut comes before a line: with fewer lines than ``games`` (and no line too
            # long to read), split_games gives the whole text as one piece.
            if text.count("\n") < games:
                if text:
                    yield 1, text
                return
        from notation.record.boundaries import split_games

        yield from split_games(itertools.chain(head, self._chunks), games)


def open_inputs(
    inputs: Iterable[Input | Missing], encoding: str | None = None, *, allow_empty: bool = False
) -> Iterator[Opened | Diagnostic | FileResult]:
    """Each input in turn: the notices found opening it, the :class:`Opened` input, then
    (once it has been read) why reading stopped early if it did, the notices found
    reading it, and a :class:`FileResult` at its end.

    A missing input, one that cannot be opened and one whose reading fails part way are
    PDN106 errors; what was read before a failure is still read. An input whose reading
    gave nothing, and a folder without record files, are PDN108 errors unless
    ``allow_empty``. ``encoding`` overrides detection.
    """
    for item in inputs:
        if isinstance(item, Missing):
            if item.code == NO_RECORD:
                if not allow_empty:
                    yield no_record(item.name, item.reason)
            else:
                yield unreadable(item.name, item.reason)
            continue
        # Imported for the first input opened: a run answered from the cache opens none.
        from notation.io.decode import UnreadableInput, open_input

        try:
            with open_input(item, encoding) as source:
                early = len(source.notes)
                yield from source.notes[:early]
                opened = Opened(item, source)
                yield opened
                if source.failure is not None:
                    why = source.failure
                    if opened.cut is not None:
                        why += f"; the game from line {opened.cut}, cut off there, is not read"
                    yield unreadable(item.name, why)
                yield from source.notes[early:]
                if not opened.gave and source.failure is None and not allow_empty:
                    yield no_record(item.name)
                yield FileResult(item.name, source.encoding)
        except UnreadableInput as error:
            yield unreadable(item.name, str(error))
            yield FileResult(item.name, None, readable=False)


class Found(Frozen):
    """One record read from an input."""

    _fields = ("input", "source", "record", "cut")
    __slots__ = _fields

    input: Input
    source: TextSource
    """The opened input; ``source.encoding`` is the encoding in use now."""
    record: Record
    cut: bool
    """Whether the record starts at a tag named again, where the reader cut the header it
    belongs to: the record before it holds tags alone (its PDN119 warning)."""

    def __init__(
        self,
        input: Input,
        source: TextSource,
        record: Record,
        cut: bool = False,
    ) -> None:
        object.__setattr__(self, "input", input)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "record", record)
        object.__setattr__(self, "cut", cut)

    @property
    def guessed(self) -> bool:
        """Whether where the record begins or ends is the reader's guess: one header that
        names a tag twice is read as two games, the first of tags alone (PDN119), and this
        is one of them."""
        return self.cut or any(d.code == TAG_NAMED_AGAIN for d in self.record.diagnostics)


def one_game(records: list[Record]) -> Record:
    """The one game of ``records``, read in turn from a header that names a tag twice (each
    before the last holds tags alone, cut where a tag is named again: PDN119): every tag as
    read (names repeated), the comments before the moves of each, the last one's moves,
    result and comments after it, the first one's place, every diagnostic, and the texts
    joined (``None`` when one has none)."""
    from notation.record.model import Line, Record

    first, last = records[0], records[-1]
    texts = [record.text for record in records]
    return Record(
        tags=[tag for record in records for tag in record.tags],
        moves=Line(
            last.moves.plies,
            [comment for record in records for comment in record.moves.comments],
            last.moves.pos,
        ),
        result=last.result,
        result_pos=last.result_pos,
        trailing=list(last.trailing),
        pos=first.pos,
        index=first.index,
        diagnostics=[d for record in records for d in record.diagnostics],
        text=None if None in texts else "".join(t for t in texts if t is not None),
    )


def read_all(
    inputs: Iterable[Input | Missing],
    encoding: str | None = None,
    *,
    allow_empty: bool = False,
    keep_text: bool = False,
) -> Iterator[Found | Diagnostic | FileResult]:
    """Every record of every input, in order, with the diagnostics met reading (PDN106
    unreadable, PDN107 encoding guessed) and a :class:`FileResult` at each input's end.

    PDN is streamed; the toolkit's JSON form (:func:`notation.record.jsonform.loads`) is
    read when the input is a JSON document (:attr:`Opened.is_json`), whole, up to
    :data:`JSON_LIMIT` characters: a larger one, or one that is not a record document, is
    a PDN106 error. ``keep_text`` keeps each record's text (see
    :func:`notation.record.reader.read_records`).
    """
    for item in open_inputs(inputs, encoding, allow_empty=allow_empty):
        if not isinstance(item, Opened):
            yield item
            continue
        cut = False
        for record in item.records(keep_text=keep_text):
            if isinstance(record, Diagnostic):
                yield record
            else:
                found = Found(item.input, item.source, record, cut)
                cut = any(d.code == TAG_NAMED_AGAIN for d in record.diagnostics)
                yield found


def read_paths(
    names: Iterable[str | os.PathLike[str]] | str | os.PathLike[str],
    *,
    encoding: str | None = None,
    allow_empty: bool = False,
    keep_text: bool = False,
) -> Iterator[tuple[str, Record] | Diagnostic]:
    """The records of the inputs named, as (name, record), in order, and the problems met.

    Names are expanded by :func:`expand` (files, also compressed or JSON, directories,
    glob patterns, ``-`` for standard input) and read by :func:`read_all`; ``encoding``
    overrides detection. A name that cannot be read, or holds no record (unless
    ``allow_empty``), is an error diagnostic; a guessed encoding, a PDN107 notice.
    ``keep_text`` keeps each PDN record's text. One name alone stands for the list of it;
    :class:`TypeError` for what is no name (:func:`~notation.io.files.name_of`).
    """
    inputs = expand([name_of(name) for name in given(names)])
    for found in read_all(inputs, encoding, allow_empty=allow_empty, keep_text=keep_text):
        if isinstance(found, Found):
            yield found.input.name, found.record
        elif isinstance(found, Diagnostic):
            yield found


def _without_cut_game(first: int, text: str) -> tuple[str, int | None]:
    """The last piece of a text whose reading failed, without the game the failure cut
    off (one that has no result), and the line where that game starts."""
    from notation.record.reader import read_records

    last: Record | None = None
    for record in read_records([text], keep_text=True, first_line=first):
        if holds_game(record):
            last = record
    if last is None or last.result is not None or last.text is None:
        return text, None
    start = text.rfind(last.text)
    if start < 0:
        # The record's text begins with its first line: cut before that line.
        start = 0
        for _ in range(last.pos.line - first):
            start = text.index("\n", start) + 1
    return text[:start], last.pos.line


def holds_game(record: Record) -> bool:
    """False for what the reader makes of text of only comments: no tags, no moves, no
    result and no problem. Such text is no record (an input of it is PDN108)."""
    return bool(record.tags or record.moves.plies or record.result or record.diagnostics)


def _json_named(item: Input) -> bool:
    """True for a file named ``*.json`` (or ``*.json.gz`` ...)."""
    if item.path is None:
        return False
    name = item.path.rpartition("/")[2].lower()
    for suffix in COMPRESSED_SUFFIXES:
        name = name.removesuffix(suffix)
    return name.endswith(".json")


def json_records(name: str, chunks: Iterable[str]) -> Iterator[Record | Diagnostic]:
    """The records of a JSON document read whole (up to :data:`JSON_LIMIT` characters),
    or the PDN106 error saying why there are none."""
    parts: list[str] = []
    size = 0
    for chunk in chunks:
        size += len(chunk)
        if size > JSON_LIMIT:
            yield unreadable(
                name,
                f"a JSON document of more than {JSON_LIMIT:,} characters "
                "(JSON is read whole, PDN as a stream)",
            )
            return
        parts.append(chunk)
    from notation.record.jsonform import loads

    try:
        records = loads("".join(parts), name)
    except (ValueError, RecursionError) as error:
        yield unreadable(name, str(error) or type(error).__name__)
        return
    yield from records
