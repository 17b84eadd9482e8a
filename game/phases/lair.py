"""Phase 3: Lair - Lair Actions, then Card Selection. Loot goes behind the screen."""
from __future__ import annotations

from ..actions import act
from ..engine import Handler, register
from .common import Phase, push_discard



def available_lair_actions(g):
    s = g.state
    return [a for a in g.data.lair_actions if a.century <= s.century and a.id not in s.lair_taken]


def _enter(g):
    s = g.state
    s.lair_taken = {}
    s.order = g.seats_from(s.markers["first_lair"])


def _turn(g, seat):
    if available_lair_actions(g):
        g.push({"k": "lair_action", "p": seat})


Phase("lair", enter=_enter, turn=_turn, exit=lambda g: "card_selection")


@register
class LairActionChoice(Handler):
    kind = "lair_action"

    def prompt(self, g, f):
        return f"{g.name(f['p'])}: choose a Lair Action."

    def options(self, g, f):
        return tuple(act("lair_action", choice=a.id) for a in available_lair_actions(g))

    def explain(self, g, f, a):
        if a.kind != "lair_action":
            return None
        taker = g.state.lair_taken.get(a.choice)
        if taker is not None:
            return f"{g.name(taker)} already took that Lair Action this century."
        known = {x.id: x for x in g.data.lair_actions}
        if a.choice in known and known[a.choice].century > g.state.century:
            return f"That Lair Action opens in century {known[a.choice].century}."
        return None

    def apply(self, g, f, a):
        s = g.state
        seat = f["p"]
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
            # Pushed first so that it resolves after the draw below.
            g.draw(seat, eff["draw"])
            push_discard(g, seat, eff.get("discard", 0), hex_ok=False, why=action.name)
        if eff.get("scheme"):
            start_scheme(g, seat)
        if eff.get("village_from_stockpile") and any(r.villages for r in s.regions):
            g.push({"k": "first_strike", "p": seat})


def start_scheme(g, owner):
    s = g.state
    for _ in range(s.num_players + 1):
        cid = g.deal()
        if cid is None:
            break
        s.draft.append(cid)
    g.event("schemes", owner, n=len(s.draft))
    if s.draft:
        g.push({"k": "scheme_pick", "p": owner, "owner": owner, "left": s.num_players})


@register
class SchemePick(Handler):
    kind = "scheme_pick"

    def prompt(self, g, f):
        return f"{g.name(f['p'])}: keep one of the Scheme cards; the rest pass to the left."

    def options(self, g, f):
        return tuple(act("scheme_pick", card=c) for c in dict.fromkeys(g.state.draft))

    def explain(self, g, f, a):
        if a.kind == "scheme_pick" and a.card not in g.state.draft:
            return "That card is not among the cards passed to you."
        return None

    def apply(self, g, f, a):
        s = g.state
        p = s.players[f["p"]]
        s.draft.remove(a.card)
        p.hand.append(a.card)
        g.event("keeps_scheme_card", p.seat)
        g.event("kept", p.seat, private=p.seat, card=a.card)
        f["left"] -= 1
        if f["left"] == 0 or not s.draft:
            owner = s.players[f["owner"]]
            if s.draft:
                g.event("last_scheme_cards", owner.seat)
                g.event("received", owner.seat, private=owner.seat, cards=list(s.draft))
            owner.hand.extend(s.draft)
            s.draft.clear()
            g.pop(f)
        else:
            f["p"] = (f["p"] + 1) % s.num_players


@register
class FirstStrike(Handler):
    kind = "first_strike"

    def prompt(self, g, f):
        return f"{g.name(f['p'])}: take a village from a region's stockpile."

    def options(self, g, f):
        return tuple(act("first_strike", region=r.name) for r in g.state.regions if r.villages)

    def apply(self, g, f, a):
        p = g.state.players[f["p"]]
        g.regions[a.region].villages -= 1
        p.lair.add_piece("village", a.region)
        g.event("first_strike", p.seat, region=a.region)
        g.pop(f)


def _selection_enter(g):
    # The First Lair marker may have changed hands during the Lair Actions.
    g.state.order = g.seats_from(g.state.markers["first_lair"])


def _selection_turn(g, seat):
    if g.state.track:
        g.push({"k": "select_card", "p": seat})


def _selection_exit(g):
    s = g.state
    if s.track:
        g.event("track_discarded", cards=list(s.track))
        s.discard.extend(s.track)
        s.track = []
    return "placement"


Phase("card_selection", enter=_selection_enter, turn=_selection_turn, exit=_selection_exit)


@register
class SelectCard(Handler):
    kind = "select_card"

    def prompt(self, g, f):
        return f"{g.name(f['p'])}: take a card from the Card Selection Track."

    def options(self, g, f):
        return tuple(act("select_card", card=c) for c in dict.fromkeys(g.state.track))

    def explain(self, g, f, a):
        if a.kind == "select_card" and a.card not in g.state.track:
            return "That card is not on the Card Selection Track."
        return None

    def apply(self, g, f, a):
        s = g.state
        p = s.players[f["p"]]
        s.track.remove(a.card)
        p.hand.append(a.card)
        g.event("takes_from_track", p.seat, card=a.card)
        g.pop(f)
