"""Cards: Action Card faces, card backs and Dragon Hex Cards.

A face follows the printed layout the rulebook describes: the region's
colour band with the name and letter on top; the icons in the middle, one
row per alternative (rows separated by a line: do one OR the other), a
condition or cost above a slash; the text at the bottom. Icons taken from
the region sit in a ring of the region's colour, icons from the general
stockpile in a purple ring.

Shapes are drawn supersampled; icons and text are drawn at final size so
that small print stays crisp. Every result is cached.
"""
import math

import pygame

from game.data import ICON_SOURCES

from . import common, icons
from .common import INK, PURPLE, SS, rgb

CARD = (246, 238, 216)
TEXT_BOX = (234, 222, 194)
ANY_BAND = (124, 100, 70)          # "Any Region" cards: a neutral leather brown
NO_RING = {icon for icon, sources in ICON_SOURCES.items() if sources is None}     # icons that take nothing
_cache = {}
common.register_cache(_cache.clear)


def _freeze(v):
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    if isinstance(v, (list, tuple)):
        return tuple(_freeze(x) for x in v)
    return v


def _memo(key, build):
    if key not in _cache:
        if len(_cache) > 1000:
            _cache.clear()
        _cache[key] = build()
    return _cache[key]


def forget():
    """A new game: the faces drawn for the last one go (the hands of a game
    overlap at widths of their own: game after game, their pictures piled up
    here, 9-12 MB a game, until the cache held 1000 of them)."""
    _cache.clear()


# ------------------------------------------------------------ pieces of a card
def _base(w, h, band, band_h):
    """Rounded card with border and colour band, drawn supersampled."""
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    big.fill(INK + (0,))
    r = round(0.07 * w * SS)
    pygame.draw.rect(big, INK, big.get_rect(), border_radius=r)
    inner = big.get_rect().inflate(-2 * SS, -2 * SS)
    pygame.draw.rect(big, CARD, inner, border_radius=r - SS)
    m = round(0.045 * w * SS)
    band_rect = pygame.Rect(m, m, w * SS - 2 * m, round(band_h * SS))
    pygame.draw.rect(big, INK, band_rect.inflate(2 * SS, 2 * SS), border_radius=round(r * 0.6))
    pygame.draw.rect(big, band, band_rect, border_radius=round(r * 0.6))
    pygame.draw.line(big, common.lighten(band, 0.35), (band_rect.x + 2 * SS, band_rect.y + 2 * SS),
                     (band_rect.right - 2 * SS, band_rect.y + 2 * SS), SS)
    return big


def _title(surface, name, rect, colour):
    """Card name fitted into the band; 'Any Region: X' becomes two lines."""
    fg = common.contrast(colour)
    halo = common.darken(colour, 0.5) if fg != INK else common.lighten(colour, 0.5)
    if ":" in name:
        small, big = (part.strip() for part in name.split(":", 1))
        lines = [(small, 0.34), (big, 0.52)]
    else:
        lines = [(name, 0.55)]
    y = rect.y + (rect.h - sum(rect.h * k for _, k in lines)) / 2
    for text, k in lines:
        size = round(rect.h * k * 1.1)
        while size > 7 and common.display_font(size).size(text)[0] > rect.w:
            size -= 1
        img = common.outlined_text(text, size, fg, halo, 1, True, display=True)
        surface.blit(img, img.get_rect(midleft=(rect.x, y + rect.h * k / 2)))
        y += rect.h * k


def _compass(size, colour):
    """Emblem for Any Region cards: a compass rose (any direction will do)."""
    def paint(pen):
        pen.circle(50, 50, 40, fill=common.lighten(colour, 0.55), outline=INK, width=6)
        pts = []
        for k in range(8):
            a = math.radians(-90 + 45 * k)
            r = 44 if k % 2 == 0 else 16
            pts.append((50 + r * math.cos(a), 50 + r * math.sin(a)))
        pen.poly(pts, fill=common.rgb(colour), outline=INK, width=4)
        pen.circle(50, 50, 6, fill=common.lighten(colour, 0.7), outline=INK, width=3)
    return common.supersampled(size, paint)


