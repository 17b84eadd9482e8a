"""Soak test: many random games of every size and variant, with random undo
and save/load round trips, checking the invariants after every action.

    python tests/bench/soak.py --games 10000 [--seed 0] [--undo 0.03] [--saves 2]

Game i has 2 + i % 5 players and variant VARIANTS[(i // 5) % 4], so every
20 games cover every size and variant. All seats are human (so that undo is
allowed) and choose uniformly at random. After each action:
game.invariants.check; with probability --undo, as many undos as allowed
(1-3), each checked against the state saved before that action; about
--saves times a game, a save to disk, read_header and load_session, checked
against the running game, and the game continues from the loaded copy.
Prints games, decisions, undos, round trips, crashes (any exception) and
invariant violations, with the first few failures in full.
"""
from __future__ import annotations

import argparse
import os
import pickle
import random
import tempfile
import time
import traceback

import common  # noqa: F401  (puts the project on sys.path)
from game import VARIANTS, default_data, invariants
from app.save_format import load_session, read_header, save_session
from app.session import Session


class Tally:
    def __init__(self):
        self.games = self.decisions = self.undos = self.round_trips = 0
        self.crashes = self.violations = 0
        self.failures = []

    def fail(self, kind, game, text):
        if kind == "crash":
            self.crashes += 1
        else:
            self.violations += 1
        if len(self.failures) < 5:
            self.failures.append(f"[{kind}] game {game}: {text}")


def new_session(n, seed, variant):
    dragons = [d.name for d in default_data().dragons][:n]
    return Session.new([{"name": f"{d} Dragon", "dragon": d, "kind": "human"} for d in dragons], seed, variant)


def play(i, seed, args, folder, tally):
    """One game; returns normally even when something breaks (it is tallied)."""
    n, variant = 2 + i % 5, VARIANTS[(i // 5) % 4]
    rng = random.Random(seed)
    session = new_session(n, seed, variant)
    before = []                         # states before the last actions (for checking undo)
    save_chance = args.saves / 250      # a game has ~250 decisions
    while not session.game.is_over:
        g = session.game
        before.append(snapshot(g))
        del before[:-8]
        session.apply(rng.choice(g.decision.options))
        tally.decisions += 1
        problems = invariants.check(session.game)
        if problems:
            tally.fail("invariant", i, f"after action {len(session.actions)}: {problems[0]}")
            return
        if rng.random() < args.undo:
            for _ in range(rng.randint(1, 3)):
                if not session.can_undo() or not before:
                    break
                session.undo()
                tally.undos += 1
                if session.game.to_dict() != pickle.loads(before.pop()).to_dict():
                    tally.fail("invariant", i, f"undo to action {len(session.actions)} gave another state")
                    return
        if rng.random() < save_chance:
            session = round_trip(session, folder, i, tally)
            if session is None:
                return
    scores = session.game.desolation() if session.game.cooperative else session.game.final_scores()
    if not scores:
        tally.fail("invariant", i, "no final result")


def snapshot(g):
    """The state as it is now (a pickle: ten times cheaper than to_dict, which
    is only built when an undo is checked)."""
    g.state.rng = g.rng.state
    return pickle.dumps(g.state, protocol=pickle.HIGHEST_PROTOCOL)


def round_trip(session, folder, i, tally):
    path = os.path.join(folder, f"soak{i % 3}.yaml")
    save_session(session, path)
    head = read_header(path)
    loaded = load_session(path)
    tally.round_trips += 1
    if loaded.actions != session.actions or loaded.game.to_dict() != session.game.to_dict() \
            or head["summary"]["actions"] != len(session.actions):
        tally.fail("invariant", i, f"save/load at action {len(session.actions)} changed the game")
        return None
    return loaded                     # as after loading in the window: undo starts afresh


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0, help="game i uses seed SEED + i")
    ap.add_argument("--undo", type=float, default=0.03, help="chance of undoing after an action")
    ap.add_argument("--saves", type=float, default=2, help="save/load round trips per game, on average")
    ap.add_argument("--report-every", type=int, default=500, help="print progress every N games")
    args = ap.parse_args()
    tally = Tally()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for i in range(args.games):
            try:
                play(i, args.seed + i, args, folder, tally)
            except Exception:                  # a crash: counted and shown, the soak goes on
                tally.fail("crash", i, traceback.format_exc(limit=-4).strip())
            tally.games += 1
            if args.report_every and tally.games % args.report_every == 0:
                print(f"... {tally.games} games, {time.perf_counter() - start:.0f} s", flush=True)
    elapsed = time.perf_counter() - start
    print(f"games {tally.games}, decisions {tally.decisions}, undos {tally.undos}, "
          f"save/load round trips {tally.round_trips}, crashes {tally.crashes}, "
          f"invariant violations {tally.violations} ({elapsed:.0f} s, {tally.games / elapsed:.1f} games/s)")
    for failure in tally.failures:
        print(failure)
    return 1 if tally.crashes or tally.violations else 0


if __name__ == "__main__":
    raise SystemExit(main())
