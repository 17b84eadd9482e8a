"""The icon vocabulary, drawn in a 100 x 100 design box.

icon(name, size, amount=None) -> Surface for any of ICONS. Resource names
(livestock, gold, noble, field) and card action names (steal_livestock,
take_gold, capture_noble, scorch_field, ...) share the same pictures so a
player learns one picture per thing.
"""
import math

import pygame

from game.data import ICONS as CARD_ICONS, RESOURCES

from . import common
from .common import INK, Pen, bezier, cached, heart, supersampled

WOOL, FACE = (247, 243, 230), (58, 48, 44)
GOLD, GOLD_RIM, GOLD_HI = (238, 188, 50), (184, 124, 22), (255, 234, 150)
SKIN, ROBE, ERMINE = (242, 204, 168), (132, 36, 70), (250, 248, 240)
WHEAT, WHEAT_DARK, STRAW = (232, 188, 78), (170, 120, 36), (128, 84, 36)
BLOOD, FIRE, FIRE_CORE = (198, 34, 30), (234, 100, 26), (255, 214, 70)
HEART, CARD, CARD_BACK = (206, 40, 50), (246, 238, 216), (128, 52, 44)
HOUSE, ROOF = (214, 192, 150), (150, 64, 40)

RESOURCE_ICONS = RESOURCES           # (game.data declares both vocabularies)
ACTION_ICONS = CARD_ICONS
ICONS = RESOURCE_ICONS + ACTION_ICONS + ("flame", "village", "skull", "hex", "heart")


def sub(pen, x, y, size):
    """A pen for a smaller square inside this one (icons made of icons)."""
    return Pen(pen.surface, pygame.Rect(round(pen.rect.x + x * pen.k), round(pen.rect.y + y * pen.k),
                                        round(size * pen.k), round(size * pen.k)))


