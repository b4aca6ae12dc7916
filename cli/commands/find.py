"""The ``find`` command: the games of an index (:mod:`notation.index.query`) matching
``select``'s filters and a player, as places, JSON, or their texts as indexed.

Exit status: 0, 1 when a game to write as PDN has no text in the index, 2 for a usage
error or an index that cannot be used.
"""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING, Annotated, cast

import typer

from notation.diagnostics import CODES
from notation.games.registry import GAMES
from notation.index.target import index_base, index_target

if TYPE_CHECKING:
    from notation.index.db import Database
    from notation.index.query import Answer, Query
    from notation.io.output import Sink

from ..options import (
    CodeOption,
    ConfigOption,
    ErrorsOption,
    IsolatedOption,
    OpeningOption,
    OutputOption,
    PliesOption,
    PositionOption,
    ResultOption,
    TagOption,
    configured,
    game_named,
    guarded,
    note,
    one_of,
    parsed,
    plural,
    say,
    write_out,
)
from .index import DbOption, opened_index, refuse_index_output, refuse_source_output

FORMS = ("text", "json", "pdn")


def _opening(opening: tuple[str, str | None] | None) -> str:
    """A game's opening as the text form ends its line: ``, opening 5 (Dreaded
    Edinburgh)``, ``, opening 1-III``, or nothing."""
    if opening is None:
        return ""
    code, name = opening
    return f", opening {code}" + ("" if name is None else f" ({name})")


@guarded
def find(
    db: DbOption = None,
    result: ResultOption = None,
    tag: TagOption = None,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            help="A player of either colour (White or Black tag): a name or a shell "
            "pattern, case ignored.",
            metavar="NAME",
        ),
    ] = None,
    variant: Annotated[
        str | None,
        typer.Option(
            "--game",
            "-g",
            help="The game the record was judged as (`notation games`).",
            metavar="NAME",
            callback=one_of(*GAMES),
        ),
    ] = None,
    plies: PliesOption = None,
    opening: OpeningOption = None,
    position: PositionOption = None,
    material: Annotated[
        str | None,
        typer.Option(
            "--material",
            help="A position of the main line has these men and kings: W=8-10,WK=0,B=7,BK=1+ "
            "(W, WK White's men and kings, B, BK Black's; N, N-M or N+; draughts and Keny).",
            metavar="SPEC",
        ),
    ] = None,
    pattern: Annotated[
        str | None,
        typer.Option(
            "--pattern",
            help="A position of the main line of a game of --game gives this pattern: "
            '"w:22,K5 b:12-14 empty:18 any:30" (squares in the game\'s notation).',
            metavar="PATTERN",
        ),
    ] = None,
    errors: ErrorsOption = None,
    code: CodeOption = None,
    form: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="text (path:line: game N), json, or pdn (the games' texts as indexed).",
            metavar="NAME",
            callback=one_of("text", "json", "pdn"),
        ),
    ] = "text",
    output: OutputOption = None,
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """List the indexed games that match every filter, from the index alone.

    Each game is written as `path:line: game N` (with the ply where the main line first
    reaches --position, and its opening by the federation's table where one names it), as
    JSON, or as its text as read when it was indexed. A source file changed or gone since
    it was indexed is named in a notice on standard error (one whose size, modification
    and inode change times and inode are those indexed is taken as unchanged; any other is
    read and its digest compared). Exit status: 0, 1 when a game to write as PDN has no
    text in the index, 2 for a usage error or an index that cannot be used.
    """
    from notation.archive import filters as sel
    from notation.index.query import Query, search, texts

    if form not in FORMS:
        raise typer.BadParameter("choose text, json or pdn", param_hint="--format")
    if variant is not None:
        variant = game_named(variant).name
    if code is not None and code not in CODES:
        raise typer.BadParameter(
            f"no diagnostic code {code!r} (see `notation codes`)", param_hint="--code"
        )
    if position is not None:
        parsed(lambda fen: sel.check_position(fen, variant), position, "--position")
    if material is not None or pattern is not None:
        from notation.index import patterns
    spec = None
    if material is not None:
        spec = parsed(patterns.parse_material, material, "--material")
        if variant is not None:
            parsed(patterns.check_material, variant, "--material")
    asked = None
    if pattern is not None:
        if variant is None:
            raise typer.BadParameter(
                "a pattern names squares of one game: give --game", param_hint="--pattern"
            )
        chosen = game_named(variant)
        asked = parsed(lambda text: patterns.parse_pattern(text, chosen), pattern, "--pattern")
    query = Query(
        result=None if result is None else parsed(sel.check_result, result, "--result"),
        tags=tuple(parsed(sel.parse_tag, t, "--tag") for t in tag or ()),
        variant=variant,
        plies=None if plies is None else parsed(sel.parse_plies, plies, "--plies"),
        opening=() if opening is None else parsed(sel.parse_opening, opening, "--opening"),
        position=position,
        errors=errors,
        code=code,
        player=player,
        material=spec,
        pattern=asked,
    )
    config = configured(config_file, isolated)
    found = 0

    def written(sink: Sink) -> None:
        nonlocal found
        answer.read()
        # Nothing but writing can fail now: a large answer is not held first.
        sink.release()
        found = (as_json if form == "json" else as_text)(sink, answer)

    target = index_target(db, config)
    refuse_index_output(output, target)
    base = index_base(config)
    with opened_index(target) as opened:
        refuse_source_output(output, opened, base)
        answer = search(opened, query, base)
        for path in answer.changed:
            say(f"notation: {path} changed since it was indexed; the index answers as it was")
        for path in answer.gone:
            say(f"notation: {path} is gone since it was indexed; the index answers as it was")
        _warn_of_tags(opened, query)
        if form == "pdn":
            games = answer.hits()
            records = texts(opened, games)
        else:
            write_out(output, written)
    if form == "pdn":
        missing = [hit for hit, text in zip(games, records, strict=True) if text is None]
        if missing:
            first = missing[0]
            fail_with = f"{first.path}:{first.line}: game {first.index} has no text in the index"
            say(f"notation: nothing written: {fail_with} (past the reader's limits)")
            raise typer.Exit(1)
        # No text is None: a game without one was refused above.
        write_out(output, functools.partial(as_pdn, texts=cast("list[str]", records)))
        found = len(games)
    if form != "json":
        note(f"{found} {plural(found, 'game')} found")
    raise typer.Exit(0)


