"""The catalog is loaded once per app, even when a server's first requests come together."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from flask import Flask

from companion.web import common


def test_requests_arriving_together_load_the_catalog_once(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    loads: list[Any] = []
    real = common.load_catalog

    def slow_load(data_dir: Any = None) -> Any:
        loads.append(data_dir)
        time.sleep(0.2)  # long enough for every thread to ask while it loads
        return real(data_dir)

    monkeypatch.setattr(common, "load_catalog", slow_load)
    got: list[Any] = []

    def ask() -> None:
        with app.app_context():
            got.append(common.catalog())

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(loads) == 1
    assert len(got) == 8 and all(c is got[0] for c in got)
