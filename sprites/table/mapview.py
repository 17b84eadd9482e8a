"""The illustrated map with its pieces: sites, tokens, dragons, the Action Hex.

The picture comes from sprites.art (map background drawn once per size;
buildings, tokens, dragons and the hex as cached sprites). This module puts
the game's state on it, marks what can be clicked and names the hit areas.
"""
from __future__ import annotations

import pygame

from sprites import idle, theme
from sprites.scene import Element
from sprites.wake import wake_up
from sprites.art import hexboard, map as art_map, pieces
from sprites.art.geometry import geometry_for

SITE_KINDS = (None, "village", "town", "city")
ROGUE_COLOUR = "#8a8a8a"
UNOFFERED_ALPHA = 110        # a hex turn arrow that cannot be used now (no gold, not your turn)


def _near(pos, centre, r):
    return (pos[0] - centre[0]) ** 2 + (pos[1] - centre[1]) ** 2 <= r * r


class _Areas:
    """Collects what ``MapView._hit_areas`` adds, as a scene's ``add`` would."""

    def __init__(self, out):
        self.out = out

    @property
    def elements(self):
        return [Element(name, rect) for name, rect, _, _ in self.out]

    def add(self, name, rect, hit=None, point=None):
        self.out.append((name, pygame.Rect(rect), hit, point))


