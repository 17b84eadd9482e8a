"""The game server: ``python main.py serve --host 127.0.0.1 --port 8765 --data DIR``.

It holds every game (server.room), keeps them in a store
(server.store) and speaks JSON over WebSocket (the ``websockets``
library, asyncio). It is the authority: a client's message is checked (the
frame, the seat's token, that the seat may act now, that the option is one
the engine offers, that the version the client saw is current) before it
reaches a game, and every accepted change is committed to the store before
anyone is told. Each connection is sent only what its seats may see.

It never answers "ok" for what it did not do: a message sent again (a lost
answer, a reconnection, a restarted server) is recognised by its window's
session and id, stored with the move it made (server.room); a window of
another session never shares its ids. It never opens data it cannot vouch
for: one server per data folder (server.folder_lock), a games database
checked before it is opened (server.store), every game's rules
fingerprint (game.fingerprint) the server's own.

Limits against hostile clients: frames over 64 KiB are refused, compression
is off, the handshake and the first message have short timeouts, each
connection has a token bucket of messages, each address a cap on connections
(behind a reverse proxy: the address it says, if it is trusted:
server.addresses).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import secrets
import signal
import sys
import time

import websockets
from websockets.asyncio.server import serve as ws_serve

from app.version import VERSION as RELEASE
from game.data import default_data
from game.fingerprint import rules_fingerprint, short
from game.plaintext import escape
from game.variants import VARIANTS
from server import addresses, announce, collector, game_snapshot
from wire import protocol, tls
from server.folder_lock import FolderLock
from server.health import Health
from wire.protocol import BadMessage
from server.room import Room, digest, new_invite, new_token, normal_invite
from server.shared import LEASE_SECONDS, SharedGames
from server.store import CHECK_SECONDS, SQLiteStore, StoreError, Taken

log = logging.getLogger("wrath.server")

FIRST_MESSAGE_SECONDS = 5       # a connection that says nothing is closed after this ...
CLOSE_SECONDS = 2               # ... and this for its closing handshake: it holds no slot longer
RATE = 20.0                  # messages per second a connection may send, on average ...
BURST = 60                   # ... with this many at once
PER_ADDRESS = 16             # connections from one address at once
SEND_QUEUE = 256             # frames waiting for a slow reader before it is dropped
IDLE_ROOM_SECONDS = 120      # a game nobody is connected to leaves memory after this (the store keeps it)


def store_trouble(exc, move=False):
    """What a player is told when the store failed (``exc``: a StoreError): nothing was done."""
    then = "That move was not made: try it again in a moment." if move else "Try again in a moment."
    return f"The server {exc.reason} (the game is as it was). {then}"


class OtherRules(BadMessage):
    """A stored game played with rules other than this server's: it is never replayed with these."""


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


