"""The archive index: validated games, their tags and every position of their main lines,
stored in SQLite or PostgreSQL for lookups without reading the archive again."""
