"""Records are never damaged: every command reads through one path and writes through one.

Each test reproduces a defect of issue 11 as a user met it, through the command line.
"""

from __future__ import annotations

import bz2
import gzip
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from notation.cli.main import app
from notation.record.jsonform import dumps
from notation.record.reader import read_records

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
CLUB = SAMPLES / "brazilian" / "club-championship-2025.pdn"
runner = CliRunner()

GOOD = '[GameType "26"]\n[Result "*"]\n\n1. 22-17 11-15 2. 23-19 9-13 *\n'
BROKEN = '[GameType "26"]\n[Result "*"]\n\n1. 22-17 11-15 2. 23-19 ## 9-13 {kept} 3. 24-20 *\n'
GOOD_END = (
    "       1 b       2 b       3 b       4 b\n"
    "  5 b       6 b       7 b       8 b\n"
    "       9[.]     10 b      11 .      12 b\n"
    " 13[b]     14 .      15 b      16 .\n"
    "      17 w      18 .      19 w      20 .\n"
    " 21 w      22 .      23 .      24 w\n"
    "      25 w      26 w      27 w      28 w\n"
    " 29 w      30 w      31 w      32 w\n"
    "White to move\n"
)
"""The picture of GOOD's last position, each square numbered as the record's numeric
notation names it, its last move (9-13) marked."""
ILLEGAL = '[GameType "26"]\n[Result "*"]\n\n1. 22-17 11-15 2. 15-19 9-13 *\n'


def run(*args: str, stdin: str | bytes | None = None):
    return runner.invoke(app, list(args), input=stdin)


def archive(tmp_path: Path, *games: str, name: str = "T.pdn") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(games), encoding="utf-8")
    return path


def listing(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


# Item 1: a failed conversion never overwrites or writes anything.


@pytest.mark.parametrize("command", ["convert", "annotate"])
def test_an_output_that_names_the_input_is_refused(tmp_path: Path, command: str) -> None:
    source = archive(tmp_path, GOOD, BROKEN)
    before = source.read_bytes()
    result = run(command, str(source), "-o", str(source))
    assert result.exit_code == 2
    assert result.stderr == (
        f"notation: {source} is an input of this command: it is not overwritten "
        "(write to another file, or give --in-place to rewrite the input)\n"
    )
    assert source.read_bytes() == before


@pytest.mark.parametrize(
    "command", ["validate", "stats", "duplicates", "render", "select", "merge"]
)
def test_a_command_without_in_place_does_not_advise_it(tmp_path: Path, command: str) -> None:
    source = archive(tmp_path, GOOD)
    before = source.read_bytes()
    result = run(command, str(source), "-o", str(source))
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"notation: {source} is an input of this command: it is not overwritten "
        "(write to another file)\n",
    )
    assert source.read_bytes() == before


@pytest.mark.parametrize("command", ["validate", "render"])
def test_a_report_or_picture_never_replaces_the_record(tmp_path: Path, command: str) -> None:
    source = archive(tmp_path, GOOD)
    before = source.read_bytes()
    result = run(command, str(source), "-o", str(source))
    assert result.exit_code == 2
    assert "is an input of this command" in result.stderr
    assert source.read_bytes() == before


def test_convert_with_a_broken_game_exits_one_and_writes_nothing(tmp_path: Path) -> None:
    source = archive(tmp_path, GOOD, BROKEN)
    out = tmp_path / "out.pdn"
    result = run("convert", str(source), "-n", "alphanumeric", "-o", str(out))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{source}:9:25: error PDN101 unexpected '##' in movetext",
        f"nothing written to {out}: 1 game could not be written whole "
        "(--keep-broken writes them with their text kept in comments)",
    ]
    assert listing(tmp_path) == ["T.pdn"]
    to_stdout = run("convert", str(source), "-n", "alphanumeric")
    assert to_stdout.exit_code == 1
    assert to_stdout.stdout == ""


def test_keep_broken_keeps_the_text_from_the_error_on_in_comments(tmp_path: Path) -> None:
    source = archive(tmp_path, BROKEN)
    result = run("convert", str(source), "--keep-broken")
    assert result.exit_code == 1
    assert result.stdout == (
        '[GameType "26"]\n[Result "*"]\n\n'
        "1. 22-17 11-15 2. 23-19\n; notation: kept as written from here: PDN101 unexpected '##' "
        "in movetext\n; ## 9-13 {kept} 3. 24-20\n*\n"
    )
    # Read again, the record is still an error (PDN118 at the mark), never a valid game.
    again = list(read_records(iter([result.stdout])))
    assert [(d.code, d.line, d.column) for d in again[0].diagnostics] == [("PDN118", 5, 1)]


