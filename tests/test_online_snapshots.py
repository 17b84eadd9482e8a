"""Snapshots for fast loading (issue "A public server": "the append-only action list with a per-game
sequence number, and snapshots for fast loading").

A game loaded from its newest snapshot plus the records after it must be the game replayed from its
seed: the same view for every seat, the same options, the same next draws (played on to the end, the
same scores), and undo within the player's own turn as the house rule says (app/session.py: "Undo
goes back one action at a time within the current player's own turn"; it never crosses a point where
hidden information came out). The records stay the truth: a snapshot that cannot be used is ignored.

These run on SQLite; tests/test_online_postgres.py runs the same checks on PostgreSQL.
"""
from __future__ import annotations

import asyncio
import copy
import json
import random
import sqlite3

import pytest

from online_helpers import LIMIT_SECONDS, play_out, seat_plan, serving, table_of_bots
from test_online_games import fetch_record

from app.save_format import load_session
from game.engine import Game
from server import game_snapshot
from wire import protocol
from server.room import Room
from server.games import Games
from game.fingerprint import rules_fingerprint
from server.store import MIGRATIONS, SQLiteStore

DRAGONS = ["Black", "Blue", "Green", "Orange", "Red", "White"]


def seats_of(players):
    return [{"seat": i, "name": f"P{i}", "dragon": DRAGONS[i], "kind": "human", "token_hash": None,
             "invite_hash": None, "stand_in": None} for i in range(players)]


def store_game(store, game_id, seed, players=4, variant="strategist", stop=None, snapshot_when=None, undos=True):
    """Play a game of random legal options (and undos, when allowed, now and then, while ``undos`` or
    ``undos(room)``), storing each record as the server does and a snapshot whenever ``snapshot_when(room)``;
    played to its end or until ``stop(room)``. The room as it was at the last record."""
    settings = {"seed": seed, "variant": variant, "absent_limit": None, "turn_limit": None,
                "rules": rules_fingerprint()}              # as the server stores a game it creates
    seats = seats_of(players)
    store.create_game(game_id, settings, copy.deepcopy(seats))
    room = Room.create(game_id, settings, seats, lambda: None)
    rng = random.Random(seed)
    while not room.session.game.is_over and not (stop and stop(room)):
        session = room.session
        if (undos(room) if callable(undos) else undos) and session.can_undo() and rng.random() < 0.3:
            session.undo()
        else:
            session.apply(rng.choice(session.game.decision.options))
        first, records = room.take_pending()
        store.append(game_id, first, records)
        if snapshot_when and snapshot_when(room):
            store.save_snapshot(game_id, room.version, game_snapshot.FORMAT,
                                json.loads(json.dumps(game_snapshot.make(session, room.last_undo))))
    room.host.close()
    return room


class Applied:
    """Counts the engine's applied actions (Game.apply), the work a load does."""

    def __init__(self, monkeypatch):
        self.count = 0
        original = Game.apply

        def counted(game, action):
            self.count += 1
            return original(game, action)
        monkeypatch.setattr(Game, "apply", counted)

    def during(self, fn, *args):
        before = self.count
        out = fn(*args)
        return out, self.count - before


def loaded(store, game_id, snapshots=True):
    """The room as the server loads it (Games.room: the newest usable snapshot, else the seed)."""
    async def load():
        games = Games(store)
        games.loop = asyncio.get_running_loop()
        try:
            return await games.room(game_id)
        finally:
            if games.db_thread is not None:
                games.db_thread.shutdown()
    return asyncio.run(asyncio.wait_for(load(), LIMIT_SECONDS)) if snapshots else \
        Room.rebuild(game_id, store.load(game_id), lambda: None)


def views(room):
    return [room.host.snapshot(seat) for seat in [None, *range(len(room.seats))]]


