"""A spectator's window onto an online game, through the real window and a real
server (127.0.0.1, port 0): at the end, the score sheet everyone may see (the
final scoring counts every lair: the engine opens them all once the game is
over) on each of its tabs, and the replay of the whole game; during the game,
a table without the action buttons nobody can use from it.

Playtest: "Watching a finished game crashes the window ... TypeError:
'NoneType' object is not subscriptable"; "a spectator crashed the moment the
game ended"; "a spectator sees greyed Divination / Consume Noble / Lick Wounds
buttons".
"""
from __future__ import annotations

import asyncio
import json
import os
import threading

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from online_helpers import LIMIT_SECONDS, ServerThread, table_of_bots   # noqa: E402
from sprites.scenes.replay import ReplayScene                     # noqa: E402
from sprites.scenes.scores import TABS, ScoresScene               # noqa: E402
from sprites.scenes.table import TableScene                       # noqa: E402
from test_ui_online import open_play_online                       # noqa: E402
from ui_helpers import (DrawnText, click, make_app, press, pump_until, redraw, type_into,  # noqa: E402
                        without_action_buttons)

PLAN = [{"kind": "here", "name": "Ash"}, {"kind": "invite"}]


def watch(app, uri, code):
    """Play online, the game's watch code typed, Watch."""
    scene = open_play_online(app, uri, "Cy")
    type_into(app, "field:code", code)
    click(app, "button:watch")
    assert pump_until(app, lambda: isinstance(app.scene, (TableScene, ScoresScene))), scene.message


class Game:
    """Two players on other computers playing one game to its end, in a thread (``pause``: before each move)."""

    def __init__(self, uri, pause=0.0, variant="standard"):
        self.ready, self.done = threading.Event(), threading.Event()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._play(uri, pause, variant),),
                                       daemon=True)
        self.thread.start()
        assert self.ready.wait(30), "the players' game was not created"

    async def _play(self, uri, pause, variant):
        self.bots = await table_of_bots(uri, PLAN, variant, seed=5)
        self.code = self.bots[0].created["game"]
        for bot in self.bots:
            bot.pause = pause
        self.ready.set()
        await asyncio.wait_for(asyncio.gather(*(b.play() for b in self.bots), return_exceptions=True), LIMIT_SECONDS)
        self.done.set()

    def leave(self):
        """The players close their windows (the game stays on the server, unfinished if it was)."""
        for bot in self.bots:
            asyncio.run_coroutine_threadsafe(bot.close(), self.loop)
        self.thread.join(10)


def final_scores(server):
    room = next(iter(server.server.games.rooms.values()))
    return room.session.game, json.loads(json.dumps(room.session.game.final_scores()))


def check_every_tab(app, monkeypatch, game):
    """The scores screen of a spectator: each tab drawn with what the final scores make public."""
    scores = app.scene
    assert isinstance(scores, ScoresScene)
    drawn = DrawnText(monkeypatch)
    team = game.cooperative             # a team's game: its result heads every tab
    heads = [game.desolation()["level"]] if team else [e["name"] for e in game.final_scores() if e["rank"] == 1]
    for name, _ in TABS:
        click(app, name)
        drawn.clear()
        redraw(app)
        text = drawn.joined()
        assert all(w in text for w in heads), (name, text[:300])
        if name == "tab:scores" and not team:           # the sheet, with the majorities marked
            for e in game.final_scores():
                assert f"{e['total']} VP" in drawn.strings()
            assert "1st" in drawn.strings()
        if name == "tab:lairs":            # every lair opened at final scoring, piece by piece
            for p in game.state.players:
                assert f"{p.lair.res['gold']} gold" in drawn.strings() or p.lair.res["gold"] == 0
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT):        # and by the keyboard
        press(app, key)
        redraw(app)
    assert app.scene is scores


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["standard", "desolation"])
def test_a_spectator_of_a_finished_game_sees_its_scores_on_every_tab_and_its_replay(tmp_path, monkeypatch, variant):
    server = ServerThread(tmp_path / "server")
    game = Game(server.uri, variant=variant)
    assert game.done.wait(120), "the players never finished"
    app = make_app(tmp_path / "saves")
    try:
        watch(app, server.uri, game.code)
        assert pump_until(app, lambda: isinstance(app.scene, ScoresScene)), "no scores for a finished game"
        engine_game, scores = final_scores(server)
        assert app.scene.scores == scores
        check_every_tab(app, monkeypatch, engine_game)
        click(app, "button:view_table")             # the final board, every lair open, and back
        table = app.scene
        assert isinstance(table, TableScene) and all(p["lair"] is not None for p in table.view["players"])
        assert all(p["hand"] is None for p in table.view["players"])
        redraw(app)
        click(app, "button:scores")
        host = app.scene.host
        assert pump_until(app, lambda: host.replay() is not None), "the whole game never came"
        click(app, "button:replay")
        assert isinstance(app.scene, ReplayScene)
        press(app, pygame.K_END)
        click(app, "replay:scores")                 # the replay's own scores screen, every tab
        check_every_tab(app, monkeypatch, engine_game)
    finally:
        app.close()
        server.stop()


