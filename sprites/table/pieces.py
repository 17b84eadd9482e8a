"""Little pieces on the map: buildings, dragon tokens, resource tokens.

Drawn with sprites.art.common's supersampled Pen and cached per size and
colour. Dragons carry their letter (colour is never the only cue); Rogue
Dragons are grey with a dashed ring and an "R".
"""
from __future__ import annotations

import functools
import math

import pygame

from sprites import theme
from sprites.art import common
from sprites.table import icons

INK = common.INK


def _house(p, x, y, s, wall, roof):
    w, h = 26 * s, 20 * s
    p.rect_(x - w / 2, y - h / 2, w, h, fill=wall, outline=INK, width=3)
    p.poly([(x - w / 2 - 5 * s, y - h / 2 + 1), (x, y - h / 2 - 17 * s), (x + w / 2 + 5 * s, y - h / 2 + 1)],
           fill=roof, outline=INK, width=3)
    p.rect_(x - 4 * s, y + 1, 8 * s, h / 2 - 1, fill=INK)


def _castle(p, wall, roof):
    p.rect_(22, 44, 56, 36, fill=wall, outline=INK, width=3)
    for x in (16, 66):
        p.rect_(x, 28, 18, 52, fill=wall, outline=INK, width=3)
        p.poly([(x - 3, 29), (x + 9, 10), (x + 21, 29)], fill=roof, outline=INK, width=3)
    p.rect_(40, 36, 20, 44, fill=wall, outline=INK, width=3)
    p.poly([(37, 37), (50, 16), (63, 37)], fill=roof, outline=INK, width=3)
    p.rect_(44, 62, 12, 18, fill=INK, radius=5)


@functools.lru_cache(maxsize=128)
def building(kind, colour, size):
    """'village', 'town' or 'city' in the region's piece colour, on a site disc."""
    colour = common.rgb(colour)
    wall = common.mix(colour, (255, 255, 255), 0.15)
    roof = common.mix(colour, (0, 0, 0), 0.35) if common.is_light(colour) else common.mix(colour, (0, 0, 0), 0.2)

    def paint(p):
        p.circle(50, 50, 46, fill=(236, 222, 186), outline=INK, width=3)
        if kind == "village":
            _house(p, 50, 58, 1.25, wall, roof)
        elif kind == "town":
            _house(p, 34, 62, 0.95, wall, roof)
            _house(p, 66, 50, 0.95, wall, roof)
        elif kind == "city":
            _castle(p, wall, roof)
    return common.supersampled(size, paint)


@functools.lru_cache(maxsize=16)
def empty_site(size):
    def paint(p):
        p.circle(50, 50, 40, fill=(214, 198, 160), outline=(150, 126, 92), width=4)
        p.circle(50, 50, 14, fill=(190, 170, 130))
    return common.supersampled(size, paint)


def _dragon_shape(p, body, edge):
    # wings
    p.poly([(50, 46), (18, 12), (26, 34), (8, 30), (30, 56)], fill=common.mix(body, (0, 0, 0), 0.2),
           outline=edge, width=4)
    p.poly([(50, 46), (82, 12), (74, 34), (92, 30), (70, 56)], fill=common.mix(body, (0, 0, 0), 0.2),
           outline=edge, width=4)
    # tail
    tail = common.bezier((50, 64), (52, 84), (30, 90), (22, 78), 12)
    p.poly(common.ribbon(tail, 10, 2), fill=body, outline=edge, width=3)
    # body, neck and head
    p.ellipse(50, 56, 14, 20, fill=body, outline=edge, width=4)
    p.poly([(44, 44), (50, 20), (56, 44)], fill=body, outline=edge, width=3)
    p.ellipse(50, 20, 8, 10, fill=body, outline=edge, width=3)
    p.poly([(44, 14), (40, 4), (48, 12)], fill=edge)
    p.poly([(56, 14), (60, 4), (52, 12)], fill=edge)


@functools.lru_cache(maxsize=64)
def dragon(colour, letter, size, rogue=False):
    """A dragon silhouette token in a colour, with its letter on a disc."""
    body = (150, 146, 140) if rogue else common.rgb(colour)
    edge = (250, 246, 236) if not common.is_light(body) else INK

    def paint(p):
        if rogue:
            for k in range(12):
                a0 = math.radians(k * 30)
                a1 = math.radians(k * 30 + 18)
                p.line([(50 + 47 * math.cos(a0), 50 + 47 * math.sin(a0)),
                        (50 + 47 * math.cos(a1), 50 + 47 * math.sin(a1))], INK, width=4)
        else:
            p.circle(50, 50, 47, fill=None, outline=common.mix(body, (255, 255, 255), 0.3), width=3)
        _dragon_shape(p, body, edge)
        p.circle(50, 58, 13, fill=(250, 244, 228), outline=INK, width=3)
        p.text("R" if rogue else letter, 50, 58, 17, INK)
    return common.supersampled(size, paint)


@functools.lru_cache(maxsize=256)
def token(res, count, size):
    """A resource token on the board: its icon with a count badge."""
    out = pygame.Surface((size + size // 2, size + size // 3), pygame.SRCALPHA)
    img = icons.resource_icon(res, size, (246, 236, 210))
    if count == 0:
        img = img.copy()
        img.set_alpha(90)
    out.blit(img, (0, 0))
    badge = max(10, round(size * 0.62))
    r = pygame.Rect(0, 0, badge, badge)
    r.bottomright = out.get_width(), out.get_height()
    pygame.draw.circle(out, (40, 28, 18) if count else (150, 136, 116), r.center, badge // 2)
    theme.blit_text(out, str(count), max(10, round(badge * 0.9)), r.center, (255, 248, 230), True, "center")
    return out
