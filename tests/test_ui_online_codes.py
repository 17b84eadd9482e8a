"""Invite codes and connection troubles on Play online, through the real window and
a real server (127.0.0.1, port 0).

Playtest defects: "Esc on 'The table is made' throws the invite codes away for
good" (the server keeps only their hashes: the window that made the table keeps
them, shows them from My games and at the table while their seats are free, and
never to a spectator); "raw system errors in messages" (a server that is not
there, wss:// to a server without TLS); "ftp://... gets 'the port is a number'";
"a failed address was kept as the default server".
"""
from __future__ import annotations

import os
import socket

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame                                                     # noqa: E402
import yaml                                                       # noqa: E402

from client import lobby                                          # noqa: E402
from client.my_games import DEFAULT_SERVER, FILE, MyGames         # noqa: E402
from online_helpers import ServerThread, join_game                # noqa: E402
from sprites.scenes.online import OnlineScene                     # noqa: E402
from sprites.scenes.table import TableScene                       # noqa: E402
from sprites.table.online_parts import Watching                   # noqa: E402
from test_ui_online import open_play_online                       # noqa: E402
from ui_helpers import (DrawnText, click, create_table, make_app, press, pump_until, redraw,  # noqa: E402
                        type_into)

ESC = 27


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]            # a port nobody listens on


def back_to_play_online(app):
    """Leave whatever screen for the title, and open Play online again (a new screen: My games asked anew)."""
    app.to_title(app.scene if isinstance(app.scene, TableScene) else None)
    app.show_online()
    return app.scene


def test_esc_on_the_invite_codes_keeps_them_shown_again_from_my_games_and_the_table_never_to_a_spectator(
        tmp_path, monkeypatch):
    server = ServerThread(tmp_path / "server")
    app = make_app(tmp_path / "saves")
    drawn = DrawnText(monkeypatch)
    try:
        scene = open_play_online(app, server.uri, "Ann")
        click(app, "button:more")                           # you, a friend, a friend
        assert scene.seats == ["here", "invite", "invite"]
        create_table(app, scene)
        codes = {seat: code for seat, _, code in scene.invites[0]}
        game = scene.invites[1]["game"]
        assert sorted(codes) == [1, 2]
        # Esc closes the dialog: the window stays on Play online, and nothing is lost.
        press(app, ESC)
        assert app.scene is scene and scene.invites is None
        assert "Codes" in scene.message
        record = MyGames.load(str(tmp_path / "saves"))
        assert record.games[0]["game"] == game and record.games[0]["invites"] == codes
        assert oct(os.stat(os.path.join(tmp_path / "saves", FILE)).st_mode & 0o777) == "0o600"
        # My games' Codes shows them again.
        click(app, "codes:0")
        drawn.clear()
        redraw(app)
        assert codes[1] in drawn.strings() and codes[2] in drawn.strings(), drawn.strings()
        click(app, "button:close_codes")
        assert scene.invites is None and app.scene is scene
        # At the table, a free seat says its code (tip and click).
        click(app, "mine:0")
        assert pump_until(app, lambda: isinstance(app.scene, TableScene)), scene.message
        table = app.scene
        assert pump_until(app, lambda: table.host.connected)
        assert codes[1] in table.tips["player:1"] and codes[2] in table.tips["player:2"]
        click(app, "player:1")
        assert codes[1] in table.toast[0], table.toast
        # A friend takes seat 2's code: the table stops saying it, and My games forgets it.
        join_game(server.uri, codes[1], "Bo")
        assert pump_until(app, lambda: table.host.seats[1]["claimed"])
        table.refresh()
        assert codes[1] not in table.tips["player:1"] and codes[2] in table.tips["player:2"]
        scene = back_to_play_online(app)
        assert pump_until(app, lambda: isinstance(scene.looks.get(game), dict)), scene.looks
        assert MyGames.load(str(tmp_path / "saves")).games[0]["invites"] == {2: codes[2]}
        click(app, "codes:0")
        assert [code for _, _, code in scene.invites[0]] == [codes[2]]
        press(app, ESC)
        # A spectator (this very window, watching by the game's code) is never shown a code.
        type_into(app, "field:code", game)
        click(app, "button:watch")
        assert pump_until(app, lambda: isinstance(app.scene, TableScene)), scene.message
        watcher = app.scene
        assert isinstance(watcher.part, Watching) and watcher.host.invites == {}
        assert pump_until(app, lambda: watcher.host.connected)
        drawn.clear()
        redraw(app)
        click(app, "player:2")
        shown = drawn.joined() + "\n".join(watcher.tips.values()) + str(watcher.toast)
        assert codes[2] not in shown and codes[1] not in shown
        # The last seat taken: the record keeps no code, and My games offers none.
        join_game(server.uri, codes[2], "Cy")
        scene = back_to_play_online(app)
        assert pump_until(app, lambda: isinstance(scene.looks.get(game), dict) and "seats" in scene.looks[game])
        assert "invites" not in MyGames.load(str(tmp_path / "saves")).games[0]
        assert "codes:0" not in scene.element_names()
        with open(os.path.join(tmp_path / "saves", FILE), encoding="utf-8") as f:
            assert codes[1] not in f.read()
    finally:
        app.close()
        server.stop()


def test_a_damaged_invite_list_in_the_record_is_said_and_the_file_left_as_it_is(tmp_path):
    path = tmp_path / FILE
    doc = {"server": DEFAULT_SERVER, "name": "Ann", "games": [
        {"server": DEFAULT_SERVER, "game": "g1", "tokens": ["t" * 43], "names": ["Ann"], "invites": {9: "X"}}]}
    path.write_text(yaml.safe_dump(doc))
    before = path.read_bytes()
    mine = MyGames.load(str(tmp_path))
    assert mine.problem and "games[0].invites" in mine.problem
    assert mine.save() == mine.problem and path.read_bytes() == before