@pytest.mark.slow
def test_a_spectator_watching_live_sees_the_scores_when_the_game_ends(tmp_path, monkeypatch):
    server = ServerThread(tmp_path / "server")
    game = Game(server.uri, pause=0.02)
    app = make_app(tmp_path / "saves")
    try:
        watch(app, server.uri, game.code)
        table = app.scene
        assert isinstance(table, TableScene) and not table.host.over
        assert pump_until(app, lambda: isinstance(app.scene, ScoresScene), 120), "the end never showed"
        check_every_tab(app, monkeypatch, final_scores(server)[0])
    finally:
        app.close()
        game.leave()
        server.stop()


@pytest.mark.slow
def test_a_spectators_table_shows_no_action_button_nobody_can_use_from_it(tmp_path, monkeypatch):
    """The table's buttons for action kinds (Divination, Consume Noble, Lick Wounds) are a
    player's: a spectator's table leaves them out, at any size; the bar's buttons stay."""
    server = ServerThread(tmp_path / "server")
    game = Game(server.uri, pause=0.5)         # (the game goes on while the table is looked at)
    app = make_app(tmp_path / "saves")
    try:
        watch(app, server.uri, game.code)
        table = app.scene
        assert isinstance(table, TableScene)
        drawn = DrawnText(monkeypatch)
        for _ in without_action_buttons(app, table, drawn):
            assert "Watching: the players' hands are hidden" in drawn.strings()
            assert "button:menu" in table.element_names() and "button:help" in table.element_names()
        assert app.scene is table
    finally:
        app.close()
        game.leave()
        server.stop()


@pytest.mark.slow
def test_a_spectator_of_a_finished_game_opens_the_final_standings_on_its_board(tmp_path, monkeypatch):
    """Playtest: a spectator's board had no standings at all, not even once the game was over
    (V did nothing). At the end every lair is open and the standings are the final scores,
    which everyone may see: the spectator's board offers them as a player's does."""
    server = ServerThread(tmp_path / "server")
    game = Game(server.uri)
    assert game.done.wait(120), "the players never finished"
    app = make_app(tmp_path / "saves")
    try:
        watch(app, server.uri, game.code)
        assert pump_until(app, lambda: isinstance(app.scene, ScoresScene)), "no scores for a finished game"
        engine_game, _ = final_scores(server)
        click(app, "button:view_table")
        table = app.scene
        assert isinstance(table, TableScene)
        redraw(app)
        assert "button:standings" in table.element_names()
        drawn = DrawnText(monkeypatch)
        press(app, pygame.K_v)
        assert table.standings.open
        redraw(app)
        text = drawn.joined()
        assert "Final standings" in drawn.strings()
        assert "The game is over: every lair is open and these are the final scores." in text
        for e in engine_game.final_scores():
            assert f"{e['total']} VP" in drawn.strings() or str(e["total"]) in drawn.strings(), (e, text[:400])
        assert "you" not in drawn.strings()           # the spectator has no column of its own
        press(app, pygame.K_v)
        assert not table.standings.open
    finally:
        app.close()
        server.stop()


