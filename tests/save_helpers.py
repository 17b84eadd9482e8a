"""Shared by the save, undo and replay tests: seeded random sessions."""
import random

from game.data import default_data
from app.session import Session


def new_session(n=4, seed=1, variant="standard", kind="random"):
    dragons = [d.name for d in default_data().dragons][:n]
    return Session.new([{"name": f"{d} Dragon", "dragon": d, "kind": kind} for d in dragons], seed, variant)


def play_random(session, seed, steps=None):
    """Apply seeded random options; returns the option indexes chosen."""
    rng = random.Random(seed)
    chosen = []
    while not session.game.is_over and (steps is None or len(chosen) < steps):
        options = session.game.decision.options
        k = rng.randrange(len(options))
        chosen.append(k)
        session.apply(options[k])
    return chosen