def test_convert_keep_broken_marks_an_illegal_move_and_keeps_the_rest(tmp_path: Path) -> None:
    source = archive(tmp_path, ILLEGAL)
    result = run("convert", str(source), "-n", "alphanumeric", "--keep-broken")
    assert result.exit_code == 1
    assert result.stdout == (
        '[GameType "26,W,8,8,A0,0"]\n[Result "*"]\n\n'
        "1. c3-b4 f6-e5 2. 15-19\n{notation: kept as written from here: BR202 illegal move "
        "15-19: square 15 holds a Black man; White is to move}\n9-13 *\n"
    )


def test_in_place_rewrites_only_what_succeeded_and_leaves_no_files(tmp_path: Path) -> None:
    good = archive(tmp_path, GOOD, name="good.pdn")
    bad = archive(tmp_path, GOOD, BROKEN, name="bad.pdn")
    bad_before = bad.read_bytes()
    result = run("convert", "--in-place", "-n", "alphanumeric", str(good), str(bad))
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-1] == (
        f"{bad}: not rewritten: 1 game could not be written whole "
        "(--keep-broken writes them with their text kept in comments)"
    )
    assert bad.read_bytes() == bad_before
    assert good.read_text().splitlines()[-1] == "1. c3-b4 f6-e5 2. e3-f4 b6-a5 *"
    assert listing(tmp_path) == ["bad.pdn", "good.pdn"]


def test_in_place_leaves_an_unchanged_file_alone(tmp_path: Path) -> None:
    source = tmp_path / "club.pdn"
    source.write_bytes(CLUB.read_bytes())
    inode = source.stat().st_ino
    result = run("convert", "--in-place", "-n", "numeric", str(source))
    assert result.exit_code == 0
    assert source.stat().st_ino == inode


def test_annotate_in_place_through_a_link_annotates_the_target(tmp_path: Path) -> None:
    real = archive(tmp_path, GOOD, name="real.pdn")
    link = tmp_path / "link.pdn"
    link.symlink_to(real)
    result = run("annotate", "--in-place", str(link))
    assert result.exit_code == 0
    assert link.is_symlink()
    assert '[PlyCount "4"]' in real.read_text()


def test_a_users_own_partial_file_is_never_touched(tmp_path: Path) -> None:
    source = archive(tmp_path, GOOD)
    own = tmp_path / "T.pdn.partial"
    own.write_text("mine\n")
    (tmp_path / "out.pdn.partial").write_text("mine too\n")
    assert run("annotate", "--in-place", str(source)).exit_code == 0
    assert run("convert", str(source), "-o", str(tmp_path / "out.pdn")).exit_code == 0
    assert own.read_text() == "mine\n"
    assert (tmp_path / "out.pdn.partial").read_text() == "mine too\n"
    assert listing(tmp_path) == ["T.pdn", "T.pdn.partial", "out.pdn", "out.pdn.partial"]


def test_in_place_refuses_a_compressed_file(tmp_path: Path) -> None:
    source = tmp_path / "T.pdn.gz"
    source.write_bytes(gzip.compress(GOOD.encode()))
    before = source.read_bytes()
    result = run("annotate", "--in-place", str(source))
    assert result.exit_code == 2
    assert result.stdout == f"{source}: not rewritten: it is compressed (write it with --output)\n"
    assert source.read_bytes() == before


def test_in_place_keeps_the_files_own_encoding(tmp_path: Path) -> None:
    source = tmp_path / "ru.pdn"
    text = '[Event "Чемпионат"]\n[GameType "26"]\n\n1. 22-17 11-15 *\n'
    source.write_bytes(text.encode("cp1251"))
    result = run("annotate", "--in-place", str(source))
    assert result.exit_code == 0
    assert '[Event "Чемпионат"]' in source.read_bytes().decode("cp1251")
    bom = tmp_path / "bom.pdn"
    bom.write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    assert run("annotate", "--in-place", str(bom)).exit_code == 0
    assert bom.read_bytes().startswith(b"\xef\xbb\xbf[GameType")
    wide = tmp_path / "wide.pdn"
    wide.write_bytes(b"\xfe\xff" + GOOD.encode("utf-16-be"))
    assert run("annotate", "--in-place", str(wide)).exit_code == 0
    assert wide.read_bytes().startswith(b"\xfe\xff" + "[GameType".encode("utf-16-be"))
    assert '[PlyCount "4"]' in wide.read_bytes()[2:].decode("utf-16-be")


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_in_place_keeps_the_files_owner_and_group(tmp_path: Path) -> None:
    source = archive(tmp_path, GOOD)
    os.chown(source, 65534, 65533)
    source.chmod(0o664)
    result = run("annotate", "--in-place", str(source))
    assert result.exit_code == 0
    found = source.stat()
    assert (found.st_uid, found.st_gid, stat.S_IMODE(found.st_mode)) == (65534, 65533, 0o664)
    assert source.read_text() == (
        '[GameType "26"]\n[Result "*"]\n[PlyCount "4"]\n'
        '[FinalFEN "W:W17,19,21,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,12,13,15"]'
        "\n\n1. 22-17 11-15 2. 23-19 9-13 *\n"
    )


