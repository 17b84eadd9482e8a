"""Bottom of the table: deck, discard pile and Card Selection Track; the
viewer's hand (cards overlap when the hand is large) and the buttons that
spend a resource or a card (Divination, Consume Noble, Lick Wounds).

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


def overlays_zoom():
    from sprites.table.overlays import ZOOM
    return ZOOM
OUTLINE = 2                 # how far the outline of a card that can be taken reaches past it
TILE_MAX_W = 104            # track tiles at 1600 x 900 (they shrink to fit, never below a readable name)


class HandView:
    def __init__(self, lay, data, track_slots=7):
        self.lay = lay
        self.data = data
        self.track_slots = track_slots          # the most cards the track holds: tiles keep one size
        words = {w for c in data.cards.values() for w in c.name.replace(":", " ").split()}
        self._word_w = max(theme.text_width(w, lay.font(16)) for w in words) + 14

    # ----- geometry -----------------------------------------------------------
    def label_h(self):
        return theme.font(self.lay.font(16)).get_height() + 1

    def word_w(self):
        """The width a compact card needs so that the longest word of a card name fits."""
        return self._word_w

    def small_size(self):
        """The discard pile: card-shaped, wide enough for the discarded card's name."""
        h = self.lay.strip.h - 2 * self.lay.pad - self.label_h()
        return max(round(h * CARD_RATIO), self.word_w()), h

    def deck_rect(self):
        h = self.small_size()[1]
        return pygame.Rect(self.lay.strip.x + self.lay.pad, self.lay.strip.y + self.lay.pad, round(h * CARD_RATIO), h)

    def discard_rect(self):
        deck = self.deck_rect()
        return pygame.Rect(deck.right + self.lay.pad, deck.y, *self.small_size())

    def button_rects(self):
        """Divination, Consume Noble and Lick Wounds: a column at the right end of the hand's row."""
        lay = self.lay
        bw = max(lay.px(150), theme.text_width("Consume Noble", lay.font(18), True) + lay.px(16))
        gap = lay.px(8)
        bh = min(lay.px(44), (lay.hand.h - 2 * lay.pad - 2 * gap) // 3)
        x = lay.hand.right - lay.pad - bw
        y = lay.hand.centery - (3 * bh + 2 * gap) // 2
        names = ("button:divination", "button:consume_noble", "button:lick_wounds")
        return {name: pygame.Rect(x, y + i * (bh + gap), bw, bh) for i, name in enumerate(names)}

    def cards_area(self):
        """The hand's row left of the buttons."""
        lay = self.lay
        right = min(r.x for r in self.button_rects().values()) - lay.pad
        return pygame.Rect(lay.hand.x + lay.pad, lay.hand.y, right - lay.hand.x - lay.pad, lay.hand.h)

    def track_rects(self, n):
        """Card Selection Track tiles: as wide as fits (up to TILE_MAX_W) right of the piles."""
        lay = self.lay
        label = theme.text_width("Deck 00  Discard 00", lay.font(16), True)
        x0 = max(self.discard_rect().right, self.deck_rect().x + label) + lay.px(14)
        right = lay.strip.right - lay.pad
        gap = lay.px(5)
        h = self.small_size()[1]
        most = max(n, self.track_slots)
        w = max(self.word_w(), min(lay.px(TILE_MAX_W), (right - x0 - gap * (most - 1)) // most))
        return [pygame.Rect(x0 + i * (w + gap), self.deck_rect().y, w, h) for i in range(n)]

    def card_size(self):
        h = self.lay.hand.h - 2 * self.lay.pad - self.lay.px(12)
        return round(h * CARD_RATIO), h

    def hand_rects(self, n):
        """Where n cards lie when the hand is laid out afresh."""
        lay = self.lay
        w, h = self.card_size()
        area = self.cards_area()
        step = w + lay.px(8)
        if n > 1 and n * step > area.w:
            step = (area.w - w) / (n - 1)
        y = lay.hand.bottom - lay.pad - h
        return [pygame.Rect(round(area.x + i * step), y, w, h) for i in range(n)]

    @staticmethod
    def visible(rects, j, gaps=()):
        """The part of card j not covered by the cards laid on top of it (those
        to its right), nor by the place of a card that just left the hand."""
        r = rects[j]
        right = min([o.x for o in list(rects[j + 1:]) + list(gaps) if r.x < o.x < r.right], default=r.right)
        return pygame.Rect(r.x, r.y, max(4, right - r.x), r.h)

    def prewarm(self, dialog_card):
        """Draw every card once at the sizes of the hand, the discard pile, the
        track, a dialog and the enlarged card, and the deck's backs (about half a
        second the first time), so that no frame draws a card the first time it shows."""
        size = self.lay.font(16)
        deck, tile = self.deck_rect(), self.track_rects(1)[0]
        sizes = (self.card_size(), self.small_size(), dialog_card, overlays_zoom())
        for cid in self.data.cards:
            for w, h in sizes:
                cardface.face(self.data, cid, w, h, size)
            cardface.compact(self.data, cid, tile.w, tile.h, size)
        for region in list(self.data.ring) + [None]:
            cardface.back(self.data, region, deck.w, deck.h)
            cardface.back(self.data, region, tile.w, tile.h)          # track cards turning face up

    # ----- elements -------------------------------------------------------------
    def register(self, scene, view, slots, tips, gaps=()):
        for j, r in enumerate(self.track_rects(len(view["track"]))):
            scene.add(f"track:{j}", r, tip=tips.get(f"track:{j}"))
        for name, r in self.button_rects().items():
            scene.add(name, r, tip=tips.get(name))
        rects = [r for _, r in slots]
        for j in range(len(slots)):
            scene.add(f"hand:{j}", self.visible(rects, j, gaps), tip=tips.get(f"hand:{j}"))
        scene.add("deck", self.deck_rect(), tip=tips.get("deck"))
        scene.add("discard_pile", self.discard_rect(), tip=tips.get("discard_pile"))

    # ----- drawing ----------------------------------------------------------------
    def draw_strip(self, surf, view, hot):
        """Deck, discard pile and the Card Selection Track."""
        lay = self.lay
        surf.set_clip(lay.strip)
        pygame.draw.rect(surf, (74, 54, 38), lay.strip)
        pygame.draw.line(surf, (40, 28, 18), lay.strip.topleft, lay.strip.topright, 2)
        w, h = self.small_size()
        small = lay.font(16)
        deck = self.deck_rect()
        if view["deck"]["count"]:
            surf.blit(cardface.back(self.data, view["deck"]["top_back"], deck.w, deck.h), deck)
        else:
            pygame.draw.rect(surf, (90, 70, 52), deck, 2, border_radius=6)
        disc = self.discard_rect()
        if view["discard"]:
            surf.blit(cardface.face(self.data, view["discard"][-1], w, h), disc)
        else:
            pygame.draw.rect(surf, (90, 70, 52), disc, 2, border_radius=6)
        # one line under both piles (two labels would not fit under two small cards)
        below = deck.bottom + OUTLINE        # clear of the outline of a card that can be taken
        theme.blit_text(surf, f"Deck {view['deck']['count']}  Discard {len(view['discard'])}", small,
                        (deck.x, below), theme.WHITE, True, "topleft")
        rects = self.track_rects(len(view["track"]))
        if rects:
            span = rects[0].union(rects[-1])
            theme.blit_text(surf, "Card Selection Track", small, (span.centerx, below), (230, 214, 180),
                            True, "midtop")
        for j, cid in enumerate(view["track"]):
            r = rects[j]
            surf.blit(cardface.compact(self.data, cid, r.w, r.h, lay.font(16)), r)
            if f"track:{j}" in hot:
                pygame.draw.rect(surf, theme.HILITE, r.inflate(2 * OUTLINE, 2 * OUTLINE), 3, border_radius=7)
        surf.set_clip(None)

    def draw_hand(self, surf, slots, hot, labels, enabled, gaps=()):
        """The viewer's hand; cards that can be used now are lifted and outlined.
        ``gaps``: where cards that just left the hand lay (drawn as empty places)."""
        lay = self.lay
        surf.set_clip(lay.hand)
        pygame.draw.rect(surf, (64, 46, 32), lay.hand)
        items = sorted([(r.x, 1, j, cid, r) for j, (cid, r) in enumerate(slots)] +
                       [(r.x, 0, -1, None, r) for r in gaps])       # left to right, each over the one before
        rects = [r for _, r in slots]
        for _, _, j, cid, r in items:
            if cid is None:             # where a card just left: an empty place (it closes up when the pointer moves)
                pygame.draw.rect(surf, (84, 62, 44), r, border_radius=8)
                pygame.draw.rect(surf, (120, 96, 70), r, 2, border_radius=8)
                continue
            live = f"hand:{j}" in hot
            rr = r.move(0, -lay.px(10)) if live else r
            shown = self.visible(rects, j, gaps).w          # a covered card names itself up its edge
            surf.blit(cardface.face(self.data, cid, r.w, r.h, lay.font(16), shown if shown < r.w else None), rr)
            if live:
                pygame.draw.rect(surf, theme.HILITE, rr.inflate(4, 4), 3, border_radius=9)
        if not slots:
            theme.blit_text(surf, "No cards in hand", lay.font(20), self.cards_area().center, (200, 180, 150), False,
                            "center")
        for name, r in self.button_rects().items():
            theme.button(surf, r, labels[name], lay.font(18), enabled=name in enabled)
        surf.set_clip(None)
