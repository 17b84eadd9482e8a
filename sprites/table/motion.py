"""What moves on the table after an action: dragons flying to their region,
through each region on the way, resource tokens flying from the map to the
dragon that took them, a destroyed settlement going up in flames where it
stood, cards coming into the viewer's hand (from the deck or the track) and
leaving it (to the Dragon Card when played, to the discard pile when
discarded, face down if it went face down), and the Card Selection Track
turning face up card by card after Settlement Growth.

Two views of one seat, before and after an action, say what changed (only
what that seat may see: another dragon's hidden lair fills unseen); nothing
here changes the game. Durations are short and scaled by the table's speed.
The viewer's cards in flight are private: ``forget_cards`` drops them when
the table stops showing that seat's eyes.
"""
from __future__ import annotations

import pygame

from game.data import RESOURCES
from sprites.anim import PathTween, Tween
from sprites.art import icons as art_icons, pieces as art_pieces
from sprites.table import cardface

FLIP_MS = 260
CARDS = ("card", "back")          # a card in flight: its face, or its back (it went face down)
SITE_KINDS = (None, "village", "town", "city")


def snapshot(view):
    """What the animations compare, from a seat's view: what lies on the map and on the
    Dragon Cards, the lairs the seat may see, and its own hand (its draws fly in face up)."""
    players = view["players"]
    return {"regions": {r["name"]: dict(r["res"]) for r in view["regions"]},
            "viewer": view["seat"], "hand": list(players[view["seat"]]["hand"] or []),
            "cards": {p["seat"]: dict(p["card"]["res"]) for p in players},
            "lairs": {p["seat"]: dict(p["lair"]["res"]) for p in players if p["lair"] is not None},
            "pieces": {p["seat"]: (dict(p["card"]["villages"]), dict(p["card"]["cities"])) for p in players},
            "where": {p["seat"]: p["region"] for p in players},
            "sites": {r["name"]: list(r["sites"]) for r in view["regions"]},
            "century": view["century"], "track": len(view["track"])}


