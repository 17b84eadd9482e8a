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


@pytest.mark.slow
def test_with_the_panel_open_every_move_is_shown_and_its_standings_come(tmp_path, monkeypatch):
    """Moves keep coming while the panel is open: each move's log lines reach the table's
    animations and sounds once (the standings that come never make the table read its log
    afresh, which would swallow a move's lines), and the panel ends on the standings of the
    position shown."""
    from sprites.table import changes
    from test_ui_online import ann_against_an_ai
    server = ServerThread(tmp_path / "server")
    app, table, shown = ann_against_an_ai(tmp_path, server.uri, monkeypatch)
    try:
        press(app, pygame.K_v)
        start = table.snap["log_size"]
        for _ in range(25):
            if table.host.over:
                break
            assert pump_until(app, lambda: table.my_decision() and table.version == table.host.version
                              and not table.host.ready()), "Ann's turn never came"
            version = table.version
            assert "error" not in changes.send(table, {"type": "apply", "option": 0})     # (a click's way)
            assert pump_until(app, lambda: table.version > version), "the move was never shown"
            assert table.standings.open
        assert pump_until(app, lambda: table.snap["standings"] is not None and not table.host.ready())
        seqs = [e["seq"] for e in table.entries if e["seq"] >= start]
        assert len(seqs) > 25 and sorted(shown) == seqs, "a move's lines never reached the table's animations"
        assert table.snap["version"] == table.host.version and table.standings.open
    finally:
        app.close()
        server.stop()
