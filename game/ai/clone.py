"""Fast copies of a running game for search.

``Game.to_dict`` round-trips through ``dataclasses.asdict`` and copies the whole
log, which is far too slow to do for every searched step. Every state field
declares its type (``state.declared``), and that says how to copy it: scalars
are shared, lists and dicts of scalars copied flat, the rest by their own
copier; the log is left behind because search never reads it. The Game
wrapper's derived tables (card keys, ability effects) are shared with the
original instead of being rebuilt.
"""
from __future__ import annotations

from ..engine import Game
from ..state import GameState, Holdings, PlayerState, RegionState, declarations

# How each declared field type (state.declared) is copied.
_SCALARS = ("seat", "dragon", "text", "count", "region?", "flag", "century", "region_name", "num_players", "variant",
            "seed", "rng", "ring_index", "century_number", "phase", "cursor")
_LISTS = ("abilities", "cards", "regions", "sites", "action_cards", "seats", "dragons", "century_fields")
_DICTS = ("resources", "stock", "markers", "lair_taken")


def _holdings(h):
    obj = object.__new__(Holdings)
    obj.__dict__ = {"res": h.res.copy(), "villages": h.villages.copy(), "cities": h.cities.copy()}
    return obj


def _copier(type_):
    if type_ in _SCALARS:
        return None
    if type_ in _LISTS:
        return list.copy
    if type_ in _DICTS:
        return dict.copy
    return {"holdings": _holdings,
            "gained": lambda d: {k: v[:] for k, v in d.items()},
            "players": lambda ps: [_copy(p, _PLAYER) for p in ps],
            "region_states": lambda rs: [_copy(r, _REGION) for r in rs],
            "rogues": lambda rs: [r[:] for r in rs],
            "stack": lambda fs: [f.copy() for f in fs],
            "log": lambda log: []}[type_]


def _plan(cls):
    """(class, [(field, copier)] for the fields that are not scalars)."""
    return cls, [(name, cp) for name, meta in declarations(cls) if (cp := _copier(meta["type"]))]


def _copy(x, plan):
    cls, copiers = plan
    d = x.__dict__.copy()
    for name, cp in copiers:
        d[name] = cp(d[name])
    obj = object.__new__(cls)
    obj.__dict__ = d
    return obj


_PLAYER, _REGION, _STATE = _plan(PlayerState), _plan(RegionState), _plan(GameState)


def copy_state(s):
    """A deep copy of a GameState without its log."""
    return _copy(s, _STATE)


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