class Server(SharedGames):
    def __init__(self, store, per_address=PER_ADDRESS, idle_room_seconds=IDLE_ROOM_SECONDS, rate=RATE,
                 lease_seconds=LEASE_SECONDS, snapshot_every=game_snapshot.SNAPSHOT_EVERY, trusted_proxies=()):
        self.store = store
        self.trusted = addresses.trusted_networks(trusted_proxies)
        self.snapshot_every = snapshot_every          # records between two stored snapshots (0: none)
        self.rate = rate
        self.per_address = per_address
        self.idle_room_seconds = idle_room_seconds
        self.rooms = {}
        self.addresses = {}
        self.loop = None
        self.db_thread = concurrent.futures.ThreadPoolExecutor(1, "store") if store.blocking else None
        self.frames_sent = 0
        self._init_shared(lease_seconds)

    # ----- the store ------------------------------------------------------------------------
    async def db(self, fn, *args, **kw):
        if self.db_thread is None:
            return fn(*args, **kw)
        return await self.loop.run_in_executor(self.db_thread, lambda: fn(*args, **kw))

    async def room(self, game_id):
        room = self.rooms.get(game_id)
        if room is None:
            stored = await self.db(self.store.load, game_id, game_snapshot.FORMAT)
            if stored is None:
                return None
            self._same_rules(stored["settings"])
            room = self.rooms.get(game_id)          # another connection may have loaded it meanwhile
            if room is None:
                room = await self._rebuilt(game_id, stored)
                if self.rooms.get(game_id) is None:
                    self.rooms[game_id] = room
                    room.lock = asyncio.Lock()
                else:
                    room.host.close()
                    room = self.rooms[game_id]
        if self.store.leases:                       # other processes may have moved it on (even while it loaded)
            await self.catch_up(game_id)
            room = self.rooms.get(game_id)
        return room

    @staticmethod
    def _same_rules(settings):
        """A stored game is opened only with the rules it was played with (never replayed with others)."""
        rules = Room.rules_of(settings)
        if rules != rules_fingerprint():
            raise OtherRules(f"This game was played with other rules (rules {short(rules)}) than this server's "
                             f"version {RELEASE} (rules {short(rules_fingerprint())}): it is kept as it was, "
                             f"for a server of its version to open.")

    async def _rebuilt(self, game_id, stored):
        """The room of a loaded game: from its snapshot if it has a usable one, else from its seed."""
        try:
            return Room.rebuild(game_id, stored, self._waker(game_id))
        except game_snapshot.Unusable as exc:
            log.warning("game %s: its snapshot at record %s is not used (%s); replaying it from its seed",
                        game_id, stored["snapshot"]["seq"], exc)
        stored = await self.db(self.store.load, game_id)
        return Room.rebuild(game_id, stored, self._waker(game_id))

    async def save_snapshot(self, room):
        """Store the room's snapshot now, unless snapshots are off (--snapshot-every 0); a failure
        costs only loading time: the records are the truth."""
        if not self.snapshot_every or room.version <= room.snapshot_seq:
            return
        seq, state = room.version, game_snapshot.make(room.session, room.last_undo, room.by)
        try:
            await self.db(self.store.save_snapshot, room.id, seq, game_snapshot.FORMAT, state)
        except Exception as exc:
            log.error("game %s: cannot store its snapshot at record %s (%s)", room.id, seq, exc)
            return
        room.snapshot_seq = max(room.snapshot_seq, seq)

    def _waker(self, game_id):
        def wake():
            if self.loop is not None and not self.loop.is_closed():
                self.loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self.step(game_id)))
        return wake

    async def commit(self, room, answer=None):
        """The room's new records into the store, then everyone hears of them
        (``answer``: (connection, frame), the answer to the command that made them)."""
        first, records = room.take_pending()
        if records:
            try:
                await self.db(self.store.append, room.id, first, records)
            except Exception as exc:             # Taken: another process moved on; StoreError: the database is away
                log.error("game %s: cannot store records from %s (%s); reloading it", room.id, first, exc)
                await self.reload(room)
                if answer is not None:
                    moved_on = isinstance(exc, Taken)
                    answer[0].send({"type": "answer", "id": answer[1]["id"], "seat": answer[1]["seat"],
                                    "error": "The game has moved on since: look again." if moved_on else
                                    store_trouble(exc, move=True) if isinstance(exc, StoreError) else
                                    "The server could not store that move (the game is as it was): try it again.",
                                    "stale": moved_on})
                return False
            room.mark_stored()
            if room.session.game.is_over:
                log.info("game %s finished (%d records)", room.id, room.version)
        if answer is not None:
            answer[0].send(answer[1])
        room.broadcast()
        every = self.snapshot_every
        if records and every and room.version // every > (first - 1) // every:
            await self.save_snapshot(room)
        return True

    async def reload(self, room):
        """Forget the room's memory and rebuild it from the store; its connections start again. With
        the store away, the room goes back to what the store had last (its unstored changes are dropped)."""
        room.host.close()
        self.rooms.pop(room.id, None)
        try:
            fresh = await self.room(room.id)
        except StoreError as exc:
            log.error("game %s: cannot reload it (%s); going back to its last stored version", room.id, exc)
            fresh = self.rooms[room.id] = Room.restored(room, self._waker(room.id))
            fresh.lock = asyncio.Lock()
        for conn in list(room.connections):
            if fresh is None:
                conn.send({"type": "error", "text": "This game is no longer on the server.", "fatal": True})
                conn.close()
                continue
            conn.room = fresh
            fresh.connections.add(conn)
            for frame in fresh.welcome(conn):
                conn.send(frame)

    # ----- moves the server makes itself (AI seats, hints, turn limits) --------------------
    async def step(self, game_id):
        room = self.rooms.get(game_id)
        if room is None:
            return
        async with room.lock:
            news = []
            if room.host.ready():
                room.host.advance()                  # applies the move thought out
                news = room.news()
                for frame, _ in news:                # (the AI failed: a random move) stored with the move,
                    if frame["type"] == "notice":    # so that every process tells its connections
                        room.note(frame["text"])
                if not await self.commit(room):
                    return
            for frame, conns in news + room.news():
                for c in conns:
                    c.send(frame)
            await self._drive(room)                  # the next AI seat starts thinking, if it must

    def _time_turn(self, room):
        limit = room.settings.get("turn_limit")
        if limit and room.host.decider is not None:
            version = room.version
            self.loop.call_later(limit + 0.05, lambda: asyncio.ensure_future(self._turn_over(room, version)))

    async def _turn_over(self, room, version):
        async with room.lock:
            if room.version != version or room.timed_out_seat() is None or self.rooms.get(room.id) is not room:
                return
            if not await self._holds_lease(room):
                return
            text = room.play_for(room.timed_out_seat())
            if await self.commit(room):
                for conn in list(room.connections):
                    conn.send({"type": "notice", "text": text})
                await self._drive(room)

    # ----- first messages -------------------------------------------------------------------
    async def first(self, conn, msg):
        kind = protocol.check(msg, first=True)
        v = msg.get("v", protocol.VERSION)
        if v != protocol.VERSION:
            raise BadMessage(f"this server speaks protocol {protocol.VERSION}: "
                             + ("update the game to play" if type(v) is int and v < protocol.VERSION else
                                "it needs the game's newer version"))
        theirs = protocol.rules_of(msg)
        if theirs is not None and theirs != rules_fingerprint():
            release = msg.get("release")
            release = release if isinstance(release, str) and len(release) <= 20 and release.isprintable() else "?"
            raise BadMessage(f"This server runs version {RELEASE} (rules {short(rules_fingerprint())}), you have "
                             f"{release} (rules {short(theirs)}): update to play.")
        conn.session = protocol.session_of(msg) or secrets.token_urlsafe(18)
        return await {"hello": self.hello, "create": self.create, "join": self.join, "watch": self.watch}[kind](conn, msg)

    async def hello(self, conn, msg):
        tokens = msg.get("tokens")
        if not isinstance(tokens, list) or not 1 <= len(tokens) <= protocol.MAX_SEATS:
            raise BadMessage("'tokens' must be a list of 1 to 6 seat tokens")
        room, seats = None, set()
        for token in tokens:
            if not isinstance(token, str) or not 20 <= len(token) <= protocol.MAX_TEXT:
                raise BadMessage("that is not a seat token")
            found = await self.db(self.store.find, "token_hash", digest(token))
            here = found and (await self.room(found[0]))
            if not here or not here.seat_of_token(digest(token), found[1]):
                raise BadMessage("no seat has that token (the game may have been removed)")
            if room is not None and here is not room:
                raise BadMessage("the tokens are of different games")
            room = here
            seats.add(found[1])
        self._since(conn, msg, room, seats)
        return room, seats, False

    @staticmethod
    def _since(conn, msg, room, seats):
        """The log lines a returning client has already (hello's or watch's "since"), to be
        sent only the lines after them; "public" is what everyone may see."""
        since = msg.get("since") or {}
        if not isinstance(since, dict) or len(since) > protocol.MAX_SEATS + 1:
            raise BadMessage("'since' maps seats to the log lines the client has")
        for key, cursor in since.items():
            seat = None if key == "public" else int(key) if key.isdigit() else -1
            if (seat is not None and seat not in seats) or type(cursor) is not int or not 0 <= cursor < protocol.ID_LIMIT:
                raise BadMessage("'since' maps this connection's seats to whole numbers")
            conn.since[seat] = cursor
        version = msg.get("version")
        if type(version) is not int or version < room.last_undo:
            conn.since.clear()               # an undo since: the lines it has may differ, send them all

    async def create(self, conn, msg):
        variant = msg.get("variant", "standard")
        if variant not in VARIANTS:
            raise BadMessage(f"unknown variant (known: {', '.join(VARIANTS)})")
        wanted = msg.get("seats")
        if not isinstance(wanted, list) or not 2 <= len(wanted) <= protocol.MAX_SEATS:
            raise BadMessage("'seats' must list 2 to 6 seats")
        limits = {k: protocol.number(msg, k, low=1, high=30 * 24 * 3600, required=False)
                  for k in ("absent_limit", "turn_limit")}
        dragons = [d.name for d in default_data().dragons]
        seats, tokens, invites = [], {}, {}
        for i, want in enumerate(wanted):
            if not isinstance(want, dict):
                raise BadMessage("each seat is an object with a 'kind'")
            kind = want.get("kind")
            seat = {"seat": i, "dragon": dragons[i], "token_hash": None, "invite_hash": None, "stand_in": None}
            if kind == "here":
                token = new_token()
                tokens[i] = token
                seat.update(kind="human", name=protocol.player_name(want), token_hash=digest(token))
            elif kind == "invite":
                code = new_invite()
                invites[i] = code
                name = protocol.player_name(want) if want.get("name") is not None else f"Seat {i + 1}"
                seat.update(kind="human", name=name, invite_hash=digest(normal_invite(code)))
            elif kind in protocol.AI_LEVELS:
                seat.update(kind=kind, name=f"{dragons[i]} AI")
            else:
                raise BadMessage(f"a seat's kind is here, invite or an AI level ({', '.join(protocol.AI_LEVELS)})")
            seats.append(seat)
        if not tokens:
            raise BadMessage("at least one seat must be played here ('here')")
        game_id = secrets.token_urlsafe(9)
        settings = {"seed": secrets.randbits(63), "variant": variant, "rules": rules_fingerprint(), **limits}
        await self.db(self.store.create_game, game_id, settings, seats)
        log.info("game %s created: %s, %d seats (%s)", game_id, variant, len(seats),
                 ", ".join(f"{n} {kind}" for kind, n in _counts(w.get("kind") for w in wanted)))
        room = self.rooms[game_id] = Room.create(game_id, settings, seats, self._waker(game_id))
        room.lock = asyncio.Lock()
        conn.send({"type": "created", "game": game_id, "watch": game_id,
                   "tokens": {str(i): t for i, t in tokens.items()},
                   "invites": {str(i): c for i, c in invites.items()}})
        return room, set(tokens), False

    async def join(self, conn, msg):
        code = normal_invite(protocol.text(msg, "code", limit=20))
        name = protocol.player_name(msg)
        found = await self.db(self.store.find, "invite_hash", digest(code))
        room = found and await self.room(found[0])
        if not room or room.seats[found[1]]["invite_hash"] != digest(code):
            raise BadMessage("no open seat has that invite code (it may have been used already)")
        seat = found[1]
        async with room.lock:
            token = new_token()
            if not await self.db(self.store.claim_seat, room.id, seat, digest(code), name, digest(token)):
                raise BadMessage("no open seat has that invite code (it may have been used already)")
            room.claim(seat, name, token)
            room.broadcast()                  # everyone's table names the friend at once
        conn.send({"type": "joined", "game": room.id, "seat": seat, "token": token})
        return room, {seat}, False

    async def watch(self, conn, msg):
        room = await self.room(protocol.text(msg, "game"))
        if room is None:
            raise BadMessage("no game has that code")
        self._since(conn, msg, room, set())
        return room, set(), True

    # ----- later messages -------------------------------------------------------------------
    async def later(self, conn, msg):
        kind = protocol.check(msg, first=False)
        room = conn.room
        if kind == "ping":
            conn.send({"type": "pong"})
            return
        if kind == "sync":
            for seat in conn.watched():
                conn.send(room.full_state(conn, seat))
            return
        if kind == "record":
            text = room.record()
            conn.send({"type": "record", "save": text} if text is not None else
                      {"type": "error", "text": "The whole game is sent once it is over."})
            return
        seat = self._seat(conn, msg)
        async with room.lock:
            if kind in protocol.COMMANDS:
                answer = room.command(seat, msg, conn.session)
                if await self.commit(room, (conn, answer)):
                    await self._drive(room)
            elif kind == "takeover":
                target = protocol.number(msg, "target", high=protocol.MAX_SEATS - 1)
                level = msg.get("level")
                await self.refresh_presence([room])          # connected to another process, or away since when
                why = room.may_take_over(conn.seats, target, level) if target < len(room.seats) else "No such seat."
                if why:
                    conn.send({"type": "error", "text": why})
                    return
                await self.db(self.store.update_seat, room.id, target, stand_in=level)
                room.stand_in(target, level)
                room.tell_presence()
                room.broadcast()
                await self._drive(room)
            elif kind == "reclaim":
                if not room.seats[seat]["stand_in"]:
                    conn.send({"type": "error", "text": "Your seat is yours already."})
                    return
                await self.db(self.store.update_seat, room.id, seat, stand_in=None)
                room.stand_in(seat, None)
                room.host.forget_hint()
                room.tell_presence()
                room.broadcast()

    def _seat(self, conn, msg):
        if conn.spectator:
            raise BadMessage("a spectator cannot play")
        seat = msg.get("seat")
        if seat is None and len(conn.seats) == 1:
            return next(iter(conn.seats))
        if seat not in conn.seats:
            raise BadMessage("this connection does not hold that seat")
        return seat

    # ----- connections ----------------------------------------------------------------------
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
            await self._leave(conn)
            conn.close()
            await asyncio.gather(writer, return_exceptions=True)

    async def _serve(self, conn):
        ws = conn.ws
        try:
            frame = await asyncio.wait_for(ws.recv(), FIRST_MESSAGE_SECONDS)
        except (asyncio.TimeoutError, Exception):
            await ws.close(1008, "say who you are first")
            return
        try:
            room, seats, spectator = await self.first(conn, protocol.parse(frame))
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
        conn.room, conn.seats, conn.spectator = room, seats, spectator
        async with room.lock:
            arrived = [s for s in seats if not room.connected_here(s)]
            room.connections.add(conn)
            for frame in room.welcome(conn):
                conn.send(frame)
            room.tell_presence()
            await self.say_present(room, arrived, True)
            await self._drive(room)
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
                await self.later(conn, protocol.parse(frame))
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

    async def _leave(self, conn):
        room = conn.room
        if room is None:
            return
        room.connections.discard(conn)
        now = time.monotonic()
        gone = [s for s in conn.seats if not room.connected_here(s)]
        for seat in gone:
            room.away_since[seat] = now
        room.idle_since = now
        room.tell_presence()
        await self.say_present(room, gone, False)

    async def sweep(self):
        """Games nobody is connected to, and whose AI is not thinking, leave memory (the store keeps them)."""
        while True:
            await asyncio.sleep(min(30, self.idle_room_seconds))
            now = time.monotonic()
            for game_id, room in list(self.rooms.items()):
                if (not room.connections and not room.host.thinking and not room.host.ready()
                        and room.host.ai_to_move() is None and now - room.idle_since > self.idle_room_seconds):
                    async with room.lock:
                        await self.save_snapshot(room)       # it loads fast when it is opened again
                        if self.rooms.get(game_id) is room and not room.connections:
                            room.host.close()
                            del self.rooms[game_id]


