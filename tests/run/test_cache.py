"""The validation cache: a re-run answers from it with the same report, a changed file is
validated afresh, a damaged entry is never trusted, and the cache never stops a run."""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

import notation.run.batch
import notation.run.cache
from notation.check.validator import validate_record
from notation.cli.main import app
from notation.io.files import expand
from notation.run.cache import (
    CACHEDIR_TAG,
    FORMAT,
    GITIGNORE,
    Cache,
    VerdictOptions,
    key_path,
    load_key,
)
from notation.version import __version__, code_version

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
runner = CliRunner()

LEGAL = '[GameType "20"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n'
"""An international draughts game that replays."""
ILLEGAL = LEGAL.replace("28x19", "28x18")
"""The same game with one byte changed: its third ply is illegal."""
ILLEGAL_LINE = (
    ":3:19: error ID203 illegal move 28x18 (game 1, ply 3): a man on 28 cannot capture to 18; "
    "legal: 28x19\n"
)


pytestmark = pytest.mark.usefixtures("cached")


def run(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, ["validate", *args], input=stdin)


def entries(folder: Path) -> list[Path]:
    """The cache entries in ``folder``."""
    return sorted((folder / code_version()).iterdir()) if (folder / code_version()).exists() else []


@pytest.fixture
def records(tmp_path: Path) -> Path:
    """A folder of sample records: legal games, broken ones, score sheets and notices."""
    folder = tmp_path / "records"
    shutil.copytree(SAMPLES / "brazilian", folder / "brazilian")
    shutil.copytree(SAMPLES / "other", folder / "other")
    return folder


