"""Storage: every SQL statement of the companion (connections and migrations, matches and
their logs, seats, tournaments, maintenance). Nothing here imports the web layer's views."""
