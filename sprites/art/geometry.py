"""Map layout: where the Action Hex, the regions and every spot on them sit.

The hex sits in the middle of the map rect. It is pointy-topped, so its six
sides face left, upper-left, upper-right, right, lower-right and lower-left;
the region at ring index i lies in the direction its hex side points
(screen angle 180 + 60 * i degrees, clockwise, y down), between the two rays
that leave the hex through the vertices of that side. Each landmass is a
star-shaped outline pulled inwards by smooth noise from that wedge, so the
coasts look hand drawn, and every region stays inside its own (shrunk) wedge:
regions can never overlap and a strait of sea always runs between them.

Sites, the dragon spot, the resource tokens and the label are then placed
one by one on a bit mask of free land (pygame.mask), each at the free spot
nearest its preferred position, so nothing overlaps anything else or the
coast, whatever the shape and size of the map (on the crowded land of a
small map the tokens go right under the label, the two as one box).
"""
import functools
import math
import random

import pygame

from game.data import RESOURCES

from . import common, pieces

SEED = 1783          # fixed: the same coastlines on every run and machine
SAMPLES = 360        # points per coastline
WAVES = ((2, 1.0), (3, .8), (4, .6), (5, .5), (7, .4), (9, .3), (12, .22),
         (16, .15), (23, .1), (31, .06), (45, .04), (61, .025))      # the coast's noise: (frequency, weight)


def ring_angle(i):
    """Screen angle (radians, clockwise from +x, y down) of ring position i."""
    return math.radians(180 + 60 * i)


def _unit(a):
    return math.cos(a), math.sin(a)


def _clip(poly, nx, ny, d):
    """Sutherland-Hodgman: keep the part of a convex poly with n.p >= d."""
    out = []
    for j, p in enumerate(poly):
        q = poly[(j + 1) % len(poly)]
        fp = nx * p[0] + ny * p[1] - d
        fq = nx * q[0] + ny * q[1] - d
        if fp >= 0:
            out.append(p)
        if (fp >= 0) != (fq >= 0):
            t = fp / (fp - fq)
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return out


def _centroid(poly):
    a = cx = cy = 0.0
    for j, (x0, y0) in enumerate(poly):
        x1, y1 = poly[(j + 1) % len(poly)]
        c = x0 * y1 - x1 * y0
        a += c
        cx += (x0 + x1) * c
        cy += (y0 + y1) * c
    a *= 0.5
    return cx / (6 * a), cy / (6 * a)


def _area(poly):
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]))) / 2


def _ray_exits(poly, px, py, angles):
    """Distance from an inside point along each angle's direction to a convex poly's edge
    (the edges' terms that do not depend on the direction worked out once: the same sums)."""
    edges = []
    for j, (ax, ay) in enumerate(poly):
        bx, by = poly[(j + 1) % len(poly)]
        edges.append((ax - px, ay - py, bx - ax, by - ay))
    out = []
    for a in angles:
        dx, dy = math.cos(a), math.sin(a)
        best = float("inf")
        for rx, ry, ex, ey in edges:
            den = dx * ey - dy * ex
            if abs(den) < 1e-12:
                continue
            t = (rx * ey - ry * ex) / den
            s = (rx * dy - ry * dx) / den
            if t > 0 and -1e-9 <= s <= 1 + 1e-9 and t < best:
                best = t
        out.append(best)
    return out


@functools.lru_cache(maxsize=12)
def _wave_radii(phases):
    """The coast's noise around the ring for these phases: the same at every map size."""
    angles = [2 * math.pi * k / SAMPLES for k in range(SAMPLES)]
    waves = [(f, wt, ph) for (f, wt), ph in zip(WAVES, phases)]
    return tuple(sum(wt * math.sin(f * a + ph) for f, wt, ph in waves) for a in angles)


def _nearest_on_ring(valid, tx, ty, r):
    """(distance squared, x, y) of the set bit nearest (tx, ty) as the crow flies on the square
    ring of radius r around it, the least x then y among equals (the first ring that has room:
    the nearest, not the first in scan order). Each side's points are looked at from its middle
    outwards, in order of distance, until no nearer point is left on any side."""
    vw, vh = valid.get_size()
    best = None
    for d in range(r + 1):
        cost = d * d + r * r
        if best is not None and cost > best[0]:
            break
        for e in {-d, d}:
            for x, y in ((tx + e, ty - r), (tx + e, ty + r), (tx - r, ty + e), (tx + r, ty + e)):
                if 0 <= x < vw and 0 <= y < vh and valid.get_at((x, y)):
                    best = min(best or (cost, x, y), (cost, x, y))
    return best


