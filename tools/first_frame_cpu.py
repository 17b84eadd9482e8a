"""CPU time from starting the game to its first frame (the title screen drawn
and flipped), against a pygame hello-world's, in turn: a figure that other
work on the machine moves much less than the wall time of first_frame.py.

    python tools/first_frame_cpu.py --runs 15
    python tools/first_frame_cpu.py --runs 15 --also ../wt-main     # and another checkout, in turn (before/after)

Each run starts a fresh Python as a player starts the game (its compiled
modules kept, an empty save folder) with SDL's dummy video and audio
drivers, its pygame.display.flip wrapped to print the process's CPU time
(user + system, Python's own start included) at the first flip and end
there. The hello-world imports pygame, opens a 1600 x 900 window, fills it
and flips. Prints each one's median and the ratio to the hello-world's,
pair by pair.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHILD = """
import os, sys, time
import pygame

def first_flip(*args):
    print(time.process_time())
    sys.stdout.flush()
    os._exit(0)

if sys.argv[1] == "hello":
    pygame.display.flip = first_flip
    pygame.display.init()
    pygame.display.set_mode((1600, 900), pygame.RESIZABLE).fill((40, 28, 20))
    pygame.display.flip()
else:
    real = pygame.display.flip
    pygame.display.flip = lambda: (real(), first_flip())
    sys.path.insert(0, sys.argv[1])
    from wrath_of_dragons import main
    main(["--save-dir", sys.argv[2]])
"""
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


def cpu_to_first_frame(target):
    """CPU seconds of a fresh process until its first flip (target: a checkout's folder, or "hello")."""
    with tempfile.TemporaryDirectory() as saves:
        r = subprocess.run([sys.executable, "-c", CHILD, target, saves], cwd=target if target != "hello" else ROOT,
                           env=ENV, capture_output=True, text=True, timeout=120)
    if not r.stdout.strip():
        raise SystemExit(f"{target}: no first frame (exit code {r.returncode}): {r.stderr[-1000:]}")
    return float(r.stdout.split()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--also", metavar="FOLDER", action="append", default=[],
                    help="another checkout of the game, timed in turn too")
    args = ap.parse_args()
    targets = {"this checkout": ROOT, **{folder: os.path.abspath(folder) for folder in args.also},
               "hello-world": "hello"}
    for target in targets.values():
        cpu_to_first_frame(target)                       # warm-up: compiled modules, the disk cache, the start cache
    times = {name: [] for name in targets}
    for _ in range(args.runs):
        for name, target in targets.items():              # in turn, so that a busier moment hits each
            times[name].append(cpu_to_first_frame(target))
        print("  " + "  ".join(f"{t[-1] * 1000:.0f} ms" for t in times.values()))
    hello = times["hello-world"]
    for name, t in times.items():
        line = f"{name}: CPU to the first frame, median {statistics.median(t) * 1000:.0f} ms " \
               f"(min {min(t) * 1000:.0f}, max {max(t) * 1000:.0f}, {len(t)} runs)"
        if t is not hello:
            ratios = [a / b for a, b in zip(t, hello)]
            line += f"; / hello-world, pair by pair: median {statistics.median(ratios):.2f} " \
                    f"(min {min(ratios):.2f}, max {max(ratios):.2f})"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
