"""A new record: the seven standard tags, and the tags that name and set up its game."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from notation.games.base import AnyGame
from notation.io.output import atomic_output, check_target, spooled_stdout
from notation.record.model import Record, Tag
from notation.record.writer import write_record
from notation.run.settings import SettingsError, known_game, path_option


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


@dataclass(frozen=True, slots=True)
class NewSettings:
    """The settings of ``notation new``."""

    game: str
    """The game of the record."""
    seed: int | None = None
    """The seed of a game that draws its set-up."""
    output: Path | None = None
    """Where the record is written (``None``: standard output)."""


def new_settings(game: str, *, seed: int | None = None, output: Path | None = None) -> NewSettings:
    """The settings of ``new`` with these options; :class:`SettingsError` for an unknown
    game (naming ``GAME``, the argument), or a seed below 0 or for a game that draws no
    set-up (naming ``seed``)."""
    from notation.games.registry import GAMES, get_game

    name = known_game(game, "game", "GAME")
    if seed is not None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SettingsError("seed", f"{seed!r} is not a whole number")
        # random.Random draws the same from -7 as from 7.
        if seed < 0:
            raise SettingsError("seed", f"{seed} is below 0: a seed is 0 or more")
        if not get_game(name).draws_setup:
            drawing = ", ".join(g for g in GAMES if get_game(g).draws_setup)
            raise SettingsError("seed", f"{name} draws no set-up: a seed is for {drawing}")
    return NewSettings(name, seed, path_option("output", output))


def new(settings: NewSettings) -> Record:
    """``notation new``: the new record, written to ``settings.output`` (atomically) or
    standard output. :class:`notation.io.output.OutputError` when it cannot be written."""
    from notation.games.registry import get_game

    record = new_record(get_game(settings.game), settings.seed)
    output = settings.output
    if output is not None:
        check_target(output, [])
    with spooled_stdout() if output is None else atomic_output(output) as sink:
        sink.write(write_record(record))
    return record
