"""The cards row reads without hovering: each card of a large hand that the
next one covers names itself up its visible edge (playtest: with 10-13 cards
in the 1100 x 650 window the names were cut to 4-6 letters, "Drag", "Atta",
"Capt"), and no outline crosses the Card Selection Track's label."""
from __future__ import annotations

from ui_helpers import make_app, redraw

import pytest

from app.session import Seat, Session
from sprites.art import cards as art_cards
from sprites.art import common
from sprites.table import cardface

NAMES, DRAGONS = ["Ash", "Bryn", "Cora", "Dain"], ["Black", "Blue", "Green", "Orange"]


def big_hand_table(size, n_cards):
    session = Session.new([Seat(NAMES[i], DRAGONS[i], "human") for i in range(4)], seed=3)
    game = session.game
    hand = game.state.players[game.decision.player].hand
    deck = game.state.deck
    while len(hand) < n_cards:          # a late-game hand: cards drawn from the deck
        hand.append(deck.pop())
    app = make_app(size=size)
    table = app.start_game(session, handoff=False)
    table.refresh()
    redraw(app)
    return app, table


def shown_name(data, cid):
    card = data.cards[cid]
    if card.is_hex:
        return "Dragon Hex"
    region = data.regions[data.region_index[card.region]] if card.region else None
    return art_cards.compact_name(cardface._card_dict(cardface._key(data), cid), region.colour if region else None)


@pytest.mark.parametrize("size,n_cards", [((1100, 650), 10), ((1600, 900), 12)])
def test_every_card_of_a_large_hand_shows_its_whole_name(size, n_cards):
    app, table = big_hand_table(size, n_cards)
    hv, data = table.handview, table.data
    rects = [r for _, r in table.slots]
    assert len(rects) == n_cards and rects[1].x - rects[0].x < rects[0].w      # the cards do overlap
    text_size = table.lay.font(16)
    font = common.display_font(text_size)
    for j, (cid, r) in enumerate(table.slots):
        name = shown_name(data, cid)
        shown = hv.visible(rects, j, table.gaps)
        assert table.element_at(shown.center).name == f"hand:{j}"
        spine = art_cards.spine_lines(name, text_size, r.size, shown.w)
        if spine is None:           # it reads across what shows of it
            lines = common.wrap(name, text_size, r.w - 2 * max(2, round(0.045 * r.w)) - 6, display=True)
            assert all(font.size(line)[0] <= shown.w for line in lines), (name, shown.w)
        else:                       # up its edge: every word, each line within the card's height, all within the strip
            edge, lines = spine
            assert " ".join(lines) == name, (name, lines)
            assert all(font.size(line)[0] <= edge.h for line in lines), (name, edge.h)
            assert edge.right <= shown.w, (name, edge, shown.w)


def test_the_track_label_stays_clear_of_the_outline_of_a_card_that_can_be_taken(monkeypatch):
    """Playtest: "Card Selection Track" was half covered by the glowing outline of the track's cards."""
    import random

    from ui_helpers import DrawnText

    from sprites import theme
    session = Session.new([Seat(NAMES[i], DRAGONS[i], "human") for i in range(4)], seed=5)
    rng = random.Random(5)
    app = make_app(size=(1100, 650))
    table = app.start_game(session, handoff=False)
    while not any(n.startswith("track:") for n in table.groups):        # play on until a track card can be taken
        session.apply(rng.choice(session.game.decision.options))
        table.seats.viewer = session.game.decision.player
        table.refresh()
    drawn = DrawnText(monkeypatch)
    table._painted = {}              # the strip drawn afresh, through the recorder
    redraw(app)
    label = next(rect for s, _, rect in drawn.items if s == "Card Selection Track")
    hilite = [app.screen.get_at((x, y))[:3] == theme.HILITE for x in range(label.x, label.right)
              for y in range(label.y, label.bottom)]
    assert not any(hilite), "an outline crosses the label"
