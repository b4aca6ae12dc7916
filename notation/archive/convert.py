"""Converting records between a game's move notations, keeping everything else.

A move can only be rewritten once it is known to be legal, so conversion rewrites what
``validate``'s one replay of the record made of each ply (variations included), and
returns every diagnostic ``validate`` gives the record, exactly as it gives it (its
corrections included): a record converted has the verdict ``validate`` gives it. Plies
from the first illegal one of a line on keep the text they had. A move read by a dialect
of the replay (docs/dialects.md: a move written with the other separator, PDN116, and,
when the run asks for it, a short capture, PDN115) is written as the game writes that
move where ``validate`` gives its notice, and only there: where it withholds it (the
correction it proposes for a later illegal ply reads that ply otherwise) the line keeps
its text from that ply on. :func:`canonical_moves` does only that, for commands that keep
the notation. The ``FEN`` tag is written as ``fix --fen`` writes it
(:func:`notation.archive.fix.canonical_fen`), in the notation written.
"""

from __future__ import annotations

import copy
import difflib
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from notation import diagnostics as codes
from notation.archive.fix import canonical_fen
from notation.archive.rewrite import (
    KEPT_MARK,
    Options,
    RewriteError,
    Rewritten,
    Writing,
    rewrite,
)
from notation.archive.runs import drop, read_as
from notation.check.dialects import NO_DIALECTS
from notation.check.replay import record_notation
from notation.check.validator import (
    GameReport,
    Place,
    Replayed,
    line_at,
    ply_number,
    record_game,
    validate_record,
)
from notation.diagnostics import OTHER_SEPARATOR, SHORT_CAPTURE, Diagnostic
from notation.games.base import AnyGame, Game
from notation.games.registry import GAMES, get_game
from notation.io.files import Input, Missing, Named, inputs_of
from notation.io.output import Stage
from notation.read.sources import Found
from notation.record.model import Comment, Record
from notation.run.config import Config
from notation.run.settings import Games, SettingsError, default_of, known_codec, path_option


def check_notation(notation: str, default: AnyGame | None) -> None:
    """ValueError when no game (or ``default``, the game given) has the notation, saying
    the closest notation (did you mean) and every one."""
    games = [default] if default is not None else list(GAMES.values())
    if not any(notation in g.notations for g in games):
        known = sorted({n for g in games for n in g.notations})
        close = difflib.get_close_matches(notation, known, n=1)
        guess = f"did you mean {close[0]!r}? " if close else ""
        owner = f"{default.title} has no" if default is not None else "no game has a"
        raise ValueError(f"{owner} notation {notation!r}; {guess}choose one of {', '.join(known)}")


def convert_files(
    inputs: list[Input | Missing],
    options: Options,
    say: Callable[[str], None],
    *,
    notation: str | None = None,
    default: AnyGame | Games | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
) -> int:
    """Rewrite the records of ``inputs`` in ``notation`` (``None``: each as it is written,
    its dialects' moves made canonical), in the form and to the place ``options`` say;
    ``say`` is told what was written and every problem ``validate`` reports. The exit
    status (0, 1 or 2): a game with an error fails the run, and is written only when the
    run keeps broken games. :class:`notation.archive.rewrite.RewriteError` when the
    options cannot work, a game read whose game has no such notation included (nothing is
    written then), unless the run keeps broken games or rewrites in place: each such game
    is then a REC209 error. ``default`` is the game of records whose tags name none
    (:class:`~notation.run.settings.Games`: input by input)."""

    def edit(found: Found) -> list[Diagnostic]:
        record, path = found.record, found.input.name
        mark = options.keep_broken
        here = default_of(default, path)
        if found.guessed:
            # Written, if at all, as it was read (rewrite's policy): nothing is converted.
            return list(judge(record, path=path, default=here, dialects=dialects).diagnostics)
        if notation is None or record.has_syntax_errors:
            return keep_notation(record, path=path, default=here, dialects=dialects, mark=mark)
        game = record_game(record, here, dialects)
        if isinstance(game, Game) and notation not in game.notations:
            if not (options.in_place or options.keep_broken):
                raise RewriteError(
                    f"--notation {notation!r}: {game.title} ({path}:{record.pos.line}: "
                    f"game {record.index}) has no such notation; its notations are "
                    f"{', '.join(game.notations)}; nothing written"
                )
            said = judge(record, path=path, default=here, dialects=dialects).diagnostics
            return [*said, _no_such_notation(game, notation, record, path)]
        report = judge(record, path=path, default=here, dialects=dialects)
        if not isinstance(game, Game):
            return _copied(report)
        return _convert(record, game, notation, report, mark, here, dialects)

    return rewrite(inputs, edit, options, say)


