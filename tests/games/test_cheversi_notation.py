"""Cheversi notation: every diagnostic code with its message, the FEN tag, the notations."""

from __future__ import annotations

import pytest

from notation.diagnostics import CODES, Severity
from notation.games.base import IllegalMove, SetupError
from notation.games.cheversi import Cheversi, CheversiPosition, Placement

GAME = Cheversi()

AFTER_KING = "8/8/8/8/4K3/8/8/8 b e4"
BLACK_CALLS = "8/8/8/8/8/8/1q6/K7 w b2"
WHITE_CALLS = "8/8/2Q5/3n4/4K3/8/8/8 b c6"
BISHOPS = "8/8/8/8/8/2B5/1b6/K7 b c3"
BLACK_7TH = "8/8/8/8/8/8/1brrbnn1/RNBKNBR1 b g1"
WHITE_8TH = "8/8/8/8/8/8/1brrbnnq/RNBKNBR1 w h2"
BLACK_8TH = "8/8/8/8/8/8/Qbrrbnnq/RNBKNBR1 b a2"
FINAL = "8/8/8/8/8/k7/Qbrrbnnq/RNBKNBR1 w a3"
STUCK = "8/8/8/8/8/8/NBRKQRN1/1nbbrqnr w h1"

CYRILLIC_T = "\u0422"  # Т, the Ukrainian Rook (Latin T is the French/German Rook)
CYRILLIC_E = "\u0435"  # е, read as the file e


def _position(fen: str | None, notation: str | None = None) -> object:
    tags = {} if fen is None else {"FEN": fen}
    if notation is not None:
        tags["Notation"] = notation
    return GAME.start(tags)


def _at(kind: str, square: str) -> Placement:
    return Placement(kind, "abcdefgh".index(square[0]) + 8 * (int(square[1]) - 1))


# Diagnostics ------------------------------------------------------------------------------

ERRORS = [
    (None, "e4", "CV201", "e4: not a placement; write a piece and a square, like Ke4"),
    (None, "Ke9", "CV201", "Ke9: not a placement; write a piece and a square, like Ke4"),
    (None, "K e4", "CV201", "K e4: not a placement; write a piece and a square, like Ke4"),
    (
        None,
        "Xe4",
        "CV202",
        "Xe4: X is not a piece letter in English notation (K Q R B N)",
    ),
    (
        FINAL,
        "Kb3",
        "CV203",
        "Kb3: the game is over: all 16 pieces are on the board",
    ),
    (STUCK, "Ba1", "CV203", "Ba1: the game is over: White has no legal placement"),
    (STUCK, "x", "CV203", "x: the game is over: White has no legal placement"),
    (BISHOPS, "Qc3", "CV204", "Qc3: c3 is occupied by White's Bishop"),
    (BLACK_8TH, "Qb3", "CV205", "Qb3: Black has already placed its Queen"),
    (BLACK_8TH, "Bb3", "CV205", "Bb3: Black has already placed both its Bishops"),
    (None, "Qe4", "CV206", "Qe4: White's first piece must be its King"),
    (BISHOPS, "Qe5", "CV207", "Qe5: e5 touches no White piece"),
    (
        BISHOPS,
        "Ka2",
        "CV208",
        "Ka2: Black's King must be its last piece (its 8th ply); this is its 2nd",
    ),
    (
        BISHOPS,
        "Bd2",
        "CV209",
        "Bd2: d2 is dark, like Black's other Bishop on b2; "
        "a side's Bishops must stand on different colours",
    ),
    (
        BLACK_CALLS,
        "Rb3",
        "CV210",
        "Rb3: Black placed its Queen on b2 while White's Queen was not on the board, "
        "so White must place its Queen now",
    ),
    (
        WHITE_CALLS,
        "Nd4",
        "CV210",
        "Nd4: White placed its Queen on c6 while Black's Queen was not on the board, "
        "so Black must place its Queen now",
    ),
    (
        BLACK_7TH,
        "Ka2",
        "CV211",
        "Ka2: Black's 7th piece must be its Queen, which is not on the board yet",
    ),
    (
        BLACK_8TH,
        "Kh1",
        "CV212",
        "Kh1: Black's King must touch White's last piece, on a2",
    ),
    (
        WHITE_8TH,
        "Qh1",
        "CV213",
        "Qh1: h1 has no empty neighbour, so Black's King could not touch White's last piece",
    ),
]


