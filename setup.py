"""The build (pyproject.toml has the metadata): pure Python, or with ``NOTATION_COMPILE=1``
the modules of ``notation.compiled.MODULES`` compiled by mypyc as well (README)."""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent

if os.environ.get("NOTATION_COMPILE") == "1":
    try:
        from mypyc.build import mypycify
    except ImportError:
        sys.exit(
            "NOTATION_COMPILE=1 builds with mypyc, which is not installed: build with pip's "
            "build isolation (the default), or install mypy>=2 first"
        )
    # notation/compiled.py imports only the standard library: read without the package.
    modules = runpy.run_path(str(HERE / "notation" / "compiled.py"))["MODULES"]
    paths = [name.replace(".", "/") + ".py" for name in modules]
    # The build has mypy and the stubs of parsimonious, not the other dependencies (zstandard,
    # dask), which only modules left interpreted import: their names are typed as Any.
    options = ["--ignore-missing-imports"]
    setup(ext_modules=mypycify([*options, *paths], opt_level="3", group_name="notation"))
else:
    setup()
