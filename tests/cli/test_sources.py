"""Inputs: globs, compressed archives, encodings and binary files, through the command."""

from __future__ import annotations

import bz2
import gzip
import lzma
from pathlib import Path

import pytest
from typer.testing import CliRunner

from notation.cli.main import app
from notation.io.decode import guess_legacy, open_input
from notation.io.files import Input, expand
from notation.record.boundaries import split_games

ROOT = Path(__file__).resolve().parents[2]
ENDGAMES = (ROOT / "samples" / "brazilian" / "endgames.pdn").read_text("utf-8")
# The first game's Site tag is replaced: a second Site tag would start a new game.
RUSSIAN = ENDGAMES.replace('[Site "Porto Alegre BRA"]', '[Site "Москва, турнир"]', 1)
PORTUGUESE = ENDGAMES.replace('[Site "Porto Alegre BRA"]', '[Site "São João, Évora"]', 1)
WINDOWS = ENDGAMES.replace('[Site "Porto Alegre BRA"]', '[Site "“Café” – Nîmes, 5 €"]', 1)
"""A Site with Windows' quotes, dash and euro sign, which latin-1 reads as control codes."""
runner = CliRunner()


def validate(*args: str, stdin: bytes | None = None):
    return runner.invoke(app, ["validate", *args], input=stdin)


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_compressed_archives_are_read_as_streams_from_files_and_stdin() -> None:
    Path("a.pdn.gz").write_bytes(gzip.compress(ENDGAMES.encode()))
    Path("b.pdn.bz2").write_bytes(bz2.compress(ENDGAMES.encode()))
    Path("c.pdn.xz").write_bytes(lzma.compress(ENDGAMES.encode()))
    result = validate("a.pdn.gz", "b.pdn.bz2", "c.pdn.xz")
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == "12 games in 3 files: 0 errors, 0 warnings, 0 notices\n"
    piped = validate("-", stdin=gzip.compress(ENDGAMES.encode()))
    assert piped.stderr == "4 games in 1 file: 0 errors, 0 warnings, 0 notices\n"


def test_directories_pick_up_compressed_records_and_globs_expand() -> None:
    Path("d/e").mkdir(parents=True)
    Path("d/e/x.pdn.gz").write_bytes(gzip.compress(ENDGAMES.encode()))
    Path("d/y.pgn").write_text(ENDGAMES, encoding="utf-8")
    Path("d/notes.txt").write_text("not a record", encoding="utf-8")
    assert [i.name for i in expand(["d"])] == [str(Path("d/e/x.pdn.gz")), str(Path("d/y.pgn"))]
    assert [i.name for i in expand(["d/**/*.gz"])] == [str(Path("d/e/x.pdn.gz"))]
    result = validate("d/*.pgn", "nothing*.pdn")
    assert result.exit_code == 2
    assert result.stdout == (
        "nothing*.pdn:1:1: error PDN106 cannot read nothing*.pdn: no file matches the pattern\n"
    )
    assert result.stderr == "4 games in 1 file: 0 errors, 0 warnings, 0 notices\n"


@pytest.mark.parametrize(
    ("data", "notice", "encoding", "text"),
    [
        (RUSSIAN.encode("cp1251"), "read as cp1251", "cp1251", RUSSIAN),
        (PORTUGUESE.encode("latin-1"), "read as latin-1", "latin-1", PORTUGUESE),
        (WINDOWS.encode("cp1252"), "read as cp1252", "cp1252", WINDOWS),
        (RUSSIAN.encode("utf-8"), None, "utf-8", RUSSIAN),
        (b"\xef\xbb\xbf" + RUSSIAN.encode("utf-8"), None, "utf-8", RUSSIAN),
        (RUSSIAN.encode("utf-16"), None, "utf-16", RUSSIAN),
    ],
)
def test_encodings_are_detected_with_a_notice_when_guessed(
    data: bytes, notice: str | None, encoding: str, text: str
) -> None:
    Path("r.pdn").write_bytes(data)
    result = validate("-f", "jsonl", "r.pdn")
    assert result.exit_code == 0
    if notice is None:
        assert result.stdout == ""
    else:
        assert result.stdout.startswith(
            '{"path": "r.pdn", "line": 1, "column": 1, "severity": "notice", "code": "PDN107", '
            f'"message": "r.pdn is not UTF-8: {notice} (a guess; choose the encoding with '
            '--encoding)"'
        )
    with open_input(Input("r.pdn", Path("r.pdn"))) as source:
        assert source.encoding == encoding
        assert "".join(source.chunks()) == text


def test_a_chosen_encoding_is_used_without_a_notice() -> None:
    Path("r.pdn").write_bytes(RUSSIAN.encode("cp1251"))
    assert validate("--encoding", "cp1251", "r.pdn").stdout == ""
    with open_input(Input("r.pdn", Path("r.pdn")), "cp1251") as source:
        assert "".join(source.chunks()) == RUSSIAN
    bad = validate("--encoding", "klingon", "r.pdn")
    assert bad.exit_code == 2
    assert "unknown encoding 'klingon'" in bad.stderr


