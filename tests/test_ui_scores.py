"""The final scores (issue 8, point 18): VP with their unit, the counts they
were scored from beside them, clear headings; after the game the board shows
every lair."""
from __future__ import annotations

import random

from ui_helpers import DrawnText, click, make_app, redraw

from game.app.session import Seat, Session
from sprites.scenes.scores import ScoresScene
from sprites.scenes.table import TableScene


def finished(n=4, seed=3):
    names, dragons = ["Ash", "Bryn", "Cora", "Dain"], ["Black", "Blue", "Green", "Orange"]
    s = Session.new([Seat(names[i], dragons[i]) for i in range(n)], seed=seed)
    rng = random.Random(seed)
    while not s.game.is_over:
        s.apply(rng.choice(s.game.decision.options))
    return s


def test_scores_show_units_counts_and_clear_headings(monkeypatch):
    drawn = DrawnText(monkeypatch)
    session = finished()
    app = make_app()
    app.start_game(session, handoff=False)
    assert isinstance(app.scene, ScoresScene)
    drawn.clear()
    redraw(app)
    shown = drawn.strings()
    text = "\n".join(shown)
    g = session.game
    rv = g.data.scoring["region_value"]
    for e in g.final_scores():
        assert f"{e['total']} VP" in shown
        lair = g.state.players[e["seat"]].lair                 # what the scores were counted from
        gold = f"{lair.res['gold']} gold"
        assert gold in shown, f"{e['name']}'s {gold} not shown beside the gold VP"
        gallia = lair.villages.get("Gallia", 0) * rv["village"] + lair.cities.get("Gallia", 0) * rv["city"]
        assert f"{lair.res['livestock']} livestock" in shown and f"RV {gallia}" in shown
    assert "Regions" not in shown, "an ambiguous 'Regions' heading"
    assert "Regions raided" in text and "Region majorities" in text


def test_view_the_board_after_the_game_opens_every_lair(monkeypatch):
    drawn = DrawnText(monkeypatch)
    session = finished()
    app = make_app()
    app.start_game(session, handoff=False)
    click(app, "button:view_table")
    table = app.scene
    assert isinstance(table, TableScene)
    assert all(p["lair"] is not None for p in table.view["players"])
    drawn.clear()
    redraw(app)
    for p in table.view["players"]:
        if p["seat"] != table.seats.viewer:
            row = table.element_rect(f"player:{p['seat']}")
            assert "Lair:" in drawn.within(row), f"{p['name']}'s lair is not shown"
