"""The icon vocabulary of cards, tokens and the Action Hex, drawn in code.

Each icon is designed in a 100 x 100 box with sprites.art.common.Pen and
supersampled, then cached per (icon, size, background). Resource icons double
as board tokens. Where an icon takes from the stockpile its disc is purple,
as on the printed cards; otherwise it has the region's colour.
"""
from __future__ import annotations

import functools

from sprites.art import common

INK = common.INK
RESOURCE_ICON = {"livestock": "steal_livestock", "gold": "take_gold", "noble": "capture_noble",
                 "field": "scorch_field"}
NAMES = {
    "attack": "Attack: destroy a village (two icons: a town or a city)",
    "scorch_field": "Scorch Field: take a field",
    "capture_noble": "Capture Noble: take a noble",
    "take_gold": "Take Gold: take a gold",
    "steal_livestock": "Steal Livestock: take a livestock",
    "raze_village": "Raze Village: take a village piece without losing Life",
    "gain_resource": "Gain a livestock, gold or noble (your choice)",
    "lose_life": "Lose Life",
    "gain_life": "Gain Life",
    "draw": "Draw cards",
    "discard": "Discard cards",
}


def _sheep(p):
    for x, y, r in ((34, 50, 15), (48, 40, 16), (62, 48, 15), (46, 58, 15), (60, 60, 13)):
        p.circle(x, y, r, fill=(250, 248, 240), outline=INK, width=4)
    for x, y, r in ((34, 50, 13), (48, 40, 14), (62, 48, 13), (46, 58, 13), (60, 60, 11)):
        p.circle(x, y, r, fill=(250, 248, 240))
    p.ellipse(76, 44, 10, 8, fill=(40, 36, 34))
    for x in (38, 58):
        p.line([(x, 70), (x, 82)], (40, 36, 34), width=6)


def _coin(p):
    p.circle(56, 58, 24, fill=(196, 146, 30), outline=INK, width=4)
    p.circle(44, 44, 24, fill=(240, 196, 60), outline=INK, width=4)
    p.circle(44, 44, 15, fill=None, outline=(196, 146, 30), width=4)
    p.circle(44, 44, 13, fill=(240, 196, 60))


def _crown(p):
    pts = [(20, 70), (16, 32), (34, 50), (50, 24), (66, 50), (84, 32), (80, 70)]
    p.poly(pts, fill=(240, 196, 60), outline=INK, width=4)
    p.rect_(20, 68, 60, 12, fill=(200, 60, 60), outline=INK, width=3)
    for x, y in ((16, 32), (50, 24), (84, 32)):
        p.circle(x, y, 5, fill=(250, 240, 200), outline=INK, width=2)


def _wheat(p):
    p.line([(50, 86), (50, 20)], (150, 110, 40), width=5)
    for y in (28, 40, 52, 64):
        p.ellipse(40, y, 8, 5, fill=(226, 180, 70), outline=INK, width=2)
        p.ellipse(60, y, 8, 5, fill=(226, 180, 70), outline=INK, width=2)
    p.ellipse(50, 18, 5, 8, fill=(226, 180, 70), outline=INK, width=2)


def _claws(p):
    for dx in (-16, 0, 16):
        p.poly([(38 + dx, 16), (50 + dx, 16), (64 + dx, 84), (58 + dx, 84)], fill=(200, 40, 30),
               outline=INK, width=3)


def _house(p, x=50, y=56, s=1.0, fill=(214, 190, 150)):
    w, h = 34 * s, 26 * s
    p.rect_(x - w / 2, y - h / 2, w, h, fill=fill, outline=INK, width=3)
    p.poly([(x - w / 2 - 6 * s, y - h / 2), (x, y - h / 2 - 22 * s), (x + w / 2 + 6 * s, y - h / 2)],
           fill=(170, 60, 40), outline=INK, width=3)
    p.rect_(x - 5 * s, y, 10 * s, h / 2, fill=INK)


def _raze(p):
    _house(p, 46, 58)
    p.poly([(62, 30), (76, 12), (72, 34), (88, 26), (76, 52), (60, 50)], fill=(240, 120, 30), outline=INK, width=3)


def _gain(p):
    p.circle(30, 64, 15, fill=(240, 196, 60), outline=INK, width=3)
    p.circle(70, 64, 15, fill=(250, 248, 240), outline=INK, width=3)
    p.poly([(36, 38), (34, 16), (44, 26), (50, 12), (56, 26), (66, 16), (64, 38)],
           fill=(240, 196, 60), outline=INK, width=3)


def _heart(p, colour):
    p.poly(common.heart(50, 52, 38), fill=colour, outline=INK, width=4)


def _cardstack(p):
    p.rect_(26, 22, 40, 56, fill=(200, 180, 140), outline=INK, width=3, radius=5)
    p.rect_(36, 28, 40, 56, fill=(250, 240, 214), outline=INK, width=3, radius=5)


PAINTERS = {
    "steal_livestock": _sheep, "take_gold": _coin, "capture_noble": _crown, "scorch_field": _wheat,
    "attack": _claws, "raze_village": _raze, "gain_resource": _gain,
    "lose_life": lambda p: _heart(p, (120, 40, 40)), "gain_life": lambda p: _heart(p, (220, 50, 60)),
    "draw": _cardstack, "discard": _cardstack,
}


@functools.lru_cache(maxsize=512)
def icon(name, size, disc=None):
    """An icon as a cached surface; ``disc`` is a background colour (or None)."""
    paint = PAINTERS[name]

    def draw(p):
        if disc is not None:
            p.circle(50, 50, 47, fill=common.rgb(disc), outline=INK, width=3)
            inner = common.Pen(p.surface, p.box(14, 14, 72, 72))
            paint(inner)
        else:
            paint(p)
    return common.supersampled(size, draw)


@functools.lru_cache(maxsize=512)
def icon_with_amount(name, size, amount, disc=None):
    """An icon with +N / -N written on it (Life, draw, discard)."""
    base = icon(name, size, disc)
    out = base.copy()
    sign = "-" if name in ("lose_life", "discard") else "+"
    label = common.outlined_text(f"{sign}{amount}", max(8, round(size * 0.5)), (255, 255, 255), INK, None, True)
    out.blit(label, label.get_rect(center=(size // 2, size // 2 + size // 12)))
    return out


def resource_icon(res, size, disc=None):
    return icon(RESOURCE_ICON[res], size, disc)
