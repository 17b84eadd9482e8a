"""How long the server takes to load a finished long game, with and without a stored snapshot.

    python tests/bench/bench_snapshot_load.py                    # SQLite, and PostgreSQL (a cluster started in /tmp)
    python tests/bench/bench_snapshot_load.py --db postgresql://user@host/db     # an existing PostgreSQL
    python tests/bench/bench_snapshot_load.py --no-postgres --repeat 50

The game: six seats, "strategist+desolation", every move the easy AI's, played to its end and stored record
by record as the server stores them. A load is what the server does when a client opens a game that is
not in its memory (Games.room): read it from the store and rebuild the room. Three ways: no snapshot
(replay every record from the seed), a snapshot at the last record (what the server stores when a game
leaves its memory) and one taken SNAPSHOT_EVERY - 1 records before the end (the most a game loaded
mid-play replays). Printed: median and 90th percentile wall time and this process's CPU per load (with
PostgreSQL its own CPU is not in it), beside the load average.
"""
from __future__ import annotations

import argparse
import asyncio
import os
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

from game.ai import make_ai  # noqa: E402
from server import game_snapshot# noqa: E402
from server.room import Room  # noqa: E402
from server.games import Games  # noqa: E402
from server.store import SQLiteStore  # noqa: E402

DRAGONS = ["Black", "Blue", "Green", "Orange", "Red", "White"]


def store_long_game(store, seed):
    """Three copies of one finished game: "none" (no snapshot), "end" and "before" (a snapshot
    SNAPSHOT_EVERY - 1 records before the end); its number of records."""
    settings = {"seed": seed, "variant": "strategist+desolation", "absent_limit": None, "turn_limit": None}
    seats = [{"seat": i, "name": f"P{i}", "dragon": d, "kind": "human", "token_hash": None, "invite_hash": None,
              "stand_in": None} for i, d in enumerate(DRAGONS)]
    room = Room.create("x", settings, seats, lambda: None)
    ai = make_ai("easy", seed)
    records, snaps = [], {}
    while not room.session.game.is_over:
        g = room.session.game
        room.session.apply(ai.choose(g.copy(keep_log=True), g.decision.player))
        records.extend(room.take_pending()[1])
        snaps[room.version] = game_snapshot.make(room.session, room.last_undo)
        snaps.pop(room.version - game_snapshot.SNAPSHOT_EVERY, None)      # only the last ones may be needed
    room.host.close()
    total = len(records)
    for name, at in (("none", None), ("end", total), ("before", total - game_snapshot.SNAPSHOT_EVERY + 1)):
        store.create_game(name, settings, [dict(s, token_hash=f"{name}{s['seat']}") for s in seats])
        store.append(name, 1, records)
        if at is not None:
            store.save_snapshot(name, at, game_snapshot.FORMAT, snaps[at])
    return total


def timed_loads(store, game_id, repeat):
    """(wall seconds, CPU seconds) of each of ``repeat`` loads, as Games.room does them."""
    async def once():
        games = Games(store)
        games.loop = asyncio.get_running_loop()
        try:
            room = await games.room(game_id)
        finally:
            if games.db_thread is not None:
                games.db_thread.shutdown()
        room.host.close()
        return room
    out = []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        room = asyncio.run(once())
        out.append((time.perf_counter() - wall, time.process_time() - cpu))
        assert room.session.game.is_over
    return out


def row(label, samples):
    walls = sorted(w * 1000 for w, _ in samples)
    cpus = [c * 1000 for _, c in samples]
    p90 = walls[min(len(walls) - 1, int(0.9 * len(walls)))]
    return f"{label:34} {statistics.median(walls):8.1f} {p90:8.1f} {statistics.median(cpus):8.1f}"


def bench(name, store, repeat, seed):
    total = store_long_game(store, seed)
    print(f"\n{name}: a finished game of {total} records (six seats, strategist+desolation, easy AI moves)")
    print(f"{'load':34} {'wall p50':>8} {'wall p90':>8} {'CPU p50':>8}   (ms per load; {repeat} loads each)")
    for game_id, label in (("none", "no snapshot: every record replayed"),
                           ("end", "snapshot at the last record"),
                           ("before", f"snapshot {game_snapshot.SNAPSHOT_EVERY - 1} records before the end")):
        timed_loads(store, game_id, 2)                 # warm: imports, the data tables, the connection
        print(row(label, timed_loads(store, game_id, repeat)))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--db", help="an existing PostgreSQL (a database is made in it and dropped after)")
    ap.add_argument("--no-postgres", action="store_true")
    args = ap.parse_args(argv)
    print(f"{os.cpu_count()} cores; load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    folder = tempfile.mkdtemp(prefix="wrath-bench-snapshots-")
    try:
        store = SQLiteStore(os.path.join(folder, "games.sqlite"))
        bench("SQLite", store, args.repeat, args.seed)
        store.close()
        if args.no_postgres:
            return 0
        import psycopg
        from server.pgstore import PostgresStore
        cluster = None
        dsn = args.db
        if dsn is None:
            cluster = tempfile.mkdtemp(prefix="wrath-bench-postgres-")     # (its owner must reach it)
            dsn = pg_cluster.start(cluster, durable=True)
        name = "wrath_bench_" + secrets.token_hex(4)
        with psycopg.connect(dsn, autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        try:
            store = PostgresStore(urllib.parse.urlsplit(dsn)._replace(path="/" + name).geturl())
            bench("PostgreSQL (loopback)", store, args.repeat, args.seed)
            store.close()
        finally:
            with psycopg.connect(dsn, autocommit=True) as admin:
                admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            if cluster is not None:
                pg_cluster.stop(cluster)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
