"""What is drawn over the table each frame: the enlarged card under the
mouse, banners (the engine's reason for a refused click, the hint), the
mark on what the hint suggests, and tooltips."""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.table import cardface

HINT_COLOUR = (70, 200, 230)


ZOOM = (240, 343)          # the enlarged card: its rules text readable at any window size


def zoom_rect(lay, anchor, avoid=()):
    """Where the enlarged card of a hovered hand or track card goes: above it, or
    the nearest place along the map's foot that leaves ``avoid`` (what its preview
    marks on the map) in sight."""
    room = lay.map.union(lay.strip)
    r = pygame.Rect(0, 0, *ZOOM)
    r.midbottom = (anchor.x + lay.px(60), lay.strip.y + lay.px(40))
    r = r.clamp(room)
    if not avoid:
        return r
    spots = [r.move(x - r.x, 0) for x in range(room.x, room.right - r.w + 1, lay.px(20))]
    spots.sort(key=lambda c: abs(c.x - r.x))            # the nearest of the places that hide the fewest
    return min([r] + spots, key=lambda c: len(c.collidelistall(avoid)))


def zoom_card(surface, lay, data, cid, anchor, avoid=()):
    """The hovered card, large, just above the hand (and off its preview's marks)."""
    r = zoom_rect(lay, anchor, avoid)
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


def banner_rect(lay, text, top):
    """Where ``banner`` puts ``text`` at ``top``."""
    size = lay.font(22)
    w = min(lay.map.w - 40, theme.text_width(text, size) + 40)
    lines = theme.wrap(text, size, w - 30)
    r = pygame.Rect(0, 0, w, len(lines) * theme.font(size).get_linesize() + lay.px(20))
    r.midtop = (lay.map.centerx, top)
    return r


def banner(surface, lay, text, top, hint=False, note=False):
    """A message at the top of the map (why a click was not allowed, the
    hint, ...); returns the y below it, for the next banner."""
    size = lay.font(22)
    r = banner_rect(lay, text, top)
    if hint:
        theme.panel(surface, r, fill=(24, 70, 86), edge=HINT_COLOUR, radius=8, width=3)
    elif note:
        theme.panel(surface, r, fill=theme.WOOD, edge=theme.GOLD, radius=8)
    else:
        theme.panel(surface, r, fill=(120, 30, 24), edge=(250, 210, 120), radius=8)
    theme.blit_wrapped(surface, text, size, r.inflate(-30, -lay.px(18)), theme.WHITE, align="center")
    return r.bottom + lay.px(6)


def hint_mark(surface, lay, rect, visible=None, row=False):
    """A bright outline and a "HINT" tag on what the hint suggests clicking. For a
    hand card that the next card overlaps, ``visible`` is the part that shows: the
    outline goes under the next card, as the card itself does. ``row``: one of a
    list's rows (a Lair Action), whose tag goes inside its right end, not over the
    row above."""
    r = pygame.Rect(rect).inflate(lay.px(8), lay.px(8))
    visible = pygame.Rect(visible) if visible is not None else pygame.Rect(rect)
    clip = surface.get_clip()
    if visible.right < pygame.Rect(rect).right:
        surface.set_clip(pygame.Rect(r.x, r.y, visible.right - r.x, r.h).clip(clip))
    pygame.draw.rect(surface, HINT_COLOUR, r, max(3, lay.px(4)), border_radius=8)
    surface.set_clip(clip)
    size = lay.font(16)
    box = pygame.Rect(0, 0, theme.text_width("HINT", size, True) + lay.px(10),
                      theme.font(size, True).get_height() + lay.px(4))
    if row:
        box.midright = (r.right - lay.px(8), r.centery)
    else:
        box.midbottom = (visible.centerx, r.y + 2)  # above the outline: the card's name stays readable
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (24, 70, 86), box, border_radius=5)
    pygame.draw.rect(surface, HINT_COLOUR, box, 2, border_radius=5)
    theme.blit_text(surface, "HINT", size, box.center, theme.WHITE, True, "center")


def tooltip_lines(lay, text, extra=None):
    """(font size, [(line, colour)]): the element's words, then a preview's (``extra``) in blue."""
    size = lay.font(19)
    w = lay.px(340) if not extra else lay.px(400)
    lines = [(line, theme.INK) for line in theme.wrap(text, size, w - 16)]
    if extra:
        lines += [(line, theme.BLUE) for line in theme.wrap(extra, size, w - 16)]
    w = min(w, max((theme.text_width(line, size) for line, _ in lines), default=w) + 16)    # short tip, small box
    return size, w, lines


def tooltip_rect(lay, text, anchor, pointer, screen, extra=None, avoid=()):
    """Where a tooltip goes: beside the element in a column or a row of the
    panels (so that it never covers the rows next to it); on the map, beside
    the pointer (or the small thing it points at) and inside the map, never
    over the columns at its sides, and if it can, off the rects in ``avoid``
    (the first ones before the others: see ``_on_map``)."""
    size, w, lines = tooltip_lines(lay, text, extra)
    r = pygame.Rect(0, 0, w, len(lines) * theme.font(size).get_linesize() + 12 + (6 if extra else 0))
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
        return _on_map(lay, r, anchor, pointer, screen, avoid), lines, size
    return r.clamp(screen), lines, size


