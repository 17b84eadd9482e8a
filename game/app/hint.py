"""The hint: what an AI would do now, why, and its whole plan for the turn.

    found = hint(game, seat, ai)       # {"action", "plan": [sentences], "gain": [VP now, VP after]}

The AI chooses on its own determinised copy (it never peeks); its plan is
then followed on a copy of the real game, step by step while each step is
the seat's and one the engine offers, and stops after a step that draws
cards (what comes next depends on cards not seen yet). Why: the seat's VP as
its standings count them (``Game.standings``: what it may know), now and at
the end of the plan - so nothing the seat may not know is said."""
from __future__ import annotations

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
    return {"action": action, "plan": plan, "gain": [own_total(g, seat), own_total(after, seat)]}


def own_total(g, seat):
    """The seat's VP if the game ended now, as its standings count them (None in Desolation)."""
    st = g.standings(seat)
    if st["cooperative"]:
        return None
    return next(e["total"] for e in st["scores"] if e["seat"] == seat)


def why(found):
    """Why, in words: the VP it expects from the plan."""
    before, after = found["gain"]
    if before is None:
        return ""
    steps = "its plan" if len(found["plan"]) > 1 else "it"
    if after > before:
        return f" Why: +{after - before} VP if the game ended after {steps} ({before} -> {after})."
    if after < before:
        return f" Why: it gives up {before - after} VP now ({before} -> {after}) for what it prepares."
    return f" Why: it keeps your {before} VP and prepares the turns to come."
