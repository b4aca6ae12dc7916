"""Mutated samples through every command that reads records (issue 11): byte flips,
deletions, duplicated lines, truncation, inserted junk, unicode and huge numbers, glued
games. Whatever the damage, a command never raises (no traceback), exits 0, 1 or 2, and
writes an output file only when it succeeded (or, with ``--keep-broken``, when only
records were broken; ``repair``, also when games are left with errors, as they were); an
input is never changed unless the run succeeded.

The mutations run in-process through Typer's test runner, for speed; a few go through
the real command in a fresh process.
"""

from __future__ import annotations

import functools
import json
import os
import re
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path

import pytest
from faultkit import SAMPLES, run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from notation.archive.split import MAX_BYTES, file_names
from notation.cli.main import app
from notation.games.registry import GAMES
from notation.record.jsonform import FORMAT, VERSION, record_to_dict
from notation.record.reader import read_records

FILES = sorted(SAMPLES.glob("**/*.pdn"))
"""Every sample record, broken ones included."""

runner = CliRunner()

JUNK = [
    b"{",
    b"}",
    b"(",
    b")",
    b"[",
    b'"',
    b"%",
    b";",
    b"*",
    b"1-0",
    b"1/2-1/2",
    b"$",
    b"$9999999999",
    b"\n\n",
    b"\r",
    b"\t",
    b"\xef\xbb\xbf",
    b"\xff\xfe",
    b"\x1f\x8b",
    b"\xe9",
    "²³¹".encode(),
    "Gérard Жуков 王".encode(),
    b"9" * 5000,
    b"28x91",
    b"28x19x 13x22",
    b'[Event "glued"]\n',
    b'[FEN "W:W' + b"9" * 4400 + b':B1"]\n',
    b'[Rules "\xc2\xb2"]\n',
    b'\n[GameType "26"]\n[Result "0-1"]\n\n1. 22-17 1/2-1/2\n',
    b"\n%" + b"(" * 120 + b"\n",
    b"{\n[not a tag] but a comment\n}",
]
"""Fragments that have broken readers before: delimiters, results, byte order marks,
compression magic, encodings, numbers past Python's int-string limit, bad moves."""


def _flip(draw: st.DrawFn, data: bytes) -> bytes:
    at = draw(st.integers(0, max(len(data) - 1, 0)))
    bit = draw(st.integers(1, 255))
    return data[:at] + bytes([data[at] ^ bit]) + data[at + 1 :] if data else data


def _delete(draw: st.DrawFn, data: bytes) -> bytes:
    at = draw(st.integers(0, len(data)))
    return data[:at] + data[at + draw(st.integers(1, 400)) :]


def _duplicate_line(draw: st.DrawFn, data: bytes) -> bytes:
    lines = data.split(b"\n")
    at = draw(st.integers(0, len(lines) - 1))
    lines[at:at] = [lines[at]] * draw(st.integers(1, 3))
    return b"\n".join(lines)


def _truncate(draw: st.DrawFn, data: bytes) -> bytes:
    return data[: draw(st.integers(0, len(data)))]


def _insert(draw: st.DrawFn, data: bytes) -> bytes:
    at = draw(st.integers(0, len(data)))
    junk = draw(
        st.one_of(
            st.sampled_from(JUNK),
            st.binary(min_size=1, max_size=24),
            st.text(min_size=1, max_size=12).map(str.encode),
        )
    )
    return data[:at] + junk + data[at:]


NUMBERS = [b"9" * 5000, b"1" + b"0" * 4400, "²".encode(), "1²".encode(), "٣".encode(), b"-1"]
"""What may replace a number: past Python's int-string limit, digits ``int`` refuses."""


def _number(draw: st.DrawFn, data: bytes) -> bytes:
    """Replace one run of digits (a NAG, a score, a move number)."""
    return _replace(draw, data, [m.span() for m in re.finditer(rb"[0-9]+", data)])


SETUP_TAG = re.compile(rb'(?m)^\[(?!(?:Event|Site|Date|Round|White|Black|Result) ")[^\n]*')
"""A tag line the games read as numbers and squares: ``FEN``, ``GameType``, rules, points;
not one of the seven standard tags, which are plain text."""


def _tag_number(draw: st.DrawFn, data: bytes) -> bytes:
    """Replace one run of digits in a setup tag (a square of a FEN, a rule option)."""
    runs = [
        (tag.start() + m.start(), tag.start() + m.end())
        for tag in SETUP_TAG.finditer(data)
        for m in re.finditer(rb"[0-9]+", tag.group())
    ]
    return _replace(draw, data, runs)


