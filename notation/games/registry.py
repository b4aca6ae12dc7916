"""The games the toolkit knows, found by name or by a record's tags.

A record names its game with PDN's ``GameType`` tag (``26`` or ``26,W,8,8,N2,0`` for
Brazilian draughts) or with a ``Variant`` tag holding one of the names in :data:`GAMES`
or a game's title (the only way for games that PDN does not number). A record with
neither is, as PDN says, international draughts (GameType 20). A game joins the toolkit
by one row of :data:`BUILT_IN` (or one :func:`register` call). Its module is imported
the first time the game is used, so a command pays only for the games it replays.
"""

from __future__ import annotations

import _thread
from collections.abc import Iterator, Mapping, MutableMapping

from notation.diagnostics import CODES
from notation.plain import NamedTuple

# The games' interface (notation.games.base) is imported with the first game loaded: the
# names of the games, and their titles, need none of it.
TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from notation.games.base import AnyGame


class Place(NamedTuple):
    """Where a built-in game's class is (``module:Class``), with its title and PDN
    ``GameType`` number, known before its module is imported."""

    target: str
    title: str
    gametype: str | None


BUILT_IN: dict[str, Place] = {
    "brazilian": Place("notation.games.brazilian:Brazilian", "Brazilian draughts", "26"),
    "kavaleria": Place("notation.games.kavaleria:Kavaleria", "Kavaleria", None),
    "keny": Place("notation.games.keny:Keny", "Keny (Caucasian checkers)", None),
    "knight-fight": Place("notation.games.knight_fight:KnightFight", "Knight Fight", None),
    "cheversi": Place("notation.games.cheversi:Cheversi", "Cheversi (Chess-Reversi)", None),
    "international": Place(
        "notation.games.international:International", "International draughts", "20"
    ),
    "english": Place("notation.games.english:English", "English draughts", "21"),
    "russian": Place("notation.games.russian:Russian", "Russian draughts", "25"),
}
"""Every built-in game by its name, in the order :data:`GAMES` lists them: the one place
that says which module holds which game."""


class _Games(MutableMapping[str, "AnyGame"]):
    """The games by name; a built-in game's module is imported when it is first looked up."""

    def __init__(self, places: Mapping[str, Place]) -> None:
        self._places = dict(places)
        self._games: dict[str, AnyGame] = {}
        # Held while a game is made, so that threads looking a game up first get one
        # object; reentrant, for a game whose module looks another up as it loads.
        self._loading = _thread.RLock()

    def __getitem__(self, name: str) -> AnyGame:
        game = self._games.get(name)
        if game is None:
            with self._loading:
                game = self._games.get(name)
                if game is None:
                    game = self._games[name] = _load(name, self._places[name])
        return game

    def __setitem__(self, name: str, game: AnyGame) -> None:
        self._places.setdefault(name, Place("", game.title, game.gametype))
        self._games[name] = game

    def __delitem__(self, name: str) -> None:
        del self._places[name]
        self._games.pop(name, None)

    def __contains__(self, name: object) -> bool:
        # Asked without importing the game (the mixin's would look it up).
        return name in self._places

    def __iter__(self) -> Iterator[str]:
        return iter(self._places)

    def __len__(self) -> int:
        return len(self._places)


def _load(name: str, place: Place) -> AnyGame:
    """The game ``place`` says where to find, checked against what the table says of it."""
    module, _, cls = place.target.partition(":")
    # __import__ with a from-list gives the module itself, without importing importlib
    # (with warnings, 0.7 ms of a one-game run's start).
    game: AnyGame = getattr(__import__(module, fromlist=[cls]), cls)()
    if (game.name, game.title, game.gametype) != (name, place.title, place.gametype):
        raise RuntimeError(f"registry: {place.target} is not the game BUILT_IN says {name} is")
    return game


GAMES: MutableMapping[str, AnyGame] = _Games(BUILT_IN)
"""Every supported game by its name, in the order registered."""

_BY_VARIANT: dict[str, str] = {}
"""Every supported game's name by its name and its title, folded (see :func:`_fold`)."""

_BY_GAMETYPE: dict[str, str] = {}
"""The name of the first game registered with each PDN ``GameType`` number."""

PDN_GAMETYPES: dict[str, str] = {
    "20": "international draughts",
    "21": "English draughts",
    "22": "Italian draughts",
    "23": "American pool checkers",
    "24": "Spanish draughts",
    "25": "Russian draughts",
    "26": "Brazilian draughts",
    "27": "Canadian draughts",
    "28": "Portuguese draughts",
    "29": "Czech draughts",
    "30": "Turkish draughts",
    "31": "Thai draughts",
    "40": "Frisian draughts",
    "41": "Spantsiretti",
}
"""PDN 3.0 GameType numbers, for naming the games the toolkit does not replay."""

