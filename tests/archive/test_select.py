"""notation select: the exact games each filter selects, written as read, and what is refused."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner, Result

from notation.archive.select import Filters, Selector
from notation.cli.main import app
from notation.cli.vocabulary import common_options
from notation.games.registry import GAMES, get_game
from notation.record import read_string

runner = CliRunner()

A1 = (
    '[Event "Open 2025"]\n[Round "1"]\n[White "Ana"]\n[Black "Bruno"]\n[GameType "26"]\n'
    '[Result "1-0"]\n\n1. 21-17 12-16 2. 23-18 9-13 1-0\n'
)
A2 = (
    '[Event "Open 2025"]\n[Round "2"]\n[White "Carla"]\n[Black "Davi"]\n[GameType "26"]\n'
    '[Result "0-1"]\n\n1. 23-18 9-13 2. 21-17 12-16 {transposed} 0-1\n'
)
"""A1's position after 4 plies, reached by another move order."""
A3 = (
    '[Event "Club/Night ../etc"]\n[Round "?"]\n[White "ana maria"]\n[Black "Bruno"]\n'
    '[GameType "26"]\n[Result "*"]\n\n1. 22-18 foo 10-14 *\n'
)
"""A syntax error (PDN101)."""
B1 = (
    '[Event "open 2025"]\n[Round "3"]\n[White "Eva"]\n[Black "Ana"]\n'
    '[GameType "26,W,8,8,A0,0"]\n[Result "1/2-1/2"]\n\n1. a3-b4 h6-g5 2. e3-d4 b6-a5 1/2-1/2\n'
)
"""A1's moves in alphanumeric notation: a copy of A1."""
B2 = (
    '[Event "Club/Night ../etc"]\n[White "Fabio"]\n[Black "Gil"]\n[GameType "26"]\n'
    '[Result "*"]\n\n1. 21-17 12-16 2. 23-18 9-13 3. 18-25 *\n'
)
"""A1's moves, then an illegal one (BR206); no Round tag."""
B3 = (
    '[Event "Cheversi cup"]\n[Round "1"]\n[Variant "cheversi"]\n[Result "*"]\n\n'
    "1. Ka1 Qb1 2. Qc1 *\n"
)
B4 = (
    '[Event "CON"]\n[Round "4"]\n[White "Ana"]\n[Black "Carla"]\n[GameType "26"]\n'
    '[Result "*"]\n\n1. 24-20 11-15 2. 20-16 *\n'
)
A = A1 + "\n" + A2 + "\n" + A3
B = B1 + "\n" + B2 + "\n" + B3 + "\n" + B4
TEXTS = {"a1": A1, "a2": A2, "a3": A3, "b1": B1, "b2": B2, "b3": B3, "b4": B4}

AFTER_4 = "W:W17,18,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,13,16"
"""The position after A1's four plies, White to move."""


TWICE = (
    '[Event "Club"]\n[Round "1"] [Event "Club night"]\n[GameType "26"]\n[Result "*"]\n\n'
    "1. 22-18 11-15 *\n"
)
"""One header that names Event twice: the reader cuts it in two (PDN119), one game."""

TWICE_WARNING = (
    "twice.pdn:2:13: warning PDN119 Event is named again: a new game starts at this tag, "
    "and the game before it holds tags alone (a game names each tag once; if one game's "
    "tags name Event twice, keep one)\n"
)


@pytest.fixture(autouse=True)
def _archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("archive").mkdir()
    Path("archive/a.pdn").write_text(A, encoding="utf-8")
    Path("archive/b.pdn").write_text(B, encoding="utf-8")


def run(*args: str, stdin: str | bytes | None = None) -> Result:
    return runner.invoke(app, ["select", *args], input=stdin)


def chosen(*names: str) -> str:
    """The output that selects these games: their texts, a blank line between."""
    return "\n".join(TEXTS[name] for name in names)


