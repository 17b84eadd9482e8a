"""Action kinds: one spec per kind of action, beside the phase that owns it.

A spec says everything about its kind in one place: which options a decision
offers (``options``), what choosing one does (``apply``), why a request of
this kind is refused (``refused``), the sentence for it (``sentence``), a
general help text (``help``), and what it touches (``touches``): the cards,
regions, sites, hex side or Lair Action a player points at to choose it, and
the resources, cards and Life it moves. The view finds its on-screen targets,
tooltips and explanations there, and the AI scores unknown kinds by what they
touch, so neither restates a rule.

A frame (``frames.Frame``) lists the kinds it offers in ``kinds``, in the
order their options are listed; ``flow.KINDS`` maps every name to its spec.
"""
from __future__ import annotations

import abc
from dataclasses import dataclass, field

from .actions import act


@dataclass(frozen=True)
class Touch:
    """What one action touches, as data."""
    cards: tuple = ()               # (place, card id): place is "hand", "track" or "draft"
    regions: tuple = ()             # region names
    sites: tuple = ()               # (region, site index)
    hex: str | None = None          # "use" the Action Hex, or turn it "left" / "right"
    lair_action: str | None = None
    spends: dict = field(default_factory=dict)      # resource -> pieces spent now
    gains: dict = field(default_factory=dict)       # resource -> pieces gained now
    cards_drawn: int = 0
    cards_lost: int = 0             # cards leaving the hand (played, discarded)
    life: int = 0                   # change of Life, as far as it is known before choosing
    uses: str | None = None         # a power or icon it uses up ("Mighty Wings", "the Dragon Hex Card", ...)

    @property
    def spends_now(self):
        """Does choosing it spend something at once: a resource, Life, a card pointed at
        (played or discarded), or a power or icon it uses up? (A Lair Action's later
        discard is its own choice.)"""
        return bool(self.spends) or self.life < 0 or bool(self.uses) or (self.cards_lost > 0 and bool(self.cards))

    @property
    def spends_on_map(self):
        """A resource spent by pointing at the map (a flight, a turn of the Action Hex)."""
        return bool(self.spends) and (bool(self.regions) or self.hex in ("left", "right"))


class ActionKind(abc.ABC):
    """The spec of one kind of action (``names``: the Action.kind values it serves)."""
    names: tuple = ()
    # Where a player points to choose it (``aimed``): "hand", "track" or "draft" (a.card),
    # "region" (a.region), "site" (a.site), "hex" (turn: a.choice), "hex:use", "lair_action"
    # (a.choice), or None (a button or a list of choices).
    target: str | None = None
    # In a dragon's attack turn (phases/attack.Turn): the turn's modes in which it
    # is offered - "free", "assign" (Attack icons wait) or "passing" (it must fly on).
    modes: tuple = ("free",)
    # The label of the table's own button for this kind (None: chosen on the board or in a list).
    button: str | None = None
    # End Turn asks first while an option of this kind is left: it gains something this turn or never.
    useful: bool = False

    def options(self, g, frame):
        """The options of this kind that ``frame``'s decision offers now."""
        return []

    @abc.abstractmethod
    def apply(self, g, frame, a):
        """Do ``a``, one of the options this kind offered."""

    def refused(self, g, frame, a):
        """Why ``a`` (of this kind) is not an option now, in words; None if no particular reason."""
        return None

    def sentence(self, g, a):
        """What choosing ``a`` does, in a few words (buttons, lists, tooltips)."""
        return str(a)

    def help(self, g):
        """What this kind of action does in general (a tooltip); None if nothing to add."""
        return None

    def touches(self, g, a):
        """What ``a`` touches; by default the thing it is aimed at."""
        t = self.target
        if t in ("hand", "track", "draft"):
            return Touch(cards=((t, a.card),))
        if t == "region":
            return Touch(regions=(a.region,))
        if t == "site":
            return Touch(sites=((g.state.players[g.decision.player].region, a.site),))
        if t == "hex":
            return Touch(hex=a.choice)
        if t == "lair_action":
            return Touch(lair_action=a.choice)
        return Touch()

    def aimed(self, g, frame, where, what):
        """The action of this kind a player most likely means by pointing at
        ``what`` in ``where`` (to say why it is not allowed), or None."""
        if where != self.target:
            return None
        name = self.names[0]
        if where in ("hand", "track", "draft"):
            return act(name, card=what)
        if where == "region":
            return act(name, region=what)
        if where == "site":
            return act(name, site=what)
        if where in ("hex", "lair_action"):
            return act(name, choice=what)
        return None


def card_title(g, cid):
    return g.cards[cid].title if cid in g.cards else cid