__all__ = [
    "BUILT_IN",
    "GAMES",
    "PDN_GAMETYPES",
    "Place",
    "codes_table",
    "game_for_tags",
    "get_game",
    "names_game",
    "register",
    "resolve_game",
    "unregister",
]


def register(game: AnyGame) -> AnyGame:
    """Add ``game`` to :data:`GAMES`, to be found by its name or title in a ``Variant`` tag
    (and by its ``gametype``); each name is registered once."""
    if game.name in GAMES:
        raise ValueError(f"game {game.name!r} registered twice")
    GAMES[game.name] = game
    _index(game.name, game.title, game.gametype)
    return game


def unregister(name: str) -> None:
    """Remove the game called ``name`` (one :func:`register` added): no record finds it by
    name, title or ``GameType`` any more."""
    game = GAMES[name]
    del GAMES[name]
    for key in (name, game.title):
        if _BY_VARIANT.get(_fold(key)) == name:
            del _BY_VARIANT[_fold(key)]
    if game.gametype is not None and _BY_GAMETYPE.get(game.gametype) == name:
        del _BY_GAMETYPE[game.gametype]


def _index(name: str, title: str, gametype: str | None) -> None:
    for key in (name, title):
        _BY_VARIANT[_fold(key)] = name
    if gametype is not None:
        _BY_GAMETYPE.setdefault(gametype, name)


def get_game(name: str) -> AnyGame:
    """The game called ``name``; raises ``KeyError`` saying the closest name (did you mean)
    and listing the known names otherwise."""
    try:
        return GAMES[name]
    except KeyError:
        import difflib

        known = ", ".join(GAMES)
        close = difflib.get_close_matches(name, list(GAMES), n=1)
        guess = f"did you mean {close[0]!r}? " if close else ""
        raise KeyError(f"unknown game {name!r}; {guess}known games: {known}") from None


def game_for_tags(tags: Mapping[str, str]) -> AnyGame | str:
    """The game a record's tags name, or a description of an unsupported game type.

    A ``Variant`` tag naming a supported game (by name or title, in any case: ``keny``,
    ``Brazilian draughts``) decides; otherwise the ``GameType`` number does (20 when absent).
    """
    variant = tags.get("Variant")
    if variant is not None:
        # A key of _BY_VARIANT is folded already: a Variant written so needs no folding.
        found = _BY_VARIANT.get(variant) or _BY_VARIANT.get(_fold(variant))
        if found is not None:
            return GAMES[found]
    gametype = tags.get("GameType")
    if gametype is None and variant is not None:
        return f"variant {variant!r}"
    number = gametype.split(",", 1)[0].strip() if gametype is not None else "20"
    found = _BY_GAMETYPE.get(number)
    if found is not None:
        return GAMES[found]
    name = PDN_GAMETYPES.get(number)
    return f"GameType {number} ({name})" if name else f"GameType {number!r}"


def codes_table(markdown: bool = False) -> str:
    """Every diagnostic code with its severity and meaning, one a line, as ``notation
    codes`` lists them; with ``markdown``, the page ``docs/diagnostics.md``, which names
    each game's code prefix."""
    rows = sorted(CODES.values(), key=lambda c: c.code)
    if not markdown:
        return "".join(f"{c.code}  {c.severity:<7}  {c.summary}\n" for c in rows)
    prefixes = "".join(
        f"| `{game.code_prefix}` | {game.title} |\n"
        for game in GAMES.values()
        if game.code_prefix is not None
    )
    head = (
        "# Diagnostic codes\n\n"
        "Every code `notation validate` can report. Codes are stable: a code keeps its\n"
        "meaning across releases. `PDN` codes are record syntax, `REC` codes concern a\n"
        "record as a whole, and each game has its own prefix for its own errors; the game's\n"
        "rules page explains its codes. This page is generated by `notation codes --markdown`.\n\n"
        "| prefix | game |\n|---|---|\n"
        f"{prefixes}\n"
        "| code | severity | meaning |\n|---|---|---|\n"
    )
    return head + "".join(f"| {c.code} | {c.severity} | {c.summary} |\n" for c in rows)


def _fold(text: str) -> str:
    """A name or title as ``Variant`` tags are matched: any case, ``-``/``_`` as blanks."""
    return " ".join(text.replace("-", " ").replace("_", " ").lower().split())


def names_game(tags: Mapping[str, str]) -> bool:
    """Whether a record's tags name its game (a ``GameType`` or a ``Variant`` tag)."""
    return "GameType" in tags or "Variant" in tags


def resolve_game(tags: Mapping[str, str], default: AnyGame | None = None) -> AnyGame | str:
    """The game of a record: the one its tags name, else ``default`` when given.

    Returns a description of the game type instead when it is not supported.
    """
    if default is not None and not names_game(tags):
        return default
    return game_for_tags(tags)


for _name, _place in BUILT_IN.items():
    _index(_name, _place.title, _place.gametype)
