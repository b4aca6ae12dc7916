"""The validator's verdicts: exact codes, places and plies on samples and hand-made records."""

from __future__ import annotations

import gc
import pickle
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from verdicts import diagnostics

from notation.check import validator
from notation.check.identity import line_of
from notation.check.validator import GameReport, record_game, validate_file, validate_records
from notation.games.registry import get_game
from notation.record.model import Record
from notation.record.reader import read_records, read_string

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
BRAZILIAN = get_game("brazilian")

# (game, code, line, column, ply, move as written) of every diagnostic of each broken file.
BROKEN = {
    "ambiguous-short-capture.pdn": [(1, "BR207", 16, 19, 67, "2x3")],
    "capture-ignored.pdn": [(1, "BR204", 10, 48, 7, "21-17")],
    "illegal-move.pdn": [(1, "BR203", 10, 63, 9, "25-21")],
    "majority-ignored.pdn": [(1, "BR205", 12, 20, 25, "17x10")],
    "man-backward.pdn": [(1, "BR206", 10, 63, 9, "15-18")],
    "move-after-end.pdn": [(1, "BR208", 14, 36, 48, "10-14")],
    "repetition-played-on.pdn": [(1, "REC207", 11, 56, 9, "29-25")],
    "result-tag-mismatch.pdn": [(1, "REC203", 14, 31, None, None)],
    "syntax-error.pdn": [(2, "PDN101", 25, 39, None, None)],
    "unterminated-comment.pdn": [(1, "PDN102", 10, 63, None, None)],
    "wrong-result.pdn": [(1, "REC204", 14, 36, None, None)],
}


def check(text: str, default=None) -> list[GameReport]:
    return list(validate_records(read_string(text), default=default))


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_each_broken_sample_gets_exactly_its_diagnostics(name: str) -> None:
    reports = list(validate_file(SAMPLES / "brazilian" / "broken" / name))
    assert diagnostics(reports) == BROKEN[name]


def test_every_kind_of_broken_sample_is_covered() -> None:
    assert sorted(p.name for p in (SAMPLES / "brazilian" / "broken").glob("*.pdn")) == sorted(
        BROKEN
    )


def test_games_around_a_broken_one_stay_valid() -> None:
    syntax = list(validate_file(SAMPLES / "brazilian" / "broken" / "syntax-error.pdn"))
    assert [(r.valid, r.plies) for r in syntax] == [(True, 47), (False, 5), (True, 92)]
    comment = list(validate_file(SAMPLES / "brazilian" / "broken" / "unterminated-comment.pdn"))
    assert [(r.valid, r.plies) for r in comment] == [(False, 8), (True, 47)]


def test_messages_say_why_and_what_was_legal() -> None:
    (report,) = validate_file(SAMPLES / "brazilian" / "broken" / "majority-ignored.pdn")
    (diagnostic,) = report.diagnostics
    assert diagnostic.message == (
        "illegal move 17x10 (game 1, ply 25): a capture of 2 pieces is available; "
        "17x10 takes 1; legal: 23x7"
    )
    assert diagnostic.legal == ("23x7",)
    assert diagnostic.format() == (
        "-:12:20: error BR205 illegal move 17x10 (game 1, ply 25): a capture of 2 pieces is "
        "available; 17x10 takes 1; legal: 23x7"
    ).replace("-", str(SAMPLES / "brazilian" / "broken" / "majority-ignored.pdn"), 1)


def test_valid_samples_have_no_diagnostics_and_thirty_games() -> None:
    files = [p for p in (SAMPLES / "brazilian").glob("*.pdn")]
    reports = [r for path in files for r in validate_file(path)]
    assert diagnostics(reports) == []
    assert len(reports) == 30
    assert all(r.game == "brazilian" for r in reports)
    assert sum(r.plies for r in reports) == 1660


