"""``python main.py backup --data DIR FILE``: a consistent copy of a server's games, made while it serves.

SQLite's backup API copies the database as it is at one moment (the server
goes on writing meanwhile: in WAL mode a reader never stops the writer). The
copy is checked (``PRAGMA quick_check``) before it takes its name, and a file
that exists is never overwritten. To restore one: stop the server, put the
copy in place of DIR/games.sqlite (docs/online.md, "Backups and restoring").
"""
from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import time

from ..plaintext import escape
from . import sqlite_check


def backup(data_dir, target):
    """Copy DIR/games.sqlite to ``target``: (games, records) copied; ValueError says why not."""
    source = os.path.join(data_dir, "games.sqlite")
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


def _copy(source, part):
    src = sqlite_check.read_only(source)
    try:
        dst = sqlite3.connect(part, isolation_level=None)
        try:
            src.backup(dst)
            problem = sqlite_check.quick_check(dst, time.monotonic() + 3600)
            if problem:
                raise ValueError(f"{source}: SQLite finds it damaged ({problem}); no backup made")
            dst.execute("PRAGMA journal_mode=DELETE")          # one file, as a backup should be
            return tuple(dst.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("games", "records"))
        finally:
            dst.close()
    finally:
        src.close()


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def main(argv, prog="python main.py backup"):
    ap = argparse.ArgumentParser(prog=prog, description="Copy the games of a server (running or not) to a file.")
    ap.add_argument("--data", metavar="DIR", help="the server's data folder (default: the user's server folder)")
    ap.add_argument("file", metavar="FILE", help="the copy to make (a new file)")
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:
        return exc.code
    data_dir = args.data or os.path.join(os.path.expanduser("~"), ".wrath-of-dragons", "server")
    try:
        games, records = backup(data_dir, args.file)
    except ValueError as exc:
        print(f"error: {escape(str(exc))}", file=sys.stderr)
        return 2
    print(f"Backed up {games} games ({records} records) to {escape(args.file)}")
    return 0
