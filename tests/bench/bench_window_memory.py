"""Benchmark: the window's memory over several whole games in one process,
as a player has it (autosave and animations on, the AI dragons thinking in
their threads): one human seat choosing at random, five AI dragons.

    python tests/bench/bench_window_memory.py [--games 3] [--players 6] [--level easy]

Prints the process's resident memory (RSS) after each game, the threads left
running, and the last game's memory against the first's. Goal (issue "One
seat's window onto the game", item 7): after three 6-player games within
20 % of after the first. Measured (`nice -n 10`, load 2.7-3.2): 138.1 / 138.2 /
138.3 MB, 1.001; before the card faces and the tables left behind were freed,
138.0 / 155.1 / 170.7 MB, 1.237 (docs/performance.md, "Memory over several games").
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from app.session import Seat, Session  # noqa: E402
from sprites.app import App, open_window  # noqa: E402

NAMES = ["Ash", "Bryn", "Cora", "Dain", "Elin", "Finn"]
DRAGONS = ["Black", "Blue", "Green", "Orange", "Red", "White"]


def rss_mb():
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def play_one(app, seed, players, level):
    seats = [Seat(NAMES[0], DRAGONS[0])] + [Seat(NAMES[i], DRAGONS[i], level) for i in range(1, players)]
    session = Session.new(seats, seed=seed)
    table = app.start_game(session)
    rng = random.Random(seed)
    deadline = time.monotonic() + 900
    while not session.game.is_over and time.monotonic() < deadline:
        for event in pygame.event.get():
            app.handle(event)
        app.tick()
        app.render()
        d = session.game.decision
        scene = app.scene
        if d is not None and scene is table and table.my_decision() and not table.motion.busy():
            table.apply(rng.randrange(len(d.options)))
        elif scene is not table and scene is not None and d is not None:
            app.pop()                    # (a hand-off or another screen over the table: back to it)
        time.sleep(0.001)
    return session.game.is_over


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--level", default="easy", help="the AI dragons' level (easy keeps a game to a minute)")
    args = ap.parse_args()
    save_dir = tempfile.mkdtemp(prefix="wod-mem-")
    app = App(open_window((1600, 900)), animate=True, threaded_ai=True, ai_delay_ms=0, autosave=True,
              save_dir=save_dir)
    print(f"{args.players} players (1 human choosing at random, {args.players - 1} {args.level} AI), "
          f"autosave on, animations on, AI threads on; start RSS {rss_mb():.1f} MB; load {os.getloadavg()[0]:.2f}")
    after = []
    for k in range(args.games):
        t = time.monotonic()
        finished = play_one(app, 100 + k, args.players, args.level)
        gc.collect()
        after.append(rss_mb())
        threads = sorted(th.name for th in threading.enumerate())
        print(f"game {k + 1}: {'finished' if finished else 'NOT finished'} in {time.monotonic() - t:.0f} s, "
              f"RSS {after[-1]:.1f} MB, threads {threads}")
    print(f"RSS after game {args.games} / after game 1: {after[-1] / after[0]:.3f} "
          f"(+{after[-1] - after[0]:.1f} MB); load {os.getloadavg()[0]:.2f}")
    app.close()


if __name__ == "__main__":
    main()
