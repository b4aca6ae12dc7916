"""notation: read, write, convert, replay and validate records of five board games."""

__version__ = "0.1.0"
