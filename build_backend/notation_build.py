"""The build backend (pyproject.toml): setuptools', which also asks for mypy (mypyc) and the
stubs it type-checks the compiled modules with when ``NOTATION_COMPILE=1`` asks for
the compiled build, so that the default build needs neither mypy nor a C compiler."""

from __future__ import annotations

import os

from setuptools import build_meta
from setuptools.build_meta import (
    build_editable,
    build_sdist,
    build_wheel,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]

COMPILE_REQUIRES = ["mypy>=2.0,<3", "types-parsimonious>=0.9,<0.12"]
"""What building the compiled modules needs besides setuptools (the test extra's bounds)."""


def _compiling() -> bool:
    return os.environ.get("NOTATION_COMPILE") == "1"


# When compiling, setuptools' own listing would run setup.py, which imports mypyc before
# it is installed; setup.py asks for nothing else.
def get_requires_for_build_wheel(
    config_settings: dict[str, str | list[str]] | None = None,
) -> list[str]:
    """Setuptools' requirements, or mypy's when compiling."""
    if _compiling():
        return COMPILE_REQUIRES
    return build_meta.get_requires_for_build_wheel(config_settings)


def get_requires_for_build_editable(
    config_settings: dict[str, str | list[str]] | None = None,
) -> list[str]:
    """Setuptools' requirements, or mypy's when compiling."""
    if _compiling():
        return COMPILE_REQUIRES
    return build_meta.get_requires_for_build_editable(config_settings)
