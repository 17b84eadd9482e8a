"""game.routes: a flight of several regions as the moves the engine offers.

Rulebook, Livestock: "Move: Throughout a player's turn, the player may move their
Dragon piece to unoccupied, adjacent regions by eating 1 livestock for every region
moved through or into ... a dragon can move into a region with a dragon, but cannot
stay in that region unless the player currently holds the Dragon Ward marker."
"""
from __future__ import annotations

from rules_helpers import play_until, refresh

from game import new_game
from game.routes import route


def attacking(seed=3):
    """A 4-player game at the start of an attack turn, every other dragon off the map."""
    g = new_game(4, seed=seed)
    play_until(g, "attack_turn")
    seat = g.decision.player
    for p in g.state.players:
        if p.seat != seat:
            p.region = None
    return g, g.state.players[seat]


def two_away(g, here):
    return next(r for r in g.ring if g.ring_distance(here, r) == 2)


def test_two_regions_away_costs_two_livestock_in_two_moves():
    """"1 livestock for every region moved through or into": two regions away is two moves."""
    g, p = attacking()
    p.lair.res["livestock"] = 2
    refresh(g)
    target = two_away(g, p.region)
    steps = route(g, target)
    assert [a.kind for a in steps] == ["move", "move"]
    before = g.available(p, "livestock")
    for a in steps:
        g.apply(a)
    assert p.region == target and g.available(p, "livestock") == before - 2


def test_no_flight_without_the_livestock_for_every_region():
    g, p = attacking()
    p.lair.res["livestock"], p.card.res["livestock"] = 1, 0
    refresh(g)
    assert g.available(p, "livestock") == 1
    assert route(g, two_away(g, p.region)) == []


def test_a_flight_passes_through_a_dragon_s_region_but_never_stops_there():
    """"a dragon can move into a region with a dragon, but cannot stay in that region"."""
    g, p = attacking()
    p.lair.res["livestock"] = 3
    refresh(g)
    target = two_away(g, p.region)
    middle = next(r for r in g.neighbours(p.region) if g.ring_distance(r, target) == 1)
    other = next(q for q in g.state.players if q.seat != p.seat)
    other.region = middle
    refresh(g)
    steps = route(g, target)
    assert [a.region for a in steps] == [middle, target]
    assert route(g, middle) == []            # one step, and no stopping there: not a flight
    other.region = target
    refresh(g)
    assert route(g, target) == []


def test_mighty_wings_flies_the_first_step_for_free():
    """Mighty Wings: "Once per century, travel to an adjacent region without needing to eat a livestock"."""
    g, p = attacking()
    p.lair.res["livestock"], p.card.res["livestock"] = 1, 0
    p.abilities.append("mighty_wings")
    refresh(g)
    steps = route(g, two_away(g, p.region))
    assert sorted(a.kind for a in steps) == ["fly", "move"]


def test_no_flight_to_where_the_dragon_already_is():
    """Out and back again is two livestock spent for nothing: the dragon's own region offers no flight."""
    g, p = attacking()
    p.lair.res["livestock"] = 4
    refresh(g)
    assert route(g, p.region) == []
