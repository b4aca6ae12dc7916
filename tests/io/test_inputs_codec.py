"""``codec``: the encoding named for ``--encoding``, or a plain refusal."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from notation.diagnostics import Diagnostic
from notation.io.decode import codec
from notation.io.files import Input
from notation.read.sources import FileResult, read_all

STRICT_BEFORE_313 = ("punycode",) if sys.version_info < (3, 13) else ()
"""Codecs whose decoder fails instead of replacing, but for this Python: punycode replaces
from 3.13."""


@pytest.mark.parametrize(
    ("name", "canonical"),
    [
        ("cp1251", "cp1251"),
        ("Latin-1", "iso8859-1"),
        ("UTF8", "utf-8"),
        ("utf_16", "utf-16"),
        ("utf-16-be", "utf-16-be"),
        ("utf_32", "utf-32"),
        ("utf-8-sig", "utf-8-sig"),
        ("cp037", "cp037"),
        ("shift_jis", "shift_jis"),
    ],
)
def test_a_text_encoding_gets_its_canonical_name(name: str, canonical: str) -> None:
    assert codec(name) == canonical


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("klingon", "unknown encoding 'klingon'"),
        ("", "unknown encoding ''"),
        ("rot13", "'rot13' is not a text encoding (it does not decode bytes to text)"),
        ("base64", "'base64' is not a text encoding (it does not decode bytes to text)"),
        ("zlib_codec", "'zlib_codec' is not a text encoding (it does not decode bytes to text)"),
        ("hex", "'hex' is not a text encoding (it does not decode bytes to text)"),
        *(
            (
                name,
                f"{name!r} cannot read records (its decoder fails on bytes it cannot decode "
                "instead of replacing them)",
            )
            for name in ("idna", "undefined", *STRICT_BEFORE_313)
        ),
        *(
            (
                name,
                f"{name!r} cannot read records (the text it reads is not written back as the "
                "same bytes: it reads escapes such as \\n, or gives record characters other "
                "bytes)",
            )
            for name in ("unicode_escape", "raw_unicode_escape", "utf_7", "mac_arabic")
        ),
    ],
)
def test_an_unknown_or_non_text_codec_is_a_plain_value_error(name: str, message: str) -> None:
    with pytest.raises(ValueError) as error:
        codec(name)
    assert str(error.value) == message


def test_a_non_text_codec_given_to_the_library_is_a_pdn106_per_input(tmp_path: Path) -> None:
    record = tmp_path / "r.pdn"
    record.write_text('[GameType "26"]\n1. 22-18 *\n', encoding="utf-8")
    found = list(read_all([Input("r.pdn", record)], "rot13"))
    assert found == [
        Diagnostic(
            "PDN106",
            "cannot read r.pdn: 'rot13' is not a text encoding (it does not decode bytes to text)",
            1,
            1,
            "r.pdn",
        ),
        FileResult("r.pdn", None, readable=False),
    ]
