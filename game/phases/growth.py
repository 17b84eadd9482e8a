"""Phase 1: Settlement Growth (skipped in the 1st Century)."""
from __future__ import annotations

from ..state import CITY, EMPTY, TOWN, VILLAGE
from .setup import orient_hex


def growing_site(sites):
    """The largest site that can still grow (town > village > empty); a city
    cannot grow. Sites are interchangeable, so the first such site is used."""
    best = None
    for i, v in enumerate(sites):
        if v in (VILLAGE, TOWN) and (best is None or v > sites[best]):
            best = i
    if best is None and EMPTY in sites:
        best = sites.index(EMPTY)
    return best


def grow_region(r, sizes):
    """One site of region r grows ``sizes`` sizes (1 in the 2nd-3rd Centuries,
    2 in the 4th-6th), with the rulebook's substitutes for unavailable pieces.
    A substitute replaces the missing piece in the same growth of the same
    site, even where that leaves the site larger than the growth asked (a
    village that cannot be built is a city); it never adds a second site or
    extra pieces (house rules section 4). Returns True if anything was placed."""
    site = growing_site(r.sites)
    if site is None or not (r.villages or r.cities):
        return False        # "If the stockpile for that region is empty, no growth can occur."
    target = r.sites[site] + sizes
    if target <= TOWN:
        return _grow_to_villages(r, site, target)
    grew = _grow_to_city(r, site)
    if target > CITY:       # "from town to city plus a village"
        grew = _extra_village(r) or grew
    return grew


def _grow_to_villages(r, site, target):
    """Empty -> village or town, village -> town: village pieces are needed."""
    have = r.sites[site]
    need = target - have
    if r.villages >= need:
        r.villages -= need
        r.sites[site] = target
        return True
    if r.cities:
        # "If no village pieces are available during this growth and a village
        # is needed, use a city instead": the site becomes a city, and a
        # village piece already on it goes back to the stockpile.
        r.cities -= 1
        r.villages += have
        r.sites[site] = CITY
        return True
    # No city either: the site grows as far as the village pieces go.
    r.sites[site] += r.villages
    r.villages = 0
    return True


def _grow_to_city(r, site):
    """Village or town -> city: the city replaces the site's village pieces."""
    have = r.sites[site]
    if r.cities:
        r.cities -= 1
        r.villages += have
        r.sites[site] = CITY
        return True
    # "If a city piece is required but not available, use 2 village pieces
    # (or 1 if only 1 village piece is available)": the site is built of
    # village pieces instead, and a site holds at most two (a town), so a
    # town stays a town and a village becomes a town.
    add = min(TOWN - have, r.villages)
    r.villages -= add
    r.sites[site] += add
    return add > 0


def _extra_village(r):
    """The village of "town to city plus a village", on an empty site (house
    rules section 4: with no empty site, no extra village)."""
    if EMPTY not in r.sites or not r.villages:
        return False
    r.villages -= 1
    r.sites[r.sites.index(EMPTY)] = VILLAGE
    return True


def enter(g):
    s = g.state
    s.century += 1
    g.event("century_begins", century=s.century)
    sizes = g.data.setup["growth_sizes"][s.century - 1]
    s.track = []
    for _ in range(s.num_players + g.data.setup["track_extra"]):
        cid = g.deal()
        if cid is None:
            break
        s.track.append(cid)
        r = g.regions[g.cards[cid].back]
        before = list(r.sites)
        grow_region(r, sizes)
        g.event("growth", region=r.name, grew=[[b, a] for b, a in zip(before, r.sites) if b != a])
    orient_hex(g, s.century)
    place_rogues(g)


def place_rogues(g):
    """Two- and Three-Player Variations: each Rogue Dragon goes to the region on
    the back of the top card, which is then discarded."""
    s = g.state
    for dragon in s.rogue_dragons:
        # Every card is seen at most once per dragon: if all backs point at
        # regions that already hold a Rogue Dragon, this one stays away.
        for _ in range(len(s.deck) + len(s.discard)):
            cid = g.deal()
            if cid is None:
                return
            s.discard.append(cid)
            region = g.cards[cid].back
            if any(r[1] == region for r in s.rogues):
                g.event("rogue_card_discarded", region=region)
                continue
            s.rogues.append([dragon, region])
            g.event("rogue_lands", dragon=dragon, region=region)
            break
