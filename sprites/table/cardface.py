"""Action Cards, Dragon Hex Cards and card backs, drawn at any size (cached).

A face: the title band in the region's colour with the card's name and
region (colour is never the only cue), the icons of each alternative in
rows separated by a line ("do one OR the other"), and the card's text.
A back shows its region's colour, emblem letter and name.
"""
from __future__ import annotations

import functools

import pygame

from sprites import theme
from sprites.art import common
from sprites.table import icons

ANY = (123, 63, 160)           # Any Region cards: the stockpile purple
_DATA = {}                     # id(data) -> data: GameData is not hashable


def _key(data):
    _DATA[id(data)] = data
    return id(data)


def _region(data, name):
    return next(r for r in data.regions if r.name == name)


def _frame(w, h, fill, edge):
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(4, w // 14)
    pygame.draw.rect(surf, theme.rgb(edge), surf.get_rect(), border_radius=r)
    pygame.draw.rect(surf, theme.rgb(fill), surf.get_rect().inflate(-4, -4), border_radius=r - 1)
    return surf


def _icon_row(surf, card, alt, rect, colour):
    n = len(alt)
    size = min(rect.h, (rect.w - 4) // max(1, n) - 2)
    x = rect.centerx - (n * (size + 2) - 2) // 2
    for e in alt:
        disc = ANY if e.source == "stockpile" else (colour if e.source == "region" else None)
        if e.icon in ("lose_life", "gain_life", "draw", "discard"):
            img = icons.icon_with_amount(e.icon, size, e.amount, disc)
        else:
            img = icons.icon(e.icon, size, disc)
        surf.blit(img, (x, rect.centery - size // 2))
        x += size + 2


@functools.lru_cache(maxsize=1024)
def _face(data_id, cid, w, h):
    data = _DATA[data_id]
    card = data.cards[cid]
    if card.is_hex:
        return _hex_face(data, card, w, h)
    colour = theme.rgb(_region(data, card.region).colour) if card.region else ANY
    surf = _frame(w, h, (250, 242, 222), theme.mix(colour, (0, 0, 0), 0.45))
    band_h = max(18, round(h * 0.24))
    band = pygame.Rect(3, 3, w - 6, band_h)
    pygame.draw.rect(surf, colour, band, border_top_left_radius=max(3, w // 16),
                     border_top_right_radius=max(3, w // 16))
    fg = theme.on(colour)
    big = max(10, round(h * 0.105))
    small = max(9, round(h * 0.08))
    name = card.name.split(": ", 1)[-1] if card.region is None else card.name
    theme.blit_text(surf, name, big, (w // 2, band.y + 2), fg, True, "midtop", w - 8)
    theme.blit_text(surf, card.region or "Any Region", small, (w // 2, band.bottom - 2), fg, False,
                    "midbottom", w - 8)
    alts = card.alternatives
    text_h = round(h * 0.3) if h >= 120 else 0
    area = pygame.Rect(4, band.bottom + 3, w - 8, h - band.bottom - 6 - text_h)
    row_h = area.h // max(1, len(alts))
    for k, alt in enumerate(alts):
        row = pygame.Rect(area.x, area.y + k * row_h, area.w, row_h)
        _icon_row(surf, card, alt, row.inflate(0, -4), colour)
        if k:
            pygame.draw.line(surf, theme.MUTED, (row.x + 6, row.y), (row.right - 6, row.y), 2)
    if text_h:
        tr = pygame.Rect(6, h - text_h - 2, w - 12, text_h)
        pygame.draw.line(surf, theme.mix(colour, (250, 242, 222), 0.5), (tr.x, tr.y - 2), (tr.right, tr.y - 2), 1)
        theme.blit_wrapped(surf, card.text, max(9, round(h * 0.072)), tr, theme.INK, line_gap=0.9,
                           align="center")
    return common.finish(surf)


def _hex_face(data, card, w, h):
    dragon = next(d for d in data.dragons if d.name == card.hex_dragon)
    colour = theme.rgb(dragon.colour)
    surf = _frame(w, h, (52, 40, 34), theme.mix(colour, (255, 230, 160), 0.3))
    cx, cy, r = w / 2, h * 0.48, min(w, h) * 0.3
    import math
    pts = [(cx + r * math.cos(math.radians(30 + 60 * i)), cy + r * math.sin(math.radians(30 + 60 * i)))
           for i in range(6)]
    pygame.draw.polygon(surf, (196, 160, 96), pts)
    pygame.draw.polygon(surf, colour, pts, max(2, w // 30))
    pygame.draw.polygon(surf, (200, 40, 30), [(cx, cy - r * 0.6), (cx - r * 0.3, cy), (cx + r * 0.3, cy)])
    big = max(10, round(h * 0.1))
    theme.blit_text(surf, "Dragon Hex", big, (w // 2, 6), (250, 230, 180), True, "midtop", w - 8)
    theme.blit_text(surf, f"{dragon.name} ({dragon.letter})", max(9, round(h * 0.08)), (w // 2, h - 6),
                    (250, 230, 180), False, "midbottom", w - 8)
    return common.finish(surf)


@functools.lru_cache(maxsize=64)
def _back(data_id, region, w, h):
    data = _DATA[data_id]
    if region is None:
        surf = _frame(w, h, (70, 52, 40), (30, 20, 12))
        theme.blit_text(surf, "?", max(12, h // 3), (w // 2, h // 2), (200, 180, 150), True, "center")
        return common.finish(surf)
    reg = _region(data, region)
    colour = theme.rgb(reg.colour)
    surf = _frame(w, h, theme.mix(colour, (60, 40, 30), 0.25), theme.mix(colour, (0, 0, 0), 0.5))
    inner = surf.get_rect().inflate(-w // 5, -h // 5)
    pygame.draw.rect(surf, theme.mix(colour, (255, 255, 255), 0.2), inner, max(1, w // 40), border_radius=6)
    fg = theme.on(colour)
    theme.blit_text(surf, reg.letter, max(14, round(h * 0.34)), (w // 2, h // 2 - h // 12), fg, True, "center")
    theme.blit_text(surf, region, max(9, round(h * 0.11)), (w // 2, h - h // 7), fg, True, "center", w - 6)
    return common.finish(surf)


def face(data, cid, w, h):
    return _face(_key(data), cid, int(w), int(h))


def back(data, region, w, h):
    """The back of a card of ``region`` (None: an unknown card)."""
    return _back(_key(data), region, int(w), int(h))