@pytest.mark.parametrize(("fen", "text", "code", "message"), ERRORS)
def test_error_code_and_message(fen: str | None, text: str, code: str, message: str) -> None:
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(_position(fen), text)
    assert raised.value.code == code
    assert str(raised.value) == message
    assert raised.value.show_legal is (code != "CV203")


def test_every_code_is_registered_as_an_error_and_tested() -> None:
    codes = {code for code in CODES if code.startswith("CV")}
    assert codes == {f"CV{n}" for n in range(201, 214)}
    assert {CODES[code].severity for code in codes} == {Severity.ERROR}
    assert {code for _, _, code, _ in ERRORS} == codes


def test_king_not_touching_anything_white_is_reported_before_the_last_piece_rule() -> None:
    # c3 touches only Black's b2, c2 and d2.
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(_position(BLACK_8TH), "Kc3")
    assert (raised.value.code, str(raised.value)) == ("CV207", "Kc3: c3 touches no White piece")


# Setup tag ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fen", [AFTER_KING, BLACK_CALLS, WHITE_CALLS, BISHOPS, BLACK_7TH, WHITE_8TH, FINAL, STUCK]
)
def test_fen_round_trip(fen: str) -> None:
    position = _position(fen)
    assert GAME.setup_tags(position) == {"FEN": fen}
    assert GAME.start(GAME.setup_tags(position)) == position


def test_empty_board_fen() -> None:
    empty = GAME.start({})
    assert GAME.setup_tags(empty) == {"FEN": "8/8/8/8/8/8/8/8 w -"}
    assert GAME.start(GAME.setup_tags(empty)) == empty


def test_fen_reads_the_board_rank_8_first() -> None:
    position = _position(BISHOPS)
    occupied = {i: c for i, c in enumerate(position.board) if c != "."}
    assert occupied == {0: "K", 9: "b", 18: "B"}  # a1, b2, c3
    assert position.last == 18 and position.ply == 3


BAD_SETUPS = [
    (
        {"FEN": "8/8/8/8/8/2B5/1b6/K7 b"},
        "expected three fields, '<ranks> <w|b> <last square or ->'",
    ),
    ({"FEN": "8/8/8/8/2B5/1b6/K7 b c3"}, "expected 8 ranks separated by '/', got 7"),
    ({"FEN": "8/8/8/8/8/2B5/1bX5/K7 b c3"}, "'X' is not a piece letter (KQRBN kqrbn)"),
    ({"FEN": "8/8/8/8/8/2B5/1b5/K7 b c3"}, "rank 2 has 7 squares, not 8"),
    ({"FEN": "8/8/8/8/8/2B5/1b6/K7 x c3"}, "the side to place must be w or b, not 'x'"),
    ({"FEN": "8/8/8/8/8/2B5/1b6/K7 b c9"}, "'c9' is not a square or '-'"),
    (
        {"FEN": "8/8/8/8/8/1RRR4/1b6/K7 b c3"},
        "White has 3 Rooks, but a side places 2",
    ),
    (
        {"FEN": "8/8/8/8/8/2B5/8/K7 w a1"},
        "White has 2 pieces and Black 0; White places first and the sides alternate, "
        "so White has as many pieces as Black or one more",
    ),
    ({"FEN": "8/8/8/8/8/2B5/1b6/K7 w c3"}, "with White 2 and Black 1 pieces it is Black's turn"),
    (
        {"FEN": "8/8/8/8/8/2B5/1b6/N7 b c3"},
        "White's King is not on the board, but it is White's first piece",
    ),
    (
        {"FEN": "8/8/8/8/8/2B5/1k6/K7 b c3"},
        "Black's King is on the board, but it is Black's last piece",
    ),
    (
        {"FEN": "8/8/8/8/8/8/1bB5/K1b5 w c2"},
        "Black's Bishops stand on squares of one colour",
    ),
    ({"FEN": "8/8/8/8/8/2B5/1b6/K6n w h1"}, "h1 touches no piece of the other side"),
    ({"FEN": "8/8/8/8/8/2B5/1b6/K7 b b2"}, "the piece placed last must be White's"),
    ({"FEN": "8/8/8/8/8/2B5/1b6/K7 b d4"}, "the last square must hold the piece placed last"),
    ({"FEN": "8/8/8/8/8/8/8/8 w e4"}, "the last square must be '-' on the empty board"),
    (
        {"FEN": "8/8/8/8/8/2Q5/1b6/K7 b a1"},
        "one Queen is on the board without the other, so it must be the piece placed last",
    ),
    ({"FEN": "8/8/8/8/8/8/kbrrbnnq/RNBKNBRQ w h2"}, "Black's King must be the piece placed last"),
    (
        {"FEN": "8/8/8/8/8/8/1brrbnnq/RNBKNBRQ b h1"},
        "White's 8th piece has no empty neighbour for Black's King",
    ),
]