def lens(p0, p1, width, bend=0.0, steps=14):
    """A pointed leaf shape from p0 to p1 (wheat ears, claw marks)."""
    mx, my = (p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    nx, ny = -dy, dx
    c = (mx + nx * bend, my + ny * bend)
    pts = bezier(p0, c, c, p1, steps)
    left, right = [], []
    for i, (x, y) in enumerate(pts):
        w = width / 2 * math.sin(math.pi * i / steps) ** 0.8
        d = math.hypot(nx, ny) or 1
        left.append((x + nx / d * w, y + ny / d * w))
        right.append((x - nx / d * w, y - ny / d * w))
    return left + right[::-1]


# ------------------------------------------------------------ painters
def paint_sheep(pen):
    for x in (32, 43, 59, 70):
        pen.line([(x, 62), (x, 86)], FACE, 7)
    wool = [(32, 50), (44, 40), (59, 40), (70, 50), (62, 61), (46, 62), (34, 60), (52, 51)]
    for x, y in wool:
        pen.circle(x, y, 14, outline=INK, width=6)
    for x, y in wool:
        pen.circle(x, y, 14, fill=WOOL)
    for x, y in ((40, 46), (55, 45), (50, 56)):   # curls of wool
        pen.circle(x, y, 4, fill=(222, 214, 196))
    pen.ellipse(80, 45, 11, 14, fill=FACE, outline=INK, width=4)
    pen.ellipse(70, 37, 7, 4, fill=FACE, outline=INK, width=3)
    pen.circle(78, 33, 6, fill=WOOL, outline=INK, width=3)
    pen.circle(83, 43, 2.4, fill=(255, 255, 255))


def _coin_stack(pen, cx, base, count):
    for i in range(count):
        y = base - i * 8
        x = cx + (0, -2, 2, -1, 1)[i % 5]
        pen.ellipse(x, y + 4, 25, 9, outline=INK, width=5)
        pen.rect_(x - 25, y, 50, 4, fill=INK, outline=INK, width=5)
        pen.ellipse(x, y, 25, 9, outline=INK, width=5)
        pen.ellipse(x, y + 4, 25, 9, fill=GOLD_RIM)
        pen.rect_(x - 25, y, 50, 4, fill=GOLD_RIM)
        pen.ellipse(x, y, 25, 9, fill=GOLD)
        pen.ellipse(x - 4, y - 2, 13, 4, fill=GOLD_HI)


def paint_gold(pen):
    _coin_stack(pen, 40, 84, 5)
    pen.circle(72, 58, 21, fill=GOLD_RIM, outline=INK, width=5)
    pen.circle(72, 58, 16, fill=GOLD)
    pen.circle(72, 58, 11, outline=GOLD_RIM, width=3)
    pen.circle(72, 58, 9.5, fill=GOLD)
    pen.poly([(65, 61), (65, 53), (68.5, 56.5), (72, 51), (75.5, 56.5), (79, 53), (79, 61)], fill=GOLD_RIM)
    pen.circle(65, 50, 4, fill=GOLD_HI)


def paint_noble(pen):
    pen.ellipse(50, 100, 38, 30, fill=ROBE, outline=INK, width=5)
    pen.ellipse(50, 74, 20, 7, fill=ERMINE, outline=INK, width=3)
    for x in (40, 50, 60):
        pen.circle(x, 74, 1.8, fill=INK)
    pen.circle(50, 52, 17, fill=SKIN, outline=INK, width=5)
    pen.circle(44, 53, 2.2, fill=INK)
    pen.circle(56, 53, 2.2, fill=INK)
    pen.line([(46, 61), (50, 62.5), (54, 61)], INK, 2)
    crown = [(32, 40), (31, 16), (41, 28), (50, 10), (59, 28), (69, 16), (68, 40)]
    pen.poly(crown, fill=GOLD, outline=INK, width=5)
    pen.rect_(32, 34, 36, 6, fill=GOLD_RIM)
    for x, c in ((41, (200, 40, 50)), (50, (40, 90, 200)), (59, (200, 40, 50))):
        pen.circle(x, 37, 2.6, fill=c)
    for x, y in ((31, 16), (50, 10), (69, 16)):
        pen.circle(x, y, 3.2, fill=GOLD_HI, outline=INK, width=2)


def paint_wheat(pen):
    tips = [(24, 30), (37, 20), (50, 14), (63, 20), (76, 30)]
    feet = [(38, 94), (44, 95), (50, 96), (56, 95), (62, 94)]
    for t, f in zip(tips, feet):
        pen.line([f, (50, 66), t], INK, 7)
    for t, f in zip(tips, feet):
        pen.line([f, (50, 66), t], WHEAT_DARK, 3.5)
    for (tx, ty), _ in zip(tips, feet):
        dx, dy = tx - 50, ty - 66
        d = math.hypot(dx, dy)
        base = (tx - dx / d * 26, ty - dy / d * 26)
        tip = (tx + dx / d * 3, ty + dy / d * 3)
        pen.poly(lens(base, tip, 15), fill=WHEAT, outline=INK, width=4)
        pen.line([base, tip], WHEAT_DARK, 1.6)
    pen.rect_(39, 63, 22, 8, fill=STRAW, outline=INK, width=3, radius=2)


def paint_claws(pen):
    for i in range(3):
        o = (i - 1) * 19
        p0, p1 = (66 + o, 8), (24 + o, 92)
        pen.poly(lens(p0, p1, 19, bend=0.2, steps=18), fill=BLOOD, outline=INK, width=5)
        pen.poly(lens((p0[0] - 6, p0[1] + 14), (p1[0] + 10, p1[1] - 24), 5, bend=0.2),
                 fill=(240, 110, 90))


def paint_flame(pen):
    outer = [(50, 97), (29, 89), (18, 72), (20, 53), (29, 38), (34, 50), (38, 33), (46, 14), (53, 34),
             (60, 6), (68, 30), (74, 22), (78, 42), (84, 57), (81, 75), (71, 89)]
    pen.poly(outer, fill=FIRE, outline=INK, width=5)
    inner = [(50, 94), (36, 87), (31, 74), (36, 60), (42, 66), (46, 48), (54, 60), (60, 44), (66, 62),
             (69, 76), (63, 88)]
    pen.poly(inner, fill=FIRE_CORE)


def paint_house(pen, body=HOUSE, roof=ROOF):
    pen.poly([(20, 48), (20, 90), (80, 90), (80, 48), (50, 22)], fill=body, outline=INK, width=6)
    pen.poly([(10, 52), (50, 14), (90, 52), (80, 58), (50, 31), (20, 58)], fill=roof, outline=INK, width=6)
    pen.rect_(43, 66, 14, 24, fill=common.darken(body, 0.45))
    pen.rect_(26, 60, 11, 10, fill=common.darken(body, 0.45))
    pen.rect_(63, 60, 11, 10, fill=common.darken(body, 0.45))


def paint_scorch(pen):
    paint_wheat(sub(pen, 0, 0, 84))
    paint_flame(sub(pen, 44, 40, 58))


def paint_raze(pen):
    paint_house(sub(pen, 0, 10, 86))
    paint_flame(sub(pen, 50, 0, 50))


def paint_gain_resource(pen):
    paint_sheep(sub(pen, 0, 2, 54))
    paint_gold(sub(pen, 46, 2, 54))
    paint_noble(sub(pen, 24, 44, 56))


def paint_heart(pen, cracked=False):
    pen.poly(heart(50, 50, 42), fill=HEART, outline=INK, width=6)
    pen.poly(heart(40, 38, 12), fill=(240, 120, 120))
    if cracked:
        pen.line([(52, 20), (44, 40), (58, 52), (46, 68), (50, 86)], INK, 5)


def _card(pen, cx, cy, angle, fill=CARD_BACK):
    a = math.radians(angle)
    pts = [(cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a))
           for x, y in ((-18, -26), (18, -26), (18, 26), (-18, 26))]
    pen.poly(pts, fill=CARD, outline=INK, width=5)
    inner = [(cx + (x * 0.72) * math.cos(a) - (y * 0.8) * math.sin(a),
              cy + (x * 0.72) * math.sin(a) + (y * 0.8) * math.cos(a))
             for x, y in ((-18, -26), (18, -26), (18, 26), (-18, 26))]
    pen.poly(inner, fill=fill)