@pytest.mark.parametrize(
    ("filters", "games"),
    [
        (["--tag", "Event=open*"], ["a1", "a2", "b1"]),
        (["--tag", "Event=open*", "--tag", "White=ana*"], ["a1"]),
        (["--tag", "White=ANA*"], ["a1", "a3", "b4"]),
        (["--tag", "Round=?"], ["a1", "a2", "a3", "b1", "b3", "b4"]),
        (["--tag", "Round=[?]"], ["a3"]),
        (["--tag", "Round=*"], ["a1", "a2", "a3", "b1", "b3", "b4"]),
        (["--tag", "Event=*/*"], ["a3", "b2"]),
        (["--result", "1/2-1/2"], ["b1"]),
        (["--result", "*"], ["a3", "b2", "b3", "b4"]),
        (["--game", "cheversi"], ["b3"]),
        (["--game", "brazilian", "--result", "*"], ["a3", "b2", "b4"]),
        (["--plies", "5"], ["b2"]),
        (["--plies", ":3"], ["a3", "b3", "b4"]),
        (["--plies", "4:"], ["a1", "a2", "b1", "b2"]),
        (["--plies", "1:1"], ["a3"]),
        (["--opening", "21-17 12-16"], ["a1", "b1", "b2"]),
        (["--opening", "1. a3-b4 h6-g5 2. e3-d4"], ["a1", "b1", "b2"]),
        (["--opening", "23-18"], ["a2"]),
        (["--opening", "Ka1 Qb1"], ["b3"]),
        (["--position", AFTER_4], ["a1", "a2", "b1", "b2"]),
        (["--position", "B" + AFTER_4[1:]], []),
        (["--position", AFTER_4, "--no-errors"], ["a1", "a2", "b1"]),
        (["--errors"], ["a3", "b2"]),
        (["--no-errors"], ["a1", "a2", "b1", "b3", "b4"]),
        (["--code", "BR206"], ["b2"]),
        (["--code", "PDN101"], ["a3"]),
        (["--duplicates"], ["b1"]),
        (["--unique", "--tag", "Event=open*"], ["a1", "a2"]),
    ],
)
def test_each_filter_selects_exactly_these_games(filters: list[str], games: list[str]) -> None:
    result = run("archive", *filters)
    assert result.exit_code == 0, result.output
    assert result.stdout == chosen(*games)
    assert result.stderr == f"{len(games)} of 7 games selected\n"


def test_rest_gets_every_other_game_and_json_says_where_each_went() -> None:
    result = run(
        "archive", "--tag", "Event=open*", "-o", "open.pdn", "--rest", "rest.pdn", "-f", "json"
    )
    assert result.exit_code == 0
    assert result.stderr == ""
    assert Path("open.pdn").read_text("utf-8") == chosen("a1", "a2", "b1")
    assert Path("rest.pdn").read_text("utf-8") == chosen("a3", "b2", "b3", "b4")
    document = json.loads(result.stdout)
    went = [(g["path"], g["index"], g["line"], g["written"]) for g in document["games"]]
    assert went == [
        ("archive/a.pdn", 1, 1, "open.pdn"),
        ("archive/a.pdn", 2, 10, "open.pdn"),
        ("archive/a.pdn", 3, 19, "rest.pdn"),
        ("archive/b.pdn", 1, 1, "open.pdn"),
        ("archive/b.pdn", 2, 10, "rest.pdn"),
        ("archive/b.pdn", 3, 18, "rest.pdn"),
        ("archive/b.pdn", 4, 25, "rest.pdn"),
    ]
    assert [g["selected"] for g in document["games"]] == [True, True, False, True] + [False] * 3
    assert document["format"] == "notation-select"
    assert document["summary"] == {"games": 7, "selected": 3, "exit_status": 0}
    assert document["diagnostics"] == []
    assert document["refused"] is None


def test_tag_result_game_and_plies_filters_replay_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("a move was read")

    for game in GAMES.values():
        monkeypatch.setattr(type(game), "parse_move", refuse)
        monkeypatch.setattr(type(game), "play", refuse)
    result = run(
        "archive", "--tag", "White=ana*", "--result", "*", "--game", "brazilian", "--plies", ":3"
    )
    assert result.exit_code == 0, result.output
    assert result.stdout == chosen("a3", "b4")
    selector = Selector(Filters(tags=(("Event", "open*"),), plies=(4, None)))
    records = read_string(A)
    assert [selector.matches(r, "a.pdn") for r in records] == [True, True, False]
    assert selector.replayed == 0


