"""Play a whole game without a window and print the score table."""
from __future__ import annotations

import random


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
