"""The games: one module per game behind the interface in :mod:`notation.games.base`.

Find a game by name or by a record's tags with :mod:`notation.games.registry`.
"""
