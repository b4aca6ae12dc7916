"""The HTML pages: the viewer of games and the validation report, from the one replay's
verdicts."""
