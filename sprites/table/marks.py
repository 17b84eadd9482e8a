"""Marks on the table: what an action touched, glowing for a moment.

A mark names a place - ("region", name), ("site", (region, k)), ("token",
(region, resource)), ("hex", None), ("path", (from, to)), ("stockpile",
resource), ("lair_action", id) or ("player", seat) - and is drawn over the
table. Marks come from the engine's events (their fields say where things
happened) and from the action kinds' ``touches`` (which site an attack hit);
the previews' marks come from ``Game.outcome``. Nothing here knows a rule.
"""
from __future__ import annotations

import math

import pygame

from sprites import theme
from sprites.art.common import is_light
from sprites.table import cardface

HAPPENED = (255, 128, 48)         # what happened without a dragon (dragons' own marks are in their colour)
PREVIEW = (250, 250, 250)         # what hovering shows an option would touch
DARK_EDGE = (40, 24, 14)
LIGHT_EDGE = (250, 244, 228)
FLASH_MS = 160
RESUMED_MS = 600                  # held marks stay this long after Resume


def event_marks(event, fallen=(), before=None):
    """The places one event touched (``fallen``: (region, site) of the settlements the
    action destroyed or shrank, for an attack or a raze; ``before``: seat -> region
    before the action)."""
    k = event["kind"]
    region = event.get("region")
    out = []
    if k == "takes":
        out.append(("token", (region, event["res"])) if region else ("stockpile", event["res"]))
    elif k in ("destroys", "razes") and any(r == region for r, _ in fallen):
        out += [("site", s) for s in fallen if s[0] == region]
    elif k in ("moves", "flies") and before is not None and before.get(event["seat"]):
        out += [("path", (before[event["seat"]], region)), ("region", region)]
    elif k in ("turns_hex", "uses_hex", "hex_points"):
        out += [("hex", None), ("region", region)]
    elif k == "hex_adds":
        out += [("token", (r, res)) for res, r in event["placed"]]
    elif k == "lair_action":
        out.append(("lair_action", event["action"]))
    elif k == "hoards":
        out.append(("stockpile", event["res"]))
    elif region:
        out.append(("region", region))
    if event.get("seat") is not None and k in ("levels_up", "returns", "lair_action", "takes_from_track", "plays"):
        out.append(("player", event["seat"]))
    return out


def outcome_marks(outcome):
    """The places a preview (an option's ``preview`` in the snapshot) would touch."""
    out = [("site", (h["region"], h["site"])) for h in outcome["hits"]]
    out += [("token", (r, res)) if r else ("stockpile", res) for r, res in outcome["taken"]]
    if outcome["path"]:
        out += [("path", tuple(outcome["path"])), ("region", outcome["path"][1])]
    if outcome["facing"]:
        out.append(("hex", None))
        if isinstance(outcome["hex_use"], dict):
            out += outcome_marks(outcome["hex_use"])
    out += [("region", region) for _, region, _ in outcome["pieces"] if ("region", region) not in out]
    return out


def choice_places(f, i):
    """Where the table offers option ``i`` (a site, a card, the hex, a button) and what
    it would touch (its preview's places)."""
    if i >= len(f.options):
        return []
    places = []
    for element, idx in f.groups.items():
        kind, _, rest = element.partition(":")
        if i not in idx or kind == "option":
            continue
        if kind == "site":
            region, _, k = rest.rpartition(":")
            places.append(("site", (region, int(k))))
        elif kind in ("region", "hex"):
            places.append((kind, rest if kind == "region" else None))
        else:                               # a card in the hand or on the track, a Lair Action, a button
            places.append(("element", element))
    card = f.options[i]["action"].get("card")       # the card it plays or discards (Lick Wounds: a button's)
    places += [("element", f"hand:{j}") for j, cid in enumerate(f.hand)
               if cid == card and ("element", f"hand:{j}") not in places]
    return places + [p for p in outcome_marks(f.options[i]["preview"]) if p not in places]