def assert_same_game(a, b):
    sa, sb = a.session, b.session
    assert (sa.changes, sa.actions, sa.undoable, sa.undo_block, a.last_undo) == \
        (sb.changes, sb.actions, sb.undoable, sb.undo_block, b.last_undo)
    assert sa.game.to_dict() == sb.game.to_dict()
    assert views(a) == views(b)
    if not sa.game.is_over:
        assert sa.game.decision.options == sb.game.decision.options


def play_on_both(a, b, seed, undos=True):
    """The same choices (option index, or undo when allowed and ``undos``) on both rooms until the end;
    their scores."""
    rng = random.Random(seed)
    while not a.session.game.is_over:
        assert a.session.can_undo() == b.session.can_undo()
        if undos and a.session.can_undo() and rng.random() < 0.3:
            a.session.undo()
            b.session.undo()
        else:
            i = rng.randrange(len(a.session.game.decision.options))
            a.session.apply(a.session.game.decision.options[i])
            b.session.apply(b.session.game.decision.options[i])
        assert a.session.game.rng.state == b.session.game.rng.state
    assert b.session.game.is_over
    assert_same_game(a, b)
    return a.session.game.final_scores()


def check_snapshot_equals_seed(store, monkeypatch, seed, players, variant):
    """The shared check (SQLite here, PostgreSQL in test_online_postgres): a game stored with a snapshot
    taken a third of the way (undos before it) and records after it, loaded both ways, then played on to its end
    without undo (an undo rebuilds the game from its seed: it would hide a wrong snapshot)."""
    total = store_game(store, "whole", seed, players, variant).version        # how long this game is
    half = total // 3
    room = store_game(store, "g", seed, players, variant, stop=lambda r: r.version >= half + 37,
                      snapshot_when=lambda r: r.version == half, undos=lambda r: r.version < half)
    assert room.last_undo > 0                       # undos before the snapshot: its undo fields matter
    assert room.version == half + 37
    applied = Applied(monkeypatch)
    fast, work = applied.during(loaded, store, "g")
    slow, all_work = applied.during(loaded, store, "g", False)
    assert fast.snapshot_seq == half and slow.snapshot_seq == 0            # one from its snapshot, one from its seed
    assert work < all_work
    assert_same_game(fast, slow)
    assert_same_game(fast, room)
    scores = play_on_both(fast, slow, seed + 1, undos=False)
    assert scores == json.loads(json.dumps(scores))
    for r in (fast, slow):
        r.host.close()


@pytest.mark.parametrize("seed,players,variant", [(11, 4, "strategist"), (12, 5, "strategist+desolation"),
                                                  (13, 2, "standard")])
def test_a_game_loaded_from_its_snapshot_is_the_game_replayed_from_its_seed(tmp_path, monkeypatch, seed, players,
                                                                             variant):
    store = SQLiteStore(tmp_path / "games.sqlite")
    check_snapshot_equals_seed(store, monkeypatch, seed, players, variant)
    store.close()


def test_a_seat_claimed_after_the_snapshot_has_its_new_name(tmp_path):
    """An invited player joins after the snapshot was taken (the seat had never moved): the game loaded
    from the snapshot names them as the one replayed from the seed does."""
    store = SQLiteStore(tmp_path / "games.sqlite")
    room = store_game(store, "g", 55, players=3, stop=lambda r: r.host.decider == 2,
                      snapshot_when=lambda r: r.host.decider == 2)
    assert room.version > 0
    store.update_seat("g", 2, name="Joined later")
    fast, slow = loaded(store, "g"), loaded(store, "g", False)
    assert fast.snapshot_seq == room.version > slow.snapshot_seq == 0
    assert_same_game(fast, slow)
    assert fast.session.game.state.players[2].name == fast.session.seats[2].name == "Joined later"


def check_only_records_after_are_replayed(store, monkeypatch):
    room = store_game(store, "counted", 21, stop=lambda r: r.version >= 120, snapshot_when=lambda r: r.version == 90,
                      undos=False)
    assert room.version == 120
    applied = Applied(monkeypatch)
    fast, work = applied.during(loaded, store, "counted")
    assert work == 120 - 90                       # the 30 records after the snapshot, each applied once
    slow, all_work = applied.during(loaded, store, "counted", False)
    assert all_work == 120
    assert_same_game(fast, slow)


