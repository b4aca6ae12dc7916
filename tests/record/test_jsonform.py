"""The JSON form: versioned shape, lossless round trip, clear errors."""

from __future__ import annotations

import json

import pytest

from notation.diagnostics import Diagnostic
from notation.record.jsonform import FORMAT, VERSION, dumps, loads, record_from_dict, record_to_dict
from notation.record.reader import read_string
from notation.record.writer import write_record

TEXT = '[Event "E \\"q\\""]\n% esc\n1. 22-18! $3 {c} (1. 21-17 ; line\n) 11-15 2. zz\n'


def test_shape_of_a_record():
    [record] = read_string(TEXT, path="j.pdn")
    d = record_to_dict(record)
    assert d["index"] == 1
    assert d["pos"] == [1, 1]
    assert d["tags"] == [{"name": "Event", "value": 'E "q"', "pos": [1, 1]}]
    assert d["moves"]["pos"] == [2, 1]
    assert d["moves"]["comments"] == [{"text": " esc", "kind": "escape", "pos": [2, 1]}]
    first = d["moves"]["plies"][0]
    assert first == {
        "text": "22-18",
        "pos": [3, 4],
        "number": "1.",
        "suffix": "!",
        "nags": [3],
        "comments": [{"text": "c", "kind": "brace", "pos": [3, 14]}],
        "variations": [
            {
                "pos": [3, 18],
                "comments": [],
                "plies": [
                    {
                        "text": "21-17",
                        "pos": [3, 22],
                        "number": "1.",
                        "suffix": "",
                        "nags": [],
                        "comments": [{"text": " line", "kind": "line", "pos": [3, 28]}],
                        "variations": [],
                    }
                ],
            }
        ],
    }
    assert d["result"] is None and d["result_pos"] is None
    assert d["diagnostics"] == [
        {
            "code": "PDN101",
            "message": "unexpected 'zz' in movetext",
            "line": 4,
            "column": 12,
            "path": "j.pdn",
            "game": 1,
            "ply": None,
            "move": None,
            "legal": [],
        }
    ]


def test_round_trip_is_lossless_positions_included():
    records = read_string(TEXT + '\n[Event "two"]\n1. c3-d4 1/2-1/2 {end}\n')
    records[1].diagnostics.append(
        Diagnostic("REC203", "m", 5, 6, "p", 2, 3, "c3-d4", ("a1-b2", "c3-b4"))
    )
    text = dumps(records)
    document = json.loads(text)
    assert (document["format"], document["version"]) == (FORMAT, VERSION) == ("notation-record", 1)
    back = loads(text)
    assert back == records
    assert record_from_dict(record_to_dict(records[1])) == records[1]
    assert dumps(back, indent=2) == dumps(records, indent=2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not JSON: Expecting property name enclosed in double quotes at line 1"),
        ("[]", "expected a 'notation-record' JSON object, got list"),
        ('{"format": "pgn"}', "not a 'notation-record' document (format is 'pgn')"),
        (
            '{"format": "notation-record", "version": 2, "records": []}',
            "unsupported notation-record version 2 (this reads 1)",
        ),
        (
            '{"format": "notation-record", "version": 1, "records": [], "x": 1}',
            "document: unknown key 'x'",
        ),
        (
            '{"format": "notation-record", "version": 1, "records": [{}]}',
            "document.records[0]: missing key 'index'",
        ),
    ],
)
def test_malformed_documents(text, message):
    with pytest.raises(ValueError) as raised:
        loads(text)
    assert str(raised.value).startswith(message)


def test_bad_values_are_named_by_their_path():
    [record] = read_string("1. 22-18 $4 *")
    good = record_to_dict(record)
    bad = json.loads(json.dumps(good))
    bad["moves"]["plies"][0]["nags"][0] = "4"
    with pytest.raises(
        ValueError, match=r"^record\.moves\.plies\[0\]\.nags\[0\]: expected an integer"
    ):
        record_from_dict(bad)
    bad = json.loads(json.dumps(good))
    bad["moves"]["plies"][0]["pos"] = [1]
    with pytest.raises(ValueError, match=r"record\.moves\.plies\[0\]\.pos: expected a \[line"):
        record_from_dict(bad)
    bad = json.loads(json.dumps(good))
    bad["trailing"] = [{"text": "x", "kind": "block", "pos": [1, 1]}]
    with pytest.raises(ValueError, match=r"record\.trailing\[0\]\.kind: expected one of brace"):
        record_from_dict(bad)
    bad = json.loads(json.dumps(good))
    bad["diagnostics"] = [
        dict(
            code="XYZ1",
            message="",
            line=1,
            column=1,
            path="-",
            game=None,
            ply=None,
            move=None,
            legal=[],
        )
    ]
    with pytest.raises(ValueError, match="registered diagnostic code"):
        record_from_dict(bad)
    bad = json.loads(json.dumps(good))
    bad["index"] = True
    with pytest.raises(ValueError, match=r"record\.index: expected an integer"):
        record_from_dict(bad)


