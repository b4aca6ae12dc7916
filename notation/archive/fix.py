"""``notation fix``: a record's tags and result made consistent, each change reported.

:func:`fix_record` applies the fixes asked for (:data:`FIXES`) to one record in place and
returns one REC250 notice per change:

- ``results``: the ``Result`` tag and the movetext's result made to agree with what the
  rules decide at the end of the main line; where they decide nothing (a game going on,
  an illegal move, a game not replayed), the two are made to agree, the movetext's result
  winning over the tag (it is the one written where the game ends) and the tag giving the
  movetext a result it lacks;
- ``plycount``: a ``PlyCount`` tag holding the number of plies of the main line;
- ``fen``: the ``FEN`` tag written as the game writes a position (every square listed,
  no ranges, no move counters), when it sets up the same position;
- ``tags``: PDN's seven standard tags first, in PDN's order (a missing one added as
  ``?``, ``Result`` as the record's result or ``*``), then the others as they were.

A record with a syntax error is left as it is (nothing in it can be trusted to fix).
"""

from __future__ import annotations

from notation.check.dialects import NO_DIALECTS
from notation.check.replay import record_notation
from notation.check.validator import GameReport, validate_record
from notation.diagnostics import FIXED, Diagnostic
from notation.games.base import AnyGame, Game, Outcome, SetupError
from notation.games.registry import get_game
from notation.record.model import NOWHERE, RESULTS, Record, SourcePos, Tag

FIXES = ("results", "plycount", "tags", "fen")
"""The fixes, in the order they are applied; ``fix`` without options applies them all."""

STANDARD_TAGS = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
"""PDN's seven standard tags, in PDN's order."""


class _Fixer:
    """The fixes of one record, and the notices saying what changed."""

    def __init__(self, record: Record, path: str, dialects: frozenset[str]) -> None:
        self.record = record
        self.path = path
        self.dialects = dialects
        self.changes: list[Diagnostic] = []

    def say(self, message: str, pos: SourcePos) -> None:
        where = pos if pos != NOWHERE else self.record.pos
        self.changes.append(
            Diagnostic(
                FIXED, f"fixed: {message}", where.line, where.column, self.path, self.record.index
            )
        )

    def results(self, game: AnyGame | None, outcome: Outcome | None) -> None:
        record = self.record
        tag, moved = record.tag("Result"), record.result
        target: str | None
        if game is not None and outcome is not None:
            decided = game.result_for(outcome)
            target = next((r for r in (moved, tag) if r in decided), decided[0])
            why = f"the rules decide {decided[0]} ({outcome.reason})"
        else:
            target = moved if moved is not None else tag
            why = "it agrees with the movetext" if moved is not None else "it agrees with the tag"
        if target is None or target not in RESULTS:
            return
        if game is not None and target not in game.results:
            return
        if tag != target:
            was = "none" if tag is None else tag
            record.set_tag("Result", target)
            self.say(f"the Result tag is {target} (was {was}): {why}", record.tag_pos("Result"))
        if moved != target:
            was = "none" if moved is None else moved
            record.result = target
            self.say(
                f"the movetext's result is {target} (was {was}): {why}",
                record.result_pos or record.pos,
            )

    def plycount(self) -> None:
        record = self.record
        plies = str(len(record.moves.plies))
        was = record.tag("PlyCount")
        if was != plies:
            record.set_tag("PlyCount", plies)
            before = "none" if was is None else was
            self.say(f"PlyCount {plies} (was {before})", record.tag_pos("PlyCount"))

    def fen(self, game: AnyGame | None) -> None:
        record = self.record
        written = record.tag("FEN")
        if game is None or written is None:
            return
        canonical = canonical_fen(record, game)
        if canonical is not None:
            record.set_tag("FEN", canonical)
            self.say(f"FEN {canonical!r} (was {written!r})", record.tag_pos("FEN"))

    def tags(self) -> None:
        record = self.record
        names = {tag.name for tag in record.tags}
        for name in STANDARD_TAGS:
            if name not in names:
                value = (record.result or "*") if name == "Result" else "?"
                record.tags.append(Tag(name, value))
                self.say(f"the {name} tag added as {value}", record.pos)
        rank = {name: at for at, name in enumerate(STANDARD_TAGS)}
        ordered = sorted(record.tags, key=lambda tag: rank.get(tag.name, len(rank)))
        if [t.name for t in ordered] != [t.name for t in record.tags]:
            record.tags = ordered
            self.say("the tags put in PDN's order (the seven standard tags first)", record.pos)


def canonical_fen(record: Record, game: AnyGame, notation: str | None = None) -> str | None:
    """The ``FEN`` tag of ``record`` written as ``game`` writes the position it sets up, in
    ``notation`` (default: the record's); ``None`` when the record has no valid ``FEN``,
    when it is already so written, or when the text written would set up another position.
    ``fix --fen`` and ``convert`` both write the tag so."""
    written = record.tag("FEN")
    if written is None:
        return None
    tags = record.tag_dict()
    try:
        start = game.start(tags)
        chosen = record_notation(game, record) if notation is None else notation
        canonical = game.setup_tags(start, chosen).get("FEN")
        if canonical is None or canonical == written:
            return None
        if game.start({**tags, "FEN": canonical}) != start:
            return None
    except SetupError:
        return None
    return canonical


def fix_record(
    record: Record,
    fixes: tuple[str, ...] = FIXES,
    *,
    path: str = "-",
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
    report: GameReport | None = None,
) -> list[Diagnostic]:
    """Apply ``fixes`` (names of :data:`FIXES`) to ``record`` in place; one REC250 notice
    per change, none for a record that needs nothing or has a syntax error. ``default`` is
    the game of records whose tags name none, ``dialects`` the optional dialects read
    (:mod:`notation.check.dialects`); the record is fixed as the game ``validate`` judges
    it as (for a record whose tags name no game, the game its moves fit), from
    ``validate``'s verdict on it: ``report``, when the caller has it (given ``default``
    and ``dialects``), else judged here. :class:`ValueError` for an unknown fix."""
    unknown = [name for name in fixes if name not in FIXES]
    if unknown:
        raise ValueError(f"unknown fix {unknown[0]!r}; choose from {', '.join(FIXES)}")
    if record.has_syntax_errors:
        return []
    if report is None:
        report = validate_record(record, path=path, default=default, dialects=dialects)
    # The game validate judged the record as: an untagged record's may not be PDN's default.
    found = None if report.game is None else get_game(report.game)
    game = found if isinstance(found, Game) else None
    fixer = _Fixer(record, path, dialects)
    if "results" in fixes:
        fixer.results(game, report.outcome)
    if "plycount" in fixes:
        fixer.plycount()
    if "fen" in fixes:
        fixer.fen(game)
    if "tags" in fixes:
        fixer.tags()
    return fixer.changes
