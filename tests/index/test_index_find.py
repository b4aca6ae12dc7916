"""``notation index`` and ``notation find`` on hand-made archives: exact answers."""

from __future__ import annotations

import functools
import io
import json
import os
import time
from pathlib import Path

import pytest

import notation.index.keys
import notation.index.query
from notation.index.query import Answer, Batch
from notation.index.schema import open_index
from notation.io.output import Sink

from .archive import AFTER_FOUR, CLUB, OPEN, found, run, write


@pytest.fixture
def indexed(tmp_path: Path, target: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """The club and open archives, in the test's folder, the current folder, indexed into
    ``notation.sqlite`` there (the default), or into the PostgreSQL index ``NOTATION_DB``
    names."""
    monkeypatch.chdir(tmp_path)
    if target.endswith(".sqlite"):
        monkeypatch.delenv("NOTATION_DB", raising=False)
        target = str(tmp_path / "notation.sqlite")
    else:
        monkeypatch.setenv("NOTATION_DB", target)
    write(tmp_path, club=CLUB, open=OPEN)
    result = run("index", "club.pdn", "open.pdn")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == (
        "2 files indexed (0 as they were): 5 games added, 0 updated, 0 removed, 0 unchanged\n"
    )
    return target


def test_position_found_by_either_move_order_at_its_ply(indexed: str) -> None:
    result = run("find", "--position", AFTER_FOUR)
    assert result.exit_code == 0
    assert result.stdout == (
        "club.pdn:1: game 1, ply 4, opening 21-I\n"
        "club.pdn:9: game 2, ply 4, opening 21-I\n"
        "open.pdn:1: game 1, ply 4, opening 21-I\n"
        "open.pdn:9: game 2, ply 4, opening 21-I\n"
    )
    assert result.stderr == "4 games found\n"


def test_json_lists_path_line_index_and_ply(indexed: str) -> None:
    result = run("find", "--position", AFTER_FOUR, "--game", "brazilian", "-f", "json")
    document = json.loads(result.stdout)
    assert document["games"][0] == {
        "path": "club.pdn",
        "line": 1,
        "index": 1,
        "ply": 4,
        "opening": {"code": "21-I", "name": None},
    }
    assert document["summary"] == {"games": 4, "changed": [], "gone": []}


def test_player_of_either_colour_case_ignored(indexed: str) -> None:
    games = found(indexed, "--player", "ana souza")
    assert [(g["path"], g["index"], g["ply"]) for g in games] == [
        ("club.pdn", 1, None),
        ("open.pdn", 1, None),
        ("open.pdn", 2, None),
    ]
    assert [g["index"] for g in found(indexed, "--player", "*lima")] == [1, 2, 3]


def test_an_empty_white_or_black_tag_names_no_player(tmp_path: Path, target: str) -> None:
    """The players of a game are its ``White`` and ``Black`` tags, case folded, those
    not empty: a pattern matching anything finds no game of empty ones."""
    write(
        tmp_path,
        named=(
            '[White ""]\n[Black ""]\n[GameType "26"]\n\n1. 21-17 *\n\n'
            '[White "Ivo Sa"]\n[Black ""]\n[GameType "26"]\n\n1. 21-17 *\n\n'
            '[Black "JO PAZ"]\n[GameType "26"]\n\n1. 21-17 *\n'
        ),
    )
    assert run("index", "--db", target, str(tmp_path / "named.pdn")).exit_code == 0
    assert [g["index"] for g in found(target, "--player", "*")] == [2, 3]
    assert [g["index"] for g in found(target, "--player", "jo*")] == [3]
    assert [g["index"] for g in found(target, "--player", "Ivo SA")] == [2]
    assert found(target, "--player", "") == []


@pytest.mark.parametrize(
    "asked",
    [[], ["--player", "*"], ["--tag", "Event=*"], ["--opening", "21-17"], ["--result", "1-0"]],
)
def test_an_index_of_no_games_answers_none(tmp_path: Path, target: str, asked: list[str]) -> None:
    """An index whose files hold no game answers every question with no game (a filter
    of players, tags or openings raised ValueError there)."""
    write(tmp_path, empty="; no game here\n")
    indexing = run("index", "--db", target, "--allow-empty", str(tmp_path / "empty.pdn"))
    assert indexing.exit_code == 0, indexing.stderr
    result = run("find", "--db", target, *asked)
    # As select warns of a tag no game has, among no games too.
    warning = (
        "notation: warning: --tag Event: no game has a tag Event\n" if "--tag" in asked else ""
    )
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        "",
        warning + "0 games found\n",
    )


