"""The server's edge: WebSocket connections, their limits, and frames in and out.

``Transport.handler`` is what websockets calls for each connection: it counts
connections per address (behind a trusted proxy, the address it says:
server.addresses), closes one that says nothing in FIRST_MESSAGE_SECONDS,
lets new connections' first messages and welcomes work in short turns between
the other messages (``Arrivals``), keeps each connection to its token bucket
of messages, turns every frame into a message (wire.protocol.parse) for
server.messages, and every refusal or fault into an error frame (the server
goes on). Frames out wait in the connection's queue for its writer; a reader
too slow is dropped (it comes back and catches up) rather than growing the
server's memory.
"""
from __future__ import annotations

import asyncio
import collections
import logging
import time

import websockets

from server import addresses, messages
from server.games import store_trouble
from server.store import StoreError
from wire import protocol
from wire.protocol import BadMessage

log = logging.getLogger("wrath.server")

FIRST_MESSAGE_SECONDS = 5       # a connection that says nothing is closed after this ...
CLOSE_SECONDS = 2               # ... and this for its closing handshake: it holds no slot longer
RATE = 20.0                  # messages per second a connection may send, on average ...
BURST = 60                   # ... with this many at once
PER_ADDRESS = 16             # connections from one address at once
SEND_QUEUE = 256             # frames waiting for a slow reader before it is dropped
ARRIVALS_BUDGET = 0.005      # seconds of new connections' work in one turn of the event loop ...
ARRIVALS_BATCH = 32          # ... by at most this many of those waiting


class Connection:
    """One client: the seats it holds (None: a spectator) and what it has been sent."""

    def __init__(self, ws, address):
        self.ws = ws
        self.address = address
        self.session = None             # the window's session (its first message's), or one made for this connection
        self.room = None
        self.seats = set()
        self.spectator = False
        self.last = {}                  # seat -> the snapshot it was last sent (plain data)
        self.cursor = {}                # seat -> its next log line
        self.since = {}                 # seat -> the log lines it has already (hello's "since")
        self.queue = asyncio.Queue()
        self.tokens = float(BURST)
        self.stamp = time.monotonic()
        self.sent = 0                   # bytes, for the benchmark
        self.closing = False

    def watched(self):
        """The eyes this connection is sent: its seats, and what everyone may see when it holds
        several (hot seat at one computer hides the table between them) or none (a spectator)."""
        if self.spectator:
            return [None]
        return sorted(self.seats) + ([None] if len(self.seats) > 1 else [])

    def send(self, frame):
        self.send_text(protocol.dumps(frame))

    def send_text(self, text):
        """Send a frame encoded already (a frame several connections get is encoded once)."""
        if self.closing:
            return
        if self.queue.qsize() >= SEND_QUEUE:          # it does not read: it reconnects and catches up
            self.close()
            return
        self.queue.put_nowait(text)

    def close(self):
        """Close once what is queued has been sent."""
        if not self.closing:
            self.closing = True
            self.queue.put_nowait(None)

    def allowed(self, rate):
        """Token bucket: may this connection send one more message now?"""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Arrivals:
    """New connections' work (their first message, their welcome) in short turns: in one turn
    of the event loop, arrivals go on while they have taken less than ``budget`` seconds, then
    wait (first come, first served) for the next turn. A burst of arrivals (a server starting,
    hundreds of tables seating at once) so works between the moves of the tables already
    playing instead of making them wait for all of it."""

    def __init__(self, budget=ARRIVALS_BUDGET, batch=ARRIVALS_BATCH):
        self.budget = budget
        self.batch = batch                  # arrivals woken at most per turn (each checks the budget)
        self.waiting = collections.deque()  # futures of arrivals waiting for a turn, first come first
        self.again = []                     # woken, but this turn's budget was spent: first in the next
        self.began = None                   # when this turn's arrivals began (None: none yet)
        self.scheduled = False

    async def turn(self):
        """Return when this arrival may do its work (until its next await)."""
        loop = asyncio.get_running_loop()
        if self.waiting or self.again or not self._in_budget(loop):
            await self._wait(loop, self.waiting)
            while not self._in_budget(loop):
                await self._wait(loop, self.again)

    def _in_budget(self, loop):
        now = time.perf_counter()
        if self.began is None:
            self.began = now
            self._schedule(loop)
        return now - self.began < self.budget

    async def _wait(self, loop, queue):
        ready = loop.create_future()
        queue.append(ready)
        self._schedule(loop)
        await ready

    def _schedule(self, loop):
        if not self.scheduled:
            self.scheduled = True
            loop.call_soon(self._next_turn, loop)

    def _next_turn(self, loop):
        """The loop's next turn: a new budget, and the first waiting arrivals woken."""
        self.scheduled = False
        self.began = None
        self.waiting.extendleft(reversed(self.again))
        self.again = []
        woken = 0
        while self.waiting and woken < self.batch:
            ready = self.waiting.popleft()
            if not ready.done():             # (its connection may have gone meanwhile)
                ready.set_result(None)
                woken += 1
        if self.waiting:
            self._schedule(loop)


