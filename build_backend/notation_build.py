"""The build backend (pyproject.toml): setuptools', which also asks for mypy (mypyc) and the
stubs it type-checks the compiled modules with, only when ``NOTATION_COMPILE=1`` asks for
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


def _compile_requires() -> list[str]:
    return COMPILE_REQUIRES if os.environ.get("NOTATION_COMPILE") == "1" else []


def get_requires_for_build_wheel(
    config_settings: dict[str, str | list[str]] | None = None,
) -> list[str]:
    """Setuptools' requirements, and mypy's when compiling."""
    return build_meta.get_requires_for_build_wheel(config_settings) + _compile_requires()


def get_requires_for_build_editable(
    config_settings: dict[str, str | list[str]] | None = None,
) -> list[str]:
    """Setuptools' requirements, and mypy's when compiling."""
    return build_meta.get_requires_for_build_editable(config_settings) + _compile_requires()
