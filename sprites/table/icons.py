"""Icons for panels and help, from sprites.art.icons (the shared vocabulary).

``NAMES`` says in words what each card icon means (for the rules help).
"""
from __future__ import annotations

from sprites.art import icons as art_icons

NAMES = {
    "attack": "Attack: destroy a village (two icons: a town or a city)",
    "scorch_field": "Scorch Field: take a field",
    "capture_noble": "Capture Noble: take a noble",
    "take_gold": "Take Gold: take a gold",
    "steal_livestock": "Steal Livestock: take a livestock",
    "raze_village": "Raze Village: take a village piece without losing Life",
    "gain_resource": "Gain a livestock, gold or noble (your choice)",
    "lose_life": "Lose Life (the number says how much)",
    "gain_life": "Gain Life (never above your maximum)",
    "draw": "Draw cards",
    "discard": "Discard cards",
}
COUNTED = ("lose_life", "gain_life", "draw", "discard")      # icons drawn with their number


def amounts(data):
    """icon -> the number it is drawn with in the rules help: its first use in the cards."""
    out = {}
    for card in data.cards.values():
        for effect in (e for alt in card.alternatives for e in alt):
            if effect.icon in COUNTED:
                out.setdefault(effect.icon, effect.amount)
    return out


def icon(name, size, amount=None):
    return art_icons.icon(name, int(size), amount)


def resource_icon(res, size):
    """livestock, gold, noble or field."""
    return art_icons.icon(res, int(size))