@pytest.mark.parametrize("name", ["unicode_escape", "raw_unicode_escape"])
def test_in_place_refuses_a_codec_that_does_not_write_back_what_it_reads(
    tmp_path: Path, name: str
) -> None:
    source = archive(tmp_path, GOOD)
    result = run("fix", "--in-place", "--encoding", name, str(source))
    assert result.exit_code == 2
    assert result.output.endswith(
        f"Error: Invalid value for --encoding: {name!r} cannot read records (the text it "
        "reads is not written back as the same bytes: it reads escapes such as \\n, or "
        "gives record characters other bytes)\n"
    )
    assert source.read_text() == GOOD
    assert listing(tmp_path) == ["T.pdn"]


TWICE = (
    '[Event "Club"]\n[Site "Leeds"]\n[Event "Club night"]\n[GameType "26"]\n[Result "*"]\n'
    "\n1. 22-17 11-15 *\n"
)
"""One header that names Event twice: read as two games, the first of tags alone (PDN119)."""


@pytest.mark.parametrize("command", ["annotate", "convert", "repair", "fix"])
def test_in_place_leaves_a_header_that_names_a_tag_twice_as_it_was(
    tmp_path: Path, command: str
) -> None:
    source = archive(tmp_path, TWICE)
    result = run(command, "--in-place", str(source))
    assert result.exit_code == 1
    assert (
        f"{source}: not rewritten: 2 games are read from a header that names a tag twice "
        "(PDN119), and where one game ends is a guess (--keep-broken writes them as they "
        "were written)\n"
    ) in result.stdout
    assert source.read_text() == TWICE
    kept = run(command, "--keep-broken", str(source), "-o", str(tmp_path / "out.pdn"))
    assert kept.exit_code == 1
    assert (tmp_path / "out.pdn").read_text() == TWICE


LATER_GAME = (
    '[Event "E"]\n[Site "?"]\n[Date "?"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n'
    '[Result "*"]\n[GameType "21"]\n[PlyCount "2"]\n\n1. 11-15 23-19 *\n'
)
"""An English game that needs nothing; 2,500 of them are more than the first 256 KiB."""


def test_in_place_keeps_an_encoding_learned_after_the_first_256_kib(tmp_path: Path) -> None:
    source = tmp_path / "late.pdn"
    first = LATER_GAME.replace('[PlyCount "2"]\n', "")
    legacy = LATER_GAME.replace('"E"', '"Caf\u00e9 \u201cOpen\u201d"')
    source.write_bytes("\n".join([first, *[LATER_GAME] * 2500, legacy]).encode("cp1252"))
    result = run("fix", "--in-place", str(source))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-2:] == [
        f"{source}:30012:1: notice PDN107 {source} is not UTF-8 from line 30012: read as "
        "cp1252 (a guess; choose the encoding with --encoding)",
        "2502 games: 1 fixed (1 change), 0 left with errors, 2501 unchanged",
    ]
    expected = "\n".join([LATER_GAME] * 2501 + [legacy]).encode("cp1252")
    assert source.read_bytes() == expected


def test_in_place_refuses_an_encoding_learned_after_text_written_otherwise(
    tmp_path: Path,
) -> None:
    source = tmp_path / "late.pdn"
    game = (
        '[Event "Paris"]\n[Variant "cheversi"]\n[Notation "fr"]\n[Result "0-1"]\n\n'
        "1. Rg7 Th7 2. Dh6 Df6 3. Te5 Fd5 4. Tc4 Fd4 5. Fe6 Tb3 6. Cc3 Cd6 7. Cd3 Cc2 8.\n"
        "Fg5 Rg4 0-1\n"
    )
    text = "\n".join([game] * 1800 + [game.replace("Paris", "Caf\u00e9")])
    source.write_bytes(text.encode("cp1252"))
    result = run("convert", "-n", "ru", "--in-place", str(source))
    assert result.exit_code == 2
    assert result.stdout == (
        f"{source}:14401:1: notice PDN107 {source} is not UTF-8 from line 14401: read as "
        "latin-1 (a guess; choose the encoding with --encoding)\n"
        f"{source}: not rewritten: it was found to be latin-1 only part way, after text "
        "written in utf-8 (give --encoding latin-1)\n"
    )
    assert source.read_bytes() == text.encode("cp1252")


