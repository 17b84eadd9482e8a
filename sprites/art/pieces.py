"""Pieces on the map: buildings, empty sites, resource tokens, dragons.

All functions return cached Surfaces; blit them centred on the spot from
MapGeometry (surface.get_rect(center=spot)).
"""
import math

import pygame

from . import common, icons
from .common import INK, bezier, cached, kept, ribbon, supersampled

BUILDINGS = ("village", "town", "city")
CREAM = (250, 244, 226)


def roof_colour(colour):
    """A roof that stands out from the walls, whatever the piece colour."""
    lum = common.luminance(colour)
    if lum > 0.6:
        return (168, 58, 40)          # pale walls: brick-red roofs
    if lum < 0.12:
        return (168, 170, 178)        # black walls: light slate roofs
    return common.darken(colour, 0.5)


def _window(colour):
    # lit windows on dark walls, dark windows on pale ones
    return (250, 206, 96) if common.luminance(colour) < 0.3 else common.darken(colour, 0.55)


def _house(pen, x, y, s, body, roof):
    """A house in the box (x, y, s): walls, roof, door and a window."""
    def P(px, py):
        return (x + px * s / 100, y + py * s / 100)
    pen.poly([P(20, 50), P(20, 92), P(80, 92), P(80, 50), P(50, 24)], fill=body, outline=INK, width=7 * s / 100 + 2)
    pen.poly([P(8, 55), P(50, 12), P(92, 55), P(82, 62), P(50, 31), P(18, 62)], fill=roof,
             outline=INK, width=7 * s / 100 + 2)
    pen.poly([P(28, 50), P(50, 27), P(52, 31), P(30, 53)], fill=common.lighten(roof, 0.3))
    pen.rect_(x + 42 * s / 100, y + 68 * s / 100, 16 * s / 100, 24 * s / 100, fill=_window(body))
    pen.rect_(x + 62 * s / 100, y + 60 * s / 100, 11 * s / 100, 11 * s / 100, fill=_window(body))


def _city(pen, body, roof):
    win = _window(body)
    for tx in (8, 68):      # two towers with cone roofs
        pen.rect_(tx, 34, 24, 60, fill=body, outline=INK, width=6)
    pen.rect_(26, 52, 48, 42, fill=body, outline=INK, width=6)          # curtain wall
    for mx in (26, 38, 50, 62):                                        # battlements
        pen.rect_(mx, 44, 8, 9, fill=body, outline=INK, width=4)
    pen.rect_(26, 52, 48, 42, fill=body)
    for tx in (8, 68):
        pen.rect_(tx, 34, 24, 60, fill=body)
        pen.poly([(tx - 5, 36), (tx + 12, 2), (tx + 29, 36)], fill=roof, outline=INK, width=6)
        pen.poly([(tx + 3, 34), (tx + 12, 13), (tx + 14, 16), (tx + 7, 34)], fill=common.lighten(roof, 0.3))
        pen.rect_(tx + 8, 50, 8, 12, fill=win, radius=3)
    pen.rect_(41, 70, 18, 24, fill=INK, radius=8)                       # gate
    pen.rect_(43, 72, 14, 22, fill=common.darken(win, 0.2), radius=7)
    pen.line([(20, 2), (20, -8)], INK, 3)


@cached(sizes=("size",))
def building(kind, colour, size):
    """village (a house), town (two houses) or city (walls and towers).

    Walls in the region's piece colour, a contrasting roof, dark outline;
    a soft shadow underneath so the piece lifts off the map.
    """
    if kind not in BUILDINGS:
        raise KeyError("unknown building %r; known: %s" % (kind, ", ".join(BUILDINGS)))
    body, roof = common.rgb(colour), roof_colour(colour)

    def paint(pen):
        pen.ellipse(52, 93, 44, 7, fill=(0, 0, 0, 70))
        if kind == "village":
            _house(pen, 6, 4, 88, body, roof)
        elif kind == "town":
            _house(pen, 0, 0, 66, body, roof)
            _house(pen, 34, 28, 68, body, roof)
        else:
            _city(pen, body, roof)
    return supersampled(size, paint)


