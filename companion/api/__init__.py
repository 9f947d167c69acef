"""The JSON API, one blueprint per feature: banks, matches (state, actions, undo, join,
seats), rooms and drafts. Views read the request, call the rules and the store, and answer;
the rules raise ``GameError``s and the store ``StoreError``s, which ``errors`` maps to HTTP.
See docs/api.md.
"""

from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    """Register every API blueprint."""
    from companion.api import banks, drafts, health, matches, rooms

    for module in (health, banks, matches, rooms, drafts):
        app.register_blueprint(module.bp)
