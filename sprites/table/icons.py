"""Icons for panels and help, from sprites.art.icons (the shared vocabulary).

``NAMES`` says in words what each card icon means (for the rules help), from
its declaration (game.data.ICON_TABLE).
"""
from __future__ import annotations

from game.data import ICON_TABLE
from sprites.art import icons as art_icons

NAMES = {i.key: f"{i.word}: {i.does}" for i in ICON_TABLE}       # e.g. "Scorch Field: take a field"
COUNTED = tuple(art_icons.SIGNED)      # icons drawn with their number


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
