"""Reading records from inputs: files found and decoded by :mod:`notation.io`, read into
records by :mod:`notation.record`, with the diagnostics of the open/report protocol."""