ON_ONE_LINE = '[Event "Club"] [Event "Club night"]\n[GameType "26"]\n[Result "*"]\n\n1. 22-17 *\n'
"""One header that names Event twice on one line: read as two games, cut at the second."""


@pytest.mark.parametrize("command", ["annotate", "convert", "repair", "fix"])
def test_keep_broken_writes_a_tag_named_twice_on_one_line_as_it_was(
    tmp_path: Path, command: str
) -> None:
    source = archive(tmp_path, ON_ONE_LINE)
    kept = run(command, "--keep-broken", str(source), "-o", str(tmp_path / "out.pdn"))
    assert kept.exit_code == 1
    assert (
        f"{source}:1:16: warning PDN119 Event is named again: a new game starts at this tag, "
        "and the game before it holds tags alone (a game names each tag once; if one "
        "game's tags name Event twice, keep one)\n"
        f"{source}: games 1 and 2 written as they were read: their header names a tag "
        "twice (PDN119), and where one game ends is a guess\n"
    ) in kept.stdout
    assert (tmp_path / "out.pdn").read_text() == ON_ONE_LINE


NAMED_AGAIN = (
    "Event is named again: a new game starts at this tag, and the game before it holds tags "
    "alone (a game names each tag once; if one game's tags name Event twice, keep one)"
)


def test_keep_broken_writes_a_header_that_names_a_tag_twice_as_one_json_record(
    tmp_path: Path,
) -> None:
    source = archive(tmp_path, TWICE.replace("[Site", '[Round "1"] [Site'), ON_ONE_LINE)
    out = tmp_path / "out.json"
    kept = run("convert", "--to", "json", "--keep-broken", str(source), "-o", str(out))
    assert kept.exit_code == 1
    assert kept.stdout.splitlines() == [
        f"{source}:3:1: warning PDN119 {NAMED_AGAIN}",
        f"{source}: games 1 and 2 written as one record, the text from the tag named again "
        "to the end of its line kept in a comment: their header names a tag twice "
        "(PDN119), and where one game ends is a guess",
        f"{source}:9:16: warning PDN119 {NAMED_AGAIN}",
        f"{source}: games 3 and 4 written as one record, the text from the tag named again "
        "to the end of its line kept in a comment: their header names a tag twice "
        "(PDN119), and where one game ends is a guess",
    ]
    records = json.loads(out.read_text())["records"]
    kept_mark = " notation: kept as written from here: PDN119 " + NAMED_AGAIN
    assert [
        (
            r["index"],
            r["pos"],
            [(t["name"], t["value"], t["pos"]) for t in r["tags"]],
            [(c["text"], c["kind"], c["pos"]) for c in r["moves"]["comments"]],
            [p["text"] for p in r["moves"]["plies"]],
            r["result"],
            [(d["code"], d["line"], d["column"], d["game"]) for d in r["diagnostics"]],
        )
        for r in records
    ] == [
        (
            1,
            [1, 1],
            [
                ("Event", "Club", [1, 1]),
                ("Round", "1", [2, 1]),
                ("Site", "Leeds", [2, 13]),
                ("GameType", "26", [4, 1]),
                ("Result", "*", [5, 1]),
            ],
            [(kept_mark, "line", [0, 0]), (' [Event "Club night"]', "line", [0, 0])],
            ["22-17", "11-15"],
            "*",
            [],
        ),
        (
            3,
            [9, 1],
            [("Event", "Club", [9, 1]), ("GameType", "26", [10, 1]), ("Result", "*", [11, 1])],
            [(kept_mark, "line", [0, 0]), (' [Event "Club night"]', "line", [0, 0])],
            ["22-17"],
            "*",
            [],
        ),
    ]
    # Read back, each is one game whose kept text is an error, never judged better than
    # it was read; written as PDN, the comments keep that text.
    validated = run("validate", "--no-cache", str(out))
    kept_error = (
        "error PDN118 kept as written from here by --keep-broken, not read as moves: "
        f"PDN119 {NAMED_AGAIN}"
    )
    assert validated.stdout.splitlines() == [f"{out}:1:1: {kept_error}", f"{out}:9:1: {kept_error}"]
    again = run("convert", "--keep-broken", str(out))
    assert again.exit_code == 1
    assert again.stdout.endswith(
        '[Event "Club"]\n[GameType "26"]\n[Result "*"]\n\n'
        f";{kept_mark}\n"
        '; [Event "Club night"]\n'
        "1. 22-17 *\n"
    )


