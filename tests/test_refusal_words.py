"""A refusal says what must be done first, naming the player once (playtest:
"Not possible now: Ash must choose: Ash: discard 1 card (to play Wrath Attack).")."""
from __future__ import annotations

import random

from game import Action, new_game


def test_a_refusal_names_the_chooser_once():
    g = new_game(3, seed=2)
    rng = random.Random(2)
    checked = 0
    for _ in range(300):
        d = g.decision
        if d is None:
            break
        name = g.name(d.player)
        stray = Action("no_such_kind")
        words = g.why_illegal(stray)
        assert words.count(name) <= 1, words
        if words.startswith("Not possible now") and d.prompt.startswith(name):
            assert words == "Not possible now: first " + d.prompt[len(name):].lstrip(" :"), words
            checked += 1
        g.apply(rng.choice(d.options))
    assert checked
