"""Loading: a finished 6-player save, the start of the program up to its
first frame, and the refusal of hostile files just under the size cap.

    python tests/bench/bench_load.py [--runs 7] [--no-hostile]

Prints medians (and min-max) of wall time. Each start-up and each hostile
file is timed in a fresh child process, as a player would start the game
(SDL dummy video driver; the figure includes starting Python). Works on
older versions of the game too (they lack game.safe_yaml), so figures can be
compared before and after a change.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

import common

SIX_PLAYER_SEED = 1


def finished_six_player_save(folder):
    """A 6-player game played to its end (random choices), saved."""
    from game.data import default_data
    from app.save_format import save_session
    from app.session import Session
    dragons = [d.name for d in default_data().dragons]
    session = Session.new([{"name": f"{d} Dragon", "dragon": d, "kind": "human"} for d in dragons],
                          SIX_PLAYER_SEED)
    rng = random.Random(SIX_PLAYER_SEED)
    while not session.game.is_over:
        session.apply(rng.choice(session.game.decision.options))
    path = os.path.join(folder, "finished6.yaml")
    save_session(session, path)
    return path, len(session.actions)


def loaders():
    """(name, set-up function) for each YAML loader this version has."""
    try:
        from game import safe_yaml
    except ImportError:
        return [("yaml.safe_load (SafeLoader)", lambda: None)]

    def use(cls):
        return lambda: setattr(safe_yaml, "Loader", cls)
    return [(f"{cls.__name__}", use(cls)) for cls in (safe_yaml.CLoader, safe_yaml.PyLoader) if cls]


def timed(work, runs):
    """Seconds taken by each of ``runs`` calls, after one call to warm up
    (data files loaded, code imported, as in a running game)."""
    work()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return times


def time_load(path, runs):
    from app.save_format import load_session
    return timed(lambda: load_session(path), runs)


def time_parse(path, runs):
    try:
        from game import safe_yaml
        parse = safe_yaml.load
    except ImportError:
        import yaml
        parse = yaml.safe_load
    text = open(path, encoding="utf-8").read()
    return timed(lambda: parse(text), runs)


FIRST_FRAME = """
import os, sys, time
t0 = float(os.environ["BENCH_T0"])
import pygame
def first_flip(*args):
    print(time.time() - t0)
    sys.stdout.flush()
    os._exit(0)
pygame.display.flip = first_flip
sys.argv = ["main.py"] + sys.argv[1:]
sys.path.insert(0, os.getcwd())
import main
main.main(sys.argv[1:])
"""


def time_first_frame(argv, runs, save_dir):
    times = []
    for _ in range(runs):
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BENCH_T0=repr(time.time()))
        r = subprocess.run([sys.executable, "-c", FIRST_FRAME, "--save-dir", save_dir, *argv], cwd=common.ROOT,
                           env=env, capture_output=True, text=True, timeout=120)
        if r.returncode != 0 or not r.stdout.strip():
            raise SystemExit(f"start-up failed: {r.stderr[-1000:]}")
        times.append(float(r.stdout.split()[-1]))
    return times


HOSTILE = {
    "flow list [1,1,...]": ("format: 1\nactions: [", "1,", "1]\n"),
    "block list - 1": ("format: 1\nactions:\n", "- 1\n", ""),
    "mappings {kind: a}": ("format: 1\nactions: [", "{kind: a},", "]\n"),
    "short strings": ("format: 1\nactions: [", "'ab',", "]\n"),
    "one long line": ("format: 1\nname: ", "x", "\n"),
}
PROBE = """
import resource, sys, time
from app.save_format import SaveError, load_session
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
try:
    load_session(sys.argv[1])
    outcome = "loaded"
except SaveError:
    outcome = "refused"
print(outcome, time.perf_counter() - start, (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) / 1024)
"""


def hostile(folder):
    from app.save_format import MAX_BYTES
    for name, (head, unit, tail) in HOSTILE.items():
        path = os.path.join(folder, "hostile.yaml")
        with open(path, "w") as fh:
            fh.write(head + unit * ((MAX_BYTES - 1024 - len(head) - len(tail)) // len(unit)) + tail)
        r = subprocess.run([sys.executable, "-c", PROBE, path], cwd=common.ROOT, capture_output=True, text=True,
                           timeout=600)
        outcome, seconds, mb = r.stdout.split() if r.returncode == 0 else ("crashed", "nan", "nan")
        print(f"  {name:<22} {os.path.getsize(path) / 1e6:.1f} MB file: {outcome} in {float(seconds):.2f} s, "
              f"+{float(mb):.0f} MB")


def show(label, times):
    ms = [t * 1000 for t in times]
    print(f"  {label:<44} median {statistics.median(ms):7.1f} ms  (min {min(ms):.1f}, max {max(ms):.1f})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--no-hostile", action="store_true", help="skip the files just under the size cap")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path, actions = finished_six_player_save(folder)
        print(f"finished 6-player save: {os.path.getsize(path) / 1024:.0f} KB, {actions} actions")
        for name, use in loaders():
            use()
            show(f"load_session with {name}", time_load(path, args.runs))
            show("  of which parsing the YAML", time_parse(path, args.runs))
        empty = os.path.join(folder, "saves")
        os.mkdir(empty)
        print("start to first frame (new process, default loader):")
        show("title screen (python main.py)", time_first_frame([], args.runs, empty))
        show("finished 6-player save (--load)", time_first_frame(["--load", path], args.runs, empty))
        if not args.no_hostile:
            print("hostile files just under the size cap (default loader, new process; time, peak memory added):")
            hostile(folder)


if __name__ == "__main__":
    main()
