"""Archive keepers' operations on records: convert, annotate, fix, repair, select, split,
merge, statistics, duplicates, new records, and the policy every command that writes
records follows. Each command is one function of its module, called with frozen settings
made from its options (:mod:`notation.archive.runs`)."""
