"""Statistics of an archive of records, per game, gathered in one streaming pass.

For each game (``brazilian``, ``kavaleria``, ...) :func:`collect` counts the records, the
results by side (White wins, Black wins, draws, unfinished, and other results such as
PDN's ``0-0``) with their percentages, the average length in main-line plies (as
written), the most common first moves (written in the game's default notation by its
``format_move``, so that every notation of a move counts as one) and the invalid records
(those the validator finds an error in). Records of games the toolkit does not replay
are counted apart. :func:`render_text` draws the statistics as a table,
:func:`to_json` gives their JSON form (:data:`JSON_VERSION`).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from notation.archive.runs import Reading, exit_status, read_as, report_form
from notation.check.dialects import NO_DIALECTS
from notation.check.validator import validate_record
from notation.diagnostics import Diagnostic
from notation.games.base import AnyGame
from notation.games.registry import GAMES
from notation.io.files import given, name_of
from notation.read.sources import read_paths
from notation.record.model import Record
from notation.run.config import Config
from notation.run.settings import Games, default_of, known_codec

JSON_VERSION = 1
"""Version of the JSON form; a change that breaks readers raises it."""

TOP_MOVES = 5
"""First moves listed per game."""

OUTCOMES = ("white", "black", "draw", "unfinished", "other")
"""The result classes, in the order shown."""

LABELS = {
    "white": "White wins",
    "black": "Black wins",
    "draw": "draws",
    "unfinished": "unfinished",
    "other": "other results",
}
"""How each result class is named in the text table."""

RESULT_CLASS = {
    "1-0": "white",
    "2-0": "white",
    "0-1": "black",
    "0-2": "black",
    "1/2-1/2": "draw",
    "1-1": "draw",
    "*": "unfinished",
}
"""The class of each result token; any other (``0-0``) is ``other``."""


@dataclass(slots=True)
class GameStats:
    """The statistics of the records of one game."""

    game: str
    title: str
    games: int = 0
    results: Counter[str] = field(default_factory=Counter)
    plies: int = 0
    """Main-line plies of all records, as written."""
    first_moves: Counter[str] = field(default_factory=Counter)
    invalid: int = 0

    @property
    def average_plies(self) -> float:
        """Average main-line length in plies (0 without records)."""
        return self.plies / self.games if self.games else 0.0

    def percent(self, outcome: str) -> float:
        """Share of the records with ``outcome``, in percent, to one decimal."""
        return round(100 * self.results[outcome] / self.games, 1) if self.games else 0.0

    def top_moves(self) -> list[tuple[str, int]]:
        """The :data:`TOP_MOVES` most common first moves, most common first (ties by text)."""
        ranked = sorted(self.first_moves.items(), key=lambda item: (-item[1], item[0]))
        return ranked[:TOP_MOVES]


@dataclass(slots=True)
class Stats:
    """Statistics of a run: per game (in :data:`~notation.games.registry.GAMES` order once
    rendered), unsupported records, and the problems met reading the inputs."""

    games: dict[str, GameStats] = field(default_factory=dict)
    unsupported: int = 0
    """Records of game types the toolkit does not replay."""
    problems: list[Diagnostic] = field(default_factory=list)
    """Inputs that could not be read (PDN106) and encodings guessed (PDN107)."""

    @property
    def records(self) -> int:
        """Every record counted."""
        return sum(s.games for s in self.games.values()) + self.unsupported

    @property
    def invalid(self) -> int:
        """Records with an error, over all games."""
        return sum(s.invalid for s in self.games.values())

    @property
    def status(self) -> int:
        """The exit status: 2 when an input could not be read, else 1 when a record has an
        error, else 0."""
        return exit_status(self.problems, bool(self.invalid))

    def written(self, form: str = "text") -> str:
        """The statistics as ``stats`` writes them: :func:`render_text`, or with ``json``
        :func:`to_json`'s document."""
        if form == "json":
            return json.dumps(to_json(self), indent=2) + "\n"
        return render_text(self)

    def add(
        self,
        record: Record,
        *,
        path: str = "-",
        default: AnyGame | Games | None = None,
        dialects: frozenset[str] = NO_DIALECTS,
    ) -> None:
        """Count one record (read from ``path``); ``default`` is the game of records whose
        tags name none (:class:`~notation.run.settings.Games`: input by input),
        ``dialects`` the optional dialects read (:mod:`notation.check.dialects`)."""
        here = default_of(default, path)
        report = validate_record(record, path=path, default=here, keep=True, dialects=dialects)
        if report.game is None:
            self.unsupported += 1
            return
        game = GAMES[report.game]
        stats = self.games.get(game.name)
        if stats is None:
            stats = self.games[game.name] = GameStats(game.name, game.title)
        stats.games += 1
        stats.invalid += not report.valid
        stats.plies += len(record.moves.plies)
        claimed = record.result if record.result is not None else record.tag("Result")
        stats.results[RESULT_CLASS.get(claimed or "*", "other")] += 1
        if report.main_line:
            # The first move of the validator's replay, in the game's default notation.
            stats.first_moves[game.format_move(*report.main_line[0])] += 1


