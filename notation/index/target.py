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


class Base:
    """The folder an index's file names are relative to: the configuration file's folder
    (wherever in the project a command runs), else the current folder. A name given
    relative to the current folder is stored relative to the base (:meth:`stored`), and a
    stored name is found from the base (:meth:`located`); an absolute name is kept as it
    is."""

    __slots__ = ("folder", "prefix")

    folder: str
    """The base, as the system resolves it (no link in it)."""
    prefix: tuple[str, ...]
    """The parts of the path from the base to the current folder."""

    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        here = os.getcwd()
        self.folder = os.path.realpath(here if folder is None else folder)
        way = os.path.relpath(here, self.folder)
        self.prefix = () if way == os.curdir else tuple(way.split(os.sep))

    def stored(self, path: str) -> str:
        """The name stored for ``path`` (as :func:`notation.io.files.pure` writes it),
        given relative to the current folder: the same file named from any folder has one
        name. A ``..`` leading ``path`` is taken out against the current folder's own
        parts only, which hold no link."""
        if os.path.isabs(path):
            return path
        parts = [] if path == os.curdir else path.split("/")
        prefix = list(self.prefix)
        while parts and parts[0] == os.pardir and prefix and prefix[-1] != os.pardir:
            parts.pop(0)
            prefix.pop()
        return "/".join(prefix + parts) or os.curdir

    def located(self, source: bytes) -> bytes:
        """Where the file stored as ``source`` is, named from the current folder."""
        return os.path.join(os.fsencode(self.folder), source) if self.prefix else source


def index_base(config: Config) -> Base:
    """The base of the index's file names with ``config`` in force (:class:`Base`)."""
    return Base(None if config.file is None else os.path.dirname(os.path.abspath(config.file)))
