"""notation fix: each fix's exact change and notice, records left as read, bad input."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner, Result

from notation.check.validator import RecordReplay
from notation.cli.main import app
from notation.cli.vocabulary import common_options
from notation.compiled import build
from notation.games.base import Position

runner = CliRunner()

STANDARD = ("Event", "Site", "Date", "Round", "White", "Black", "Result")

SEVEN = '[Event "?"]\n[Site "?"]\n[Date "?"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n'

CLEAN = SEVEN + '[Result "*"]\n[GameType "26"]\n[PlyCount "2"]\n\n1.  22-18   11-15 *\n'
"""A record that needs nothing (its movetext spacing is not canonical)."""

WRONG = '[White "Ann"]\n[Event "Cup"]\n[GameType "26"]\n[Result "0-1"]\n\n1. 22-18 1-0\n'
"""A record whose Result tag disagrees with its movetext, with tags missing and unordered."""

WON = '[GameType "26"]\n[FEN "W:W21:B10"]\n[Result "*"]\n\n1. 21-17 10-14 2. 17x10 *\n'
"""A game White wins (Black has no piece left) recorded as going on."""

UNTIDY = WRONG.replace('[Result "0-1"]', '[Result "1-0"]')
"""A valid record with tags missing and unordered."""

SYNTAX = '[Event "E"]\n[GameType "26"]\n[Result "*"]\n\n1. 22-18 foo 11-15 *\n'

TWICE = (
    '[Event "Club"]\n[Site "Leeds"]\n[Event "Club night"]\n[GameType "26"]\n[Result "1-0"]\n'
    "\n1. 22-18 11-15 1-0\n"
)
"""One header that names Event twice: read as two games, the first of tags alone (PDN119)."""

TWICE_WARNING = (
    "{}:3:1: warning PDN119 Event is named again: a new game starts at this tag, and the "
    "game before it holds tags alone (a game names each tag once; if one game's tags name "
    "Event twice, keep one)"
)

DIALECT = '[Event Cup]\n[GameType "26"]\n[FEN "W:W21-32:B1-12:H0:F1"]\n\n1. 22-18 1:0\n'


@pytest.fixture(autouse=True)
def _here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def fix(*args: str, stdin: str | bytes | None = None) -> Result:
    return runner.invoke(app, ["fix", *args], input=stdin)


def write(name: str, text: str) -> Path:
    path = Path(name)
    path.write_text(text, "utf-8")
    return path


def check(result: Result, status: int, stdout: str, stderr: list[str]) -> None:
    """Assert how a run of fix ended: its exit status, its standard output and the lines of
    its standard error."""
    assert result.exit_code == status
    assert result.stdout == stdout
    assert result.stderr.splitlines() == stderr


def test_a_record_that_needs_nothing_is_written_exactly_as_read() -> None:
    write("clean.pdn", CLEAN)
    result = fix("clean.pdn")
    assert result.exit_code == 0
    assert result.stdout == CLEAN
    assert result.stderr == "1 game: 0 fixed (0 changes), 0 left with errors, 1 unchanged\n"


def test_results_the_movetext_wins_where_the_rules_decide_nothing() -> None:
    write("w.pdn", WRONG)
    check(
        fix("--results", "w.pdn"),
        0,
        WRONG.replace('[Result "0-1"]', '[Result "1-0"]'),
        [
            "w.pdn:4:1: notice REC250 fixed: the Result tag is 1-0 (was 0-1): it agrees with "
            "the movetext",
            "1 game: 1 fixed (1 change), 0 left with errors, 0 unchanged",
        ],
    )


def test_results_follow_the_rules_where_they_decide() -> None:
    write("won.pdn", WON)
    check(
        fix("--results", "won.pdn"),
        0,
        WON.replace("*", "2-0"),
        [
            "won.pdn:3:1: notice REC250 fixed: the Result tag is 2-0 (was *): the rules decide "
            "2-0 (Black has no legal move)",
            "won.pdn:5:25: notice REC250 fixed: the movetext's result is 2-0 (was *): the rules "
            "decide 2-0 (Black has no legal move)",
            "1 game: 1 fixed (2 changes), 0 left with errors, 0 unchanged",
        ],
    )


def test_results_keep_the_recorded_form_the_rules_agree_with() -> None:
    write("won.pdn", WON.replace('[Result "*"]', '[Result "1-0"]'))
    result = fix("--results", "won.pdn")
    assert result.exit_code == 0
    assert result.stdout == WON.replace("*", "1-0")
    assert result.stderr.splitlines()[0] == (
        "won.pdn:5:25: notice REC250 fixed: the movetext's result is 1-0 (was *): the rules "
        "decide 2-0 (Black has no legal move)"
    )


def test_a_fixed_record_left_with_an_error_is_written_and_fails_the_run() -> None:
    write("w.pdn", WRONG)
    check(
        fix("--plycount", "w.pdn"),
        1,
        WRONG.replace("\n\n", '\n[PlyCount "1"]\n\n'),
        [
            "w.pdn:1:1: notice REC250 fixed: PlyCount 1 (was none)",
            "w.pdn:6:10: error REC203 the Result tag says 0-1 but the movetext ends with 1-0 "
            "(game 1)",
            "1 game: 0 fixed (1 change), 1 left with errors, 0 unchanged",
        ],
    )


VARIATION = (
    '[Event "x"]\n[Result "*"]\n\n1. 32-28 (1. 32x27 19-24 2. 27x19) 19-23 2. 28-19 14x23 *\n'
)
"""An international record whose variation's third ply is illegal, with a move written with
the other separator (PDN116) in the main line and one before the illegal ply."""


def test_a_record_with_an_illegal_move_in_a_variation_is_written_fixed_as_far_as_it_can_be() -> (
    None
):
    write("v.pdn", VARIATION)
    check(
        fix("v.pdn"),
        1,
        SEVEN.replace('[Event "?"]', '[Event "x"]') + '[Result "*"]\n[PlyCount "4"]\n\n'
        "1. 32-28 ( 1. 32-27 19-24 2. 27x19 ) 19-23 2. 28x19 14x23 *\n",
        [
            "v.pdn:1:1: notice REC250 fixed: PlyCount 4 (was none)",
            *(
                f"v.pdn:1:1: notice REC250 fixed: the {name} tag added as ?"
                for name in STANDARD[1:6]
            ),
            "v.pdn:1:1: notice REC250 fixed: the tags put in PDN's order (the seven standard "
            "tags first)",
            "v.pdn:4:14: notice PDN116 32x27 is written with the other separator: read as 32-27, "
            "the one legal move with its squares (game 1, ply 1, in a variation)",
            "v.pdn:4:45: notice PDN116 28-19 is written with the other separator: read as 28x19, "
            "the one legal move with its squares (game 1, ply 3)",
            "v.pdn:4:29: error ID203 illegal move 27x19 (game 1, ply 3, in a variation): no "
            "capture is available; 27x19 is not legal; legal: 27-21, 27-22, 31-26, 33-28, "
            "33-29, 34-29, 34-30, 35-30, 37-32, 38-32",
            "1 game: 0 fixed (9 changes), 1 left with errors, 0 unchanged",
        ],
    )


def test_plycount_counts_the_main_line() -> None:
    write("w.pdn", UNTIDY)
    result = fix("--plycount", "w.pdn")
    assert result.stdout == UNTIDY.replace("\n\n", '\n[PlyCount "1"]\n\n')
    assert result.stderr.splitlines()[0] == (
        "w.pdn:1:1: notice REC250 fixed: PlyCount 1 (was none)"
    )


def test_tags_adds_the_missing_seven_and_orders_them() -> None:
    write("w.pdn", UNTIDY)
    check(
        fix("--tags", "w.pdn"),
        0,
        '[Event "Cup"]\n[Site "?"]\n[Date "?"]\n[Round "?"]\n[White "Ann"]\n[Black "?"]\n'
        '[Result "1-0"]\n[GameType "26"]\n\n1. 22-18 1-0\n',
        [
            "w.pdn:1:1: notice REC250 fixed: the Site tag added as ?",
            "w.pdn:1:1: notice REC250 fixed: the Date tag added as ?",
            "w.pdn:1:1: notice REC250 fixed: the Round tag added as ?",
            "w.pdn:1:1: notice REC250 fixed: the Black tag added as ?",
            "w.pdn:1:1: notice REC250 fixed: the tags put in PDN's order (the seven standard "
            "tags first)",
            "1 game: 1 fixed (5 changes), 0 left with errors, 0 unchanged",
        ],
    )


def test_fen_writes_every_square_and_no_counters() -> None:
    write("d.pdn", '[GameType "26"]\n[FEN "W:W29-32:B1-3"]\n\n1. 29-25 *\n')
    result = fix("--fen", "d.pdn")
    assert result.exit_code == 0
    assert result.stdout == '[GameType "26"]\n[FEN "W:W29,30,31,32:B1,2,3"]\n\n1. 29-25 *\n'
    assert result.stderr.splitlines()[0] == (
        "d.pdn:2:1: notice REC250 fixed: FEN 'W:W29,30,31,32:B1,2,3' (was 'W:W29-32:B1-3')"
    )


def test_without_options_every_fix_and_dialects_written_canonically() -> None:
    write("d.pdn", DIALECT)
    result = fix("d.pdn", "-o", "out.pdn")
    assert result.exit_code == 0
    fen = ",".join(str(n) for n in range(21, 33)), ",".join(str(n) for n in range(1, 13))
    assert Path("out.pdn").read_text("utf-8") == (
        '[Event "Cup"]\n[Site "?"]\n[Date "?"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n'
        f'[Result "1-0"]\n[GameType "26"]\n[FEN "W:W{fen[0]}:B{fen[1]}"]\n[PlyCount "1"]\n\n'
        "1. 22-18 1-0\n"
    )
    assert result.stdout.splitlines() == [
        "d.pdn:1:1: notice REC250 fixed: the Result tag is 1-0 (was none): it agrees with the "
        "movetext",
        "d.pdn:1:1: notice REC250 fixed: PlyCount 1 (was none)",
        f"d.pdn:3:1: notice REC250 fixed: FEN 'W:W{fen[0]}:B{fen[1]}' (was 'W:W21-32:B1-12')",
        "d.pdn:1:1: notice REC250 fixed: the Site tag added as ?",
        "d.pdn:1:1: notice REC250 fixed: the Date tag added as ?",
        "d.pdn:1:1: notice REC250 fixed: the Round tag added as ?",
        "d.pdn:1:1: notice REC250 fixed: the White tag added as ?",
        "d.pdn:1:1: notice REC250 fixed: the Black tag added as ?",
        "d.pdn:1:1: notice REC250 fixed: the tags put in PDN's order (the seven standard tags "
        "first)",
        "d.pdn:1:1: notice PDN112 the Event tag's value Cup has no quotes: read as 'Cup'",
        "d.pdn:3:1: notice PDN114 FEN 'W:W21-32:B1-12:H0:F1': the move counters ':H0:F1' "
        "(lidraughts' halfmove clock and move number) are ignored",
        "d.pdn:5:10: notice PDN111 the result 1:0 is read as 1-0",
        "1 game: 1 fixed (12 changes), 0 left with errors, 0 unchanged",
    ]
    again = fix("out.pdn")
    assert again.stdout == Path("out.pdn").read_text("utf-8")
    assert again.stderr == "1 game: 0 fixed (0 changes), 0 left with errors, 1 unchanged\n"
    validated = runner.invoke(app, ["validate", "out.pdn"])
    assert (validated.exit_code, validated.stdout) == (0, "")


def test_in_place_a_file_that_needs_nothing_is_untouched() -> None:
    path = write("clean.pdn", CLEAN)
    before = path.stat().st_mtime_ns
    result = fix("--in-place", "clean.pdn")
    assert result.exit_code == 0
    assert (path.read_text("utf-8"), path.stat().st_mtime_ns) == (CLEAN, before)


def test_in_place_a_fixed_record_is_rewritten_and_the_others_kept_as_written() -> None:
    path = write("two.pdn", CLEAN + "\n" + WRONG)
    result = fix("--in-place", "--results", "two.pdn")
    assert result.exit_code == 0
    assert path.read_text("utf-8") == CLEAN + "\n" + WRONG.replace("0-1", "1-0")


def test_a_syntax_error_writes_nothing_unless_keep_broken() -> None:
    write("broken.pdn", SYNTAX)
    result = fix("broken.pdn", "-o", "out.pdn")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "broken.pdn:5:10: error PDN101 unexpected 'foo' in movetext",
        "nothing written to out.pdn: 1 game could not be written whole "
        "(--keep-broken writes them with their text kept in comments)",
        "1 game: 0 fixed (0 changes), 1 left with errors, 0 unchanged",
    ]
    assert not Path("out.pdn").exists()
    kept = fix("--keep-broken", "broken.pdn", "-o", "out.pdn")
    converted = runner.invoke(app, ["convert", "--keep-broken", "broken.pdn"])
    assert kept.exit_code == 1
    assert Path("out.pdn").read_text("utf-8") == converted.stdout


def test_in_place_a_header_that_names_a_tag_twice_is_not_rewritten() -> None:
    path = write("twice.pdn", TWICE + "\n" + WRONG)
    result = fix("--in-place", "--results", "twice.pdn")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        TWICE_WARNING.format("twice.pdn"),
        "twice.pdn:12:1: notice REC250 fixed: the Result tag is 1-0 (was 0-1): it agrees "
        "with the movetext",
        "twice.pdn: not rewritten: 2 games are read from a header that names a tag twice "
        "(PDN119), and where one game ends is a guess (--keep-broken writes them as they "
        "were written)",
        "3 games: 1 fixed (1 change), 0 left with errors, 2 unchanged; 1 fixed game not written",
    ]
    assert path.read_text("utf-8") == TWICE + "\n" + WRONG


def test_keep_broken_writes_a_header_that_names_a_tag_twice_as_it_was_read() -> None:
    path = write("twice.pdn", TWICE + "\n" + WRONG)
    result = fix("--in-place", "--keep-broken", "--results", "twice.pdn")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        TWICE_WARNING.format("twice.pdn"),
        "twice.pdn: games 1 and 2 written as they were read: their header names a tag "
        "twice (PDN119), and where one game ends is a guess",
        "twice.pdn:12:1: notice REC250 fixed: the Result tag is 1-0 (was 0-1): it agrees "
        "with the movetext",
        "3 games: 1 fixed (1 change), 0 left with errors, 2 unchanged",
    ]
    assert path.read_text("utf-8") == TWICE + "\n" + WRONG.replace("0-1", "1-0")
    validated = runner.invoke(app, ["validate", "--no-cache", "twice.pdn"])
    assert validated.stdout == TWICE_WARNING.format("twice.pdn") + "\n"


def test_a_header_that_names_a_tag_twice_writes_no_output() -> None:
    write("twice.pdn", TWICE)
    result = fix("twice.pdn", "-o", "out.pdn")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        TWICE_WARNING.format("twice.pdn"),
        "nothing written to out.pdn: 2 games are read from a header that names a tag twice "
        "(PDN119), and where one game ends is a guess (--keep-broken writes them as they "
        "were written)",
        "2 games: 0 fixed (0 changes), 0 left with errors, 2 unchanged",
    ]
    assert not Path("out.pdn").exists()


def test_an_unreadable_input_is_exit_2() -> None:
    result = fix("missing.pdn")
    assert result.exit_code == 2
    assert result.stderr == (
        "missing.pdn:1:1: error PDN106 cannot read missing.pdn: no such file or directory\n"
    )
    assert result.stdout == ""


def test_standard_input_to_standard_output() -> None:
    result = fix("--results", "-", stdin=WRONG)
    assert result.exit_code == 0
    assert result.stdout == WRONG.replace("0-1", "1-0")
    assert result.stderr.splitlines()[0].startswith("-:4:1: notice REC250")


def test_a_compressed_input_is_fixed_to_an_output_file() -> None:
    Path("w.pdn.gz").write_bytes(gzip.compress(WRONG.encode()))
    result = fix("--results", "w.pdn.gz", "-o", "out.pdn")
    assert result.exit_code == 0
    assert Path("out.pdn").read_text("utf-8") == WRONG.replace("0-1", "1-0")


def test_fixes_of_a_file_not_rewritten_in_place_are_counted_as_not_written() -> None:
    Path("w.pdn.gz").write_bytes(gzip.compress(WRONG.encode()))
    write("w.pdn", WRONG)
    result = fix("--in-place", "--results", "w.pdn.gz", "w.pdn")
    assert result.exit_code == 2
    assert result.stdout.splitlines()[-1] == (
        "2 games: 2 fixed (2 changes), 0 left with errors, 0 unchanged; 1 fixed game not written"
    )
    assert "w.pdn.gz: not rewritten: it is compressed (write it with --output)" in result.stdout
    assert Path("w.pdn").read_text("utf-8") == WRONG.replace("0-1", "1-0")


def test_fixes_of_an_output_abandoned_are_counted_as_not_written() -> None:
    write("broken.pdn", WRONG + "\n" + SYNTAX)
    result = fix("--results", "broken.pdn")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr.splitlines()[-2:] == [
        "nothing written to standard output: 1 game could not be written whole "
        "(--keep-broken writes them with their text kept in comments)",
        "2 games: 1 fixed (1 change), 1 left with errors, 0 unchanged; 1 fixed game not written",
    ]


def test_an_output_naming_the_input_is_refused() -> None:
    path = write("w.pdn", WRONG)
    result = fix("w.pdn", "-o", "./w.pdn")
    assert result.exit_code == 2
    assert "w.pdn is an input of this command" in result.stderr
    assert path.read_text("utf-8") == WRONG


def test_the_json_report() -> None:
    write("w.pdn", WRONG)
    result = fix("--results", "--format", "json", "w.pdn")
    assert result.exit_code == 0
    document = json.loads(result.stderr)
    assert document["format"] == "notation-fix"
    assert [(d["code"], d["line"]) for d in document["diagnostics"]] == [("REC250", 4)]
    assert document["games"] == [
        {"path": "w.pdn", "index": 1, "line": 1, "column": 1, "outcome": "fixed", "changes": 1}
    ]
    assert document["summary"] == {
        "games": 1,
        "fixed": 1,
        "changes": 1,
        "left": 0,
        "unchanged": 0,
        "not_written": 0,
        "exit_status": 0,
    }


def test_every_option_of_fix_is_documented() -> None:
    command = typer.main.get_command(app).commands["fix"]  # type: ignore[attr-defined]
    page = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text("utf-8")
    section = page.split("## `notation fix`")[1].split("\n## ")[0]
    shared = {n for p in common_options() for n in p.opts}  # documented once for all
    names = [n for p in command.params for n in p.opts if n.startswith("-") and n not in shared]
    assert "--plycount" in names
    assert [n for n in names if f"`{n}" not in section] == []


SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def untagged(sample: str, name: str) -> str:
    """The text of ``sample`` (under samples/) without its GameType and Variant tags,
    written to ``name``."""
    lines = (SAMPLES / sample).read_text("utf-8").splitlines(keepends=True)
    text = "".join(line for line in lines if not line.startswith(("[GameType ", "[Variant ")))
    write(name, text)
    return text


def judged_as(path: str, game: str, plies: str, what: str = "first moves are") -> str:
    """validate's REC221 notice on the untagged record of ``path``."""
    return (
        f"{path}:1:1: notice REC221 the record names no game and its {what} not "
        f"international draughts (PDN's default): judged as {game}, whose rules replay "
        f"{plies}; a GameType or Variant tag, or --game, decides"
    )