class _FreeLand:
    """The unused part of one region's land, as a bit mask cropped to it.

    fit() finds where a w x h box can go: the occupied pixels (sea and
    everything placed so far) are dilated by the box with two cheap line
    convolutions, and the nearest clear centre is found by growing a square
    around the target (binary search on its size).
    """

    def __init__(self, land, origin, bounds):
        """``bounds``: the bounding rect of the land's first piece in the mask (its only one)."""
        box = bounds.inflate(4, 4)   # keep a rim of sea
        self.ox, self.oy = origin[0] + box.x, origin[1] + box.y
        self.mask = pygame.mask.Mask(box.size)
        self.mask.draw(land, (-box.x, -box.y))

    def _valid(self, w, h):
        w, h = max(1, round(w)), max(1, round(h))
        occupied = self.mask.copy()
        occupied.invert()
        valid = occupied.convolve(pygame.mask.Mask((w, 1), fill=True))
        valid = valid.convolve(pygame.mask.Mask((1, h), fill=True))
        valid.invert()
        # valid bit (i, j) <=> a box with top-left (i-w+1, j-h+1) is clear
        return valid, (w - 1 - w // 2 - self.ox, h - 1 - h // 2 - self.oy)

    def fit(self, w, h, target):
        """Screen centre nearest target where a w x h box fits, or None."""
        valid, (sx, sy) = self._valid(w, h)
        tx, ty = round(target[0]) + sx, round(target[1]) + sy
        vw, vh = valid.get_size()

        def hit(r):
            return valid.overlap(pygame.mask.Mask((2 * r + 1, 2 * r + 1), fill=True), (tx - r, ty - r))

        lo, hi = 0, max(vw, vh) + abs(tx) + abs(ty)
        if not hit(hi):
            return None
        while lo < hi:
            mid = (lo + hi) // 2
            if hit(mid):
                hi = mid
            else:
                lo = mid + 1
        _, x, y = _nearest_on_ring(valid, tx, ty, lo)
        return x - sx, y - sy

    def random_fit(self, w, h, rng, tries=60):
        valid, (sx, sy) = self._valid(w, h)
        vw, vh = valid.get_size()
        for _ in range(tries):
            x, y = rng.randrange(vw), rng.randrange(vh)
            if valid.get_at((x, y)):
                return x - sx, y - sy
        return None

    def take(self, w, h, centre):
        w, h = max(1, round(w)), max(1, round(h))
        self.mask.erase(pygame.mask.Mask((w, h), fill=True),
                        (round(centre[0]) - self.ox - w // 2, round(centre[1]) - self.oy - h // 2))


class MapGeometry:
    """Positions (in screen pixels) of everything drawn on the map.

    Attributes, all keyed by region name:
      polygons[r]       coastline points
      sites[r]          6 settlement site centres
      dragon_spots[r]   centre of the flying-dragon spot
      resource_spots[r] {"livestock"|"gold"|"noble"|"field": centre}
      label_rects[r]    pygame.Rect for the emblem + name
      decor[r]          [(x, y, radius)] free land for mountains / forests (only the
                        background draws them: found the first time it is asked for)
    plus center, hex_radius, site_radius, dragon_radius, token_radius,
    label_size and turn_arrow_pos {"left"|"right": centre}.
    """

    def __init__(self, rect, ring, seed=SEED):
        """``ring``: the region names in ring order (the data's ``ring``)."""
        self.rect = pygame.Rect(rect)
        self.ring = tuple(ring)
        if len(self.ring) != 6:
            raise ValueError("the map needs exactly 6 regions, got %d" % len(self.ring))
        w, h = self.rect.size
        m = min(w, h)
        self.scale = s = min(w / 1000, h / 620)
        self.center = (self.rect.x + w / 2, self.rect.y + h / 2)
        self.hex_radius = 0.14 * m
        self.margin = 0.03 * m          # open sea along the map border
        self.strait = 0.022 * m         # half the narrowest strait between regions
        self.coast_depth = 0.06 * m     # how far bays may cut into a wedge
        self.inner = self.hex_radius * 1.4
        self.site_radius = 17 * s
        self.dragon_radius = 26 * s
        self.token_radius = max(14 * s, 11)      # its count badge has readable digits (12 px)
        self.label_size = max(18, round(28 * s))      # region names stay >= 12 px high
        self.turn_arrow_radius = 0.2 * self.hex_radius
        d = self.hex_radius * 1.24
        cx, cy = self.center
        self.turn_arrow_pos = {   # in the sea just outside the lower hex vertices
            "left": (cx + d * math.cos(math.radians(150)), cy + d * math.sin(math.radians(150))),
            "right": (cx + d * math.cos(math.radians(30)), cy + d * math.sin(math.radians(30))),
        }
        self.polygons, self.sites, self.dragon_spots = {}, {}, {}
        self.resource_spots, self.label_rects = {}, {}
        self._land, self._bounds = {}, {}
        self._decor, self._decor_room = {}, {}
        self.tilt = self._balance()
        for i, name in enumerate(self.ring):
            rng = random.Random(seed * 101 + i)
            self._coast(i, name, rng)
            self._layout(i, name, rng)

    # ------------------------------------------------------------ coastline
    def _boundary(self, j, tilt):
        """Line (point, direction) of the strait after ring position j.

        It leaves the hex at the vertex between sides j and j+1. The two
        vertical straits run straight up and down; the four slanted ones are
        tilted towards the horizontal by `tilt` so that, on a wide map, the
        upper and lower regions get as much land as the left and right ones.
        """
        va = ring_angle(j) + math.radians(30)
        cx, cy = math.cos(va), math.sin(va)
        vertex = (self.hex_radius * cx, self.hex_radius * cy)
        if abs(cx) < 1e-6:
            return vertex, (0.0, math.copysign(1.0, cy))
        return vertex, (math.copysign(math.cos(tilt), cx), math.copysign(math.sin(tilt), cy))

    def _wedge(self, i, tilt=None):
        """Convex area (centre-relative) that region i's land must stay in."""
        tilt = self.tilt if tilt is None else tilt
        hw = self.rect.w / 2 - self.margin
        hh = self.rect.h / 2 - self.margin
        poly = [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]
        ux, uy = _unit(ring_angle(i))
        for j in (i - 1, i):
            (vx, vy), (dx, dy) = self._boundary(j % 6, tilt)
            nx, ny = -dy, dx
            if nx * ux + ny * uy < 0:        # normal must point into region i
                nx, ny = -nx, -ny
            poly = _clip(poly, nx, ny, nx * vx + ny * vy + self.strait)
        return _clip(poly, ux, uy, self.inner)   # coast parallel to the hex side

    def _balance(self):
        """Tilt of the slanted straits that gives regions 0 and 1 equal area."""
        lo, hi = math.radians(8), math.radians(50)
        for _ in range(30):
            mid = (lo + hi) / 2
            if _area(self._wedge(0, mid)) > _area(self._wedge(1, mid)):
                hi = mid
            else:
                lo = mid
        return (lo + hi) / 2

    def _coast(self, i, name, rng):
        wedge = self._wedge(i)
        px, py = _centroid(wedge)
        angles = [2 * math.pi * k / SAMPLES for k in range(SAMPLES)]
        reach = _ray_exits(wedge, px, py, angles)
        # round the wedge's corners: a moving average, never beyond the wedge
        win = 9
        around = reach[-win:] + reach + reach[:win]       # (summed in the same order as around the ring)
        smooth = [min(reach[k], sum(around[k:k + 2 * win + 1]) / (2 * win + 1)) for k in range(SAMPLES)]
        raw = _wave_radii(tuple(rng.uniform(0, 2 * math.pi) for _ in WAVES))
        lo, hi = min(raw), max(raw)
        cx, cy = self.center
        pts = []
        for a, r, v in zip(angles, smooth, raw):
            r = max(r * 0.35, r - self.coast_depth * (v - lo) / (hi - lo))
            pts.append((cx + px + r * math.cos(a), cy + py + r * math.sin(a)))
        self.polygons[name] = pts
        self._land[name], self._bounds[name] = self._land_mask(pts)

    def _land_mask(self, pts):
        """The polygon's land as a bit mask of the map rect, filled in a surface the size of
        its bounding box (a whole map's surface took most of the time): by whole pixels
        from a corner of positive coordinates, so the same pixels are filled."""
        ox = math.floor(min(x for x, _ in pts) - self.rect.x) - 1
        oy = math.floor(min(y for _, y in pts) - self.rect.y) - 1
        w = math.ceil(max(x for x, _ in pts) - self.rect.x) - ox + 2
        h = math.ceil(max(y for _, y in pts) - self.rect.y) - oy + 2
        surf = pygame.Surface((w, h))
        surf.set_colorkey((0, 0, 0))
        pygame.draw.polygon(surf, (255, 255, 255), [(x - self.rect.x - ox, y - self.rect.y - oy) for x, y in pts])
        piece = pygame.mask.from_surface(surf)
        land = pygame.mask.Mask(self.rect.size)
        land.draw(piece, (ox, oy))
        return land, piece.get_bounding_rects()[0].move(ox, oy)

    # ------------------------------------------------------------ layout
    def _layout(self, i, name, rng):
        s = self.scale
        pad = 5 * s
        free = _FreeLand(self._land[name], self.rect.topleft, self._bounds.pop(name))
        ux, uy = _unit(ring_angle(i))
        cx, cy = self.center
        lx, ly = _centroid(self.polygons[name])

        def place(w, h, target, gap):
            # crowded land: give up the padding first, then some of the size
            for k in (1.0, 0.5, 0.0):
                spot = free.fit(w + 2 * k * pad, h + 2 * k * pad, target)
                if spot:
                    break
            else:
                spot = free.fit(0.7 * w, 0.7 * h, target) or free.fit(1, 1, target) or target
            free.take(w + 2 * gap, h + 2 * gap, spot)
            return spot

        # the dragon flies just off the coast that faces the hex
        land = free.mask.copy()            # for crowded land, below: the dragon goes after the label
        d = 2.3 * self.dragon_radius       # the dragon as drawn (mapview: wings to the corners of its box)
        dragon = (cx + ux * self.inner, cy + uy * self.inner)
        self.dragon_spots[name] = place(d, d, dragon, 2 * pad)

        # the label (emblem + name) near the middle of the land
        size = self.label_size
        while True:
            tw, th = common.display_size(name, size)
            lw, lh = tw + th, th          # the emblem is a square of side th
            if free.fit(lw + 4 * pad, lh + 2 * pad, (lx, ly)) or size < 10:
                break
            size -= 2
        spot = place(lw + 2 * pad, lh, (lx, ly), 2 * pad)

        # the four resource tokens on the side away from the hex: in a row, else a
        # 2 x 2 block, else a column. The boxes taken are the tokens as drawn,
        # their count badges (to the lower right) included.
        tr = self.token_radius
        left, top, right, bottom = pieces.token_reach(round(2 * tr))
        pitch = max(2.9 * tr, left + right + 1)
        row_h = max(2.5 * tr, top + bottom + 1)
        shapes = [(cols, (cols - 1) * pitch + left + right, (4 // cols - 1) * row_h + top + bottom)
                  for cols in (4, 2, 1)]
        target = (spot[0] + ux * 1.6 * lh, spot[1] + uy * 1.6 * lh)
        shape = next((sh for sh in shapes if free.fit(sh[1], sh[2], target)), None)
        if shape:
            cols, w, h = shape
            rx, ry = place(w, h, target, 1.5 * pad)
        else:
            # crowded land (a small map): the label with a row (or block) of tokens
            # right under it, as one box; then the dragon where there is room
            free.mask = land
            boxes = [(cols, w, h, max(w, lw + 2 * pad), lh + pad + h) for cols, w, h in shapes[:2]]
            cols, w, h, bw, bh = next((b for b in boxes if free.fit(b[3], b[4], (lx, ly))), boxes[0])
            bx, by = place(bw, bh, (lx, ly), 1.5 * pad)
            spot, (rx, ry) = (bx, by - bh / 2 + lh / 2), (bx, by + bh / 2 - h / 2)
            self.dragon_spots[name] = place(d, d, dragon, 2 * pad)
        self.label_rects[name] = pygame.Rect(0, 0, lw, lh)
        self.label_rects[name].center = spot
        x0, y0 = rx - w / 2 + left, ry - h / 2 + top          # the first token's spot
        self.resource_spots[name] = {res: (x0 + k % cols * pitch, y0 + k // cols * row_h)
                                     for k, res in enumerate(RESOURCES)}
        lx2, ly2 = spot

        # six sites on an ellipse around the label, in reading order
        rs = self.site_radius
        ex, ey = lw / 2 + rs * 0.6, lh / 2 + rs * 1.7
        sites = []
        for a in (225, 270, 315, 135, 90, 45):
            t = (lx2 + ex * math.cos(math.radians(a)), ly2 + ey * math.sin(math.radians(a)))
            sites.append(place(1.8 * rs, 1.8 * rs, t, 1.1 * pad + 0.1 * rs))
        self.sites[name] = sites
        self._decor_room[name] = (free, rng)

    @property
    def decor(self):
        """Free land left over after the pieces (a quarter of the layout's time: only
        the background needs it): room for drawn mountains and forests."""
        for name in self.ring:
            self.decor_of(name)
        return self._decor

    def decor_of(self, name):
        if name not in self._decor:
            self._decor[name] = self._find_decor(*self._decor_room.pop(name))
        return self._decor[name]

    def _find_decor(self, free, rng):
        pad, rs = 5 * self.scale, self.site_radius
        decor = []
        for _ in range(40):
            if len(decor) >= 9:
                break
            r = rs * rng.uniform(1.0, 1.7)
            spot = free.random_fit(2.4 * r + 2 * pad, 1.6 * r + 2 * pad, rng)
            if spot:
                decor.append((spot[0], spot[1], r))
                free.take(2.4 * r + 2 * pad, 1.6 * r + 2 * pad, spot)
        return decor

    # ------------------------------------------------------------ queries
    def region_near(self, pos):
        """The region whose land is under pos or within a few pixels of its
        coast (where the outline marking a region as clickable is drawn)."""
        reach = getattr(self, "_reach", None)
        if reach is None:
            r = max(3, round(8 * self.scale))
            disc = pygame.mask.Mask((2 * r + 1, 2 * r + 1))
            for dx in range(-r, r + 1):
                for dy in range(-r, r + 1):
                    if dx * dx + dy * dy <= r * r:
                        disc.set_at((dx + r, dy + r))
            reach = self._reach = (r, {name: mask.convolve(disc) for name, mask in self._land.items()})
        r, masks = reach
        x, y = round(pos[0] - self.rect.x) + r, round(pos[1] - self.rect.y) + r
        inside = self.region_at(pos)
        if inside:
            return inside
        for name, mask in masks.items():
            w, h = mask.get_size()
            if 0 <= x < w and 0 <= y < h and mask.get_at((x, y)):
                return name
        return None

    def region_at(self, pos):
        """Name of the region whose land is under pos, or None (sea, hex)."""
        x, y = round(pos[0] - self.rect.x), round(pos[1] - self.rect.y)
        if not (0 <= x < self.rect.w and 0 <= y < self.rect.h):
            return None
        for name, mask in self._land.items():
            if mask.get_at((x, y)):
                return name
        return None

    def site_at(self, pos):
        """(region, site index) of the site under pos, or None."""
        reach = (self.site_radius * 1.15) ** 2
        for name, sites in self.sites.items():
            for k, (x, y) in enumerate(sites):
                if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= reach:
                    return name, k
        return None

    def dragon_positions(self, region, count):
        """Centres for `count` dragons sharing one region (Dragon Ward)."""
        x, y = self.dragon_spots[region]
        if count <= 1:
            return [(x, y)] * count
        ux, uy = _unit(ring_angle(self.ring.index(region)))
        tx, ty = -uy, ux
        d = self.dragon_radius * 0.9
        return [(x + tx * d * (k - (count - 1) / 2), y + ty * d * (k - (count - 1) / 2))
                for k in range(count)]

    def hex_side_direction(self, side, angle=0.0):
        """Unit vector a hex side faces when the hex is turned by angle (deg)."""
        return _unit(math.radians(180 + 60 * side + angle))

    def land_mask(self, region):
        """Bit mask of a region's land, in map-rect coordinates (a copy)."""
        return self._land[region].copy()


@functools.lru_cache(maxsize=4)
def _geometry(rect, ring, seed):
    return MapGeometry(pygame.Rect(rect), ring, seed)


def geometry_for(rect, ring, seed=SEED):
    """A shared MapGeometry per map rect (building one takes 0.1 - 0.3 s)."""
    return _geometry(tuple(pygame.Rect(rect)), tuple(ring), seed)
