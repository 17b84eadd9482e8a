"""Several server processes on one PostgreSQL: actions per second and latency for 1, 2 and 4 processes.

    python tests/bench/bench_online_processes.py                       # 1, 2, 4 processes, 12 tables, 20 s each
    python tests/bench/bench_online_processes.py --processes 1,2 --tables 8 --seconds 10
    python tests/bench/bench_online_processes.py --db postgresql://user@host/db   # an existing server

Each table is a 3-player game of scripted clients (client.bot) that answer at once; the seats of
a table are spread over the processes (seat i of table t on process (t + i) mod N), so most moves are
heard by another process through NOTIFY. A finished game is replaced by a new one until the time is
up. Loopback only. Without --db a PostgreSQL cluster is started for the run in /tmp (durable: fsync on)
and removed after.

Printed per process count: actions per second (moves whose update came back), p50/p99 latency (a move
sent to its update received), and where the CPU went per action: the server processes, PostgreSQL (the
cluster's processes; unknown with --db) and the clients (this process), with the load average; and,
at idle, the network hop (a WebSocket ping) and a PostgreSQL round trip (SELECT 1).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import shutil
import statistics
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import common  # noqa: E402,F401  (puts the project on the path)
import pg_cluster  # noqa: E402
import psycopg  # noqa: E402
from online_helpers import ServerProcess  # noqa: E402

from websockets.asyncio.client import connect  # noqa: E402

from client.bot import Bot  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pids):
    total = 0.0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / TICK
        except OSError:
            pass
    return total


def children_of(pid):
    out = [pid]
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    if int(fh.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(entry))
            except OSError:
                pass
    return out


async def one_table(uris, t, deadline, bots_out, rng):
    """Games of three seats on the processes, one after another until the deadline."""
    n = len(uris)
    while time.monotonic() < deadline:
        plan = [{"kind": "here", "name": "Host"}, {"kind": "invite"}, {"kind": "invite"}]
        creator = Bot(uris[t % n], {"type": "create", "seats": plan}, random.Random(rng.random()), record=False)
        await creator.connect()
        while creator.created is None:
            await asyncio.wait_for(creator.receive(), 30)
        bots = [creator]
        for seat, code in sorted(creator.created["invites"].items()):
            bot = Bot(uris[(t + int(seat)) % n], {"type": "join", "code": code, "name": f"P{seat}"},
                      random.Random(rng.random()), record=False)
            await bot.connect()
            while bot.joined is None:
                await asyncio.wait_for(bot.receive(), 30)
            bots.append(bot)
        bots_out.extend(bots)
        games = asyncio.gather(*(b.play() for b in bots))
        try:
            await asyncio.wait_for(asyncio.shield(games), max(0.0, deadline - time.monotonic()))
        except asyncio.TimeoutError:                 # time is up: the game is left where it is
            games.cancel()
            await asyncio.gather(games, return_exceptions=True)
        for b in bots:
            await b.close()


async def idle_hops(uri, dsn, count=200):
    ws = await connect(uri, compression=None)          # (pings before the first message: the hop alone)
    pings = []
    for _ in range(count):
        start = time.perf_counter()
        await (await ws.ping())
        pings.append(time.perf_counter() - start)
    await ws.close()
    with psycopg.connect(dsn, autocommit=True) as c:
        trips = []
        for _ in range(count):
            start = time.perf_counter()
            c.execute("SELECT 1").fetchone()
            trips.append(time.perf_counter() - start)
    return statistics.median(pings), statistics.median(trips)


def measure(admin_dsn, processes, tables, seconds, pg_pids):
    name = "bench_" + secrets.token_hex(4)
    with psycopg.connect(admin_dsn, autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name}")
    dsn = urllib.parse.urlsplit(admin_dsn)._replace(path="/" + name).geturl()
    folder = tempfile.mkdtemp(prefix="wrath-bench-")
    servers = [ServerProcess(folder, "--db", dsn, "--per-address", "100000") for _ in range(processes)]
    try:
        uris = [s.uri for s in servers]
        hop, trip = asyncio.run(idle_hops(uris[0], dsn))
        bots = []
        rng = random.Random(processes)
        server_pids = [s.proc.pid for s in servers]
        before = cpu_seconds(server_pids), cpu_seconds(pg_pids()), time.process_time(), time.monotonic()

        async def all_tables():
            deadline = time.monotonic() + seconds
            await asyncio.wait_for(asyncio.gather(*(one_table(uris, t, deadline, bots, rng) for t in range(tables))),
                                   seconds + 60)
        asyncio.run(all_tables())
        after = cpu_seconds(server_pids), cpu_seconds(pg_pids()), time.process_time(), before[3] + seconds
        load = os.getloadavg()
    finally:
        for s in servers:
            s.stop()
        shutil.rmtree(folder, ignore_errors=True)
        with psycopg.connect(admin_dsn, autocommit=True) as c:
            c.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    latencies = sorted(x for b in bots for x in b.latencies)
    elapsed = after[3] - before[3]
    actions = len(latencies)
    per = 1000 / max(actions, 1)
    return {"processes": processes, "actions_s": actions / elapsed, "actions": actions,
            "p50": latencies[len(latencies) // 2] * 1000 if latencies else float("nan"),
            "p99": latencies[int(len(latencies) * 0.99)] * 1000 if latencies else float("nan"),
            "server_ms": (after[0] - before[0]) * per, "pg_ms": (after[1] - before[1]) * per if pg_pids() else None,
            "client_ms": (after[2] - before[2]) * per, "load": load, "hop_ms": hop * 1000, "db_ms": trip * 1000,
            "errors": sum(len(b.errors) for b in bots)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--processes", default="1,2,4", help="server process counts to measure (default 1,2,4)")
    ap.add_argument("--tables", type=int, default=12, help="games played at once (default 12)")
    ap.add_argument("--seconds", type=float, default=20, help="measured seconds per process count (default 20)")
    ap.add_argument("--db", help="an existing PostgreSQL (its CPU is then not measured)")
    args = ap.parse_args(argv)
    counts = [int(x) for x in args.processes.split(",")]
    if not 1 <= args.tables <= 100 or not 1 <= args.seconds <= 300 or not all(1 <= n <= 8 for n in counts):
        print("error: --tables 1-100, --seconds 1-300, 1-8 processes", file=sys.stderr)
        return 2
    folder = None
    if args.db:
        admin, pg_pids = args.db, (lambda: [])
    else:
        folder = tempfile.mkdtemp(prefix="wrath-bench-postgres-")
        admin = pg_cluster.start(folder, durable=True)
        with open(os.path.join(folder, "data", "postmaster.pid")) as fh:
            postmaster = int(fh.readline())
        pg_pids = lambda: children_of(postmaster)   # noqa: E731
    print(f"{os.cpu_count()} cores; load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{args.tables} tables of 3 seats, {args.seconds:g} s per row")
    print(f"{'procs':>5} {'actions/s':>9} {'p50 ms':>7} {'p99 ms':>7} | CPU ms per action: {'servers':>7} "
          f"{'postgres':>8} {'clients':>7} | {'load 1m':>7} | idle: {'ws hop ms':>9} {'db trip ms':>10}")
    try:
        for n in counts:
            r = measure(admin, n, args.tables, args.seconds, pg_pids)
            pg = f"{r['pg_ms']:8.2f}" if r["pg_ms"] is not None else f"{'?':>8}"
            print(f"{n:>5} {r['actions_s']:9.0f} {r['p50']:7.1f} {r['p99']:7.1f} | {'':>19}{r['server_ms']:7.2f} "
                  f"{pg} {r['client_ms']:7.2f} | {r['load'][0]:7.2f} | {'':>6}{r['hop_ms']:9.3f} {r['db_ms']:10.3f}"
                  + (f"   ({r['errors']} refusals)" if r["errors"] else ""), flush=True)
    finally:
        if folder:
            pg_cluster.stop(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
