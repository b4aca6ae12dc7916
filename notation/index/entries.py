"""A game's entry in the index, as a worker of an index run makes it: each record judged
and replayed by validate's one replay (:func:`notation.check.validator.replay_main_line`),
then turned into an :class:`notation.index.store.Entry`, plain values only, so that a
worker process can make it and send it back to the one writer.

Compiled in the compiled build (:data:`notation.compiled.MODULES`); :class:`Entry`, sent
between processes, stays a Python class of :mod:`notation.index.store`.
"""

from __future__ import annotations

import json

from notation.check.validator import ReplayedLine, replay_main_line
from notation.diagnostics import Severity
from notation.games.base import AnyGame
from notation.games.registry import get_game
from notation.index.keys import position_keys
from notation.index.openings import opening_of_line
from notation.index.store import SETUP_TAGS, Entry, collector_paused
from notation.read.sources import holds_game
from notation.record.model import Record
from notation.record.reader import read_records
from notation.record.writer import write_record


def entry_of(record: Record, replayed: ReplayedLine, salt: bytes) -> Entry:
    """The entry of ``record`` from ``replayed``, the validator's verdict on it and its
    main line (:func:`~notation.check.validator.replay_main_line`), its keys those of the
    index of ``salt``."""
    report = replayed.report
    tags = record.tag_dict()
    result = record.result if record.result is not None else tags.get("Result", "")
    positions, played, game = replayed.positions, replayed.moves, replayed.game
    moves = ""
    keys = b""
    opening = None
    if game is not None:
        # Each move with the position before it (the last position has none).
        line = list(zip(positions, played, strict=False))
        written = game.format_line(line)
        moves = " ".join(written)
        keys = position_keys(game, positions, salt)
        numeric = written if game.notations[0] == "numeric" else None
        named = opening_of_line(game, line, positions[-1], numeric)
        if named is not None:
            opening = (named.source, named.code, named.name)
    plies = len(record.moves.move_texts())
    illegal = None
    if game is not None and len(played) < plies:
        illegal = len(played) + 1
    errors = 0
    found = ""
    if report.diagnostics:
        errors = sum(1 for d in report.diagnostics if d.severity is Severity.ERROR)
        found = " ".join(sorted({d.code for d in report.diagnostics}))
    setup = "{}"
    if not tags.keys().isdisjoint(SETUP_TAGS):
        chosen = {name: tags[name] for name in SETUP_TAGS if name in tags}
        setup = json.dumps(chosen, sort_keys=True, ensure_ascii=False)
    return Entry(
        number=record.index,
        line=record.pos.line,
        game=report.game,
        setup=setup,
        result=result,
        # Each name of the record's tags once, with its first value, case folded.
        tags=tuple(zip(tags, map(str.casefold, tags.values()), strict=True)),
        errors=errors,
        codes=found,
        illegal=illegal,
        plies=plies,
        moves=moves,
        keys=keys,
        text=record.text,
        opening=opening,
    )


def entry_of_record(
    record: Record,
    path: str,
    default: AnyGame | None,
    dialects: frozenset[str],
    salt: bytes,
    rewrite: bool,
) -> Entry:
    """The entry of one record, judged as validate judges it, its keys those of ``salt``;
    ``rewrite``: its text is written out (a record of a JSON document has no PDN text of
    its own)."""
    if rewrite:
        try:
            record.text = write_record(record)
        except ValueError:
            record.text = None
    replayed = replay_main_line(record, path=path, default=default, dialects=dialects)
    return entry_of(record, replayed, salt)


def entries_of_piece(
    path: str, line: int, text: str, game: str | None, dialects: frozenset[str], salt: bytes
) -> list[Entry]:
    """The entries of the games of one piece of a file, which starts at ``line`` of it
    (run on a worker), their keys those of the index of ``salt``: lines are the file's,
    game numbers count from the piece's first."""
    default = None if game is None else get_game(game)
    records = read_records((text,), path=path, first_line=line, keep_text=True)
    # The replays make many small acyclic objects, and the piece's entries stay alive to
    # its end.
    with collector_paused():
        return [
            entry_of_record(record, path, default, dialects, salt, False)
            for record in records
            if holds_game(record)
        ]
