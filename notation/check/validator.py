"""The validator: replay every move of every record and report each problem.

For each record it reports, as :class:`~notation.diagnostics.Diagnostic` values:
syntax problems found by the reader; an unknown game type (a notice: such records are
syntax-checked only); an invalid setup; every illegal move, in the main line and in
variations, with the move as written, why it is illegal and the legal moves there; a result
that disagrees between the ``Result`` tag and the movetext or with what the rules decide;
and play or a result claimed past a threefold repetition or past a draw the rules give by
counting moves (warnings). A move written with the other separator read (PDN116) and a
short capture read when the run asks for that dialect (PDN115) are notices, and so is the
game an untagged record is judged as when its setup or first moves are not PDN's default
game (REC221).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from notation import diagnostics as codes
from notation.check.dialects import NO_DIALECTS
from notation.check.replay import (
    ReplayVisitor,
    main_line_positions,
    record_notation,
    record_start,
    replay_line,
)
from notation.check.report import GameReport as GameReport
from notation.check.report import Place as Place
from notation.check.report import Replayed as Replayed
from notation.check.report import Step as Step
from notation.compiled import mypyc_attr
from notation.diagnostics import Diagnostic
from notation.games.base import AnyGame, Game, IllegalMove, Move, Outcome, Position, SetupError
from notation.games.registry import GAMES, game_for_tags, names_game, resolve_game
from notation.plain import Plain
from notation.record.model import MAX_DEPTH, Line, Ply, Record, SourcePos

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import Any, BinaryIO, ClassVar, TextIO

MAX_LISTED = 24
"""Most legal moves written into one message; the diagnostic's ``legal`` field has all."""


def line_at(record: Record, place: Place) -> Line:
    """The line of ``record`` holding the ply at ``place``."""
    line = record.moves
    for index in range(0, len(place) - 1, 2):
        line = line.plies[place[index]].variations[place[index + 1]]
    return line


def ply_number(place: Place) -> int:
    """The game ply number of the ply at ``place`` (a variation's first ply has the number
    of the ply it replaces)."""
    return 1 + sum(place[::2])


@mypyc_attr(native_class=False)
def validate_record(
    record: Record,
    *,
    path: str = "-",
    default: AnyGame | None = None,
    keep: bool = False,
    dialects: frozenset[str] = NO_DIALECTS,
    trace: bool = False,
    suggest: bool = True,
) -> GameReport:
    """Check one record; ``default`` is the game of records whose tags name none,
    ``dialects`` the optional dialects read (:mod:`notation.check.dialects`).

    A record whose tags name no game, with no ``default``, is judged as international
    draughts (PDN's default) unless that game refuses its setup or first plies: then as
    the game whose rules replay the most of it, with a REC221 notice naming it
    (:func:`record_game` names the game alone).

    Every command that judges moves takes its verdicts from this one replay. With
    ``keep``, the report keeps the legal main-line moves (``main_line``); with ``trace``,
    the record and what the replay made of each ply (``replayed``). Without ``suggest``,
    an illegal move's diagnostic lacks the corrections the repair search finds (its
    verdict is the same; a command that needs only verdicts and moves is spared the
    search).
    """
    replayed = Replayed(record) if trace else None
    kind = _TracingReplay if trace else _KeepingReplay if keep else RecordReplay
    replay = _replay(record, path, default, dialects, kind, suggest)
    if isinstance(replay, RecordReplay):
        report = replay.report
        if replayed is not None and isinstance(replay, _TracingReplay):
            if replay.start is None:
                bad = (d.message for d in report.diagnostics if d.code == codes.BAD_SETUP)
                replayed.unreplayed = next(bad, "the setup is invalid")
            else:
                replayed.start = replay.start
                replayed.steps = replay.places()
            if not keep:
                report.main_line = []
                report.end = None
    else:
        report = _unsupported(record, path, replay)
        if replayed is not None:
            replayed.unreplayed = f"{replay} is not a supported game"
    report.line, report.column = record.pos
    report.replayed = replayed
    return report


