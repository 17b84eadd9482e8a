"""Wrath of Dragons: the rules engine (pure Python, no pygame).

    from game import new_game
    g = new_game(num_players=4, seed=7, variant="standard")
    while not g.is_over:
        d = g.decision
        g.apply(d.options[0])
    g.final_scores()
"""
from .actions import Action, Decision, IllegalAction
from .data import DataError, GameData, default_data, load_data
from .engine import Game, new_game
from .variants import VARIANTS

__all__ = ["Action", "Decision", "IllegalAction", "DataError", "GameData", "Game", "VARIANTS",
           "default_data", "load_data", "new_game"]
