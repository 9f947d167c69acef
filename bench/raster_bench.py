"""Raster export speed: ``printkit tts`` of one set and ``printkit pod`` of every set.

Each run is a fresh ``printkit`` process (as a user runs it); the figures are its wall time,
its CPU time (all its threads) and its peak memory. Runs once per setting of
STRIKEKIT_PNG_WORKERS (1: encode in the drawing thread; 2, the default: two encoding threads
beside the drawing). Wall time depends on what else the machine runs; CPU time much less.
Target (issue 19): ``printkit tts --set base-3e`` <= 2 s on 2 cores.
Run: .venv/bin/python bench/raster_bench.py [--quick]   (--quick: tts only)
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PRINTKIT = str(Path(sys.executable).with_name("printkit"))


def run(args: list[str], workers: int) -> tuple[float, float, float]:
    """Run one printkit command; return (wall s, CPU s with children, peak MB of the main)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "STRIKEKIT_PNG_WORKERS": str(workers)}
    started = time.perf_counter()
    subprocess.run([PRINTKIT, *args], check=True, env=env, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss / 1024


def main() -> None:
    """Time the exports and print one line each."""
    quick = "--quick" in sys.argv
    with tempfile.TemporaryDirectory() as tmp:
        jobs = [("tts --set base-3e", ["tts", "--set", "base-3e", "--out", f"{tmp}/tts"])]
        if not quick:
            for service in ("mpc", "tgc"):
                jobs.append(
                    (
                        f"pod --service {service} (all sets)",
                        ["pod", "--service", service, "--out", f"{tmp}/pod"],
                    )
                )
        print(f"load average before: {os.getloadavg()[0]:.1f} (2 cores shared with others)")
        for label, args in jobs:
            for workers in (1, 2):
                wall, cpu, peak = run(args, workers)
                images = sum(1 for _ in Path(tmp).rglob("*.png"))
                print(
                    f"{label:<34} workers={workers}: wall {wall:5.2f} s, CPU {cpu:5.2f} s, "
                    f"peak {peak:4.0f} MB ({images} PNGs so far)"
                )


if __name__ == "__main__":
    main()