def collect(
    sources: Iterable[str | os.PathLike[str] | Record] | str | os.PathLike[str],
    default: AnyGame | Games | None = None,
    *,
    encoding: str | None = None,
    allow_empty: bool = False,
    dialects: frozenset[str] = NO_DIALECTS,
) -> Stats:
    """Statistics of records given as such, or read from the paths given (any mix; one
    path alone stands for the list of it).

    Paths are read with :func:`~notation.read.sources.read_paths`, one record at a time;
    ``default`` is the game of records whose tags name none
    (:class:`~notation.run.settings.Games`: input by input), ``dialects`` the optional
    dialects read.
    """
    stats = Stats()
    pending: list[str] = []
    for item in given(sources):
        if isinstance(item, Record):
            _count_paths(stats, pending, default, encoding, allow_empty, dialects)
            stats.add(item, default=default, dialects=dialects)
        else:
            pending.append(name_of(item))
    _count_paths(stats, pending, default, encoding, allow_empty, dialects)
    return stats


def _count_paths(
    stats: Stats,
    names: list[str],
    default: AnyGame | Games | None,
    encoding: str | None,
    allow_empty: bool,
    dialects: frozenset[str],
) -> None:
    """Count the records of ``names`` (then empty the list)."""
    if not names:
        return
    for found in read_paths(names, encoding=encoding, allow_empty=allow_empty):
        if isinstance(found, Diagnostic):
            stats.problems.append(found)
        else:
            stats.add(found[1], path=found[0], default=default, dialects=dialects)
    names.clear()


def _ordered(stats: Stats) -> list[GameStats]:
    return [stats.games[name] for name in GAMES if name in stats.games]


def render_text(stats: Stats) -> str:
    """The statistics as a plain-text table, one block per game, ending with a newline."""
    blocks = []
    for game in _ordered(stats):
        rows = [f"{game.title} ({game.game})", f"  {'games':<16}{game.games:>6}"]
        for outcome in OUTCOMES:
            count = game.results[outcome]
            if outcome != "other" or count:
                percent = f"{game.percent(outcome):.1f}%"
                rows.append(f"  {LABELS[outcome]:<16}{count:>6}  {percent:>6}")
        rows.append(f"  {'average length':<16}{game.average_plies:>6.1f}  plies")
        rows.append(f"  {'invalid records':<16}{game.invalid:>6}")
        moves = ", ".join(f"{move} ({count})" for move, count in game.top_moves())
        rows.append(f"  {'first moves':<16}{moves or '-'}")
        blocks.append("\n".join(rows) + "\n")
    if stats.unsupported:
        noun = "record" if stats.unsupported == 1 else "records"
        blocks.append(f"{stats.unsupported} {noun} of unsupported game types\n")
    if not blocks:
        return "no records\n"
    return "\n".join(blocks)


def to_json(stats: Stats) -> dict[str, Any]:
    """The statistics as JSON-ready data (see docs/archive.md for the schema)."""
    return {
        "version": JSON_VERSION,
        "records": stats.records,
        "unsupported": stats.unsupported,
        "games": [
            {
                "game": game.game,
                "title": game.title,
                "games": game.games,
                "results": {
                    outcome: {"count": game.results[outcome], "percent": game.percent(outcome)}
                    for outcome in OUTCOMES
                },
                "average_plies": round(game.average_plies, 1),
                "invalid": game.invalid,
                "first_moves": [{"move": move, "count": count} for move, count in game.top_moves()],
            }
            for game in _ordered(stats)
        ],
    }


@dataclass(frozen=True, slots=True, kw_only=True)
class StatsSettings(Reading):
    """The settings of ``notation stats``."""

    format: str = "text"
    """What is written: ``text`` (:func:`render_text`) or ``json`` (:func:`to_json`)."""


def stats_settings(
    *,
    format: str = "text",
    game: str | None = None,
    dialects: Iterable[str] | None = None,
    encoding: str | None = None,
    allow_empty: bool = False,
    config: Config | None = None,
) -> StatsSettings:
    """The settings of ``stats`` with these options and ``config``, the configuration in
    force (its ``game`` and ``dialects``: :func:`~notation.archive.runs.read_as`);
    :class:`SettingsError` naming the first option that cannot be used."""
    chosen, read, config = read_as(game, dialects, config)
    return StatsSettings(
        game=chosen,
        dialects=read,
        config=config,
        encoding=known_codec(encoding),
        allow_empty=allow_empty,
        format=report_form(format),
    )


def stats(
    sources: Iterable[str | os.PathLike[str] | Record] | str | os.PathLike[str],
    settings: StatsSettings,
) -> Stats:
    """``notation stats``: the statistics of the records of ``sources`` (paths as the
    command line takes them, or records), read as ``settings`` say."""
    return collect(
        sources,
        settings.default,
        encoding=settings.encoding,
        allow_empty=settings.allow_empty,
        dialects=settings.dialects,
    )
