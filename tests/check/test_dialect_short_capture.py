"""DraughtsMind's short captures (PDN115): a capture written as its start and first landing
square only. The same text is what a player writes who stopped a capture after its first
jump, so by default it is the game's illegal-move error, whose message names the whole
capture and the option that reads it. With ``--dialect short-captures`` (or the
configuration's ``dialects``) it is read as the one legal capture it names, with a notice,
and written whole by ``convert`` and ``fix``; it is refused where it names two captures or
where its squares already name a capture from start to end."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from notation.check.dialects import SHORT_CAPTURES
from notation.check.validator import validate_record
from notation.cli.main import app
from notation.games.registry import get_game
from notation.record import read_string

runner = CliRunner()

INTERNATIONAL = (
    '[GameType "20"]\n[FEN "B:W32,38,46:B27,17,3"]\n\n'
    "1... 3-9 (1... 3-8 2. 32x21) 2. 32x21 9-14 *\n"
)
"""White's man on 32 takes 27 and 17 (32x21x12) after 3-9, and 27, 17 and 8 (32x21x12x3)
after 3-8: one text, two captures, each the only one first landing on 21 where it is."""

ENGLISH = '[GameType "21"]\n[FEN "B:W14,15,22,23:B10"]\n\n1. 10x17 *\n'
"""Black's man on 10 takes 14 and 22 by 17 or 15 and 23 by 19, both ending on 26: 10x17
names the first, written whole (10x26 names both)."""


SHORT = frozenset({SHORT_CAPTURES})
"""The dialect asked for."""


def found(text: str, dialects: frozenset[str] = SHORT) -> list[str]:
    """Every diagnostic of the records of ``text`` read as ``d.pdn``, formatted."""
    return [
        d.format()
        for record in read_string(text, "d.pdn")
        for d in validate_record(record, path="d.pdn", dialects=dialects).diagnostics
    ]


def test_by_default_a_short_capture_is_the_error_naming_the_capture_and_the_option():
    assert found(INTERNATIONAL, frozenset()) == [
        "d.pdn:4:23: error ID205 illegal move 32x21 (game 1, ply 2, in a variation): a capture "
        "of 3 pieces is available; 32x21 takes 1; 32x21 stops after its first jump: the "
        "capture goes on to 32x3 (read short captures with --dialect short-captures); "
        "legal: 32x3",
        "d.pdn:4:33: error ID205 illegal move 32x21 (game 1, ply 2): a capture of 2 pieces is "
        "available; 32x21 takes 1; 32x21 stops after its first jump: the capture goes on to "
        "32x12 (read short captures with --dialect short-captures); legal: 32x12",
    ]
    assert found(ENGLISH, frozenset()) == [
        "d.pdn:4:4: error EN205 illegal move 10x17 (game 1, ply 1): 10x17 is not the end of "
        "the capture: it must go on to 26; 10x17 stops after its first jump: the capture goes "
        "on to 10x17x26 (read short captures with --dialect short-captures); legal: 10x17x26, "
        "10x19x26"
    ]


def test_a_last_move_taking_one_piece_of_a_compulsory_two_is_an_error():
    """Brazilian: 21x14 is the first jump of 21x14x23, the only capture."""
    text = '[GameType "26"]\n[FEN "W:W21,30:B17,18,4"]\n[Result "1-0"]\n\n1. 21x14 1-0\n'
    assert found(text, frozenset()) == [
        "d.pdn:5:4: error BR205 illegal move 21x14 (game 1, ply 1): a capture of 2 pieces is "
        "available; 21x14 takes 1; 21x14 stops after its first jump: the capture goes on to "
        "21x23 (read short captures with --dialect short-captures); legal: 21x23"
    ]


def test_a_short_capture_is_read_with_a_notice_at_its_ply_in_the_main_line_and_variations():
    assert found(INTERNATIONAL) == [
        "d.pdn:4:23: notice PDN115 32x21 names only the first landing square of a capture: "
        "read as 32x3, the one legal capture landing there first (game 1, ply 2, in a variation)",
        "d.pdn:4:33: notice PDN115 32x21 names only the first landing square of a capture: "
        "read as 32x12, the one legal capture landing there first (game 1, ply 2)",
    ]
    [record] = read_string(INTERNATIONAL, "d.pdn")
    report = validate_record(record, path="d.pdn", keep=True, dialects=SHORT)
    assert [(d.code, d.game, d.ply, d.move) for d in report.diagnostics] == [
        ("PDN115", 1, 2, "32x21"),
        ("PDN115", 1, 2, "32x21"),
    ]
    assert (report.valid, report.plies) == (True, 3)
    assert report.main_line[1][1].path == (32, 21, 12)


def test_a_short_capture_is_written_as_the_game_writes_the_capture():
    """English: the whole path where start and end name two captures."""
    assert found(ENGLISH) == [
        "d.pdn:4:4: notice PDN115 10x17 names only the first landing square of a capture: "
        "read as 10x17x26, the one legal capture landing there first (game 1, ply 1)"
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            '[GameType "20"]\n[FEN "W:W32:B27,18,17,8"]\n\n1. 32x21 *\n',
            "d.pdn:4:4: error ID205 illegal move 32x21 (game 1, ply 1): a capture of 3 pieces "
            "is available; 32x21 takes 1; legal: 32x3, 32x23",
        ),
        (
            '[GameType "21"]\n[FEN "B:W15,23,24:B10"]\n\n1. 10x19 *\n',
            "d.pdn:4:4: error EN205 illegal move 10x19 (game 1, ply 1): 10x19 is not the end "
            "of the capture: it must go on to 26 or 28; legal: 10x26, 10x28",
        ),
        (
            '[GameType "21"]\n[FEN "B:W14,15,22,23:B10"]\n\n1. 10x26 *\n',
            "d.pdn:4:4: error EN207 illegal move 10x26 (game 1, ply 1): 10x26 names 2 "
            "captures: 10x17x26, 10x19x26; write the path; legal: 10x17x26, 10x19x26",
        ),
    ],
    ids=["two-captures-international", "two-captures-english", "start-and-end-ambiguous"],
)
def test_a_text_naming_two_captures_stays_an_error(text: str, expected: str) -> None:
    assert found(text) == [expected]
    assert found(text, frozenset()) == [expected]


def test_a_text_naming_a_capture_from_start_to_end_is_that_capture():
    """Brazilian: the king on 1 can take 6 landing on 10, and can also land on 10 first
    on its way to four longer captures: 1x10 is the capture that ends there."""
    text = '[GameType "26"]\n[FEN "W:WK1,17,24,31,32:B4,6,7,8,16"]\n\n1. 1x10 *\n'
    [record] = read_string(text, "d.pdn")
    report = validate_record(record, path="d.pdn", keep=True, dialects=SHORT)
    assert report.diagnostics == []
    game = get_game("brazilian")
    before, move = report.main_line[0]
    assert (move.path[0], move.path[-1]) == (1, 10)
    assert game.read_short_capture(before, "1x10") is None
    firsts = {m for path, m in game.capture_paths(before) if path[:2] == (1, 10)}
    assert len(firsts) == 4


def test_games_that_are_not_draughts_read_no_short_capture():
    game = get_game("kavaleria")
    assert game.read_short_capture(game.start({}), "1x10") is None


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_convert_writes_the_captures_whole_with_the_dialect(tmp_path: Path) -> None:
    source = tmp_path / "d.pdn"
    source.write_text(INTERNATIONAL + "\n" + ENGLISH, encoding="utf-8")
    kept = run("convert", "--dialect", SHORT_CAPTURES, str(source))
    assert kept.exit_code == 0
    assert kept.stdout == (
        '[GameType "20"]\n[FEN "B:W32,38,46:B3,17,27"]\n\n'
        "1... 3-9 ( 1... 3-8 2. 32x3 ) 2. 32x12 9-14 *\n\n"
        '[GameType "21"]\n[FEN "B:W14,15,22,23:B10"]\n\n1. 10x17x26 *\n'
    )
    assert [line.split(" PDN115 ")[0] for line in kept.stderr.splitlines()[:3]] == [
        f"{source}:4:23: notice",
        f"{source}:4:33: notice",
        f"{source}:9:4: notice",
    ]
    renamed = run("convert", "--dialect", SHORT_CAPTURES, "-n", "numeric", str(source))
    assert (renamed.exit_code, renamed.stdout) == (0, kept.stdout)


def test_without_the_dialect_convert_and_fix_treat_it_as_any_illegal_move(
    tmp_path: Path,
) -> None:
    """convert fails, keeping the notation or not, as validate does (it writes the game
    only with --keep-broken, as written); fix fails, completing nothing."""
    source = tmp_path / "d.pdn"
    source.write_text(ENGLISH, encoding="utf-8")
    error = f"{source}:4:4: error EN205 illegal move 10x17 (game 1, ply 1): "
    kept = run("convert", str(source))
    assert (kept.exit_code, kept.stdout) == (1, "")
    assert kept.stderr.startswith(error)
    broken = run("convert", "--keep-broken", str(source))
    assert broken.exit_code == 1
    assert broken.stdout.startswith(ENGLISH.removesuffix(" *\n") + "\n{notation: kept as written")
    renamed = run("convert", "-n", "numeric", str(source))
    assert (renamed.exit_code, renamed.stdout) == (1, "")
    assert renamed.stderr.startswith(error)
    fixed = run("fix", "--results", str(source))
    assert fixed.exit_code == 1
    assert "10x17x26" not in fixed.stdout
    assert "PDN115" not in fixed.stderr
    assert error in fixed.stderr


def test_fix_writes_the_captures_whole_and_says_so(tmp_path: Path) -> None:
    source = tmp_path / "d.pdn"
    source.write_text(ENGLISH, encoding="utf-8")
    result = run("fix", "--dialect", SHORT_CAPTURES, "--results", str(source))
    assert result.exit_code == 0
    assert result.stdout == (
        '[GameType "21"]\n[FEN "B:W14,15,22,23:B10"]\n[Result "*"]\n\n1. 10x17x26 *\n'
    )
    assert result.stderr.splitlines()[:2] == [
        f"{source}:1:1: notice REC250 fixed: the Result tag is * (was none): it agrees with "
        "the movetext",
        f"{source}:4:4: notice PDN115 10x17 names only the first landing square of a "
        "capture: read as 10x17x26, the one legal capture landing there first (game 1, ply 1)",
    ]
    again = tmp_path / "again.pdn"
    again.write_text(result.stdout, encoding="utf-8")
    assert run("validate", str(again)).stdout == ""
    assert run("validate", str(source)).exit_code == 1


def test_commands_that_replay_main_lines_read_short_captures(tmp_path: Path) -> None:
    """select --position finds the position after the short capture, and render draws it
    with the capture marked."""
    source = tmp_path / "d.pdn"
    source.write_text(ENGLISH, encoding="utf-8")
    chosen = run("select", "--dialect", SHORT_CAPTURES, "--position", "W:W15,23:B26", str(source))
    assert (chosen.exit_code, chosen.stdout) == (0, ENGLISH)
    assert run("select", "--position", "W:W15,23:B26", str(source)).stdout == ""
    drawn = run("render", "--dialect", SHORT_CAPTURES, str(source), "--ply", "1")
    game = get_game("english")
    before = game.start({"FEN": "B:W14,15,22,23:B10"})
    move = game.parse_move(before, "10x17x26")
    assert drawn.exit_code == 0
    assert drawn.stdout == game.render_text(game.play(before, move), move, "numeric") + "\n"
    refused = run("render", str(source), "--ply", "1")
    assert refused.exit_code == 2
    assert "game 1 has 0 legal plies" in refused.output


def test_select_opening_reads_short_captures_typed_and_written(tmp_path: Path) -> None:
    """``--opening`` reads a short capture as validation does, in the moves typed and in
    the record's: each of the two forms finds the English game written either way."""
    short = tmp_path / "short.pdn"
    short.write_text(ENGLISH, encoding="utf-8")
    whole = tmp_path / "whole.pdn"
    whole.write_text(ENGLISH.replace("10x17 ", "10x17x26 "), encoding="utf-8")
    for opening in ("10x17", "10x17x26"):
        for source in (short, whole):
            chosen = run("select", "--dialect", SHORT_CAPTURES, "--opening", opening, str(source))
            assert chosen.exit_code == 0, (opening, source.name, chosen.output)
            assert chosen.stdout == source.read_text(encoding="utf-8"), (opening, source.name)