@pytest.mark.parametrize(
    "asked", [["--player", "\udc80"], ["--tag", "Event=\udc80"], ["--player", "lima\udcff"]]
)
def test_a_name_that_is_not_text_finds_no_game(indexed: str, asked: list[str]) -> None:
    """An argument holding a byte that is not UTF-8 (read as a lone surrogate) names no
    player or tag value an index holds: no game, as ``select --tag`` answers, where the
    exact name's SQL question raised UnicodeEncodeError."""
    result = run("find", *asked)
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "0 games found\n")


def test_filters_combine(indexed: str) -> None:
    assert [(g["path"], g["index"]) for g in found(indexed, "--result", "0-2")] == [
        ("club.pdn", 2),
        ("open.pdn", 2),
    ]
    assert [g["index"] for g in found(indexed, "--tag", "Event=op*", "--no-errors")] == [1]
    # Exact values and patterns, case ignored, every tag asked for, answered by the index.
    assert [(g["path"], g["index"]) for g in found(indexed, "--tag", "White=ANA souza")] == [
        ("club.pdn", 1)
    ]
    both = found(indexed, "--tag", "Black=*a*", "--tag", "white=*")
    assert both == []
    pairs = found(indexed, "--tag", "Black=*a*", "--tag", "Event=[co]*")
    assert [(g["path"], g["index"]) for g in pairs] == [
        ("club.pdn", 1),
        ("club.pdn", 2),
        ("open.pdn", 1),
        ("open.pdn", 2),
        ("open.pdn", 3),
    ]
    assert [g["index"] for g in found(indexed, "--errors")] == [2, 3]
    assert [(g["path"], g["line"]) for g in found(indexed, "--code", "BR202")] == [("open.pdn", 17)]
    assert [g["index"] for g in found(indexed, "--plies", "5:5")] == [2]


def test_ply_counts_past_any_integer_the_databases_hold_are_answered(indexed: str) -> None:
    huge = str(2**80)
    assert found(indexed, "--plies", huge) == []
    assert found(indexed, "--plies", f"{huge}:") == []
    assert len(found(indexed, "--plies", f"0:{huge}")) == 5


def test_opening_in_any_notation(indexed: str) -> None:
    numeric = found(indexed, "--opening", "1. 21-17 12-16 2. 23-18")
    assert [(g["path"], g["index"]) for g in numeric] == [
        ("club.pdn", 1),
        ("open.pdn", 1),
        ("open.pdn", 2),
    ]
    assert found(indexed, "--opening", "a3-b4 h6-g5 e3-d4") == numeric


def test_pdn_gives_the_texts_as_indexed_and_a_notice_when_a_file_changed(
    indexed: str,
) -> None:
    club = Path("club.pdn")
    club.write_text(CLUB.replace("Ana Souza", "Ana S."), encoding="utf-8")
    os.utime(club, ns=(1, 1))
    result = run("find", "--player", "ana souza", "--result", "2-0", "-f", "pdn")
    assert result.exit_code == 0
    assert result.stdout == CLUB.split("\n\n[Event")[0] + "\n"
    assert result.stderr == (
        "notation: club.pdn changed since it was indexed; the index answers as it was\n"
        "1 game found\n"
    )


def test_pdn_of_a_game_without_its_text_writes_nothing(indexed: str) -> None:
    opened = open_index(indexed, create=True)
    try:
        with opened.transaction():
            opened.execute(
                "UPDATE games SET text = NULL WHERE number = 2 "
                "AND file = (SELECT id FROM files WHERE path = 'open.pdn')"
            )
    finally:
        opened.close()
    said = (
        "notation: nothing written: open.pdn:9: game 2 has no text in the index "
        "(past the reader's limits)\n"
    )
    result = run("find", "--player", "ana souza", "-f", "pdn")
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", said)
    result = run("find", "--player", "ana souza", "-f", "pdn", "-o", "out.pdn")
    assert (result.exit_code, result.stderr) == (1, said)
    assert not Path("out.pdn").exists()
    result = run("find", "--player", "ana souza", "--result", "2-0", "-f", "pdn")
    assert (result.exit_code, result.stdout) == (0, CLUB.split("\n\n[Event")[0] + "\n")