def _ring(size, colour):
    """The coloured ring that says where an icon takes from."""
    def paint(pen):
        pen.circle(50, 50, 46, fill=rgb(colour), outline=INK, width=5)
        pen.circle(50, 50, 37, fill=(252, 248, 236), outline=INK, width=3)
    return common.supersampled(size, paint)


def _icon_token(effect, size, region_colour):
    """One effect as drawn on a card: its icon, in a ring if it takes from somewhere."""
    name = effect.get("icon")
    amount = effect.get("amount")
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    if name in NO_RING:
        pic = icons.icon(name, size, amount if amount is not None else 1)
        out.blit(pic, (0, 0))
        return out
    ring = PURPLE if effect.get("from") == "stockpile" else region_colour
    out.blit(_ring(size, ring), (0, 0))
    pic = icons.icon(name, round(size * 0.7))
    out.blit(pic, pic.get_rect(center=(size / 2, size / 2)))
    if amount and amount > 1:
        tag = common.outlined_text("x%d" % amount, max(common.MIN_TEXT, round(size * 0.36)), (255, 255, 255), INK, 2,
                                   True)
        out.blit(tag, tag.get_rect(bottomright=(size, size)))
    return out


def _condition_effects(card):
    """The icons drawn above the slash: a condition or a cost."""
    out = []
    cond = card.get("condition") or {}
    for key, value in cond.items():
        if key == "attacked_region":
            out.append({"icon": "attack", "from": "region"})
        elif key == "gained_from_region":
            out += [{"icon": r, "from": "region"} for r in (value or [])]
        elif isinstance(value, dict) and "icon" in value:
            out.append(value)
        elif key == "icon":
            out.append(cond)
            break
    if card.get("discard_other"):
        out.append({"icon": "discard", "amount": card["discard_other"]})
    return out


def _row(surface, effects, cx, cy, size, region_colour, arrows=True):
    """Icons side by side, centred on (cx, cy), with small arrows meaning 'then'."""
    gap = size * ARROW_GAP if arrows else size * 0.08
    total = len(effects) * size + (len(effects) - 1) * gap
    x = cx - total / 2
    for i, effect in enumerate(effects):
        surface.blit(_icon_token(effect, size, region_colour), (round(x), round(cy - size / 2)))
        x += size
        if i < len(effects) - 1:
            if arrows:
                ax, s = x + gap / 2, gap * 0.34
                pygame.draw.polygon(surface, INK, [(ax - s * 0.6, cy - s), (ax + s * 0.8, cy), (ax - s * 0.6, cy + s)])
            x += gap


ARROW_GAP, OR_GAP, SLASH_GAP, COND_SCALE = 0.3, 0.32, 0.42, 0.66