def judge(
    record: Record,
    *,
    path: str = "-",
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
) -> GameReport:
    """``validate``'s verdict on ``record``, with what its replay made of each ply: the one
    judgement ``convert`` and ``fix`` rewrite moves from and report."""
    return validate_record(record, path=path, default=default, trace=True, dialects=dialects)


def _copied(report: GameReport) -> list[Diagnostic]:
    """``report``'s diagnostics, its record (of a game not replayed) said to be copied
    unchanged."""
    return [
        d.replace(text=d.text + "; it was copied unchanged") if d.code == codes.UNKNOWN_GAME else d
        for d in report.diagnostics
    ]


def _no_such_notation(game: AnyGame, notation: str, record: Record, path: str) -> Diagnostic:
    message = (
        f"{game.title} has no notation {notation!r} (game ",
        f"); its notations are {', '.join(game.notations)}",
    )
    return Diagnostic.in_game(codes.NOT_CONVERTED, message, *record.pos, path, record.index)


def convert_record(
    record: Record,
    game: AnyGame,
    notation: str,
    *,
    path: str = "-",
    mark: bool = False,
    dialects: frozenset[str] = NO_DIALECTS,
) -> list[Diagnostic]:
    """Rewrite ``record``'s moves and notation tags in ``notation``, in place (``game``:
    the game of a record whose tags name none), reading ``dialects``
    (:mod:`notation.check.dialects`).

    Returns every diagnostic ``validate`` gives the record. Each line is rewritten up to
    its first illegal ply, or up to a ply read by a dialect whose notice ``validate``
    withholds (the correction it proposes reads that ply otherwise): from there the line
    keeps its text. With ``mark``, that ply gets a comment saying why, and an illegal
    move's diagnostic says its line is left as written.
    """
    if notation not in game.notations:
        raise ValueError(
            f"{game.title} has no notation {notation!r}; choose one of {', '.join(game.notations)}"
        )
    report = judge(record, path=path, default=game, dialects=dialects)
    return _convert(record, game, notation, report, mark, game, dialects)


def _convert(
    record: Record,
    game: AnyGame,
    notation: str,
    report: GameReport,
    mark: bool,
    default: AnyGame | None,
    dialects: frozenset[str],
) -> list[Diagnostic]:
    """:func:`convert_record`, ``report`` being ``validate``'s verdict on ``record`` (given
    ``default`` and ``dialects``).

    With ``mark`` (the record is written though it has errors), a record whose plies kept
    as written would be read otherwise in ``notation`` (a Cheversi letter of another
    language: ``R`` is a Rook in English, the King in French) is written in its own
    notation, as it was, with a REC209 error: the record written never has a better
    verdict than the record read."""
    replayed = report.replayed
    if replayed is None or replayed.start is None:
        return list(report.diagnostics)
    written = record_notation(game, record) or game.notations[0]
    was = copy.deepcopy((record.moves, record.tags)) if mark else None
    said, kept = _rewrite(report, replayed, game, notation, mark)
    for name, value in game.notation_tags(record.tag_dict(), notation).items():
        record.set_tag(name, value)
    _write_setup(record, game, notation)
    if was is None or not kept or notation == written:
        return said
    misread = _misread(report, replayed, default, dialects)
    if misread is None:
        return said
    record.moves, record.tags = was
    said, _ = _rewrite(report, replayed, game, None, mark)
    _write_setup(record, game, None)
    ply = line_at(record, misread).plies[misread[-1]]
    message = (
        f"the game is not converted to {notation} (game ",
        f"): {ply.text} ({_where(misread)}), kept as written, would be read otherwise in "
        f"{notation}; it is written in {written}, as it was",
    )
    said.append(
        Diagnostic.in_game(codes.NOT_CONVERTED, message, *ply.pos, report.path, record.index)
    )
    return said


