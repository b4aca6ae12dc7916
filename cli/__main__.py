"""``python -m cli``: the ``notation`` command."""

from cli.main import main

main()
