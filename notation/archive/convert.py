"""Converting records between a game's move notations, keeping everything else.

A move can only be rewritten once it is known to be legal, so conversion rewrites what
the validator's one replay of the record made of each ply (variations included). Plies
from the first illegal one of a line on keep the text they had, and the problem is
returned as the diagnostic ``validate`` gives it, without the corrections ``validate``
looks for (``notation repair`` makes them). A move read by a dialect of the replay
(docs/dialects.md: a move written with the other separator, PDN116, and, when the run
asks for it, a short capture, PDN115) is written as the game writes that move, with its
notice; :func:`canonical_moves` does only that, for commands that keep the notation. The
``FEN`` tag is written as ``fix --fen`` writes it
(:func:`notation.archive.fix.canonical_fen`), in the notation written.
"""

from __future__ import annotations

import difflib
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
    copied_unchanged,
    rewrite,
)
from notation.archive.runs import drop, inputs_of
from notation.check.dialects import NO_DIALECTS
from notation.check.replay import record_notation
from notation.check.validator import (
    GameReport,
    Replayed,
    illegal_move,
    judged_game,
    line_at,
    other_separator_read,
    ply_number,
    record_game,
    short_capture_read,
    validate_record,
)
from notation.diagnostics import BAD_SETUP, OTHER_SEPARATOR, SHORT_CAPTURE, Diagnostic
from notation.games.base import AnyGame, Game
from notation.games.registry import GAMES, get_game
from notation.io.files import Input, Missing
from notation.read.sources import Found
from notation.record.model import Comment, Record
from notation.run.settings import SettingsError, known_codec, known_dialects, known_game


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
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
) -> int:
    """Rewrite the records of ``inputs`` in ``notation`` (``None``: each as it is written,
    its dialects' moves made canonical), in the form and to the place ``options`` say;
    ``say`` is told what was written and each problem. The exit status (0, 1 or 2);
    :class:`notation.archive.rewrite.RewriteError` when the options cannot work, a game
    read whose game has no such notation included (nothing is written then), unless the
    run keeps broken games or rewrites in place: each such game is then a REC209 error."""

    def edit(found: Found) -> list[Diagnostic]:
        record, path = found.record, found.input.name
        # The game validate judges the record as, and its REC221 notice when that is not
        # the game the tags or PDN name.
        game, notice = judged_game(record, default, dialects, path)
        judged = [] if notice is None else [notice]
        if notation is None or record.has_syntax_errors:
            read = keep_notation(record, path=path, default=default, dialects=dialects, game=game)
            return [*record.diagnostics, *judged, *read]
        if not isinstance(game, Game):
            return [copied_unchanged(game, record, path)]
        if notation not in game.notations:
            if not (options.in_place or options.keep_broken):
                raise RewriteError(
                    f"--notation {notation!r}: {game.title} ({path}:{record.pos.line}: "
                    f"game {record.index}) has no such notation; its notations are "
                    f"{', '.join(game.notations)}; nothing written"
                )
            return [_no_such_notation(game, notation, record, path)]
        converted = convert_record(
            record, game, notation, path=path, mark=options.keep_broken, dialects=dialects
        )
        return [*judged, *converted]

    return rewrite(inputs, edit, options, say)


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

    Returns the problems that kept part of the record from being converted, and the
    notices of the dialects read; with ``mark``, the first ply left as written in each line
    gets a comment saying why.
    """
    if notation not in game.notations:
        raise ValueError(
            f"{game.title} has no notation {notation!r}; choose one of {', '.join(game.notations)}"
        )
    report = validate_record(
        record, path=path, default=game, trace=True, suggest=False, dialects=dialects
    )
    replayed = report.replayed
    if replayed is None or replayed.start is None:
        return [d for d in report.diagnostics if d.code == BAD_SETUP]
    problems = _rewrite(report, replayed, game, notation, path, mark)
    for name, value in game.notation_tags(record.tag_dict(), notation).items():
        record.set_tag(name, value)
    _write_setup(record, game, notation)
    return problems


def keep_notation(
    record: Record,
    *,
    path: str = "-",
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
    game: AnyGame | str | None = None,
) -> list[Diagnostic]:
    """``convert`` without a notation: the moves read by a dialect written canonically
    (:func:`canonical_moves`, whose notices are returned) and the ``FEN`` tag written as
    ``fix --fen`` writes it, in the record's notation, as the game ``validate`` judges the
    record as (``game``, when the caller has it from
    :func:`~notation.check.validator.record_game`)."""
    read = canonical_moves(record, path=path, default=default, dialects=dialects)
    if game is None:
        game = record_game(record, default, dialects)
    if not record.has_syntax_errors and isinstance(game, Game):
        _write_setup(record, game, None)
    return read


def _write_setup(record: Record, game: AnyGame, notation: str | None) -> None:
    """Write the record's ``FEN`` tag as ``fix --fen`` does (:func:`canonical_fen`)."""
    canonical = canonical_fen(record, game, notation)
    if canonical is not None:
        record.set_tag("FEN", canonical)


