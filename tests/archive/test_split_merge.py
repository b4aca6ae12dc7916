"""notation split and merge: safe file names, every game in one file, and back again."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest
from test_select import A1, A2, A3, B1, B2, B3, B4, TWICE, TWICE_WARNING, A, B
from typer.testing import CliRunner, Result

from notation.archive.split import file_names, slug
from notation.cli.main import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def _archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("archive").mkdir()
    Path("archive/a.pdn").write_text(A, encoding="utf-8")
    Path("archive/b.pdn").write_text(B, encoding="utf-8")


def invoke(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin)


def files(folder: str) -> dict[str, str]:
    return {p.name: p.read_text("utf-8") for p in sorted(Path(folder).iterdir())}


@pytest.mark.parametrize(
    ("value", "name"),
    [
        ("Open 2025", "open-2025"),
        ("Club/Night ../etc", "club-night-etc"),
        ("../../etc/passwd", "etc-passwd"),
        ("..", "unnamed"),
        (".hidden", "hidden"),
        ("a\\b:c*d?", "a-b-c-d"),
        ("CON", "con_"),
        ("nul.txt", "nul_txt"),
        ("Lpt1", "lpt1_"),
        ("Чемпионат Москвы", "чемпионат-москвы"),
        ("v1.2 final", "v1.2-final"),
        ("?", "unknown"),
        ("", "unknown"),
        (None, "unknown"),
        ("x" * 200, "x" * 80),
    ],
)
def test_a_value_becomes_a_safe_file_name(value: str | None, name: str) -> None:
    assert slug(value) == name


def test_values_that_slug_alike_get_distinct_names() -> None:
    assert file_names(["Open", "open", "OPEN!", "open-2", None]) == [
        "open.pdn",
        "open-2.pdn",
        "open-3.pdn",
        "open-2-2.pdn",
        "unknown.pdn",
    ]


def test_split_by_event_puts_every_game_in_one_file_in_input_order() -> None:
    result = invoke("split", "archive", "--by", "event", "--dir", "out")
    assert result.exit_code == 0, result.output
    assert files("out") == {
        "open-2025.pdn": A1 + "\n" + A2,
        "club-night-etc.pdn": A3 + "\n" + B2,
        "open-2025-2.pdn": B1,
        "cheversi-cup.pdn": B3,
        "con_.pdn": B4,
    }
    assert result.stdout == (
        "out/open-2025.pdn: 2 games\n"
        "out/club-night-etc.pdn: 2 games\n"
        "out/open-2025-2.pdn: 1 game\n"
        "out/cheversi-cup.pdn: 1 game\n"
        "out/con_.pdn: 1 game\n"
        "7 games in 5 files of out\n"
    )


def test_split_by_round_groups_a_missing_tag_and_a_question_mark_as_unknown() -> None:
    result = invoke("split", "archive", "--by", "round", "--dir", "out", "-f", "json")
    assert result.exit_code == 0
    assert files("out") == {
        "1.pdn": A1 + "\n" + B3,
        "2.pdn": A2,
        "unknown.pdn": A3 + "\n" + B2,
        "3.pdn": B1,
        "4.pdn": B4,
    }
    document = json.loads(result.stdout)
    assert [(f["path"], f["value"]) for f in document["files"]] == [
        ("out/1.pdn", "1"),
        ("out/2.pdn", "2"),
        ("out/unknown.pdn", None),
        ("out/3.pdn", "3"),
        ("out/4.pdn", "4"),
    ]
    assert document["files"][2]["games"] == [
        {"path": "archive/a.pdn", "index": 3, "line": 19},
        {"path": "archive/b.pdn", "index": 2, "line": 10},
    ]
    assert document["summary"] == {"games": 7, "files": 5, "exit_status": 0}


def test_split_by_a_tag_by_game_and_in_runs() -> None:
    assert invoke("split", "archive", "--by", "tag:White", "--dir", "w").exit_code == 0
    assert sorted(files("w")) == [
        "ana-maria.pdn",
        "ana.pdn",
        "carla.pdn",
        "eva.pdn",
        "fabio.pdn",
        "unknown.pdn",
    ]
    assert files("w")["ana.pdn"] == A1 + "\n" + B4
    assert invoke("split", "archive", "--by", "game", "--dir", "g").exit_code == 0
    assert files("g") == {"brazilian.pdn": "\n".join([A1, A2, A3, B1, B2, B4]), "cheversi.pdn": B3}
    assert invoke("split", "archive", "--by", "every:3", "--dir", "r").exit_code == 0
    assert files("r") == {
        "part-0001.pdn": A,
        "part-0002.pdn": B1 + "\n" + B2 + "\n" + B3,
        "part-0003.pdn": B4,
    }


def test_split_by_a_tag_no_game_has_warns_and_names_the_tags_the_games_have() -> None:
    result = invoke("split", "archive", "--by", "tag:Whte", "--dir", "w")
    assert result.exit_code == 0
    assert result.stdout == (
        "notation: warning: --by: no game has a tag Whte; did you mean White? (the games' "
        "tags: Black, Event, GameType, Result, Round, Variant, White): every game goes to "
        "unknown.pdn\n"
        "w/unknown.pdn: 7 games\n"
        "7 games in 1 file of w\n"
    )
    result = invoke("split", "archive", "--by", "tag:White", "--dir", "w2", "-f", "json")
    assert json.loads(result.stdout)["warnings"] == []


def test_split_then_merge_gives_back_the_same_games() -> None:
    assert invoke("split", "archive", "--by", "event", "--dir", "out").exit_code == 0
    parts = ["out/open-2025.pdn", "out/club-night-etc.pdn", "out/open-2025-2.pdn"]
    parts += ["out/cheversi-cup.pdn", "out/con_.pdn"]
    result = invoke("merge", *parts, "-o", "merged.pdn")
    assert result.exit_code == 0
    assert result.stdout == "7 of 7 games written, 0 copies left out\n"
    expected = [A1, A2, A3, B2, B1, B3, B4]
    assert Path("merged.pdn").read_text("utf-8") == "\n".join(expected)
    whole = invoke("merge", "archive")
    assert whole.stdout == A + "\n" + B


def test_merge_unique_drops_each_copy_and_says_so() -> None:
    result = invoke("merge", "archive/b.pdn", "archive/a.pdn", "--unique", "-o", "m.pdn")
    assert result.exit_code == 0
    assert result.stdout == (
        "archive/a.pdn:1: game 1 is a copy of archive/b.pdn:1 game 1\n"
        "6 of 7 games written, 1 copy left out\n"
    )
    assert Path("m.pdn").read_text("utf-8") == B + "\n" + A2 + "\n" + A3
    report = invoke("merge", "archive", "--unique", "-f", "json", "-o", "m.pdn")
    document = json.loads(report.stdout)
    assert document["dropped"] == [
        {
            "path": "archive/b.pdn",
            "index": 1,
            "line": 1,
            "copy_of": {"path": "archive/a.pdn", "index": 1, "line": 1},
        }
    ]
    assert document["summary"] == {"games": 7, "written": 6, "dropped": 1, "exit_status": 0}


def test_standard_input_a_glob_and_a_gzip_file() -> None:
    Path("b.pdn.gz").write_bytes(gzip.compress(B.encode()))
    result = invoke("merge", "-", "b.pdn.gz", stdin=A)
    assert result.exit_code == 0
    assert result.stdout == A + "\n" + B
    result = invoke("split", "archive/*.pdn", "--by", "every:4", "--dir", "out")
    assert result.exit_code == 0
    assert files("out") == {
        "part-0001.pdn": A + "\n" + B1,
        "part-0002.pdn": B2 + "\n" + B3 + "\n" + B4,
    }
    result = invoke("split", "-", "--by", "event", "--dir", "std", stdin=A)
    assert files("std") == {"open-2025.pdn": A1 + "\n" + A2, "club-night-etc.pdn": A3}


def test_an_unreadable_input_writes_nothing() -> None:
    result = invoke("split", "archive", "missing.pdn", "--by", "event", "--dir", "out")
    assert result.exit_code == 2
    assert result.stdout == (
        "missing.pdn:1:1: error PDN106 cannot read missing.pdn: no such file or directory\n"
        "nothing written: an input could not be read\n"
        "7 games in 0 files of out\n"
    )
    assert not Path("out").exists()
    result = invoke("merge", "missing.pdn", "-o", "m.pdn")
    assert result.exit_code == 2
    assert result.stdout.count("\n") == 1
    assert not Path("m.pdn").exists()


def test_split_refuses_a_folder_that_is_an_input_file_or_holds_one() -> None:
    result = invoke("split", "archive/a.pdn", "--by", "event", "--dir", "archive/a.pdn")
    assert result.exit_code == 2
    assert result.stderr == (
        "notation: archive/a.pdn is an input of this command, not a folder to write in\n"
    )
    Path("f.pdn").write_text(A1)
    result = invoke("split", "archive", "--by", "event", "--dir", "f.pdn")
    assert result.stderr == "notation: f.pdn is a file, not a folder\n"
    Path("open").mkdir()
    Path("open/cheversi-cup.pdn").write_text(B3)
    result = invoke("split", "archive", "open/cheversi-cup.pdn", "--by", "event", "--dir", "open")
    assert result.exit_code == 2
    assert (
        "open/cheversi-cup.pdn is an input of this command: it is not overwritten" in result.stdout
    )
    assert files("open") == {"cheversi-cup.pdn": B3}


def test_split_refuses_a_folder_name_too_long_for_the_system() -> None:
    name = "9" * 300
    for folder in (name, f"{name}/x"):
        result = invoke("split", "archive", "--by", "event", "--dir", folder)
        assert (result.exit_code, result.stderr) == (
            2,
            f"notation: cannot make {folder}: file name too long\n",
        )


def test_a_bad_grouping_is_a_usage_error() -> None:
    for by in ("colour", "tag:", "every:0", "every:x"):
        result = invoke("split", "archive", "--by", by, "--dir", "out")
        assert result.exit_code == 2, by
    assert not Path("out").exists()


LONG = "\U00020000" * 100
"""A value of 100 letters of 4 bytes each (a CJK ideograph): 400 bytes."""


def test_a_long_name_in_four_byte_letters_is_cut_to_223_bytes_at_a_letter() -> None:
    # 255 bytes, less room for the temporary file's affixes.
    names = file_names([LONG, LONG + "x", "short"])
    assert names == ["\U00020000" * 54 + ".pdn", "\U00020000" * 54 + "-2.pdn", "short.pdn"]
    assert [len(n.encode("utf-8")) for n in names[:2]] == [220, 222]


def test_round_numbers_are_padded_so_that_the_names_sort() -> None:
    assert file_names([str(n) for n in range(1, 11)]) == [f"{n:02d}.pdn" for n in range(1, 11)]
    assert file_names(["3.2", "10.1", "3.10", None]) == [
        "03.02.pdn",
        "10.01.pdn",
        "03.10.pdn",
        "unknown.pdn",
    ]


def _tagged(event: str, number: int) -> str:
    return f'[Event "{event}"]\n[Round "{number}"]\n[GameType "26"]\n\n1. 22-18 *\n'


def test_split_writes_long_names_and_padded_rounds() -> None:
    Path("long.pdn").write_text(_tagged(LONG, 1) + "\n" + _tagged(LONG + "x", 10), "utf-8")
    result = invoke("split", "long.pdn", "--by", "event", "--dir", "out")
    assert result.exit_code == 0, result.output
    assert sorted(files("out")) == ["\U00020000" * 54 + "-2.pdn", "\U00020000" * 54 + ".pdn"]
    result = invoke("split", "long.pdn", "--by", "round", "--dir", "rounds")
    assert result.exit_code == 0, result.output
    assert sorted(files("rounds")) == ["01.pdn", "10.pdn"]


def test_split_replaces_no_file_it_did_not_make_unless_forced() -> None:
    Path("out").mkdir()
    Path("out/club-night-etc.pdn").write_text("mine", "utf-8")
    result = invoke("split", "archive", "--by", "event", "--dir", "out")
    assert result.exit_code == 2
    assert result.stdout == (
        "nothing written: out/club-night-etc.pdn exists: it is not replaced "
        "(give --force to replace it)\n"
        "7 games in 0 files of out\n"
    )
    assert files("out") == {"club-night-etc.pdn": "mine"}
    result = invoke("split", "archive", "--by", "event", "--dir", "out", "--force")
    assert result.exit_code == 0
    assert files("out")["club-night-etc.pdn"] == A3 + "\n" + B2


def test_split_makes_no_folder_when_it_writes_nothing() -> None:
    Path("empty.pdn").write_text("", "utf-8")
    result = invoke("split", "empty.pdn", "--allow-empty", "--by", "event", "--dir", "out")
    assert result.exit_code == 0
    assert not Path("out").exists()


def test_a_name_taken_by_a_folder_is_refused_before_anything_is_written() -> None:
    # The third file's name is taken by a folder: it cannot be written, even with --force.
    # It was found only when writing, after the run had replaced the user's files (which
    # it then removed).
    Path("out").mkdir()
    Path("out/open-2025-2.pdn").mkdir()
    Path("out/club-night-etc.pdn").write_text("mine", "utf-8")
    result = invoke("split", "archive", "--by", "event", "--dir", "out", "--force")
    assert result.exit_code == 2
    assert result.stdout == (
        "nothing written: out/open-2025-2.pdn is a folder: it is not replaced\n"
        "7 games in 0 files of out\n"
    )
    assert sorted(p.name for p in Path("out").iterdir()) == [
        "club-night-etc.pdn",
        "open-2025-2.pdn",
    ]
    assert Path("out/club-night-etc.pdn").read_text("utf-8") == "mine"
    Path("out/club-night-etc.pdn").unlink()
    Path("out/open-2025-2.pdn").rmdir()
    Path("out").rmdir()
    Path("new").mkdir()
    Path("new/x").mkdir()
    result = invoke("split", "archive", "--by", "event", "--dir", "new/x/out")
    assert result.exit_code == 0


def test_merge_unique_reads_a_file_named_twice_once_and_says_so() -> None:
    result = invoke("merge", "archive/a.pdn", "archive/b.pdn", "archive/./a.pdn", "--unique")
    assert result.exit_code == 0
    assert result.stdout == A + "\n" + B2 + "\n" + B3 + "\n" + B4
    assert result.stderr == (
        "notation: warning: archive/./a.pdn is named more than once: it is read once\n"
        "archive/b.pdn:1: game 1 is a copy of archive/a.pdn:1 game 1\n"
        "6 of 7 games written, 1 copy left out\n"
    )
    report = invoke("merge", "archive/a.pdn", "archive/a.pdn", "--unique", "-f", "json")
    document = json.loads(report.stderr)
    assert document["warnings"] == ["archive/a.pdn is named more than once: it is read once"]
    assert document["dropped"] == []


def test_split_refuses_a_dangling_link_as_its_folder() -> None:
    # It said "cannot make out: File exists": the link is there, what it names is not, and
    # a link is not followed to make a folder at its end.
    os.symlink("nowhere", "out")
    result = invoke("split", "archive", "--by", "event", "--dir", "out")
    assert (result.exit_code, result.stderr) == (
        2,
        "notation: cannot make out: it is a link to nowhere, which does not exist\n",
    )
    assert not os.path.lexists("nowhere")


SAMPLES = Path(__file__).resolve().parents[2] / "samples"

UNTAGGED_INTERNATIONAL = '[Event "x"]\n\n1. 32-28 19-23 2. 28-22 *\n'


def untagged(sample: str, name: str) -> str:
    """The text of ``sample`` (under samples/) without its GameType and Variant tags,
    written to ``name``."""
    lines = (SAMPLES / sample).read_text("utf-8").splitlines(keepends=True)
    text = "".join(line for line in lines if not line.startswith(("[GameType ", "[Variant ")))
    Path(name).write_text(text, encoding="utf-8")
    return text


def judged_as(path: str, game: str, plies: str, what: str) -> str:
    """validate's REC221 notice on the untagged record of ``path``."""
    return (
        f"{path}:1:1: notice REC221 the record names no game and its {what} not "
        f"international draughts (PDN's default): judged as {game}, whose rules replay "
        f"{plies}; a GameType or Variant tag, or --game, decides"
    )


