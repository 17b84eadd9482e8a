"""errors.log in the save folder: what went wrong, with its traceback, in a
small file a player can send (``wrath-of-dragons --where`` says where it is).

    errorlog.setup(save_dir)                    # when the window opens
    line = errorlog.unexpected("the window", exc)   # traceback to the file; the one line for the player

The file rotates (at most MAX_BYTES, then errors.log.1 and errors.log.2) and
is only created by the first error. Exceptions that end any other thread
unhandled are written there too.

Writing it never blocks and never fails loudly: only a regular file is
opened (a named pipe would block the writer, the autosave thread among them,
with the logging lock held; a link could point anywhere outside the save
folder), every line goes straight to the file without a buffer, and a file
that cannot be written (a full disk, /dev/full) is simply not written.
"""
from __future__ import annotations

import errno
import logging
import os
import stat
import sys
import threading

from game.plaintext import escape
from app.version import VERSION

FILE = "errors.log"
MAX_BYTES = 256 * 1024
BACKUPS = 2
LOGGER = logging.getLogger("wrath_of_dragons")
LOGGER.propagate = False                # never printed as well: the player sees one line
LOGGER.addHandler(logging.NullHandler())     # (nor by logging's last resort while no file is set up)
_state = {"path": None, "handler": None}


def setup(save_dir):
    """Write the game's errors to save_dir/errors.log from now on. Returns the
    file's path, or None if the folder cannot be written (errors then only show)."""
    close()
    path = os.path.join(save_dir, FILE)
    try:
        os.makedirs(save_dir, exist_ok=True)
    except OSError:
        return None
    handler = _Handler(path)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s [%(threadName)s] %(message)s"))
    LOGGER.addHandler(handler)
    LOGGER.setLevel(logging.INFO)
    _state.update(path=path, handler=handler)
    threading.excepthook = _thread_died
    return path


class _Handler(logging.Handler):
    """errors.log's handler: a RotatingFileHandler, made at the first record (logging.handlers
    and the pickle it imports cost the start ~3 ms before its first frame, and the file is only
    opened by the first error anyway). Records reach it under this handler's lock."""

    def __init__(self, path):
        super().__init__()
        self.path = path
        self.rotating = None

    def emit(self, record):
        try:
            if self.rotating is None:
                self.rotating = _rotating_handler(self)
        except Exception:
            self.handleError(record)
            return
        self.rotating.emit(record)          # (which hands its own failures to handleError)

    def close(self):
        """May raise OSError (a failed write reported by the file's close): errorlog.close() ignores it."""
        self.acquire()                      # never while a record is being written
        try:
            if self.rotating is not None:
                self.rotating.close()
        finally:
            self.release()
            super().close()

    def _open(self):
        return _LogFile.open(self.path)

    def handleError(self, record):
        """The file cannot be written (a read-only folder, a full disk, a folder named
        errors.log): the player still has the one line; logging would print its own
        traceback to stderr for every message instead."""
        if _state["handler"] is self:
            _state["path"] = None           # one-line messages stop pointing at the file


def _rotating_handler(owner):
    """The RotatingFileHandler that writes owner's records: its file opened by owner._open, its
    errors handled by owner.handleError, owner's formatter."""
    import logging.handlers

    class Rotating(logging.handlers.RotatingFileHandler):
        def _open(self):
            return owner._open()

        def handleError(self, record):
            owner.handleError(record)

    rotating = Rotating(owner.path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=True)
    rotating.setFormatter(owner.formatter)
    return rotating


class _LogFile:
    """errors.log as the handler's stream: each line written at once with
    os.write, so nothing is left in a buffer for closing to fail on."""

    def __init__(self, fd):
        self.fd = fd

    @classmethod
    def open(cls, path):
        """Append to path if it is a regular file (made if missing); OSError otherwise."""
        if os.path.islink(path):                # (O_NOFOLLOW says so too where it exists)
            raise OSError(errno.ELOOP, "is a link, not the log file", path)
        flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
                 | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0))
        fd = os.open(path, flags, 0o644)        # a pipe without a reader: ENXIO at once, never a wait
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise OSError(errno.EINVAL, "is not a regular file", path)
        return cls(fd)

    def write(self, text):
        data = text.encode("utf-8", "backslashreplace")
        while data:
            data = data[os.write(self.fd, data):]

    def flush(self):
        pass

    def seek(self, offset, whence=os.SEEK_SET):
        return os.lseek(self.fd, offset, whence)

    def tell(self):
        return os.lseek(self.fd, 0, os.SEEK_CUR)

    def close(self):
        if self.fd is not None:
            fd, self.fd = self.fd, None
            os.close(fd)


def close():
    """Stop writing to the file (the window has closed). Never raises."""
    handler = _state["handler"]
    if handler is not None:
        LOGGER.removeHandler(handler)
        try:
            handler.close()
        except OSError:                         # (a network file system may report a failed write here)
            pass
    _state.update(path=None, handler=None)
    threading.excepthook = threading.__excepthook__


def path():
    return _state["path"]


def see_log():
    """Words to add to a one-line message when the details are in the file."""
    return f" (details in {FILE})" if path() else ""


def unexpected(where, exc):
    """Write ``exc`` with its traceback; returns one printable line for the player."""
    import platform                         # (here: the start has no need of it before its first frame)
    LOGGER.error("Wrath of Dragons %s (Python %s, %s): unexpected error in %s", VERSION, platform.python_version(),
                 sys.platform, where, exc_info=(type(exc), exc, exc.__traceback__))
    what = escape(" ".join(f"{type(exc).__name__}: {exc}".split()))
    line = f"Unexpected error in {where}: {what[:200]}"
    return line + (f" (details in {escape(path())})" if path() else "")


def problem(where, text):
    """An expected failure (a save that cannot be written, ...): one line in the file."""
    LOGGER.warning("%s: %s", where, text)


def _thread_died(hook_args):
    if hook_args.exc_type is not SystemExit:
        thread = hook_args.thread.name if hook_args.thread is not None else "a thread"
        unexpected(f"the thread {thread}", hook_args.exc_value)