@pytest.mark.parametrize("pos", [[0, -3], [-1, 5], [0, 4], [7, 0], [-2, -2]])
def test_a_position_is_nowhere_or_a_line_and_column_from_1(pos: list[int]) -> None:
    # [0, -3] was read, and validate then reported a problem at line 0, column -3 (a SARIF
    # region no reader takes).
    [record] = read_string("1. 22-18 *")
    bad = record_to_dict(record)
    bad["moves"]["plies"][0]["pos"] = pos
    with pytest.raises(
        ValueError,
        match=r"^record\.moves\.plies\[0\]\.pos: expected a \[line, column\] pair "
        r"\(from 1, or \[0, 0\] for nowhere\)",
    ):
        record_from_dict(bad)
    bad["moves"]["plies"][0]["pos"] = [0, 0]
    assert record_from_dict(bad).moves.plies[0].pos == (0, 0)
    line, column = pos
    diagnostic = {"code": "PDN101", "message": "m", "line": line, "column": column}
    diagnostic |= {"path": "-", "game": 1, "ply": None, "move": None, "legal": []}
    bad["diagnostics"] = [diagnostic]
    with pytest.raises(ValueError, match=r"^record\.diagnostics\[0\]\.line: expected a line"):
        record_from_dict(bad)


def nested(levels: int) -> str:
    """A document of one record whose variations nest ``levels`` deep."""
    line = '{"pos": [1, 1], "comments": [], "plies": [PLY]}'
    ply = (
        '{"text": "22-18", "pos": [1, 1], "number": null, "suffix": "", "nags": [], '
        '"comments": [], "variations": [INNER]}'
    )
    moves = line.replace("PLY", ply.replace("INNER", ""))
    for _ in range(levels):
        moves = line.replace("PLY", ply.replace("INNER", moves))
    record = (
        '{"index": 1, "pos": [1, 1], "tags": [], "moves": MOVES, "result": "*", '
        '"result_pos": null, "trailing": [], "diagnostics": []}'
    ).replace("MOVES", moves)
    return f'{{"format": "notation-record", "version": 1, "records": [{record}]}}'


def test_json_nested_deeper_than_the_reader_reads_is_refused():
    from notation.record.model import MAX_DEPTH

    [record] = loads(nested(MAX_DEPTH))
    assert read_string(write_record(record))[0].diagnostics == []
    for levels in (MAX_DEPTH + 1, 150, 200):
        with pytest.raises(ValueError) as raised:
            loads(nested(levels))
        where = "document.records[0].moves" + ".plies[0].variations[0]" * MAX_DEPTH
        assert str(raised.value) == (
            f"{where}.plies[0].variations: variations nested more than {MAX_DEPTH} levels deep"
        )
    with pytest.raises(ValueError) as raised:
        loads(nested(400))
    # Python 3.13's parser reads such a document (the reader then refuses it as above).
    assert str(raised.value) in (
        "not JSON: nested too deeply",
        f"{where}.plies[0].variations: variations nested more than {MAX_DEPTH} levels deep",
    )


def test_json_nested_beyond_the_json_parser_is_refused():
    with pytest.raises(ValueError) as raised:
        loads("[" * 100_000 + "]" * 100_000)
    assert str(raised.value) == "not JSON: nested too deeply"
    with pytest.raises(ValueError) as raised:
        loads('{"format": "notation-record", "version": ' + "9" * 5000 + "}")
    assert str(raised.value).startswith("not JSON: Exceeds the limit (4300 digits)")


def test_json_that_pdn_cannot_hold_is_refused_naming_the_game_and_the_field():
    records = read_string('1. 22-18 *\n[Event "b"]\n1. 11-15 {c} *\n')
    document = json.loads(dumps(records))
    document["records"][1]["moves"]["plies"][0]["text"] = '11-15\n[Event "c"]'
    with pytest.raises(ValueError) as raised:
        loads(json.dumps(document))
    assert str(raised.value) == (
        "document.records[1].moves.plies[0].text: "
        "'11-15\\n[Event \"c\"]' is not a move (game 2 cannot be written as PDN)"
    )
    document = json.loads(dumps(records))
    document["records"][1]["moves"]["plies"][0]["comments"][0]["text"] = "a}b"
    with pytest.raises(ValueError) as raised:
        loads(json.dumps(document))
    assert str(raised.value) == (
        "document.records[1].moves.plies[0].comments[0].text: "
        "a brace comment cannot hold a brace (game 2 cannot be written as PDN)"
    )


@pytest.mark.parametrize(
    ("where", "value", "why"),
    [
        (("tags", 0, "value"), "Sur\ud800rogate", "a lone surrogate, U+D800"),
        (("tags", 0, "value"), "Ana\x00Nul", "a NUL character"),
        (("moves", "plies", 0, "comments", 0, "text"), "c\udcff", "a lone surrogate, U+DCFF"),
    ],
)
def test_a_string_no_text_file_holds_is_refused_naming_the_field(
    where: tuple[str | int, ...], value: str, why: str
) -> None:
    # Escapes (\ud800, \u0000) make such strings: no PDN text decodes to one, and an index
    # could not store it (UTF-8 refuses a lone surrogate, PostgreSQL a NUL).
    records = read_string('[Event "b"]\n1. 11-15 {c} *\n')
    document = json.loads(dumps(records))
    field = document["records"][0]
    for step in where[:-1]:
        field = field[step]
    field[where[-1]] = value
    with pytest.raises(ValueError) as raised:
        loads(json.dumps(document))
    path = "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in where)
    assert str(raised.value) == (
        f"document.records[0]{path}: a string holding {why}, which no text file holds"
    )


def test_a_diagnostic_of_a_file_whose_name_is_not_utf8_round_trips() -> None:
    name = "bad\udcff.pdn"
    records = read_string("1. 22-18 foo *\n", path=name)
    assert records[0].diagnostics[0].path == name
    assert loads(dumps(records)) == records
