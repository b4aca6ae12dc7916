"""The run policy as a library: selection, counting and the exit status, without the CLI."""

from __future__ import annotations

import pytest

from notation.check.validator import GameReport
from notation.diagnostics import Diagnostic
from notation.read.sources import FileResult
from notation.run.formats import Reporter, Summary
from notation.run.names import code_prefixes
from notation.run.policy import Policy, run


class Collected(Reporter):
    """Keeps what it is told, in order."""

    def __init__(self) -> None:
        super().__init__(out=self)
        self.told: list[str] = []
        self.summary: Summary | None = None

    def write(self, text: str, /) -> int:
        return len(text)

    def game(self, result: GameReport) -> None:
        self.told.append(f"game {result.index}: " + ",".join(d.code for d in result.diagnostics))

    def diagnostic(self, diagnostic: Diagnostic) -> None:
        self.told.append(diagnostic.code)

    def file(self, result: FileResult) -> None:
        self.told.append(f"end {result.path}")

    def finish(self, summary: Summary) -> None:
        self.summary = summary


def events() -> list[GameReport | Diagnostic | FileResult]:
    def problem(code: str) -> Diagnostic:
        return Diagnostic(code, "m", 1, 1, "a.pdn", 1)

    return [
        problem("PDN107"),
        GameReport(
            index=1,
            path="a.pdn",
            line=1,
            column=1,
            game="brazilian",
            plies=10,
            diagnostics=[problem("BR205"), problem("REC207")],
        ),
        GameReport(
            index=2,
            path="a.pdn",
            line=9,
            column=1,
            game="brazilian",
            plies=12,
            diagnostics=[problem("REC205")],
        ),
        GameReport(
            index=3, path="a.pdn", line=20, column=1, game="brazilian", plies=8, diagnostics=[]
        ),
        FileResult("a.pdn", "utf-8"),
    ]


@pytest.mark.parametrize(
    ("policy", "told", "status", "valid"),
    [
        (Policy(), ["PDN107", "game 1: BR205,REC207", "game 2: REC205", "game 3: "], 1, 2),
        (Policy(ignore=("BR",)), ["PDN107", "game 1: REC207", "game 2: REC205", "game 3: "], 0, 3),
        (Policy(select=("REC2",)), ["game 1: REC207", "game 2: REC205", "game 3: "], 0, 3),
        (
            Policy(select=("REC",), ignore=("REC205",), fail_level="warning"),
            ["game 1: REC207", "game 2: ", "game 3: "],
            1,
            3,
        ),
        (
            Policy(exit_zero=True),
            ["PDN107", "game 1: BR205,REC207", "game 2: REC205", "game 3: "],
            0,
            2,
        ),
    ],
)
def test_the_policy_decides_what_is_reported_and_the_exit_status(
    policy: Policy, told: list[str], status: int, valid: int
) -> None:
    reporter = Collected()
    summary = run(events(), reporter, policy)
    assert reporter.told == [*told, "end a.pdn"]
    assert reporter.summary is summary
    assert (summary.exit_status, summary.games, summary.valid_games, summary.files) == (
        status,
        3,
        valid,
        1,
    )


def test_an_unreadable_input_gives_two_and_is_not_counted_even_with_exit_zero() -> None:
    unreadable = Diagnostic("PDN106", "cannot read b.pdn: gone", 1, 1, "b.pdn")
    summary = run([unreadable, *events()], Collected(), Policy(exit_zero=True))
    assert summary.exit_status == 2
    assert summary.codes["PDN106"] == 0
    assert dict(summary.codes) == {"PDN107": 1, "BR205": 1, "REC207": 1, "REC205": 1}


def test_code_prefixes_are_checked_against_the_codes() -> None:
    assert code_prefixes(["br2, rec207", "PDN1"]) == ("BR2", "REC207", "PDN1")
    with pytest.raises(ValueError, match=r"^no diagnostic code starts with XY$"):
        code_prefixes(["BR2,XY"])
    with pytest.raises(ValueError, match="unknown fail level 'info'"):
        Policy(fail_level="info")


@pytest.mark.parametrize(
    ("policy", "told", "status"),
    [
        (Policy(select=("BR",)), ["PDN106", "PDN108", "game 1: BR205"], 2),
        (Policy(select=("REC",), exit_zero=True), ["PDN106", "PDN108", "game 1: REC207"], 2),
        (Policy(select=("BR",), ignore=("PDN106",)), ["PDN108", "game 1: BR205"], 2),
        (Policy(ignore=("PDN1",)), ["PDN106", "PDN108", "game 1: BR205,REC207"], 2),
        (Policy(ignore=("PDN106", "PDN108")), ["game 1: BR205,REC207"], 1),
    ],
)
def test_a_select_never_hides_an_input_not_read_only_an_ignore_of_its_code_does(
    policy: Policy, told: list[str], status: int
) -> None:
    """A missing file (PDN106) or one of no record (PDN108) fails the run whatever codes
    are selected or prefixes ignored, unless its code itself is ignored."""
    missing = Diagnostic("PDN106", "cannot read b.pdn: no such file", 1, 1, "b.pdn")
    empty = Diagnostic("PDN108", "c.pdn holds no game", 1, 1, "c.pdn")
    reporter = Collected()
    summary = run([missing, empty, *events()[1:2]], reporter, policy)
    assert reporter.told == told
    assert summary.exit_status == status
    assert summary.codes["PDN106"] == summary.codes["PDN108"] == 0
