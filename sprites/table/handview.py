"""Bottom of the table: deck, discard pile, Card Selection Track, resource
buttons, and the viewer's hand (cards overlap when the hand is large)."""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.table import cardface

CARD_RATIO = 0.7


class HandView:
    def __init__(self, lay, data):
        self.lay = lay
        self.data = data

    # ----- geometry -----------------------------------------------------------
    def small_size(self):
        h = self.lay.strip.h - 2 * self.lay.pad - self.lay.px(14)
        return round(h * CARD_RATIO), h

    def deck_rect(self):
        w, h = self.small_size()
        return pygame.Rect(self.lay.strip.x + self.lay.pad, self.lay.strip.y + self.lay.pad, w, h)

    def discard_rect(self):
        return self.deck_rect().move(self.small_size()[0] + self.lay.pad, 0)

    def track_rects(self, n):
        w, h = self.small_size()
        x0 = self.discard_rect().right + self.lay.px(26)
        return [pygame.Rect(x0 + i * (w + self.lay.px(5)), self.deck_rect().y, w, h) for i in range(n)]

    def button_rects(self):
        lay = self.lay
        bw, bh = lay.px(150), lay.px(38)
        x = lay.strip.right - lay.pad - bw
        y = lay.strip.y + lay.pad
        return {"button:divination": pygame.Rect(x, y, bw, bh),
                "button:consume_noble": pygame.Rect(x, y + bh + lay.px(10), bw, bh)}

    def card_size(self):
        h = self.lay.hand.h - 2 * self.lay.pad - self.lay.px(12)
        return round(h * CARD_RATIO), h

    def hand_rects(self, n):
        lay = self.lay
        w, h = self.card_size()
        area = lay.hand.inflate(-2 * lay.pad, 0)
        step = w + lay.px(8)
        if n > 1 and n * step > area.w:
            step = (area.w - w) / (n - 1)
        y = lay.hand.bottom - lay.pad - h
        return [pygame.Rect(round(area.x + i * step), y, w, h) for i in range(n)]

    # ----- elements -------------------------------------------------------------
    def register(self, scene, view, hand, tips):
        for j, r in enumerate(self.track_rects(len(view["track"]))):
            scene.add(f"track:{j}", r, tip=tips.get(f"track:{j}"))
        for name, r in self.button_rects().items():
            scene.add(name, r, tip=tips.get(name))
        rects = self.hand_rects(len(hand))
        for j, r in enumerate(rects):
            visible = r if j == len(rects) - 1 else pygame.Rect(r.x, r.y, max(4, rects[j + 1].x - r.x), r.h)
            scene.add(f"hand:{j}", visible, tip=tips.get(f"hand:{j}"))
        scene.add("deck", self.deck_rect(), tip=tips.get("deck"))
        scene.add("discard_pile", self.discard_rect(), tip=tips.get("discard_pile"))

    # ----- drawing ----------------------------------------------------------------
    def draw_strip(self, surf, view, hot, labels):
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
        theme.blit_text(surf, f"Deck {view['deck']['count']}", small, (deck.centerx, deck.bottom + 1), theme.WHITE,
                        True, "midtop")
        disc = self.discard_rect()
        if view["discard"]:
            surf.blit(cardface.face(self.data, view["discard"][-1], w, h), disc)
        else:
            pygame.draw.rect(surf, (90, 70, 52), disc, 2, border_radius=6)
        theme.blit_text(surf, f"Discard {len(view['discard'])}", small, (disc.centerx, disc.bottom + 1),
                        theme.WHITE, True, "midtop")
        rects = self.track_rects(len(view["track"]))
        if rects:
            span = rects[0].union(rects[-1])
            theme.blit_text(surf, "Card Selection Track", small, (span.centerx, span.bottom + 1), (230, 214, 180),
                            True, "midtop")
        for j, cid in enumerate(view["track"]):
            r = rects[j]
            surf.blit(cardface.face(self.data, cid, w, h), r)
            if f"track:{j}" in hot:
                pygame.draw.rect(surf, theme.HILITE, r.inflate(4, 4), 3, border_radius=7)
        for name, r in self.button_rects().items():
            theme.button(surf, r, labels[name], lay.font(20), enabled=name in hot)
        surf.set_clip(None)

    def draw_hand(self, surf, hand, hot):
        """The viewer's hand; cards that can be used now are lifted and outlined."""
        lay = self.lay
        surf.set_clip(lay.hand)
        pygame.draw.rect(surf, (64, 46, 32), lay.hand)
        for j, (cid, r) in enumerate(zip(hand, self.hand_rects(len(hand)))):
            live = f"hand:{j}" in hot
            rr = r.move(0, -lay.px(10)) if live else r
            surf.blit(cardface.face(self.data, cid, r.w, r.h), rr)
            if live:
                pygame.draw.rect(surf, theme.HILITE, rr.inflate(4, 4), 3, border_radius=9)
        if not hand:
            theme.blit_text(surf, "No cards in hand", lay.font(20), lay.hand.center, (200, 180, 150), False, "center")
        surf.set_clip(None)
