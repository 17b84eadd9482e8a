"""The hint: what an AI would do now, why, and its whole plan for the turn.

    found = hint(game, seat, ai)       # {"action", "plan": [sentences], "gain": [VP now, VP after]}

The AI chooses on its own determinised copy (it never peeks); its plan is
then followed on a copy of the real game, step by step while each step is
the seat's and one the engine offers, and stops after a step that draws
cards (what comes next depends on cards not seen yet). Why: the seat's VP as
its standings count them (``Game.standings``: what it may know), now and at
the end of the plan - so nothing the seat may not know is said."""
from __future__ import annotations

from game.data import ICON_WORDS

MOST_STEPS = 12


def hint(g, seat, ai):
    """The AI's suggestion for ``seat`` in ``g`` (never changed), or None if it has none."""
    action = ai.choose(g.copy(keep_log=True), seat)
    if action is None:
        return None
    planned = [action] + list(getattr(ai, "planned", lambda: [])())
    after = g.copy(keep_log=True)
    plan, drew = [], False
    for step in planned[:MOST_STEPS]:
        d = after.decision
        if d is None or d.player != seat or step not in d.options:
            break
        plan.append(after.describe(step))
        drew = after.touches(step).cards_drawn > 0
        after.apply(step)
        if drew:
            plan.append("then it sees what it draws")
            break
    d = after.decision
    if not drew and len(plan) > 1 and d is not None and d.player == seat and after.turn_in_progress(seat):
        plan.append("then the rest of the turn as it comes")       # (its search planned no further)
    return {"action": action, "plan": plan, "gain": [own_total(g, seat), own_total(after, seat)],
            "reason": reason(g, seat, action)}


def own_total(g, seat):
    """The seat's VP if the game ended now, as its standings count them (None in Desolation)."""
    st = g.standings(seat)
    if st["cooperative"]:
        return None
    return next(e["total"] for e in st["scores"] if e["seat"] == seat)


def why(found):
    """Why, in words: the VP it expects from the plan; where the plan changes no VP (a
    discard, a card taken, the dragon placed), what the choice does with the cards."""
    before, after = found["gain"]
    told = found.get("reason")
    if before is None:
        return f" Why: {told}." if told else ""
    steps = "its plan" if len(found["plan"]) > 1 else "it"
    if after > before:
        return f" Why: +{after - before} VP if the game ended after {steps} ({before} -> {after})."
    if after < before:
        return f" Why: it gives up {before - after} VP now ({before} -> {after}) for what it prepares."
    if told:
        return f" Why: {told}."
    return f" Why: it keeps your {before} VP and prepares the turns to come."


def reason(g, seat, action):
    """What a discard, a card taken or the dragon's placement does with the seat's cards, in
    words, from the game as the seat sees it (its own hand, the map, the Action Hex); None
    for other choices. An Action Card plays in its region, an Any Region card anywhere."""
    cards = g.cards
    hand = [c for c in g.state.players[seat].hand if not cards[c].is_hex]
    if action.kind == "place":
        region = action.region
        here = list(dict.fromkeys(cards[c].name for c in hand if cards[c].region in (None, region)))
        icon = ICON_WORDS[g.facing_icon(region)]
        if not here:
            return f"none of your cards plays in {region}, and the Action Hex side facing it is {icon}"
        return (f"in {region} you can play {len(here)} of your {len(hand)} cards ({_listed(here)}), and the "
                f"Action Hex side facing it is {icon}")
    if action.kind in ("discard", "select_card") and action.card in cards:
        card = cards[action.card]
        if card.is_hex:
            return None
        same = [c for c in hand if c != action.card and card.region is not None and cards[c].region == card.region]
        if action.kind == "select_card":
            if card.region is None:
                return f"{card.title} plays in any region"
            return (f"{card.title} plays in {card.region}, as {len(same)} of your cards do" if same else
                    f"{card.title} is a first card for {card.region}")
        kept = [c for c in hand if c != action.card]
        held = f"you keep {_regions(cards, kept)}" if kept else "it is your only card"
        if card.region is not None and not same:
            return f"{card.title} is your only card for {card.region}; {held}"
        return held
    return None


def _regions(cards, hand):
    """ "2 cards for Gallia, 1 for Britannia and 1 for any region": a hand by where its cards play."""
    counts = {}
    for c in hand:
        where = cards[c].region or "any region"
        counts[where] = counts.get(where, 0) + 1
    parts = [f"{n} {'card' if n == 1 else 'cards'} for {where}" if i == 0 else f"{n} for {where}"
             for i, (where, n) in enumerate(sorted(counts.items(), key=lambda x: (-x[1], x[0] == "any region")))]
    return _listed(parts)


def _listed(words):
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