def test_loading_replays_only_the_records_after_the_snapshot(tmp_path, monkeypatch):
    check_only_records_after_are_replayed(SQLiteStore(tmp_path / "games.sqlite"), monkeypatch)


@pytest.mark.parametrize("spoil", ["format", "seq", "seed", "state", "actions"])
def test_a_snapshot_that_cannot_be_used_is_ignored_and_the_game_replays_from_its_seed(tmp_path, monkeypatch, spoil):
    store = SQLiteStore(tmp_path / "games.sqlite")
    room = store_game(store, "g", 31, stop=lambda r: r.version >= 80, snapshot_when=lambda r: r.version == 60,
                      undos=False)
    snap = store.load("g", game_snapshot.FORMAT)["snapshot"]["state"]
    assert loaded(store, "g").snapshot_seq == 60                 # as stored, it is used
    fmt = game_snapshot.FORMAT
    if spoil == "format":                              # a newer server's snapshot, stored with its format number
        snap["format"] = fmt = game_snapshot.FORMAT + 1
    elif spoil == "seq":
        snap["seq"] = 59
    elif spoil == "seed":
        snap["seed"] += 1
    elif spoil == "state":
        snap["game"]["stack"] = [{"frame": "no such frame"}]
    else:
        snap["actions"].append({"no": "action"})
    store.db.execute("DELETE FROM snapshots")
    store.save_snapshot("g", 60, fmt, snap)
    applied = Applied(monkeypatch)
    used, work = applied.during(loaded, store, "g")
    assert work == 80 and used.snapshot_seq == 0
    assert_same_game(used, room)


def test_undo_right_after_loading_from_a_snapshot_goes_back_within_the_players_own_turn(tmp_path, monkeypatch):
    """Snapshot taken where the person to move has made two undoable moves in this turn."""
    store = SQLiteStore(tmp_path / "games.sqlite")

    def two_undoable(r):
        return r.session.undoable >= 2 and r.session.can_undo()
    room = store_game(store, "g", 41, stop=two_undoable, snapshot_when=two_undoable, undos=False)
    assert two_undoable(room)
    fast, slow = loaded(store, "g"), loaded(store, "g", False)
    assert fast.snapshot_seq == room.version and slow.snapshot_seq == 0
    seat = fast.host.decider
    answers = []
    for _ in range(room.session.undoable + 1):
        for r in (fast, slow):
            answers.append(r.host.send(seat, {"type": "undo", "version": r.version}))
        assert answers[-1] == answers[-2]
        assert_same_game(fast, slow)
    assert [a.get("ok") for a in answers[:-2]] == [True] * (len(answers) - 2)
    assert answers[-1]["error"].startswith("Undo is not possible: "), answers[-1]
    assert fast.session.actions == room.session.actions[:len(room.session.actions) - room.session.undoable]
    play_on_both(fast, slow, 42)


