"""The PDN standard's succeed/ set replayed (shared/corpora/pdn-standard/succeed): the
verdicts bench/succeed.py tabulates, and the false alarms found in it, fixed."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from notation.check.validator import (
    GameReport,
    record_game,
    validate_file,
    validate_record,
    validate_records,
)
from notation.diagnostics import Severity
from notation.games.base import AnyGame
from notation.games.registry import get_game
from notation.record.reader import read_records, read_string


def check(text: str, default: AnyGame | None = None) -> list[GameReport]:
    return list(validate_records(read_string(text), default=default))


def test_a_blank_after_x_before_one_digit_is_inside_the_move():
    """Column-aligned files pad a one-digit square after ``x`` as after ``-``
    (``47x 9`` as ``3- 9``, DUTCH96H.pdn); a blank before two digits still ends the move."""
    [record] = read_string("51. 36-31 37x26 52. 46-41 47x 9 53.  4x 1! 28x19x 13x22 1-0")
    assert [(p.text, p.pos.column) for p in record.moves.plies] == [
        ("36-31", 5),
        ("37x26", 11),
        ("46-41", 21),
        ("47x9", 27),
        ("4x1", 38),
        ("28x19x", 44),
        ("13x22", 51),
    ]
    assert record.moves.plies[4].suffix == "!"
    assert (record.result, record.diagnostics) == ("1-0", [])
    [cut] = read_string("1. 18x11x 8x15 *")
    assert [p.text for p in cut.moves.plies] == ["18x11x", "8x15"]


ENGLISH_PROBLEM = (
    '[Event "Boland\'s Bridges #1"]\n[Setup "1"]\n[FEN "B:W18,13,10,5:BK31,9,3,1."]\n1/2-1/2\n'
)
"""An English draughts problem naming no game (bridges.pdn): White's man on 5 is legal on
8x8, where White crowns on 1-4, but not in international draughts, where it crowns on 1-5."""


def test_an_untagged_setup_fitting_only_8x8_games_is_judged_as_the_first_of_them():
    [report] = check(ENGLISH_PROBLEM)
    assert (report.game, [(d.code, d.line, d.column) for d in report.diagnostics]) == (
        "english",
        [("REC221", 1, 1)],
    )
    assert report.diagnostics[0].message == (
        "the record names no game and its setup is not international draughts (PDN's "
        "default): judged as English draughts (GameType 21); Russian draughts (GameType 25) "
        "and Brazilian draughts (GameType 26) set it up too (a tie goes to the first in "
        "GameType order); a GameType or Variant tag, or --game, decides"
    )
    [named] = check(ENGLISH_PROBLEM, default=get_game("russian"))
    assert (named.game, named.diagnostics) == ("russian", [])


def test_an_untagged_setup_fitting_no_game_keeps_its_setup_error():
    """A White man on 1 is on its crowning row on every board (beginner.pdn game 10)."""
    [report] = check('[Setup "1"]\n[FEN "W:W18,K15,1:BK30,K26,2."]\n0-1\n')
    assert [(d.code, d.line, d.message) for d in report.diagnostics] == [
        (
            "REC202",
            2,
            "invalid setup: FEN 'W:W18,K15,1:BK30,K26,2.': a White man cannot stand on 1, "
            "the row where it is crowned; write K1 for a king",
        )
    ]


CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpora" / "pdn-standard" / "succeed"
needs_corpus = pytest.mark.skipif(
    not CORPUS.is_dir(), reason="the PDN standard corpus (shared/corpora) is not beside the project"
)


def corpus_reports() -> list[tuple[str, GameReport]]:
    return [
        (path.name, report)
        for path in sorted(CORPUS.glob("*.pdn"))
        for report in validate_file(path, path=path.name)
    ]


@needs_corpus
def test_the_succeed_set_verdicts():
    """Every warning and error left on the set, by file and code (docs/corpus.md's table)."""
    reports = corpus_reports()
    groups = Counter(
        (name, d.code)
        for name, report in reports
        for d in report.diagnostics
        if d.severity is not Severity.NOTICE
    )
    assert dict(groups) == {
        ("Campionato Assoluto 2005.pdn", "ID202"): 9,
        ("Campionato Assoluto 2005.pdn", "RU203"): 35,
        ("Campionato Assoluto 2005.pdn", "RU204"): 9,
        ("mrcd2000kval.pdn", "BR205"): 1,
        ("mrcd2000kval.pdn", "RU204"): 21,
        ("mrcd2000kval.pdn", "RU205"): 10,
        ("mrcd2006.pdn", "RU204"): 14,
        ("mrcd2006.pdn", "RU205"): 20,
        ("mrcd2007.pdn", "BR204"): 1,
        ("mrcd2007.pdn", "RU204"): 42,
        ("mrcd2007.pdn", "RU205"): 41,
        ("schildpad.pdn", "ID207"): 2,
        ("Tricks traps and shots.pdn", "EN207"): 2,
        ("beginner.pdn", "REC202"): 1,
        ("bridges.pdn", "REC202"): 1,
        ("fen.pdn", "REC202"): 1,
        ("goulds.pdn", "REC202"): 1,
        ("lpc.pdn", "REC202"): 1,
        ("candidate95.pdn", "REC203"): 1,
        ("kurnik.pdn", "REC207"): 1,
        ("ussr1947.pdn", "REC210"): 1,
    }
    replayed = Counter(
        (report.game, report.plies > 0) for _, report in reports if report.valid and report.game
    )
    assert dict(replayed) == {
        ("international", True): 328,
        ("international", False): 979,
        ("english", True): 217,
        ("english", False): 59,
        ("russian", True): 182,
    }
    assert sum(1 for _, report in reports if report.game is None) == 0
    assert sum(1 for _, report in reports if not report.valid) == 213
    judged = Counter(
        (name, report.game)
        for name, report in reports
        if any(d.code == "REC221" for d in report.diagnostics)
    )
    assert sum(judged.values()) == 654
    assert {name for name, game in judged if game == "english"} == {
        "OCA_2.0.pdn",
        "Principles of Strategy.pdn",
        "Tricks traps and shots.pdn",
        "beginner.pdn",
        "borderclassics.pdn",
        "bridges.pdn",
        "gem.pdn",
        "goulds.pdn",
        "inferno.pdn",
        "lpc.pdn",
    }
    assert judged["ussr1947.pdn", "russian"] == 153


@needs_corpus
def test_each_game_is_judged_by_the_game_record_game_names():
    """:func:`record_game` names the game :func:`validate_record` judges every record as."""
    for path in sorted(CORPUS.glob("*.pdn")):
        for record in read_records(path, path=path.name):
            found = record_game(record)
            named = found if isinstance(found, str) else found.name
            assert named == validate_record(record, path=path.name).game, (path.name, record.index)


@needs_corpus
def test_the_succeed_set_problems_read_by_hand():
    """One diagnostic of each kind of problem, as validate reports it."""
    said = {d.format() for _, report in corpus_reports() for d in report.diagnostics}
    assert {
        "PROF2.pdn:232:53: notice PDN116 30-39 is written with the other separator: read as "
        "30x39, the one legal move with its squares (game 11, ply 31)",
        "schildpad.pdn:140:7: error ID207 illegal move 4x24 (game 7, ply 111): 4x24 names 2 "
        "captures: 4x22x33x24, 4x31x42x24; write the path; legal: 4x22x33x24, 4x31x42x24; "
        "did you mean 4x31x42x24? then the remaining 10 plies replay",
        "candidate95.pdn:157:43: error REC203 the Result tag says 0-1 but the movetext ends "
        "with 1/2-1/2 (game 8)",
        "ussr1947.pdn:34:1: notice REC221 the record names no game and its first moves are not "
        "international draughts (PDN's default): judged as Russian draughts (GameType 25), whose "
        "rules replay its 58 plies; a GameType or Variant tag, or --game, decides",
        "mrcd2006.pdn:20:1: notice REC221 the record names no game and its first moves are not "
        "international draughts (PDN's default): judged as Russian draughts (GameType 25), whose "
        "rules replay 13 of its 79 plies; Brazilian draughts (GameType 26) replays as many (a "
        "tie goes to the first in GameType order); a GameType or Variant tag, or --game, decides",
        "mrcd2006.pdn:32:25: error RU205 illegal move h6xf4 (game 2, ply 14): h6xf4 is not the "
        "end of the capture: it must go on to d6; legal: h6:d6, h4:d4",
        "Tricks traps and shots.pdn:660:73: error EN207 illegal move 10x26 (game 57, ply 37): "
        "10x26 names 2 captures: 10x17x26, 10x19x26; write the path; legal: 10x17x26, 10x19x26",
    } <= said
