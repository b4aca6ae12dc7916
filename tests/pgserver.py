"""A throwaway PostgreSQL server for the tests of the index: Debian's ``postgresql`` (or any
whose ``initdb`` is on the path), its data and its socket in a temporary folder, no TCP
port, started once for the session and removed at its end. PostgreSQL refuses to run as
root: as root the server runs as the ``postgres`` user (``su``), owning its folder.

When none can be started the tests that need it skip with the reason, except in CI
(``CI=true``), where they fail."""

from __future__ import annotations

import glob
import itertools
import os
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

INSTALL = "pip install 'notation[postgres]'"
"""How to install the driver the tests need."""

PORT = 5432
"""The port, which only names the socket file: the server listens on no TCP port."""

_names = itertools.count(1)


class Unavailable(Exception):
    """No server can be started here; the message says why."""


def unavailable(reason: str, *, whole_module: bool = False) -> None:
    """Skip the test (or ``whole_module``) for ``reason``, or fail it in CI, where the
    server must run."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"PostgreSQL is needed in CI: {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=whole_module)


def _binaries() -> Path:
    """The folder of ``initdb`` and ``pg_ctl``: Debian's newest version, or the path's."""
    debian = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    if debian:
        return Path(debian[-1]).parent
    found = shutil.which("initdb")
    if found is None:
        raise Unavailable("no PostgreSQL server is installed (Debian: apt-get install postgresql)")
    return Path(found).parent


@contextmanager
def server() -> Iterator[str]:
    """A running server for the block, as the URL of its ``postgres`` database; stopped
    and its folder removed when the block ends. :class:`Unavailable` when none starts."""
    binaries = _binaries()
    folder = Path(tempfile.mkdtemp(prefix="notation-pg-"))
    as_root = os.geteuid() == 0
    try:
        if as_root:
            try:
                shutil.chown(folder, "postgres", "postgres")
            except (LookupError, OSError) as error:
                raise Unavailable(f"as root, the server needs a postgres user: {error}") from None
        data = folder / "data"

        def run(*command: str | Path) -> None:
            words = [str(word) for word in command]
            if as_root:
                words = ["su", "-s", "/bin/sh", "postgres", "-c", shlex.join(words)]
            done = subprocess.run(words, capture_output=True, text=True, timeout=120)
            if done.returncode != 0:
                said = " ".join((done.stderr or done.stdout).split())[-500:]
                raise Unavailable(f"{Path(command[0]).name} failed: {said}")

        initdb = [binaries / "initdb", "-D", data, "-A", "trust", "-U", "postgres"]
        run(*initdb, "-E", "UTF8", "--locale=C", "--no-sync")
        options = (
            f"-p {PORT} -k {folder} -c listen_addresses='' -c fsync=off "
            "-c full_page_writes=off -c synchronous_commit=off"
        )
        pg_ctl = [binaries / "pg_ctl", "-D", data]
        run(*pg_ctl, "-o", options, "-l", folder / "log", "-w", "-t", "60", "start")
        try:
            yield f"postgresql://postgres@/postgres?host={folder}&port={PORT}"
        finally:
            run(*pg_ctl, "-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def database(url: str) -> Iterator[str]:
    """A new, empty database on the server of ``url`` (its ``postgres`` database) for the
    block, as its URL; dropped when the block ends, with any connection left to it. From
    PostgreSQL 15 on, it orders text as a server set up in English does (ICU's ``en-US``:
    ``a`` before ``B``), unlike SQLite, which the index's SQL must not depend on."""
    import psycopg

    name = f"test_{os.getpid()}_{next(_names)}"
    with psycopg.connect(url, autocommit=True) as admin:
        english = admin.info.server_version >= 150000
        locale = " TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US'" if english else ""
        admin.execute(f"CREATE DATABASE {name}{locale}")
    try:
        yield url.replace("/postgres?", f"/{name}?", 1)
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
