"""What the health check costs: GET /health on a real server, idle or while games are played.

    python tests/bench/bench_health.py                      # 500 checks, one after another, no games
    python tests/bench/bench_health.py --games 50 --think 1 # the same while 50 tables play (~1 s a move)
    python tests/bench/bench_health.py --tls                # over https (a self-signed certificate)

It starts ``python main.py serve`` (SQLite, in a temporary folder, 127.0.0.1), makes
``--checks`` requests one after another (a new connection each, as a supervisor does)
and prints their time p50/p99 and the server's CPU over them (with no games: per check),
with the load average. Loopback only; it stops by itself.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import ssl
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))

from bench_online import proc_cpu  # noqa: E402
from client.bot import Bot  # noqa: E402


def start_server(folder, tls):
    extra = []
    if tls:
        from tls_helpers import make_certificate
        import pathlib
        made = make_certificate(pathlib.Path(folder))
        extra = ["--tls-cert", str(made.cert), "--tls-key", str(made.key)]
    proc = subprocess.Popen([sys.executable, "main.py", "serve", "--port", "0", "--data", folder, "--rate", "1000000",
                             "--per-address", "100000", *extra], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline()
    threading.Thread(target=proc.stdout.read, daemon=True).start()
    return proc, line.split()[line.split().index("on") + 1]


async def games(uri, n, think, stop, trust):
    """``n`` tables of two bots (0.5 to 1.5 times ``think`` seconds a move) and an easy AI, played
    again and again until ``stop`` is set."""
    async def table(seed):
        rng = random.Random(seed)
        while not stop.is_set():
            creator = Bot(uri, {"type": "create", "seats": [{"kind": "here", "name": "A"}, {"kind": "invite"},
                                                             {"kind": "easy"}]}, rng, record=False, trust=trust,
                          pause=lambda: think * rng.uniform(0.5, 1.5))
            await creator.connect()
            while creator.created is None:
                await creator.receive()
            friend = Bot(uri, {"type": "join", "code": creator.created["invites"]["1"], "name": "B"}, rng,
                         record=False, trust=trust, pause=creator.pause)
            bots = [creator, friend]
            await asyncio.wait([asyncio.ensure_future(b.play(until=stop.is_set)) for b in bots],
                               return_when=asyncio.FIRST_COMPLETED)
            for b in bots:
                await b.close()
    await asyncio.gather(*(table(i) for i in range(n)), return_exceptions=True)


def checks(url, n, context):
    times = []
    for _ in range(n):
        start = time.perf_counter()
        with urllib.request.urlopen(url, timeout=10, context=context) as r:
            assert r.status == 200, r.status
            r.read()
        times.append(time.perf_counter() - start)
    return times


def measure(args):
    with tempfile.TemporaryDirectory() as folder:
        proc, uri = start_server(folder, args.tls)
        trust = ""
        context = None
        if args.tls:
            from wire.tls import presented
            trust = presented(uri)
            context = ssl._create_unverified_context()            # (a benchmark: the certificate is this run's)
        url = uri.replace("wss://", "https://").replace("ws://", "http://") + "/health"
        try:
            async def go():
                stop = asyncio.Event()
                playing = asyncio.ensure_future(games(uri, args.games, args.think, stop, trust))
                await asyncio.sleep(3 if args.games else 0)           # the tables are seated and playing
                cpu0, t0 = proc_cpu(proc.pid), time.monotonic()
                times = await asyncio.to_thread(checks, url, args.checks, context)
                cpu, seconds = proc_cpu(proc.pid) - cpu0, time.monotonic() - t0
                stop.set()
                await asyncio.wait_for(playing, 60)
                return times, cpu, seconds
            return asyncio.run(go())
        finally:
            proc.terminate()
            proc.wait(30)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--checks", type=int, default=500)
    ap.add_argument("--games", type=int, default=0, help="tables of bots playing meanwhile")
    ap.add_argument("--think", type=float, default=1.0, help="seconds a bot takes a move, on average")
    ap.add_argument("--tls", action="store_true", help="serve wss:// and check over https")
    args = ap.parse_args()
    load = os.getloadavg()
    times, cpu, seconds = measure(args)
    times = sorted(times)
    p50, p99 = statistics.median(times), times[int(len(times) * 0.99) - 1]
    print(f"{args.checks} checks{' over https' if args.tls else ''}, {args.games} tables playing"
          f"{f' ({args.think:g} s a move)' if args.games else ''}: p50 {p50 * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms; "
          f"server CPU {cpu:.2f} s in {seconds:.1f} s"
          + ("" if args.games else f", {cpu / args.checks * 1000:.2f} ms per check"))
    print(f"load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; after: "
          f"{' '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
