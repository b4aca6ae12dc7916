"""Cheversi: one language per record (issue 24, finding 2).

A record's piece letters are read in its ``Notation`` tag's language, or without one in the
language its letters show as a whole; a letter illegal in that language is an error, never
read as another language's legal piece.
"""

from __future__ import annotations

import random

import pytest

from notation.archive.convert import convert_record
from notation.archive.select import Filters, Selector
from notation.check.identity import moves_key
from notation.check.replay import record_start, record_texts
from notation.check.validator import validate_record
from notation.games.cheversi import Cheversi, Placement, choose_notation
from notation.record.reader import read_string
from notation.record.writer import write_record

GAME = Cheversi()
FILES = "abcdefgh"


def _name(square: int) -> str:
    return f"{FILES[square % 8]}{square // 8 + 1}"


def _errors(text: str) -> list[tuple[str, int, int, int | None, str | None]]:
    """(code, line, column, ply, move) of each error of the one record of ``text``."""
    (record,) = read_string(text)
    report = validate_record(record)
    return [
        (d.code, d.line, d.column, d.ply, d.move)
        for d in report.diagnostics
        if d.severity.name == "ERROR"
    ]


# The language a record without a tag is read in -------------------------------------------


@pytest.mark.parametrize(
    ("texts", "notation"),
    [
        (["Kd4", "Rd5", "Qe5", "Nc6"], "en"),
        (["Rd4", "Td5", "De5", "Cc6"], "fr"),
        (["Kd4", "Td5", "De5", "Sc6"], "de"),
        (["Крd4", "Лd5", "Фe5"], "ru"),
        (["Крd4", "\u0422d5", "Фe5"], "uk"),
        (["♔d4", "♜d5"], "figurine"),
        # Figurines belong to no language: the letters decide.
        (["♔d4", "♜d5", "Cc6"], "fr"),
        # A tie goes to the first of en, fr, de, ru, uk.
        (["Rd4"], "en"),
        (["Dd4", "Td5"], "fr"),
        (["Kd4", "Fd5", "Ld6", "Sc6", "Cc7"], "de"),
        (["Фd4"], "ru"),
        # The most letters win, a stray letter of another language does not.
        (["Rd4", "Dd5", "Fe5", "Ce6", "Qc7"], "fr"),
        # Texts that are no placement, and no text at all.
        (["e4", "Xe4", "Ke9"], "en"),
        ([], "en"),
    ],
)
def test_choose_notation(texts: list[str], notation: str) -> None:
    assert choose_notation(texts) == notation


def test_the_tag_decides_and_the_variations_count() -> None:
    (french,) = read_string('[Variant "cheversi"]\n\n1. Rd4 (1. Rc4 Dd5 2. Fe4) *\n')
    assert list(record_texts(french)) == ["Rd4", "Rc4", "Dd5", "Fe4"]
    assert record_start(GAME, french).notation == "fr"
    assert record_start(GAME, french, {"Notation": "en"}).notation == "en"
    assert GAME.start_record({"Notation": "de"}, ["Rd4", "Dd5"]).notation == "de"


# Verdicts on whole records ---------------------------------------------------------------------


def test_an_english_rook_first_is_an_error_not_a_french_king() -> None:
    text = '[Variant "cheversi"]\n\n1. Rd4 Qd5 2. Ne4 *\n'
    assert _errors(text) == [("CV206", 3, 4, 1, "Rd4")]
    (record,) = read_string(text)
    message = validate_record(record).diagnostics[0].message
    assert message.startswith(
        "illegal move Rd4 (game 1, ply 1): Rd4: White's first piece must be its King; in "
        'French R is the King: Kd4 would be legal (tag the record [Notation "fr"] to read it so)'
    )


def test_a_record_in_one_language_reads_as_written() -> None:
    french = '[Variant "cheversi"]\n\n1. Rd4 Cd5 2. Fe4 Fe5 *\n'
    assert _errors(french) == []
    tagged = '[Variant "cheversi"]\n[Notation "fr"]\n\n1. Rd4 Cd5 2. Fe4 Fe5 *\n'
    assert _errors(tagged) == []
    # The same moves in a record tagged English: R is a Rook, C and F no English letters.
    english = '[Variant "cheversi"]\n[Notation "en"]\n\n1. Rd4 Cd5 2. Fe4 Fe5 *\n'
    assert _errors(english) == [("CV206", 4, 4, 1, "Rd4")]


def test_a_foreign_letter_in_a_record_is_an_error() -> None:
    # An English record (its letters say so) with a French Bishop at ply 4.
    text = '[Variant "cheversi"]\n\n1. Kd4 Nd5 2. Be4 Fe5 *\n'
    assert _errors(text) == [("CV202", 3, 19, 4, "Fe5")]


def test_commands_read_a_record_in_the_language_its_letters_show() -> None:
    french = '[Variant "cheversi"]\n\n1. Rd4 Cd5 2. Fe4 Fe5 *\n'
    english = '[Variant "cheversi"]\n\n1. Kd4 Nd5 2. Be4 Be5 *\n'
    (record,) = read_string(french)
    assert convert_record(record, GAME, "en") == []
    assert write_record(record).endswith("1. Kd4 Nd5 2. Be4 Be5 *\n")
    (first,), (second,) = read_string(french), read_string(english)
    assert moves_key(GAME, first) == moves_key(GAME, second) is not None


