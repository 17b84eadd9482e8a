"""The online table's seat controls and spectators, through the real window and a
real server (127.0.0.1, port 0).

Issue "Play online with friends": "a player gone longer than the table's limit
(chosen at creation; none by default) can have their seat handed to an AI level
by the others, and can take it back on return"; "spectators get the public
view"; "a finished online game can be watched".
"""
from __future__ import annotations

import asyncio
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
from online_helpers import ServerThread, create_game, join_game   # noqa: E402
from sprites.scenes.table import TableScene                       # noqa: E402
from sprites.table.online_parts import OnlineSeats, Watching      # noqa: E402
from test_ui_online import open_play_online                       # noqa: E402
from ui_helpers import DrawnText, click, make_app, press, pump_until, redraw, type_into  # noqa: E402


class Players:
    """Two players on other computers, playing a game of theirs in a thread."""

    def __init__(self, uri):
        self.bots = []
        self.ready = threading.Event()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=lambda: self.loop.run_until_complete(self._play(uri)), daemon=True)
        self.thread.start()
        assert self.ready.wait(30), "the players' game was not created"

    async def _play(self, uri):
        creator = Bot(uri, {"type": "create", "seats": [{"kind": "here", "name": "Ash"}, {"kind": "invite"}]},
                      random.Random(1), pause=0.05)
        await creator.connect()
        while creator.created is None:
            await creator.receive()
        friend = Bot(uri, {"type": "join", "code": creator.created["invites"]["1"], "name": "Bo"},
                     random.Random(2), pause=0.05)
        await friend.connect()
        self.bots = [creator, friend]
        self.game = creator.created["game"]
        self.ready.set()
        await asyncio.gather(*(b.play() for b in self.bots), return_exceptions=True)

    def stop(self):
        for b in self.bots:
            asyncio.run_coroutine_threadsafe(b.close(), self.loop)
        self.thread.join(10)


def open_from_my_games(tmp_path, uri, game, token, name):
    """A window whose My games holds this seat (as after Create or Join there), opened from
    Play online with a click on its row: (app, its table)."""
    mine = MyGames.load(str(tmp_path / "saves"))
    mine.add(uri, game, [token], [name])
    assert mine.save() is None
    app = make_app(tmp_path / "saves")
    open_play_online(app, uri, name)
    click(app, "mine:0")
    assert pump_until(app, lambda: isinstance(app.scene, TableScene))
    return app, app.scene


@pytest.mark.slow
def test_a_spectator_watches_a_game_with_its_code_and_sees_only_what_everyone_may_see(tmp_path):
    server = ServerThread(tmp_path / "server")
    players = Players(server.uri)
    app = make_app(tmp_path / "saves")
    try:
        scene = open_play_online(app, server.uri, "Cy")
        type_into(app, "field:code", players.game)
        click(app, "button:watch")
        assert pump_until(app, lambda: isinstance(app.scene, TableScene)), scene.message
        table = app.scene
        assert isinstance(table.part, Watching) and table.host.read_only and table.host.here == []
        assert table.header()[0].startswith("Watching")
        seen = table.version
        assert pump_until(app, lambda: table.version >= seen + 5, 60), "the players' moves never came through"
        # Only what everyone may see: no hand, no Scheme draft, whichever seat the table follows.
        assert set(table.host.mirror.snaps) == {None}
        assert all(p["hand"] is None for p in table.view["players"])
        assert table.options == [] and not table.my_decision()
        assert "button:hint" not in table.element_names()
        assert "hands are hidden" in table.handview.empty_text and table.right.viewer_label == ""
        app.screen = pygame.display.set_mode((1200, 700))          # a new size keeps the spectator's words
        table.resize(app.screen.get_size())
        assert "hands are hidden" in table.handview.empty_text and not table.right.yours
        click(app, "region:Gallia")
        assert table.toast and "watching" in table.toast[0]
        # A watcher cannot play, whatever it sends.
        assert "watching" in table.host.send(0, {"type": "apply", "version": table.host.version, "option": 0})["error"]
    finally:
        app.close()
        players.stop()
        server.stop()


@pytest.mark.slow
def test_a_wrong_watch_code_is_one_line_and_the_screen_stays(tmp_path):
    server = ServerThread(tmp_path / "server")
    app = make_app(tmp_path / "saves")
    try:
        scene = open_play_online(app, server.uri, "Cy")
        type_into(app, "field:code", "nosuchgame12")
        click(app, "button:watch")
        assert pump_until(app, lambda: scene.connecting is None and "no game has that code" in scene.message, 20), \
            scene.message
        assert app.scene is scene
    finally:
        app.close()
        server.stop()


@pytest.mark.slow
def test_an_absent_players_seat_is_handed_to_an_ai_by_a_click_on_their_row(tmp_path, monkeypatch):
    server = ServerThread(tmp_path / "server")
    created = create_game(server.uri, [{"kind": "here", "name": "Ann"}, {"kind": "invite"}], absent_limit=1)
    join_game(server.uri, created["invites"]["1"], "Bo")            # Bo joins, then is gone
    app, table = open_from_my_games(tmp_path, server.uri, created["game"], created["tokens"]["0"], "Ann")
    try:
        assert isinstance(table.part, OnlineSeats)
        assert pump_until(app, lambda: (table.host.away_for(1) or 0) > 1.5, 10)
        table.refresh()
        assert "Click: let an AI dragon play for them" in table.tips["player:1"]
        click(app, "player:1")
        assert table.dialog is not None and "Let an AI dragon play for Bo" in table.dialog.title
        click(app, "takeover:1:easy")
        assert pump_until(app, lambda: table.host.seats[1]["stand_in"] == "easy", 20)
        room = next(iter(server.server.games.rooms.values()))
        assert server.call(lambda: room.session.seats[1].kind) == "easy"
        drawn = DrawnText(monkeypatch)
        redraw(app)
        assert any(s.startswith("Bo") and "[AI" in s for s in drawn.strings()), drawn.strings()[:40]
    finally:
        app.close()
        server.stop()