def _misread(
    report: GameReport, replayed: Replayed, default: AnyGame | None, dialects: frozenset[str]
) -> Place | None:
    """Where ``replayed.record``, rewritten, replays otherwise than ``report``'s replay of
    it as it was read (a ply read as another move, legal where it was illegal or the
    reverse, another game judged): the place of the first such ply; ``None`` when it
    replays the same, ply for ply."""
    again = validate_record(
        replayed.record,
        path=report.path,
        default=default,
        trace=True,
        suggest=False,
        dialects=dialects,
    )
    now = again.replayed
    first = next(iter(replayed.steps), (0,))
    if again.game != report.game or now is None or now.start is None:
        return first
    for place, step in replayed.steps.items():
        other = now.steps.get(place)
        if (
            other is None
            or other.move != step.move
            or (other.error is None) != (step.error is None)
            or (
                other.error is not None
                and step.error is not None
                and other.error.code != step.error.code
            )
        ):
            return place
    extra = [place for place in now.steps if place not in replayed.steps]
    return extra[0] if extra else None


def keep_notation(
    record: Record,
    *,
    path: str = "-",
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
    mark: bool = False,
) -> list[Diagnostic]:
    """``convert`` without a notation: the moves whose dialect ``validate`` gives a notice
    of written canonically (:func:`canonical_moves`) and the ``FEN`` tag written as ``fix
    --fen`` writes it, in the record's notation; every diagnostic ``validate`` gives the
    record. With ``mark``, each illegal ply gets a comment, and its diagnostic says its
    line is left as written. A record with a syntax error is left as it is."""
    report = judge(record, path=path, default=default, dialects=dialects)
    replayed = report.replayed
    if record.has_syntax_errors or replayed is None or replayed.start is None:
        return list(report.diagnostics)
    assert report.game is not None
    # The game validate judged the record as (for a record naming none, maybe not PDN's
    # default), whose setup the FEN tag is written for.
    game = get_game(report.game)
    said, _ = _rewrite(report, replayed, game, None, mark)
    if isinstance(game, Game):
        _write_setup(record, game, None)
    return said


def _write_setup(record: Record, game: AnyGame, notation: str | None) -> None:
    """Write the record's ``FEN`` tag as ``fix --fen`` does (:func:`canonical_fen`)."""
    canonical = canonical_fen(record, game, notation)
    if canonical is not None:
        record.set_tag("FEN", canonical)


def canonical_moves(report: GameReport) -> list[Diagnostic]:
    """Rewrite, in place, each ply of the record ``report`` judged (:func:`judge`) read by
    a dialect of the replay (a move written with the other separator; a short capture,
    when the run reads :data:`~notation.check.dialects.SHORT_CAPTURES`) whose notice
    ``validate`` gives, as its game writes that move, in the record's notation
    (:func:`write_dialect_moves`); those notices (PDN116, PDN115), exactly as ``validate``
    gives them. A record with a syntax error, or one ``validate`` does not replay, is left
    as it is."""
    replayed = report.replayed
    if replayed is None or replayed.record.has_syntax_errors or not write_dialect_moves(report):
        return []
    return [d for d in report.diagnostics if d.code in (SHORT_CAPTURE, OTHER_SEPARATOR)]


def write_dialect_moves(report: GameReport) -> bool:
    """Rewrite, in place, each ply of the record ``report`` judged (:func:`judge`) that its
    replay read by a dialect and whose notice ``report`` gives, as its game writes that
    move, in the record's notation: the one canonical writing of such moves for every
    command that writes records. Whether the record was replayed (else it is left as it
    is)."""
    replayed = report.replayed
    if replayed is None or replayed.start is None or report.game is None:
        return False
    _rewrite(report, replayed, get_game(report.game), None, mark=False)
    return True


