"""Phones keep playing while a device on the same network attacks the server (issue #21).

The attack, from this machine: ``--idle`` sockets that never send a byte, ``--slow``
connections that send their headers one byte a second, and ``--big`` connections that each
send 32 MB of headers; every one reconnects as soon as the server closes it, until the step
ends. Meanwhile ``--phones`` phones (2 per table) poll and write as in
``bench/capacity_bench.py``. The script measures the phones once without the attack and once
under it, and the server's resident memory (all its processes) before, at its peak during the
attack and after it. Goal: p99 < 100 ms for the phones and < 50 MB of growth under attack.
Loopback only, bounded in time (setup plus two steps of ``--step`` seconds).

Usage: .venv/bin/python bench/attack_bench.py [--workers 1] [--phones 400] [--step 20]
       [--idle 1000] [--slow 100] [--big 8]
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import multiprocessing
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
BIG_HEADERS = 32 * 1024 * 1024
CHUNK = 64 * 1024


def capacity_bench() -> ModuleType:
    """The phones and the server's measures of bench/capacity_bench.py."""
    spec = importlib.util.spec_from_file_location("capacity_bench", HERE / "capacity_bench.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["capacity_bench"] = module  # its client runs in forked processes, by name
    spec.loader.exec_module(module)
    return module


async def read_until_closed(reader: asyncio.StreamReader) -> bytes:
    """Read what the server answers until it closes the connection."""
    chunks = []
    while chunk := await reader.read(65536):
        chunks.append(chunk)
    return b"".join(chunks)


async def held_open(port: int, until: float, seen: dict[str, int], kind: str,
                    send: Any) -> None:  # fmt: skip
    """Keep one attacking connection open (``send`` feeds it) and reopen it when closed."""
    while time.monotonic() < until:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            seen["refused"] = seen.get("refused", 0) + 1
            await asyncio.sleep(0.5)
            continue
        feeding = asyncio.ensure_future(send(writer, until))
        try:
            answer = await asyncio.wait_for(read_until_closed(reader), until - time.monotonic())
        except (TimeoutError, OSError):
            answer = b""
        feeding.cancel()
        writer.close()
        status = answer[9:12].decode("latin-1") if answer.startswith(b"HTTP/1.1 ") else "none"
        seen[f"{kind} {status}"] = seen.get(f"{kind} {status}", 0) + 1


async def send_nothing(writer: asyncio.StreamWriter, until: float) -> None:
    """An idle socket: connect and say nothing."""
    await asyncio.sleep(max(0.0, until - time.monotonic()))


async def send_slowly(writer: asyncio.StreamWriter, until: float) -> None:
    """A slow-header connection: a request line, then one header byte a second."""
    writer.write(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    while time.monotonic() < until:
        await asyncio.sleep(1.0)
        writer.write(b"X")
        await writer.drain()


async def send_big(writer: asyncio.StreamWriter, until: float) -> None:
    """A big-header connection: 32 MB of headers as fast as the server takes them."""
    writer.write(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    line = b"X-Filler: " + b"a" * (CHUNK - 12) + b"\r\n"
    sent = 0
    while sent < BIG_HEADERS and time.monotonic() < until:
        writer.write(line)
        await writer.drain()
        sent += len(line)
    writer.write(b"\r\n")
    await writer.drain()


def attack(port: int, seconds: float, idle: int, slow: int, big: int, out: Any) -> None:
    """The attacking process: every connection held for ``seconds``; ``out`` gets the counts."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    seen: dict[str, int] = {}

    async def run() -> None:
        until = time.monotonic() + seconds
        jobs = [held_open(port, until, seen, "idle", send_nothing) for _ in range(idle)]
        jobs += [held_open(port, until, seen, "slow", send_slowly) for _ in range(slow)]
        jobs += [held_open(port, until, seen, "big", send_big) for _ in range(big)]
        await asyncio.gather(*jobs)

    asyncio.run(run())
    out.update(seen)


class PeakMemory(threading.Thread):
    """Sample the server's resident memory every 0.25 s; keep the peak."""

    def __init__(self, measure: Any) -> None:
        super().__init__(daemon=True)
        self.measure, self.peak, self.stopping = measure, 0.0, threading.Event()

    def run(self) -> None:
        while not self.stopping.is_set():
            self.peak = max(self.peak, self.measure())
            self.stopping.wait(0.25)


def main() -> None:
    """Serve, measure the phones alone, then under the attack; print both and the verdict."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--phones", type=int, default=400)
    parser.add_argument("--step", type=float, default=20.0)
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--slow", type=int, default=100)
    parser.add_argument("--big", type=int, default=8)
    args = parser.parse_args()
    cap = capacity_bench()
    tmp = Path(tempfile.mkdtemp(prefix="attack-"))
    tables = cap.make_tables(tmp / "db.sqlite3", args.phones // 2)
    port = cap.free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", str(port), "--db",
         str(tmp / "db.sqlite3"), "--workers", str(args.workers), "--no-limits"],
        stdout=subprocess.DEVNULL,
        stderr=(tmp / "server.log").open("w"),
    )  # fmt: skip
    if not cap.is_ready(server, port):
        server.kill()
        sys.exit("the server did not start: " + (tmp / "server.log").read_text()[-500:])
    try:
        print(f"workers {args.workers}, {args.phones} phones, {args.step:g} s per step; attack: "
              f"{args.idle} idle, {args.slow} slow-header, {args.big} x 32 MB headers")  # fmt: skip
        quiet = cap.run_step([port], [server.pid], tables, args.phones, args.step, 1, 0)
        before = cap.server_memory_mb(server.pid)
        print("without attack: " + cap.describe(quiet, before), flush=True)
        seen = multiprocessing.Manager().dict()
        attacker = multiprocessing.get_context("fork").Process(
            target=attack,
            args=(port, cap.WARMUP + args.step + 2, args.idle, args.slow, args.big, seen),
        )
        peak = PeakMemory(lambda: cap.server_memory_mb(server.pid))
        peak.start()
        attacker.start()
        time.sleep(2)  # the attack is under way before the phones are counted
        under = cap.run_step([port], [server.pid], tables, args.phones, args.step, 1, 0)
        attacker.join(timeout=60)
        peak.stopping.set()
        peak.join()
        time.sleep(2)
        after = cap.server_memory_mb(server.pid)
        print("under attack:   " + cap.describe(under, peak.peak), flush=True)
        answers = ", ".join(f"{k}: {v}" for k, v in sorted(seen.items()))
        print(f"attacking connections, by the answer that ended them: {answers}")
        growth = peak.peak - before
        print(f"server memory: {before:.0f} MB before, peak {peak.peak:.0f} MB under attack "
              f"(+{growth:.0f} MB), {after:.0f} MB after")  # fmt: skip
        held = under["p99"] < 100 and growth < 50 and not under["errors"]
        print(f"held (phones p99 < 100 ms, no error, memory +< 50 MB): {'yes' if held else 'no'}")
    finally:
        server.terminate()
        server.wait(timeout=15)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
