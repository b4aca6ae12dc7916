"""Record texts as an index keeps them: each compressed on its own (zstd), so that one
game's text is read without its neighbours', with a dictionary trained on the first texts
an index stores: a record's tags and moves are mostly what other records hold, which a
text of a thousand characters cannot exploit alone.

The dictionary is a row of ``dictionaries``, written in the transaction of the games
whose texts first use it; a text stored before it has none (dictionary ``0``).
"""

from __future__ import annotations

from itertools import repeat
from typing import cast

import zstandard

from notation.index.db import Database, IndexDamaged

SAMPLES = 1000
"""Texts gathered before the dictionary is trained."""

DICTIONARY_SIZE = 1 << 16
"""Bytes of the dictionary."""

LEVEL = 3
"""The zstd level texts are compressed at (9 makes them 4% smaller and takes six times
as long)."""


class Texts:
    """Packs texts for storing and unpacks stored ones, with the index's dictionaries."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._dictionaries: dict[int, zstandard.ZstdCompressionDict] = {
            id_: zstandard.ZstdCompressionDict(bytes(data))
            for id_, data in db.execute("SELECT id, data FROM dictionaries")
        }
        self._current = max(self._dictionaries, default=0)
        self._samples: list[bytes] | None = [] if not self._current else None
        self._packers: dict[int, zstandard.ZstdCompressor] = {}
        self._unpackers: dict[int, zstandard.ZstdDecompressor] = {}

    def pack(self, text: str) -> tuple[bytes, int]:
        """``text`` compressed, and the dictionary it was compressed with (to be called
        in the transaction that stores it: the dictionary may be made there)."""
        data = text.encode()
        if self._samples is not None:
            self._samples.append(data)
            if len(self._samples) >= SAMPLES:
                self._train(self._samples)
        return self._packer().compress(data), self._current

    def pack_all(self, texts: list[str | None]) -> list[tuple[bytes | None, int]]:
        """:meth:`pack` of each of ``texts`` in turn (``(None, 0)`` for ``None``)."""
        if self._samples is not None or None in texts:
            return [(None, 0) if text is None else self.pack(text) for text in texts]
        # One after another, so that the compressor's tables stay in the processor's caches.
        packer = self._packer()
        given = cast(list[str], texts)  # none is None
        return list(zip(map(packer.compress, map(str.encode, given)), repeat(self._current)))

    def _packer(self) -> zstandard.ZstdCompressor:
        packer = self._packers.get(self._current)
        if packer is None:
            chosen = self._dictionaries.get(self._current)
            packer = zstandard.ZstdCompressor(level=LEVEL, dict_data=chosen)
            self._packers[self._current] = packer
        return packer

    def unpack(self, data: bytes, dictionary: int) -> str:
        """The text ``data`` holds, compressed with ``dictionary``;
        :class:`~notation.index.db.IndexDamaged` when it holds none."""
        unpacker = self._unpackers.get(dictionary)
        if unpacker is None:
            if dictionary and dictionary not in self._dictionaries:
                raise IndexDamaged(
                    self.db, f"dictionary {dictionary} of the games' texts is missing"
                )
            unpacker = zstandard.ZstdDecompressor(dict_data=self._dictionaries.get(dictionary))
            self._unpackers[dictionary] = unpacker
        try:
            # Typed here: the compiled build checks this module without zstandard's types.
            text: str = unpacker.decompress(bytes(data)).decode()
        except (zstandard.ZstdError, UnicodeDecodeError):
            raise IndexDamaged(self.db, "a game's text cannot be read") from None
        return text

    def _train(self, samples: list[bytes]) -> None:
        self._samples = None
        given: list[bytes | bytearray | memoryview] = list(samples)
        try:
            trained = zstandard.train_dictionary(DICTIONARY_SIZE, given)
        except zstandard.ZstdError:
            return  # texts too few or too alike to learn from: they stay without one
        number = max(self._dictionaries, default=0) + 1
        self.db.execute(
            "INSERT INTO dictionaries (id, data) VALUES (?, ?)", (number, trained.as_bytes())
        )
        self._dictionaries[number] = trained
        self._current = number