@pytest.mark.parametrize(
    "command",
    [
        ["validate"],
        ["convert"],
        ["fix"],
        ["repair"],
        ["annotate"],
        ["render"],
        ["select"],
        ["merge"],
        ["duplicates"],
        ["stats"],
    ],
)
def test_an_unknown_dialect_is_a_usage_error_naming_the_known_ones(
    tmp_path: Path, command: list[str]
) -> None:
    source = tmp_path / "d.pdn"
    source.write_text(ENGLISH, encoding="utf-8")
    result = run(*command, "--dialect", "short-capture", str(source))
    assert result.exit_code == 2
    assert "unknown dialect short-capture (known dialects: short-captures)" in " ".join(
        result.output.replace("│", " ").split()
    )


def test_the_configuration_key_reads_short_captures(tmp_path: Path, monkeypatch) -> None:
    """``dialects`` in the configuration is ``--dialect`` for ``validate``."""
    source = tmp_path / "d.pdn"
    source.write_text(ENGLISH, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run("validate", "d.pdn").exit_code == 1
    (tmp_path / "notation.toml").write_text('dialects = ["short-captures"]\n', encoding="utf-8")
    read = run("validate", "d.pdn")
    assert (read.exit_code, read.stdout) == (0, found(ENGLISH)[0] + "\n")
    shown = run("config").stdout.splitlines()
    assert [line for line in shown if line.startswith("dialects ")] == [
        f'dialects    = ["short-captures"]       # {tmp_path / "notation.toml"} top level'
    ]


def test_repair_lists_the_whole_capture_as_a_candidate(tmp_path: Path) -> None:
    """The cut capture 32x21 is completed (its cheapest slip) by 32x12, and the rest
    replays: repair corrects it, and validate's message names the correction."""
    text = (
        '[GameType "20"]\n[FEN "B:W32,38,46,49:B27,17,3,4"]\n\n'
        "1... 3-9 2. 32x21 9-14 3. 38-33 4-10 4. 46-41 10-15 5. 41-37 *\n"
    )
    source = tmp_path / "d.pdn"
    source.write_text(text, encoding="utf-8")
    said = run("validate", str(source))
    assert said.stdout.splitlines() == [
        f"{source}:4:13: error ID205 illegal move 32x21 (game 1, ply 2): a capture of 2 pieces "
        "is available; 32x21 takes 1; 32x21 stops after its first jump: the capture goes on "
        "to 32x12 (read short captures with --dialect short-captures); legal: 32x12; did you "
        "mean 32x12? then the remaining 6 plies replay"
    ]
    repaired = run("repair", str(source))
    assert repaired.exit_code == 0
    assert "2. 32x12 {was: 32x21}" in repaired.stdout


def test_the_cache_and_worker_processes_keep_the_dialect(tmp_path: Path, cached: Path) -> None:
    """A run with the dialect is not answered from the cache of a run without it, and
    worker processes read it as this process does."""
    source = tmp_path / "d.pdn"
    source.write_text(ENGLISH, encoding="utf-8")
    notice = found(ENGLISH)[0].replace("d.pdn", str(source)) + "\n"
    assert run("validate", str(source)).exit_code == 1
    read = run("validate", "--dialect", SHORT_CAPTURES, str(source))
    assert (read.exit_code, read.stdout) == (0, notice)
    assert run("validate", str(source)).exit_code == 1
    for jobs in ("1", "2"):
        again = run("validate", "--no-cache", "-j", jobs, "--dialect", SHORT_CAPTURES, str(source))
        assert (again.exit_code, again.stdout) == (0, notice), jobs