@pytest.mark.slow
def test_a_table_without_a_limit_says_it_waits_and_hands_no_seat_away(tmp_path):
    server = ServerThread(tmp_path / "server")
    created = create_game(server.uri, [{"kind": "here", "name": "Ann"}, {"kind": "invite"}])
    app, table = open_from_my_games(tmp_path, server.uri, created["game"], created["tokens"]["0"], "Ann")
    try:
        click(app, "player:1")
        assert table.dialog is None and "made to wait for absent players" in table.toast[0]
    finally:
        app.close()
        server.stop()


@pytest.mark.slow
def test_a_returning_player_takes_their_seat_back_from_the_ai(tmp_path):
    server = ServerThread(tmp_path / "server")
    created = create_game(server.uri, [{"kind": "here", "name": "Ash"}, {"kind": "invite"}], absent_limit=1)
    joined = join_game(server.uri, created["invites"]["1"], "Ann")

    async def ash_hands_anns_seat_to_an_ai():
        ash = Bot(server.uri, {"type": "hello", "tokens": [created["tokens"]["0"]]}, random.Random(0))
        await ash.connect()
        await asyncio.sleep(1.3)
        await ash.send({"type": "takeover", "target": 1, "level": "easy"})
        while True:
            frame = await asyncio.wait_for(ash.receive(), 20)
            if frame["type"] == "presence" and frame["seats"][1]["stand_in"] == "easy":
                break
        await ash.close()
    asyncio.run(ash_hands_anns_seat_to_an_ai())
    app, table = open_from_my_games(tmp_path, server.uri, created["game"], joined["token"], "Ann")
    try:
        assert table.host.seats[1]["stand_in"] == "easy"
        assert "online:reclaim" in table.element_names() and "Take my seat back" in table.header()[1]
        assert table.options == []                       # the AI plays the seat for now
        press(app, pygame.K_r)
        assert pump_until(app, lambda: table.host.seats[1]["stand_in"] is None, 20)
        room = next(iter(server.server.games.rooms.values()))
        assert server.call(lambda: room.session.seats[1].kind) == "human"
        assert pump_until(app, lambda: "online:reclaim" not in table.element_names(), 5)
    finally:
        app.close()
        server.stop()


@pytest.mark.slow
def test_a_live_table_counts_down_the_turn_limit_in_the_prompt_bar(tmp_path):
    """A turn limit ("Optional turn time limit for live tables"): the player deciding
    sees how long they have left before an easy AI moves for them."""
    server = ServerThread(tmp_path / "server")
    created = create_game(server.uri, [{"kind": "here", "name": "Ann"}, {"kind": "easy"}], turn_limit=30)
    app, table = open_from_my_games(tmp_path, server.uri, created["game"], created["tokens"]["0"], "Ann")
    try:
        assert pump_until(app, lambda: table.my_decision(), 20)

        def left():
            prompt = table.header()[1]
            assert "you have" in prompt and "left)" in prompt, prompt
            minutes, seconds = prompt.rsplit("you have ", 1)[1].split(" left")[0].split(":")
            return int(minutes) * 60 + int(seconds)
        first = left()
        assert 25 <= first <= 30
        time.sleep(2.1)
        app.pump()
        assert first - 10 <= left() <= first - 2            # (it counts down; a busy machine may lag)
        assert table.part.tick(0) is not None                   # the bar is drawn again each second
    finally:
        app.close()
        server.stop()


@pytest.mark.parametrize("typed,said", [
    ("ws://", "names no computer"),
    ("ws://127.0.0.1:65536", "port is a number from 1 to 65535"),
    ("ws://no-such-host.invalid:8765", "no computer has that name"),
])
def test_watch_at_an_address_that_can_never_work_says_not_done_and_stops_trying(tmp_path, typed, said):
    """Issue "Online play a group can trust", defect 7: "Watch retries for ever an address that can
    never work (`ws://`, port 65536, a name that does not resolve): say 'Not done: ...' as Create and
    Join do"."""
    app = make_app(tmp_path / "saves")
    try:
        scene = open_play_online(app, typed, "Cy")
        type_into(app, "field:code", "somegame1234")
        click(app, "button:watch")
        assert pump_until(app, lambda: scene.connecting is None and said in scene.message, 20), scene.message
        assert scene.message.startswith(("Not done:", "Server:")), scene.message
        for _ in range(20):                                  # and it stays said: nothing tries again
            app.pump()
        assert scene.connecting is None and said in scene.message and app.scene is scene
    finally:
        app.close()


def test_a_web_address_typed_for_the_server_is_its_websocket_address(tmp_path):
    """Defect 7: "`http://host:port` becomes `ws://http://host:port`: map http/https to ws/wss"."""
    server = ServerThread(tmp_path / "server")
    players = Players(server.uri)
    app = make_app(tmp_path / "saves")
    try:
        scene = open_play_online(app, server.uri.replace("ws://", "http://"), "Cy")
        type_into(app, "field:code", players.game)
        click(app, "button:watch")
        assert pump_until(app, lambda: isinstance(app.scene, TableScene), 30), scene.message
        assert app.scene.host.uri == server.uri
        assert MyGames.load(str(tmp_path / "saves")).server == server.uri
    finally:
        players.stop()
        app.close()
        server.stop()
