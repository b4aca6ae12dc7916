"""The notation command line."""
