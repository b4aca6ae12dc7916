"""Encodings: the legacy guess, UTF-16 with and without a BOM, and NUL-filled inputs."""

from __future__ import annotations

import codecs
import gzip
import io
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from notation.diagnostics import Diagnostic
from notation.io.decode import UnreadableInput, guess_legacy, open_input
from notation.io.files import Input
from notation.read.sources import FileResult, Found, read_all

ROOT = Path(__file__).resolve().parents[2]
ENDGAMES = (ROOT / "samples" / "brazilian" / "endgames.pdn").read_text("utf-8")


def _with_site(site: str) -> str:
    """The sample with its first Site tag set to ``site`` (a second Site tag would start a
    new game)."""
    return ENDGAMES.replace('[Site "Porto Alegre BRA"]', f'[Site "{site}"]', 1)


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
        ('[Site "Moscow RUS"] 1. Крb5 Лa5 2. Фb4 Фc5 3. Сd4 Лe3 0-1', "cp1251"),
        ('[Site "Kyiv UKR"] 1. Крf5 Фe5 2. Фd5 Тc6 3. Тb7 Сb6', "cp1251"),
        ('[Black "Élodie Gaël"] 1. Kd4 Rd5 2. Qe5 Bc4 3. Nd3', "latin-1"),
        ('[Event "Öl und Ähre"] 1. Éb4', "latin-1"),
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


RUSSIAN = _with_site("Москва, турнир")


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (RUSSIAN.encode("utf-16"), "utf-16"),
        (RUSSIAN.encode("utf-16-le"), "utf-16-le"),
        (RUSSIAN.encode("utf-16-be"), "utf-16-be"),
        ((ENDGAMES * 3000).encode("utf-16-le"), "utf-16-le"),
    ],
)
def test_utf16_is_read_with_or_without_a_bom(tmp_path: Path, data: bytes, encoding: str) -> None:
    (tmp_path / "r.pdn").write_bytes(data)
    with open_input(Input("r.pdn", tmp_path / "r.pdn")) as source:
        assert (source.encoding, source.notes) == (encoding, [])
        text = "".join(source.chunks())
    assert (text, source.failure) == (data.decode(encoding).removeprefix("\ufeff"), None)


def test_utf16_from_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(RUSSIAN.encode("utf-16-le"))))
    found = list(read_all([Input("-", None)]))
    assert [f.source.encoding for f in found if isinstance(f, Found)] == ["utf-16-le"] * 4
    assert found[-1] == FileResult("-", "utf-16-le")


BINARY = "a binary file (it holds NUL bytes), not a text record"


@pytest.mark.parametrize("encoding", [None, "utf-16", "utf-16-le", "cp1251"])
def test_dev_zero_is_refused_as_binary_at_once(encoding: str | None) -> None:
    started = time.monotonic()
    with (
        pytest.raises(UnreadableInput, match=re.escape(BINARY)),
        open_input(Input("/dev/zero", Path("/dev/zero")), encoding),
    ):
        pass
    assert time.monotonic() - started < 2


def test_nul_bytes_compressed_or_after_text_end_the_reading(tmp_path: Path) -> None:
    (tmp_path / "zero.pdn.gz").write_bytes(gzip.compress(bytes(50 << 20)))
    (tmp_path / "tail.pdn").write_bytes(ENDGAMES.encode() * 300 + bytes(1 << 20))
    found = list(
        read_all(
            [Input("zero.pdn.gz", tmp_path / "zero.pdn.gz"), Input("t", tmp_path / "tail.pdn")]
        )
    )
    assert found[:2] == [
        Diagnostic("PDN106", f"cannot read zero.pdn.gz: {BINARY}", 1, 1, "zero.pdn.gz"),
        FileResult("zero.pdn.gz", None, readable=False),
    ]
    assert sum(isinstance(f, Found) for f in found) == 1200
    assert found[-2:] == [
        Diagnostic(
            "PDN106",
            "cannot read t: a binary file (it holds NUL bytes from line 17701), not a text record",
            1,
            1,
            "t",
        ),
        FileResult("t", "utf-8"),
    ]


