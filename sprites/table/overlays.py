"""What is drawn over the table each frame: the enlarged card under the
mouse, the red message with the engine's reason, and tooltips."""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.table import cardface


def zoom_card(surface, lay, data, cid, anchor):
    """The hovered card, large, just above the hand."""
    w, h = lay.px(196), lay.px(280)
    img = cardface.face(data, cid, w, h)
    r = img.get_rect(midbottom=(anchor.x + lay.px(60), lay.strip.y + lay.px(40)))
    r.clamp_ip(lay.map.union(lay.strip))
    theme.shade(surface, r.move(5, 6), 120)
    surface.blit(img, r)


def toast(surface, lay, text):
    """A message at the top of the map (why a click was not allowed, ...)."""
    size = lay.font(22)
    w = min(lay.map.w - 40, theme.text_width(text, size) + 40)
    lines = theme.wrap(text, size, w - 30)
    h = len(lines) * theme.font(size).get_linesize() + lay.px(20)
    r = pygame.Rect(0, 0, w, h)
    r.midtop = (lay.map.centerx, lay.map.y + lay.px(10))
    theme.panel(surface, r, fill=(120, 30, 24), edge=(250, 210, 120), radius=8)
    theme.blit_wrapped(surface, text, size, r.inflate(-30, -lay.px(18)), theme.WHITE, align="center")


def tooltip(surface, lay, text, anchor):
    """A tooltip next to the mouse (or the element, when the mouse is elsewhere)."""
    size = lay.font(19)
    w = lay.px(340)
    lines = theme.wrap(text, size, w - 16)
    step = theme.font(size).get_linesize()
    r = pygame.Rect(0, 0, w, len(lines) * step + 12)
    mx, my = pygame.mouse.get_pos() if pygame.mouse.get_focused() else anchor.center
    r.topleft = (mx + 16, my + 18)
    if r.right > surface.get_width():
        r.right = mx - 10
    if r.bottom > surface.get_height():
        r.bottom = my - 10
    theme.panel(surface, r, fill=(255, 250, 232), edge=theme.WOOD, radius=5, width=1)
    y = r.y + 6
    for line in lines:
        theme.blit_text(surface, line, size, (r.x + 8, y), theme.INK)
        y += step
