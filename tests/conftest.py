"""Every test runs with the cache off (``NOTATION_NO_CACHE``), so that a second run in a
test is validated again rather than answered from the first; the tests of the cache turn
it on (:func:`cached`). Either way the cache folder is the test's own, and so is the
state folder where the cache key lives (``XDG_STATE_HOME``): no test writes into the home
folder."""

from __future__ import annotations

from pathlib import Path

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