BALLOTS = """\
[Event "Ballots"]
[GameType "21"]
[Result "*"]

1. 9-13 22-18 2. 6-9 25-22 3. 1-6 *

[Event "Ballots"]
[GameType "21"]
[Result "*"]

1. 11-15 22-17 2. 9-14 *

[Event "Ballots"]
[GameType "21"]
[Result "*"]

1. 11-15 23-19 *
"""
"""English games: ACF #5 (Dreaded Edinburgh) and two more moves, ACF #38 (no name) by a
transposition, and a line shorter than any ballot."""


def test_each_game_shows_the_opening_found_when_it_was_indexed(tmp_path: Path, target: str) -> None:
    write(tmp_path, ballots=BALLOTS)
    assert run("index", "--db", target, str(tmp_path / "ballots.pdn")).exit_code == 0
    result = run("find", "--db", target)
    name = tmp_path / "ballots.pdn"
    assert result.stdout == (
        f"{name}:1: game 1, opening 5 (Dreaded Edinburgh)\n"
        f"{name}:7: game 2, opening 38\n"
        f"{name}:13: game 3\n"
    )
    assert [g["opening"] for g in found(target)] == [
        {"code": "5", "name": "Dreaded Edinburgh"},
        {"code": "38", "name": None},
        None,
    ]
    # Stored once per game at index time, by its table, code and name.
    opened = open_index(target)
    try:
        rows = opened.execute(
            "SELECT g.number, o.game, o.source, o.code, o.name FROM games g "
            "JOIN openings o ON o.id = g.opening ORDER BY g.number"
        ).fetchall()
    finally:
        opened.close()
    assert rows == [
        (1, "english", "ACF three-move ballots", "5", "Dreaded Edinburgh"),
        (2, "english", "ACF three-move ballots", "38", None),
    ]


SWAP = """\
[Event "Swap"]
[GameType "26"]
[Result "*"]

1. 22-18 11-15 2. 18x11 8x15 3. 21-17 *
"""
"""A Brazilian game that trades a man for a man: 12 against 11 after ply 3, 11 each from
ply 4."""


@pytest.fixture
def swapped(indexed: str) -> str:
    """:func:`indexed`, and :data:`SWAP` in ``swap.pdn`` indexed too."""
    write(Path("."), swap=SWAP)
    assert run("index", "club.pdn", "open.pdn", "swap.pdn").exit_code == 0
    return indexed


def test_material_finds_the_first_position_with_those_men_and_kings(swapped: str) -> None:
    result = run("find", "--material", "W=12,b=11")
    assert (result.exit_code, result.stdout) == (0, "swap.pdn:1: game 1, ply 3, opening 20-XIII\n")
    assert result.stderr == "1 game found\n"
    assert [(g["path"], g["ply"]) for g in found(swapped, "--material", "W=11-12,B=11")] == [
        ("swap.pdn", 3)
    ]
    assert [g["ply"] for g in found(swapped, "--material", "W=11,B=11,WK=0,BK=0")] == [4]
    # The start counts: every game of the index has 12 and 12 there.
    assert [(g["path"], g["ply"]) for g in found(swapped, "--material", "W=12+,B=12")] == [
        ("club.pdn", 0),
        ("club.pdn", 0),
        ("open.pdn", 0),
        ("open.pdn", 0),
        ("open.pdn", 0),
        ("swap.pdn", 0),
    ]
    assert found(swapped, "--material", "BK=1+") == []


def test_a_pattern_is_met_in_some_position_with_the_material_asked(swapped: str) -> None:
    asked = ("--game", "brazilian", "--pattern")
    assert [
        (g["path"], g["index"], g["ply"]) for g in found(swapped, *asked, "w:17,18 empty:21")
    ] == [
        ("club.pdn", 1, 3),
        ("club.pdn", 2, 3),
        ("open.pdn", 1, 3),
        ("open.pdn", 2, 3),
    ]
    assert [g["ply"] for g in found(swapped, *asked, "b:15 empty:11,8")] == [4]
    # Both in one position: Black's man on 15 with 11 men is ply 4; White's on 17, ply 5.
    both = found(swapped, *asked, "w:17 b:15", "--material", "B=0-11")
    assert [(g["path"], g["ply"]) for g in both] == [("swap.pdn", 5)]
    # With --position, the ply is the position's; the pattern is met at any ply.
    later = found(swapped, *asked, "empty:24", "--position", AFTER_FOUR)
    assert [(g["path"], g["index"], g["ply"]) for g in later] == [
        ("club.pdn", 1, 4),
        ("open.pdn", 1, 4),
        ("open.pdn", 2, 4),
    ]