def _draw_icons(surface, card, area, region_colour, or_label=True):
    """The middle of the card: condition above a slash, then the alternatives.

    Everything is measured in units of the icon size, so the icons come out
    as large as the area allows.
    """
    alts = card.get("alternatives") or []
    cond = _condition_effects(card)
    rows = ([(cond, COND_SCALE, 0.08)] if cond else []) + [(alt, 1.0, ARROW_GAP) for alt in alts]
    height = sum(k for _, k, _ in rows) + OR_GAP * max(0, len(alts) - 1) + (SLASH_GAP if cond else 0)
    width = max(k * (len(r) + g * (len(r) - 1)) for r, k, g in rows) if rows else 1
    size = int(min(area.h / max(height, 1), area.w / width, area.w * 0.48))
    y = area.y + (area.h - height * size) / 2
    if cond:
        small = round(size * COND_SCALE)
        _row(surface, cond, area.centerx, y + small / 2, small, region_colour, arrows=False)
        y += small
        # the slash: what must happen first above it, the effect below it
        sy = y + SLASH_GAP * size / 2
        dx, dy = SLASH_GAP * size * 0.45, SLASH_GAP * size * 0.42
        pygame.draw.line(surface, INK, (area.centerx - dx, sy + dy), (area.centerx + dx, sy - dy),
                         max(2, round(size / 11)))
        y += SLASH_GAP * size
    for i, alt in enumerate(alts):
        if i:
            ly = y + OR_GAP * size / 2
            pygame.draw.line(surface, INK, (area.x + area.w * 0.06, ly), (area.right - area.w * 0.06, ly),
                             max(1, round(size / 28)))
            if or_label:            # too small to read on a compact face: the line alone says "or"
                tag = common.outlined_text("OR", max(8, round(size * 0.3)), INK, CARD, 2, True)
                surface.blit(tag, tag.get_rect(center=(area.centerx, ly)))
            y += OR_GAP * size
        _row(surface, alt, area.centerx, y + size / 2, size, region_colour)
        y += size


def _fit_text(text, width, max_h, size):
    """Largest font size (from size down) whose wrapped text fits max_h."""
    while True:
        lines = common.wrap(text, size, width)
        line_h = common.font(size).get_linesize()
        if len(lines) * line_h <= max_h or size <= 8:
            return size, lines, line_h
        size -= 1


