"""The command line with its window: ``main(argv)`` is the game's entry point
(main.py, the ``wrath-of-dragons`` command, the standalone bundle).

The command line itself (every flag, its checks, the headless modes and the
server) is ``app.cli``, which never imports the view; this module gives
it the window to open when one is asked for, so imports run one way: the
view depends on the application, never the other way round.
"""
from __future__ import annotations

import os

from app import cli


def open_window(args):
    """The window (or a screenshot), after the command line checked its flags."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")     # a game prints no banner of its libraries
    from sprites.settings import window_size         # (no pygame yet: a wrong size is refused first)
    if args.size is not None:
        try:
            args.size = window_size(args.size)           # (w, h): checked here once, used as it is
        except ValueError as exc:
            return cli.error(f"--size: {exc}")
    from sprites import app
    if args.screenshot is not None:
        from sprites.shot import screenshot
        return app.script_problems() or screenshot(args)
    from app.save_folder import default_save_dir
    from app.save_format import remove_stale_temporaries
    remove_stale_temporaries(args.save_dir or default_save_dir())
    return app.run(args)


def main(argv=None):
    return cli.main(argv, open_window=open_window)
