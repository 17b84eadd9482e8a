"""The illustrated map: sea, six regions, sites, tokens, dragons, the Action Hex.

The background (sea, coasts, mountains, forests, names) is drawn once per
map size; pieces are cached sprites blitted on top. Positions come from
sprites.art.geometry.MapGeometry, which also answers hit tests.
"""
from __future__ import annotations

import functools
import math
import random

import pygame

from sprites import theme
from sprites.art import common
from sprites.art.geometry import MapGeometry
from sprites.table import icons, pieces

SEA = (150, 180, 186)
SEA_DEEP = (118, 152, 166)
SITE_KINDS = (None, "village", "town", "city")
HEX_ICONS = {"attack": "attack", "field": "scorch_field", "noble": "capture_noble", "gold": "take_gold",
             "livestock": "steal_livestock"}


def _mountain(surf, x, y, r, land):
    dark = common.mix(land, (60, 44, 30), 0.55)
    light = common.mix(land, (255, 255, 255), 0.35)
    pts = [(x - r, y + r * 0.6), (x - r * 0.1, y - r * 0.8), (x + r * 0.9, y + r * 0.6)]
    pygame.draw.polygon(surf, common.mix(land, (120, 100, 80), 0.5), pts)
    pygame.draw.polygon(surf, light, [(x - r * 0.1, y - r * 0.8), (x - r * 0.35, y - r * 0.2), (x + r * 0.1, y - r * 0.3)])
    pygame.draw.lines(surf, dark, True, pts, 2)


def _forest(surf, x, y, r, land):
    dark = common.mix(land, (30, 60, 30), 0.6)
    for dx, dy in ((-0.45, 0.1), (0.4, 0.15), (0, -0.25)):
        cx, cy = x + dx * r, y + dy * r
        pygame.draw.line(surf, (90, 66, 40), (cx, cy), (cx, cy + r * 0.6), 2)
        pygame.draw.circle(surf, dark, (cx, cy), r * 0.38)
        pygame.draw.circle(surf, common.mix(dark, (0, 0, 0), 0.3), (cx, cy), r * 0.38, 1)