@pytest.mark.slow
def test_a_spectators_dragon_card_follows_the_deciding_dragon_or_the_one_clicked(tmp_path, monkeypatch):
    """Playtest: "the spectator's Dragon Card panel is stuck on seat 1 ... worded 'Your turn this
    century: feats...'; clicking Bryn in the list doesn't switch it". The card (public: its Life,
    level, feats, loot) is the deciding dragon's, or the one whose row the spectator clicked, and
    never says "your"."""
    server = ServerThread(tmp_path / "server")
    game = Game(server.uri, pause=0.4)
    app = make_app(tmp_path / "saves")
    try:
        watch(app, server.uri, game.code)
        table = app.scene
        assert isinstance(table, TableScene)
        names = [s["name"] for s in table.host.seats]
        drawn = DrawnText(monkeypatch)

        def card_title():
            drawn.clear()
            redraw(app)
            titles = [s for s in drawn.strings() if s.endswith(" Dragon card")]
            assert len(titles) == 1, titles
            return titles[0]
        followed = set()
        for _ in range(200):
            assert pump_until(app, lambda: table.version == table.host.version and table.decider is not None)
            decider = table.decider
            title = card_title()
            if table.decider == decider:            # (no move shown while it was drawn)
                assert title.startswith(f"{names[decider]} - "), (decider, title)
                followed.add(decider)
            assert not [s for s in drawn.strings() if s.startswith("Your ") or "your turn" in s]
            if len(followed) == 2:
                break
        assert followed == {0, 1}, followed
        other = 1 - table.decider
        click(app, f"player:{other}")
        assert card_title().startswith(f"{names[other]} - ")
        click(app, f"player:{other}")                 # again: back to whoever decides
        assert card_title().startswith(f"{names[table.decider]} - ")
        deciding = table.decider
        click(app, f"player:{1 - deciding}")          # shown until the turn passes to another dragon
        assert card_title().startswith(f"{names[1 - deciding]} - ")
        for turn in (1 - deciding, deciding):
            assert pump_until(app, lambda: table.decider == turn and table.version == table.host.version, 60)
        assert card_title().startswith(f"{names[deciding]} - "), "the card follows the turn again"
    finally:
        app.close()
        game.leave()
        server.stop()


@pytest.mark.slow
def test_a_table_with_an_ai_seat_can_be_watched(tmp_path, monkeypatch):
    """Playtest: "Watching a table that has an AI seat crashes the window every time ...
    TypeError: 'NoneType' object is not subscriptable" (the table asked whether AI dragons
    were still to play before it had its first snapshot)."""
    from online_helpers import create_game
    server = ServerThread(tmp_path / "server")
    created = create_game(server.uri, [{"kind": "here", "name": "Ash"}, {"kind": "easy"}])
    app = make_app(tmp_path / "saves")
    try:
        watch(app, server.uri, created["game"])
        table = app.scene
        assert isinstance(table, TableScene) and not app.crashes
        drawn = DrawnText(monkeypatch)
        redraw(app)
        decider = table.decider
        assert any(s.startswith(f"{table.host.seats[decider]['name']} - ") for s in drawn.strings())
    finally:
        app.close()
        server.stop()


@pytest.mark.slow
def test_the_name_typed_before_watching_is_remembered(tmp_path):
    """Playtest: "The name typed for Watch is not remembered: online.yaml has name: ''" (docs/online.md:
    the address and name typed are remembered once they worked, "a game watched" among them)."""
    from client.my_games import MyGames
    from online_helpers import create_game
    server = ServerThread(tmp_path / "server")
    created = create_game(server.uri, [{"kind": "here", "name": "Ash"}, {"kind": "easy"}])
    app = make_app(tmp_path / "saves")
    try:
        watch(app, server.uri, created["game"])
        assert isinstance(app.scene, TableScene)
        assert MyGames.load(str(tmp_path / "saves")).name == "Cy"
    finally:
        app.close()
        server.stop()