def test_the_server_stores_a_snapshot_every_k_records_and_when_it_stops_and_a_finished_game_loads_from_it(
        tmp_path, monkeypatch):
    async def scenario():
        async with serving(tmp_path, snapshot_every=10) as (server, uri):
            bots = await table_of_bots(uri, seat_plan(3, {2: "easy"}), "strategist", seed=7)
            await play_out(bots)
            game = bots[0].created["game"]
            version = server.games.rooms[game].version
            while_running = sqlite3.connect(tmp_path / "games.sqlite").execute(
                "SELECT seq FROM snapshots WHERE game = ?", (game,)).fetchall()
            for b in bots:
                await b.close()
            return bots, game, version, while_running
    bots, game, version, while_running = asyncio.run(asyncio.wait_for(scenario(), LIMIT_SECONDS))
    assert version > 40 and while_running == [(version - version % 10,)]     # the newest only
    stored = sqlite3.connect(tmp_path / "games.sqlite").execute(
        "SELECT seq, format FROM snapshots WHERE game = ?", (game,)).fetchall()
    assert stored == [(version, game_snapshot.FORMAT)]                         # taken again as it stopped
    applied = Applied(monkeypatch)

    async def reopened():
        async with serving(tmp_path) as (server, uri):
            save = await fetch_record(uri, bots[0].created["tokens"]["0"])
            return save, server.games.rooms[game].snapshot_seq
    (save, seq), work = applied.during(lambda: asyncio.run(asyncio.wait_for(reopened(), LIMIT_SECONDS)))
    assert seq == version and work == 0                 # nothing replayed to open it
    path = tmp_path / "online.yaml"
    path.write_text(save, encoding="utf-8")
    final = json.loads(json.dumps(load_session(str(path)).game.final_scores()))
    assert all(b.mirror.snaps[s]["final_scores"] == final for b in bots for s in b.mirror.here)


def test_a_server_told_to_store_no_snapshots_stores_none_not_even_when_a_game_leaves_memory(tmp_path):
    """``--snapshot-every 0``: never (the idle sweep and the shutdown store none either)."""
    async def scenario():
        async with serving(tmp_path, snapshot_every=0, idle_room_seconds=0.1) as (server, uri):
            bots = await table_of_bots(uri, seat_plan(2), seed=5)
            await play_out(bots)
            for b in bots:
                await b.close()
            game = bots[0].created["game"]
            for _ in range(100):                    # the sweep drops the game nobody is connected to
                if game not in server.games.rooms:
                    break
                await asyncio.sleep(0.1)
            return game, game in server.games.rooms
    game, still_in_memory = asyncio.run(asyncio.wait_for(scenario(), LIMIT_SECONDS))
    assert not still_in_memory
    assert sqlite3.connect(tmp_path / "games.sqlite").execute(
        "SELECT COUNT(*) FROM snapshots WHERE game = ?", (game,)).fetchone() == (0,)


def test_an_older_sqlite_schema_is_upgraded_and_keeps_its_games(tmp_path):
    path = tmp_path / "games.sqlite"
    old = sqlite3.connect(path)                            # a database made by the first version of the server
    old.executescript("CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1);"
                      + MIGRATIONS[1] + ";")
    old.execute("INSERT INTO games VALUES ('old', 0, ?)", (json.dumps({"seed": 5, "variant": "standard"}),))
    old.execute("INSERT INTO seats VALUES ('old', 0, 'Ann', 'Black', 'human', 't0', NULL, NULL)")
    old.execute("INSERT INTO seats VALUES ('old', 1, 'Bob', 'Blue', 'human', 't1', NULL, NULL)")
    old.commit()
    old.close()
    store = SQLiteStore(path)
    assert store.db.execute("SELECT version FROM schema_version").fetchall() == [(2,)]
    room = Room.rebuild("old", store.load("old"), lambda: None)
    room.session.apply(room.session.game.decision.options[0])
    first, records = room.take_pending()
    store.append("old", first, records)
    store.save_snapshot("old", room.version, game_snapshot.FORMAT, game_snapshot.make(room.session, 0))
    again = store.load("old", game_snapshot.FORMAT)
    assert again["snapshot"]["seq"] == 1 and again["records"] == [] and again["seats"][1]["name"] == "Bob"
    store.close()
    reopened = SQLiteStore(path)                           # opened again: nothing to upgrade, nothing lost
    assert reopened.load("old")["records"] == records
    reopened.close()


def test_a_newer_sqlite_schema_is_refused_with_one_line(tmp_path):
    from server.store import StoreError
    SQLiteStore(tmp_path / "games.sqlite").close()
    db = sqlite3.connect(tmp_path / "games.sqlite")
    db.execute("UPDATE schema_version SET version = 7")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="schema 7, newer than this server's 2"):
        SQLiteStore(tmp_path / "games.sqlite")