def test_a_server_that_is_not_there_is_said_in_plain_words(tmp_path):
    """Not "Connect call failed ('127.0.0.1', 44483)": where, and what it means."""
    port = free_port()
    app = make_app(tmp_path / "saves")
    try:
        scene = open_play_online(app, f"ws://127.0.0.1:{port}", "Ann")
        click(app, "button:create")
        assert pump_until(app, lambda: scene.job is None and scene.message.startswith("Not done")), scene.message
        assert scene.message == (f"Not done: cannot reach the server at 127.0.0.1:{port} "
                                 f"(nothing answers there: is it running?)"), scene.message
    finally:
        app.close()


def test_wss_to_a_server_without_tls_says_so(tmp_path):
    """Not "[SSL: UNEXPECTED_EOF_WHILE_READING] EOF occurred in violation of protocol (_ssl.c:1006)"."""
    server = ServerThread(tmp_path / "server")
    app = make_app(tmp_path / "saves")
    try:
        uri = server.uri.replace("ws://", "wss://")
        scene = open_play_online(app, uri, "Ann")
        click(app, "button:create")
        assert pump_until(app, lambda: scene.job is None and scene.message.startswith("Not done")), scene.message
        assert scene.message == (f"Not done: the server at {uri[len('wss://'):]} does not speak TLS: try ws:// "
                                 f"instead of wss://"), scene.message
        # The table's connection says it too, once, and stops trying (it cannot help).
        type_into(app, "field:code", "somegame1234")
        click(app, "button:watch")
        assert pump_until(app, lambda: scene.connecting is None, 20), scene.message
        assert "does not speak TLS: try ws:// instead of wss://" in scene.message, scene.message
    finally:
        app.close()
        server.stop()


def test_a_lobby_call_to_a_web_server_says_it_is_not_a_game_server(tmp_path):
    import http.server
    import threading
    web = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    threading.Thread(target=web.serve_forever, daemon=True).start()
    try:
        try:
            lobby.create(f"ws://127.0.0.1:{web.server_port}", [{"kind": "here", "name": "Ann"}])
            raise AssertionError("a web server created a table")
        except lobby.LobbyError as exc:
            said = str(exc)
        assert said.startswith(f"the program at 127.0.0.1:{web.server_port} does not answer as a Wrath of Dragons "
                               f"server"), said
    finally:
        web.shutdown()


def test_another_scheme_is_named_with_the_schemes_that_work(tmp_path):
    app = make_app(tmp_path / "saves")
    try:
        scene = open_play_online(app, "ftp://127.0.0.1:44483", "Ann")
        click(app, "button:create")
        assert scene.job is None
        assert scene.message == ("Server: ftp:// is not for a server: its address starts with ws:// (wss:// for a "
                                 "server with TLS; http:// and https:// are taken as ws:// and wss://)."), scene.message
    finally:
        app.close()


def test_only_an_address_that_worked_is_remembered(tmp_path):
    server = ServerThread(tmp_path / "server")
    app = make_app(tmp_path / "saves")
    try:
        scene = open_play_online(app, server.uri, "Ann")
        while scene.seats[1] != "easy":
            click(app, "seat:1")
        click(app, "button:create")
        assert pump_until(app, lambda: isinstance(app.scene, TableScene)), scene.message
        assert MyGames.load(str(tmp_path / "saves")).server == server.uri
        scene = back_to_play_online(app)
        failed = f"ws://[::1]:{free_port()}"
        type_into(app, "field:server", failed)
        type_into(app, "field:name", "Bo")
        for button in ("button:create", "button:join"):
            type_into(app, "field:code", "ABCDE-FGHJK")
            click(app, button)
            assert pump_until(app, lambda: scene.job is None and scene.message.startswith("Not done")), scene.message
            mine = MyGames.load(str(tmp_path / "saves"))
            assert (mine.server, mine.name) == (server.uri, "Ann"), button
        click(app, "button:watch")                          # (watching keeps trying, and says so)
        assert pump_until(app, lambda: "trying again" in scene.message), scene.message
        assert MyGames.load(str(tmp_path / "saves")).server == server.uri
        click(app, "button:back")
        assert back_to_play_online(app).server_text == server.uri
    finally:
        app.close()
        server.stop()


def test_a_game_reconnecting_is_said_in_the_status_line_of_play_online_not_over_its_title(tmp_path, monkeypatch):
    """"On the Play online screen, that banner also sits over the title"."""
    server = ServerThread(tmp_path / "server")
    app = make_app(tmp_path / "saves")
    drawn = DrawnText(monkeypatch)
    try:
        scene = open_play_online(app, server.uri, "Ann")
        while scene.seats[1] != "easy":
            click(app, "seat:1")
        click(app, "button:create")
        assert pump_until(app, lambda: isinstance(app.scene, TableScene)), scene.message
        table = app.scene
        assert pump_until(app, lambda: table.host.connected)
        server.stop()
        assert pump_until(app, lambda: "nothing answers there" in (table.host.problem or ""), 20), table.host.problem
        line = table.host.unsaved()["line"]
        assert line == f"Reconnecting to the server: {table.host.problem}", line
        scene = back_to_play_online(app)
        app.pump()
        drawn.clear()
        redraw(app)
        top = scene.element_rect("field:server").top           # (above: the screen's title, and nothing else)
        assert [s for s, _, r in drawn.items if r is not None and pygame.Rect(r).top < top] == []
        assert line in drawn.within(scene.status), drawn.strings()
    finally:
        app.close()
        server.stop()
