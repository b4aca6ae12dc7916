"""Pictures say when the game is over, and draw in the record's notation."""

from __future__ import annotations

from notation.check.replay import main_line_positions, record_notation
from notation.games.registry import get_game
from notation.pictures import render_svg
from notation.record.reader import read_string


def _end(text: str, name: str):
    game = get_game(name)
    (record,) = read_string(text)
    positions = main_line_positions(game, record.moves, game.start(record.tag_dict()))
    return game, record, positions[-1]


def test_a_brazilian_picture_of_a_won_game_says_it_is_over() -> None:
    game, _, end = _end('[GameType "26"]\n[FEN "W:W18:B14"]\n\n1. 18x9 2-0\n', "brazilian")
    assert game.render_text(end).splitlines()[-1] == (
        "Game over: White wins (Black has no legal move)"
    )
    assert ">Game over: White wins (Black has no legal move)</text>" in render_svg(game, end)


def test_a_keny_picture_of_a_won_game_says_it_is_over() -> None:
    game, _, end = _end('[Variant "keny"]\n[FEN "W:Wc3:Bc4"]\n\n1. c3xc5 1-0\n', "keny")
    over = "Game over: White wins (Black has no pieces left)"
    assert game.render_text(end).splitlines()[-1] == over
    assert f">{over}</text>" in render_svg(game, end)


def test_keny_text_writes_the_last_move_in_the_records_notation() -> None:
    game, record, end = _end('[Variant "keny"]\n[FEN "W:Wc3:Bc4"]\n\n1. c3:c5 1-0\n', "keny")
    last = game.parse_move(game.start(record.tag_dict()), "c3:c5")
    notation = record_notation(game, record)
    assert notation == "colon"
    assert game.render_text(end, last, notation).splitlines()[-1] == (
        "Game over: White wins (Black has no pieces left); last move c3:c5"
    )


def test_a_finished_knight_fight_text_picture_says_it_is_over() -> None:
    game = get_game("knight-fight")
    layout = " ".join(f"{n:02d}" for n in range(100))
    (record,) = read_string(f'[Variant "knight-fight"]\n[Layout "{layout}"]\n\n*\n')
    start = game.start(record.tag_dict())
    position = start
    for text in ("03", "95"):
        position = game.play(position, game.parse_move(position, text))
    assert game.render_text(position).splitlines()[0] == (
        "Knight Fight: White 3 on D1, Black 95 on F10; White to move"
    )
    # No legal ply: every square a knight could reach is inaccessible.
    over = position._replace(dead=position.dead | (2**100 - 1) ^ (1 << 3) ^ (1 << 95))
    assert game.outcome(over) is not None
    assert game.render_text(over).splitlines()[0] == (
        "Knight Fight: White 3 on D1, Black 95 on F10; Game over: Black wins (White has no "
        "legal ply; final score White 3, Black 95)"
    )


def test_the_cheversi_pictures_draw_a_french_record_in_french_letters() -> None:
    text = '[Variant "cheversi"]\n[Notation "fr"]\n\n1. Rd4 Dd5 *\n'
    game, record, end = _end(text, "cheversi")
    picture = render_svg(game, end)
    assert (picture.count(">R</text>"), picture.count(">D</text>")) == (2, 2)
    assert ">K</text>" not in picture and ">Q</text>" not in picture
    assert render_svg(game, end, None, record_notation(game, record)) == picture
    lines = game.render_text(end, None, "fr").splitlines()
    assert lines[4:6] == [
        " 5  .  .  . [d] .  .  .  .  5  . . 1 d 1 . . .   1 1 1 d 1 1 1 1",
        " 4  .  .  .  R  .  .  .  .  4  . . 1 R 1 . . .   . . 1 R 1 . . .",
    ]
    assert lines[-1] == "In hand: White D T T F F C C; Black R T T F F C C"


def test_a_figurine_picture_draws_figurines() -> None:
    game, _, end = _end('[Variant "cheversi"]\n\n1. Kd4 Qd5 *\n', "cheversi")
    picture = render_svg(game, end, None, "figurine")
    assert (picture.count(">♔</text>"), picture.count(">♛</text>")) == (2, 2)
    assert game.render_text(end, None, "figurine").splitlines()[-1] == (
        "In hand: White ♕ ♖ ♖ ♗ ♗ ♘ ♘; Black ♚ ♜ ♜ ♝ ♝ ♞ ♞"
    )
