"""Fast static judgements of single options: no copies, no look-ahead.

This is the ``easy`` level's whole mind (greedy, one step: what an option
gains now minus the Life it risks) and the playout policy of ``hard``, so it
must stay cheap: it reads the engine's state and never changes it.
"""
from __future__ import annotations

from ..data import ICON_RESOURCE
from ..phases.turn_cards import effect_useful
from ..state import CITY, TOWN
from .cardvalue import ICON_VALUE, keep_value
from .evaluate import SPENDABLE

# Lair Actions by what they bring at once (markers are worth less to a greedy mind).
LAIR_PREFERENCE = {"terrify": 3.5, "capture": 3.0, "first_strike": 2.6, "hunt_and_hoard": 2.0,
                   "hoard": 1.9, "hunt": 1.8, "plot": 1.5, "scheme": 1.4, "first_attack": 1.2,
                   "first_lair": 0.9, "dragon_ward": 0.6}
ABILITY_PREFERENCE = {"great_fortitude": 2, "regeneration": 1, "mighty_wings": 2,
                      "cunning_intellect": 1, "dragon_wrath": 1}


def life_risk(p, cost, g):
    """Life lost now costs more the closer the dragon gets to 1 Life."""
    after = p.life - cost
    return cost * (0.45 if after >= 3 else 0.7 if after == 2 else 1.0)


def score_play(g, p, a):
    card = g.cards[a.card]
    alt = card.alternatives[a.alt]
    v = 0.0
    for e in alt:
        if e.icon == "lose_life":
            v -= life_risk(p, e.amount, g)
        elif e.icon == "attack":
            v += 1.2 if attack_target(g, p, sum(x.icon == "attack" for x in alt)) else -0.6
        elif e.icon == "discard":
            v -= 0.4
        elif effect_useful(g, p, e):
            v += ICON_VALUE.get(e.icon, 0.0) * max(1, e.amount)
    return v - 0.5 * card.discard_other


def facing(g, region, arrow):
    """The hex icon facing ``region`` if the arrow pointed at ring index ``arrow``."""
    side = g.data.hex_sides[(g.ring_index[region] - arrow) % 6]
    return g.data.side_icons[side]


def attack_target(g, p, icons):
    """Could Attack icons played now take something? One icon takes a village
    or half a town; a region of cities needs the icons a city takes (and Life
    for them). The numbers are the data's (Game.hits)."""
    sites = g.regions[p.region].sites
    hits = g.hits
    if any(n == 1 and p.life - cost >= 1 for v in sites for n, cost in hits.get(v, ())):
        return True
    if CITY not in sites:
        return False
    need, cost = hits[CITY][0]
    more = icons + p.pool
    if more < need:
        more += sum(1 for c in p.hand if g.cards[c].region == p.region and not g.cards[c].is_hex
                    and any(e.icon == "attack" for e in g.cards[c].alternatives[0]))
        if any(g.cards[c].is_hex for c in p.hand) and g.facing_icon(p.region) == "attack":
            more += 1
    return more >= need and p.life - max(0, cost - p.reduction) >= 1


def hex_here(g, p, region, arrow=None):
    """Value of the hex action facing ``region`` for this dragon."""
    icon = facing(g, region, g.state.hex_arrow if arrow is None else arrow)
    r = g.regions[region]
    if icon == "attack":
        return 1.2 if r.has_settlement() else 0.0
    return 1.0 if r.res[ICON_RESOURCE[icon]] else 0.0


def playable_here(g, p, region):
    """Rough worth of the cards in hand that could be played in ``region``."""
    v = 0.0
    r = g.regions[region]
    for cid in p.hand:
        c = g.cards[cid]
        if c.is_hex or (c.region is not None and c.region != region):
            continue
        for e in c.alternatives[0]:
            if e.icon == "attack" and r.has_settlement():
                v += 1.3
            elif e.icon in ICON_RESOURCE and (e.source == "stockpile" or r.res[ICON_RESOURCE[e.icon]]):
                v += 1.0
            elif e.icon == "raze_village":
                v += 0.8
    return v


