"""Where the companion keeps its database and secret key: its instance folder.

- ``STRIKEKIT_INSTANCE`` (or ``companion serve --instance DIR``) names it explicitly;
- run from the source checkout, it is ``instance/`` at the top of the checkout (as before);
- installed (a wheel, ``pipx``), it is a folder per user: ``$XDG_DATA_HOME/strikekit``, by
  default ``~/.local/share/strikekit`` (``%LOCALAPPDATA%\\strikekit`` on Windows).
"""

from __future__ import annotations

import os
from pathlib import Path

INSTANCE_ENV = "STRIKEKIT_INSTANCE"
APP_NAME = "strikekit"


def source_checkout() -> Path | None:
    """Return the source checkout the package runs from, or None when it is installed."""
    top = Path(__file__).resolve().parents[2]  # companion/storage/instance.py
    if (top / "pyproject.toml").is_file() and (top / "data").is_dir():
        return top
    return None


def user_data_home() -> Path:
    """Return the per-user folder for application data (XDG on Unix, LOCALAPPDATA on Windows)."""
    if os.name == "nt" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"])
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg)
    return Path.home() / ".local" / "share"


def default_instance_path() -> Path:
    """Return the instance folder: the environment's choice, the checkout's, or the user's."""
    explicit = os.environ.get(INSTANCE_ENV)
    if explicit:
        return Path(explicit).expanduser().resolve()
    checkout = source_checkout()
    if checkout is not None:
        return checkout / "instance"
    return user_data_home() / APP_NAME
