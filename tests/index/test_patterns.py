"""Material specs and position patterns: reading them, and what positions they admit."""

from __future__ import annotations

import pytest

from notation.games.registry import get_game
from notation.index.patterns import (
    Material,
    MaterialSpec,
    PatternError,
    matches,
    material_of,
    parse_material,
    parse_pattern,
)

BRAZILIAN = get_game("brazilian")
POSITION = BRAZILIAN.start({"FEN": "W:W21,22,23,K5:B12,13,K30"})
"""White men on 21, 22 and 23 (a3, c3, e3) and a king on 5 (b7); Black men on 12 (h6)
and 13 (a5) and a king on 30 (c1)."""


def test_material_counts_men_and_kings_of_each_side() -> None:
    assert material_of(BRAZILIAN, POSITION) == Material(3, 1, 2, 1)
    international = get_game("international")
    assert material_of(international, international.start({})) == Material(20, 0, 20, 0)
    keny = get_game("keny")
    assert material_of(keny, keny.start({"FEN": "B:WKd4,a2:Bh7"})) == Material(1, 1, 1, 0)


def test_a_material_spec_reads_numbers_ranges_and_open_ranges() -> None:
    spec = parse_material("W=8-10, wk=0,B=7,BK=1+")
    assert spec == MaterialSpec(((8, 10), (0, 0), (7, 7), (1, None)))
    assert parse_material("BK=2") == MaterialSpec(((0, None), (0, None), (0, None), (2, 2)))


def test_a_material_spec_admits_the_counts_in_its_ranges_only() -> None:
    have = material_of(BRAZILIAN, POSITION)
    assert parse_material("W=3,WK=1,B=2,BK=1").admits(have)
    assert parse_material("W=2-4,BK=1+").admits(have)
    assert not parse_material("W=4+").admits(have)
    assert not parse_material("WK=0").admits(have)
    assert not parse_material("B=0-1").admits(have)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty material spec: give counts like W=8-10,WK=0,B=7,BK=1+"),
        ("W", "material 'W': expected NAME=COUNT, e.g. W=8 or BK=0-1"),
        (
            "W=8,X=1",
            "material 'X=1': unknown count 'X' (W White's men, WK White's kings, B Black's men,"
            " BK Black's kings)",
        ),
        ("W=1,w=2", "material 'w=2': W is given twice"),
        ("B=seven", "material 'B=seven': 'seven' is not a count (N, N-M or N+)"),
        ("B=1-", "material 'B=1-': '1-' is not a count (N, N-M or N+)"),
        ("BK=5-2", "material 'BK=5-2': the range 5-2 is empty"),
    ],
)
def test_a_bad_material_spec_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(PatternError) as error:
        parse_material(text)
    assert str(error.value) == message


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("w:21,22", True),
        ("w:21-23,K5", True),
        ("w:*5,*21", True),
        ("w:5", False),  # a king, not a man
        ("w:K21", False),  # a man, not a king
        ("b:12,13,K30", True),
        ("b:12 w:K30", False),
        ("empty:14-20", True),
        ("empty:14-21", False),
        ("any:5,12,30", True),
        ("any:6", False),
        ("w:c1 b:K1", False),
        ("b:a5", True),  # 13 is a5
        ("b:A5,d8", False),  # d8 is 2, empty
    ],
)
def test_a_pattern_asks_for_its_squares_and_leaves_the_rest_free(text: str, found: bool) -> None:
    assert matches(parse_pattern(text, BRAZILIAN), BRAZILIAN, POSITION) is found


def test_patterns_read_names_in_keny_with_rectangles() -> None:
    keny = get_game("keny")
    start = keny.start({})
    assert matches(parse_pattern("w:a2-h3 b:h7-a6 empty:a1-h1,a4-h5,a8-h8", keny), keny, start)
    assert not matches(parse_pattern("empty:e2", keny), keny, start)


@pytest.mark.parametrize(
    ("game", "text", "message"),
    [
        ("brazilian", "", "empty pattern: give squares, e.g. w:22,23 b:K12 empty:18"),
        (
            "brazilian",
            "w22",
            "pattern 'w22': expected SIDE:SQUARES, e.g. w:22,K5 b:12 empty:18 any:30",
        ),
        ("brazilian", "r:1", "pattern 'r:1': unknown side 'r' (w, b, empty or any)"),
        (
            "brazilian",
            "w:33",
            "pattern 'w:33': '33' is not a square of Brazilian draughts"
            " (1 to 32, or a1 to h8 by name)",
        ),
        (
            "brazilian",
            "w:a2",
            "pattern 'w:a2': 'a2' is not a square of Brazilian draughts"
            " (1 to 32, or a1 to h8 by name)",
        ),
        ("english", "w:c1", "pattern 'w:c1': 'c1' is not a square of English draughts (1 to 32)"),
        (
            "international",
            "b:51",
            "pattern 'b:51': '51' is not a square of International draughts (1 to 50)",
        ),
        ("brazilian", "empty:K1", "pattern 'empty:K1': an empty square takes no K or *"),
        ("brazilian", "w:K", "pattern 'w:K': a square is missing"),
        ("brazilian", "w:9-3", "pattern 'w:9-3': the range 9-3 is empty"),
        (
            "brazilian",
            "w:1-c3",
            "pattern 'w:1-c3': '1-c3' is no range of squares (1 to 32, or a1 to h8 by name)",
        ),
        ("brazilian", "w:1-3 b:2", "pattern 'b:2': '2' asks again for a square 'w:1-3' asks for"),
        (
            "keny",
            "w:22",
            "pattern 'w:22': '22' is not a square of Keny (Caucasian checkers) (a1 to h8)",
        ),
    ],
)
def test_a_bad_pattern_says_what_is_wrong(game: str, text: str, message: str) -> None:
    with pytest.raises(PatternError) as error:
        parse_pattern(text, get_game(game))
    assert str(error.value) == message


