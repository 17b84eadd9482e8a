"""Rulebook: Phase 1: Settlement Growth (and house rules section 4)."""
import pytest

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


# ----- unavailable pieces: every combination ----------------------------------
# Rulebook, Phase 1: Settlement Growth, 2a:
GROWTH_1 = ("In the 2nd and 3rd Centuries, one settlement site in the identified region grows 1 size "
            "(from empty to village, from village to town, or from town to city).")
GROWTH_2 = ("In the 4th, 5th, and 6th Centuries, one settlement site in the identified region grows "
            "2 sizes (from empty to town, from village to city, or from town to city plus a village).")
CITY_ONLY = "This region only has a city, which can't grow any further, so a village is placed on an empty site"
NO_VILLAGE = "If no village pieces are available during this growth and a village is needed, use a city instead."
NO_CITY = ("If a city piece is required but not available, use 2 village pieces "
           "(or 1 if only 1 village piece is available).")
EMPTY_STOCK = "If the stockpile for that region is empty, no growth can occur."
TOWN_RETURNS = "The two village pieces composing the town are returned to the stockpile, and a city is erected"
# House rules, section 4: "A substitute replaces the missing piece in the same growth of the same
# site, as the rulebook's words say, even where that leaves the site larger than the growth asked (a
# village that cannot be built is a city); it never adds a second site or pieces beyond the one it
# replaces."; the "plus a village" goes on an empty site.

E, V, T, C = EMPTY, VILLAGE, TOWN, CITY
START = {"empty": [], "village": [V], "town": [T], "city-only": [C]}

# (start, sizes, village pieces, city pieces) -> (site 0, site 1, village pieces left, city pieces left).
# Site 0 holds the settlement the region starts with; site 1 is the first empty site. "2" stands for
# "2 or more" village pieces and "1" for "1 or more" city pieces (both are also run with more).
# Written from the words quoted above, before the engine was run.
EXPECTED = {
    # -- 1 size, empty region: "from empty to village" needs one village piece.
    ("empty", 1, 0, 0): ((E, E), 0, 0),     # EMPTY_STOCK
    ("empty", 1, 0, 1): ((C, E), 0, 0),     # NO_VILLAGE: a city instead of the village
    ("empty", 1, 1, 0): ((V, E), 0, 0),
    ("empty", 1, 1, 1): ((V, E), 0, 1),
    ("empty", 1, 2, 0): ((V, E), 1, 0),
    ("empty", 1, 2, 1): ((V, E), 1, 1),
    # -- 1 size, village: "from village to town" needs one village piece.
    ("village", 1, 0, 0): ((V, E), 0, 0),   # EMPTY_STOCK
    ("village", 1, 0, 1): ((C, E), 1, 0),   # NO_VILLAGE: the city replaces the site; its village goes back
    ("village", 1, 1, 0): ((T, E), 0, 0),
    ("village", 1, 1, 1): ((T, E), 0, 1),
    ("village", 1, 2, 0): ((T, E), 1, 0),
    ("village", 1, 2, 1): ((T, E), 1, 1),
    # -- 1 size, town: "from town to city" needs a city piece; the town's two pieces return.
    ("town", 1, 0, 0): ((T, E), 0, 0),      # EMPTY_STOCK
    ("town", 1, 0, 1): ((C, E), 2, 0),      # TOWN_RETURNS
    ("town", 1, 1, 0): ((T, E), 1, 0),      # NO_CITY: 2 village pieces on the same site are the town itself
    ("town", 1, 1, 1): ((C, E), 3, 0),
    ("town", 1, 2, 0): ((T, E), 2, 0),      # NO_CITY: no second site, no extra pieces
    ("town", 1, 2, 1): ((C, E), 4, 0),
    # -- 1 size, only a city: CITY_ONLY, an empty site becomes a village.
    ("city-only", 1, 0, 0): ((C, E), 0, 0),  # EMPTY_STOCK
    ("city-only", 1, 0, 1): ((C, C), 0, 0),  # NO_VILLAGE
    ("city-only", 1, 1, 0): ((C, V), 0, 0),
    ("city-only", 1, 1, 1): ((C, V), 0, 1),
    ("city-only", 1, 2, 0): ((C, V), 1, 0),
    ("city-only", 1, 2, 1): ((C, V), 1, 1),
    # -- 2 sizes, empty region: "from empty to town" needs two village pieces.
    ("empty", 2, 0, 0): ((E, E), 0, 0),     # EMPTY_STOCK
    ("empty", 2, 0, 1): ((C, E), 0, 0),     # NO_VILLAGE: one city on the one site, not two cities
    ("empty", 2, 1, 0): ((V, E), 0, 0),     # one village; the second is needed, and no city either
    ("empty", 2, 1, 1): ((C, E), 1, 0),     # NO_VILLAGE for the second village: the site is a city
    ("empty", 2, 2, 0): ((T, E), 0, 0),
    ("empty", 2, 2, 1): ((T, E), 0, 1),
    # -- 2 sizes, village: "from village to city" needs a city piece (the village returns).
    ("village", 2, 0, 0): ((V, E), 0, 0),   # EMPTY_STOCK
    ("village", 2, 0, 1): ((C, E), 1, 0),   # no village piece is needed: just the city
    ("village", 2, 1, 0): ((T, E), 0, 0),   # NO_CITY: village pieces instead, a town at most
    ("village", 2, 1, 1): ((C, E), 2, 0),
    ("village", 2, 2, 0): ((T, E), 1, 0),   # NO_CITY
    ("village", 2, 2, 1): ((C, E), 3, 0),
    # -- 2 sizes, town: "from town to city plus a village".
    ("town", 2, 0, 0): ((T, E), 0, 0),      # EMPTY_STOCK
    ("town", 2, 0, 1): ((C, V), 1, 0),      # TOWN_RETURNS, then the village from those pieces
    ("town", 2, 1, 0): ((T, V), 0, 0),      # NO_CITY: the town stays; the village is still grown
    ("town", 2, 1, 1): ((C, V), 2, 0),
    ("town", 2, 2, 0): ((T, V), 1, 0),
    ("town", 2, 2, 1): ((C, V), 3, 0),
    # -- 2 sizes, only a city: an empty site grows "from empty to town".
    ("city-only", 2, 0, 0): ((C, E), 0, 0),  # EMPTY_STOCK
    ("city-only", 2, 0, 1): ((C, C), 0, 0),  # NO_VILLAGE
    ("city-only", 2, 1, 0): ((C, V), 0, 0),
    ("city-only", 2, 1, 1): ((C, C), 1, 0),  # NO_VILLAGE for the second village
    ("city-only", 2, 2, 0): ((C, T), 0, 0),
    ("city-only", 2, 2, 1): ((C, T), 0, 1),
}


