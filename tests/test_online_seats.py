"""Seats of an online game: invite codes, players who leave and come back,
and turn time limits.

Issue "Play online with friends": "a player gone longer than the table's
limit (chosen at creation; none by default) can have their seat handed to an
AI level by the others, and can take it back on return. Optional turn time
limit for live tables." An invite code is exchanged for a seat token once.
"""
from __future__ import annotations

import asyncio
import json
import random

import pytest

from client.bot import Bot
from online_helpers import serving


async def next_frame(bot, kind, test=lambda f: True, limit=200):
    for _ in range(limit):
        frame = await asyncio.wait_for(bot.receive(), 20)
        if frame["type"] == kind and test(frame):
            return frame
    raise AssertionError(f"no {kind} frame")


async def game_of_two(uri, **options):
    host = Bot(uri, {"type": "create", "seats": [{"kind": "here", "name": "Ann"}, {"kind": "invite"}], **options},
               random.Random(1))
    await host.connect()
    await next_frame(host, "created")
    code = host.created["invites"]["1"]
    guest = Bot(uri, {"type": "join", "code": code, "name": "Bo"}, random.Random(2))
    await guest.connect()
    await next_frame(guest, "joined")
    await next_frame(host, "presence", lambda f: f["seats"][1]["connected"])
    return host, guest, code


def test_an_invite_code_takes_one_seat_once(tmp_path):
    async def scenario():
        async with serving(tmp_path) as (server, uri):
            host, guest, code = await game_of_two(uri)
            again = Bot(uri, {"type": "join", "code": code.lower().replace("-", " "), "name": "Eve"}, random.Random(3))
            await again.connect()
            with pytest.raises(RuntimeError, match="no open seat has that invite code"):
                await next_frame(again, "joined")          # a fatal error frame, then the connection closes
            room = next(iter(server.games.rooms.values()))
            assert [s["name"] for s in room.public_seats()] == ["Ann", "Bo"]
            assert room.session.game.state.players[1].name == "Bo"
    asyncio.run(scenario())


def test_an_absent_player_is_waited_for_by_default(tmp_path):
    async def scenario():
        async with serving(tmp_path) as (server, uri):
            host, guest, _ = await game_of_two(uri)
            await guest.close()
            await next_frame(host, "presence", lambda f: not f["seats"][1]["connected"])
            await host.send({"type": "takeover", "target": 1, "level": "easy"})
            frame = await next_frame(host, "error")
            assert "waits for them" in frame["text"]
    asyncio.run(scenario())


def test_a_seat_gone_past_the_limit_goes_to_an_ai_and_its_player_takes_it_back(tmp_path):
    async def scenario():
        async with serving(tmp_path) as (server, uri):
            host, guest, _ = await game_of_two(uri, absent_limit=1)
            token = guest.joined["token"]
            room = next(iter(server.games.rooms.values()))
            await guest.close()
            await next_frame(host, "presence", lambda f: not f["seats"][1]["connected"])
            await host.send({"type": "takeover", "target": 1, "level": "easy"})
            early = await next_frame(host, "error")
            assert "limit is 1 s" in early["text"]
            await asyncio.sleep(1.2)
            await host.send({"type": "takeover", "target": 1, "level": "easy"})
            frame = await next_frame(host, "presence", lambda f: f["seats"][1]["stand_in"] == "easy")
            assert frame["seats"][1]["name"] == "Bo"
            # The stand-in plays Bo's turns: the game goes on while Ann plays hers.
            before, ann_moves = room.version, host.moves
            await host.play(until=lambda: room.version > before + 12)
            assert room.version - before > host.moves - ann_moves, "nobody played Bo's turns"
            # Bo comes back with his token and takes his seat back.
            back = Bot(uri, {"type": "hello", "tokens": [token]}, random.Random(4))
            await back.connect()
            await next_frame(back, "welcome")
            await back.send({"type": "reclaim"})
            await next_frame(host, "presence", lambda f: f["seats"][1]["stand_in"] is None and f["seats"][1]["connected"])
            assert room.session.seats[1].is_human
            await asyncio.wait_for(asyncio.gather(host.play(), back.play()), 120)
            assert room.session.game.is_over
    asyncio.run(scenario())


