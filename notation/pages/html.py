"""Self-contained HTML pages: a game viewer for records and archives.

:class:`Viewer` makes one page (inline SVG, CSS and a small script; nothing fetched) that
shows every game of a file: the board, the move list with comments and variations,
stepping with buttons and the arrow keys, the side to move and the scores. It is given
each game's report as the game is replayed (:func:`report_view` makes its part of the
page, which the report of :mod:`notation.pages.report` uses too). Moves, positions and
verdicts are those of the validator's one replay
(:func:`~notation.check.validator.validate_record` with ``trace``: each variation from the
position before the ply it replaces, a line up to its first illegal ply, the variations of
that ply still replayed); nothing here reads a move or a file. Every board is what
:func:`~notation.pictures.svg_picture` draws for it, for any registered game (a game
without an SVG picture gets its text diagram, :meth:`~notation.games.base.Game.render_text`,
written in an SVG).

To keep an archive's page small, and quick to make, each picture is cut into its elements
(a picture seen again, as an opening's are, is drawn once); a page holds each distinct
element once, and each position only how its picture differs from the one before
it (the elements taken out and put in). The script puts the picture back together as the
same SVG text. A ply that is not legal shows the position before it with the legal moves
drawn over it (what the picture of each legal move adds to the plain one), the move as
written and why it is illegal.
"""

from __future__ import annotations

import base64
import functools
import html
import io
import itertools
import json
import tempfile
import zlib
from bisect import bisect_right
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from operator import methodcaller
from typing import Any, Protocol, cast

from notation.check.replay import record_notation
from notation.check.report import GameReport, Place, Replayed
from notation.games.base import AnyGame, Move, Position
from notation.games.registry import get_game
from notation.lazy import compiled
from notation.pictures import svg_picture
from notation.pictures.svg import PALETTE, Svg
from notation.record.model import MAX_DEPTH, Comment, Line

_SURROGATE = compiled("[\ud800-\udfff]")

LEGAL_DRAWN = 64
"""Most legal moves drawn over the board of an illegal ply (all are listed as text)."""


_FLAT = compiled(r"<[^<]*(?:</[^>]*>)?")
"""An element of a document in which no element holds another."""
_SELF_CLOSED = methodcaller("endswith", "/>")


def svg_parts(svg: str) -> list[str]:
    """An SVG document as its root start tag followed by each child element's text, so
    that :func:`join_parts` gives the document back.

    The pictures escape every ``<`` in their text and attributes, so each ``<`` starts a
    tag."""
    svg = svg.strip()
    # Most pictures are their <defs> and then elements without children: cut those apart
    # at once, and read the others tag by tag.
    root = svg.find(">") + 1
    body = svg[root : -len("</svg>")]
    defs = body.find("</defs>") + len("</defs>") if body.startswith("<defs>") else 0
    flat = _flat(body[defs:])
    if svg.endswith("</svg>") and flat is not None:
        return [svg[:root], *([body[:defs]] if defs else []), *flat]
    return _nested_parts(svg)


def _flat(text: str) -> list[str] | None:
    """The elements of ``text`` when none holds another (``None`` otherwise)."""
    flat = _FLAT.findall(text)
    # Each part one whole element: as many parts as start tags, no text left out, and
    # each "/>" the end of its part.
    if (
        len(flat) == text.count("<") - text.count("</")
        and sum(map(len, flat)) == len(text)
        and text.count("/>") == sum(map(_SELF_CLOSED, flat))
    ):
        return flat
    return None


class _Cutter:
    """:func:`svg_parts` of pictures drawn one after another: the elements a picture
    begins with alike the one before it (the board) are that one's."""

    def __init__(self) -> None:
        self.svg = ""
        self.parts: list[str] = []
        self.ends: list[int] = []
        """Where each part of the last picture ends in it."""

    def parts_of(self, svg: str) -> list[str]:
        """:func:`svg_parts` of ``svg``."""
        svg = svg.strip()
        keep = bisect_right(self.ends, _common_length(self.svg, svg))
        done = self.ends[keep - 1] if keep > 1 else 0
        flat = _flat(svg[done : -len("</svg>")]) if done else None
        if flat is not None and svg.endswith("</svg>"):
            parts = self.parts[:keep] + flat
        else:
            parts = svg_parts(svg)
        self.svg, self.parts, self.ends = svg, parts, list(accumulate(map(len, parts)))
        return parts


