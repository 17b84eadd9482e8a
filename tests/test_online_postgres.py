"""Several server processes sharing the games through PostgreSQL (issue "A public server").

"Any process can serve any seat of any game. Two clients of one game may be
connected to different server processes: an action is accepted by the process
that received it only if its sequence number is the next one (a unique
constraint or a row lock decides a race, never the processes' memory), and
the others learn of it through PostgreSQL LISTEN/NOTIFY (...) A process that
restarts or misses notifications catches up from the sequence numbers;
nothing is lost or applied twice." "AI seats and time limits run once,
whichever process holds them (a lease in the database, taken over when its
process dies)."

The PostgreSQL server: WRATH_TEST_POSTGRES (CI sets it: .ci/run), else a
cluster started here when PostgreSQL's programs are installed, else the tests
are skipped, saying why (never in CI, nor when WRATH_TEST_POSTGRES is set).
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import subprocess
import sys
import tempfile
import threading
import urllib.parse

import pytest

import pg_cluster
from online_helpers import LIMIT_SECONDS, ROOT, ServerProcess, play_out, seat_plan, serving
from test_online_games import WireWatch, fetch_record
from test_online_snapshots import check_only_records_after_are_replayed, check_snapshot_equals_seed

from app.host import LocalHost
from app.save_format import load_session
from server import game_snapshot
from client.bot import Bot
from client.mirror import Mirror
from server.room import Room
from server.shared import SharedGames
from server.store import StoreError, Taken

LEASE = "2"                  # seconds: a dead process's AI seats come back quickly


def _strict():
    """In CI, or with an address given, a missing PostgreSQL is a failure, never a skip."""
    return bool(os.environ.get("WRATH_TEST_POSTGRES")) or os.environ.get("CI", "") not in ("", "0", "false")


try:
    import psycopg
    from server.pgstore import SCHEMA, PostgresStore, upgrade
except ImportError:
    if _strict():
        raise
    pytest.skip("psycopg is not installed (pip install -r requirements-server.txt)", allow_module_level=True)


@pytest.fixture(scope="session")
def postgres_server():
    dsn = os.environ.get("WRATH_TEST_POSTGRES")
    if dsn:
        try:
            psycopg.connect(dsn, connect_timeout=10).close()
        except psycopg.Error as exc:
            pytest.fail(f"WRATH_TEST_POSTGRES is set but PostgreSQL cannot be used there: {exc}")
        yield dsn
        return
    if pg_cluster.binaries() is None:
        why = ("no PostgreSQL server found: set WRATH_TEST_POSTGRES=postgresql://user@host:port/db, or install "
               "PostgreSQL (Debian: apt-get install postgresql) and a cluster is started for the tests; .ci/run "
               "does that")
        if _strict():
            pytest.fail(why)
        pytest.skip(why)
    folder = tempfile.mkdtemp(prefix="wrath-test-postgres-")
    try:
        dsn = pg_cluster.start(folder)
    except Exception as exc:
        pg_cluster.stop(folder)
        (pytest.fail if _strict() else pytest.skip)(f"PostgreSQL is installed but did not start: {exc}")
    yield dsn
    pg_cluster.stop(folder)


@pytest.fixture
def db(postgres_server):
    """The address of a new, empty database (dropped after the test)."""
    name = "wrath_test_" + secrets.token_hex(6)
    with psycopg.connect(postgres_server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    yield urllib.parse.urlsplit(postgres_server)._replace(path="/" + name).geturl()
    with psycopg.connect(postgres_server, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def query(dsn, sql, *args):
    with psycopg.connect(dsn, autocommit=True) as c:
        return c.execute(sql, args).fetchall()


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, LIMIT_SECONDS))


# ----- the store ------------------------------------------------------------------------------------

SEATS = [{"seat": 0, "name": "Ann", "dragon": "Ashen", "kind": "human", "token_hash": "t0", "invite_hash": None,
          "stand_in": None},
         {"seat": 1, "name": "Seat 2", "dragon": "Brass", "kind": "human", "token_hash": None, "invite_hash": "i1",
          "stand_in": None}]


def test_a_new_database_gets_the_schema_and_a_game_reads_back_as_stored(db):
    store = PostgresStore(db)
    store.create_game("g1", {"seed": 2 ** 62 + 5, "variant": "standard", "turn_limit": None}, SEATS)
    store.append("g1", 1, [{"action": {"kind": "pass"}}, {"undo": True}])
    loaded = store.load("g1")
    store.close()
    assert loaded == {"settings": {"seed": 2 ** 62 + 5, "variant": "standard", "turn_limit": None}, "seats": SEATS,
                      "records": [{"action": {"kind": "pass"}}, {"undo": True}], "snapshot": None}
    assert query(db, "SELECT version FROM schema_version") == [(SCHEMA,)]


def test_an_older_schema_is_upgraded_and_keeps_its_games(db):
    with psycopg.connect(db, autocommit=True) as c:
        upgrade(c, target=1)                             # a database made by the first version of the server
        c.execute("INSERT INTO games VALUES ('old', 0, '{\"seed\": 1, \"variant\": \"standard\"}')")
    assert query(db, "SELECT version FROM schema_version") == [(1,)]
    assert not query(db, "SELECT 1 FROM pg_tables WHERE tablename = 'leases'")
    store = PostgresStore(db)
    assert store.load("old")["settings"] == {"seed": 1, "variant": "standard"}
    assert store.lease("old", "me", 5)
    store.close()
    assert query(db, "SELECT version FROM schema_version") == [(SCHEMA,)]


def test_schema_2_is_upgraded_to_hold_snapshots_and_presence_and_keeps_its_games(db):
    with psycopg.connect(db, autocommit=True) as c:
        upgrade(c, target=2)                             # a database of the server before snapshots
        c.execute("INSERT INTO games VALUES ('old', 0, '{\"seed\": 3, \"variant\": \"standard\"}')")
        for seat, name in ((0, "Ann"), (1, "Bob")):
            c.execute("INSERT INTO seats VALUES ('old', %s, %s, %s, 'human', %s, NULL, NULL)",
                      (seat, name, ["Black", "Blue"][seat], f"t{seat}"))
        session = Room.create("old", {"seed": 3, "variant": "standard"}, [dict(SEATS[0], dragon="Black"),
                              dict(SEATS[1], dragon="Blue", name="Bob")], lambda: None).session
        for seq in range(1, 11):
            session.apply(session.game.decision.options[0])
            c.execute("INSERT INTO records (game, seq, record) VALUES ('old', %s, %s)",
                      (seq, json.dumps({"action": session.actions[-1].to_dict()})))
    assert not query(db, "SELECT 1 FROM pg_tables WHERE tablename IN ('snapshots', 'presence')")
    store = PostgresStore(db)
    assert query(db, "SELECT version FROM schema_version") == [(SCHEMA,)]
    stored = store.load("old", game_snapshot.FORMAT)
    assert stored["snapshot"] is None and len(stored["records"]) == 10 and stored["seats"][1]["name"] == "Bob"
    room = Room.rebuild("old", stored, lambda: None)
    assert room.session.game.to_dict() == session.game.to_dict()
    store.save_snapshot("old", 10, game_snapshot.FORMAT, game_snapshot.make(room.session, room.last_undo))
    again = store.load("old", game_snapshot.FORMAT)
    assert again["snapshot"]["seq"] == 10 and again["records"] == []
    assert Room.rebuild("old", again, lambda: None).session.game.to_dict() == session.game.to_dict()
    store.close()


@pytest.mark.parametrize("seed,players,variant", [(14, 4, "strategist+desolation")])
def test_a_game_loaded_from_its_snapshot_in_postgresql_is_the_game_replayed_from_its_seed(db, monkeypatch, seed,
                                                                                           players, variant):
    store = PostgresStore(db)
    check_snapshot_equals_seed(store, monkeypatch, seed, players, variant)
    check_only_records_after_are_replayed(store, monkeypatch)
    store.close()


def test_a_newer_schema_is_refused_with_one_line_and_exit_2(db):
    PostgresStore(db).close()
    query(db, "UPDATE schema_version SET version = 9 RETURNING version")
    with pytest.raises(StoreError, match=f"schema 9, newer than this server's {SCHEMA}"):
        PostgresStore(db)
    r = subprocess.run([sys.executable, "main.py", "serve", "--port", "0", "--db", db], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "newer than this server's" in r.stderr, r.stderr


def test_an_unreachable_database_is_one_line_and_exit_2():
    r = subprocess.run([sys.executable, "main.py", "serve", "--port", "0", "--db",
                        "postgresql://nobody@127.0.0.1:1/none"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and r.stderr.startswith("error: postgresql://127.0.0.1:1/none: cannot open"), r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def _at_once(calls):
    """Run the calls in threads released together; their results (or exceptions)."""
    gate = threading.Barrier(len(calls))
    out = [None] * len(calls)

    def one(i, fn):
        gate.wait()
        try:
            out[i] = fn()
        except Exception as exc:
            out[i] = exc
    threads = [threading.Thread(target=one, args=(i, fn)) for i, fn in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return out


def test_two_processes_storing_the_same_number_at_once_one_wins_and_the_other_is_told(db):
    stores = [PostgresStore(db) for _ in range(2)]
    stores[0].create_game("g", {"seed": 1, "variant": "standard"}, SEATS)
    for seq in range(1, 21):
        out = _at_once([lambda s=s, seq=seq: s.append("g", seq, [{"action": {"by": id(s)}}]) for s in stores])
        assert sorted(type(o).__name__ for o in out) == ["NoneType", "Taken"], out
    with pytest.raises(Taken):                           # and never past the next number
        stores[1].append("g", 23, [{"undo": True}])
    assert [r[0] for r in query(db, "SELECT seq FROM records WHERE game = 'g' ORDER BY seq")] == list(range(1, 21))
    for s in stores:
        s.close()


def test_an_invite_claimed_from_two_processes_at_once_goes_to_one(db):
    stores = [PostgresStore(db) for _ in range(2)]
    stores[0].create_game("g", {"seed": 1, "variant": "standard"}, SEATS)
    out = _at_once([lambda s=s, i=i: s.claim_seat("g", 1, "i1", f"P{i}", f"tok{i}") for i, s in enumerate(stores)])
    assert sorted(out) == [False, True]
    seat = stores[0].load("g")["seats"][1]
    assert seat["invite_hash"] is None and seat["token_hash"] == f"tok{out.index(True)}"
    for s in stores:
        s.close()


def test_a_lease_is_held_by_one_process_and_taken_over_once_it_runs_out(db):
    a, b = PostgresStore(db), PostgresStore(db)
    a.create_game("g", {"seed": 1, "variant": "standard"}, SEATS)
    assert a.lease("g", "A", 1) and not b.lease("g", "B", 1)
    assert a.lease("g", "A", 1)                          # renewed
    query(db, "UPDATE leases SET expires = now() - interval '1 second' RETURNING game")   # A died a while ago
    assert b.lease("g", "B", 1) and not a.lease("g", "A", 1)
    b.release(["g"], "B")
    assert a.lease("g", "A", 1)
    a.close()
    b.close()


def test_a_change_is_heard_by_the_other_process_with_ids_only(db):
    a, b = PostgresStore(db), PostgresStore(db)
    heard, listening, got = [], threading.Event(), threading.Event()

    def on(game, what):
        heard.append((game, what))
        (got if what == 2 else listening).set()
    b.listen(on)
    assert listening.wait(30)
    a.create_game("g", {"seed": 1, "variant": "standard"}, SEATS)
    a.claim_seat("g", 1, "i1", "Bo", "tok")
    a.append("g", 1, [{"undo": True}, {"undo": True}])
    assert got.wait(30)
    assert heard[0] == (None, None)                      # on connecting: "catch up with everything"
    assert ("g", "seats") in heard and ("g", 2) in heard
    a.close()
    b.close()


# ----- whole games over several processes ---------------------------------------------------------

async def table_across(uris, plan, variant="standard", seed=0, **options):
    """The creator's bot on the first server, each joined bot on the next server in turn (seated)."""
    rng = random.Random(seed)
    creator = Bot(uris[0], {"type": "create", "seats": plan, "variant": variant, **options},
                  random.Random(rng.random()))
    await creator.connect()
    while creator.created is None:
        await asyncio.wait_for(creator.receive(), 30)
    bots = [creator]
    for n, (seat, code) in enumerate(sorted(creator.created["invites"].items(), key=lambda kv: int(kv[0]))):
        bot = Bot(uris[(n + 1) % len(uris)], {"type": "join", "code": code, "name": f"Player {seat}"},
                  random.Random(rng.random()))
        await bot.connect()
        while bot.joined is None:
            await asyncio.wait_for(bot.receive(), 30)
        bots.append(bot)
    return bots


