"""Where the server keeps its games: the truth, written before anyone hears of a change.

A game is its settings (seats, seed, variant, limits), its seats (name, kind,
the hashes of the seat's token and invite code, the AI standing in for an
absent player) and an append-only list of records, numbered 1, 2, 3, ...
(the game's version after each): ``{"action": {...}}`` or ``{"undo": true}``.
Seed + records rebuild the game exactly (server.room). Beside them, a
game's snapshots (server.game_snapshot: its whole state at a record,
tagged with that record's number and a format) let a long game load without
replaying every record; they are never needed for the truth.

``Store`` says what every store does; ``SQLiteStore`` is the embedded default
(one file, WAL, one server process). A store raises ``Taken`` when a record's
number is already used: another writer got there first, and the game must be
reloaded from the store.
"""
from __future__ import annotations

import abc
import functools
import json
import os
import sqlite3
import time
from collections.abc import Callable
from typing import Any, TypedDict

from server import sqlite_check

SCHEMA = 2


class Taken(Exception):
    """The record's number is used already (another writer appended it)."""


class StoreError(Exception):
    """The store cannot be opened or used; str() is one line for the server's operator, ``reason``
    what it means to a player, as words after "The server ..."."""

    def __init__(self, text, reason="cannot reach its games database just now"):
        super().__init__(text)
        self.reason = reason


Record = dict[str, Any]          # {"action": {...}} or {"undo": True}


class StoredSeat(TypedDict):
    seat: int
    name: str
    dragon: str
    kind: str
    token_hash: str | None
    invite_hash: str | None
    stand_in: str | None         # the AI level playing for an absent player


class StoredSnapshot(TypedDict):
    seq: int                     # the record it was taken at
    state: Any


class Stored(TypedDict):
    settings: dict[str, Any]     # seed, variant, rules, limits
    seats: list[StoredSeat]
    records: list[Record]
    snapshot: StoredSnapshot | None


class Store(abc.ABC):
    """The calls the server makes. Seats are dicts: seat, name, dragon, kind,
    token_hash, invite_hash, stand_in. ``blocking``: calls may wait on a network
    (the server then makes them in a worker thread, in order)."""
    blocking = False
    leases = False            # True: several processes share the games (lease, release, listen below)
    kind = "?"                # its name in the server's health answer
    commits = 0               # writes committed by this process (``written``)
    failing = None            # (time.time(), reason) of the last write, if it failed; None once one succeeds

    @abc.abstractmethod
    def probe(self) -> None:
        """Read a little from the games table (the server's health check): raises StoreError if it cannot."""

    @abc.abstractmethod
    def create_game(self, game_id: str, settings: dict[str, Any], seats: list[StoredSeat]) -> None:
        """Store a new game: its settings (seed, variant, limits) and its seats."""

    @abc.abstractmethod
    def game_ids(self) -> list[str]:
        """Every stored game's id, oldest first."""

    @abc.abstractmethod
    def load(self, game_id: str, snapshot_format: int | None = None) -> Stored | None:
        """{"settings", "seats", "records", "snapshot"} or None. With ``snapshot_format``: "snapshot" is
        the newest stored snapshot of that format ({"seq", "state"}) and "records" are those after it;
        else (or with no such snapshot) "snapshot" is None and "records" are all of them."""

    @abc.abstractmethod
    def save_snapshot(self, game_id: str, seq: int, snapshot_format: int, state: Any) -> None:
        """Store the game's snapshot taken at record ``seq`` (its older snapshots may go)."""

    @abc.abstractmethod
    def append(self, game_id: str, first_seq: int, records: list[Record]) -> None:
        """Append records numbered first_seq, first_seq+1, ... in one transaction (Taken if one exists)."""

    def records_after(self, game_id: str, seq: int) -> list[Record]:
        """The records numbered after ``seq`` (a process catching up)."""
        stored = self.load(game_id)
        return [] if stored is None else stored["records"][seq:]

    def seats(self, game_id: str) -> list[StoredSeat]:
        stored = self.load(game_id)
        return [] if stored is None else stored["seats"]

    @abc.abstractmethod
    def update_seat(self, game_id: str, seat: int, **fields: Any) -> None:
        """Change some of a seat's fields (SEAT_FIELDS)."""

    @abc.abstractmethod
    def claim_seat(self, game_id: str, seat: int, invite_hash: str, name: str, token_hash: str) -> bool:
        """Give the seat a name and token if its invite is still ``invite_hash``: True if this claim won."""

    def lease(self, game_id: str, holder: str, seconds: float) -> bool:
        """Take or renew the game's lease (who runs its AI seats and turn limits): True if held now."""
        return True

    def release(self, game_ids: list[str], holder: str) -> None:
        pass

    def listen(self, heard: Callable[[str | None, int | str | None], None]) -> None:
        """Call ``heard(game_id, seq or "seats" or "presence")`` when another process changes a game, and
        ``heard(None, None)`` when whatever happened meanwhile may have been missed (optional)."""

    # Who is connected, when several processes share the games (one process: its own connections say it).
    def present(self, game_id: str, seat: int, holder: str, seconds: float) -> None:
        """``holder`` has a connection of the seat now (for ``seconds`` unless renewed)."""

    def absent(self, game_id: str, seat: int, holder: str) -> None:
        """``holder`` has no connection of the seat any more."""

    def renew_presence(self, pairs: list[tuple[str, int]], holder: str, seconds: float) -> None:
        """``holder`` still has connections of these (game_id, seat) pairs."""

    def presence(self, game_ids: list[str], holder: str) -> dict[str, dict[int, tuple[bool, float]]]:
        """{game_id: {seat: (connected at another holder, seconds since last seen anywhere)}} of the
        seats the store knows of ({} with one process)."""
        return {}

    @abc.abstractmethod
    def find(self, column: str, digest: str) -> tuple[str, int] | None:
        """(game_id, seat) whose token_hash / invite_hash is ``digest``, or None."""

    def close(self) -> None:
        pass


