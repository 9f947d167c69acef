"""Full-page player aids, one module per game."""
