"""Playtest: the game menu of an online game offered Save as, then refused it ("Not saved: an
online game can be saved here once it is over"). While the game is online and not over, Save
as is greyed, its tip says why, and a click, Enter or typing does nothing; once the game is
over it saves (the server's record of the whole game). Through a real server process."""
from __future__ import annotations

import os
import random
import time

import pygame

from online_helpers import ServerProcess
from sprites.scenes.gamemenu import GameMenuScene
from sprites.scenes.scores import ScoresScene
from sprites.scenes.table import TableScene
from test_ui_online import open_play_online
from ui_helpers import DrawnText, click, click_option, hover, make_app, press, pump_until, redraw


def buttons_drawn(app, monkeypatch):
    """{label: enabled} of the buttons the current scene draws."""
    from sprites import theme
    seen, real = {}, theme.button

    def recorded(surface, rect, label, size, enabled=True, **kw):
        seen[label] = enabled
        return real(surface, rect, label, size, enabled, **kw)
    monkeypatch.setattr(theme, "button", recorded)
    redraw(app)
    monkeypatch.setattr(theme, "button", real)
    return seen


def test_save_as_is_greyed_in_an_online_game_until_it_is_over(tmp_path, monkeypatch):
    server = ServerProcess(tmp_path / "server")
    app = make_app(tmp_path / "saves")
    try:
        online = open_play_online(app, server.uri, "Ann")
        while online.seats[1] != "easy":              # no friend to wait for: an AI dragon
            click(app, "seat:1")
        click(app, "button:create")
        assert pump_until(app, lambda: isinstance(app.scene, TableScene)), online.message
        table = app.scene
        assert pump_until(app, lambda: table.host.version >= 0 and not table.host.over)
        click(app, "button:menu")
        menu = app.scene
        assert isinstance(menu, GameMenuScene)
        assert buttons_drawn(app, monkeypatch)["Save as"] is False, "Save as is greyed while the game is online"
        drawn = DrawnText(monkeypatch)
        hover(app, "menu:save")
        drawn.clear()
        redraw(app)
        assert any("can be saved here once it is over" in s for s in drawn.strings()), drawn.strings()
        files = sorted(os.listdir(tmp_path / "saves"))
        click(app, "field:save_name")
        press(app, 0, "x")
        click(app, "menu:save")
        press(app, pygame.K_RETURN)                   # (with nothing focused: Resume)
        assert app.scene is table and not menu.message and menu.save_name == ""
        assert sorted(os.listdir(tmp_path / "saves")) == files, "nothing saved"
        click(app, "button:menu")
        menu = app.scene
        for _ in range(8):                            # the keyboard's focus never lands on it
            press(app, pygame.K_DOWN)
            assert menu.kfocus not in ("field:save_name", "menu:save")
        press(app, pygame.K_ESCAPE)
        assert app.scene is table
        rng, end = random.Random(5), time.monotonic() + 200
        while not isinstance(app.scene, ScoresScene) and time.monotonic() < end:
            app.pump()
            if app.scene is table and table.my_decision() and table.version == table.host.version:
                click_option(app, table, rng.randrange(len(table.options)))
            time.sleep(0.005)
        assert isinstance(app.scene, ScoresScene), "the game did not reach its scores"
        assert pump_until(app, lambda: table.host.record() is not None), "the whole game never came"
        click(app, "button:view_table")
        assert app.scene is table
        click(app, "button:menu")
        menu = app.scene
        assert buttons_drawn(app, monkeypatch)["Save as"] is True, "once over, Save as works"
        click(app, "field:save_name")
        for ch in "Won online":
            press(app, 0, ch)
        press(app, pygame.K_RETURN)
        assert menu.message.startswith("Saved as"), menu.message
        assert os.path.exists(tmp_path / "saves" / "Won_online.yaml")
    finally:
        app.close()
        server.stop()