def token_of(bot):
    return bot.created["tokens"]["0"] if bot.created else bot.joined["token"]


def finals(bots):
    return [b.mirror.snaps[s]["final_scores"] for b in bots for s in b.mirror.here]


def check_against_a_local_replay(save, bots, db, tmp_path):
    """The finished game, saved by a seat, replays from its seed to the scores every client saw, and the
    store holds each of its records once, numbered 1, 2, 3, ... with no gap."""
    path = tmp_path / "online.yaml"
    path.write_text(save, encoding="utf-8")
    session = load_session(str(path))
    final = json.loads(json.dumps(session.game.final_scores()))
    assert all(f == final for f in finals(bots))
    game = bots[0].created["game"]
    seqs = [r[0] for r in query(db, "SELECT seq FROM records WHERE game = %s ORDER BY seq", game)]
    assert seqs == list(range(1, session.changes + 1))
    return session


@pytest.mark.slow
@pytest.mark.parametrize("processes,players,variant,ai", [
    (2, 3, "strategist", {2: "easy"}),
    (3, 5, "strategist+desolation", {1: "easy", 3: "easy"}),
])
def test_whole_games_with_the_clients_of_one_game_on_several_processes(processes, players, variant, ai, db,
                                                                         tmp_path):
    servers = [ServerProcess(tmp_path, "--db", db, "--lease", LEASE) for _ in range(processes)]
    try:
        async def scenario():
            uris = [s.uri for s in servers]
            bots = await table_across(uris, seat_plan(players, ai), variant, seed=players)
            spectator = Bot(uris[-1], {"type": "watch", "game": bots[0].created["game"]}, random.Random(0))
            await spectator.connect()
            await play_out(bots + [spectator])
            save = await fetch_record(uris[1], token_of(bots[0]))
            for b in bots + [spectator]:
                await b.close()
            return bots, spectator, save
        bots, spectator, save = run(scenario())
    finally:
        for s in servers:
            s.stop()
    assert len({b.uri for b in bots}) == processes
    check_against_a_local_replay(save, bots + [spectator], db, tmp_path)
    assert all(not b.errors for b in bots), [b.errors[:3] for b in bots]


