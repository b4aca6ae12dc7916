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
def test_games_without_men_and_kings_are_refused(name: str) -> None:
    game = get_game(name)
    message = (
        f"{name} has no men and kings: material and position patterns are for Brazilian,"
        " international, English and Russian draughts and Keny"
    )
    with pytest.raises(PatternError) as error:
        parse_pattern("w:1", game)
    assert str(error.value) == message
    with pytest.raises(PatternError) as error:
        material_of(game, game.start(game.new_tags(seed=1)))
    assert str(error.value) == message


def test_a_pattern_is_asked_of_the_game_it_was_read_for() -> None:
    russian = get_game("russian")
    pattern = parse_pattern("w:c3", BRAZILIAN)
    with pytest.raises(ValueError, match="a pattern for brazilian asked of a russian position"):
        matches(pattern, russian, russian.start({}))
    assert matches(parse_pattern("w:c3,21 empty:d4", russian), russian, russian.start({}))