class MapView:
    _made = {}

    @classmethod
    def for_rect(cls, rect, data):
        """One MapView per map size (the geometry takes a moment to build)."""
        key = (tuple(pygame.Rect(rect)), id(data))
        if key not in cls._made:
            cls._made = {k: v for k, v in cls._made.items() if k[1] == id(data)}
            cls._made[key] = cls(rect, data)
        return cls._made[key]

    def __init__(self, rect, data):
        self.rect = pygame.Rect(rect)
        self.data = data
        self.geo = MapGeometry(self.rect, data.ring)
        self.regions = {r.name: r for r in data.regions}
        self.dragons = {d.name: d for d in data.dragons}
        self.background = self._paint_background()
        self.region_boxes = {
            name: pygame.Rect(self.geo.label_rects[name]).unionall(
                [pygame.Rect(round(x) - 1, round(y) - 1, 2, 2) for x, y in self.geo.polygons[name]])
            for name in self.geo.ring}

    # ----- the static picture ------------------------------------------------
    def _paint_background(self):
        g = self.geo
        surf = pygame.Surface(self.rect.size)
        surf.fill(SEA)
        ox, oy = self.rect.topleft
        rng = random.Random(7)
        for _ in range(int(self.rect.w * self.rect.h / 9000)):      # little wave strokes
            x, y = rng.uniform(0, self.rect.w), rng.uniform(0, self.rect.h)
            pygame.draw.arc(surf, SEA_DEEP, (x, y, 14, 8), math.radians(20), math.radians(160), 1)
        for name in g.ring:
            reg = self.regions[name]
            land = common.rgb(reg.land)
            pts = [(x - ox, y - oy) for x, y in g.polygons[name]]
            # shallow water halo, then the coast line in the region's colour
            pygame.draw.polygon(surf, common.mix(SEA, (255, 255, 255), 0.25), pts)
            pygame.draw.lines(surf, common.mix(SEA, (255, 255, 255), 0.25), True, pts, max(4, round(10 * g.scale)))
            pygame.draw.polygon(surf, land, pts)
            pygame.draw.lines(surf, common.rgb(reg.colour), True, pts, max(3, round(5 * g.scale)))
            pygame.draw.lines(surf, common.INK, True, pts, 1)
            for k, (x, y, r) in enumerate(g.decor[name]):
                (_mountain if k % 2 == 0 else _forest)(surf, x - ox, y - oy, r, land)
            lr = g.label_rects[name].move(-ox, -oy)
            label = common.display_text(name, g.label_size)
            emblem = lr.h
            surf.blit(label, (lr.x + emblem, lr.y + (lr.h - label.get_height()) // 2))
            er = pygame.Rect(lr.x, lr.y, emblem, emblem).inflate(-4, -4)
            pygame.draw.rect(surf, common.rgb(reg.colour), er, border_radius=4)
            pygame.draw.rect(surf, common.INK, er, 2, border_radius=4)
            theme.blit_text(surf, reg.letter, max(10, round(er.h * 0.8)), er.center, theme.on(reg.colour), True,
                            "center")
            # the flying-dragon spot
            dx, dy = g.dragon_spots[name]
            pygame.draw.circle(surf, common.mix(land, (0, 0, 0), 0.12), (dx - ox, dy - oy), g.dragon_radius, 2)
        pygame.draw.rect(surf, common.INK, surf.get_rect(), 2)
        return common.finish(surf)

    # ----- elements ---------------------------------------------------------
    def register(self, scene, tips):
        """Named hit areas: sites first, then the hex, then the regions."""
        g = self.geo
        rs = round(g.site_radius * 1.1)
        for name in g.ring:
            for k, (x, y) in enumerate(g.sites[name]):
                r = pygame.Rect(0, 0, 2 * rs, 2 * rs)
                r.center = (round(x), round(y))
                scene.add(f"site:{name}:{k}", r, tip=tips.get(f"site:{name}:{k}"))
        for side in ("left", "right"):
            x, y = g.turn_arrow_pos[side]
            rr = round(g.turn_arrow_radius * 1.2)
            scene.add(f"hex:turn_{side}", pygame.Rect(round(x - rr), round(y - rr), 2 * rr, 2 * rr),
                      tip=tips.get(f"hex:turn_{side}"))
        cx, cy = g.center
        hr = g.hex_radius
        scene.add("hex:use", pygame.Rect(round(cx - hr), round(cy - hr), round(2 * hr), round(2 * hr)),
                  hit=lambda pos: (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= (hr * 0.95) ** 2,
                  tip=tips.get("hex:use"))
        for name in g.ring:
            scene.add(f"region:{name}", self.region_boxes[name], hit=lambda pos, n=name: g.region_at(pos) == n or
                      _near(pos, g.dragon_spots[n], g.dragon_radius),
                      tip=tips.get(f"region:{name}"), point=g.label_rects[name].center)

    # ----- drawing ----------------------------------------------------------
    def draw(self, surf, view, hot, hex_angle, dragon_pos=None):
        """Pieces on top of the background. ``hot`` names the clickable
        elements; ``dragon_pos`` overrides dragon positions (flight animation)."""
        g = self.geo
        surf.blit(self.background, self.rect.topleft)
        for name in g.ring:
            if f"region:{name}" in hot:
                self._glow_region(surf, name)
        size = round(g.site_radius * 2)
        for reg in view["regions"]:
            name = reg["name"]
            colour = self.regions[name].colour
            for k, v in enumerate(reg["sites"]):
                x, y = g.sites[name][k]
                img = pieces.building(SITE_KINDS[v], colour, size) if v else pieces.empty_site(size)
                surf.blit(img, img.get_rect(center=(round(x), round(y))))
                if f"site:{name}:{k}" in hot:
                    pygame.draw.circle(surf, theme.HILITE, (x, y), g.site_radius + 3, 3)
            tsize = round(g.token_radius * 2)
            for res, (x, y) in g.resource_spots[name].items():
                img = pieces.token(res, reg["res"][res], tsize)
                surf.blit(img, (round(x - tsize / 2), round(y - tsize / 2)))
        self._draw_hex(surf, view, hot, hex_angle)
        self._draw_dragons(surf, view, dragon_pos or {})

    def _glow_region(self, surf, name):
        pts = self.geo.polygons[name]
        pygame.draw.lines(surf, theme.HILITE, True, pts, max(3, round(6 * self.geo.scale)))

    def dragon_spot(self, view, region, key):
        """Where a dragon (key: seat number or rogue name) sits in a region."""
        here = self._occupants(view, region)
        spots = self.geo.dragon_positions(region, len(here))
        return spots[here.index(key)] if key in here else self.geo.dragon_spots[region]

    @staticmethod
    def _occupants(view, region):
        out = [p["seat"] for p in view["players"] if p["region"] == region]
        out += [d for d, r in view["rogues"] if r == region]
        return out

    def _draw_dragons(self, surf, view, moving):
        size = round(self.geo.dragon_radius * 2.2)
        for p in view["players"]:
            if p["region"] is None and p["seat"] not in moving:
                continue
            d = self.dragons[p["dragon"]]
            pos = moving.get(p["seat"]) or self.dragon_spot(view, p["region"], p["seat"])
            img = pieces.dragon(d.colour, d.letter, size)
            surf.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
        for dragon, region in view["rogues"]:
            pos = self.dragon_spot(view, region, dragon)
            img = pieces.dragon("#888888", "R", size, True)
            surf.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))

    def _draw_hex(self, surf, view, hot, angle):
        g = self.geo
        img = hex_picture(tuple(self.data.hex_sides), round(g.hex_radius), round(angle) % 360,
                          "hex:use" in hot)
        surf.blit(img, img.get_rect(center=(round(g.center[0]), round(g.center[1]))))
        for side in ("left", "right"):
            x, y = g.turn_arrow_pos[side]
            live = f"hex:turn_{side}" in hot
            surf.blit(turn_arrow(side, round(g.turn_arrow_radius), live),
                      turn_arrow(side, round(g.turn_arrow_radius), live).get_rect(center=(round(x), round(y))))


def _near(pos, centre, r):
    return (pos[0] - centre[0]) ** 2 + (pos[1] - centre[1]) ** 2 <= r * r


@functools.lru_cache(maxsize=400)
def hex_picture(sides, radius, angle, live):
    """The Action Hex turned by ``angle`` degrees: side 0 (with the arrow)
    faces 180 + angle degrees; each side shows its icon."""
    size = radius * 2 + 8
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2

    def pt(a, r):
        return (c + r * math.cos(math.radians(a)), c + r * math.sin(math.radians(a)))
    outer = [pt(150 + angle + 60 * k, radius) for k in range(6)]
    pygame.draw.polygon(surf, (70, 50, 34), outer)
    inner = [pt(150 + angle + 60 * k, radius * 0.9) for k in range(6)]
    pygame.draw.polygon(surf, (214, 184, 128), inner)
    for k in range(6):
        pygame.draw.line(surf, (150, 116, 70), (c, c), pt(150 + angle + 60 * k, radius * 0.9), 2)
    pygame.draw.polygon(surf, theme.HILITE if live else (40, 28, 18), outer, 3 if live else 2)
    isize = max(12, round(radius * 0.42))
    for k, side in enumerate(sides):
        a = 180 + angle + 60 * k
        x, y = pt(a, radius * 0.58)
        img = icons.icon(HEX_ICONS[side], isize, (246, 236, 210))
        surf.blit(img, img.get_rect(center=(round(x), round(y))))
        if k == 0:      # the arrow, on the outer rim of side 0
            tip = pt(a, radius * 1.02)
            base_l = pt(a - 13, radius * 0.8)
            base_r = pt(a + 13, radius * 0.8)
            pygame.draw.polygon(surf, (196, 40, 30), [tip, base_l, base_r])
            pygame.draw.polygon(surf, (40, 28, 18), [tip, base_l, base_r], 2)
    pygame.draw.circle(surf, (70, 50, 34), (c, c), radius * 0.16)
    return common.finish(surf)


@functools.lru_cache(maxsize=8)
def turn_arrow(side, radius, live):
    """A round button with a curved arrow: turn the hex left or right."""
    def paint(p):
        fill = (196, 60, 30) if live else (150, 138, 120)
        p.circle(50, 50, 46, fill=fill, outline=common.INK, width=4)
        pts = [(50 + 28 * math.cos(math.radians(a)), 50 + 28 * math.sin(math.radians(a)))
               for a in range(200, 341, 10)]
        if side == "left":
            pts = pts[::-1]
        p.line(pts, (255, 248, 230), width=9)
        ex, ey = pts[-1]
        d = 1 if side == "right" else -1
        p.poly([(ex + d * 2, ey - 14), (ex + d * 2, ey + 14), (ex + d * 18, ey + 4)], fill=(255, 248, 230))
    return common.supersampled(radius * 2, paint)