@pytest.fixture
def no_validation(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The records validated from now on, by path; a run answered from the cache has none."""
    validated: list[str] = []

    def counted(record, *, path="-", **options):  # type: ignore[no-untyped-def]
        validated.append(path)
        return validate_record(record, path=path, **options)

    monkeypatch.setattr(notation.run.batch, "validate_record", counted)
    return validated


@pytest.mark.parametrize("form", ["text", "json", "jsonl", "sarif", "junit", "github"])
def test_a_rerun_answers_from_the_cache_with_the_identical_report(
    records: Path, own_cache: Path, form: str, no_validation: list[str]
) -> None:
    fresh = run("--no-cache", "-f", form, str(records))
    assert not own_cache.exists()
    assert fresh.exit_code == 1
    first = run("-f", form, str(records))
    files = len(list(records.rglob("*.pdn")))
    assert len(entries(own_cache)) == files
    del no_validation[:]
    again = run("-f", form, str(records))
    assert no_validation == []
    assert (again.exit_code, again.stdout, again.stderr) == (1, fresh.stdout, fresh.stderr)
    assert (first.stdout, first.stderr) == (fresh.stdout, fresh.stderr)


def test_the_cache_folder_is_tagged_and_ignored_by_git(records: Path, own_cache: Path) -> None:
    run(str(records))
    assert (own_cache / ".gitignore").read_text() == GITIGNORE
    assert (
        (own_cache / "CACHEDIR.TAG")
        .read_text()
        .startswith("Signature: 8a477f597d28d172789f06886806bc55\n")
    )
    assert (own_cache / "CACHEDIR.TAG").read_text() == CACHEDIR_TAG


def test_the_default_folder_is_notation_cache_here(
    records: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("NOTATION_CACHE_DIR")
    monkeypatch.chdir(tmp_path)
    run(str(records / "brazilian" / "endgames.pdn"))
    assert len(entries(tmp_path / ".notation_cache")) == 1


def test_cache_dir_beats_the_environment(records: Path, own_cache: Path, tmp_path: Path) -> None:
    run("--cache-dir", str(tmp_path / "elsewhere"), str(records))
    assert not own_cache.exists()
    assert len(entries(tmp_path / "elsewhere")) == len(list(records.rglob("*.pdn")))


def test_a_one_byte_change_is_validated_afresh(tmp_path: Path, no_validation: list[str]) -> None:
    record, other = tmp_path / "game.pdn", tmp_path / "other.pdn"
    record.write_text(LEGAL)
    other.write_text(LEGAL)
    first = run(str(record), str(other))
    assert (first.exit_code, first.stdout) == (0, "")
    record.write_text(ILLEGAL)
    del no_validation[:]
    changed = run(str(record), str(other))
    assert no_validation == [str(record)]
    assert (changed.exit_code, changed.stdout) == (1, f"{record}{ILLEGAL_LINE}")
    assert changed.stderr == "2 games in 2 files: 1 error, 0 warnings, 0 notices\n"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_file_rewritten_after_its_digest_keeps_no_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    """The verdict kept is that of the bytes digested: a file rewritten between its
    digest and its reading is validated as it is read, and nothing is kept for it."""
    record = tmp_path / "game.pdn"
    record.write_text(LEGAL)
    lookup = Cache._lookup

    def rewriting(cache: Cache, item: object, keys: bool) -> object:
        found = lookup(cache, item, keys)  # type: ignore[arg-type]
        record.write_text(ILLEGAL)
        return found

    with monkeypatch.context() as patched:
        patched.setattr(Cache, "_lookup", rewriting)
        raced = run("-j", jobs, str(record))
    assert (raced.exit_code, raced.stdout) == (1, f"{record}{ILLEGAL_LINE}")
    record.write_text(LEGAL)
    again = run("-j", jobs, str(record))
    assert (again.exit_code, again.stdout) == (0, "")
    assert again.stderr == "1 game in 1 file: 0 errors, 0 warnings, 0 notices\n"


def notice(name: Path, why: str) -> str:
    return (
        f"{name}:1:1: notice REC260 the cache entry for {name} could not be trusted and was "
        f"ignored ({why}); the file was validated afresh\n"
    )


DROPPED = object()
"""A field left out of a rewritten entry."""


def rewritten(entry: Path, change: dict[str, object]) -> None:
    """Rewrite ``entry`` with some fields of its content changed, as a well-formed entry
    made with the user's key."""
    body = json.loads(entry.read_bytes().partition(b"\n")[2])
    body.update(change)
    body = {key: value for key, value in body.items() if value is not DROPPED}
    text = json.dumps(body).encode()
    mac = hashlib.blake2b(text, digest_size=32, key=load_key(key_path())).hexdigest()
    digest = hashlib.blake2b(text, digest_size=32).hexdigest()
    entry.write_bytes(f"{FORMAT} {digest} {mac}\n".encode() + text)


DAMAGES = {
    "a byte changed": (lambda data: data[:-10] + b"X" + data[-9:], "it is damaged or truncated"),
    "truncated": (lambda data: data[: len(data) // 2], "it is damaged or truncated"),
    "empty": (lambda data: b"", "not a notation cache entry"),
    "foreign": (lambda data: b"\x89PNG\r\n\x1a\n" + data, "not a notation cache entry"),
}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_entry_is_ignored_with_a_notice_and_replaced(
    tmp_path: Path, own_cache: Path, damage: str
) -> None:
    record = tmp_path / "game.pdn"
    record.write_text(ILLEGAL)
    run(str(record))
    (entry,) = entries(own_cache)
    change, why = DAMAGES[damage]
    entry.write_bytes(change(entry.read_bytes()))
    damaged = run(str(record))
    assert damaged.exit_code == 1
    assert damaged.stdout == notice(record, why) + f"{record}{ILLEGAL_LINE}"
    assert damaged.stderr == "1 game in 1 file: 1 error, 0 warnings, 1 notice\n"
    again = run(str(record))
    assert again.stdout == f"{record}{ILLEGAL_LINE}"


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"version": "9.9.9"}, "it was made by notation 9.9.9"),
        ({"name": "another.pdn"}, "it is another file's or other settings'"),
        ({"settings": ["english", None, False]}, "it is another file's or other settings'"),
        ({"events": [["g", "one", "game.pdn"]]}, "its events are not a run's"),
        (
            {"events": [["d", "XX999", "?", 1, 1, "-", None, None, None, [], None, [], False]]},
            "its events are not a run's",
        ),
        ({"events": "none"}, "it holds no events"),
        ({"digest": DROPPED}, "its fields are not a cache entry's"),
        ({"keys": 1}, "its fields are not a cache entry's"),
    ],
)
def test_an_entry_of_another_version_file_or_form_is_never_trusted(
    tmp_path: Path, own_cache: Path, change: dict[str, object], why: str
) -> None:
    record = tmp_path / "game.pdn"
    record.write_text(ILLEGAL)
    run(str(record))
    (entry,) = entries(own_cache)
    rewritten(entry, change)
    result = run(str(record))
    assert result.stdout == notice(record, why) + f"{record}{ILLEGAL_LINE}"


