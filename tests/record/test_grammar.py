"""The record grammar: exact parse results, positions, traps and syntax errors."""

from __future__ import annotations

import itertools
import re

import pytest

from notation.diagnostics import (
    BAD_TAG,
    SYNTAX,
    TOO_DEEP,
    UNTERMINATED_COMMENT,
    UNTERMINATED_VARIATION,
)
from notation.record import grammar as grammar_module
from notation.record.grammar import parse_game
from notation.record.lexicon import MOVE_TOKEN
from notation.record.model import MAX_DEPTH, Comment, Line, Ply, SourcePos, Tag

SHORTCUTS_PATCHED = pytest.mark.skipif(
    not grammar_module.__file__.endswith(".py"),
    reason="patches the grammar's shortcut functions, which the compiled build calls directly",
)


def texts(line: Line) -> list[str]:
    return [ply.text for ply in line.plies]


def only_diagnostic(record):
    assert len(record.diagnostics) == 1, record.diagnostics
    return record.diagnostics[0]


def test_tags_and_moves_with_exact_positions():
    record = parse_game('[Event "Club"]\n[White "A \\"B\\" \\\\C"]\n\n1. 22-18 11-15 2.18x11 *\n')
    assert record.tags == [
        Tag("Event", "Club", SourcePos(1, 1)),
        Tag("White", 'A "B" \\C', SourcePos(2, 1)),
    ]
    assert record.moves.plies == [
        Ply("22-18", SourcePos(4, 4), "1."),
        Ply("11-15", SourcePos(4, 10), None),
        Ply("18x11", SourcePos(4, 18), "2."),
    ]
    assert record.moves.pos == SourcePos(4, 4)
    assert record.result == "*"
    assert record.result_pos == SourcePos(4, 24)
    assert record.pos == SourcePos(1, 1)
    assert record.diagnostics == []


def test_movestrength_suffixes_are_not_variations():
    record = parse_game("1.32-28!? 19-23(!?!!!) 2.28x19(?) 14x23?? 3.21-17! *")
    assert [(p.text, p.suffix, p.number) for p in record.moves.plies] == [
        ("32-28", "!?", "1."),
        ("19-23", "(!?!!!)", None),
        ("28x19", "(?)", "2."),
        ("14x23", "??", None),
        ("21-17", "!", "3."),
    ]
    assert all(p.variations == [] for p in record.moves.plies)


def test_nested_variations_comments_and_nags():
    text = "32-28 19-23 $2 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 28x19 14x23"
    record = parse_game(text)
    main = record.moves
    assert texts(main) == ["32-28", "19-23", "28x19", "14x23"]
    second = main.plies[1]
    assert second.nags == [2]
    [outer] = second.variations
    assert outer.pos == SourcePos(1, 16)
    assert texts(outer) == ["18-23", "38-32", "12-18"]
    [inner] = outer.plies[1].variations
    assert inner.pos == SourcePos(1, 29)
    assert [(p.text, p.suffix, p.pos) for p in inner.plies] == [
        ("37-32", "?", SourcePos(1, 30)),
        ("23-29", "!", SourcePos(1, 37)),
    ]
    assert inner.plies[1].comments == [Comment(" Black wins ", "brace", SourcePos(1, 44))]
    assert record.result is None
    assert record.diagnostics == []


def test_comment_kinds_and_where_they_attach():
    text = (
        "% escape line\n"
        '[Event "E"]\n'
        "{before} 1. 22-18 ; rest of line {not a brace\n"
        "{multi\nline} 11-15 1-0 {after} ; tail\n"
    )
    record = parse_game(text)
    assert record.tags == [Tag("Event", "E", SourcePos(2, 1))]
    assert record.moves.comments == [
        Comment(" escape line", "escape", SourcePos(1, 1)),
        Comment("before", "brace", SourcePos(3, 1)),
    ]
    assert record.moves.pos == SourcePos(1, 1)
    first, second = record.moves.plies
    assert first.comments == [
        Comment(" rest of line {not a brace", "line", SourcePos(3, 19)),
        Comment("multi\nline", "brace", SourcePos(4, 1)),
    ]
    assert second.pos == SourcePos(5, 7)
    assert record.result == "1-0"
    assert record.trailing == [
        Comment("after", "brace", SourcePos(5, 17)),
        Comment(" tail", "line", SourcePos(5, 25)),
    ]


