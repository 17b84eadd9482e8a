"""The Linux desktop entry: Wrath of Dragons in the applications menu.

    wrath-of-dragons --install-desktop       # (or python main.py, or the bundle's executable)

writes ``~/.local/share/applications/wrath-of-dragons.desktop`` (honouring
XDG_DATA_HOME) that starts the game the way it was just started (the
installed command, the bundle or main.py), and the icon at 48, 128 and
256 px into the hicolor icon theme. The icons are sprites/icons/*.png
(tools/make_icons.py renders them from the window's icon);
packaging/linux/wrath-of-dragons.desktop is the same entry for packagers.
"""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sys

APP_ID = "wrath-of-dragons"
ICON_SIZES = (48, 128, 256)


def entry_text(command):
    """The desktop entry that runs ``command`` (a list of words)."""
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Name=Wrath of Dragons",
        "GenericName=Board Game",
        "Comment=Six centuries of dragons laying waste to the Old World: solo against AI dragons or hot-seat",
        f"Exec={' '.join(_exec_word(w) for w in command)}",
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;StrategyGame;",
        "Keywords=dragons;board game;strategy;hot-seat;",
        f"StartupWMClass={APP_ID}",                   # the window's class (sprites/app.py)
        "",
    ])


def _exec_word(word):
    """One argument of Exec=, quoted as the Desktop Entry Specification says."""
    word = word.replace("%", "%%")
    if re.fullmatch(r"[A-Za-z0-9_@%+=:,./-]+", word):
        return word
    quoted = re.sub(r'([\\"`$])', r"\\\1", word)
    return '"' + quoted.replace("\\", "\\\\") + '"'      # (the value's own escape level doubles backslashes)


def launch_command(argv0=None):
    """How the game was started: the bundle, the installed command or main.py."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)]
    if os.path.basename(argv0).startswith(APP_ID):
        return [os.path.abspath(argv0)]
    return [os.path.abspath(sys.executable), os.path.abspath(argv0)]


def icon_file(size):
    """The PNG of the icon at ``size`` px, inside the installed game (sprites/icons)."""
    spec = importlib.util.find_spec("sprites")          # (finds the folder without importing the view)
    folder = list(spec.submodule_search_locations)[0]
    return os.path.join(folder, "icons", f"{APP_ID}-{size}.png")


def data_home(env=None):
    env = os.environ if env is None else env
    xdg = env.get("XDG_DATA_HOME", "")
    return xdg if os.path.isabs(xdg) else os.path.join(env.get("HOME") or os.path.expanduser("~"), ".local", "share")


def install(command=None, env=None):
    """Write the desktop entry and the icons; returns the paths written (OSError if it cannot)."""
    base = data_home(env)
    written = []
    for size in ICON_SIZES:
        target = os.path.join(base, "icons", "hicolor", f"{size}x{size}", "apps", f"{APP_ID}.png")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(icon_file(size), target)
        written.append(target)
    entry = os.path.join(base, "applications", f"{APP_ID}.desktop")
    os.makedirs(os.path.dirname(entry), exist_ok=True)
    from app.save_format import write_atomic
    write_atomic(entry, entry_text(command or launch_command()).encode("utf-8"))
    written.append(entry)
    return written