@pytest.mark.parametrize("name", ["kavaleria", "knight-fight", "cheversi"])
def test_material_is_refused_in_games_without_men_and_kings(name: str) -> None:
    game = get_game(name)
    with pytest.raises(PatternError) as error:
        material_of(game, game.start(game.new_tags(seed=1)))
    assert str(error.value) == (
        f"{name} has no men and kings: material is counted in Brazilian, international,"
        " English and Russian draughts and Keny"
    )


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("w:A1,A2,VA3 b:VG3,E1 empty:D1", True),
        ("w:1,2,3", False),  # 3 is A3, the Voivode
        ("w:1,2,*3 empty:20 any:G1", True),  # 20 is D4
        ("w:SA1", False),
        ("b:A1", False),
        ("empty:E2", False),
    ],
)
def test_kavaleria_patterns_name_points_and_pieces(text: str, found: bool) -> None:
    kavaleria = get_game("kavaleria")
    assert matches(parse_pattern(text, kavaleria), kavaleria, kavaleria.start({})) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("w:Ka1,c3 b:b2 empty:e4", True),
        ("w:Bc3 b:Bb2 any:a1", True),
        ("w:Qc3", False),
        ("b:c3", False),
        ("any:d4", False),
    ],
)
def test_cheversi_patterns_name_squares_and_pieces(text: str, found: bool) -> None:
    cheversi = get_game("cheversi")
    position = cheversi.start({"FEN": "8/8/8/8/8/2B5/1b6/K7 b c3"})
    assert matches(parse_pattern(text, cheversi), cheversi, position) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("w:E4 b:e8 dead:C5,A1 empty:C3", True),
        ("any:E4,E8", True),
        ("w:E8", False),
        ("empty:C5", False),  # inaccessible, not empty
        ("dead:C3", False),
        ("empty:E4", False),
    ],
)
def test_knight_fight_patterns_tell_knights_dead_and_free_squares(text: str, found: bool) -> None:
    game = get_game("knight-fight")
    tags = {**game.new_tags(seed=3), "FEN": "B:WE4:BE8:S34,74:XC5,D2,A1"}
    assert matches(parse_pattern(text, game), game, game.start(tags)) is found


@pytest.mark.parametrize(
    ("game", "text", "message"),
    [
        (
            "kavaleria",
            "w:H1",
            "pattern 'w:H1': 'H1' is not a square of Kavaleria (A1 to G5, or 1 to 38)",
        ),
        ("kavaleria", "empty:VA3", "pattern 'empty:VA3': an empty square takes no piece letter"),
        ("kavaleria", "w:A1 b:1", "pattern 'b:1': '1' asks again for a square 'w:A1' asks for"),
        ("kavaleria", "w", "pattern 'w': expected SIDE:SQUARES, e.g. w:C3,VA3 b:E1 empty:D4"),
        (
            "cheversi",
            "w:Xe4",
            "pattern 'w:Xe4': 'Xe4' is not a square of Cheversi (Chess-Reversi) (a1 to h8)",
        ),
        ("cheversi", "dead:e4", "pattern 'dead:e4': unknown side 'dead' (w, b, empty or any)"),
        ("cheversi", "", "empty pattern: give squares, e.g. w:Ke4,d5 b:Qa1 empty:c3"),
        (
            "knight-fight",
            "q:E4",
            "pattern 'q:E4': unknown side 'q' (w, b, empty, any or dead)",
        ),
        (
            "knight-fight",
            "w:E4-E6",
            "pattern 'w:E4-E6': 'E4-E6' is not a square of Knight Fight (A1 to J10)",
        ),
    ],
)
def test_a_bad_pattern_of_the_other_games_says_what_is_wrong(
    game: str, text: str, message: str
) -> None:
    with pytest.raises(PatternError) as error:
        parse_pattern(text, get_game(game))
    assert str(error.value) == message


def test_a_pattern_is_asked_of_the_game_it_was_read_for() -> None:
    russian = get_game("russian")
    pattern = parse_pattern("w:c3", BRAZILIAN)
    with pytest.raises(ValueError, match="a pattern for brazilian asked of a russian position"):
        matches(pattern, russian, russian.start({}))
    assert matches(parse_pattern("w:c3,21 empty:d4", russian), russian, russian.start({}))
