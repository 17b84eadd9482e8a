"""The prompt bar gives the prompt the room the buttons leave (playtest at 1100x650 with 150 %
text: during an attack the prompt was cut to "Ash in Gothia: assi..." beside Stop Attack, while
a place for End Turn, which is never offered then, stood empty between the buttons)."""
from __future__ import annotations

import random

from ui_helpers import DrawnText, reach, redraw, table_at

from game import new_game


def test_end_turn_and_stop_attack_are_never_offered_together():
    """What the bar counts on (rulebook, Attacking Settlements: the Attack icons are assigned
    before the dragon does anything else; the engine offers Stop Attack only while icons wait,
    End Turn only while none does)."""
    for seed in range(4):
        g = new_game(3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            kinds = {a.kind for a in g.decision.options}
            assert not {"end_turn", "stop_attack"} <= kinds, (seed, g.decision.kind)
            g.apply(rng.choice(g.decision.options))


def test_the_prompt_of_an_attack_is_shown_whole_at_1100x650_with_large_text(monkeypatch):
    session = reach(lambda g: g.decision.kind == "attack_assign", players=2)
    app, table = table_at(session, size=(1100, 650), text_scale=150)
    drawn = DrawnText(monkeypatch)
    redraw(app)
    prompt = session.game.decision.prompt
    bar = table.lay.prompt
    lines = [s for s, _, rect in drawn.items if bar.contains(rect) and len(s) > 12 and s.rstrip(".") in prompt]
    assert lines and " ".join(lines) == prompt, lines
    stop = table.element_rect("button:stop_attack")
    assert stop is not None and all(rect.right <= stop.x for s, _, rect in drawn.items if s in lines)
