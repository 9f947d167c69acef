"""The web layer (Flask, no SQL): the JSON API, one blueprint per feature (banks, matches
with state, actions, undo, join and seats, rooms, drafts, health), the pages, tournaments,
security headers, hosting (proxy, public address, limits), templates and static files.

Views read the request, call the rules and the storage, and answer; the rules raise
``GameError``s and the storage ``StoreError``s, which ``errors`` maps to HTTP. See docs/api.md.
"""

from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    """Register every API blueprint."""
    from companion.web import banks, club, drafts, health, matches, rooms
    from companion.web.common import refuse_nul_in_address

    app.before_request(refuse_nul_in_address)
    for module in (health, banks, matches, rooms, drafts, club):
        app.register_blueprint(module.bp)
    from companion.web.club import pages as club_pages

    app.register_blueprint(club_pages.bp)
