"""How the online server holds up: N concurrent games of scripted clients on loopback.

    python tests/bench/bench_online.py                       # 200 games of 4, players think ~1 s a move
    python tests/bench/bench_online.py --games 50 --think 0  # as fast as they can: actions per core-second
    python tests/bench/bench_online.py --games 500 --think 3 --seconds 40 --timeline   # second by second

It starts ``python main.py serve`` (SQLite, in a temporary folder), connects
one client per seat (client.bot), lets them play for ``--seconds``, and
prints: actions per second and per second of server CPU, the time from a
client's move to the last seat's update (p50/p99), the bytes each seat
receives per action, the server's memory per game (connected, and idle with
nobody connected), with the load average. Loopback only; it stops by itself:
a table still playing ``--stall-seconds`` after the end of play is a stall,
reported bot by bot (what each last sent and heard, then what the server says
when asked again), and the run exits with status 1. The server's folder is
removed after a run that ended; after a stall it is kept, with its log
(serve.log).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from client.bot import Bot  # noqa: E402
from server.collector import paced  # noqa: E402


def proc_cpu(pid):
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_rss_mb(pid):
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def start_server(data):
    """The server, its log (standard output and error) in ``data``/serve.log."""
    log = open(os.path.join(data, "serve.log"), "a", buffering=1)     # its lines and the server's errors, in order
    proc = subprocess.Popen([sys.executable, "main.py", "serve", "--port", "0", "--data", data,
                             "--per-address", "100000", "--rate", "1000000"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=log, text=True)
    line = proc.stdout.readline()
    log.write(line)
    threading.Thread(target=lambda: log.writelines(proc.stdout), daemon=True).start()   # never a full pipe
    return proc, line.split()[line.split().index("on") + 1]


class Clock:
    """When each game's versions were sent, and when each seat heard them."""

    def __init__(self):
        self.sent = {}
        self.heard = {}

    def track(self, bot, key):
        real_send, real_receive = bot.send, bot.receive

        async def send(msg):
            if msg.get("type") == "apply":
                self.sent.setdefault((key, msg["version"] + 1), time.perf_counter())
            await real_send(msg)

        async def receive():
            frame = await real_receive()
            if frame.get("type") in ("update", "state"):
                self.heard.setdefault((key, frame["version"]), []).append(time.perf_counter())
            return frame
        bot.send, bot.receive = send, receive

    def latencies(self, seats, after=0.0):
        """Seconds from each move to its last seat's update, for the moves sent after ``after``."""
        return [late for t, late in self.moves(seats) if t >= after]

    def moves(self, seats):
        """(when sent, seconds to its last seat's update) of each move every seat heard."""
        out = []
        for k, t in self.sent.items():
            times = self.heard.get(k, [])
            if len(times) >= seats:
                out.append((t, max(times) - t))
        return out


