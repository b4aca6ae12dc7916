"""Score sheets with slips, for ``samples/<game>/sheets/`` (seeded, repeatable).

Each game's sample generator calls :func:`write_sheets`. A sheet is a seeded random game
(:func:`notation.games.playout.playout`, from the game's own start tags in one of its
notations) written down with the slips a person makes when keeping score: a wrong digit
or letter, two digits exchanged, a step written backwards, a wrong piece letter, a ply
left out or written twice, two moves of one side in the wrong order. Every slip is made
at least :data:`AFTER` plies before the end and makes some later ply illegal, so the rest
of the game is there to tell what was meant. Each file holds one game of each slip its
notation allows, one game whose slip the rest cannot tell apart from another correction
(found by running the repair search), and one game written without a slip; the first file
of each game also has a game with two slips. :func:`sheets` gives the games with the
moves that were played, for the tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from samplekit import numbered, record, seven_tags, write_records

from notation.check.repair import apply, find_repairs
from notation.games.base import AnyGame, IllegalMove, Position
from notation.games.playout import Playout, playout
from notation.games.registry import get_game
from notation.record.model import Record

AFTER = 10
"""Fewest plies written after a slip."""

GAP = 4
"""Fewest plies between two slips of one game."""

SEEDS = 400
"""How many seeds a sheet may try for a game that can have its slip."""

Slip = Callable[[list[str], int, random.Random], list[str] | None]
"""Makes a slip at index ``at`` of the texts of a line; ``None`` where it cannot."""


def _digit(texts: list[str], at: int, rng: random.Random) -> list[str] | None:
    """One digit of the move written as another (``22-17`` as ``22-18``)."""
    text = texts[at]
    places = [i for i, c in enumerate(text) if c.isdigit()]
    if not places:
        return None
    i = rng.choice(places)
    digit = rng.choice([d for d in "0123456789" if d != text[i]])
    return _put(texts, at, text[:i] + digit + text[i + 1 :])


def _letter(texts: list[str], at: int, rng: random.Random) -> list[str] | None:
    """One square letter written as its neighbour in the alphabet (``Kb3`` as ``Kc3``)."""
    text = texts[at]
    places = [i for i, c in enumerate(text) if c.isascii() and c.isalpha() and i + 1 < len(text)]
    places = [i for i in places if text[i + 1].isdigit()]
    if not places:
        return None
    i = rng.choice(places)
    letter = text[i]
    shift = (
        rng.choice([-1, 1]) if letter.lower() not in "ah" else (1 if letter.lower() == "a" else -1)
    )
    return _put(texts, at, text[:i] + chr(ord(letter) + shift) + text[i + 1 :])


def _transposed(texts: list[str], at: int, rng: random.Random) -> list[str] | None:
    """Two neighbouring digits exchanged (``22-17`` as ``22-71``, ``75`` as ``57``), or,
    where no two digits are neighbours, the ranks of two squares (``c3-d4`` as ``c4-d3``)."""
    text = texts[at]
    pairs = [
        i
        for i in range(len(text) - 1)
        if text[i].isdigit() and text[i + 1].isdigit() and text[i] != text[i + 1]
    ]
    if pairs:
        i = rng.choice(pairs)
        return _put(texts, at, text[:i] + text[i + 1] + text[i] + text[i + 2 :])
    digits = [i for i, c in enumerate(text) if c.isdigit()]
    if not any(c.isalpha() for c in text) or len(digits) < 2 or text[digits[0]] == text[digits[1]]:
        return None
    i, j = digits[:2]
    made = text[:i] + text[j] + text[i + 1 : j] + text[i] + text[j + 1 :]
    backwards = _reversed(texts, at, rng)
    return None if backwards is not None and backwards[at] == made else _put(texts, at, made)


def _reversed(texts: list[str], at: int, rng: random.Random) -> list[str] | None:
    """The step written backwards (``22-17`` as ``17-22``)."""
    text = texts[at]
    if "-" not in text or text.count("-") != 1:
        return None
    start, end = text.split("-")
    return _put(texts, at, f"{end}-{start}")


def _piece(texts: list[str], at: int, rng: random.Random) -> list[str] | None:
    """Another piece's letter, one the sheet uses (``Kg4`` as ``Qg4``)."""
    square = texts[at][-2:]
    letter = texts[at][:-2]
    letters = sorted({t[:-2] for t in texts} - {letter})
    if not letters:
        return None
    return _put(texts, at, rng.choice(letters) + square)


def _left_out(texts: list[str], at: int, rng: random.Random) -> list[str] | None:
    """A ply not written."""
    return [*texts[:at], *texts[at + 1 :]]


