"""What several phases share: discarding cards (the discard action kind), and
the discards that Setup and the Awakening make face down."""
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


def push_face_down_discard(g, seat, n, why):
    """Ask a seat to choose n cards (never a Dragon Hex Card) to discard face
    down: they stay hidden until every dragon has chosen (``reveal_face_down``)."""
    if n > 0 and discardable(g, g.state.players[seat], False):
        g.push(FaceDownDiscard(seat, n, why))


def reveal_face_down(g):
    """Every dragon has chosen: the face-down discards go to the discard pile,
    in the order the dragons chose them."""
    s = g.state
    for seat in s.order:
        p = s.players[seat]
        for cid in p.face_down:
            s.discard.append(cid)
            g.event("reveals_discard", seat, card=cid)
        p.face_down = []


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
    """Discard cards from the hand."""
    kind: ClassVar[str] = "discard"
    kinds: ClassVar[tuple] = (DiscardKind(),)
    n: int                  # cards still to discard
    hex_ok: bool            # may a Dragon Hex Card be one of them?
    why: str                # for the prompt: "setup", "Divination", ...

    def prompt(self, g):
        n = self.n
        extra = "" if self.hex_ok else " (not a Dragon Hex Card)"
        return f"{g.name(self.seat)}: discard {n} card{'s' if n > 1 else ''}{extra} ({self.why})."


class FaceDownDiscardKind(DiscardKind):
    """A discard chosen at the same time as the other dragons': the card leaves
    the hand face down, seen only by its owner until all have chosen."""

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        p.hand.remove(a.card)
        p.face_down.append(a.card)
        g.event("sets_aside", p.seat, private=p.seat, card=a.card)
        f.n -= 1
        if f.n == 0 or not discardable(g, p, False):
            g.pop(f)


@dataclass
class FaceDownDiscard(Frame):
    """Choose cards to discard face down."""
    kind: ClassVar[str] = "face_down_discard"
    kinds: ClassVar[tuple] = (FaceDownDiscardKind(),)
    n: int                  # cards still to choose
    why: str                # for the prompt: "setup" or "Awakening"
    hex_ok: ClassVar[bool] = False

    def decision_kind(self, g):
        return "discard"

    def prompt(self, g):
        cards = f"{self.n} card{'s' if self.n > 1 else ''}"
        return f"{g.name(self.seat)}: discard {cards} face down (not a Dragon Hex Card) ({self.why})."