CHEVERSI_WHY = "the rules decide 0-1 (all 16 pieces are on the board; score White 40, Black 41)"
KENY_WHY = "the rules decide 1/2-1/2 (drawn: 20 plies in a row without a capture)"
ENGLISH_WHY = "the rules decide 0-1 (White has no legal move)"

UNTAGGED = [
    # Cheversi, which decides 0-1: fix writes 0-1 (not international draughts' 0-2, which
    # is no Cheversi result), and says first which game it judged the record as.
    pytest.param(
        "cheversi/broken/wrong-result.pdn",
        "ch.pdn",
        [("1-0", "0-1")],
        [
            judged_as("ch.pdn", "Cheversi (Chess-Reversi)", "its 16 plies"),
            f"ch.pdn:7:1: notice REC250 fixed: the Result tag is 0-1 (was 1-0): {CHEVERSI_WHY}",
            f"ch.pdn:10:9: notice REC250 fixed: the movetext's result is 0-1 (was 1-0): "
            f"{CHEVERSI_WHY}",
            "1 game: 1 fixed (2 changes), 0 left with errors, 0 unchanged",
        ],
        id="cheversi",
    ),
    # Keny, where validate gives only a REC205 warning: fix writes 1/2-1/2, not PDN's 1-1.
    pytest.param(
        "keny/broken/draw-not-recorded.pdn",
        "k.pdn",
        [('"*"', '"1/2-1/2"'), ("a4-e4 *", "a4-e4\n1/2-1/2")],
        [
            judged_as("k.pdn", "Keny (Caucasian checkers)", "its 95 plies", "setup is"),
            f"k.pdn:7:1: notice REC250 fixed: the Result tag is 1/2-1/2 (was *): {KENY_WHY}",
            f"k.pdn:19:75: notice REC250 fixed: the movetext's result is 1/2-1/2 (was *): "
            f"{KENY_WHY}",
            "1 game: 1 fixed (2 changes), 0 left with errors, 0 unchanged",
        ],
        id="keny",
    ),
    # English draughts, whose rules decide 0-1: fix writes 0-1, not 0-2.
    pytest.param(
        "english/broken/wrong-result.pdn",
        "e.pdn",
        [("1-0", "0-1")],
        [
            judged_as("e.pdn", "English draughts (GameType 21)", "its 49 plies"),
            f"e.pdn:7:1: notice REC250 fixed: the Result tag is 0-1 (was 1-0): {ENGLISH_WHY}",
            f"e.pdn:13:53: notice REC250 fixed: the movetext's result is 0-1 (was 1-0): "
            f"{ENGLISH_WHY}",
            "1 game: 1 fixed (2 changes), 0 left with errors, 0 unchanged",
        ],
        id="english",
    ),
]
"""Untagged records whose result fix decides by the rules of the game validate judges
them as: the sample, the name it is written to, how fix rewrites its text, and what fix
says."""


