"""The games in PostgreSQL, shared by several server processes: ``serve --db postgresql://...``.

The same tables as the SQLite store (server.store), plus what many
processes need:

- an action is stored only under the next sequence number: the primary key
  (game, seq) decides a race, never a process's memory; the loser gets
  ``Taken``, reloads the game and its clients resync;
- every stored record and seat change is announced with ``NOTIFY`` (the
  payload is the game id and the record's number, or ``seats``: ids only,
  NOTIFY keeps no history); a process that hears it catches up from the table
  (``listen``), and one that missed some catches up by comparing numbers;
- an invite is claimed by a conditional update: one claim wins;
- a lease per game (holder + expiry) says which process runs the game's AI
  seats and turn limits; a dead process's lease runs out and another takes it;
- who is connected: a row per game, seat and process holding a connection of
  it, renewed while it does (``presence``), so that every process shows the
  same "(away)" and applies the same absent-player limit;
- snapshots for fast loading (server.game_snapshot).

The schema is created and upgraded here (table ``schema_version``); a
database of a newer schema is refused with one line.
"""
from __future__ import annotations

import threading
import time

import psycopg
from psycopg.types.json import Json, Jsonb

from server.store import SEAT_FIELDS, Store, StoreError, Taken, seat_columns, written

SCHEMA = 4
CHANNEL = "wrath_games"

# MIGRATIONS[n] brings a database of schema n - 1 to schema n.
MIGRATIONS = {
    1: """
CREATE TABLE games (id TEXT PRIMARY KEY, created DOUBLE PRECISION NOT NULL, settings JSONB NOT NULL);
CREATE TABLE seats (
    game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
    name TEXT NOT NULL, dragon TEXT NOT NULL, kind TEXT NOT NULL,
    token_hash TEXT UNIQUE, invite_hash TEXT UNIQUE, stand_in TEXT,
    PRIMARY KEY (game, seat));
CREATE TABLE records (
    game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, seq INTEGER NOT NULL CHECK (seq > 0),
    record JSONB NOT NULL, at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (game, seq));
""",
    2: """
CREATE TABLE leases (
    game TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    holder TEXT NOT NULL, expires TIMESTAMPTZ NOT NULL);
""",
    3: """
CREATE TABLE snapshots (
    game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, seq INTEGER NOT NULL, format INTEGER NOT NULL,
    state JSON NOT NULL, at TIMESTAMPTZ NOT NULL DEFAULT now(),      -- JSON, not JSONB: keys keep their order
    PRIMARY KEY (game, seq, format));
""",
    4: """
CREATE TABLE presence (
    game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, seat INTEGER NOT NULL, holder TEXT NOT NULL,
    expires TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game, seat, holder));
""",
}