def test_split_by_game_groups_an_untagged_record_as_the_game_validate_judges_it_as() -> None:
    """Untagged English and Keny records go to english.pdn and keny.pdn, each with
    validate's REC221 notice; an untagged international record stays international."""
    english = untagged("english/broken/wrong-result.pdn", "en-untag.pdn")
    keny = untagged("keny/broken/draw-not-recorded.pdn", "keny-untag.pdn")
    Path("intl.pdn").write_text(UNTAGGED_INTERNATIONAL, encoding="utf-8")
    paths = ("en-untag.pdn", "keny-untag.pdn", "intl.pdn")
    result = invoke("split", "--by", "game", *paths, "-d", "out")
    assert result.exit_code == 0
    assert files("out") == {
        "english.pdn": english,
        "keny.pdn": keny,
        "international.pdn": UNTAGGED_INTERNATIONAL,
    }
    assert result.stdout.splitlines() == [
        judged_as(
            "en-untag.pdn", "English draughts (GameType 21)", "its 49 plies", "first moves are"
        ),
        judged_as("keny-untag.pdn", "Keny (Caucasian checkers)", "its 95 plies", "setup is"),
        "out/english.pdn: 1 game",
        "out/keny.pdn: 1 game",
        "out/international.pdn: 1 game",
        "3 games in 3 files of out",
    ]
    document = json.loads(invoke("split", "--by", "game", *paths, "-d", "j", "-f", "json").stdout)
    assert [(d["code"], d["path"]) for d in document["diagnostics"]] == [
        ("REC221", "en-untag.pdn"),
        ("REC221", "keny-untag.pdn"),
    ]
    assert [f["value"] for f in document["files"]] == ["english", "keny", "international"]