SEAT_FIELDS = ("name", "dragon", "kind", "token_hash", "invite_hash", "stand_in")


def seat_columns(fields, mark):
    """The SET list of an UPDATE of ``fields`` of a seat, with ``mark`` as the driver's placeholder;
    ValueError for a field a seat does not have (the names go into the SQL text)."""
    bad = set(fields) - set(SEAT_FIELDS)
    if bad:
        raise ValueError(f"unknown seat fields {sorted(bad)}")
    return ", ".join(f"{k} = {mark}" for k in fields)


# MIGRATIONS[n] brings a database of schema n - 1 to schema n (statements separated by ";").
MIGRATIONS = {
    1: """
CREATE TABLE games (id TEXT PRIMARY KEY, created REAL NOT NULL, settings TEXT NOT NULL);
CREATE TABLE seats (
    game TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
    name TEXT NOT NULL, dragon TEXT NOT NULL, kind TEXT NOT NULL,
    token_hash TEXT UNIQUE, invite_hash TEXT UNIQUE, stand_in TEXT,
    PRIMARY KEY (game, seat));
CREATE TABLE records (
    game TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, record TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (game, seq))
""",
    2: """
CREATE TABLE snapshots (
    game TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, format INTEGER NOT NULL,
    state TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (game, seq, format))
""",
}


# The columns each table must have, and the schema that brought it: a file without them is
# another program's (or a damaged one), refused before anything is written to it.
COLUMNS = {"games": (1, ("id", "created", "settings")),
           "seats": (1, ("game", "seat") + SEAT_FIELDS),
           "records": (1, ("game", "seq", "record", "at")),
           "snapshots": (2, ("game", "seq", "format", "state", "at"))}
CHECK_SECONDS = 60            # at most this long for SQLite's check of every page when the server starts