def test_a_turn_limit_moves_for_a_player_out_of_time(tmp_path):
    async def scenario():
        async with serving(tmp_path) as (server, uri):
            host, guest, _ = await game_of_two(uri, turn_limit=1)
            room = next(iter(server.games.rooms.values()))
            before = room.version
            notice = await next_frame(host, "notice")            # nobody moves: the clock does
            assert "time ran out" in notice["text"]
            assert room.version > before
    asyncio.run(scenario())


def test_a_friend_who_joins_is_named_on_every_table_at_once_not_at_the_next_move(tmp_path):
    """Issue "Online play a group can trust", defect 8: "A joined friend is shown as 'Seat 2' until the
    next move, and the prompt reads 'Seat 2: discard' under 'Bob (you)': names must update on the
    join itself"."""
    async def scenario():
        async with serving(tmp_path) as (server, uri):
            ann = Bot(uri, {"type": "create", "seats": [{"kind": "here", "name": "Ann"}, {"kind": "invite"}]},
                      random.Random(1))
            await ann.play(until=lambda: ann.mirror.snaps and ann.mirror.snaps[0]["decision"] and
                           ann.mirror.snaps[0]["decision"]["player"] == 1)    # the table waits for seat 2
            before = ann.mirror.snaps[0]
            assert before["board"]["players"][1]["name"] == "Seat 2" and "Seat 2" in before["decision"]["prompt"]
            version = ann.mirror.version
            bob = Bot(uri, {"type": "join", "code": ann.created["invites"]["1"], "name": "Bob"}, random.Random(2))
            await bob.connect()
            while 1 not in bob.mirror.snaps:
                await asyncio.wait_for(bob.receive(), 20)
            named = await next_frame(ann, "state", lambda f: f["seat"] == 0)
            return ann.mirror.snaps[0], bob.mirror.snaps[1], named, version
    ann_sees, bob_sees, named, version = asyncio.run(scenario())
    assert named["version"] == version, "the names came with a move, not with the join"
    for snap in (ann_sees, bob_sees):
        assert snap["board"]["players"][1]["name"] == "Bob"
        assert "Seat 2" not in json.dumps(snap), "an old name is still on a table"
        assert snap["decision"]["prompt"].startswith("Bob"), snap["decision"]["prompt"]


def test_the_creators_table_and_log_name_the_friend_right_after_the_join_before_any_move(tmp_path):
    """A playtest of defect 8 through real windows: "Ann creates a table and Bob joins with the invite
    code. 3 and 14 seconds later, Ann's Dragons row, markers and prompt still say 'Seat 2'"; "the log
    keeps 'Seat 2' for the whole game: lines like 'Seat 2 is dealt...' never change. The joiner even
    sees his own draw as 'Seat 2 drew: ...'". The lines already sent are worded again with the name."""
    async def scenario():
        async with serving(tmp_path) as (server, uri):
            ann = Bot(uri, {"type": "create", "seats": [{"kind": "here", "name": "Ann"}, {"kind": "invite"}]},
                      random.Random(1))
            await ann.connect()
            await next_frame(ann, "state", lambda f: f["seat"] == 0)
            lines = [e["text"] for e in ann.mirror.events[0]]
            assert any(t.startswith("Seat 2 is dealt") for t in lines), lines      # the lines worded before the join
            version = ann.mirror.version
            bob = Bot(uri, {"type": "join", "code": ann.created["invites"]["1"], "name": "Bob"}, random.Random(2))
            await bob.connect()
            await next_frame(bob, "state", lambda f: f["seat"] == 1)
            await next_frame(ann, "presence", lambda f: f["seats"][1]["connected"])    # (the join's frames came before)
            return ann.mirror, bob.mirror, version
    ann_sees, bob_sees, version = asyncio.run(scenario())
    assert ann_sees.version == bob_sees.version == version, "a move was made: the test needs the join alone"
    assert [p["name"] for p in ann_sees.snaps[0]["board"]["players"]] == ["Ann", "Bob"]
    for mirror, seat in ((ann_sees, 0), (bob_sees, 1)):
        lines = [e["text"] for e in mirror.events[seat]]
        assert [e["seq"] for e in mirror.events[seat]] == sorted({e["seq"] for e in mirror.events[seat]})
        assert any(t.startswith("Bob is dealt") for t in lines), lines
        assert not [t for t in lines if "Seat 2" in t], f"seat {seat}'s log still says 'Seat 2'"
        assert "Seat 2" not in json.dumps(mirror.snaps[seat]), f"seat {seat}'s table still says 'Seat 2'"
    assert any(t.startswith("Bob drew: ") for t in (e["text"] for e in bob_sees.events[1])), "Bob's own draw"