@pytest.mark.parametrize(("tags", "reason"), BAD_SETUPS)
def test_bad_fen(tags: dict[str, str], reason: str) -> None:
    with pytest.raises(SetupError) as raised:
        GAME.start(tags)
    assert str(raised.value) == f"FEN {tags['FEN']!r}: {reason}"


@pytest.mark.parametrize(
    ("tags", "message"),
    [
        ({"Rules": "fast"}, "Rules: unknown option 'fast'; Cheversi has no rule options"),
        (
            {"Notation": "es"},
            "Notation: unknown notation 'es'; Cheversi knows en, fr, de, ru, uk, figurine",
        ),
    ],
)
def test_bad_tags(tags: dict[str, str], message: str) -> None:
    with pytest.raises(SetupError) as raised:
        GAME.start(tags)
    assert str(raised.value) == message


def test_empty_rules_tag_and_any_case_notation_are_accepted() -> None:
    assert GAME.start({"Rules": " ", "Notation": "FR"}) == GAME.start({})


# Notations -----------------------------------------------------------------------------------

WRITTEN = {
    "en": ["Kd1", "Qd1", "Rd1", "Bd1", "Nd1"],
    "fr": ["Rd1", "Dd1", "Td1", "Fd1", "Cd1"],
    "de": ["Kd1", "Dd1", "Td1", "Ld1", "Sd1"],
    "ru": ["Крd1", "Фd1", "Лd1", "Сd1", "Кd1"],
    "uk": ["Крd1", "Фd1", CYRILLIC_T + "d1", "Сd1", "Кd1"],
}


@pytest.mark.parametrize("notation", ["en", "fr", "de", "ru", "uk"])
def test_letters_both_ways(notation: str) -> None:
    position = _position(None, notation)
    for kind, text in zip("KQRBN", WRITTEN[notation], strict=True):
        assert GAME.format_move(position, _at(kind, "d1"), notation) == text
    assert GAME.parse_move(position, WRITTEN[notation][0]) == _at("K", "d1")


def test_default_notation_is_english() -> None:
    assert GAME.format_move(_position(None), _at("N", "g5")) == "Ng5"


def test_figurines_take_the_movers_colour_and_either_set_is_read() -> None:
    white, black = _position(None), _position(AFTER_KING)
    assert GAME.format_move(white, _at("K", "e4"), "figurine") == "♔e4"
    assert GAME.format_move(black, _at("N", "d5"), "figurine") == "♞d5"
    assert GAME.parse_move(white, "♚e4") == _at("K", "e4")
    assert GAME.parse_move(black, "♘d5") == GAME.parse_move(black, "♞d5") == _at("N", "d5")


@pytest.mark.parametrize(
    ("notation", "text", "kind"),
    [
        ("en", "Rb3", "R"),
        ("fr", "Tb3", "R"),
        ("de", "Tb3", "R"),
        ("en", "Nd4", "N"),
        ("fr", "Cd4", "N"),
        ("de", "Sd4", "N"),
        ("fr", "Fc4", "B"),
        ("de", "Lc4", "B"),
        ("fr", "Dd3", "Q"),
        ("de", "Dd3", "Q"),
    ],
)
def test_latin_letters_follow_the_notation_tag(notation: str, text: str, kind: str) -> None:
    assert GAME.parse_move(_position(BISHOPS, notation), text) == _at(kind, text[1:])


def test_french_r_is_the_king_first() -> None:
    # In a French record R is the King; where Black may not place its King yet, the reason
    # given is the King's, though the English Rook would not be legal on e5 either.
    assert GAME.parse_move(_position(None, "fr"), "Re4") == _at("K", "e4")
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(_position(BISHOPS, "fr"), "Re5")
    assert (raised.value.code, str(raised.value)) == (
        "CV208",
        "Re5: Black's King must be its last piece (its 8th ply); this is its 2nd",
    )
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(_position(BISHOPS), "Re5")
    assert (raised.value.code, str(raised.value)) == ("CV207", "Re5: e5 touches no White piece")