def _counts(kinds):
    counts = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return counts.items()


def _id_of(frame):
    """The id of a refused message, if it has a plain one (so that the client knows which)."""
    try:
        msg = protocol.parse(frame)
    except BadMessage:
        return None
    v = msg.get("id")
    return v if type(v) is int else None


def open_store(data_dir, db=None, check_seconds=CHECK_SECONDS):
    """(store, folder lock or None): PostgreSQL when ``db`` is a postgresql:// address (several
    processes share it), else SQLite in ``data_dir``, which this process then holds alone."""
    if db:
        from server.pgstore import PostgresStore
        return PostgresStore(db), None
    lock = FolderLock(data_dir)
    try:
        return SQLiteStore(os.path.join(data_dir, "games.sqlite"), check_seconds), lock
    except BaseException:
        lock.release()
        raise


async def run(host, port, data_dir, ready=None, stop=None, db=None, check_seconds=CHECK_SECONDS, tls=None,
              paced_collection=False, **limits):
    """Serve until ``stop`` (an asyncio.Event) is set, or, without one, until SIGTERM or SIGINT;
    then every game is stored and the database closed cleanly. ``db``: a PostgreSQL address (else
    SQLite in ``data_dir``); ``tls``: an ssl.SSLContext (wss://; wire.tls);
    ``paced_collection``: collect garbage by the clock (server.collector: ``serve`` does); ``limits``:
    Server's per_address, rate, idle_room_seconds, lease_seconds, snapshot_every, trusted_proxies."""
    store, lock = open_store(data_dir, db, check_seconds)
    try:
        await _serve_store(store, host, port, ready, stop, limits, tls, paced_collection)
    finally:
        store.close()
        if lock is not None:
            lock.release()


