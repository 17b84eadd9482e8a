"""The health check on the server's port, and nothing else over plain HTTP.

Issue "Host it yourself in five minutes", 3: "an HTTP GET on the server's port (e.g.
/health, through websockets' process_request) answers 200 with games held, connections,
commits, and the store's state, so a supervisor or a load balancer can check it"; done
when "the health check answers while games run and reports a stopped store honestly".
Developers' guide: "every client message is hostile until checked".
"""
from __future__ import annotations

import asyncio
import json
import socket
import time
import urllib.error
import urllib.request

import pytest

from client import lobby
from server.health import FRESH_SECONDS
from online_helpers import ServerProcess, play_out, seat_plan, serving, table_of_bots
from postgres_fixtures import own_cluster  # noqa: F401  (a PostgreSQL cluster of the test's own, which it stops)


def get(uri, path="/health", method="GET"):
    """(status, body text) of one plain HTTP request to the server."""
    request = urllib.request.Request(uri.replace("ws://", "http://") + path, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def health(uri):
    status, body = get(uri)
    return status, json.loads(body)


def test_the_health_check_answers_while_games_run_with_counts_and_nothing_hidden(tmp_path):
    server = ServerProcess(tmp_path / "data")
    try:
        status, first = health(server.uri)
        assert status == 200 and (first["status"], first["games_held"], first["connections"], first["commits"]) == \
            ("ok", 0, 0, 0)
        reports = []

        async def scenario():
            tables = [await table_of_bots(server.uri, seat_plan(3, {2: "easy"}), seed=seed) for seed in (1, 2)]
            bots = [b for t in tables for b in t]
            for b in bots:
                b.pause = 0.002                       # the games last long enough to be looked at

            async def look():
                while not all(b.over() for b in bots):
                    reports.append(await asyncio.to_thread(health, server.uri))
                    await asyncio.sleep(0.1)
            await asyncio.gather(play_out(bots), look())
            secrets = [t[0].created["game"] for t in tables]
            secrets += [b.created["tokens"]["0"] for t in tables for b in t if b.created]
            secrets += [code for t in tables for code in t[0].created["invites"].values()]
            secrets += [b.joined["token"] for t in tables for b in t if b.joined]
            return max(b.mirror.version for b in tables[0]) + max(b.mirror.version for b in tables[1]), secrets
        records, secrets = asyncio.run(asyncio.wait_for(scenario(), 240))
        during = [r for status, r in reports if status == 200]
        assert len(during) == len(reports) >= 3, reports[:3]
        assert max(r["games_held"] for r in during) == 2 and max(r["connections"] for r in during) == 4
        commits = [r["commits"] for r in during]
        assert commits == sorted(commits) and commits[-1] > commits[0]
        status, last = health(server.uri)
        assert status == 200 and last["commits"] >= records + 2 + 2       # every record, 2 tables, 2 friends seated
        assert last["store"] == {"kind": "sqlite", "state": "ok"}
        assert set(last) == {"status", "release", "rules", "uptime_seconds", "games_held", "connections", "commits",
                             "store"}
        text = get(server.uri)[1]
        assert not [s for s in secrets if s in text]                       # no game, token or invite code
    finally:
        server.stop()


def test_any_other_http_request_gets_404_or_405_and_nothing_more_and_the_server_plays_on(tmp_path):
    server = ServerProcess(tmp_path / "data")
    try:
        for path in ("/", "/health/", "/health/../health/x", "/games", "/.env", "/%00"):
            assert get(server.uri, path) == (404, "Not found.\n"), path
        status, body = get(server.uri, "/health", method="POST")
        assert status in (400, 405) and "games" not in body                # (websockets < 15 refuse it with 400)
        assert get(server.uri, "/" + "a" * 10_000)[0] == 414
        assert get(server.uri, "/health?anything=1")[0] == 200
        port = int(server.uri.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:       # not HTTP at all
            raw.sendall(b"\x16\x03\x01garbage\r\n\r\n")
            assert not raw.recv(4096).startswith(b"HTTP/1.1 200")
        for _ in range(100):                                                # many checks: each answered, small
            status, body = get(server.uri)
            assert status == 200 and len(body) < 600
        assert lobby.create(server.uri, [{"kind": "here", "name": "Ann"}, {"kind": "easy"}])["game"]
        assert health(server.uri)[1]["games_held"] == 1
    finally:
        server.stop()


def test_a_games_database_that_cannot_be_read_or_written_makes_the_check_answer_503_with_the_reason(tmp_path):
    """The faults are made on the server's own SQLite connection, as in test_online_store_errors.py
    (another program's rename; query_only: no write is taken), so the server runs in this process."""
    async def scenario():
        async with serving(tmp_path) as (server, uri):
            check = lambda: asyncio.to_thread(health, uri)        # noqa: E731
            assert (await check())[0] == 200
            db = server.games.store.db
            db.execute("ALTER TABLE games RENAME TO other_games")           # another program's change under it
            await asyncio.sleep(FRESH_SECONDS + 0.1)
            status, report = await check()
            assert status == 503 and report["status"] == "failing", report
            assert report["store"] == {"kind": "sqlite", "state": "unreachable",
                                       "reason": "The server cannot use its games database just now."}
            db.execute("ALTER TABLE other_games RENAME TO games")
            await asyncio.sleep(FRESH_SECONDS + 0.1)
            assert (await check())[0] == 200
            # A write refused (read-only): 503 until a write succeeds, though reading works.
            db.execute("PRAGMA query_only = 1")
            with pytest.raises(lobby.LobbyError):
                await asyncio.to_thread(lobby.create, uri, seat_plan(2))
            status, report = await check()
            assert status == 503 and report["store"]["state"] == "failing", report
            assert "read-only" in report["store"]["reason"] and "last write failed" in report["store"]["reason"]
            db.execute("PRAGMA query_only = 0")
            await asyncio.to_thread(lobby.create, uri, [{"kind": "here", "name": "Ann"}, {"kind": "easy"}])
            assert (await check())[0] == 200
            # Many checks at once probe the store once (a flood of checks is no flood of queries).
            probes = []
            real = server.games.store.probe
            server.games.store.probe = lambda: probes.append(1) or real()
            await asyncio.sleep(FRESH_SECONDS + 0.1)
            answers = await asyncio.gather(*(check() for _ in range(40)))
            assert all(status == 200 for status, _ in answers) and 1 <= len(probes) <= 2, len(probes)
    asyncio.run(asyncio.wait_for(scenario(), 120))


def test_the_check_says_when_postgresql_is_stopped_and_ok_again_once_it_is_back(own_cluster, tmp_path):
    import pg_cluster
    folder, dsn = own_cluster
    server = ServerProcess(tmp_path, "--db", dsn)
    try:
        lobby.create(server.uri, [{"kind": "here", "name": "Ann"}, {"kind": "easy"}])
        status, report = health(server.uri)
        assert status == 200 and report["store"] == {"kind": "postgresql", "state": "ok"}
        pg_cluster.pause(folder)
        time.sleep(FRESH_SECONDS + 0.1)                                     # (the last probe's answer is that old)
        status, report = health(server.uri)
        assert status == 503 and report["status"] == "failing", report
        assert report["store"] == {"kind": "postgresql", "state": "unreachable",
                                   "reason": "The server cannot reach its games database just now."}
        assert report["games_held"] == 1                                    # the counts still come
        pg_cluster.resume(folder)
        for _ in range(50):                                                 # (a probe a second at most)
            status, report = health(server.uri)
            if status == 200:
                break
            time.sleep(0.2)
        assert status == 200 and report["store"]["state"] == "ok", report
        assert server.proc.poll() is None
    finally:
        server.stop()