def test_a_header_that_names_a_tag_twice_past_the_readers_limits_is_one_json_record(
    tmp_path: Path,
) -> None:
    # No text is kept of the game past the limits: the tags named again are written out.
    long = '[Event "a"]\n[Site "s"] [Event "b"][Round "2"]\n1. 22-17 {' + "x" * 300_000 + "} *\n"
    source = archive(tmp_path, long)
    out = tmp_path / "out.json"
    kept = run("convert", "--to", "json", "--keep-broken", str(source), "-o", str(out))
    assert kept.exit_code == 1
    (record,) = json.loads(out.read_text())["records"]
    assert [(t["name"], t["value"]) for t in record["tags"]] == [("Event", "a"), ("Site", "s")]
    assert [c["text"] for c in record["moves"]["comments"]] == [
        f" notation: kept as written from here: PDN119 {NAMED_AGAIN}",
        ' [Event "b"] [Round "2"]',
        " notation: the movetext could not be kept: PDN109 the line is longer than a game "
        "may be (262,144 characters): the game's movetext is not read",
    ]


# Item 2 and 5: every command reads every input as validate does.


def test_convert_reads_legacy_encodings_with_a_notice(tmp_path: Path) -> None:
    source = tmp_path / "fr.pdn"
    source.write_bytes('[White "Gérard"]\n[GameType "26"]\n\n1. 22-17 *\n'.encode("latin-1"))
    result = run("convert", str(source))
    assert result.exit_code == 0
    assert result.stdout.startswith('[White "Gérard"]\n')
    assert result.stderr == (
        f"{source}:1:1: notice PDN107 {source} is not UTF-8: read as latin-1 "
        "(a guess; choose the encoding with --encoding)\n"
    )
    chosen = run("convert", "--encoding", "cp1252", str(source))
    assert (chosen.exit_code, chosen.stderr) == (0, "")


@pytest.mark.parametrize("command", ["convert", "annotate", "stats", "duplicates", "render"])
def test_every_command_takes_encoding(tmp_path: Path, command: str) -> None:
    source = tmp_path / "ru.pdn"
    source.write_bytes('[Event "Кубок"]\n[GameType "26"]\n\n1. 22-17 *\n'.encode("cp1251"))
    result = run(command, "--encoding", "cp1251", str(source))
    assert result.exit_code == 0, result.stderr
    assert "PDN107" not in result.stderr
    refused = run(command, "--encoding", "rot13", str(source))
    assert refused.exit_code == 2
    assert "--encoding" in refused.stderr


@pytest.mark.parametrize(
    "name", ["idna", "undefined", *(["punycode"] if sys.version_info < (3, 13) else [])]
)
def test_an_encoding_that_cannot_replace_bytes_is_a_usage_error(tmp_path: Path, name: str) -> None:
    # Records in a chosen encoding are decoded replacing what it cannot decode; these
    # codecs raise instead, which was a traceback on the first line read.
    source = tmp_path / "fr.pdn"
    source.write_bytes('[White "Gérard"]\n[GameType "26"]\n\n1. 22-17 *\n'.encode("latin-1"))
    result = run("validate", "--encoding", name, str(source))
    assert result.exit_code == 2
    assert result.stderr.endswith(
        f"Error: Invalid value for --encoding: {name!r} cannot read records (its decoder "
        "fails on bytes it cannot decode instead of replacing them)\n"
    )


@pytest.mark.parametrize(
    "pack", [gzip.compress, bz2.compress, lambda data: data.decode().encode("utf-16")]
)
def test_convert_and_render_read_compressed_and_utf16_files(tmp_path: Path, pack) -> None:
    source = tmp_path / "T.pdn"
    source.write_bytes(pack(GOOD.encode()))
    converted = run("convert", str(source))
    assert (converted.exit_code, converted.stdout) == (0, GOOD)
    drawn = run("render", str(source))
    assert (drawn.exit_code, drawn.stdout) == (0, GOOD_END)


def test_render_reads_standard_input() -> None:
    result = run("render", "-", stdin=GOOD)
    assert (result.exit_code, result.stdout) == (0, GOOD_END)


def test_convert_from_json_and_to_json_round_trips(tmp_path: Path) -> None:
    source = archive(tmp_path, GOOD, GOOD.replace("11-15", "10-15"))
    as_json = run("convert", str(source), "--to", "json")
    assert as_json.exit_code == 0
    assert as_json.stdout == dumps(read_records(source), indent=1) + "\n"
    json_file = tmp_path / "T.json"
    json_file.write_text(as_json.stdout)
    back = run("convert", str(json_file))
    assert (back.exit_code, back.stdout) == (0, source.read_text())
    from_stdin = run("convert", "-", stdin=as_json.stdout)
    assert from_stdin.stdout == source.read_text()