def test_variations_are_replayed_from_the_position_before_their_ply() -> None:
    text = (
        '[GameType "26"]\n\n'
        "1. 22-18 (1. 22-17 11-15 (1... 11-16 2. 17-13) 2. 17-14 ) (1. 21-17 31-27) "
        "1... 11-15 2. 18x11 8x15 *\n"
    )
    (report,) = check(text)
    assert diagnostics([report]) == [(1, "BR202", 3, 69, 2, "31-27")]
    assert "(game 1, ply 2, in a variation)" in report.diagnostics[0].message
    assert report.plies == 4


def test_main_line_stops_at_the_first_illegal_ply_but_its_variations_are_checked() -> None:
    text = '[GameType "26"]\n\n1. 22-18 11-15 2. 18-14 (2. 18x11 8x15) 2... 9-13 *\n'
    (report,) = check(text)
    assert [(d.code, d.ply, d.move) for d in report.diagnostics] == [("BR204", 3, "18-14")]


def test_unknown_game_types_are_syntax_checked_with_a_notice() -> None:
    reports = check('[GameType "29"]\n\n1. c3-d4 f6-g5 *\n\n[GameType "40"]\n\n1. 32-28 *\n')
    assert [(r.game, [(d.code, d.severity.value) for d in r.diagnostics]) for r in reports] == [
        (None, [("REC201", "notice")]),
        (None, [("REC201", "notice")]),
    ]
    assert [r.diagnostics[0].message for r in reports] == [
        "GameType 29 (Czech draughts) is not supported: the record was syntax-checked, "
        "not replayed",
        "GameType 40 (Frisian draughts) is not supported: the record was syntax-checked, "
        "not replayed",
    ]


def test_a_record_naming_no_game_is_replayed_as_international_draughts() -> None:
    # Formerly a REC220 warning saying that PDN's default game was not supported.
    reports = check('[Event "no type"]\n\n1. 32-28 19-23 *\n\n1. 32-28 19-23 2. 28x19 *\n')
    assert [(r.game, r.plies, r.diagnostics) for r in reports] == [
        ("international", 2, []),
        ("international", 3, []),
    ]
    (wrong,) = check("1. 32-28 19-23 2. 28-22 *\n")
    assert diagnostics([wrong]) == [(1, "ID204", 1, 19, 3, "28-22")]
    assert wrong.diagnostics[0].message == (
        "illegal move 28-22 (game 1, ply 3): a capture is available: 28x19; 28-22 is not a "
        "capture; legal: 28x19"
    )


ENGLISH_OPENING = "1. 12-16 24-20 2. 8-12 21-17 3. 4-8 25-21 4. 9-14 27-24 5. 10-15 17x10 *\n"
"""Legal English draughts (Black first from 1-12); not international draughts from ply 1."""

BRAZILIAN_OPENING = "1. 24-20 12-16 2. 21-17 8-12 3. 17-14 10x17 4. 22x13 11-15 *\n"
"""Legal Brazilian and Russian draughts (White first from 21-32); neither international
nor English draughts."""

RUSSIAN_SHORT_OPENING = "1. gh4 dc5 2. hg3 hg5 3. cd4 ed6 4. dc3 fe7 5. cb4 gh6 *\n"
"""Legal Russian draughts in Russian short notation, which no other game reads."""

RUSSIAN_A1H8_GAME = (
    "1. e3-d4 f6-e5 2. d4:f6 g7:e5 3. c3-b4 e7-f6 4. b4-a5 d6-c5 5. d2-c3 c5-b4 6. a3:c5 b6:d4 "
    "7. a5-b6 c7:a5 8. g3-f4 e5:g3 9. h2:f4 a7-b6 *\n"
)
"""Russian draughts written a1-h8: its 17th ply (h2:f4) takes one piece where a capture of
two is possible, which Brazilian draughts' majority rule forbids."""

JUDGED = (
    "the record names no game and its first moves are not international draughts (PDN's "
    "default): judged as "
)
DECIDES = "; a GameType or Variant tag, or --game, decides"