def paint_draw(pen):
    _card(pen, 38, 52, -14)
    _card(pen, 58, 48, 10)
    pen.poly([(74, 14), (90, 32), (80, 32), (80, 44), (68, 44), (68, 32), (58, 32)],
             fill=(70, 150, 70), outline=INK, width=4)


def paint_discard(pen):
    _card(pen, 46, 44, -18, fill=(150, 140, 130))
    pen.line([(26, 22), (66, 66)], BLOOD, 7)
    pen.line([(66, 22), (26, 66)], BLOOD, 7)
    pen.poly([(62, 70), (90, 70), (90, 76), (84, 92), (68, 92), (62, 76)],
             fill=(150, 110, 70), outline=INK, width=4)


def paint_skull(pen):
    pen.ellipse(50, 42, 32, 30, fill=(240, 234, 218), outline=INK, width=5)
    pen.rect_(34, 56, 32, 24, fill=(240, 234, 218), outline=INK, width=5, radius=6)
    pen.ellipse(50, 42, 31, 29, fill=(240, 234, 218))
    pen.rect_(35, 56, 30, 22, fill=(240, 234, 218), radius=5)
    pen.ellipse(38, 46, 9, 10, fill=INK)
    pen.ellipse(62, 46, 9, 10, fill=INK)
    pen.poly([(50, 56), (45, 66), (55, 66)], fill=INK)
    for x in (42, 50, 58):
        pen.line([(x, 70), (x, 80)], INK, 3)


def paint_hex(pen, fill=(150, 120, 80), arrow=INK):
    pts = [(50 + 44 * math.cos(math.radians(30 + 60 * k)), 50 + 44 * math.sin(math.radians(30 + 60 * k)))
           for k in range(6)]
    pen.poly(pts, fill=fill, outline=INK, width=6)
    inner = [(50 + 0.72 * (x - 50), 50 + 0.72 * (y - 50)) for x, y in pts]
    pen.poly(inner, fill=common.lighten(fill, 0.25))
    for x, y in pts:
        pen.line([(50, 50), (50 + 0.72 * (x - 50), 50 + 0.72 * (y - 50))], common.darken(fill, 0.3), 2)
    pen.poly([(4, 50), (22, 38), (22, 62)], fill=arrow, outline=INK, width=3)   # side 0's arrow


PAINTERS = {
    "livestock": paint_sheep, "steal_livestock": paint_sheep,
    "gold": paint_gold, "take_gold": paint_gold,
    "noble": paint_noble, "capture_noble": paint_noble,
    "field": paint_wheat, "scorch_field": paint_scorch,
    "attack": paint_claws, "flame": paint_flame,
    "raze_village": paint_raze, "village": paint_house,
    "gain_resource": paint_gain_resource,
    "lose_life": lambda pen: paint_heart(pen, cracked=True),
    "gain_life": paint_heart, "heart": paint_heart,
    "draw": paint_draw, "discard": paint_discard,
    "skull": paint_skull, "hex": paint_hex,
}
SIGNED = {"lose_life": "-", "gain_life": "+", "draw": "+", "discard": "-"}


@cached(sizes=("size",))
def icon(name, size, amount=None):
    """The picture for `name` (see ICONS), size x size pixels.

    For lose_life, gain_life, draw and discard, `amount` is written on the
    icon ("-1", "+3"): the number is part of the meaning.
    """
    if name not in PAINTERS:
        raise KeyError("unknown icon %r; known: %s" % (name, ", ".join(sorted(PAINTERS))))

    pic = supersampled(size, PAINTERS[name])
    if amount is not None and name in SIGNED:      # drawn at full resolution: never under readable text
        label = common.outlined_text("%s%d" % (SIGNED[name], amount), max(common.MIN_TEXT, round(size * 0.44)),
                                     (255, 255, 255), INK, None, True)
        at = label.get_rect(center=(size * (0.74 if name == "draw" else 0.70), size * (0.80 if name == "draw" else 0.72)))
        pic = pic.copy()
        pic.blit(label, at.clamp(pic.get_rect()))
        pic = common.finish(pic)
    return pic


@cached(sizes=("size",))
def shield(letter, colour, size):
    """Heraldic shield with a region's letter: the region emblem."""
    fg = common.contrast(colour)

    def paint(pen):
        outline = [(12, 8), (88, 8), (88, 46)] + bezier((88, 46), (88, 74), (66, 86), (50, 96), 10)[1:] + \
            bezier((50, 96), (34, 86), (12, 74), (12, 46), 10)[1:]
        pen.poly(outline, fill=common.rgb(colour), outline=INK, width=7)
        inner = [(50 + (x - 50) * 0.8, 48 + (y - 48) * 0.8) for x, y in outline]
        pen.poly(inner, outline=fg, width=2.5)
        pen.poly(inner, fill=common.rgb(colour))
        pen.text(letter, 50, 48, 56, colour=fg)
    return supersampled(size, paint)
