"""Phase 3: Lair - Lair Actions, then Card Selection. Loot goes behind the screen."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..actions import act
from ..frames import Frame, Seat
from .common import push_discard


def available_lair_actions(g):
    s = g.state
    return [a for a in g.data.lair_actions if a.century <= s.century and a.id not in s.lair_taken]


def enter(g):
    g.state.lair_taken = {}


def turn(g, seat):
    g.push(LairActionChoice(seat))


def no_lair_action_left(g, seat):
    return not available_lair_actions(g)


@dataclass
class LairActionChoice(Frame):
    kind: ClassVar[str] = "lair_action"

    def prompt(self, g):
        return f"{g.name(self.seat)}: choose a Lair Action."

    def options(self, g):
        return tuple(act("lair_action", choice=a.id) for a in available_lair_actions(g))

    def explain(self, g, a):
        if a.kind != "lair_action":
            return None
        taker = g.state.lair_taken.get(a.choice)
        if taker is not None:
            return f"{g.name(taker)} already took that Lair Action this century."
        known = {x.id: x for x in g.data.lair_actions}
        if a.choice in known and known[a.choice].century > g.state.century:
            return f"That Lair Action opens in century {known[a.choice].century}."
        return None

    def apply(self, g, a):
        s = g.state
        seat = self.seat
        p = s.players[seat]
        action = g.data.lair_action(a.choice)
        s.lair_taken[action.id] = seat
        g.pop(self)
        g.event("lair_action", seat, action=action.id)
        eff = action.effect
        if "take_marker" in eff:
            marker = eff["take_marker"]
            s.markers[marker] = seat
            g.event("takes_marker", seat, marker=marker)
        for res, n in eff.get("gain", {}).items():
            got = min(n, s.stock[res])
            s.stock[res] -= got
            p.lair.res[res] += got
            if got:
                g.event("hoards", seat, n=got, res=res)
        if eff.get("draw"):
            # Pushed first so that it resolves after the draw below.
            g.draw(seat, eff["draw"])
            push_discard(g, seat, eff.get("discard", 0), hex_ok=False, why=action.name)
        if eff.get("scheme"):
            start_scheme(g, seat)
        if eff.get("village_from_stockpile") and any(r.villages for r in s.regions):
            g.push(FirstStrike(seat))


def start_scheme(g, owner):
    s = g.state
    for _ in range(s.num_players + 1):
        cid = g.deal()
        if cid is None:
            break
        s.draft.append(cid)
    g.event("schemes", owner, n=len(s.draft))
    if s.draft:
        g.push(SchemePick(owner, owner, s.num_players))


@dataclass
class SchemePick(Frame):
    kind: ClassVar[str] = "scheme_pick"
    owner: Seat             # who schemed: receives the last cards
    left: int               # picks still to make

    def prompt(self, g):
        return f"{g.name(self.seat)}: keep one of the Scheme cards; the rest pass to the left."

    def options(self, g):
        return tuple(act("scheme_pick", card=c) for c in dict.fromkeys(g.state.draft))

    def explain(self, g, a):
        if a.kind == "scheme_pick" and a.card not in g.state.draft:
            return "That card is not among the cards passed to you."
        return None

    def apply(self, g, a):
        s = g.state
        p = s.players[self.seat]
        s.draft.remove(a.card)
        p.hand.append(a.card)
        g.event("keeps_scheme_card", p.seat)
        g.event("kept", p.seat, private=p.seat, card=a.card)
        self.left -= 1
        if self.left == 0 or not s.draft:
            owner = s.players[self.owner]
            if s.draft:
                g.event("last_scheme_cards", owner.seat)
                g.event("received", owner.seat, private=owner.seat, cards=list(s.draft))
            owner.hand.extend(s.draft)
            s.draft.clear()
            g.pop(self)
        else:
            self.seat = (self.seat + 1) % s.num_players


@dataclass
class FirstStrike(Frame):
    kind: ClassVar[str] = "first_strike"

    def prompt(self, g):
        return f"{g.name(self.seat)}: take a village from a region's stockpile."

    def options(self, g):
        return tuple(act("first_strike", region=r.name) for r in g.state.regions if r.villages)

    def apply(self, g, a):
        p = g.state.players[self.seat]
        g.regions[a.region].villages -= 1
        p.lair.add_piece("village", a.region)
        g.event("first_strike", p.seat, region=a.region)
        g.pop(self)


# ----- Card Selection ------------------------------------------------------
def selection_turn(g, seat):
    g.push(SelectCard(seat))


def track_empty(g, seat):
    return not g.state.track


def discard_the_last_card(g):
    s = g.state
    if s.track:
        g.event("track_discarded", cards=list(s.track))
        s.discard.extend(s.track)
        s.track = []


@dataclass
class SelectCard(Frame):
    kind: ClassVar[str] = "select_card"

    def prompt(self, g):
        return f"{g.name(self.seat)}: take a card from the Card Selection Track."

    def options(self, g):
        return tuple(act("select_card", card=c) for c in dict.fromkeys(g.state.track))

    def explain(self, g, a):
        if a.kind == "select_card" and a.card not in g.state.track:
            return "That card is not on the Card Selection Track."
        return None

    def apply(self, g, a):
        s = g.state
        p = s.players[self.seat]
        s.track.remove(a.card)
        p.hand.append(a.card)
        g.event("takes_from_track", p.seat, card=a.card)
        g.pop(self)
