"""``python -m cli``: the ``notation`` command."""

from .main import main

main()