def _twice(texts: list[str], at: int, rng: random.Random) -> list[str] | None:
    """A ply written twice."""
    return [*texts[: at + 1], texts[at], *texts[at + 1 :]]


def _exchanged(texts: list[str], at: int, rng: random.Random) -> list[str] | None:
    """Two moves of one side written in the wrong order."""
    if at + 2 >= len(texts) or texts[at] == texts[at + 2]:
        return None
    return [*texts[:at], texts[at + 2], texts[at + 1], texts[at], *texts[at + 3 :]]


def _put(texts: list[str], at: int, text: str) -> list[str] | None:
    return None if text == texts[at] else [*texts[:at], text, *texts[at + 1 :]]


SLIPS: dict[str, Slip] = {
    "digit": _digit,
    "letter": _letter,
    "transposed": _transposed,
    "reversed": _reversed,
    "piece": _piece,
    "left-out": _left_out,
    "twice": _twice,
    "exchanged": _exchanged,
}
"""The slips, by name."""


@dataclass(frozen=True)
class Event:
    """One sheet file: a tournament's score sheets, in one notation."""

    file: str
    notation: str
    name: str
    site: str
    month: str
    """``YYYY.MM``: the rounds are played on following days."""
    slips: tuple[str, ...]
    """The single slips of its games, in order (of :data:`SLIPS`)."""


DRAUGHTS = ("digit", "transposed", "reversed", "left-out", "twice", "exchanged")
"""The single slips of a draughts sheet: the steps have two squares."""
PLACED = ("digit", "letter", "piece", "left-out", "twice", "exchanged")
"""The single slips of a Cheversi sheet: a piece letter and one square."""


def _cheversi(file: str, notation: str, name: str, site: str, month: str) -> Event:
    return Event(file, notation, name, site, month, PLACED)


EVENTS: dict[str, tuple[Event, ...]] = {
    "brazilian": (
        Event(
            "campinas-open-2025.pdn",
            "numeric",
            "Campinas Open 2025",
            "Campinas BRA",
            "2025.04",
            DRAUGHTS,
        ),
        Event(
            "rio-cup-2025-a1-h8.pdn",
            "alphanumeric",
            "Taca Rio de Damas 2025",
            "Rio de Janeiro BRA",
            "2025.06",
            DRAUGHTS,
        ),
    ),
    "kavaleria": (
        Event(
            "lviv-cup-2025.pdn",
            "coordinate",
            "Lviv Kavaleria Cup 2025",
            "Lviv UKR",
            "2025.03",
            DRAUGHTS,
        ),
        Event(
            "odesa-open-2025-numeric.pdn",
            "numeric",
            "Odesa Kavaleria Open 2025",
            "Odesa UKR",
            "2025.08",
            DRAUGHTS,
        ),
    ),
    "keny": (
        Event(
            "derbent-cup-2025.pdn",
            "algebraic",
            "Derbent Keny Cup 2025",
            "Derbent RUS",
            "2025.05",
            DRAUGHTS,
        ),
    ),
    "knight-fight": (
        Event(
            "grenoble-open-2025.pdn",
            "squares",
            "Open de Grenoble 2025",
            "Grenoble FRA",
            "2025.03",
            ("digit", "letter", "left-out", "twice", "exchanged"),
        ),
        Event(
            "lille-cup-2025-numbers.pdn",
            "numbers",
            "Coupe de Lille 2025",
            "Lille FRA",
            "2025.09",
            ("digit", "transposed", "left-out", "twice", "exchanged"),
        ),
    ),
    "international": (
        Event(
            "haarlem-open-2025.pdn",
            "numeric",
            "Haarlem Open 2025",
            "Haarlem NED",
            "2025.05",
            DRAUGHTS,
        ),
    ),
    "english": (
        Event(
            "blackpool-open-2025.pdn",
            "numeric",
            "Blackpool Open 2025",
            "Blackpool ENG",
            "2025.07",
            DRAUGHTS,
        ),
    ),
    "russian": (
        Event(
            "tula-cup-2025.pdn",
            "alphanumeric",
            "Tula Shashki Cup 2025",
            "Tula RUS",
            "2025.04",
            DRAUGHTS,
        ),
        Event(
            "kazan-open-2025-numeric.pdn",
            "numeric",
            "Kazan Shashki Open 2025",
            "Kazan RUS",
            "2025.10",
            DRAUGHTS,
        ),
    ),
    "cheversi": (
        _cheversi(
            "warsaw-open-2025.pdn", "en", "Warsaw Cheversi Open 2025", "Warsaw POL", "2025.02"
        ),
        _cheversi(
            "lyon-cup-2025-fr.pdn", "fr", "Coupe de Lyon de Cheversi 2025", "Lyon FRA", "2025.03"
        ),
        _cheversi(
            "hamburg-open-2025-de.pdn",
            "de",
            "Hamburger Cheversi-Open 2025",
            "Hamburg GER",
            "2025.04",
        ),
        _cheversi(
            "kazan-cup-2025-ru.pdn", "ru", "Кубок Казани по шевёрси 2025", "Kazan RUS", "2025.05"
        ),
        _cheversi(
            "lviv-open-2025-uk.pdn",
            "uk",
            "Відкритий турнір Львова з шеверсі 2025",
            "Lviv UKR",
            "2025.06",
        ),
        _cheversi(
            "olympiad-2025-figurine.pdn",
            "figurine",
            "Cheversi Olympiad 2025",
            "Wroclaw POL",
            "2025.08",
        ),
    ),
}
"""The sheet files of each game."""