@pytest.mark.parametrize(("sample", "name", "rewritten", "said"), UNTAGGED)
def test_results_of_an_untagged_record_are_those_of_the_game_validate_judges_it_as(
    sample: str, name: str, rewritten: list[tuple[str, str]], said: list[str]
) -> None:
    text = untagged(sample, name)
    for old, new in rewritten:
        text = text.replace(old, new)
    result = fix("--results", name)
    check(result, 0, text, said)
    # Fixed once, the result is the rules' own: a second run has nothing to fix.
    again = fix("--results", "-", stdin=result.stdout)
    assert (again.exit_code, again.stdout) == (0, result.stdout)


def test_validate_judges_an_untagged_cheversi_record_by_the_rules_of_cheversi() -> None:
    untagged("cheversi/broken/wrong-result.pdn", "ch.pdn")
    validated = runner.invoke(app, ["validate", "ch.pdn"])
    assert validated.stdout.splitlines()[1] == (
        "ch.pdn:10:9: error REC204 the record says 1-0 but the rules decide 0-1 (all 16 "
        "pieces are on the board; score White 40, Black 41) (game 1)"
    )


def test_game_still_decides_the_game_of_an_untagged_record() -> None:
    """--game international: the untagged English record is international draughts,
    which refuses its first ply; nothing about its result is decided, and no REC221."""
    text = untagged("english/broken/wrong-result.pdn", "e.pdn")
    check(
        fix("--results", "--game", "international", "e.pdn"),
        1,
        text,
        [
            "e.pdn:9:4: error ID202 illegal move 11-15 (game 1, ply 1): square 11 holds a "
            "Black man; White is to move; legal: 31-26, 31-27, 32-27, 32-28, 33-28, 33-29, "
            "34-29, 34-30, 35-30",
            "1 game: 0 fixed (0 changes), 1 left with errors, 0 unchanged",
        ],
    )