@pytest.mark.parametrize("notation", ["ru", "uk"])
def test_cyrillic_letters_of_both_languages(notation: str) -> None:
    position = _position(BISHOPS, notation)
    rook = "Лb3" if notation == "ru" else CYRILLIC_T + "b3"
    assert GAME.parse_move(position, rook) == _at("R", "b3")
    assert GAME.parse_move(position, "Сc4") == _at("B", "c4")
    assert GAME.parse_move(position, "Кd4") == _at("N", "d4")
    assert GAME.parse_move(position, "Фd3") == _at("Q", "d3")


def test_cyrillic_look_alike_files() -> None:
    # а в с е read as a b c e, after Cyrillic or Latin piece letters.
    assert GAME.parse_move(_position(None, "ru"), "Кр" + CYRILLIC_E + "4") == _at("K", "e4")
    assert GAME.parse_move(_position(AFTER_KING, "uk"), "Ф" + CYRILLIC_E + "5") == _at("Q", "e5")
    bishops = _position(BISHOPS)
    assert GAME.parse_move(bishops, "Qа2") == _at("Q", "a2")
    assert GAME.parse_move(bishops, "Bв3") == _at("B", "b3")
    assert GAME.parse_move(bishops, "Nс4") == _at("N", "c4")


@pytest.mark.parametrize(
    ("text", "notation"),
    [
        ("Qe4", "en"),
        ("Be4", "en"),
        ("Ne4", "en"),
        ("Fe4", "fr"),
        ("Ce4", "fr"),
        ("Le4", "de"),
        ("Se4", "de"),
        ("Лe4", "ru"),
        (CYRILLIC_T + "e4", "uk"),
        ("♘e4", "figurine"),
        ("♞e4", "figurine"),
        ("Ke4", None),
        ("Re4", None),
        ("De4", None),
        ("Te4", None),
        ("Крe4", None),
        ("Фe4", None),
        ("e4", None),
    ],
)
def test_notation_of(text: str, notation: str | None) -> None:
    assert GAME.notation_of(text) == notation


def test_notation_tags() -> None:
    assert GAME.notation_tags({}, "en") == {}
    assert GAME.notation_tags({}, "fr") == {"Notation": "fr"}
    assert GAME.notation_tags({"Notation": "fr"}, "fr") == {}
    assert GAME.notation_tags({"Notation": "fr"}, "en") == {"Notation": "en"}


def test_render_text() -> None:
    assert GAME.render_text(_position(BISHOPS)) == "\n".join(
        [
            "    a  b  c  d  e  f  g  h     White attacks     Black attacks",
            " 8  .  .  .  .  .  .  .  .  8  . . . . . . . 1   . . . . . . . .",
            " 7  .  .  .  .  .  .  .  .  7  . . . . . . 1 .   . . . . . . . .",
            " 6  .  .  .  .  .  .  .  .  6  . . . . . 1 . .   . . . . . . . .",
            " 5  .  .  .  .  .  .  .  .  5  1 . . . 1 . . .   . . . . . . . .",
            " 4  .  .  .  .  .  .  .  .  4  . 1 . 1 . . . .   . . . . . . . .",
            " 3  .  . [B] .  .  .  .  .  3  . . B . . . . .   1 . B . . . . .",
            " 2  .  b  .  .  .  .  .  .  2  1 b . 1 . . . .   . b . . . . . .",
            " 1  K  .  .  .  .  .  .  .  1  K 1 . . 1 . . .   K . 1 . . . . .",
            "    a  b  c  d  e  f  g  h     a b c d e f g h   a b c d e f g h",
            "Black to place (ply 4 of 16)",
            "Score: White 11, Black 2",
            "In hand: White Q R R B N N; Black K Q R R B N N",
        ]
    )
    assert GAME.render_text(_position(FINAL)).splitlines()[-2:] == [
        "Game over: all 16 pieces are on the board; score White 10, Black 49",
        "In hand: White -; Black -",
    ]


