"""The game server: ``python main.py serve --host 127.0.0.1 --port 8765 --data DIR``.

It holds every game and speaks JSON over WebSocket (the ``websockets``
library, asyncio), in layers, each calling only the one below:

    server.transport   connections: limits, frames in and out, errors said     (Transport)
    server.messages    one handler per message type, in two tables             (FIRST, LATER)
    server.games       the games in memory and their store: load, commit, AI   (Games)
    server.room        one game: its session, seats, what each connection was sent
    server.store       SQLite (server.pgstore: PostgreSQL, shared by several processes)

It is the authority: a client's message is checked (the frame, the seat's
token, that the seat may act now, that the option is one the engine offers,
that the version the client saw is current) before it reaches a game, and
every accepted change is committed to the store before anyone is told. Each
connection is sent only what its seats may see.

It never answers "ok" for what it did not do: a message sent again (a lost
answer, a reconnection, a restarted server) is recognised by its window's
session and id, stored with the move it made (server.room); a window of
another session never shares its ids. It never opens data it cannot vouch
for: one server per data folder (server.folder_lock), a games database
checked before it is opened (server.store), every game's rules
fingerprint (game.fingerprint) the server's own.

Limits against hostile clients (server.transport): frames over 64 KiB are
refused, compression is off, the handshake and the first message have short
timeouts, each connection has a token bucket of messages, each address a cap
on connections (behind a reverse proxy: the address it says, if it is
trusted: server.addresses).

This module assembles the layers (``run``) and is the ``serve`` command (``main``).
"""
from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from dataclasses import dataclass

from websockets.asyncio.server import serve as ws_serve

from app.version import VERSION as RELEASE
from game.fingerprint import rules_fingerprint, short
from game.plaintext import escape
from server import addresses, announce, collector, game_snapshot, transport
from server.folder_lock import FolderLock
from server.games import Games
from server.health import Health
from server.shared import LEASE_SECONDS
from server.store import CHECK_SECONDS, SQLiteStore, StoreError
from wire import protocol, tls

log = logging.getLogger("wrath.server")


@dataclass
class Running:
    """A server that serves: its games (rooms and store) and its transport (connections)."""
    games: Games
    transport: transport.Transport


def open_store(data_dir, db=None, check_seconds=CHECK_SECONDS):
    """(store, folder lock or None): PostgreSQL when ``db`` is a postgresql:// address (several
    processes share it), else SQLite in ``data_dir``, which this process then holds alone."""
    if db:
        from server.pgstore import PostgresStore
        return PostgresStore(db), None
    lock = FolderLock(data_dir)
    try:
        return SQLiteStore(os.path.join(data_dir, "games.sqlite"), check_seconds), lock
    except BaseException:
        lock.release()
        raise


async def run(host, port, data_dir, ready=None, stop=None, db=None, check_seconds=CHECK_SECONDS, tls=None,
              paced_collection=False, **limits):
    """Serve until ``stop`` (an asyncio.Event) is set, or, without one, until SIGTERM or SIGINT;
    then every game is stored and the database closed cleanly. ``db``: a PostgreSQL address (else
    SQLite in ``data_dir``); ``tls``: an ssl.SSLContext (wss://; wire.tls);
    ``paced_collection``: collect garbage by the clock (server.collector: ``serve`` does); ``limits``:
    the Transport's per_address, rate, trusted_proxies and the Games' idle_room_seconds,
    lease_seconds, snapshot_every. ``ready(running, port)`` is called once it listens."""
    store, lock = open_store(data_dir, db, check_seconds)
    try:
        await _serve_store(store, host, port, ready, stop, limits, tls, paced_collection)
    finally:
        store.close()
        if lock is not None:
            lock.release()


