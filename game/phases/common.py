"""What several phases share: discarding cards (the discard action kind)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..actions import act
from ..frames import Frame
from ..kinds import ActionKind, Touch, card_title


def discardable(g, p, hex_ok):
    return [c for c in p.hand if hex_ok or not g.cards[c].is_hex]


def push_discard(g, seat, n, hex_ok, why):
    """Ask a seat to discard n cards (Dragon Hex Cards only if hex_ok)."""
    if n > 0 and discardable(g, g.state.players[seat], hex_ok):
        g.push(Discard(seat, n, hex_ok, why))


def distinct_cards(g, cards):
    """One card of each kind: identical copies are interchangeable choices."""
    first = {}
    keys = g.card_key
    for c in cards:
        first.setdefault(keys[c], c)
    return list(first.values())


def discard_card(g, p, cid):
    """A card leaves the hand: Dragon Hex Cards wait for the end of the turn."""
    p.hand.remove(cid)
    if g.cards[cid].is_hex:
        p.hex_out.append(cid)
    else:
        g.state.discard.append(cid)


class DiscardKind(ActionKind):
    names = ("discard",)
    target = "hand"

    def options(self, g, f):
        p = g.state.players[f.seat]
        return [act("discard", card=c) for c in distinct_cards(g, discardable(g, p, f.hex_ok))]

    def refused(self, g, f, a):
        if a.card in g.cards and g.cards[a.card].is_hex and not f.hex_ok:
            return "A Dragon Hex Card cannot be the discard after drawing."
        if a.card not in g.state.players[f.seat].hand:
            return "That card is not in your hand."
        return None

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        discard_card(g, p, a.card)
        g.event("discards", p.seat, card=a.card)
        f.n -= 1
        if f.n == 0 or not discardable(g, p, f.hex_ok):
            g.pop(f)

    def sentence(self, g, a):
        return f"Discard {card_title(g, a.card)}"

    def touches(self, g, a):
        return Touch(cards=(("hand", a.card),), cards_lost=1)


@dataclass
class Discard(Frame):
    kind: ClassVar[str] = "discard"
    kinds: ClassVar[tuple] = (DiscardKind(),)
    n: int                  # cards still to discard
    hex_ok: bool            # may a Dragon Hex Card be one of them?
    why: str                # for the prompt: "setup", "Divination", ...

    def prompt(self, g):
        n = self.n
        extra = "" if self.hex_ok else " (not a Dragon Hex Card)"
        return f"{g.name(self.seat)}: discard {n} card{'s' if n > 1 else ''}{extra} ({self.why})."
