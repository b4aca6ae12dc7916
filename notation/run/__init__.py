"""Runs of the checks over many inputs: settings, configuration files, the policy of what
is reported, batches over worker processes or a Dask cluster, the cache, the report
formats, and :func:`validate`, a validation run as the ``validate`` command makes it."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing

# Imported when first asked for: the command line reads the light modules of this package
# (settings) without the run's.
if TYPE_CHECKING:
    from notation.run.settings import Settings as Settings
    from notation.run.validation import validate as validate

__all__ = ["Settings", "validate"]


def __getattr__(name: str) -> object:
    if name == "validate":
        from notation.run.validation import validate

        return validate
    if name == "Settings":
        from notation.run.settings import Settings

        return Settings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
