"""A server's games copied out and put back.

    python main.py backup --data DIR FILE     # a consistent copy, made while the server serves
    python main.py restore --data DIR FILE    # the server stopped: FILE becomes its games

``backup`` uses SQLite's backup API, which copies the database as it is at one
moment (the server goes on writing meanwhile: in WAL mode a reader never stops
the writer). The copy is checked (``PRAGMA quick_check``) before it takes its
name, and a file that exists is never overwritten.

``restore`` takes the data folder's lock (server.folder_lock), so it
refuses while a server holds the folder; it checks the copy as the server
checks its own database (server.store.vouch), puts the games that were
there aside under a dated name with their log (nothing is deleted), and
copies the backup in. The next ``serve`` opens it. docs/online.md, "Backups
and restoring".
"""
from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import time

from game.plaintext import escape
from server import sqlite_check
from server.folder_lock import FolderBusy, FolderLock
from server.store import StoreError, vouch

DATABASE = "games.sqlite"
SIDE_FILES = ("", "-wal", "-shm")            # the database, its write-ahead log and the log's index
CHECK_SECONDS = 3600                         # a backup or a restore checks every page, however long it takes


def backup(data_dir, target):
    """Copy DIR/games.sqlite to ``target``: (games, records) copied; ValueError says why not."""
    source = os.path.join(data_dir, DATABASE)
    if not os.path.isfile(source):
        raise ValueError(f"{source}: no games database there (is --data the server's folder?)")
    if os.path.lexists(target):
        raise ValueError(f"{target} exists: give a new name (a backup never overwrites a file)")
    part = f"{target}.part"
    try:
        counts = _copy(source, part)
        os.replace(part, target)
    except sqlite3.Error as exc:
        _remove(part)
        raise ValueError(f"{source}: cannot copy it ({' '.join(str(exc).split())[:160]}); no backup made") from None
    except OSError as exc:
        _remove(part)
        raise ValueError(f"{target}: cannot write it ({exc.strerror or exc}); no backup made") from None
    except ValueError:
        _remove(part)
        raise
    return counts


def restore(data_dir, source, now=None):
    """Make the backup ``source`` the games of DIR: (games, records, where the games that were
    there went, or None); ValueError says why not, and then nothing in DIR has changed."""
    if not os.path.isfile(source):
        raise ValueError(f"{source}: no such file")
    problem = vouch(source, CHECK_SECONDS)
    if problem:
        raise ValueError(f"{source}: {problem}; nothing restored")
    try:
        lock = FolderLock(data_dir)
    except FolderBusy as exc:
        raise ValueError(f"{data_dir}: a server uses this folder{f' (pid {exc.holder})' if exc.holder else ''}: "
                         f"stop it, then restore") from None
    except StoreError as exc:
        raise ValueError(str(exc)) from None
    target = os.path.join(data_dir, DATABASE)
    part = f"{target}.part"
    try:
        counts = _copy(source, part)
        aside = _put_aside(target, now or time.time())
        os.replace(part, target)
    except (sqlite3.Error, OSError) as exc:
        _remove(part)
        raise ValueError(f"{source}: cannot copy it into {data_dir} ({_one_line(exc)}); nothing restored") from None
    except ValueError:
        _remove(part)
        raise
    finally:
        lock.release()
    return (*counts, aside)


def _put_aside(target, now):
    """Rename the database there, with its log and the log's index (which belong to it), to a
    dated name: the dated database's path, or None if there was nothing."""
    there = [side for side in SIDE_FILES if os.path.exists(target + side)]
    if not there:
        return None
    aside = os.path.join(os.path.dirname(target),
                         f"games.before-restore-{time.strftime('%Y%m%d-%H%M%S', time.localtime(now))}.sqlite")
    if any(os.path.lexists(aside + side) for side in SIDE_FILES):
        raise ValueError(f"{aside} exists: restore again in a second")
    for side in there:
        os.replace(target + side, aside + side)
    return aside


def _copy(source, part):
    """SQLite's backup of ``source`` into ``part`` (one file, checked): (games, records)."""
    src = sqlite_check.read_only(source)
    try:
        if src.execute("SELECT count(*) FROM sqlite_master WHERE name IN ('games', 'records')").fetchone()[0] < 2:
            raise ValueError(f"{source}: holds no games (it is not a copy of a server's games)")
        dst = sqlite3.connect(part, isolation_level=None)
        try:
            src.backup(dst)
            problem = sqlite_check.quick_check(dst, time.monotonic() + CHECK_SECONDS)
            if problem:
                raise ValueError(f"{source}: SQLite finds it damaged ({problem}); nothing copied")
            dst.execute("PRAGMA journal_mode=DELETE")          # one file, as a backup should be
            return tuple(dst.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("games", "records"))
        finally:
            dst.close()
    finally:
        src.close()


def _one_line(exc):
    return " ".join(str(getattr(exc, "strerror", None) or exc).split())[:160]


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def _games(n):
    return f"{n} game" if n == 1 else f"{n} games"


def _command(argv, prog, description, file_help, act):
    """A command of a data folder and a file: ``act(data_dir, file)`` gives the line said on
    success; a ValueError is one line on standard error and exit code 2."""
    ap = argparse.ArgumentParser(prog=prog, description=description)
    ap.add_argument("--data", metavar="DIR", help="the server's data folder (default: the user's server folder)")
    ap.add_argument("file", metavar="FILE", help=file_help)
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:
        return exc.code
    data_dir = args.data or os.path.join(os.path.expanduser("~"), ".wrath-of-dragons", "server")
    try:
        print(act(data_dir, args.file))
    except ValueError as exc:
        print(f"error: {escape(str(exc))}", file=sys.stderr)
        return 2
    return 0


def main(argv, prog="python main.py backup"):
    def act(data_dir, target):
        games, records = backup(data_dir, target)
        return f"Backed up {_games(games)} ({records} records) to {escape(target)}"
    return _command(argv, prog, "Copy the games of a server (running or not) to a file.",
                    "the copy to make (a new file)", act)


def restore_main(argv, prog="python main.py restore"):
    def act(data_dir, source):
        games, records, aside = restore(data_dir, source)
        kept = f"; the games that were there are kept in {escape(aside)}" if aside else ""
        return f"Restored {_games(games)} ({records} records) from {escape(source)} into {escape(data_dir)}{kept}"
    return _command(argv, prog, "Make a backup the games of a stopped server.", "a backup made by the backup command",
                    act)