def test_move_numbers_as_written():
    record = parse_game("12. 22-18 12... 11-15 13.18x11 1. ... 35-40 7...9-14")
    assert [(p.number, p.text) for p in record.moves.plies] == [
        ("12.", "22-18"),
        ("12...", "11-15"),
        ("13.", "18x11"),
        ("1. ...", "35-40"),
        ("7...", "9-14"),
    ]


def test_number_then_comment_then_move_keeps_the_number():
    record = parse_game("1. 22-18 2. {think} 18-14")
    first, second = record.moves.plies
    assert first.comments == [Comment("think", "brace", SourcePos(1, 13))]
    assert (second.number, second.text) == ("2.", "18-14")


def test_number_with_ellipsis_may_stand_for_an_unknown_move():
    record = parse_game("76. 37x26 27-38 77. ... {end} *")
    assert texts(record.moves) == ["37x26", "27-38"]
    assert record.moves.plies[1].comments == [Comment("end", "brace", SourcePos(1, 25))]
    assert record.result == "*"
    assert record.diagnostics == []


def test_space_after_a_separator_is_read_and_dropped():
    record = parse_game("17. 43-39  1- 6  18. 49-43  2- 7")
    assert texts(record.moves) == ["43-39", "1-6", "49-43", "2-7"]
    assert record.moves.plies[1].pos == SourcePos(1, 12)


@pytest.mark.parametrize(
    "move",
    [
        "22-18",
        "18x11",
        "26x17x10",
        "1x10",
        "06-11",
        "46-50",
        "c3-d4",
        "c3xe5",
        "c3:e5",
        "a3b4",
        "C3-D4",
        "C3xE4xE2",
        "c3-c4",
        "c3-c5-e5",
        "d4xd6xf6",
        "d4:d6",
        "C1",
        "J10",
        "E5/B7",
        "07",
        "77/33",
        "Ke4",
        "Nd5",
        "Rh8",
        "Dd1",
        "Ta1",
        "Fc4",
        "Cb1",
        "Lf1",
        "Sg1",
        "Крe1",
        "Фd1",
        "Лa1",
        "Тh1",
        "Сc1",
        "Кb1",
        "♔e4",
        "♛d8",
        "♞g8",
    ],
)
def test_move_token_accepts_every_games_syntax(move):
    assert MOVE_TOKEN.fullmatch(move)
    record = parse_game(f"{move} *")
    assert texts(record.moves) == [move]
    assert record.result == "*"
    assert record.diagnostics == []


@pytest.mark.parametrize(
    "junk", ["22-", "-18", "22--18", "foo", "K", "Ke4+", "07/", "e4=", "22-18x-"]
)
def test_junk_tokens_are_errors_never_skipped(junk):
    assert not MOVE_TOKEN.fullmatch(junk)
    record = parse_game(f"1. 22-18 {junk} {{c}} 11-15 *")
    diagnostic = only_diagnostic(record)
    assert diagnostic.code == SYNTAX
    assert diagnostic.message == f"unexpected {junk!r} in movetext"
    assert (diagnostic.line, diagnostic.column) == (1, 10)
    assert texts(record.moves) == ["22-18"]
    assert record.result is None


@pytest.mark.parametrize(
    "move",
    [
        "28x91",
        "51-46",
        "x23",
        "Ke9",
        "123",
        "a3b",
        "k3",
        "22-18x",
        "28x19x",
        "e2e4",
        "Z99",
        "b12:c13",
    ],
)
def test_any_move_like_token_is_a_ply_for_the_game_to_judge(move):
    """Letters and digits joined by ``-``, ``:`` or ``/``, the first run holding a digit: a move,
    whether or not a game reads it (the grammar knows no game)."""
    assert MOVE_TOKEN.fullmatch(move)
    record = parse_game(f"1. 22-18 {move} {{c}} 11-15 *")
    assert [(p.text, p.pos) for p in record.moves.plies] == [
        ("22-18", SourcePos(1, 4)),
        (move, SourcePos(1, 10)),
        ("11-15", SourcePos(1, 15 + len(move))),
    ]
    assert record.moves.plies[1].comments == [Comment("c", "brace", SourcePos(1, 11 + len(move)))]
    assert (record.result, record.diagnostics) == ("*", [])


def test_a_blank_after_x_ends_the_move():
    """``28x19x 13x22`` is two plies, ``28x19x`` (which no game reads) and ``13x22``."""
    record = parse_game("1. 28x19x 13x22 *")
    assert [(p.text, p.pos) for p in record.moves.plies] == [
        ("28x19x", SourcePos(1, 4)),
        ("13x22", SourcePos(1, 11)),
    ]
    assert record.diagnostics == []


