"""The illustrated map: parchment, sea, coasts, land, mountains, forests, names.

render_map() draws everything that never changes during a game into one
Surface, once per map size; the table then only blits it (about 1 ms at
1600 x 900) and puts pieces on top. Drawing it takes 60-150 ms, so a window
that has idle moments draws it in steps between them (``map_steps``) and
shows a plain sketch of the same coasts meanwhile (``sketch_map``).
"""
import math
import random

import pygame

from . import common, icons
from .common import INK, rgb

SEA = (112, 158, 170)
SEA_LINE = (84, 128, 142)
SHALLOW = (150, 190, 190)
COAST = (58, 50, 44)
PAPER_TONE = (232, 222, 200)     # the parchment layer's average colour
MAP_SS = 2           # the vector layer is drawn at twice the size, then smoothed
_cache = {}
common.register_cache(_cache.clear)


def render_map(geometry, lands, letters, piece_colours=None, seed=7):
    """The map background for a MapGeometry, as a Surface of geometry.rect's size.

    lands: {region: land colour}; letters: {region: emblem letter};
    piece_colours: {region: colour} for the emblems (defaults to the land).
    Blit it at geometry.rect.topleft.
    """
    steps = map_steps(geometry, lands, letters, piece_colours, seed)
    for _ in steps:
        pass
    return cached_map(geometry, lands, letters, piece_colours, seed)


def _key(geometry, lands, letters, piece_colours, seed):
    piece_colours = piece_colours or lands
    return (tuple(geometry.rect), geometry.ring, seed,
            tuple(sorted((k, rgb(v)) for k, v in lands.items())),
            tuple(sorted(letters.items())),
            tuple(sorted((k, rgb(v)) for k, v in piece_colours.items())))


def cached_map(geometry, lands, letters, piece_colours=None, seed=7):
    """render_map's picture if it has been drawn, else None."""
    return _cache.get(_key(geometry, lands, letters, piece_colours, seed))


def map_steps(geometry, lands, letters, piece_colours=None, seed=7):
    """render_map in steps of at most 10-20 ms: a generator; once it is exhausted,
    render_map (and cached_map) give the picture at once."""
    key = _key(geometry, lands, letters, piece_colours, seed)
    if key in _cache:
        return
    out = yield from _draw(geometry, lands, letters, piece_colours or lands, seed)
    if len(_cache) > 4:              # a resized window makes the old maps useless
        _cache.clear()
    _cache[key] = out


def sketch_map(geometry, lands, letters, piece_colours=None):
    """The map's coasts and names on a plain sea (a few ms): shown until render_map's picture is drawn."""
    piece_colours = piece_colours or lands
    ox, oy = geometry.rect.topleft
    out = pygame.Surface(geometry.rect.size)
    out.fill(SEA)
    for name, pts in geometry.polygons.items():
        pts = [(x - ox, y - oy) for x, y in pts]
        pygame.draw.polygon(out, rgb(lands[name]), pts)
        pygame.draw.aalines(out, COAST, True, pts)
    _frame(out, geometry.scale)
    _labels(out, geometry, lands, letters, piece_colours)
    out.fill(PAPER_TONE, special_flags=pygame.BLEND_MULT)      # about the picture's parchment: no flash when it comes
    return out.convert() if pygame.display.get_surface() else out


def _draw(geo, lands, letters, piece_colours, seed):
    """The picture, drawn in steps (a generator: its value is the picture)."""
    rng = random.Random(seed)
    w, h = geo.rect.size
    big = pygame.Surface((w * MAP_SS, h * MAP_SS))
    ox, oy = geo.rect.topleft
    polys = {n: [((x - ox) * MAP_SS, (y - oy) * MAP_SS) for x, y in p] for n, p in geo.polygons.items()}
    u = MAP_SS * geo.scale                      # one "design pixel" on the big canvas
    big.fill(SEA)
    yield from _sea_bands(big, polys.values(), u)
    for name, pts in polys.items():
        _land(big, pts, rgb(lands[name]), u)
        yield
    for name in geo.ring:
        geo.decor_of(name)
        yield
    for name, spots in geo.decor.items():
        land = rgb(lands[name])
        for x, y, r in spots:
            cx, cy, rr = (x - ox) * MAP_SS, (y - oy) * MAP_SS, r * MAP_SS
            (_mountains if rng.random() < 0.45 else _forest)(big, cx, cy, rr, land, rng)
    yield
    for name in geo.ring:
        _tufts(big, geo, lands, rng, name)
        yield
    _frame(big, u)
    out = pygame.transform.smoothscale(big, (w, h))
    yield
    _waves(out, geo, rng)
    _dragon_spots(out, geo)
    _labels(out, geo, lands, letters, piece_colours)
    yield
    out.blit(_parchment(w, h, rng), (0, 0), special_flags=pygame.BLEND_MULT)
    return out.convert() if pygame.display.get_surface() else out      # opaque: fastest blit


