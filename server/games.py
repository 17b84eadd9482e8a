"""The games a server holds, and their store: the layer under the messages.

``Games`` loads a game into memory when a window opens it (``room``: from its
snapshot, else replayed from its seed; never one of other rules), commits each
room's new records before anyone hears of them (``commit``), makes the moves
the server makes itself (AI seats, turn limits: ``step``, ``_turn_over``),
welcomes and lets go of connections (``arrive``, ``leave``) and drops the
games nobody plays from memory (``sweep``). With a store several processes
share, server.shared adds what they must agree on.

Above it, server.messages turns each client message into calls of it; below
it, server.room holds one game and server.store / server.pgstore keep them.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import time

from app.version import VERSION as RELEASE
from game.fingerprint import rules_fingerprint, short
from server import game_snapshot
from server.room import Room
from server.shared import LEASE_SECONDS, SharedGames
from server.store import StoreError, Taken
from wire.protocol import BadMessage

log = logging.getLogger("wrath.server")

IDLE_ROOM_SECONDS = 120      # a game nobody is connected to leaves memory after this (the store keeps it)


def store_trouble(exc, move=False):
    """What a player is told when the store failed (``exc``: a StoreError): nothing was done."""
    then = "That move was not made: try it again in a moment." if move else "Try again in a moment."
    return f"The server {exc.reason} (the game is as it was). {then}"


class OtherRules(BadMessage):
    """A stored game played with rules other than this server's: it is never replayed with these."""


class Games(SharedGames):
    def __init__(self, store, idle_room_seconds=IDLE_ROOM_SECONDS, lease_seconds=LEASE_SECONDS,
                 snapshot_every=game_snapshot.SNAPSHOT_EVERY):
        self.store = store
        self.snapshot_every = snapshot_every          # records between two stored snapshots (0: none)
        self.idle_room_seconds = idle_room_seconds
        self.rooms = {}
        self.loop = None
        self.db_thread = concurrent.futures.ThreadPoolExecutor(1, "store") if store.blocking else None
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

    # ----- connections ----------------------------------------------------------------------
    async def arrive(self, conn, room, seats, spectator):
        """A connection whose first message was answered joins its room: it is sent the table."""
        conn.room, conn.seats, conn.spectator = room, seats, spectator
        async with room.lock:
            arrived = [s for s in seats if not room.connected_here(s)]
            room.connections.add(conn)
            for frame in room.welcome(conn):
                conn.send(frame)
            room.tell_presence()
            await self.say_present(room, arrived, True)
            await self._drive(room)

    async def leave(self, conn):
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


    async def close(self):
        """Every game stored as it is (its snapshot), the store's thread ended."""
        await self.release_leases()
        for room in list(self.rooms.values()):
            room.host.close()
            await self.save_snapshot(room)
        if self.db_thread is not None:
            self.db_thread.shutdown()
