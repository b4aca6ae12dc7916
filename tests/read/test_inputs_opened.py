"""``open_inputs``: each input's notices, the input opened, then what reading it found."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from notation.diagnostics import Diagnostic
from notation.io.files import Input, Missing
from notation.read.sources import FileResult, Opened, open_inputs
from notation.record.boundaries import split_games
from notation.record.jsonform import dumps
from notation.record.model import Record
from notation.record.reader import read_string

GAME = '[GameType "26"]\n1. 22-18 11-15 *\n\n'


def _events(
    inputs: Iterable[Input | Missing],
    read: Callable[[Opened], list[object]],
    *,
    allow_empty: bool = False,
) -> list[object]:
    """The events of ``open_inputs``, each opened input replaced by what ``read`` read
    from it, in a tuple with the input's name and whether it is JSON."""
    events: list[object] = []
    for event in open_inputs(inputs, allow_empty=allow_empty):
        if isinstance(event, Opened):
            events.append((event.input.name, event.is_json, read(event)))
        else:
            events.append(event)
    return events


def _plies(opened: Opened) -> list[object]:
    """The first ply of each record read, and the diagnostics met."""
    return [r.moves.plies[0].text if isinstance(r, Record) else r for r in opened.records()]


def _nothing(opened: Opened) -> list[object]:
    return []