def _replay(
    record: Record,
    path: str,
    default: AnyGame | None,
    dialects: frozenset[str],
    kind: type[RecordReplay],
    suggest: bool,
    judge_end: bool = True,
) -> RecordReplay | str:
    """The replay of ``kind`` that judged ``record`` (:func:`validate_record`), run; the
    description of its game type when the tags name one that is not supported."""
    tags = record.tag_dict()
    found = resolve_game(tags, default)
    if isinstance(found, str):  # not an ABC check, as isinstance(found, Game) would be
        return found
    replay = kind(found, record, path, dialects)
    replay.suggest = suggest
    replay.judge_end = judge_end
    if default is None and not names_game(tags):
        return _untagged(replay, tags, kind)
    replay.run(tags)
    return replay


def _unsupported(record: Record, path: str, found: str) -> GameReport:
    """The report on a record of the unsupported game ``found`` describes."""
    report = GameReport(record.index, path, None, diagnostics=list(record.diagnostics))
    report.diagnostics.append(unsupported_game(record, found, path))
    mismatch = result_mismatch(record, path)
    if mismatch is not None:
        report.diagnostics.append(mismatch)
    return report


@mypyc_attr(native_class=False)
class ReplayedLine(Plain):
    """The verdict on a record and its main line, both from the one replay
    :func:`validate_record` makes of it."""

    _fields = ("report", "game", "positions", "moves", "complete")
    __slots__ = _fields

    report: GameReport
    """The verdict, as :func:`validate_record` gives it without ``suggest``."""
    game: AnyGame | None
    """The game the record was replayed as; ``None`` when it was not replayed (an
    unsupported game, an invalid setup)."""
    positions: list[Position]
    """The start, then the position after each legal ply of the main line (empty when the
    record was not replayed)."""
    moves: list[Move]
    """The move of each legal ply of the main line."""
    complete: bool
    """Whether every ply of the main line is legal (false when not replayed)."""

    def __init__(
        self,
        report: GameReport,
        game: AnyGame | None,
        positions: list[Position],
        moves: list[Move],
        complete: bool,
    ) -> None:
        self.report = report
        self.game = game
        self.positions = positions
        self.moves = moves
        self.complete = complete


def replay_main_line(
    record: Record,
    *,
    path: str = "-",
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
    judge_end: bool = True,
) -> ReplayedLine:
    """The verdict on ``record`` and its main line up to its first illegal ply, as
    :func:`validate_record` with ``suggest`` false judges and replays it (``default``,
    ``dialects``: see there). Without ``judge_end`` the line is the same, but the
    report lacks what is checked once it is replayed: the result, threefold
    repetitions, draws by counting moves (and ``outcome``)."""
    replay = _replay(record, path, default, dialects, _LineReplay, False, judge_end)
    if not isinstance(replay, _LineReplay):
        assert isinstance(replay, str)
        report = _unsupported(record, path, replay)
        report.line, report.column = record.pos
        return ReplayedLine(report, None, [], [], False)
    report = replay.report
    report.line, report.column = record.pos
    if not replay.trail:
        return ReplayedLine(report, None, [], [], False)
    complete = len(replay.line_moves) == len(record.moves.move_texts())
    return ReplayedLine(report, replay.game, replay.trail, replay.line_moves, complete)


def validate_records(
    records: Iterable[Record],
    *,
    path: str = "-",
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
) -> Iterator[GameReport]:
    """Check each record in turn."""
    for record in records:
        yield validate_record(record, path=path, default=default, dialects=dialects)


def validate_file(
    source: str | os.PathLike[str] | TextIO | BinaryIO,
    *,
    path: str | None = None,
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
) -> Iterator[GameReport]:
    """Read and check every record of a file or stream, one game at a time.

    ``path`` is the name used in diagnostics (default: the file's path). Raises
    ``OSError`` when the file cannot be opened or read; every problem in its content is a
    diagnostic.
    """
    # The reader, imported when a file is read here: a run answered from the cache reads
    # none, and needs this module's GameReport only.
    from notation.record.reader import read_records

    if path is None:
        path = os.fspath(source) if isinstance(source, str | os.PathLike) else "-"
    records = read_records(source, path=path)
    return validate_records(records, path=path, default=default, dialects=dialects)


def _at(record: Record, pos: SourcePos, code: str, message: str, path: str) -> Diagnostic:
    return Diagnostic(code, message, pos.line, pos.column, path, record.index)


def _in_game(
    record: Record, pos: SourcePos, code: str, message: tuple[str, str], path: str, **extra: Any
) -> Diagnostic:
    """A diagnostic whose message gives the game number between ``message``'s two parts."""
    return Diagnostic.in_game(code, message, pos.line, pos.column, path, record.index, **extra)