def _reason(exc):
    """What a SQLite error means to a player, as words after "The server ..."."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    if name.startswith("SQLITE_FULL"):
        return "has a full disk"
    if name.startswith("SQLITE_READONLY"):
        return "cannot write to its games database (it is read-only)"
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return "finds its games database damaged"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return "finds its games database busy"
    return "cannot use its games database just now"


def _guarded(method):
    """A SQLite error in a store call is a StoreError: one line for the operator, words for the player."""
    @functools.wraps(method)
    def call(self, *args, **kw):
        try:
            return method(self, *args, **kw)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: {type(exc).__name__}: {_one_line(exc)}", _reason(exc)) from None
    return call


def written(method):
    """A write: counted in ``commits`` once committed; a failed one leaves the store ``failing``
    (the health check says so) until a write succeeds."""
    @functools.wraps(method)
    def call(self, *args, **kw):
        try:
            result = method(self, *args, **kw)
        except StoreError as exc:
            self.failing = (time.time(), exc.reason)
            raise
        self.failing = None
        self.commits += 1
        return result
    return call


def _one_line(exc):
    return " ".join(str(exc).split())[:200] or type(exc).__name__


def vouch(path, seconds):
    """Why the games database at ``path`` cannot be served as it is, or None; nothing is written
    to it. ``seconds``: at most this long for SQLite's check of every page (0: no such check)."""
    deadline = time.monotonic() + seconds if seconds else None
    size = os.path.getsize(path) + (os.path.getsize(path + "-wal") if os.path.exists(path + "-wal") else 0)
    too_slow = (f"the check of its {size / 1e6:.0f} MB did not finish in {seconds:g} s: give serve "
                f"--check-seconds with more time (0 skips the check)")
    problem = sqlite_check.wal_problem(path, deadline)
    if problem:
        return too_slow if problem == "too slow" else problem
    db = None
    try:
        db = sqlite_check.read_only(path)
        if deadline is not None:
            problem = sqlite_check.quick_check(db, deadline)
            if problem:
                return too_slow if problem == "too slow" else f"SQLite finds the file damaged ({problem})"
        return schema_problem(db)
    except sqlite3.DatabaseError as exc:
        return f"not a games database SQLite can read ({_one_line(exc)})"
    finally:
        if db is not None:
            db.close()


def schema_problem(db):
    """Why the database open on ``db`` is not a games database of this server's schema (or an
    older one), or None."""
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not tables:
        return None                                   # an empty file: a new database
    if "schema_version" not in tables:
        return f"not a games database of this game (its tables: {', '.join(sorted(tables)[:6])})"
    row = db.execute("SELECT version FROM schema_version").fetchone()
    version = row[0] if row else 0
    if type(version) is not int or version > SCHEMA:
        return (f"the games database has schema {version}, newer than this server's {SCHEMA}: "
                f"use a newer version of the game")
    for table, (since, columns) in COLUMNS.items():
        if since > version:
            continue
        have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
        missing = [c for c in columns if c not in have]
        if missing:
            return (f"not a games database of this game (table {table} "
                    f"{'is missing' if not have else 'lacks ' + ', '.join(missing)})")
    return None


