"""Is a games database whole? Asked before the server opens it, and without writing to it.

Three checks, each a one-line problem (None: whole):

- ``wal_problem``: the moves a crashed server had committed are all still in its
  write-ahead log. SQLite itself, opening a log cut short (a copy or a disk
  that lost its end), keeps what it can read and says nothing: the last moves
  vanish. The log's index (the ``-shm`` file, left by a server that did not
  stop cleanly) still says how many frames were committed; the log must hold
  them all, each with its checksum (https://www.sqlite.org/fileformat2.html#walformat).
- ``quick_check``: SQLite's ``PRAGMA quick_check`` on a read-only connection,
  given at most ``seconds`` (a big file is said to be too big to check in time,
  never served unchecked).
- ``schema_problem``: the file is a games database of this server's (or an
  older) schema, not another program's.
"""
from __future__ import annotations

import os
import sqlite3
import struct
import sys
import time
import urllib.parse

WAL_MAGIC = (0x377F0682, 0x377F0683)         # checksums little-endian / big-endian
WAL_HEADER, FRAME_HEADER = 32, 24
SHM_VERSION = 3007000


def _checksum(data, s0, s1, big):
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def committed_frames(shm_path):
    """(frames committed, their salt, the last frame's checksum) as the log's index says, or
    None if there is no index, or none SQLite would trust (then there is nothing to compare)."""
    try:
        with open(shm_path, "rb") as fh:
            head = fh.read(96)
    except OSError:
        return None
    if len(head) < 96 or head[:48] != head[48:96]:
        return None
    order = "<" if sys.byteorder == "little" else ">"
    version, _, _, is_init, _, _, frames = struct.unpack_from(f"{order}IIIBBHI", head)
    if version != SHM_VERSION or is_init != 1:
        return None
    if _checksum(head[:40], 0, 0, order == ">") != struct.unpack_from(f"{order}2I", head, 40):
        return None
    return frames, head[32:40], struct.unpack_from(f"{order}2I", head, 24)


def wal_problem(path, deadline=None):
    """Why the log beside ``path`` lacks moves its index says were committed, or None."""
    index = committed_frames(path + "-shm")
    if index is None or index[0] == 0:
        return None
    frames, salt, last_checksum = index
    wal = path + "-wal"
    if not os.path.exists(wal):
        return f"{wal} is missing: the last {frames} frames committed are not in it"
    try:
        with open(wal, "rb") as fh:
            head = fh.read(WAL_HEADER)
            if len(head) < WAL_HEADER:
                return f"{wal} is cut short: the last {frames} frames committed are not in it"
            magic, _, page = struct.unpack_from(">3I", head)
            big = magic == WAL_MAGIC[1]
            if magic not in WAL_MAGIC or head[16:24] != salt or \
                    _checksum(head[:24], 0, 0, big) != struct.unpack_from(">2I", head, 24):
                return f"{wal} is not the log its index describes: the moves committed in it are lost"
            s = struct.unpack_from(">2I", head, 24)
            for n in range(1, frames + 1):
                frame = fh.read(FRAME_HEADER + page)
                if len(frame) < FRAME_HEADER + page:
                    return (f"{wal} is cut short: it holds {n - 1} of the {frames} frames committed "
                            f"(the last moves would be lost)")
                s = _checksum(frame[:8] + frame[FRAME_HEADER:], *s, big)
                if frame[8:16] != salt or s != struct.unpack_from(">2I", frame, 16):
                    return f"{wal} is damaged at frame {n} of the {frames} committed"
                if deadline is not None and n % 256 == 0 and time.monotonic() > deadline:
                    return "too slow"
            if s != last_checksum:
                return f"{wal} does not end where its index says the last commit is"
    except OSError as exc:
        return f"{wal}: cannot read it ({exc.strerror or exc})"
    return None


def read_only(path):
    """A connection that never writes. Without a log beside the file, it is opened as immutable,
    so that SQLite makes no -wal and -shm files either: the folder is left as it was."""
    logged = os.path.exists(path + "-wal") and os.path.getsize(path + "-wal") > 0
    uri = "file:" + urllib.parse.quote(os.path.abspath(path)) + ("?mode=ro" if logged else "?mode=ro&immutable=1")
    return sqlite3.connect(uri, uri=True, isolation_level=None)


def quick_check(db, deadline):
    """SQLite's own check of every page and index; "too slow" past ``deadline``."""
    db.set_progress_handler(lambda: 1 if time.monotonic() > deadline else 0, 1000)
    try:
        rows = db.execute("PRAGMA quick_check(5)").fetchall()
    except sqlite3.OperationalError as exc:
        if "interrupt" in str(exc):
            return "too slow"
        raise
    finally:
        db.set_progress_handler(None, 0)
    found = [line.strip() for r in rows if r[0] != "ok" for line in str(r[0]).splitlines()
             if line.strip() and not line.startswith("***")]
    return None if not found else "; ".join(found)[:160]