def test_another_version_keeps_its_own_entries(tmp_path: Path, own_cache: Path) -> None:
    record = tmp_path / "game.pdn"
    record.write_text(ILLEGAL)
    run(str(record))
    other = Cache(own_cache, VerdictOptions(None, None, False), print, version="0.0.1")
    events = list(other.run(expand([str(record)]), notation.run.batch.validate_inputs))
    assert [type(e).__name__ for e in events] == ["GameReport", "FileResult"]
    assert [d.code for d in events[0].diagnostics] == ["ID203"]  # type: ignore[union-attr]
    assert len(list((own_cache / "0.0.1").iterdir())) == 1
    assert len(entries(own_cache)) == 1


def test_the_code_version_changes_with_any_file_of_the_code(tmp_path: Path) -> None:
    code = tmp_path / "notation"
    (code / "games").mkdir(parents=True)
    (code / "__pycache__").mkdir()
    (code / "games" / "brazilian.py").write_text("RULE = 1\n")
    (code / "version.py").write_text("")
    os.utime(code / "games" / "brazilian.py", ns=(10**18, 10**18))
    first = code_version(str(code))
    assert first.startswith(f"{__version__}+") and len(first) == len(__version__) + 17
    (code / "__pycache__" / "version.cpython-311.pyc").write_bytes(b"compiled")
    assert code_version(str(code)) == first
    os.utime(code / "games" / "brazilian.py", ns=(10**18, 10**18 + 1))
    touched = code_version(str(code))
    assert touched != first
    (code / "games" / "brazilian.py").write_text("RULE = 20\n")
    os.utime(code / "games" / "brazilian.py", ns=(10**18, 10**18 + 1))
    assert code_version(str(code)) not in (first, touched)
    (code / "games" / "keny.py").write_text("")
    assert code_version(str(code)) not in (first, touched)


def test_the_code_version_is_a_digest_of_the_files_facts_in_walking_order(
    tmp_path: Path,
) -> None:
    # The digest is that of each file's path, size and modification time, in the order
    # os.walk visits them (so that it stays what earlier versions of the toolkit made):
    # a folder's files by name, then its folders by name, not __pycache__ nor a link.
    code = tmp_path / "notation"
    for folder in ("b", "a/z", "a/y", "__pycache__", "B"):
        (code / folder).mkdir(parents=True, exist_ok=True)
    for name in ("b/2.py", "b/10.py", "a/z/x.py", "a/y/w", "a/1.py", "__pycache__/v.pyc", "Z.py"):
        (code / name).write_text(name * 3)
        os.utime(code / name, ns=(10**18, 10**18 + len(name)))
    (code / "link-to-a").symlink_to(code / "a")
    (code / "link-to-file").symlink_to(code / "Z.py")
    (code / "broken").symlink_to(tmp_path / "missing")
    digest = hashlib.blake2b(digest_size=8)
    for folder, subfolders, files in os.walk(code):
        subfolders[:] = sorted(name for name in subfolders if name != "__pycache__")
        for name in sorted(files):
            facts = os.lstat(os.path.join(folder, name))
            shown = os.path.relpath(os.path.join(folder, name), code).replace(os.sep, "/")
            digest.update(f"{shown}\0{facts.st_size}\0{facts.st_mtime_ns}\n".encode())
    assert code_version(str(code)) == f"{__version__}+{digest.hexdigest()}"


