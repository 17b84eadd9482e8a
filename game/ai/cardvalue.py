"""How much a card in hand is worth, read from its icons (cards are data)."""
from __future__ import annotations

# Rough VP-equivalents of one icon; the search corrects them where it looks.
ICON_VALUE = {"attack": 1.6, "scorch_field": 1.0, "capture_noble": 1.1, "take_gold": 1.0,
              "steal_livestock": 1.0, "raze_village": 1.5, "gain_resource": 1.0,
              "lose_life": -0.5, "gain_life": 0.35, "draw": 0.6, "discard": -0.4}


def base_value(card):
    """Value of a card out of context (0 for Dragon Hex Cards: they come back)."""
    if card.is_hex:
        return 0.0
    best = max(sum(ICON_VALUE.get(e.icon, 0.0) * max(1, e.amount) for e in alt) for alt in card.alternatives)
    if card.condition is not None:
        best *= 0.6          # needs something else to happen first
    best += 0.3 * card.damage_reduction - 0.5 * card.discard_other
    if card.region is None:
        best *= 1.2          # Any Region: playable wherever the dragon is
    return best


_CACHE: dict = {}


def card_value(g, cid):
    v = _CACHE.get(cid)
    if v is None:
        v = _CACHE[cid] = base_value(g.cards[cid])
    return v


def hand_value(g, hand):
    """Cards of one region reinforce each other (two Attack icons take a city)."""
    total, per_region = 0.0, {}
    for cid in hand:
        c = g.cards[cid]
        if c.is_hex:
            continue
        total += card_value(g, cid)
        if c.region is not None:
            per_region[c.region] = per_region.get(c.region, 0) + 1
    total += 0.25 * sum(n - 1 for n in per_region.values() if n > 1)
    return total


def keep_value(g, hand, cid):
    """Value of ``cid`` given the rest of the hand (for choosing what to discard or pick)."""
    c = g.cards[cid]
    v = card_value(g, cid)
    if c.region is not None:
        v += 0.25 * sum(1 for x in hand if x != cid and g.cards[x].region == c.region)
    return v