def _replace(draw: st.DrawFn, data: bytes, runs: list[tuple[int, int]]) -> bytes:
    if not runs:
        return data
    start, end = draw(st.sampled_from(runs))
    return data[:start] + draw(st.sampled_from(NUMBERS)) + data[end:]


def _cut_line(draw: st.DrawFn, data: bytes) -> bytes:
    """Cut one line short (a tag line cut off mid-value), keeping the lines after it."""
    lines = data.split(b"\n")
    at = draw(st.integers(0, len(lines) - 1))
    lines[at] = lines[at][: draw(st.integers(0, len(lines[at])))]
    return b"\n".join(lines)


def _glue(draw: st.DrawFn, data: bytes) -> bytes:
    other = draw(st.sampled_from(FILES)).read_bytes()
    # Without the blank line between them, or cut into the middle of the other's text.
    return data.rstrip(b"\n") + b"\n" + other[draw(st.integers(0, len(other) // 2)) :]


MUTATIONS: list[Callable[[st.DrawFn, bytes], bytes]] = [
    _flip,
    _delete,
    _duplicate_line,
    _truncate,
    _insert,
    _number,
    _tag_number,
    _tag_number,
    _cut_line,
    _glue,
]


@st.composite
def mutated(draw: st.DrawFn, files: list[Path] = FILES) -> tuple[str, bytes]:
    """A notation of one of ``files``'s game, and the file's bytes after one to four
    mutations."""
    path = draw(st.sampled_from(files))
    notation = draw(st.sampled_from(notations(path)))
    data = path.read_bytes()
    for _ in range(draw(st.integers(1, 4))):
        data = draw(st.sampled_from(MUTATIONS))(draw, data)
    return notation, data


SETUPS = [p for p in FILES if re.search(rb"(?m)^\[FEN ", p.read_bytes())]
"""The samples that set up a position."""


@st.composite
def set_up(draw: st.DrawFn) -> tuple[str, bytes]:
    """A sample that sets up a position, a number in its setup tags replaced, then
    mutated further (with a notation of its game)."""
    notation, data = draw(mutated(SETUPS))
    return notation, _tag_number(draw, data)


def notations(sample: Path) -> tuple[str, ...]:
    """The notations of the sample's game (of Brazilian draughts for other games)."""
    folder = sample.relative_to(SAMPLES).parts[0]
    return GAMES.get(folder, GAMES["brazilian"]).notations


COMMANDS: dict[str, Callable[[str], list[str]]] = {
    "validate": lambda n: ["validate", "IN"],
    "validate --jobs 2": lambda n: ["validate", "--jobs", "2", "IN"],
    "convert": lambda n: ["convert", "IN"],
    "convert --to json": lambda n: ["convert", "--to", "json", "IN"],
    "convert -n": lambda n: ["convert", "-n", n, "IN"],
    "annotate": lambda n: ["annotate", "IN"],
    "render": lambda n: ["render", "IN"],
    "render --index 2 --picture svg": lambda n: [
        "render",
        "--index",
        "2",
        "--picture",
        "svg",
        "IN",
    ],
    "stats": lambda n: ["stats", "IN"],
    "duplicates": lambda n: ["duplicates", "IN"],
    "repair": lambda n: ["repair", "IN"],
    "repair --format json": lambda n: ["repair", "--format", "json", "IN"],
}
"""The commands that read records, given a notation of the game: ``IN`` stands for the
mutated file."""

WRITERS: dict[str, Callable[[str], list[str]]] = {
    "convert -o": lambda n: ["convert", "IN", "-o", "OUT"],
    "convert --to json -o": lambda n: ["convert", "--to", "json", "IN", "-o", "OUT"],
    "convert -n -o": lambda n: ["convert", "-n", n, "IN", "-o", "OUT"],
    "convert -n --keep-broken -o": lambda n: [
        "convert",
        "-n",
        n,
        "--keep-broken",
        "IN",
        "-o",
        "OUT",
    ],
    "annotate -o": lambda n: ["annotate", "IN", "-o", "OUT"],
    "annotate --keep-broken -o": lambda n: ["annotate", "--keep-broken", "IN", "-o", "OUT"],
    "annotate --in-place": lambda n: ["annotate", "--in-place", "IN"],
    "convert -n --in-place": lambda n: ["convert", "-n", n, "--in-place", "IN"],
    "repair -o": lambda n: ["repair", "IN", "-o", "OUT"],
    "repair --keep-broken -o": lambda n: ["repair", "--keep-broken", "IN", "-o", "OUT"],
    "repair --in-place": lambda n: ["repair", "--in-place", "IN"],
}
"""The commands that write records: ``OUT`` is their output file."""


def invoke(args: list[str]) -> Result:
    """Run the command in-process; a Python exception in it fails the test with its
    traceback."""
    result = runner.invoke(app, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(
            f"notation {' '.join(args)} raised:\n"
            + "".join(traceback.format_exception(result.exception))
        )
    return result


def fill(args: list[str], folder: Path, name: str = "game.pdn") -> list[str]:
    """``args`` with ``IN`` and ``OUT`` made the input (``name``) and output files in
    ``folder``."""
    names = {"IN": str(folder / name), "OUT": str(folder / "out.pdn")}
    return [names.get(arg, arg) for arg in args]


def fuzz_settings(examples: int) -> settings:
    """Hypothesis settings for ``examples`` runs of a command, however long each takes."""
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


@pytest.mark.parametrize("command", sorted(COMMANDS))
@fuzz_settings(60)
@given(case=mutated())
def test_a_mutated_record_never_crashes_a_reading_command(
    command: str, case: tuple[str, bytes]
) -> None:
    notation, data = case
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "game.pdn").write_bytes(data)
        result = invoke(fill(COMMANDS[command](notation), folder))
        assert result.exit_code in (0, 1, 2)
        assert "Traceback" not in result.stderr
        assert (folder / "game.pdn").read_bytes() == data
        assert os.listdir(folder) == ["game.pdn"]


@pytest.mark.parametrize("command", ["validate", "convert -n", "annotate", "render", "repair"])
@fuzz_settings(150)
@given(case=set_up())
def test_a_mutated_setup_never_crashes_a_command(command: str, case: tuple[str, bytes]) -> None:
    notation, data = case
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "game.pdn").write_bytes(data)
        result = invoke(fill(COMMANDS[command](notation), folder))
        assert result.exit_code in (0, 1, 2)
        assert "Traceback" not in result.stderr
        assert (folder / "game.pdn").read_bytes() == data
        assert os.listdir(folder) == ["game.pdn"]


def check_written(args: list[str], status: int, folder: Path, data: bytes) -> None:
    """The output exists exactly when the run succeeded (or kept its broken records), and
    the input changed only when it was rewritten in place by a run that succeeded.
    ``repair`` also writes when games are left with errors (status 1; as they were), so
    then its output may or may not exist."""
    assert status in (0, 1, 2)
    succeeded = status == 0 or (status == 1 and "--keep-broken" in args)
    maybe = status == 1 and args[0] == "repair"
    if "--in-place" in args:
        assert os.listdir(folder) == ["game.pdn"]
        if status != 0 and not maybe:
            assert (folder / "game.pdn").read_bytes() == data
        return
    named = any(arg.endswith("out.pdn") for arg in args)
    kept = maybe and "out.pdn" in os.listdir(folder)
    written = ["out.pdn"] if named and (succeeded or kept) else []
    assert sorted(os.listdir(folder)) == ["game.pdn", *written]
    assert (folder / "game.pdn").read_bytes() == data


@pytest.mark.parametrize("command", sorted(WRITERS))
@fuzz_settings(60)
@given(case=mutated())
def test_a_mutated_record_is_written_only_when_the_command_succeeded(
    command: str, case: tuple[str, bytes]
) -> None:
    notation, data = case
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "game.pdn").write_bytes(data)
        args = fill(WRITERS[command](notation), folder)
        result = invoke(args)
        assert "Traceback" not in result.stderr
        check_written(args, result.exit_code, folder, data)


@fuzz_settings(8)
@given(case=mutated(), command=st.sampled_from(sorted(COMMANDS | WRITERS)))
def test_a_mutated_record_through_the_real_command(case: tuple[str, bytes], command: str) -> None:
    notation, data = case
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "game.pdn").write_bytes(data)
        args = (COMMANDS | WRITERS)[command](notation)
        args = [{"IN": "game.pdn", "OUT": "out.pdn"}.get(arg, arg) for arg in args]
        done = run(*args, cwd=folder, timeout=60)
        assert done.stopped is None
        assert "Traceback" not in done.stderr
        check_written(args, done.status, folder, data)