def test_the_position_filter_replays_each_brazilian_game_once() -> None:
    selector = Selector(Filters(position=AFTER_4, duplicates=False))
    records = read_string(A) + read_string(B)
    assert [selector.matches(r, "-") for r in records] == [True, True, False, False, True] + [
        False
    ] * 2
    # b1 is a copy of a1 (not unique); each game is replayed once for both filters.
    assert selector.replayed == 7


def test_a_folder_a_glob_standard_input_and_a_gzip_file_are_read_alike() -> None:
    Path("b.pdn.gz").write_bytes(gzip.compress(B.encode()))
    for inputs, stdin in (
        (["archive"], None),
        (["archive/*.pdn"], None),
        (["-", "b.pdn.gz"], A),
    ):
        result = run(*inputs, "--opening", "21-17", stdin=stdin)
        assert result.exit_code == 0, inputs
        assert result.stdout == chosen("a1", "b1", "b2"), inputs
        assert result.stderr == "3 of 7 games selected\n"


def test_an_unreadable_input_is_one_plain_line_exit_2_and_nothing_written() -> None:
    result = run("missing.pdn", "-o", "out.pdn")
    assert result.exit_code == 2
    assert result.stdout == (
        "missing.pdn:1:1: error PDN106 cannot read missing.pdn: no such file or directory\n"
    )
    assert not Path("out.pdn").exists()
    result = run("archive", "missing.pdn", "-o", "out.pdn")
    assert result.exit_code == 2
    assert result.stdout.splitlines()[1:] == [
        "nothing written: an input could not be read",
        "7 of 7 games selected, none written",
    ]
    assert not Path("out.pdn").exists()


def test_an_output_naming_an_input_is_refused() -> None:
    result = run("archive", "--rest", "archive/b.pdn")
    assert result.exit_code == 2
    assert result.stderr == (
        "notation: archive/b.pdn is an input of this command: it is not overwritten (write "
        "to another file)\n"
    )
    assert Path("archive/b.pdn").read_text("utf-8") == B
    result = run("archive", "-o", "x.pdn", "--rest", "./x.pdn")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "Error: Invalid value for --rest: --output and --rest name the same file"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tag", "Event"], "'Event' is not NAME=PATTERN"),
        (["--plies", "9:3"], "'9:3': the least number of plies is above the most"),
        (["--plies", "x"], "'x' is not MIN:MAX"),
        (["--result", "1:0"], "'1:0' is not a result"),
        (["--game", "chess"], "--game"),
        (["--code", "XX999"], "no diagnostic code 'XX999'"),
        (["--opening", "1."], "'1.' holds no move"),
        (["--opening", "21-17 zz"], "'zz' is not a move (as in 22-18, 1x10 or a3-b4)"),
        (["--position", "W:W99"], "no game reads the FEN 'W:W99'"),
    ],
)
def test_a_bad_filter_is_a_usage_error(args: list[str], message: str) -> None:
    result = run("archive", *args)
    assert result.exit_code == 2
    assert message in " ".join(re.sub("[│╭╮╰╯─]", " ", result.stderr).split())
    assert result.stdout == ""


def test_a_tag_no_game_has_and_a_result_written_otherwise_are_warned_of() -> None:
    result = run("archive", "--tag", "Whte=ana*", "--result", "2-0")
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr == (
        "notation: warning: --tag Whte: no game has a tag Whte; did you mean White? (the "
        "games' tags: Black, Event, GameType, Result, Round, Variant, White)\n"
        "notation: warning: --result 2-0: 1 game of Brazilian draughts records a white win "
        "as 1-0, not selected (give --result 1-0 for them)\n"
        "0 of 7 games selected\n"
    )
    result = run("archive", "--result", "2-0", "-f", "json")
    assert json.loads(result.stderr)["warnings"] == [
        "--result 2-0: 1 game of Brazilian draughts records a white win as 1-0, not selected "
        "(give --result 1-0 for them)"
    ]


def test_a_game_too_long_to_keep_fails_the_run_and_nothing_is_written() -> None:
    Path("long.pdn").write_text(
        A1 + "\n" + '[Event "x"]\n[GameType "26"]\n\n1. ' + "{" + "c" * 2_000_000 + "} *\n"
    )
    result = run("long.pdn", "--rest", "rest.pdn", "-o", "out.pdn")
    assert result.exit_code == 1
    assert "nothing written: long.pdn:10: game 2 has no text to copy" in result.stdout
    assert not Path("out.pdn").exists() and not Path("rest.pdn").exists()


