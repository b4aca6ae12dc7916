"""A new record: the seven standard tags, and the tags that name and set up its game."""

from __future__ import annotations

import datetime

from notation.games.base import AnyGame
from notation.record.model import Record, Tag


def new_record(game: AnyGame, seed: int | None = None, day: datetime.date | None = None) -> Record:
    """A record of ``game`` without moves, dated ``day`` (default: today); ``seed`` draws
    the set-up of a game that draws one."""
    when = day or datetime.date.today()
    tags = [
        Tag("Event", "?"),
        Tag("Site", "?"),
        Tag("Date", when.strftime("%Y.%m.%d")),
        Tag("Round", "?"),
        Tag("White", "?"),
        Tag("Black", "?"),
        Tag("Result", "*"),
    ]
    tags += [Tag(key, value) for key, value in game.new_tags(seed).items()]
    return Record(tags=tags, result="*")