@pytest.mark.slow
def test_a_process_killed_mid_game_its_clients_go_to_another_and_the_game_ends_as_a_local_replay(db, tmp_path):
    """The process killed is the one holding the AI seat's lease, so the AI seat must be taken over too."""
    import websockets
    servers = [ServerProcess(tmp_path, "--db", db, "--lease", LEASE) for _ in range(2)]
    moved = []
    try:
        async def scenario():
            uris = [s.uri for s in servers]
            bots = await table_across(uris, seat_plan(4, {2: "easy"}), "desolation", seed=11)
            game = bots[0].created["game"]
            killed = {}

            async def killer():
                while True:
                    await asyncio.sleep(0.02)
                    if bots[0].mirror.version < 30:
                        continue
                    held = query(db, "SELECT holder FROM leases WHERE game = %s AND expires > now()", game)
                    pid = int(held[0][0].split(":")[1]) if held else None
                    victim = next((s for s in servers if s.proc.pid == pid), None)
                    if victim is not None:
                        killed["at"], killed["server"] = bots[0].mirror.version, victim
                        victim.kill()
                        return

            async def resilient(bot):
                while True:
                    try:
                        return await bot.play()
                    except (websockets.exceptions.ConnectionClosed, OSError):
                        if "server" not in killed or killed["server"].uri != bot.uri:
                            raise
                    moved.append(bot)
                    bot.uri = next(s.uri for s in servers if s is not killed["server"])
                    bot.first = {"type": "hello", "tokens": [token_of(bot)]}
                    bot.ws, bot.mirror, bot._sent = None, Mirror(), {}
            await asyncio.gather(killer(), *(resilient(b) for b in bots))
            survivor = next(s for s in servers if s is not killed["server"])
            save = await fetch_record(survivor.uri, token_of(bots[0]))
            for b in bots:
                await b.close()
            return bots, save, killed["at"]
        bots, save, killed_at = run(scenario())
    finally:
        for s in servers:
            s.stop()
    session = check_against_a_local_replay(save, bots, db, tmp_path)
    assert moved and killed_at < session.changes          # killed mid-game; some clients reconnected elsewhere