def test_legal_moves_are_described_in_the_records_notation() -> None:
    french, figurine = _position(BLACK_7TH, "fr"), _position(BLACK_7TH, "figurine")
    legal = GAME.legal_moves(french)
    assert GAME.describe_moves(french, legal) == ["Dh1", "Da2", "Dh2"]
    assert GAME.describe_moves(figurine, legal) == ["♛h1", "♛a2", "♛h2"]
    assert GAME.describe_moves(_position(BLACK_7TH), legal) == ["Qh1", "Qa2", "Qh2"]


# parse_move reads the letters of the record's notation, and figurines in any -------------

WHITE_KING_FIRST = [
    ("en", "Ke4"),
    ("fr", "Re4"),
    ("de", "Ke4"),
    ("ru", "\u041a\u0440e4"),  # Кр
    ("uk", "\u041a\u0440e4"),
    ("figurine", "\u2654e4"),  # ♔
]


@pytest.mark.parametrize(("notation", "text"), WHITE_KING_FIRST)
def test_white_king_in_each_language(notation: str, text: str) -> None:
    assert GAME.parse_move(_position(None, notation), text) == _at("K", "e4")


BLACK_FIRST_PIECE = [
    ("en", "Qd5", "Q"),
    ("en", "Rd5", "R"),
    ("en", "Bd5", "B"),
    ("en", "Nd5", "N"),
    ("fr", "Dd5", "Q"),
    ("fr", "Td5", "R"),
    ("fr", "Fd5", "B"),
    ("fr", "Cd5", "N"),
    ("de", "Dd5", "Q"),
    ("de", "Td5", "R"),
    ("de", "Ld5", "B"),
    ("de", "Sd5", "N"),
    ("ru", "\u0424d5", "Q"),  # Ф
    ("ru", "\u041bd5", "R"),  # Л
    ("ru", "\u0421d5", "B"),  # С
    ("ru", "\u041ad5", "N"),  # К
    ("uk", "\u0424d5", "Q"),
    ("uk", f"{CYRILLIC_T}d5", "R"),
    ("uk", "\u0421d5", "B"),
    ("uk", "\u041ad5", "N"),
    ("figurine", "\u265bd5", "Q"),  # ♛
    ("figurine", "\u265cd5", "R"),  # ♜
    ("figurine", "\u265dd5", "B"),  # ♝
    ("figurine", "\u265ed5", "N"),  # ♞
    # Figurines are in no language: read in a record of any notation, either set for
    # either side.
    ("en", "\u2656d5", "R"),  # ♖
    ("fr", "\u265dd5", "B"),  # ♝
    ("de", "\u2655d5", "Q"),  # ♕
    ("ru", "\u2658d5", "N"),  # ♘
    ("uk", "\u265cd5", "R"),  # ♜
]


@pytest.mark.parametrize(("notation", "text", "kind"), BLACK_FIRST_PIECE)
def test_black_pieces_in_each_language(notation: str, text: str, kind: str) -> None:
    assert GAME.parse_move(_position(AFTER_KING, notation), text) == _at(kind, "d5")


# One language per record: a letter of another language is no piece, and a letter the
# record's language reads as an illegal placement is that error, whatever another language
# would read. Each message names the other languages' legal readings, and the tag. --------

