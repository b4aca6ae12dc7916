"""Choosing games of an archive: the filters of ``notation select``, and the copying of
games as their original text that ``select``, ``split`` and ``merge`` share.

A :class:`Selector` tells whether a record matches every filter of its :class:`Filters`.
Filters on tags, the result, the game and the number of plies read the record alone
(but for the game ``validate`` judges a record naming none as, when no ``default`` names
it: :func:`~notation.check.validator.record_game` replays its first plies); the opening,
the position, the duplicate and the error filters take the record's moves and verdicts
from the validator's one replay of it (:func:`~notation.check.validator.validate_record`),
made only when a filter given needs it, once for all of them; the filters are tried
cheapest first.

:class:`Copier` reads the inputs (:func:`notation.read.sources.read_all`, the texts kept)
and writes each game chosen as its text as read (``\\r\\n`` made ``\\n``), a blank line
between games, as :class:`notation.archive.rewrite.Edited` with ``changed`` false does. A
header that names a tag twice, which the reader reads as two games (PDN119, a warning in
the report), is one game, as ``convert`` writes it: chosen by its tags as first named and
its moves (:func:`notation.read.sources.one_game`), and written as its one text.
"""

from __future__ import annotations

import contextlib
import difflib
import fnmatch
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from notation import diagnostics as codes
from notation.archive.filters import (
    check_position,
    check_result,
    parse_opening,
    parse_plies,
    parse_tag,
)
from notation.archive.runs import (
    Copied,
    Problems,
    Reading,
    copied,
    ignore,
    plural,
    read_as,
    report_form,
    where,
)
from notation.check.dialects import NO_DIALECTS
from notation.check.identity import Duplicates, Occurrence, line_key
from notation.check.replay import read_ply
from notation.check.validator import ReplayedLine, record_game, replay_main_line
from notation.diagnostics import CODES, Diagnostic, Severity
from notation.games.base import AnyGame, Game, IllegalMove, Move, Position, SetupError
from notation.games.registry import resolve_game
from notation.io.files import Input, Missing, Named, input_paths, inputs_of, reads_standard_input
from notation.io.output import (
    Sink,
    Stage,
    check_target,
    display,
    file_output,
    spooled_stdout,
)
from notation.read.sources import Found, one_game, read_all
from notation.record.model import Record
from notation.run.config import Config
from notation.run.settings import (
    Games,
    SettingsError,
    default_of,
    flag_option,
    known_codec,
    known_game,
    path_option,
    text_option,
    texts_option,
)

T = TypeVar("T")

ROSTER = frozenset(["Event", "Site", "Date", "Round", "White", "Black", "Result"])
"""PDN's seven standard tags: no game reads its setup from them."""


@dataclass(frozen=True, slots=True)
class Filters:
    """What a game must be to be selected; a filter left at its default does not filter."""

    result: str | None = None
    """The result: the movetext's, else the ``Result`` tag's."""
    tags: tuple[tuple[str, str], ...] = ()
    """(tag name, shell pattern): the tag's value matches the pattern, case ignored."""
    variant: str | None = None
    """The game the record is replayed as (its tags', else the default game)."""
    plies: tuple[int | None, int | None] | None = None
    """The plies written in the main line are at least the first, at most the second."""
    opening: tuple[str, ...] = ()
    """The main line's first moves, as written in any of the game's notations."""
    position: str | None = None
    """A ``FEN``: the position, side to move included, occurs in the main line."""
    errors: bool | None = None
    """True: the game has an error diagnostic; False: it has none."""
    code: str | None = None
    """The game has a diagnostic of this code."""
    duplicates: bool | None = None
    """True: the game is a copy of an earlier game of the inputs
    (:func:`notation.check.identity.copy_key`); False: it is not."""

    @property
    def replays(self) -> bool:
        """Whether some filter replays moves (opening, position, errors, duplicates)."""
        return bool(
            self.opening
            or self.position is not None
            or self.errors is not None
            or self.code is not None
            or self.duplicates is not None
        )


SAME_OUTCOME = {
    "1-0": ("2-0", "a white win"),
    "2-0": ("1-0", "a white win"),
    "0-1": ("0-2", "a black win"),
    "0-2": ("0-1", "a black win"),
    "1/2-1/2": ("1-1", "a draw"),
    "1-1": ("1/2-1/2", "a draw"),
}
"""A result, the other result written for the same outcome (chess's and draughts' scores),
and the outcome."""


