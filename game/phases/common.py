"""The phase record and the frames several phases share (discarding)."""
from __future__ import annotations

from ..actions import act
from ..engine import PHASES, Handler, register


class Phase:
    """A phase: ``enter`` sets up (and sets ``order``), ``turn`` runs once per
    seat in ``order`` (pushing that seat's decisions), ``exit`` names the next."""

    def __init__(self, name, enter=None, turn=None, exit=None):
        self.name = name
        self.enter = enter or (lambda g: None)
        self.turn = turn or (lambda g, seat: None)
        self.exit = exit
        PHASES[name] = self


def discardable(g, p, hex_ok):
    return [c for c in p.hand if hex_ok or not g.cards[c].is_hex]


def push_discard(g, seat, n, hex_ok, why):
    """Ask a seat to discard n cards (Dragon Hex Cards only if hex_ok)."""
    if n > 0 and discardable(g, g.state.players[seat], hex_ok):
        g.push({"k": "discard", "p": seat, "n": n, "hex_ok": hex_ok, "why": why})


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


@register
class Discard(Handler):
    kind = "discard"

    def prompt(self, g, f):
        n = f["n"]
        extra = "" if f["hex_ok"] else " (not a Dragon Hex Card)"
        return f"{g.name(f['p'])}: discard {n} card{'s' if n > 1 else ''}{extra} ({f['why']})."

    def options(self, g, f):
        p = g.state.players[f["p"]]
        return tuple(act("discard", card=c) for c in distinct_cards(g, discardable(g, p, f["hex_ok"])))

    def explain(self, g, f, a):
        if a.kind == "discard" and a.card in g.cards and g.cards[a.card].is_hex and not f["hex_ok"]:
            return "A Dragon Hex Card cannot be the discard after drawing."
        if a.kind == "discard" and a.card not in g.state.players[f["p"]].hand:
            return "That card is not in your hand."
        return None

    def apply(self, g, f, a):
        p = g.state.players[f["p"]]
        discard_card(g, p, a.card)
        g.event("discards", p.seat, card=a.card)
        f["n"] -= 1
        if f["n"] == 0 or not discardable(g, p, f["hex_ok"]):
            g.pop(f)
