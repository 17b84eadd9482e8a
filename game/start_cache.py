"""What a start worked out from files, kept for the next start: the parse
of the rule data (game.data: 10-15 ms less before the first frame) and of
the tutorial's script, the display font's check (sprites.art.common), and
the parses of the settings and the saves' headers (load_yaml: with all of
them kept, the start imports PyYAML, 15-20 ms, only after the first frame).

    docs = start_cache.read("rules", raw)     # raw: {name: the file's bytes}; None: work it out
    start_cache.write("rules", raw, docs)     # after working it out; never fails (no cache then)
    doc = start_cache.load_yaml(text)         # safe_yaml.load(text), kept by the text's SHA-256
    start_cache.keep_parses()                 # the parses this run read or wrote, for the next start

The files stay the source of truth, and the caller checks what it reads back
as it checks what it works out (game.data validates the docs either way). A
cache is used only if its key matches - a SHA-256 of the files' names and
bytes, of the YAML parser's rules (game/safe_yaml.py, and this module)
and of Python (marshal's format) - and its own SHA-256 matches what it holds; anything
else (no file, damaged, cut short, stale, not a cache at all) is a miss, and
the next write replaces it. It lives in the user's cache folder; where that
cannot be written (a read-only home) there is simply no cache.
"""
from __future__ import annotations

import datetime
import hashlib
import marshal
import os
import sys
import tempfile
import threading

from .safe_files import FileProblem, read_bytes
from .user_folders import user_folder

MAGIC = b"wrath-of-dragons start cache 1\n"
MAX_BYTES = 4 * 1024 * 1024          # the rule data's parse takes 14 KB
# the parser's rules, and how this module keeps a parse (load_yaml)
_HERE = os.path.dirname(os.path.abspath(__file__))
_SOURCES = [os.path.join(_HERE, name) for name in ("safe_yaml.py", "start_cache.py")]


def cache_dir(platform=None, env=None):
    """The user's cache folder for this platform (not created here)."""
    return user_folder("cache", platform, env)


def path_of(group):
    return os.path.join(cache_dir(), f"{group}.cache")


def key(raw):
    """What the parse depends on: the files, the parser's rules, Python's marshal."""
    h = hashlib.sha256(MAGIC + sys.version.encode())
    try:
        for source in _SOURCES:
            with open(source, "rb") as fh:
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


# ----- small YAML texts read at every start: the settings, the saves' headers -----------
# Their parses, by the SHA-256 of the text, kept for the next start so that it need not
# import PyYAML before the window's first frame when those texts did not change. The
# writers of those files (the settings, every save) remember the parse of what they wrote.
_parses = None              # {digest: marshalled doc} read from the cache (None: not read yet)
_used = {}                  # the parses this run read or wrote: what keep_parses() keeps
_files = {}                 # file -> the digest of its text last read or written (an older one is not kept)
_lock = threading.Lock()    # (an autosave remembers its header from its own thread)


def load_yaml(text, file=None):
    """safe_yaml.load(text), or the same document kept for this very text (the
    same characters) at an earlier start or earlier in this run. Raises
    YamlProblem as safe_yaml.load does (a refused text is never kept).
    ``file``: where the text is from (its earlier texts are not kept)."""
    digest = _digest(text)
    with _lock:
        global _parses
        if _parses is None:
            kept = read("parses", {})
            _parses = kept if isinstance(kept, dict) else {}
        blob = _used.get(digest) or _parses.get(digest)
    if isinstance(blob, bytes):
        try:
            doc = _decoded(marshal.loads(blob))
        except Exception:               # (cannot be: the cache's SHA-256 matched; a miss then)
            doc = blob = None
        if blob is not None:
            _keep(digest, blob, file)
            return doc
    from . import safe_yaml
    doc = safe_yaml.load(text)
    remember_yaml(text, doc, file)
    return doc


def remember_yaml(text, doc, file=None):
    """``doc`` is what safe_yaml.load(text) returned: kept for the next start
    (by keep_parses) unless it holds what cannot be kept."""
    try:
        blob = marshal.dumps(_encoded(doc))
    except (ValueError, TypeError):
        return
    _keep(_digest(text), blob, file)


def _keep(digest, blob, file):
    with _lock:
        if file is not None:
            before = _files.get(file)
            _files[file] = digest
            if before is not None and before != digest and before not in _files.values():
                _used.pop(before, None)
        _used[digest] = blob


def keep_parses():
    """Write the parses this run read or wrote (and no others: the cache never
    grows beyond one start's files) if they are not what the cache holds."""
    with _lock:
        if not _used or _used == _parses:
            return
        entries = dict(_used)
    write("parses", {}, entries)
    with _lock:
        globals()["_parses"] = entries


def _digest(text):
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


# YAML gives plain data, dates and times too (a save's "saved"), which marshal cannot
# keep: a date or time is kept as a tuple (YAML never gives a tuple) of its ISO text.
def _encoded(value):
    if isinstance(value, dict):
        return {_encoded(k): _encoded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_encoded(v) for v in value]
    if isinstance(value, datetime.datetime):
        return ("datetime", value.isoformat())
    if isinstance(value, datetime.date):
        return ("date", value.isoformat())
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"{type(value).__name__} is not kept")     # (bytes of !!binary, a !!set: parsed again)


def _decoded(value):
    if isinstance(value, dict):
        return {_decoded(k): _decoded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_decoded(v) for v in value]
    if isinstance(value, tuple):
        kind, text = value
        return datetime.datetime.fromisoformat(text) if kind == "datetime" else datetime.date.fromisoformat(text)
    return value
