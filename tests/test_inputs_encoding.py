"""Encodings: the legacy guess, UTF-16 with and without a BOM, and NUL-filled inputs."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.sources import Input, guess_legacy, open_input

ROOT = Path(__file__).resolve().parents[1]
ENDGAMES = (ROOT / "samples" / "brazilian" / "endgames.pdn").read_text("utf-8")


def _with_site(site: str) -> str:
    return ENDGAMES.replace("[Event", f'[Site "{site}"]\n[Event', 1)


@pytest.mark.parametrize(
    ("text", "encoding"),
    [
        ("Torneo di Modena: la partita è patta", "latin-1"),
        ("Circolo è aperto, è tardi", "latin-1"),
        ("Caffè Nerone, Perché no", "latin-1"),
        ("Tournoi à Lyon", "latin-1"),
        ("Hélène Dupré à Besançon, où", "latin-1"),
        ("Jürgen Müller, Groß-Gerau, Österreich", "latin-1"),
        ("Иванов — Петров, Москва", "cp1251"),
        ("Иванов и Петров в Москве", "cp1251"),
        ("Київ, Шевченко Євген, Ґалаґан, Їжакевич", "cp1251"),
        ("Москва", "cp1251"),
        ("Gérard", "latin-1"),
        ("è", "latin-1"),
    ],
)
def test_the_legacy_guess_reads_words_not_letters(text: str, encoding: str) -> None:
    assert guess_legacy(text.encode(encoding)) == encoding


@pytest.mark.parametrize(
    ("site", "encoding"),
    [("Modena, la partita è patta", "latin-1"), ("Київ, Євген", "cp1251")],
)
def test_a_legacy_file_is_read_in_the_guessed_encoding(
    tmp_path: Path, site: str, encoding: str
) -> None:
    text = _with_site(site)
    (tmp_path / "r.pdn").write_bytes(text.encode(encoding))
    with open_input(Input("r.pdn", tmp_path / "r.pdn")) as source:
        assert source.encoding == encoding
        assert "".join(source.chunks()) == text
        assert [n.message for n in source.notes] == [
            f"r.pdn is not UTF-8: read as {encoding} (a guess; choose the encoding with --encoding)"
        ]