def _runs():
    """Every expected case, plus the same case with more pieces for "2 or more" and "1 or more"."""
    for (start, sizes, v, c), expected in EXPECTED.items():
        yield start, sizes, v, c, expected
        if v == 2:
            yield start, sizes, 5, c, expected
        if c == 1:
            yield start, sizes, v, 3, expected


def test_every_combination_is_listed():
    assert set(EXPECTED) == {(s, n, v, c) for s in START for n in (1, 2) for v in (0, 1, 2) for c in (0, 1)}


@pytest.mark.parametrize("start,sizes,villages,cities,expected", list(_runs()))
def test_growth_with_unavailable_pieces(start, sizes, villages, cities, expected):
    """Rulebook, Phase 1: Settlement Growth, 2a and "Unavailable pieces" (quoted above)."""
    (site0, site1), villages_left, cities_left = expected
    villages_left += villages - min(villages, 2)       # extra pieces stay in the stockpile
    cities_left += cities - min(cities, 1)
    r = region(*START[start], villages=villages, cities=cities)
    before = (list(r.sites), r.villages + r.village_pieces(), r.cities + r.city_pieces())
    grew = grow_region(r, sizes)
    assert (r.sites[0], r.sites[1]) == (site0, site1)
    assert r.sites[2:] == [EMPTY] * 4                   # one site grows (and the village of "plus a village")
    assert (r.villages, r.cities) == (villages_left, cities_left)
    assert grew == (r.sites != before[0])
    # No piece appears or vanishes: what the region holds plus its stockpile is unchanged.
    assert (r.villages + r.village_pieces(), r.cities + r.city_pieces()) == before[1:]


def test_city_only_region_without_an_empty_site_does_not_grow():
    """"This region only has a city, which can't grow any further": with no empty site, nothing grows."""
    r = region(CITY, CITY, CITY, CITY, CITY, CITY, villages=5, cities=1)
    assert not grow_region(r, 2)
    assert r.sites == [CITY] * 6 and (r.villages, r.cities) == (5, 1)


def test_the_town_grows_first_even_if_it_cannot_become_a_city():
    """"The settlement site that grows is the largest current site": a town with no city piece
    for it stays a town (NO_CITY); the smaller village is not grown in its place."""
    r = region(VILLAGE, TOWN, villages=3, cities=0)
    assert not grow_region(r, 1)
    assert r.sites[:3] == [VILLAGE, TOWN, EMPTY] and r.villages == 3


def test_rogue_dragon_placement_ends_when_every_back_is_taken():
    """Two- and Three-Player Variations: "If the identified region is occupied by a
    Rogue Dragon, simply discard the top card and continue until the second Rogue
    Dragon can be placed." When every card left points at the occupied region, it
    never can: the drawing stops after each card was seen once (instead of going
    round the reshuffled deck for ever), and no card is lost."""
    from game.phases.growth import place_rogues
    g = new_game(2, seed=3)
    s = g.state
    first, second = s.rogue_dragons
    taken = g.ring[0]
    s.rogues = [[first, taken]]
    s.rogue_dragons = [second]
    s.deck = [c for c in s.deck if g.cards[c].back == taken]
    s.discard = []
    cards = sorted(s.deck)
    place_rogues(g)
    assert s.rogues == [[first, taken]]
    assert sorted(s.deck + s.discard) == cards
