"""Pictures the window's first frame shows, kept between starts (game.start_cache):
the title's heading (its halo is 113 blits) and the seats' dragon tokens take
15-20 ms to draw and about 1 ms to read back.

    @cached()
    @kept                   # common.kept = keeper(finish, the fonts, ...)
    def dragon_token(colour, letter, size, rogue=False): ...

Until the first frame is drawn (``keep()``, called by the window before its
first flip), a kept picture drawn at an earlier start with the same arguments
is read back, pixel for pixel, and each one drawn is noted; ``keep()`` writes
the ones this start used, if they are not what the cache holds (a start that
drew them: 1-2 ms), and stops. The cache's key covers what the pictures depend on: the
drawing code (sprites/art/*.py), pygame's, SDL's and SDL_ttf's versions and
smoothscale's code path, and the fonts' bytes (the display face, pygame's
default font).
"""
from __future__ import annotations

import functools
import os
import sys

import pygame

GROUP = "pictures"
MAX_BYTES = 2 * 1024 * 1024         # (the heading at 1600 x 900 takes 300 KB, a token 10 KB)
_HERE = os.path.dirname(os.path.abspath(__file__))
MAX_FONT_BYTES = 16 * 1024 * 1024
_state = {"on": True, "raw": None, "read": None, "size": 0, "fonts": tuple, "fonts_whole": bool}
_used = {}                          # key -> (w, h, RGBA bytes): what this start drew or read back


def keeper(finish, fonts, fonts_whole):
    """The decorator (sprites.art.common.kept): ``finish`` makes a picture read back
    as fast to blit as a drawn one (common.finish); ``fonts()``: the font files the
    pictures are drawn with; ``fonts_whole()``: False if one of them was found
    damaged (then nothing is kept: every start draws, and says so, as before)."""
    _state["fonts"], _state["fonts_whole"] = fonts, fonts_whole

    def kept(draw):
        name = f"{draw.__module__}.{draw.__qualname__}"

        @functools.wraps(draw)
        def kept_draw(*args, **kw):
            if not _state["on"]:
                return draw(*args, **kw)
            key = repr((name, args, sorted(kw.items())))
            stored = _read().get(key)
            if isinstance(stored, tuple) and len(stored) == 3:
                w, h, rgba = stored
                try:
                    picture = pygame.image.frombytes(rgba, (w, h), "RGBA")
                except (ValueError, TypeError, pygame.error):       # (cannot be: its SHA-256 matched) drawn then
                    picture = None
                if picture is not None:
                    _note(key, stored)
                    return finish(picture)
            picture = draw(*args, **kw)
            _note(key, (picture.get_width(), picture.get_height(), pygame.image.tobytes(picture, "RGBA")))
            return picture
        return kept_draw
    return kept


def _note(key, stored):
    if key not in _used and _state["size"] + len(stored[2]) <= MAX_BYTES:
        _used[key] = stored
        _state["size"] += len(stored[2])


def keep():
    """The first frame is out: keep its pictures for the next start (if they are
    not what the cache holds) and draw every picture afresh from now on."""
    if not _state["on"]:
        return
    _state["on"] = False
    if _used and _used != _state["read"] and _state["fonts_whole"]():
        from game import start_cache
        start_cache.write(GROUP, _raw(), dict(_used))
    _used.clear()
    _state["read"] = None


def _read():
    if _state["read"] is None:
        from game import start_cache
        stored = start_cache.read(GROUP, _raw())
        _state["read"] = stored if isinstance(stored, dict) else {}
    return _state["read"]


def _raw():
    """What the pictures depend on, for the cache's key."""
    if _state["raw"] is None:
        from game.safe_files import FileProblem, read_bytes
        raw = {}
        try:
            for name in sorted(os.listdir(_HERE)):
                if name.endswith(".py"):
                    with open(os.path.join(_HERE, name), "rb") as fh:
                        raw[name] = fh.read()
        except OSError:
            raw = {}
        if not raw:                     # a bundle without sources: its program changes with every build
            raw["program"] = f"{sys.executable} {_mtime(sys.executable)}".encode()
        backend = pygame.transform.get_smoothscale_backend()
        ttf = pygame.font.get_sdl_ttf_version() if hasattr(pygame.font, "get_sdl_ttf_version") else None
        raw["versions"] = repr((pygame.version.ver, pygame.get_sdl_version(), ttf, backend)).encode()
        for i, path in enumerate(_state["fonts"]()):
            try:                        # (a damaged font's bytes are not a whole one's: drawn then, with another)
                raw[f"font {i}"] = read_bytes(path, MAX_FONT_BYTES)        # (regular files only: a pipe blocks)
            except FileProblem as exc:
                raw[f"font {i}"] = f"{exc}".encode()
        _state["raw"] = raw
    return _state["raw"]


def _mtime(path):
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return 0