@pytest.mark.parametrize(
    ("text", "replays", "stdout"),
    [
        (CLEAN, 1, CLEAN),
        (
            CLEAN.replace('[Round "?"]', "[Round 17]"),
            1,
            CLEAN.replace('"?"]\n[White', '"17"]\n[White').replace("  22-18   ", " 22-18 "),
        ),
        (WRONG, 2, None),
        (VARIATION, 2, None),
    ],
)
def test_fix_judges_a_record_once_and_again_only_when_it_changed_it(
    monkeypatch: pytest.MonkeyPatch, text: str, replays: int, stdout: str | None
) -> None:
    # A record no fix changes is judged once (a tag read by a dialect is written
    # canonically, as it was read and judged); one a fix changes is judged again.
    if build() != "pure Python":
        pytest.skip("the compiled build's replay calls its own method, which cannot be counted")
    write("r.pdn", text)
    before = fix("r.pdn")
    counted: list[int] = []
    replay = RecordReplay.replay

    def counting(self: RecordReplay, start: Position) -> Position | None:
        counted.append(1)
        return replay(self, start)

    monkeypatch.setattr(RecordReplay, "replay", counting)
    after = fix("r.pdn")
    assert len(counted) == replays
    assert (after.exit_code, after.stdout, after.stderr) == (
        before.exit_code,
        before.stdout,
        before.stderr,
    )
    if stdout is not None:
        assert after.stdout == stdout