def test_every_option_of_select_split_and_merge_is_documented() -> None:
    """Each in the command's section, but for those every command shares (their own)."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text("utf-8")
    shared = {n for p in common_options() for n in p.opts}
    for name in ("select", "split", "merge"):
        command = typer.main.get_command(app).commands[name]  # type: ignore[attr-defined]
        section = page.split(f"## `notation {name}`")[1].split("\n## ")[0]
        names = [n for p in command.params for n in p.opts + p.secondary_opts if n[0] == "-"]
        names = [n for n in names if n not in shared]
        assert [n for n in names if f"`{n}" not in section] == [], name


def test_the_position_filter_sees_the_start_of_a_line_with_no_legal_ply() -> None:
    start = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    illegal_first = '[GameType "26"]\n\n1. 21-13 12-16 *\n'
    bad_setup = '[GameType "26"]\n[FEN "W:W99:B1"]\n\n1. 21-17 *\n'
    after_one = '[GameType "26"]\n\n1. 21-17 *\n'
    selector = Selector(Filters(position=start))
    records = [read_string(text)[0] for text in (illegal_first, bad_setup, after_one)]
    assert [selector.matches(r, "-") for r in records] == [True, False, True]
    after = Selector(
        Filters(position="B:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
    )
    assert [after.matches(r, "-") for r in records] == [False, False, True]


UNTAGGED_ENGLISH = (
    '[Event "x"]\n[Result "1-0"]\n\n1. 12-16 24-20 2. 8-12 21-17 3. 4-8 25-21 4. 9-14 27-24 '
    "5. 10-15 17-13 6. 15-19 24x15 1-0\n"
)
"""A record naming no game that validate judges as English draughts (REC221)."""


def test_a_result_written_otherwise_names_the_game_validate_judges_an_untagged_record_as() -> None:
    Path("en.pdn").write_text(UNTAGGED_ENGLISH, encoding="utf-8")
    assert (
        " judged as English draughts (GameType 21),"
        in runner.invoke(app, ["validate", "en.pdn"]).stdout
    )
    result = run("en.pdn", "--result", "2-0")
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr == (
        "notation: warning: --result 2-0: 1 game of English draughts records a white win "
        "as 1-0, not selected (give --result 1-0 for them)\n"
        "0 of 1 game selected\n"
    )


def test_the_game_filter_takes_an_untagged_record_as_the_game_validate_judges_it_as() -> None:
    """Without a game for untagged records (--game sets both from the command line), the
    game filter selects an untagged record by the game validate judges it as."""
    Path("en.pdn").write_text(UNTAGGED_ENGLISH, encoding="utf-8")
    (record,) = read_string(UNTAGGED_ENGLISH)
    assert Selector(Filters(variant="english")).matches(record, "en.pdn")
    assert not Selector(Filters(variant="international")).matches(record, "en.pdn")
    english = get_game("english")
    assert Selector(Filters(variant="english"), default=english).matches(record, "en.pdn")
    russian = get_game("russian")
    assert not Selector(Filters(variant="english"), default=russian).matches(record, "en.pdn")


def test_a_header_that_names_a_tag_twice_is_selected_as_one_game_as_it_was_written() -> None:
    Path("twice.pdn").write_text(TWICE + "\n" + A1, "utf-8")
    # The tags before the tag named again, and the moves after it, are one game's.
    result = run(
        "twice.pdn", "--tag", "Round=1", "--plies", "2:2", "-o", "one.pdn", "--rest", "rest.pdn"
    )
    assert (result.exit_code, result.stdout) == (0, TWICE_WARNING + "1 of 2 games selected\n")
    assert Path("one.pdn").read_text("utf-8") == TWICE
    assert Path("rest.pdn").read_text("utf-8") == A1
    result = run("twice.pdn", "--tag", "Event=club night", "-o", "none.pdn", "-f", "json")
    document = json.loads(result.stdout)
    assert [(g["index"], g["line"], g["selected"]) for g in document["games"]] == [
        (1, 1, False),
        (3, 8, False),
    ]
    assert document["summary"] == {"games": 2, "selected": 0, "exit_status": 0}
    assert [d["code"] for d in document["diagnostics"]] == ["PDN119"]
    assert Path("none.pdn").read_text("utf-8") == ""
