"""The rules a game is played with, named between the client, the server and the stored games.

Issue "Online play a group can trust", defect 4: "Give the rules data + engine
a fingerprint (a digest of data/ and the engine's rules version); send it in
the welcome (a hex digest under a key such as `rules`); a client with another
fingerprint says plainly 'this server runs version X, you have Y: update to
play' instead of drawing a wrong table; store it with every game; a server
opening games of another fingerprint keeps them readable ... and never
silently replayed with new rules."

A window or a server of another version is this one with another fingerprint:
the tests give the client's (or the stored game's) a different one.
"""
from __future__ import annotations

import asyncio
import json
import random
import shutil
import sqlite3

import pytest

from game import fingerprint
from app.version import VERSION
from game.data import DATA_DIR, load_data
from client import lobby, remote
from client.bot import Bot
from client.remote import RemoteHost
from online_helpers import ServerThread, create_game, serving, wait_until

OTHER = "0123456789abcdef" * 4


def test_the_fingerprint_follows_what_the_data_says_and_the_engines_rules_version(tmp_path):
    mine = fingerprint.rules_fingerprint()
    assert len(mine) == 64 and set(mine) <= set("0123456789abcdef")
    copy = tmp_path / "data"
    shutil.copytree(DATA_DIR, copy)
    # Comments, spacing and line endings change no rule: the same fingerprint on every checkout.
    cards = copy / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_bytes(("# a comment\n" + text).replace("\n", "\r\n").encode("utf-8"))
    assert fingerprint.fingerprint_of(load_data(str(copy))) == mine
    # A number in a file is another rule: another fingerprint.
    setup = copy / "setup.yaml"
    old = setup.read_text(encoding="utf-8")
    assert "start_life: 4" in old
    setup.write_text(old.replace("start_life: 4", "start_life: 5"), encoding="utf-8")
    assert fingerprint.fingerprint_of(load_data(str(copy))) != mine
    # So is the engine's rules version.
    assert fingerprint.fingerprint_of(load_data(), fingerprint.RULES_VERSION + 1) != mine


def test_the_welcome_names_the_rules_and_every_game_stores_them(tmp_path):
    async def scenario():
        async with serving(tmp_path) as (server, uri):
            bot = Bot(uri, {"type": "create", "seats": [{"kind": "here", "name": "Ann"}, {"kind": "easy"}]},
                      random.Random(0))
            await bot.connect()
            while True:
                frame = await asyncio.wait_for(bot.receive(), 20)
                if frame["type"] == "welcome":
                    break
            await bot.close()
            return frame, server.games.store.load(bot.created["game"])["settings"]
    welcome, settings = asyncio.run(scenario())
    assert welcome["rules"] == fingerprint.rules_fingerprint() and welcome["release"] == VERSION
    assert settings["rules"] == fingerprint.rules_fingerprint()


def test_a_window_with_other_rules_says_update_to_play_and_draws_no_table(tmp_path, monkeypatch):
    server = ServerThread(tmp_path)
    try:
        created = create_game(server.uri, [{"kind": "here", "name": "Ann"}, {"kind": "easy"}])
        monkeypatch.setattr(remote, "rules_fingerprint", lambda: OTHER)     # an older window
        host = RemoteHost(server.uri, [created["tokens"]["0"]])
        assert wait_until(lambda: host.unsaved() is not None and host.fatal)
        assert host.fatal == (f"This server runs version {VERSION} (rules {fingerprint.short(fingerprint.rules_fingerprint())}),"
                              f" you have {VERSION} (rules {OTHER[:8]}): update to play.")
        assert not host.connected and host.mirror.snaps == {}, "a table drawn with other rules"
        assert host.send(0, {"type": "apply", "version": 0, "option": 0}) == {"error": host.fatal}
        host.close()
        # Creating or joining from such a window: the same words, and nothing is made.
        monkeypatch.setattr(lobby, "rules_fingerprint", lambda: OTHER)
        with pytest.raises(lobby.LobbyError, match="update to play"):
            lobby.create(server.uri, [{"kind": "here", "name": "Ann"}, {"kind": "easy"}])
        assert len(server.call(lambda: server.server.games.store.game_ids())) == 1
    finally:
        server.stop()


def stored_settings(path, game, change):
    db = sqlite3.connect(path)
    settings = json.loads(db.execute("SELECT settings FROM games WHERE id = ?", (game,)).fetchone()[0])
    change(settings)
    db.execute("UPDATE games SET settings = ? WHERE id = ?", (json.dumps(settings), game))
    db.commit()
    db.close()


def test_a_game_stored_with_other_rules_is_never_replayed_with_these_and_is_kept_as_it_was(tmp_path):
    data = tmp_path / "server"
    server = ServerThread(data)
    try:
        created = create_game(server.uri, [{"kind": "here", "name": "Ann"}, {"kind": "easy"}])
        game, token = created["game"], created["tokens"]["0"]
    finally:
        server.stop()
    stored_settings(data / "games.sqlite", game, lambda s: s.update(rules=OTHER))    # played by another version
    db = sqlite3.connect(data / "games.sqlite")
    before = db.execute("SELECT seq, record FROM records WHERE game = ? ORDER BY seq", (game,)).fetchall()
    db.close()
    server = ServerThread(data)
    try:
        host = RemoteHost(server.uri, [token])
        assert wait_until(lambda: host.unsaved() and host.fatal)
        assert "played with other rules" in host.fatal and OTHER[:8] in host.fatal and not host.mirror.snaps
        host.close()
        with pytest.raises(lobby.LobbyError) as refused:                # My games says so, in the server's words
            lobby.look(server.uri, [token])
        assert refused.value.refused and "played with other rules" in str(refused.value)
        assert game not in server.call(lambda: dict(server.server.games.rooms))
    finally:
        server.stop()
    db = sqlite3.connect(data / "games.sqlite")
    assert db.execute("SELECT seq, record FROM records WHERE game = ? ORDER BY seq", (game,)).fetchall() == before
    db.close()


def test_a_game_stored_before_fingerprints_were_kept_is_of_the_first_rules(tmp_path):
    data = tmp_path / "server"
    server = ServerThread(data)
    try:
        created = create_game(server.uri, [{"kind": "here", "name": "Ann"}, {"kind": "easy"}])
    finally:
        server.stop()
    stored_settings(data / "games.sqlite", created["game"], lambda s: s.pop("rules"))
    server = ServerThread(data)
    try:
        host = RemoteHost(server.uri, [created["tokens"]["0"]])
        # Such a game is opened only while this server's rules are still the first ones.
        if fingerprint.rules_fingerprint() == fingerprint.FIRST_FINGERPRINT:
            assert wait_until(lambda: host.connected), host.fatal
        else:
            assert wait_until(lambda: host.unsaved() and host.fatal) and "played with other rules" in host.fatal
        host.close()
    finally:
        server.stop()


def test_a_first_message_with_other_rules_is_refused_in_plain_words(tmp_path):
    async def scenario():
        async with serving(tmp_path) as (server, uri):
            bot = Bot(uri, {"type": "watch", "game": "x", "rules": OTHER, "release": "0.9.0"}, random.Random(0))
            await bot.connect()
            with pytest.raises(RuntimeError) as refused:
                for _ in range(5):
                    await asyncio.wait_for(bot.receive(), 20)
            return str(refused.value)
    text = asyncio.run(scenario())
    assert text == (f"This server runs version {VERSION} (rules {fingerprint.short(fingerprint.rules_fingerprint())}), "
                    f"you have 0.9.0 (rules {OTHER[:8]}): update to play.")
