"""Damaged compressed inputs (issue 25, finding 11): in every format the toolkit reads
(gzip, bzip2, xz, Zstandard), garbage after a complete member, stream or frame, and data cut
short inside one, are a PDN106 error after the games read before the damage.
"""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
import zstandard
from faultkit import CLUB
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from notation.cli.main import app

runner = CliRunner()
TEXT = CLUB.read_bytes()
SEVENTH = TEXT.index(b"[Event", TEXT.index(b"[Event") + 1)
for _ in range(5):
    SEVENTH = TEXT.index(b"[Event", SEVENTH + 1)
FIRST, SECOND = TEXT[:SEVENTH], TEXT[SEVENTH:]
"""The club's twelve games, cut after the sixth."""

FORMATS: dict[str, tuple[Callable[[bytes], bytes], str, str]] = {
    "gzip": (lambda data: gzip.compress(data, mtime=0), "gzip", "member"),
    "bzip2": (bz2.compress, "bzip2", "stream"),
    "xz": (lzma.compress, "xz", "stream"),
    "zst": (zstandard.ZstdCompressor().compress, "Zstandard", "frame"),
}
GARBAGE = b"this is not compressed data\n" * 3


def validate(tmp_path: Path, data: bytes) -> tuple[int, int, dict[str, object] | None]:
    """Validate ``data`` as a file: the exit status, the games read and the last problem."""
    (tmp_path / "damaged.pdn").write_bytes(data)
    done = runner.invoke(app, ["validate", "-f", "jsonl", str(tmp_path / "damaged.pdn")])
    lines = done.stdout.splitlines()
    games = int(done.stderr.split()[0])
    return done.exit_code, games, json.loads(lines[-1]) if lines else None


@pytest.mark.parametrize("form", FORMATS)
def test_garbage_after_complete_data_keeps_every_game_and_is_an_error(
    tmp_path: Path, form: str
) -> None:
    compress, name, _ = FORMATS[form]
    status, games, last = validate(tmp_path, compress(TEXT) + GARBAGE)
    assert (status, games) == (2, 12)
    assert last is not None
    assert (last["code"], last["line"], last["message"]) == (
        "PDN106",
        1,
        f"cannot read {tmp_path}/damaged.pdn: the {name} data is followed by data that is "
        f"not {name} (trailing garbage)",
    )


@pytest.mark.parametrize("form", FORMATS)
def test_data_cut_short_keeps_the_games_before_the_cut(tmp_path: Path, form: str) -> None:
    compress, name, unit = FORMATS[form]
    first = compress(FIRST)
    # The second unit cut after 10 bytes: its header, none of its games.
    status, games, last = validate(tmp_path, first + compress(SECOND)[:10])
    assert (status, games) == (2, 6)
    assert last is not None
    assert (last["code"], last["message"]) == (
        "PDN106",
        f"cannot read {tmp_path}/damaged.pdn: the {name} data ends inside a {unit} (truncated)",
    )


@pytest.mark.parametrize("form", FORMATS)
def test_units_one_after_the_other_are_read_whole(tmp_path: Path, form: str) -> None:
    compress, _, _ = FORMATS[form]
    assert validate(tmp_path, compress(FIRST) + compress(SECOND)) == (0, 12, None)


@pytest.mark.parametrize("form", ["gzip", "xz"])
def test_nul_padding_after_the_data_is_not_damage(tmp_path: Path, form: str) -> None:
    # gzip passes over NUL bytes after a member; xz allows stream padding of NUL bytes.
    compress, _, _ = FORMATS[form]
    padded = compress(FIRST) + b"\0" * 8 + compress(SECOND) + b"\0" * 4
    assert validate(tmp_path, padded) == (0, 12, None)


@pytest.mark.parametrize("form", FORMATS)
def test_damage_inside_the_data_is_an_error_after_the_games_before_it(
    tmp_path: Path, form: str
) -> None:
    compress, name, _ = FORMATS[form]
    second = bytearray(compress(SECOND))
    second[len(second) // 2 :] = b"\xff" * (len(second) - len(second) // 2)
    status, games, last = validate(tmp_path, compress(FIRST) + bytes(second))
    assert status == 2
    assert 6 <= games < 12
    assert last is not None
    assert last["code"] == "PDN106"
    message = str(last["message"])
    assert message.startswith(f"cannot read {tmp_path}/damaged.pdn: ")
    assert f"{name} data" in message


@settings(max_examples=40, deadline=None)
@given(
    form=st.sampled_from(sorted(FORMATS)),
    damage=st.sampled_from(["cut", "garbage", "flip"]),
    at=st.floats(min_value=0.0, max_value=0.999),
    junk=st.binary(min_size=1, max_size=64).filter(lambda b: b.strip(b"\0")),
)
def test_damage_anywhere_after_a_whole_unit_never_loses_its_games(
    form: str, damage: str, at: float, junk: bytes
) -> None:
    compress = FORMATS[form][0]
    second = compress(SECOND)
    where = max(1, int(len(second) * at))
    if damage == "cut":
        second = second[:where]
    elif damage == "garbage":
        second += junk
    else:
        second = second[:where] + bytes([second[where] ^ 0xFF]) + second[where + 1 :]
    with tempfile.TemporaryDirectory() as name:
        status, games, last = validate(Path(name), compress(FIRST) + second)
    assert status in (0, 1, 2)
    assert games >= 6
    if damage != "flip":
        # Cut short or followed by junk: always a PDN106 error, after every game read.
        assert status == 2
        assert last is not None
        assert last["code"] == "PDN106"
