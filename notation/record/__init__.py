"""Record syntax and I/O: the PDN/PGN-style layer shared by every game."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing

# Imported when first asked for: the model and the lexicon are read without the grammar
# (and parsimonious) by commands that parse no record (find, tree).
if TYPE_CHECKING:
    from notation.record.grammar import parse_game as parse_game
    from notation.record.jsonform import dumps as dumps
    from notation.record.jsonform import loads as loads
    from notation.record.jsonform import record_from_dict as record_from_dict
    from notation.record.jsonform import record_to_dict as record_to_dict
    from notation.record.lexicon import MOVE_TOKEN as MOVE_TOKEN
    from notation.record.model import MAX_DEPTH as MAX_DEPTH
    from notation.record.model import NOWHERE as NOWHERE
    from notation.record.model import RESULTS as RESULTS
    from notation.record.model import Comment as Comment
    from notation.record.model import Line as Line
    from notation.record.model import Ply as Ply
    from notation.record.model import Record as Record
    from notation.record.model import SourcePos as SourcePos
    from notation.record.model import Tag as Tag
    from notation.record.reader import read_records as read_records
    from notation.record.reader import read_string as read_string
    from notation.record.writer import record_key as record_key
    from notation.record.writer import same_record as same_record
    from notation.record.writer import write_record as write_record
    from notation.record.writer import write_records as write_records

_HOMES = {
    "MAX_DEPTH": "model",
    "parse_game": "grammar",
    "dumps": "jsonform",
    "loads": "jsonform",
    "record_from_dict": "jsonform",
    "record_to_dict": "jsonform",
    "MOVE_TOKEN": "lexicon",
    "NOWHERE": "model",
    "RESULTS": "model",
    "Comment": "model",
    "Line": "model",
    "Ply": "model",
    "Record": "model",
    "SourcePos": "model",
    "Tag": "model",
    "read_records": "reader",
    "read_string": "reader",
    "record_key": "writer",
    "same_record": "writer",
    "write_record": "writer",
    "write_records": "writer",
}
"""Each public name and the module of this package that defines it."""

__all__ = [
    "MAX_DEPTH",
    "MOVE_TOKEN",
    "NOWHERE",
    "RESULTS",
    "Comment",
    "Line",
    "Ply",
    "Record",
    "SourcePos",
    "Tag",
    "dumps",
    "loads",
    "parse_game",
    "read_records",
    "read_string",
    "record_from_dict",
    "record_key",
    "record_to_dict",
    "same_record",
    "write_record",
    "write_records",
]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # __import__ with a from-list gives the module itself, without importlib (nor warnings).
    return getattr(__import__(f"notation.record.{home}", fromlist=[name]), name)
