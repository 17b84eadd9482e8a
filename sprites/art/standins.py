"""Stand-ins for the first frame at a new window size.

At a new size the table's pieces and cards (buildings, dragons, icons, the
Action Hex, the hand's faces: about 80 small supersampled pictures) would all
be drawn before the first frame shows: 20-25 ms of it. In that one frame, a
picture not yet drawn at the new size is the same picture drawn at another
size, scaled (a few microseconds); the real ones are drawn in the window's
idle moments (sprites.idle) and the table painted again with them.

    @standins.cached(sizes=("size",))      # the parameters that grow with the window
    def building(kind, colour, size): ...

    with standins.hurry():                 # the first frame at a new size
        ...draw...
    idle.later("standins", standins.owed())
    standins.pending()                     # some stand-in is still on screen

Outside ``hurry`` a cached function draws as ``functools.lru_cache`` does.
"""
from __future__ import annotations

import functools
import inspect
from contextlib import contextmanager

import pygame

_state = {"hurry": False}
_owed = {}              # (the cached function, args, keywords) -> None: stood in for, not drawn yet


def cached(maxsize=512, sizes=()):
    """``functools.lru_cache`` that, in a ``hurry``, scales the picture drawn for the
    same other arguments at other ``sizes`` instead of drawing it. ``sizes``: the
    parameter names; the first gives the scale, the second (if any) the height's."""
    def wrap(draw):
        params = inspect.signature(draw).parameters
        names = list(params)
        defaults = {n: p.default for n, p in params.items() if p.default is not p.empty}
        at = [names.index(n) for n in sizes]
        drawn = {}      # the other arguments -> {sizes: (args, keywords)} drawn with them
        known = set()   # the calls drawn, as made: (args, keywords)

        def split(args, kw):
            """(the other arguments, the sizes) of a call, its defaults filled in."""
            values = dict(defaults, **dict(zip(names, args)), **kw)
            whole = [values[n] for n in names]
            return (tuple(v for k, v in enumerate(whole) if k not in at), tuple(whole[k] for k in at))

        @functools.lru_cache(maxsize=maxsize)
        def drawing(*args, **kw):           # (called only when the cache misses)
            rest, size = split(args, kw)
            if len(known) > 4 * maxsize:    # (pictures the cache let go of: the hex's every angle)
                drawn.clear()
                known.clear()
            drawn.setdefault(rest, {})[size] = (args, kw)
            known.add((args, tuple(kw.items())))
            return draw(*args, **kw)

        @functools.wraps(draw)
        def call(*args, **kw):
            if _state["hurry"] and (args, tuple(kw.items())) not in known:
                rest, size = split(args, kw)
                others = drawn.get(rest, {})
                if others and size not in others:
                    return _stand_in(call, args, kw, size, others)
            return drawing(*args, **kw)

        def cache_clear():
            drawing.cache_clear()
            drawn.clear()
            known.clear()
        call.cache_clear = cache_clear
        call.cache_info = drawing.cache_info
        return call
    return wrap


def _stand_in(call, args, kw, size, others):
    """The picture drawn at the nearest other size, scaled to this one; the real one is owed."""
    near, (old_args, old_kw) = min(others.items(), key=lambda item: abs(item[0][0] - size[0]))
    picture = call(*old_args, **old_kw)
    across = size[0] / max(1e-9, near[0])
    down = size[1] / max(1e-9, near[1]) if len(size) > 1 else across      # (a card: its width and height)
    w, h = picture.get_size()
    _owed[(call, args, tuple(kw.items()))] = None
    scale = min(across, down)           # (not stretched: its words and icons keep their shape)
    scaled = pygame.transform.smoothscale(picture, (max(1, round(w * scale)), max(1, round(h * scale))))
    if across == down:
        return scaled
    out = pygame.Surface((max(1, round(w * across)), max(1, round(h * down))), pygame.SRCALPHA)
    out.blit(scaled, scaled.get_rect(center=out.get_rect().center))
    return out


@contextmanager
def hurry():
    """Draw with stand-ins (the stand-ins of an earlier hurry are forgotten: their
    size is gone, and so are the idle jobs that would have drawn them)."""
    _owed.clear()
    _state["hurry"] = True
    try:
        yield
    finally:
        _state["hurry"] = False


def owed():
    """Jobs for the window's idle moments, one per picture a stand-in stood in for."""
    return [functools.partial(_draw_owed, key) for key in _owed]


def _draw_owed(key):
    call, args, kw = key
    if key in _owed:
        call(*args, **dict(kw))
        _owed.pop(key, None)


def pending():
    """Some stand-in shown has not been drawn for real yet."""
    return bool(_owed)
