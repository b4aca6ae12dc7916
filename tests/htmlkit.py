"""Records of every registered game for the HTML page tests: seeded play-outs with a
comment and a variation, and the same with one ply made illegal."""

from __future__ import annotations

import random
from dataclasses import dataclass

from notation.check.validator import validate_record
from notation.games.base import AnyGame, IllegalMove, Position
from notation.games.playout import playout
from notation.pages.html import Elements, GameView, report_view, reports_page
from notation.record.model import Comment, Line, Ply, Record, Tag
from notation.record.reader import read_records
from notation.record.writer import write_record


@dataclass
class Sample:
    """A game's record text and the positions of its main line."""

    game: AnyGame
    text: str
    positions: list[Position]
    """The start, then the position after each legal ply."""
    texts: list[str]
    illegal: int | None = None
    """The ply (1-based) written illegally, if any."""


def sample(game: AnyGame, seed: int = 7, plies: int = 12, illegal: int | None = None) -> Sample:
    """A play-out of ``game`` as a record: a comment after ply 1, a variation replacing ply
    2 (its first legal move other than the one played), and, with ``illegal``, that ply
    replaced by a move text that is not legal there (and the plies after it kept)."""
    tags = game.new_tags(seed)
    start = game.start(tags)
    played = playout(game, start, random.Random(seed), max_plies=plies)
    texts = list(played.texts)
    positions = played.positions
    if illegal is not None:
        texts[illegal - 1] = _illegal_text(game, positions[illegal - 1], played.texts)
        positions = positions[:illegal]
    line = Line([Ply(t) for t in texts])
    line.plies[0].comments = [Comment("first move")]
    second = positions[1]
    other = [m for m in game.legal_moves(second) if game.format_move(second, m) != texts[1]]
    if other and len(texts) > 1:
        line.plies[1].variations = [Line([Ply(game.format_move(second, other[0]))])]
    record = Record(
        tags=[Tag("White", "Ann"), Tag("Black", "Bob")] + [Tag(k, v) for k, v in tags.items()],
        moves=line,
        result="*",
    )
    text = write_record(record)
    return Sample(game, text, positions, texts, illegal)


def _illegal_text(game: AnyGame, position: Position, texts: list[str]) -> str:
    """A move text of the game that is not a legal move in ``position``."""
    for text in texts:
        try:
            game.parse_move(position, text)
        except IllegalMove:
            return text
    raise AssertionError(f"every move of the {game.title} play-out is legal here")


def read(text: str) -> Record:
    """The one record of ``text``."""
    (record,) = read_records(text.splitlines(keepends=True), path="t.pdn")
    return record


HOSTILE_COMMENT = (
    "</script><img src=x onerror=window.injected=1><script>window.injected=2</script><!--"
)
"""Record text that would end the page's script and run code if it were not escaped."""


def view_of(record: Record, elements: Elements) -> tuple[GameView, dict[tuple[int, int], int]]:
    """The view of ``record`` (of ``t.pdn``) as the validator replays it, and the node of
    each replayed ply by its source place."""
    return report_view(validate_record(record, path="t.pdn", trace=True), elements)


def records_page(records: list[tuple[str, Record]], compress: bool | None = None) -> str:
    """The viewer page of ``records`` (path, record), each replayed as ``validate`` does."""
    reports = (validate_record(r, path=path, trace=True) for path, r in records)
    return reports_page(reports, compress=compress)
