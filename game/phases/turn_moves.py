"""Phase 4, a dragon's turn: moving (eating a livestock, or Mighty Wings),
turning the Action Hex (a gold, or Cunning Intellect), Divination and
healing (the action kinds move, fly, turn_hex, turn_hex_free, divination,
consume_noble and lick_wounds)."""
from __future__ import annotations

from ..actions import act
from ..kinds import ActionKind, Touch, card_title
from .common import discard_card, distinct_cards, push_discard

DIVINATION = act("divination")
CONSUME_NOBLE = act("consume_noble")


def entering_occupied(g, p, dest):
    return bool(g.occupants(dest, exclude=p.seat)) and g.state.markers.get("dragon_ward") != p.seat


def wings_left(g, p):
    return g.has_effect(p, "free_moves_per_century") if p.wings_used != g.state.century else 0


def intellect_left(g, p):
    return g.has_effect(p, "free_hex_turns_per_century") if p.intellect_used != g.state.century else 0


def can_move(g, p, dest, free):
    """Move (eat a livestock) or fly free (Mighty Wings) to an adjacent region.
    Entering another dragon's region is allowed only if the dragon can still
    fly on to a free region afterwards (it may not stay there)."""
    if dest not in g.neighbours(p.region):
        return False
    livestock, wings = g.available(p, "livestock"), wings_left(g, p)
    if free:
        if not wings:
            return False
        wings -= 1
    else:
        if not livestock:
            return False
        livestock -= 1
    if not entering_occupied(g, p, dest):
        return True
    reach = livestock + wings
    if reach <= 0:
        return False
    occupied = {q.region for q in g.state.players if q.seat != p.seat} | {r[1] for r in g.state.rogues}
    return any(x not in occupied and g.ring_distance(dest, x) <= reach for x in g.ring)


class Move(ActionKind):
    """Fly to a neighbouring region: ``move`` eats a livestock, ``fly`` uses
    Mighty Wings (one spec: the options alternate by destination)."""
    names = ("move", "fly")
    target = "region"
    modes = ("free", "passing")

    def options(self, g, f):
        p = g.state.players[f.seat]
        out = []
        livestock, wings = g.available(p, "livestock"), wings_left(g, p)
        for dest in g.neighbours(p.region):
            if livestock and can_move(g, p, dest, free=False):
                out.append(act("move", region=dest))
            if wings and can_move(g, p, dest, free=True):
                out.append(act("fly", region=dest))
        return out

    def refused(self, g, f, a):
        p = g.state.players[f.seat]
        if a.region not in g.neighbours(p.region):
            return f"{a.region} is not next to {p.region}."
        if a.kind == "move" and not g.available(p, "livestock"):
            return "Moving costs a livestock, and you have none."
        if a.kind == "fly" and not can_move(g, p, a.region, free=True):
            return "Mighty Wings is not available (not learned, or used this century)."
        return f"{a.region} has another dragon and you could not fly on from there."

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        if a.kind == "move":
            g.spend(p, "livestock")
        else:
            p.wings_used = g.state.century
        p.passing = entering_occupied(g, p, a.region)
        p.region = a.region
        if a.kind == "move":
            g.event("moves", p.seat, region=a.region, spent="livestock")
        else:
            g.event("flies", p.seat, region=a.region)

    def sentence(self, g, a):
        if a.kind == "move":
            return f"Eat a livestock to fly to {a.region}"
        return f"Mighty Wings: fly to {a.region}"

    def touches(self, g, a):
        if a.kind == "move":
            return Touch(regions=(a.region,), spends={"livestock": 1})
        return Touch(regions=(a.region,), uses="Mighty Wings")


def turn_the_hex(g, p, direction, spent):
    s = g.state
    s.hex_arrow = (s.hex_arrow + (1 if direction == "right" else -1)) % len(g.ring)
    g.event("turns_hex", p.seat, direction=direction, region=g.ring[s.hex_arrow], spent=spent)


class TurnHex(ActionKind):
    """Spend a gold to turn the Action Hex one side left or right."""
    names = ("turn_hex",)
    target = "hex"

    def options(self, g, f):
        p = g.state.players[f.seat]
        if g.available(p, "gold"):
            return [act("turn_hex", choice="left"), act("turn_hex", choice="right")]
        return []

    def refused(self, g, f, a):
        return "Turning the hex costs a gold, and you have none."

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        g.spend(p, "gold")
        turn_the_hex(g, p, a.choice, "gold")

    def sentence(self, g, a):
        return f"Spend a gold to turn the hex {a.choice}"

    def help(self, g):
        return "Turning it costs a gold, or nothing with Cunning Intellect (once a century)."

    def touches(self, g, a):
        return Touch(hex=a.choice, spends={"gold": 1})


