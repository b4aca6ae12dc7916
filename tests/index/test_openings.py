"""Opening names: the tables kept as data, and the opening each line reaches."""

from __future__ import annotations

import pytest

from notation.games.registry import get_game
from notation.index.openings import Opening, opening_of, tables

ACF = "ACF three-move ballots"
IDF = "IDF Drawing Table 64"


def test_each_table_names_its_source_and_holds_its_entries() -> None:
    found = {
        (game, table.name): (table.source, len(table.openings))
        for game in ("english", "russian", "brazilian")
        for table in tables(game)
    }
    assert found == {
        ("english", ACF): (
            "American Checker Federation numbering of the 174 three-move openings (ACF #1-#174:"
            " 156 in the tournament deck, 18 barred), as CheckerBoard"
            " (github.com/eygilbert/CheckerBoard, utility.c) tabulates it",
            174,
        ),
        ("russian", IDF): ("https://idf64.org/tables-of-draw/", 745),
        ("russian", "FMJD Drawing Table 64"): (
            "https://results.fmjd.org/viewpage.php?page_id=2",
            736,
        ),
        ("brazilian", "IDF Drawing Table 64 (Brazilian)"): (
            "https://idf64.org/tables-of-draw/",
            736,
        ),
        ("brazilian", "FMJD Drawing Table 64 (Brazilian)"): (
            "https://results.fmjd.org/viewpage.php?page_id=2",
            725,
        ),
    }


def test_the_acf_deck_is_156_ballots_and_18_barred_each_a_position_of_its_own() -> None:
    (table,) = tables("english")
    assert [entry.code for entry in table.openings] == [str(n) for n in range(1, 175)]
    barred = [entry.code for entry in table.openings if entry.note == "barred"]
    assert barred == [
        "3",
        "13",
        "26",
        "35",
        "44",
        "45",
        "48",
        "52",
        "77",
        "88",
        "94",
        "109",
        "114",
        "137",
        "145",
        "156",
        "168",
        "171",
    ]
    english = get_game("english")
    ends = set()
    for entry in table.openings:
        position = english.start({})
        for text in entry.moves:
            _, position = english.advance(position, text)
        ends.add(position)
    assert len(ends) == 174


def test_codes_are_unique_in_every_table() -> None:
    for game in ("english", "russian", "brazilian"):
        for table in tables(game):
            codes = [entry.code for entry in table.openings]
            assert len(set(codes)) == len(codes), (game, table.name)


def test_a_ballot_followed_by_more_moves_is_named_by_its_three_moves() -> None:
    assert opening_of("english", ["9-13", "22-18", "6-9", "25-22", "1-6"]) == Opening(
        "5", "Dreaded Edinburgh", ("9-13", "22-18", "6-9"), ACF
    )


def test_a_capture_in_a_ballot_is_read_as_the_game_reads_it() -> None:
    assert opening_of("english", ["9-14", "23-18", "14x23", "27x18"]) == Opening(
        "46", "Double Cross", ("9-14", "23-18", "14x23"), ACF
    )
    # English draughts refuses a capture written with "-": the line stops before it.
    assert opening_of("english", ["9-14", "23-18", "14-23"]) is None


def test_a_barred_ballot_says_so() -> None:
    found = opening_of("english", ["9-13", "21-17", "10-14"])
    assert found is not None
    assert (found.code, found.note) == ("3", "barred")


def test_lines_shorter_than_any_ballot_have_no_opening() -> None:
    assert opening_of("english", []) is None
    assert opening_of("english", ["11-15"]) is None
    assert opening_of("english", ["11-15", "23-19"]) is None


def test_a_transposed_line_gets_the_ballot_of_the_position_it_reaches() -> None:
    # ACF #38 is 9-14 22-17 11-15; #87 (Tyne) is 10-15 21-17 9-13.
    assert opening_of("english", ["11-15", "22-17", "9-14"]) == Opening(
        "38", None, ("9-14", "22-17", "11-15"), ACF
    )
    found = opening_of("english", ["9-13", "21-17", "10-15", "17-14"])
    assert found is not None
    assert (found.code, found.name) == ("87", "Tyne")


def test_reading_stops_at_the_first_illegal_text() -> None:
    assert opening_of("english", ["9-13", "9-13", "6-9"]) is None
    assert opening_of("russian", ["c3-d4", "zz", "b2-c3"]) == Opening(
        "19-IX", None, ("22-18",), IDF
    )


def test_the_longest_match_wins_and_notations_agree() -> None:
    one = Opening("1-I", None, ("21-17",), IDF)
    two = Opening("1-III", None, ("21-17", "9-14"), IDF)
    assert opening_of("russian", ["a3-b4"]) == one
    assert opening_of("russian", ["a3-b4", "b6-c5"]) == two
    assert opening_of("russian", ["21-17", "9-14"]) == two
    assert opening_of("russian", ["ab4", "bc5", "gh4"]) == two
    assert opening_of("russian", ["a3-b4", "b6-c5", "g3-h4", "c5-d4"]) == two


def test_a_position_listed_twice_prefers_the_line_played_then_the_table_order() -> None:
    # IDF 5-XXI (23-18 11-16 24-20 8-11) and 11-XXI (23-18 12-16 24-20 8-12) are one
    # position, as is FMJD 7-IX.
    def code(line: str) -> str:
        found = opening_of("russian", line.split())
        assert found is not None
        return f"{found.source} {found.code}"

    assert code("23-18 11-16 24-20 8-11") == "IDF Drawing Table 64 5-XXI"
    assert code("23-18 12-16 24-20 8-12") == "IDF Drawing Table 64 11-XXI"
    assert code("24-20 12-16 23-18 8-12") == "IDF Drawing Table 64 5-XXI"


def test_a_setup_position_of_the_table_is_its_entry() -> None:
    fen = "B:W13,21,22,23,24,25,26,27,28,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    russian = get_game("russian")
    assert opening_of("russian", [], start=russian.start({"FEN": fen})) == Opening(
        "1-II", None, (), IDF, "", fen
    )


def test_an_entry_left_out_for_brazilian_draughts_is_not_found_there() -> None:
    line = ["c3-d4", "d6-c5", "b2-c3", "c7-d6", "a1-b2", "d6-e5"]
    found = opening_of("russian", line)
    assert found is not None and (found.source, found.code) == (IDF, "3-XIII")
    found = opening_of("brazilian", line)
    assert found is not None
    assert (found.source, found.code) == ("IDF Drawing Table 64 (Brazilian)", "2-XIII")


def test_games_without_a_table_have_no_opening_and_unknown_games_are_refused() -> None:
    assert opening_of("international", ["32-28", "19-23"]) is None
    assert opening_of("keny", []) is None
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        opening_of("chess", ["e4"])
