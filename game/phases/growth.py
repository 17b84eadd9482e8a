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


def grow_once(r, i):
    """Grow site i of region r by one size, with the rulebook's substitutes for
    unavailable pieces. Returns True if anything was placed."""
    v = r.sites[i]
    if v in (EMPTY, VILLAGE):
        if r.villages:                       # add a village piece
            r.villages -= 1
            r.sites[i] = v + 1
        elif r.cities:                       # no village piece: a city instead
            r.cities -= 1
            r.villages += v                  # the site's village piece goes back
            r.sites[i] = CITY
        else:
            return False
        return True
    if v == TOWN:
        if r.cities:
            r.cities -= 1
            r.villages += 2
            r.sites[i] = CITY
            return True
        # No city piece: use 2 village pieces (or 1) instead, on an empty site.
        n = min(2, r.villages)
        if n and EMPTY in r.sites:
            r.villages -= n
            r.sites[r.sites.index(EMPTY)] = VILLAGE if n == 1 else TOWN
            return True
    return False


def grow_region(r, sizes):
    """Grow a region 1 or 2 sizes; a town grown into a city spends the rest of
    the growth as a village on an empty site (house rules section 4)."""
    site = growing_site(r.sites)
    grew = False
    for _ in range(sizes):
        if site is None:
            break
        if r.sites[site] == CITY:
            site = r.sites.index(EMPTY) if EMPTY in r.sites else None
            if site is None:
                break
        grew = grow_once(r, site) or grew
    return grew


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
        while True:
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