FIT_PLIES = 10
"""How many first plies of an untagged record (all, when it has fewer) PDN's default game
must replay for the record to be judged as it without looking at other games."""


def record_game(
    record: Record, default: AnyGame | None = None, dialects: frozenset[str] = NO_DIALECTS
) -> AnyGame | str:
    """The game :func:`validate_record` judges ``record`` as: the one its tags name, else
    ``default``, else for a record naming none the game its setup and moves fit (PDN's
    default, international draughts, when it fits as well as any). A description of the
    game type when the tags name one that is not supported. Every command that judges or
    groups records by their game asks this (or :func:`judged_game`)."""
    return judged_game(record, default, dialects)[0]


def judged_game(
    record: Record,
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
    path: str = "-",
) -> tuple[AnyGame | str, Diagnostic | None]:
    """:func:`record_game` of ``record``, with the REC221 notice :func:`validate_record`
    gives when it judges the record as a game neither its tags nor ``default`` name and
    that is not PDN's default (``None`` otherwise); ``path`` names the source in it."""
    tags = record.tag_dict()
    found = resolve_game(tags, default)
    if not isinstance(found, Game) or default is not None or names_game(tags):
        return found, None
    try:
        start = found.start(tags)
    except SetupError:
        reach = -1
    else:
        need = min(FIT_PLIES, len(record.moves.plies))
        first = Line(record.moves.plies[:need])
        reach = len(main_line_positions(found, first, start, dialects)) - 1
        if reach == need:
            return found, None
    fits = _untagged_fits(record, tags, reach, dialects)
    if not fits:
        return found, None
    return fits[0][0], _fits_notice(record, fits, path, reach >= 0)


def _untagged(
    default: RecordReplay, tags: dict[str, str], kind: type[RecordReplay]
) -> RecordReplay:
    """The replay of a record whose tags name no game: ``default``, the replay of PDN's
    default game, when it sets the record up and replays its first :data:`FIT_PLIES`
    plies, or when no other game replays more; else a replay of ``kind`` of the game that
    replays the most (:func:`_untagged_fits`), with a REC221 notice. Repairs are searched
    for the game chosen only, when ``default`` asks for them."""
    record, path = default.record, default.path
    suggest, default.suggest = default.suggest, False
    start = default.setup(tags)
    if start is not None:
        default.replay(start)
    plies = default.report.plies
    if start is None or plies < min(FIT_PLIES, len(record.moves.plies)):
        fits = _untagged_fits(record, tags, -1 if start is None else plies, default.dialects)
        if fits:
            chosen = kind(fits[0][0], record, path, default.dialects)
            chosen.suggest = suggest
            chosen.judge_end = default.judge_end
            chosen.run(tags)
            notice = _fits_notice(record, fits, path, start is not None)
            chosen.report.diagnostics.insert(len(record.diagnostics), notice)
            return chosen
    if start is not None and suggest:
        default.suggest_repairs(start)
    return default


def _search_order() -> list[AnyGame]:
    """The games other than PDN's default an untagged record may fit, in the order that
    breaks a tie: by PDN ``GameType`` number, then the games PDN does not number, as
    registered."""
    default = game_for_tags({})
    numbered: list[tuple[int, int, AnyGame]] = []
    others = []
    for order, game in enumerate(GAMES.values()):
        if game.gametype is not None and game.gametype.isdigit():
            numbered.append((int(game.gametype), order, game))
        elif game is not default:
            others.append(game)
    return [game for *_, game in sorted(numbered) if game is not default] + others


def _untagged_fits(
    record: Record, tags: dict[str, str], beat: int, dialects: frozenset[str]
) -> list[tuple[AnyGame, int]]:
    """The games other than PDN's default whose rules set up an untagged record and replay
    more than ``beat`` plies of its main line (PDN's default game's count; -1 when it
    cannot set the record up), each with that count: most first, a tie in GameType order
    (:func:`_search_order`). The first is the game the record is judged as. A game PDN
    does not number must also replay the first :data:`FIT_PLIES` plies (all of a shorter
    record): its move texts can look like a draughts game's (Kavaleria's ``c3-d4``)."""
    need = min(FIT_PLIES, len(record.moves.plies))
    fits = []
    for game in _search_order():
        try:
            start = game.start(tags)
        except SetupError:
            continue
        reach = len(main_line_positions(game, record.moves, start, dialects)) - 1
        if reach > beat and (game.gametype is not None or reach >= need):
            fits.append((game, reach))
    fits.sort(key=lambda fit: -fit[1])
    return fits