class TurnHexFree(ActionKind):
    """Cunning Intellect: turn the Action Hex for free, once per century."""
    names = ("turn_hex_free",)
    target = "hex"

    def options(self, g, f):
        if intellect_left(g, g.state.players[f.seat]):
            return [act("turn_hex_free", choice="left"), act("turn_hex_free", choice="right")]
        return []

    def refused(self, g, f, a):
        return "Cunning Intellect is not available (not learned, or used this century)."

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        p.intellect_used = g.state.century
        turn_the_hex(g, p, a.choice, None)

    def sentence(self, g, a):
        return f"Cunning Intellect: turn the hex {a.choice} for free"


class Divination(ActionKind):
    """Burn a field to draw cards, then discard (once per turn)."""
    names = ("divination",)
    button = "Divination"
    useful = True

    def options(self, g, f):
        p = g.state.players[f.seat]
        return [DIVINATION] if not p.divined and g.available(p, "field") else []

    def refused(self, g, f, a):
        return "Divination needs a field and can be done once per turn."

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        rule = g.data.setup["divination"]
        g.spend(p, "field")
        p.divined = True
        g.event("divination", p.seat, spent="field")
        g.draw(p.seat, rule["draw"])
        # The Dragon Hex Card may be the discard: "Players may discard their Dragon Hex Card
        # as if it were any other card", and no sentence of Divination forbids it
        # (docs/rules-notes.md, Drawing and discarding).
        push_discard(g, p.seat, rule["discard"], hex_ok=True, why="Divination")

    def sentence(self, g, a):
        rule = g.data.setup["divination"]
        return f"Divination: burn a field, draw {rule['draw']}, discard {rule['discard']}"

    def help(self, g):
        rule = g.data.setup["divination"]
        return f"Divination: burn a field to draw {rule['draw']} cards, then discard {rule['discard']} (once per turn)."

    def touches(self, g, a):
        rule = g.data.setup["divination"]
        return Touch(spends={"field": 1}, cards_drawn=rule["draw"], cards_lost=rule["discard"])


def healed(g, p, amount):
    """Life gained by healing ``amount`` now (never above the maximum)."""
    return min(g.max_life(p), p.life + amount) - p.life


class ConsumeNoble(ActionKind):
    names = ("consume_noble",)
    button = "Consume Noble"

    def options(self, g, f):
        p = g.state.players[f.seat]
        return [CONSUME_NOBLE] if p.life < g.max_life(p) and g.available(p, "noble") else []

    def refused(self, g, f, a):
        p = g.state.players[f.seat]
        return "Your dragon is at full Life." if p.life >= g.max_life(p) else "You have no noble to consume."

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        g.spend(p, "noble")
        before = p.life
        p.life += healed(g, p, g.data.setup["heal"]["consume_noble"])
        g.event("consumes_noble", p.seat, before=before, life=p.life, spent="noble")

    def sentence(self, g, a):
        return f"Consume a noble (+{g.data.setup['heal']['consume_noble']} Life)"

    def help(self, g):
        return f"Consume a noble: +{g.data.setup['heal']['consume_noble']} Life (never above your maximum)."

    def touches(self, g, a):
        p = g.state.players[g.decision.player]
        return Touch(spends={"noble": 1}, life=healed(g, p, g.data.setup["heal"]["consume_noble"]))


class LickWounds(ActionKind):
    """Discard any card to heal."""
    names = ("lick_wounds",)
    target = "hand"
    button = "Lick Wounds"

    def options(self, g, f):
        p = g.state.players[f.seat]
        if p.life < g.max_life(p):
            return [act("lick_wounds", card=c) for c in distinct_cards(g, p.hand)]
        return []

    def refused(self, g, f, a):
        if a.card not in g.state.players[f.seat].hand:
            return "That card is not in your hand."
        return "Your dragon is at full Life."

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        discard_card(g, p, a.card)
        p.life += healed(g, p, g.data.setup["heal"]["lick_wounds"])
        g.event("licks_wounds", p.seat, card=a.card, life=p.life)

    def sentence(self, g, a):
        return f"Lick wounds: discard {card_title(g, a.card)} (+{g.data.setup['heal']['lick_wounds']} Life)"

    def help(self, g):
        return f"Lick wounds: discard cards for +{g.data.setup['heal']['lick_wounds']} Life each (you choose which)."

    def touches(self, g, a):
        p = g.state.players[g.decision.player]
        return Touch(cards=(("hand", a.card),), cards_lost=1,
                     life=healed(g, p, g.data.setup["heal"]["lick_wounds"]))
