"""The game log never opens on the tail of a sentence (playtest: scrolled,
its first visible line read "1.", "gold)." or "stockpile."): every entry in
sight shows from its first words."""
from __future__ import annotations

import random

from ui_helpers import DrawnText, make_app, redraw

from app.session import Seat, Session

NAMES, DRAGONS = ["Ash", "Bryn", "Cora", "Dain"], ["Black", "Blue", "Green", "Orange"]


def test_every_entry_in_sight_starts_with_its_first_words(monkeypatch):
    session = Session.new([Seat(NAMES[i], DRAGONS[i], "human") for i in range(4)], seed=2)
    rng = random.Random(2)
    for _ in range(150):
        session.apply(rng.choice(session.game.decision.options))
    app = make_app(size=(1100, 650))            # the narrowest log: most entries wrap
    table = app.start_game(session, handoff=False)
    table.seats.viewer = session.game.decision.player
    table.refresh()
    texts = [e["text"] for e in table.view["log"]]
    wrapped_tops = 0
    drawn = DrawnText(monkeypatch)
    for notch in range(40):                     # the wheel, one notch at a time, up through the log
        drawn.clear()
        redraw(app)
        notes = [rect for s, _, rect in drawn.items if "wheel down" in s]
        if notch:                               # the scrolled note fits the log, under its last line
            rows = [rect for _, rect in table.log.layout(table.view["log"], table.view["century"])]
            assert len(notes) == 1 and table.right.log_rect.contains(notes[0]), notes
            assert max(r.bottom for r in rows) <= notes[0].top + 2, "the note covers a line"
        shown = [row for row, _ in table.log.layout(table.view["log"], table.view["century"])]
        lines = [row for row in shown if row[0] == "line"]
        first = {}
        for row in lines:
            first.setdefault(row[1], row[2])
        for i, line in first.items():
            assert texts[i].startswith(line), f"notch {notch}: the log shows {line!r}, the end of {texts[i]!r}"
        rows = [rect for _, rect in table.log.layout(table.view["log"], table.view["century"])]
        assert all(b.y - a.y == rows[1].y - rows[0].y for a, b in zip(rows, rows[1:])), "a blank row in the log"
        assert all("..." not in line for line in first.values())
        wrapped_tops += any(texts[i] != line for i, line in first.items())
        table.scroll(table.right.log_rect.center, 1)
    assert wrapped_tops, "no entry in sight wrapped: the test saw no case that could fail"