@dataclass(slots=True)
class Selector:
    """Tells which records match ``filters``; ``default`` is the game of records whose
    tags name none (:class:`~notation.run.settings.Games`: input by input), ``dialects``
    the optional dialects moves are read with (:mod:`notation.check.dialects`). Records
    are to be given in input order (the duplicate filters compare each with those before
    it, selected or not)."""

    filters: Filters
    default: AnyGame | Games | None = None
    dialects: frozenset[str] = NO_DIALECTS
    replayed: int = 0
    """Records whose moves were replayed or parsed."""
    tags_seen: set[str] = field(default_factory=set)
    """The tag names of the records read, when a ``tags`` filter is given."""
    other_form: dict[str, int] = field(default_factory=dict)
    """Games (by the title of their game) passed over whose result is the outcome of the
    ``result`` filter written the other way (``2-0`` for ``1-0``)."""
    _index: Duplicates = field(default_factory=Duplicates)
    _openings: dict[tuple[str, Position], list[Move] | None] = field(default_factory=dict)
    _targets: dict[tuple[str, tuple[tuple[str, str], ...]], Position | None] = field(
        default_factory=dict
    )
    _here: AnyGame | None = None
    """The game of records whose tags name none, for the record being matched."""

    def matches(self, record: Record, path: str) -> bool:
        """Whether ``record`` (read from ``path``) matches every filter."""
        chosen = self.filters
        tags = record.tag_dict()
        self._here = default_of(self.default, path)
        # Whether validate replays the record: the game it judges the record as is
        # supported exactly when the one its tags (or ``default``) name is; which game
        # that is, is asked only of the filters that need it (:meth:`_judged`).
        supported = isinstance(resolve_game(tags, self._here), Game)
        checked: list[ReplayedLine] = []
        if chosen.duplicates is not None:
            copy = self._is_copy(record, path, checked)
            if copy != chosen.duplicates:
                return False
        if not self._read_only(record, tags, supported):
            return False
        if not chosen.replays:
            return True
        if chosen.opening and (not supported or not self._opens(record, path, checked)):
            return False
        if chosen.position is not None and (
            not supported or not self._reaches(record, tags, path, checked)
        ):
            return False
        if chosen.errors is not None or chosen.code is not None:
            found = self._check(record, path, checked).report.diagnostics
            if chosen.errors is not None:
                failed = any(d.severity is Severity.ERROR for d in found)
                if failed != chosen.errors:
                    return False
            if chosen.code is not None and all(d.code != chosen.code for d in found):
                return False
        return True

    def warnings(self) -> list[str]:
        """Why a filter matched fewer games than meant, from the records tried: a tag no
        record has, a result written the other way by the records' games."""
        found = []
        names = sorted(self.tags_seen, key=str.casefold)
        for name in dict.fromkeys(name for name, _ in self.filters.tags):
            if name not in self.tags_seen:
                found.append(f"--tag {name}: {no_such_tag(name, names)}")
        if self.filters.result in SAME_OUTCOME:
            other, outcome = SAME_OUTCOME[self.filters.result]
            for title, count in self.other_form.items():
                games = "game" if count == 1 else "games"
                verb = "records" if count == 1 else "record"
                found.append(
                    f"--result {self.filters.result}: {count} {games} of {title} {verb} "
                    f"{outcome} as {other}, not selected (give --result {other} for them)"
                )
        return found

    def _judged(self, record: Record) -> AnyGame | None:
        """The game ``validate`` judges ``record`` as (``None``: an unsupported game); for
        a record naming no game, without ``default``, it replays the record's first plies
        (:func:`~notation.check.validator.record_game`)."""
        game = record_game(record, self._here, self.dialects)
        return game if isinstance(game, Game) else None

    def _read_only(self, record: Record, tags: dict[str, str], supported: bool) -> bool:
        chosen = self.filters
        if chosen.tags:
            self.tags_seen.update(tags)
        if chosen.result is not None:
            result = record.result if record.result is not None else tags.get("Result")
            if result != chosen.result:
                if result in SAME_OUTCOME and SAME_OUTCOME[result][0] == chosen.result:
                    game = self._judged(record) if supported else None
                    title = game.title if game is not None else "an unknown game"
                    self.other_form[title] = self.other_form.get(title, 0) + 1
                return False
        for name, pattern in chosen.tags:
            value = tags.get(name)
            if value is None or not fnmatch.fnmatchcase(value.casefold(), pattern.casefold()):
                return False
        if chosen.variant is not None:
            game = self._judged(record) if supported else None
            if game is None or game.name != chosen.variant:
                return False
        if chosen.plies is not None:
            low, high = chosen.plies
            plies = len(record.moves.move_texts())
            if (low is not None and plies < low) or (high is not None and plies > high):
                return False
        return True

    def _check(self, record: Record, path: str, checked: list[ReplayedLine]) -> ReplayedLine:
        """The validator's report on the record and its main line: made once for every
        filter that needs them (the end of the line judged only for the filters on
        diagnostics)."""
        if not checked:
            self.replayed += 1
            chosen = self.filters
            line = replay_main_line(
                record,
                path=path,
                default=self._here,
                dialects=self.dialects,
                judge_end=chosen.errors is not None or chosen.code is not None,
            )
            checked.append(line)
        return checked[0]

    def _is_copy(self, record: Record, path: str, checked: list[ReplayedLine]) -> bool:
        found = line_key(record, self._check(record, path, checked), self._here)
        if found is None:
            return False
        here = Occurrence(path, record.index, record.pos.line)
        return self._index.add_key(found[0], found[1], here) is not None

    def _opens(self, record: Record, path: str, checked: list[ReplayedLine]) -> bool:
        """Whether the record's main line, as the validator replayed it in the game it
        judged the record as, starts with the opening's moves."""
        wanted = self.filters.opening
        if len(record.moves.move_texts()) < len(wanted):
            return False
        line = self._check(record, path, checked)
        game = line.game
        if game is None or len(line.moves) < len(wanted):
            return False
        tags = record.tag_dict()
        try:
            # The opening is read in the notation its own moves show (a Cheversi record's
            # letters are read in its language only), from the record's start.
            untagged = {name: value for name, value in tags.items() if name != "Notation"}
            own = game.start_record(untagged, wanted)
        except SetupError:
            return False
        cached = (game.name, line.positions[0])
        if cached not in self._openings:
            self._openings[cached] = _moves(game, own, wanted, self.dialects)
        opening = self._openings[cached]
        if opening is None:
            return False
        return line.moves[: len(wanted)] == opening

    def _reaches(
        self, record: Record, tags: dict[str, str], path: str, checked: list[ReplayedLine]
    ) -> bool:
        """Whether the record's main line, as the validator replayed it, reaches the
        ``--position`` FEN read in the game it judged the record as."""
        line = self._check(record, path, checked)
        game = line.game
        if game is None:
            return False
        target = self._target(game, tags)
        if target is None:
            return False
        if type(game).identity is Game.identity:
            return target in line.positions
        return target in map(game.identity, line.positions)

    def _target(self, game: AnyGame, tags: dict[str, str]) -> Position | None:
        """The position of the ``--position`` FEN for a record of ``game`` with ``tags``
        (``None`` when it cannot be read there), read once per game and setup tags."""
        assert self.filters.position is not None
        setup = tuple(item for item in tags.items() if item[0] not in ROSTER and item[0] != "FEN")
        key = (game.name, setup)
        if key not in self._targets:
            try:
                found = game.identity(game.start({**tags, "FEN": self.filters.position}))
            except SetupError:
                found = None
            self._targets[key] = found
        return self._targets[key]


