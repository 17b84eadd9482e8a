"""One server per data folder: ``serve.lock`` in the folder, locked for the server's life.

Two servers writing one SQLite file would each hold games in memory that the
other changes under it (a game then sticks). The lock is the operating
system's (``flock``, or ``msvcrt.locking`` on Windows): it goes with the
process, so a killed server leaves no stale lock, only the file, which is
never removed (removing it would let a third server lock a new file while a
second still holds the old one). The holder writes its pid into it, for the
one line a second server says.
"""
from __future__ import annotations

import os

from server.store import StoreError

FILE = "serve.lock"
WINDOWS_BYTE = 1 << 20           # Windows locks a byte range: one far past the pid, which stays readable


class FolderBusy(StoreError):
    """Another process holds the folder; ``holder``: its pid as text ("" if unknown)."""

    def __init__(self, text, holder):
        super().__init__(text)
        self.holder = holder


class FolderLock:
    def __init__(self, folder):
        self.path = os.path.join(folder, FILE)
        try:
            os.makedirs(folder, exist_ok=True)
            self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise StoreError(f"{folder}: cannot use it as the data folder ({exc.strerror or exc})") from None
        if not _lock(self.fd):
            holder = self._holder()
            os.close(self.fd)
            raise FolderBusy(f"{folder}: another server uses this data folder{f' (pid {holder})' if holder else ''}; "
                             f"one server per folder: stop that one, or give this one another --data", holder)
        os.ftruncate(self.fd, 0)
        os.lseek(self.fd, 0, os.SEEK_SET)
        os.write(self.fd, f"{os.getpid()}\n".encode())

    def _holder(self):
        try:
            os.lseek(self.fd, 0, os.SEEK_SET)
            pid = os.read(self.fd, 32).decode("ascii", "replace").strip()
        except OSError:
            return ""
        return pid if pid.isdigit() else ""

    def release(self):
        if self.fd is not None:
            os.close(self.fd)                 # (closing the file releases the lock)
            self.fd = None


def _lock(fd):
    try:
        import fcntl
    except ImportError:                       # Windows
        import msvcrt
        os.lseek(fd, WINDOWS_BYTE, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True
