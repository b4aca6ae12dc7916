"""Configuration on the command line: ``--config``, ``--isolated``, the cache options of
``validate``, and the ``notation config`` command.

Command-line options win over the file (:mod:`notation.run.config`), the file over the
defaults (:mod:`notation.run.settings`); ``--cache-dir`` and ``NOTATION_CACHE_DIR`` win
over the file's ``cache-dir``.
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli.options import echo, fail
from notation.run.settings import (
    DEFAULT_FOLDER,
    DEFAULTS,
    FOLDER_VARIABLE,
    NO_CACHE_VARIABLE,
)

# What a command runs is imported in its body (see cli/main.py).
if TYPE_CHECKING:
    from notation.run.config import Config

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