class Marks:
    """Marks shown until a time: (place, begin ms, end ms, colour); ``caption``: a
    line (and a played card) shown beside the first of the latest batch."""

    def __init__(self):
        self.items = []
        self.caption = None           # (text, card id or None, place, end ms)
        self.caption_rect = None      # where it was last drawn
        self.held = False             # the other dragons are paused: the marks stay until the next move
        self._flashing = False

    def add(self, places, now, ms, colour=HAPPENED, caption=None, card=None, flash=True):
        """Show ``places`` for ``ms`` (with a flash first, unless animations are off): the
        latest action's marks replace the last ones."""
        begin = now if flash else now - FLASH_MS
        self.items = [(place, begin, now + ms, colour) for place in dict.fromkeys(places)]
        if caption and places:
            self.caption = (caption, card, places[0], now + ms)

    def clear(self):
        self.items = []
        self.caption = None

    def hold(self, held, now):
        """While the other dragons are paused (and stepped through), the last move's marks and
        caption stay in sight; on Resume they run out as usual, a moment later."""
        if held == self.held:
            return
        self.held = held
        if not held:
            self.items = [(place, begin, max(end, now + RESUMED_MS), colour) for place, begin, end, colour in self.items]
            if self.caption:
                self.caption = self.caption[:3] + (max(self.caption[3], now + RESUMED_MS),)

    def update(self, now):
        """True while a mark is shown (and once more on the tick the last one ends); held, only
        while one flashes (a steady mark needs no new frame)."""
        if self.held:
            flashing = any(now - begin < FLASH_MS for _, begin, _, _ in self.items)
            live, self._flashing = flashing or self._flashing, flashing
            return live
        live = bool(self.items)
        self.items = [m for m in self.items if m[2] > now]
        if self.caption and self.caption[3] <= now:
            self.caption = None
        return live

    def draw(self, surface, now, geo, rect_of, lay, data, dragon_spot, caption=True, keep_clear=(), never=()):
        """Every live mark; ``rect_of(name)`` finds a table element's rect; ``caption``:
        the line too, away
        from the rects of ``keep_clear`` (the hint) if it can, and never over those of
        ``never`` (the tutorial's panel: without room beside it, the log has the line)."""
        for place, begin, end, colour in self.items:
            if begin <= now and (now < end or self.held):   # a flash, then steady (a still table draws a frame twice)
                flash = 1.0 if now - begin < FLASH_MS else 0.0
                draw_mark(surface, place, colour, flash, geo, rect_of, lay, dragon_spot)
        self.caption_rect = None
        if caption and self.caption and (now < self.caption[3] or self.held):
            text, card, place, _ = self.caption
            r = round(geo.dragon_radius)
            avoid = [(m, 3) for m in (place_rect(p, geo, rect_of) for p, *_ in self.items) if m]
            avoid += [(pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r), 2) for x, y in geo.dragon_spots.values()]
            avoid += [(m, 1) for m in list(geo.label_rects.values()) + [place_rect(("hex", None), geo, rect_of)]]
            avoid += [(m, 5) for m in keep_clear] + [(m, 1000) for m in never]
            self.caption_rect = draw_caption(surface, text, card, anchor(place, geo, rect_of), lay, data, avoid,
                                             never)


def place_rect(place, geo, rect_of):
    """The screen rect a mark covers, for the small places a tooltip should leave in
    sight (None for a whole region)."""
    kind, key = place
    if kind in ("site", "token"):
        x, y = geo.sites[key[0]][key[1]] if kind == "site" else geo.resource_spots[key[0]][key[1]]
        r = round((geo.site_radius if kind == "site" else geo.token_radius) * 1.8)
        return pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r)
    if kind == "path":
        (ax, ay), (bx, by) = geo.dragon_spots[key[0]], geo.dragon_spots[key[1]]
        r = round(geo.dragon_radius * 1.3)
        return pygame.Rect(min(ax, bx) - r, min(ay, by) - r, abs(ax - bx) + 2 * r, abs(ay - by) + 2 * r)
    if kind == "hex":
        r = round(geo.hex_radius * 1.2)
        return pygame.Rect(round(geo.center[0]) - r, round(geo.center[1]) - r, 2 * r, 2 * r)
    return None


def anchor(place, geo, rect_of):
    """A point near which a caption about ``place`` goes."""
    kind, key = place
    if kind == "region":
        return geo.label_rects[key].midtop
    if kind == "site":
        return geo.sites[key[0]][key[1]]
    if kind == "token":
        return geo.resource_spots[key[0]][key[1]]
    if kind == "path":
        return geo.dragon_spots[key[1]]
    if kind == "hex":
        return geo.center[0], geo.center[1] - geo.hex_radius
    r = rect_of({"lair_action": f"lair_action:{key}", "player": f"player:{key}"}.get(kind, "info:stockpile"))
    return r.midright if r is not None else geo.center


def edge_for(colour):
    """The outline under a mark: dark under a light colour, light under a dark one
    (a black dragon's mark shows on the dark sea)."""
    return DARK_EDGE if is_light(colour) else LIGHT_EDGE


