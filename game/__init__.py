"""Wrath of Dragons: the rules engine (pure Python, no pygame).

    from game import new_game
    g = new_game(num_players=4, seed=7, variant="standard")
    while not g.is_over:
        d = g.decision
        g.apply(d.options[0])
    g.final_scores()

The names below are imported when first asked for (PEP 562): importing one
small module of the package (game.plaintext, game.data) does not import the
engine, so the window's title is drawn before it (app.engine_imports
imports it on the main thread right after).
"""
import importlib

_WHERE = {"Action": "actions", "Decision": "actions", "IllegalAction": "actions", "DataError": "data",
          "GameData": "data", "default_data": "data", "load_data": "data", "Game": "engine",
          "new_game": "engine", "VARIANTS": "variants"}

__all__ = ["Action", "Decision", "IllegalAction", "DataError", "GameData", "Game", "VARIANTS",
           "default_data", "load_data", "new_game"]


def __getattr__(name):
    if name not in _WHERE:
        raise AttributeError(f"module 'game' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_WHERE))
