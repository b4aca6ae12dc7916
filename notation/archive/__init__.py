"""Archive keepers' operations on records: convert, annotate, statistics, duplicates, and
the policy every command that writes records follows."""
