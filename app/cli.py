"""The command line: ``main(argv)`` starts the window or plays headless.

    python main.py                                   # the window
    python main.py --headless --players 4 --seed 1   # random players, print the scores
    python main.py --help                            # every flag, one line each

The window, --screenshot and --headless check the command line the same way
(check_args): a wrong value or a flag that means nothing in that mode is one
line on stderr and exit code 2. This module never imports the view (sprites,
pygame): ``sprites.cli.main`` passes the window in, and is what main.py, the
installed command ``wrath-of-dragons`` (pyproject.toml) and the standalone
bundle (tools/build.py) call.
"""
from __future__ import annotations

import argparse
import os
import sys

from game.plaintext import escape
from game.variants import VARIANTS
from app.version import VERSION

# What an unset flag means. The window leaves --players and --variant unset (None): the title screen
# then shows the remembered seat setup, and only a flag that was given overrides it.
DEFAULTS = {"headless": False, "json": False, "players": 4, "variant": "standard", "steps": 40, "screen": "table",
            "size": "1600x900"}
REMEMBERED = ("players", "variant", "size")     # (the window's size: the last one, unless given)
# Each mode (chosen by --headless, --screenshot, --load and --replay) and the flags it uses;
# any other flag given is refused.
USES = {
    "window": ("players", "seed", "variant", "ai", "save_dir", "size"),
    "window --load": ("save_dir", "size"),
    "window --replay": ("save_dir", "size"),   # its Menu leads to the title and new, autosaved games
    "--screenshot": ("players", "seed", "variant", "steps", "screen", "size"),
    "--headless": ("players", "seed", "variant", "ai", "json"),
    "--headless --load": ("seed",),
    "--headless --replay": (),
}
CHOICES = ("players", "seed", "variant", "ai", "save_dir", "json", "steps", "screen", "size")
SCREENS = ("title", "table", "scores", "handoff", "help", "tutorial", "settings", "standings")   # --screenshot draws
MAX_STEPS = 100_000


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        """One line (argparse would print its whole usage first), exit code 2."""
        message = message.removeprefix("argument ")
        self.exit(2, f"error: {escape(message)} ({self.prog} --help lists the options)\n")


def command_name():
    """How the player started the game, for --help and error messages."""
    name = os.path.basename(sys.argv[0] if sys.argv and sys.argv[0] else "")
    return name if name.startswith("wrath-of-dragons") else "python main.py"


def build_parser():
    ap = _Parser(prog=command_name(), description="Wrath of Dragons: the board game, in a window or headless. "
                 f"Online play's server: {command_name()} serve (and backup, restore); "
                 f"{command_name()} serve --help for its flags.")
    ap.add_argument("--version", action="version", version=f"Wrath of Dragons {VERSION}",
                    help="print the version and exit")
    ap.add_argument("--where", action="store_true", default=None,
                    help="print the save folder and exit")
    ap.add_argument("--install-desktop", action="store_true", default=None,
                    help="add the game to the desktop's menu (Linux) and exit")
    ap.add_argument("--headless", action="store_true", default=None,
                    help="play without a window and print the scores")
    ap.add_argument("--players", type=int, metavar="N", help="2 to 6 players (default: the last setup, or 4)")
    ap.add_argument("--seed", type=seed_value, metavar="N", help="seed for the shuffles (default: random)")
    ap.add_argument("--variant", metavar="V", help="|".join(VARIANTS))
    ap.add_argument("--ai", metavar="LIST", help="AI level per seat, e.g. hard,normal,easy (or human)")
    ap.add_argument("--json", action="store_true", default=None, help="with --headless: print the result as JSON")
    ap.add_argument("--load", metavar="FILE", help="continue a saved game (--headless: play it out)")
    ap.add_argument("--replay", metavar="FILE", help="step through a saved game (--headless: print it)")
    ap.add_argument("--save-dir", metavar="DIR", help="folder for saves (default: the user's data folder)")
    # The window's options (unset ones stay None: check_args checks them).
    ap.add_argument("--screenshot", metavar="OUT.png", help="render one screen to a PNG file and exit")
    ap.add_argument("--steps", type=int, metavar="N", help="with --screenshot: random steps first (default 40)")
    ap.add_argument("--screen", choices=SCREENS, metavar="NAME",
                    help="with --screenshot: " + "|".join(SCREENS[:5]) + "|...")
    ap.add_argument("--size", metavar="WxH", help="window size, e.g. 1280x720 (default: the last one)")
    return ap