def _label(game: AnyGame) -> str:
    """A game as a notice names it: its title, and its PDN GameType if it has one."""
    return game.title + (f" (GameType {game.gametype})" if game.gametype else "")


def _fits_notice(
    record: Record, fits: list[tuple[AnyGame, int]], path: str, set_up: bool
) -> Diagnostic:
    """The REC221 notice of an untagged record judged as the first game of ``fits``
    (:func:`_untagged_fits`), naming the others that replay as much or its first
    :data:`FIT_PLIES` plies; ``set_up`` tells whether PDN's default game sets the record up
    (its first moves are then what it refuses)."""
    game, reach = fits[0]
    total = len(record.moves.plies)
    others = [(g, n) for g, n in fits[1:] if n >= min(reach, FIT_PLIES, total)]
    what = "first moves are" if set_up else "setup is"
    message = (
        f"the record names no game and its {what} not international draughts (PDN's "
        f"default): judged as {_label(game)}"
    )
    if total:
        plies = f"its {total} pl{'y' if total == 1 else 'ies'}"
        message += f", whose rules replay {plies if reach == total else f'{reach} of {plies}'}"
    tied = [_label(g) for g, n in others if n == reach]
    if tied:
        verb = "replay as many" if total else "set it up too"
        if len(tied) == 1:
            verb = verb.replace(" ", "s ", 1)
        message += f"; {' and '.join(tied)} {verb} (a tie goes to the first in GameType order)"
    fewer = [f"{_label(g)} replays {n}" for g, n in others if n < reach]
    if fewer:
        message += "; " + ", ".join(fewer)
    message += "; a GameType or Variant tag, or --game, decides"
    return _at(record, record.pos, codes.OTHER_GAME, message, path)


def unsupported_game(record: Record, found: str, path: str) -> Diagnostic:
    """The notice of a record that is not replayed: ``found`` describes the game type its
    tags name (:func:`~notation.games.registry.resolve_game`). A record naming no game is
    never one: PDN reads it as international draughts, which is replayed."""
    message = f"{found} is not supported: the record was syntax-checked, not replayed"
    return _at(record, record.pos, codes.UNKNOWN_GAME, message, path)


def result_mismatch(record: Record, path: str) -> Diagnostic | None:
    """The diagnostic of a ``Result`` tag that disagrees with the movetext's result, if
    they disagree (in any game: it needs no rules)."""
    tag_result, moved = record.tag("Result"), record.result
    if moved is None or tag_result is None or moved == tag_result:
        return None
    message = (f"the Result tag says {tag_result} but the movetext ends with {moved} (game ", ")")
    return _in_game(record, record.result_pos or record.pos, codes.RESULT_MISMATCH, message, path)


def setup_problem(record: Record, error: SetupError, path: str) -> Diagnostic:
    """The diagnostic of a record whose tags give no valid start, at the tag at fault."""
    where = record.pos if error.tag is None else record.tag_pos(error.tag)
    return _at(record, where, codes.BAD_SETUP, f"invalid setup: {error}", path)


def illegal_move(
    record: Record,
    path: str,
    game: AnyGame,
    ply: Ply,
    number: int,
    before: Position,
    error: IllegalMove,
    *,
    depth: int = 0,
    notation: str | None = None,
    tail: str = "",
) -> Diagnostic:
    """The diagnostic of an illegal ply (ply ``number`` of ``record``, in a variation when
    ``depth`` is above 0): the move as written, why, and the legal moves, in the ply's own
    notation or else ``notation`` (the record's). ``tail`` ends the message (what a
    command did about it). Every command reports an illegal move through this one builder."""
    legal, reason = illegal_reason(game, before, error, game.notation_of(ply.text) or notation)
    message = illegal_words(ply, number, depth, reason + tail, numbered=True)
    return Diagnostic.in_game(
        error.code, message, *ply.pos, path, record.index, number, ply.text, legal
    )


def short_capture_read(
    record: Record,
    path: str,
    game: AnyGame,
    ply: Ply,
    number: int,
    before: Position,
    move: Move,
    depth: int = 0,
    notation: str | None = None,
) -> Diagnostic:
    """The PDN115 notice of ply ``number``, a short capture read as ``move``."""
    written = game.format_move(before, move, notation)
    said = (
        f"{ply.text} names only the first landing square of a capture: read as {written}, "
        "the one legal capture landing there first"
    )
    return _read_notice(record, path, ply, number, depth, codes.SHORT_CAPTURE, said)


