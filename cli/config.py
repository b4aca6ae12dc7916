"""Configuration on the command line: ``--config``, ``--isolated``, the cache options of
``validate``, the settings a run gets from them, and the ``notation config`` command.

Command-line options win over the file (:mod:`notation.run.config`), the file over the
defaults; ``--cache-dir`` and ``NOTATION_CACHE_DIR`` win over the file's ``cache-dir``.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli.options import echo, fail

# What a command runs is imported in its body (see cli/main.py).
if TYPE_CHECKING:
    from notation.io.inputs import Input, Missing
    from notation.run.batch import Event
    from notation.run.cache import Settings
    from notation.run.config import Config
    from notation.run.policy import Policy

DEFAULT_FOLDER = ".notation_cache"
"""The cache folder, in the current folder, unless another is chosen."""

FOLDER_VARIABLE = "NOTATION_CACHE_DIR"
"""The environment variable that moves the cache folder."""

NO_CACHE_VARIABLE = "NOTATION_NO_CACHE"
"""The environment variable that, set to 1 or true, turns the cache off (``--no-cache``)."""

ConfigOption = Annotated[
    Path | None,
    typer.Option(
        "--config",
        help="Read the settings from this file (a pyproject.toml's [tool.notation], or a "
        "notation.toml) instead of the nearest one.",
        metavar="FILE",
    ),
]
IsolatedOption = Annotated[
    bool,
    typer.Option(
        "--isolated", "--no-config", help="Ignore every configuration file: use the defaults."
    ),
]
CacheDirOption = Annotated[
    str | None,
    typer.Option(
        "--cache-dir",
        help=f"Keep the cache here (default: {FOLDER_VARIABLE}, else the configuration's "
        f"cache-dir, else {DEFAULT_FOLDER}).",
        metavar="DIR",
    ),
]
NoCacheOption = Annotated[
    bool,
    typer.Option(
        "--no-cache",
        help=f"Neither read nor write the cache: validate afresh (also {NO_CACHE_VARIABLE}=1).",
    ),
]

DEFAULTS: dict[str, Any] = {
    "select": (),
    "ignore": (),
    "fail-level": "error",
    "game": None,
    "jobs": 1,
    "format": "text",
    "cache-dir": Path(DEFAULT_FOLDER),
    "dialects": frozenset(),
}
"""What a run uses when neither the command line nor a file gives a setting."""


def configured(explicit: Path | None, isolated: bool) -> Config:
    """The configuration in force: ``explicit``, else the nearest file the user may read
    (each one passed over is said on standard error), else none; a bad file ends the
    command (exit 2) with the file and key named."""
    from notation.run.config import NO_CONFIG, ConfigError, find_config, load_config

    if explicit is not None and isolated:
        fail("--config and --isolated cannot be given together")
    if isolated:
        return NO_CONFIG
    found, skipped = (explicit, ()) if explicit is not None else find_config(Path.cwd())
    for passed in skipped:
        typer.echo(f"notation: {passed.notice()}", err=True)
    if found is None:
        return dataclasses.replace(NO_CONFIG, skipped=skipped)
    try:
        return dataclasses.replace(load_config(found), skipped=skipped)
    except ConfigError as error:
        fail(str(error))


def setting(config: Config, key: str, given: Any) -> Any:
    """``given`` on the command line, else the file's value of ``key``, else the default."""
    if given is not None:
        return given
    return config.values.get(key, DEFAULTS[key])


def cache_off(no_cache: bool) -> bool:
    """``--no-cache``, or ``NOTATION_NO_CACHE`` set to 1, true, yes or on (any case).

    Read here, not by click: the oldest click and typer of the declared ranges take any
    value of a flag's variable, ``0`` included, as the flag given."""
    value = os.environ.get(NO_CACHE_VARIABLE, "").strip().lower()
    return no_cache or value in {"1", "true", "yes", "on"}


def cache_folder(config: Config, given: str | None) -> Path:
    """``--cache-dir``, else ``NOTATION_CACHE_DIR``, else the file's, else the default."""
    return Path(given or os.environ.get(FOLDER_VARIABLE) or setting(config, "cache-dir", None))