class Transport:
    def __init__(self, games, per_address=PER_ADDRESS, rate=RATE, trusted_proxies=()):
        self.games = games
        self.arrivals = Arrivals()
        self.per_address = per_address
        self.rate = rate
        self.trusted = addresses.trusted_networks(trusted_proxies)
        self.addresses = {}             # address -> connections open from it
        self.frames_sent = 0

    async def handler(self, ws):
        request = getattr(ws, "request", None)
        address = addresses.client_address((ws.remote_address or ("?",))[0],
                                           request.headers if request is not None else None, self.trusted)
        if self.addresses.get(address, 0) >= self.per_address:
            await ws.close(1008, "too many connections from your address")
            return
        self.addresses[address] = self.addresses.get(address, 0) + 1
        conn = Connection(ws, address)
        writer = asyncio.ensure_future(self._writer(conn))
        try:
            await self._serve(conn)
        finally:
            self.addresses[address] -= 1
            if not self.addresses[address]:
                del self.addresses[address]
            await self.games.leave(conn)
            conn.close()
            await asyncio.gather(writer, return_exceptions=True)

    async def _serve(self, conn):
        ws = conn.ws
        try:
            frame = await asyncio.wait_for(ws.recv(), FIRST_MESSAGE_SECONDS)
        except (asyncio.TimeoutError, Exception):
            await ws.close(1008, "say who you are first")
            return
        await self.arrivals.turn()
        try:
            room, seats, spectator = await messages.first(self.games, conn, protocol.parse(frame))
        except BadMessage as exc:
            conn.send({"type": "error", "text": str(exc), "fatal": True})
            return
        except StoreError as exc:                 # not fatal: the window reconnects by itself (with backoff)
            log.error("a first message failed: %s", exc)
            conn.send({"type": "error", "text": store_trouble(exc)})
            return
        except Exception:                         # a fault of ours: said, and the server goes on
            log.exception("a first message failed")
            conn.send({"type": "error", "text": "The server could not do that (its fault, not yours): try again."})
            return
        await self.arrivals.turn()
        await self.games.arrive(conn, room, seats, spectator)
        try:
            await self._messages(conn)
        except websockets.exceptions.ConnectionClosed:
            pass

    async def _messages(self, conn):
        async for frame in conn.ws:
            if conn.closing:
                return
            if not conn.allowed(self.rate):
                conn.send({"type": "error", "text": "Too many messages: slow down.", "id": _id_of(frame)})
                if conn.tokens < -BURST:
                    return
                conn.tokens -= 1
                continue
            try:
                await messages.later(self.games, conn, protocol.parse(frame))
            except BadMessage as exc:
                conn.send({"type": "error", "text": str(exc), "id": _id_of(frame)})
            except StoreError as exc:
                log.error("a message failed: %s", exc)
                conn.send({"type": "error", "text": store_trouble(exc), "id": _id_of(frame)})
            except websockets.exceptions.ConnectionClosed:
                raise
            except Exception:                  # a fault of ours: that message fails, the server goes on
                log.exception("a message failed")
                conn.send({"type": "error", "text": "The server could not do that.", "id": _id_of(frame)})

    async def _writer(self, conn):
        while True:
            frame = await conn.queue.get()
            if frame is None:
                await conn.ws.close()
                return
            try:
                await conn.ws.send(frame)
            except Exception:
                return
            conn.sent += len(frame)
            self.frames_sent += 1



def _id_of(frame):
    """The id of a refused message, if it has a plain one (so that the client knows which)."""
    try:
        msg = protocol.parse(frame)
    except BadMessage:
        return None
    v = msg.get("id")
    return v if type(v) is int else None