def no_such_tag(name: str, names: list[str]) -> str:
    """That no game has the tag ``name``, the closest of ``names`` (the tags the games
    have) and the rest of them."""
    folded = {n.casefold(): n for n in names}
    close = difflib.get_close_matches(name.casefold(), list(folded), n=1)
    guess = f"; did you mean {folded[close[0]]}?" if close else ""
    have = f" (the games' tags: {', '.join(names)})" if names else ""
    return f"no game has a tag {name}{guess}{have}"


def _moves(
    game: AnyGame, start: Position, texts: tuple[str, ...], dialects: frozenset[str]
) -> list[Move] | None:
    """The moves ``texts`` name played in turn from ``start`` (read as validation reads
    them, with ``dialects``); ``None`` when one is illegal."""
    moves = []
    position = start
    for text in texts:
        try:
            move, position = read_ply(game, position, text, dialects)
        except IllegalMove:
            return None
        moves.append(move)
    return moves


NOT_KEPT = (
    "has no text to copy: it is past the reader's limits (a line or a game too long), "
    "so it cannot be written as read"
)
"""Why a game cannot be copied."""


@dataclass(slots=True)
class Copier:
    """Reads inputs and copies games as their text; counts what it read and its status
    (0, 1 when a game to write has no text, 2 when an input could not be read)."""

    tell: Callable[[Diagnostic], None]
    """Told each diagnostic met reading (PDN106, PDN107, PDN108)."""
    encoding: str | None = None
    allow_empty: bool = False
    status: int = 0
    games: int = 0
    textless: list[Occurrence] = field(default_factory=list)
    """Games to write that had no text."""

    def read(self, inputs: list[Input | Missing]) -> Iterator[Found]:
        """Every game of the inputs, in order, its text kept: the records read from one
        header that names a tag twice as one (their PDN119 warnings told)."""
        pieces: list[Found] = []
        for item in read_all(inputs, self.encoding, allow_empty=self.allow_empty, keep_text=True):
            if isinstance(item, Found):
                if pieces and not item.cut:
                    yield self._game(pieces)
                    pieces = []
                if item.guessed:
                    pieces.append(item)
                else:
                    self.games += 1
                    yield item
            elif isinstance(item, Diagnostic):
                self.tell(item)
                if item.code in (codes.UNREADABLE, codes.NO_RECORD):
                    self.status = 2
        if pieces:
            yield self._game(pieces)

    def _game(self, pieces: list[Found]) -> Found:
        """The one game of the records read from one header that names a tag twice."""
        self.games += 1
        record = one_game([found.record for found in pieces])
        for diagnostic in record.diagnostics:
            if diagnostic.code == codes.TAG_NAMED_AGAIN:
                self.tell(diagnostic)
        return Found(pieces[0].input, pieces[0].source, record)

    def text(self, found: Found) -> str | None:
        """The text to write of a game read (ending with a newline), or ``None`` (the
        status then 1) when it has none."""
        text = found.record.text
        if text is None:
            record = found.record
            self.textless.append(Occurrence(found.input.name, record.index, record.pos.line))
            self.status = max(self.status, 1)
            return None
        return text if text.endswith("\n") else text + "\n"

    def why_not(self) -> str:
        """Why nothing was written."""
        if self.status == 2:
            return "an input could not be read"
        first = self.textless[0]
        return f"{first.path}:{first.line}: game {first.index} {NOT_KEPT}"