def test_the_cache_is_kept_by_the_code_that_runs(tmp_path: Path, own_cache: Path) -> None:
    record = tmp_path / "game.pdn"
    record.write_text(ILLEGAL)
    run(str(record))
    assert len(entries(own_cache)) == 1
    assert code_version() == code_version(str(Path(notation.__file__).parent))


def test_select_ignore_and_fail_level_apply_after_the_cache(
    records: Path, no_validation: list[str]
) -> None:
    run(str(records))
    for options in (["--select", "BR2"], ["--ignore", "BR,PDN"], ["--fail-level", "warning"]):
        fresh = run("--no-cache", *options, str(records))
        del no_validation[:]
        cached = run(*options, str(records))
        assert no_validation == []
        assert fresh.stdout
        assert (cached.exit_code, cached.stdout, cached.stderr) == (
            fresh.exit_code,
            fresh.stdout,
            fresh.stderr,
        )


def test_duplicates_are_found_afresh_across_cached_and_changed_files(
    tmp_path: Path, no_validation: list[str]
) -> None:
    first, second = tmp_path / "a.pdn", tmp_path / "b.pdn"
    first.write_text(LEGAL)
    second.write_text(ILLEGAL)
    plain = run(str(first), str(second))
    assert plain.exit_code == 1
    second.write_text(LEGAL)
    del no_validation[:]
    marked = run("--duplicates", str(first), str(second))
    # An entry made without duplicate keys does not answer a --duplicates run.
    assert no_validation == [str(first), str(second)]
    assert marked.stdout.startswith(f"{second}:1:1: warning REC208 ")
    del no_validation[:]
    again = run("--duplicates", str(first), str(second))
    assert no_validation == []
    assert again.stdout == marked.stdout
    assert run("--duplicates", "--no-cache", str(first), str(second)).stdout == marked.stdout
    del no_validation[:]
    without = run(str(first), str(second))
    assert no_validation == []
    assert (without.exit_code, without.stdout) == (0, "")


def test_the_game_given_is_part_of_the_key(tmp_path: Path) -> None:
    record = tmp_path / "untagged.pdn"
    record.write_text("1. 9-13 23-18 2. 11-16 24-20 *\n")
    default = run(str(record))
    english = run("--game", "english", str(record))
    assert " notice REC221 " in default.stdout
    assert english.stdout == ""
    assert run(str(record)).stdout == default.stdout
    assert run("--game", "english", str(record)).stdout == ""


def test_standard_input_and_unreadable_files_are_never_cached(
    tmp_path: Path, own_cache: Path
) -> None:
    binary = tmp_path / "binary.pdn"
    binary.write_bytes(b"\x00\x01\x02" * 10)
    result = run("-", str(binary), str(tmp_path / "missing.pdn"), stdin=ILLEGAL)
    assert result.exit_code == 2
    assert result.stdout.splitlines()[0] == ILLEGAL_LINE.replace(":3:19:", "-:3:19:").rstrip()
    assert entries(own_cache) == []


