"""The ``config`` command: the settings ``validate`` uses here, and where each comes from
(the file, :mod:`notation.run.config`; the defaults, :mod:`notation.run.settings`)."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from notation.run.settings import DEFAULTS, FOLDER_VARIABLE, default_cache

from ..options import ConfigOption, IsolatedOption, configured, echo, guarded


@dataclass(frozen=True, slots=True)
class _Shown:
    key: str
    value: Any
    source: str


@guarded
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
        elif key == "cache-dir" and key not in found.values and found.file is not None:
            value, source = default_cache(found), f"default: beside {found.file}"
        if key == "db" and os.environ.get("NOTATION_DB"):
            value, source = os.environ["NOTATION_DB"], "environment NOTATION_DB"
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


command = show_config
"""The command :mod:`cli.main` registers."""