def shown(dsn):
    """The database's address for the operator (never its password)."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(dsn)
    except psycopg.Error:
        return "the PostgreSQL database"
    host = info.get("host", "localhost")
    return f"postgresql://{host}:{info.get('port', 5432)}/{info.get('dbname', '')}"


def upgrade(db, target=SCHEMA):
    """Create or upgrade the schema to ``target`` in one transaction (one process at a time)."""
    with db.transaction():
        db.execute("SELECT pg_advisory_xact_lock(hashtext('wrath of dragons schema'))")
        db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        row = db.execute("SELECT version FROM schema_version").fetchone()
        current = row[0] if row else 0
        if current > SCHEMA:
            raise StoreError(f"{shown(db.info.dsn)}: the games database has schema {current}, newer than this "
                             f"server's {SCHEMA}: use a newer version of the game")
        for version in range(current + 1, target + 1):
            db.execute(MIGRATIONS[version])
        if row is None:
            db.execute("INSERT INTO schema_version VALUES (%s)", (max(current, target),))
        elif target > current:
            db.execute("UPDATE schema_version SET version = %s", (target,))


class PostgresStore(Store):
    blocking = True           # every call waits on the network: the server makes them in its worker thread
    leases = True
    kind = "postgresql"

    def __init__(self, dsn):
        self.dsn = dsn
        self._closed = False
        self._listener = None
        try:
            self.db = self._connect()
            upgrade(self.db)
        except psycopg.Error as exc:
            raise StoreError(f"{shown(dsn)}: cannot open the games database ({_one_line(exc)})") from None

    def _connect(self):
        return psycopg.connect(self.dsn, autocommit=True, connect_timeout=10)

    def _call(self, fn):
        """Run ``fn(db)``; a broken connection is made again once (PostgreSQL restarted)."""
        for attempt in (1, 2):
            try:
                if self.db.closed:
                    self.db = self._connect()
                return fn(self.db)
            except psycopg.OperationalError as exc:
                if attempt == 2 or not self.db.closed:
                    raise StoreError(f"{shown(self.dsn)}: {_one_line(exc)}") from None
            except psycopg.Error as exc:
                raise StoreError(f"{shown(self.dsn)}: {_one_line(exc)}", "cannot use its games database just now") from None

    # ----- games ------------------------------------------------------------------------------
    @written
    def create_game(self, game_id, settings, seats):
        def create(db):
            with db.transaction():
                db.execute("INSERT INTO games VALUES (%s, %s, %s)", (game_id, time.time(), Jsonb(settings)))
                with db.cursor() as cur:
                    cur.executemany("INSERT INTO seats VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                                    [(game_id, s["seat"], *(s.get(f) for f in SEAT_FIELDS)) for s in seats])
        self._call(create)

    def game_ids(self):
        return self._call(lambda db: [r[0] for r in db.execute("SELECT id FROM games ORDER BY created")])

    def load(self, game_id, snapshot_format=None):
        def load(db):
            with db.transaction():          # one view of the game: seats, snapshot and records agree
                db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                row = db.execute("SELECT settings FROM games WHERE id = %s", (game_id,)).fetchone()
                if row is None:
                    return None
                seats = self._seats(db, game_id)
                snap = None if snapshot_format is None else db.execute(
                    "SELECT seq, state FROM snapshots WHERE game = %s AND format = %s ORDER BY seq DESC LIMIT 1",
                    (game_id, snapshot_format)).fetchone()
                records = [r[0] for r in db.execute(
                    "SELECT record FROM records WHERE game = %s AND seq > %s ORDER BY seq",
                    (game_id, 0 if snap is None else snap[0]))]
            return {"settings": row[0], "seats": seats, "records": records,
                    "snapshot": None if snap is None else {"seq": snap[0], "state": snap[1]}}
        return self._call(load)

    @written
    def save_snapshot(self, game_id, seq, snapshot_format, state):
        def save(db):
            with db.transaction():
                db.execute("INSERT INTO snapshots (game, seq, format, state) VALUES (%s, %s, %s, %s) "
                           "ON CONFLICT DO NOTHING", (game_id, seq, snapshot_format, Json(state)))
                db.execute("DELETE FROM snapshots WHERE game = %s AND seq < %s", (game_id, seq))
        self._call(save)

    def seats(self, game_id):
        return self._call(lambda db: self._seats(db, game_id))

    @staticmethod
    def _seats(db, game_id):
        return [dict(zip(("seat",) + SEAT_FIELDS, r)) for r in db.execute(
            f"SELECT seat, {', '.join(SEAT_FIELDS)} FROM seats WHERE game = %s ORDER BY seat", (game_id,))]

    def records_after(self, game_id, seq):
        return self._call(lambda db: [r[0] for r in db.execute(
            "SELECT record FROM records WHERE game = %s AND seq > %s ORDER BY seq", (game_id, seq))])

    @written
    def append(self, game_id, first_seq, records):
        def append(db):
            with db.transaction():
                last = db.execute("SELECT coalesce(max(seq), 0) FROM records WHERE game = %s",
                                  (game_id,)).fetchone()[0]
                if last != first_seq - 1:          # not the next number: another process moved the game on
                    raise Taken(f"{game_id}: record {first_seq} is not the next one ({last} stored)")
                try:
                    with db.cursor() as cur:
                        cur.executemany("INSERT INTO records (game, seq, record) VALUES (%s, %s, %s)",
                                        [(game_id, first_seq + i, Jsonb(r)) for i, r in enumerate(records)])
                except psycopg.errors.UniqueViolation:     # two processes inserted the same number at once
                    raise Taken(f"{game_id}: record {first_seq} exists") from None
                db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} {first_seq + len(records) - 1}"))
        self._call(append)

    # ----- seats ------------------------------------------------------------------------------
    @written
    def update_seat(self, game_id, seat, **fields):
        sets = seat_columns(fields, "%s")

        def update(db):
            with db.transaction():
                db.execute(f"UPDATE seats SET {sets} WHERE game = %s AND seat = %s", (*fields.values(), game_id, seat))
                db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} seats"))
        self._call(update)

    @written
    def claim_seat(self, game_id, seat, invite_hash, name, token_hash):
        def claim(db):
            with db.transaction():
                done = db.execute("UPDATE seats SET name = %s, token_hash = %s, invite_hash = NULL "
                                  "WHERE game = %s AND seat = %s AND invite_hash = %s",
                                  (name, token_hash, game_id, seat, invite_hash)).rowcount == 1
                if done:
                    db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} seats"))
            return done
        return self._call(claim)

    def probe(self):
        self._call(lambda db: db.execute("SELECT 1 FROM games LIMIT 1").fetchall())

    def find(self, column, digest):
        if column not in ("token_hash", "invite_hash"):
            raise ValueError(column)
        row = self._call(lambda db: db.execute(f"SELECT game, seat FROM seats WHERE {column} = %s",
                                               (digest,)).fetchone())
        return None if row is None else (row[0], row[1])

    # ----- who runs a game's AI seats and turn limits -----------------------------------------
    def lease(self, game_id, holder, seconds):
        """Take or renew the game's lease for ``seconds``: True if ``holder`` has it now."""
        return self._call(lambda db: db.execute(
            "INSERT INTO leases VALUES (%s, %s, now() + make_interval(secs => %s)) "
            "ON CONFLICT (game) DO UPDATE SET holder = excluded.holder, expires = excluded.expires "
            "WHERE leases.holder = excluded.holder OR leases.expires < now() RETURNING holder",
            (game_id, holder, seconds)).fetchone() is not None)

    def release(self, game_ids, holder):
        self._call(lambda db: db.execute("DELETE FROM leases WHERE game = ANY(%s) AND holder = %s",
                                         (list(game_ids), holder)))

    # ----- who is connected to which process ---------------------------------------------------
    # A row per (game, seat, process holding a connection of it): expires in the future while the
    # process renews it; set to now when its last connection of the seat leaves (that is when the
    # player was last seen); a dead process's rows run out by themselves.
    def present(self, game_id, seat, holder, seconds):
        def present(db):
            with db.transaction():
                db.execute("INSERT INTO presence VALUES (%s, %s, %s, now() + make_interval(secs => %s)) "
                           "ON CONFLICT (game, seat, holder) DO UPDATE SET expires = excluded.expires",
                           (game_id, seat, holder, seconds))
                db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} presence"))
        self._call(present)

    def absent(self, game_id, seat, holder):
        def absent(db):
            with db.transaction():
                db.execute("UPDATE presence SET expires = now() WHERE game = %s AND seat = %s AND holder = %s",
                           (game_id, seat, holder))
                db.execute("DELETE FROM presence WHERE game = %s AND seat = %s AND holder <> %s AND expires < now()",
                           (game_id, seat, holder))           # older departures: this one is the latest
                db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} presence"))
        self._call(absent)

    def renew_presence(self, pairs, holder, seconds):
        if not pairs:
            return
        games, seats = [g for g, _ in pairs], [s for _, s in pairs]
        self._call(lambda db: db.execute(
            "INSERT INTO presence SELECT g, s, %s, now() + make_interval(secs => %s) "
            "FROM unnest(%s::text[], %s::int[]) AS t(g, s) "
            "ON CONFLICT (game, seat, holder) DO UPDATE SET expires = excluded.expires",
            (holder, seconds, games, seats)))

    def presence(self, game_ids, holder):
        rows = self._call(lambda db: db.execute(
            "SELECT game, seat, coalesce(bool_or(expires > now() AND holder <> %s), false), "
            "extract(epoch FROM now() - max(expires))::float8 FROM presence WHERE game = ANY(%s) GROUP BY game, seat",
            (holder, list(game_ids))).fetchall())
        out = {}
        for game, seat, elsewhere, ago in rows:
            out.setdefault(game, {})[seat] = (elsewhere, ago)
        return out

    # ----- news from the other processes -------------------------------------------------------
    def listen(self, heard):
        """Call ``heard(game_id, seq or "seats" or "presence")`` (from a thread of its own) for every change any
        process stores, and ``heard(None, None)`` after (re)connecting: whatever was missed meanwhile."""
        self._listener = threading.Thread(target=self._listen, args=(heard,), name="pg-listen", daemon=True)
        self._listener.start()

    def _listen(self, heard):
        while not self._closed:
            try:
                with psycopg.connect(self.dsn, autocommit=True, connect_timeout=10) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    heard(None, None)
                    while not self._closed:
                        for note in conn.notifies(timeout=0.5):
                            game, _, what = note.payload.partition(" ")
                            heard(game, int(what) if what.isdigit() else what)
            except psycopg.Error:
                time.sleep(0.5)

    def close(self):
        self._closed = True
        if self._listener is not None:
            self._listener.join(5)
        self.db.close()


def _one_line(exc):
    return " ".join(str(exc).split()) or type(exc).__name__