def seed_value(text):
    from game.rng import MAX_SEED
    if not (text.isdigit() and len(text) <= 19 and int(text) < MAX_SEED):
        raise argparse.ArgumentTypeError(f"must be a whole number from 0 to {MAX_SEED - 1}")
    return int(text)


def parse_args(argv):
    return build_parser().parse_args(argv)


def mode(args):
    base = "--headless" if args.headless else "--screenshot" if args.screenshot is not None else "window"
    loaded = "--load" if args.load is not None else "--replay" if args.replay is not None else ""
    return f"{base} {loaded}".strip()


def check_args(args, data):
    """None if the flags make sense together and have usable values, else
    the problem in one line (without the 'error: ' prefix)."""
    return combination_problem(args) or value_problem(args, data)


def combination_problem(args):
    for alone, allowed in (("where", ("save_dir",)), ("install_desktop", ())):    # they print and exit
        if getattr(args, alone):
            given = [name for name, value in vars(args).items() if value is not None and name not in (alone, *allowed)]
            return f"--{given[0].replace('_', '-')} cannot be used with --{alone.replace('_', '-')}" if given else None
    if args.headless and args.screenshot is not None:
        return "--screenshot cannot be used with --headless"
    if args.load is not None and args.replay is not None:
        return "--replay cannot be used with --load"
    if args.screenshot is not None and (args.load is not None or args.replay is not None):
        return f"--{'load' if args.load is not None else 'replay'} cannot be used with --screenshot"
    if args.json and not args.headless:
        return "--json only works with --headless"
    for name in ("steps", "screen"):
        if getattr(args, name) is not None and args.screenshot is None:
            return f"--{name} only works with --screenshot"
    current = mode(args)
    for name in CHOICES:
        if getattr(args, name) is not None and name not in USES[current]:
            return f"--{name.replace('_', '-')} cannot be used with {current.split()[-1]}"
    return None


def value_problem(args, data):
    """(--size is checked by the window: sprites.cli.open_window.)"""
    for name in ("load", "replay", "save_dir", "screenshot"):
        value = getattr(args, name)
        if value is not None and not value.strip():
            return f"--{name.replace('_', '-')}: needs a {'folder' if name == 'save_dir' else 'file'} name"
    lo, hi = data.setup["players"]["min"], data.setup["players"]["max"]
    if args.players is not None and not lo <= args.players <= hi:
        return f"--players: the game is played by {lo} to {hi} players, not {args.players}"
    if args.variant is not None and args.variant not in VARIANTS:
        return f"--variant: unknown variant {args.variant!r} (known: {', '.join(VARIANTS)})"
    if args.ai is not None:
        problem = ai_problem(args.ai, args.players or DEFAULTS["players"], human=not args.headless)
        if problem:
            return f"--ai: {problem}"
    if args.save_dir is not None:
        blocker = file_in_the_way(args.save_dir)
        if blocker is not None:
            return f"--save-dir: {blocker} is a file, not a folder"
    if args.screenshot is not None:
        folder = os.path.dirname(os.path.abspath(args.screenshot))
        if not os.path.isdir(folder):
            return f"--screenshot: the folder {folder} does not exist"
        if os.path.isdir(args.screenshot) or not os.access(folder, os.W_OK):
            return f"--screenshot: cannot write {args.screenshot}"
    if args.steps is not None and not 0 <= args.steps <= MAX_STEPS:
        return f"--steps: must be between 0 and {MAX_STEPS}, not {args.steps}"
    return None


def file_in_the_way(folder):
    """The file (not a folder) where ``folder`` or one of its parents should be,
    so that it can never be made (--save-dir FILE/sub), or None."""
    path = os.path.abspath(folder)
    while not os.path.exists(path):
        parent = os.path.dirname(path)
        if parent == path:
            return None
        path = parent
    if os.path.isdir(path):
        return None
    return folder if path == os.path.abspath(folder) else path