def test_result_or_move_boundary():
    record = parse_game("1. 1-18 1-10 2. 11-1 1-1")
    assert texts(record.moves) == ["1-18", "1-10", "11-1"]
    assert record.result == "1-1"
    assert record.result_pos == SourcePos(1, 22)


@pytest.mark.parametrize("result", ["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"])
def test_every_result(result):
    record = parse_game(f"22-18 {result}")
    assert record.result == result
    assert record.diagnostics == []


def test_star_is_always_a_result_even_glued_to_a_move():
    glued = parse_game("1. 22-18*")
    assert texts(glued.moves) == ["22-18"]
    assert glued.result == "*"
    forced = parse_game("1. 1-6* 32-28")
    diagnostic = only_diagnostic(forced)
    assert diagnostic.message == "unexpected '32-28' after the result '*'"
    assert (diagnostic.line, diagnostic.column) == (1, 9)


def test_unterminated_comment():
    record = parse_game("1. 22-18 {never closed\n11-15")
    diagnostic = only_diagnostic(record)
    assert diagnostic.code == UNTERMINATED_COMMENT
    assert (diagnostic.line, diagnostic.column) == (1, 10)
    assert texts(record.moves) == ["22-18"]


def test_nested_comment_is_a_syntax_error_at_the_inner_brace():
    record = parse_game("1. 33-29 19-23 2. 35-30 { nested { comment } } \r\n")
    diagnostic = only_diagnostic(record)
    assert diagnostic.code == SYNTAX
    assert (diagnostic.line, diagnostic.column) == (1, 34)
    assert texts(record.moves) == ["33-29", "19-23", "35-30"]


def test_unterminated_variation_at_its_opening_paren():
    record = parse_game("1. 22-18 (1. 21-17 11-15\n2. 18-14")
    diagnostic = only_diagnostic(record)
    assert diagnostic.code == UNTERMINATED_VARIATION
    assert diagnostic.message == "variation '(' is never closed (found the end of the game)"
    assert (diagnostic.line, diagnostic.column) == (1, 10)


def test_result_inside_a_variation_leaves_it_unclosed():
    record = parse_game("22-18 (21-17 1-0")
    diagnostic = only_diagnostic(record)
    assert diagnostic.code == UNTERMINATED_VARIATION
    assert diagnostic.message == "variation '(' is never closed (found '1-0')"


def test_stray_closing_paren():
    record = parse_game("22-18 ) 11-15")
    diagnostic = only_diagnostic(record)
    assert diagnostic.message == "unexpected ')' in movetext"
    assert diagnostic.column == 7


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ("$1 22-18", "NAG '$1' before any move", 1),
        ("(22-18) 11-15", "variation before any move", 1),
        ("1. 22-18 2. *", "move number '2.' is not followed by a move", 10),
        ("1. 22-18 2. 3. 11-15", "move number '2.' is not followed by a move", 10),
        ("1. 22-18 12 . 11-15", "unexpected '.' in movetext", 13),
        ("1. 2-0", "move number '1.' is not followed by a move", 1),
        ('22-18 [Event "x"]', "unexpected '[Event' in movetext", 7),
        ("22-18 % not first column", "unexpected '%' in movetext", 7),
    ],
)
def test_other_syntax_errors(text, message, column):
    diagnostic = only_diagnostic(parse_game(text))
    assert (diagnostic.code, diagnostic.message, diagnostic.line, diagnostic.column) == (
        SYNTAX,
        message,
        1,
        column,
    )


def test_a_nag_larger_than_the_limit_is_a_syntax_error():
    from notation.record.grammar import MAX_NAG

    assert MAX_NAG == 999_999
    record = parse_game(f"22-18 $000{MAX_NAG} 11-15 *")
    assert (record.moves.plies[0].nags, record.diagnostics) == ([MAX_NAG], [])
    for nag in (str(MAX_NAG + 1), "9" * 5000):
        record = parse_game(f"22-18 ${nag} 11-15 *")
        shown = repr(f"${nag}" if len(nag) < 30 else f"${nag[:26]}...")
        assert [d.format() for d in record.diagnostics] == [
            f"-:1:7: error PDN101 NAG {shown} is larger than {MAX_NAG}"
        ]
        assert [p.text for p in record.moves.plies] == ["22-18"]


