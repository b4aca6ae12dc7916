"""The commands of ``notation``, one module each."""
