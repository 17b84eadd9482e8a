"""A button drawn as the default (the red primary one) is what Enter takes at once,
before any key has moved the keyboard's focus (playtest: the game menu's Resume)."""
from __future__ import annotations

import pygame

from tests.ui_helpers import click, make_app, press


def solo(tmp_path):
    from app.session import Seat, Session
    app = make_app(tmp_path)
    session = Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue", "easy"), Seat("Cora", "Green", "easy")], seed=4)
    table = app.start_game(session, handoff=False)
    table.summary = None
    return app, table


def test_enter_right_after_the_game_menu_opens_takes_resume(tmp_path):
    from sprites.scenes.gamemenu import GameMenuScene
    app, table = solo(tmp_path)
    for opening in (lambda: press(app, pygame.K_ESCAPE), lambda: click(app, "button:menu")):
        opening()
        assert isinstance(app.scene, GameMenuScene) and app.scene.kfocus is None
        press(app, pygame.K_RETURN)
        assert app.scene is table, "Enter took Resume, the button drawn as the default"
    press(app, pygame.K_ESCAPE)
    menu = app.scene
    click(app, "field:save_name")
    press(app, 0, "x")
    press(app, pygame.K_RETURN)
    assert app.scene is menu and menu.message, "Enter in the name field still saves (and says so)"


def test_enter_on_the_invite_codes_opens_the_table(tmp_path):
    """Play online, a table made: its codes are shown with "Open the table" as the default."""
    from online_helpers import ServerProcess
    from sprites.scenes.table import TableScene
    from test_ui_online import open_play_online
    from ui_helpers import create_table, pump_until
    server = ServerProcess(tmp_path / "server")
    app = make_app(tmp_path / "saves")
    try:
        online = open_play_online(app, server.uri, "Ann")
        create_table(app, online)
        press(app, pygame.K_RETURN)
        assert pump_until(app, lambda: isinstance(app.scene, TableScene)), "Enter took Open the table"
    finally:
        app.close()
        server.stop()