def test_missing_inputs_and_empty_folders_keep_their_place(records: Path, tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    names = [
        str(tmp_path / "missing.pdn"),
        str(records / "brazilian" / "broken"),
        str(tmp_path / "empty"),
        str(records / "other"),
        str(tmp_path / "missing-*.pdn"),
    ]
    for extra in ([], ["--allow-empty"], ["--jobs", "2"]):
        fresh = run("--no-cache", *extra, *names)
        run(*extra, *names)
        again = run(*extra, *names)
        assert (again.exit_code, again.stdout, again.stderr) == (2, fresh.stdout, fresh.stderr)


def test_jobs_two_answers_from_the_cache_and_validates_what_changed(
    records: Path, no_validation: list[str]
) -> None:
    serial = run("--no-cache", "-f", "json", str(records))
    run("--jobs", "2", "-f", "json", str(records))
    changed = records / "brazilian" / "endgames.pdn"
    changed.write_text(changed.read_text() + "\n" + ILLEGAL.replace('"20"', '"26"'))
    fresh = run("--no-cache", "-f", "json", str(records))
    assert fresh.stdout != serial.stdout
    parallel = run("--jobs", "2", "-f", "json", str(records))
    assert (parallel.stdout, parallel.stderr) == (fresh.stdout, fresh.stderr)
    assert run("-f", "json", str(records)).stdout == fresh.stdout


def test_an_unwritable_cache_folder_is_said_once_and_the_run_goes_on(
    records: Path, tmp_path: Path
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    fresh = run("--no-cache", str(records))
    result = run("--cache-dir", str(blocked / "cache"), str(records))
    assert result.exit_code == fresh.exit_code == 1
    assert result.stdout == fresh.stdout
    assert result.stderr == (
        f"notation: the cache is not used: cannot write {blocked / 'cache'}: "
        f"not a directory\n{fresh.stderr}"
    )


def test_concurrent_runs_leave_every_entry_whole(records: Path, tmp_path: Path) -> None:
    cache = tmp_path / "shared"
    command = [
        sys.executable,
        "-m",
        "notation.cli",
        "validate",
        "--cache-dir",
        str(cache),
        str(records),
    ]
    fresh = run("--no-cache", str(records))
    runs = [
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(4)
    ]
    outputs = [process.communicate(timeout=120) for process in runs]
    assert all(process.returncode == 1 for process in runs)
    assert all(out == (fresh.stdout, fresh.stderr) for out in outputs)
    assert len(entries(cache)) == len(list(records.rglob("*.pdn")))
    assert not [p for p in (cache / code_version()).iterdir() if p.name.startswith(".")]
    # The folder was made once, whole: no run took it, untagged, for another's folder.
    assert sorted(p.name for p in cache.iterdir()) == sorted(
        [".gitignore", "CACHEDIR.TAG", code_version()]
    )
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    again = run("--cache-dir", str(cache), str(records))
    assert (again.stdout, again.stderr) == (fresh.stdout, fresh.stderr)


def test_the_environment_turns_the_cache_off(
    tmp_path: Path, own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "game.pdn"
    record.write_text(ILLEGAL)
    monkeypatch.setenv("NOTATION_NO_CACHE", "1")
    assert run(str(record)).stdout == f"{record}{ILLEGAL_LINE}"
    assert not own_cache.exists()
    monkeypatch.setenv("NOTATION_NO_CACHE", "0")
    run(str(record))
    assert len(entries(own_cache)) == 1


def test_a_file_of_more_events_than_kept_is_not_cached(
    tmp_path: Path, own_cache: Path, monkeypatch: pytest.MonkeyPatch, no_validation: list[str]
) -> None:
    monkeypatch.setattr(notation.run.cache, "MAX_EVENTS", 3)
    small, large = tmp_path / "small.pdn", tmp_path / "large.pdn"
    small.write_text(ILLEGAL * 2)
    large.write_text(ILLEGAL * 3)
    first = run(str(small), str(large))
    del no_validation[:]
    again = run(str(small), str(large))
    assert no_validation == [str(large)] * 3
    assert again.stdout == first.stdout
    assert again.stdout.count(" ID203 ") == 5


def entry_of(folder: Path, record: Path) -> Path:
    """The entry of ``record`` in the cache ``folder``."""
    (found,) = [
        e
        for e in entries(folder)
        if json.loads(e.read_bytes().partition(b"\n")[2])["name"] == str(record)
    ]
    return found


def test_a_link_at_an_entrys_name_is_neither_read_nor_written(
    tmp_path: Path, own_cache: Path
) -> None:
    record = tmp_path / "game.pdn"
    record.write_text(ILLEGAL)
    run(str(record))
    (entry,) = entries(own_cache)
    # Followed, the link would answer from the entry it points to, and the store that
    # follows would write through it.
    outside = tmp_path / "bashrc"
    outside.write_bytes(entry.read_bytes())
    kept = outside.read_bytes()
    entry.unlink()
    entry.symlink_to(outside)
    result = run(str(record))
    assert result.stdout == notice(record, "it is a symbolic link") + f"{record}{ILLEGAL_LINE}"
    assert outside.read_bytes() == kept
    assert not entry.is_symlink()
    assert run(str(record)).stdout == f"{record}{ILLEGAL_LINE}"


@pytest.mark.parametrize("tagged", [False, True])
def test_a_dangling_gitignore_link_in_a_cache_folder_is_not_followed(
    tmp_path: Path, own_cache: Path, tagged: bool
) -> None:
    record = tmp_path / "game.pdn"
    record.write_text(ILLEGAL)
    own_cache.mkdir()
    if tagged:
        (own_cache / "CACHEDIR.TAG").write_text(CACHEDIR_TAG)
    target = tmp_path / "victim"
    (own_cache / ".gitignore").symlink_to(target)
    result = run(str(record))
    assert (result.stdout, result.stderr) == (
        f"{record}{ILLEGAL_LINE}",
        "1 game in 1 file: 1 error, 0 warnings, 0 notices\n",
    )
    assert not target.exists()
    assert os.readlink(own_cache / ".gitignore") == str(target)
    # An untagged folder is not the cache's: the cache makes its own inside.
    assert len(entries(own_cache if tagged else own_cache / ".notation_cache")) == 1


def test_a_forged_entry_does_not_pass_a_broken_file(tmp_path: Path, own_cache: Path) -> None:
    good, broken = tmp_path / "good.pdn", tmp_path / "broken.pdn"
    good.write_text(LEGAL)
    broken.write_text(ILLEGAL)
    run(str(good), str(broken))
    # What anyone who can write the folder can do: the valid file's entry, made the broken
    # file's, with every unkeyed checksum recomputed.
    head, _, text = entry_of(own_cache, good).read_bytes().partition(b"\n")
    body = json.loads(text)
    digest = hashlib.blake2b(broken.read_bytes(), digest_size=32).hexdigest()
    body.update(name=str(broken), digest=digest)
    text = json.dumps(body).encode()
    words = head.split(b" ")
    words[2] = hashlib.blake2b(text, digest_size=32).hexdigest().encode()
    entry_of(own_cache, broken).write_bytes(b" ".join(words) + b"\n" + text)
    result = run(str(broken))
    why = "it was not made with this user's cache key: copied or forged"
    assert (result.exit_code, result.stdout) == (1, notice(broken, why) + f"{broken}{ILLEGAL_LINE}")


def test_an_entry_made_with_another_key_is_not_trusted(tmp_path: Path, own_cache: Path) -> None:
    record = tmp_path / "game.pdn"
    record.write_text(ILLEGAL)
    run(str(record))
    (mine,) = entries(own_cache)
    record.write_text(LEGAL)
    other = Cache(own_cache, VerdictOptions(None, None, False), print, key=b"another user's key")
    list(other.run(expand([str(record)]), notation.run.batch.validate_inputs))
    (theirs,) = [e for e in entries(own_cache) if e != mine]
    theirs.replace(mine)
    result = run(str(record))
    why = "it was not made with this user's cache key: copied or forged"
    assert (result.exit_code, result.stdout) == (0, notice(record, why))


def test_an_entry_whose_mac_has_a_byte_beyond_ascii_is_not_trusted(
    tmp_path: Path, own_cache: Path
) -> None:
    # A byte read as U+FFFD once reached hmac.compare_digest, which refuses non-ASCII text.
    record = tmp_path / "game.pdn"
    record.write_text(ILLEGAL)
    run(str(record))
    (entry,) = entries(own_cache)
    head, _, rest = entry.read_bytes().partition(b"\n")
    entry.write_bytes(head[:-1] + b"\xff\n" + rest)
    result = run(str(record))
    why = "it was not made with this user's cache key: copied or forged"
    assert (type(result.exception), result.exit_code) == (SystemExit, 1)
    assert result.stdout == notice(record, why) + f"{record}{ILLEGAL_LINE}"


def test_the_key_is_made_once_private_to_the_user(tmp_path: Path) -> None:
    record = tmp_path / "game.pdn"
    record.write_text(ILLEGAL)
    run(str(record))
    key = Path(os.environ["XDG_STATE_HOME"]) / "notation" / "cache-key"
    assert key_path() == str(key)
    made = key.read_bytes()
    assert (len(made), stat.S_IMODE(key.stat().st_mode)) == (32, 0o600)
    run(str(record))
    assert key.read_bytes() == made


@pytest.mark.parametrize("fault", ["readable by others", "a link", "short", "another user's"])
def test_a_key_that_is_not_private_turns_the_cache_off_with_one_line(
    tmp_path: Path, own_cache: Path, fault: str
) -> None:
    record = tmp_path / "game.pdn"
    record.write_text(ILLEGAL)
    run(str(record))
    key = Path(key_path())
    why = {
        "readable by others": "can be read by others (mode 0644, not 0600)",
        "a link": "cannot be read: it is a symbolic link",
        "short": "is not 32 bytes long",
        "another user's": "is owned by another user (uid 4242)",
    }[fault]
    if fault == "readable by others":
        key.chmod(0o644)
    elif fault == "a link":
        (tmp_path / "key").write_bytes(key.read_bytes())
        key.unlink()
        key.symlink_to(tmp_path / "key")
    elif fault == "short":
        key.write_bytes(b"x")
    else:
        if os.geteuid() != 0:
            pytest.skip("giving a file to another user needs root")
        os.chown(key, 4242, 4242)
    shutil.rmtree(own_cache)
    result = run(str(record))
    assert (result.exit_code, result.stdout) == (1, f"{record}{ILLEGAL_LINE}")
    assert result.stderr == (
        f"notation: the cache is not used: its key {key} {why}\n"
        "1 game in 1 file: 1 error, 0 warnings, 0 notices\n"
    )
    assert not own_cache.exists()


@pytest.mark.parametrize("home", ["gone", "relative"])
def test_a_home_folder_that_is_not_there_is_never_made(
    tmp_path: Path, own_cache: Path, monkeypatch: pytest.MonkeyPatch, home: str
) -> None:
    """A wrong ``HOME`` (a folder that does not exist, a relative path) turns the cache off
    with one line instead of making the key's folders at the system's root or in the
    current folder."""
    record = tmp_path / "game.pdn"
    record.write_text(ILLEGAL)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.delenv("XDG_STATE_HOME")
    named = str(tmp_path / "gone" / "home") if home == "gone" else "home"
    monkeypatch.setenv("HOME", named)
    result = run(str(record))
    why = "does not exist" if home == "gone" else "is not an absolute path"
    assert (result.exit_code, result.stdout) == (1, f"{record}{ILLEGAL_LINE}")
    assert result.stderr == (
        f"notation: the cache is not used: it has no key: the home folder {named} {why} "
        "(set XDG_STATE_HOME to a folder for the key)\n"
        "1 game in 1 file: 1 error, 0 warnings, 0 notices\n"
    )
    assert (sorted(os.listdir(tmp_path)), os.listdir(work)) == (["game.pdn", "work"], [])
    assert not own_cache.exists()


def test_an_existing_folder_that_is_not_a_cache_gets_no_markers(
    tmp_path: Path, no_validation: list[str]
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Records\n")
    record = tmp_path / "game.pdn"
    record.write_text(ILLEGAL)
    run("--cache-dir", str(docs), str(record))
    assert sorted(p.name for p in docs.iterdir()) == [".notation_cache", "index.md"]
    inner = docs / ".notation_cache"
    assert (inner / ".gitignore").read_text() == GITIGNORE
    assert (inner / "CACHEDIR.TAG").read_text() == CACHEDIR_TAG
    assert len(entries(inner)) == 1
    del no_validation[:]
    assert run("--cache-dir", str(docs), str(record)).stdout == f"{record}{ILLEGAL_LINE}"
    assert no_validation == []


def test_a_config_naming_an_existing_folder_leaves_it_unmarked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NOTATION_CACHE_DIR")
    (tmp_path / "docs").mkdir()
    project = tmp_path / "project"
    project.mkdir()
    (project / "notation.toml").write_text('cache-dir = "../docs"\n')
    (project / "game.pdn").write_text(ILLEGAL)
    monkeypatch.chdir(project)
    assert run("game.pdn").stdout == f"game.pdn{ILLEGAL_LINE}"
    assert [p.name for p in (tmp_path / "docs").iterdir()] == [".notation_cache"]
    assert len(entries(tmp_path / "docs" / ".notation_cache")) == 1


def test_a_linked_cache_folder_is_not_used(tmp_path: Path, own_cache: Path) -> None:
    record = tmp_path / "game.pdn"
    record.write_text(ILLEGAL)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    own_cache.symlink_to(elsewhere)
    result = run(str(record))
    assert result.stdout == f"{record}{ILLEGAL_LINE}"
    assert result.stderr.startswith(
        f"notation: the cache is not used: {own_cache} is a symbolic link\n"
    )
    assert list(elsewhere.iterdir()) == []


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another user needs root")
def test_a_cache_folder_of_another_user_is_not_used(tmp_path: Path, own_cache: Path) -> None:
    record = tmp_path / "game.pdn"
    record.write_text(ILLEGAL)
    run(str(record))
    os.chown(own_cache, 4242, 4242)
    result = run(str(record))
    assert result.stdout == f"{record}{ILLEGAL_LINE}"
    assert result.stderr.startswith(
        f"notation: the cache is not used: {own_cache} is owned by another user (uid 4242)\n"
    )


def test_no_mutation_of_an_entry_is_trusted_or_a_traceback(tmp_path: Path, own_cache: Path) -> None:
    record = tmp_path / "game.pdn"
    record.write_text(LEGAL + "\n" + ILLEGAL)
    fresh = run("--no-cache", str(record))
    run(str(record))
    (entry,) = entries(own_cache)
    whole = entry.read_bytes()
    chance = random.Random(25)
    for _ in range(40):
        data = bytearray(whole)
        for _ in range(chance.randint(1, 4)):
            where = chance.randrange(len(data))
            if chance.random() < 0.5:
                data[where] = chance.randrange(256)
            else:
                data[where:where] = bytes(chance.randrange(256) for _ in range(3))
        if bytes(data) == whole:
            continue
        entry.write_bytes(bytes(data))
        result = run(str(record))
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert result.exit_code == fresh.exit_code == 1
        first, _, rest = result.stdout.partition("\n")
        assert " notice REC260 " in first
        assert rest == fresh.stdout


TEXTS = st.text(st.characters(exclude_categories=()) | st.sampled_from('"\\\x00\ud800é'))


@settings(max_examples=500, deadline=None)
@given(
    TEXTS,
    st.none() | TEXTS,
    st.none() | TEXTS,
    st.booleans(),
    st.lists(TEXTS, max_size=3),
)
def test_an_entrys_name_is_made_of_the_json_text_of_its_input_and_settings(
    name: str, game: str | None, encoding: str | None, allow_empty: bool, dialects: list[str]
) -> None:
    values = [name, game, encoding, allow_empty, dialects]
    assert notation.run.cache._name_text(values) == json.dumps(values)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.none() | st.booleans() | st.integers() | st.floats() | TEXTS, max_size=4))
def test_an_entrys_name_is_the_json_text_of_any_setting_a_setting_may_become(
    values: list[object],
) -> None:
    """A number among the settings is written as json.dumps writes it, never as the
    constant it equals (1 is not true)."""
    assert notation.run.cache._name_text(values) == json.dumps(values)


@settings(max_examples=500, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | TEXTS,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXTS, inner, max_size=3),
        max_leaves=12,
    ),
    st.sampled_from(["", " ", "x", "}", "\n"]),
    st.integers(min_value=0, max_value=8),
)
def test_an_entrys_text_is_read_as_json_loads_reads_it(data: object, tail: str, cut: int) -> None:
    # Whole, with something after it, or cut short: the same value, or "it is not JSON"
    # where json.loads raises a decoding error.
    for text in (json.dumps(data), json.dumps(data) + tail, json.dumps(data)[: -cut or None]):
        raw = text.encode("utf-8", "surrogatepass")
        try:
            expected: object = json.loads(raw)
        except (UnicodeDecodeError, json.JSONDecodeError):
            with pytest.raises(ValueError, match=r"^it is not JSON$"):
                notation.run.cache._loads(raw)
        else:
            found = notation.run.cache._loads(raw)
            assert json.dumps(found) == json.dumps(expected)