def test_legacy_text_after_an_ascii_start_switches_encoding_where_it_starts() -> None:
    head = ENDGAMES * 200
    Path("late.pdn").write_bytes(head.encode() + RUSSIAN.encode("cp1251"))
    result = validate("late.pdn")
    assert result.stdout == (
        "late.pdn:11802:1: notice PDN107 late.pdn is not UTF-8 from line 11802: read as "
        "cp1251 (a guess; choose the encoding with --encoding)\n"
    )
    with open_input(Input("late.pdn", Path("late.pdn"))) as source:
        assert "".join(source.chunks()) == head + RUSSIAN


def test_bad_bytes_after_utf8_text_are_replaced_with_a_notice() -> None:
    text = RUSSIAN + ENDGAMES * 200
    Path("mixed.pdn").write_bytes(text.encode() + b"\xff\n")
    result = validate("mixed.pdn")
    assert result.stdout.splitlines()[-1] == (
        "mixed.pdn:11860:1: notice PDN107 mixed.pdn is not valid UTF-8 from line 11860: "
        "undecodable bytes were replaced (choose the encoding with --encoding)"
    )


def test_cyrillic_share_decides_between_cp1251_and_latin1() -> None:
    assert guess_legacy("Иванов — Петров".encode("cp1251")) == "cp1251"
    assert guess_legacy("João Évora, Lisboa".encode("latin-1")) == "latin-1"
    assert guess_legacy(b"plain ascii") == "latin-1"


def test_western_text_with_windows_punctuation_is_cp1252() -> None:
    # Bytes 0x80-0x9F are control codes in latin-1 and quotes, dashes and the euro sign in
    # cp1252 (as browsers read a page labelled latin-1); five of them cp1252 leaves undefined.
    assert guess_legacy("“Café” – 5 €".encode("cp1252")) == "cp1252"
    assert guess_legacy("Café, 5 ¤".encode("latin-1")) == "latin-1"
    assert guess_legacy("Café \x81".encode("latin-1")) == "latin-1"
    assert guess_legacy("«Шахматы» — Москва".encode("cp1251")) == "cp1251"