def test_split_by_game_with_game_groups_untagged_records_as_that_game() -> None:
    untagged("english/broken/wrong-result.pdn", "en-untag.pdn")
    untagged("keny/broken/draw-not-recorded.pdn", "keny-untag.pdn")
    result = invoke(
        "split", "--by", "game", "-g", "russian", "en-untag.pdn", "keny-untag.pdn", "-d", "o"
    )
    assert result.exit_code == 0
    assert sorted(files("o")) == ["russian.pdn"]
    assert result.stdout == "o/russian.pdn: 2 games\n2 games in 1 file of o\n"


def test_split_by_another_grouping_judges_no_game() -> None:
    untagged("english/broken/wrong-result.pdn", "en-untag.pdn")
    result = invoke("split", "--by", "round", "en-untag.pdn", "-d", "o")
    assert result.exit_code == 0
    assert result.stdout == "o/3.pdn: 1 game\n1 game in 1 file of o\n"


def test_split_and_merge_keep_a_header_that_names_a_tag_twice_as_one_game() -> None:
    Path("twice.pdn").write_text(TWICE + "\n" + A1, "utf-8")
    result = invoke("split", "twice.pdn", "--by", "event", "--dir", "out")
    assert (result.exit_code, result.stdout) == (
        0,
        TWICE_WARNING
        + "out/club.pdn: 1 game\nout/open-2025.pdn: 1 game\n2 games in 2 files of out\n",
    )
    assert files("out") == {"club.pdn": TWICE, "open-2025.pdn": A1}
    result = invoke("merge", "twice.pdn", "archive/a.pdn", "-o", "all.pdn", "--unique")
    assert (result.exit_code, result.stdout) == (
        0,
        TWICE_WARNING
        + "archive/a.pdn:1: game 1 is a copy of twice.pdn:8 game 3\n"
        + "4 of 5 games written, 1 copy left out\n",
    )
    assert Path("all.pdn").read_text("utf-8") == "\n".join([TWICE, A1, A2, A3])
