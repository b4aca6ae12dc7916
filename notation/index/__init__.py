"""The archive index: games, verdicts and every main-line position of an archive, kept in
a database (SQLite, or a shared PostgreSQL server) so that ``notation find`` and
``notation tree`` answer without reading the archive again."""
