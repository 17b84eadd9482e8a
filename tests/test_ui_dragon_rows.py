"""The Dragons panel names every dragon in full in the smallest window
(playtest, 6 players at 1100 x 650: "Ash (you) [AI ra...", "Cora [AI norm...");
where "[AI normal]" does not fit the row says "[AI]" and its tooltip names the level."""
from __future__ import annotations

from ui_helpers import DrawnText, make_app, redraw

from game.app.session import Seat, Session

NAMES = ["Ash", "Bryn", "Cora", "Dain", "Elin", "Finn"]
DRAGONS = ["Black", "Blue", "Green", "Orange", "Red", "White"]
KINDS = ["human", "random", "normal", "normal", "expert", "normal"]


def test_every_dragon_row_shows_its_whole_name_at_1100_by_650(monkeypatch):
    session = Session.new([Seat(n, d, k) for n, d, k in zip(NAMES, DRAGONS, KINDS)], seed=4)
    state = session.game.state
    for p in state.players:             # late-game hands: "10 cards" in every row
        while len(p.hand) < 10:
            p.hand.append(state.deck.pop())
    drawn = DrawnText(monkeypatch)
    app = make_app(size=(1100, 650))
    table = app.start_game(session, handoff=False)
    drawn.clear()
    redraw(app)
    rows = table.right.player_rows(6)
    for seat, row in enumerate(rows):
        inside = [s for s in drawn.within(row) if s.startswith(NAMES[seat])]
        assert len(inside) == 1 and "..." not in inside[0], (seat, drawn.within(row))
        if KINDS[seat] != "human":
            assert "[AI" in inside[0]
            assert f"AI {KINDS[seat]}" in table.tips[f"player:{seat}"]
