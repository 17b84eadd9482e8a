"""Where the game stands now: what each dragon would score if the game ended
at this moment, as one seat may know it (the table's standings panel).

It is the final scoring itself (``phases.scoring.scored``) applied to the
lairs that seat knows: its own exactly, every lair in The Strategist and
once the game is over, and each other lair as the public events tell it
(``public_lairs``: exact by counting when only one lair is hidden, an
estimate when several are). The loot on a Dragon Card (in the open) counts
as in its lair: if the game ended now, the turn would end and put it there
("Stashes all his collected resources and settlements behind his Lair
Screen"). In Desolation of the Old World: the Survival
Points on the board now, the Level of Destruction they give, and how many
fewer the team needs for the next level.
"""
from __future__ import annotations

from .phases.scoring import desolation, majorities, scored
from .public_lairs import estimated_lairs
from .state import Holdings


def stashed(lair, card):
    """A lair with a Dragon Card's loot put in (new Holdings: neither is changed)."""
    out = Holdings(res=dict(lair.res), villages=dict(lair.villages), cities=dict(lair.cities))
    Holdings(res=dict(card.res), villages=dict(card.villages), cities=dict(card.cities)).pour_into(out)
    return out


def standings(g, seat):
    """Competitive games: {"cooperative": False, "scores": as ``final_scores``
    gives them (best first), "majorities": {category: (seats first, seats
    second)}, "hidden": the seats whose lairs were worked out from public
    information, "estimated": True if those figures are estimates}.

    Desolation: {"cooperative": True, and ``desolation``'s fields, its
    "next_level" with "needed": the Survival Points to remove to reach it}.
    """
    if g.cooperative:
        d = desolation(g)
        nxt = d["next_level"]
        if nxt is not None:
            d["next_level"] = dict(nxt, needed=d["survival_points"] - nxt["max"])
        return {"cooperative": True, **d}
    worked_out = estimated_lairs(g, seat)
    lairs = [stashed(worked_out[p.seat] if p.seat in worked_out else p.lair, p.card) for p in g.state.players]
    scores = scored(g, lairs)
    return {"cooperative": False, "scores": scores, "majorities": majorities(g, scores),
            "hidden": sorted(worked_out), "estimated": len(worked_out) > 1}
