"""The ``stats`` command: an archive summarized per game."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ..options import (
    AllowEmptyOption,
    DialectOption,
    EncodingOption,
    GameOption,
    PathsArgument,
    default_game,
    dialects_named,
    echo,
    echo_problem,
    encoding_named,
    guarded,
    status_of,
)

JsonOption = Annotated[bool, typer.Option("--json", help="Write JSON instead of text.")]


@guarded
def stats(
    paths: PathsArgument,
    json_: JsonOption = False,
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
) -> None:
    """Summarize an archive per game: results, lengths, first moves, invalid records.

    Results are given by side in counts and percentages, lengths as the average number
    of plies, and the five most common first moves.

    Exit status: 0, or 1 when a record has an error (the invalid records counted), 2 when
    an input cannot be read.
    """
    from notation.archive import stats as st

    default = default_game(game)
    collected = st.collect(
        paths,
        default,
        encoding=encoding_named(encoding),
        allow_empty=allow_empty,
        dialects=dialects_named(dialect),
    )
    for problem in collected.problems:
        echo_problem(problem)
    if json_:
        echo(json.dumps(st.to_json(collected), indent=2))
    else:
        echo(st.render_text(collected), nl=False)
    raise typer.Exit(status_of(collected.problems, bool(collected.invalid)))


command = stats
"""The command :mod:`cli.main` registers."""
