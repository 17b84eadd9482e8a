"""What an option would do, before it is chosen (the table's previews).

``outcome(g, action)`` chooses the option in a copy of the game and reads
what happened there: the events the choosing seat's own action recorded, its
Life, the decision that follows. So a preview says exactly what the rules
would do (no second copy of a rule), and it says only what the choosing seat
may know: counts of cards drawn, never which cards (the copy's deck is the
real one, so names would leak its order).
"""
from __future__ import annotations

from dataclasses import dataclass

from .state import SITE_NAMES

ATTACK_DECISIONS = ("attack_turn", "attack_assign")


@dataclass(frozen=True)
class Hit:
    """A settlement the Attack icons waiting after the option could hit."""
    region: str
    site: int
    size: str               # "village", "town" or "city"
    icons: int              # Attack icons it takes
    life: int               # Life it costs before the damage reduction (Outcome.reduction, said once)


@dataclass(frozen=True)
class Outcome:
    """What an action would do to the seat that makes it."""
    seat: int
    spends: dict            # resource -> pieces spent
    taken: tuple            # (region, resource) per piece taken onto the Dragon Card; region None: the stockpile
    pieces: tuple           # (kind, region, n): settlement pieces gained ("village" or "city")
    life: int               # change of Life now
    cards_drawn: int
    cards_lost: int
    hits: tuple = ()        # Hit: what the Attack icons could then be assigned to
    path: tuple = ()        # (from, to): the dragon's flight
    passing: bool = False   # it would have to fly on (another dragon's region)
    facing: tuple = ()      # (region, hex icon): the Action Hex side facing the dragon afterwards
    hex_use: object = None  # Outcome of using a Dragon Hex Card there, or why it could not be used (words)
    aimless: bool = False   # its Attack icons wait to be assigned and none could hit anything yet
    waiting: int = 0        # Attack icons waiting to be assigned afterwards (the hits are theirs) ...
    adds: int = 0           # ... of which the option adds (a discard for Wrath Attack adds none)
    reduction: int = 0      # Life taken off the damage of those attacks, once in all (not per hit)
    then: str | None = None         # the prompt of a choice that would follow (a resource, a discard, ...)
    then_kind: str | None = None
    level_up: tuple = ()    # ability ids: learned (one) or to choose among (several)
    returns: dict | None = None     # ending the turn: {"res", "villages", "cities"} carried to the lair

    def to_dict(self):
        """As plain data (lists for tuples; a Dragon Hex Card's outcome nested)."""
        hex_use = self.hex_use.to_dict() if isinstance(self.hex_use, Outcome) else self.hex_use
        return {"seat": self.seat, "spends": dict(self.spends), "taken": [list(t) for t in self.taken],
                "pieces": [list(p) for p in self.pieces], "life": self.life, "cards_drawn": self.cards_drawn,
                "cards_lost": self.cards_lost,
                "hits": [{"region": h.region, "site": h.site, "size": h.size, "icons": h.icons, "life": h.life}
                         for h in self.hits],
                "path": list(self.path), "passing": self.passing, "facing": list(self.facing), "hex_use": hex_use,
                "aimless": self.aimless, "waiting": self.waiting, "adds": self.adds, "reduction": self.reduction,
                "then": self.then, "then_kind": self.then_kind, "level_up": list(self.level_up),
                "returns": self.returns}

    def gains(self):
        """resource -> pieces taken."""
        out = {}
        for _, res in self.taken:
            out[res] = out.get(res, 0) + 1
        return out


def outcome(g, action, _nested=True, after=None, touch=None):
    """What choosing ``action`` (one of g.decision.options) would do now, for its chooser
    (``after``: a copy of ``g`` without its log in which it was chosen already; ``touch``:
    ``g.touches(action)``, if asked already)."""
    d = g.decision
    seat = d.player
    touch = g.touches(action) if touch is None else touch
    me = g.state.players[seat]
    copy = after
    if copy is None:
        copy = g.copy()
        copy.apply(action)
    p = copy.state.players[seat]
    own = [e for e in copy.state.log if e["seat"] == seat and "private" not in e]
    taken, pieces, drawn, level, returns, life = [], [], 0, [], None, me.life
    for e in own:
        k = e["kind"]
        if "life" in e and k != "awakens":
            life = e["life"]
        if k == "takes":
            taken.append((e["region"], e["res"]))
        elif k in ("gains_village", "razes"):
            pieces.append(("village", e["region"], 1))
        elif k == "destroys":
            pieces.append(("city", e["region"], 1) if e["size"] == "city" else ("village", e["region"], e["icons"]))
        elif k == "draws":
            drawn += e["n"]
        elif k == "levels_up":
            level.append(e["ability"])
        elif k == "returns":           # the turn ends: what comes after is not this option's doing
            returns = {"res": e["res"], "villages": e["villages"], "cities": e["cities"]}
            break
    out = dict(seat=seat, spends=dict(touch.spends), taken=tuple(taken), pieces=tuple(pieces), life=life - me.life,
               cards_drawn=drawn, cards_lost=touch.cards_lost)
    mine = copy.decider == seat
    nxt = copy.decision if mine else None
    if mine and nxt.kind in ATTACK_DECISIONS:
        out["hits"] = tuple(_hits(copy, p, nxt.options))
        out["aimless"] = nxt.kind == "attack_assign" and not out["hits"]
        added = _icons_coming(copy, seat) - _icons_coming(g, seat)
        out["waiting"], out["adds"], out["reduction"] = p.pool, max(0, added), p.reduction
    elif mine and returns is None:          # (after the turn's end, the next choice is another step's)
        out["then"], out["then_kind"] = nxt.prompt, nxt.kind
        if nxt.kind == "level_up":
            level += [a.choice for a in nxt.options]
    if action.kind in ("move", "fly"):
        out["path"] = (me.region, action.region)
        out["passing"] = bool(p.passing)
    if touch.hex in ("left", "right") and p.region is not None:
        out["facing"] = (p.region, copy.facing_icon(p.region))
        if _nested:
            out["hex_use"] = _hex_use(copy)
    out["level_up"] = tuple(level)
    out["returns"] = returns
    return Outcome(**out)


def _icons_coming(g, seat):
    """The seat's Attack icons waiting, and those of cards played whose icons are still to
    resolve (a Wrath Attack's wait for the discard it asks for: they are not the discard's)."""
    cards = g.cards
    later = sum(e.icon == "attack" for f in g.state.stack if f.kind == "effects" and f.seat == seat
                for e in cards[f.card].alternatives[f.alt][f.i:])
    return g.state.players[seat].pool + later


def _hits(g, p, options):
    """The attacks offered, each at its Life before the damage reduction: the engine takes
    the reduction off the first attacks only (p.reduction is used up), so a Life per hit
    with it taken off would be true of one hit, not of each."""
    sites = g.regions[p.region].sites
    return [Hit(p.region, a.site, SITE_NAMES[sites[a.site]], a.icons, dict(g.hits[sites[a.site]])[a.icons])
            for a in options if a.kind == "attack"]


def _hex_use(g):
    """What a Dragon Hex Card would do where the dragon is now (or why it could not)."""
    use = next((a for a in g.decision.options if a.kind == "use_hex"), None) if g.decision else None
    if use is not None:
        return outcome(g, use, _nested=False)
    pointed = g.aimed("hex:use", None)
    return g.why_illegal(pointed) if pointed is not None else None
