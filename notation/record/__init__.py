"""Record syntax and I/O: the PDN/PGN-style layer shared by every game."""