def test_malformed_tag_line_is_reported_and_reading_goes_on():
    record = parse_game('[Event "E"]\n[Site Amsterdam Centre]\n[Round "3"]\n1. 22-18 *\n')
    diagnostic = only_diagnostic(record)
    assert diagnostic.code == BAD_TAG
    assert diagnostic.message == "malformed tag pair '[Site Amsterdam Centre]'"
    assert (diagnostic.line, diagnostic.column) == (2, 1)
    assert [t.name for t in record.tags] == ["Event", "Round"]
    assert texts(record.moves) == ["22-18"]
    assert record.result == "*"


def test_depth_limit():
    deep_ok = "22-18 " + "(11-15 " * MAX_DEPTH + ")" * MAX_DEPTH + " *"
    record = parse_game(deep_ok)
    assert record.diagnostics == []
    line = record.moves
    for _ in range(MAX_DEPTH):
        line = line.plies[0].variations[0]
    assert texts(line) == ["11-15"]
    too_deep = "22-18 " + "(11-15 " * (MAX_DEPTH + 1) + ")" * (MAX_DEPTH + 1) + " *"
    diagnostic = only_diagnostic(parse_game(too_deep, line=5, index=3, path="deep.pdn"))
    assert diagnostic.code == TOO_DEEP
    assert (diagnostic.line, diagnostic.column) == (5, 7 + 7 * MAX_DEPTH)
    assert (diagnostic.path, diagnostic.game) == ("deep.pdn", 3)


def test_parens_in_an_escape_line_count_for_nothing():
    text = "22-18\n%" + "(" * (MAX_DEPTH + 50) + "\n11-15 *"
    record = parse_game(text)
    assert record.diagnostics == []
    assert record.moves.plies[0].comments == [
        Comment("(" * (MAX_DEPTH + 50), "escape", SourcePos(2, 1))
    ]
    assert [p.text for p in record.moves.plies] == ["22-18", "11-15"]


def test_very_deep_nesting_never_raises():
    record = parse_game("22-18 " + "(11-15 " * 5000 + ")" * 5000)
    assert [d.code for d in record.diagnostics] == [TOO_DEEP]
    bare = parse_game("22-18 " + "(" * 5000 + "11-15" + ")" * 5000)
    assert TOO_DEEP in [d.code for d in bare.diagnostics]


def test_positions_are_offset_to_the_file():
    record = parse_game("22-18 {c}\n11-15 *", line=10, column=5, index=4, path="f.pdn")
    first, second = record.moves.plies
    assert first.pos == SourcePos(10, 5)
    assert first.comments[0].pos == SourcePos(10, 11)
    assert second.pos == SourcePos(11, 1)
    bad = parse_game("22-18 zz", line=10, column=5, index=4, path="f.pdn")
    diagnostic = only_diagnostic(bad)
    assert diagnostic.format() == "f.pdn:10:11: error PDN101 unexpected 'zz' in movetext"
    assert diagnostic.game == 4


def test_empty_and_blank_games():
    assert parse_game("").moves == Line()
    record = parse_game('[Event "only tags"]\n')
    assert record.tags == [Tag("Event", "only tags", SourcePos(1, 1))]
    assert record.moves.plies == []
    assert record.diagnostics == []


def test_a_number_glued_to_an_ellipsis_is_one_number() -> None:
    """``12....`` is the number ``12.`` and an ellipsis, before a move or alone."""
    record = parse_game("12.... 22-18 *")
    assert [(p.number, p.text) for p in record.moves.plies] == [("12....", "22-18")]
    record = parse_game("12.... {c} 22-18 *")
    assert [(p.number, p.text) for p in record.moves.plies] == [("12....", "22-18")]
    assert record.diagnostics == []
    record = parse_game("1. 22-18 12.... *")
    assert [d.format() for d in record.diagnostics] == [
        "-:1:10: error PDN101 move number '12....' is not followed by a move"
    ]


def test_a_result_is_never_a_ply() -> None:
    """Every result but ``*`` is also a move token; the ply pattern never reads one."""
    from notation.record.lexicon import MOVE_TOKEN
    from notation.record.model import RESULTS

    assert [r for r in RESULTS if not MOVE_TOKEN.fullmatch(r)] == ["*"]
    for result in RESULTS:
        record = parse_game(f"1-18 {result}")
        assert ([p.text for p in record.moves.plies], record.result) == (["1-18"], result)
        assert record.diagnostics == []


