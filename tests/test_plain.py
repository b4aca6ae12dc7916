"""The hand-written classes of :mod:`notation.plain` behave as the dataclasses they replace."""

from __future__ import annotations

import builtins
import copy
import inspect
import pickle
import re
import typing
from pathlib import Path

import pytest

from notation import plain
from notation.check.validator import GameReport
from notation.diagnostics import Candidate, Change, Diagnostic
from notation.record.model import Comment, Record, Tag
from notation.run.batch import SENT
from notation.run.config import NO_CONFIG, Config, Override, Skipped
from notation.run.policy import Policy
from notation.run.settings import Settings


def test_equality_repr_and_hash_are_a_dataclass_s() -> None:
    change = Change("replaced", 3, ("22-18",), ("22-17",))
    assert repr(change) == "Change(kind='replaced', ply=3, was=('22-18',), now=('22-17',))"
    assert change == Change("replaced", 3, ("22-18",), ("22-17",))
    assert change != Change("replaced", 4, ("22-18",), ("22-17",))
    assert change.__eq__(("replaced", 3, ("22-18",), ("22-17",))) is NotImplemented
    assert hash(change) == hash(Change("replaced", 3, ("22-18",), ("22-17",)))
    tag = Tag("Event", "x")
    assert repr(tag) == "Tag(name='Event', value='x', pos=SourcePos(line=0, column=0))"
    with pytest.raises(TypeError):
        hash(tag)


def test_a_frozen_class_refuses_assignment_and_pickles() -> None:
    candidate = Candidate((Change("left-out", 2, (), ("11-15",)),), 1.5, 7)
    with pytest.raises(AttributeError):
        candidate.cost = 2.0
    with pytest.raises(AttributeError):
        del candidate.rest
    for made in (pickle.loads(pickle.dumps(candidate)), copy.deepcopy(candidate)):
        assert made == candidate
    diagnostic = Diagnostic("BR201", "x", 1, 2, candidates=(candidate,))
    assert pickle.loads(pickle.dumps(diagnostic)) == diagnostic


def test_fields_left_out_of_comparison_are_neither_compared_nor_shown() -> None:
    record = Record(tags=[Tag("Event", "x")], text='[Event "x"]')
    assert record == Record(tags=[Tag("Event", "x")])
    assert "text" not in repr(record)
    assert pickle.loads(pickle.dumps(record)).text == record.text
    override = Override("*.pdn", Path("/a"), {"game": "russian"}, re.compile(r".*\.pdn"))
    assert override == Override("*.pdn", Path("/a"), {"game": "russian"}, re.compile("x"))
    assert repr(override) == (
        "Override(path='*.pdn', base=PosixPath('/a'), values={'game': 'russian'})"
    )


def test_defaults_are_fresh_for_each_instance() -> None:
    first, second = Record(), Record()
    first.trailing.append(Comment("a"))
    assert second.trailing == []
    assert GameReport(1, "a", None).diagnostics is not GameReport(1, "a", None).diagnostics


def test_with_skipped_and_with_files_change_that_field_only() -> None:
    skipped = (Skipped(Path("/x/notation.toml"), 1001),)
    config = Config(Path("a.toml"), "tool.notation", {"game": "russian"})
    assert config.with_skipped(skipped) == Config(
        Path("a.toml"), "tool.notation", {"game": "russian"}, (), skipped
    )
    assert NO_CONFIG.with_skipped(()) == NO_CONFIG
    policy = Policy(("BR",), ("BR2",), "warning", True, True)
    files = {"a.pdn": Policy()}
    assert policy.with_files(files) == Policy(("BR",), ("BR2",), "warning", True, True, files)
    with pytest.raises(ValueError, match="unknown fail level"):
        Policy(fail_level="notice")
    assert Settings() == Settings(NO_CONFIG, policy=Policy())


def test_a_worker_sends_every_field_of_a_report_but_four() -> None:
    assert SENT == (
        "index",
        "game",
        "plies",
        "outcome",
        "diagnostics",
        "line",
        "column",
        "key",
    )