class Motion:
    def __init__(self):
        self.flights = {}          # seat -> Tween of the dragon's position (drawn in the map)
        self.tokens = []           # (picture key, Tween) flying over everything
        self.reveal = None         # (start ms, number of track cards) after growth
        self.ruins = []            # (site kind, region, (x, y), size, Tween 0 -> 1): a settlement going up in flames

    def start(self, before, after, now, geo, lair_point, card_point, duration, stock_point=None, draw_path=None,
              leave_path=None, ways=None):
        """Animate what changed from ``before`` to ``after`` (two ``snapshot``s of one seat's
        views). ``draw_path(cid)`` and ``leave_path(cid)`` (given only while the table shows
        the same seat's eyes before and after): where a card that came into the viewer's
        hand flies from and to, and where one that left it flies (and whether face up);
        ``ways``: {seat: the regions each dragon flew to, in order}."""
        left, new = list(before["hand"]), []
        for cid in after["hand"]:
            if cid in left:
                left.remove(cid)
            else:
                new.append(cid)
        if draw_path is not None:                         # the viewer's new cards, face up: private
            for k, cid in enumerate(new):
                start, end = draw_path(cid)
                self.tokens.append((("card", cid), Tween(start, end, now + 90 * k, duration(480))))
        if leave_path is not None:                        # ... and those it played or discarded
            for k, cid in enumerate(left):
                start, end, face_up = leave_path(cid)
                self.tokens.append((("card" if face_up else "back", cid), Tween(start, end, now + 90 * k,
                                                                                 duration(420))))
        for seat, new in after["where"].items():
            old = before["where"].get(seat)
            if new is not None and old != new:
                start = geo.dragon_spots[old] if old else lair_point(seat)
                on_the_way = [r for r in (ways or {}).get(seat, [])[:-1] if r in geo.dragon_spots and r != old]
                points = [start] + [geo.dragon_spots[r] for r in on_the_way] + [geo.dragon_spots[new]]
                self.flights[seat] = PathTween(points, now, duration(380 + 220 * (len(points) - 2)))
        for seat, res in after["cards"].items():
            for r in RESOURCES:
                gained = res[r] - before["cards"][seat][r]
                if gained <= 0:
                    continue
                lost_here = [name for name, rr in after["regions"].items() if rr[r] < before["regions"][name][r]]
                start = geo.resource_spots[lost_here[0]][r] if lost_here else card_point(seat)
                for k in range(gained):
                    self.tokens.append((r, Tween(start, card_point(seat), now + 80 * k, duration(520))))
        for seat, res in after["lairs"].items():          # Lair Actions: from the stockpile to the lair
            for r in RESOURCES:
                for k in range(res[r] - before["lairs"].get(seat, res)[r]):
                    if stock_point is not None and not after["where"].get(seat):
                        self.tokens.append((r, Tween(stock_point(r), card_point(seat), now + 80 * k, duration(520))))
        fallen = {}                                     # region -> where a settlement fell or shrank
        for region, sites in after["sites"].items():
            for k, (old, new) in enumerate(zip(before["sites"][region], sites)):
                if new < old:
                    spot = (SITE_KINDS[old], region, geo.sites[region][k], round(geo.site_radius * 2))
                    self.ruins.append(spot + (Tween(0.0, 1.0, now, duration(RUIN_MS)),))
                    fallen.setdefault(region, geo.sites[region][k])
        for seat, (villages, cities) in after["pieces"].items():    # settlements taken: from the map
            old_v, old_c = before["pieces"][seat]
            for kind, now_n, old_n in (("village", villages, old_v), ("city", cities, old_c)):
                for region, n in now_n.items():
                    for k in range(n - old_n.get(region, 0)):
                        start = fallen.get(region, geo.label_rects[region].center)
                        self.tokens.append(((kind, region), Tween(start, card_point(seat), now + 80 * k,
                                                                  duration(560))))
        if after["century"] != before["century"] and after["track"]:
            self.reveal = (now, after["track"])

    @staticmethod
    def prewarm(data, size):
        """The flying pieces, drawn once at their size."""
        for r in RESOURCES:
            art_icons.icon(r, size)
        for region in data.regions:
            for kind in ("village", "city"):
                art_pieces.building(kind, region.colour, size)

    def update(self, now):
        """(the map must be redrawn, the overlays must be redrawn). Both stay
        True for the tick on which the last of their animations ends, so
        that the final picture (the dragon in its region, no token left in
        the air) is always drawn, however late that tick comes."""
        flying = bool(self.flights)
        for seat, tw in list(self.flights.items()):
            if tw.done(now):
                del self.flights[seat]
        overlays = bool(self.tokens) or self.reveal is not None or bool(self.ruins)
        self.tokens = [(r, tw) for r, tw in self.tokens if not tw.done(now)]
        self.ruins = [r for r in self.ruins if not r[4].done(now)]
        if self.reveal and now - self.reveal[0] > FLIP_MS * (self.reveal[1] + 1):
            self.reveal = None
        return flying, overlays

    def forget_cards(self):
        """Drop the viewer's cards in flight (the table no longer shows that seat's eyes)."""
        self.tokens = [(what, tw) for what, tw in self.tokens if not (isinstance(what, tuple) and what[0] in CARDS)]

    def cards_in_flight(self):
        """[("card" (face up) or "back", card id)] of the cards flying now."""
        return [what for what, _ in self.tokens if isinstance(what, tuple) and what[0] in CARDS]

    def clear(self):
        """Stop every animation (the next frame shows the state as it is)."""
        self.flights.clear()
        self.tokens = []
        self.reveal = None
        self.ruins = []

    def dragon_positions(self, now):
        return {seat: tw.value(now) for seat, tw in self.flights.items()}

    def draw_overlays(self, surface, now, track_rects, data, track, size, polygons=None, card_size=None):
        """Tokens, settlements and drawn cards in flight, and track cards still
        face down; the region of the card turning now is outlined on the map (it grew)."""
        if self.reveal:
            start, _ = self.reveal
            for j, (rect, cid) in enumerate(zip(track_rects, track)):
                if now < start + FLIP_MS * (j + 1):
                    surface.blit(cardface.back(data, data.cards[cid].back, rect.w, rect.h), rect)
                if polygons and start + FLIP_MS * j <= now < start + FLIP_MS * (j + 1):
                    pygame.draw.lines(surface, (255, 250, 230), True, polygons[data.cards[cid].back], 4)
        colours = {r.name: r.colour for r in data.regions}
        for kind, region, pos, bsize, tw in self.ruins:
            burn(surface, art_pieces.building(kind, colours[region], bsize), pos, tw.value(now))
        for what, tw in self.tokens:
            if now < tw.begin:
                continue
            x, y = tw.value(now)
            if isinstance(what, tuple) and what[0] == "card":
                img = cardface.face(data, what[1], *(card_size or (size, round(size / 0.7))))
            elif isinstance(what, tuple) and what[0] == "back":         # (no region on it: nothing told)
                img = cardface.back(data, None, *(card_size or (size, round(size / 0.7))))
            elif isinstance(what, tuple):
                img = art_pieces.building(what[0], colours[what[1]], size)
            else:
                img = art_icons.icon(what, size)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def busy(self):
        return bool(self.flights or self.tokens or self.reveal or self.ruins)


RUIN_MS = 900


def burn(surface, building, pos, t):
    """A settlement destroyed at ``pos``, ``t`` of the way (0..1): flames flare up
    around it while it sinks and fades; the map under it already shows what is left."""
    x, y = round(pos[0]), round(pos[1])
    w, h = building.get_size()
    if t < 0.75:
        k = 1.0 - t / 0.75
        img = pygame.transform.smoothscale(building, (max(1, round(w * (0.6 + 0.4 * k))),
                                                      max(1, round(h * (0.4 + 0.6 * k)))))
        img.set_alpha(round(255 * k))
        surface.blit(img, img.get_rect(midbottom=(x, y + h // 2)))
    r = max(4, round(w * (0.35 + 0.55 * t)))
    glow = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    fade = 1.0 - t
    pygame.draw.circle(glow, (255, 110, 30, round(200 * fade)), (r + 1, r + 1), r)
    pygame.draw.circle(glow, (255, 220, 90, round(230 * fade)), (r + 1, r + 1), max(2, round(r * 0.55)))
    surface.blit(glow, (x - r - 1, y - r - 1))
