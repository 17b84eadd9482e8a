"""The Action Hex: a six-sided dial with an arrow, and its turn buttons.

Angles are in degrees, clockwise on screen. At angle 0 side 0 (the arrow)
faces ring position 0 (Britannia, to the left); with the arrow at ring
position p the hex is at angle 60 * p (see arrow_angle). Any float angle
works, so a turn can be animated.

The dial itself is drawn once per radius and rotated per angle (cached by
quarter degree, the last 48 angles); the side icons are pasted upright
afterwards, so they stay readable while the hex turns.
"""
import math

import pygame

from . import common, icons
from .common import INK, SS, cached

SIDES = ("attack", "field", "noble", "gold", "livestock", "attack")
SIDE_TINT = {
    "attack": (206, 104, 84), "field": (226, 200, 120), "noble": (184, 146, 198),
    "gold": (236, 206, 110), "livestock": (172, 204, 142),
}
WOOD, WOOD_DARK, BRASS = (104, 70, 42), (70, 46, 28), (214, 170, 70)
REACH = 1.34   # the surface spans REACH * radius on each side (room for the arrow)


def arrow_angle(ring_position):
    """Hex angle that points the arrow at a ring position (0..5)."""
    return 60.0 * ring_position


def side_direction(side, angle):
    """Unit vector the given side faces at the given hex angle."""
    a = math.radians(180 + 60 * side + angle)
    return math.cos(a), math.sin(a)


def _poly_at(c, r, start_deg, n=6):
    return [(c + r * math.cos(math.radians(start_deg + 60 * k)),
             c + r * math.sin(math.radians(start_deg + 60 * k))) for k in range(n)]


@cached(maxsize=16)
def _dial(radius, sides):
    """The unrotated dial (no icons), side 0 facing left."""
    R = radius * SS
    side = round(2 * REACH * radius) * SS
    c = side / 2
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    big.fill(INK + (0,))
    d = lambda v: max(1, round(v * R))                       # noqa: E731  (sizes relative to R)
    pygame.draw.polygon(big, INK, _poly_at(c, R + d(0.03), 30))
    pygame.draw.polygon(big, WOOD, _poly_at(c, R * 0.985, 30))
    pygame.draw.polygon(big, WOOD_DARK, _poly_at(c, R * 0.9, 30))
    face = _poly_at(c, R * 0.86, 30)
    for k, name in enumerate(sides):
        # segment k lies between the two vertices of side k (facing 180 + 60k)
        v0, v1 = face[(k + 2) % 6], face[(k + 3) % 6]
        tint = SIDE_TINT.get(name, (200, 190, 160))
        pygame.draw.polygon(big, tint, [(c, c), v0, v1])
        inner = [(c + (x - c) * 0.55, c + (y - c) * 0.55) for x, y in (v0, v1)]
        pygame.draw.polygon(big, common.lighten(tint, 0.25), [(c, c)] + inner)
    for x, y in face:
        pygame.draw.line(big, WOOD_DARK, (c, c), (x, y), d(0.03))
    pygame.draw.polygon(big, INK, face, d(0.02))
    for x, y in _poly_at(c, R * 0.93, 30):                   # brass studs at the corners
        pygame.draw.circle(big, INK, (x, y), d(0.05))
        pygame.draw.circle(big, BRASS, (x, y), d(0.035))
    # the arrow on side 0: a pointer out of the left edge
    # (only its stub overlaps the hex face, so it never hides side 0's icon)
    tip = (c - R * 1.32, c)
    base = [(c - R * 0.95, c - R * 0.22), (c - R * 0.95, c + R * 0.22)]
    arrow = [tip, base[0], (c - R * 0.95, c - R * 0.1), (c - R * 0.82, c - R * 0.1),
             (c - R * 0.82, c + R * 0.1), (c - R * 0.95, c + R * 0.1), base[1]]
    pygame.draw.polygon(big, (196, 40, 34), arrow)
    pygame.draw.polygon(big, INK, arrow, d(0.04))
    for x, y in arrow:                                        # round the outline's joints
        pygame.draw.circle(big, INK, (x, y), d(0.02))
    # the hub: a brass boss with a dragon's eye
    pygame.draw.circle(big, INK, (c, c), R * 0.2)
    pygame.draw.circle(big, BRASS, (c, c), R * 0.17)
    pygame.draw.circle(big, (232, 120, 30), (c, c), R * 0.11)
    pygame.draw.ellipse(big, INK, pygame.Rect(c - R * 0.03, c - R * 0.1, R * 0.06, R * 0.2))
    return pygame.transform.smoothscale(big, (side // SS, side // SS))


@cached(maxsize=48, sizes=("radius",))          # one turn animation's worth of frames
def _hex_at(radius, quarter_degrees, sides):
    angle = quarter_degrees / 4
    dial = pygame.transform.rotozoom(_dial(radius, sides), -angle, 1)
    side = round(2 * REACH * radius)
    out = pygame.Surface((side, side), pygame.SRCALPHA)
    # the shadow falls down-right whatever the angle: the light does not turn
    shadow = [(x + 0.05 * radius, y + 0.08 * radius) for x, y in _poly_at(side / 2, radius, 30 + angle)]
    pygame.draw.polygon(out, (0, 0, 0, 70), shadow)
    out.blit(dial, dial.get_rect(center=(side / 2, side / 2)))
    size = round(radius * 0.46)
    for k, name in enumerate(sides):
        ux, uy = side_direction(k, angle)
        pic = icons.icon(name, size)
        out.blit(pic, pic.get_rect(center=(side / 2 + ux * radius * 0.56, side / 2 + uy * radius * 0.56)))
    return common.finish(out)


def hex_board(radius, angle=0.0, sides=SIDES):
    """The Action Hex turned by `angle` degrees; blit it centred on the hex centre.

    The surface is 2 * 1.34 * radius square (the arrow sticks out of the hex).
    """
    return _hex_at(round(radius), round(angle * 4) % 1440, tuple(sides))


@cached(sizes=("size",))
def turn_arrow(direction, size, hot=False):
    """A round button with a curved arrow: 'left' turns anticlockwise, 'right' clockwise.

    hot=True draws the highlighted (hover / available) look.
    """
    if direction not in ("left", "right"):
        raise ValueError("direction must be 'left' or 'right', not %r" % (direction,))
    flip = direction == "left"

    def paint(pen):
        pen.circle(50, 50, 45, fill=(246, 214, 120) if hot else (240, 228, 200), outline=INK, width=6)
        a0, a1 = math.radians(-70), math.radians(190)          # clockwise sweep, y down
        pts = [(50 + 27 * math.cos(a0 + (a1 - a0) * t / 24), 50 + 27 * math.sin(a0 + (a1 - a0) * t / 24))
               for t in range(25)]
        ex, ey = pts[-1]
        tx, ty = -math.sin(a1), math.cos(a1)                   # tangent, direction of travel
        nx, ny = math.cos(a1), math.sin(a1)
        head = [(ex + tx * 16, ey + ty * 16), (ex + nx * 12, ey + ny * 12), (ex - nx * 12, ey - ny * 12)]
        if flip:
            pts = [(100 - x, y) for x, y in pts]
            head = [(100 - x, y) for x, y in head]
        colour = (176, 36, 30) if hot else (92, 62, 40)
        pen.line(pts, INK, 14)
        pen.poly(head, fill=INK, outline=INK, width=6)
        pen.line(pts, colour, 8)
        pen.poly(head, fill=colour)
    return common.supersampled(size, paint)