@pytest.mark.parametrize("opening", [("Ka1", "Qb1"), ("Ra1", "Db1"), ("♔a1", "♛b1")])
def test_an_opening_selects_records_of_every_language(opening: tuple[str, ...]) -> None:
    selector = Selector(Filters(opening=opening))
    records = [
        '[Variant "cheversi"]\n\n1. Ka1 Qb1 2. Qc1 *\n',
        '[Variant "cheversi"]\n[Notation "fr"]\n\n1. Ra1 Db1 2. Dc1 *\n',
        '[Variant "cheversi"]\n\n1. Ra1 Db1 2. Dc1 *\n',
        '[Variant "cheversi"]\n[Notation "ru"]\n\n1. Крa1 Фb1 2. Фc1 *\n',
        '[Variant "cheversi"]\n\n1. Ka1 Qa2 2. Qb1 *\n',
    ]
    found = [selector.matches(read_string(text)[0], "-") for text in records]
    assert found == [True, True, True, True, False]


# Corrupted games: every corruption is its error, at its ply -------------------------------------

LATIN = {
    "fr": {"Q": "D", "R": "T", "B": "F", "N": "C"},
    "de": {"Q": "D", "R": "T", "B": "L", "N": "S"},
}


def _random_game(rng: random.Random) -> list[tuple[str, int]]:
    """A random legal game of 16 plies, as (kind, square)."""
    while True:
        position = GAME.start({})
        moves: list[tuple[str, int]] = []
        while True:
            legal = GAME.legal_moves(position)
            if not legal:
                break
            move = rng.choice(legal)
            moves.append((move.kind, move.square))
            position = GAME.play(position, Placement(move.kind, move.square))
        if len(moves) == 16:
            return moves


def _queen_called(moves: list[tuple[str, int]], index: int) -> bool:
    """Whether the ply at ``index`` (0-based) answers a queen call: the ply before it placed
    a Queen while the mover's Queen was not on the board."""
    if index == 0 or moves[index - 1][0] != "Q":
        return False
    own = moves[index % 2 :: 2][: index // 2]
    return all(kind != "Q" for kind, _ in own)


def _corrupt(
    rng: random.Random, moves: list[tuple[str, int]], kind: int
) -> tuple[list[str], str, int]:
    """The game written in English letters with one corruption of ``kind`` (0-9), the code
    the rules give it and its ply (worked out from the rules, not by the module)."""
    texts = [f"{k}{_name(s)}" for k, s in moves]
    if kind == 0:  # White's first piece not its King
        texts[0] = rng.choice("QRBN") + texts[0][1:]
        return texts, "CV206", 1
    if kind == 1:  # White's first piece not its King: always the English Rook
        texts[0] = "R" + texts[0][1:]
        return texts, "CV206", 1
    if kind == 2:  # Black's King written R: both Black Rooks are placed by then
        texts[15] = "R" + texts[15][1:]
        return texts, "CV205", 16
    if kind == 3:  # Black's King before its 8th ply
        choices = [i for i in range(1, 12, 2) if not _queen_called(moves, i)]
        index = rng.choice(choices)
        texts[index] = "K" + texts[index][1:]
        return texts, "CV208", index + 1
    if kind in (4, 5):  # a French or German letter for a piece other than the King
        index = rng.choice([i for i in range(1, 16) if moves[i][0] != "K"])
        texts[index] = LATIN["fr" if kind == 4 else "de"][moves[index][0]] + texts[index][1:]
        return texts, "CV202", index + 1
    if kind == 6:  # a letter of no language
        index = rng.randrange(16)
        texts[index] = rng.choice("AXP") + texts[index][1:]
        return texts, "CV202", index + 1
    if kind == 7:  # a placement on the square placed just before
        index = rng.randrange(1, 16)
        texts[index] = texts[index][0] + _name(moves[index - 1][1])
        return texts, "CV204", index + 1
    if kind == 8:  # no piece letter
        index = rng.randrange(16)
        texts[index] = texts[index][1:]
        return texts, "CV201", index + 1
    # a ply after the end
    texts.append("Qd4")
    return texts, "CV203", 17


def test_sixty_corrupted_games_each_fail_at_the_corrupted_ply() -> None:
    """Issue 24: read in whichever language made a ply legal, 26 of these 60 passed: 2 of
    the 6 whose first piece was drawn from Q R B N (both made a Rook, read as the French
    King), every first piece made a Rook, every Black King written R and every French or
    German letter."""
    rng = random.Random(24)
    seen: dict[int, int] = {}
    for number in range(60):
        kind = number % 10
        texts, code, ply = _corrupt(rng, _random_game(rng), kind)
        movetext = " ".join(
            f"{i // 2 + 1}. {text}" if i % 2 == 0 else text for i, text in enumerate(texts)
        )
        record = f'[Variant "cheversi"]\n\n{movetext} *\n'
        found = [(c, p) for c, _, _, p, _ in _errors(record)]
        assert found[:1] == [(code, ply)], (number, movetext)
        seen[kind] = seen.get(kind, 0) + 1
    assert seen == dict.fromkeys(range(10), 6)