class SQLiteStore(Store):
    """Games in one SQLite file (WAL: readers never wait for the writer; synchronous
    NORMAL: a killed server loses nothing committed, a power cut may lose the last moves).

    Before the file is opened for writing it is checked (server.sqlite_check): a write-ahead
    log that lacks committed moves, a page SQLite finds damaged, or another program's tables are
    refused with one line and the file is left as it is. Closed, the log is folded into the file."""
    kind = "sqlite"

    def __init__(self, path, check_seconds=CHECK_SECONDS):
        self.path = str(path)
        try:
            os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
            if os.path.exists(self.path):
                problem = vouch(self.path, check_seconds)
                if problem:
                    raise StoreError(f"{self.path}: {problem}; the file is left as it is "
                                     f"(docs/online.md: Backups and restoring)")
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=5)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self._upgrade()
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(f"{self.path}: cannot open the games database ({exc})") from None

    def _upgrade(self, target=SCHEMA):
        """Create or upgrade the schema to ``target`` in one transaction (a newer one was refused)."""
        with self._transaction():
            self.db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = self.db.execute("SELECT version FROM schema_version").fetchone()
            current = row[0] if row else 0
            for version in range(current + 1, target + 1):
                for statement in MIGRATIONS[version].split(";"):
                    self.db.execute(statement)
            if row is None:
                self.db.execute("INSERT INTO schema_version VALUES (?)", (max(current, target),))
            elif target > current:
                self.db.execute("UPDATE schema_version SET version = ?", (target,))

    @written
    @_guarded
    def create_game(self, game_id, settings, seats):
        with self._transaction():
            self.db.execute("INSERT INTO games VALUES (?, ?, ?)", (game_id, time.time(), json.dumps(settings)))
            self.db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(game_id, s["seat"], *(s.get(f) for f in SEAT_FIELDS)) for s in seats])

    @_guarded
    def game_ids(self):
        return [r[0] for r in self.db.execute("SELECT id FROM games ORDER BY created")]

    @_guarded
    def load(self, game_id, snapshot_format=None):
        row = self.db.execute("SELECT settings FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        seats = [dict(zip(("seat",) + SEAT_FIELDS, r)) for r in self.db.execute(
            f"SELECT seat, {', '.join(SEAT_FIELDS)} FROM seats WHERE game = ? ORDER BY seat", (game_id,))]
        snap = None if snapshot_format is None else self.db.execute(
            "SELECT seq, state FROM snapshots WHERE game = ? AND format = ? ORDER BY seq DESC LIMIT 1",
            (game_id, snapshot_format)).fetchone()
        after = 0 if snap is None else snap[0]
        records = [json.loads(r[0]) for r in self.db.execute(
            "SELECT record FROM records WHERE game = ? AND seq > ? ORDER BY seq", (game_id, after))]
        return {"settings": json.loads(row[0]), "seats": seats, "records": records,
                "snapshot": None if snap is None else {"seq": snap[0], "state": json.loads(snap[1])}}

    @written
    @_guarded
    def save_snapshot(self, game_id, seq, snapshot_format, state):
        with self._transaction():
            self.db.execute("INSERT OR IGNORE INTO snapshots VALUES (?, ?, ?, ?, ?)",
                            (game_id, seq, snapshot_format, json.dumps(state), time.time()))
            self.db.execute("DELETE FROM snapshots WHERE game = ? AND seq < ?", (game_id, seq))

    @written
    @_guarded
    def append(self, game_id, first_seq, records):
        now = time.time()
        try:
            with self._transaction():
                self.db.executemany("INSERT INTO records VALUES (?, ?, ?, ?)",
                                    [(game_id, first_seq + i, json.dumps(r), now) for i, r in enumerate(records)])
        except sqlite3.IntegrityError:
            raise Taken(f"{game_id}: record {first_seq} exists") from None

    @written
    @_guarded
    def update_seat(self, game_id, seat, **fields):
        sets = seat_columns(fields, "?")
        with self._transaction():
            self.db.execute(f"UPDATE seats SET {sets} WHERE game = ? AND seat = ?", (*fields.values(), game_id, seat))

    @written
    @_guarded
    def claim_seat(self, game_id, seat, invite_hash, name, token_hash):
        with self._transaction():
            return self.db.execute("UPDATE seats SET name = ?, token_hash = ?, invite_hash = NULL "
                                   "WHERE game = ? AND seat = ? AND invite_hash = ?",
                                   (name, token_hash, game_id, seat, invite_hash)).rowcount == 1

    @_guarded
    def probe(self):
        self.db.execute("SELECT 1 FROM games LIMIT 1").fetchall()

    @_guarded
    def find(self, column, digest):
        if column not in ("token_hash", "invite_hash"):
            raise ValueError(column)
        row = self.db.execute(f"SELECT game, seat FROM seats WHERE {column} = ?", (digest,)).fetchone()
        return None if row is None else (row[0], row[1])

    def _transaction(self):
        return _Transaction(self.db)

    def close(self):
        """Fold the write-ahead log into the file (a clean stop leaves one file), then close."""
        try:
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass                          # (a reader holds the log: SQLite folds it in later)
        self.db.close()


class _Transaction:
    def __init__(self, db):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, exc, tb):
        if kind is None:
            try:
                self.db.execute("COMMIT")
            except sqlite3.Error:
                self._rollback()
                raise
        else:
            self._rollback()
        return False

    def _rollback(self):
        try:
            self.db.execute("ROLLBACK")
        except sqlite3.Error:
            pass                          # SQLite rolled back by itself (a full disk, an I/O error)