# ----- races -------------------------------------------------------------------------------------

async def until(bot, done, limit=30):
    """Read the bot's frames until ``done(frame)``; that frame."""
    while True:
        frame = await asyncio.wait_for(bot.receive(), limit)
        if done(frame):
            return frame


async def both_may_move(a, b):
    """Read until both connections of seat 0 may choose, at the same version."""
    while True:
        for bot in (a, b):
            while not bot.mirror.options(0):
                await asyncio.wait_for(bot.receive(), 30)
        if a.mirror.version == b.mirror.version:
            return a.mirror.version
        behind = a if a.mirror.version < b.mirror.version else b
        await asyncio.wait_for(behind.receive(), 30)


@pytest.mark.slow
def test_two_processes_given_conflicting_moves_at_once_accept_exactly_one_and_the_other_client_resyncs(db, tmp_path):
    servers = [ServerProcess(tmp_path, "--db", db) for _ in range(2)]
    try:
        async def scenario():
            uris = [s.uri for s in servers]
            creator, other = await table_across(uris, seat_plan(2), seed=5)
            await creator.close()
            # Seat 0 in two windows, one on each process; seat 1 plays on at its own pace.
            a = Bot(uris[0], {"type": "hello", "tokens": [token_of(creator)]}, random.Random(1))
            b = Bot(uris[1], {"type": "hello", "tokens": [token_of(creator)]}, random.Random(2))
            await a.connect()
            await b.connect()
            player = asyncio.ensure_future(other.play())
            outcomes, next_id = [], 1
            while len(outcomes) < 6:
                v = await both_may_move(a, b)
                assert a.mirror.snaps[0] == b.mirror.snaps[0]      # the loser of the last round caught up
                options = a.mirror.options(0)
                if len(options) < 2:
                    await a.send({"type": "apply", "id": next_id, "seat": 0, "version": v, "option": 0})
                    await until(a, lambda f: f.get("id") == next_id)
                    next_id += 1
                    continue
                ids = next_id, next_id + 1
                next_id += 2
                await asyncio.gather(*(bot.send({"type": "apply", "id": i, "seat": 0, "version": v, "option": o})
                                       for bot, i, o in ((a, ids[0], 0), (b, ids[1], 1))))
                answers = await asyncio.gather(until(a, lambda f: f.get("id") == ids[0]),
                                               until(b, lambda f: f.get("id") == ids[1]))
                outcomes.append((v, ["ok" if x.get("ok") else "stale" if x.get("stale") else x for x in answers]))
            player.cancel()
            for bot in (a, b, other):
                await bot.close()
            return outcomes, creator.created["game"]
        outcomes, game = run(scenario())
    finally:
        for s in servers:
            s.stop()
    for v, answers in outcomes:
        assert sorted(answers) == ["ok", "stale"], outcomes
    stored = {r[0] for r in query(db, "SELECT seq FROM records WHERE game = %s", game)}
    assert all(v + 1 in stored for v, _ in outcomes)


