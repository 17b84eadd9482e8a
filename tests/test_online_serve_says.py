"""What ``python main.py serve`` says: the address to give friends, and its log.

Issue "Host it yourself in five minutes", 3 and 5: "serve logs one line per start,
stop, game created/finished and error (no hidden information in logs)"; "serve tells
the host what to give friends: the address to share (wss://host:port or the LAN
address), and that invite codes are made in the window."
"""
from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
import subprocess
import sys
import urllib.request

from game.data import default_data
from server.server import OneLineLog
from online_helpers import ROOT, ServerProcess, play_out, seat_plan, table_of_bots
from tls_helpers import make_certificate

STAMP = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d "


def test_the_log_has_a_line_per_start_stop_game_created_and_finished_and_nothing_hidden(tmp_path):
    server = ServerProcess(tmp_path / "data")

    async def scenario():
        bots = await table_of_bots(server.uri, seat_plan(3, {2: "easy"}), seed=4)
        await play_out(bots)
        secrets = [bots[0].created["tokens"]["0"], bots[1].joined["token"], *bots[0].created["invites"].values()]
        for b in bots:
            await b.close()
        return bots[0].created["game"], bots[0].mirror.version, secrets
    try:
        game, version, secrets = asyncio.run(asyncio.wait_for(scenario(), 240))
    finally:
        server.proc.terminate()
        out, err = server.proc.communicate(timeout=60)
    log = "".join(server.banner) + out
    assert server.proc.returncode == 0 and err == "", err
    lines = log.splitlines()
    assert re.fullmatch(STAMP + r"Serving Wrath of Dragons on ws://127\.0\.0\.1:\d+ \(games in .*; version .*, "
                        r"rules [0-9a-f]{8}\)", lines[0]), lines[0]
    events = [line for line in lines if re.match(STAMP, line)]
    assert [re.sub(STAMP, "", line) for line in events[1:]] == [
        f"game {game} created: standard, 3 seats (1 here, 1 invite, 1 easy)",
        f"game {game} finished ({version} records)",
        f"Stopped; every game is stored in {tmp_path / 'data'}"]
    # Nothing hidden: no seat token, invite code, seed, card (a hand, the deck) in any line.
    db = sqlite3.connect(tmp_path / "data" / "games.sqlite")
    seed = json.loads(db.execute("SELECT settings FROM games").fetchone()[0])["seed"]
    db.close()
    data = default_data()
    cards = {c.id for c in data.cards.values()} | {c.name for c in data.cards.values()} | set(data.hex_cards)
    assert [s for s in secrets if s in log] == [] and str(seed) not in log
    assert [c for c in cards if re.search(rf"\b{re.escape(c)}\b", log)] == []


def test_an_error_in_the_log_is_one_line_with_its_kind_and_place():
    try:
        {}["no such key"]
    except KeyError:
        record = logging.LogRecord("wrath.server", logging.ERROR, __file__, 1, "a message failed\nsecond", (),
                                   sys.exc_info())
    line = OneLineLog().format(record)
    assert "\n" not in line and re.fullmatch(
        STAMP + r"a message failed\\nsecond \(KeyError: 'no such key' at test_online_serve_says\.py:\d+\)", line), line


def health_at(url):
    with urllib.request.urlopen(url + "/health", timeout=10) as r:
        return r.status


def test_serve_on_every_address_names_this_computer_on_the_network_never_127_0_0_1(tmp_path):
    server = ServerProcess(tmp_path / "data", "--host", "0.0.0.0")
    try:
        port = server.uri.rsplit(":", 1)[1]
        said = "".join(server.banner)
        assert "ws://127.0.0.1" not in said.split("\n", 1)[1] and "invite codes are made in the window" in said.lower()
        shared = re.findall(rf"ws://([0-9.]+):{port}", said.split("\n", 1)[1])
        if shared:                                 # each address given works: the server answers there
            for address in shared:
                assert not address.startswith("127.")
                assert health_at(f"http://{address}:{port}") == 200
        else:
            assert "no network address now other than 127.0.0.1" in said, said
    finally:
        server.stop()


def test_serve_on_this_computer_only_says_friends_cannot_reach_it_and_behind_a_proxy_where_they_connect(tmp_path):
    alone = ServerProcess(tmp_path / "a")
    try:
        said = "".join(alone.banner[1:])
        assert "Only this computer can connect" in said and "Give your friends" not in said
    finally:
        alone.stop()
    proxied = ServerProcess(tmp_path / "b", "--trusted-proxy", "127.0.0.1")
    try:
        assert "through your reverse proxy" in "".join(proxied.banner[1:])
    finally:
        proxied.stop()


def test_serve_with_a_certificate_of_an_authority_gives_its_name_with_wss(tmp_path):
    authority = make_certificate(tmp_path, "authority", authority=True)
    leaf = make_certificate(tmp_path, "leaf", dns=("games.example.org",), ips=(), signer=authority)
    server = ServerProcess(tmp_path / "data", "--host", "0.0.0.0", "--tls-cert", str(leaf.cert), "--tls-key",
                           str(leaf.key))
    try:
        port = server.uri.rsplit(":", 1)[1]
        assert server.uri.startswith("wss://")
        assert f"Give your friends: wss://games.example.org:{port}\n" in server.banner
        assert any("signed by an authority" in line and leaf.fingerprint in line for line in server.banner)
    finally:
        server.stop()


def test_serve_without_postgresql_s_driver_says_how_to_install_it_in_one_line(tmp_path):
    hide = ("import sys; sys.modules['psycopg'] = None; from wrath_of_dragons import main; "
            "sys.exit(main(['serve', '--port', '0', '--db', 'postgresql://wrath@127.0.0.1/wrath']))")
    out = subprocess.run([sys.executable, "-c", hide], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    assert "pip install 'wrath-of-dragons[postgresql]'" in out.stderr and "requirements-server.txt" in out.stderr
