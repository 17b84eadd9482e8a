"""A table where no person plays (every seat an AI dragon): nobody at the computer is one of
the dragons, so no row says "(you)" and no lair is "Your lair" (playtest: an all-AI game
labelled seat 1 "Ash (you) [AI easy]" and "Your lair")."""
from __future__ import annotations

from ui_helpers import DRAGONS, NAMES, DrawnText, make_app, redraw

from app.session import Seat, Session


def test_a_table_of_ai_dragons_calls_none_of_them_you(monkeypatch):
    session = Session.new([Seat(NAMES[i], DRAGONS[i], "easy") for i in range(3)], seed=4)
    app = make_app()
    table = app.start_game(session, handoff=False)
    table.ai.paused = True                  # (the first look, before the dragons move)
    drawn = DrawnText(monkeypatch)
    drawn.clear()
    redraw(app)
    text = drawn.joined()
    assert f"{NAMES[0]} - " in text                                     # a dragon's card is shown ...
    assert "(you)" not in text and "Your lair" not in text and "Your turn" not in text   # ... nobody's own
    assert f"{NAMES[0]}'s lair" in text


def test_a_person_at_the_table_is_still_you(monkeypatch):
    session = Session.new([Seat(NAMES[0], DRAGONS[0])] + [Seat(NAMES[i], DRAGONS[i], "easy") for i in (1, 2)],
                          seed=4)
    app = make_app()
    app.start_game(session, handoff=False)
    drawn = DrawnText(monkeypatch)
    drawn.clear()
    redraw(app)
    text = drawn.joined()
    assert f"{NAMES[0]} (you)" in text and "Your lair" in text
