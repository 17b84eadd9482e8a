"""Bottom of the table: deck, discard pile and Card Selection Track; the
viewer's hand (cards overlap when the hand is large) and the table's buttons
for action kinds that are not the turn's own (the engine names them: its
kinds' ``button``; today Divination, Consume Noble, Lick Wounds).

The hand is drawn from ``slots`` (card, rect) that the table keeps: right
after a card leaves the hand the others stay where they were (a gap marks
the card that left) until the pointer moves, so that a quick second click
never lands on a card that slid under it.
"""
from __future__ import annotations

import functools

import pygame

from sprites import idle, theme
from sprites.art import common
from sprites.table import cardface

CARD_RATIO = 0.7


def overlays_zoom():
    from sprites.table.overlays import ZOOM
    return ZOOM
OUTLINE = 2                 # how far the outline of a card that can be taken reaches past it
LIFT = 10                   # how far a card of the hand that can be used now is lifted (at 1600 x 900)
TILE_MAX_W = 104            # track tiles at 1600 x 900 (they shrink to fit, never below a readable name)
RAIL, RAIL_EDGE = (96, 72, 52), (132, 106, 78)     # the track's plate, lighter than the strip
TILE_MIN_FONT = 12          # ... their names' font where they shrink past the text size's names
TRACK_LABELS = ("Card Selection Track", "Track")     # under the track: the longest that fits