def test_a_move_sent_again_to_another_process_after_a_reconnection_is_answered_as_it_was_not_made_twice(db, tmp_path):
    """Issue "Online play a group can trust": "the server must never answer 'ok' to something it did
    not do". A window's answer is lost with its connection and it comes back through the proxy to
    another process: its move, sent again with its session and id, is recognised there."""
    servers = [ServerProcess(tmp_path, "--db", db) for _ in range(2)]
    try:
        async def scenario():
            uris = [s.uri for s in servers]
            creator, other = await table_across(uris, seat_plan(2), seed=8)
            await creator.close()
            session = secrets.token_urlsafe(18)
            a = Bot(uris[0], {"type": "hello", "tokens": [token_of(creator)]}, random.Random(1), session=session)
            await a.connect()
            player = asyncio.ensure_future(other.play())
            while not a.mirror.options(0):
                await asyncio.wait_for(a.receive(), 30)
            move = {"type": "apply", "id": 1, "seat": 0, "version": a.mirror.version, "option": 0}
            await a.send(move)
            first = await until(a, lambda f: f.get("type") == "answer" and f.get("id") == 1)
            await a.close()
            player.cancel()
            b = Bot(uris[1], {"type": "hello", "tokens": [token_of(creator)]}, random.Random(2), session=session)
            await b.connect()
            await b.send(move)                                       # the same window, the same move again
            again = await until(b, lambda f: f.get("type") == "answer" and f.get("id") == 1)
            # A window opened anew (another session) with the same id is not this move: it is checked
            # against the version it names, which has moved on.
            c = Bot(uris[1], {"type": "hello", "tokens": [token_of(creator)]}, random.Random(3))
            await c.connect()
            await c.send(move)
            fresh = await until(c, lambda f: f.get("type") == "answer" and f.get("id") == 1)
            # The records this window's session made (each record keeps the key of the message that made it).
            made = query(db, "SELECT count(*) FROM records WHERE game = %s AND record->'by'->>0 = %s",
                         creator.created["game"], session)[0][0]
            for bot in (b, c, other):
                await bot.close()
            return move, first, again, fresh, made
        move, first, again, fresh, made = run(scenario())
    finally:
        for s in servers:
            s.stop()
    assert first.get("ok") and again.get("ok") and again["version"] == first["version"], (first, again)
    assert not fresh.get("ok") and fresh.get("stale"), fresh
    assert made == first["version"] - move["version"], f"the move sent again made {made} records"


@pytest.fixture
def hearing(monkeypatch):
    """Servers whose ``deaf`` attribute, once set, makes them miss every notification."""
    heard = SharedGames.heard
    monkeypatch.setattr(SharedGames, "heard", lambda self, game, what: None if getattr(self, "deaf", False)
                        else heard(self, game, what))


