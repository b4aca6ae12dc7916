"""Duplicate detection: the same game, start and main-line moves, whatever the notation."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from notation.archive.convert import convert_record
from notation.archive.duplicates import find_duplicates
from notation.archive.select import Filters, Selector
from notation.check.identity import Duplicates, main_line, moves_key
from notation.cli.commands.duplicates import duplicates
from notation.cli.main import app as main_app
from notation.diagnostics import CODES, Severity
from notation.games.registry import get_game
from notation.record import read_records, read_string, write_record, write_records

ROOT = Path(__file__).resolve().parents[2]
CLUB = ROOT / "samples" / "brazilian" / "club-championship-2025.pdn"
BRAZILIAN = get_game("brazilian")

app = typer.Typer()
app.command()(duplicates)
app.command("other")(lambda: None)  # two commands, so that "duplicates" is named as in the CLI
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, ["duplicates", *args])


@pytest.fixture
def archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """numeric.pdn: the first three club games; alpha/copy.pdn: game 2 in alphanumeric
    notation, with other tags and no comments, after an unrelated game."""
    records = list(read_records(CLUB))
    with (tmp_path / "numeric.pdn").open("w", encoding="utf-8") as out:
        write_records(records[:3], out)
    copy = records[1]
    assert convert_record(copy, BRAZILIAN, "alphanumeric") == []
    copy.set_tag("Event", "Another event")
    copy.moves.comments.clear()
    (tmp_path / "alpha").mkdir()
    text = write_record(records[5]) + "\n" + write_record(copy)
    (tmp_path / "alpha" / "copy.pdn").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_numeric_and_an_alphanumeric_copy_are_one_group(archive: Path) -> None:
    assert '[GameType "26,W,8,8,A0,0"]' in (archive / "alpha" / "copy.pdn").read_text("utf-8")
    result = run("numeric.pdn", "alpha")
    assert result.exit_code == 1
    assert result.stdout == (
        "duplicate group 1: brazilian, 47 plies, 2 records\n"
        "  numeric.pdn:16: game 2\n"
        "  alpha/copy.pdn:19: game 2\n"
    )
    assert result.stderr == "1 group of duplicates (2 records) among 5 records\n"


def test_json_lists_the_groups(archive: Path) -> None:
    result = run("numeric.pdn", "alpha", "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == {
        "version": 1,
        "records": 5,
        "groups": [
            {
                "game": "brazilian",
                "plies": 47,
                "records": [
                    {"path": "numeric.pdn", "game": 2, "line": 16},
                    {"path": "alpha/copy.pdn", "game": 2, "line": 19},
                ],
            }
        ],
    }


def test_no_duplicates_exits_zero(archive: Path) -> None:
    result = run("numeric.pdn")
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr == "0 groups of duplicates (0 records) among 3 records\n"


def test_an_unreadable_input_exits_two_and_nothing_is_written(archive: Path) -> None:
    (archive / "kept.txt").write_text("last week's\n", encoding="utf-8")
    for output in ((), ("-o", "kept.txt"), ("--position", "-o", "kept.txt")):
        result = run("numeric.pdn", "missing.pdn", *output)
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == (
            "missing.pdn:1:1: error PDN106 cannot read missing.pdn: no such file or directory\n"
            "nothing written: an input could not be read\n"
        )
    assert (archive / "kept.txt").read_text(encoding="utf-8") == "last week's\n"


def test_the_validator_warning_names_the_first_occurrence() -> None:
    assert CODES["REC208"].severity is Severity.WARNING
    first, second, third = read_string(
        '[GameType "26"]\n\n1. 22-18 11-15 *\n\n'
        '[GameType "26"]\n[Result "2-0"]\n\n1. 22-18 {best} 11-15 ( 1... 10-14 ) 2-0\n\n'
        '[GameType "26"]\n[FEN "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,'
        '11,12"]\n\n1. 22-18 11-15 *\n'
    )
    index = Duplicates()
    assert index.check(first, BRAZILIAN, path="a.pdn") is None
    found = index.check(second, BRAZILIAN, path="b.pdn")
    assert found is not None
    assert found.format() == (
        "b.pdn:5:1: warning REC208 game 2 repeats game 1 of a.pdn (line 1): "
        "the same moves from the same start"
    )
    same_file = index.check(third, BRAZILIAN, path="a.pdn")
    assert same_file is not None
    assert same_file.message == (
        "game 3 repeats game 1 (line 1): the same moves from the same start"
    )
    assert [len(g.records) for g in index.groups()] == [3]


def test_records_that_cannot_be_replayed_whole_are_left_out() -> None:
    illegal, empty, other_start = read_string(
        '[GameType "26"]\n\n1. 22-18 11-14 *\n\n[GameType "26"]\n\n*\n\n'
        '[GameType "26"]\n[FEN "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,'
        '10,11,12"]\n\n1... 11-15 *\n'
    )
    assert moves_key(BRAZILIAN, illegal) is None
    assert moves_key(BRAZILIAN, empty) is None
    key = moves_key(BRAZILIAN, other_start)
    assert key is not None and key[1] == 1


def test_find_duplicates_over_the_samples_finds_the_broken_copies() -> None:
    report = find_duplicates([str(ROOT / "samples" / "brazilian")])
    assert report.records == 61  # 44, and the 17 games of the score sheets
    assert report.problems == []
    assert [(g.game, g.plies, [o.index for o in g.records]) for g in report.groups] == [
        ("brazilian", 47, [1, 1, 1]),
        ("brazilian", 92, [3, 3]),
        ("brazilian", 47, [2, 1, 2]),
    ]


def test_position_groups_transpositions_and_leaves_exact_copies_in_one_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_select import A, B

    monkeypatch.chdir(tmp_path)
    Path("a.pdn").write_text(A, encoding="utf-8")
    Path("b.pdn").write_text(B, encoding="utf-8")
    result = run("a.pdn", "b.pdn", "--position")
    assert result.exit_code == 1
    assert result.stdout == (
        "position group 1: brazilian, the final position, 3 records, 2 move orders\n"
        "  a.pdn:1: game 1, 4 plies (order 1)\n"
        "  a.pdn:10: game 2, 4 plies (order 2)\n"
        "  b.pdn:1: game 1, 4 plies (order 1)\n"
    )
    assert result.stderr == "1 group of transpositions (3 records) among 7 records\n"
    after = run("a.pdn", "b.pdn", "--position", "--ply", "4", "--format", "json")
    assert after.exit_code == 1
    document = json.loads(after.stdout)
    assert document["ply"] == 4
    (group,) = document["groups"]
    assert group["setup"] == {
        "FEN": "W:W17,18,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,13,16"
    }
    assert [(r["path"], r["game"], r["plies"], r["order"]) for r in group["records"]] == [
        ("a.pdn", 1, 4, 1),
        ("a.pdn", 2, 4, 2),
        ("b.pdn", 1, 4, 1),
        ("b.pdn", 2, 5, 1),
    ]
    early = run("a.pdn", "b.pdn", "--position", "--ply", "2")
    assert early.exit_code == 0
    assert early.stdout == ""
    assert early.stderr == "0 groups of transpositions (0 records) among 7 records\n"
    plain = run("a.pdn", "b.pdn")
    assert plain.stdout == (
        "duplicate group 1: brazilian, 4 plies, 2 records\n  a.pdn:1: game 1\n  b.pdn:1: game 1\n"
    )


def test_ply_without_position_is_a_usage_error() -> None:
    result = run("-", "--ply", "3")
    assert result.exit_code == 2


def test_a_keny_position_matches_whatever_its_count_of_quiet_plies() -> None:
    keny = get_game("keny")
    text = '[Variant "keny"]\n\n1. h2-h4 e6-e5 2. c3-c4 d7-d5 *\n'
    (record,) = read_string(text)
    line = main_line(keny, record)
    assert line is not None and line.end.quiet == 4
    fen = "W:Wa2-g2,a3-b3,d3-h3,c4,h4:Bd5-e5,a6-d6,f6-h6,a7-c7,e7-h7"
    assert keny.start({"FEN": fen}) != line.end
    assert keny.identity(keny.start({"FEN": fen})) == keny.identity(line.end)
    assert keny.identity(keny.start({"FEN": fen + ":H4"})) == keny.identity(line.end)
    assert keny.start({"FEN": fen + ":H4"}) == line.end
    selected = Selector(Filters(position=fen))
    assert selected.matches(record, "-")


UNREPLAYED = [
    # 1: Frisian draughts (GameType 40) is not supported: compared as written.
    '[GameType "40"]\n[Event "a"]\n\n1. 32-28 19-23 {x} 2. 28x19 ( 2. 31-27 ) 14x23 *\n',
    # 2: a copy of 1: other tags, result, spacing, line breaks, comments, NAGs, marks.
    '[Event "b"]\n[GameType "40"]\n\n1.32-28 $1 19-23!\n2.28x19 {y} (2... 31-27 {z}) 14x23 1-0\n',
    # 3: 1 with one move of a variation written otherwise.
    '[GameType "40"]\n\n1. 32-28 19-23 2. 28x19 ( 2. 31-26 ) 14x23 *\n',
    # 4: 1 with one main-line move written otherwise.
    '[GameType "40"]\n\n1. 32-28 19-24 2. 28x19 ( 2. 31-27 ) 14x23 *\n',
    # 5: 1 as another unsupported game.
    '[GameType "41"]\n\n1. 32-28 19-23 2. 28x19 ( 2. 31-27 ) 14x23 *\n',
    # 6: 1 from a set-up position.
    '[GameType "40"]\n[FEN "W:W31,32:B19,20"]\n\n1. 32-28 19-23 2. 28x19 ( 2. 31-27 ) 14x23 *\n',
    # 7: a Brazilian game with an illegal move (the capture 18x11 is compulsory).
    '[GameType "26"]\n\n1. 22-18 11-15 2. 18-14 {sic} *\n',
    # 8: a copy of 7.
    '[GameType "26"]\n[Round "2"]\n\n1. 22-18 11-15\n2. 18-14 0-1\n',
    # 9: a syntax error: compared by its whole text.
    '[GameType "26"]\n\n1. 22-18 foo 11-15 *\n',
    # 10: a copy of 9, spacing aside.
    '[GameType "26"]\n\n1.  22-18   foo\n11-15 *\n',
    # 11: 9 written otherwise after the error.
    '[GameType "26"]\n\n1. 22-18 foo 10-14 *\n',
    # 12: a problem position: no moves, compared by its whole text.
    '[GameType "26"]\n[FEN "W:W21:B10"]\n\n*\n',
    # 13: a copy of 12.
    '[GameType "26"]\n[FEN "W:W21:B10"]\n*\n',
    # 14: 12 with another Event tag.
    '[GameType "26"]\n[Event "e"]\n[FEN "W:W21:B10"]\n\n*\n',
]


def test_games_that_cannot_be_replayed_are_compared_as_written(tmp_path: Path) -> None:
    (tmp_path / "u.pdn").write_text("\n".join(UNREPLAYED), encoding="utf-8")
    report = find_duplicates([str(tmp_path / "u.pdn")])
    assert report.records == 14
    assert [(g.game, g.plies, [o.index for o in g.records]) for g in report.groups] == [
        ("GameType 40 (Frisian draughts)", 4, [1, 2]),
        ("brazilian", 3, [7, 8]),
        ("brazilian", 1, [9, 10]),
        ("brazilian", 0, [12, 13]),
    ]


def test_a_copy_that_cannot_be_replayed_is_a_validator_warning(tmp_path: Path) -> None:
    (tmp_path / "u.pdn").write_text("\n".join(UNREPLAYED[:2]), encoding="utf-8")
    found = CliRunner().invoke(main_app, ["validate", "--duplicates", str(tmp_path / "u.pdn")])
    repeated = [line for line in found.stdout.splitlines() if "REC208" in line]
    assert repeated == [
        f"{tmp_path / 'u.pdn'}:6:1: warning REC208 game 2 repeats game 1 (line 1): "
        "the same moves from the same start"
    ]


def test_merging_an_archive_with_itself_adds_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("u.pdn").write_text("\n".join(UNREPLAYED), encoding="utf-8")
    Path("copy.pdn").write_text("\n".join(UNREPLAYED), encoding="utf-8")
    merged = CliRunner().invoke(main_app, ["merge", "--unique", "u.pdn", "copy.pdn", "-o", "m.pdn"])
    assert merged.exit_code == 0
    assert merged.stdout.splitlines()[-1] == "10 of 28 games written, 18 copies left out"
    # The same file named twice is read once.
    twice = CliRunner().invoke(main_app, ["merge", "--unique", "u.pdn", "u.pdn", "-o", "t.pdn"])
    assert twice.stdout.splitlines()[0] == (
        "notation: warning: u.pdn is named more than once: it is read once"
    )
    assert twice.stdout.splitlines()[-1] == "10 of 14 games written, 4 copies left out"
    assert Path("t.pdn").read_text("utf-8") == Path("m.pdn").read_text("utf-8")
    once = CliRunner().invoke(main_app, ["merge", "--unique", "u.pdn", "-o", "once.pdn"])
    assert once.stdout.splitlines() == [
        "u.pdn:6: game 2 is a copy of u.pdn:1 game 1",
        "u.pdn:33: game 8 is a copy of u.pdn:29 game 7",
        "u.pdn:43: game 10 is a copy of u.pdn:39 game 9",
        "u.pdn:57: game 13 is a copy of u.pdn:52 game 12",
        "10 of 14 games written, 4 copies left out",
    ]
    assert Path("m.pdn").read_text("utf-8") == Path("once.pdn").read_text("utf-8")
    chosen = CliRunner().invoke(main_app, ["select", "--unique", "u.pdn", "u.pdn", "-o", "s.pdn"])
    assert chosen.exit_code == 0
    assert Path("s.pdn").read_text("utf-8") == Path("once.pdn").read_text("utf-8")


CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpora" / "pdn-standard" / "succeed"


@pytest.mark.slow
@pytest.mark.skipif(
    not CORPUS.is_dir(), reason="the PDN standard corpus (shared/corpora) is not beside the project"
)
def test_merging_the_standards_corpus_with_itself_adds_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    once = CliRunner().invoke(main_app, ["merge", "--unique", str(CORPUS), "-o", "once.pdn"])
    assert once.stdout.splitlines()[-1] == "1919 of 1978 games written, 59 copies left out"
    # A copy of the corpus: the corpus named twice would be read once.
    shutil.copytree(CORPUS, "copy")
    twice = CliRunner().invoke(
        main_app, ["merge", "--unique", str(CORPUS), "copy", "-o", "twice.pdn"]
    )
    assert twice.stdout.splitlines()[-1] == "1919 of 3956 games written, 2037 copies left out"
    assert Path("twice.pdn").read_text("utf-8") == Path("once.pdn").read_text("utf-8")


GAME = '[GameType "26"]\n\n1. 22-18 11-15 2. 18x11 8x15 *\n'
"""One game; a file of it holds no duplicate."""


def test_a_file_named_twice_is_read_once_not_its_own_duplicate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from notation.archive.duplicates import duplicates as run_duplicates
    from notation.archive.duplicates import duplicates_settings

    monkeypatch.chdir(tmp_path)
    Path("a.pdn").write_text(GAME, encoding="utf-8")
    Path("b.pdn").symlink_to("a.pdn")
    Path("c.pdn").write_text(GAME, encoding="utf-8")
    named = ["a.pdn", "a.pdn", "./a.pdn", "b.pdn"]
    once = run_duplicates(named, duplicates_settings())
    assert (once.groups, once.records, once.problems, once.status) == ([], 1, [], 0)
    assert once.warnings == [
        "a.pdn is named more than once: it is read once",
        "./a.pdn is named more than once: it is read once",
        "b.pdn is named more than once: it is read once",
    ]
    moved = run_duplicates(named, duplicates_settings(position=True, ply=1))
    assert (moved.groups, moved.records, moved.warnings) == ([], 1, once.warnings)
    # Another file with the same game is a duplicate still.
    copied = run_duplicates(["a.pdn", "b.pdn", "c.pdn"], duplicates_settings())
    assert copied.written() == (
        "duplicate group 1: brazilian, 4 plies, 2 records\n  a.pdn:1: game 1\n  c.pdn:1: game 1\n"
    )
    assert copied.warnings == ["b.pdn is named more than once: it is read once"]
    done = run("a.pdn", "a.pdn")
    assert (done.exit_code, done.stdout, done.stderr) == (
        0,
        "",
        "notation: warning: a.pdn is named more than once: it is read once\n"
        "0 groups of duplicates (0 records) among 1 record\n",
    )