def canonical_moves(
    record: Record,
    *,
    path: str = "-",
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
) -> list[Diagnostic]:
    """Rewrite, in place, each ply of ``record`` read by a dialect of the replay (a move
    written with the other separator; a short capture, when ``dialects`` has
    :data:`~notation.check.dialects.SHORT_CAPTURES`) as its game writes that move, in the
    record's notation; the notice of each (PDN116, PDN115). ``default`` is the game of
    records whose tags name none. A record with a syntax error, or one ``validate`` does
    not replay, is left as it is."""
    if record.has_syntax_errors:
        return []
    report = validate_record(
        record, path=path, default=default, trace=True, suggest=False, dialects=dialects
    )
    replayed = report.replayed
    if replayed is None or replayed.start is None or report.game is None:
        return []
    game = get_game(report.game)
    return [
        p
        for p in _rewrite(report, replayed, game, None, path, mark=False)
        if p.code in (SHORT_CAPTURE, OTHER_SEPARATOR)
    ]


def _rewrite(
    report: GameReport,
    replayed: Replayed,
    game: AnyGame,
    notation: str | None,
    path: str,
    mark: bool,
) -> list[Diagnostic]:
    """Rewrite each legal ply the validator replayed in ``notation`` (``None``: only the
    plies read by a dialect, in the record's own); the diagnostic of each illegal ply and
    the notice of each dialect read, in the order replayed. With ``mark`` an illegal ply
    gets a comment saying why."""
    record = replayed.record
    written = record_notation(game, record)  # before any ply is rewritten
    problems: list[Diagnostic] = []
    for place, step in replayed.steps.items():
        ply = line_at(record, place).plies[place[-1]]
        number, depth = ply_number(place), len(place) // 2
        if step.error is not None:
            if mark:
                note = f"{KEPT_MARK}: {step.error.code} illegal move {ply.text}: {step.error}"
                text = " ".join(note.replace("{", "(").replace("}", ")").split())
                ply.comments.append(Comment(text))
            problems.append(
                illegal_move(
                    record,
                    path,
                    game,
                    ply,
                    number,
                    step.before,
                    step.error,
                    depth=depth,
                    notation=written,
                    tail="; this line is left as written" if mark else "",
                )
            )
            continue
        if step.move is None:
            continue
        if step.short:
            problems.append(
                short_capture_read(
                    record, path, game, ply, number, step.before, step.move, depth, written
                )
            )
        if step.other:
            problems.append(
                other_separator_read(
                    record, path, game, ply, number, step.before, step.move, depth, written
                )
            )
        if notation is not None:
            ply.text = game.format_move(step.before, step.move, notation)
        elif step.short:
            ply.text = game.format_move(step.before, step.move, written)
        elif step.other:
            style = game.notation_of(ply.text) or written
            ply.text = game.format_move(step.before, step.move, style)
    return problems


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
) -> ConvertSettings:
    """The settings of ``convert`` with these options (``to``: ``pdn`` or ``json``, by
    default JSON when ``output`` ends in ``.json``); :class:`SettingsError` naming the
    first option that cannot be used."""
    chosen = None if game is None else known_game(game)
    read = known_dialects(dialects)
    if notation is not None:
        try:
            check_notation(notation, None if chosen is None else get_game(chosen))
        except ValueError as error:
            raise SettingsError("--notation", str(error)) from None
    json = output is not None and output.suffix.lower() == ".json"
    return ConvertSettings(
        output=output,
        in_place=in_place,
        form=to or ("json" if json else "pdn"),
        keep_broken=keep_broken,
        game=chosen,
        dialects=read,
        encoding=known_codec(encoding),
        allow_empty=allow_empty,
        notation=notation,
    )


def convert(
    paths: Iterable[str | Input | Missing],
    settings: ConvertSettings,
    *,
    say: Callable[[str], None] = drop,
) -> Rewritten:
    """``notation convert``: the records of ``paths`` (names as the command line takes
    them, or inputs) converted and written as ``settings`` say; ``say`` is told what was
    written and each problem. :class:`notation.archive.rewrite.RewriteError` when the
    settings cannot work with these inputs."""
    status = convert_files(
        inputs_of(paths),
        settings.options,
        say,
        notation=settings.notation,
        default=settings.default,
        dialects=settings.dialects,
    )
    return Rewritten(status)