class HandView:
    def __init__(self, lay, data, track_slots=7, buttons=(), labels=None):
        self.lay = lay
        self.data = data
        self.buttons = tuple(buttons)           # element names of the buttons beside the hand, top first
        self.labels = labels or {}
        self.track_slots = track_slots          # the most cards the track holds: tiles keep one size
        self._cramped = None
        self.first = 0                          # the first card shown when the hand shows a page of it
        self.empty_text = "No cards in hand"    # said where the hand is when it holds nothing
        self._spines = {}                       # (card, its size, text size) -> spine_w
        self._words = {w for c in data.cards.values() for w in c.name.replace(":", " ").split()} | {"Any:"}
        self._name_ws = {}
        self._word_w = self._name_w(lay.font(16))

    def _name_w(self, size):
        """The width a compact card needs for the longest word of a card name at font ``size``, in
        the face its names are drawn in, with the margins the card keeps (sprites.art.cards)."""
        if size not in self._name_ws:
            font = common.display_font(size)
            word = max(font.size(w)[0] for w in self._words)
            w = word + 10
            while w - 2 * max(2, round(0.045 * w)) - 6 < word:
                w += 1
            self._name_ws[size] = w
        return self._name_ws[size]

    # ----- geometry -----------------------------------------------------------
    def label_h(self):
        return theme.font(self.lay.font(16)).get_height() + 1

    def word_w(self):
        """The width a compact card needs so that the longest word of a card name fits."""
        return self._word_w

    def small_size(self):
        """The discard pile: card-shaped, wide enough for the discarded card's name
        (as narrow as the deck where the track needs the room)."""
        h = self.lay.strip.h - 2 * self.lay.pad - self.label_h()
        narrow = round(h * CARD_RATIO)
        return (narrow if self.cramped else max(narrow, self.word_w())), h

    @property
    def cramped(self):
        """Is the strip too short for the track beside the piles' words? (A small
        window with large text and many dragons.) Then the discard pile is as
        narrow as the deck and the piles are labelled by their counts alone."""
        if self._cramped is None:
            self._cramped = False           # measured with the piles as they are when not cramped
            self._cramped = self._tile_room(self.track_slots) < self._name_w(TILE_MIN_FONT)
        return self._cramped

    def pile_labels(self, deck, discard):
        """What is written under the piles (their card counts)."""
        return f"{deck}   {discard}" if self.cramped else f"Deck {deck}  Discard {discard}"

    def deck_rect(self):
        h = self.small_size()[1]
        return pygame.Rect(self.lay.strip.x + self.lay.pad, self.lay.strip.y + self.lay.pad, round(h * CARD_RATIO), h)

    def discard_rect(self):
        deck = self.deck_rect()
        return pygame.Rect(deck.right + self.lay.pad, deck.y, *self.small_size())

    def button_rects(self):
        """The buttons beside the hand: a column at the right end of the hand's row."""
        lay = self.lay
        n = max(1, len(self.buttons))
        widest = max((theme.text_width(self.labels.get(b, b), lay.font(18), True) for b in self.buttons), default=0)
        bw = max(lay.px(150), widest + lay.px(16))
        gap = lay.px(8)
        bh = min(lay.px(44), (lay.hand.h - 2 * lay.pad - (n - 1) * gap) // n)
        x = lay.hand.right - lay.pad - bw
        y = lay.hand.centery - (n * bh + (n - 1) * gap) // 2
        return {name: pygame.Rect(x, y + i * (bh + gap), bw, bh) for i, name in enumerate(self.buttons)}

    def cards_area(self):
        """The hand's row left of the buttons."""
        lay = self.lay
        right = min((r.x for r in self.button_rects().values()), default=lay.hand.right) - lay.pad
        return pygame.Rect(lay.hand.x + lay.pad, lay.hand.y, right - lay.hand.x - lay.pad, lay.hand.h)

    def _track_x0(self):
        """Where the track starts: right of the piles and of their label (at its widest counts)."""
        label = theme.text_width(self.pile_labels(88, 88), self.lay.font(16), True)
        return max(self.discard_rect().right, self.deck_rect().x + label) + self.lay.px(14)

    def _tile_room(self, most):
        """The width each of ``most`` track tiles would have right of the piles."""
        return (self.lay.strip.right - self.lay.pad - self._track_x0() - self.lay.px(5) * (most - 1)) // most

    def track_rects(self, n):
        """Card Selection Track tiles: as wide as fits (up to TILE_MAX_W) right of the piles."""
        lay = self.lay
        x0, gap, h = self._track_x0(), lay.px(5), self.small_size()[1]
        most = max(n, self.track_slots)
        w = max(self._name_w(TILE_MIN_FONT), min(lay.px(TILE_MAX_W), self._tile_room(most)))
        step = w + gap
        if most > 1 and x0 + (most - 1) * step + w > lay.strip.right - lay.pad:
            step = (lay.strip.right - lay.pad - x0 - w) // (most - 1)     # no room even so: they overlap
        return [pygame.Rect(x0 + i * step, self.deck_rect().y, w, h) for i in range(n)]

    def track_rail(self, span):
        """The plate the track's tiles and its name lie on."""
        pad = self.lay.px(5)
        return pygame.Rect(span.x - pad, span.y - pad, span.w + 2 * pad, self.lay.strip.bottom - span.y + pad - 2)

    def tile_font(self, w):
        """The font of a track tile's name: the text size's, or smaller where the
        tiles had to be narrower than that name (a small window with large text)."""
        size = self.lay.font(16)
        while size > TILE_MIN_FONT and self._name_w(size) > w:
            size -= 1
        return size

    def card_size(self):
        h = self.lay.hand.h - 2 * self.lay.pad - self.lay.px(12)
        return round(h * CARD_RATIO), h

    def spine_w(self, cid):
        """How much of a covered card must show for its whole name to read up its edge (in
        as many lines as its name needs there) and its colour."""
        w, h = self.card_size()
        size = self.lay.font(16)
        key = (cid, w, h, size)
        if key not in self._spines:
            m = max(2, round(0.045 * w))
            badge = common.font(size, True).get_height() + 4
            lines = common.wrap(self.data.cards[cid].name, size, h - 2 * m - badge - 9, display=True) or ("",)
            self._spines[key] = 2 * m + len(lines) * common.display_font(size).get_linesize() + 10
        return self._spines[key]

    def page(self, cards):
        """(first card shown, how many show) when ``cards`` cannot all show their names
        at once (a small window with large text): the hand then shows a page of them,
        with arrows to the others; None when they all fit."""
        w, _ = self.card_size()
        area = self.cards_area()
        steps = [self.spine_w(c) for c in cards]
        if len(cards) <= 1 or w + sum(steps[:-1]) <= area.w:
            return None
        last = next(f for f in range(len(cards)) if f + self._fit(steps, f) >= len(cards))    # the last page's first
        self.first = max(0, min(self.first, last))
        return self.first, self._fit(steps, self.first)

    def _fit(self, steps, first):
        """How many cards from ``first`` show between the arrows a page has: each its name's
        edge, the last one (on top of them) whole, never under an arrow or a button."""
        w, _ = self.card_size()
        room = self.cards_area().w - (self.arrow_w() if first > 0 else 0)
        for more in (False, True):              # all the rest without a next arrow, or as many as fit beside it
            k, used = 0, 0                      # (used: the edges of the k cards; one more ends in a whole card)
            while first + k < len(steps) and used + w <= room - (self.arrow_w() if more else 0):
                used += steps[first + k]
                k += 1
            if not more and first + k == len(steps):
                return k
        return max(1, k)

    def page_area(self, cards):
        """Where the cards of a page lie: the cards' area, between the arrows it has."""
        area = self.cards_area()
        arrows = self.page_rects(cards)
        left = arrows["hand:prev"].right if "hand:prev" in arrows else area.x
        right = arrows["hand:next"].x if "hand:next" in arrows else area.right
        return pygame.Rect(left, area.y, right - left, area.h)

    def arrow_w(self):
        return theme.text_width("+88", self.lay.font(16), True) + self.lay.px(20)

    def page_rects(self, cards):
        """{"hand:prev"/"hand:next": rect} of the arrows to the cards off the page, where there are some."""
        page = self.page(cards)
        if page is None:
            return {}
        first, fit = page
        area = self.cards_area()
        w, h = self.card_size()
        y = self.lay.hand.bottom - self.lay.pad - h
        out = {}
        if first > 0:
            out["hand:prev"] = pygame.Rect(area.x, y, self.arrow_w(), h)
        if first + fit < len(cards):
            out["hand:next"] = pygame.Rect(area.right - self.arrow_w(), y, self.arrow_w(), h)
        return out

    def hand_rects(self, cards):
        """Where ``cards`` lie when the hand is laid out afresh: side by side, or overlapping
        with each card's name showing up its edge, or a page of them (the others out of sight)."""
        lay = self.lay
        w, h = self.card_size()
        area = self.cards_area()
        y = lay.hand.bottom - lay.pad - h
        n = len(cards)
        steps = [self.spine_w(c) for c in cards]
        page = self.page(cards)
        if page is not None:
            first, fit = page
            shown = self.page_area(cards)
            x = shown.x
            slack = (shown.w - w - sum(steps[first:first + fit - 1])) / (fit - 1) if fit > 1 else 0
            xs = []
            for i in range(n):
                if i < first:
                    xs.append(area.x - 10 * w)
                elif i < first + fit:
                    xs.append(round(x))
                    x += steps[i] + slack       # the page's room shared out: the last card ends at its edge
                else:
                    xs.append(area.right + 10 * w)
            return [pygame.Rect(x, y, w, h) for x in xs]
        if n * (w + lay.px(8)) <= area.w:
            return [pygame.Rect(round(area.x + i * (w + lay.px(8))), y, w, h) for i in range(n)]
        slack = (area.w - w - sum(steps[:-1])) / max(1, n - 1)      # each its name's edge, and a fair share more
        return [pygame.Rect(round(area.x + sum(steps[:i]) + i * slack), y, w, h) for i in range(n)]

    def turn_page(self, cards, direction):
        """Show the next (1) or the previous (-1) page of the hand; True if it moved."""
        page = self.page(cards)
        if page is None:
            return False
        first, fit = page
        self.first = max(0, first + direction * max(1, fit - 1))
        self.page(cards)                         # (kept in range)
        return self.first != first

    @staticmethod
    def visible(rects, j, gaps=()):
        """The part of card j not covered by the cards laid on top of it (those
        to its right), nor by the place of a card that just left the hand."""
        r = rects[j]
        right = min([o.x for o in list(rects[j + 1:]) + list(gaps) if r.x < o.x < r.right], default=r.right)
        return pygame.Rect(r.x, r.y, max(4, right - r.x), r.h)

    def prewarm(self, dialog_card):
        """Leave every card to be drawn while the window is idle (sprites.idle),
        at the sizes of the hand, the track, the discard pile, the enlarged card
        and a dialog, and the deck's backs, so that no later frame draws a card
        the first time it shows. The first frame draws only the cards it shows:
        drawing them all before it took half a second of the table's start."""
        idle.later("cards", self._drawings(dialog_card))

    def _drawings(self, dialog_card):
        """One job a card picture, with the arguments the draw methods use; the
        likeliest first (the hand and the track change every turn)."""
        data, deck, tile = self.data, self.deck_rect(), self.track_rects(1)[0]
        hand, small, zoom = self.card_size(), self.small_size(), overlays_zoom()
        tile_font, hand_font = self.tile_font(tile.w), self.lay.font(16)
        jobs = []
        tiles = self.track_rects(self.track_slots)
        covered = tiles[1].x - tiles[0].x if len(tiles) > 1 and tiles[1].x < tiles[0].right else None
        for cid in data.cards:
            jobs.append(functools.partial(cardface.face, data, cid, *hand, hand_font))
            jobs.append(functools.partial(cardface.compact, data, cid, tile.w, tile.h, tile_font))
            if covered:                  # (overlapping tiles: their names up the edge)
                jobs.append(functools.partial(cardface.compact, data, cid, tile.w, tile.h, tile_font, covered))
        for region in list(data.ring) + [None]:
            jobs.append(functools.partial(cardface.back, data, region, deck.w, deck.h))
            jobs.append(functools.partial(cardface.back, data, region, tile.w, tile.h))   # track cards turning up
        for w, h in (small, zoom, dialog_card):
            jobs += [functools.partial(cardface.face, data, cid, w, h) for cid in data.cards]
        return jobs

    # ----- elements -------------------------------------------------------------
    def register(self, scene, view, slots, tips, gaps=()):
        tiles = self.track_rects(len(view["track"]))
        for j in range(len(tiles)):
            scene.add(f"track:{j}", self.visible(tiles, j), tips=tips)
        for name, r in self.button_rects().items():
            scene.add(name, r, tips=tips)
        rects = [r for _, r in slots]
        cards = [cid for cid, _ in slots]
        area = self.page_area(cards)
        for j in range(len(slots)):
            if area.colliderect(rects[j]):          # (off the hand's page: out of sight)
                scene.add(f"hand:{j}", self.visible(rects, j, gaps).clip(area), tips=tips)
        hidden = self.hidden(slots)
        for name, r in self.page_rects(cards).items():
            n = hidden[name][0]
            scene.add(name, r, tip=f"{n} more card{'s' if n != 1 else ''} this way (or the wheel over the hand).",
                      front=True)
        scene.add("deck", self.deck_rect(), tips=tips)
        scene.add("discard_pile", self.discard_rect(), tips=tips)

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
        theme.blit_text(surf, self.pile_labels(view["deck"]["count"], len(view["discard"])), small, (deck.x, below), theme.WHITE, True, "topleft")
        rects = self.track_rects(len(view["track"]))
        if rects:
            span = rects[0].union(rects[-1])
            label = next((words for words in TRACK_LABELS if theme.text_width(words, small, True) <=
                          lay.strip.right - lay.pad - span.x), "")
            span.w = max(span.w, theme.text_width(label, small, True))     # (a track of one card: its plate, wider)
            rail = self.track_rail(span)        # the track on a plate of its own: the discard pile is no track card
            pygame.draw.rect(surf, RAIL, rail, border_radius=8)
            pygame.draw.rect(surf, RAIL_EDGE, rail, 1, border_radius=8)
            theme.blit_text(surf, label, small, (span.centerx, below), (230, 214, 180), True, "midtop")
        for j, cid in enumerate(view["track"]):
            r = rects[j]
            covered = j + 1 < len(rects) and rects[j + 1].x < r.right      # (tiles overlap: the name up the edge)
            surf.blit(cardface.compact(self.data, cid, r.w, r.h, self.tile_font(r.w),
                                       rects[j + 1].x - r.x if covered else None), r)
            if f"track:{j}" in hot:
                pygame.draw.rect(surf, theme.HILITE, r.inflate(2 * OUTLINE, 2 * OUTLINE), 3, border_radius=7)
        surf.set_clip(None)

    def draw_hand(self, surf, slots, hot, labels, enabled, gaps=()):
        """The viewer's hand; cards that can be used now are lifted and outlined.
        ``gaps``: where cards that just left the hand lay (drawn as empty places)."""
        lay = self.lay
        surf.set_clip(lay.hand)
        pygame.draw.rect(surf, (64, 46, 32), lay.hand)
        cards = [cid for cid, _ in slots]
        page = self.page_area(cards)
        if page != self.cards_area():                # a page of a large hand: each card shows its name's edge
            surf.set_clip(pygame.Rect(page.x, lay.hand.y, page.w, lay.hand.h))
        items = sorted([(r.x, 1, j, cid, r) for j, (cid, r) in enumerate(slots)] +
                       [(r.x, 0, -1, None, r) for r in gaps])       # left to right, each over the one before
        rects = [r for _, r in slots]
        for _, _, j, cid, r in items:
            if cid is None:             # where a card just left: an empty place (it closes up when the pointer moves)
                pygame.draw.rect(surf, (84, 62, 44), r, border_radius=8)
                pygame.draw.rect(surf, (120, 96, 70), r, 2, border_radius=8)
                continue
            live = f"hand:{j}" in hot
            rr = r.move(0, -lay.px(LIFT)) if live else r
            shown = self.visible(rects, j, gaps).clip(page).w     # a covered card names itself up its edge
            surf.blit(cardface.face(self.data, cid, r.w, r.h, lay.font(16), shown if shown < r.w else None), rr)
            if live:
                pygame.draw.rect(surf, theme.HILITE, rr.inflate(4, 4), 3, border_radius=9)
        if not slots:
            theme.blit_text(surf, self.empty_text, lay.font(20), self.cards_area().center, (200, 180, 150), False,
                            "center")
        surf.set_clip(lay.hand)
        hidden = self.hidden(slots, hot)
        for name, r in self.page_rects(cards).items():       # the cards off the page, counted
            theme.button(surf, r, f"+{hidden[name][0]}", lay.font(16), primary=True)
            if hidden[name][1]:                                  # some of them can be played now
                pygame.draw.rect(surf, theme.HILITE, r.inflate(4, 4), 3, border_radius=9)
        for name, r in self.button_rects().items():
            theme.button(surf, r, labels[name], lay.font(18), enabled=name in enabled)
        surf.set_clip(None)

    def hidden(self, slots, hot=()):
        """{"hand:prev": (cards left of the page, can one be played?), "hand:next": (right of it, ...)}."""
        area = self.cards_area()
        left = [j for j, (_, r) in enumerate(slots) if r.right <= area.x]
        right = [j for j, (_, r) in enumerate(slots) if r.x >= area.right]
        return {name: (len(js), any(f"hand:{j}" in hot for j in js)) for name, js in
                (("hand:prev", left), ("hand:next", right))}