def test_a_process_that_missed_the_news_refuses_a_move_on_its_stale_game_and_catches_up(db, tmp_path, hearing):
    """The stale process's own write is refused by the store (the number is taken): it reloads the game
    and its client resyncs; a client that opens the game there later gets it as stored."""
    async def scenario():
        async with serving(tmp_path, db=db) as (server_a, uri_a), serving(tmp_path, db=db) as (server_b, uri_b):
            creator, other = await table_across([uri_a, uri_a], seat_plan(2), seed=3)
            b = Bot(uri_b, {"type": "hello", "tokens": [token_of(creator)]}, random.Random(2))
            await b.connect()
            player = asyncio.ensure_future(other.play())
            v = await both_may_move(creator, b)
            server_b.games.deaf = True
            await creator.send({"type": "apply", "id": 1, "seat": 0, "version": v, "option": 0})
            await until(creator, lambda f: f.get("id") == 1)
            game = creator.created["game"]
            assert server_b.games.rooms[game].version == v                  # B has not heard
            await b.send({"type": "apply", "id": 1, "seat": 0, "version": v, "option": 0})
            answer = await until(b, lambda f: f.get("id") == 1)
            assert answer.get("stale") and not answer.get("ok")
            resynced = b.mirror.version
            assert resynced > v and server_b.games.rooms[game].version >= resynced
            stored = query(db, "SELECT count(*) FROM records WHERE game = %s", game)[0][0]
            assert stored >= v + 1
            # More moves B does not hear of; a client opening the game on B gets them all.
            await creator.play(until=lambda: creator.mirror.version >= resynced + 3)
            player.cancel()
            latest = query(db, "SELECT max(seq) FROM records WHERE game = %s", game)[0][0]
            watcher = Bot(uri_b, {"type": "watch", "game": game}, random.Random(0))
            await watcher.connect()
            welcome = await until(watcher, lambda f: f["type"] == "welcome")
            assert welcome["version"] >= latest >= resynced + 3
            for bot in (creator, other, b, watcher):
                await bot.close()
    run(scenario())


def test_an_invite_sent_to_two_processes_at_once_seats_one_player(db, tmp_path):
    async def scenario():
        async with serving(tmp_path, db=db) as (_, uri_a), serving(tmp_path, db=db) as (_, uri_b):
            creator = Bot(uri_a, {"type": "create", "seats": seat_plan(2)}, random.Random(0))
            await creator.connect()
            await until(creator, lambda f: f["type"] == "created")
            code = creator.created["invites"]["1"]
            joiners = [Bot(u, {"type": "join", "code": code, "name": n}, random.Random(0))
                       for u, n in ((uri_a, "Ann"), (uri_b, "Bob"))]
            await asyncio.gather(*(j.connect() for j in joiners))
            outcomes = await asyncio.gather(*(until(j, lambda f: f["type"] in ("joined", "error")) for j in joiners),
                                            return_exceptions=True)
            for bot in [creator] + joiners:
                await bot.close()
            return outcomes
    outcomes = run(scenario())
    kinds = sorted("joined" if isinstance(o, dict) else "refused" for o in outcomes)
    assert kinds == ["joined", "refused"], outcomes
    refused = next(o for o in outcomes if not isinstance(o, dict))
    assert "no open seat has that invite code" in str(refused)


# ----- privacy, AI seats and time limits over two processes -------------------------------------------

@pytest.mark.slow
def test_a_whole_game_over_two_processes_sends_no_hidden_bit_and_each_ai_move_is_thought_once(db, tmp_path,
                                                                                             monkeypatch):
    watch = WireWatch(monkeypatch)
    thought = []
    original = LocalHost._ai_move

    def counted(host, seat, action, error):
        thought.append(host.version)
        return original(host, seat, action, error)
    monkeypatch.setattr(LocalHost, "_ai_move", counted)

    async def scenario():
        async with serving(tmp_path, db=db, lease_seconds=2) as (_, uri_a), \
                serving(tmp_path, db=db, lease_seconds=2) as (server_b, uri_b):
            bots = await table_across([uri_a, uri_b], seat_plan(4, {1: "easy", 3: "easy"}), "strategist", seed=4)
            spectator = Bot(uri_b, {"type": "watch", "game": bots[0].created["game"]}, random.Random(0))
            await spectator.connect()
            await play_out(bots + [spectator])
            save = await fetch_record(uri_b, token_of(bots[0]))
            for b in bots + [spectator]:
                await b.close()
            return bots, spectator, save
    bots, spectator, save = run(scenario())
    assert watch.frames > 100 and not watch.problems, watch.problems[:5]
    check_against_a_local_replay(save, bots + [spectator], db, tmp_path)
    assert len(thought) == len(set(thought)) == ai_moves_in(db, bots[0].created["game"]) > 0


def ai_moves_in(db, game):
    """How many of the stored records are moves of an AI seat."""
    store = PostgresStore(db)
    stored = store.load(game)
    store.close()
    room = Room.create(game, stored["settings"], stored["seats"], lambda: None)
    moves = 0
    for rec in stored["records"]:
        if "undo" not in rec:
            moves += not room.session.seats[room.session.game.decision.player].is_human
        room.extend([rec])
    return moves