@pytest.mark.parametrize(
    ("text", "name", "said"),
    [
        (
            ENGLISH_OPENING,
            "english",
            "English draughts (GameType 21), whose rules replay its 10 plies",
        ),
        (
            RUSSIAN_SHORT_OPENING,
            "russian",
            "Russian draughts (GameType 25), whose rules replay its 10 plies",
        ),
        (
            RUSSIAN_A1H8_GAME,
            "russian",
            "Russian draughts (GameType 25), whose rules replay its 18 plies; "
            "Brazilian draughts (GameType 26) replays 16",
        ),
        (
            BRAZILIAN_OPENING,
            "russian",
            "Russian draughts (GameType 25), whose rules replay its 8 plies; Brazilian "
            "draughts (GameType 26) replays as many (a tie goes to the first in GameType order)",
        ),
        (
            "1. e2-e4 b7-b5 2. g2-g4 a7-a5 3. g3-g5 a6-a4 *\n",
            "keny",
            "Keny (Caucasian checkers), whose rules replay its 6 plies",
        ),
    ],
)
def test_an_untagged_record_is_judged_as_the_game_its_moves_fit(
    text: str, name: str, said: str
) -> None:
    (report,) = check('[Event "no type"]\n\n' + text)
    assert (report.game, report.plies, diagnostics([report])) == (
        name,
        len(read_string(text)[0].moves.plies),
        [(1, "REC221", 1, 1, None, None)],
    )
    assert report.diagnostics[0].message == JUDGED + said + DECIDES
    assert report.valid and record_game(read_string(text)[0]) is get_game(name)
    (named,) = check('[Event "no type"]\n\n' + text, default=get_game(name))
    assert (named.game, named.plies, named.diagnostics) == (name, report.plies, [])


@pytest.mark.parametrize(
    "sample", sorted(p.relative_to(SAMPLES).as_posix() for p in SAMPLES.glob("*/*/*.pdn"))
)
def test_judged_game_gives_the_game_and_the_notice_validate_gives(sample: str) -> None:
    """Over every sample with its GameType and Variant tags taken out, judged_game (which
    fix, repair, split, convert and select ask) names the game validate judges each record
    as and gives exactly validate's REC221 notice, or none when validate gives none."""
    lines = (SAMPLES / sample).read_text("utf-8").splitlines(keepends=True)
    text = "".join(line for line in lines if not line.startswith(("[GameType ", "[Variant ")))
    for record in read_string(text):
        report = validator.validate_record(record, path=sample)
        game, notice = validator.judged_game(record, path=sample)
        assert (None if isinstance(game, str) else game.name) == report.game
        judged = [] if notice is None else [notice]
        assert judged == [d for d in report.diagnostics if d.code == "REC221"]


def test_an_untagged_record_gets_the_full_verdict_of_the_game_it_is_judged_as() -> None:
    """An English game with a capture ignored at ply 10 (17-13 for 17x10): judged as English
    draughts, whose rules replay more of it than any other game's, with its error there."""
    text = "1. 12-16 24-20 2. 8-12 21-17 3. 4-8 25-21 4. 9-14 27-24 5. 10-15 17-13 6. 15-19 *\n"
    (report,) = check(text)
    assert (report.game, report.plies, diagnostics([report])) == (
        "english",
        9,
        [(1, "REC221", 1, 1, None, None), (1, "EN204", 1, 66, 10, "17-13")],
    )
    assert report.diagnostics[0].message == (
        JUDGED + "English draughts (GameType 21), whose rules replay 9 of its 11 plies" + DECIDES
    )
    assert report.diagnostics[1].message == (
        "illegal move 17-13 (game 1, ply 10): a capture is available: 17x10; 17-13 is not a "
        "capture; legal: 17x10"
    )
    assert not report.valid


ENGLISH_PROBLEM = '[Event "Problem"]\n[Setup "1"]\n[FEN "W:W27,22,K3:B18,14,11,7."]\n\n'
"""An English problem: a FEN of 1-32 squares that is an international draughts position too,
where White's 22x8 (a double capture over 18 and 11) is legal on 8x8 only."""


