"""Hostile clients and a server killed mid-game.

Issue "Play online with friends": "frames over 64 KiB refused, compression
off, handshake and first-message timeouts, a rate limit per connection and a
cap on connections per address, every field validated and every string
bounded; malformed JSON, unknown message types, wrong tokens, another seat's
actions, stale or replayed actions: an error message to that client, the game
untouched, the server never crashes"; "every accepted action is committed to
the store before anyone hears of it, so a server killed at any moment
restarts with every game as it was"; "a retried message (same id) is applied
once".
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import signal

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from app.save_format import load_session
from server import transport
from client.bot import Bot
from online_helpers import ServerProcess, play_out, seat_plan, serving, table_of_bots
from test_online_games import fetch_record


async def frames_until(ws, kind, limit=50):
    for _ in range(limit):
        frame = json.loads(await asyncio.wait_for(ws.recv(), 20))
        if frame.get("type") == kind:
            return frame
    raise AssertionError(f"no {kind} frame")


async def raw(uri):
    return await connect(uri, max_size=None, compression=None, open_timeout=20)


HOSTILE_FIRST = [
    "not json", "[1, 2]", "{}", '{"type": "apply"}', '{"type": "hello"}', '{"type": "hello", "tokens": "x"}',
    '{"type": "hello", "tokens": ["' + "a" * 43 + '"]}', '{"type": "join", "code": "AAAAA-BBBBB", "name": "Eve"}',
    '{"type": "join", "code": 5, "name": "Eve"}', '{"type": "watch", "game": "nope"}',
    '{"type": "create", "seats": [{"kind": "here", "name": "\\u200b"}, {"kind": "easy"}]}',
    '{"type": "create", "seats": [{"kind": "here", "name": "Eve"}]}',
    '{"type": "create", "seats": [{"kind": "god"}, {"kind": "easy"}]}',
    '{"type": "create", "seats": [{"kind": "easy"}, {"kind": "easy"}]}',
    '{"type": "create", "variant": "chaos", "seats": [{"kind": "here", "name": "Eve"}, {"kind": "easy"}]}',
    '{"type": "hello", "tokens": [' + ",".join(['"' + "a" * 43 + '"'] * 7) + "]}",
    '{"type": "create", "seats": [[[[[[[[1]]]]]]]]}', '{"type": "create", "absent_limit": NaN, "seats": []}',
    json.dumps({"type": "x" * 10000}),
]


@pytest.mark.slow
def test_hostile_frames_get_an_error_and_leave_the_game_as_it_was(tmp_path):
    async def scenario():
        async with serving(tmp_path, rate=1e6) as (server, uri):
            bots = await table_of_bots(uri, seat_plan(2), seed=1)
            host, guest = bots
            room = next(iter(server.games.rooms.values()))
            # Each hostile first message: one error frame, then the connection is closed.
            for frame in HOSTILE_FIRST:
                ws = await raw(uri)
                await ws.send(frame)
                answer = await frames_until(ws, "error")
                assert answer.get("fatal") and answer["text"] and len(answer["text"]) < 300, (frame, answer)
                with pytest.raises(ConnectionClosed):
                    for _ in range(5):
                        await asyncio.wait_for(ws.recv(), 10)
            # A spectator says which log lines it has of what everyone may see, and of nothing else.
            for since in ({"0": 3}, {"public": -1}, {"public": "x"}, [1]):
                ws = await raw(uri)
                await ws.send(json.dumps({"type": "watch", "game": host.created["game"], "since": since}))
                assert (await frames_until(ws, "error")).get("fatal"), since
            # Binary frames and frames over 64 KiB.
            ws = await raw(uri)
            await ws.send(b"\x00\x01")
            assert (await frames_until(ws, "error"))["fatal"]
            ws = await raw(uri)
            with pytest.raises(ConnectionClosed):
                await ws.send("{" + " " * (70 * 1024) + "}")
                await asyncio.wait_for(ws.recv(), 10)
            # A seated player's hostile commands: errors, and the game does not move.
            for bot in bots:                 # every frame of the join (the names' states, then who is connected)
                while not bot.mirror.snaps or not all(s["connected"] for s in bot.mirror.seats):
                    await asyncio.wait_for(bot.receive(), 20)
            version, actions = room.version, list(room.session.actions)
            decider = room.host.decider
            mover, other = (host, guest) if decider in host.mirror.here else (guest, host)
            other_seat = other.mirror.here[0]
            bad = [
                {"type": "apply", "id": 1, "version": version, "option": 0, "seat": decider},      # not its seat
                {"type": "apply", "id": 2, "version": version, "option": 0},                      # not its turn
                {"type": "apply", "id": 3, "version": version - 1, "option": 0},                  # stale
                {"type": "apply", "id": 4, "version": version, "option": 10 ** 6},
                {"type": "apply", "id": 5, "version": version, "option": "0"},
                {"type": "apply", "id": -1, "version": version, "option": 0},
                {"type": "fly", "id": 6, "version": version, "region": "x" * 500},
                {"type": "teleport", "id": 7}, {"type": "hello", "tokens": []},
                {"type": "takeover", "target": decider, "level": "expert"},
                {"type": "takeover", "target": 99, "level": "expert"}, {"type": "reclaim"}, {"type": "record"},
            ]
            for msg in bad:
                await other.send(msg)
            await other.send({"type": "sync"})          # its answers all come before the sync's state
            frames = []
            while True:
                frame = await asyncio.wait_for(other.receive(), 20)
                frames.append(frame)
                if frame["type"] == "state":
                    break
            refusals = [f for f in frames if f["type"] == "error" or (f["type"] == "answer" and "error" in f)]
            assert len(refusals) == len(bad), [f.get("error") or f.get("text") for f in frames]
            assert room.version == version and room.session.actions == actions
            # The mover's command sent three times with one id is applied once.
            move = {"type": "apply", "id": 77, "version": version, "option": 0}
            for _ in range(3):
                await mover.send(move)
            answers = []
            while len(answers) < 3:
                frame = await asyncio.wait_for(mover.receive(), 20)
                if frame["type"] == "answer":
                    answers.append(frame)
            assert all(a == answers[0] for a in answers) and answers[0].get("ok")
            assert room.version == version + 1 and len(room.session.actions) == len(actions) + 1
            assert other_seat is not None
            # After all that the game plays out.
            await play_out(bots)
            return room

    room = asyncio.run(scenario())
    assert room.session.game.is_over


def test_connections_per_address_and_the_first_message_have_limits(tmp_path, monkeypatch):
    monkeypatch.setattr(transport, "FIRST_MESSAGE_SECONDS", 0.5)

    async def scenario():
        async with serving(tmp_path, per_address=3, rate=5) as (server, uri):
            held = [await raw(uri) for _ in range(3)]
            fourth = await raw(uri)                      # the handshake succeeds, then the server closes it
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(fourth.recv(), 10)
            assert fourth.close_code == 1008
            # Silent connections are closed after the first-message timeout.
            for ws in held:
                with pytest.raises(ConnectionClosed):
                    await asyncio.wait_for(ws.recv(), 10)
            # A flood is refused past the bucket (rate 5/s, burst BURST) with errors, not a crash.
            bots = await table_of_bots(uri, seat_plan(2), seed=2)
            for i in range(transport.BURST + 20):
                await bots[0].send({"type": "ping"})
            kinds = []
            while len(kinds) < transport.BURST + 20:
                frame = await asyncio.wait_for(bots[0].receive(), 20)
                if frame["type"] in ("pong", "error"):
                    kinds.append(frame["type"])
            assert kinds.count("error") >= 15 and "Too many messages" in bots[0].errors[0]
    asyncio.run(scenario())


@pytest.mark.slow
def test_a_server_killed_mid_game_restarts_with_every_game_and_the_clients_finish(tmp_path):
    data = tmp_path / "server"
    first = ServerProcess(data)
    try:
        async def start():
            bots = await table_of_bots(first.uri, seat_plan(4, {2: "easy"}), "standard", seed=4)
            await asyncio.wait_for(asyncio.gather(*(b.play(until=lambda b=b: b.mirror.version >= 60)
                                                    for b in bots)), 120)
            return bots
        bots = asyncio.run(start())
        tokens = [b.created["tokens"]["0"] if b.created else b.joined["token"] for b in bots]
        seen = max(b.mirror.version for b in bots)
        first.proc.send_signal(signal.SIGKILL)
        first.proc.wait(30)
    finally:
        first.stop()
    second = ServerProcess(data)
    try:
        async def finish():
            again = [Bot(second.uri, {"type": "hello", "tokens": [t]}, random.Random(i)) for i, t in enumerate(tokens)]
            for b in again:
                await b.connect()
            while not all(b.mirror.snaps for b in again):
                await asyncio.wait_for(asyncio.gather(*(b.receive() for b in again)), 20)
            resumed = again[0].mirror.version
            await play_out(again)
            record = await fetch_record(second.uri, tokens[0])
            return again, resumed, record
        again, resumed, record = asyncio.run(finish())
    finally:
        second.stop()
    assert resumed >= seen, "a move the clients had heard of was lost"
    path = tmp_path / "game.yaml"
    path.write_text(record, encoding="utf-8")
    session = load_session(str(path))          # the whole game replays from its seed to the same end
    final = json.loads(json.dumps(session.game.final_scores()))
    assert all(b.mirror.snaps[b.mirror.here[0]]["final_scores"] == final for b in again)
    assert os.path.exists(data / "games.sqlite")
