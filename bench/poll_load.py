"""Paced read load: N keep-alive connections, each polling a table's state once a second.

Models 200 tables with 2 phones each (400 connections) and reports latency percentiles;
bounded in time, loopback only. Usage: poll_load.py HOST PORT PATHS_FILE CONNECTIONS SECONDS
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time


async def phone(
    host: str, port: int, path: str, until: float, latencies: list[float], errors: list[int]
) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    request = f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: keep-alive\r\n\r\n".encode()
    next_at = time.monotonic()
    try:
        while time.monotonic() < until:
            start = time.monotonic()
            writer.write(request)
            await writer.drain()
            status_line = await reader.readline()
            length = 0
            while True:
                line = await reader.readline()
                if line in (b"\r\n", b""):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            await reader.readexactly(length)
            latencies.append(time.monotonic() - start)
            if b" 200 " not in status_line:
                errors.append(1)
            next_at += 1.0
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
    finally:
        writer.close()


async def main() -> None:
    host, port, paths_file, connections, seconds = (
        sys.argv[1],
        int(sys.argv[2]),
        sys.argv[3],
        int(sys.argv[4]),
        float(sys.argv[5]),
    )
    paths = open(paths_file).read().split()
    latencies: list[float] = []
    errors: list[int] = []
    until = time.monotonic() + seconds
    tasks = []
    for i in range(connections):
        tasks.append(
            asyncio.create_task(phone(host, port, paths[i % len(paths)], until, latencies, errors))
        )
        await asyncio.sleep(1.0 / connections)  # spread the phones over one second
    await asyncio.gather(*tasks)
    latencies.sort()
    q = statistics.quantiles(latencies, n=100)
    print(
        f"paced reads: {connections} connections x 1/s for {seconds:.0f} s: "
        f"{len(latencies)} requests, {len(errors)} errors, p50 {q[49] * 1000:.1f} ms, "
        f"p99 {q[98] * 1000:.1f} ms (target p99 < 50 ms)"
    )


asyncio.run(main())
