"""Record syntax and I/O: the PDN/PGN-style layer shared by every game."""

from notation.record.grammar import MAX_DEPTH, parse_game
from notation.record.jsonform import dumps, loads, record_from_dict, record_to_dict
from notation.record.lexicon import MOVE_TOKEN
from notation.record.model import (
    NOWHERE,
    RESULTS,
    Comment,
    Line,
    Ply,
    Record,
    SourcePos,
    Tag,
)
from notation.record.reader import read_records, read_string
from notation.record.writer import record_key, same_record, write_record, write_records

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
