"""Checking records: replay through a game's rules, the verdicts, runs over many inputs and
the report formats."""
