"""Phase 4: Attack - each dragon's whole turn, from its start to its return.

A turn is a series of small decisions on one "turn" frame, which offers the
action kinds of turn_cards and turn_moves plus ending the turn. While Attack
icons wait to be assigned (the pool), only attack steps are offered ("assign");
while the dragon is in another dragon's region without the Dragon Ward, only
moves ("passing"); otherwise everything ("free").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..actions import act
from ..frames import Frame
from ..kinds import ActionKind
from ..state import reset_turn
from . import turn_cards, turn_moves

END_TURN = act("end_turn")


def start_turn(g, seat):
    p = g.state.players[seat]
    reset_turn(p)
    g.event("begins_attack", seat, region=p.region)
    g.push(Turn(seat))


def after_attack(g):
    """The last century ends the game; any other goes on to the next."""
    return "over" if g.state.century >= g.data.setup["centuries"] else "growth"


def must_move_on(g, p):
    """A dragon that flew into another dragon's region may not stay there
    (a dragon placed first, then joined by the Dragon Ward holder, may)."""
    return p.passing


class EndTurn(ActionKind):
    names = ("end_turn",)
    button = "End Turn"

    def options(self, g, f):
        return [END_TURN]

    def refused(self, g, f, a):
        return "You cannot end your turn in a region with another dragon."

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        choices = level_up_choices(g, p)
        if len(choices) > 1:
            g.push(LevelUp(p.seat))
            return
        if choices:
            gain_ability(g, p, choices[0])
        finish_turn(g, p, f)

    def sentence(self, g, a):
        return "End your turn"

    def help(self, g):
        return "End your turn: your dragon returns to its lair with its loot."


@dataclass
class Turn(Frame):
    """A dragon's attack turn: it offers each kind in the modes the kind lists (``modes``)."""
    kind: ClassVar[str] = "turn"
    # In the order their options are listed.
    kinds: ClassVar[tuple] = (turn_cards.Attack(), turn_cards.PlayCard(), turn_cards.UseHex(), turn_cards.StopAttack(),
                              turn_moves.TurnHex(), turn_moves.TurnHexFree(), turn_moves.Move(),
                              turn_moves.Divination(), turn_moves.ConsumeNoble(), turn_moves.LickWounds(), EndTurn())

    def mode(self, g):
        p = g.state.players[self.seat]
        return "assign" if p.pool else "passing" if must_move_on(g, p) else "free"

    def options(self, g):
        mode = self.mode(g)
        out = []
        for spec in self.kinds:
            if mode in spec.modes:
                out += spec.options(g, self)
        return tuple(out)

    def decision_kind(self, g):
        return "attack_assign" if g.state.players[self.seat].pool else "attack_turn"

    def prompt(self, g):
        p = g.state.players[self.seat]
        if p.pool:
            icons = f"{p.pool} Attack icon{'s' if p.pool > 1 else ''}"
            return f"{p.name} in {p.region}: assign {icons} to a settlement, add more, or stop attacking."
        if must_move_on(g, p):
            return f"{p.name}: {p.region} has another dragon - fly on to a free region."
        return f"{p.name} in {p.region}: play cards, use or turn the hex, move, spend resources, or end your turn."

    def explain(self, g, a):
        mode = self.mode(g)
        spec = self.spec(a.kind)
        offered = spec is not None and mode in spec.modes
        if mode == "assign" and not offered:
            return turn_cards.FINISH_ATTACK
        if mode == "passing" and not offered:
            p = g.state.players[self.seat]
            return f"{p.region} has another dragon: you may only fly on (the Dragon Ward would let you stay)."
        return spec.refused(g, self, a) if spec is not None else None


def feat_done(g, p):
    feats = g.data.feats
    return (p.feat_cities >= feats["cities"] or p.feat_villages >= feats["villages"]
            or p.feat_resources >= feats["resources"])


def level_up_choices(g, p):
    """Abilities of the next level, if a Feat was done and none was gained this century."""
    if not feat_done(g, p) or p.leveled == g.state.century:
        return []
    return [a.id for a in g.data.abilities if a.level == p.level + 1]


def gain_ability(g, p, ability_id):
    p.abilities.append(ability_id)
    p.leveled = g.state.century
    for _ in range(g.ability_effects[ability_id].get("extra_hex_cards", 0)):
        if p.aside:
            p.hand.append(p.aside.pop())
    g.event("levels_up", p.seat, level=p.level, ability=ability_id)


class LevelUpKind(ActionKind):
    names = ("level_up",)

    def options(self, g, f):
        return [act("level_up", choice=a) for a in level_up_choices(g, g.state.players[f.seat])]

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        g.pop(f)
        gain_ability(g, p, a.choice)
        finish_turn(g, p, g.state.stack[-1])

    def sentence(self, g, a):
        return f"Learn {g.data.ability(a.choice).name}"


@dataclass
class LevelUp(Frame):
    """After a Feat: the dragon chooses an ability of its next level."""
    kind: ClassVar[str] = "level_up"
    kinds: ClassVar[tuple] = (LevelUpKind(),)

    def prompt(self, g):
        p = g.state.players[self.seat]
        return f"{p.name} accomplished a Feat: choose a level {p.level + 1} ability."


def finish_turn(g, p, turn_frame):
    """End of a Player's Turn: the five steps, in order."""
    s = g.state
    p.region = None
    p.hand.extend(p.hex_out)
    p.hex_out = []
    s.discard.extend(p.played)
    p.played = []
    for res, n in p.spent.items():
        if res == "field":
            s.fields_out += n
        else:
            s.stock[res] += n
        p.spent[res] = 0
    h = p.card
    g.event("returns", p.seat, res=dict(h.res), villages=dict(h.villages), cities=dict(h.cities))
    h.pour_into(p.lair)
    g.pop(turn_frame)
