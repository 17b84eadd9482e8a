"""Where the viewer's cards lie: the hand keeps its places under a still pointer.

Right after a card leaves the hand the others stay where they were (a gap
marks the card that left) for ``REFLOW_MS``, so that a quick second click never
lands on a card that slid under it; then the hand closes up, the pointer still
or not, so that the next click finds a card where the gap was (the card then
under the pointer lights up before it). What this keeps is a ``Places``: the
hand as shown, its ``slots`` (card, rect), ``gaps`` and ``freeze`` (until
when, ms); the TableScene holds one and reads it.
"""
from __future__ import annotations

import pygame

from sprites.anim import now_ms

REFLOW_MS = 400          # the hand keeps its places this long after a change


class Places:
    """Where the viewer's cards lie: ``hand`` (the cards as shown), ``slots`` ((card, rect) each),
    ``gaps`` (rects where a card just left) and ``freeze`` (until when, ms, they keep their places)."""

    def __init__(self):
        self.hand, self.slots, self.gaps, self.freeze = [], [], [], None

    def clear(self):
        """Forget the places: the next ``lay_out`` places the hand afresh."""
        self.slots, self.gaps, self.freeze = [], [], None


def sorted_hand(data, hand):
    """The hand as shown: Dragon Hex Cards, then by region (ring order), Any Region last."""
    def key(cid):
        c = data.cards[cid]
        if c.is_hex:
            return (0, 0, c.name, cid)
        return (1, data.region_index[c.region] if c.region else 6, c.name, cid)
    return sorted(hand, key=key)


def lay_out(places, hand, handview, lay, pointer):
    """Place ``hand``: afresh, or keeping the old places while the pointer rests on the hand."""
    old = places.slots
    places.hand = hand
    fresh = list(zip(hand, handview.hand_rects(hand)))
    if [c for c, _ in old] == hand:
        return
    area = handview.cards_area()
    off_page = handview.page(hand) is None and any(not area.colliderect(r) for c, r in old if c in hand)
    if not old or not pointer_on_hand(lay, pointer) or off_page:     # (a whole hand has no "+N" to reach them)
        places.slots, places.gaps, places.freeze = fresh, [], None
        return
    left = list(hand)
    kept, gaps = [], list(places.gaps)
    for cid, rect in old:
        if cid in left:
            left.remove(cid)
            kept.append((cid, rect))
        else:
            gaps.append(rect)
    if left:                          # new cards go to the right end, if they fit there
        w, _ = handview.card_size()
        x = max(r.right for _, r in old) + lay.px(8)
        y = handview.hand_rects(left[:1])[0].y
        for cid in left:
            if x + w > handview.cards_area().right:
                places.slots, places.gaps, places.freeze = fresh, [], None
                return
            kept.append((cid, pygame.Rect(x, y, w, old[0][1].h)))
            x += w + lay.px(8)
    places.slots, places.gaps = kept, gaps
    places.hand = [c for c, _ in kept]
    places.freeze = now_ms() + REFLOW_MS


def pointer_on_hand(lay, pointer):
    return pointer is not None and lay.hand.collidepoint(pointer)


def reflow_due(places, now):
    """True once REFLOW_MS have passed since the hand kept its places (it is laid out afresh then)."""
    return places.freeze is not None and now >= places.freeze


def show_offered(places, handview, groups, lay, pointer):
    """A hand shown a page at a time turns to the cards that can be played, if none of them shows."""
    page = handview.page(places.hand)
    if page is None:
        return
    first, fit = page
    offered = sorted(int(n[5:]) for n in groups if n.startswith("hand:") and n[5:].isdigit())
    if offered and not any(first <= j < first + fit for j in offered) and not pointer_on_hand(lay, pointer):
        handview.first = offered[0]
        places.clear()
        lay_out(places, places.hand, handview, lay, pointer)
