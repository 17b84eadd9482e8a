"""Fast copies of a running game for search.

``Game.to_dict`` round-trips through ``dataclasses.asdict`` and copies the whole
log, which is far too slow to do for every searched step. The state is plain
data (dataclasses of homogeneous lists, dicts and numbers), so a small
recursive copier is enough; the log is left behind because search never reads
it. The Game wrapper's derived tables (card keys, ability effects) are shared
with the original instead of being rebuilt.
"""
from __future__ import annotations

from dataclasses import is_dataclass

from ..engine import Game

_SCALARS = frozenset((int, str, bool, float, type(None)))


def copy_data(x):
    """A deep copy of plain data: dataclasses, lists, dicts, scalars."""
    t = type(x)
    if t is list:
        # State lists are homogeneous: a list of scalars is copied by a slice.
        if not x or type(x[0]) in _SCALARS:
            return x[:]
        return [copy_data(v) for v in x]
    if t is dict:
        d = x.copy()
        for k, v in d.items():
            if type(v) not in _SCALARS:
                d[k] = copy_data(v)
        return d
    if is_dataclass(x):
        obj = object.__new__(t)
        d = x.__dict__.copy()
        for k, v in d.items():
            if type(v) not in _SCALARS:
                d[k] = copy_data(v)
        obj.__dict__ = d
        return obj
    return x          # tuples of scalars


def clone_game(g, rng_state=None, keep_log=False):
    """An independent Game in the same position (log dropped unless asked)."""
    s = g.state
    log = s.log
    s.log = []
    try:
        state = copy_data(s)
    finally:
        s.log = log
    if keep_log:
        state.log = [list(e) for e in log]
    state.rng = g.rng.state if rng_state is None else rng_state
    if type(g) is not Game:
        return Game(state, g.data)
    c = object.__new__(Game)
    c.__dict__ = g.__dict__.copy()          # shared, read-only derived tables
    c.state = state
    c.rng = type(g.rng)(state.rng)
    c._decision = None
    c.regions = {r.name: r for r in state.regions}
    return c