async def _serve_store(store, host, port, ready, stop, limits, tls=None, paced_collection=False):
    server = Server(store, **limits)
    loop = server.loop = asyncio.get_running_loop()
    if stop is None:
        stop = asyncio.Event()
        for sig in (signal.SIGTERM, signal.SIGINT):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):          # Windows: Ctrl+C still stops it
                pass
    tasks = [asyncio.ensure_future(server.sweep())]
    if paced_collection:
        tasks.append(asyncio.ensure_future(collector.paced()))
    if store.leases:
        tasks += [asyncio.ensure_future(server.keep_leases()), asyncio.ensure_future(server.keep_presence())]
    store.listen(server.heard)
    try:
        async with ws_serve(server.handler, host, port, max_size=protocol.MAX_FRAME, compression=None,
                            open_timeout=FIRST_MESSAGE_SECONDS, close_timeout=CLOSE_SECONDS, ping_interval=20,
                            ping_timeout=20, max_queue=16, server_header=None, ssl=tls,
                            process_request=Health(server).process_request) as listening:
            if ready is not None:
                ready(server, listening.sockets[0].getsockname()[1])
            await stop.wait()
    finally:
        for task in tasks:
            task.cancel()
        await server.release_leases()
        for room in list(server.rooms.values()):
            room.host.close()
            await server.save_snapshot(room)
        if server.db_thread is not None:
            server.db_thread.shutdown()