PLAYERS: dict[str, tuple[str, ...]] = {
    "international": (
        "Bakker, Sven",
        "de Groot, Anouk",
        "Jansen, Pieter",
        "Kok, Femke",
        "Meijer, Ruben",
        "Mulder, Lotte",
        "Peters, Daan",
        "Smit, Noor",
        "Visser, Jesse",
        "de Vries, Iris",
    ),
    "english": (
        "Ashworth, Harry",
        "Barker, Chloe",
        "Clegg, Thomas",
        "Dawson, Ellie",
        "Fletcher, George",
        "Hargreaves, Megan",
        "Lister, Oliver",
        "Pickering, Sophie",
        "Sutcliffe, Jack",
        "Whitaker, Amelia",
    ),
    "russian": (
        "Belov, Artem",
        "Vasilyeva, Daria",
        "Gromov, Ilya",
        "Egorova, Kseniya",
        "Zaitsev, Maksim",
        "Kuznetsova, Polina",
        "Lebedev, Nikita",
        "Morozova, Alina",
        "Orlov, Timur",
        "Sokolova, Veronika",
    ),
    "brazilian": (
        "Albuquerque, Joao",
        "Bastos, Larissa",
        "Cordeiro, Mateus",
        "Dantas, Priscila",
        "Figueiredo, Renato",
        "Guimaraes, Tatiana",
        "Macedo, Vinicius",
        "Nogueira, Camila",
        "Pacheco, Diego",
        "Quintela, Fernanda",
    ),
    "kavaleria": (
        "Boyko, Mykola",
        "Dmytrenko, Halyna",
        "Fedoruk, Yaroslav",
        "Hrytsenko, Nataliia",
        "Kravets, Vasyl",
        "Levchenko, Oleksandra",
        "Moroz, Roman",
        "Pavlenko, Khrystyna",
        "Rudenko, Stepan",
        "Tymoshenko, Mariia",
    ),
    "keny": (
        "Akhmedov, Kamil",
        "Bagomedova, Diana",
        "Gasanov, Murad",
        "Dalgatova, Saida",
        "Ibragimov, Zaur",
        "Kadieva, Milana",
        "Mammaev, Ali",
        "Nurmagomedova, Asiyat",
        "Rashidov, Eldar",
        "Shakhbanova, Fatima",
    ),
    "knight-fight": (
        "Aubert, Julien",
        "Benoit, Oceane",
        "Collin, Remi",
        "Dufour, Pauline",
        "Fleury, Gabriel",
        "Gauthier, Elise",
        "Lemaire, Nathan",
        "Mercier, Juliette",
        "Perrin, Axel",
        "Rousseau, Sarah",
    ),
    "cheversi": (
        "Zielinski, Marek",
        "Wojcik, Agnieszka",
        "Lambert, Sophie",
        "Girard, Paul",
        "Vogel, Tobias",
        "Krause, Mia",
        "Sokolov, Ilya",
        "Volkova, Anna",
        "Kovalchuk, Bohdana",
        "Tkachuk, Ostap",
    ),
}
"""The players of each game's sheets."""

TWO_SLIPS = ("digit", "left-out")
"""The slips of the game with two (the first file of each game has one)."""


@dataclass(frozen=True)
class Sheet:
    """One game of a sheet file: the record as written and what was played."""

    record: Record
    played: tuple[str, ...]
    """The moves that were played, in the sheet's notation."""
    slips: tuple[tuple[str, int], ...]
    """Each slip made (its name in :data:`SLIPS`) and the game ply it was made at."""


