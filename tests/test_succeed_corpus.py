"""The PDN standard's succeed/ set replayed (shared/corpora/pdn-standard/succeed): the
verdicts bench/succeed.py tabulates, and the false alarms found in it, fixed."""

from __future__ import annotations

from notation.record.reader import read_string


def test_a_blank_after_x_before_one_digit_is_inside_the_move():
    """Column-aligned files pad a one-digit square after ``x`` as after ``-``
    (``47x 9`` as ``3- 9``, DUTCH96H.pdn); a blank before two digits still ends the move."""
    [record] = read_string("51. 36-31 37x26 52. 46-41 47x 9 53.  4x 1 28x19x 13x22 1-0")
    assert [(p.text, p.pos.column) for p in record.moves.plies] == [
        ("36-31", 5),
        ("37x26", 11),
        ("46-41", 21),
        ("47x9", 27),
        ("4x1", 38),
        ("28x19x", 43),
        ("13x22", 50),
    ]
    assert (record.result, record.diagnostics) == ("1-0", [])
