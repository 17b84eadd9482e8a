"""The title screen over an online game left for it (the table's Menu, "Leave to
the title screen"), through the real window and a real server (127.0.0.1, port 0).

Playtest: "Leave an online game to the title screen, then click Tutorial. It says
'A game is in progress. It is not saved (autosave is off): it will be lost.' The
title screen also offers 'Save the game in progress'." The server keeps an online
game: the title says so, and offers no save of it, nor a save elsewhere while the
connection is down.
"""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from online_helpers import ServerThread                           # noqa: E402
from sprites.scenes.table import TableScene                       # noqa: E402
from sprites.scenes.title import TitleScene                       # noqa: E402
from test_ui_online import open_play_online                       # noqa: E402
from ui_helpers import (DrawnText, click, create_table, leave_to_title, make_app, press,  # noqa: E402
                        pump_until, redraw)

import pygame                                                     # noqa: E402


def online_table(app, uri):
    """A table created on Play online (this computer and a friend's invite), opened."""
    scene = open_play_online(app, uri, "Ann")
    create_table(app, scene)
    click(app, "button:open_new")
    assert pump_until(app, lambda: isinstance(app.scene, TableScene)), scene.message
    return app.scene


def asked_before(app, button):
    """The question a title button asks over the game in progress, in words (then Back)."""
    click(app, button)
    title = app.scene
    assert isinstance(title, TitleScene) and title.elsewhere is None, "a save elsewhere offered for an online game"
    assert title.question is not None, f"{button} left the game without a word"
    words = title.question[1]
    press(app, pygame.K_ESCAPE)
    return words


@pytest.mark.slow
def test_the_title_says_the_server_keeps_an_online_game_and_offers_no_save_of_it(tmp_path, monkeypatch):
    drawn = DrawnText(monkeypatch)
    server = ServerThread(tmp_path / "server")
    app = make_app(tmp_path / "saves")
    try:
        table = online_table(app, server.uri)
        leave_to_title(app)
        title = app.scene
        assert isinstance(title, TitleScene) and title.current is table
        drawn.clear()
        redraw(app)
        assert "button:save_as" not in title.element_names() and "field:save_name" not in title.element_names()
        assert not any("Save the game in progress" in s for s in drawn.strings())
        for button in ("button:tutorial", "button:start"):
            words = asked_before(app, button)
            assert "lost" not in words and "not saved" not in words, words
            assert "server keeps it" in words and "Play online" in words, words
        # The connection down: still the server's game, nothing to save elsewhere.
        click(app, "button:continue")
        assert app.scene is table
        server.stop()
        assert pump_until(app, lambda: table.host.unsaved() is not None), "the connection never went down"
        leave_to_title(app)
        assert app.scene.elsewhere is None
        words = asked_before(app, "button:tutorial")
        assert "lost" not in words and "server keeps it" in words, words
        click(app, "button:tutorial")
        click(app, "question:yes")
        assert not isinstance(app.scene, TitleScene), "the tutorial did not start"
    finally:
        app.close()
        server.stop()