def copy(sink: Sink, text: str, count: int) -> None:
    """Write a game's ``text`` to ``sink`` after ``count`` games written there."""
    sink.write("\n" + text if count else text)


def copying(
    settings: Reading, json: bool, tell: Callable[[Diagnostic], None]
) -> tuple[Problems, Copier]:
    """Where the problems met reading go (to ``tell``, or kept for the JSON report), and
    the copier that reads the inputs as ``settings`` say and tells them there."""
    problems = Problems(json, tell)
    return problems, Copier(problems.tell, settings.encoding, settings.allow_empty)


@dataclass(frozen=True, slots=True)
class Placed:
    """Where a game read went."""

    where: Occurrence
    selected: bool
    written: str | None
    """The name of the output it was written to (``-``: standard output), if any."""


@dataclass(slots=True)
class Selection:
    """What :func:`select_games` did."""

    status: int
    games: int
    selected: int
    placed: list[Placed]
    """Where each game went."""
    refused: str | None = None
    """Why nothing was written, when nothing was."""


def select_games(
    inputs: list[Input | Missing],
    selector: Selector,
    copier: Copier,
    *,
    output: Path | None = None,
    rest: Path | None = None,
    stage: Stage | None = None,
) -> Selection:
    """Write the games ``selector`` matches to ``output`` (``None``: standard output) and,
    when ``rest`` is given, the others there, each as its text, listing where each game
    went; the files written join ``stage``, if given
    (:func:`notation.io.output.file_output`). Nothing is written when an input cannot be
    read or a game to write has no text (outputs are checked by the caller:
    :func:`notation.io.output.check_target`)."""
    placed: list[Placed] = []
    selected = 0
    with contextlib.ExitStack() as stack:
        chosen = stack.enter_context(
            spooled_stdout() if output is None else file_output(output, stage)
        )
        others = None if rest is None else stack.enter_context(file_output(rest, stage))
        names = {True: "-" if output is None else display(output), False: None}
        if rest is not None:
            names[False] = display(rest)
        counts = {True: 0, False: 0}
        for found in copier.read(inputs):
            match = selector.matches(found.record, found.input.name)
            selected += match
            sink = chosen if match else others
            if sink is not None:
                text = copier.text(found)
                if text is not None:
                    copy(sink, text, counts[match])
                    counts[match] += 1
            record = found.record
            here = Occurrence(found.input.name, record.index, record.pos.line)
            placed.append(Placed(here, match, names[match]))
        refused = None
        if copier.status:
            refused = copier.why_not()
            chosen.abandon()
            if others is not None:
                others.abandon()
    return Selection(copier.status, copier.games, selected, placed, refused)


