"""Every test that opens an index runs on both databases: an SQLite file and a database
of a real PostgreSQL server (skipped with the reason where none can be started)."""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

KINDS = ("sqlite", "postgresql")
"""The databases an index lives in."""


@contextlib.contextmanager
def _indexes(
    kind: str, folder: Path, request: pytest.FixtureRequest
) -> Iterator[Callable[[], str]]:
    """A maker of new, empty index targets of ``kind``, each dropped when the block ends."""
    import pgserver

    numbers = itertools.count(1)
    with contextlib.ExitStack() as stack:
        if kind == "sqlite":
            yield lambda: str(folder / f"index-{next(numbers)}.sqlite")
            return
        server = request.getfixturevalue("postgres_server")
        yield lambda: stack.enter_context(pgserver.database(server))


@pytest.fixture(params=KINDS)
def new_index(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], str]]:
    """Make a new, empty index target (an SQLite file's path or a ``postgresql://`` URL)
    on the database of this run of the test."""
    with _indexes(request.param, tmp_path, request) as make:
        yield make


@pytest.fixture
def target(new_index: Callable[[], str]) -> str:
    """A new, empty index target on the database of this run of the test."""
    return new_index()


@pytest.fixture(scope="module", params=KINDS)
def module_index(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Callable[[], str]]:
    """:func:`new_index` for a whole module."""
    with _indexes(request.param, tmp_path_factory.mktemp("index"), request) as make:
        yield make
