"""A friend who takes an invite is named on the host's table at once, through
the real window and a real server (127.0.0.1, port 0).

A playtest of issue "Online play a group can trust", defect 8, through real
windows: "Ann creates a table (Play online) and Bob joins with the invite
code. 3 and 14 seconds later, Ann's Dragons row, markers and prompt still
say 'Seat 2' ('your turn, Seat 2 next'). The name appears only after the
next move or a fresh process. After Menu -> Leave to the title screen ->
Continue, the reused table still shows 'Seat 2'." And: "The log keeps
'Seat 2' for the whole game: in windows that were open during the join,
lines like 'Seat 2 is dealt...' never change."
"""
from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from online_helpers import ServerThread, join_game                # noqa: E402
from sprites.scenes.table import TableScene                       # noqa: E402
from test_ui_online import open_play_online                       # noqa: E402
from ui_helpers import (DrawnText, click, create_table, leave_to_title, make_app, pump_until, redraw,  # noqa: E402
                        screen_bytes)


def open_new_table(app, uri):
    """Ann's window creates a table of herself and one invited friend and opens it: (table, code)."""
    scene = open_play_online(app, uri, "Ann")
    assert scene.seats == ["here", "invite"], scene.seats
    create_table(app, scene)
    (_, _, code), = scene.invites[0]
    click(app, "button:open_new")
    assert pump_until(app, lambda: isinstance(app.scene, TableScene)), scene.message
    table = app.scene
    assert pump_until(app, lambda: table.version == table.host.version and not table.host.ready())
    return table, code


def says(table, drawn):
    """Everything the table says now that may name a player: the words drawn, its tips, its prompt."""
    return drawn.strings() + list(table.tips.values()) + list(table.header()[:2])


def named_at_once(app, table, version, drawn, shot):
    """Bob has joined: the table, as painted, names him everywhere, before any move."""
    assert pump_until(app, lambda: table.host.seats[1]["name"] == "Bob"), "the server never said who joined"
    for _ in range(10):
        app.pump()
    pygame.image.save(app.screen, shot)
    assert table.version == table.host.version == version, "a move was made: the test needs the join alone"
    shown = says(table, drawn)
    assert not [s for s in shown if "Seat 2" in s], [s for s in shown if "Seat 2" in s]
    assert "Bob" in table.tips["player:1"] and any(s.startswith("Bob") for s in drawn.strings())
    assert any(s.startswith("Bob is dealt") for s in drawn.strings()), "the log's line of Bob's cards"
    assert table.seats.name(1) == "Bob"                 # the words said of a seat ("Wait: it is Bob's decision.")
    if table.decider == 1:
        click(app, "region:Gallia")
        assert table.toast[0] == "Wait: it is Bob's decision.", table.toast
    painted = screen_bytes(app)
    redraw(app)                                  # every part painted afresh: nothing on screen was stale
    assert screen_bytes(app) == painted, "a part of the table still shows what it showed before the join"


@pytest.mark.slow
def test_the_hosts_table_names_the_friend_as_soon_as_they_join(tmp_path, monkeypatch):
    server = ServerThread(tmp_path / "server")
    app = make_app(tmp_path / "saves")
    try:
        table, code = open_new_table(app, server.uri)
        drawn = DrawnText(monkeypatch)
        redraw(app)
        pygame.image.save(app.screen, str(tmp_path / "before-join.png"))
        assert any("Seat 2" in s for s in says(table, drawn))           # before the join: the seat's own name
        version = table.version
        drawn.clear()
        join_game(server.uri, code, "Bob")
        named_at_once(app, table, version, drawn, str(tmp_path / "after-join.png"))
    finally:
        app.close()
        server.stop()


@pytest.mark.slow
def test_the_table_left_for_the_title_names_the_friend_who_joined_meanwhile(tmp_path, monkeypatch):
    server = ServerThread(tmp_path / "server")
    app = make_app(tmp_path / "saves")
    try:
        table, code = open_new_table(app, server.uri)
        version = table.version
        leave_to_title(app)
        join_game(server.uri, code, "Bob")
        assert pump_until(app, lambda: table.host.seats[1]["name"] == "Bob"), "the server never said who joined"
        drawn = DrawnText(monkeypatch)
        click(app, "button:continue")
        assert app.scene is table, "Continue opens the table left"
        named_at_once(app, table, version, drawn, str(tmp_path / "after-continue.png"))
    finally:
        app.close()
        server.stop()