def test_convert_json_of_no_records_is_an_empty_document(tmp_path: Path) -> None:
    source = archive(tmp_path, "; nothing here\n")
    result = run("convert", str(source), "--to", "json", "--allow-empty")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "format": "notation-record",
        "version": 1,
        "records": [],
    }
    assert result.stdout == dumps([], indent=1) + "\n"


# Item 4: bad output paths are plain messages, exit 2.


@pytest.mark.parametrize(
    "args",
    [
        ("validate", "{club}", "-o", "{tmp}/missing/r.txt"),
        ("render", "{club}", "-o", "{tmp}/missing/r.svg"),
        ("annotate", "{club}", "-o", "{tmp}/missing/r.pdn"),
        ("convert", "{club}", "-o", "{tmp}/missing/r.pdn"),
        ("new", "brazilian", "-o", "{tmp}/missing/r.pdn"),
    ],
)
def test_a_missing_output_folder_is_a_plain_error(tmp_path: Path, args: tuple[str, ...]) -> None:
    words = [a.format(club=CLUB, tmp=tmp_path) for a in args]
    result = run(*words)
    assert result.exit_code == 2
    assert result.stderr == (
        f"notation: cannot write {words[-1]}: folder {tmp_path}/missing does not exist\n"
    )
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_folder_as_the_output_is_a_plain_error(tmp_path: Path) -> None:
    result = run("validate", str(CLUB), "-o", str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr == f"notation: {tmp_path} is a folder, not a file\n"


# Item 6: render reports what validate reports.


def draws_nothing(source: Path, why: str) -> None:
    """``render`` of ``source`` to an SVG file says what ``validate`` says, then ``why``
    nothing is drawn, exits 1 and writes no file."""
    out = source.parent / "end.svg"
    result = run("render", str(source), "--picture", "svg", "-o", str(out))
    assert result.exit_code == 1
    assert (result.stderr, result.stdout.splitlines()) == (
        "",
        [*run("validate", str(source)).stdout.splitlines(), f"{source}: {why}"],
    )
    assert not out.exists()


def test_render_of_a_game_with_an_illegal_move_says_so_and_draws_nothing(tmp_path: Path) -> None:
    source = archive(tmp_path, ILLEGAL)
    draws_nothing(
        source,
        "game 1: ply 3 is illegal, so the game has no end to draw; --ply 2 draws the last "
        "legal position",
    )
    # The position before the illegal ply is drawn; the record still has its error.
    before = run("render", str(source), "--ply", "2")
    assert before.exit_code == 1
    assert before.stderr == run("validate", str(source)).stdout
    assert before.stdout.endswith("White to move\n")


@pytest.mark.parametrize(
    "text",
    ['[GameType "1"]\n\n1. e4 e5 *\n', '[GameType "26"]\n[FEN "W:W99:B1"]\n\n1. 22-18 *\n'],
    ids=["unsupported", "bad setup"],
)
def test_render_of_a_game_not_replayed_says_why_nothing_is_drawn(tmp_path: Path, text: str) -> None:
    # Only a notice was said of a game not replayed, and exit 1 with no picture.
    source = archive(tmp_path, text)
    draws_nothing(source, "game 1 was not replayed (see above), so there is no position to draw")


# Item 17: the version.


def test_version_is_printed_with_the_build() -> None:
    from importlib.metadata import version

    from notation.games import flying

    build = "pure Python" if flying.__file__.endswith(".py") else "compiled: mypyc"
    result = run("--version")
    assert (result.exit_code, result.stdout) == (0, f"notation {version('notation')} ({build})\n")


# Item 3: the progress display never takes the report's stream.


def test_progress_on_a_terminal_never_takes_a_redirected_report(tmp_path: Path) -> None:
    pty = pytest.importorskip("pty")
    games = CLUB.read_text() * 250  # about 3,000 games: the run outlasts the bar's delay
    big = tmp_path / "mid.pdn"
    big.write_text(games)
    report = tmp_path / "r.json"
    primary, secondary = pty.openpty()
    with report.open("w") as out:
        child = subprocess.run(
            [sys.executable, "-m", "notation.cli", "validate", "-f", "json", str(big)],
            stdout=out,
            stderr=secondary,
            timeout=300,
            check=False,
        )
    os.close(secondary)
    os.close(primary)
    assert child.returncode == 0
    data = json.loads(report.read_text())
    assert data["summary"]["games"] == 3000


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            '[GameType "26"]\n[Event "cut]\n\n1. 22-17 11-15 *\n',
            '[GameType "26"]\n\n; notation: kept as written from here: PDN105 malformed tag '
            "pair '[Event \"cut]'\n; [Event \"cut]\n1. 22-17 11-15 *\n",
        ),
        (
            # The variation the reader closed itself was written again after its text.
            '[GameType "26"]\n\n1. 22-17 11-15 ( 9-13 2. 22-18 *\n',
            '[GameType "26"]\n\n1. 22-17 11-15\n; notation: kept as written from here: PDN103 '
            "variation '(' is never closed (found '*')\n; ( 9-13 2. 22-18\n*\n",
        ),
        (
            '[GameType "26"]\n\n1. 22-17 {never closed 11-15 *\n',
            '[GameType "26"]\n\n1. 22-17\n; notation: kept as written from here: PDN102 '
            "comment '{' is never closed\n; {never closed 11-15\n*\n",
        ),
        (
            '[GameType "26"]\n[Result "1-0"]\n\n1. 22-17 11-15\n\n' + GOOD,
            '[GameType "26"]\n[Result "1-0"]\n\n1. 22-17 11-15\n; notation: kept as written '
            "from here: PDN101 missing result: the game ends without a result before the next "
            "game's tags\n1-0\n\n" + GOOD,
        ),
    ],
)
def test_keep_broken_loses_nothing_of_any_syntax_error(
    tmp_path: Path, text: str, kept: str
) -> None:
    source = archive(tmp_path, text)
    result = run("convert", str(source), "--keep-broken")
    assert result.exit_code == 1
    assert result.stdout == kept
    # Read again, each mark is a PDN118 error saying what it kept: never a valid game.
    marks = [line for line in kept.splitlines() if line.startswith("; notation:")]
    assert [d.code for r in read_records(iter([result.stdout])) for d in r.diagnostics] == [
        "PDN118"
    ] * len(marks)
    assert len(marks) == 1


