"""Reading a file that may be anything: regular files only, bounded size.

    read_bytes(path, limit) -> bytes      # raises FileProblem

Apart from game.safe_yaml (which re-exports both names) so that what reads
bytes and parses no YAML (game.start_cache, the display font's check, the
window's icon) need not import PyYAML.
"""
from __future__ import annotations

import os
import stat


class FileProblem(Exception):
    """Why a file could not be read, in words (e.g. 'no such file')."""


def read_bytes(path, limit):
    """At most limit + 1 bytes of a regular file (the caller sees whether it is
    longer). Pipes, devices and sockets are refused before anything is read:
    reading one can block forever or never end."""
    nonblock = getattr(os, "O_NONBLOCK", 0)      # opening a pipe for reading blocks until a writer comes
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0) | nonblock)
    except FileNotFoundError:
        raise FileProblem("no such file") from None
    except IsADirectoryError:
        raise FileProblem("is a folder, not a file") from None
    except (OSError, ValueError) as exc:         # ValueError: a NUL in the path
        raise FileProblem(f"cannot be read: {_os_words(exc)}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise FileProblem("is a folder, not a file")
        if not stat.S_ISREG(mode):
            raise FileProblem("is not a regular file (a pipe, device or socket)")
        with os.fdopen(fd, "rb") as fh:
            fd = None
            return fh.read(limit + 1)
    except OSError as exc:
        raise FileProblem(f"cannot be read: {_os_words(exc)}") from None
    finally:
        if fd is not None:
            os.close(fd)


def _os_words(exc):
    return getattr(exc, "strerror", None) or " ".join(str(exc).split())
