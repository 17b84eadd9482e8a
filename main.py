"""Wrath of Dragons - start the game (window) or play headless.

    python main.py                                   # the window
    python main.py --headless --players 4 --seed 1   # random players, print the scores
    python main.py --help                            # every flag, one line each

wrath_of_dragons.main sends each command to its layer: serve, backup and
restore to the server, the rest to the game's command line (app.cli, with the
window from sprites.cli).
"""
import sys

from wrath_of_dragons import main

if __name__ == "__main__":
    sys.exit(main())
