"""The commands of ``notation``, one module each: its ``command`` is the Typer command
function :mod:`cli.main` registers, under the name :data:`cli.table.COMMANDS` gives it."""
