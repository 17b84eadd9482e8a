"""What is drawn over the table each frame: the enlarged card under the
mouse, banners (the engine's reason for a refused click, the hint), the
mark on what the hint suggests, and tooltips."""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.table import cardface

HINT_COLOUR = (70, 200, 230)


ZOOM = (240, 343)          # the enlarged card: its rules text readable at any window size


def zoom_rect(lay, anchor):
    """Where the enlarged card of a hovered hand or track card goes: above it."""
    r = pygame.Rect(0, 0, *ZOOM)
    r.midbottom = (anchor.x + lay.px(60), lay.strip.y + lay.px(40))
    return r.clamp(lay.map.union(lay.strip))


def zoom_card(surface, lay, data, cid, anchor):
    """The hovered card, large, just above the hand."""
    r = zoom_rect(lay, anchor)
    img = cardface.face(data, cid, r.w, r.h)
    theme.shade(surface, r.move(5, 6), 120)
    surface.blit(img, r)


def zoom_beside(surface, lay, data, cid, box):
    """The enlarged card beside a dialog (a card of the Scheme draft under the pointer)."""
    r = pygame.Rect(0, 0, *ZOOM)
    r.midleft = (box.right + lay.pad, box.centery)
    if r.right > surface.get_width():
        r.midright = (box.x - lay.pad, box.centery)
    r.clamp_ip(surface.get_rect())
    theme.shade(surface, r.move(5, 6), 120)
    surface.blit(cardface.face(data, cid, r.w, r.h), r)


def banner(surface, lay, text, top, hint=False, note=False):
    """A message at the top of the map (why a click was not allowed, the
    hint, ...); returns the y below it, for the next banner."""
    size = lay.font(22)
    w = min(lay.map.w - 40, theme.text_width(text, size) + 40)
    lines = theme.wrap(text, size, w - 30)
    h = len(lines) * theme.font(size).get_linesize() + lay.px(20)
    r = pygame.Rect(0, 0, w, h)
    r.midtop = (lay.map.centerx, top)
    if hint:
        theme.panel(surface, r, fill=(24, 70, 86), edge=HINT_COLOUR, radius=8, width=3)
    elif note:
        theme.panel(surface, r, fill=theme.WOOD, edge=theme.GOLD, radius=8)
    else:
        theme.panel(surface, r, fill=(120, 30, 24), edge=(250, 210, 120), radius=8)
    theme.blit_wrapped(surface, text, size, r.inflate(-30, -lay.px(18)), theme.WHITE, align="center")
    return r.bottom + lay.px(6)


def hint_mark(surface, lay, rect):
    """A bright outline and a "HINT" tag on what the hint suggests clicking."""
    r = pygame.Rect(rect).inflate(lay.px(8), lay.px(8))
    pygame.draw.rect(surface, HINT_COLOUR, r, max(3, lay.px(4)), border_radius=8)
    tag = theme.text("HINT", lay.font(16), theme.WHITE, True)
    box = tag.get_rect().inflate(lay.px(10), lay.px(4))
    box.midbottom = (r.centerx, r.y + 2)            # above the outline: the card's name stays readable
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (24, 70, 86), box, border_radius=5)
    pygame.draw.rect(surface, HINT_COLOUR, box, 2, border_radius=5)
    surface.blit(tag, tag.get_rect(center=box.center))


def tooltip_rect(lay, text, anchor, pointer, screen):
    """Where a tooltip goes: beside the element in a column or a row of the
    panels (so that it never covers the rows next to it), near the pointer
    on the map."""
    size = lay.font(19)
    w = lay.px(340)
    lines = theme.wrap(text, size, w - 16)
    r = pygame.Rect(0, 0, w, len(lines) * theme.font(size).get_linesize() + 12)
    anchor = pygame.Rect(anchor)
    gap = lay.px(10)
    if lay.left.contains(anchor):
        r.midleft = (anchor.right + gap, anchor.centery)
    elif lay.right.contains(anchor):
        r.midright = (anchor.x - gap, anchor.centery)
    elif lay.prompt.colliderect(anchor):
        r.midtop = (anchor.centerx, anchor.bottom + gap)
    elif lay.hand.colliderect(anchor) or lay.strip.colliderect(anchor):
        zoom = zoom_rect(lay, anchor)            # beside the enlarged card, above the row
        r.bottomleft = (zoom.right + gap, anchor.y - gap)
        if r.right > screen.right:
            r.bottomright = (zoom.x - gap, anchor.y - gap)
    else:
        mx, my = pointer if pointer else anchor.center
        r.topleft = (mx + 16, my + 18)
        if r.right > screen.right:
            r.right = mx - 10
        if r.bottom > screen.bottom:
            r.bottom = my - 10
    return r.clamp(screen), lines, size


def tooltip(surface, lay, text, anchor, pointer=None):
    """Draw the tooltip for an element (see tooltip_rect); returns its rect."""
    r, lines, size = tooltip_rect(lay, text, anchor, pointer, surface.get_rect())
    theme.panel(surface, r, fill=(255, 250, 232), edge=theme.WOOD, radius=5, width=1)
    y = r.y + 6
    step = theme.font(size).get_linesize()
    for line in lines:
        theme.blit_text(surface, line, size, (r.x + 8, y), theme.INK)
        y += step
    return r
