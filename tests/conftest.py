"""Every test runs with a cache folder of its own, so that no run answers from another
test's cache and nothing is written into the working folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.check.cache import FOLDER_VARIABLE


@pytest.fixture(autouse=True)
def own_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The cache folder of this test (``NOTATION_CACHE_DIR``)."""
    folder = tmp_path_factory.mktemp("cache") / ".notation_cache"
    monkeypatch.setenv(FOLDER_VARIABLE, str(folder))
    return folder
