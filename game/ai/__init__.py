"""AI dragons: ``make_ai(level, seed).choose(game, seat)`` returns one of the
current decision's options. Levels, weakest first: random, easy, normal, hard,
expert. The levels that search (normal, hard, expert) keep a time budget per
decision, in seconds of wall time, each its own by default (``default_budget``);
another is given as ``make_ai("expert", seed, budget=0.5)`` or the level text
``"expert:0.5"``, and ``clock=`` replaces the wall clock (tests count work
with it). ``budget=math.inf`` lifts the deadline of normal and hard: their
work bounds alone decide, the same on any machine (the recorded games).
"""
from __future__ import annotations

from ..ai_levels import BUDGETED, LEVELS
from .expert import ExpertAI
from .hard import HardAI
from .players import AI, EasyAI, NormalAI, RandomAI

_CLASSES = {"random": RandomAI, "easy": EasyAI, "normal": NormalAI, "hard": HardAI, "expert": ExpertAI}
assert set(_CLASSES) == set(LEVELS), "game.ai_levels names the levels made here"


def about(level):
    """The level in a sentence, for a player choosing it."""
    return _CLASSES[level].about


def parse_level(text):
    """'hard' -> ('hard', None); 'expert:0.5' -> ('expert', 0.5). ValueError if unknown."""
    name, colon, budget = str(text).strip().partition(":")
    if name not in _CLASSES:
        raise ValueError(f"unknown AI level {name!r} (known: {', '.join(LEVELS)})")
    if not colon:
        return name, None
    if name not in BUDGETED:
        raise ValueError(f"only {', '.join(BUDGETED[:-1])} and {BUDGETED[-1]} take a time budget ({text!r})")
    try:
        seconds = float(budget)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds <= 3600:
        raise ValueError(f"the time budget in {text!r} must be a number of seconds above 0")
    return name, seconds


def make_ai(level, seed=0, budget=None, clock=None):
    name, parsed = parse_level(level)
    if name in BUDGETED:
        return _CLASSES[name](seed, budget if budget is not None else parsed, clock)
    if budget is not None or clock is not None:
        raise ValueError(f"the {name} level takes no time budget")
    return _CLASSES[name](seed)


__all__ = ["AI", "LEVELS", "make_ai", "parse_level"]
