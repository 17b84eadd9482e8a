"""Fast copies of a running game for search.

``Game.to_dict`` round-trips through ``dataclasses.asdict`` and copies the whole
log, which is far too slow to do for every searched step. The state is plain
data (dataclasses of homogeneous lists, dicts and numbers), so a small
recursive copier is enough; the log is left behind because search never reads
it. The Game wrapper's derived tables (card keys, ability effects) are shared
with the original instead of being rebuilt.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass

from ..engine import Game
from ..state import GameState, Holdings, PlayerState, RegionState

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


# Hand-written copiers for the state's own classes (the hot path of search);
# an object with fields they do not know is copied by ``copy_data`` instead.
_PLAYER_LISTS = ("abilities", "hand", "aside", "played", "hex_out", "attacked_by_card", "attacked_any")
_PLAYER_OTHER = ("lair", "card", "spent", "gained_from")
_STATE_LISTS = ("century_fields", "deck", "discard", "track", "draft", "order", "rogue_dragons")
_STATE_OTHER = ("players", "regions", "stock", "markers", "lair_taken", "rogues", "stack", "log")


def _known(cls, names):
    scalars = {f.name for f in fields(cls) if f.type in ("int", "str", "bool", "str | None", "int | None")}
    return frozenset(names) | scalars


_PLAYER_KEYS = _known(PlayerState, _PLAYER_LISTS + _PLAYER_OTHER)
_STATE_KEYS = _known(GameState, _STATE_LISTS + _STATE_OTHER)
_REGION_KEYS = frozenset(("name", "sites", "res", "villages", "cities"))
_HOLDING_KEYS = frozenset(("res", "villages", "cities"))


def _holdings(h):
    if h.__dict__.keys() != _HOLDING_KEYS:
        return copy_data(h)
    obj = object.__new__(Holdings)
    obj.__dict__ = {"res": h.res.copy(), "villages": h.villages.copy(), "cities": h.cities.copy()}
    return obj


def _player(p):
    d = p.__dict__.copy()
    if d.keys() != _PLAYER_KEYS:
        return copy_data(p)
    for k in _PLAYER_LISTS:
        d[k] = d[k][:]
    d["lair"], d["card"] = _holdings(d["lair"]), _holdings(d["card"])
    d["spent"] = d["spent"].copy()
    d["gained_from"] = {k: v[:] for k, v in d["gained_from"].items()}
    obj = object.__new__(PlayerState)
    obj.__dict__ = d
    return obj


def _region(r):
    d = r.__dict__.copy()
    if d.keys() != _REGION_KEYS:
        return copy_data(r)
    d["sites"], d["res"] = d["sites"][:], d["res"].copy()
    obj = object.__new__(RegionState)
    obj.__dict__ = d
    return obj


def copy_state(s):
    """A deep copy of a GameState without its log."""
    d = s.__dict__.copy()
    if d.keys() != _STATE_KEYS:
        log, s.log = s.log, []
        try:
            return copy_data(s)
        finally:
            s.log = log
    for k in _STATE_LISTS:
        d[k] = d[k][:]
    d["players"] = [_player(p) for p in d["players"]]
    d["regions"] = [_region(r) for r in d["regions"]]
    d["stock"], d["markers"], d["lair_taken"] = d["stock"].copy(), d["markers"].copy(), d["lair_taken"].copy()
    d["rogues"] = [r[:] for r in d["rogues"]]
    d["stack"] = [copy_data(f) for f in d["stack"]]
    d["log"] = []
    obj = object.__new__(GameState)
    obj.__dict__ = d
    return obj


def clone_game(g, rng_state=None, keep_log=False):
    """An independent Game in the same position (log dropped unless asked)."""
    state = copy_state(g.state)
    if keep_log:
        state.log = list(g.state.log)         # events are never changed once recorded
    state.rng = g.rng.state if rng_state is None else rng_state
    if type(g) is not Game:
        return Game(state, g.data)
    c = object.__new__(Game)
    c.__dict__ = g.__dict__.copy()          # shared, read-only derived tables
    c.state = state
    c.rng = type(g.rng)(state.rng)
    c._decision = None
    c.__dict__.pop("_log_texts", None)
    c.regions = {r.name: r for r in state.regions}
    return c
