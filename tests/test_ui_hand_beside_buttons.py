"""The hand's row beside the action kinds' buttons (Divination, Consume Noble,
Lick Wounds): every card of the hand, on each of its pages, lies whole left of
the buttons' column and of the "+N" piles, and the card on top shows its whole
face (playtest: at 1100x650 with 150 % text, after "+2" the last card, Ransom,
was cut off under the buttons and no card face could be read)."""
from __future__ import annotations

import pytest
from ui_helpers import click, play_option, reach, redraw, show_card, table_at


SIZES = [((1100, 650), 150), ((1100, 650), 100), ((1280, 720), 100), ((1280, 720), 150), ((1600, 900), 100)]


def table_with_hand(cards, size, scale):
    session = reach(lambda g: len(g.state.players[g.decision.player].hand) == cards, players=2)
    return table_at(session, size=size, text_scale=scale)


def shown_cards(table):
    """(element name, where the card is drawn, what of it shows) of each card of the hand in sight."""
    out = []
    for name in table.element_names():
        if name.startswith("hand:") and name[5:].isdigit():
            out.append((name, table.slots[int(name[5:])][1], table.element_rect(name)))
    return sorted(out, key=lambda c: c[1].x)


def check_page(app, table, where):
    buttons = {n: table.element_rect(n) for n in table.handview.buttons}
    assert buttons, "(the action kinds' buttons beside the hand)"
    piles = {n: table.element_rect(n) for n in ("hand:prev", "hand:next") if table.element(n) is not None}
    cards = shown_cards(table)
    assert cards, where
    window = app.screen.get_rect()
    for name, drawn, _ in cards:
        card = table.hand[int(name[5:])]
        assert window.contains(drawn), f"{card} {drawn} leaves the window {where}"
        for other, rect in {**buttons, **piles}.items():
            assert not drawn.colliderect(rect), f"{card} {drawn} lies under {other} {rect} {where}"
    name, drawn, showing = cards[-1]
    assert showing == drawn, f"the card on top, {table.hand[int(name[5:])]}, shows {showing} of {drawn} {where}"


@pytest.mark.parametrize("size,scale", SIZES, ids=[f"{w}x{h}@{t}" for (w, h), t in SIZES])
@pytest.mark.parametrize("cards", [5, 11])
def test_every_card_lies_whole_left_of_the_buttons_on_every_page(size, scale, cards):
    app, table = table_with_hand(cards, size, scale)
    pages = 1
    check_page(app, table, f"at {size}@{scale}, {cards} cards, page 1")
    while table.element("hand:next") is not None:
        assert pages < cards, "the pages never end"
        click(app, "hand:next")
        redraw(app)
        pages += 1
        check_page(app, table, f"at {size}@{scale}, {cards} cards, page {pages} (after '+N')")
    if size == (1100, 650) and scale == 150:
        assert pages > 1, "(a hand shown a page at a time here)"
    app.close()


def test_a_card_played_from_a_later_page_leaves_every_card_in_sight():
    """The hand keeps its places a moment under a still pointer after a card leaves it; when
    the rest then fits whole, the cards that were on an earlier page are shown at once:
    a whole hand has no "+N" to reach them (they stayed out of sight, off the row)."""
    session = reach(lambda g: g.decision.kind == "attack_turn" and len(g.state.players[g.decision.player].hand) == 4,
                    players=2)
    app, table = table_at(session, size=(1100, 650), text_scale=150)
    offered = sorted(int(n[5:]) for n in table.groups if n.startswith("hand:") and n[5:].isdigit())
    name = f"hand:{offered[-1]}"
    assert table.element(name) is None, "(the card is on a later page)"
    show_card(app, table, name)                 # the player clicks "+N", then the card
    assert table.handview.first > 0
    play_option(app, table, table.groups[name][0])
    assert table.lay.hand.collidepoint(table.pointer), "(the pointer rests on the hand)"
    assert table.handview.page(table.hand) is None, "(the rest fits whole)"
    shown = [n for n in table.element_names() if n.startswith("hand:")]
    assert shown == [f"hand:{j}" for j in range(len(table.hand))], (shown, table.slots)
    area = table.handview.cards_area()
    assert all(area.contains(r) for _, r in table.slots), table.slots
    app.close()