def test_standard_input_of_nul_bytes_is_refused_at_once() -> None:
    script = (
        "from notation.io.files import Input\n"
        "from notation.read.sources import read_all\n"
        "for event in read_all([Input('-', None)]):\n"
        "    print(event)\n"
    )
    with open("/dev/zero", "rb") as zeros:
        done = subprocess.run(
            [sys.executable, "-c", script],
            stdin=zeros,
            capture_output=True,
            text=True,
            timeout=20,
            cwd=ROOT,
        )
    assert done.stdout.splitlines() == [
        str(Diagnostic("PDN106", f"cannot read -: {BINARY}", 1, 1, "-")),
        str(FileResult("-", None, readable=False)),
    ]


@pytest.mark.parametrize(
    ("data", "chosen", "encoding"),
    [
        (RUSSIAN.encode("utf-16-be"), "utf-16", "utf-16-be"),
        (RUSSIAN.encode("utf-16-le"), "utf-16", "utf-16-le"),
        (RUSSIAN.encode("utf-16"), "utf-16", "utf-16"),
        (RUSSIAN.encode("utf-32-le"), "utf-32", "utf-32-le"),
    ],
)
def test_a_chosen_utf16_reads_text_without_a_bom(
    tmp_path: Path, data: bytes, chosen: str, encoding: str
) -> None:
    (tmp_path / "r.pdn").write_bytes(data)
    with open_input(Input("r.pdn", tmp_path / "r.pdn"), chosen) as source:
        assert source.encoding == encoding
        assert "".join(source.chunks()) == RUSSIAN


@pytest.mark.parametrize(
    ("data", "chosen", "encoding", "mark"),
    [
        (RUSSIAN.encode("utf-8-sig"), None, "utf-8", codecs.BOM_UTF8),
        (codecs.BOM_UTF16_LE + RUSSIAN.encode("utf-16-le"), None, "utf-16", codecs.BOM_UTF16_LE),
        (codecs.BOM_UTF16_BE + RUSSIAN.encode("utf-16-be"), None, "utf-16", codecs.BOM_UTF16_BE),
        (
            codecs.BOM_UTF16_BE + RUSSIAN.encode("utf-16-be"),
            "utf-16",
            "utf-16",
            codecs.BOM_UTF16_BE,
        ),
        (
            codecs.BOM_UTF32_LE + RUSSIAN.encode("utf-32-le"),
            "utf-32",
            "utf-32",
            codecs.BOM_UTF32_LE,
        ),
        (
            codecs.BOM_UTF32_BE + RUSSIAN.encode("utf-32-be"),
            "utf-32",
            "utf-32",
            codecs.BOM_UTF32_BE,
        ),
        (RUSSIAN.encode("utf-16-le"), None, "utf-16-le", b""),
    ],
)
def test_a_byte_order_mark_is_kept_apart_from_the_text(
    tmp_path: Path, data: bytes, chosen: str | None, encoding: str, mark: bytes
) -> None:
    (tmp_path / "r.pdn").write_bytes(data)
    with open_input(Input("r.pdn", tmp_path / "r.pdn"), chosen) as source:
        assert (source.encoding, source.bom) == (encoding, mark)
        assert ("".join(source.chunks()), source.failure) == (RUSSIAN, None)


def test_utf32_is_not_detected_even_with_its_mark(tmp_path: Path) -> None:
    (tmp_path / "r.pdn").write_bytes(codecs.BOM_UTF32_LE + RUSSIAN.encode("utf-32-le"))
    with open_input(Input("r.pdn", tmp_path / "r.pdn")) as source:
        assert (source.encoding, source.bom) == ("utf-16", codecs.BOM_UTF32_LE)
        assert "".join(source.chunks()) == ""
        assert source.failure == "a binary file (it holds NUL bytes from line 1), not a text record"
