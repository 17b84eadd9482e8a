"""What a server does when other server processes share its store (PostgreSQL).

Any process may hold a room of any game. The store decides every race (an
action is stored only under the next number; the loser reloads). What is
left for the processes:

- hearing of another process's changes (``heard``, from the store's
  LISTEN thread) and catching up from the table (``catch_up``): records after
  the room's version are replayed onto it and its connections get the news;
  a process that missed notifications catches up when a client next opens the
  game (``Games.room``) or when its own write is refused;
- running a game's AI seats and turn limits in one process only: the one
  that holds the game's lease in the store (``_drive``, ``keep_leases``);
- who is connected: each process stores which seats it has connections of
  (``say_present``, renewed by ``keep_presence``) and reads the others'
  (``refresh_presence``: on their NOTIFY, every third of a lease, and before a
  takeover), so that "(away)", the absent-player limit and the takeover check
  count every process's connections. Notices of moves the server made for a
  seat travel with the move's record (server.room ``note``). A hint is
  answered to the connections that hold its seat on the process it was asked of.

With a store of one process (SQLite) the lease is always held and nothing is heard.
"""
from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time

from server.store import StoreError

log = logging.getLogger("wrath.server")

LEASE_SECONDS = 10.0         # a dead process's games get their AI back after at most this


class SharedGames:
    """Mixed into server.games.Games (which has rooms, loop, store, db, reload, _time_turn)."""

    def _init_shared(self, lease_seconds):
        self.lease_seconds = lease_seconds
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"

    # ----- news from the other processes --------------------------------------------------------
    def heard(self, game_id, what):
        """The store's thread heard of a change (game_id None: it reconnected, check every room)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self.catch_up(game_id, what)))

    async def catch_up(self, game_id, what="all"):
        """Bring a loaded room up to the store: ``what`` is a record's number, "seats", "presence"
        or "all"."""
        if game_id is None:
            for game in list(self.rooms):
                await self.catch_up(game, "all")
            return
        room = self.rooms.get(game_id)
        if room is None:
            return                                   # not loaded here: it is read whole when it is
        async with room.lock:
            if self.rooms.get(game_id) is not room or (type(what) is int and room.version >= what):
                return
            try:
                changed = False
                if what in ("presence", "all"):
                    await self.refresh_presence([room])
                if what in ("seats", "all"):
                    if room.take_seats(await self.db(self.store.seats, game_id)):
                        room.tell_presence()
                        changed = True
                notices = []
                if type(what) is int or what == "all":
                    records = await self.db(self.store.records_after, game_id, room.version)
                    if records:
                        notices = room.extend(records)
                        changed = True
            except StoreError as exc:                # the database is away: its reconnection catches up again
                log.error("game %s: cannot catch up now (%s)", game_id, exc)
                return
            except Exception as exc:                 # the replay failed: start the room again
                log.error("game %s: cannot catch up (%s); reloading it", game_id, exc)
                await self.reload(room)
                return
            if changed:
                room.broadcast()
                for text in notices:                 # made by the process that stored the move
                    for conn in list(room.connections):
                        conn.send({"type": "notice", "text": text})
                await self._drive(room)

    # ----- who is connected, over every process -------------------------------------------------
    async def say_present(self, room, seats, here):
        """Tell the store this process has now (``here``) or no longer has connections of ``seats``."""
        if not self.store.leases:
            return
        for seat in seats:
            try:
                if here:
                    await self.db(self.store.present, room.id, seat, self.holder, self.lease_seconds)
                else:
                    await self.db(self.store.absent, room.id, seat, self.holder)
            except Exception as exc:                  # (the database is away: the row runs out by itself)
                log.error("game %s: cannot store who is connected (%s)", room.id, exc)

    async def refresh_presence(self, rooms):
        """Read who is connected to the other processes; the rooms whose seats show it change tell it."""
        if not self.store.leases or not rooms:
            return
        shared = await self.db(self.store.presence, [r.id for r in rooms], self.holder)
        for room in rooms:
            if room.take_presence(shared.get(room.id, {})):
                room.tell_presence()

    async def keep_presence(self):
        """Renew this process's presence rows, and read the others' (a dead process's run out)."""
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            rooms = list(self.rooms.values())
            pairs = [(r.id, s) for r in rooms for s in range(len(r.seats)) if r.connected_here(s)]
            try:
                await self.db(self.store.renew_presence, pairs, self.holder, self.lease_seconds)
                await self.refresh_presence([r for r in rooms if r.connections and self.rooms.get(r.id) is r])
            except Exception as exc:
                log.error("cannot renew or read who is connected (%s)", exc)

    # ----- who runs the AI seats and turn limits ---------------------------------------------
    @staticmethod
    def _needs_driver(room):
        host = room.host
        return not host.over and (host.ai_to_move() is not None or bool(room.settings.get("turn_limit")))

    async def _holds_lease(self, room):
        """Does this process run the room's AI seats and turn limit now? (Asks the store at most
        every third of a lease; a lease not needed now is not taken.)"""
        if not self.store.leases:
            return True
        if not self._needs_driver(room):
            return False
        held, until = getattr(room, "lease", (False, 0.0))
        now = time.monotonic()
        if now >= until:
            try:
                held = await self.db(self.store.lease, room.id, self.holder, self.lease_seconds)
            except Exception as exc:
                log.error("game %s: cannot take its lease (%s)", room.id, exc)
                held = False
            room.lease = (held, now + self.lease_seconds / 3)
        return held

    async def _drive(self, room):
        """Start the AI seat's thought and time the turn, if this process runs the room."""
        if await self._holds_lease(room):
            room.host.think()
            self._time_turn(room)

    async def keep_leases(self):
        """Renew the leases held, and take over those of dead processes (their leases ran out)."""
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            for room in list(self.rooms.values()):
                if not self._needs_driver(room):
                    continue
                async with room.lock:
                    if self.rooms.get(room.id) is not room:
                        continue
                    held_before = getattr(room, "lease", (False, 0.0))[0]
                    if not await self._holds_lease(room):
                        continue
                    if not held_before:
                        await self._drive(room)          # taken over: its AI and its clock start here
                    elif not room.host.thinking and not room.host.ready():
                        room.host.think()                # (after a reload: the AI seat to move starts)

    async def release_leases(self):
        held = [r.id for r in self.rooms.values() if getattr(r, "lease", (False,))[0]]
        if held and self.store.leases:
            try:
                await self.db(self.store.release, held, self.holder)
            except Exception as exc:
                log.error("cannot give back the games' leases (%s): they run out by themselves", exc)