def _played(game: AnyGame, notation: str, seed: int) -> tuple[dict[str, str], Playout]:
    tags = game.new_tags(seed)
    tags.update(game.notation_tags(tags, notation))
    return tags, playout(game, game.start(tags), random.Random(seed), notation=notation)


def _replays(game: AnyGame, start: Position, texts: Sequence[str]) -> bool:
    position = start
    for text in texts:
        try:
            move = game.parse_move(position, text)
        except IllegalMove:
            return False
        position = game.play(position, move)
    return True


def _slipped(
    game: AnyGame, start: Position, texts: list[str], kinds: Sequence[str], rng: random.Random
) -> tuple[list[str], list[int]] | None:
    """``texts`` with the slips ``kinds`` made in turn, each at least :data:`GAP` plies after
    the one before and :data:`AFTER` before the end, where each makes the line stop
    replaying sooner (and their plies); ``None`` when no place is found."""
    made, plies, floor = texts, [], 1
    for kind in kinds:
        last = len(made) - AFTER - 1
        if last < floor:
            return None
        for at in rng.sample(range(floor, last + 1), last + 1 - floor):
            slipped = SLIPS[kind](made, at, rng)
            if slipped is not None and not _replays(game, start, slipped[: at + AFTER]):
                made, floor = slipped, at + GAP
                plies.append(at + 1)
                break
        else:
            return None
    return made, plies


def _ambiguous(
    game: AnyGame, start: Position, texts: list[str], notation: str, played: list[str]
) -> bool:
    """Whether the repair search lists several corrections of ``texts``, the one that
    gives back ``played`` among them, and chooses none."""
    found = find_repairs(game, _bare(game, start, texts), start, notation)
    if len(found) != 1 or found[0].chosen is not None or len(found[0].candidates) < 2:
        return False
    for candidate in found[0].candidates:
        again = find_repairs(game, _bare(game, start, texts), start, notation)[0]
        apply(game, again, candidate)
        if [ply.text for ply in again.line.plies] == played:
            return True
    return False


def _bare(game: AnyGame, start: Position, texts: Sequence[str]) -> Record:
    return record([], numbered(list(texts), game.turn(start)), "*")


def event_sheets(name: str, event: Event, first: bool) -> list[Sheet]:
    """The games of one sheet file."""
    game = get_game(name)
    plans: list[tuple[str, ...]] = [(kind,) for kind in event.slips]
    if first:
        plans.append(TWO_SLIPS)
    plans += [("ambiguous",), ()]
    players = PLAYERS[name]
    made: list[Sheet] = []
    seed = sum(map(ord, event.file)) * 1000
    for round_, plan in enumerate(plans, start=1):
        rng = random.Random(f"{event.file}:{round_}")
        for _ in range(SEEDS):
            seed += 1
            tags, played = _played(game, event.notation, seed)
            texts = played.texts
            if len(texts) < AFTER + GAP + 2:
                continue
            start = played.start
            if plan == ("ambiguous",):
                found = next(
                    (
                        (slipped, [at + 1])
                        for at in range(1, len(texts) - AFTER)
                        for kind in event.slips
                        if (slipped := SLIPS[kind](texts, at, rng)) is not None
                        and not _replays(game, start, slipped)
                        and _ambiguous(game, start, slipped, event.notation, texts)
                    ),
                    None,
                )
            else:
                found = _slipped(game, start, texts, plan, rng)
            if found is not None:
                break
        else:
            raise SystemExit(f"{name}: no seed gives a {plan} sheet for {event.file}")
        slipped, plies = found
        result = "*" if played.outcome is None else game.result_for(played.outcome)[0]
        white = players[round_ % len(players)]
        black = players[(round_ * 5 + 3) % len(players)]
        if black == white:
            black = players[(round_ + 1) % len(players)]
        tags_written = seven_tags(
            event.name,
            event.site,
            f"{event.month}.{round_ + 9:02d}",
            round_,
            white,
            black,
            result,
            *tags.items(),
        )
        sheet = record(tags_written, numbered(slipped, game.turn(start)), result)
        made.append(Sheet(sheet, tuple(texts), tuple(zip(plan, plies, strict=False))))
    return made


def sheets(name: str) -> dict[str, list[Sheet]]:
    """Every sheet file of the game ``name``, by file name."""
    return {
        event.file: event_sheets(name, event, index == 0)
        for index, event in enumerate(EVENTS[name])
    }


def write_sheets(name: str, folder: Path) -> None:
    """Write the game's sheet files into ``folder``."""
    for file, made in sheets(name).items():
        write_records(folder / file, [sheet.record for sheet in made])