async def _serve_store(store, host, port, ready, stop, limits, tls=None, paced_collection=False):
    games = Games(store, **{k: limits.pop(k) for k in ("idle_room_seconds", "lease_seconds", "snapshot_every")
                            if k in limits})
    running = Running(games, transport.Transport(games, **limits))
    loop = games.loop = asyncio.get_running_loop()
    if stop is None:
        stop = asyncio.Event()
        for sig in (signal.SIGTERM, signal.SIGINT):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):          # Windows: Ctrl+C still stops it
                pass
    tasks = [asyncio.ensure_future(games.sweep())]
    if paced_collection:
        tasks.append(asyncio.ensure_future(collector.paced()))
    if store.leases:
        tasks += [asyncio.ensure_future(games.keep_leases()), asyncio.ensure_future(games.keep_presence())]
    store.listen(games.heard)
    try:
        async with ws_serve(running.transport.handler, host, port, max_size=protocol.MAX_FRAME, compression=None,
                            open_timeout=transport.FIRST_MESSAGE_SECONDS, close_timeout=transport.CLOSE_SECONDS,
                            ping_interval=20,
                            ping_timeout=20, max_queue=16, server_header=None, ssl=tls,
                            process_request=Health(running).process_request) as listening:
            if ready is not None:
                ready(running, listening.sockets[0].getsockname()[1])
            await stop.wait()
    finally:
        for task in tasks:
            task.cancel()
        await games.close()


def parse_serve(argv, prog):
    import argparse
    ap = argparse.ArgumentParser(prog=prog,
                                 description="Hold online games of Wrath of Dragons for players on other computers.")
    ap.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: the network)")
    ap.add_argument("--port", type=int, default=8765, help="port (default 8765; 0: any free port)")
    ap.add_argument("--data", metavar="DIR", help="folder for the games database (default: the user's data folder)")
    ap.add_argument("--db", metavar="postgresql://...",
                    help="keep the games in this PostgreSQL database instead, shared by every server process "
                         "given the same address (default: SQLite in --data, one process)")
    ap.add_argument("--lease", type=float, default=LEASE_SECONDS, metavar="SECONDS",
                    help=f"with --db: how long a process holds a game's AI seats and turn limit before another "
                         f"may take them over, should it die (default {LEASE_SECONDS:g})")
    ap.add_argument("--snapshot-every", type=int, default=game_snapshot.SNAPSHOT_EVERY, metavar="N",
                    help=f"store a snapshot of a game every N records, so that it loads without replaying them "
                         f"all (default {game_snapshot.SNAPSHOT_EVERY}; 0: never)")
    ap.add_argument("--per-address", type=int, default=transport.PER_ADDRESS, metavar="N",
                    help=f"connections one address may hold at once (default {transport.PER_ADDRESS})")
    ap.add_argument("--rate", type=float, default=transport.RATE, metavar="N",
                    help=f"messages per second one connection may send on average (default {transport.RATE:g})")
    ap.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDR",
                    help="a reverse proxy's address or network (repeatable): only from these is the "
                         "X-Forwarded-For or Forwarded header believed for the client's address (default: none)")
    ap.add_argument("--check-seconds", type=float, default=CHECK_SECONDS, metavar="S",
                    help=f"at start, at most this long for SQLite's check of every page of the games database "
                         f"(default {CHECK_SECONDS}; 0: skip it)")
    ap.add_argument("--tls-cert", metavar="FILE",
                    help="serve wss:// (TLS) with this certificate chain (PEM, e.g. Let's Encrypt's fullchain.pem)")
    ap.add_argument("--tls-key", metavar="FILE", help="the certificate's private key (PEM, e.g. privkey.pem)")
    return ap.parse_args(argv)


def host_problem(host):
    """Why ``--host`` cannot be an address to listen on, or None."""
    if not host or len(host) > 253 or not host.isprintable() or any(c.isspace() for c in host):
        return "--host is an address or a name of at most 253 characters, e.g. 127.0.0.1 or 0.0.0.0"
    return None


class OneLineLog(logging.Formatter):
    """Each log record on one line, with the time; an exception as its type, words and place
    (never a traceback over many lines)."""

    def __init__(self):
        super().__init__("%(asctime)s %(message)s", "%Y-%m-%d %H:%M:%S")

    def format(self, record):
        text = escape(record.getMessage())
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            tb = exc.__traceback__
            while tb is not None and tb.tb_next is not None:
                tb = tb.tb_next
            where = f" at {os.path.basename(tb.tb_frame.f_code.co_filename)}:{tb.tb_lineno}" if tb else ""
            text += f" ({type(exc).__name__}: {escape(str(exc))[:200]}{where})"
        record.message = text
        return f"{self.formatTime(record, self.datefmt)} {text}"


