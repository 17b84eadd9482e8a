"""Games without a window: AI seats from the command line, random play, the
score table and the result as plain data, a saved game continued or printed
step by step (``python main.py --headless ...``)."""
from __future__ import annotations

import random

from game.ai import make_ai, parse_level
from app.replay_host import ReplayHost


def random_policy(seed):
    """Uniform over the legal options (for tests and smoke runs)."""
    rng = random.Random(seed)
    return lambda g, decision: rng.choice(decision.options)


def play(g, policies):
    """Drive a game to the end: policies[seat](game, decision) -> an option."""
    while not g.is_over:
        d = g.decision
        g.apply(policies[d.player](g, d))
    return g


def score_table(g):
    """The final score table as text (or the Desolation result)."""
    if g.cooperative:
        r = g.desolation()
        lines = [f"Desolation of the Old World - Survival Points: {r['survival_points']} ({r['level']})"]
        lines += [f"  {k:<10}{n:>3} pieces  {r['by_piece'][k]:>3} SP" for k, n in r["pieces"].items()]
        return "\n".join(lines)
    scores = g.final_scores()
    cols = list(scores[0]["breakdown"])
    short = {c: c.replace("region:", "")[:5] for c in cols}
    head = f"{'rank':<5}{'dragon':<16}" + "".join(f"{short[c]:>7}" for c in cols) + f"{'total':>7}{'lvl':>5}{'life':>5}"
    lines = [head]
    for e in scores:
        lines.append(f"{e['rank']:<5}{e['name'][:15]:<16}" + "".join(f"{e['breakdown'][c]:>7}" for c in cols)
                     + f"{e['total']:>7}{e['level']:>5}{e['life']:>5}")
    winners = [e["name"] for e in scores if e["rank"] == 1]
    lines.append(("Winner: " if len(winners) == 1 else "Shared victory: ") + ", ".join(winners))
    return "\n".join(lines)


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
    """policies[seat](game, decision) -> option, as ``play`` wants."""
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


def continue_randomly(session, seed):
    """Play a loaded session to the end with random choices; the score table."""
    g = session.game
    policies = [random_policy(seed * 31 + i) for i in range(len(session.seats))]
    while not g.is_over:
        d = g.decision
        session.apply(policies[d.player](g, d))
    return score_table(g)


def replay_text(session):
    """Every action of a session with who chose it, then the result. An unfinished game that
    people play is told through the eyes its replay shows in the window (app.replay_host), so
    another seat's face-down choice is not named; a finished one (every choice shown by then),
    or one no person plays, names every action."""
    host = ReplayHost(session)
    every_eyes = host.eyes_fixed() is None
    lines = []
    while host.forward():
        step = host.record.last_step
        seat, text = (step.seat, step.text) if every_eyes else host.last_step()
        lines.append(f"{step.index + 1:>5}  {session.seats[seat].name}: {text}")
    g = host.record.final
    if g.is_over:
        lines.append(score_table(g))
    else:
        d = g.decision
        lines.append(f"(saved before the end: {g.name(d.player)} to choose: {d.prompt})")
    return "\n".join(lines)
