"""Faults of the cache folder (issue 25), through the real command in a fresh process with
time and memory limits: what opens at an entry's name is read only when it is a regular
file of bounded size, so that a FIFO, a link to ``/dev/zero`` or a sparse 3 GiB file there
neither hangs a run nor takes its memory."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from faultkit import run

from notation.version import code_version

pytestmark = pytest.mark.usefixtures("cached")

ILLEGAL = '[GameType "20"]\n\n1. 32-28 19-23 2. 28x18 14x23 *\n'
ILLEGAL_LINE = (
    ":3:19: error ID203 illegal move 28x18 (game 1, ply 3): a man on 28 cannot capture to 18; "
    "legal: 28x19\n"
)
SUMMARY = "1 game in 1 file: 1 error, 0 warnings, 1 notice\n"


def ignored(name: str, why: str) -> str:
    return (
        f"{name}:1:1: notice REC260 the cache entry for {name} could not be trusted and was "
        f"ignored ({why}); the file was validated afresh\n"
    )


@pytest.mark.parametrize(
    ("kind", "why"),
    [
        ("a FIFO", "it is not a regular file"),
        ("a link to /dev/zero", "it is a symbolic link"),
        ("a sparse 3 GiB file", "it is larger than 64 MiB"),
    ],
)
def test_what_is_not_a_bounded_file_at_an_entrys_name_is_not_read(
    tmp_path: Path, own_cache: Path, kind: str, why: str
) -> None:
    (tmp_path / "game.pdn").write_text(ILLEGAL)
    first = run("validate", "game.pdn", cwd=tmp_path, timeout=30)
    assert first.status == 1
    (entry,) = (own_cache / code_version()).iterdir()
    if kind == "a sparse 3 GiB file":
        os.truncate(entry, 3 << 30)
    else:
        entry.unlink()
        if kind == "a FIFO":
            os.mkfifo(entry)
        else:
            entry.symlink_to("/dev/zero")
    done = run("validate", "game.pdn", cwd=tmp_path, timeout=30, memory_mib=200)
    assert done.stopped is None
    assert (done.status, done.stdout.decode(), done.stderr) == (
        1,
        ignored("game.pdn", why) + f"game.pdn{ILLEGAL_LINE}",
        SUMMARY,
    )
    assert done.peak_mib < 200
    # The entry is replaced by a whole one, which answers the next run.
    assert stat.S_ISREG(entry.lstat().st_mode)
    assert entry.lstat().st_size < 4096
    again = run("validate", "game.pdn", cwd=tmp_path, timeout=30)
    assert again.stdout.decode() == f"game.pdn{ILLEGAL_LINE}"