def ai_problem(text, players, human):
    """--ai: one level per seat (a single level fills every seat headless;
    the window's title screen takes levels for its first seats). Headless,
    the expert may have a time budget per decision: expert:0.5."""
    from game.ai import LEVELS, parse_level
    known = (("human",) if human else ()) + tuple(LEVELS)
    levels = [x.strip() for x in text.split(",")]
    for level in levels:
        name, colon, _ = level.partition(":")
        if name not in known:
            return f"unknown level {name!r} (known: {', '.join(known)})"
        if colon and human:
            return f"a time budget ({level!r}) only works with --headless"
        if colon:
            try:
                parse_level(level)
            except ValueError as exc:
                return str(exc)
    if len(levels) > players or (not human and len(levels) not in (1, players)):
        return f"{len(levels)} levels for {players} players"
    return None


def error(message):
    print(f"error: {escape(message)}", file=sys.stderr)
    return 2


def main(argv=None, open_window=None):
    """The command line; ``open_window(args)`` opens the window or renders a screenshot
    (``sprites.cli`` gives it: this package never imports the view)."""
    terminal_safe_output()
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        args = parse_args(argv)
    except SystemExit as exc:            # --help, or a flag argparse cannot read (message printed)
        return exc.code
    from game.data import DataError, default_data
    try:
        data = default_data()
    except DataError as exc:
        print("Wrath of Dragons cannot start: the data files have problems:", file=sys.stderr)
        for problem in exc.problems:
            print("  " + problem, file=sys.stderr)
        return 2
    problem = check_args(args, data)
    if problem:
        return error(problem)
    if args.where:
        from app.save_folder import default_save_dir
        print(os.path.abspath(args.save_dir or default_save_dir()))
        return 0
    if args.install_desktop:
        return install_desktop()
    window = mode(args) == "window"
    for name, value in DEFAULTS.items():
        if getattr(args, name) is None and not (window and name in REMEMBERED):
            setattr(args, name, value)
    args.session = None
    if args.load or args.replay:
        from app.save_format import SaveError, load_session
        try:
            args.session = load_session(args.load or args.replay)
        except SaveError as exc:
            return error(f"cannot load {exc}")
    if args.headless:
        return run_saved_headless(args) if args.session else run_headless(args)
    if open_window is None:
        return error("this command has no window: run python main.py (or wrath-of-dragons)")
    return open_window(args)


def terminal_safe_output():
    """Whatever the terminal's encoding (ASCII under LC_ALL=C, latin-1, a
    PYTHONIOENCODING), a name or path it cannot show is printed as an escape
    (\\xe9, \\u2764) instead of ending in a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)      # (None without a console, e.g. pythonw)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):      # a stream replaced by one that cannot change
                pass


def install_desktop():
    from app import desktop
    if not sys.platform.startswith("linux"):
        return error("--install-desktop: desktop entries are for Linux (Windows and macOS start the game from "
                     "its folder)")
    try:
        written = desktop.install()
    except OSError as exc:
        return error(f"--install-desktop: {escape(exc.filename or '')}: {exc.strerror or exc}")
    print(f"Wrath of Dragons is in the desktop's menu: {escape(written[-1])} (and its icon)")
    return 0


def run_headless(args):
    import random
    from game.engine import new_game
    from app.headless import ai_policies, play, result_dict, score_table, seat_levels
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    g = new_game(args.players, seed=seed, variant=args.variant)
    levels = seat_levels(args.ai, args.players)
    play(g, ai_policies(levels, seed))
    if args.json:
        import json
        print(json.dumps(result_dict(g, levels, seed), indent=2))
        return 0
    print(f"Wrath of Dragons - {args.players} players, seed {seed}, {args.variant}, AI: {','.join(levels)}")
    print(score_table(g))
    return 0


def run_saved_headless(args):
    import random
    from app.headless import continue_randomly, replay_text
    if args.replay:
        print(replay_text(args.session))
        return 0
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    s = args.session
    print(f"Wrath of Dragons - {escape(args.load)}: {len(s.actions)} actions replayed; "
          f"continuing with random choices (seed {seed})")
    print(continue_randomly(s, seed))
    return 0

