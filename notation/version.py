"""The package's version (``notation.__version__``); the cache keys its entries by it."""

__version__ = "0.1.0"
