"""The archive index: what it stores of each game and the lookups it answers."""