class Watch:
    """What each bot last sent and heard, and whether it is still playing: what a stalled run
    prints (each table that did not end, bot by bot)."""

    def __init__(self):
        self.tables = {}             # key -> [the state of each of its bots]

    def track(self, bot, key):
        st = {"bot": bot, "sent": None, "heard": None, "state": "seating", "syncs": 0, "errors": 0}
        self.tables.setdefault(key, []).append(st)
        real_send, real_receive = bot.send, bot.receive

        async def send(msg):
            st["sent"] = (time.monotonic(), {k: msg[k] for k in ("type", "id", "version", "option") if k in msg})
            st["syncs"] += msg.get("type") == "sync"
            await real_send(msg)

        async def receive():
            st["state"] = "waiting for a frame"
            frame = await real_receive()
            st["state"] = "playing"
            st["errors"] += frame.get("type") == "error" or (frame.get("type") == "answer" and "error" in frame)
            st["heard"] = (time.monotonic(), {k: frame[k] for k in ("type", "id", "version", "ok", "error", "text",
                                                                    "seat") if k in frame})
            return frame
        bot.send, bot.receive = send, receive
        return st

    async def play(self, st, until):
        st["state"] = "playing"
        try:
            await st["bot"].play(until=until)
            st["state"] = "ended (game over)" if st["bot"].over() else "ended (time up)"
        except asyncio.CancelledError:
            st["state"] = "ended (with its table)"
            raise
        except Exception as exc:
            st["state"] = f"ended ({type(exc).__name__}: {exc})"
            st["failed"] = True

    def troubles(self):
        """Lines on what a healthy run never shows: bots that failed, frames out of step (a sync
        sent), refusals and errors heard."""
        bots = [st for sts in self.tables.values() for st in sts]
        failed = [st["state"] for st in bots if st.get("failed")]
        out = [f"  bots failed: {len(failed)}, the first {failed[0]}"] if failed else []
        for what, n in (("syncs sent (a frame out of step)", sum(st["syncs"] for st in bots)),
                        ("errors and refused moves heard", sum(st["errors"] for st in bots))):
            if n:
                out.append(f"  {what}: {n}")
        return out

    def stalled(self):
        """The tables with a bot still playing, each with every bot's state in words."""
        now = time.monotonic()
        out = []
        for key, bots in sorted(self.tables.items()):
            if all(st["state"].startswith("ended") for st in bots):
                continue
            lines = []
            for st in bots:
                m = st["bot"].mirror
                decider = next((s["decision"]["player"] for s in m.snaps.values() if s.get("decision")), None)
                sent = f"{st['sent'][1]} {now - st['sent'][0]:.1f} s ago" if st["sent"] else "-"
                heard = f"{st['heard'][1]} {now - st['heard'][0]:.1f} s ago" if st["heard"] else "-"
                lines.append(f"    seats {m.here}: {st['state']}; version {m.version}, decider {decider}, "
                             f"its options {'yes' if any(m.options(s) for s in m.here) else 'no'}; "
                             f"last sent {sent}; last heard {heard}")
            out.append((key, lines))
        return out


async def sample_cpu(pid, samples):
    """Every second: (time, the server's CPU seconds, this process's CPU seconds)."""
    while True:
        samples.append((time.perf_counter(), proc_cpu(pid), time.process_time()))
        await asyncio.sleep(1)


def print_timeline(clock, seats, samples, wall0, seated):
    """Second by second: moves sent, their p50 / p99 to every seat's update, tables seated, and the
    CPU the server and the clients used (of one core) in that second."""
    print("  second  moves  p50 ms  p99 ms  seated  server CPU  clients CPU")
    moves = clock.moves(seats)
    for (t0, s0, c0), (t1, s1, c1) in zip(samples, samples[1:]):
        lat = sorted(late for t, late in moves if t0 <= t < t1)
        p50 = f"{statistics.median(lat) * 1000:7.1f}" if lat else "      -"
        p99 = f"{lat[max(0, int(len(lat) * 0.99) - 1)] * 1000:7.1f}" if lat else "      -"
        print(f"  {t0 - wall0:6.0f} {len(lat):6d} {p50} {p99} {sum(t < t1 for t in seated):7d} "
              f"{(s1 - s0) / (t1 - t0):10.0%} {(c1 - c0) / (t1 - t0):12.0%}")


def thinking(think, rng):
    """Each move's wait: anywhere from half to one and a half times ``think`` (players do not
    all move in step, as bots waiting exactly ``think`` would)."""
    return lambda: rng.uniform(0.5 * think, 1.5 * think)