def region_potential(g, p, region):
    unused_hex = any(g.cards[c].is_hex for c in p.hand)
    v = playable_here(g, p, region) + (hex_here(g, p, region) if unused_hex else 0.0)
    r = g.regions[region]
    return v + 0.1 * sum(r.sites) + 0.05 * sum(r.res.values())


def score_attack(g, p, a):
    v = g.regions[p.region].sites[a.site]
    cost = -g.touches(a).life
    gain = 4.0 if v == CITY else float(a.icons)
    if v == TOWN and a.icons == 1:
        gain -= 0.2          # prefer taking the whole town when icons allow
    return 1.0 + gain - life_risk(p, cost, g)


def score_turn_option(g, p, a):
    k = a.kind
    if k == "play_card":
        return score_play(g, p, a)
    if k == "use_hex":
        return hex_here(g, p, p.region)
    if k == "attack":
        return score_attack(g, p, a)
    if k in ("turn_hex", "turn_hex_free"):
        if not any(g.cards[c].is_hex for c in p.hand) or hex_here(g, p, p.region):
            return -1.0
        arrow = (g.state.hex_arrow + (1 if a.choice == "right" else -1)) % 6
        gain = hex_here(g, p, p.region, arrow)
        return gain - (0.8 if k == "turn_hex" else 0.0) - 0.05
    if k in ("move", "fly"):
        gain = playable_here(g, p, a.region) - playable_here(g, p, p.region)
        return 0.5 * gain - (0.9 if k == "move" else 0.1) + (2.0 if p.passing else 0.0)
    if k == "divination":
        return 0.3
    if k == "consume_noble":
        return 0.6 if p.life <= 1 else -0.5
    if k == "lick_wounds":
        return (0.5 if p.life <= 1 else -0.6) - keep_value(g, p.hand, a.card)
    if k == "stop_attack":
        return 0.0
    if k == "end_turn":
        return 0.05
    return score_touch(g, p, g.touches(a))


def score_touch(g, p, t):
    """The worth of what an action moves (kinds.Touch), for kinds without a judgement here."""
    v = ICON_VALUE["take_gold"] * sum(t.gains.values()) - sum(SPENDABLE[r] * n for r, n in t.spends.items())
    v += ICON_VALUE["draw"] * t.cards_drawn + ICON_VALUE["discard"] * t.cards_lost
    return v + (ICON_VALUE["gain_life"] * t.life if t.life >= 0 else -life_risk(p, -t.life, g))


def quick_choice(g, seat, rng):
    """The greedy one-step choice for the current decision."""
    d = g.decision
    opts = d.options
    if len(opts) == 1:
        return opts[0]
    scores = quick_scores(g, seat, d)
    best = max(scores)
    return rng.choice([a for a, s in zip(opts, scores) if s >= best - 1e-9])


def quick_scores(g, seat, d):
    p = g.state.players[seat]
    kind = d.kind
    opts = d.options
    if kind in ("attack_turn", "attack_assign"):
        return [score_turn_option(g, p, a) for a in opts]
    if kind == "discard":
        return [-(keep_value(g, p.hand, a.card) if not g.cards[a.card].is_hex else 0.9) for a in opts]
    if kind in ("select_card", "scheme_pick"):
        return [keep_value(g, p.hand, a.card) for a in opts]
    if kind == "lair_action":
        return [LAIR_PREFERENCE.get(a.choice, 1.0) for a in opts]
    if kind == "place_dragon":
        return [region_potential(g, p, a.region) for a in opts]
    if kind == "first_strike":
        rv = g.data.scoring["region_value"]
        return [rv["village"] * p.lair.villages.get(a.region, 0) + rv["city"] * p.lair.cities.get(a.region, 0)
                for a in opts]
    if kind == "choose_resource":
        return [p.lair.res[a.choice] + p.card.res[a.choice] for a in opts]
    if kind == "raze":
        return [g.regions[p.region].sites[a.site] for a in opts]
    if kind == "level_up":
        return [ABILITY_PREFERENCE.get(a.choice, 0) for a in opts]
    return [score_touch(g, p, g.touches(a)) for a in opts]


__all__ = ["quick_choice", "quick_scores", "region_potential"]