def file_policies(
    config: Config, inputs: Iterable[Input | Missing], policy: Policy, given: set[str]
) -> dict[str, Policy]:
    """The policy of each input whose overrides change its ``select`` or ``ignore``, by
    name; those of ``given`` (given on the command line) are not overridden."""
    from notation.io.inputs import Input
    from notation.run.policy import Policy

    chosen = {}
    for item in inputs:
        if not config.overrides or not isinstance(item, Input) or item.path is None:
            continue
        select, ignore = (
            getattr(policy, key) if key in given else config.for_file(item.path, key) or ()
            for key in ("select", "ignore")
        )
        if (select, ignore) != (policy.select, policy.ignore):
            chosen[item.name] = Policy(
                select=select,
                ignore=ignore,
                fail_level=policy.fail_level,
                exit_zero=policy.exit_zero,
                duplicates=policy.duplicates,
            )
    return chosen


def game_runs(
    config: Config,
    inputs: list[Input | Missing],
    given: str | None,
    validate: Callable[[list[Input | Missing], str | None], Iterator[Event]],
) -> Iterator[Event]:
    """``validate`` over ``inputs`` in order, each run of inputs with one game (``--game``,
    else the override's or file's ``game``) given it together."""

    from notation.io.inputs import Input

    def game_of(item: Input | Missing) -> str | None:
        if given is not None:
            return given
        path = item.path if isinstance(item, Input) else None
        found = config.for_file(path, "game")
        return None if found is None else str(found)

    for game, group in itertools.groupby(inputs, key=game_of):
        yield from validate(list(group), game)


def cached_run(
    folder: Path | None,
    settings: Settings,
    keys: bool,
    inputs: Iterable[Input | Missing],
    validate: Callable[[Iterable[Input | Missing]], Iterator[Event]],
) -> Iterator[Event]:
    """``validate(inputs)`` through the cache in ``folder`` (``None``: no cache); a folder
    that cannot be written is said once a command."""
    from notation.run.cache import Cache

    if folder is None:
        return validate(inputs)
    return Cache(folder, settings, _warn_once).run(inputs, validate, keys=keys)


_warned: set[str] = set()


def _warn_once(text: str) -> None:
    if text not in _warned:
        _warned.add(text)
        typer.echo(text, err=True)


@dataclass(frozen=True, slots=True)
class _Shown:
    key: str
    value: Any
    source: str


def show_config(
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
    format_: Annotated[
        str, typer.Option("--format", "-f", help="text or json.", metavar="NAME")
    ] = "text",
) -> None:
    """Show the settings `validate` uses here, and where each comes from."""
    if format_ not in ("text", "json"):
        raise typer.BadParameter("choose text or json", param_hint="--format")
    from notation.run.config import SAFE_VARIABLE

    found = configured(config_file, isolated)
    where = "default" if found.file is None else f"{found.file} {found.table}"
    shown = []
    for key, default in DEFAULTS.items():
        value, source = found.values.get(key, default), where if key in found.values else "default"
        if key == "cache-dir" and os.environ.get(FOLDER_VARIABLE):
            value, source = Path(os.environ[FOLDER_VARIABLE]), f"environment {FOLDER_VARIABLE}"
        shown.append(_Shown(key, _plain(value), source))
    overrides = [
        {"path": o.path, **{k: _plain(v) for k, v in o.values.items()}} for o in found.overrides
    ]
    if format_ == "json":
        document = {
            "file": None if found.file is None else str(found.file),
            "table": found.table or None,
            "settings": {s.key: {"value": s.value, "source": s.source} for s in shown},
            "overrides": overrides,
            "skipped": [{"file": str(s.file), "owner": s.owner} for s in found.skipped],
        }
        echo(json.dumps(document, indent=1, ensure_ascii=False))
        return
    echo(f"file: {'none' if found.file is None else where}")
    for passed in found.skipped:
        echo(f"skipped: {passed.file} (owned by uid {passed.owner}; not in {SAFE_VARIABLE})")
    for item in shown:
        echo(f"{item.key:<11} = {json.dumps(item.value, ensure_ascii=False):<24} # {item.source}")
    for number, override in enumerate(overrides, 1):
        values = ", ".join(
            f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in override.items()
        )
        echo(f"override {number}: {values}")


def _plain(value: Any) -> Any:
    """A setting as TOML and JSON write it."""
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, Path):
        return str(value)
    return value