def _said(stderr: str) -> str:
    """The message of a usage error, out of its box."""
    return " ".join(stderr.translate(str.maketrans("", "", "│╭╮╰╯─")).split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--material", "W=x"),
            "Invalid value for --material: material 'W=x': 'x' is not a count (N, N-M or N+)",
        ),
        (
            ("--material", "W=1,w=2"),
            "Invalid value for --material: material 'w=2': W is given twice",
        ),
        (
            ("--game", "kavaleria", "--material", "W=1"),
            "Invalid value for --material: kavaleria has no men and kings: material is "
            "counted in Brazilian, international, English and Russian draughts and Keny",
        ),
        (
            ("--pattern", "w:1"),
            "Invalid value for --pattern: a pattern names squares of one game: give --game",
        ),
        (
            ("--game", "brazilian", "--pattern", "w:33"),
            "Invalid value for --pattern: pattern 'w:33': '33' is not a square of Brazilian "
            "draughts (1 to 32, or a1 to h8 by name)",
        ),
        (
            ("--game", "english", "--pattern", "empty:K1"),
            "Invalid value for --pattern: pattern 'empty:K1': an empty square takes no K or *",
        ),
    ],
)
def test_a_wrong_material_or_pattern_is_a_usage_error(
    indexed: str, args: tuple[str, ...], message: str
) -> None:
    result = run("find", *args)
    assert result.exit_code == 2
    assert _said(result.stderr).endswith(message), result.stderr


@pytest.mark.parametrize("command", ["find", "tree", "index"])
def test_a_postgresql_index_without_psycopg_is_one_line_saying_what_to_install(
    command: str, tmp_path: Path
) -> None:
    # As a fresh install without the postgres extra meets it: psycopg cannot be imported.
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "sys.modules['psycopg'] = None\n"
        "from notation.cli.main import main\n"
        f"sys.argv = ['notation', {command!r}, '--db', 'postgresql://arbiter:s3cret@host/index']\n"
        "main()\n"
    )
    if command == "index":
        (tmp_path / "a.pdn").write_text('[GameType "21"]\n1. 11-15 *\n', encoding="utf-8")
        probe = probe.replace("/index']", "/index', 'a.pdn']")
    if command == "tree":
        probe = probe.replace("/index']", "/index', '--game', 'english']")
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, check=False
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        2,
        "",
        # Named as every message names the URL: its password as ***.
        "notation: postgresql://arbiter:***@host/index: a PostgreSQL index needs psycopg: "
        "pip install 'notation[postgres]'\n",
    )


def _written(
    form: str, batches: list[Batch], changed: list[str], gone: list[str]
) -> tuple[str, int]:
    """What ``find``'s writer of ``form`` writes of ``batches``, and the games it counts."""
    from notation.cli.commands.find import as_json, as_text

    openings = {0: None, 3: ("21-I", None), 8: ("5", "Dreaded Edinburgh")}
    stream = io.BytesIO()
    sink = Sink(stream, "-", "utf-8")
    write = as_json if form == "json" else as_text
    count = write(sink, Answer(iter(batches), openings, changed, gone))
    sink.flush()
    return stream.getvalue().decode(), count


PLACED = [
    Batch("archive/club.pdn", [1], [1], None, [0], [1]),
    Batch('dir "x"/a%d ação.pdn', [9, 12], [2, 3], None, [3, 8], [7, 9]),
]
"""Games found in two files (a path with a quote, a ``%`` and letters past ASCII)."""

REACHED = [
    Batch("archive/club.pdn", [1], [1], [4], [0], [1]),
    Batch('dir "x"/a%d ação.pdn', [9, 12], [2, 3], [0, 17], [3, 8], [7, 9]),
]
"""The same games, found with the plies where they reach a position."""


