"""A seat's standings online: asked for by its table, never worked out at every move.

Issue "The server at the hardware's speed": "Remove the costs in proportion".
Working out every seat's standings after every move was a fifth of a move's cost
on the server (docs/performance.md), while a table shows them only while its
standings panel (which covers the map) is open. So the server's updates carry
them once the game is over (the score sheet's), and a table with the panel
open asks for them (``standings``) at each position it shows.

What a seat is told is what it may know: the rulebook hides each lair: "All
resources and settlements gained during the Lair Phase are placed behind the
player's Lair Screen" (Phase 3: Lair), and only The Strategist plays "without
their Lair Screens".
"""
from __future__ import annotations

import asyncio
import random

from client.bot import Bot
from game import standings as standings_module
from game.data import default_data
from online_helpers import serving
from room_helpers import play_out, seated_room
from test_online_seats import game_of_two, next_frame


def test_a_seat_asks_for_its_standings_and_is_told_what_it_may_know(tmp_path):
    async def scenario():
        async with serving(tmp_path) as (server, uri):
            ann, bo, _ = await game_of_two(uri)
            assert ann.mirror.snaps[0]["standings"] is None       # updates do not carry them before the end
            await ann.send({"type": "standings", "seat": 0})
            told = await next_frame(ann, "standings")
            assert told["seat"] == 0 and told["version"] == ann.mirror.version
            st = told["standings"]
            assert st["hidden"] == [1]                            # Bo's lair is behind his Lair Screen
            assert sorted(e["seat"] for e in st["scores"]) == [0, 1]
            await bo.send({"type": "standings"})                  # (a window of one seat may leave it out)
            assert (await next_frame(bo, "standings"))["standings"]["hidden"] == [0]
    asyncio.run(scenario())


def test_standings_of_a_seat_not_held_or_asked_by_a_spectator_are_refused(tmp_path):
    async def scenario():
        async with serving(tmp_path) as (server, uri):
            ann, bo, _ = await game_of_two(uri)
            await ann.send({"type": "standings", "seat": 1, "id": 7})
            refused = await next_frame(ann, "error")
            assert "does not hold that seat" in refused["text"]
            watcher = Bot(uri, {"type": "watch", "game": ann.created["watch"]}, random.Random(3))
            await watcher.connect()
            assert await next_frame(watcher, "state")
            await watcher.send({"type": "standings", "seat": 0})
            refused = await next_frame(watcher, "error")
            assert "once the game is over" in refused["text"]
            assert not [f for f in watcher.frames if '"type":"standings"' in f]
            await ann.send({"type": "standings", "seat": 0})      # the connection goes on
            await next_frame(ann, "standings")
    asyncio.run(scenario())


def test_a_whole_game_works_out_standings_only_when_asked_and_at_the_end(monkeypatch):
    worked = []
    real = standings_module.worked_out
    monkeypatch.setattr(standings_module, "worked_out",
                        lambda g, seat: worked.append((g.is_over, g.state.century)) or real(g, seat))
    room, conns = seated_room(5, ["P0", "P1", "P2"])
    asked = []

    def now_and_then(n, seat):                       # a table opens its panel now and then
        if n % 50 == 0:
            room.standings(seat)
            asked.append(n)
    moves = len(play_out(room, 5, now_and_then))
    assert moves > 150
    last = default_data().setup["centuries"]
    # none after a move unless asked, before the last century (where each seat's Dragon Card says
    # what is still open to win, worked out from its standings: game.goals)
    assert len([w for w in worked if w == (False, w[1]) and w[1] < last]) <= len(asked)
    assert [w for w in worked if w[1] == last]
    assert all(conn.last[conn.watched()[0]]["standings"] is not None for conn in conns)   # the final ones, sent
