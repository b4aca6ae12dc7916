"""``notation.validate`` is the ``validate`` command's run: the configuration file it
reads in the current folder (select, ignore, per-path overrides, game), unless settings
are given; and ``validation_events`` gives a run's events as ``on_event`` gets them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

import notation
import notation.run
from notation.check.validator import GameReport
from notation.cli.main import app
from notation.diagnostics import Diagnostic
from notation.record.reader import read_string
from notation.run.settings import Settings, settings_from
from notation.run.validation import RunEvent, validation_events

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
ILLEGAL = '[GameType "26"]\n\n1. 22-18 11-15 2. 18x14 *\n'
"""Ply 3 is illegal: BR203."""
NO_TAGS = "1. 22-18 11-15 2. 18x14 *\n"
"""The same moves without a GameType tag: English draughts unless a game is given."""


def _codes(found: object) -> list[str]:
    """The codes of each report or diagnostic met, in order."""
    codes = []
    for item in found:  # type: ignore[attr-defined]
        if isinstance(item, GameReport):
            codes += [d.code for d in item.diagnostics]
        else:
            assert isinstance(item, Diagnostic)
            codes.append(item.code)
    return codes


def test_validate_applies_the_configuration_of_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sheet.pdn").write_text(ILLEGAL, encoding="utf-8")
    (tmp_path / "plain.pdn").write_text(NO_TAGS, encoding="utf-8")
    (tmp_path / "notation.toml").write_text(
        'ignore = ["BR203"]\n\n[[overrides]]\npath = "plain.pdn"\ngame = "brazilian"\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    assert _codes(notation.validate("sheet.pdn")) == []
    plain = [r for r in notation.validate(["plain.pdn"]) if isinstance(r, GameReport)]
    assert [(r.game, r.plies, r.diagnostics) for r in plain] == [("brazilian", 2, [])]
    done = CliRunner().invoke(app, ["validate", "-f", "json", "sheet.pdn", "plain.pdn"])
    assert (done.exit_code, json.loads(done.stdout)["diagnostics"]) == (0, [])
    # Given settings, the file is not read.
    assert _codes(notation.validate("sheet.pdn", settings=Settings())) == ["BR203"]
    [record] = read_string(ILLEGAL, "sheet.pdn")
    assert notation.validate(record, path="sheet.pdn").diagnostics == []
    report = notation.validate(record, path="sheet.pdn", settings=Settings())
    assert [d.code for d in report.diagnostics] == ["BR203"]
    [plain_record] = read_string(NO_TAGS, "plain.pdn")
    judged = notation.validate(plain_record, path="plain.pdn")
    assert (judged.game, judged.plies, judged.diagnostics) == ("brazilian", 2, [])


def test_validate_without_a_configuration_applies_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sheet.pdn").write_text(ILLEGAL, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert _codes(notation.validate(["sheet.pdn", "gone.pdn"])) == ["BR203", "PDN106"]
    with pytest.raises(KeyError):
        notation.validate("sheet.pdn", game="brazillian")
    with pytest.raises(ValueError, match="unknown dialect"):
        notation.validate("sheet.pdn", dialects=["long-captures"])


def test_validation_events_are_those_on_event_gets() -> None:
    paths = [str(SAMPLES / "brazilian"), str(SAMPLES / "gone.pdn")]
    settings = settings_from(no_cache=True, duplicates=True)
    told: list[RunEvent] = []
    summary = notation.run.validate(paths, settings, on_event=told.append)
    run = validation_events(paths, settings)
    given: list[RunEvent] = []
    while True:
        try:
            given.append(next(run))
        except StopIteration as end:
            assert end.value.as_dict() == summary.as_dict()
            break
    assert [type(e).__name__ for e in given] == [type(e).__name__ for e in told]
    assert _codes(e for e in given if isinstance(e, GameReport | Diagnostic)) == _codes(
        e for e in told if isinstance(e, GameReport | Diagnostic)
    )
    assert (summary.games, summary.files, summary.exit_status) == (61, 18, 2)


def test_one_name_alone_or_a_path_object_is_that_file_not_its_letters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A str is an iterable of str: its letters ("/" among them) were taken for names.
    from notation.archive.select import select, select_settings
    from notation.archive.stats import stats, stats_settings
    from notation.read.sources import read_paths

    monkeypatch.chdir(SAMPLES.parent)
    name = "samples/brazilian/annotated.pdn"
    for given in (name, Path(name), [Path(name)]):
        summary = notation.run.validate(given, Settings())
        assert (summary.files, summary.games, summary.exit_status) == (1, 5, 0)
        assert stats(given, stats_settings()).records == 5
        assert select(given, select_settings(result="1-1", output=Path(os.devnull))).games == 5
        assert len(list(read_paths(given))) == 5
    for wrong, kind in ((b"samples", "bytes"), ([name, 3], "int"), ([name.encode()], "bytes")):
        with pytest.raises(
            TypeError, match=rf"^a source is a file, folder or pattern name .*, not {kind}$"
        ):
            notation.run.validate(wrong, Settings())  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            select(wrong, select_settings(output=Path(os.devnull)))  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            stats(wrong, stats_settings())  # type: ignore[arg-type]
    with open(name, encoding="utf-8") as stream, pytest.raises(TypeError):
        # Its lines were taken for names.
        stats(stream, stats_settings())  # type: ignore[arg-type]