def test_a_turn_limit_plays_for_the_absent_player_once_across_two_processes(db, tmp_path, monkeypatch):
    played = []
    original = Room.play_for

    def counted(room, seat):
        played.append(room.version)
        return original(room, seat)
    monkeypatch.setattr(Room, "play_for", counted)

    async def scenario():
        async with serving(tmp_path, db=db, lease_seconds=2) as (_, uri_a), \
                serving(tmp_path, db=db, lease_seconds=2) as (_, uri_b):
            creator, other = await table_across([uri_a, uri_b], seat_plan(2), seed=8, turn_limit=1)
            game = creator.created["game"]

            async def drain(bot):                 # connected, never moving: every move is the clock's
                while True:
                    frame = await bot.receive()
                    if frame["type"] == "notice":
                        notices[bot.uri].append(frame["text"])
            notices = {uri_a: [], uri_b: []}
            readers = [asyncio.ensure_future(drain(b)) for b in (creator, other)]
            await asyncio.sleep(5.5)
            for r in readers:
                r.cancel()
            for bot in (creator, other):
                await bot.close()
            return game, list(notices.values())
    game, notices = run(scenario())
    stored = query(db, "SELECT count(*) FROM records WHERE game = %s", game)[0][0]
    # Each version is played for once across both processes; every move played is stored, but for
    # the last one if the servers stopped between its choice and its commit (then it was not made).
    assert len(played) >= 3 and len(played) == len(set(played)), played
    assert sorted(played)[:stored] == list(range(stored)) and len(played) - stored in (0, 1), (played, stored)
    # Each move the clock made is told to the clients of both processes (the notice is stored with it).
    for heard in notices:
        assert len(heard) >= stored - 1 and all("time ran out: an easy AI dragon made the move" in t for t in heard), \
            notices


# ----- who is connected, over two processes ----------------------------------------------------------

def test_a_player_connected_to_another_process_is_not_away_and_cannot_be_taken_over_until_gone_past_the_limit(
        db, tmp_path):
    """Online issue: a player away longer than the table's absent limit may have their seat handed to an
    AI; one who is connected never. Here the player is connected to process B only; the table's other
    player asks process A."""
    limit = 2

    async def presence_of(bot, seat, want):
        frame = await until(bot, lambda f: f["type"] == "presence" and want(f["seats"][seat]))
        return frame["seats"][seat]

    async def scenario():
        async with serving(tmp_path, db=db, lease_seconds=3) as (server_a, uri_a), \
                serving(tmp_path, db=db, lease_seconds=3) as (server_b, uri_b):
            creator, other = await table_across([uri_a, uri_b], seat_plan(2), seed=6, absent_limit=limit)
            game = creator.created["game"]
            seen = await presence_of(creator, 1, lambda s: s["connected"])
            assert seen["away"] is None and not server_a.games.rooms[game].connected_here(1)
            await creator.send({"type": "takeover", "id": 1, "target": 1, "level": "easy"})
            refused = await until(creator, lambda f: f["type"] == "error")
            assert refused["text"] == "Player 1 is connected."
            await other.close()                                   # gone from B
            gone = await presence_of(creator, 1, lambda s: not s["connected"])
            assert gone["away"] is not None and gone["away"] < limit
            await creator.send({"type": "takeover", "id": 2, "target": 1, "level": "easy"})
            early = await until(creator, lambda f: f["type"] == "error")
            assert "has been away" in early["text"] and f"limit is {limit} s" in early["text"], early
            await asyncio.sleep(limit + 0.5)
            await creator.send({"type": "takeover", "id": 3, "target": 1, "level": "easy"})
            taken = await presence_of(creator, 1, lambda s: s["stand_in"] == "easy")
            back = Bot(uri_b, {"type": "hello", "tokens": [token_of(other)]}, random.Random(0))
            await back.connect()                                  # B heard of it: the returning player sees it
            welcome = await until(back, lambda f: f["type"] == "welcome")
            assert welcome["seats"][1]["stand_in"] == "easy"
            for bot in (creator, back):
                await bot.close()
            return taken
    taken = run(scenario())
    assert taken["kind"] == "human" and taken["stand_in"] == "easy"


def test_a_player_on_a_killed_process_is_away_once_its_presence_runs_out(db, tmp_path):
    """kill -9: the process cannot say its player left; its presence row runs out after --lease seconds."""
    victim = ServerProcess(tmp_path, "--db", db, "--lease", LEASE)
    try:
        async def scenario():
            async with serving(tmp_path, db=db, lease_seconds=float(LEASE)) as (server_a, uri_a):
                creator, other = await table_across([uri_a, victim.uri], seat_plan(2), seed=9)
                await until(creator, lambda f: f["type"] == "presence" and f["seats"][1]["connected"])
                victim.kill()
                gone = await until(creator, lambda f: f["type"] == "presence" and not f["seats"][1]["connected"],
                                   limit=30)
                await creator.close()
                return gone
        gone = run(scenario())
    finally:
        victim.stop()
    assert gone["seats"][1]["away"] is not None


