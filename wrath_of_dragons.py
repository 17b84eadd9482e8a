"""The door: ``main(argv)`` sends a command to the layer that does it.

    python main.py serve ...      the server (server.server)
    python main.py backup ...     a copy of a server's games (server.backup)
    python main.py restore ...    a copy put back (server.backup)
    python main.py [flags]        the game: the window, a screenshot or headless (sprites.cli, app.cli)

main.py, the installed ``wrath-of-dragons`` command and the standalone bundle
all call it. It stands above every package, so that none of them imports one
above it: the desktop game never loads the server, the server never the window.
"""
from __future__ import annotations

import sys

from app.cli import command_name, terminal_safe_output

SERVER_COMMANDS = ("serve", "backup", "restore")


def main(argv=None):
    terminal_safe_output()
    argv = sys.argv[1:] if argv is None else list(argv)
    command = argv[0] if argv else None
    prog = f"{command_name()} {command}"
    if command == "serve":
        from server.server import main as serve
        return serve(argv[1:], prog=prog)
    if command == "backup":
        from server.backup import main as backup
        return backup(argv[1:], prog=prog)
    if command == "restore":
        from server.backup import restore_main as restore
        return restore(argv[1:], prog=prog)
    from sprites.cli import main as game
    return game(argv)