# ------------------------------------------------------------ sea and land
def _stroke(surface, colour, pts, width):
    """A closed outline with round joints (pygame's thick lines have none)."""
    pygame.draw.lines(surface, colour, True, pts, max(1, round(width)))
    r = width / 2
    for p in pts[::2]:
        pygame.draw.circle(surface, colour, p, r)


def _sea_bands(big, polys, u):
    """Shallow water around every coast, ringed by thin ripple lines (a generator:
    a step per band and pass)."""
    bands = ((26, SEA), (17, common.mix(SEA, SHALLOW, 0.35)), (9, common.mix(SEA, SHALLOW, 0.7)))
    for dist, colour in bands:
        for pts in polys:
            _stroke(big, SEA_LINE, pts, 2 * (dist + 1.2) * u)
        yield
        for pts in polys:
            _stroke(big, colour, pts, 2 * dist * u)
            pygame.draw.polygon(big, colour, pts)
        yield


def _land(big, pts, land, u):
    """Land in its colour, a darker rim inside the coast, an ink coastline."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(min(xs) - 4, min(ys) - 4, max(xs) - min(xs) + 8, max(ys) - min(ys) + 8)
    local = [(x - box.x, y - box.y) for x, y in pts]
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(layer, land, local)
    for width, t in ((16, 0.05), (9, 0.1), (4, 0.16)):      # rim shading, strongest at the coast
        _stroke(layer, common.darken(land, t), local, 2 * width * u)
    cut = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(cut, (255, 255, 255, 255), local)
    layer.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)   # keep the rim inside the land
    big.blit(layer, box.topleft)
    _stroke(big, COAST, pts, 2.6 * u)


def _mountains(big, cx, cy, r, land, rng):
    """Two or three peaks, lit from the left, snow on the tall ones."""
    count = rng.choice((2, 3, 3))
    peaks = sorted(((cx + (k - (count - 1) / 2) * 0.62 * r + rng.uniform(-0.1, 0.1) * r,
                     rng.uniform(0.85, 1.3) * r) for k in range(count)), key=lambda p: -p[1])
    base = cy + 0.6 * r
    lw = max(2, round(r / 11))
    lit, shade = common.mix(land, (240, 232, 210), 0.5), common.darken(land, 0.35)
    for px, ph in peaks:                                 # tallest first, the others in front
        top = (px, base - ph)
        half = ph * 0.62
        pygame.draw.polygon(big, INK, [(px, top[1] - lw), (px - half - lw, base + lw * 0.5),
                                       (px + half + lw, base + lw * 0.5)])
        pygame.draw.polygon(big, lit, [top, (px - half, base), (px + half * 0.1, base)])
        pygame.draw.polygon(big, shade, [top, (px + half * 0.1, base), (px + half, base)])
        if ph > 1.0 * r:                                 # snow cap with a ragged edge
            k = 0.32
            y = top[1] + ph * k
            snow = [top, (px - half * k, y), (px - half * k * 0.4, y - ph * 0.06),
                    (px + half * k * 0.1, y + ph * 0.02), (px + half * k * 0.6, y - ph * 0.05),
                    (px + half * k, y)]
            pygame.draw.polygon(big, (248, 246, 238), snow)
        for j in range(3):                               # hatching on the shadow side
            t = 0.45 + 0.17 * j
            a = (px + half * t * 0.35, base - ph * (1 - t))
            pygame.draw.line(big, common.darken(land, 0.55), a, (a[0] + half * 0.35, base - lw), max(1, lw // 2))


def _forest(big, cx, cy, r, land, rng):
    """A clump of trees: round broadleaves or pointed firs."""
    firs = rng.random() < 0.5
    green = common.mix(land, (52, 104, 48), 0.7)
    dark = common.darken(green, 0.35)
    lw = max(2, round(r / 14))
    trees = sorted(((cx + rng.uniform(-0.7, 0.7) * r, cy + rng.uniform(-0.3, 0.4) * r,
                     rng.uniform(0.42, 0.6) * r) for _ in range(rng.randint(4, 6))), key=lambda t: t[1])
    for x, y, s in trees:
        pygame.draw.line(big, INK, (x, y), (x, y + s * 0.9), lw * 2)
        if firs:
            for k in range(3):
                top = y - s * (1.5 - 0.5 * k)
                tri = [(x, top), (x - s * (0.5 + 0.2 * k), top + s * 0.9), (x + s * (0.5 + 0.2 * k), top + s * 0.9)]
                pygame.draw.polygon(big, INK, [(px, py + (lw if i == 0 else 0)) for i, (px, py) in enumerate(tri)])
                inner = [(tri[0][0], tri[0][1] + lw * 1.6), (tri[1][0] + lw * 1.4, tri[1][1] - lw * 0.7),
                         (tri[2][0] - lw * 1.4, tri[2][1] - lw * 0.7)]
                pygame.draw.polygon(big, green, inner)
                pygame.draw.polygon(big, dark, [inner[0], ((inner[0][0] + inner[2][0]) / 2 + lw, inner[2][1]),
                                                inner[2]])
        else:
            pygame.draw.circle(big, INK, (x, y - s * 0.2), s * 0.62 + lw)
            pygame.draw.circle(big, green, (x, y - s * 0.2), s * 0.62)
            pygame.draw.circle(big, dark, (x + s * 0.18, y - s * 0.08), s * 0.4)
            pygame.draw.circle(big, common.lighten(green, 0.25), (x - s * 0.2, y - s * 0.38), s * 0.2)


def _tufts(big, geo, lands, rng, name):
    """Little grass tufts on a region's open land, the way old maps fill their plains.

    They keep clear of every spot where a piece, token, label or drawing
    goes, so they never compete with the game.
    """
    ox, oy = geo.rect.topleft
    pad = geo.site_radius * 0.6
    free = geo.land_mask(name)
    spots = [(x, y, geo.site_radius) for x, y in geo.sites[name]]
    spots += [(x, y, geo.token_radius * 1.4) for x, y in geo.resource_spots[name].values()]
    spots += [geo.dragon_spots[name] + (geo.dragon_radius,)] + list(geo.decor[name])
    for x, y, r in spots:
        r = round(r + pad)
        free.erase(pygame.mask.Mask((2 * r, 2 * r), fill=True), (round(x - ox) - r, round(y - oy) - r))
    label = geo.label_rects[name].inflate(2 * pad, 2 * pad).move(-ox, -oy)
    free.erase(pygame.mask.Mask(label.size, fill=True), label.topleft)
    coast = pygame.mask.Mask((round(2 * pad), round(2 * pad)), fill=True)
    colour = common.darken(lands[name], 0.4)
    box = geo.land_mask(name).get_bounding_rects()[0]
    n = int(free.count() / (geo.site_radius * 3.5) ** 2)
    s = geo.site_radius * 0.42 * MAP_SS
    lw = max(1, round(MAP_SS * geo.scale))
    for _ in range(n * 20):
        if n <= 0:
            break
        x, y = rng.randint(box.left, box.right - 1), rng.randint(box.top, box.bottom - 1)
        if free.overlap_area(coast, (x - round(pad), y - round(pad))) < coast.count():
            continue                                  # too near the coast or a spot
        n -= 1
        free.erase(coast, (x - round(pad), y - round(pad)))
        bx, by = x * MAP_SS, y * MAP_SS
        for dx, tilt in ((-0.5, -0.35), (0, 0), (0.5, 0.35)):
            pygame.draw.line(big, colour, (bx + dx * s, by), (bx + dx * s * 1.4 + tilt * s, by - s * (0.9 - abs(dx) * 0.4)), lw)


def _frame(big, u):
    """A double ink rule round the map, like a printed chart."""
    r = big.get_rect()
    pygame.draw.rect(big, INK, r, max(2, round(5 * u)))
    pygame.draw.rect(big, INK, r.inflate(-round(18 * u), -round(18 * u)), max(1, round(1.6 * u)))


# ------------------------------------------------------------ final-size details
def _waves(out, geo, rng):
    """Little wave marks where the sea is open (never on land or the hex)."""
    w, h = out.get_size()
    blocked = pygame.mask.Mask((w, h))
    for name in geo.ring:
        blocked.draw(geo.land_mask(name), (0, 0))
    s = max(4, round(7 * geo.scale))
    clear = pygame.mask.Mask((4 * s + 16, 2 * s + 12), fill=True)     # the mark plus sea around it
    cx, cy = geo.center[0] - geo.rect.x, geo.center[1] - geo.rect.y
    reach = geo.inner * 1.05
    colour = common.darken(SEA, 0.25)
    placed = []
    for _ in range(900):
        x, y = rng.uniform(20, w - 20), rng.uniform(20, h - 20)
        if math.hypot(x - cx, y - cy) < reach + 4 * s:
            continue
        if any(abs(x - px) < 10 * s and abs(y - py) < 5 * s for px, py in placed):
            continue
        cw, ch = clear.get_size()
        if blocked.overlap(clear, (round(x) - cw // 2, round(y) - ch // 2)):
            continue
        placed.append((x, y))
        for dx in (-s, s):
            rect = pygame.Rect(0, 0, 2 * s, 2 * s)
            rect.center = (x + dx, y + s * 0.5)
            pygame.draw.arc(out, colour, rect, math.radians(20), math.radians(160), max(1, round(s / 4)))
        if len(placed) > 60:
            break


def _dragon_spots(out, geo):
    """A faint printed ring where a dragon lands in each region."""
    r = round(geo.dragon_radius * 1.02)
    ring = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    for k in range(16):
        a = 2 * math.pi * k / 16
        p0 = (r + 2 + r * math.cos(a), r + 2 + r * math.sin(a))
        p1 = (r + 2 + r * math.cos(a + 0.22), r + 2 + r * math.sin(a + 0.22))
        pygame.draw.line(ring, (60, 40, 30, 120), p0, p1, max(1, round(geo.scale * 2)))
    for name, (x, y) in geo.dragon_spots.items():
        out.blit(ring, ring.get_rect(center=(x - geo.rect.x, y - geo.rect.y)))


def _labels(out, geo, lands, letters, piece_colours):
    """Region name in display lettering, with the region's shield."""
    for name, rect in geo.label_rects.items():
        rect = rect.move(-geo.rect.x, -geo.rect.y)
        emblem = icons.shield(letters[name], rgb(piece_colours[name]), rect.h)
        out.blit(emblem, (rect.x, rect.y))
        size = geo.label_size
        while size > 8 and common.display_size(name, size)[0] > rect.w - rect.h:
            size -= 1
        title = common.display_text(name, size, INK, common.lighten(lands[name], 0.55))
        out.blit(title, title.get_rect(midleft=(rect.x + rect.h, rect.centery)))


