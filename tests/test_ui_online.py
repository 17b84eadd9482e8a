"""Play online through the real window: the title's Play online screen creates a
table on a real server (127.0.0.1, port 0), a friend (a scripted client on
another connection) joins with the invite code the screen shows, and the
window plays its seat by clicks on the same table as offline.

Issue "Play online with friends": "create a table (seats: a friend, an AI
level, or open), which gives an invite code; join with a code and a name;
My games: every online game of this computer with whose turn it is, opened
at any time"; "the table is the same table as offline"; "who is connected
shows beside each dragon".
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import threading
import time

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from client.bot import Bot                                   # noqa: E402
from client.my_games import MyGames                          # noqa: E402
from online_helpers import ServerThread                           # noqa: E402
from sprites.scenes.online import OnlineScene                     # noqa: E402
from sprites.scenes.table import TableScene                       # noqa: E402
from ui_helpers import (DrawnText, click, click_option, create_table, make_app, pump_until,  # noqa: E402
                        redraw, type_into)


def ann_against_an_ai(tmp_path, uri, monkeypatch):
    """Ann's table against an easy AI dragon, made on the server at ``uri`` and opened from My games
    (a window reopened): (app, table, the sequence numbers of the log lines that reached the
    table's animations and sounds, as they come)."""
    from online_helpers import create_game
    from sprites.table import happenings
    created = create_game(uri, [{"kind": "here", "name": "Ann"}, {"kind": "easy"}])
    mine = MyGames.load(str(tmp_path / "saves"))
    mine.add(uri, created["game"], [created["tokens"]["0"]], ["Ann", "AI"])
    assert mine.save() is None
    app = make_app(tmp_path / "saves")
    animated = []
    real_after = happenings.after
    monkeypatch.setattr(happenings, "after", lambda t, before, actor, events, slots=None:
                        animated.extend(e["seq"] for e in events) or real_after(t, before, actor, events, slots))
    try:
        open_play_online(app, uri, "Ann")
        click(app, "mine:0")
        assert pump_until(app, lambda: isinstance(app.scene, TableScene) and app.scene.host.connected)
    except BaseException:
        app.close()
        raise
    return app, app.scene, animated


def open_play_online(app, uri, name):
    """From the title: Play online, the server's address and a name typed in."""
    app.to_title()
    click(app, "button:online")
    scene = app.scene
    assert isinstance(scene, OnlineScene)
    type_into(app, "field:server", uri)
    type_into(app, "field:name", name)
    return scene


class Friend:
    """A friend on another computer: joins with the code and plays until told to leave."""

    def __init__(self, uri, code):
        self.bot = Bot(uri, {"type": "join", "code": code, "name": "Bo"}, random.Random(3))
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        async def go():
            try:
                await self.bot.play()
            except Exception:          # the connection closed by leave()
                pass
        self.loop.run_until_complete(go())

    def leave(self):
        """The friend's computer drops off the network (the connection is cut, not closed)."""
        self.loop.call_soon_threadsafe(self.bot.ws.transport.abort)
        self.thread.join(10)


@pytest.mark.slow
def test_a_window_creates_a_table_a_friend_joins_with_the_code_and_they_play(tmp_path, monkeypatch):
    server = ServerThread(tmp_path / "server")
    app = make_app(tmp_path / "saves")
    try:
        scene = open_play_online(app, server.uri, "Ann")
        click(app, "seat:1")                      # a friend -> the next choice ...
        while scene.seats[1] != "invite":         # ... round to "A friend (invite code)" again
            click(app, "seat:1")
        click(app, "button:more")
        while scene.seats[2] != "easy":
            click(app, "seat:2")
        create_table(app, scene)
        (seat, dragon, code), = scene.invites[0]
        assert seat == 1 and len(code.replace("-", "")) == 10
        mine = MyGames.load(str(tmp_path / "saves"))          # remembered on this computer, with its token
        assert mine.server == server.uri and mine.name == "Ann" and len(mine.games) == 1
        friend = Friend(server.uri, code)
        click(app, "button:open_new")
        assert pump_until(app, lambda: isinstance(app.scene, TableScene)), scene.message
        table = app.scene
        assert table.seats.humans == [0] and table.host.here == [0]
        assert pump_until(app, lambda: table.host.seats[1]["connected"]), "the friend never shows as connected"
        mine_moves, rng = 0, random.Random(7)
        end = time.monotonic() + 150
        while mine_moves < 12 and not table.host.over and time.monotonic() < end:
            app.pump()
            if table.my_decision() and table.version == table.host.version and not table.handoff_pending:
                if click_option(app, table, rng.randrange(len(table.options))):
                    mine_moves += 1
            time.sleep(0.01)
        assert mine_moves >= 12 or table.host.over
        assert friend.bot.moves > 0, "the friend's moves never came through"
        # The window holds only its own seat's eyes: the friend's hand is never in it.
        room = next(iter(server.server.games.rooms.values()))
        for seat, snap in table.host.mirror.snaps.items():
            assert seat == 0
            assert snap["board"]["players"][1]["hand"] is None
        assert table.view["players"][0]["hand"] == list(room.session.game.state.players[0].hand) or \
            table.version != room.version
        # On another screen, the window's title says when the online game waits for this seat.
        app.to_title(table)
        assert pump_until(app, lambda: table.host.decider == 0), "the friend never gave the turn back"
        assert pump_until(app, lambda: "Your turn" in pygame.display.get_caption()[0])
        click(app, "button:continue")
        assert app.scene is table or isinstance(app.scene, TableScene)
        app.pump()
        assert "Your turn" not in pygame.display.get_caption()[0]
        table = app.scene
        # Who is connected shows beside each dragon: the friend leaves, and the row says so.
        drawn = DrawnText(monkeypatch)
        friend.leave()
        assert pump_until(app, lambda: table.host.seats[1]["connected"] is False)
        drawn.clear()
        redraw(app)
        assert any(s.startswith("Bo") and "(away)" in s for s in drawn.strings()), drawn.strings()[:40]
        assert pump_until(app, lambda: "Not connected now" in table.tips["player:1"], 10)   # the next frame's tip
    finally:
        app.close()
        server.stop()


@pytest.mark.slow
def test_a_finished_online_game_shows_its_scores_replays_and_is_kept_on_this_computer(tmp_path):
    """Issue: "a finished online game can be watched (the existing replay) and saved locally by every seat"."""
    from app.save_format import load_session
    from sprites.scenes.replay import ReplayScene
    from sprites.scenes.scores import ScoresScene
    server = ServerThread(tmp_path / "server")
    app = make_app(tmp_path / "saves")
    try:
        scene = open_play_online(app, server.uri, "Ann")
        create_table(app, scene)
        friend = Friend(server.uri, scene.invites[0][0][2])
        click(app, "button:open_new")
        assert pump_until(app, lambda: isinstance(app.scene, TableScene)), scene.message
        table = app.scene
        end = time.monotonic() + 200
        rng = random.Random(9)
        while not isinstance(app.scene, ScoresScene) and time.monotonic() < end:
            app.pump()
            if app.scene is table and table.my_decision() and table.version == table.host.version:
                click_option(app, table, rng.randrange(len(table.options)))
            time.sleep(0.005)
        scores = app.scene
        assert isinstance(scores, ScoresScene), "the game did not reach its scores"
        assert "button:rematch" not in scores.element_names()          # a new table is made online
        room = next(iter(server.server.games.rooms.values()))
        assert scores.scores == json.loads(json.dumps(room.session.game.final_scores()))
        assert pump_until(app, lambda: table.host.kept is not None), "the finished game was not kept here"
        kept = load_session(table.host.kept)                             # replays from its seed to the same end
        assert kept.game.final_scores() == room.session.game.final_scores()
        click(app, "button:replay")
        assert isinstance(app.scene, ReplayScene)
        friend.leave()
    finally:
        app.close()
        server.stop()


@pytest.mark.slow
def test_one_computer_holding_two_seats_of_an_online_game_hands_over_between_them(tmp_path):
    """Issue: "One computer may hold several seats of an online game, with the usual hand-off
    between them." Between the two, the window shows no hand (what everyone may see)."""
    from sprites.scenes.handoff import HandOffScene
    server = ServerThread(tmp_path / "server")
    app = make_app(tmp_path / "saves", handoff=True)
    try:
        scene = open_play_online(app, server.uri, "Ann")
        while scene.seats[1] != "here":
            click(app, "seat:1")
        click(app, "button:more")
        while scene.seats[2] != "easy":
            click(app, "seat:2")
        click(app, "button:create")
        assert pump_until(app, lambda: isinstance(app.scene, (TableScene, HandOffScene))), scene.message
        handoffs, moves, rng = 0, 0, random.Random(4)
        end = time.monotonic() + 120
        while handoffs < 2 and time.monotonic() < end:
            app.pump()
            if isinstance(app.scene, HandOffScene):
                table = app.scene.table
                assert table.eyes is None or table.snap["seat"] is None or table.handoff_pending
                assert all(p["hand"] is None for p in table.host.snapshot(None)["board"]["players"])
                handoffs += 1
                click(app, "handoff:confirm")
                continue
            table = app.scene
            if isinstance(table, TableScene) and table.my_decision() and table.version == table.host.version:
                if click_option(app, table, rng.randrange(len(table.options))):
                    moves += 1
            time.sleep(0.005)
        assert handoffs >= 2 and moves > 0
        assert sorted(table.host.here) == [0, 1] and table.seats.humans == [0, 1]
    finally:
        app.close()
        server.stop()


@pytest.mark.slow
def test_the_next_new_table_starts_from_the_seats_and_settings_of_the_last_one(tmp_path, monkeypatch):
    """Playtest: "Play online forgets the new table's seat setup between visits": a group that
    meets every week set up the same table again each time. The seats, variant and waits of
    the last table created here come back (they are remembered with the address and name)."""
    server = ServerThread(tmp_path / "server")
    app = make_app(tmp_path / "saves")
    try:
        scene = open_play_online(app, server.uri, "Ann")
        click(app, "button:more")
        while scene.seats[2] != "hard":
            click(app, "seat:2")
        click(app, "button:variant")
        click(app, "button:absent")
        click(app, "button:turn")
        chosen = (list(scene.seats), scene.variant_i, scene.absent_i, scene.turn_i)
        assert chosen != (["here", "invite"], 0, 0, 0)
        create_table(app, scene)
        app.to_title()
        click(app, "button:online")
        again = app.scene
        assert isinstance(again, OnlineScene) and again is not scene
        assert (again.seats, again.variant_i, again.absent_i, again.turn_i) == chosen
        drawn = DrawnText(monkeypatch)
        redraw(app)
        assert "AI hard" in drawn.strings()
    finally:
        app.close()
        server.stop()
