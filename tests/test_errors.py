"""The library's exceptions that carry more than a message come back whole from pickle, as
they do from a worker process (multiprocessing, concurrent.futures) to the program."""

from __future__ import annotations

import pickle

import pytest

from notation.games.base import IllegalMove, SetupError
from notation.run.settings import SettingsError


@pytest.mark.parametrize(
    "error",
    [
        IllegalMove("BR203", "a man on 25 cannot move to 21", show_legal=False),
        SettingsError("jobs", "give a number of processes, 0 or more"),
        SettingsError("ply", "{} goes with {}", ("ply", "position")),
        SettingsError("game", "unknown game 'chess'", option="GAME"),
        SetupError("the FEN names square 99", "FEN"),
    ],
)
def test_an_error_pickles_with_its_fields(error: Exception) -> None:
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error)
    assert (str(back), back.args, vars(back)) == (str(error), error.args, vars(error))
