"""Helpers for the online tests: a real server on 127.0.0.1 (port 0), in this
process (``serving``: the test can look at its games) or as a process of its
own (``ServerProcess``: ``python main.py serve``, which a test may kill -9),
and tables of scripted clients (client.bot) that play through the protocol."""
from __future__ import annotations

import asyncio
import contextlib
import os
import random
import subprocess
import sys

from client.bot import Bot
from server.server import run

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIMIT_SECONDS = 240          # no online test waits longer than this for anything


@contextlib.asynccontextmanager
async def serving(data_dir, **limits):
    """A server in this event loop: yields (server, "ws://127.0.0.1:PORT")."""
    stop, ready, box = asyncio.Event(), asyncio.Event(), {}

    def on_ready(server, port):
        box.update(server=server, port=port)
        ready.set()
    limits.setdefault("rate", 1e6)            # scripted clients answer at once
    task = asyncio.ensure_future(run("127.0.0.1", 0, str(data_dir), on_ready, stop=stop, **limits))
    await asyncio.wait_for(asyncio.shield(ready.wait()), 30) if not task.done() else None
    if task.done():
        task.result()
    try:
        yield box["server"], f"ws://127.0.0.1:{box['port']}"
    finally:
        stop.set()
        await asyncio.wait_for(task, 30)


class ServerThread:
    """A server in a thread of this process (for clients that are not asyncio: the window's host);
    ``limits``: run()'s, e.g. tls=an ssl.SSLContext for wss://."""

    def __init__(self, data_dir, **limits):
        import threading
        limits.setdefault("rate", 1e6)
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.stop_event = None

        def on_ready(server, port):
            self.server, self.uri = server, f"{'wss' if limits.get('tls') else 'ws'}://127.0.0.1:{port}"
            self.ready.set()

        async def main():
            self.stop_event = asyncio.Event()
            await run("127.0.0.1", 0, str(data_dir), on_ready, stop=self.stop_event, **limits)
        self.thread = threading.Thread(target=lambda: self.loop.run_until_complete(main()), daemon=True)
        self.thread.start()
        if not self.ready.wait(30):
            raise RuntimeError("the server did not start")

    def call(self, fn):
        """Run fn() in the server's loop and return its result."""
        import concurrent.futures
        future = concurrent.futures.Future()
        self.loop.call_soon_threadsafe(lambda: future.set_result(fn()))
        return future.result(30)

    def stop(self):
        self.loop.call_soon_threadsafe(self.stop_event.set)
        self.thread.join(30)


def create_game(uri, plan, variant="standard", **options):
    """Create a game as a window does (a short connection): the server's "created" frame."""
    async def go():
        bot = Bot(uri, {"type": "create", "seats": plan, "variant": variant, **options}, random.Random(0))
        await bot.connect()
        while bot.created is None:
            await asyncio.wait_for(bot.receive(), 30)
        await bot.close()
        return bot.created
    return asyncio.run(go())


def join_game(uri, code, name):
    async def go():
        bot = Bot(uri, {"type": "join", "code": code, "name": name}, random.Random(0))
        await bot.connect()
        while bot.joined is None:
            await asyncio.wait_for(bot.receive(), 30)
        await bot.close()
        return bot.joined
    return asyncio.run(go())


class ServerProcess:
    """``python main.py serve --port 0 --data DIR`` in a process of its own (``port``: another port)."""

    def __init__(self, data_dir, *extra, port=0):
        self.proc = subprocess.Popen([sys.executable, "main.py", "serve", "--port", str(port), "--data", str(data_dir),
                                      "--rate", "100000", *extra], cwd=ROOT,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        if "ws://" not in line and "wss://" not in line:
            self.proc.kill()
            raise RuntimeError(f"the server did not start: {line!r} {self.proc.stderr.read()[:500]!r}")
        self.uri = line.split()[line.split().index("on") + 1]
        self.banner = [line]              # what serve tells the host at start, up to where invite codes are made
        while "Invite codes" not in line and line:
            line = self.proc.stdout.readline()
            self.banner.append(line)

    def kill(self):
        self.proc.kill()
        self.proc.wait(30)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc.stdout.close()
        self.proc.stderr.close()


def free_port():
    """A port nobody listens on now (for a server that must come back on the same one)."""
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def seat_plan(players, ai=()):
    """Seat 0 created here, the AI seats given, every other seat an invite."""
    return [{"kind": "here", "name": "Host"} if i == 0 else {"kind": ai[i]} if i in ai else {"kind": "invite"}
            for i in range(players)]


async def table_of_bots(uri, plan, variant="standard", seed=0, trust="", **options):
    """The creator's bot and one joined bot per invite, connected: [Bot] (seat order of the humans);
    ``trust``: a wss:// server's certificate, as a window trusts it (wire.tls)."""
    rng = random.Random(seed)
    creator = Bot(uri, {"type": "create", "seats": plan, "variant": variant, **options}, random.Random(rng.random()),
                  trust=trust)
    await creator.connect()
    while creator.created is None:
        await asyncio.wait_for(creator.receive(), 30)
    bots = [creator]
    for seat, code in sorted(creator.created["invites"].items(), key=lambda kv: int(kv[0])):
        bot = Bot(uri, {"type": "join", "code": code, "name": f"Player {seat}"}, random.Random(rng.random()),
                  trust=trust)
        await bot.connect()
        bots.append(bot)
    return bots


async def play_out(bots, limit=LIMIT_SECONDS):
    await asyncio.wait_for(asyncio.gather(*(b.play() for b in bots)), limit)


def wait_until(test, seconds=60, step=0.005):
    """Poll ``test()`` until it is true (True) or ``seconds`` have passed (False)."""
    import time
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if test():
            return True
        time.sleep(step)
    return False