def _warn_of_tags(opened: Database, query: Query) -> None:
    """Warn of each ``--tag`` name no indexed game has, as ``select`` warns of it (whose
    module, with the replay, is imported only then)."""
    from notation.index.query import has_tag, tag_names

    names: list[str] | None = None
    for name in dict.fromkeys(name for name, _ in query.tags):
        if not has_tag(opened, name):
            from notation.archive.select import no_such_tag

            names = tag_names(opened) if names is None else names
            say(f"notation: warning: --tag {name}: {no_such_tag(name, names)}")


def as_pdn(sink: Sink, texts: list[str]) -> None:
    """Write ``texts``, each ending a line, a blank line between them (all read: nothing
    but writing can fail, and a large answer is not held first)."""
    sink.release()
    for start in range(0, len(texts), 1000):
        some = texts[start : start + 1000]
        sink.write(
            ("\n" if start else "") + "\n".join(t if t.endswith("\n") else t + "\n" for t in some)
        )


def as_text(sink: Sink, answer: Answer) -> int:
    """Write the games of ``answer`` as the text form gives them, a line each
    (``path:line: game N, ply P, opening C``); how many."""
    suffixes = {id_: _opening(opening) for id_, opening in answer.openings.items()}
    count = 0
    for batch in answer.batches:
        path = batch.path
        named = map(suffixes.__getitem__, batch.openings)
        # An f-string a game: a call a game would cost more than its formatting.
        if batch.plies is None:
            lines = [
                f"{path}:{line}: game {number}{suffix}\n"
                for line, number, suffix in zip(batch.lines, batch.numbers, named, strict=True)
            ]
        else:
            lines = [
                f"{path}:{line}: game {number}, ply {ply}{suffix}\n"
                for line, number, ply, suffix in zip(
                    batch.lines, batch.numbers, batch.plies, named, strict=True
                )
            ]
        sink.write("".join(lines))
        count += len(lines)
    return count


def as_json(sink: Sink, answer: Answer) -> int:
    """Write the document ``find --format json`` writes: compact JSON (``json.dumps(...,
    separators=(",", ":"), ensure_ascii=False)``) with each game on a line of its own;
    how many games."""
    # Each game an f-string (a call of the encoder a game costs more than its text), each
    # path and opening encoded once.
    text = functools.partial(json.dumps, ensure_ascii=False, separators=(",", ":"))
    openings = {
        id_: text(None if o is None else {"code": o[0], "name": o[1]})
        for id_, o in answer.openings.items()
    }
    count = 0
    for batch in answer.batches:
        head = f'{{"path":{text(batch.path)},"line":'
        named = map(openings.__getitem__, batch.openings)
        if batch.plies is None:
            games = [
                f'{head}{line},"index":{number},"ply":null,"opening":{opening}}}'
                for line, number, opening in zip(batch.lines, batch.numbers, named, strict=True)
            ]
        else:
            games = [
                f'{head}{line},"index":{number},"ply":{ply},"opening":{opening}}}'
                for line, number, ply, opening in zip(
                    batch.lines, batch.numbers, batch.plies, named, strict=True
                )
            ]
        sink.write('{"games":[\n' if count == 0 else ",\n")
        sink.write(",\n".join(games))
        count += len(games)
    summary = text({"games": count, "changed": answer.changed, "gone": answer.gone})
    sink.write(('{"games":[' if count == 0 else "\n") + f'],"summary":{summary}}}\n')
    return count


command = find