def start_log():
    """The server's log: one line per start, stop, game created or finished (standard output) and
    error (standard error). No line holds a token, an invite code, a seed or a hand."""
    log.setLevel(logging.INFO)
    log.propagate = False
    for handler in list(log.handlers):
        log.removeHandler(handler)
    out, err = logging.StreamHandler(sys.stdout), logging.StreamHandler(sys.stderr)
    out.addFilter(lambda record: record.levelno < logging.WARNING)
    err.setLevel(logging.WARNING)
    for handler in (out, err):
        handler.setFormatter(OneLineLog())
        log.addHandler(handler)
    logging.basicConfig(level=logging.WARNING, handlers=[err])      # the libraries' warnings and errors too


def postgres_missing():
    """One line saying how to install PostgreSQL's driver if it cannot be imported, else None."""
    try:
        import psycopg  # noqa: F401
    except ImportError as exc:
        return (f"--db needs PostgreSQL's driver psycopg ({escape(str(exc))[:80]}): pip install "
                f"'wrath-of-dragons[postgresql]', or in a clone pip install -r requirements-server.txt")
    return None


def main(argv, prog="python main.py serve"):
    """``serve``: one line when it listens (the real port) and what to give friends, one line
    and exit 2 if it cannot; SIGTERM or Ctrl+C stop it cleanly (every game stored, the database
    closed)."""
    try:
        args = parse_serve(argv, prog)
    except SystemExit as exc:
        return exc.code
    if (not 0 <= args.port <= 65535 or args.per_address < 1 or not args.rate > 0 or not args.lease >= 1
            or args.snapshot_every < 0 or not args.check_seconds >= 0):
        print("error: --port is 0 to 65535, --per-address at least 1, --rate above 0, --lease at least 1, "
              "--snapshot-every and --check-seconds 0 or more", file=sys.stderr)
        return 2
    if args.db is not None and not args.db.startswith(("postgresql://", "postgres://")):
        print("error: --db is a PostgreSQL address, postgresql://user@host:port/database", file=sys.stderr)
        return 2
    if args.db and postgres_missing():
        print(f"error: {postgres_missing()}", file=sys.stderr)
        return 2
    try:
        addresses.trusted_networks(args.trusted_proxy)
    except ValueError as exc:
        print(f"error: {escape(str(exc))}", file=sys.stderr)
        return 2
    if host_problem(args.host):
        print(f"error: {host_problem(args.host)}", file=sys.stderr)
        return 2
    context = facts = None
    if args.tls_cert or args.tls_key:
        try:
            context = tls.server_context(args.tls_cert, args.tls_key)
            facts = tls.certificate_facts(args.tls_cert)
        except tls.TlsProblem as exc:
            print(f"error: {escape(str(exc))}", file=sys.stderr)
            return 2
    start_log()
    data_dir = args.data or os.path.join(os.path.expanduser("~"), ".wrath-of-dragons", "server")
    if args.db:
        from server.pgstore import shown
        where = shown(args.db)
    else:
        where = escape(data_dir)

    def ready(server, port):
        log.info("Serving Wrath of Dragons on %s (games in %s; version %s, rules %s)",
                 announce.url("wss" if context else "ws", escape(args.host), port), where, RELEASE,
                 short(rules_fingerprint()))
        print("\n".join(announce.host_lines(args.host, port, facts, bool(args.trusted_proxy))), flush=True)
    try:
        asyncio.run(run(args.host, args.port, data_dir, ready, db=args.db, check_seconds=args.check_seconds,
                        tls=context, paced_collection=True, per_address=args.per_address, rate=args.rate, lease_seconds=args.lease,
                        snapshot_every=args.snapshot_every, trusted_proxies=args.trusted_proxy))
    except StoreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (OSError, UnicodeError, ValueError) as exc:
        print(f"error: cannot serve on {escape(args.host)}:{args.port} "
              f"({escape(str(getattr(exc, 'strerror', None) or exc))[:120]})", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    log.info("Stopped; every game is stored in %s", where)
    return 0
