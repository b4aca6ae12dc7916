"""The core of checking: replay through a game's rules, the verdicts, what makes two
records one game, the repair search and the dialects."""