def other_separator_read(
    record: Record,
    path: str,
    game: AnyGame,
    ply: Ply,
    number: int,
    before: Position,
    move: Move,
    depth: int = 0,
    notation: str | None = None,
) -> Diagnostic:
    """The PDN116 notice of ply ``number``, a move written with the other separator read
    as ``move``."""
    written = game.format_move(before, move, game.notation_of(ply.text) or notation)
    said = (
        f"{ply.text} is written with the other separator: read as {written}, the one legal "
        "move with its squares"
    )
    return _read_notice(record, path, ply, number, depth, codes.OTHER_SEPARATOR, said)


def _read_notice(
    record: Record, path: str, ply: Ply, number: int, depth: int, code: str, said: str
) -> Diagnostic:
    """The notice ``code`` of ply ``number``, read though not written as the rules ask:
    ``said``, then the game number and the ply's place."""
    message = (f"{said} (game ", f", {_ply_where(number, depth)})")
    return Diagnostic.in_game(code, message, *ply.pos, path, record.index, number, ply.text)


def illegal_words(
    ply: Ply, number: int, depth: int, reason: str, *, numbered: bool
) -> tuple[str, str]:
    """The message of an illegal ply, in two parts: with ``numbered``, the game number
    goes between them; without, they make the message for a reader inside the game."""
    where = _ply_where(number, depth)
    if numbered:
        return f"illegal move {ply.text} (game ", f", {where}): {reason}"
    return f"illegal move {ply.text} ({where}): {reason}", ""


def _ply_where(number: int, depth: int) -> str:
    """Where ply ``number`` stands, for a message: ``ply 7``, or ``ply 7, in a variation``."""
    return f"ply {number}" + (", in a variation" if depth else "")


def illegal_reason(
    game: AnyGame, before: Position, error: IllegalMove, notation: str | None = None
) -> tuple[tuple[str, ...], str]:
    """The legal moves in ``before``, written in ``notation`` (the record's, see
    :func:`~notation.check.replay.record_notation`), and why a move there is illegal: the
    error's reason, then the legal moves when the error asks for them."""
    legal = tuple(game.describe_moves(before, game.legal_moves(before), notation))
    reason = str(error)
    if error.show_legal:
        reason += "; " + _legal_text(legal)
    return legal, reason