def test_a_result_glued_to_a_star_is_a_result_then_the_star() -> None:
    """``1-1*`` is the result ``1-1`` then a ``*``, as ``1-1 *`` is: a result is never a
    ply (it was the ply ``1-1`` and the result ``*``, which writes back as ``1-1 *``)."""
    record = parse_game("22-18 1-1*")
    assert [p.text for p in record.moves.plies] == ["22-18"]
    assert record.result == "1-1"
    assert [d.format() for d in record.diagnostics] == [
        "-:1:10: error PDN101 unexpected '*' after the result '1-1'"
    ]


SPLIT_PLAIN_MOVES = ["22-18", "c3-d4", "a3b4", "C1", "07", "Ke4", "E5/B7", "26x17x10"]
SPLIT_MOVES = [*SPLIT_PLAIN_MOVES, "1- 6", "26- 17:\t10", "c3: e5"]
SPLIT_NUMBERS = ["", "1.", "12...", "3. ...", "4.\n...", "5.\t..."]
SPLIT_SUFFIXES = ["", "!", "?!", "(!?)", "(?)"]
SPLIT_GAPS = [" ", "\n", "  \n\t", "\u00a0"]


@pytest.mark.parametrize("seed", range(40))
def test_the_ply_lexer_reads_plies_one_after_another(seed):
    """``PLIES.lex`` cuts a run into the plies it was written from, up to the first text
    that is not a ply; the walk tidies numbers and moves."""
    import random

    from notation.record import grammar

    rng = random.Random(seed)
    plain = seed % 2 == 0
    parts = []
    for _ in range(rng.randrange(1, 12)):
        number = "" if plain and rng.random() < 0.5 else rng.choice(SPLIT_NUMBERS)
        if plain and number:
            number = f"{rng.randrange(1, 99)}."
        move = rng.choice(SPLIT_PLAIN_MOVES if plain else SPLIT_MOVES)
        suffix = "" if plain else rng.choice(SPLIT_SUFFIXES)
        gap = rng.choice(SPLIT_GAPS[:2] if plain else SPLIT_GAPS)
        parts.append((number, move, suffix, gap))
    text = "{x} " + "".join(f"{n}{' ' if n else ''}{m}{s}{g}" for n, m, s, g in parts) + "*"
    expected, at = [], 4
    for number, move, suffix, gap in parts:
        start = at + len(number) + (1 if number else 0)
        expected.append((number or None, move, suffix, start))
        at = start + len(move) + len(suffix) + len(gap)
    lexed = grammar.PLIES.lex(text, 4)
    assert [(*m.groups(), m.start(2)) for m in lexed] == expected
    assert lexed[-1].end() == len(text) - 1
    record = parse_game(text)
    assert [(p.number, p.text, p.suffix) for p in record.moves.plies] == [
        (
            None if n is None else " ".join(n.split()) if "\n" in n or " ..." in n else n,
            "".join(move.split()),
            suffix,
        )
        for n, move, suffix, _ in expected
    ]
    assert record.diagnostics == []


PLAIN_PIECES = [
    '[Event "e"]\n',
    '[A "b\\"c"]',
    "1.",
    "12...",
    "3. ...",
    "1.22-18",
    "22-18",
    "32-18",
    "2-18",
    "1-1",
    "1-10",
    "c3-d4",
    "a3b4",
    "C1",
    "07",
    "Ke4",
    "E5/B7",
    "1- 6",
    "26- 17:\t10",
    "22-18!",
    "(?)",
    "1-0",
    "1/2-1/2",
    "*",
    "{c}",
    "$3",
    "x",
    "[Bad",
]


def random_games(
    seed: int,
    count: int,
    pieces: tuple[list[str], list[str]],
    blanks: tuple[list[str], list[str]],
    *,
    odd: float,
    plies: range,
) -> list[str]:
    """``count`` seeded game texts: tags (most of the time), then pieces each followed by
    blanks, then a result. Each piece and its blanks are drawn from the first lists, or with
    probability ``odd`` from the second ones."""
    import random

    rng = random.Random(seed)
    games = []
    for _ in range(count):
        parts = ['[Event "e"]\n[Site "s"]\n\n'] if rng.random() < 0.7 else []
        for _ in range(rng.randrange(plies.start, plies.stop)):
            which = rng.random() < odd
            parts.append(rng.choice(pieces[which]))
            parts.append(rng.choice(blanks[which]))
        parts.append(rng.choice(["", "1-0", "*", "1/2-1/2 ", "0-0\n", "2-0\n", "1-1\n\n"]))
        games.append("".join(parts))
    return games