def parse_serve(argv, prog):
    import argparse
    ap = argparse.ArgumentParser(prog=prog,
                                 description="Hold online games of Wrath of Dragons for players on other computers.")
    ap.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: the network)")
    ap.add_argument("--port", type=int, default=8765, help="port (default 8765; 0: any free port)")
    ap.add_argument("--data", metavar="DIR", help="folder for the games database (default: the user's data folder)")
    ap.add_argument("--db", metavar="postgresql://...",
                    help="keep the games in this PostgreSQL database instead, shared by every server process "
                         "given the same address (default: SQLite in --data, one process)")
    ap.add_argument("--lease", type=float, default=LEASE_SECONDS, metavar="SECONDS",
                    help=f"with --db: how long a process holds a game's AI seats and turn limit before another "
                         f"may take them over, should it die (default {LEASE_SECONDS:g})")
    ap.add_argument("--snapshot-every", type=int, default=game_snapshot.SNAPSHOT_EVERY, metavar="N",
                    help=f"store a snapshot of a game every N records, so that it loads without replaying them "
                         f"all (default {game_snapshot.SNAPSHOT_EVERY}; 0: never)")
    ap.add_argument("--per-address", type=int, default=PER_ADDRESS, metavar="N",
                    help=f"connections one address may hold at once (default {PER_ADDRESS})")
    ap.add_argument("--rate", type=float, default=RATE, metavar="N",
                    help=f"messages per second one connection may send on average (default {RATE:g})")
    ap.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDR",
                    help="a reverse proxy's address or network (repeatable): only from these is the "
                         "X-Forwarded-For or Forwarded header believed for the client's address (default: none)")
    ap.add_argument("--check-seconds", type=float, default=CHECK_SECONDS, metavar="S",
                    help=f"at start, at most this long for SQLite's check of every page of the games database "
                         f"(default {CHECK_SECONDS}; 0: skip it)")
    ap.add_argument("--tls-cert", metavar="FILE",
                    help="serve wss:// (TLS) with this certificate chain (PEM, e.g. Let's Encrypt's fullchain.pem)")
    ap.add_argument("--tls-key", metavar="FILE", help="the certificate's private key (PEM, e.g. privkey.pem)")
    return ap.parse_args(argv)


