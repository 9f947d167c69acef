"""strikekit's print kit: the catalog of components and the sheets drawn from it."""

__version__ = "0.1.0"