class MapView:
    _made = {}                  # (rect, id(data)) -> MapView, the last used last
    KEPT_SIZES = 4              # (a window dragged wider passes through a size a pixel: 3 MB each)

    @classmethod
    def for_rect(cls, rect, data, later=False):
        """One MapView per map size (the geometry and background take a moment), for
        the last few sizes. ``later``: the window has idle moments; the illustrated
        background (60-150 ms) is drawn in them, a sketch of it shown meanwhile."""
        key = (tuple(pygame.Rect(rect)), id(data))
        view = cls._made.pop(key, None) or cls(rect, data, later)
        others = [(k, v) for k, v in cls._made.items() if k[1] == id(data)]
        cls._made = dict(others[-(cls.KEPT_SIZES - 1):] + [(key, view)])
        if later:
            view.draw_later()           # (a window resized again before it was done left it unfinished)
        else:
            view.finish()
        return view

    def __init__(self, rect, data, later=False):
        self.rect = pygame.Rect(rect)
        self.data = data
        self.geo = geometry_for(self.rect, data.ring)
        self.regions = {r.name: r for r in data.regions}
        self.dragons = {d.name: d for d in data.dragons}
        self._art = (self.geo, {r.name: r.land for r in data.regions}, {r.name: r.letter for r in data.regions},
                     {r.name: r.colour for r in data.regions})
        self.background = art_map.cached_map(*self._art)
        if self.background is None:
            self.background = art_map.sketch_map(*self._art) if later else art_map.render_map(*self._art)
        self._elements = None           # the hit areas (``register``), once
        self.region_boxes = {
            name: pygame.Rect(self.geo.label_rects[name]).unionall(
                [pygame.Rect(round(x) - 1, round(y) - 1, 2, 2) for x, y in self.geo.polygons[name]])
            for name in self.geo.ring}

    @property
    def detailed(self):
        """The illustrated background is drawn (not its sketch)."""
        return self.background is art_map.cached_map(*self._art)

    def draw_later(self):
        """Draw the illustrated background in the window's idle moments (sprites.idle)."""
        if not self.detailed:
            idle.later("map", [self._drawn_later()], first=True)      # (the map shows more than the cards)

    def _drawn_later(self):
        yield from art_map.map_steps(*self._art)
        self.background = art_map.cached_map(*self._art)
        wake_up()                       # the window shows it at once, not at its next tick

    def finish(self):
        """The illustrated background, now (a screenshot, a test: no idle moments)."""
        if not self.detailed:
            self.background = art_map.render_map(*self._art)

    def prewarm(self):
        """Every settlement in every region's colour, and the dragons (drawn once per size)."""
        size = round(self.geo.site_radius * 2)
        for region in self.regions.values():
            for kind in SITE_KINDS[1:]:
                pieces.building(kind, region.colour, size)
        dsize = round(self.geo.dragon_radius * 2.3)
        for d in self.dragons.values():
            pieces.dragon_token(d.colour, d.letter, dsize)
            pieces.dragon_token(d.colour, "R", dsize, rogue=True)

    # ----- elements ---------------------------------------------------------
    def register(self, scene, tips):
        """Named hit areas: sites first, then the hex, then the regions (where they lie
        is worked out once per map size; their tips change)."""
        if self._elements is None:
            self._elements = self._hit_areas()
        for name, rect, hit, point in self._elements:
            scene.add(name, rect, hit=hit, tips=tips, point=point)

    def _hit_areas(self):
        """[(name, rect, hit test, point)] of the map's elements, in hit-test order."""
        out = []
        scene = _Areas(out)
        g = self.geo
        rs = round(g.site_radius * 1.1)
        for name in g.ring:
            for k, (x, y) in enumerate(g.sites[name]):
                r = pygame.Rect(0, 0, 2 * rs, 2 * rs)
                r.center = (round(x), round(y))
                scene.add(f"site:{name}:{k}", r)
        tr = round(g.token_radius)
        for name in g.ring:
            for res, (x, y) in g.resource_spots[name].items():
                scene.add(f"token:{name}:{res}", pygame.Rect(round(x) - tr, round(y) - tr, 2 * tr, 2 * tr))
        for side in ("left", "right"):
            x, y = g.turn_arrow_pos[side]
            rr = round(g.turn_arrow_radius * 1.2)
            scene.add(f"hex:turn_{side}", pygame.Rect(round(x - rr), round(y - rr), 2 * rr, 2 * rr))
        cx, cy = g.center
        hr = g.hex_radius
        scene.add("hex:use", pygame.Rect(round(cx - hr), round(cy - hr), round(2 * hr), round(2 * hr)),
                  hit=lambda pos: _near(pos, (cx, cy), hr * 0.95))
        for name in g.ring:
            # the whole region: its land, its coast (where its outline glows), its label and dragon spot
            scene.add(f"region:{name}", self.region_boxes[name],
                      hit=lambda pos, n=name: (g.region_near(pos) == n or g.label_rects[n].collidepoint(pos)
                                               or _near(pos, g.dragon_spots[n], g.dragon_radius)),
                      point=self._free_point(scene, name))
        return out

    def _free_point(self, scene, name):
        """A point of the region's label that no site or token lies over (a small map
        with large text can put a token over the label's middle)."""
        label = self.geo.label_rects[name]
        pieces = [e.rect for e in scene.elements if e.name.startswith((f"site:{name}:", f"token:{name}:"))]
        points = [label.center, (label.x + 4, label.centery), (label.right - 4, label.centery)]
        return next((p for p in points if not any(r.collidepoint(p) for r in pieces)), label.center)

    # ----- drawing ----------------------------------------------------------
    def draw(self, surf, view, hot, hex_angle, dragon_pos=None):
        """Pieces on the background. ``hot`` names the clickable elements;
        ``dragon_pos`` overrides dragon positions (flight animation)."""
        g = self.geo
        surf.blit(self.background, self.rect.topleft)
        for name in g.ring:
            if f"region:{name}" in hot:
                pygame.draw.lines(surf, theme.HILITE, True, g.polygons[name], max(3, round(5 * g.scale)))
        size = round(g.site_radius * 2)
        tsize = round(g.token_radius * 2)
        for reg in view["regions"]:
            name = reg["name"]
            colour = self.regions[name].colour
            for k, v in enumerate(reg["sites"]):
                x, y = g.sites[name][k]
                if f"site:{name}:{k}" in hot:
                    pygame.draw.circle(surf, theme.HILITE, (x, y), g.site_radius + 4)
                img = pieces.building(SITE_KINDS[v], colour, size) if v else pieces.empty_site(size)
                surf.blit(img, img.get_rect(center=(round(x), round(y))))
            for res, (x, y) in g.resource_spots[name].items():
                img = pieces.icon_with_count(res, reg["res"][res], tsize)
                surf.blit(img, img.get_rect(center=(round(x), round(y))))
        self._draw_hex(surf, hot, hex_angle)
        self._draw_dragons(surf, view, dragon_pos or {})

    def dragon_spot(self, view, region, key):
        """Where a dragon (key: seat number or rogue name) sits in a region."""
        here = [p["seat"] for p in view["players"] if p["region"] == region]
        here += [d for d, r in view["rogues"] if r == region]
        if key not in here:
            return self.geo.dragon_spots[region]
        # spread dragons sharing a region (Dragon Ward) so that each stays visible
        cx, cy = self.geo.dragon_spots[region]
        x, y = self.geo.dragon_positions(region, len(here))[here.index(key)]
        return cx + (x - cx) * 2.2, cy + (y - cy) * 2.2

    def _draw_dragons(self, surf, view, moving):
        size = round(self.geo.dragon_radius * 2.3)
        for p in view["players"]:
            if p["region"] is None and p["seat"] not in moving:
                continue
            d = self.dragons[p["dragon"]]
            pos = moving.get(p["seat"]) or self.dragon_spot(view, p["region"], p["seat"])
            img = pieces.dragon_token(d.colour, d.letter, size)
            surf.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
        for dragon, region in view["rogues"]:
            pos = self.dragon_spot(view, region, dragon)
            img = pieces.dragon_token(self.dragons[dragon].colour, "R", size, rogue=True)
            surf.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))

    def _draw_hex(self, surf, hot, angle):
        g = self.geo
        img = hexboard.hex_board(g.hex_radius, angle, tuple(self.data.hex_sides))
        c = (round(g.center[0]), round(g.center[1]))
        if "hex:use" in hot:
            pygame.draw.circle(surf, theme.HILITE, c, round(g.hex_radius * 1.08))
        surf.blit(img, img.get_rect(center=c))
        for side in ("left", "right"):
            x, y = g.turn_arrow_pos[side]
            offered = f"hex:turn_{side}" in hot
            pic = hexboard.turn_arrow(side, round(g.turn_arrow_radius * 2), offered)
            if not offered:                 # faded: it does not look like a button that works now
                pic = pic.copy()
                pic.set_alpha(UNOFFERED_ALPHA)
            surf.blit(pic, pic.get_rect(center=(round(x), round(y))))