def host_problem(host):
    """Why ``--host`` cannot be an address to listen on, or None."""
    if not host or len(host) > 253 or not host.isprintable() or any(c.isspace() for c in host):
        return "--host is an address or a name of at most 253 characters, e.g. 127.0.0.1 or 0.0.0.0"
    return None


class OneLineLog(logging.Formatter):
    """Each log record on one line, with the time; an exception as its type, words and place
    (never a traceback over many lines)."""

    def __init__(self):
        super().__init__("%(asctime)s %(message)s", "%Y-%m-%d %H:%M:%S")

    def format(self, record):
        text = escape(record.getMessage())
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            tb = exc.__traceback__
            while tb is not None and tb.tb_next is not None:
                tb = tb.tb_next
            where = f" at {os.path.basename(tb.tb_frame.f_code.co_filename)}:{tb.tb_lineno}" if tb else ""
            text += f" ({type(exc).__name__}: {escape(str(exc))[:200]}{where})"
        record.message = text
        return f"{self.formatTime(record, self.datefmt)} {text}"


def start_log():
    """The server's log: one line per start, stop, game created or finished (standard output) and
    error (standard error). No line holds a token, an invite code, a seed or a hand."""
    log.setLevel(logging.INFO)
    log.propagate = False
    for handler in list(log.handlers):
        log.removeHandler(handler)
    out, err = logging.StreamHandler(sys.stdout), logging.StreamHandler(sys.stderr)
    out.addFilter(lambda record: record.levelno < logging.WARNING)
    err.setLevel(logging.WARNING)
    for handler in (out, err):
        handler.setFormatter(OneLineLog())
        log.addHandler(handler)
    logging.basicConfig(level=logging.WARNING, handlers=[err])      # the libraries' warnings and errors too