def test_an_untagged_problem_position_is_judged_as_the_game_its_solution_fits() -> None:
    (solved,) = check(ENGLISH_PROBLEM + "1. 22x8 14-17 2. 3x10 17-22 3. 27-23 *\n")
    assert (solved.game, solved.plies, diagnostics([solved])) == (
        "english",
        5,
        [(1, "REC221", 1, 1, None, None)],
    )
    assert solved.diagnostics[0].message == (
        JUDGED + "English draughts (GameType 21), whose rules replay its 5 plies" + DECIDES
    )
    # The king's capture 3x10 missed at ply 3: the error of the game it is judged as.
    (missed,) = check(ENGLISH_PROBLEM + "1. 22x8 14-17 2. 8-4 17-22 3. 27-23 *\n")
    assert (missed.game, diagnostics([missed])) == (
        "english",
        [(1, "REC221", 1, 1, None, None), (1, "EN204", 5, 18, 3, "8-4")],
    )
    assert missed.diagnostics[0].message == (
        JUDGED + "English draughts (GameType 21), whose rules replay 2 of its 5 plies; "
        "Russian draughts (GameType 25) and Brazilian draughts (GameType 26) replay as many "
        "(a tie goes to the first in GameType order)" + DECIDES
    )


def test_an_untagged_record_fitting_no_other_game_better_keeps_international_verdicts() -> None:
    """International draughts, PDN's default, wins a tie: a first ply no game replays."""
    (wrong,) = check("1. 21-18 10-14 *\n")
    assert (wrong.game, diagnostics([wrong])) == (
        "international",
        [(1, "ID202", 1, 4, 1, "21-18")],
    )
    (tagged,) = check('[GameType "20"]\n\n' + ENGLISH_OPENING)
    assert tagged.game == "international"
    assert [d.code for d in tagged.diagnostics] == ["ID202"]


def test_an_untagged_international_record_with_an_illegal_move_stays_international() -> None:
    """Illegal at ply 3, within the first ten: the other games are tried, and none replays
    more of it than international draughts."""
    (early,) = check("1. 32-28 19-23 2. 28-22 *\n")
    assert (early.game, diagnostics([early])) == (
        "international",
        [(1, "ID204", 1, 19, 3, "28-22")],
    )
    moves = "1. 32-28 18-23 2. 31-26 23x32 3. 38x27 16-21 4. 27x16 13-18 5. 26-21 17x26 6. 42-38 "
    (late,) = check(moves + "18-22 7. 33-28 22x31 8. 99-98 *\n")
    assert late.game == "international"
    assert [(d.code, d.ply) for d in late.diagnostics] == [("ID201", 15)]
    assert record_game(read_string("1. 32-28 19-23 2. 28-22 *\n")[0]) is get_game("international")


