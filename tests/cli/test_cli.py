"""The command line: outputs, exit statuses and round trips, as a user or CI sees them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from notation.cli.main import app
from notation.cli.validating import _Progress

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
BRAZILIAN = SAMPLES / "brazilian"
runner = CliRunner()


def run(*args: str, stdin: str | None = None):
    return runner.invoke(app, list(args), input=stdin)


def test_validate_valid_files_exits_zero_with_a_summary_on_stderr() -> None:
    result = run("validate", str(BRAZILIAN / "club-championship-2025.pdn"))
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr == "12 games in 1 file: 0 errors, 0 warnings, 0 notices\n"


def test_validate_directories_recursively_reports_each_problem_and_exits_one() -> None:
    result = run("validate", str(BRAZILIAN), str(SAMPLES / "other"))
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 27  # 11 from broken/, 15 from the score sheets, 1 notice
    assert lines[0].startswith(
        str(BRAZILIAN / "broken" / "ambiguous-short-capture.pdn") + ":16:19: error BR207 "
    )
    assert lines[-1].startswith(
        str(SAMPLES / "other" / "frisian-draughts.pdn") + ":1:1: notice REC201 "
    )
    assert result.stderr == "62 games in 19 files: 25 errors, 1 warning, 1 notice\n"


def test_validate_all_samples_flags_exactly_the_broken_files() -> None:
    result = run("validate", str(SAMPLES))
    assert result.exit_code == 1
    flagged = {line.split(":", 1)[0] for line in result.stdout.splitlines()}
    broken = {str(p) for p in SAMPLES.rglob("*.pdn") if p.parent.name in ("broken", "sheets")}
    # Besides the broken files: an unsupported game (a notice), and two endgame studies that
    # play on past a draw their rules count (REC210 warnings).
    assert flagged - broken == {
        str(SAMPLES / "other" / "frisian-draughts.pdn"),
        str(SAMPLES / "international" / "endgames.pdn"),
        str(SAMPLES / "russian" / "endgames.pdn"),
    }
    assert flagged >= broken


def test_validate_warnings_alone_do_not_fail() -> None:
    result = run("validate", str(BRAZILIAN / "broken" / "repetition-played-on.pdn"))
    assert result.exit_code == 0
    assert " warning REC207 " in result.stdout


def test_validate_reads_standard_input() -> None:
    text = '[GameType "26"]\n\n1. 22-18 11-15 2. 18-14 *\n'
    result = run("validate", "-", stdin=text)
    assert result.exit_code == 1
    assert result.stdout.startswith("-:3:19: error BR204 illegal move 18-14 (game 1, ply 3): ")


def test_validate_a_missing_file_exits_two_and_goes_on() -> None:
    result = run("validate", "no-such-file.pdn", str(BRAZILIAN / "endgames.pdn"))
    assert result.exit_code == 2
    assert result.stdout == (
        "no-such-file.pdn:1:1: error PDN106 cannot read no-such-file.pdn: "
        "no such file or directory\n"
    )
    assert result.stderr == "4 games in 1 file: 0 errors, 0 warnings, 0 notices\n"


def test_validate_game_option_names_the_game_of_untagged_records() -> None:
    text = "1. 22-18 11-15 2. 18x11 8x15 *\n"
    judged = run("validate", "-", stdin=text)
    assert (judged.exit_code, judged.stdout) == (
        0,
        "-:1:1: notice REC221 the record names no game and its first moves are not "
        "international draughts (PDN's default): judged as Russian draughts (GameType 25), "
        "whose rules replay its 4 plies; Brazilian draughts (GameType 26) replays as many (a "
        "tie goes to the first in GameType order); a GameType or Variant tag, or --game, "
        "decides\n",
    )
    result = run("validate", "--game", "brazilian", "-", stdin=text)
    assert (result.exit_code, result.stdout) == (0, "")


def test_an_unknown_game_name_is_a_usage_error() -> None:
    result = run("validate", "--game", "chess", str(BRAZILIAN))
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.stderr


def test_convert_numeric_to_alphanumeric_and_back_gives_the_same_bytes(tmp_path: Path) -> None:
    source = BRAZILIAN / "club-championship-2025.pdn"
    alpha = tmp_path / "alpha.pdn"
    back = tmp_path / "back.pdn"
    assert run("convert", str(source), "-n", "alphanumeric", "-o", str(alpha)).exit_code == 0
    text = alpha.read_text(encoding="utf-8")
    assert '[GameType "26,W,8,8,A0,0"]' in text
    assert "\n1. c3-b4 f6-e5 2. e3-f4 b6-a5 3. g3-h4 e5xg3 4. h2xf4 a5xc3 " in text
    assert run("convert", str(alpha), "-n", "numeric", "-o", str(back)).exit_code == 0
    assert back.read_bytes() == source.read_bytes()


def test_convert_rewrites_the_fen_tag_and_keeps_comments() -> None:
    result = run("convert", str(BRAZILIAN / "lidraughts-blitz.pdn"), "-n", "numeric")
    assert result.exit_code == 0
    first = result.stdout.split("\n\n")[0:2]
    assert '[FEN "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"]' in first[0]
    assert first[1].startswith("1. 24-20 {[%clock w0:04:55 B0:05:00]} 1... 10-14 ")


def test_convert_pdn_to_json_and_back_is_lossless(tmp_path: Path) -> None:
    source = BRAZILIAN / "annotated.pdn"
    as_json = tmp_path / "annotated.json"
    assert run("convert", str(source), "-o", str(as_json)).exit_code == 0
    document = json.loads(as_json.read_text(encoding="utf-8"))
    assert (document["format"], document["version"], len(document["records"])) == (
        "notation-record",
        1,
        5,
    )
    back = run("convert", str(as_json), "--to", "pdn")
    assert back.exit_code == 0
    assert back.stdout == source.read_text(encoding="utf-8")


def test_convert_reports_what_it_could_not_convert_and_exits_one() -> None:
    source = str(BRAZILIAN / "broken" / "man-backward.pdn")
    result = run("convert", source, "-n", "alphanumeric")
    assert result.exit_code == 1
    assert (
        " error BR206 illegal move 15-18 (game 1, ply 9): a man moves forward only; 15-18 goes "
        "backward; legal: 15-10, 15-11, 21-17, 23-18, 23-19, 24-19, 24-20, 25-22, 26-22, 32-28\n"
    ) in result.stderr
    assert result.stdout == ""
    kept = run("convert", source, "-n", "alphanumeric", "--keep-broken")
    assert kept.exit_code == 1
    assert (
        "legal: 15-10, 15-11, 21-17, 23-18, 23-19, 24-19, 24-20, 25-22, 26-22, 32-28; this line "
        "is left as written\n"
    ) in kept.stderr
    assert kept.stdout.endswith(
        "\n1. g3-f4 b6-a5 2. h2-g3 d6-c5 3. f4-e5 f6xd4 4. c3xe5 h6-g5 5. 15-18\n"
        "{notation: kept as written from here: BR206 illegal move 15-18: a man moves forward "
        "only; 15-18 goes backward}\n*\n"
    )


def test_convert_leaves_no_partial_output_file_on_bad_json(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "notation-record", "version": 9, "records": []}', encoding="utf-8")
    out = tmp_path / "out.pdn"
    result = run("convert", str(bad), "-o", str(out))
    assert result.exit_code == 2
    assert result.stdout == (
        f"{bad}:1:1: error PDN106 cannot read {bad}: unsupported notation-record version 9 "
        "(this reads 1)\n"
    )
    assert not out.exists() and list(tmp_path.iterdir()) == [bad]


def test_render_draws_the_position_at_a_ply() -> None:
    result = run("render", str(BRAZILIAN / "endgames.pdn"), "--index", "2", "--ply", "0")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "       1 .       2 .       3 .       4 B",
        "  5 .       6 .       7 .       8 .",
        "       9 .      10 .      11 .      12 .",
        " 13 .      14 .      15 .      16 .",
        "      17 .      18 .      19 .      20 .",
        " 21 .      22 .      23 .      24 .",
        "      25 .      26 .      27 .      28 .",
        " 29 W      30 .      31 .      32 W",
        "White to move",
    ]


def test_codes_lists_every_code_once() -> None:
    result = run("codes")
    codes = [line.split()[0] for line in result.stdout.splitlines()]
    assert len(codes) == len(set(codes))
    assert {"PDN101", "REC204", "BR205", "KV201", "KY201", "KF201", "CV201"} <= set(codes)


def test_new_starts_a_record_that_validates() -> None:
    result = run("new", "brazilian")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line.split(" ")[0] for line in lines[:8]] == [
        "[Event",
        "[Site",
        "[Date",
        "[Round",
        "[White",
        "[Black",
        "[Result",
        "[GameType",
    ]
    assert lines[7:] == ['[GameType "26,W,8,8,N2,0"]', "", "*"]
    checked = run("validate", "-", stdin=result.stdout)
    assert (checked.exit_code, checked.stdout) == (0, "")
    unknown = run("new", "go")
    assert unknown.exit_code == 2
    assert "Invalid value for GAME: unknown game 'go'" in unknown.stderr
    # A choice is taken in any case, the game's name as every other option's.
    assert run("new", "BRAZILIAN").stdout == result.stdout


def test_new_takes_a_seed_only_for_a_game_that_draws_its_set_up() -> None:
    seven = run("new", "knight-fight", "--seed", "7")
    assert seven.exit_code == 0
    assert run("new", "knight-fight", "-s", "7").stdout == seven.stdout
    assert run("new", "knight-fight", "-s", "8").stdout != seven.stdout
    # A negative seed drew the layout of the positive one.
    negative = run("new", "knight-fight", "--seed", "-7")
    assert (negative.exit_code, negative.stdout) == (2, "")
    assert "Invalid value for --seed: -7 is below 0: a seed is 0 or more" in negative.stderr
    ignored = run("new", "brazilian", "-s", "5")
    assert (ignored.exit_code, ignored.stdout) == (2, "")
    assert (
        "Invalid value for --seed: brazilian draws no set-up: a seed is for knight-fight"
        in ignored.stderr
    )


def test_fail_level_warning_fails_on_warnings_and_exit_zero_never_fails() -> None:
    repetition = str(BRAZILIAN / "broken" / "repetition-played-on.pdn")
    assert run("validate", repetition).exit_code == 0
    assert run("validate", "--fail-level", "warning", repetition).exit_code == 1
    broken = str(BRAZILIAN / "broken")
    result = run("validate", "--exit-zero", broken)
    assert result.exit_code == 0
    assert result.stdout.count("\n") == 11
    assert run("validate", "--exit-zero", "missing.pdn").exit_code == 2
    notice = run("validate", "--fail-level", "notice", broken)
    assert notice.exit_code == 2
    assert "Invalid value for --fail-level: choose error or warning" in notice.stderr


def test_select_and_ignore_filter_by_code_and_prefix() -> None:
    broken = str(BRAZILIAN / "broken")
    selected = run("validate", "--select", "BR20,REC207", "--ignore", "BR205", broken)
    codes = [line.split(" ")[2] for line in selected.stdout.splitlines()]
    assert codes == ["BR207", "BR204", "BR203", "BR206", "BR208", "REC207"]
    assert selected.stderr == "14 games in 11 files: 5 errors, 1 warning, 0 notices\n"
    only_warning = run("validate", "--select", "rec207", broken)
    assert (only_warning.exit_code, only_warning.stdout.count("\n")) == (0, 1)
    unknown = run("validate", "--select", "XY1", broken)
    assert unknown.exit_code == 2
    assert "no diagnostic code starts with XY1" in unknown.stderr


def test_statistics_count_each_code_on_stderr_before_the_summary() -> None:
    result = run("validate", "--statistics", "--select", "BR20", str(BRAZILIAN / "broken"))
    assert result.stderr.splitlines() == [
        "     1  BR203   error    illegal Brazilian draughts move",
        "     1  BR204   error    a capture is compulsory",
        "     1  BR205   error    the capture must take the most pieces possible",
        "     1  BR206   error    a man moves forward only",
        "     1  BR207   error    a short capture names several captures",
        "     1  BR208   error    the game is over: no legal move",
        "14 games in 11 files: 6 errors, 0 warnings, 0 notices",
    ]


def test_output_writes_the_report_to_a_file_and_the_summary_to_stderr(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    result = run("validate", "-f", "json", "-o", str(out), str(BRAZILIAN / "endgames.pdn"))
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == "4 games in 1 file: 0 errors, 0 warnings, 0 notices\n"
    document = json.loads(out.read_text("utf-8"))
    assert (document["summary"]["games"], document["diagnostics"]) == (4, [])
    assert list(tmp_path.iterdir()) == [out]


def test_an_unknown_format_is_a_usage_error() -> None:
    result = run("validate", "--format", "xml", str(BRAZILIAN))
    assert result.exit_code == 2
    assert "Invalid value for --format: choose one of text, json" in result.stderr


def test_the_pre_commit_hook_runs_validate_on_records() -> None:
    hooks = (Path(__file__).resolve().parents[2] / ".pre-commit-hooks.yaml").read_text("utf-8")
    assert hooks.splitlines()[:3] == [
        "- id: notation-validate",
        "  name: notation validate",
        "  description: Replay and check game records (PDN) with notation validate",
    ]
    assert "  entry: notation validate\n" in hooks
    assert "  files: \\.(pdn|pgn)$\n" in hooks


def test_the_progress_bar_shows_only_on_a_terminal(monkeypatch) -> None:
    monkeypatch.setattr(_Progress, "DELAY", 0.0)
    with _Progress(1000, shown=False) as hidden:
        hidden.read(500)
        hidden.game()
    assert hidden.bar is None
    with _Progress(1000, shown=True) as shown:
        # The first update draws at once; what follows within a tenth of a second may wait
        # for the next, so the bar is read before another event can move it.
        shown.read(500)
        assert shown.bar is not None
        task = shown.bar.tasks[0]
        assert (task.completed, task.total, task.description) == (500, 1000, "0 games")


def test_validate_duplicates_finds_a_game_written_in_both_notations(tmp_path: Path) -> None:
    source = BRAZILIAN / "endgames.pdn"
    alpha = tmp_path / "endgames-alpha.pdn"
    assert run("convert", str(source), "-n", "alphanumeric", "-o", str(alpha)).exit_code == 0
    plain = run("validate", str(source), str(alpha))
    assert (plain.exit_code, plain.stdout) == (0, "")
    for jobs in ("1", "2"):
        found = run("validate", "--duplicates", "--jobs", jobs, str(source), str(alpha))
        assert found.exit_code == 0
        assert found.stdout.splitlines() == [
            f"{alpha}:{here}:1: warning REC208 game {n} repeats game {n} of {source} "
            f"(line {first}): the same moves from the same start"
            for n, here, first in ((1, 1, 1), (2, 16, 16), (3, 28, 28), (4, 44, 43))
        ]


def test_convert_reports_a_bad_setup_at_its_tag() -> None:
    text = '[Event "e"]\n[GameType "26"]\n[FEN "W:W33:B1"]\n\n1. 22-18 *\n'
    result = run("convert", "-", "-n", "alphanumeric", stdin=text)
    assert result.exit_code == 1
    assert result.stderr.startswith("-:3:1: error REC202 invalid setup: ")