def test_in_place_rewrites_a_file_whose_bytes_change_only(tmp_path: Path) -> None:
    source = archive(tmp_path, GOOD.replace("\n\n1.", "\n\n1.  "))
    result = run("convert", "--in-place", str(source))
    assert result.exit_code == 0
    assert source.read_text() == GOOD
    inode = source.stat().st_ino
    assert run("convert", "--in-place", str(source)).exit_code == 0
    assert source.stat().st_ino == inode


def test_convert_says_of_an_unsupported_record_what_validate_says(tmp_path: Path) -> None:
    source = archive(tmp_path, '[GameType "40"]\n\n1. 22-17 11-15 *\n')
    said = run("validate", str(source)).stdout.strip()
    assert " notice REC201 GameType 40 " in said
    result = run("convert", str(source), "-n", "numeric")
    assert result.exit_code == 0
    assert result.stderr == said + "; it was copied unchanged\n"
    assert result.stdout == '[GameType "40"]\n\n1. 22-17 11-15 *\n'


def test_keep_broken_says_so_of_a_game_past_the_readers_limits(tmp_path: Path) -> None:
    source = archive(tmp_path, '[GameType "26"]\n[Result "*"]\n\n1. ' + "22-17 " * 50_000 + "*\n")
    result = run("convert", str(source), "--keep-broken")
    assert result.exit_code == 1
    assert result.stdout == (
        '[GameType "26"]\n[Result "*"]\n\n; notation: the movetext could not be kept: PDN109 '
        "the line is longer than a game may be (262,144 characters): the game's movetext is "
        "not read\n*\n"
    )
    (again,) = read_records(iter([result.stdout]))
    assert [d.format() for d in again.diagnostics] == [
        "-:4:1: error PDN118 the movetext was left out by --keep-broken: PDN109 the line is "
        "longer than a game may be (262,144 characters): the game's movetext is not read"
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("select", "T.pdn", "--result", "1-0", "--rest", "-"),
            "Invalid value for --rest: - is not a file: name one for the games not selected",
        ),
        (
            ("select", "T.pdn", "-o", "chosen.pdn", "--rest", "-"),
            "Invalid value for --rest: - is not a file: name one for the games not selected",
        ),
        (
            ("index", "T.pdn", "--db", "-"),
            "Invalid value for --db: - is not an index: name an SQLite file or a postgresql:// URL",
        ),
    ],
)
def test_a_dash_is_never_a_file_made_by_rest_or_db(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], message: str
) -> None:
    # -o - is standard output; --rest - and --db - made a file named "-" in the folder.
    archive(tmp_path, '[GameType "26"]\n[Result "2-0"]\n\n1. 22-17 2-0\n')
    monkeypatch.chdir(tmp_path)
    result = run(*args)
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.replace("│", " ").split())
    assert listing(tmp_path) == ["T.pdn"]


