"""The table of the ``notation`` commands, read by the app (:mod:`cli.app`) and by
:mod:`cli.main`: no command module, and not Typer, is imported to list them."""

from __future__ import annotations

COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("validate", "Replay every move of every game and report each problem."),
    "convert": (
        "convert",
        "Convert records between notations and between PDN and JSON, keeping everything else.",
    ),
    "render": ("render", "Draw the position of a record at a ply, the last move marked."),
    "new": (
        "new",
        "Start a record: the seven standard tags, the tags that name and set up the game.",
    ),
    "annotate": (
        "annotate",
        "Add PlyCount, FinalFEN, the decided result and a note at the first illegal move.",
    ),
    "repair": (
        "repair",
        "Correct score-sheet slips: the move meant is the one after which the rest replays.",
    ),
    "fix": ("fix", "Make records consistent: results, PlyCount, standard tags and setup tags."),
    "stats": (
        "stats",
        "Summarize an archive per game: results, lengths, first moves, invalid records.",
    ),
    "duplicates": (
        "duplicates",
        "List the games recorded more than once: same game, start and main-line moves.",
    ),
    "select": (
        "select",
        "Write the games that match every filter, each as its text; --rest the others.",
    ),
    "split": (
        "split",
        "Write each group of games to a file of its own, every game to exactly one.",
    ),
    "merge": (
        "merge",
        "Write every game of every input, in input order, as its text, to one archive.",
    ),
    "index": (
        "index",
        "Store every game of the inputs in an index, with its verdict and positions.",
    ),
    "find": ("find", "List the indexed games that match every filter, from the index alone."),
    "tree": (
        "tree",
        "The moves played from a position in the indexed games, most played first.",
    ),
    "config": ("config", "Show the settings `validate` uses here, and where each comes from."),
    "codes": ("codes", "List every diagnostic code with its severity and meaning."),
    "games": ("games", "List the supported games and their notations."),
}
"""Each command: the module of :mod:`cli.commands` that holds it, and its one-line help
(the first line of its docstring), listed by ``notation --help``."""
