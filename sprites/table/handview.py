"""Bottom of the table: deck, discard pile, Card Selection Track, resource
buttons, and the viewer's hand (cards overlap when the hand is large).

The hand is drawn from ``slots`` (card, rect) that the table keeps: right
after a card leaves the hand the others stay where they were (a gap marks
the card that left) until the pointer moves, so that a quick second click
never lands on a card that slid under it.
"""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.table import cardface

CARD_RATIO = 0.7
TILE_MAX_W = 104            # track tiles at 1600 x 900 (they shrink to fit, never below a readable name)


class HandView:
    def __init__(self, lay, data):
        self.lay = lay
        self.data = data

    # ----- geometry -----------------------------------------------------------
    def label_h(self):
        return theme.font(self.lay.font(16)).get_height() + 1

    def small_size(self):
        """Deck and discard pile: card-shaped."""
        h = self.lay.strip.h - 2 * self.lay.pad - self.label_h()
        return round(h * CARD_RATIO), h

    def deck_rect(self):
        w, h = self.small_size()
        return pygame.Rect(self.lay.strip.x + self.lay.pad, self.lay.strip.y + self.lay.pad, w, h)

    def discard_rect(self):
        return self.deck_rect().move(self.small_size()[0] + self.lay.pad, 0)

    def button_rects(self):
        lay = self.lay
        bw = max(lay.px(150), theme.text_width("Consume Noble", lay.font(18), True) + lay.px(16))
        gap = max(2, lay.px(4))
        bh = (lay.strip.h - 2 * lay.pad - 2 * gap) // 3
        x = lay.strip.right - lay.pad - bw
        y = lay.strip.y + lay.pad
        names = ("button:divination", "button:consume_noble", "button:lick_wounds")
        return {name: pygame.Rect(x, y + i * (bh + gap), bw, bh) for i, name in enumerate(names)}

    def track_rects(self, n):
        """Card Selection Track tiles: as wide as fits (up to TILE_MAX_W) between the piles and the buttons."""
        lay = self.lay
        label = theme.text_width("Deck 00  Discard 00", lay.font(16), True)
        x0 = max(self.discard_rect().right, self.deck_rect().x + label) + lay.px(18)
        right = min(r.x for r in self.button_rects().values()) - lay.px(10)
        gap = lay.px(5)
        h = self.small_size()[1]
        w = min(lay.px(TILE_MAX_W), (right - x0 - gap * (max(n, 1) - 1)) // max(n, 1))
        return [pygame.Rect(x0 + i * (w + gap), self.deck_rect().y, w, h) for i in range(n)]

    def card_size(self):
        h = self.lay.hand.h - 2 * self.lay.pad - self.lay.px(12)
        return round(h * CARD_RATIO), h

    def hand_rects(self, n):
        """Where n cards lie when the hand is laid out afresh."""
        lay = self.lay
        w, h = self.card_size()
        area = lay.hand.inflate(-2 * lay.pad, 0)
        step = w + lay.px(8)
        if n > 1 and n * step > area.w:
            step = (area.w - w) / (n - 1)
        y = lay.hand.bottom - lay.pad - h
        return [pygame.Rect(round(area.x + i * step), y, w, h) for i in range(n)]

    @staticmethod
    def visible(rects, j):
        """The part of card j not covered by the card laid on top of it (the next one)."""
        r = rects[j]
        if j == len(rects) - 1 or rects[j + 1].x >= r.right:
            return pygame.Rect(r)
        return pygame.Rect(r.x, r.y, max(4, rects[j + 1].x - r.x), r.h)

    # ----- elements -------------------------------------------------------------
    def register(self, scene, view, slots, tips):
        for j, r in enumerate(self.track_rects(len(view["track"]))):
            scene.add(f"track:{j}", r, tip=tips.get(f"track:{j}"))
        for name, r in self.button_rects().items():
            scene.add(name, r, tip=tips.get(name))
        rects = [r for _, r in slots]
        for j in range(len(slots)):
            scene.add(f"hand:{j}", self.visible(rects, j), tip=tips.get(f"hand:{j}"))
        scene.add("deck", self.deck_rect(), tip=tips.get("deck"))
        scene.add("discard_pile", self.discard_rect(), tip=tips.get("discard_pile"))

    # ----- drawing ----------------------------------------------------------------
    def draw_strip(self, surf, view, hot, labels, enabled):
        """Deck, discard pile, Card Selection Track and the resource buttons."""
        lay = self.lay
        surf.set_clip(lay.strip)
        pygame.draw.rect(surf, (74, 54, 38), lay.strip)
        pygame.draw.line(surf, (40, 28, 18), lay.strip.topleft, lay.strip.topright, 2)
        w, h = self.small_size()
        small = lay.font(16)
        deck = self.deck_rect()
        if view["deck"]["count"]:
            surf.blit(cardface.back(self.data, view["deck"]["top_back"], w, h), deck)
        else:
            pygame.draw.rect(surf, (90, 70, 52), deck, 2, border_radius=6)
        disc = self.discard_rect()
        if view["discard"]:
            surf.blit(cardface.face(self.data, view["discard"][-1], w, h), disc)
        else:
            pygame.draw.rect(surf, (90, 70, 52), disc, 2, border_radius=6)
        # one line under both piles (two labels would not fit under two small cards)
        theme.blit_text(surf, f"Deck {view['deck']['count']}  Discard {len(view['discard'])}", small,
                        (deck.x, deck.bottom + 1), theme.WHITE, True, "topleft")
        rects = self.track_rects(len(view["track"]))
        if rects:
            span = rects[0].union(rects[-1])
            theme.blit_text(surf, "Card Selection Track", small, (span.centerx, span.bottom + 1), (230, 214, 180),
                            True, "midtop")
        for j, cid in enumerate(view["track"]):
            r = rects[j]
            surf.blit(cardface.compact(self.data, cid, r.w, r.h, lay.font(16)), r)
            if f"track:{j}" in hot:
                pygame.draw.rect(surf, theme.HILITE, r.inflate(4, 4), 3, border_radius=7)
        for name, r in self.button_rects().items():
            theme.button(surf, r, labels[name], lay.font(18), enabled=name in enabled)
        surf.set_clip(None)

    def draw_hand(self, surf, slots, hot, gaps=()):
        """The viewer's hand; cards that can be used now are lifted and outlined.
        ``gaps``: where cards that just left the hand lay (drawn as empty places)."""
        lay = self.lay
        surf.set_clip(lay.hand)
        pygame.draw.rect(surf, (64, 46, 32), lay.hand)
        rects = [r for _, r in slots]
        for r in gaps:
            pygame.draw.rect(surf, (84, 62, 44), r, border_radius=8)
            pygame.draw.rect(surf, (120, 96, 70), r, 2, border_radius=8)
        overlap = any(rects[j + 1].x < rects[j].right for j in range(len(rects) - 1))
        for j, (cid, r) in enumerate(slots):
            live = f"hand:{j}" in hot
            rr = r.move(0, -lay.px(10)) if live else r
            surf.blit(cardface.face(self.data, cid, r.w, r.h, lay.font(16)), rr)
            if overlap and r.h >= cardface.SAFE_H:      # the printed region shield is covered: repeat the letter
                self._letter_tab(surf, cid, self.visible(rects, j).move(0, rr.y - r.y))
            if live:
                pygame.draw.rect(surf, theme.HILITE, rr.inflate(4, 4), 3, border_radius=9)
        if not slots:
            theme.blit_text(surf, "No cards in hand", lay.font(20), lay.hand.center, (200, 180, 150), False, "center")
        surf.set_clip(None)

    def _letter_tab(self, surf, cid, strip):
        """The card's region letter (or * for Any Region, the dragon's letter for a Dragon Hex Card)
        on a disc of its colour, low on the visible strip of an overlapped card."""
        card = self.data.cards[cid]
        if card.is_hex:
            d = next(x for x in self.data.dragons if x.name == card.hex_dragon)
            colour, letter = d.colour, d.letter
        elif card.region:
            region = self.data.regions[self.data.region_index[card.region]]
            colour, letter = region.colour, region.letter
        else:
            colour, letter = (124, 100, 70), "*"
        size = self.lay.font(16)
        d = theme.font(size, True).get_height() + 4
        centre = (strip.x + self.lay.px(6) + d // 2, strip.bottom - self.lay.px(8) - d // 2)
        pygame.draw.circle(surf, theme.rgb(colour), centre, d // 2)
        pygame.draw.circle(surf, theme.INK, centre, d // 2, 1)
        theme.blit_text(surf, letter, size, centre, theme.on(colour), True, "center")
