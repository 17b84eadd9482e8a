"""Rulebook: Phase 1: Settlement Growth (and house rules section 4)."""
from game import new_game
from game.flow import FLOW
from game.phases.growth import grow_region
from game.state import CITY, EMPTY, TOWN, VILLAGE, RegionState
from rules_helpers import card_with_back, play_until, set_sites, take_card


def region(*sites, villages=10, cities=4):
    return RegionState(name="Test", sites=list(sites) + [EMPTY] * (6 - len(sites)),
                       res={}, villages=villages, cities=cities)


def test_third_century_growth_example_four_players():
    """The worked example: backs Britannia, Gallia, Britannia, Scandia, Germania; top card Gothia."""
    g = new_game(4, seed=5)
    play_until(g, "place_dragon")
    s = g.state
    s.stack, s.century = [], 2          # the growth below moves the pawn to the 3rd Century
    set_sites(g, "Britannia", VILLAGE, VILLAGE)
    set_sites(g, "Gallia")
    set_sites(g, "Scandia", CITY)
    set_sites(g, "Germania", VILLAGE)
    picked = []
    for back in ["Britannia", "Gallia", "Britannia", "Scandia", "Germania", "Gothia"]:
        picked.append(take_card(g, card_with_back(g, back, exclude=picked)))
    s.deck.extend(reversed(picked))     # the last item is the top of the deck
    before = {r.name: dict(r.res) for r in s.regions}
    FLOW["growth"].enter(g)
    assert s.century == 3
    assert sorted(g.regions["Britannia"].sites, reverse=True)[:2] == [CITY, VILLAGE]
    assert sorted(g.regions["Gallia"].sites, reverse=True)[:1] == [VILLAGE]
    assert sorted(g.regions["Scandia"].sites, reverse=True)[:2] == [CITY, VILLAGE]
    assert sorted(g.regions["Germania"].sites, reverse=True)[:1] == [TOWN]
    assert s.track == picked[:5]                     # five cards, now face up on the track
    assert g.ring[s.hex_arrow] == "Gothia"
    gained = {name: {k: r.res[k] - before[name][k] for k in r.res} for name, r in g.regions.items()}
    assert gained["Slavia"]["field"] == 1
    assert gained["Germania"]["noble"] == 1
    assert gained["Gallia"]["gold"] == 1
    assert gained["Britannia"]["livestock"] == 1
    assert g.regions["Britannia"].villages == 10 - 1    # the town's two pieces went back for the city
    assert g.regions["Britannia"].cities == 3


def test_growth_is_skipped_in_the_first_century():
    g = new_game(4, seed=2)
    assert g.state.century == 1 and g.decision.kind == "discard"
    assert all(r.sites.count(VILLAGE) == 4 for r in g.state.regions)


def test_one_size_growth_largest_site_first():
    r = region(VILLAGE, TOWN)
    grow_region(r, 1)
    assert r.sites[:2] == [VILLAGE, CITY]


def test_only_cities_an_empty_site_becomes_a_village():
    r = region(CITY, CITY)
    grow_region(r, 1)
    assert r.sites[:3] == [CITY, CITY, VILLAGE]


def test_two_size_growth_4th_to_6th_century():
    r = region()
    grow_region(r, 2)
    assert r.sites[0] == TOWN                                  # empty -> town
    r = region(VILLAGE, villages=9)
    grow_region(r, 2)
    assert r.sites[0] == CITY and r.villages == 10            # village -> city
    r = region(TOWN)
    grow_region(r, 2)
    assert r.sites[:2] == [CITY, VILLAGE]                      # town -> city plus a village


def test_two_size_growth_town_to_city_with_no_empty_site():
    r = region(TOWN, CITY, CITY, CITY, VILLAGE, VILLAGE, villages=2, cities=1)
    grow_region(r, 2)
    assert r.sites == [CITY, CITY, CITY, CITY, VILLAGE, VILLAGE]


def test_unavailable_village_uses_a_city():
    r = region(villages=0, cities=2)
    grow_region(r, 1)
    assert r.sites[0] == CITY and r.cities == 1
    r = region(VILLAGE, villages=0, cities=1)
    grow_region(r, 1)
    assert r.sites[0] == CITY and r.villages == 1              # the village piece returns


def test_unavailable_city_uses_two_villages_or_one():
    r = region(TOWN, villages=5, cities=0)
    grow_region(r, 1)
    assert r.sites[:2] == [TOWN, TOWN] and r.villages == 3
    r = region(TOWN, villages=1, cities=0)
    grow_region(r, 1)
    assert r.sites[:2] == [TOWN, VILLAGE] and r.villages == 0


def test_empty_stockpile_no_growth():
    r = region(VILLAGE, villages=0, cities=0)
    assert not grow_region(r, 1)
    assert r.sites[0] == VILLAGE