def test_notices_found_opening_come_before_the_input_and_those_found_reading_after(
    tmp_path: Path,
) -> None:
    plain = GAME * (300_000 // len(GAME))
    late = '[Event "G\xe9rard"]\n[GameType "26"]\n1. 21-17 *\n'
    line = plain.count("\n") + 1
    (tmp_path / "late.pdn").write_bytes(plain.encode() + late.encode("latin-1") + b"\x00\x00")
    (tmp_path / "cp.pdn").write_bytes(('[Event "Иванов"]\n' + GAME).encode("cp1251"))
    inputs = [Input("cp.pdn", tmp_path / "cp.pdn"), Input("late.pdn", tmp_path / "late.pdn")]
    assert _events(inputs, lambda opened: _plies(opened)[-1:]) == [
        Diagnostic(
            "PDN107",
            "cp.pdn is not UTF-8: read as cp1251 (a guess; choose the encoding with --encoding)",
            1,
            1,
            "cp.pdn",
        ),
        ("cp.pdn", False, ["22-18"]),
        FileResult("cp.pdn", "cp1251"),
        ("late.pdn", False, ["21-17"]),
        Diagnostic(
            "PDN106",
            f"cannot read late.pdn: a binary file (it holds NUL bytes from line {line + 3}), "
            "not a text record",
            1,
            1,
            "late.pdn",
        ),
        Diagnostic(
            "PDN107",
            f"late.pdn is not UTF-8 from line {line}: read as latin-1 "
            "(a guess; choose the encoding with --encoding)",
            line,
            1,
            "late.pdn",
        ),
        FileResult("late.pdn", "latin-1"),
    ]


def test_an_input_read_for_nothing_is_pdn108_unless_empty_inputs_are_allowed(
    tmp_path: Path,
) -> None:
    (tmp_path / "a.pdn").write_text(GAME, encoding="utf-8")
    (tmp_path / "c.pdn").write_text("{only a comment}\n", encoding="utf-8")
    inputs = [Input("a.pdn", tmp_path / "a.pdn"), Input("c.pdn", tmp_path / "c.pdn")]
    empty = "no record in {}: it holds no game (--allow-empty accepts it)"
    assert _events(inputs, _plies) == [
        ("a.pdn", False, ["22-18"]),
        FileResult("a.pdn", "utf-8"),
        ("c.pdn", False, []),
        Diagnostic("PDN108", empty.format("c.pdn"), 1, 1, "c.pdn"),
        FileResult("c.pdn", "utf-8"),
    ]
    assert _events(inputs, _nothing) == [
        ("a.pdn", False, []),
        Diagnostic("PDN108", empty.format("a.pdn"), 1, 1, "a.pdn"),
        FileResult("a.pdn", "utf-8"),
        ("c.pdn", False, []),
        Diagnostic("PDN108", empty.format("c.pdn"), 1, 1, "c.pdn"),
        FileResult("c.pdn", "utf-8"),
    ]
    assert _events(inputs, _nothing, allow_empty=True) == [
        ("a.pdn", False, []),
        FileResult("a.pdn", "utf-8"),
        ("c.pdn", False, []),
        FileResult("c.pdn", "utf-8"),
    ]


def test_missing_and_unopenable_inputs_are_never_opened(tmp_path: Path) -> None:
    (tmp_path / "bin.pdn").write_bytes(b"\x00" * 8)
    inputs = [
        Missing("gone.pdn", "no such file or directory"),
        Missing("d", "no record file here", "PDN108"),
        Input("bin.pdn", tmp_path / "bin.pdn"),
    ]
    assert _events(inputs, _plies) == [
        Diagnostic("PDN106", "cannot read gone.pdn: no such file or directory", 1, 1, "gone.pdn"),
        Diagnostic(
            "PDN108", "no record in d: no record file here (--allow-empty accepts it)", 1, 1, "d"
        ),
        Diagnostic(
            "PDN106",
            "cannot read bin.pdn: a binary file (it holds NUL bytes), not a text record",
            1,
            1,
            "bin.pdn",
        ),
        FileResult("bin.pdn", None, readable=False),
    ]


def test_pieces_are_those_of_split_games_and_count_as_read(tmp_path: Path) -> None:
    text = "{a header}\n" + GAME * 5
    (tmp_path / "a.pdn").write_text(text, encoding="utf-8")
    (tmp_path / "c.pdn").write_text("{only a comment}\n", encoding="utf-8")
    inputs = [Input("a.pdn", tmp_path / "a.pdn"), Input("c.pdn", tmp_path / "c.pdn")]
    expected = list(split_games([text], 2))
    assert [line for line, _ in expected] == [1, 8, 14]
    assert _events(inputs, lambda opened: list(opened.pieces(2))) == [
        ("a.pdn", False, expected),
        FileResult("a.pdn", "utf-8"),
        ("c.pdn", False, [(1, "{only a comment}\n")]),
        FileResult("c.pdn", "utf-8"),
    ]


def test_a_json_document_gives_its_records_and_is_not_cut_into_pieces(tmp_path: Path) -> None:
    (tmp_path / "r.json").write_text(dumps(read_string(GAME * 2, "r.pdn")), encoding="utf-8")
    inputs = [Input("r.json", tmp_path / "r.json")]
    assert _events(inputs, _plies) == [
        ("r.json", True, ["22-18", "22-18"]),
        FileResult("r.json", "utf-8"),
    ]
    with pytest.raises(ValueError, match=r"^r\.json is a JSON document, not cut into pieces$"):
        _events(inputs, lambda opened: list(opened.pieces(2)))


CUT = '[GameType "26"]\n1. 22-18 11-15 2. 18x11 8x15 *\n\n[GameType "26"]\n1. 22-18 11-15 2. 18x'
"""Two games, the second cut inside a capture (``18x11`` read as far as ``18x``)."""


def _gzip_cut(tmp_path: Path, text: str) -> Input:
    """``text`` gzip-compressed with its last bytes left out: a damaged archive that
    decompresses to ``text`` and then fails."""
    import gzip

    whole = gzip.compress(text.encode(), mtime=0)
    path = tmp_path / "cut.pdn.gz"
    path.write_bytes(whole[:-8])  # the trailer (checksum and size) left out
    return Input("cut.pdn.gz", path)


def test_the_game_a_damaged_input_cuts_off_is_not_read_as_a_game(tmp_path: Path) -> None:
    failure = (
        "cannot read cut.pdn.gz: the gzip data ends inside a member (truncated); "
        "the game from line 4, cut off there, is not read"
    )
    assert _events([_gzip_cut(tmp_path, CUT)], _plies) == [
        ("cut.pdn.gz", False, ["22-18"]),
        Diagnostic("PDN106", failure, 1, 1, "cut.pdn.gz"),
        FileResult("cut.pdn.gz", "utf-8"),
    ]


def test_a_damaged_input_in_pieces_leaves_out_the_game_it_cuts_off(tmp_path: Path) -> None:
    # A parallel run reads the input in pieces: the same game is left out of the last one.
    text = GAME * 3 + CUT

    def pieces(opened: Opened) -> list[object]:
        return list(opened.pieces(1))

    events = _events([_gzip_cut(tmp_path, text)], pieces)
    assert events[0] == (
        "cut.pdn.gz",
        False,
        [(1, GAME), (4, GAME), (7, GAME), (10, CUT[: CUT.index("\n\n") + 2])],
    )
    assert events[1] == Diagnostic(
        "PDN106",
        "cannot read cut.pdn.gz: the gzip data ends inside a member (truncated); "
        "the game from line 13, cut off there, is not read",
        1,
        1,
        "cut.pdn.gz",
    )


def test_a_damaged_input_whose_last_game_ended_keeps_it(tmp_path: Path) -> None:
    text = GAME * 2
    assert _events([_gzip_cut(tmp_path, text)], _plies)[:2] == [
        ("cut.pdn.gz", False, ["22-18", "22-18"]),
        Diagnostic(
            "PDN106",
            "cannot read cut.pdn.gz: the gzip data ends inside a member (truncated)",
            1,
            1,
            "cut.pdn.gz",
        ),
    ]


def test_a_small_damaged_input_read_whole_leaves_out_the_game_it_cuts_off(
    tmp_path: Path,
) -> None:
    # Fewer lines than a piece's games: the text is one piece, read without the splitter.
    def pieces(opened: Opened) -> list[object]:
        return list(opened.pieces(1000))

    events = _events([_gzip_cut(tmp_path, CUT)], pieces)
    assert events[0] == ("cut.pdn.gz", False, [(1, CUT[: CUT.index("\n\n") + 2])])
    assert "the game from line 4, cut off there, is not read" in str(events[1])
