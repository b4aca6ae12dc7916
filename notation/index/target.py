"""Where an index is: :func:`index_target`, the one rule that ``index``, ``find`` and
``tree`` follow to name the database they open."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

from notation.run.settings import setting

if TYPE_CHECKING:
    from notation.run.config import Config

DB_VARIABLE = "NOTATION_DB"
"""The environment variable naming the index when no ``--db`` is given."""

SERVER_SCHEMES = ("postgresql://", "postgres://")
"""How a target that names a server (a PostgreSQL index), not a file, starts."""


def index_target(given: str | None, config: Config, environ: Mapping[str, str] = os.environ) -> str:
    """The index to open, an SQLite file's path or a ``postgresql://`` URL: ``given``
    (``--db``), else ``NOTATION_DB`` (when not empty), else the configuration's ``db``
    (made relative to its file's folder when it is read), else ``notation.sqlite`` in the
    current folder."""
    target: str = given or environ.get(DB_VARIABLE) or setting(config, "db", None)
    return target


def index_file(target: str) -> str | None:
    """The SQLite file of the index at ``target``; ``None`` for a server's URL."""
    return None if target.startswith(SERVER_SCHEMES) else target