EMPTY_DB = (
    "Error: Invalid value for --db: an empty name is not an index: name an SQLite file or a "
    "postgresql:// URL"
)
EMPTY_OUTPUT = "the output name is empty: name a file to write"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("index", "T.pdn", "--db", ""), EMPTY_DB),
        (("find", "--db", ""), EMPTY_DB),
        (("tree", "-g", "brazilian", "--db", ""), EMPTY_DB),
        (
            ("find", "--db", "i.sqlite", "-o", ""),
            f"Error: Invalid value for '--output' / '-o': {EMPTY_OUTPUT}",
        ),
        (
            ("validate", "T.pdn", "-o", ""),
            f"Error: Invalid value for '--output' / '-o': {EMPTY_OUTPUT}",
        ),
        (
            ("convert", "T.pdn", "-o", ""),
            f"Error: Invalid value for '--output' / '-o': {EMPTY_OUTPUT}",
        ),
        (("select", "T.pdn", "--rest", ""), f"Error: Invalid value for '--rest': {EMPTY_OUTPUT}"),
        (
            ("select", "T.pdn", "--report", ""),
            f"Error: Invalid value for '--report': {EMPTY_OUTPUT}",
        ),
    ],
)
def test_an_empty_name_is_a_usage_error_for_db_and_outputs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], message: str
) -> None:
    # --db "" used ./notation.sqlite; -o "" named the current folder.
    archive(tmp_path, '[GameType "26"]\n[Result "2-0"]\n\n1. 22-17 2-0\n')
    monkeypatch.chdir(tmp_path)
    if args[0] == "find" and "-o" in args:
        assert run("index", "--db", "i.sqlite", "T.pdn").exit_code == 0
    before = listing(tmp_path)
    result = run(*args)
    assert result.exit_code == 2
    # The oldest click supported writes "for '--output' / '-o' (env var: 'None'):" here.
    lines = result.stderr.replace("│", " ").replace(" (env var: 'None')", "").split("\n")
    assert [line for line in (" ".join(line.split()) for line in lines) if "Invalid" in line] == [
        message
    ]
    assert listing(tmp_path) == before


@pytest.mark.parametrize("command", ["index", "validate"])
def test_nan_is_not_a_number_of_seconds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    # index --wait nan waited for ever behind another writer (no time is >= nan), and
    # --scheduler-timeout nan gave up at once, "within nan s".
    archive(tmp_path, '[GameType "26"]\n[Result "2-0"]\n\n1. 22-17 2-0\n')
    monkeypatch.chdir(tmp_path)
    if command == "index":
        result = run("index", "T.pdn", "--wait", "nan")
        option, low = "--wait", "0.0"
    else:
        result = run("validate", "T.pdn", "--scheduler-timeout", "nan", "--scheduler", "local")
        option, low = "--scheduler-timeout", "0.1"
    assert result.exit_code == 2
    # The oldest click supported writes "for '--wait' (env var: 'None'):" here.
    assert f"Error: Invalid value for '{option}'" in result.stderr
    assert f"nan is not in the range x>={low}." in result.stderr
    assert listing(tmp_path) == ["T.pdn"]


@pytest.mark.parametrize("where", ["environment", "configuration"])
def test_a_dash_named_as_the_index_elsewhere_is_never_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    # --db - is a usage error; NOTATION_DB=- and db = "-" made a file named "-" all the same.
    archive(tmp_path, '[GameType "26"]\n[Result "2-0"]\n\n1. 22-17 2-0\n')
    monkeypatch.chdir(tmp_path)
    if where == "environment":
        monkeypatch.setenv("NOTATION_DB", "-")
    else:
        monkeypatch.delenv("NOTATION_DB", raising=False)
        (tmp_path / "notation.toml").write_text('db = "-"\n', encoding="utf-8")
    result = run("index", "T.pdn")
    assert result.exit_code == 2
    if where == "environment":
        assert result.stderr == (
            "notation: -: not an index: name an SQLite file or a postgresql:// URL\n"
        )
    else:
        assert result.stderr.endswith(
            "notation.toml: db: - is not an index: name an SQLite file or a postgresql:// URL\n"
        )
    for args in (("find", "--result", "2-0"), ("tree", "--game", "brazilian")):
        assert run(*args).exit_code == 2, args
    assert sorted(set(listing(tmp_path)) - {"notation.toml"}) == ["T.pdn"]


def test_an_index_name_not_utf8_is_shown_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The name was shown with a surrogate escape, "\udcff", as Python holds it.
    archive(tmp_path, '[GameType "26"]\n[Result "2-0"]\n\n1. 22-17 2-0\n')
    monkeypatch.chdir(tmp_path)
    os.mkdir(b"\xff")
    monkeypatch.setenv("NOTATION_DB", os.fsdecode(b"\xff"))
    result = run("find", "--result", "2-0")
    assert result.exit_code == 2
    assert "\\xff: not an index: it is a folder" in result.stderr
    assert "udcff" not in result.stderr