def _text_box(surface, fitted, rect):
    """Rules text at the bottom, word-wrapped, centred in a tinted box."""
    size, lines, line_h = fitted
    pygame.draw.rect(surface, TEXT_BOX, rect, border_radius=max(2, rect.w // 24))
    y = rect.centery - len(lines) * line_h / 2 + 1
    for line in lines:
        img = common.text(line, size, INK)
        surface.blit(img, img.get_rect(midtop=(rect.centerx, round(y))))
        y += line_h


def _text_area(text, w, h, m, max_frac):
    """Fit the text first: the icons get whatever height it leaves."""
    fitted = _fit_text(text, w - 2 * round(m) - 8, max_frac * h, max(9, round(w * 0.1)))
    text_h = round(max(0.15 * h, len(fitted[1]) * fitted[2] + 0.035 * h))
    return fitted, pygame.Rect(round(m), h - round(m) - text_h, w - 2 * round(m), text_h)


# ------------------------------------------------------------ public
def card_face(card, size, region_colour=None, region_letter=None):
    """An Action Card face.

    card: {"name", "region" (a name, or None / "any"), "text", "alternatives":
    [[{"icon", "from": "region"|"stockpile", "amount"}, ...], ...],
    "condition": {...} or None, optional "discard_other"}.
    region_colour / region_letter: the title region's colour and letter
    (ignored for Any Region cards). size: (width, height).
    """
    w, h = size
    key = ("face", _freeze(card), (w, h), rgb(region_colour) if region_colour else None, region_letter)
    return _memo(key, lambda: _build_face(card, w, h, region_colour, region_letter))


def _build_face(card, w, h, region_colour, region_letter):
    region = card.get("region")
    any_region = not region or region == "any" or region_colour is None
    band = ANY_BAND if any_region else rgb(region_colour)
    band_h = 0.19 * h
    big = _base(w, h, band, band_h)
    out = pygame.transform.smoothscale(big, (w, h))
    m = 0.045 * w
    emblem_size = round(band_h * 0.82)
    emblem = _compass(emblem_size, band) if any_region else icons.shield(region_letter or "?", band, emblem_size)
    out.blit(emblem, emblem.get_rect(midright=(w - m - 0.02 * w, m + band_h / 2)))
    _title(out, card.get("name", "?"), pygame.Rect(round(m + 0.05 * w), round(m), round(w - 2 * m - 0.1 * w - emblem_size),
                                                   round(band_h)), band)
    text = card.get("text", "")
    if "{region}" in text:
        text = text.replace("{region}", region if not any_region else "your dragon's region")
    fitted, text_rect = _text_area(text, w, h, m, 0.36)
    _text_box(out, fitted, text_rect)
    top = m + band_h + 0.03 * h
    icon_area = pygame.Rect(round(m), round(top), w - 2 * round(m), round(text_rect.y - top - 0.02 * h))
    _draw_icons(out, card, icon_area, band)
    return common.finish(out)


def compact_face(card, size, text_size, region_colour=None, region_letter=None, shown_w=None):
    """An Action Card for a small space (Card Selection Track, a hand in a
    small window): the name at a readable ``text_size`` on the region's
    colour band, the region letter on a badge (so colour is never the only
    cue), and the icons as large as the rest allows. The rules text is left
    out: the tooltip and the enlarged card show it. ``shown_w``: only that
    much of the card's left edge shows (an overlapping hand): if the name
    does not fit across it, it runs up the edge, like a book's spine."""
    w, h = size
    key = ("compact", _freeze(card), (w, h), text_size, rgb(region_colour) if region_colour else None, region_letter,
           shown_w)
    if shown_w is not None:             # the whole face, drawn once, with the name up its edge
        return _memo(key, lambda: _spine(compact_face(card, size, text_size, region_colour, region_letter),
                                         compact_name(card, region_colour), _band_colour(card, region_colour),
                                         text_size, shown_w))
    return _memo(key, lambda: _build_compact(card, w, h, text_size, region_colour, region_letter))


def compact_hex_face(dragon, colour, letter, size, text_size, shown_w=None):
    """A Dragon Hex Card for a small space: its name, the dragon's letter and the hex glyph."""
    w, h = size
    key = ("compact_hex", dragon, rgb(colour), letter, (w, h), text_size, shown_w)
    if shown_w is not None:
        return _memo(key, lambda: _spine(compact_hex_face(dragon, colour, letter, size, text_size), "Dragon Hex",
                                         rgb(colour), text_size, shown_w))
    return _memo(key, lambda: _build_compact_hex(rgb(colour), letter, w, h, text_size))


def spine_lines(name, text_size, size, shown_w):
    """Where and in which lines a card of ``size`` writes its name up its left
    edge when only ``shown_w`` pixels of it show: (rect, lines), or None when
    the name reads across that much (or the whole card shows). As many lines
    as the edge is wide; the badge at the bottom corner stays clear."""
    w, h = size
    m = max(2, round(0.045 * w))
    font = common.display_font(text_size)
    across = common.wrap(name, text_size, w - 2 * m - 6, display=True) or (name,)
    if shown_w is None or shown_w >= w or max(font.size(x)[0] for x in across) + m + 6 <= shown_w:
        return None
    badge = common.font(text_size, True).get_height() + 4
    height = h - 2 * m - badge - 3
    lines = common.wrap(name, text_size, height - 6, display=True) or (name,)
    lines = lines[:max(1, (shown_w - 2 * m - 4) // font.get_linesize())]
    return pygame.Rect(m, m, len(lines) * font.get_linesize() + 6, height), lines


def _spine(face, name, band, text_size, shown_w):
    """The face with its name up the left edge, if ``spine_lines`` says so."""
    spine = spine_lines(name, text_size, face.get_size(), shown_w)
    if spine is None:
        return face
    rect, lines = spine
    font = common.display_font(text_size)
    out = face.copy()
    w = face.get_width()
    across = common.wrap(name, text_size, w - 2 * rect.x - 6, display=True) or (name,)
    out.fill(band, pygame.Rect(rect.x + 2, rect.y + 3, w - 2 * rect.x - 4, len(across) * font.get_linesize()))
    pygame.draw.rect(out, INK, rect.inflate(2, 2), border_radius=4)
    pygame.draw.rect(out, band, rect, border_radius=4)
    fg = common.contrast(band)
    room = rect.h - 6
    x = rect.x + (rect.w - len(lines) * font.get_linesize()) // 2
    for line in lines:               # read from the bottom up; a name too long loses its end, never its start
        img = pygame.transform.rotate(common.render(font, line, fg), 90)
        shown = min(img.get_height(), room)
        out.blit(img, (x, rect.bottom - 3 - shown), pygame.Rect(0, img.get_height() - shown, img.get_width(), shown))
        x += font.get_linesize()
    return out


def _compact_band(w, h, band, name, text_size):
    """Card base with a band tall enough for the name's lines; returns (surface, band bottom)."""
    m = max(2, round(0.045 * w))
    lines = common.wrap(name, text_size, w - 2 * m - 6, display=True) or [name]
    name_font = common.display_font(text_size)
    line_h = name_font.get_linesize()
    band_h = len(lines) * line_h + 4
    out = pygame.transform.smoothscale(_base(w, h, band, band_h), (w, h))
    fg = common.contrast(band)
    y = m + 2
    for line in lines:          # from the left: in an overlapping hand the left edge is what shows
        img = common.render(name_font, line, fg)
        out.blit(img, (m + 3, y))
        y += line_h
    return out, m + band_h, m


def _any_region(card, region_colour):
    region = card.get("region")
    return not region or region == "any" or region_colour is None


def _band_colour(card, region_colour):
    return ANY_BAND if _any_region(card, region_colour) else rgb(region_colour)


def compact_name(card, region_colour):
    """The name a compact face shows (Any Region cards say "Any: X")."""
    name = card.get("name", "?")
    if _any_region(card, region_colour) and ":" in name:
        name = "Any: " + name.split(":", 1)[1].strip()
    return name


def _build_compact(card, w, h, text_size, region_colour, region_letter):
    any_region = _any_region(card, region_colour)
    band = _band_colour(card, region_colour)
    out, top, m = _compact_band(w, h, band, compact_name(card, region_colour), text_size)
    bw = _tile_badge(out, "*" if any_region else (region_letter or "?"), band, text_size, m, h - m)
    area = pygame.Rect(m + bw + 1, top + 2, w - 2 * m - bw - 1, h - top - m - 3)
    if area.h > 6:
        _draw_icons(out, card, area, band, or_label=False)
    return common.finish(out)


def _build_compact_hex(colour, letter, w, h, text_size):
    out, top, m = _compact_band(w, h, colour, "Dragon Hex", text_size)
    bw = _tile_badge(out, letter, colour, text_size, m, h - m)
    glyph_size = max(6, min(w - 2 * m - bw, h - top - m - 4))

    def paint(pen):
        icons.paint_hex(pen, fill=colour, arrow=(196, 40, 34))
    glyph = common.supersampled(glyph_size, paint)
    out.blit(glyph, glyph.get_rect(center=(m + bw + (w - 2 * m - bw) / 2, (top + h - m) / 2)))
    return common.finish(out)


def _tile_badge(surface, letter, colour, text_size, x, bottom):
    """The region (or dragon) letter on a disc of its colour, in the corner: returns its width."""
    f = common.font(text_size, True)
    d = f.get_height() + 4
    rect = pygame.Rect(x, bottom - d, d, d)
    pygame.draw.circle(surface, rgb(colour), rect.center, d // 2)
    pygame.draw.circle(surface, INK, rect.center, d // 2, 1)
    img = common.render(f, letter, common.contrast(colour))
    surface.blit(img, img.get_rect(center=rect.center))
    return d


def card_back(region, colour, letter, size):
    """The back of an Action Card: its back region's colour, emblem and name."""
    w, h = size
    key = ("back", region, rgb(colour), letter, (w, h))
    return _memo(key, lambda: _build_back(region, rgb(colour), letter, w, h))


def _build_back(region, colour, letter, w, h):
    fg = common.contrast(colour)
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    big.fill(INK + (0,))
    r = round(0.07 * w * SS)
    pygame.draw.rect(big, INK, big.get_rect(), border_radius=r)
    pygame.draw.rect(big, colour, big.get_rect().inflate(-2 * SS, -2 * SS), border_radius=r - SS)
    # a lattice of faint diamonds, like a printed card back
    step = w * SS / 6
    tone = common.mix(colour, fg, 0.12)
    for k in range(-12, 13):
        x = k * step
        pygame.draw.line(big, tone, (x, 0), (x + h * SS, h * SS), SS)
        pygame.draw.line(big, tone, (x + h * SS, 0), (x, h * SS), SS)
    m = round(0.07 * w * SS)
    pygame.draw.rect(big, fg, big.get_rect().inflate(-2 * m, -2 * m), max(1, SS), border_radius=r // 2)
    pygame.draw.rect(big, fg, big.get_rect().inflate(-2 * m - 4 * SS, -2 * m - 4 * SS), max(1, SS // 2),
                     border_radius=r // 2)
    out = pygame.transform.smoothscale(big, (w, h))
    # a dragon in the background, the region's shield in front of it
    from .pieces import dragon_token
    ghost = dragon_token(common.mix(colour, fg, 0.25), "", round(w * 0.9)).copy()
    ghost.fill((255, 255, 255, 70), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(ghost, ghost.get_rect(center=(w / 2, h * 0.44)))
    emblem = icons.shield(letter, colour, round(w * 0.46))
    out.blit(emblem, emblem.get_rect(center=(w / 2, h * 0.45)))
    size = round(w * 0.12)
    while size > common.MIN_TEXT and common.display_size(region, size)[0] > w * 0.8:
        size -= 1
    # on a small back the name would be too small to read: the shield's letter says it
    if size >= common.MIN_TEXT and common.display_size(region, size)[0] <= w * 0.8:
        title = common.display_text(region, size, fg,
                                    common.darken(colour, 0.4) if fg != INK else common.lighten(colour, 0.4))
        out.blit(title, title.get_rect(center=(w / 2, h * 0.8)))
    return common.finish(out)


def hex_card_face(dragon, colour, letter, size):
    """A Dragon Hex Card: the hex glyph in the dragon's colour."""
    w, h = size
    key = ("hexcard", dragon, rgb(colour), letter, (w, h))
    return _memo(key, lambda: _build_hex_card(dragon, rgb(colour), letter, w, h))


def _build_hex_card(dragon, colour, letter, w, h):
    band_h = 0.19 * h
    out = pygame.transform.smoothscale(_base(w, h, colour, band_h), (w, h))
    m = 0.045 * w
    badge = _letter_badge(letter, colour, round(band_h * 0.78))
    out.blit(badge, badge.get_rect(midright=(w - m - 0.02 * w, m + band_h / 2)))
    _title(out, "Dragon Hex", pygame.Rect(round(m + 0.05 * w), round(m), round(w * 0.66), round(band_h)), colour)
    glyph_size = round(min(w * 0.74, h * 0.42))

    def paint(pen):
        icons.paint_hex(pen, fill=colour, arrow=(196, 40, 34))
    glyph = common.supersampled(glyph_size, paint)
    out.blit(glyph, glyph.get_rect(center=(w / 2, m + band_h + 0.03 * h + glyph_size / 2)))
    fitted, rect = _text_area("%s Dragon: use the Action Hex in your region." % dragon, w, h, m, 0.24)
    _text_box(out, fitted, rect)
    return common.finish(out)


def _letter_badge(letter, colour, size):
    light = common.luminance(colour) > 0.6
    fill, ink = (INK, colour) if light else ((250, 244, 226), common.darken(colour, 0.2))

    def paint(pen):
        pen.circle(50, 50, 44, fill=fill, outline=INK, width=6)
        pen.text(letter, 50, 52, 62, colour=ink)
    return common.supersampled(size, paint)


def any_region_emblem(size, colour=ANY_BAND):
    """The compass emblem used on Any Region cards (for legends and panels)."""
    return _compass(size, colour)
