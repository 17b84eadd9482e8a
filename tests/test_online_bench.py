"""tests/bench/bench_online.py ends by itself.

Its bots each look at the clock after each frame they hear, so the bots of one
table could disagree on the end of play: a bot that heard the last update just
before the end waited for ever for the move of the seat to move, which heard
the same update just after the end and stopped (a run of 500 tables hung now
and then; the server had sent every frame: asked again, it said the version
the bots had). The first bot of a table to stop now stops its table, and a
table still playing well after the end is reported bot by bot, not waited for.
"""
from __future__ import annotations

import asyncio
import os
import random
import shutil
import subprocess
import sys

import pytest

from bench import bench_online

ROOT = bench_online.ROOT


def test_a_table_ends_when_the_seat_to_move_stops_while_the_others_wait_for_its_move(tmp_path):
    proc, uri = bench_online.start_server(str(tmp_path))
    try:
        async def scenario():
            watch = bench_online.Watch()

            def time_up(bot):
                """After 3 moves, the seat to move says the time is up; the others never say it
                (as when they heard that update just before the end, and it just after)."""
                m = bot.mirror
                return m.version >= 3 and any(m.options(s) for s in m.here)
            bots, _, versions = await asyncio.wait_for(
                bench_online.one_game(uri, 4, 0.0, random.Random(1), bench_online.Clock(), time_up, 0, [], watch),
                60)
            for b in bots:
                await b.close()
            return versions, [st["state"] for st in watch.tables[0]]
        versions, states = asyncio.run(scenario())
    finally:
        proc.terminate()
        proc.wait(30)
    assert versions == 3
    assert sorted(states) == ["ended (time up)"] + ["ended (with its table)"] * 3, states


@pytest.mark.slow
def test_a_table_still_playing_after_the_end_is_reported_and_the_run_ends(tmp_path):
    """The one table seats in the first second and its players think 1.5 s or more before their first
    move: 0.01 s after the one second of play, it is still playing."""
    done = subprocess.run([sys.executable, "tests/bench/bench_online.py", "--games", "1", "--think", "3",
                           "--seconds", "1", "--stall-seconds", "0.01"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("STALL: 1 tables still playing 0.01 s after the end of play"), done.stdout
    assert lines[1] == "  table 0:"
    asked = [line for line in lines if "the server now:" in line]
    assert 1 <= len(asked) <= 4 and all("the server now: version " in line for line in asked), done.stdout
    log = lines[0].split("its log in ")[1].rstrip(")")
    assert os.path.exists(log)                       # kept after a stall: what the server did
    shutil.rmtree(os.path.dirname(log))


def test_a_bot_told_to_slow_down_moves_again_instead_of_waiting_for_ever(tmp_path):
    """A move the server refuses with a plain error frame ("Too many messages: slow down.", the
    move's id) gets no update: the bot (the bench's and the tests' scripted player) waited for
    one for ever. It now waits a moment and chooses again. A server that allows 20 messages a
    second after a burst of 60: four seats at one computer (a game far longer than that) make 90 moves."""
    from client.bot import Bot
    from online_helpers import ServerThread
    server = ServerThread(tmp_path / "server", rate=20.0)
    try:
        async def scenario():
            seats = [{"kind": "here", "name": name} for name in ("Ash", "Bo", "Cy", "Di")]
            bot = Bot(server.uri, {"type": "create", "seats": seats}, random.Random(3), stop_after=90)
            await asyncio.wait_for(bot.play(), 60)
            await bot.close()
            return bot
        bot = asyncio.run(scenario())
    finally:
        server.stop()
    assert not bot.over() and bot.moves == 90 and bot.mirror.version > 70     # (moves: sent, refused ones too)
    assert "Too many messages: slow down." in bot.errors