def _on_map(lay, r, anchor, pointer, screen, avoid=()):
    """A tooltip for something on the map: below or above, right or left of the
    pointer (of the whole thing, if it is small), else beside it, inside the map if it fits;
    off every rect in ``avoid`` if a place allows, else off the first ones."""
    mx, my = pointer if pointer else anchor.center
    small = anchor.w <= lay.px(80) and anchor.h <= lay.px(80)
    box = anchor if small else pygame.Rect(mx - 8, my - 8, 16, 18)
    area = lay.map if r.h <= lay.map.h and r.w <= lay.map.w else pygame.Rect(
        lay.left.right, 0, lay.right.x - lay.left.right, screen.h)
    gap = lay.px(6)
    spots = [("topleft", (box.right + gap, box.bottom + gap)), ("topright", (box.x - gap, box.bottom + gap)),
             ("bottomleft", (box.right + gap, box.y - gap)), ("bottomright", (box.x - gap, box.y - gap)),
             ("midleft", (box.right + gap, box.centery)), ("midright", (box.x - gap, box.centery))]
    for a in avoid:                                 # or just above or below what a preview marks
        spots += [("midbottom", (mx, min(a.y, box.y) - gap)), ("midtop", (mx, max(a.bottom, box.bottom) + gap))]
    fits = []
    for attr, pos in spots:
        c = r.copy()
        setattr(c, attr, pos)
        if attr.startswith("mid"):
            c.clamp_ip(pygame.Rect(area.x, c.y, area.w, c.h))
        if area.contains(c) and not c.colliderect(box):
            if c.collidelist(list(avoid)) < 0:
                return c
            fits.append(c)
    if fits:
        return min(fits, key=lambda c: [c.colliderect(a) for a in avoid])
    c = r.copy()
    c.topleft = (box.right + gap, box.bottom + gap)
    return c.clamp(area).clamp(screen)


def tooltip(surface, lay, text, anchor, pointer=None, extra=None, avoid=()):
    """Draw the tooltip for an element (see tooltip_rect) and a preview's words
    (``extra``) below, in blue; returns its rect."""
    r, lines, size = tooltip_rect(lay, text, anchor, pointer, surface.get_rect(), extra, avoid)
    theme.panel(surface, r, fill=(255, 250, 232), edge=theme.WOOD, radius=5, width=1)
    y = r.y + 6
    step = theme.font(size).get_linesize()
    for k, (line, colour) in enumerate(lines):
        if k and colour != lines[k - 1][1]:
            y += 6
            pygame.draw.line(surface, (214, 196, 156), (r.x + 8, y - 4), (r.right - 8, y - 4))
        theme.blit_text(surface, line, size, (r.x + 8, y), colour)
        y += step
    return r