async def one_game(uri, players, think, rng, clock, time_up, key, seated, watch):
    """One table: its seats taken by bots, which play until ``time_up(bot)`` says the time is up
    for one of them (the bench: the end of play; a test: when it wants)."""
    await asyncio.sleep(rng.uniform(0, think))           # the tables do not all start at the same moment
    plan = [{"kind": "here", "name": "Host"}] + [{"kind": "invite"} for _ in range(players - 1)]
    creator = Bot(uri, {"type": "create", "seats": plan}, random.Random(rng.random()), record=False,
                  pause=thinking(think, random.Random(rng.random())))
    states = [watch.track(creator, key)]
    await creator.connect()
    while creator.created is None:
        await creator.receive()
    bots = [creator]
    for seat, code in sorted(creator.created["invites"].items()):
        bot = Bot(uri, {"type": "join", "code": code, "name": f"P{seat}"}, random.Random(rng.random()),
                  record=False, pause=thinking(think, random.Random(rng.random())))
        states.append(watch.track(bot, key))
        await bot.connect()
        bots.append(bot)
    seated.append(time.perf_counter())
    sizes = []
    for b in bots:
        clock.track(b, key)
        real = b.ws.recv

        async def counted(real=real):
            text = await real()
            sizes.append(len(text.encode()))
            return text
        b.ws.recv = counted
    # Each bot looks at the clock after each frame it hears, so the bots of a table may disagree:
    # one that heard the last update just before the end waits for a move that the seat to move,
    # which heard it just after, never makes. The first bot of a table to stop stops its table.
    plays = [asyncio.ensure_future(watch.play(st, until=lambda b=st["bot"]: time_up(b))) for st in states]
    try:
        await asyncio.wait(plays, return_when=asyncio.FIRST_COMPLETED)
    finally:                                        # (or the run stops it: a stall)
        for p in plays:
            p.cancel()
        await asyncio.gather(*plays, return_exceptions=True)
    versions = max(b.mirror.version for b in bots)
    return bots, sizes, versions


async def run(args):
    rng = random.Random(1)
    data = tempfile.mkdtemp(prefix="wrath-bench-")
    proc, uri = start_server(data)
    # The clients of every table live in this one process: its collections are paced as the
    # server's are, or their pauses would be counted as the server's latency.
    collecting = asyncio.ensure_future(paced())
    try:
        base_rss = proc_rss_mb(proc.pid)
        clock = Clock()
        cpu0, wall0, clients0 = proc_cpu(proc.pid), time.perf_counter(), time.process_time()
        stop_at = time.monotonic() + args.seconds
        seated, samples = [], []
        sampling = asyncio.ensure_future(sample_cpu(proc.pid, samples)) if args.timeline else None
        watch = Watch()

        def time_up(bot):
            return time.monotonic() > stop_at
        playing = asyncio.gather(*(one_game(uri, args.players, args.think, rng, clock, time_up, i, seated, watch)
                                   for i in range(args.games)))
        try:
            games = await asyncio.wait_for(asyncio.shield(playing), args.seconds + args.stall_seconds)
        except asyncio.TimeoutError:
            await report_stall(watch, args, proc.pid, os.path.join(data, "serve.log"), playing)
            raise SystemExit(1)
        wall, cpu = time.perf_counter() - wall0, proc_cpu(proc.pid) - cpu0
        if sampling is not None:
            sampling.cancel()
        clients_cpu = time.process_time() - clients0
        loaded_rss = proc_rss_mb(proc.pid)
        actions = sum(v for _, _, v in games)
        received = sum(sum(s) for _, s, _ in games)
        lat = sorted(clock.latencies(args.players))
        steady = sorted(clock.latencies(args.players, after=max(seated)))
        for bots, _, _ in games:
            for b in bots:
                await b.close()
        await asyncio.sleep(2)
        idle_rss = proc_rss_mb(proc.pid)
    finally:
        collecting.cancel()
        proc.terminate()
        proc.wait(30)
    shutil.rmtree(data, ignore_errors=True)     # (kept after a stall or a failure: its log says what the server did)
    load = os.getloadavg()
    print(f"{args.games} games of {args.players}, players think {args.think:g} s, {args.seconds:g} s of play "
          f"(load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, {os.cpu_count()} cores)")
    print(f"  actions: {actions} in {wall:.1f} s = {actions / wall:.0f}/s; server CPU {cpu:.1f} s "
          f"= {actions / max(cpu, 1e-9):.0f} actions per CPU-second; the clients' process used {clients_cpu:.1f} s "
          f"of CPU")
    if lat:
        print(f"  move -> every seat's update: p50 {statistics.median(lat) * 1000:.1f} ms, "
              f"p99 {lat[int(len(lat) * 0.99) - 1] * 1000:.1f} ms, max {lat[-1] * 1000:.1f} ms ({len(lat)} moves)")
    if steady:
        print(f"  the same, once every table is seated ({max(seated) - wall0:.1f} s in): "
              f"p50 {statistics.median(steady) * 1000:.1f} ms, p99 {steady[int(len(steady) * 0.99) - 1] * 1000:.1f} ms, "
              f"max {steady[-1] * 1000:.1f} ms ({len(steady)} moves)")
    if args.timeline:
        print_timeline(clock, args.players, samples, wall0, seated)
    print("\n".join(watch.troubles()) or "  every bot ended with its table: no bot failed, no frame out of step, "
          "no error heard")
    print(f"  bytes each seat receives per action: {received / max(1, actions) / args.players:.0f} "
          f"(all frames, the whole first state included)")
    print(f"  server memory: {base_rss:.0f} MB at start, {loaded_rss:.0f} MB with the games connected "
          f"({(loaded_rss - base_rss) / args.games * 1024:.0f} KB per game), {idle_rss:.0f} MB with nobody "
          f"connected ({(idle_rss - base_rss) / args.games * 1024:.0f} KB per idle game, held in memory until "
          f"the idle sweep)")
    print(json.dumps({"actions_per_s": actions / wall, "actions_per_cpu_s": actions / max(cpu, 1e-9),
                      "p99_ms": lat[int(len(lat) * 0.99) - 1] * 1000 if lat else None,
                      "steady_p99_ms": steady[int(len(steady) * 0.99) - 1] * 1000 if steady else None,
                      "bytes_per_seat_action": received / max(1, actions) / args.players}))