def test_binary_and_truncated_files_are_diagnostics_not_crashes() -> None:
    Path("picture.pdn").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    whole = gzip.compress((ENDGAMES * 300).encode())
    Path("cut.pdn.gz").write_bytes(whole[: len(whole) // 2])
    result = validate("picture.pdn", "cut.pdn.gz")
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "picture.pdn:1:1: error PDN106 cannot read picture.pdn: a binary file (it holds NUL "
        "bytes), not a text record"
    )
    assert lines[-1].startswith(
        "cut.pdn.gz:1:1: error PDN106 cannot read cut.pdn.gz: the gzip data ends inside "
        "a member (truncated); the game from line "
    )
    assert lines[-1].endswith(", cut off there, is not read")


@pytest.mark.parametrize("data", [b"\x00\x01garbage", b"ab\x00cd\n", b"\x01\x00\x02\x00xy"])
def test_junk_with_a_nul_byte_or_two_is_binary_not_utf16(data: bytes) -> None:
    # Read as UTF-16 (any NUL high byte in a quarter of the pairs), such junk gave PDN101
    # errors on CJK characters and a game of the default type.
    Path("junk.pdn").write_bytes(data)
    result = validate("junk.pdn")
    assert (result.exit_code, result.stdout) == (
        2,
        "junk.pdn:1:1: error PDN106 cannot read junk.pdn: a binary file (it holds NUL "
        "bytes), not a text record\n",
    )


@pytest.mark.parametrize("mark", [True, False])
def test_utf8_text_followed_by_utf16_is_binary_not_utf16(mark: bool) -> None:
    """UTF-8 games followed by UTF-16 ones (``cat a.pdn b-utf16.pdn``): the NUL high bytes
    of the second part made the whole file UTF-16 without a BOM, and the first game, valid
    UTF-8, was read as CJK characters. No UTF-16 record starts with ``[E`` (U+5B45)."""
    utf16 = ENDGAMES.encode("utf-16" if mark else "utf-16-le")
    Path("joined.pdn").write_bytes(ENDGAMES.encode() + utf16)
    result = validate("joined.pdn")
    assert (result.exit_code, result.stdout) == (
        2,
        "joined.pdn:1:1: error PDN106 cannot read joined.pdn: a binary file (it holds NUL "
        "bytes), not a text record\n",
    )


def test_utf16_without_a_mark_is_still_read() -> None:
    # Long Cyrillic comments leave a third of the characters ASCII: still UTF-16.
    comment = "{" + "Белые могли сыграть иначе, позиция остаётся равной. " * 30 + "} "
    cyrillic = RUSSIAN.replace("{", comment + "{", 1)
    assert "{" in RUSSIAN and comment in cyrillic
    for text in (RUSSIAN, cyrillic):
        for encoding in ("utf-16-le", "utf-16-be"):
            Path("w.pdn").write_bytes(text.encode(encoding))
            with open_input(Input("w.pdn", Path("w.pdn"))) as source:
                assert (source.encoding, "".join(source.chunks())) == (encoding, text)


def test_a_byte_cp1252_leaves_undefined_past_the_guess_is_told_not_hidden() -> None:
    head = WINDOWS * 200
    Path("late.pdn").write_bytes(head.encode("cp1252") + b'[Event "\x81"]\n')
    result = validate("late.pdn")
    line = head.count("\n") + 1
    assert result.stdout == (
        "late.pdn:1:1: notice PDN107 late.pdn is not UTF-8: read as cp1252 (a guess; choose "
        "the encoding with --encoding)\n"
        f"late.pdn:{line}:1: notice PDN107 late.pdn is not valid cp1252 from line {line}: "
        "undecodable bytes were replaced (choose the encoding with --encoding)\n"
    )
    with open_input(Input("late.pdn", Path("late.pdn"))) as source:
        assert "".join(source.chunks()) == head + '[Event "\ufffd"]\n'


def test_split_games_cuts_only_after_a_result_before_tags() -> None:
    text = (
        '[A "1"]\n1. 22-18 1-0\n\n[B "2"]\n{ 1-0\n\n[C "3"]\n1. 22-18 *\n'
        '[D "4"]\n1. 22-18 (1-0)\n[E "5"]\n1. 22-18 0-1\n'
    )
    pieces = list(split_games([text[:30], text[30:]], 1))
    assert pieces == [
        (1, '[A "1"]\n1. 22-18 1-0\n\n'),
        (4, '[B "2"]\n{ 1-0\n\n[C "3"]\n1. 22-18 *\n'),
        (9, '[D "4"]\n1. 22-18 (1-0)\n[E "5"]\n1. 22-18 0-1\n'),
    ]
    assert "".join(p for _, p in pieces) == text


def test_a_small_archive_cut_short_keeps_the_games_before_the_break() -> None:
    packed = gzip.compress(ENDGAMES.encode() * 4, mtime=0)
    Path("cut.pdn.gz").write_bytes(packed[: len(packed) // 2])
    result = validate("cut.pdn.gz")
    assert result.exit_code == 2
    # The third game is cut inside a comment: it is left out, not reported as a comment
    # left open (nor its last move, cut short, as another move).
    assert result.stdout == (
        "cut.pdn.gz:1:1: error PDN106 cannot read cut.pdn.gz: the gzip data ends inside "
        "a member (truncated); the game from line 28, cut off there, is not read\n"
    )
    assert result.stderr == "2 games in 1 file: 0 errors, 0 warnings, 0 notices\n"


@pytest.mark.parametrize("picture", ["text", "svg"])
def test_render_reads_a_compressed_file_to_its_end_and_reports_its_damage(picture: str) -> None:
    packed = gzip.compress(ENDGAMES.encode() * 4, mtime=0)
    Path("cut.pdn.gz").write_bytes(packed[: len(packed) // 2])
    Path("whole.pdn").write_text(ENDGAMES, "utf-8")
    args = ["render", "--picture", picture, "--index", "2"]
    result = runner.invoke(app, [*args, "cut.pdn.gz", "-o", "cut.out"])
    whole = runner.invoke(app, [*args, "whole.pdn", "-o", "whole.out"])
    assert (result.exit_code, whole.exit_code) == (2, 0)
    assert result.stdout == (
        "cut.pdn.gz:1:1: error PDN106 cannot read cut.pdn.gz: the gzip data ends inside "
        "a member (truncated); the game from line 28, cut off there, is not read\n"
    )
    # The game read before the break is drawn all the same.
    assert Path("cut.out").read_text("utf-8") == Path("whole.out").read_text("utf-8")


STANDARD_INPUT_TWICE = "notation: - (standard input) was given twice: it can be read only once\n"

SEVERAL_INPUTS = {
    "validate": [],
    "fix": [],
    "repair": [],
    "convert": [],
    "annotate": [],
    "select": [],
    "merge": [],
    "split": ["--by", "game", "--dir", "out"],
    "stats": [],
    "duplicates": [],
}
"""Each command that takes several inputs, with the options it cannot run without."""


@pytest.mark.parametrize("command", SEVERAL_INPUTS)
@pytest.mark.parametrize(
    "names",
    [("-", "/dev/stdin"), ("/dev/fd/0", "-"), ("/proc/self/fd/0", "/dev/stdin")],
)
def test_standard_input_named_twice_by_its_names_is_a_usage_error(
    command: str, names: tuple[str, str]
) -> None:
    args = [command, *SEVERAL_INPUTS[command], *names]
    result = runner.invoke(app, args, input=ENDGAMES.encode())
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"notation: standard input was given twice ({names[0]} and {names[1]}): it can be "
        "read only once\n",
    )
    assert not Path("out").exists()


@pytest.mark.parametrize("command", SEVERAL_INPUTS)
def test_standard_input_named_twice_is_a_usage_error(command: str) -> None:
    result = runner.invoke(
        app, [command, *SEVERAL_INPUTS[command], "-", "-"], input=ENDGAMES.encode()
    )
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", STANDARD_INPUT_TWICE)
    assert not Path("out").exists()