def century_rect(lay, title, text):
    """Where a new century's banner goes: across the map's upper half."""
    head = lay.font(34)
    size = lay.font(20)
    w = min(lay.map.w - 2 * lay.pad, max(lay.px(520), theme.text_width(title, head, True) + lay.px(60),
                                         theme.text_width(text, size) // 3 + lay.px(40)))      # long: wider, fewer lines
    lines = theme.wrap(text, size, w - lay.px(40))
    h = theme.font(head, True).get_linesize() + len(lines) * theme.font(size).get_linesize() + lay.px(28)
    box = pygame.Rect(0, 0, w, h)
    box.center = (lay.map.centerx, lay.map.y + lay.map.h // 4)
    return box.clamp(lay.map)


def century_banner(surface, lay, title, text):
    """A new century's banner (see century_rect): its title large, a line below."""
    head = lay.font(34)
    size = lay.font(20)
    box = century_rect(lay, title, text)
    w = box.w
    theme.shade(surface, box.move(5, 6), 120)
    theme.panel(surface, box, fill=theme.WOOD, edge=theme.GOLD, radius=10, width=3)
    y = box.y + lay.px(10)
    r = theme.blit_text(surface, title, head, (box.centerx, y), theme.GOLD, True, "midtop", w - lay.px(20))
    theme.blit_wrapped(surface, text, size, pygame.Rect(box.x + lay.px(20), r.bottom + lay.px(4), w - lay.px(40),
                                                        box.bottom - r.bottom), theme.WHITE, align="center")
    return box


SUMMARY_TITLE = "Since your last turn"


def _disc_r(size):
    """The radius of the dragon's disc before a summary line: its letter fits, 12 px or more."""
    return max(theme.font(size).get_linesize() // 2, theme.font(theme.min_font(), True).get_height() // 2 + 2)


def summary_rows(lines, size, width):
    """The summary's lines ([(seat or None, words)]) wrapped: [(seat on its first row, words, first row?)]."""
    indent = 2 * _disc_r(size) + 6
    return [(seat if k == 0 else None, part, k == 0) for seat, text in lines
            for k, part in enumerate(theme.wrap(text, size, width - indent))]


def summary_height(rows, size, gap):
    step = max(theme.font(size).get_linesize(), 2 * _disc_r(size) + 2)
    return len(rows) * step + gap * max(0, sum(first for _, _, first in rows) - 1)


def draw_summary_rows(surface, rows, x, y, size, colour, dragons, gap, edge=theme.INK):
    """A summary's rows, each dragon's line after a disc with its colour and letter
    (``edge``: the disc's rim, to stand out from the background)."""
    r = _disc_r(size)
    step = max(theme.font(size).get_linesize(), 2 * r + 2)
    for k, (seat, part, first) in enumerate(rows):
        if first and k:
            y += gap
        if seat is not None:
            d = dragons[seat]
            c = (x + r + 1, y + step // 2)
            pygame.draw.circle(surface, edge, c, r + 1)
            pygame.draw.circle(surface, theme.rgb(d.colour), c, r - 1)
            theme.blit_text(surface, d.letter, theme.min_font(), c, theme.on(d.colour), True, "center")
        theme.blit_text(surface, part, size, (x + 2 * r + 6, y + (step - theme.font(size).get_linesize()) // 2),
                        colour)
        y += step
    return y


def summary_rects(lay, lines, strip, open_=True):
    """(box, close button, rows shown) of "since your last turn": folded, the one-line
    ``strip`` above the log in the right column (the map stays clear); opened by a click,
    a panel over that column from the strip down, going up the column if it needs the
    room; lines that do not fit are left to the log."""
    size = lay.font(19)
    head = strip.h
    foot = lay.line(16) + lay.px(14)
    column = lay.right.inflate(-lay.pad, -lay.pad)
    rows = summary_rows(lines, size, strip.w - lay.px(24)) if open_ else []
    if open_:
        room = column.h - head - foot
        while rows and summary_height(rows, size, lay.px(4)) > room:
            rows = rows[:max(i for i, (_, _, first) in enumerate(rows) if first)]      # whole lines only
        box = pygame.Rect(strip.x, strip.y, strip.w, head + summary_height(rows, size, lay.px(4)) + foot)
        box.bottom = min(box.bottom, column.bottom)
        box.top = max(box.top, column.top)
    else:
        box = pygame.Rect(strip)
    c = max(lay.line(19), lay.px(24))
    return box, pygame.Rect(box.right - c - lay.px(5), box.y + (head - c) // 2, c, c), rows


def summary_panel(surface, lay, lines, dragons, strip, hot_close=False, open_=True):
    """The "since your last turn" strip, or its panel (see summary_rects); ``dragons``: each seat's dragon."""
    box, close, rows = summary_rects(lay, lines, strip, open_)
    if open_:
        theme.shade(surface, box.move(5, 6), 120)
    theme.panel(surface, box, fill=theme.PANEL, edge=theme.GOLD, radius=8, width=3 if open_ else 2)
    x = box.x + lay.px(10)
    size = lay.font(19)
    title_y = box.y + (strip.h - theme.font(size, True).get_linesize()) // 2
    if open_:
        theme.blit_text(surface, SUMMARY_TITLE, size, (x, title_y), theme.WOOD, True, width=close.x - x - lay.px(6))
        y = draw_summary_rows(surface, rows, x, box.y + strip.h, size, theme.INK, dragons, lay.px(4))
        left = sum(1 for _, _, first in summary_rows(lines, size, box.w - lay.px(24))[len(rows):] if first)
        note = (f"{left} more line{'s' if left > 1 else ''} in the log. " if left else "") + "Click to fold it."
        theme.blit_text(surface, note, lay.font(16), (x, y + lay.px(4)), theme.MUTED, width=box.w - lay.px(20))
    else:                            # the title, then a disc for each dragon it tells of
        room = close.x - x - lay.px(6)
        title = next((t for t in (SUMMARY_TITLE, "Since last turn") if theme.text_width(t, size, True) <= room),
                     "News")
        r = theme.blit_text(surface, title, size, (x, title_y), theme.WOOD, True, width=room)
        radius = _disc_r(size)
        cx = r.right + lay.px(6) + radius
        for seat in dict.fromkeys(seat for seat, _ in lines if seat is not None):
            if cx + radius > close.x - lay.px(4):
                break
            d = dragons[seat]
            pygame.draw.circle(surface, theme.INK, (cx, box.centery), radius + 1)
            pygame.draw.circle(surface, theme.rgb(d.colour), (cx, box.centery), radius - 1)
            theme.blit_text(surface, d.letter, theme.min_font(), (cx, box.centery), theme.on(d.colour), True, "center")
            cx += 2 * radius + lay.px(3)
    pygame.draw.rect(surface, theme.RED if hot_close else theme.WOOD, close, border_radius=5)
    theme.blit_text(surface, "x", lay.font(19), close.center, theme.WHITE, True, "center")
    return box
