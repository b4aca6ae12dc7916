"""Every test runs with the cache off (``NOTATION_NO_CACHE``), so that a second run in a
test is validated again rather than answered from the first; the tests of the cache turn
it on (:func:`cached`). Either way the cache folder is the test's own, and so is the
state folder where the cache key lives (``XDG_STATE_HOME``): no test writes into the home
folder. The tests of the index on PostgreSQL get a new database of one throwaway server
(:func:`postgres_url`)."""

from __future__ import annotations

import contextlib
import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pgserver
import pytest

from notation.run.settings import FOLDER_VARIABLE, NO_CACHE_VARIABLE


@pytest.fixture(autouse=True)
def own_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The cache folder of this test (``NOTATION_CACHE_DIR``), with the cache off, and its
    own state folder for the cache key."""
    folder = tmp_path_factory.mktemp("cache") / ".notation_cache"
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))
    monkeypatch.setenv(FOLDER_VARIABLE, str(folder))
    monkeypatch.setenv(NO_CACHE_VARIABLE, "1")
    return folder


@pytest.fixture
def cached(monkeypatch: pytest.MonkeyPatch, own_cache: Path) -> Path:
    """The cache on, in the test's own folder."""
    monkeypatch.delenv(NO_CACHE_VARIABLE)
    return own_cache


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A throwaway PostgreSQL server for the session (:mod:`pgserver`), as the URL of its
    ``postgres`` database; the test skips with the reason when none can be started (fails
    in CI)."""
    if importlib.util.find_spec("psycopg") is None:
        pgserver.unavailable(f"psycopg is not installed: {pgserver.INSTALL}")
    stack = contextlib.ExitStack()
    try:
        url = stack.enter_context(pgserver.server())
    except pgserver.Unavailable as error:
        pgserver.unavailable(str(error))
    with stack:
        yield url


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """The URL of a new, empty database of the session's server, dropped after the test."""
    with pgserver.database(postgres_server) as url:
        yield url
