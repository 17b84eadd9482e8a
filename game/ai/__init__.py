"""AI dragons: ``make_ai(level, seed).choose(game, seat)`` returns one of the
current decision's options. Levels, weakest first: random, easy, normal, hard.
"""
from __future__ import annotations

from .players import AI, EasyAI, NormalAI, RandomAI
from .hard import HardAI

LEVELS = ("random", "easy", "normal", "hard")
_CLASSES = {"random": RandomAI, "easy": EasyAI, "normal": NormalAI, "hard": HardAI}


def make_ai(level, seed=0):
    try:
        cls = _CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})") from None
    return cls(seed)


__all__ = ["AI", "LEVELS", "make_ai"]
