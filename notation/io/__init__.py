"""Bytes and text: finding inputs (:mod:`~notation.io.files`), decompressing them
(:mod:`~notation.io.compressed`), opening them as text (:mod:`~notation.io.decode`) and the
one output path (:mod:`~notation.io.output`: atomic writes, refusals)."""
