"""The ``config`` command: the settings ``validate`` uses here, and where each comes from
(:func:`notation.run.settings.shown_settings`)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ..options import ConfigOption, IsolatedOption, configured, echo, guarded, one_of


@guarded
def show_config(
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
    format_: Annotated[
        str,
        typer.Option(
            "--format", "-f", help="text or json.", metavar="NAME", callback=one_of("text", "json")
        ),
    ] = "text",
) -> None:
    """Show the settings `validate` uses here, and where each comes from."""
    if format_ not in ("text", "json"):
        raise typer.BadParameter("choose text or json", param_hint="--format")
    from notation.run.config import SAFE_VARIABLE
    from notation.run.settings import shown_overrides, shown_settings

    found = configured(config_file, isolated)
    where = "default" if found.file is None else f"{found.file} {found.table}"
    shown = shown_settings(found)
    overrides = shown_overrides(found)
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


command = show_config
"""The command :mod:`cli.main` registers."""
