"""The standings panel at an online table, through the real table scene and a real
server (127.0.0.1, port 0): opened with V, it asks the server for the seat's
standings (updates no longer carry them before the game is over: a fifth of the
server's work at every move) and shows them as soon as they come, as a local
table shows them at once."""
from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from online_helpers import ServerThread                          # noqa: E402
from sprites.table.standings import WAITING                      # noqa: E402
from test_ui_online_names import open_new_table                  # noqa: E402
from ui_helpers import DrawnText, make_app, press, pump_until, redraw   # noqa: E402


@pytest.mark.slow
def test_the_standings_panel_of_an_online_table_shows_the_seats_standings(tmp_path, monkeypatch):
    server = ServerThread(tmp_path / "server")
    app = make_app(tmp_path / "saves")
    try:
        table, _ = open_new_table(app, server.uri)
        assert table.snap["standings"] is None                 # nobody asked: the server sent none
        drawn = DrawnText(monkeypatch)
        press(app, pygame.K_v)
        assert table.standings.open
        assert pump_until(app, lambda: table.snap["standings"] is not None), "the standings never came"
        for _ in range(3):
            app.pump()
        pygame.image.save(app.screen, str(tmp_path / "came.png"))
        assert table.standings.shown[0] is table.snap["standings"]     # painted as they came, no key pressed
        table.standings.close()                 # the panel painted afresh from what came (as V, V again)
        table.standings.toggle()
        drawn.clear()
        redraw(app)
        pygame.image.save(app.screen, str(tmp_path / "standings.png"))
        said = drawn.strings()
        assert "Standings if the game ended now" in said and WAITING not in said
        assert any(s.startswith("As Ann knows it: your lair exactly") for s in said), said
        st = table.snap["standings"]
        assert st["hidden"] == [1] and table.snap["version"] == table.host.version
        press(app, pygame.K_v)                                  # closed: nothing asked any more
        assert not table.standings.open
    finally:
        app.close()
        server.stop()