def _parchment(w, h, rng):
    """A multiply layer: blotchy paper, fine grain, darker towards the edges."""
    def noise(cw, ch, lo, hi):
        small = pygame.Surface((cw, ch))
        for x in range(cw):
            for y in range(ch):
                v = rng.randint(lo, hi)
                small.set_at((x, y), (v, v - 4, v - 12))
        return pygame.transform.smoothscale(small, (w, h))

    paper = noise(max(2, w // 90), max(2, h // 90), 226, 255)
    paper.blit(noise(max(2, w // 18), max(2, h // 18), 236, 255), (0, 0), special_flags=pygame.BLEND_MULT)
    # vignette: a few nested translucent frames, then blurred by scaling
    small = pygame.Surface((64, 36), pygame.SRCALPHA)
    small.fill((255, 255, 255))
    for k in range(7):
        v = 214 + k * 6
        pygame.draw.rect(small, (v, v - 6, v - 16), small.get_rect().inflate(-2 * k, -2 * k), 1)
    paper.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0), special_flags=pygame.BLEND_MULT)
    for _ in range(w * h // 900):                        # specks in the paper
        x, y = rng.randrange(w), rng.randrange(h)
        v = rng.randint(170, 225)
        paper.set_at((x, y), (v, v - 8, v - 20))
    return paper