def _rewrite(
    report: GameReport,
    replayed: Replayed,
    game: AnyGame,
    notation: str | None,
    mark: bool,
) -> tuple[list[Diagnostic], list[Place]]:
    """Rewrite each ply the validator replayed in ``notation`` (``None``: only the plies
    read by a dialect, in the record's own), up to the first ply of its line that is
    illegal or read by a dialect whose notice ``validate`` withholds; ``report``'s
    diagnostics, and the place of each such ply (its line kept as written from there).
    With ``mark`` the first ply kept as written in a line gets a comment saying why, and
    an illegal move's diagnostic says its line is left as written."""
    record = replayed.record
    written = record_notation(game, record)  # before any ply is rewritten
    marked: set[int] = set()
    """The identity of each illegal move's diagnostic whose line is left as written."""
    stops: list[Place] = []
    for place, step in replayed.steps.items():
        kept = any(_after(place, stop) for stop in stops)
        if kept and step.error is None:
            continue
        ply = line_at(record, place).plies[place[-1]]
        if step.error is not None:
            if mark:
                note = f"{step.error.code} illegal move {ply.text}: {step.error}"
                ply.comments.append(Comment(_comment(note)))
                marked.add(id(step.diagnostic))
            stops.append(place)
            continue
        if step.move is None:
            continue
        read = step.short or step.other
        if read and step.diagnostic is None:
            # validate's correction of a later ply reads this one otherwise: kept.
            if notation is not None:
                if mark:
                    note = (
                        f"{ply.text} ({_where(place)}) is not converted: validate's "
                        "correction of a later illegal move reads it otherwise"
                    )
                    ply.comments.append(Comment(_comment(note)))
                stops.append(place)
            continue
        if notation is not None:
            ply.text = game.format_move(step.before, step.move, notation)
        elif step.short:
            ply.text = game.format_move(step.before, step.move, written)
        elif step.other:
            style = game.notation_of(ply.text) or written
            ply.text = game.format_move(step.before, step.move, style)
    said = [
        d.replace(text=d.text + "; this line is left as written") if id(d) in marked else d
        for d in report.diagnostics
    ]
    return said, stops


def _after(place: Place, stop: Place) -> bool:
    """Whether the ply at ``place`` is the ply at ``stop`` or comes after it in its line
    (its variations included)."""
    head = len(stop) - 1
    return len(place) > head and place[:head] == stop[:head] and place[head] >= stop[head]


def _where(place: Place) -> str:
    return f"ply {ply_number(place)}" + (", in a variation" if len(place) > 1 else "")


def _comment(note: str) -> str:
    """``note`` as the text of a comment that marks a part kept as written."""
    text = f"{KEPT_MARK}: {note}"
    return " ".join(text.replace("{", "(").replace("}", ")").split())


@dataclass(frozen=True, slots=True, kw_only=True)
class ConvertSettings(Writing):
    """The settings of ``notation convert``."""

    notation: str | None = None
    """The notation the moves are written in (``None``: each as it is written)."""


def convert_settings(
    *,
    output: Path | None = None,
    in_place: bool = False,
    notation: str | None = None,
    to: str | None = None,
    keep_broken: bool = False,
    game: str | None = None,
    dialects: Iterable[str] | None = None,
    encoding: str | None = None,
    allow_empty: bool = False,
    config: Config | None = None,
) -> ConvertSettings:
    """The settings of ``convert`` with these options (``to``: ``pdn`` or ``json``, by
    default JSON when ``output`` ends in ``.json``) and ``config``, the configuration in
    force (its ``game`` and ``dialects``: :func:`~notation.archive.runs.read_as`);
    :class:`SettingsError` naming the first option that cannot be used."""
    chosen, read, config = read_as(game, dialects, config)
    if notation is not None:
        try:
            check_notation(notation, None if chosen is None else get_game(chosen))
        except ValueError as error:
            raise SettingsError("notation", str(error)) from None
    output = path_option("output", output)
    json = output is not None and output.suffix.lower() == ".json"
    return ConvertSettings(
        output=output,
        in_place=in_place,
        form=to or ("json" if json else "pdn"),
        keep_broken=keep_broken,
        game=chosen,
        dialects=read,
        config=config,
        encoding=known_codec(encoding),
        allow_empty=allow_empty,
        notation=notation,
    )


def convert(
    paths: Iterable[Named] | str | os.PathLike[str],
    settings: ConvertSettings,
    *,
    say: Callable[[str], None] = drop,
    stage: Stage | None = None,
) -> Rewritten:
    """``notation convert``: the records of ``paths`` (names as the command line takes
    them, or inputs) converted and written as ``settings`` say; ``say`` is told what was
    written and each problem. With ``stage``, the file written joins it
    (:func:`notation.io.output.file_output`). :class:`notation.archive.rewrite.RewriteError`
    when the settings cannot work with these inputs."""
    status = convert_files(
        inputs_of(paths),
        settings.options.staged(stage),
        say,
        notation=settings.notation,
        default=settings.default,
        dialects=settings.dialects,
    )
    return Rewritten(status)
