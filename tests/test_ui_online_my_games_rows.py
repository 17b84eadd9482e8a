"""My games tells apart two games of the same friends on the same server.

A playtest through real windows: "several My games rows read the same with no
date". Each row now says the century the game is in (as its server says) and
when this computer made or joined it, through the real Play online screen and a
real server (127.0.0.1, port 0)."""
from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from client.my_games import MyGames                               # noqa: E402
from online_helpers import ServerThread, create_game              # noqa: E402
from test_ui_online import open_play_online                       # noqa: E402
from ui_helpers import DrawnText, make_app, pump_until, redraw    # noqa: E402

PLAN = [{"kind": "here", "name": "Ann"}, {"kind": "easy"}]


@pytest.mark.slow
def test_two_games_of_the_same_friends_read_differently(tmp_path, monkeypatch):
    server = ServerThread(tmp_path / "server")
    try:
        games = [create_game(server.uri, PLAN) for _ in range(2)]
        mine = MyGames.load(str(tmp_path / "saves"))
        for made, g in zip(("2026-12-05T09:05:00", "2026-12-06T10:30:00"), games):
            entry = mine.add(server.uri, g["game"], [g["tokens"]["0"]], ["Ann", "Green AI"])
            entry["created"] = made
        assert mine.save() is None
        app = make_app(tmp_path / "saves")
        try:
            scene = open_play_online(app, server.uri, "Ann")
            assert pump_until(app, lambda: all(isinstance(scene.looks.get(k), dict) and "seats" in scene.looks[k]
                                               for k in scene.looks) and len(scene.looks) == 2)
            drawn = DrawnText(monkeypatch)
            redraw(app)
            pygame.image.save(app.screen, str(tmp_path / "my-games.png"))
            rows = [s for s in drawn.strings() if "watch code" in s]
            assert len(rows) == 2 and rows[0] != rows[1], rows
            assert any("since 6 Dec 10:30" in r for r in rows) and any("since 5 Dec 09:05" in r for r in rows), rows
            assert all("century 1 of 6" in r for r in rows), rows
        finally:
            app.close()
    finally:
        server.stop()


@pytest.mark.slow
def test_a_table_just_made_says_how_it_stands_and_its_whole_watch_code(tmp_path, monkeypatch):
    """A playtest: after Create and Esc on the invite codes, the new game's row said
    "Asking the server..." for minutes (its server was asked only when the screen opened),
    and the row's end, its watch code, was cut off beside the Codes button."""
    from ui_helpers import create_table, press
    server = ServerThread(tmp_path / "server")
    app = make_app(tmp_path / "saves")
    try:
        scene = open_play_online(app, server.uri, "Ann")
        create_table(app, scene)                            # you and a friend
        game = scene.invites[1]["game"]
        press(app, pygame.K_ESCAPE)
        assert app.scene is scene and scene.invites is None
        assert pump_until(app, lambda: isinstance(scene.looks.get(game), dict) and "seats" in scene.looks[game]), \
            "the new game's row never heard from its server"
        drawn = DrawnText(monkeypatch)
        redraw(app)
        pygame.image.save(app.screen, str(tmp_path / "new-row.png"))
        row, = [s for s in drawn.strings() if "watch code" in s]
        assert "Asking the server" not in row and "century 1 of 6" in row, row
        assert f"watch code {game}" in row, row
        assert "codes:0" in scene.element_names()
    finally:
        app.close()
        server.stop()