# ----- PostgreSQL restarted mid-game -------------------------------------------------------------------

@pytest.fixture
def own_cluster():
    """A PostgreSQL cluster of this test's own (it is stopped and started again: never CI's shared one)."""
    if pg_cluster.binaries() is None:
        why = "no PostgreSQL server programs (initdb, pg_ctl) to start a cluster that can be restarted"
        (pytest.fail if _strict() else pytest.skip)(why)
    folder = tempfile.mkdtemp(prefix="wrath-test-restarted-postgres-")     # (its owner must reach it: not pytest's)
    try:
        yield folder, pg_cluster.start(folder)
    finally:
        pg_cluster.stop(folder)


async def quiet(bot, seconds=1.0):
    """Read the bot's frames until none comes for ``seconds``."""
    while True:
        try:
            await asyncio.wait_for(bot.receive(), seconds)
        except asyncio.TimeoutError:
            return


async def play_until(bots, done):
    """Play until ``done()``; the bots still waiting for a frame then stop waiting (none may come)."""
    tasks = [asyncio.ensure_future(b.play(until=done)) for b in bots]
    finished, waiting = await asyncio.wait(tasks, timeout=LIMIT_SECONDS, return_when=asyncio.FIRST_COMPLETED)
    for task in finished:
        task.result()
    assert done()
    for task in waiting:
        task.cancel()
    await asyncio.gather(*waiting, return_exceptions=True)


@pytest.mark.slow
def test_postgresql_restarted_mid_game_the_processes_survive_and_the_game_ends_as_a_local_replay(own_cluster,
                                                                                                 tmp_path):
    """While the database is down, a move gets a clear answer and the game stays as it was, a new client
    is told why it cannot come in; once it is back, the processes reconnect (calls and LISTEN: the moves
    made on one process still reach the other's clients), and the game ends with each record stored once."""
    import websockets
    folder, dsn = own_cluster
    servers = [ServerProcess(tmp_path, "--db", dsn, "--lease", LEASE) for _ in range(2)]
    try:
        async def scenario():
            uris = [s.uri for s in servers]
            bots = await table_across(uris, seat_plan(3, {2: "easy"}), "strategist", seed=12)
            game = bots[0].created["game"]

            def someone_may_move():
                return bots[0].mirror.version >= 25 and any(b.mirror.options(s) for b in bots for s in b.mirror.here)
            await play_until(bots, someone_may_move)
            pg_cluster.pause(folder)
            for bot in bots:                          # a move sent just before is answered (or refused) first
                await quiet(bot)
            mover = next(b for b in bots if any(b.mirror.options(s) for s in b.mirror.here))
            seat = next(s for s in mover.mirror.here if mover.mirror.options(s))
            version = mover.mirror.version
            answers = []
            for n in (1001, 1002):                    # and again: still down, still a clear answer
                await mover.send({"type": "apply", "id": n, "seat": seat, "version": version, "option": 0})
                answers.append(await until(mover, lambda f: f.get("id") == n))
            newcomer = Bot(uris[1], {"type": "hello", "tokens": [token_of(bots[0])]}, random.Random(0))
            await newcomer.connect()
            refused = await until(newcomer, lambda f: f["type"] == "error")
            assert not refused.get("fatal")                      # (the window tries again by itself)
            with pytest.raises(websockets.exceptions.ConnectionClosed):
                await asyncio.wait_for(newcomer.receive(), 30)
            alive = [s.proc.poll() is None for s in servers]
            while mover.mirror.version != version or not mover.mirror.options(seat):
                await asyncio.wait_for(mover.receive(), 30)      # (the room went back: it sends the table again)
            pg_cluster.resume(folder)
            await play_out(bots)
            save = await fetch_record(uris[1], token_of(bots[0]))
            for b in bots:
                await b.close()
            return bots, answers, refused["text"], alive, save, version, game
        bots, answers, refused, alive, save, version, game = run(scenario())
        assert all(s.proc.poll() is None for s in servers)
    finally:
        for s in servers:
            s.stop()
    assert alive == [True, True]
    for answer in answers:
        assert not answer.get("ok") and "cannot reach its games database" in answer["error"], answer
        assert "That move was not made" in answer["error"]
    assert "cannot reach its games database" in refused
    session = check_against_a_local_replay(save, bots, dsn, tmp_path)
    assert session.changes > version + 10                   # played on well past the outage