OTHER_LANGUAGE_ERRORS = [
    # Issue 24: an English record's Rook first is illegal, though the French R is the King.
    (
        "en",
        None,
        "Rd4",
        "CV206",
        "Rd4: White's first piece must be its King; in French R is the King: Kd4 would be "
        'legal (tag the record [Notation "fr"] to read it so)',
    ),
    (
        "en",
        BLACK_8TH,
        "Rb3",
        "CV205",
        "Rb3: Black has already placed both its Rooks; in French R is the King: Kb3 would be "
        'legal (tag the record [Notation "fr"] to read it so)',
    ),
    (
        "fr",
        AFTER_KING,
        "Rd5",
        "CV208",
        "Rd5: Black's King must be its last piece (its 8th ply); this is its 1st; in English "
        'R is the Rook: Td5 would be legal (tag the record [Notation "en"] to read it so)',
    ),
    # Letters of other languages, legal there.
    (
        "en",
        AFTER_KING,
        "Dd5",
        "CV202",
        "Dd5: D is not a piece letter in English notation (K Q R B N); in French and German "
        'D is the Queen: Qd5 would be legal (tag the record [Notation "fr"] or '
        '[Notation "de"] to read it so)',
    ),
    (
        "en",
        AFTER_KING,
        "Sd5",
        "CV202",
        "Sd5: S is not a piece letter in English notation (K Q R B N); in German S is the "
        'Knight: Nd5 would be legal (tag the record [Notation "de"] to read it so)',
    ),
    (
        "fr",
        None,
        "Ke4",
        "CV202",
        "Ke4: K is not a piece letter in French notation (R D T F C); in English and German "
        'K is the King: Re4 would be legal (tag the record [Notation "en"] or '
        '[Notation "de"] to read it so)',
    ),
    (
        "de",
        AFTER_KING,
        "Rd5",
        "CV202",
        "Rd5: R is not a piece letter in German notation (K D T L S); in English R is the "
        'Rook: Td5 would be legal (tag the record [Notation "en"] to read it so)',
    ),
    (
        "ru",
        AFTER_KING,
        "Qd5",
        "CV202",
        "Qd5: Q is not a piece letter in Russian notation (Кр Ф Л С К); in English Q is the "
        'Queen: Фd5 would be legal (tag the record [Notation "en"] to read it so)',
    ),
    (
        "ru",
        AFTER_KING,
        f"{CYRILLIC_T}d5",
        "CV202",
        f"{CYRILLIC_T}d5: {CYRILLIC_T} is not a piece letter in Russian notation (Кр Ф Л С К); "
        f"in Ukrainian {CYRILLIC_T} is the Rook: Лd5 would be legal "
        '(tag the record [Notation "uk"] to read it so)',
    ),
    (
        "en",
        AFTER_KING,
        "Лd5",
        "CV202",
        "Лd5: Л is not a piece letter in English notation (K Q R B N); in Russian Л is the "
        'Rook: Rd5 would be legal (tag the record [Notation "ru"] to read it so)',
    ),
    (
        "figurine",
        None,
        "Re4",
        "CV202",
        "Re4: R is not a piece letter in figurine notation (♔ ♕ ♖ ♗ ♘); in French R is the "
        'King: ♔e4 would be legal (tag the record [Notation "fr"] to read it so)',
    ),
    # Letters of other languages, legal nowhere: what they are, and the tag.
    (
        "en",
        BLACK_8TH,
        "Dh1",
        "CV202",
        "Dh1: D is not a piece letter in English notation (K Q R B N); it is the Queen in "
        "French and German (set the Notation tag)",
    ),
    (
        "de",
        BISHOPS,
        "Re5",
        "CV202",
        "Re5: R is not a piece letter in German notation (K D T L S); it is the Rook in "
        "English, the King in French (set the Notation tag)",
    ),
    # The record's own letter, illegal, and no other language reads another piece: its reason.
    (
        "de",
        AFTER_KING,
        "Kd5",
        "CV208",
        "Kd5: Black's King must be its last piece (its 8th ply); this is its 1st",
    ),
]


@pytest.mark.parametrize(("notation", "fen", "text", "code", "message"), OTHER_LANGUAGE_ERRORS)
def test_a_letter_is_read_in_the_records_language_only(
    notation: str, fen: str | None, text: str, code: str, message: str
) -> None:
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(_position(fen, notation), text)
    assert (raised.value.code, str(raised.value)) == (code, message)


def test_a_letter_two_other_languages_read_as_legal_pieces_names_both() -> None:
    """R in a German record is the English Rook or the French King. No position of a game
    makes both legal (White's King is its first piece, Black's its last), so this one is
    built by hand: White's Knight on a1 and Black's on b2, White's King not placed."""
    board = "N" + "." * 8 + "n" + "." * 54
    german = CheversiPosition(board, 9, 2, "de")
    assert {_at("K", "c3"), _at("R", "c3")} <= set(GAME.legal_moves(german))
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(german, "Rc3")
    assert (raised.value.code, str(raised.value)) == (
        "CV202",
        "Rc3: R is not a piece letter in German notation (K D T L S); in English R is the "
        'Rook: Tc3 would be legal (tag the record [Notation "en"] to read it so); in French R '
        'is the King: Kc3 would be legal (tag the record [Notation "fr"] to read it so)',
    )
    # Where the record's language reads R, its reading is the one taken.
    assert GAME.parse_move(CheversiPosition(board, 9, 2, "en"), "Rc3") == _at("R", "c3")
    assert GAME.parse_move(CheversiPosition(board, 9, 2, "fr"), "Rc3") == _at("K", "c3")
