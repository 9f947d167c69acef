"""strikekit's companion: the rules engine (``companion.game``) and the phone app on top.

Layers, one folder each: ``game/`` (pure rules), ``storage/`` (every SQL statement),
``web/`` (Flask: blueprints, pages, templates, static files), ``server/`` (the ASGI front
that ``companion serve`` runs). ``cli.py``, ``kinds.py`` and ``instance.py`` sit on top.

``create_app`` builds the Flask app: the database (migrated once here), the JSON API and the
pages, security headers, and JSON errors for the API (never a 500 for bad input).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask

__version__ = "0.1.0"


def create_app(
    test_config: dict[str, Any] | None = None, instance_path: str | Path | None = None
) -> Flask:
    """Create the companion app; ``test_config`` overrides settings (tests, --db).

    ``instance_path`` (or the setting ``INSTANCE_PATH``) is where the database and the secret
    key live (default: ``companion.storage.instance.default_instance_path()``); tests pass a
    temporary folder so nothing lands in the checkout.
    """
    from companion.storage.instance import default_instance_path

    folder = instance_path or (test_config or {}).get("INSTANCE_PATH") or default_instance_path()
    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=str(Path(folder).resolve()),
        template_folder="web/templates",
        static_folder="web/static",
    )
    instance = Path(app.instance_path)
    app.config.from_mapping(DATABASE=str(instance / "companion.sqlite3"), DATA_DIR=None)
    if test_config:
        app.config.update(test_config)
    from companion import web
    from companion.web import database, errors, hosting, pages, security, tournaments

    app.config.setdefault("SECRET_KEY", None)
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = security.secret_key(instance)
    app.session_interface = security.NoSessions()  # the companion keeps no session state
    security.init_app(app)
    hosting.init_app(app)  # proxy, public address, HSTS, rate limits (config HOSTING_*)
    database.init_app(app)
    errors.init_app(app)
    web.register(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(tournaments.bp)
    return app
