"""A scripted client: plays its seats of an online game through the real protocol,
choosing at random among the options of its own snapshots (tests, the benchmark).

    bot = Bot(uri, first_message, rng)     # {"type": "hello", "tokens": [...]} / create / join / watch
    await bot.play()                       # until the game is over (or ``stop_after`` own moves)

Every frame received is kept in ``bot.frames`` (the privacy test reads them);
``bot.mirror`` is what the bot knows of the game.
"""
from __future__ import annotations

import asyncio
import json
import secrets
import time

from websockets.asyncio.client import connect

from wire import protocol, tls
from client.mirror import Mirror, OutOfStep

SLOW_DOWN = 0.25            # seconds a bot waits when the server says it sends too many messages


class Bot:
    def __init__(self, uri, first, rng, stop_after=None, record=True, pause=0.0, session=None, trust=""):
        """``pause``: seconds to wait before each move (a number, or a function giving each wait);
        ``session``: the window's session sent in the first message (default: a new one, as a
        window that opens; the same one again: a window whose connection came back); ``trust``:
        a wss:// server's certificate, as a window trusts it (wire.tls)."""
        self.uri = uri
        self.trust = trust
        self.session = session or secrets.token_urlsafe(18)
        self.first = dict(first, session=self.session)
        self.rng = rng
        self.stop_after = stop_after
        self.record = record
        self.pause = pause
        self.frames = []
        self.mirror = Mirror()
        self.created = self.joined = None
        self.moves = 0
        self.latencies = []          # seconds from sending a move to hearing its version
        self.errors = []
        self.next_id = 1
        self._sent = {}              # version expected -> time sent
        self.ws = None

    async def connect(self):
        context = tls.client_context(self.uri, self.trust)
        self.ws = await connect(self.uri, max_size=None, compression=None, open_timeout=20,
                                **({"ssl": context} if context else {}))
        try:
            tls.check_peer(self.ws.transport.get_extra_info("ssl_object"), self.trust)
        except tls.NotTrusted:
            await self.ws.close()
            raise
        await self.ws.send(protocol.dumps(self.first))

    async def receive(self):
        text = await self.ws.recv()
        if self.record:
            self.frames.append(text)
        frame = json.loads(text)
        kind = frame.get("type")
        if kind == "created":
            self.created = frame
        elif kind == "joined":
            self.joined = frame
        elif kind == "error":
            self.errors.append(frame["text"])
            if frame.get("fatal"):
                raise RuntimeError(frame["text"])
        elif kind == "answer" and "error" in frame and frame.get("stale"):
            await self.send({"type": "sync"})
        else:
            try:
                self.mirror.take(frame)
            except OutOfStep:
                await self.send({"type": "sync"})
        if kind in ("update", "state"):
            sent = self._sent.pop(frame["version"], None)
            if sent is not None:
                self.latencies.append(time.perf_counter() - sent)
        return frame

    async def send(self, msg):
        await self.ws.send(protocol.dumps(msg))

    def over(self):
        snaps = self.mirror.snaps
        return bool(snaps) and all(s["board"]["over"] for s in snaps.values())

    async def play(self, until=None):
        """Answer every decision of the bot's seats until the game is over."""
        if self.ws is None:
            await self.connect()
        asked = -1
        while not self.over() and (until is None or not until()):
            if self.stop_after is not None and self.moves >= self.stop_after:
                return
            move = self.choose()
            if move is not None and move[1] != asked:
                asked = move[1]
                pause = self.pause() if callable(self.pause) else self.pause
                if pause:
                    await asyncio.sleep(pause)
                seat, version, option = move
                self._sent[version + 1] = time.perf_counter()
                await self.send({"type": "apply", "id": self.next_id, "seat": seat, "version": version,
                                 "option": option})
                self.next_id += 1
                self.moves += 1
            frame = await self.receive()
            if frame.get("type") == "answer" and "error" in frame:
                asked = -1                   # refused: look again and choose anew
            elif frame.get("type") == "error" and frame.get("id") == self.next_id - 1:
                asked = -1                   # not even read (too many messages): a moment, then again
                await asyncio.sleep(SLOW_DOWN)

    def choose(self):
        m = self.mirror
        for seat in m.here:
            options = m.options(seat)
            if options:
                return seat, m.version, self.rng.randrange(len(options))
        return None

    async def close(self):
        if self.ws is not None:
            await self.ws.close()
