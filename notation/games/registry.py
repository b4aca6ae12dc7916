"""The games the toolkit knows, found by name or by a record's tags.

A record names its game with PDN's ``GameType`` tag (``26`` or ``26,W,8,8,N2,0`` for
Brazilian draughts) or with a ``Variant`` tag holding one of the names in :data:`GAMES`
or a game's title (the only way for games that PDN does not number). A record with
neither is, as PDN says, international draughts (GameType 20). A game joins the toolkit
by one :func:`register` call at the end of this module.
"""

from __future__ import annotations

from collections.abc import Mapping

from notation.games.base import AnyGame
from notation.games.brazilian import Brazilian
from notation.games.cheversi import Cheversi
from notation.games.english import English
from notation.games.international import International
from notation.games.kavaleria import Kavaleria
from notation.games.keny import Keny
from notation.games.knight_fight import KnightFight
from notation.games.russian import Russian

GAMES: dict[str, AnyGame] = {}
"""Every supported game by its name, in the order registered."""

_BY_VARIANT: dict[str, AnyGame] = {}
"""Every supported game by its name and its title, folded (see :func:`_fold`)."""

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
    "GAMES",
    "PDN_GAMETYPES",
    "game_for_tags",
    "get_game",
    "names_game",
    "register",
    "resolve_game",
]


def register(game: AnyGame) -> AnyGame:
    """Add ``game`` to :data:`GAMES`, to be found by its name or title in a ``Variant`` tag
    (and by its ``gametype``); each name is registered once."""
    if game.name in GAMES:
        raise ValueError(f"game {game.name!r} registered twice")
    GAMES[game.name] = game
    for key in (game.name, game.title):
        _BY_VARIANT[_fold(key)] = game
    return game


def get_game(name: str) -> AnyGame:
    """The game called ``name``; raises ``KeyError`` listing the known names otherwise."""
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(GAMES)
        raise KeyError(f"unknown game {name!r}; known games: {known}") from None


def game_for_tags(tags: Mapping[str, str]) -> AnyGame | str:
    """The game a record's tags name, or a description of an unsupported game type.

    A ``Variant`` tag naming a supported game (by name or title, in any case: ``keny``,
    ``Brazilian draughts``) decides; otherwise the ``GameType`` number does (20 when absent).
    """
    variant = tags.get("Variant")
    if variant is not None:
        found = _BY_VARIANT.get(_fold(variant))
        if found is not None:
            return found
    gametype = tags.get("GameType")
    if gametype is None and variant is not None:
        return f"variant {variant!r}"
    number = gametype.split(",", 1)[0].strip() if gametype is not None else "20"
    for game in GAMES.values():
        if game.gametype == number:
            return game
    name = PDN_GAMETYPES.get(number)
    return f"GameType {number} ({name})" if name else f"GameType {number!r}"


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


for _game in (
    Brazilian(),
    Kavaleria(),
    Keny(),
    KnightFight(),
    Cheversi(),
    International(),
    English(),
    Russian(),
):
    register(_game)
