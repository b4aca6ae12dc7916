"""JSON form of records: lossless both ways, positions and diagnostics included.

The document written by :func:`dumps` (version 1)::

    {"format": "notation-record", "version": 1, "records": [RECORD, ...]}

    RECORD     = {"index": int, "pos": POS, "tags": [TAG, ...], "moves": LINE,
                  "result": str | null, "result_pos": POS | null,
                  "trailing": [COMMENT, ...], "diagnostics": [DIAGNOSTIC, ...]}
    TAG        = {"name": str, "value": str, "pos": POS}
    LINE       = {"pos": POS, "comments": [COMMENT, ...], "plies": [PLY, ...]}
    PLY        = {"text": str, "pos": POS, "number": str | null, "suffix": str,
                  "nags": [int, ...], "comments": [COMMENT, ...], "variations": [LINE, ...]}
    COMMENT    = {"text": str, "kind": "brace" | "line" | "escape", "pos": POS}
    POS        = [line, column]            (1-based; [0, 0] for "built in code")
    DIAGNOSTIC = {"code": str, "message": str, "line": int, "column": int, "path": str,
                  "game": int | null, "ply": int | null, "move": str | null,
                  "legal": [str, ...]}

Every key is written; :func:`record_from_dict` requires every key and checks every type,
raising :class:`ValueError` with the path of the first bad value. It also refuses what
the PDN reader would refuse (variations nested more than ``MAX_DEPTH`` levels deep, a ply
text that is not one move, ...), so that every record it returns writes to PDN that
reads back equal.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from notation.diagnostics import CODES, KEPT_BROKEN, Diagnostic
from notation.lazy import compiled
from notation.record.lexicon import kept_message
from notation.record.model import (
    MAX_DEPTH,
    NOWHERE,
    Comment,
    Line,
    Ply,
    Record,
    SourcePos,
    Tag,
)
from notation.record.writer import why_unwritable

FORMAT = "notation-record"
VERSION = 1
_KINDS = ("brace", "line", "escape")

_NO_TEXT = compiled("[\x00\ud800-\udfff]")
"""What a JSON string may hold (by its escapes) and no text file decoded does: a NUL, a
lone surrogate."""

_NO_NAME = compiled("[\x00\ud800-\udc7f\udd00-\udfff]")
"""The same, in a string that may name a file: a surrogate escape of a byte of a name
that is not UTF-8 is no lone surrogate."""


def _pos(pos: SourcePos) -> list[int]:
    return [pos.line, pos.column]


def _comment(comment: Comment) -> dict[str, Any]:
    return {"text": comment.text, "kind": comment.kind, "pos": _pos(comment.pos)}


def _line(line: Line) -> dict[str, Any]:
    return {
        "pos": _pos(line.pos),
        "comments": [_comment(c) for c in line.comments],
        "plies": [
            {
                "text": ply.text,
                "pos": _pos(ply.pos),
                "number": ply.number,
                "suffix": ply.suffix,
                "nags": list(ply.nags_view),
                "comments": [_comment(c) for c in ply.comments_view],
                "variations": [_line(v) for v in ply.variations_view],
            }
            for ply in line.plies
        ],
    }


def _diagnostic(d: Diagnostic) -> dict[str, Any]:
    return {
        "code": d.code,
        "message": d.message,
        "line": d.line,
        "column": d.column,
        "path": d.path,
        "game": d.game,
        "ply": d.ply,
        "move": d.move,
        "legal": list(d.legal),
    }


def record_to_dict(record: Record) -> dict[str, Any]:
    """The JSON-ready dict of one record (the RECORD shape of the module docs)."""
    return {
        "index": record.index,
        "pos": _pos(record.pos),
        "tags": [{"name": t.name, "value": t.value, "pos": _pos(t.pos)} for t in record.tags],
        "moves": _line(record.moves),
        "result": record.result,
        "result_pos": None if record.result_pos is None else _pos(record.result_pos),
        "trailing": [_comment(c) for c in record.trailing],
        "diagnostics": [_diagnostic(d) for d in record.diagnostics],
    }


class _Reader:
    """Typed access to a decoded JSON value, naming the path of a bad value."""

    def __init__(self, value: Any, where: str) -> None:
        self.value = value
        self.where = where

    def fail(self, expected: str) -> ValueError:
        return ValueError(f"{self.where}: expected {expected}, got {self.value!r:.60}")

    def object(self, keys: tuple[str, ...]) -> dict[str, _Reader]:
        if not isinstance(self.value, dict):
            raise self.fail("an object")
        missing = [k for k in keys if k not in self.value]
        if missing:
            raise ValueError(f"{self.where}: missing key {missing[0]!r}")
        extra = sorted(set(self.value) - set(keys))
        if extra:
            raise ValueError(f"{self.where}: unknown key {extra[0]!r}")
        return {k: _Reader(self.value[k], f"{self.where}.{k}") for k in keys}

    def items(self) -> list[_Reader]:
        if not isinstance(self.value, list):
            raise self.fail("a list")
        return [_Reader(v, f"{self.where}[{i}]") for i, v in enumerate(self.value)]

    def string(self, *, optional: bool = False, named: bool = False) -> str | None:
        """The string; ``named``: one that may name a file whose name is not UTF-8 (its
        bytes as surrogate escapes, U+DC80 to U+DCFF)."""
        if optional and self.value is None:
            return None
        if not isinstance(self.value, str):
            raise self.fail("a string" + (" or null" if optional else ""))
        held = (_NO_NAME if named else _NO_TEXT).search(self.value)
        if held is not None:
            code = ord(held.group())
            what = "a NUL character" if code == 0 else f"a lone surrogate, U+{code:04X}"
            raise ValueError(f"{self.where}: a string holding {what}, which no text file holds")
        return self.value

    def text(self, *, named: bool = False) -> str:
        value = self.string(named=named)
        assert value is not None
        return value

    def integer(self, *, optional: bool = False) -> int | None:
        if optional and self.value is None:
            return None
        if not isinstance(self.value, int) or isinstance(self.value, bool):
            raise self.fail("an integer" + (" or null" if optional else ""))
        return self.value

    def number(self) -> int:
        value = self.integer()
        assert value is not None
        return value

    def pos(self, *, optional: bool = False) -> SourcePos | None:
        if optional and self.value is None:
            return None
        parts = self.items() if isinstance(self.value, list) else None
        if parts is None or len(parts) != 2:
            raise self.fail("a [line, column] pair")
        line, column = parts[0].number(), parts[1].number()
        if not _placed(line, column):
            raise self.fail("a [line, column] pair (from 1, or [0, 0] for nowhere)")
        return SourcePos(line, column)

    def position(self) -> SourcePos:
        value = self.pos()
        assert value is not None
        return value


def _placed(line: int, column: int) -> bool:
    """Whether a line and column can be read: both from 1, or both 0 (NOWHERE, where an
    element built in code is)."""
    return (line >= 1 and column >= 1) or line == column == 0


def _read_comment(r: _Reader) -> Comment:
    f = r.object(("text", "kind", "pos"))
    kind = f["kind"].text()
    if kind not in _KINDS:
        raise f["kind"].fail("one of " + ", ".join(_KINDS))
    return Comment(f["text"].text(), kind, f["pos"].position())  # type: ignore[arg-type]


def _read_line(r: _Reader, depth: int = 0) -> Line:
    f = r.object(("pos", "comments", "plies"))
    plies = []
    for p in f["plies"].items():
        g = p.object(("text", "pos", "number", "suffix", "nags", "comments", "variations"))
        variations = g["variations"].items()
        if variations and depth >= MAX_DEPTH:
            where = g["variations"].where
            raise ValueError(f"{where}: variations nested more than {MAX_DEPTH} levels deep")
        plies.append(
            Ply(
                g["text"].text(),
                g["pos"].position(),
                g["number"].string(optional=True),
                g["suffix"].text(),
                [n.number() for n in g["nags"].items()],
                [_read_comment(c) for c in g["comments"].items()],
                [_read_line(v, depth + 1) for v in variations],
            )
        )
    return Line(plies, [_read_comment(c) for c in f["comments"].items()], f["pos"].position())


def _read_diagnostic(r: _Reader) -> Diagnostic:
    keys = ("code", "message", "line", "column", "path", "game", "ply", "move", "legal")
    f = r.object(keys)
    code = f["code"].text()
    if code not in CODES:
        raise f["code"].fail("a registered diagnostic code")
    line, column = f["line"].number(), f["column"].number()
    if not _placed(line, column):
        raise f["line"].fail("a line and a column from 1 (or 0 and 0 for nowhere)")
    return Diagnostic(
        code,
        f["message"].text(named=True),
        line,
        column,
        f["path"].text(named=True),
        f["game"].integer(optional=True),
        f["ply"].integer(optional=True),
        f["move"].string(optional=True),
        tuple(m.text() for m in f["legal"].items()),
    )


def _read_record(r: _Reader) -> Record:
    keys = ("index", "pos", "tags", "moves", "result", "result_pos", "trailing", "diagnostics")
    f = r.object(keys)
    tags = []
    for t in f["tags"].items():
        g = t.object(("name", "value", "pos"))
        tags.append(Tag(g["name"].text(), g["value"].text(), g["pos"].position()))
    record = Record(
        tags=tags,
        moves=_read_line(f["moves"]),
        result=f["result"].string(optional=True),
        result_pos=f["result_pos"].pos(optional=True),
        trailing=[_read_comment(c) for c in f["trailing"].items()],
        pos=f["pos"].position(),
        index=f["index"].number(),
        diagnostics=[_read_diagnostic(d) for d in f["diagnostics"].items()],
    )
    problem = why_unwritable(record)
    if problem is not None:
        field, why = problem
        where = f"{r.where}.{field}" if field else r.where
        raise ValueError(f"{where}: {why} (game {record.index} cannot be written as PDN)")
    return record


def record_from_dict(d: dict[str, Any]) -> Record:
    """The record of a RECORD dict; :class:`ValueError` names the first bad value, or the
    first field that PDN cannot hold (what loads always writes back to PDN that reads
    back equal)."""
    return _read_record(_Reader(d, "record"))


def dumps(records: Iterable[Record], *, indent: int | None = None) -> str:
    """The JSON document of ``records`` (format ``notation-record``, version 1)."""
    document = {
        "format": FORMAT,
        "version": VERSION,
        "records": [record_to_dict(r) for r in records],
    }
    return json.dumps(document, ensure_ascii=False, indent=indent)


def loads(text: str, path: str = "-") -> list[Record]:
    """The records of a JSON document written by :func:`dumps` (read from ``path``).

    A line comment that ``--keep-broken`` wrote is a PDN118 error, as when PDN is read
    (:func:`~notation.record.lexicon.kept_message`), unless the record's diagnostics hold
    it already.

    Raises :class:`ValueError` with a clear message for text that is not JSON, not this
    format, another version, holds a value of the wrong shape, variations nested more
    than :data:`~notation.record.model.MAX_DEPTH` levels deep, or a record that PDN
    cannot hold (:func:`~notation.record.writer.why_unwritable`).
    """
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(
            f"not JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except RecursionError:
        raise ValueError("not JSON: nested too deeply") from None
    except ValueError as error:
        # Python's limit on the digits of an integer.
        raise ValueError(f"not JSON: {error}") from None
    if not isinstance(document, dict):
        raise ValueError(f"expected a {FORMAT!r} JSON object, got {type(document).__name__}")
    if document.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT!r} document (format is {document.get('format')!r})")
    if document.get("version") != VERSION:
        raise ValueError(
            f"unsupported {FORMAT} version {document.get('version')!r} (this reads {VERSION})"
        )
    top = _Reader(document, "document").object(("format", "version", "records"))
    records = [_read_record(r) for r in top["records"].items()]
    for record in records:
        _mark_kept(record, path)
    return records


def _mark_kept(record: Record, path: str) -> None:
    """Add the PDN118 error of each line comment of ``record`` that ``--keep-broken``
    wrote, at the comment (at the record's start for a comment placed nowhere)."""
    said = Counter(d.message for d in record.diagnostics if d.code == KEPT_BROKEN)
    for comment in _comments(record):
        message = kept_message(comment.text) if comment.kind == "line" else None
        if message is None:
            continue
        if said[message]:
            said[message] -= 1
            continue
        line, column = record.pos if comment.pos == NOWHERE else comment.pos
        record.diagnostics.append(
            Diagnostic(KEPT_BROKEN, message, line, column, path, record.index)
        )


def _comments(record: Record) -> Iterator[Comment]:
    """Every comment of ``record``: before its moves, after each ply, in its variations,
    after its result."""
    lines = [record.moves]
    while lines:
        line = lines.pop()
        yield from line.comments
        for ply in line.plies:
            yield from ply.comments_view
            lines.extend(ply.variations_view)
    yield from record.trailing
