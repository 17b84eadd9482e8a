"""Phase 3: Lair - Lair Actions, then Card Selection. Loot goes behind the screen."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..actions import act
from ..frames import Frame, Seat
from ..kinds import ActionKind, Touch, card_title
from .common import push_discard


def available_lair_actions(g):
    s = g.state
    return [a for a in g.data.lair_actions if a.century <= s.century and a.id not in s.lair_taken]


def lair_action_text(g, action):
    """What a Lair Action does, in words (``action``: its data). In Desolation,
    where "there is no individual scoring", a counter worth VP is worth nothing."""
    marker = action.effect.get("take_marker")
    if g.cooperative and marker in g.data.scoring["independent"]:
        return f"{action.text} (No VP in Desolation: the team scores what is left on the board.)"
    return action.text


def enter(g):
    g.state.lair_taken = {}


def turn(g, seat):
    g.push(LairActionChoice(seat))


def no_lair_action_left(g, seat):
    return not available_lair_actions(g)


class LairActionKind(ActionKind):
    names = ("lair_action",)
    target = "lair_action"

    def options(self, g, f):
        return [act("lair_action", choice=a.id) for a in available_lair_actions(g)]

    def refused(self, g, f, a):
        taker = g.state.lair_taken.get(a.choice)
        if taker is not None:
            return f"{g.name(taker)} already took that Lair Action this century."
        known = {x.id: x for x in g.data.lair_actions}
        if a.choice in known and known[a.choice].century > g.state.century:
            return f"That Lair Action opens in century {known[a.choice].century}."
        return None

    def sentence(self, g, a):
        return f"Lair Action: {g.data.lair_action(a.choice).name}"

    def touches(self, g, a):
        eff = g.data.lair_action(a.choice).effect
        stock = g.state.stock
        return Touch(lair_action=a.choice, cards_drawn=eff.get("draw", 0), cards_lost=eff.get("discard", 0),
                     gains={res: min(n, stock[res]) for res, n in eff.get("gain", {}).items()})

    def apply(self, g, f, a):
        s = g.state
        seat = f.seat
        p = s.players[seat]
        action = g.data.lair_action(a.choice)
        s.lair_taken[action.id] = seat
        g.pop(f)
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
            # The cards are drawn now; the discard waits on the stack for its decision.
            g.draw(seat, eff["draw"])
            push_discard(g, seat, eff.get("discard", 0), hex_ok=False, why=action.name)
        if eff.get("scheme"):
            start_scheme(g, seat)
        if eff.get("village_from_stockpile") and any(r.villages for r in s.regions):
            g.push(FirstStrike(seat))


@dataclass
class LairActionChoice(Frame):
    """Choose a Lair Action."""
    kind: ClassVar[str] = "lair_action"
    kinds: ClassVar[tuple] = (LairActionKind(),)
    asks: ClassVar[str] = "choose a Lair Action."


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


class SchemePickKind(ActionKind):
    names = ("scheme_pick",)
    target = "draft"

    def options(self, g, f):
        return [act("scheme_pick", card=c) for c in dict.fromkeys(g.state.draft)]

    def refused(self, g, f, a):
        if a.card not in g.state.draft:
            return "That card is not among the cards passed to you."
        return None

    def sentence(self, g, a):
        return f"Keep {card_title(g, a.card)}"

    def apply(self, g, f, a):
        s = g.state
        p = s.players[f.seat]
        s.draft.remove(a.card)
        p.hand.append(a.card)
        g.event("keeps_scheme_card", p.seat)
        g.event("kept", p.seat, private=p.seat, card=a.card)
        f.left -= 1
        if f.left == 0 or not s.draft:
            owner = s.players[f.owner]
            if s.draft:
                g.event("last_scheme_cards", owner.seat)
                g.event("received", owner.seat, private=owner.seat, cards=list(s.draft))
            owner.hand.extend(s.draft)
            s.draft.clear()
            g.pop(f)
        else:
            f.seat = (f.seat + 1) % s.num_players


@dataclass
class SchemePick(Frame):
    """Scheme: keep one of the cards passed round."""
    kind: ClassVar[str] = "scheme_pick"
    kinds: ClassVar[tuple] = (SchemePickKind(),)
    asks: ClassVar[str] = "keep one of the Scheme cards; the rest pass to the left."
    owner: Seat             # who schemed: receives the last cards
    left: int               # picks still to make


class FirstStrikeKind(ActionKind):
    names = ("first_strike",)
    target = "region"

    def options(self, g, f):
        return [act("first_strike", region=r.name) for r in g.state.regions if r.villages]

    def sentence(self, g, a):
        return f"Take a village from the {a.region} stockpile"

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        g.regions[a.region].villages -= 1
        p.lair.add_piece("village", a.region)
        g.event("first_strike", p.seat, region=a.region)
        g.pop(f)


@dataclass
class FirstStrike(Frame):
    """First Strike: take a village from a region's stockpile."""
    kind: ClassVar[str] = "first_strike"
    kinds: ClassVar[tuple] = (FirstStrikeKind(),)
    asks: ClassVar[str] = "take a village from a region's stockpile."


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


class SelectCardKind(ActionKind):
    names = ("select_card",)
    target = "track"

    def options(self, g, f):
        return [act("select_card", card=c) for c in dict.fromkeys(g.state.track)]

    def refused(self, g, f, a):
        if a.card not in g.state.track:
            return "That card is not on the Card Selection Track."
        return None

    def sentence(self, g, a):
        return f"Take {card_title(g, a.card)}"

    def apply(self, g, f, a):
        s = g.state
        p = s.players[f.seat]
        s.track.remove(a.card)
        p.hand.append(a.card)
        g.event("takes_from_track", p.seat, card=a.card)
        g.pop(f)


@dataclass
class SelectCard(Frame):
    """Take a card from the Card Selection Track."""
    kind: ClassVar[str] = "select_card"
    kinds: ClassVar[tuple] = (SelectCardKind(),)
    asks: ClassVar[str] = "take a card from the Card Selection Track."
