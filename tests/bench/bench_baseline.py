"""The expert against an independent search baseline, two-player games at equal CPU time.

    python tests/bench/bench_baseline.py [--games 30] [--jobs 2] [--budget 1.0] [--first 0]

The baseline shares no code with ``game/ai``: it is flat Monte Carlo over the
options of each decision (UCB1 at the root), every sample a determinisation
(the cards it cannot see redrawn from ``game.view.unseen_cards``, the hidden
lair estimated from the public events by ``game.public_lairs``) played to the
end of the game by uniformly random choices and valued by the final VP margin.
It thinks ``--budget`` seconds of its own CPU time (``thread_time``) at every
decision with more than one option; the expert gets the same budget, counted
on the same clock (it stops at its deadline, and thinks less where it has
nothing to compare; both totals are printed). Game N has board seed 3000 + N;
the expert sits first in even games, second in odd ones. Reports the
expert's share of games (more VP; a tie counts half) with a 95% Wilson
interval.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import time
from multiprocessing import Pool

from common import fmt_ci
from game import new_game
from game.ai import make_ai
from game.public_lairs import estimated_lairs
from game.view import sees, unseen_cards


class SearchBaseline:
    level = "baseline"

    def __init__(self, seed, cpu_seconds):
        self.rng = random.Random(seed)
        self.cpu = cpu_seconds

    def choose(self, g, seat):
        options = g.decision.options
        if len(options) == 1:
            return options[0]
        visits, total = [0] * len(options), [0.0] * len(options)
        start = time.thread_time()
        while time.thread_time() - start < self.cpu:
            n = sum(visits)
            i = max(range(len(options)), key=lambda k: math.inf if not visits[k] else
                    total[k] / visits[k] + 8.0 * math.sqrt(math.log(n) / visits[k]))
            world = self.redraw(g, seat)
            world.apply(options[i])
            while not world.is_over:
                world.apply(self.rng.choice(world.decision.options))
            scores = {e["seat"]: e["total"] for e in world.final_scores()}
            visits[i] += 1
            total[i] += scores[seat] - max(v for s, v in scores.items() if s != seat)
        return options[max(range(len(options)), key=lambda k: visits[k])]

    def redraw(self, g, seat):
        """A copy in the same public position, what this seat cannot see drawn anew."""
        pool = unseen_cards(g, seat)
        self.rng.shuffle(pool)
        c = g.copy(rng_state=self.rng.getrandbits(64))
        s = c.state
        for p in s.players:
            if not sees(g, seat, "hand", p.seat):
                p.hand = [x if c.cards[x].is_hex else pool.pop() for x in p.hand]
                p.face_down = [pool.pop() for _ in p.face_down]
        if not sees(g, seat, "draft"):
            s.draft = [pool.pop() for _ in s.draft]
        s.deck = pool
        for other, lair in estimated_lairs(g, seat).items():
            s.players[other].lair = lair
        return c


def one_game(job):
    gi, budget = job
    expert_seat = gi % 2
    g = new_game(2, seed=3000 + gi)
    players = [None, None]
    players[expert_seat] = make_ai("expert", gi * 7 + 1, budget=budget, clock=time.thread_time)
    players[1 - expert_seat] = SearchBaseline(gi * 7 + 2, budget)
    cpu = [0.0, 0.0]
    while not g.is_over:
        d = g.decision
        c = time.thread_time()
        a = players[d.player].choose(g, d.player)
        cpu[d.player] += time.thread_time() - c
        g.apply(a)
    totals = {e["seat"]: e["total"] for e in g.final_scores()}
    me, them = totals[expert_seat], totals[1 - expert_seat]
    return {"game": gi, "expert": me, "baseline": them, "result": 1.0 if me > them else 0.5 if me == them else 0.0,
            "cpu_expert": cpu[expert_seat], "cpu_baseline": cpu[1 - expert_seat]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--budget", type=float, default=1.0, help="seconds per decision for both")
    args = ap.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    start = time.perf_counter()
    jobs = [(gi, args.budget) for gi in range(args.first, args.first + args.games)]
    with Pool(args.jobs) as pool:
        results = pool.map(one_game, jobs)
    for r in results:
        print(f"  game {r['game']:3d}: expert {r['expert']:3d} VP, baseline {r['baseline']:3d} VP; "
              f"CPU {r['cpu_expert']:6.1f} s vs {r['cpu_baseline']:6.1f} s")
    won = sum(r["result"] for r in results)
    print(f"expert vs the search baseline, {args.budget:g} s CPU per decision each, {len(results)} "
          f"two-player games in {time.perf_counter() - start:.0f} s: the expert won {fmt_ci(won, len(results))}")
    print(f"CPU per game: expert {sum(r['cpu_expert'] for r in results) / len(results):.1f} s, "
          f"baseline {sum(r['cpu_baseline'] for r in results) / len(results):.1f} s")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
