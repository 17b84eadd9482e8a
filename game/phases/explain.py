"""Why an attack-turn step is not allowed, in words (for the interface).

Only explains; what is legal is decided by attack.turn_options alone.
"""
from __future__ import annotations

from .attack import alternative_playable, can_move, condition_met, must_move_on


def explain_turn(g, p, a):
    finish = "Finish the attack first: assign the Attack icons, add more, or stop attacking."
    if p.pool and a.kind not in ("attack", "play_card", "use_hex", "stop_attack"):
        return finish
    if p.pool and a.kind == "play_card" and a.card in g.cards and not any(
            e.icon == "attack" for alt in g.cards[a.card].alternatives for e in alt):
        return finish
    if must_move_on(g, p) and a.kind not in ("move", "fly"):
        return f"{p.region} has another dragon: you may only fly on (the Dragon Ward would let you stay)."
    if a.kind in ("play_card", "lick_wounds", "use_hex") and a.card not in p.hand:
        return "That card is not in your hand."
    if a.kind == "play_card":
        c = g.cards.get(a.card)
        if c is None or c.is_hex:
            return "A Dragon Hex Card is used on the Action Hex, not played as an Action Card."
        if c.region is not None and c.region != p.region:
            return f"{c.title} can only be played with your dragon in {c.region}; it is in {p.region}."
        if not condition_met(g, p, c):
            kind, _ = c.condition
            if kind == "attacked_region":
                return f"{c.name} can only be played after you attacked {c.region} with a card this turn."
            return f"{c.name} needs you to have gained livestock, gold or a noble in {c.region} this turn."
        if len(p.hand) - 1 < c.discard_other:
            return f"{c.name} needs another card in your hand to discard."
        if a.alt is None or not 0 <= a.alt < len(c.alternatives):
            return "That card has no such option."
        alt = c.alternatives[a.alt]
        if any(e.icon == "attack" for e in alt) and not g.regions[p.region].has_settlement():
            return f"There is no settlement in {p.region} to attack."
        if any(e.icon == "lose_life" for e in alt) and p.life - sum(
                e.amount for e in alt if e.icon == "lose_life") < 1:
            return "That would leave your dragon at 0 Life."
        if any(e.icon == "attack" for e in alt) and not alternative_playable(g, p, c, alt):
            return ("Its Attack icons could not hit anything: that would leave your dragon at 0 Life, "
                    "or a city or whole town needs a second Attack icon you do not hold.")
        if not alternative_playable(g, p, c, alt):
            return f"{c.title} would do nothing now."
    if a.kind == "attack":
        r = g.regions[p.region]
        if a.site is None or not 0 <= a.site < len(r.sites) or not r.sites[a.site]:
            return "There is no settlement there."
        if (a.icons or 0) > p.pool:
            return f"You have {p.pool} Attack icon{'s' if p.pool != 1 else ''}; a city needs 2."
        return "That attack would leave your dragon at 0 Life: heal first."
    if a.kind == "use_hex":
        return (f"The hex side facing {p.region} cannot be used there now (nothing to take, or an Attack "
                "that could not hit anything); turn the hex or move.")
    if a.kind == "turn_hex":
        return "Turning the hex costs a gold, and you have none."
    if a.kind == "turn_hex_free":
        return "Cunning Intellect is not available (not learned, or used this century)."
    if a.kind in ("move", "fly"):
        if a.region not in g.neighbours(p.region):
            return f"{a.region} is not next to {p.region}."
        if a.kind == "move" and not g.available(p, "livestock"):
            return "Moving costs a livestock, and you have none."
        if a.kind == "fly" and not can_move(g, p, a.region, free=True):
            return "Mighty Wings is not available (not learned, or used this century)."
        return f"{a.region} has another dragon and you could not fly on from there."
    if a.kind == "divination":
        return "Divination needs a field and can be done once per turn."
    if a.kind in ("consume_noble", "lick_wounds"):
        return "Your dragon is at full Life." if p.life >= g.max_life(p) else "You have no noble to consume."
    if a.kind == "end_turn":
        return "You cannot end your turn in a region with another dragon."
    return None