@mypyc_attr(allow_interpreted_subclasses=True)
class RecordReplay(ReplayVisitor):
    """Replays one record of ``game`` and collects the validator's verdict into
    ``report`` (the record's own syntax problems first). Subclass it to do more on the
    same replay (annotation does); :meth:`illegal_found` tells of each illegal ply."""

    keeps: ClassVar[bool] = False
    """Whether the report keeps the main line (``main_line``, ``end``)."""

    def __init__(
        self, game: AnyGame, record: Record, path: str, dialects: frozenset[str] = NO_DIALECTS
    ) -> None:
        self.game = game
        self.record = record
        self.path = path
        self.dialects = dialects
        self.report = GameReport(
            record.index, path, game.name, diagnostics=list(record.diagnostics)
        )
        self._notation: tuple[str | None] | None = None
        self._illegal: list[tuple[int, Ply]] = []
        """Each illegal ply reported, with the index of its diagnostic."""
        self._said: dict[int, Diagnostic] = {}
        """The diagnostic reported of each illegal ply and each ply read by a dialect, by
        the ply's identity."""
        self._stop = 0
        """The number of the main line's illegal ply, once reported."""
        self.suggest = True
        """Whether :meth:`replay` adds the corrections the repair search finds to illegal
        moves (else :meth:`suggest_repairs` may, later)."""
        self.judge_end = True
        """Whether :meth:`replay` checks the result, repetitions and draws by counting
        moves (a caller that needs only the moves may leave them out)."""

    @property
    def notation(self) -> str | None:
        """The record's notation (found when a message first needs it)."""
        if self._notation is None:
            self._notation = (record_notation(self.game, self.record),)
        return self._notation[0]

    def run(self, tags: dict[str, str]) -> Position | None:
        """Check the record whose tags are ``tags``; its final position (``None`` when
        its setup is invalid or a main-line ply is illegal)."""
        start = self.setup(tags)
        return None if start is None else self.replay(start)

    def setup(self, tags: dict[str, str]) -> Position | None:
        """The start position ``tags`` describe, or ``None`` (reported) if invalid."""
        try:
            return record_start(self.game, self.record, tags)
        except SetupError as error:
            self.report.diagnostics.append(setup_problem(self.record, error, self.path))
            return None

    def replay(self, start: Position) -> Position | None:
        """Replay the record from ``start`` and check its result and repetitions; the
        final position, ``None`` when a main-line ply is illegal."""
        game, keeps = self.game, self.keeps
        # The positions are kept only for a rule that counts them, or for the caller.
        counted = self.judge_end and (
            game.threefold_repetition or type(game).draw_rule is not Game.draw_rule
        )
        trail = [start] if keeps or counted else None
        moves: list[Move] | None = [] if keeps else None
        end = replay_line(
            game,
            self.record.moves,
            start,
            self,
            trail=trail,
            dialects=self.dialects,
            moves=moves,
        )
        if trail is not None:
            self.report.plies = len(trail) - 1
        elif end is not None:
            self.report.plies = len(self.record.moves.move_texts())
        else:
            self.report.plies = self._stop - 1
        if trail is not None and moves is not None:
            self.keep_line(trail, moves)
        if self.suggest:
            self.suggest_repairs(start)
        if self.judge_end:
            self._check_results(end)
            if trail is not None:
                if game.threefold_repetition:
                    self._check_repetition(trail, end)
                self._check_draw_rule(trail, end)
        return end

    def illegal_found(
        self, ply: Ply, number: int, error: IllegalMove, problem: str, depth: int
    ) -> None:
        """``ply`` was reported illegal; ``problem`` says so without the game number."""

    def keep_line(self, trail: list[Position], moves: list[Move]) -> None:
        """Keep the main line replayed (when :attr:`keeps`): ``trail`` its start and the
        position after each legal ply, ``moves`` the move of each."""
        self.report.main_line = list(zip(trail[:-1], moves, strict=True))
        self.report.end = trail[-1]

    def _add(self, pos: SourcePos, code: str, message: tuple[str, str], **extra: Any) -> None:
        """Report ``code`` at ``pos``; the game number goes between the message's parts."""
        self.report.diagnostics.append(
            _in_game(self.record, pos, code, message, self.path, **extra)
        )

    # Visitor -------------------------------------------------------------------

    def illegal(
        self, ply: Ply, number: int, before: Position, error: IllegalMove, depth: int
    ) -> None:
        problem = illegal_move(
            self.record,
            self.path,
            self.game,
            ply,
            number,
            before,
            error,
            depth=depth,
            notation=self.notation,
        )
        self._illegal.append((len(self.report.diagnostics), ply))
        self._said[id(ply)] = problem
        self.report.diagnostics.append(problem)
        if not depth:
            self._stop = number
        if type(self).illegal_found is not RecordReplay.illegal_found:
            _, reason = illegal_reason(
                self.game, before, error, self.game.notation_of(ply.text) or self.notation
            )
            words = "".join(illegal_words(ply, number, depth, reason, numbered=False))
            self.illegal_found(ply, number, error, words, depth)

    def short_capture(
        self, ply: Ply, number: int, before: Position, move: Move, depth: int
    ) -> None:
        notice = short_capture_read(
            self.record, self.path, self.game, ply, number, before, move, depth, self.notation
        )
        self._said[id(ply)] = notice
        self.report.diagnostics.append(notice)

    def other_separator(
        self, ply: Ply, number: int, before: Position, move: Move, depth: int
    ) -> None:
        notice = other_separator_read(
            self.record, self.path, self.game, ply, number, before, move, depth, self.notation
        )
        self._said[id(ply)] = notice
        self.report.diagnostics.append(notice)

    def suggest_repairs(self, start: Position) -> None:
        """Add to each illegal move's diagnostic the corrections that make its line replay
        (``start``: the record's start). A ply the chosen correction changes loses the
        notice of its dialect read (PDN115, PDN116): the correction, which ``repair``
        applies, explains its text otherwise."""
        if not self._illegal:
            return
        from notation.check.repair import (
            Budget,
            bound_reached,
            changed_plies,
            find_repairs,
            suggestion,
        )

        where = {id(ply): at for at, ply in self._illegal}
        diagnostics = self.report.diagnostics
        budget = Budget()
        explained: set[int] = set()
        for found in find_repairs(
            self.game, self.record, start, self.notation, budget, dialects=self.dialects
        ):
            ply = found.line.plies[found.illegal - found.first_ply]
            at = where.get(id(ply))
            if at is None or not found.candidates:
                continue
            said = diagnostics[at]
            diagnostics[at] = self._said[id(ply)] = said.replace(
                text=said.text + suggestion(found),
                candidates=found.candidates,
                chosen=found.chosen is not None,
            )
            if found.chosen is not None:
                explained.update(id(p) for p in changed_plies(found, found.chosen))
        read = (codes.OTHER_SEPARATOR, codes.SHORT_CAPTURE)
        withheld = {
            id(self._said.pop(key))
            for key in explained
            if key in self._said and self._said[key].code in read
        }
        if withheld:
            diagnostics[:] = [d for d in diagnostics if id(d) not in withheld]
        if budget.spent:
            diagnostics.append(bound_reached(self.record, self.path))

    # Repetition and results ---------------------------------------------------------

    def _check_results(self, end: Position | None) -> None:
        record, game, report = self.record, self.game, self.report
        tag_result, tag_pos = None, record.pos
        for tag in record.tags:
            if tag.name == "Result":
                tag_result, tag_pos = tag.value, tag.pos
                break
        moved = record.result
        moved_pos = record.result_pos or record.pos
        results = game.results
        unusable = False
        for claim, pos in ((tag_result, tag_pos), (moved, moved_pos)):
            if claim is not None and claim not in results:
                unusable = True
                self._add(
                    pos,
                    codes.BAD_RESULT,
                    (
                        f"{claim} is not a {game.title} result (game ",
                        f"); use one of {' '.join(results)}",
                    ),
                )
        if moved is not None and tag_result is not None and moved != tag_result:
            mismatch = result_mismatch(record, self.path)
            if mismatch is not None:
                report.diagnostics.append(mismatch)
        if unusable:
            return
        claimed, claim_pos = (moved, moved_pos) if moved is not None else (tag_result, tag_pos)
        if end is None or (record.diagnostics and record.has_syntax_errors):
            return
        outcome = game.outcome(end)
        report.outcome = outcome
        if outcome is not None:
            agreeing = game.result_for(outcome)
            if claimed is None or claimed == "*":
                self._add(
                    claim_pos,
                    codes.RESULT_MISSING,
                    (
                        f"the rules decide {agreeing[0]} ({outcome.reason}) but the record "
                        "gives no result (game ",
                        ")",
                    ),
                )
            elif claimed not in agreeing:
                self._add(
                    claim_pos,
                    codes.RESULT_CONTRADICTS_RULES,
                    (
                        f"the record says {claimed} but the rules decide {agreeing[0]} "
                        f"({outcome.reason}) (game ",
                        ")",
                    ),
                )

    def _check_repetition(self, trail: list[Position], end: Position | None) -> None:
        """Warn when play or a non-draw result followed a threefold repetition."""
        if len(set(trail)) > len(trail) - 2:  # a third occurrence needs two repeats
            return
        seen: dict[Position, int] = {}
        for index, position in enumerate(trail):
            seen[position] = count = seen.get(position, 0) + 1
            if count == 3:
                number = index
                break
        else:
            return
        record = self.record
        third = f"the position after ply {number} occurred for the third time, a draw"
        if number < len(record.moves.plies):
            ply = record.moves.plies[number]
            message = (f"{third}, but play went on with {ply.text} (game ", f", ply {number + 1})")
            self._add(ply.pos, codes.REPETITION, message, ply=number + 1, move=ply.text)
            return
        claimed = record.result if record.result is not None else record.tag("Result")
        draws = self.game.result_for(Outcome(None, "repetition"))
        if (
            end is not None
            and claimed not in (None, "*")
            and claimed not in draws
            and self.report.outcome is None
        ):
            message = (f"{third}, but the record says {claimed} (game ", ")")
            self._add(record.result_pos or record.pos, codes.REPETITION, message)

    def _check_draw_rule(self, trail: list[Position], end: Position | None) -> None:
        """Warn when play or a non-draw result followed a draw the rules give by counting
        moves (the game's :meth:`~notation.games.base.Game.draw_rule`)."""
        found = self.game.draw_rule(trail)
        if found is None:
            return
        number, reason = found
        record = self.record
        drawn = f"the game was drawn after ply {number} ({reason})"
        if number < len(record.moves.plies):
            ply = record.moves.plies[number]
            message = (f"{drawn}, but play went on with {ply.text} (game ", f", ply {number + 1})")
            self._add(ply.pos, codes.COUNTED_DRAW, message, ply=number + 1, move=ply.text)
            return
        claimed = record.result if record.result is not None else record.tag("Result")
        draws = self.game.result_for(Outcome(None, reason))
        if (
            end is not None
            and claimed not in (None, "*")
            and claimed not in draws
            and self.report.outcome is None
        ):
            message = (f"{drawn}, but the record says {claimed} (game ", ")")
            self._add(record.result_pos or record.pos, codes.COUNTED_DRAW, message)


