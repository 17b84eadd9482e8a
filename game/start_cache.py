"""What a start worked out from files, kept for the next start: the parse
of the rule data (game.data: 10-15 ms less before the first frame) and of
the tutorial's script, and the display font's check (sprites.art.common).

    docs = start_cache.read("rules", raw)     # raw: {name: the file's bytes}; None: work it out
    start_cache.write("rules", raw, docs)     # after working it out; never fails (no cache then)

The files stay the source of truth, and the caller checks what it reads back
as it checks what it works out (game.data validates the docs either way). A
cache is used only if its key matches - a SHA-256 of the files' names and
bytes, of the YAML parser's rules (game/safe_yaml.py) and of Python
(marshal's format) - and its own SHA-256 matches what it holds; anything
else (no file, damaged, cut short, stale, not a cache at all) is a miss, and
the next write replaces it. It lives in the user's cache folder; where that
cannot be written (a read-only home) there is simply no cache.
"""
from __future__ import annotations

import hashlib
import marshal
import os
import sys
import tempfile

from .safe_files import FileProblem, read_bytes
from .user_folders import user_folder

MAGIC = b"wrath-of-dragons start cache 1\n"
MAX_BYTES = 4 * 1024 * 1024          # the rule data's parse takes 14 KB
_PARSER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "safe_yaml.py")


def cache_dir(platform=None, env=None):
    """The user's cache folder for this platform (not created here)."""
    return user_folder("cache", platform, env)


def path_of(group):
    return os.path.join(cache_dir(), f"{group}.cache")


def key(raw):
    """What the parse depends on: the files, the parser's rules, Python's marshal."""
    h = hashlib.sha256(MAGIC + sys.version.encode())
    try:
        with open(_PARSER, "rb") as fh:
            h.update(fh.read())
    except OSError:                     # a bundle without sources: its program changes with every build
        h.update(f"{sys.executable} {_mtime(sys.executable)}".encode())
    for name, data in raw.items():
        h.update(f"\n{name} {len(data)}\n".encode())
        h.update(data)
    return h.hexdigest()


def _mtime(path):
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return 0


def read(group, raw):
    """What was written for ``raw`` (the same files, bytes for bytes), or None."""
    try:
        blob = read_bytes(path_of(group), MAX_BYTES)
    except FileProblem:
        return None
    body = blob[len(MAGIC) + 32:]
    if not blob.startswith(MAGIC) or len(blob) > MAX_BYTES or \
            hashlib.sha256(body).digest() != blob[len(MAGIC):len(MAGIC) + 32]:
        return None
    try:
        stored_key, value = marshal.loads(body)
    except Exception:                   # (its SHA-256 matched: a cache written by another Python's marshal)
        return None
    return value if stored_key == key(raw) else None


def write(group, raw, value):
    """Keep ``value`` (worked out from ``raw``) for the next start; silently nothing
    if it holds what marshal cannot keep or the folder cannot be written."""
    try:
        body = marshal.dumps((key(raw), value))
    except ValueError:
        return
    folder = cache_dir()
    tmp = None
    try:
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{group}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as fh:
            fh.write(MAGIC + hashlib.sha256(body).digest() + body)
        os.replace(tmp, path_of(group))
        tmp = None
    except OSError:
        pass
    finally:
        if tmp is not None:
            try:
                os.remove(tmp)
            except OSError:
                pass
