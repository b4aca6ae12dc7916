"""The ``validate`` command: its options and help, for Typer. What it does is
:mod:`cli.validating`'s, which the quick path (:mod:`cli.quick`) also runs without Typer."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from notation.run.names import FORMATS

from ..options import (
    AllowEmptyOption,
    CacheDirOption,
    ConfigOption,
    DialectOption,
    EncodingOption,
    GameOption,
    IsolatedOption,
    NoCacheOption,
    PathsArgument,
    SchedulerTimeoutOption,
    file_named,
    guarded,
    one_of,
    standard_output,
)
from ..validating import FAIL_LEVELS


@guarded
def validate(
    paths: PathsArgument,
    game: GameOption = None,
    dialect: DialectOption = None,
    format_: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            help="Report format: " + ", ".join(FORMATS) + ".",
            metavar="NAME",
            callback=one_of(*FORMATS),
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write the report here, not stdout (- for stdout).",
            metavar="FILE",
            click_type=file_named,
            callback=standard_output,
        ),
    ] = None,
    fail_level: Annotated[
        str | None,
        typer.Option(
            "--fail-level",
            help="Lowest severity that fails the run: error or warning.",
            metavar="NAME",
            callback=one_of(*FAIL_LEVELS),
        ),
    ] = None,
    exit_zero: Annotated[
        bool, typer.Option("--exit-zero", help="Exit 0 even when records have problems.")
    ] = False,
    select: Annotated[
        list[str] | None,
        typer.Option(
            "--select",
            help="Report only these codes or code prefixes (BR2,REC207).",
            metavar="CODES",
        ),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option("--ignore", help="Do not report these codes or prefixes.", metavar="CODES"),
    ] = None,
    statistics: Annotated[
        bool, typer.Option("--statistics", help="Count each code on stderr after the report.")
    ] = False,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            help="Validate in N processes at most (0: one per CPU); never more than the CPUs.",
            metavar="N",
        ),
    ] = None,
    duplicates: Annotated[
        bool,
        typer.Option(
            "--duplicates",
            help="Also report (REC208) a game that repeats an earlier one: the same moves "
            "from the same start, in any notation.",
        ),
    ] = False,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            help="Validate on the Dask cluster whose scheduler is at ADDRESS "
            "(tcp://host:port), or on a local one (local: --jobs workers, 0 or 1: one per "
            "CPU). Needs notation[dask].",
            metavar="ADDRESS",
        ),
    ] = None,
    scheduler_timeout: SchedulerTimeoutOption = 10.0,
    cache_dir: CacheDirOption = None,
    no_cache: NoCacheOption = False,
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Replay every move of every game and report each problem.

    The report goes to standard output (or --output), the summary and progress to standard
    error. Exit status: 0 when no reported problem reaches --fail-level (or --exit-zero),
    1 when one does, 2 for a usage error or an input that cannot be read.
    """

    from notation.run.settings import SettingsError

    from ..validating import Options, prepare

    prepared = prepare(
        Options(
            paths=paths,
            game=game,
            dialect=dialect,
            format_=format_,
            output=output,
            fail_level=fail_level,
            exit_zero=exit_zero,
            select=select,
            ignore=ignore,
            statistics=statistics,
            jobs=jobs,
            duplicates=duplicates,
            encoding=encoding,
            allow_empty=allow_empty,
            scheduler=scheduler,
            scheduler_timeout=scheduler_timeout,
            cache_dir=cache_dir,
            no_cache=no_cache,
            config_file=config_file,
            isolated=isolated,
        )
    )
    try:
        prepared.run()
    except SettingsError as error:
        raise typer.BadParameter(error.message, param_hint=error.option) from None


command = validate
"""The command :mod:`cli.main` registers."""
