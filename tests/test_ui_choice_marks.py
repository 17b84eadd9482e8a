"""A list of choices (All choices, A) names a settlement by its site number, "Attack
the village at site 2 with 1 icon", which the map does not show (left from a
playtest: "the keyboard list names sites by number"). The choice under the
pointer, or under the keyboard's focus, now rings on the map the site it would
attack (as hovering the site itself previews it), and the list opens where it
leaves the places its choices mark in sight."""
from __future__ import annotations

import math
import random
from collections import Counter

import pygame
from ui_helpers import click, hover, human_seats, press, reach, redraw, table_at

from app.session import Session
from sprites import theme
from sprites.table import marks

RING = theme.mix(marks.PREVIEW, (255, 255, 255), 0.55 * 0.6)


def two_sites_to_attack():
    """Attack icons to assign: two settlements of the region to choose between."""
    def done(g):
        return sum(a.kind == "attack" for a in g.decision.options) >= 2
    return reach(done, players=3)


def ringed(app, table, region, site):
    """The preview's ring is round the site, all the way (the pixels where it is drawn)."""
    geo, lay = table.map.geo, table.lay
    x, y = (round(v) for v in geo.sites[region][site])
    r = round(geo.site_radius + lay.px(6) + 0.6 * lay.px(3)) - max(3, lay.px(5)) // 2
    ring = [(x + round(r * math.cos(k * math.pi / 4)), y + round(r * math.sin(k * math.pi / 4))) for k in range(8)]
    return all(app.screen.get_at(at)[:3] in (RING, marks.edge_for(marks.PREVIEW)) for at in ring)


def attacks(table):
    """{element of the list: (region, site)} for the list's attack choices (the sites of
    the region the attacking dragon is in)."""
    region = table.view["players"][table.decision["player"]]["region"]
    return {f"option:{i}": (region, o["action"]["site"]) for i, o in enumerate(table.options)
            if o["action"]["kind"] == "attack" and f"option:{i}" in table.element_names()}


def test_the_choice_under_the_pointer_or_the_keyboard_rings_its_site_on_the_map():
    session = two_sites_to_attack()
    for size in ((1280, 720), (1600, 900)):
        app, table = table_at(session, size)
        press(app, pygame.K_a)                                       # All choices
        assert table.dialog is not None and table.dialog.title == "All choices"
        listed = attacks(table)
        assert len(listed) >= 2
        for name, (region, site) in listed.items():
            hover(app, name)
            redraw(app)
            assert ringed(app, table, region, site), f"{name} does not ring {region} site {site + 1}"
            for other in set(listed.values()) - {(region, site)}:
                assert not ringed(app, table, *other)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0)))
        app.pump()                                                   # the pointer off the list: the keyboard's choice
        while table.focus not in listed:
            press(app, pygame.K_DOWN)
        redraw(app)
        assert ringed(app, table, *listed[table.focus])


def test_the_list_opens_where_the_sites_its_choices_mark_stay_in_sight():
    session = two_sites_to_attack()
    for size in ((1280, 720), (1600, 900), (1100, 650)):
        app, table = table_at(session, size)
        press(app, pygame.K_a)
        geo = table.map.geo
        for region, site in attacks(table).values():
            spot = marks.place_rect(("site", (region, site)), geo, table.element_rect)
            assert not table.dialog.rect.colliderect(spot), f"the list covers {region} site {site + 1} at {size}"
        assert table.lay.map.contains(table.dialog.rect)


def test_without_marks_to_keep_clear_the_list_opens_in_the_middle_of_the_map():
    from sprites.table import dialog
    lay_area = pygame.Rect(0, 0, 800, 600)
    box = pygame.Rect(0, 0, 300, 200)
    assert dialog.Dialog._clear_of(box, lay_area, []).center == lay_area.center
    under = pygame.Rect(390, 290, 20, 20)                            # a site in the middle: the box moves up
    moved = dialog.Dialog._clear_of(box, lay_area, [under])
    assert not moved.colliderect(under) and moved.top == lay_area.top