def test_the_json_document_is_what_the_encoder_writes() -> None:
    named = {
        0: None,
        3: {"code": "21-I", "name": None},
        8: {"code": "5", "name": "Dreaded Edinburgh"},
    }
    for batches, changed, gone in (
        (PLACED, ["b.pdn"], ["c.pdn", "d.pdn"]),
        (REACHED, [], []),
        ([], ["b.pdn"], []),
        (REACHED[:1], [], ["c.pdn"]),
    ):
        games = [
            {
                "path": batch.path,
                "line": line,
                "index": number,
                "ply": None if batch.plies is None else batch.plies[place],
                "opening": named[batch.openings[place]],
            }
            for batch in batches
            for place, (line, number) in enumerate(zip(batch.lines, batch.numbers, strict=True))
        ]
        summary = {"games": len(games), "changed": changed, "gone": gone}
        document = {"games": games, "summary": summary}
        written, count = _written("json", batches, changed, gone)
        assert (json.loads(written), count) == (document, len(games))
        # Compact, one game a line.
        compact = functools.partial(json.dumps, ensure_ascii=False, separators=(",", ":"))
        lines = ",\n".join(map(compact, games))
        assert written == (
            '{"games":[' + (f"\n{lines}\n" if games else "") + f'],"summary":{compact(summary)}}}\n'
        )


def test_the_pdn_form_writes_every_text_a_blank_line_between() -> None:
    from notation.cli.commands.find import as_pdn

    texts = [f'[Round "{n}"]\n\n1. 22-17 *' + "\n" * (n % 2) for n in range(2501)]
    stream = io.BytesIO()
    sink = Sink(stream, "-", "utf-8")
    as_pdn(sink, texts)
    sink.flush()
    assert stream.getvalue().decode() == "\n".join(t.rstrip("\n") + "\n" for t in texts)


def test_the_text_form_writes_a_line_a_game() -> None:
    assert _written("text", PLACED, [], []) == (
        "archive/club.pdn:1: game 1\n"
        'dir "x"/a%d ação.pdn:9: game 2, opening 21-I\n'
        'dir "x"/a%d ação.pdn:12: game 3, opening 5 (Dreaded Edinburgh)\n',
        3,
    )
    assert _written("text", REACHED, ["b.pdn"], ["c.pdn"]) == (
        "archive/club.pdn:1: game 1, ply 4\n"
        'dir "x"/a%d ação.pdn:9: game 2, ply 0, opening 21-I\n'
        'dir "x"/a%d ação.pdn:12: game 3, ply 17, opening 5 (Dreaded Edinburgh)\n',
        3,
    )
    assert _written("text", [], [], []) == ("", 0)


@pytest.mark.parametrize("name", [b"\xff club.pdn", b"new\nline.pdn", b"esc\x1b[31m.pdn"])
def test_a_file_whose_name_is_shown_escaped_is_found_unchanged(
    tmp_path: Path, target: str, monkeypatch: pytest.MonkeyPatch, name: bytes
) -> None:
    # The name shown (``\xff``, ``\x0a``) is not the file's: the index keeps the file's own
    # name to tell whether it changed, and to tell whether it is gone.
    monkeypatch.chdir(tmp_path)
    if target.endswith(".sqlite"):
        monkeypatch.delenv("NOTATION_DB", raising=False)
    else:
        monkeypatch.setenv("NOTATION_DB", target)
    folder = tmp_path / "archive"
    folder.mkdir()
    with open(os.fsencode(folder) + b"/" + name, "wb") as out:
        out.write(CLUB.encode())
    assert run("index", "archive").exit_code == 0
    result = run("find", "--player", "ana souza")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == "1 game found\n"
    again = run("index", "archive")
    assert again.exit_code == 0
    assert again.stderr == (
        "1 file indexed (1 as they were): 0 games added, 0 updated, 0 removed, 2 unchanged\n"
    )


@pytest.mark.parametrize(
    "command", [("find", "--player", "ana souza"), ("tree", "--game", "brazilian")]
)
def test_an_output_naming_the_index_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    # It was written over: the index became the answer's text, and answered no more.
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NOTATION_DB", raising=False)
    write(tmp_path, club=CLUB, open=OPEN)
    assert run("index", "club.pdn", "open.pdn", "--db", "games.db").exit_code == 0
    answer = run(*command, "--db", "games.db")
    assert answer.exit_code == 0
    os.symlink("games.db", "link.db")
    for output in ("games.db", "./games.db", "link.db"):
        result = run(*command, "--db", "games.db", "-o", output)
        assert (result.exit_code, result.stdout, result.stderr) == (
            2,
            "",
            f"notation: {Path(output)} is the index this command reads: it is not overwritten "
            "(write to another file)\n",
        )
    assert sorted(os.listdir()) == ["club.pdn", "games.db", "link.db", "open.pdn"]
    again = run(*command, "--db", "games.db")
    assert (again.exit_code, again.stdout) == (0, answer.stdout)