async def report_stall(watch, args, server_pid, log_path, playing):
    """The run did not end: each table still playing, bot by bot; then every bot stops, and
    each bot of those tables asks the server for its table again (sync): what the server has."""
    stalled = watch.stalled()
    print(f"STALL: {len(stalled)} tables still playing {args.stall_seconds:g} s after the end of play "
          f"(server pid {server_pid}, its log in {log_path})", flush=True)
    for key, lines in stalled:
        print(f"  table {key}:")
        print("\n".join(lines))
    bots = [st["bot"] for key, _ in stalled for st in watch.tables[key] if st["bot"].ws is not None]
    had = [b.mirror.version for b in bots]
    await asyncio.sleep(args.stall_pause)          # time to look at the server (py-spy dump) before the probe
    playing.cancel()
    await asyncio.gather(playing, return_exceptions=True)
    answers = await asyncio.gather(*(asyncio.wait_for(ask_again(b), 5) for b in bots), return_exceptions=True)
    print("  what the server says when each bot asks again (sync):")
    for b, version, frame in zip(bots, had, answers):
        if isinstance(frame, BaseException):
            said = "no answer in 5 s" if isinstance(frame, asyncio.TimeoutError) else f"{type(frame).__name__}: {frame}"
        else:
            d = frame["snapshot"].get("decision")
            said = f"version {frame['version']}, decider {d and d['player']}"
        print(f"    game {b.mirror.game} seats {b.mirror.here}: at the stall the bot had version {version}; "
              f"the server now: {said}")


async def ask_again(bot):
    """The state frame the server sends when ``bot`` asks for its table again."""
    await bot.send({"type": "sync"})
    while True:
        frame = await bot.receive()
        if frame.get("type") == "state":
            return frame


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--think", type=float, default=1.0,
                    help="seconds a client waits before each move, on average (each wait 0.5x to 1.5x this)")
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--stall-seconds", type=float, default=30,
                    help="seconds after the end of play before a table still playing is reported as a stall")
    ap.add_argument("--stall-pause", type=float, default=0,
                    help="on a stall, seconds to wait after the report before the bots ask the server again "
                         "(time to look at the server, e.g. py-spy dump --pid)")
    ap.add_argument("--timeline", action="store_true",
                    help="print each second's moves, latency, tables seated and CPU of server and clients")
    args = ap.parse_args()
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
