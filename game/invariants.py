"""Conservation checks: every piece and card is in exactly one place, and
Life stays within 1..max. Returns a list of problems (empty when all is well)."""
from __future__ import annotations

from collections import Counter

from .state import CITY, TOWN, VILLAGE


def check(g):
    s, data = g.state, g.data
    problems = []
    totals = data.setup["pieces"]
    for res in ("livestock", "gold", "noble"):
        n = s.stock[res] + sum(r.res[res] for r in s.regions)
        n += sum(p.lair.res[res] + p.card.res[res] + p.spent[res] for p in s.players)
        if n != totals[res]:
            problems.append(f"{res}: {n} pieces in play, expected {totals[res]}")
    fields = s.fields_out + sum(s.century_fields) + sum(r.res["field"] for r in s.regions)
    fields += sum(p.lair.res["field"] + p.card.res["field"] + p.spent["field"] for p in s.players)
    if fields != totals["field"]:
        problems.append(f"field: {fields} pieces in play, expected {totals['field']}")
    for r in s.regions:
        villages = r.villages + sum(1 for v in r.sites if v == VILLAGE) + 2 * sum(1 for v in r.sites if v == TOWN)
        cities = r.cities + sum(1 for v in r.sites if v == CITY)
        villages += sum(p.lair.villages.get(r.name, 0) + p.card.villages.get(r.name, 0) for p in s.players)
        cities += sum(p.lair.cities.get(r.name, 0) + p.card.cities.get(r.name, 0) for p in s.players)
        if villages != data.village_stock:
            problems.append(f"{r.name}: {villages} village pieces, expected {data.village_stock}")
        if cities != data.city_stock:
            problems.append(f"{r.name}: {cities} city pieces, expected {data.city_stock}")
        if min(r.res.values()) < 0 or r.villages < 0 or r.cities < 0:
            problems.append(f"{r.name}: negative count")
    if min(s.stock.values()) < 0:
        problems.append("stockpile: negative count")
    places = Counter(s.deck + s.discard + s.track + s.draft)
    for p in s.players:
        places.update(p.hand + p.face_down + p.aside + p.played + p.hex_out)
        if not 1 <= p.life <= g.max_life(p):
            problems.append(f"{p.name}: Life {p.life} outside 1..{g.max_life(p)}")
        for h in (p.lair, p.card):
            if min(h.res.values()) < 0:
                problems.append(f"{p.name}: negative resources")
    expected = Counter(data.action_cards)
    for p in s.players:
        expected.update(data.hex_cards[p.dragon])
    if places != expected:
        extra = places - expected
        missing = expected - places
        problems.append(f"cards out of place: extra {dict(extra)}, missing {dict(missing)}")
    return problems