class _KeepingReplay(RecordReplay):
    """A replay that also keeps the main line's legal moves and its last position in the
    report."""

    keeps: ClassVar[bool] = True

    # Its own constructor, though it adds nothing: compiled by mypyc, the class that
    # inherits RecordReplay's kept a reference to every record it was given.
    def __init__(
        self, game: AnyGame, record: Record, path: str, dialects: frozenset[str] = NO_DIALECTS
    ) -> None:
        super().__init__(game, record, path, dialects)


class _LineReplay(RecordReplay):
    """A replay that keeps its main line apart from the report
    (:func:`replay_main_line`)."""

    keeps: ClassVar[bool] = True

    def __init__(
        self, game: AnyGame, record: Record, path: str, dialects: frozenset[str] = NO_DIALECTS
    ) -> None:
        super().__init__(game, record, path, dialects)
        self.trail: list[Position] = []
        self.line_moves: list[Move] = []

    def keep_line(self, trail: list[Position], moves: list[Move]) -> None:
        self.trail, self.line_moves = trail, moves


class _TracingReplay(_KeepingReplay):
    """A replay that also keeps its start and what it made of each ply."""

    def __init__(
        self, game: AnyGame, record: Record, path: str, dialects: frozenset[str] = NO_DIALECTS
    ) -> None:
        super().__init__(game, record, path, dialects)
        self.start: Position | None = None
        self.steps: dict[int, Step] = {}
        """By the ply's identity."""
        self.shorts: set[int] = set()
        """The identity of each ply read as a short capture."""
        self.others: set[int] = set()
        """The identity of each ply written with the other separator."""

    def replay(self, start: Position) -> Position | None:
        self.start = start
        return super().replay(start)

    def move(
        self, ply: Ply, number: int, before: Position, move: Move, after: Position, depth: int
    ) -> None:
        self.steps[id(ply)] = Step(
            before, move, after, short=id(ply) in self.shorts, other=id(ply) in self.others
        )

    def short_capture(
        self, ply: Ply, number: int, before: Position, move: Move, depth: int
    ) -> None:
        super().short_capture(ply, number, before, move, depth)
        self.shorts.add(id(ply))

    def other_separator(
        self, ply: Ply, number: int, before: Position, move: Move, depth: int
    ) -> None:
        super().other_separator(ply, number, before, move, depth)
        self.others.add(id(ply))

    def illegal(
        self, ply: Ply, number: int, before: Position, error: IllegalMove, depth: int
    ) -> None:
        super().illegal(ply, number, before, error, depth)
        self.steps[id(ply)] = Step(before, error=error)

    def places(self) -> dict[Place, Step]:
        """The steps by the place of their ply in the record, in the order replayed."""
        where: dict[int, Place] = {}
        lines: list[tuple[Line, Place]] = [(self.record.moves, ())]
        while lines and self.steps:
            line, place = lines.pop()
            for index, ply in enumerate(line.plies):
                where[id(ply)] = (*place, index)
                if ply.variations_view and len(place) // 2 < MAX_DEPTH:
                    lines.extend(
                        (variation, (*place, index, number))
                        for number, variation in enumerate(ply.variations)
                    )
        for key, step in self.steps.items():
            step.diagnostic = self._said.get(key)
        return {where[key]: step for key, step in self.steps.items()}


def _legal_text(legal: tuple[str, ...]) -> str:
    if not legal:
        return "no legal move"
    shown = ", ".join(legal[:MAX_LISTED])
    more = len(legal) - MAX_LISTED
    return f"legal: {shown}" + (f" and {more} more" if more > 0 else "")
