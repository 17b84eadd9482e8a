"""Headless games with AI seats for ``main.py --headless --ai ... [--json]``."""
from __future__ import annotations

from . import make_ai, parse_level


def seat_levels(text, n):
    """'hard,normal' for n seats: one level per seat; a single level fills every
    seat. The expert may carry its time budget per decision: 'expert:0.5'."""
    levels = [x.strip() for x in (text or "random").split(",") if x.strip()]
    for level in levels:
        parse_level(level)
    if len(levels) == 1:
        levels = levels * n
    if len(levels) != n:
        raise ValueError(f"--ai lists {len(levels)} levels for {n} players")
    return levels


def ai_policies(levels, seed):
    """policies[seat](game, decision) -> option, as ``game.headless.play`` wants."""
    ais = [make_ai(level, seed * 31 + seat) for seat, level in enumerate(levels)]
    return [lambda g, d, ai=ai, seat=seat: ai.choose(g, seat) for seat, ai in enumerate(ais)]


def result_dict(g, levels, seed):
    """Seats, dragons, AI levels, totals, breakdowns and the winner as plain data."""
    s = g.state
    out = {"players": s.num_players, "seed": seed, "variant": s.variant,
           "seats": [{"seat": p.seat, "dragon": p.dragon, "name": p.name, "ai": levels[p.seat]}
                     for p in s.players]}
    if g.cooperative:
        r = g.desolation()
        out["desolation"] = {"survival_points": r["survival_points"], "level": r["level"],
                             "by_piece": r["by_piece"]}
        out["winner"] = None
        return out
    scores = sorted(g.final_scores(), key=lambda e: e["seat"])
    for seat, e in zip(out["seats"], scores):
        seat.update(total=e["total"], rank=e["rank"], level=e["level"], life=e["life"],
                    breakdown=dict(e["breakdown"]))
    winners = [e["seat"] for e in scores if e["rank"] == 1]
    out["winner"] = winners[0] if len(winners) == 1 else None
    out["winners"] = winners
    return out
