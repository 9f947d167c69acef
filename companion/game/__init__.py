"""Game rules as pure functions and dataclasses: no Flask, no SQLite, randomness passed in."""