@dataclass(frozen=True, slots=True, kw_only=True)
class SelectSettings(Reading):
    """The settings of ``notation select``."""

    filters: Filters = Filters()
    """What a game must be to be selected."""
    output: Path | None = None
    """Where the games selected go (``None``: standard output)."""
    rest: Path | None = None
    """Where the others go, if anywhere."""
    format: str = "text"
    """The report on standard error: ``text`` or ``json``."""


def _parsed(parse: Callable[[str], T], text: str, option: str) -> T:
    """``parse(text)``; its :class:`ValueError` a :class:`SettingsError` naming ``option``."""
    try:
        return parse(text)
    except ValueError as error:
        raise SettingsError(option, str(error)) from None


def select_settings(
    *,
    output: Path | None = None,
    rest: Path | None = None,
    result: str | None = None,
    tags: Iterable[str] = (),
    variant: str | None = None,
    plies: str | None = None,
    opening: str | None = None,
    position: str | None = None,
    errors: bool | None = None,
    code: str | None = None,
    duplicates: bool | None = None,
    format: str = "text",
    game: str | None = None,
    dialects: Iterable[str] | None = None,
    encoding: str | None = None,
    allow_empty: bool = False,
    config: Config | None = None,
) -> SelectSettings:
    """The settings of ``select`` with these options (the filters as the command line
    writes them: ``tags`` each ``NAME=PATTERN``, ``plies`` ``MIN:MAX``, ``opening`` moves)
    and ``config``, the configuration in force (its ``game`` and ``dialects``:
    :func:`~notation.archive.runs.read_as`); :class:`SettingsError` naming the first
    option that cannot be used."""
    chosen, read, config = read_as(game, dialects, config)
    form = report_form(format)
    output = path_option("output", output)
    rest = path_option("rest", rest)
    if output is not None and rest is not None and output.resolve() == rest.resolve():
        raise SettingsError("rest", "{} and {} name the same file", ("output", "rest"))
    for name, value in (("errors", errors), ("duplicates", duplicates)):
        if value is not None:
            flag_option(name, value)
    variant = text_option("variant", variant)
    if variant is not None:
        variant = known_game(variant, "variant")
    if text_option("code", code) is not None and code not in CODES:
        raise SettingsError("code", f"no diagnostic code {code!r} (see `notation codes`)")
    if position is not None:
        _parsed(lambda fen: check_position(fen, variant), position, "position")
    filters = Filters(
        result=None if result is None else _parsed(check_result, result, "result"),
        tags=tuple(_parsed(parse_tag, t, "tags") for t in texts_option("tags", tags) or ()),
        variant=variant,
        plies=None if plies is None else _parsed(parse_plies, plies, "plies"),
        opening=() if opening is None else _parsed(parse_opening, opening, "opening"),
        position=position,
        errors=errors,
        code=code,
        duplicates=duplicates,
    )
    return SelectSettings(
        game=chosen,
        dialects=read,
        config=config,
        encoding=known_codec(encoding),
        allow_empty=allow_empty,
        filters=filters,
        output=output,
        rest=rest,
        format=form,
    )


def select(
    paths: Iterable[Named] | str | os.PathLike[str],
    settings: SelectSettings,
    *,
    tell: Callable[[Diagnostic], None] = ignore,
    stage: Stage | None = None,
) -> Copied:
    """``notation select``: the games of ``paths`` (names as the command line takes them,
    or inputs) that match the filters written as ``settings`` say; with the text report
    ``tell`` is given each problem met reading as it comes. With ``stage``, the files
    written join it (:func:`notation.io.output.file_output`). :class:`OutputError` when an
    output cannot be written or names an input."""
    inputs = inputs_of(paths)
    for target in (settings.output, settings.rest):
        if target is not None:
            check_target(
                target, input_paths(inputs), stdin=reads_standard_input(inputs), rewrites=False
            )
    output, rest = settings.output, settings.rest
    json = settings.format == "json"
    problems, copier = copying(settings, json, tell)
    selector = Selector(settings.filters, settings.default, settings.dialects)
    done = select_games(
        inputs,
        selector,
        copier,
        output=output,
        rest=rest,
        stage=stage,
    )
    body = {
        "games": [
            {**where(p.where), "selected": p.selected, "written": p.written} for p in done.placed
        ],
        "summary": {"games": done.games, "selected": done.selected, "exit_status": done.status},
        "warnings": selector.warnings(),
    }
    said = [] if json else [f"notation: warning: {warning}" for warning in body["warnings"]]
    summary = f"{done.selected} of {done.games} {plural(done.games, 'game')} selected"
    if done.refused is not None and done.selected:
        summary += ", none written"
    return copied("select", problems, done, body, summary, said)