def test_a_diagnostic_compares_prints_hashes_and_replaces_as_the_dataclass_did() -> None:
    said = Diagnostic.in_game("REC203", ("game ", " disagrees"), 3, 1, "a.pdn", 2)
    assert repr(said) == (
        "Diagnostic(code='REC203', text='game  disagrees', line=3, column=1, path='a.pdn', "
        "game=2, ply=None, move=None, legal=(), game_at=5, candidates=(), chosen=False)"
    )
    assert said == Diagnostic("REC203", "game  disagrees", 3, 1, "a.pdn", 2, game_at=5)
    assert hash(said) == hash(Diagnostic("REC203", "game  disagrees", 3, 1, "a.pdn", 2, game_at=5))
    moved = said.replace(game=7, line=4)
    assert moved == Diagnostic("REC203", "game  disagrees", 4, 1, "a.pdn", 7, game_at=5)
    assert (said.message, moved.message) == ("game 2 disagrees", "game 7 disagrees")
    with pytest.raises(AttributeError):
        said.game = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        said.replace(severity="error")


class Kept(plain.NamedTuple):
    """A named tuple on the stand-in, with a default and a method of its own."""

    line: int
    name: str = "x"

    def shown(self) -> str:
        return f"{self.name}:{self.line}"


class Typed(typing.NamedTuple):
    """The same named tuple on typing's class."""

    line: int
    name: str = "x"

    def shown(self) -> str:
        return f"{self.name}:{self.line}"


def test_a_named_tuple_is_typing_s() -> None:
    """A named tuple made on the stand-in has typing's fields, defaults, methods, repr,
    replacement and pickling, and like typing's refuses a field without a default after
    one with."""
    made, typed = Kept(3), Typed(3)
    assert (made, Kept(3, "y")) == (typed, Typed(3, "y")) == ((3, "x"), (3, "y"))
    assert repr(made) == repr(typed).replace("Typed", "Kept")
    assert (made._fields, made._field_defaults) == (typed._fields, typed._field_defaults)
    assert (made._replace(name="z").shown(), typed._replace(name="z").shown()) == ("z:3", "z:3")
    assert pickle.loads(pickle.dumps(made)) == made
    assert type(pickle.loads(pickle.dumps(made))) is Kept
    assert (made._asdict(), Kept._make([4, "w"]), Kept(name="v", line=5)) == (
        typed._asdict(),
        Typed._make([4, "w"]),
        Typed(name="v", line=5),
    )
    assert Kept.__match_args__ == Typed.__match_args__ == ("line", "name")
    # copy.replace (Python 3.13) calls __replace__, which 3.13's named tuples have.
    assert made.__replace__(name="z") == Kept(3, "z")
    parameters = [
        [(name, each.default) for name, each in inspect.signature(kind).parameters.items()]
        for kind in (Kept, Typed)
    ]
    assert parameters[0] == parameters[1] == [("line", inspect.Parameter.empty), ("name", "x")]
    assert (Kept.line.__doc__, copy.deepcopy(made)) == (Typed.line.__doc__, made)
    wrongs = (
        lambda kind: kind(1, "a", 2),
        lambda kind: kind._make([1]),
        lambda kind: kind(3)._replace(lines=2),
    )
    for wrong in wrongs:
        said = []
        for kind in (Typed, Kept):
            with pytest.raises((TypeError, ValueError)) as raised:
                wrong(kind)
            said.append((type(raised.value), str(raised.value).replace("Typed", "Kept")))
        assert said[0] == said[1]
    with pytest.raises(TypeError):

        class Late(plain.NamedTuple):
            early: int = 1
            late: int  # type: ignore[misc]

    with pytest.raises(TypeError):

        class LateTyped(typing.NamedTuple):
            early: int = 1
            late: int  # type: ignore[misc]


def test_a_named_tuple_is_made_without_compiling_source(monkeypatch: pytest.MonkeyPatch) -> None:
    """collections.namedtuple compiles each class's ``__new__`` from source with ``eval``
    (about 50 us a class, at every start-up); the stand-in makes it from a function of as
    many parameters, renamed, and takes up to twelve fields."""

    def refused(*_: object) -> None:
        raise AssertionError("eval called")

    monkeypatch.setattr(builtins, "eval", refused)

    class Made(plain.NamedTuple):
        first: int
        second: str = "x"

    assert (Made(2), Made(second="y", first=1)) == ((2, "x"), (1, "y"))
    twelve = {f"f{index}": int for index in range(12)}
    assert plain.NamedTuple.__class__(
        "Twelve", (), {"__annotations__": twelve, "__module__": __name__}
    )(*range(12)) == tuple(range(12))
    with pytest.raises(TypeError, match="at most 12 fields"):
        plain.NamedTuple.__class__(
            "Thirteen", (), {"__annotations__": {**twelve, "f12": int}, "__module__": __name__}
        )
