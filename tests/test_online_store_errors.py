"""The store fails while the server runs: a full disk, a read-only database, a foreign schema.

Issue "Online play a group can trust", defect 5: "A full disk, a read-only
database or a foreign schema gives a traceback on the server and 'received
1000 (OK)' in the window ... Each must be an error frame with a reason, the
game left as it was, the server up." The faults are SQLite's own, made with
its pragmas on the server's real connection (max_page_count: the file may not
grow, as on a full disk; query_only: no write is taken) or by another program
renaming a table under it.
"""
from __future__ import annotations

import asyncio
import random
import time

from client.bot import Bot
from client.remote import RemoteHost
from online_helpers import ServerThread, create_game, play_out, seat_plan, serving


async def until(bot, test, limit=200):
    for _ in range(limit):
        frame = await asyncio.wait_for(bot.receive(), 20)
        if test(frame):
            return frame
    raise AssertionError("the frame never came")


async def one_player_at_two_seats(uri):
    """A bot holding both seats of a game (every decision is its own), with its table."""
    bot = Bot(uri, {"type": "create", "seats": [{"kind": "here", "name": "Ann"}, {"kind": "here", "name": "Bo"}]},
              random.Random(4))
    await bot.connect()
    while len(bot.mirror.snaps) < 3:
        await asyncio.wait_for(bot.receive(), 20)
    return bot


async def move_refused_by_the_store(server, bot):
    """Play until a move is refused: (the refusal, the room, the records the store has)."""
    for _ in range(600):
        seat = next((s for s in bot.mirror.here if bot.mirror.options(s)), None)
        if seat is None:
            await asyncio.wait_for(bot.receive(), 20)
            continue
        n = bot.next_id
        bot.next_id += 1
        await bot.send({"type": "apply", "id": n, "seat": seat, "version": bot.mirror.version, "option": 0})
        answer = await until(bot, lambda f: f.get("type") == "answer" and f["id"] == n)
        if "error" in answer:
            room = next(iter(server.games.rooms.values()))
            return answer, room, server.games.store.load(room.id)["records"]
        while not all(snap["version"] >= answer["version"] for snap in bot.mirror.snaps.values()):
            await asyncio.wait_for(bot.receive(), 20)          # every seat's update of that move
    raise AssertionError("the store never refused a move")


def test_a_full_disk_refuses_the_move_with_its_reason_and_the_game_goes_on_once_there_is_room(tmp_path):
    async def scenario():
        async with serving(tmp_path) as (server, uri):
            bot = await one_player_at_two_seats(uri)
            db = server.games.store.db
            pages = db.execute("PRAGMA page_count").fetchone()[0]
            db.execute(f"PRAGMA max_page_count = {pages}")          # the disk is full: the file cannot grow
            answer, room, stored = await move_refused_by_the_store(server, bot)
            assert "full disk" in answer["error"] and "That move was not made" in answer["error"], answer
            assert server.games.rooms[room.id].version == len(stored), "the game is as the store has it"
            db.execute("PRAGMA max_page_count = 1073741823")        # room again: the same table plays on
            await play_out([bot])
            return server.games.rooms[room.id]
    room = asyncio.run(scenario())
    assert room.session.game.is_over


def test_a_read_only_database_refuses_moves_with_its_reason_and_the_server_stays_up(tmp_path):
    async def scenario():
        async with serving(tmp_path) as (server, uri):
            bot = await one_player_at_two_seats(uri)
            server.games.store.db.execute("PRAGMA query_only = 1")
            answer, room, stored = await move_refused_by_the_store(server, bot)
            assert "read-only" in answer["error"] and "That move was not made" in answer["error"], answer
            assert server.games.rooms[room.id].version == len(stored)
            # Creating a table is refused the same way, with a frame that says why.
            maker = Bot(uri, {"type": "create", "seats": seat_plan(2)}, random.Random(1))
            await maker.connect()
            refused = await until(maker, lambda f: f.get("type") == "error")
            assert "read-only" in refused["text"], refused
            await maker.close()
            server.games.store.db.execute("PRAGMA query_only = 0")
            await play_out([bot])
            return server.games.rooms[room.id]
    assert asyncio.run(scenario()).session.game.is_over


def test_a_foreign_schema_under_the_server_is_said_in_the_window_and_it_comes_back_by_itself(tmp_path):
    server = ServerThread(tmp_path)
    host = None
    try:
        created = create_game(server.uri, [{"kind": "here", "name": "Ann"}, {"kind": "easy"}])
        # Another program changes the database: the seats' table is gone under the server.
        server.call(lambda: server.server.games.store.db.execute("ALTER TABLE seats RENAME TO other_seats"))
        host = RemoteHost(server.uri, [created["tokens"]["0"]])
        end = time.monotonic() + 20
        while time.monotonic() < end and not (host.unsaved() and "games database" in host.unsaved()["line"]):
            time.sleep(0.02)
        line = host.unsaved()["line"]
        assert "The server cannot use its games database" in line and "1000" not in line, line
        assert server.thread.is_alive()
        server.call(lambda: server.server.games.store.db.execute("ALTER TABLE other_seats RENAME TO seats"))
        end = time.monotonic() + 40                  # the window tries again by itself (with backoff)
        while time.monotonic() < end and not host.connected:
            time.sleep(0.05)
        assert host.connected and host.unsaved() is None
    finally:
        if host is not None:
            host.close()
        server.stop()
