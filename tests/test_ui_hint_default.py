"""Playtest: the hint (H) said "Play Breath Attack (Slavia): scorch field"; a click on that
card opened "Which one?" with "attack" as its default, so Enter did the opposite of the hint.
With a hint shown for the decision, the choice it suggests is the default of the list."""
from __future__ import annotations

import random

import pygame

import app.host as host_module
from tests.ui_helpers import click, human_seats, press, pump_until, table_at


def breath_attack_in_hand():
    """A position (seed 20, 87 random moves) where a card in hand offers two options
    (Breath Attack: attack or scorch field)."""
    from app.session import Session
    session = Session.new(human_seats(3), seed=20)
    rng = random.Random(20)
    for _ in range(87):
        session.apply(rng.choice(session.game.decision.options))
    return session


class Suggests:
    """The hint's AI, made to suggest one action: the normal AI's own choice here depends
    on its time budget (it says "attack" or "scorch field" on a busy machine)."""

    def __init__(self, action):
        self.action = action

    def choose(self, game, seat):
        return self.action


def test_which_one_defaults_to_the_option_the_hint_suggests(monkeypatch):
    app, table = table_at(breath_attack_in_hand())
    idx = table.groups["hand:5"]
    assert len(idx) == 2 and "scorch field" in table.options[idx[1]]["text"], \
        f"the position moved (a rule or the random moves changed): {table.groups}"
    click(app, "hand:5")
    assert table.dialog is not None and table.focus == f"option:{idx[0]}", "without a hint: the first choice"
    press(app, pygame.K_ESCAPE)
    assert table.dialog is None
    action = table.host.game.decision.options[idx[1]]
    monkeypatch.setattr(host_module, "make_ai", lambda level, seed: Suggests(action))
    press(app, pygame.K_h)
    assert pump_until(app, lambda: table.hinted is not None and table.hinted.get("said"), 10), "no hint came"
    assert "Play Breath Attack (Slavia): scorch field" in table.hinted["said"]
    click(app, "hand:5")
    assert table.dialog is not None and table.dialog.title == "Which one?"
    assert table.focus == f"option:{idx[1]}", "the hinted choice is the default"
    before = len(table.host.session.actions)
    press(app, pygame.K_RETURN)
    assert table.host.session.actions[before] == action, "Enter did what the hint said"


def test_all_choices_defaults_to_the_option_the_hint_suggests(monkeypatch):
    """Playtest: "'All choices' (A) ignores the hint, so Enter there does the opposite of the hint"."""
    app, table = table_at(breath_attack_in_hand())
    idx = table.groups["hand:5"]
    action = table.host.game.decision.options[idx[1]]
    press(app, pygame.K_a)
    assert table.dialog is not None and table.dialog.title == "All choices"
    first = table.focus
    press(app, pygame.K_ESCAPE)
    monkeypatch.setattr(host_module, "make_ai", lambda level, seed: Suggests(action))
    press(app, pygame.K_h)
    assert pump_until(app, lambda: table.hinted is not None and table.hinted.get("said"), 10), "no hint came"
    press(app, pygame.K_a)
    assert table.dialog is not None and table.dialog.title == "All choices"
    assert table.focus == f"option:{idx[1]}" != first, "the hinted choice is the default"
    before = len(table.host.session.actions)
    press(app, pygame.K_RETURN)
    assert table.host.session.actions[before] == action, "Enter did what the hint said"


def test_the_hint_tag_of_a_lair_action_sits_on_its_own_row(monkeypatch):
    """Playtest (1100x650, 150 % text): "the lair list's HINT tag sits on the Hunt row while Hoard is
    the one highlighted". The tag of a row is drawn on that row."""
    from app.session import Session
    from tests.ui_helpers import DrawnText, redraw
    session = Session.new(human_seats(3), seed=5)
    rng = random.Random(5)
    while session.game.decision.kind != "lair_action":
        session.apply(rng.choice(session.game.decision.options))
    app, table = table_at(session, size=(1100, 650), text_scale=150)
    action = table.host.game.decision.options[-1]
    monkeypatch.setattr(host_module, "make_ai", lambda level, seed: Suggests(action))
    press(app, pygame.K_h)
    assert pump_until(app, lambda: table.hinted is not None and table.hinted.get("said"), 10), "no hint came"
    (name,) = table.hinted["names"]
    row = table.element_rect(name)
    assert name.startswith("lair_action:") and row.w > 3 * row.h
    drawn = DrawnText(monkeypatch)
    redraw(app)
    tags = [rect for s, _, rect in drawn.items if s == "HINT"]
    assert len(tags) == 1 and row.top <= tags[0].centery <= row.bottom, (tags, row)


def test_a_hand_shown_a_page_at_a_time_turns_to_the_hinted_card(monkeypatch):
    """Playtest (1100x650, 150 % text): "the hinted card can sit inside a '+N' pile with nothing
    marking the pile". The hand turns to the card the hint suggests."""
    from tests.ui_helpers import reach

    def paged(g):
        d = g.decision
        if d.kind != "attack_turn":
            return False
        cards = [a.card for a in d.options if a.kind == "play_card"]
        return len(g.state.players[d.player].hand) >= 6 and len(set(cards)) >= 3
    session = reach(paged, players=2)
    app, table = table_at(session, size=(1100, 650), text_scale=150)
    offered = sorted(int(n[5:]) for n in table.groups if n.startswith("hand:") and n[5:].isdigit())
    hidden = [j for j in offered if table.element(f"hand:{j}") is None]
    assert table.handview.page(table.hand) is not None and hidden, "(a hand shown a page at a time)"
    name = f"hand:{hidden[-1]}"
    action = table.host.game.decision.options[table.groups[name][0]]
    monkeypatch.setattr(host_module, "make_ai", lambda level, seed: Suggests(action))
    press(app, pygame.K_h)
    assert pump_until(app, lambda: table.hinted is not None and table.hinted.get("said"), 10), "no hint came"
    assert name in table.hinted["names"]
    assert table.element(name) is not None, "the hinted card is on the page shown"


def test_a_question_is_drawn_over_the_hint_banner(monkeypatch):
    """Playtest (1100x650, 150 % text): "the hint banner covers the top of dialogs: the 'Which
    one?' title and the confirm dialogs' first lines are hidden under it". A question opened
    while the hint shows is drawn over the banner."""
    from tests.ui_helpers import DrawnText, redraw
    app, table = table_at(breath_attack_in_hand(), size=(1100, 650), text_scale=150)
    idx = table.groups["hand:5"]
    action = table.host.game.decision.options[idx[1]]
    monkeypatch.setattr(host_module, "make_ai", lambda level, seed: Suggests(action))
    press(app, pygame.K_h)
    assert pump_until(app, lambda: table.hinted is not None and table.hinted.get("said"), 10), "no hint came"
    click(app, "hand:5")
    assert table.dialog is not None and table.dialog.title == "Which one?"
    drawn = DrawnText(monkeypatch)
    redraw(app)
    titles = [i for i, (s, _, _) in enumerate(drawn.items) if s == "Which one?"]
    hints = [i for i, (s, _, rect) in enumerate(drawn.items) if s.startswith("Hint (")]
    assert titles and hints, (titles, hints)
    assert max(hints) < titles[0], "the hint's banner was drawn over the question"
