"""Command-line use of saves without a window: continue a loaded game with
random choices, or print a replay step by step."""
from __future__ import annotations

from .headless import random_policy, score_table
from .replay import Replay


def continue_randomly(session, seed):
    """Play a loaded session to the end with random choices; the score table."""
    g = session.game
    policies = [random_policy(seed * 31 + i) for i in range(len(session.seats))]
    while not g.is_over:
        d = g.decision
        session.apply(policies[d.player](g, d))
    return score_table(g)


def replay_text(session):
    """Every action of a session with who chose it, then the result."""
    r = Replay(session)
    lines = []
    for step in r.steps:
        lines.append(f"{step.index + 1:>5}  {session.seats[step.seat].name}: {step.text}")
    g = r.final
    if g.is_over:
        lines.append(score_table(g))
    else:
        d = g.decision
        lines.append(f"(saved before the end: {g.name(d.player)} to choose: {d.prompt})")
    return "\n".join(lines)