def test_a_window_away_during_the_join_has_its_lines_worded_again_when_it_comes_back(tmp_path):
    """The window's connection was down while the friend joined: back, it asks only for the lines after
    those it has (hello's "since"), which name "Seat 2"; the server sends it the whole log again."""
    async def scenario():
        async with serving(tmp_path) as (server, uri):
            ann = Bot(uri, {"type": "create", "seats": [{"kind": "here", "name": "Ann"}, {"kind": "invite"}]},
                      random.Random(1))
            await ann.connect()
            await next_frame(ann, "state", lambda f: f["seat"] == 0)
            await ann.close()
            assert any("Seat 2" in e["text"] for e in ann.mirror.events[0])
            bob = Bot(uri, {"type": "join", "code": ann.created["invites"]["1"], "name": "Bob"}, random.Random(2))
            await bob.connect()
            await next_frame(bob, "state", lambda f: f["seat"] == 1)
            back = Bot(uri, {"type": "hello", "tokens": [ann.created["tokens"]["0"]], "since": ann.mirror.cursors(),
                             "version": ann.mirror.version}, random.Random(3), session=ann.session)
            back.mirror = ann.mirror                 # the window's own mirror, as a reconnection keeps it
            await back.connect()
            await next_frame(back, "state", lambda f: f["seat"] == 0)
            return back.mirror
    mirror = asyncio.run(scenario())
    lines = [e["text"] for e in mirror.events[0]]
    seqs = [e["seq"] for e in mirror.events[0]]
    assert seqs == sorted(set(seqs)) and seqs[0] == 0, "lines lost or doubled"
    assert not [t for t in lines if "Seat 2" in t] and any(t.startswith("Bob is dealt") for t in lines), lines


@pytest.mark.slow
def test_a_window_away_during_the_join_and_a_restart_has_its_lines_worded_again(tmp_path):
    """As above, with the server restarted (killed) after the join and before the window comes back:
    the new process cannot know what the window's lines say, so it sends them all again."""
    import signal
    from online_helpers import ServerProcess
    data = tmp_path / "server"
    first = ServerProcess(data)
    try:
        async def before_restart():
            ann = Bot(first.uri, {"type": "create", "seats": [{"kind": "here", "name": "Ann"}, {"kind": "invite"}]},
                      random.Random(1))
            await ann.connect()
            await next_frame(ann, "state", lambda f: f["seat"] == 0)
            await ann.close()
            assert any("Seat 2" in e["text"] for e in ann.mirror.events[0])
            bob = Bot(first.uri, {"type": "join", "code": ann.created["invites"]["1"], "name": "Bob"},
                      random.Random(2))
            await bob.connect()
            await next_frame(bob, "state", lambda f: f["seat"] == 1)
            await bob.close()
            return ann
        ann = asyncio.run(before_restart())
        first.proc.send_signal(signal.SIGKILL)
        first.proc.wait(30)
    finally:
        first.stop()
    second = ServerProcess(data)
    try:
        async def come_back():
            back = Bot(second.uri, {"type": "hello", "tokens": [ann.created["tokens"]["0"]],
                                    "since": ann.mirror.cursors(), "version": ann.mirror.version},
                       random.Random(3), session=ann.session)
            back.mirror = ann.mirror
            await back.connect()
            await next_frame(back, "state", lambda f: f["seat"] == 0)
            await back.close()
            return back.mirror
        mirror = asyncio.run(come_back())
    finally:
        second.stop()
    lines = [e["text"] for e in mirror.events[0]]
    seqs = [e["seq"] for e in mirror.events[0]]
    assert seqs == sorted(set(seqs)) and seqs[0] == 0, "lines lost or doubled"
    assert not [t for t in lines if "Seat 2" in t] and any(t.startswith("Bob is dealt") for t in lines), lines
