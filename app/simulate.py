"""Play many headless games between AI levels and print the statistics.

    python -m app.simulate --games 500 --players 2-6 --variant all --ai hard,normal,easy,random

Seats are dealt AI levels round-robin from the --ai list, rotated by one
place each game so every level sits in every seat. Player counts and variants
cycle through the requested ranges. Any exception or broken invariant counts
as an error (and is printed); a healthy run reports 0 errors.
"""
from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter, defaultdict

from game import new_game
from game.ai import LEVELS, make_ai, parse_level
from game.invariants import check
from game.variants import VARIANTS


def parse_players(text):
    """'4' -> [4]; '2-6' -> [2..6]; '2,4' -> [2, 4]."""
    out = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += list(range(int(lo), int(hi or lo) + 1))
    if not out or min(out) < 2 or max(out) > 6:
        raise argparse.ArgumentTypeError(f"players must be within 2-6, got {text!r}")
    return out


def parse_variants(text):
    out = list(VARIANTS) if text == "all" else text.split(",")
    bad = [v for v in out if v not in VARIANTS]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown variant(s) {bad} (known: all, {', '.join(VARIANTS)})")
    return out


def parse_levels(text):
    out = [x.strip() for x in text.split(",") if x.strip()]
    try:
        for level in out:
            parse_level(level)          # e.g. 'expert:0.5': the expert with its time budget
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not out:
        raise argparse.ArgumentTypeError(f"no AI level given (known: {', '.join(LEVELS)})")
    return out


def rotated_levels(levels, n, game_index):
    """The levels dealt round-robin to n seats, turned one place further each game."""
    return [levels[(seat + game_index) % len(levels)] for seat in range(n)]


def play_one(n, seed, variant, levels, checked=False):
    """Play one game; returns (game, number of decisions)."""
    g = new_game(n, seed=seed, variant=variant)
    ais = [make_ai(level, seed * 7 + seat) for seat, level in enumerate(levels)]
    decisions = 0
    while not g.is_over:
        d = g.decision
        g.apply(ais[d.player].choose(g, d.player))
        decisions += 1
        if checked:
            problems = check(g)
            if problems:
                raise AssertionError(f"invariants broken after decision {decisions}: {problems}")
    return g, decisions


class Stats:
    def __init__(self):
        self.games = self.errors = self.decisions = 0
        self.seconds = 0.0
        self.played = Counter()          # level -> seats played (competitive games)
        self.wins = defaultdict(float)   # level -> wins (a shared win counts 1/k)
        self.seat_played = Counter()
        self.seat_wins = defaultdict(float)
        self.winning_scores = []
        self.desolation = Counter()      # Level of Destruction -> games
        self.survival = []
        self.failures = []

    def add(self, result):
        """Count one game's summary (see ``summarize``)."""
        levels = result["levels"]
        self.games += 1
        self.decisions += result["decisions"]
        if "survival_points" in result:
            self.desolation[result["destruction"]] += 1
            self.survival.append(result["survival_points"])
            return
        winners = result["winners"]
        self.winning_scores.append(result["winning_score"])
        for seat, level in enumerate(levels):
            self.played[level] += 1
            self.seat_played[seat] += 1
        for seat in winners:
            self.wins[levels[seat]] += 1 / len(winners)
            self.seat_wins[seat] += 1 / len(winners)


def summarize(g, levels, decisions):
    """The little a report needs from a finished game (plain data: it crosses processes)."""
    out = {"levels": levels, "decisions": decisions}
    if g.cooperative:
        r = g.desolation()
        out.update(survival_points=r["survival_points"], destruction=r["level"])
    else:
        scores = g.final_scores()
        out["winners"] = [e["seat"] for e in scores if e["rank"] == 1]
        out["winning_score"] = scores[0]["total"]
    return out


def one_game(job):
    """Play game ``i`` of a run; returns a summary or the error text."""
    i, n, seed, variant, levels, checked = job
    try:
        g, decisions = play_one(n, seed, variant, levels, checked)
        return summarize(g, levels, decisions)
    except Exception:   # an error is a finding: record it and go on
        return {"error": f"game {i}: {n} players, seed {seed}, {variant}, {levels}\n" + traceback.format_exc()}


def run(games, players, variants, levels, seed=1, checked=False, out=None, jobs=1):
    jobs_list = []
    for i in range(games):
        n = players[i % len(players)]
        variant = variants[(i // len(players)) % len(variants)]
        jobs_list.append((i, n, seed + i, variant, rotated_levels(levels, n, i), checked))
    stats = Stats()
    start = time.perf_counter()
    if jobs > 1:
        import multiprocessing
        # (spawned, not forked: a fork copies whatever locks the caller's other threads hold -
        # a window's, a test's server - and a worker that inherits a held one never starts)
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.imap(one_game, jobs_list)
            _collect(stats, results, out)
    else:
        _collect(stats, map(one_game, jobs_list), out)
    stats.seconds = time.perf_counter() - start
    return stats


def _collect(stats, results, out):
    for k, result in enumerate(results, 1):
        if "error" in result:
            stats.errors += 1
            stats.failures.append(result["error"])
        else:
            stats.add(result)
        if out is not None and k % 50 == 0:
            print(f"  ... {k} games", file=out, flush=True)


def report(stats):
    lines = [f"games played: {stats.games + stats.errors}",
             f"games per second: {(stats.games + stats.errors) / max(stats.seconds, 1e-9):.2f}",
             f"errors: {stats.errors}",
             f"average decisions per game: {stats.decisions / max(stats.games, 1):.1f}"]
    if stats.played:
        contests = len(stats.winning_scores)
        lines.append("win rate by AI level (shared wins split; per seat played, and share of games won):")
        for level in dict.fromkeys(list(LEVELS) + list(stats.played)):
            if stats.played[level]:
                lines.append(f"  {level:<7} {stats.wins[level] / stats.played[level]:6.1%} per seat"
                             f"  ({stats.wins[level]:.1f} wins in {stats.played[level]} seats),"
                             f" {stats.wins[level] / contests:6.1%} of {contests} games")
        lines.append("win rate by seat:")
        for seat in sorted(stats.seat_played):
            lines.append(f"  seat {seat}  {stats.seat_wins[seat] / stats.seat_played[seat]:6.1%}"
                         f"  ({stats.seat_wins[seat]:.1f} of {stats.seat_played[seat]})")
        lines.append(f"average winning score: {sum(stats.winning_scores) / len(stats.winning_scores):.1f} VP")
    if stats.survival:
        lines.append(f"Desolation games: {len(stats.survival)}, average Survival Points "
                     f"{sum(stats.survival) / len(stats.survival):.1f}")
        lines.append("Levels of Destruction:")
        for name, n in stats.desolation.most_common():
            lines.append(f"  {name:<30} {n}")
    for f in stats.failures[:5]:
        lines.append("ERROR " + f)
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m app.simulate", description="Headless AI games and statistics.")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=parse_players, default=[4], help="e.g. 4, 2-6 or 2,4")
    ap.add_argument("--variant", type=parse_variants, default=["standard"], help="a variant, a comma list, or all")
    ap.add_argument("--ai", type=parse_levels, default=["random"], help="comma list of levels, dealt to seats")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game (then +1 per game)")
    ap.add_argument("--check", action="store_true", help="check the invariants after every decision (slower)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (games are independent)")
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    stats = run(args.games, args.players, args.variant, args.ai, args.seed, args.check, out=sys.stderr,
                jobs=args.jobs)
    print(report(stats))
    return 1 if stats.errors else 0


if __name__ == "__main__":
    sys.exit(main())
