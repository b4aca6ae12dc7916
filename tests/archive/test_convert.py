"""Conversion reports a move it cannot rewrite with the diagnostic ``validate`` gives it,
its candidate corrections included."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from notation.archive.convert import KEPT_MARK, convert_record
from notation.check.validator import validate_record
from notation.cli.main import app
from notation.games.registry import get_game
from notation.record.model import Comment
from notation.record.reader import read_string

# (game, record, notation converted to, message of its one illegal move, the legal moves).
CASES = [
    (
        "brazilian",
        '[GameType "26"]\n\n1. 22-18 11-15 2. 18-14 *\n',
        "alphanumeric",
        "illegal move 18-14 (game 1, ply 3): a capture is available: 18x11; 18-14 is not a "
        "capture; legal: 18x11",
        ("18x11",),
    ),
    (
        # The legal moves are listed in the notation the record was written in, though the
        # plies before the illegal one were rewritten in the other.
        "brazilian",
        '[GameType "26"]\n\n1. c3-d4 f6-e5 2. d4-c5 *\n',
        "numeric",
        "illegal move d4-c5 (game 1, ply 3): a capture is available: d4xf6; d4-c5 is not a "
        "capture; legal: d4xf6",
        ("d4xf6",),
    ),
    (
        "brazilian",
        '[GameType "26"]\n\n1. 22-18 ( 1. c3-d4 f6-e5 2. d4-c5 ) *\n',
        "alphanumeric",
        "illegal move d4-c5 (game 1, ply 3, in a variation): a capture is available: d4xf6; "
        "d4-c5 is not a capture; legal: d4xf6",
        ("d4xf6",),
    ),
    (
        "cheversi",
        '[Variant "cheversi"]\n\n1. Крb5 Лa5 2. Фb4 Фb4 *\n',
        "en",
        "illegal move Фb4 (game 1, ply 4): Фb4: b4 is occupied by White's Queen; legal: Фa3, "
        "Фb3, Фc3, Фa4, Фc4, Фc5, Фa6, Фb6, Фc6",
        ("Фa3", "Фb3", "Фc3", "Фa4", "Фc4", "Фc5", "Фa6", "Фb6", "Фc6"),
    ),
]


@pytest.mark.parametrize(("name", "text", "notation", "message", "legal"), CASES)
def test_convert_reports_an_illegal_move_as_validate_does(
    name: str, text: str, notation: str, message: str, legal: tuple[str, ...]
) -> None:
    game = get_game(name)
    (checked,) = read_string(text, path="r.pdn")
    (expected,) = validate_record(checked, path="r.pdn").diagnostics
    (record,) = read_string(text, path="r.pdn")
    (problem,) = convert_record(record, game, notation, path="r.pdn")
    assert expected.candidates  # validate lists corrections: convert reports them as it does
    assert problem == expected
    assert (problem.message, problem.legal) == (message, legal)


MARK_TAIL = "; this line is left as written"


@pytest.mark.parametrize(("name", "text", "notation", "message", "legal"), CASES)
def test_marking_says_the_line_is_left_as_written(
    name: str, text: str, notation: str, message: str, legal: tuple[str, ...]
) -> None:
    game = get_game(name)
    (checked,) = read_string(text, path="r.pdn")
    (expected,) = validate_record(checked, path="r.pdn").diagnostics
    (record,) = read_string(text, path="r.pdn")
    problem, *rest = convert_record(record, game, notation, path="r.pdn", mark=True)
    assert problem == expected.replace(text=expected.text + MARK_TAIL)
    assert problem.message == message + MARK_TAIL
    if name == "cheversi":
        # Фb4 kept as written would be another error in English (Ф is no English letter):
        # the record is left in Russian, as it was, so that its verdict stays the same.
        (unconverted,) = rest
        assert unconverted.code == "REC209"
        assert unconverted.message == (
            "the game is not converted to en (game 1): Фb4 (ply 4), kept as written, would be "
            "read otherwise in en; it is written in ru, as it was"
        )
        assert [p.text for p in record.moves.plies] == ["Крb5", "Лa5", "Фb4", "Фb4"]
    else:
        assert rest == []


def test_the_mark_names_the_code_the_move_and_the_reason_only() -> None:
    (record,) = read_string('[GameType "26"]\n\n1. 22-18 11-15 2. 18-14 *\n')
    convert_record(record, get_game("brazilian"), "alphanumeric", mark=True)
    plies = record.moves.plies
    assert [p.text for p in plies] == ["c3-d4", "f6-e5", "18-14"]
    assert plies[2].comments == [
        Comment(
            f"{KEPT_MARK}: BR204 illegal move 18-14: a capture is available: 18x11; "
            "18-14 is not a capture"
        )
    ]


TRAILING_DOT = '[GameType "20"]\n[FEN "W:W31,32:B19,20."]\n\n1. 31-27 20-24 *\n'
RANGES = '[GameType "26"]\n[FEN "W:W29-32:B1-3"]\n\n1. 29-25 *\n'
UNTAGGED_RUSSIAN = '[Event "x"]\n[FEN "W:Wa1,c1,e3:Bh8,f8"]\n\n1. e3-d4 h8-g7 2. d4-c5 g7-h6 *\n'
"""A record naming no game that validate judges as Russian draughts (REC221): its FEN is
written as Russian draughts writes it, international draughts reading no such FEN."""

SETUPS = [
    # (record, options, what convert writes: the FEN as fix --fen writes it)
    (TRAILING_DOT, [], TRAILING_DOT.replace("B19,20.", "B19,20")),
    (TRAILING_DOT, ["--notation", "numeric"], TRAILING_DOT.replace("B19,20.", "B19,20")),
    (RANGES, [], RANGES.replace("W29-32:B1-3", "W29,30,31,32:B1,2,3")),
    (UNTAGGED_RUSSIAN, [], UNTAGGED_RUSSIAN.replace("Wa1,c1,e3:Bh8,f8", "We3,a1,c1:Bf8,h8")),
    (
        RANGES,
        ["--notation", "alphanumeric"],
        '[GameType "26,W,8,8,A0,0"]\n[FEN "W:Wa1,c1,e1,g1:Bb8,d8,f8"]\n\n1. a1-b2 *\n',
    ),
]


@pytest.mark.parametrize(("text", "options", "written"), SETUPS)
def test_convert_writes_the_fen_as_fix_fen_does(
    tmp_path: Path, text: str, options: list[str], written: str
) -> None:
    source = tmp_path / "s.pdn"
    source.write_text(text, "utf-8")
    converted = CliRunner().invoke(app, ["convert", *options, str(source)])
    assert (converted.exit_code, converted.stdout) == (0, written)
    if not options:
        fixed = CliRunner().invoke(app, ["fix", "--fen", str(source)])
        assert fixed.stdout == written


INTERNATIONAL = '[GameType "20"]\n\n1. 32-28 19-23 *\n'


def test_a_notation_the_games_do_not_have_is_one_usage_error_listing_theirs(
    tmp_path: Path,
) -> None:
    source = tmp_path / "s.pdn"
    source.write_text(INTERNATIONAL + "\n" + INTERNATIONAL, "utf-8")
    converted = CliRunner().invoke(app, ["convert", "-n", "algebraic", str(source)])
    assert (converted.exit_code, converted.stdout) == (2, "")
    assert converted.stderr == (
        f"notation: --notation 'algebraic': International draughts ({source}:1: game 1) has "
        "no such notation; its notations are numeric; nothing written\n"
    )
    kept = CliRunner().invoke(app, ["convert", "-n", "algebraic", "--keep-broken", str(source)])
    assert kept.exit_code == 1
    assert kept.stderr.count(" error REC209 International draughts has no notation") == 2


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["-n", "numerik"], "no game has a notation 'numerik'; did you mean 'numeric'? choose"),
        (["-n", "algebraic", "-g", "international"], "International draughts has no notation"),
        (["-g", "brazillian"], "unknown game 'brazillian'; did you mean 'brazilian'? known"),
    ],
)
def test_a_misspelt_notation_or_game_is_a_usage_error_with_did_you_mean(
    tmp_path: Path, options: list[str], message: str
) -> None:
    source = tmp_path / "s.pdn"
    source.write_text(INTERNATIONAL, "utf-8")
    converted = CliRunner().invoke(app, ["convert", *options, str(source)])
    assert converted.exit_code == 2
    assert message in " ".join(re.sub("[│╭╮╰╯─]", " ", converted.stderr).split())


def test_an_untagged_record_is_converted_as_the_game_validate_judges_it_as_and_says_so(
    tmp_path: Path,
) -> None:
    """validate judges UNTAGGED_RUSSIAN as Russian draughts (REC221); convert writes its
    moves in Russian draughts' numeric notation, with the GameType that names it, and
    reports validate's notice, as it does without --notation."""
    source = tmp_path / "r.pdn"
    source.write_text(UNTAGGED_RUSSIAN, "utf-8")
    notice = (
        f"{source}:1:1: notice REC221 the record names no game and its setup is not "
        "international draughts (PDN's default): judged as Russian draughts (GameType 25), "
        "whose rules replay its 4 plies; Brazilian draughts (GameType 26) replays as many (a "
        "tie goes to the first in GameType order); a GameType or Variant tag, or --game, "
        "decides"
    )
    validated = CliRunner().invoke(app, ["validate", str(source)])
    assert validated.stdout.splitlines()[0] == notice
    converted = CliRunner().invoke(app, ["convert", "--notation", "numeric", str(source)])
    assert (converted.exit_code, converted.stdout) == (
        0,
        '[Event "x"]\n[FEN "W:W23,29,30:B3,4"]\n[GameType "25,W,8,8,N2,0"]\n\n'
        "1. 23-18 4-8 2. 18-14 8-12 *\n",
    )
    assert converted.stderr == notice + "\n"
    kept = CliRunner().invoke(app, ["convert", str(source)])
    assert kept.stderr == notice + "\n"
    given = CliRunner().invoke(app, ["convert", "--game", "russian", str(source)])
    assert (given.stdout, given.stderr) == (kept.stdout, "")