@SHORTCUTS_PATCHED
@pytest.mark.parametrize("seed", range(30))
def test_the_plain_shortcut_reads_a_game_as_the_full_grammar_does(seed, monkeypatch):
    """A game the ``plain`` rule matches gives the record ``full`` gives; others fall
    through to ``full``."""
    from notation.record import grammar

    blanks = [" ", "\n", "", "\u00a0", "  \n"]
    pieces = (PLAIN_PIECES[:-4], PLAIN_PIECES)
    games = random_games(seed, 40, pieces, (blanks, blanks), odd=0.1, plies=range(0, 9))
    got = [repr(parse_game(text, line=3, column=2)) for text in games]
    monkeypatch.setattr(grammar, "_plain", lambda text: None)
    assert got == [repr(parse_game(text, line=3, column=2)) for text in games]


SIMPLE_PIECES = [
    *PLAIN_PIECES[:-4],
    "47x",
    "47x 9",
    "9",
    "18x11",
    "26x17x10",
    "c3:e5",
    "♔e4",
    "Крe1",
    "12.",
    "2-0",
    "0-2",
    "1-1",
    "1-2",
    "2-01",
    "0:2",
    "1:0",
    "12x8x1",
]


@pytest.mark.parametrize("seed", range(30))
def test_a_simple_movetext_kept_as_text_reads_as_its_lexed_plies(seed, monkeypatch):
    """A plain game of simple plies keeps them as text: its move texts are those of the
    plies made later, and the record equals the one lexed ply by ply."""
    from notation.record import grammar

    usual = ["1.", "22-18", "18x11", "c3-d4", "9-14"]
    blanks = ([" ", "\n", "  \n"], ["", " ", "\t", "\u00a0", " x ", "\n"])
    games = random_games(seed, 60, (usual, SIMPLE_PIECES), blanks, odd=0.15, plies=range(1, 12))
    records = [parse_game(text, line=3, column=2) for text in games]
    kept = [record for record in records if record.moves.is_deferred]
    assert len(kept) >= 5  # the random games do reach the shortcut
    said = [record.moves.move_texts() for record in records]
    assert said == [texts(record.moves) for record in records]
    assert all(not record.moves.is_deferred for record in records)
    got = [repr(record) for record in records]
    for ascii_only in (True, False):
        monkeypatch.setitem(grammar._SIMPLE_RUN.compiled, ascii_only, re.compile(""))
    again = [parse_game(text, line=3, column=2) for text in games]
    assert all(not record.moves.is_deferred for record in again)
    assert got == [repr(record) for record in again]


_RUN_WORDS = [
    "1. ", "12. ", "22-18", "18x11", "c3-d4", "Ke4", "1-0", "0-1", "2-0", "1-1", "1/2-1/2",
    "0.5-0.5", "1:0", "0:2", "1-2", "10-01", " ", "\n", "x", "-", ":", "/", "{", "*", "5", "a",
    "!", "e5xg7", "32x", "0", "10-1", "1-0x", "a" * 256, "1" * 257, "b" * 255 + "1",
]  # fmt: skip
"""ASCII words that random texts for the run of simple plies are made of."""
_UNICODE_RUN_WORDS = ["Крe4", "♔e4", "α1β2", "½-½", "ж", "×", "Ω", "½", "é" * 256]


def _random_texts(words: list[str], count: int) -> list[str]:
    import random

    rng = random.Random(29)
    return ["".join(rng.choice(words) for _ in range(rng.randint(1, 12))) for _ in range(count)]


def test_the_simple_run_matches_as_one_general_simple_move_would():
    """The run's moves by their start (numbered squares; a letter or a chess symbol; a
    digit, after the look-ahead for a result) match where one general simple move after
    that look-ahead would: the same end from every offset of random texts."""
    import re

    from notation.record.lexicon import CHESS_SYMBOL, RESULT

    general = rf"(?!{RESULT})(?>{CHESS_SYMBOL}?{grammar_module._MOVE_REST})(?<!x)"
    body = grammar_module._SIMPLE_BODY
    run = re.compile(grammar_module._SIMPLE_RUN_TEXT)
    reference = re.compile(
        grammar_module._SIMPLE_RUN_TEXT.replace(
            body, f"(?:{grammar_module._NUMERIC_MOVE}|{general})"
        )
    )
    assert reference.pattern != run.pattern
    for text in _random_texts(_RUN_WORDS + _UNICODE_RUN_WORDS, 1500):
        for at in range(len(text)):
            assert run.match(text, at).end() == reference.match(text, at).end(), (text, at)


