"""The club: ratings and statistics of its players' matches, pure (no Flask, no SQL)."""