# The toolkit's JSON form, read wherever PDN is: mutated documents, deep nesting.


@functools.cache
def json_document(sample: Path) -> str:
    """The sample's records in the JSON form."""
    records = [record_to_dict(r) for r in read_records(sample, path=sample.name)]
    return json.dumps({"format": FORMAT, "version": VERSION, "records": records})


def deep_line(levels: int) -> str:
    """The JSON of a line of one ply whose variations nest ``levels`` deep (written out,
    as ``json.dumps`` itself cannot nest that deep)."""
    ply = '{"text":"22-17","pos":[1,1],"number":"1.","suffix":"","nags":[],"comments":[],'
    line = '{"pos":[1,1],"comments":[],"plies":[' + ply + '"variations":['
    return line * (levels + 1) + "]}]}" * (levels + 1)


HUGE = "9" * 5000
"""A number past Python's int-string limit, written into a document as it stands."""

LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.just("HUGE"),
    st.sampled_from([50, 100, 101, 150, 400, 2000]).map(lambda n: f"DEEP{n}"),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)
"""What replaces a value of a document: any JSON, a huge number, deep variations."""


def _entries(value: object) -> list[tuple[dict[str, object] | list[object], object]]:
    """Every (container, key) of a decoded JSON value, the value itself excluded."""
    found: list[tuple[dict[str, object] | list[object], object]] = []
    stack = [value]
    while stack:
        here = stack.pop()
        pairs = here.items() if isinstance(here, dict) else enumerate(here)  # type: ignore[union-attr]
        for key, inner in pairs:
            found.append((here, key))  # type: ignore[arg-type]
            if isinstance(inner, dict | list):
                stack.append(inner)
    return found