def _common_length(one: str, other: str) -> int:
    """How many characters the two texts begin with alike."""
    low, high = 0, min(len(one), len(other))
    while low < high:
        middle = (low + high + 1) // 2
        if one[:middle] == other[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _nested_parts(svg: str) -> list[str]:
    """:func:`svg_parts` of any document, read tag by tag."""
    tokens = svg.split("<")
    parts = ["<" + tokens[1]]
    depth = 0
    current: list[str] = []
    for token in tokens[2:]:
        current.append(token)
        if token.startswith("/"):
            depth -= 1
        elif token[token.index(">") - 1] != "/":
            depth += 1
        if depth == 0:
            parts.append("<" + "<".join(current))
            current = []
        elif depth < 0:
            break
    return parts


def join_parts(parts: Sequence[str]) -> str:
    """The SVG document of :func:`svg_parts`' pieces (without the final newline)."""
    return "".join(parts) + "</svg>"


def picture(
    game: AnyGame, position: Position, last: Move | None = None, notation: str | None = None
) -> str:
    """The game's SVG picture of ``position``, or its text diagram set in an SVG."""
    drawn = svg_picture(game, position, last, notation)
    if drawn is not None:
        return drawn
    lines = game.render_text(position, last, notation).splitlines() or [""]
    size, step = 16, 20
    width = max(len(line) for line in lines) * size * 0.62 + 2 * size
    svg = Svg(width, (len(lines) + 1) * step, f"{game.title} position")
    for row, line in enumerate(lines, start=1):
        svg.element(
            "text",
            line,
            x=size,
            y=row * step,
            font_size=size,
            font_family="monospace",
            style="white-space: pre",
            fill=PALETTE["text"],
        )
    return svg.render()


class Elements:
    """The distinct SVG elements of a page, each numbered once, and the frame (the
    elements' numbers) of the pictures drawn lately, by what each shows."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.numbers: dict[str, int] = {}
        self.drawn: dict[Hashable, list[int]] = {}
        self.cutter = _Cutter()

    def ids(self, parts: Sequence[str]) -> list[int]:
        """The number of each element, numbering new ones."""
        found = list(map(self.numbers.get, parts))
        if None in found:
            for place, number in enumerate(found):
                if number is None:
                    part = parts[place]
                    number = self.numbers.get(part)
                    if number is None:
                        number = self.numbers[part] = len(self.texts)
                        self.texts.append(part)
                    found[place] = number
        return cast(list[int], found)

    def frame(
        self, game: AnyGame, position: Position, last: Move | None, notation: str | None
    ) -> list[int]:
        """The frame of the game's picture of ``position`` (``last`` marked), drawn once
        while it is among the last :data:`FRAMES_KEPT` drawn."""
        key = (game.name, position, last, notation)
        frame = self.drawn.get(key)
        if frame is None:
            if len(self.drawn) >= FRAMES_KEPT:
                self.drawn.clear()
            drawn = picture(game, position, last, notation)
            frame = self.drawn[key] = self.ids(self.cutter.parts_of(drawn))
        return frame


FRAMES_KEPT = 10_000
"""Frames of pictures kept to be used again (the positions games share: their openings)."""


def delta(before: list[int], after: list[int]) -> tuple[list[int], list[int]] | None:
    """How ``after`` is made from ``before``: the places in ``before`` to take out and the
    (place in ``after``, element) pairs to put in, flattened; ``None`` when the elements
    kept are not in the same order in both."""
    kept_after = set(after)
    kept_before = set(before)
    # Pictures of a game begin alike (the board): only what follows differs, and the
    # elements of the common start are in both.
    start = _common_start(before, after)
    removed = [i for i, e in enumerate(before[start:], start) if e not in kept_after]
    added: list[int] = []
    for i, e in enumerate(after[start:], start):
        if e not in kept_before:
            added += (i, e)
    shifted = [i - start for i in removed]
    moved = [x - start if k % 2 == 0 else x for k, x in enumerate(added)]
    if apply_delta(before[start:], shifted, moved) != after[start:]:
        return None
    return removed, added


def _common_start(before: list[int], after: list[int]) -> int:
    """How many elements the two lists begin with alike."""
    low, high = 0, min(len(before), len(after))
    while low < high:
        middle = (low + high + 1) // 2
        if before[:middle] == after[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def apply_delta(before: list[int], removed: list[int], added: list[int]) -> list[int]:
    """``before`` with ``removed`` taken out and ``added`` put in (see :func:`delta`); the
    page's script does the same."""
    gone = set(removed)
    result = [e for i, e in enumerate(before) if i not in gone]
    for k in range(0, len(added), 2):
        result.insert(added[k], added[k + 1])
    return result


@dataclass
class GameView:
    """One game as the page shows it: its positions (nodes) and its move list."""

    number: int
    """The game's number in its file (1-based)."""
    path: str
    title: str
    game: str | None
    tags: list[tuple[str, str]]
    nodes: list[list[Any]] = field(default_factory=list)
    """Per position: [parent node, places removed, elements added, side to move (0/1),
    scores or 0, how the game ended or 0]; node 0 is the start."""
    moves: list[Any] = field(default_factory=list)
    """The move list as written, each item a comment ``{"c": text}``, a variation
    ``{"v": items}`` or a ply ``{"t": text, "no": its move number, "s": its strength mark,
    "nag": [numbers], "node": the node after it}``; an illegal ply's node is the position
    before it, and it has ``bad`` (why), ``code`` and ``legal`` (the legal moves); a ply
    not replayed has no node."""
    problem: str | None = None
    """Why the game has no board at all (unsupported game, bad setup)."""
    result: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The game as the page's script reads it."""
        return {
            "n": self.number,
            "path": self.path,
            "title": self.title,
            "game": self.game,
            "tags": self.tags,
            "nodes": self.nodes,
            "moves": self.moves,
            "problem": self.problem,
            "result": self.result,
        }


class _Builder:
    """Makes a node per position of one record's replay, line by line."""

    def __init__(self, game: AnyGame, replayed: Replayed, elements: Elements) -> None:
        self.game = game
        self.steps = replayed.steps
        self.elements = elements
        self.notation = record_notation(game, replayed.record)
        self.frames: list[list[int]] = []
        self.nodes: list[list[Any]] = []
        self.places: dict[tuple[int, int], int] = {}
        """The node of each ply (by its line and column in the source)."""

    def node(self, parent: int, position: Position, frame: list[int]) -> int:
        """A node for ``position`` drawn as ``frame``, stored as its change from
        ``parent``."""
        removed: list[int] | None
        added: list[int]
        change = None if parent < 0 else delta(self.frames[parent], frame)
        if change is None:
            removed, added, parent = None, frame, -1
        else:
            removed, added = change
        self.frames.append(frame)
        scores = self.game.scores(position)
        over = self.game.game_over(position)
        self.nodes.append(
            [
                parent,
                removed,
                added,
                int(self.game.turn(position)),
                list(scores) if scores is not None else 0,
                over or 0,
            ]
        )
        return len(self.nodes) - 1

    def illegal_node(self, parent: int, position: Position, legal: Sequence[Move]) -> int:
        """The position before an illegal ply, with the ``legal`` moves drawn over it."""
        plain = svg_parts(picture(self.game, position, None, self.notation))
        known = set(plain)
        marks: list[str] = []
        for move in legal[:LEGAL_DRAWN]:
            for part in svg_parts(picture(self.game, position, move, self.notation))[1:]:
                if part not in known:
                    known.add(part)
                    marks.append(part)
        layer = '<g class="legal-moves" opacity="0.6">' + "".join(marks) + "</g>"
        return self.node(parent, position, self.elements.ids([*plain, layer]))

    def line(self, line: Line, place: Place, parent: int, depth: int) -> list[Any]:
        """The move list of ``line`` (at ``place`` in the record), its first ply played
        from node ``parent``; a ply the replay did not reach is listed without a node."""
        items: list[Any] = [_comment(c) for c in line.comments]
        for index, ply in enumerate(line.plies):
            entry: dict[str, Any] = {"t": ply.text}
            if ply.number:
                entry["no"] = ply.number
            if ply.suffix:
                entry["s"] = ply.suffix
            if ply.nags_view:
                entry["nag"] = ply.nags_view
            here = (*place, index)
            before_node = parent
            step = self.steps.get(here)
            if step is not None:
                if step.move is None or step.after is None:
                    position = step.before
                    legal = self.game.legal_moves(position)
                    entry["node"] = self.illegal_node(parent, position, legal)
                    entry["bad"] = str(step.error)
                    entry["code"] = step.error.code if step.error is not None else ""
                    entry["legal"] = self.game.describe_moves(position, legal, self.notation)
                else:
                    frame = self.elements.frame(self.game, step.after, step.move, self.notation)
                    parent = entry["node"] = self.node(parent, step.after, frame)
                self.places[ply.pos] = entry["node"]
            items.append(entry)
            items.extend(_comment(c) for c in ply.comments_view)
            if ply.variations_view and depth < MAX_DEPTH:
                for number, variation in enumerate(ply.variations):
                    items.append(
                        {"v": self.line(variation, (*here, number), before_node, depth + 1)}
                    )
        return items


def _comment(comment: Comment) -> dict[str, str]:
    return {"c": comment.text}


def report_view(
    report: GameReport, elements: Elements
) -> tuple[GameView, dict[tuple[int, int], int]]:
    """The view of the record of ``report``, a report made with ``trace``
    (:func:`~notation.check.validator.validate_record`), and the node of each replayed ply
    by its source place."""
    replayed = report.replayed
    if replayed is None:
        raise ValueError("the report keeps no replay: validate the record with trace")
    record = replayed.record
    tags = record.tag_dict()
    white, black = tags.get("White", "?"), tags.get("Black", "?")
    title = f"{white} – {black}"
    if tags.get("Event"):
        title += f" ({tags['Event']})"
    view = GameView(
        report.index, report.path, title, None, [(t.name, t.value) for t in record.tags]
    )
    view.result = record.result
    if report.game is None or replayed.start is None:
        view.problem = f"not shown: {replayed.unreplayed}"
        if report.game is not None:
            view.game = get_game(report.game).title
        return view, {}
    found = get_game(report.game)
    view.game = found.title
    builder = _Builder(found, replayed, elements)
    builder.node(-1, replayed.start, elements.frame(found, replayed.start, None, builder.notation))
    view.moves = builder.line(record.moves, (), 0, 0)
    view.nodes = builder.nodes
    return view, builder.places


def page_data(views: Sequence[GameView], elements: Elements, **extra: Any) -> str:
    """The page's data as JSON safe inside a ``<script>`` element."""
    data = {"el": elements.texts, "games": [v.as_json() for v in views], **extra}
    return script_json(data)


def script_json(data: object) -> str:
    """JSON that no record text can end a ``<script>`` element with (every ``<``, ``>``
    and ``&`` escaped, and the line separators JavaScript once refused)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    # A lone surrogate (a byte of a file name that is not UTF-8) cannot be written as
    # UTF-8: JSON escapes it.
    text = _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    for raw, escaped in (
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("&", "\\u0026"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        text = text.replace(raw, escaped)
    return text


class Writer(Protocol):
    """Where a page is written: a text stream, or a command's output sink."""

    def write(self, text: str, /) -> int:
        """Write ``text``."""
        ...


class Viewer:
    """The viewer page of a file's games, made as they are replayed: :meth:`add` each
    game's report, then :meth:`write` (or :meth:`page`) the page. Each game's part of the
    page is held in a temporary file, not in memory, until the page is written."""

    SPOOL_READ = 1 << 16
    """Characters of the games' parts read back at a time."""

    def __init__(self) -> None:
        self.elements = Elements()
        self.games = 0
        """The games added."""
        self.path = "no games"
        """The file of the first game added."""
        # The spool lives as long as the viewer: :meth:`write` closes it.
        self.spool = tempfile.TemporaryFile("w+", encoding="utf-8", newline="")  # noqa: SIM115
        self.length = 0
        """The characters of the games' parts held."""

    def add(self, report: GameReport) -> None:
        """Show the record of ``report``, a report made with ``trace``
        (:func:`~notation.check.validator.validate_record`); its replay is let go."""
        view = report_view(report, self.elements)[0]
        report.replayed = None
        text = ("," if self.games else "") + script_json(view.as_json())
        self.spool.write(text)
        self.length += len(text)
        if not self.games:
            self.path = view.path
        self.games += 1

    def write(self, out: Writer, first: int = 1, compress: bool | None = None) -> None:
        """Write the page to ``out``, game ``first`` (1-based) shown when it opens
        (``compress``: see :func:`page`), and let the games' parts go."""
        heading = f"{self.path}: {self.games} game{'s' if self.games != 1 else ''}"
        head = '{"el":' + script_json(self.elements.texts) + ',"games":['
        tail = "]," + script_json({"first": first})[1:]
        try:
            self.spool.seek(0)
            parts = iter(functools.partial(self.spool.read, self.SPOOL_READ), "")
            data = itertools.chain((head,), parts, (tail,))
            write_page(out, heading, data, len(head) + self.length + len(tail), "", compress)
        finally:
            self.spool.close()

    def page(self, first: int = 1, compress: bool | None = None) -> str:
        """The page, as :meth:`write` writes it."""
        out = io.StringIO()
        self.write(out, first, compress)
        return out.getvalue()


def reports_page(
    reports: Iterable[GameReport], first: int = 1, compress: bool | None = None
) -> str:
    """The viewer page of the records of ``reports``, each made with ``trace``
    (:func:`~notation.check.validator.validate_record`), game ``first`` (1-based) shown
    when the page opens (``compress``: see :func:`page`)."""
    viewer = Viewer()
    for report in reports:
        viewer.add(report)
    return viewer.page(first, compress)


def page(heading: str, data: str, report: str, compress: bool | None = None) -> str:
    """A whole page: the heading, the report part (HTML, may be empty), the viewer with
    its ``data`` (from :func:`page_data`), gzipped when ``compress`` says so or, by
    default, when it is larger than :data:`COMPRESS_ABOVE`."""
    out = io.StringIO()
    write_page(out, heading, (data,), len(data), report, compress)
    return out.getvalue()


def write_page(
    out: Writer,
    heading: str,
    data: Iterable[str],
    length: int,
    report: str,
    compress: bool | None = None,
) -> None:
    """Write :func:`page`'s page to ``out``, its data given in parts (``length``
    characters in all), each part written as it comes."""
    if compress is None:
        compress = length > COMPRESS_ABOVE
    kind = 'type="application/json"'
    if compress:
        data = _packed(data)
        kind = 'type="application/octet-stream" data-encoding="gzip"'
    values = {
        "TITLE": html.escape(heading),
        "CSS": CSS,
        "REPORT": report,
        "SCRIPT": SCRIPT,
        "DATA_TYPE": kind,
    }
    before, after = TEMPLATE.split("@DATA@")
    out.write(_PLACE.sub(lambda m: values[m.group(1)], before))
    for part in data:
        out.write(part)
    out.write(_PLACE.sub(lambda m: values[m.group(1)], after))


_PLACE = compiled("@(TITLE|CSS|REPORT|SCRIPT|DATA_TYPE)@")
"""A place of :data:`TEMPLATE` filled in (each once: what is put in is never read again)."""


def _packed(data: Iterable[str]) -> Iterator[str]:
    """``data``'s UTF-8 bytes gzipped (level 6, no time stamp) and in base64, in parts."""
    deflate = zlib.compressobj(6, zlib.DEFLATED, 31)
    held = b""
    for part in data:
        held += deflate.compress(part.encode("utf-8"))
        whole = len(held) - len(held) % 3
        if whole:
            yield base64.b64encode(held[:whole]).decode("ascii")
            held = held[whole:]
    yield base64.b64encode(held + deflate.flush()).decode("ascii")


COMPRESS_ABOVE = 1 << 19
"""Data larger than this (characters) is gzipped into the page: a browser reads a large
page's bytes more slowly than it unpacks them (DecompressionStream)."""


CSS = """
:root { --ink: #1d1d1d; --paper: #ffffff; --mark: #1d4ed8; --bad: #b91c1c;
  --warn: #92400e; --note: #155e75; --soft: #f3f4f6; }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, sans-serif; color: var(--ink); background: var(--paper);
  margin: 0; padding: 1rem; }
h1 { font-size: 1.3rem; margin: 0 0 .75rem; }
h2 { font-size: 1.1rem; margin: 1.25rem 0 .5rem; }
a { color: var(--mark); }
:focus-visible { outline: 3px solid var(--mark); outline-offset: 2px; }
button, select, input { font: inherit; }
#game { width: min(100%, 40rem); }
button { border: 1px solid #6b7280; background: var(--soft); border-radius: 4px;
  padding: .2rem .6rem; cursor: pointer; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: var(--paper); padding: .3rem; }
#viewer { display: flex; flex-wrap: wrap; gap: 1.25rem; align-items: flex-start; }
#board-panel { flex: 0 0 auto; }
#board { line-height: 0; }
#board svg { max-width: 100%; height: auto; }
#controls { display: flex; gap: .4rem; margin: .5rem 0; flex-wrap: wrap; }
#status { font-weight: 600; min-height: 1.5em; }
#illegal { border: 2px dashed var(--bad); padding: .5rem; margin-top: .5rem; max-width: 40rem; }
#illegal[hidden] { display: none; }
#side { flex: 1 1 20rem; min-width: 16rem; max-width: 48rem; }
#tags { font-size: .85rem; border-collapse: collapse; margin-bottom: .5rem; }
#tags th { text-align: left; padding-right: .75rem; font-weight: 600; }
#moves { line-height: 1.9; max-height: 70vh; overflow: auto; border: 1px solid #d1d5db;
  padding: .5rem; }
#moves .ply, #moves .res { display: inline-block; max-width: 100%; }
#moves .mv { border: 1px solid transparent; background: none; padding: 0 .2rem;
  max-width: 100%; text-align: start; }
#moves .mv, #moves .res, #moves .cm, #tags td { overflow-wrap: anywhere; }
#moves .mv[aria-current="step"] { background: #dbeafe; border-color: var(--mark);
  font-weight: 700; text-decoration: underline; }
#moves .mv[aria-current="step"]::before { content: "\\25B6\\FE0E "; }
#moves .bad { color: var(--bad); border: 1px dashed var(--bad); }
#moves .bad::after { content: " \\2717 illegal"; font-size: .8em; }
#moves .dead { color: #6b7280; }
#moves .no { color: #4b5563; margin-left: .25rem; }
#moves .cm { color: #374151; font-style: italic; margin: 0 .25rem; }
#moves .var { display: block; margin-left: 1.25rem; border-left: 3px solid #9ca3af;
  padding-left: .5rem; }
#moves .var::before { content: "variation: "; font-size: .8em; color: #4b5563; }
#moves .res { font-weight: 700; margin-left: .5rem; }
table.report { border-collapse: collapse; width: 100%; font-size: .9rem; }
#problems { contain: content; }
#problem-table { table-layout: fixed; }
#problem-table th:nth-child(1) { width: 7rem; }
#problem-table th:nth-child(2) { width: 5.5rem; }
#problem-table th:nth-child(3) { width: 22%; }
#problem-table th:nth-child(5) { width: 26rem; }
#problem-table td { overflow-wrap: anywhere; }
#problem-table tbody tr { content-visibility: auto; contain-intrinsic-size: auto 4rem; }
table.report th, table.report td { border: 1px solid #d1d5db; padding: .25rem .4rem;
  text-align: left; vertical-align: top; }
table.report th { background: var(--soft); }
.sev { font-weight: 700; white-space: nowrap; }
.sev-error { color: var(--bad); }
.sev-warning { color: var(--warn); }
.sev-notice { color: var(--note); }
.sev-error::before { content: "\\2716\\FE0E "; }
.sev-warning::before { content: "\\25B2\\FE0E "; }
.sev-notice::before { content: "\\25CF\\FE0E "; }
#filters { display: flex; gap: 1rem; flex-wrap: wrap; margin: .5rem 0; }
.problem-board { line-height: 0; margin: .3rem 0; }
.problem-board svg { max-width: 24rem; height: auto; }
@media print {
  body { padding: 0; font-size: 11pt; }
  #controls, #filters, .skip, #game-pick, .no-print { display: none !important; }
  #moves { max-height: none; overflow: visible; border: none; }
  #moves .mv[aria-current="step"] { background: none; }
  #viewer { display: block; }
  a { color: inherit; text-decoration: none; }
  table.report th { background: none; }
  tr[hidden] { display: none; }
  #problems { contain: none; }
  #problem-table tbody tr { content-visibility: visible; }
  #board svg { max-width: 14cm; }
  .problem-board svg { max-width: 8cm; }
}
"""

TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; \
style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>@TITLE@</title>
<style>@CSS@</style>
</head>
<body>
<a class="skip" href="#moves">Skip to the move list</a>
<h1>@TITLE@</h1>
@REPORT@
<main id="viewer-section" aria-label="Game viewer">
<p id="game-pick"><label for="game">Game </label><select id="game"></select></p>
<h2 id="game-title"></h2>
<p id="game-problem" hidden></p>
<div id="viewer">
<div id="board-panel">
<div id="board" role="img" aria-labelledby="status"></div>
<div id="controls" role="group" aria-label="Step through the game">
<button type="button" id="first" aria-label="Start position">|&#x25C0;&#xFE0E; start</button>
<button type="button" id="prev" aria-label="Previous ply">&#x25C0;&#xFE0E; back</button>
<button type="button" id="next" aria-label="Next ply">forward &#x25B6;&#xFE0E;</button>
<button type="button" id="last" aria-label="End of the main line">end &#x25B6;&#xFE0E;|</button>
</div>
<p id="status" aria-live="polite"></p>
<div id="illegal" role="alert" hidden></div>
</div>
<div id="side">
<table id="tags"></table>
<div id="moves" tabindex="0" aria-label="Moves; the arrow keys step through the game"></div>
</div>
</div>
</main>
<script id="data" @DATA_TYPE@>@DATA@</script>
<script>@SCRIPT@</script>
</body>
</html>
"""

SCRIPT = r"""
"use strict";
function startViewer(data) {
  const el = data.el;
  const $ = (id) => document.getElementById(id);
  const state = { g: 0, n: 0, frames: [], buttons: [], next: [], prevOf: [] };

  function frame(game, n, cache) {
    if (cache[n]) return cache[n];
    const node = game.nodes[n];
    let ids;
    if (node[0] < 0) {
      ids = node[2].slice();
    } else {
      const before = frame(game, node[0], cache);
      const gone = new Set(node[1]);
      ids = before.filter((e, i) => !gone.has(i));
      for (let k = 0; k < node[2].length; k += 2) ids.splice(node[2][k], 0, node[2][k + 1]);
    }
    cache[n] = ids;
    return ids;
  }

  function svgText(game, n, cache) {
    return frame(game, n, cache).map((i) => el[i]).join("") + "</svg>";
  }

  function text(tag, content, cls) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    e.textContent = content;
    return e;
  }

  function plyLabel(entry) {
    let label = entry.t + (entry.s || "");
    if (entry.nag) label += entry.nag.map((x) => " $" + x).join("");
    return label;
  }

  function renderLine(items, into, prevNode) {
    let before = prevNode;
    let branch = prevNode;
    for (const item of items) {
      if (item.c !== undefined) {
        into.appendChild(text("span", "{" + item.c + "}", "cm"));
        into.appendChild(document.createTextNode(" "));
      } else if (item.v !== undefined) {
        const box = document.createElement("span");
        box.className = "var";
        box.setAttribute("role", "group");
        box.setAttribute("aria-label", "variation");
        renderLine(item.v, box, branch);
        into.appendChild(box);
      } else {
        const ply = text("span", "", "ply");
        if (item.no) ply.appendChild(text("span", item.no, "no"));
        into.appendChild(ply);
        into.appendChild(document.createTextNode(" "));
        branch = before;
        if (item.node === undefined) {
          const dead = text("span", plyLabel(item), "mv dead");
          dead.title = "not replayed";
          ply.appendChild(dead);
          before = null;
          continue;
        }
        const b = document.createElement("button");
        b.type = "button";
        b.className = "mv" + (item.bad ? " bad" : "");
        b.textContent = plyLabel(item);
        b.dataset.node = item.node;
        const said = item.bad ? " (illegal: " + item.bad + ")" : "";
        b.setAttribute("aria-label", "ply " + plyLabel(item) + said);
        b.addEventListener("click", () => show(item.node, true));
        ply.appendChild(b);
        state.buttons[item.node] = b;
        state.items[item.node] = item;
        if (before !== null && state.next[before] === undefined) state.next[before] = item.node;
        state.prevOf[item.node] = before;
        before = item.bad ? null : item.node;
      }
    }
  }

  function choose(g) {
    state.g = g;
    const game = data.games[g];
    state.cache = [];
    state.buttons = [];
    state.items = [];
    state.next = [];
    state.prevOf = [0];
    $("game").value = String(g);
    const kind = game.game ? ", " + game.game : "";
    const where = " (" + game.path + kind + ")";
    $("game-title").textContent = "Game " + game.n + ": " + game.title + where;
    const tags = $("tags");
    tags.replaceChildren();
    for (const [k, v] of game.tags) {
      const row = document.createElement("tr");
      row.appendChild(text("th", k));
      row.appendChild(text("td", v));
      tags.appendChild(row);
    }
    const moves = $("moves");
    moves.replaceChildren();
    const problem = $("game-problem");
    problem.hidden = !game.problem;
    problem.textContent = game.problem || "";
    renderLine(game.moves, moves, game.nodes.length ? 0 : null);
    if (game.result) moves.appendChild(text("span", game.result, "res"));
    show(0, false);
  }

  function mainEnd() {
    let n = 0;
    while (state.next[n] !== undefined) n = state.next[n];
    return n;
  }

  function show(n, focus) {
    const game = data.games[state.g];
    if (!game.nodes.length) {
      $("board").replaceChildren();
      $("status").textContent = game.problem || "";
      $("illegal").hidden = true;
      return;
    }
    state.n = n;
    const svg = svgText(game, n, state.cache);
    $("board").innerHTML = svg;
    $("board").dataset.node = n;
    const node = game.nodes[n];
    const item = state.items[n];
    let status;
    if (n === 0) status = "Start position";
    else status = "After " + plyLabel(item);
    if (item && item.bad) status = "Before " + plyLabel(item) + " (not legal)";
    status += ": " + (node[5] || ["White", "Black"][node[3]] + " to move");
    if (node[4]) status += "; scores: White " + node[4][0] + ", Black " + node[4][1];
    $("status").textContent = status;
    const box = $("illegal");
    if (item && item.bad) {
      box.hidden = false;
      box.replaceChildren(
        text("strong", "Illegal move " + item.t + " (" + item.code + "): "),
        text("span", item.bad),
        text("p", "Legal moves here (drawn on the board): " + (item.legal.join(", ") || "none"))
      );
    } else {
      box.hidden = true;
      box.replaceChildren();
    }
    for (const b of document.querySelectorAll("#moves [aria-current]")) {
      b.removeAttribute("aria-current");
    }
    const b = state.buttons[n];
    if (b) {
      b.setAttribute("aria-current", "step");
      if (focus) b.focus();
      else b.scrollIntoView({ block: "nearest" });
    }
    history.replaceState(null, "", "#g=" + (state.g + 1) + "&n=" + n);
  }

  function step(delta) {
    if (delta > 0) {
      const n = state.next[state.n];
      if (n !== undefined) show(n, false);
    } else {
      const n = state.prevOf[state.n];
      if (n !== undefined && n !== null && state.n !== 0) show(n, false);
    }
  }

  const pick = $("game");
  data.games.forEach((game, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = game.n + ". " + game.title + (game.path ? " · " + game.path : "");
    pick.appendChild(o);
  });
  pick.addEventListener("change", () => choose(Number(pick.value)));
  $("first").addEventListener("click", () => show(0, false));
  $("prev").addEventListener("click", () => step(-1));
  $("next").addEventListener("click", () => step(1));
  $("last").addEventListener("click", () => show(mainEnd(), false));
  document.addEventListener("keydown", (event) => {
    const t = event.target;
    if (t && (t.tagName === "SELECT" || t.tagName === "INPUT")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const keys = { ArrowRight: () => step(1), ArrowLeft: () => step(-1),
      Home: () => show(0, false), End: () => show(mainEnd(), false) };
    if (keys[event.key]) {
      event.preventDefault();
      keys[event.key]();
    }
  });

  function fromHash() {
    const m = /g=(\d+)&n=(\d+)/.exec(location.hash);
    if (!m) return false;
    const g = Number(m[1]) - 1;
    if (!(g >= 0 && g < data.games.length)) return false;
    if (g !== state.g || !state.buttons.length) choose(g);
    const n = Number(m[2]);
    if (n < data.games[g].nodes.length) show(n, false);
    return true;
  }
  window.addEventListener("hashchange", fromHash);
  window.notationViewer = {
    svg: () => $("board").dataset.node === undefined ? "" :
      svgText(data.games[state.g], state.n, state.cache),
    svgOf: (g, n) => svgText(data.games[g], n, []),
    state: () => ({ game: state.g + 1, node: state.n }),
    open: (g, n) => { location.hash = "#g=" + g + "&n=" + n; fromHash(); },
  };
  if (data.games.length) {
    if (!fromHash()) choose(Math.min((data.first || 1) - 1, data.games.length - 1));
  } else {
    $("viewer-section").hidden = true;
  }
  if (window.notationReport) window.notationReport(data, window.notationViewer);
  window.notationReadyAt = performance.now();
  document.documentElement.dataset.ready = "true";
}

(function () {
  const node = document.getElementById("data");
  if (node.dataset.encoding !== "gzip") {
    startViewer(JSON.parse(node.textContent));
    return;
  }
  const bytes = Uint8Array.from(atob(node.textContent.trim()), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  new Response(stream).text().then((text) => startViewer(JSON.parse(text)));
})();
"""
