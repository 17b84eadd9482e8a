"""Wrath of Dragons - start the game (window) or play headless.

    python main.py                                   # the window
    python main.py --headless --players 4 --seed 1   # random players, print the scores
    python main.py --help                            # every flag, one line each

The command line itself is game.app.cli; sprites.cli gives it the window.
"""
import sys

from sprites.cli import main

if __name__ == "__main__":
    sys.exit(main())