KENY_SET_UP = """\
[Variant "keny"]
[FEN "W:WKd1,c4,{man}:Bd6,e6,Kh8"]

1. d1xd7 *
"""
"""A Keny game from a setup: valid with a man on f7, invalid (REC202: a man on its far
rank) with one on f8."""


@pytest.mark.parametrize(
    "filters",
    [
        ("--material", "W=1+"),
        ("-g", "keny", "--pattern", "w:Kd7"),
        ("-g", "keny", "--pattern", "w:Kd1"),
    ],
)
def test_a_game_whose_setup_is_invalid_matches_no_material_or_pattern(
    tmp_path: Path, target: str, filters: tuple[str, ...]
) -> None:
    write(tmp_path, good=KENY_SET_UP.format(man="f7"), broken=KENY_SET_UP.format(man="f8"))
    result = run("index", "--db", target, str(tmp_path / "broken.pdn"), str(tmp_path / "good.pdn"))
    assert result.exit_code == 0, result.stderr
    assert [g["index"] for g in found(target)] == [1, 1]
    ply = 1 if "w:Kd7" in filters else 0
    assert [(Path(str(g["path"])).name, g["ply"]) for g in found(target, *filters)] == [
        ("good.pdn", ply)
    ]


def files_read(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """The files ``find`` reads (to digest them) from now on, in order."""
    read: list[bytes] = []
    digest_file = notation.index.query.digest_file

    def reading(path: bytes) -> tuple[bytes, tuple[int, int, int, int]]:
        read.append(path)
        return digest_file(path)

    monkeypatch.setattr(notation.index.query, "digest_file", reading)
    return read


def test_a_file_edited_with_its_size_and_time_kept_is_named_changed(
    indexed: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The edit keeps the size and the modification time (touch -r); not its inode's change
    # time, which the index keeps too (the file is told apart without being read).
    monkeypatch.setattr(notation.index.keys, "RACY_NS", 0)
    assert run("index", "club.pdn", "open.pdn").exit_code == 0
    club = Path("club.pdn")
    before = os.stat(club)
    read = files_read(monkeypatch)
    said = run("find", "--player", "bruno lima")
    assert (said.exit_code, said.stderr, read) == (0, "3 games found\n", [])
    time.sleep(0.02)
    club.write_text(CLUB.replace("Bruno Lima", "Bruna Lima"), encoding="utf-8")
    os.utime(club, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(club).st_size == before.st_size
    said = run("find", "--player", "bruno lima")
    assert (said.exit_code, said.stderr) == (
        0,
        "notation: club.pdn changed since it was indexed; the index answers as it was\n"
        "3 games found\n",
    )
    assert read == [b"club.pdn"]


def test_a_file_indexed_just_after_it_changed_is_read_until_indexed_again(
    indexed: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Indexed within RACY_NS of their writing, the files' stamps are not trusted: find reads
    # them; a later run that finds them unchanged records their stamps.
    read = files_read(monkeypatch)
    said = run("find", "--player", "bruno lima")
    assert (said.exit_code, said.stderr, sorted(read)) == (
        0,
        "3 games found\n",
        [b"club.pdn", b"open.pdn"],
    )
    monkeypatch.setattr(notation.index.keys, "RACY_NS", 0)
    result = run("index", "club.pdn", "open.pdn")
    assert result.stderr == (
        "2 files indexed (2 as they were): 0 games added, 0 updated, 0 removed, 5 unchanged\n"
    )
    read.clear()
    said = run("find", "--player", "bruno lima")
    assert (said.exit_code, said.stderr, read) == (0, "3 games found\n", [])


def test_a_file_gone_is_named_gone_not_changed(indexed: str) -> None:
    os.remove("open.pdn")
    write(Path("."), club=CLUB.replace("Bruno Lima", "Bruna Lima"))
    said = run("find")
    assert (said.exit_code, said.stderr) == (
        0,
        "notation: club.pdn changed since it was indexed; the index answers as it was\n"
        "notation: open.pdn is gone since it was indexed; the index answers as it was\n"
        "5 games found\n",
    )
    said = run("find", "--format", "json")
    assert json.loads(said.stdout)["summary"] == {
        "games": 5,
        "changed": ["club.pdn"],
        "gone": ["open.pdn"],
    }


def test_files_are_named_from_the_configuration_folder_wherever_a_command_runs(
    tmp_path: Path, target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Files were stored by their names from the folder index ran in: a find run in a
    # subfolder named every file gone, and an index run there stored each file twice.
    monkeypatch.delenv("NOTATION_DB", raising=False)
    db = "notation.sqlite" if target.endswith(".sqlite") else target
    (tmp_path / "notation.toml").write_text(f'db = "{db}"\n', encoding="utf-8")
    archive = tmp_path / "archive"
    (archive / "old").mkdir(parents=True)
    write(archive, club=CLUB)
    write(archive / "old", open=OPEN)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(archive)
    first = run("index", "club.pdn", "old")
    assert (first.exit_code, first.stderr) == (
        0,
        "2 files indexed (0 as they were): 5 games added, 0 updated, 0 removed, 0 unchanged\n",
    )
    answer = (
        "archive/club.pdn:1: game 1, opening 21-I\n"
        "archive/old/open.pdn:1: game 1, opening 21-I\n"
        "archive/old/open.pdn:9: game 2, opening 21-I\n"
    )
    for folder, names in (
        (tmp_path, ("archive",)),
        (archive / "old", ("../club.pdn", ".")),
        (elsewhere, ("../archive/club.pdn", "../archive/old/open.pdn")),
    ):
        monkeypatch.chdir(folder)
        again = run("index", *names)
        assert (again.exit_code, again.stderr) == (
            0,
            "2 files indexed (2 as they were): 0 games added, 0 updated, 0 removed, 5 unchanged\n",
        )
        said = run("find", "--player", "ana souza")
        assert (said.exit_code, said.stdout, said.stderr) == (0, answer, "3 games found\n")
        tree = run("tree", "--game", "brazilian", "--format", "json")
        assert (tree.exit_code, json.loads(tree.stdout)["games"]) == (0, 5)
    os.remove(archive / "old" / "open.pdn")
    monkeypatch.chdir(archive / "old")
    said = run("find", "--player", "ana souza")
    assert (said.exit_code, said.stdout, said.stderr) == (
        0,
        answer,
        "notation: archive/old/open.pdn is gone since it was indexed; the index answers as "
        "it was\n3 games found\n",
    )
    dropped = run("index", ".", "--allow-empty")
    assert dropped.stderr == (
        "0 files indexed (0 as they were): 0 games added, 0 updated, 3 removed, 0 unchanged\n"
    )
    assert run("find").stdout == (
        "archive/club.pdn:1: game 1, opening 21-I\narchive/club.pdn:9: game 2, opening 21-I\n"
    )


@pytest.mark.parametrize(
    "command",
    [("find", "--format", "pdn"), ("find",), ("tree", "--game", "brazilian")],
)
def test_an_output_naming_a_source_file_is_refused(indexed: str, command: tuple[str, ...]) -> None:
    # It was written over: find -f pdn -o club.pdn replaced the user's file by the answer.
    os.symlink("club.pdn", "link.pdn")
    os.link("open.pdn", "hard.pdn")
    os.mkdir("sub")
    before = {name: Path(name).read_bytes() for name in ("club.pdn", "open.pdn")}
    for output in ("club.pdn", "./open.pdn", "link.pdn", "hard.pdn", "sub/../club.pdn"):
        result = run(*command, "-o", output)
        assert (result.exit_code, result.stdout, result.stderr) == (
            2,
            "",
            f"notation: {Path(output)} is an input of this command: it is not overwritten "
            "(write to another file)\n",
        )
    assert {name: Path(name).read_bytes() for name in before} == before
    assert run(*command, "-o", "answer.txt").exit_code == 0


def test_a_tag_no_game_has_is_warned_of_as_select_warns(indexed: str) -> None:
    # find answered nothing and said nothing where select names the tag meant.
    warning = (
        "notation: warning: --tag event: no game has a tag event; did you mean Event? (the "
        "games' tags: Black, Event, GameType, Result, White)\n"
    )
    said = run("find", "--tag", "event=club", "--tag", "Result=2-0", "--tag", "event=*")
    assert (said.exit_code, said.stdout, said.stderr) == (0, "", warning + "0 games found\n")
    selected = run("select", "club.pdn", "open.pdn", "--tag", "event=club")
    assert selected.stderr.splitlines()[0] == warning.rstrip("\n")
    right = run("find", "--tag", "Event=club", "-f", "json")
    assert (right.stderr, len(json.loads(right.stdout)["games"])) == ("", 2)
