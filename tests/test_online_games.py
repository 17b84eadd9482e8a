"""Whole online games through the real protocol, and what the wire carries.

Issue "Play online with friends": the server is the authority and "sends each
connection only its seat's snapshot and events"; "the seed and the
generator's state never leave it; other seats' hands, lairs, Scheme drafts
and private log lines never reach a connection that may not see them;
spectators get the public view, and the whole game (every hand) only once it
is over." Rulebook, Components: each player's hand of Action Cards is their
own, and the "Lair Screens" hide what each dragon has stashed (The
Strategist lifts the screens).

Every frame the server sends is recorded as it is sent, with what was hidden
from its connection at that moment, and the test fails on any hidden bit.
"""
from __future__ import annotations

import asyncio
import json
import random

import pytest

from app.save_format import load_session
from game.events import visible_to
from server import transport
from client.mirror import Mirror
from client.bot import Bot
from game.view import sees, unseen_cards
from online_helpers import play_out, seat_plan, serving, table_of_bots
from test_seat_snapshot import publicly_seen, words_in

GAMES = [
    (2, "standard", {}),
    (3, "strategist", {2: "easy"}),
    (4, "desolation", {1: "easy"}),
    (5, "strategist+desolation", {3: "easy"}),
    (6, "standard", {1: "easy", 4: "easy"}),
]


class WireWatch:
    """Every frame sent to every connection, checked against what its seat may know then."""

    def __init__(self, monkeypatch):
        self.frames = 0
        self.problems = []
        self.mirrors = {}
        original = transport.Connection.send_text
        watch = self

        # Every frame leaves through send_text, as its text: the frames made for one connection
        # (send encodes them) and those encoded once for several (Room.broadcast's updates).
        def spy(conn, text):
            frame = json.loads(text)
            try:
                watch.check(conn, frame)
            except Exception as exc:                    # a check that fails is a problem, never a lost frame
                watch.problems.append(f"checking a {frame.get('type')} frame failed: {exc!r}")
            original(conn, text)
        monkeypatch.setattr(transport.Connection, "send_text", spy)

    def check(self, conn, frame):
        self.frames += 1
        text = json.dumps(frame)
        room = conn.room
        if room is None:
            return                                      # created / joined / an error before the seat is known
        g = room.session.game
        if frame["type"] == "record":                   # the whole game, seed and all: only once it is over
            if not g.is_over:
                self.problems.append("the whole game was sent before its end")
            return
        seed = room.settings["seed"]
        if str(seed) in text or str(g.rng.state) in text:
            self.problems.append(f"the seed or the generator's state in a {frame['type']} frame")
        deck = g.state.deck
        if len(deck) >= 4 and json.dumps(deck)[1:-1] in text:       # as a stored snapshot holds it
            self.problems.append(f"the deck in its order in a {frame['type']} frame")
        words = words_in(text)
        for seat in conn.watched():
            secret = set(unseen_cards(g, seat)) - publicly_seen(g)
            if seat is not None:
                secret -= set(g.state.players[seat].hand)
            leaked = secret & words
            if leaked:
                self.problems.append(f"seat {seat} was sent {sorted(leaked)[:3]} in a {frame['type']} frame")
        for e in frame.get("events") or []:
            if not any(visible_to(e["event"], seat) for seat in conn.watched()):
                self.problems.append(f"another seat's private line reached {conn.watched()}: {e['text']!r}")
        if frame["type"] in ("welcome", "state", "update"):
            mirror = self.mirrors.setdefault(id(conn), Mirror())
            mirror.take(frame)
            seat = frame.get("seat")
            if frame["type"] != "welcome" and seat in mirror.snaps:
                for p, shown in zip(g.state.players, mirror.snaps[seat]["board"]["players"]):
                    if not sees(g, seat, "hand", p.seat) and shown["hand"] is not None:
                        self.problems.append(f"seat {seat} holds {p.name}'s hand")
                    if not sees(g, seat, "lair", p.seat) and (shown["lair"] is not None or shown["lair_rv"]):
                        self.problems.append(f"seat {seat} holds {p.name}'s lair")
                d = mirror.snaps[seat]["decision"]
                if d is not None and d["player"] != seat and "options" in d:
                    self.problems.append(f"seat {seat} was sent {d['player']}'s options")


async def fetch_record(uri, token):
    """The finished game as a save, asked for by one of its seats."""
    bot = Bot(uri, {"type": "hello", "tokens": [token]}, random.Random(0))
    await bot.connect()
    while True:
        frame = await asyncio.wait_for(bot.receive(), 30)
        if frame["type"] == "welcome":
            await bot.send({"type": "record"})
        if frame["type"] == "record":
            await bot.close()
            return frame["save"]


@pytest.mark.slow
@pytest.mark.parametrize("players,variant,ai", GAMES)
def test_whole_games_online_send_no_hidden_bit_and_end_as_a_local_replay(players, variant, ai, tmp_path,
                                                                          monkeypatch):
    watch = WireWatch(monkeypatch)

    async def scenario():
        async with serving(tmp_path) as (server, uri):
            bots = await table_of_bots(uri, seat_plan(players, ai), variant, seed=players)
            spectator = Bot(uri, {"type": "watch", "game": bots[0].created["game"]}, random.Random(0))
            await spectator.connect()
            await play_out(bots + [spectator])
            room = server.games.rooms[bots[0].created["game"]]
            save = await fetch_record(uri, bots[0].created["tokens"]["0"])
            for b in bots + [spectator]:
                await b.close()
            return bots, spectator, room, save

    bots, spectator, room, save = asyncio.run(scenario())
    assert watch.frames > 100 and not watch.problems, watch.problems[:5]
    final = room.session.game.final_scores()
    assert all(b.mirror.snaps[s]["final_scores"] == json.loads(json.dumps(final))
               for b in bots for s in b.mirror.here)
    assert spectator.mirror.snaps[None]["final_scores"] == json.loads(json.dumps(final))
    # The finished game, saved by a seat, is the same game replayed from its seed here.
    path = tmp_path / "online.yaml"
    path.write_text(save, encoding="utf-8")
    session = load_session(str(path))            # replays every action and checks the stored state against it
    assert session.actions == room.session.actions
    assert session.game.final_scores() == final
    assert all(not b.errors for b in bots), [b.errors[:3] for b in bots]


def test_decisions_travel_packed_and_arrive_whole():
    """The wire leaves out an option's empty fields and says each refusal's reason once
    (protocol.pack_decision); the client unpacks them: every decision of random games of
    every variant arrives as the engine made it, in fewer bytes."""
    from game import new_game
    from wire import protocol
    from game.snapshot import seat_snapshot
    for players, variant, _ in GAMES:
        g = new_game(players, seed=players, variant=variant)
        rng = random.Random(players)
        for _ in range(120):
            if g.is_over:
                break
            decision = seat_snapshot(g, g.decision.player, None)["decision"]
            packed = protocol.pack_decision(decision)
            assert protocol.unpack_decision(json.loads(json.dumps(packed))) == decision
            assert len(json.dumps(packed)) < len(json.dumps(decision))
            g.apply(rng.choice(g.decision.options))
