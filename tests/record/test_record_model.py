"""The public read-only API of :class:`Ply` and :class:`Line` that other layers read."""

from __future__ import annotations

from notation.record import parse_game
from notation.record.model import Comment, Line, Ply, SourcePos


def test_a_ply_without_attachments_gives_empty_views_and_makes_no_list() -> None:
    ply = Ply("22-18")
    assert (ply.nags_view, ply.comments_view, ply.variations_view) == ((), (), ())
    assert (ply._nags, ply._comments, ply._variations) == (None, None, None)
    assert ply == Ply("22-18", nags=[], comments=[], variations=[])


def test_the_views_are_what_the_ply_holds() -> None:
    variation = Line([Ply("23-19")])
    ply = Ply("22-18", nags=[1], comments=[Comment("good")], variations=[variation])
    assert ply.nags_view == [1]
    assert ply.comments_view == [Comment("good")]
    assert ply.variations_view == [variation]
    assert ply.variations_view is ply.variations


def test_read_at_is_the_ply_the_constructor_makes() -> None:
    made = Ply.read_at("22x13", 4, 7, "5.", "!")
    assert made == Ply("22x13", SourcePos(4, 7), "5.", "!")
    assert (made.nags_view, made.comments_view, made.variations_view) == ((), (), ())


def test_a_line_is_deferred_until_its_plies_are_asked_for() -> None:
    line = parse_game("1. 22-18 11-15 *").moves
    assert line.is_deferred
    assert line.move_texts() == ["22-18", "11-15"]
    assert line.is_deferred
    assert [ply.text for ply in line.plies] == ["22-18", "11-15"]
    assert not line.is_deferred
    assert not Line().is_deferred
    assert not parse_game("1. 22-18 {a comment} 11-15 *").moves.is_deferred