def test_the_run_for_ascii_text_matches_as_the_run_for_any():
    """An ASCII text is matched with a run whose classes of letters are ASCII only, which
    ``re`` compiles faster: it ends where the run for any text ends, from every offset."""
    import re

    from notation.record import grammar

    ascii_run = grammar._SIMPLE_RUN.of("1. 22-18 *")
    assert ascii_run.pattern == grammar._SIMPLE_RUN.sources[True] != grammar._SIMPLE_RUN_TEXT
    assert grammar._SIMPLE_RUN.of("1. Крe4 *").pattern == grammar._SIMPLE_RUN_TEXT
    run = re.compile(grammar._SIMPLE_RUN_TEXT)
    texts = _random_texts(_RUN_WORDS, 3000)
    assert sum(run.match(text).end() > 0 for text in texts) > 300
    for text in texts:
        for at in range(len(text)):
            assert ascii_run.match(text, at).end() == run.match(text, at).end(), (text, at)


def test_the_ply_lexer_reads_ascii_text_as_its_pattern_for_any_does():
    """The ply lexer's tokens for ASCII text are those of its pattern for any text, from
    every offset of random texts of plies and the rest a movetext may hold."""
    import re

    from notation.record import grammar

    lexer = grammar.PLIES
    assert lexer.tokens.sources[True] != lexer.tokens.sources[False]
    assert grammar.TAGS.tokens.sources[True] == grammar.TAGS.tokens.sources[False]  # no letters
    tokens = re.compile(lexer.tokens.sources[False])
    words = [*_RUN_WORDS, "22-18!", "1...", "2. ...", "Ke4?!", "(!?)", "22x 17", "$1", "{a}"]
    texts = _random_texts(words, 2000)
    assert sum(len(lexer.lex(text, 0)) > 1 for text in texts) > 50
    for text in texts:
        for at in range(len(text)):
            got = [m.span() for m in lexer.lex(text, at)]
            want = [
                m.span() for m in itertools.takewhile(grammar._LEXED, tokens.finditer(text, at))
            ]
            assert got == want, (text, at)
            assert lexer.end(text, at) == (want[-1][1] if want else None), (text, at)


@pytest.mark.parametrize(
    ("movetext", "moves", "result"),
    [
        ("1. 47x 9 5-10 *", ["47x9", "5-10"], "*"),  # a blank after x, before one digit
        ("1. 1-2 2-01 2. 0:21 12x8x1 0-2", ["1-2", "2-01", "0:21", "12x8x1"], "0-2"),
        ("1. 22-18 11-15 1-1", ["22-18", "11-15"], "1-1"),
        ("1. 22-18! 11-15 1-0", ["22-18", "11-15"], "1-0"),
    ],
)
def test_the_simple_run_reads_moves_as_the_lexer_does(movetext, moves, result):
    record = parse_game(movetext)
    assert record.moves.move_texts() == moves
    assert (texts(record.moves), record.result, record.diagnostics) == (moves, result, [])


def test_a_line_kept_as_text_makes_its_plies_once_and_pickles_made():
    import pickle

    record = parse_game("1. 22-18 11-15 2. 18x11 *\n", line=5)
    line = record.moves
    assert line.is_deferred
    assert line.move_texts() == ["22-18", "11-15", "18x11"]
    assert line.pos == SourcePos(5, 4)
    assert not line.is_deferred
    assert line.plies[2] == Ply("18x11", SourcePos(5, 19), "2.")
    assert line.plies is line.plies
    copy = pickle.loads(pickle.dumps(parse_game("1. 22-18 11-15 *").moves))
    made = [Ply("22-18", SourcePos(1, 4), "1."), Ply("11-15", SourcePos(1, 10))]
    assert copy == Line(made, pos=SourcePos(1, 4))
    assert not copy.is_deferred


def test_tag_positions_on_shared_rows_and_after_blank_rows():
    record = parse_game('[A "1"] [B "2"]\n\n\n  [C "3"]\n[D "4"]\n\n1. 22-18 *', line=7, column=3)
    assert [(tag.name, tag.pos) for tag in record.tags] == [
        ("A", SourcePos(7, 3)),
        ("B", SourcePos(7, 11)),
        ("C", SourcePos(10, 3)),
        ("D", SourcePos(11, 1)),
    ]