@st.composite
def json_mutated(draw: st.DrawFn) -> tuple[str, bytes]:
    """A notation of a sample's game, and the sample's JSON form with up to two of its
    values replaced and perhaps a ply's variations nested deep, then perhaps mutated as
    bytes."""
    path = draw(st.sampled_from(FILES))
    notation = draw(st.sampled_from(notations(path)))
    document = json.loads(json_document(path))
    for _ in range(draw(st.sampled_from([0, 0, 1, 2]))):
        container, key = draw(st.sampled_from(_entries(document)))
        container[key] = draw(LEAVES)  # type: ignore[index]
    records = document["records"] if isinstance(document["records"], list) else []
    plies = [
        ply
        for record in records
        if isinstance(record, dict)
        and isinstance(record.get("moves"), dict)
        and isinstance(record["moves"].get("plies"), list)
        for ply in record["moves"]["plies"]
        if isinstance(ply, dict)
    ]
    if plies and draw(st.booleans()):
        levels = draw(st.sampled_from([1, 10, 50, 99, 100, 101, 400, 2000]))
        draw(st.sampled_from(plies))["variations"] = [f"DEEP{levels}"]
    text = json.dumps(document).replace('"HUGE"', HUGE)
    text = re.sub(r'"DEEP(\d+)"', lambda m: deep_line(int(m.group(1))), text)
    data = text.encode()
    if draw(st.integers(0, 3)) == 0:
        data = draw(st.sampled_from(MUTATIONS))(draw, data)
    return notation, data


@pytest.mark.parametrize("command", sorted(COMMANDS))
@fuzz_settings(60)
@given(case=json_mutated())
def test_a_mutated_json_document_never_crashes_a_command(
    command: str, case: tuple[str, bytes]
) -> None:
    notation, data = case
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "game.json").write_bytes(data)
        result = invoke(fill(COMMANDS[command](notation), folder, "game.json"))
        assert result.exit_code in (0, 1, 2)
        assert "Traceback" not in result.stderr
        assert (folder / "game.json").read_bytes() == data
        assert os.listdir(folder) == ["game.json"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.none(), st.text(max_size=300)), max_size=12))
def test_split_names_from_any_tag_values_are_safe(values: list[str | None]) -> None:
    # Tag values are untrusted: any letters (4-byte ones too), separators, dots, controls.
    names = file_names(values)
    assert len(names) == len(values)
    assert len({n.casefold() for n in names}) == len(names)
    for name in names:
        assert name.endswith(".pdn")
        assert len(os.fsencode(name)) <= MAX_BYTES
        assert not name.startswith(".")
        assert ".." not in name
        assert not any(c in name for c in "/\\\0") and name.isprintable()
