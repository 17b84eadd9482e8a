"""The names of the engine's action kinds (the keys of game.flow.KINDS)
without importing the engine at every start: the tutorial's script is
checked against them before the window opens, and the engine is imported
after the title's first frame (app.engine_imports).

    names = action_kind_names()       # sorted; from the start cache, or from game.flow

They are kept in the start cache (game.start_cache) keyed by the bytes of the
modules that declare them (game.flow puts the phases' decisions together, each
decision's kinds are declared in game/phases/ with game.kinds and game.frames):
any change to those files and the names are asked of game.flow again. Where a
module's source cannot be read (a bundle), they are always asked of game.flow.
"""
from __future__ import annotations

import os

from . import start_cache

GROUP = "action-kinds"
_HERE = os.path.dirname(os.path.abspath(__file__))
_PHASES = os.path.join(_HERE, "phases")


def sources():
    """{file: its bytes} of the modules the names come from; None if one cannot be read."""
    try:
        files = ["flow.py", "frames.py", "kinds.py", "actions.py"] + sorted(
            "phases/" + name for name in os.listdir(_PHASES) if name.endswith(".py"))
        out = {}
        for name in files:
            with open(os.path.join(_HERE, name), "rb") as fh:
                out[name] = fh.read()
        return out
    except OSError:
        return None


def action_kind_names():
    """The action kinds' names, sorted (a tuple of str)."""
    raw = sources()
    kept = start_cache.read(GROUP, raw) if raw is not None else None
    if isinstance(kept, tuple) and kept and all(isinstance(name, str) for name in kept):
        return kept
    from .flow import KINDS
    names = tuple(sorted(KINDS))
    if raw is not None:
        start_cache.write(GROUP, raw, names)
    return names