class _Plies:
    """A ply source that makes two plies, and can misbehave while it does."""

    def __init__(self, during=None) -> None:
        self.calls = 0
        self.during = during

    def fill(self, line: Line) -> None:
        self.calls += 1
        if self.during is not None and self.calls == 1:
            self.during()
        line.plies.extend([Ply("22-18", SourcePos(1, 4), "1."), Ply("11-15", SourcePos(1, 10))])
        line.pos = line.plies[0].pos

    def texts(self) -> list[str]:
        return ["22-18", "11-15"]


def test_a_position_set_on_a_line_kept_as_text_stays():
    from notation.record.model import NOWHERE

    line = parse_game("1. 22-18 11-15 *").moves
    line.pos = NOWHERE
    assert line.pos is NOWHERE
    assert texts(line) == ["22-18", "11-15"]


def test_a_line_is_never_seen_half_made():
    """A reader while the plies are being made (another thread) makes them too, and a
    making that fails is tried again: nobody sees a line with part of its plies."""
    seen = []
    line = Line.deferred(_Plies(lambda: seen.append(texts(line))))
    assert texts(line) == ["22-18", "11-15"]
    assert seen == [["22-18", "11-15"]]

    def fail() -> None:
        raise RuntimeError("interrupted")

    broken = Line.deferred(_Plies(fail))
    with pytest.raises(RuntimeError):
        broken.plies  # noqa: B018
    assert texts(broken) == ["22-18", "11-15"]


COMMENTED_PIECES = ["1.", "22-18", "18x11", "c3-d4", "Ke4", "12...", "{c}", "{}", "$3", "$0007"]
COMMENTED_ODD = [
    *PLAIN_PIECES,
    "{a\nb [x] (y) 1-0 $3}",
    "$3$4",
    "$1234567",
    "1-0 {after}",
    "* {after} {again}",
    "(22-18)",
    "(",
    ")",
    "; line",
    "\n%escape\n",
    "{open",
    "[Bad",
]


@SHORTCUTS_PATCHED
@pytest.mark.parametrize("seed", range(30))
def test_a_commented_game_reads_as_the_full_grammar_reads_it(seed, monkeypatch):
    """A game of tags, plies, ``{`` comments, NAGs and a result (comments after it) gives
    the record ``full`` gives, diagnostics included; others fall through to ``full``."""
    from notation.record import grammar

    blanks = [" ", "\n", "", "\u00a0", "  \n"]
    pieces = (COMMENTED_PIECES, COMMENTED_ODD)
    games = random_games(seed, 60, pieces, (blanks, blanks), odd=0.08, plies=range(0, 9))
    games = [
        text if n % 3 == 0 else "{before} " + text if n % 3 == 1 else text + " {after}\n{more}"
        for n, text in enumerate(games)
    ]
    read = []
    shortcut = grammar._commented
    monkeypatch.setattr(grammar, "_commented", lambda text: read.append(text) or shortcut(text))
    got = [repr(parse_game(text, line=3, column=2)) for text in games]
    assert sum(shortcut(text) is not None for text in read) >= 15  # the shortcut is reached
    monkeypatch.setattr(grammar, "_commented", lambda text: None)
    assert got == [repr(parse_game(text, line=3, column=2)) for text in games]


@SHORTCUTS_PATCHED
def test_every_record_file_reads_the_same_without_the_commented_shortcut(monkeypatch):
    """The samples' and the tests' record files read into the same records when the
    grammar reads every game the commented shortcut reads."""
    from pathlib import Path

    from notation.record import grammar
    from notation.record.reader import read_string

    root = Path(__file__).resolve().parents[2]
    files = sorted(
        path for folder in ("samples", "tests") for path in (root / folder).rglob("*.pdn")
    )
    texts_read = [(str(path), path.read_text(encoding="utf-8", errors="replace")) for path in files]
    read = []
    shortcut = grammar._commented
    monkeypatch.setattr(grammar, "_commented", lambda text: read.append(text) or shortcut(text))
    got = [repr(read_string(text, path)) for path, text in texts_read]
    assert sum(shortcut(text) is not None for text in read) >= 50
    monkeypatch.setattr(grammar, "_commented", lambda text: None)
    assert got == [repr(read_string(text, path)) for path, text in texts_read]
