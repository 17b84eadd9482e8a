"""The map's geometry is worked out faster at a new window size (issue 39: the first frame at a
new size under 100 ms) by shortcuts that must give the very same coasts and spots. Each
shortcut is compared here with the plain way it replaces, on the inputs the map gives it."""
import math
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.data import default_data  # noqa: E402
from sprites.art import geometry  # noqa: E402

RING = default_data().ring
RECTS = [(0, 0, 900, 560), (0, 0, 1150, 700), (12, 40, 700, 430), (5, 5, 1500, 820), (100, 50, 1000, 1000)]
ANGLES = [2 * math.pi * k / geometry.SAMPLES for k in range(geometry.SAMPLES)]


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((10, 10))
    yield


def plain_ray_exit(poly, px, py, dx, dy):
    best = float("inf")
    for j, (ax, ay) in enumerate(poly):
        bx, by = poly[(j + 1) % len(poly)]
        ex, ey = bx - ax, by - ay
        den = dx * ey - dy * ex
        if abs(den) < 1e-12:
            continue
        t = ((ax - px) * ey - (ay - py) * ex) / den
        s = ((ax - px) * dy - (ay - py) * dx) / den
        if t > 0 and -1e-9 <= s <= 1 + 1e-9:
            best = min(best, t)
    return best


def plain_land(rect, pts):
    surf = pygame.Surface(rect.size)
    surf.set_colorkey((0, 0, 0))
    pygame.draw.polygon(surf, (255, 255, 255), [(x - rect.x, y - rect.y) for x, y in pts])
    return pygame.mask.from_surface(surf)


def plain_nearest(valid, tx, ty, r):
    vw, vh = valid.get_size()
    ring = [(tx + d, ty - r) for d in range(-r, r + 1)] + [(tx + d, ty + r) for d in range(-r, r + 1)] + \
           [(tx - r, ty + d) for d in range(-r, r + 1)] + [(tx + r, ty + d) for d in range(-r, r + 1)]
    return min(((x - tx) ** 2 + (y - ty) ** 2, x, y) for x, y in ring
               if 0 <= x < vw and 0 <= y < vh and valid.get_at((x, y)))


@pytest.mark.parametrize("rect", RECTS)
def test_the_rays_reach_the_wedges_edges_as_one_at_a_time(rect):
    g = geometry.MapGeometry(rect, RING)
    for i in range(6):
        wedge = g._wedge(i)
        px, py = geometry._centroid(wedge)
        assert geometry._ray_exits(wedge, px, py, ANGLES) == \
            [plain_ray_exit(wedge, px, py, math.cos(a), math.sin(a)) for a in ANGLES]


def test_the_coasts_noise_is_the_sum_of_its_waves():
    rng = random.Random(5)
    phases = tuple(rng.uniform(0, 2 * math.pi) for _ in geometry.WAVES)
    waves = [(f, wt, ph) for (f, wt), ph in zip(geometry.WAVES, phases)]
    assert geometry._wave_radii(phases) == tuple(sum(wt * math.sin(f * a + ph) for f, wt, ph in waves)
                                                  for a in ANGLES)


@pytest.mark.parametrize("rect", RECTS)
def test_the_land_filled_in_its_own_box_is_the_land_filled_in_the_whole_map(rect):
    g = geometry.MapGeometry(rect, RING)
    for name, pts in g.polygons.items():
        land, bounds = g._land_mask(pts)
        plain = plain_land(g.rect, pts)
        assert land.get_size() == plain.get_size()
        assert land.count() == plain.count() == land.overlap_area(plain, (0, 0))
        assert bounds == plain.get_bounding_rects()[0]


def test_the_nearest_free_point_on_a_ring_is_the_one_a_full_scan_finds():
    rng = random.Random(11)
    for _ in range(300):
        w, h = rng.randint(1, 40), rng.randint(1, 40)
        valid = pygame.mask.Mask((w, h))
        for _ in range(rng.randint(1, 12)):
            valid.set_at((rng.randrange(w), rng.randrange(h)))
        tx, ty = rng.randint(-10, w + 10), rng.randint(-10, h + 10)
        for r in range(0, 60):
            ring = pygame.mask.Mask((2 * r + 1, 2 * r + 1), fill=True)
            if r:
                ring.erase(pygame.mask.Mask((2 * r - 1, 2 * r - 1), fill=True), (1, 1))
            if valid.overlap(ring, (tx - r, ty - r)):
                assert geometry._nearest_on_ring(valid, tx, ty, r) == plain_nearest(valid, tx, ty, r)