@cached(sizes=("size",))
def empty_site(size):
    """A faint dashed ring: a printed space on the map where a settlement can grow."""
    def paint(pen):
        pen.circle(50, 50, 40, fill=(250, 244, 226, 70))
        for k in range(12):
            a0 = 2 * math.pi * k / 12
            pts = [(50 + 40 * math.cos(a0 + t * 0.32), 50 + 40 * math.sin(a0 + t * 0.32)) for t in range(4)]
            pen.line(pts, (60, 44, 30, 150), 3.5)
    return supersampled(size, paint)


@cached()
def count_badge(count, size, colour=INK):
    """A rounded badge with a number (how many tokens lie on a spot): at least
    ``size`` high, its digits never under the smallest readable text (MIN_TEXT)."""
    muted = count == 0
    digits = common.outlined_text(str(count), max(common.MIN_TEXT, round(size * 0.8)), CREAM,
                                  (140, 130, 120) if muted else common.rgb(colour), 1, True)
    box = pygame.mask.from_surface(digits).get_bounding_rects()[0]
    h = max(size, box.h + 5)
    w = max(h, box.w + 7)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(out, CREAM, out.get_rect(), border_radius=h // 2)
    pygame.draw.rect(out, (140, 130, 120) if muted else common.rgb(colour), out.get_rect().inflate(-4, -4),
                     border_radius=(h - 4) // 2)
    out.blit(digits, (w // 2 - box.centerx, h // 2 - box.centery))
    return out


@cached(sizes=("size",))
def icon_with_count(name, count, size, disc=True):
    """An icon (any of icons.ICONS) on a token disc with a count badge.

    The surface is at least 1.4 x size so the badge fits (more where the
    badge's readable digits need it); the icon sits in its centre, so blit
    it centred on the spot. A count of 0 fades the icon: the spot is still
    there, just empty.
    """
    badge = count_badge(count, round(size * 0.56)) if count is not None else None
    bx, by = size * 0.44, size * 0.42                   # the badge's centre, from the icon's centre
    side = round(size * 1.4)
    if badge is not None:
        side = max(side, 2 * round(max(bx + badge.get_width() / 2, by + badge.get_height() / 2)) + 2)
    out = pygame.Surface((side, side), pygame.SRCALPHA)
    c = side // 2
    if disc:
        def paint(pen):
            pen.circle(50, 50, 46, fill=CREAM if count else (226, 218, 198), outline=INK, width=5)
        base = supersampled(size, paint)
        out.blit(base, base.get_rect(center=(c, c)))
    pic = icons.icon(name, round(size * (0.82 if disc else 1.0))).copy()
    if count == 0:
        pic.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(pic, pic.get_rect(center=(c, c)))
    if badge is not None:
        out.blit(badge, badge.get_rect(center=(round(c + bx), round(c + by))))
    return common.finish(out)


def token_reach(size):
    """How far a resource token of ``size`` (icon_with_count) is drawn from its
    spot: (left, top, right, bottom) in pixels, with a two-digit count (its
    badge pokes out to the lower right, more so on small tokens)."""
    img = icon_with_count("gold", 10, size)
    box, c = img.get_bounding_rect(), img.get_width() // 2
    return c - box.left, c - box.top, box.right - c, box.bottom - c


def resource_icon(kind, size):
    """livestock (sheep), gold (coins), noble (crowned head), field (wheat)."""
    return icons.icon(kind, size)


# ------------------------------------------------------------ dragons
def _mirror(points):
    return [(100 - x, y) for x, y in points]


def _dragon_parts():
    """Top-down flying dragon in the 100 box: (polygons, bone lines)."""
    wing = [(43, 40), (30, 24), (20, 16), (2, 20), (6, 32), (4, 44), (12, 48), (14, 60),
            (24, 58), (29, 68), (36, 60), (45, 60)]
    bones = [[(43, 40), (22, 20)], [(22, 20), (4, 43)], [(22, 20), (14, 59)], [(22, 20), (29, 66)]]
    head = [(50, 3), (43, 10), (41, 19), (45, 27), (55, 27), (59, 19), (57, 10)]
    horn = [(44, 14), (34, 4), (37, 13), (43, 21)]
    body = [(50, 22)] + bezier((50, 22), (64, 30), (62, 62), (50, 72), 10)[1:] + \
        bezier((50, 72), (38, 62), (36, 30), (50, 22), 10)[1:]
    tail = ribbon(bezier((50, 66), (62, 80), (36, 84), (54, 97), 14), 11, 2)
    spade = [(54, 90), (62, 99), (50, 99)]
    legs = [[(42, 62), (35, 70)], [(58, 62), (65, 70)], [(43, 36), (35, 40)], [(57, 36), (65, 40)]]
    polys = [wing, _mirror(wing), tail, spade, body, head, horn, _mirror(horn)]
    return polys, bones + [_mirror(b) for b in bones], legs


@cached(sizes=("size",))
@kept                   # (the title's seats: 2 ms each to draw, read back at the next start)
def dragon_token(colour, letter, size, rogue=False):
    """A dragon silhouette (wings, tail) in the player's colour.

    Ink outline plus an inner contrasting outline, so any dragon reads on
    any land; its letter sits on a badge on the back. A rogue dragon is grey
    and hatched in its colour, with a skull badge instead of the letter.
    """
    colour = common.rgb(colour)
    light = common.luminance(colour) > 0.6     # only the white dragon
    fill = (150, 146, 138) if rogue else colour
    edge = colour if rogue else ((70, 56, 44) if light else CREAM)
    polys, bones, legs = _dragon_parts()

    def paint(pen):
        for p in polys:                                    # drop shadow: it flies
            pen.poly([(x + 3, y + 5) for x, y in p], fill=(0, 0, 0, 60))
        for l in legs:
            pen.line(l, INK, 9)
        for p in polys:
            pen.poly(p, outline=INK, width=8)
        for p in polys:
            pen.poly(p, outline=edge, width=3.5)
        for p in polys:
            pen.poly(p, fill=fill)
        for l in legs:
            pen.line(l, fill, 4)
        if rogue:
            _hatch(pen, polys, common.darken(colour, 0.15) if not light else (96, 92, 86))
        for b in bones:
            pen.line(b, common.darken(fill, 0.35) if not common.luminance(fill) < 0.1 else (110, 110, 120), 2)
        pen.circle(45, 10, 1.6, fill=(250, 200, 60))
        pen.circle(55, 10, 1.6, fill=(250, 200, 60))
        if rogue:
            pen.circle(50, 47, 15, fill=INK, outline=CREAM, width=3)
            icons.paint_skull(icons.sub(pen, 37, 34, 26))
        elif letter:
            badge, ink = (INK, colour) if light else (CREAM, common.darken(colour, 0.2))
            pen.circle(50, 47, 15, fill=badge, outline=INK, width=3)
            pen.text(letter, 50, 48.5, 24, colour=ink)
    return supersampled(size, paint)


def _hatch(pen, polys, colour):
    """Diagonal hatching clipped to the silhouette (marks a rogue dragon)."""
    w, h = pen.surface.get_size()
    shape = pygame.Surface((w, h), pygame.SRCALPHA)
    Pen = common.Pen
    sp = Pen(shape, pen.rect)
    for p in polys:
        sp.poly(p, fill=(255, 255, 255, 255))
    lines = pygame.Surface((w, h), pygame.SRCALPHA)
    lp = Pen(lines, pen.rect)
    for k in range(-100, 100, 9):
        lp.line([(k, 0), (k + 100, 100)], common.rgb(colour) + (255,), 3.2, round_ends=False)
    lines.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pen.surface.blit(lines, (0, 0))