def test_keys_in_the_list_under_the_pointer_move_the_marks_with_them():
    """The pointer rests on the list and Down moves the keyboard's choice: the map marks
    the keys' choice (Enter takes it), not the entry the pointer left behind."""
    app, table = table_at(two_sites_to_attack(), (1600, 900))
    press(app, pygame.K_a)
    listed = attacks(table)
    first, second = list(listed)[:2]
    hover(app, first)
    while table.focus != second:
        press(app, pygame.K_DOWN)
    redraw(app)
    assert ringed(app, table, *listed[second]) and not ringed(app, table, *listed[first])


def outlined(app, rect):
    """The preview's outline runs along the top of ``rect`` (a card as drawn)."""
    return app.screen.get_at((rect.centerx, rect.top - 2))[:3] == RING


def test_a_choice_that_plays_or_discards_a_card_outlines_the_card_as_drawn():
    """A card that can be played now is drawn lifted: the outline is round it where it is
    drawn (it was round where it would rest, across its name). Lick Wounds' choices
    ("discard Heal") outline the card each would discard, not only the button."""
    def both(g):
        kinds = {a.kind for a in g.decision.options}
        return g.decision.kind == "attack_turn" and {"play_card", "lick_wounds"} <= kinds
    app, table = table_at(reach(both, players=3), (1600, 900))
    press(app, pygame.K_a)
    lift = table.lay.px(10)
    hand = table.frame().hand
    checked = Counter()
    for name, _ in table.dialog.choices:
        action = table.options[int(name.split(":")[1])]["action"]
        if action["kind"] not in ("play_card", "lick_wounds") or action.get("card") not in hand:
            continue
        slot = f"hand:{hand.index(action['card'])}"
        rect = table.element_rect(slot)
        drawn = rect.move(0, -lift) if slot in table.groups else rect     # (as the hand draws it)
        hover(app, name)
        redraw(app)
        assert outlined(app, drawn), f"{table.options[int(name.split(':')[1])]['text']}: {slot} not outlined"
        checked[action["kind"]] += 1
    assert checked["play_card"] and checked["lick_wounds"]


def cards_of_two_choices(seed):
    """A turn where a card of the hand offers two choices (Raid: livestock or gold)."""
    session = Session.new(human_seats(3), seed=seed)
    rng = random.Random(seed)
    while True:
        d = session.game.decision
        plays = Counter(a.card for a in d.options if a.kind == "play_card")
        if d.kind == "attack_turn" and any(n >= 2 for n in plays.values()):
            return session
        session.apply(rng.choice(d.options))


def test_which_one_opens_beside_the_card_and_clear_of_what_its_choices_mark():
    """"Which one?" opens beside the card clicked; where that covers what its choices
    mark on the map (a Raid in a region at the bottom of the map: the region's
    tokens), at a side of the map clear of them (it covered them in these games)."""
    for seed in (3, 5, 6, 11):
        session = cards_of_two_choices(seed)
        for size in ((1600, 900), (1280, 720)):
            app, table = table_at(session, size)
            card = next(n for n, idx in table.groups.items() if n.startswith("hand:") and len(idx) >= 2)
            click(app, card)
            assert table.dialog is not None and table.dialog.title == "Which one?"
            box = table.dialog.rect
            assert not box.colliderect(table.element_rect(card))
            for name, _ in table.dialog.choices:
                place = next(p for p in marks.outcome_marks(table.options[int(name.split(":")[1])]["preview"])
                             if p[0] in ("site", "token"))
                spot = marks.place_rect(place, table.map.geo, table.element_rect)
                assert not box.colliderect(spot), f"seed {seed} at {size}: the box covers {place}"


def test_since_your_last_turn_stays_in_its_strip_while_a_list_is_open(monkeypatch):
    """The log leaves room for the strip of "since your last turn": with a question open
    the strip went and left a gap in the right column. It stays, folded (its clicks
    wait until the question is answered)."""
    from ui_helpers import DrawnText
    app, table = table_at(two_sites_to_attack(), (1600, 900))
    table.set_summary([(1, "Bryn: landed in Gallia."), (2, "Cora: landed in Slavia.")], open_=True)
    table.repaint()
    drawn = DrawnText(monkeypatch)
    press(app, pygame.K_a)
    drawn.clear()
    redraw(app)
    strip = table.right.summary_rect()
    assert any(s.startswith(("Since", "News")) for s in drawn.within(strip))
    assert "summary" not in table.element_names() and table.element_at(strip.center) is None