def test_untagged_records_international_draughts_replays_are_not_tried_as_other_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The common case costs nothing more: the eight untagged games of a sample."""

    def refuse(*args: object) -> None:
        raise AssertionError("an international record was tried as other games")

    monkeypatch.setattr(validator, "_untagged_fits", refuse)
    reports = list(validate_file(SAMPLES / "international" / "moscow-cup-2025.pdn"))
    assert [(r.game, r.diagnostics) for r in reports] == [("international", [])] * 8


def test_a_gametype_20_record_is_replayed_as_international_draughts() -> None:
    (report,) = check('[GameType "20,W,10,10,N1,0"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n')
    assert (report.game, report.plies, report.diagnostics) == ("international", 4, [])


def test_the_result_tag_is_checked_against_the_movetext_in_unsupported_games() -> None:
    # As in game 8 of the PDN standard's candidate95.pdn (there a GameType 20 record).
    text = '[GameType "40"]\n[Result "0-1"]\n\n1. 32-28 1/2-1/2\n\n[Result "1-0"]\n\n1. 32-28 1-0\n'
    reports = check(text)
    assert diagnostics(reports) == [
        (1, "REC201", 1, 1, None, None),
        (1, "REC203", 4, 10, None, None),
    ]
    assert reports[0].diagnostics[1].message == (
        "the Result tag says 0-1 but the movetext ends with 1/2-1/2 (game 1)"
    )
    assert not reports[0].valid
    assert (reports[1].game, reports[1].plies, reports[1].valid) == ("international", 1, True)


def test_default_game_applies_only_to_records_naming_none() -> None:
    text = '[Event "x"]\n\n1. 22-18 11-15 *\n\n[GameType "29"]\n\n1. c3-d4 *\n'
    reports = check(text, default=BRAZILIAN)
    assert [r.game for r in reports] == ["brazilian", None]
    assert reports[0].valid and reports[0].plies == 2


def test_result_decided_by_the_rules_but_not_recorded_is_a_warning() -> None:
    text = '[GameType "26"]\n[FEN "W:W18:B14"]\n\n1. 18x9 *\n'
    (report,) = check(text)
    assert [(d.code, d.severity.value) for d in report.diagnostics] == [("REC205", "warning")]
    assert "the rules decide 2-0 (Black has no legal move)" in report.diagnostics[0].message


def test_a_result_this_game_does_not_use_is_an_error() -> None:
    (report,) = check('[GameType "26"]\n[Result "1/2"]\n\n1. 22-18 *\n')
    assert [(d.code, d.line) for d in report.diagnostics] == [("REC206", 2), ("REC203", 4)]
    (report,) = check('[Variant "kavaleria"]\n\n1. C3-D4 2-0\n')
    assert [(d.code, d.line, d.column) for d in report.diagnostics] == [("REC206", 3, 10)]
    assert report.diagnostics[0].message == (
        "2-0 is not a Kavaleria result (game 1); use one of 1-0 0-1 1/2-1/2 *"
    )


def test_draughts_and_chess_result_forms_both_agree_with_the_rules() -> None:
    for result in ("2-0", "1-0"):
        (report,) = check(f'[GameType "26"]\n[FEN "W:W18:B14"]\n\n1. 18x9 {result}\n')
        assert report.diagnostics == []
        assert report.outcome is not None and report.outcome.reason == "Black has no legal move"


def test_a_bad_setup_is_reported_at_the_fen_tag() -> None:
    (report,) = check('[Event "e"]\n[GameType "26"]\n[FEN "W:W33:B1"]\n\n1. 22-18 *\n')
    assert [(d.code, d.line, d.column) for d in report.diagnostics] == [("REC202", 3, 1)]
    assert report.diagnostics[0].message.startswith("invalid setup: ")


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet='[]{}()"1234567890-x:*/. \n$!?abcdefghK%;WB', max_size=200))
def test_no_input_makes_the_validator_raise(text: str) -> None:
    for report in check('[GameType "26"]\n\n' + text):
        assert all(d.line >= 1 for d in report.diagnostics)


def test_a_win_claimed_after_a_threefold_repetition_is_a_warning() -> None:
    shuffle = "1. 29-25 1-5 2. 25-29 5-1 3. 29-25 1-5 4. 25-29 5-1"
    (report,) = check(f'[GameType "26"]\n[FEN "W:WK29:BK1"]\n\n{shuffle} 2-0\n')
    assert [(d.code, d.line, d.column, d.ply) for d in report.diagnostics] == [
        ("REC207", 4, 53, None)
    ]
    assert report.diagnostics[0].message == (
        "the position after ply 8 occurred for the third time, a draw, but the record says 2-0"
        " (game 1)"
    )
    (drawn,) = check(f'[GameType "26"]\n[FEN "W:WK29:BK1"]\n\n{shuffle} 1-1\n')
    assert drawn.diagnostics == []


def test_an_untagged_capture_written_with_a_step_separator_is_read_in_the_game_it_fits() -> None:
    """English until its tenth ply, whose capture 17x10 is written 17-10 (PDN116)."""
    (fits,) = check("1. 12-16 24-20 2. 8-12 21-17 3. 4-8 25-21 4. 9-14 27-24 5. 10-15 17-10 *\n")
    assert (fits.game, [d.code for d in fits.diagnostics]) == ("english", ["REC221", "PDN116"])


def test_a_kept_main_line_is_the_traced_one_and_makes_no_ply_of_a_plain_record() -> None:
    """``keep`` gives each legal main-line move with the position before it and the
    position after the last (the start when none is legal), as the trace of the same
    replay holds them, over every sample; a movetext kept as text stays so."""
    lines = 0
    for path in sorted(SAMPLES.glob("**/*.pdn")):
        for record in read_records(str(path)):
            kept = validator.validate_record(record, keep=True, suggest=False)
            traced = line_of(validator.validate_record(record, trace=True, suggest=False))
            if traced is None:
                assert (kept.main_line, kept.end) == ([], None), path
                continue
            lines += 1
            assert (kept.main_line, kept.end) == (traced.moves, traced.end), path
    assert lines > 400
    (record,) = read_string('[GameType "26"]\n\n1. 22-18 12-16 2. 18-14 *\n')
    report = validator.validate_record(record, keep=True)
    assert record.moves.is_deferred
    assert [move.path for _, move in report.main_line] == [(22, 18), (12, 16), (18, 14)]
    assert report.end == BRAZILIAN.play(*report.main_line[-1])


@pytest.mark.parametrize(
    "path",
    sorted(SAMPLES.glob("*/broken/*.pdn")) + sorted(SAMPLES.glob("*/sheets/*.pdn")),
    ids=lambda path: f"{path.parent.parent.name}/{path.name}",
)
def test_the_plies_counted_without_a_trail_are_those_of_the_line_kept(path: Path) -> None:
    """A game that counts no position (no repetition, no draw rule of its own) is replayed
    without keeping its positions; its report counts the same legal main-line plies as a
    replay that keeps them (``replay_main_line``), up to the first illegal one."""
    for record in read_records(path):
        report = validator.validate_record(record, path=str(path), suggest=False)
        kept = validator.replay_main_line(record, path=str(path))
        assert (report.plies, report.game) == (kept.report.plies, kept.report.game)
        assert report.diagnostics == kept.report.diagnostics


def test_a_report_is_pickled_whole() -> None:
    """Reports cross processes (``--jobs``, Dask) pickled; in the compiled build too, where
    a native class was rebuilt by calling it with no argument, which it refuses."""
    path = SAMPLES / "brazilian" / "broken" / "illegal-move.pdn"
    (record,) = read_records(path)
    reports = [*validate_file(path), validator.validate_record(record, keep=True)]
    line = validator.replay_main_line(record)
    step = validator.Step(BRAZILIAN.start({}))
    back = pickle.loads(pickle.dumps((reports, line, step)))
    assert (back[0], back[1].report, back[1].positions, back[2]) == (
        reports,
        line.report,
        line.positions,
        step,
    )
    assert back[0][1].main_line == reports[1].main_line != []


@pytest.mark.parametrize("keep", [False, True], ids=["verdicts", "kept main line"])
def test_a_report_holds_none_of_the_records_judged(keep: bool) -> None:
    """Once a record is judged, neither its report nor the replay holds it, with or
    without the main line kept (``validate --duplicates`` and ``stats`` keep it): the
    compiled build's keeping replay held a reference to every record it judged, so that
    memory grew with the archive."""
    records = read_string('[GameType "26"]\n\n1. 22-18 12-16 2. 18-14 *\n\n' * 50)
    gc.collect()
    before = sum(type(item) is Record for item in gc.get_objects())
    reports = [validator.validate_record(record, keep=keep) for record in records]
    del records
    gc.collect()
    assert [len(report.main_line) for report in reports] == [3 if keep else 0] * 50
    assert sum(type(item) is Record for item in gc.get_objects()) == before - 50