def draw_mark(surface, place, colour, flash, geo, rect_of, lay, dragon_spot):
    kind, key = place
    bright = theme.mix(colour, (255, 255, 255), 0.55 * flash)
    width = max(3, lay.px(5))
    edge = edge_for(colour)
    if kind == "region":
        pts = geo.polygons[key][::3]                # (a third of the coast's points: as smooth at this width)
        pygame.draw.lines(surface, edge, True, pts, width + 4)
        pygame.draw.lines(surface, bright, True, pts, width)
    elif kind in ("site", "token"):
        x, y = geo.sites[key[0]][key[1]] if kind == "site" else geo.resource_spots[key[0]][key[1]]
        r = (geo.site_radius if kind == "site" else geo.token_radius) + lay.px(6) + flash * lay.px(3)
        pygame.draw.circle(surface, edge, (round(x), round(y)), round(r) + 2, width + 4)
        pygame.draw.circle(surface, bright, (round(x), round(y)), round(r), width)
    elif kind == "hex":
        c = (round(geo.center[0]), round(geo.center[1]))
        r = round(geo.hex_radius * 1.12 + flash * lay.px(3))
        pygame.draw.circle(surface, edge, c, r + 2, width + 4)
        pygame.draw.circle(surface, bright, c, r, width)
    elif kind == "path":
        a, b = dragon_spot(key[0]), dragon_spot(key[1])
        arrow(surface, a, b, bright, width, geo.dragon_radius, edge)
    else:
        r = rect_of({"lair_action": f"lair_action:{key}", "player": f"player:{key}",
                     "element": key}.get(kind, "info:stockpile"))
        if r is not None:
            pygame.draw.rect(surface, edge, r.inflate(6, 6), width + 2, border_radius=7)
            pygame.draw.rect(surface, bright, r.inflate(4, 4), width, border_radius=6)


def arrow(surface, a, b, colour, width, gap, edge=DARK_EDGE):
    """A dashed flight line from a to b ending in an arrow head, ``gap`` short of both ends."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    if n < 2 * gap + 4:
        return
    ux, uy = dx / n, dy / n
    start, end = (a[0] + ux * gap, a[1] + uy * gap), (b[0] - ux * gap, b[1] - uy * gap)
    length = n - 2 * gap
    dash = max(8, width * 3)
    t = 0.0
    while t < length - dash:
        p = (start[0] + ux * t, start[1] + uy * t)
        q = (start[0] + ux * min(length, t + dash), start[1] + uy * min(length, t + dash))
        pygame.draw.line(surface, edge, p, q, width + 4)
        pygame.draw.line(surface, colour, p, q, width)
        t += dash * 1.7
    head = max(12, width * 4)
    left = (end[0] - ux * head - uy * head * 0.6, end[1] - uy * head + ux * head * 0.6)
    right = (end[0] - ux * head + uy * head * 0.6, end[1] - uy * head - ux * head * 0.6)
    pygame.draw.polygon(surface, edge, [end, left, right])
    pygame.draw.polygon(surface, colour, [(end[0] - ux * 2, end[1] - uy * 2), left, right])


def draw_caption(surface, text, card, at, lay, data, avoid=(), never=()):
    """A short line over the map beside where it happened (with the card played, if any):
    beside it where it hides least of ``avoid`` ([(rect, weight)]: what is marked, the
    dragons, the regions' names, the hex), and not at all where it would lie over one
    of ``never``; returns where it went (None: not drawn)."""
    size = lay.font(18)
    width = min(lay.px(360), lay.map.w - lay.px(40))
    lines = theme.wrap(text, size, width - lay.px(16))
    lh = theme.font(size).get_linesize()
    cw, ch = (lay.px(84), lay.px(120)) if card else (0, 0)
    w = max(theme.text_width(line, size) for line in lines) + lay.px(16) + (cw + lay.px(8) if card else 0)
    h = max(len(lines) * lh + lay.px(12), ch + lay.px(12))
    x, y, gap, room = round(at[0]), round(at[1]), lay.px(30), lay.map.inflate(-lay.pad, -lay.pad)
    spots = []
    for side, point in (("midbottom", (x, y - gap)), ("midtop", (x, y + gap)), ("bottomleft", (x + gap, y - gap)),
                        ("bottomright", (x - gap, y - gap)), ("topleft", (x + gap, y + gap)),
                        ("topright", (x - gap, y + gap)), ("midright", (x - gap, y)), ("midleft", (x + gap, y))):
        c = pygame.Rect(0, 0, w, h)
        setattr(c, side, point)
        spots.append(c.clamp(room))
    r = min(spots, key=lambda c: sum(weight for rect, weight in avoid if c.colliderect(rect)))
    if r.collidelist(list(never)) >= 0:
        return None
    theme.shade(surface, r.move(3, 4), 110)
    theme.panel(surface, r, fill=(40, 28, 20), edge=HAPPENED, radius=7, width=2)
    x = r.x + lay.px(8)
    if card:
        surface.blit(cardface.face(data, card, cw, ch), (x, r.y + lay.px(6)))
        x += cw + lay.px(8)
    y = r.y + (r.h - len(lines) * lh) // 2
    for line in lines:
        theme.blit_text(surface, line, size, (x, y), theme.WHITE)
        y += lh
    return r
