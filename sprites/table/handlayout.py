"""Where the viewer's cards lie: the hand keeps its places under a still pointer.

Right after a card leaves the hand the others stay where they were (a gap
marks the card that left) for ``REFLOW_MS``, so that a quick second click never
lands on a card that slid under it; then the hand closes up, the pointer still
or not, so that the next click finds a card where the gap was (the card then
under the pointer lights up before it). ``t`` is the TableScene: its ``slots``
(card, rect), ``gaps`` and ``freeze`` (until when, ms) are what this keeps.
"""
from __future__ import annotations

import pygame

from sprites.anim import now_ms

REFLOW_MS = 400          # the hand keeps its places this long after a change


def sorted_hand(data, hand):
    """The hand as shown: Dragon Hex Cards, then by region (ring order), Any Region last."""
    def key(cid):
        c = data.cards[cid]
        if c.is_hex:
            return (0, 0, c.name, cid)
        return (1, data.region_index[c.region] if c.region else 6, c.name, cid)
    return sorted(hand, key=key)


def lay_out(t, hand):
    """Place ``hand``: afresh, or keeping the old places while the pointer rests on the hand."""
    old = t.slots
    t.hand = hand
    fresh = list(zip(hand, t.handview.hand_rects(hand)))
    if [c for c, _ in old] == hand:
        return
    if not old or not pointer_on_hand(t):
        t.slots, t.gaps, t.freeze = fresh, [], None
        return
    left = list(hand)
    kept, gaps = [], list(t.gaps)
    for cid, rect in old:
        if cid in left:
            left.remove(cid)
            kept.append((cid, rect))
        else:
            gaps.append(rect)
    if left:                          # new cards go to the right end, if they fit there
        w, _ = t.handview.card_size()
        x = max(r.right for _, r in old) + t.lay.px(8)
        y = t.handview.hand_rects(left[:1])[0].y
        for cid in left:
            if x + w > t.handview.cards_area().right:
                t.slots, t.gaps, t.freeze = fresh, [], None
                return
            kept.append((cid, pygame.Rect(x, y, w, old[0][1].h)))
            x += w + t.lay.px(8)
    t.slots, t.gaps = kept, gaps
    t.hand = [c for c, _ in kept]
    t.freeze = now_ms() + REFLOW_MS


def pointer_on_hand(t):
    return t.pointer is not None and t.lay.hand.collidepoint(t.pointer)


def maybe_reflow(t, now):
    """Lay the hand out afresh once REFLOW_MS have passed."""
    if t.freeze is None or now < t.freeze:
        return
    t.slots, t.gaps, t.freeze = [], [], None
    t.refresh()
    if t.pointer is not None:               # what now lies under a still pointer is hovered (its tooltip)
        e = t.element_at(t.pointer)
        t.hover = e.name if e is not None else None
        t.app.dirty = True


def show_offered(t):
    """A hand shown a page at a time turns to the cards that can be played, if none of them shows."""
    page = t.handview.page(t.hand)
    if page is None:
        return
    first, fit = page
    offered = sorted(int(n[5:]) for n in t.groups if n.startswith("hand:") and n[5:].isdigit())
    if offered and not any(first <= j < first + fit for j in offered) and not pointer_on_hand(t):
        t.handview.first = offered[0]
        t.slots, t.gaps, t.freeze = [], [], None
        lay_out(t, t.hand)