def postgres_missing():
    """One line saying how to install PostgreSQL's driver if it cannot be imported, else None."""
    try:
        import psycopg  # noqa: F401
    except ImportError as exc:
        return (f"--db needs PostgreSQL's driver psycopg ({escape(str(exc))[:80]}): pip install "
                f"'wrath-of-dragons[postgresql]', or in a clone pip install -r requirements-server.txt")
    return None


def main(argv, prog="python main.py serve"):
    """``serve``: one line when it listens (the real port) and what to give friends, one line
    and exit 2 if it cannot; SIGTERM or Ctrl+C stop it cleanly (every game stored, the database
    closed)."""
    try:
        args = parse_serve(argv, prog)
    except SystemExit as exc:
        return exc.code
    if (not 0 <= args.port <= 65535 or args.per_address < 1 or not args.rate > 0 or not args.lease >= 1
            or args.snapshot_every < 0 or not args.check_seconds >= 0):
        print("error: --port is 0 to 65535, --per-address at least 1, --rate above 0, --lease at least 1, "
              "--snapshot-every and --check-seconds 0 or more", file=sys.stderr)
        return 2
    if args.db is not None and not args.db.startswith(("postgresql://", "postgres://")):
        print("error: --db is a PostgreSQL address, postgresql://user@host:port/database", file=sys.stderr)
        return 2
    if args.db and postgres_missing():
        print(f"error: {postgres_missing()}", file=sys.stderr)
        return 2
    try:
        addresses.trusted_networks(args.trusted_proxy)
    except ValueError as exc:
        print(f"error: {escape(str(exc))}", file=sys.stderr)
        return 2
    if host_problem(args.host):
        print(f"error: {host_problem(args.host)}", file=sys.stderr)
        return 2
    context = facts = None
    if args.tls_cert or args.tls_key:
        try:
            context = tls.server_context(args.tls_cert, args.tls_key)
            facts = tls.certificate_facts(args.tls_cert)
        except tls.TlsProblem as exc:
            print(f"error: {escape(str(exc))}", file=sys.stderr)
            return 2
    start_log()
    data_dir = args.data or os.path.join(os.path.expanduser("~"), ".wrath-of-dragons", "server")
    if args.db:
        from server.pgstore import shown
        where = shown(args.db)
    else:
        where = escape(data_dir)

    def ready(server, port):
        log.info("Serving Wrath of Dragons on %s (games in %s; version %s, rules %s)",
                 announce.url("wss" if context else "ws", escape(args.host), port), where, RELEASE,
                 short(rules_fingerprint()))
        print("\n".join(announce.host_lines(args.host, port, facts, bool(args.trusted_proxy))), flush=True)
    try:
        asyncio.run(run(args.host, args.port, data_dir, ready, db=args.db, check_seconds=args.check_seconds,
                        tls=context, paced_collection=True, per_address=args.per_address, rate=args.rate, lease_seconds=args.lease,
                        snapshot_every=args.snapshot_every, trusted_proxies=args.trusted_proxy))
    except StoreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (OSError, UnicodeError, ValueError) as exc:
        print(f"error: cannot serve on {escape(args.host)}:{args.port} "
              f"({escape(str(getattr(exc, 'strerror', None) or exc))[:120]})", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    log.info("Stopped; every game is stored in %s", where)
    return 0
