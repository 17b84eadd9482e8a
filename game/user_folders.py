"""Where the game keeps its things for the user on each platform: its saves and settings
(app.save_folder) and what a start keeps for the next (game.start_cache). Nothing is
created here."""
from __future__ import annotations

import os
import sys

APP_DIR = "wrath-of-dragons"          # the folder's name where names are lower case (XDG)
APP_NAME = "Wrath of Dragons"         # ... and where they are words (Windows, macOS)

# kind: (Windows: variable, its default under the profile, folder below it; macOS: under ~/Library;
#        XDG: variable, its default under ~)
FOLDERS = {
    "data": (("APPDATA", ("AppData", "Roaming"), (APP_NAME,)), ("Application Support", APP_NAME),
             ("XDG_DATA_HOME", (".local", "share"))),
    "cache": (("LOCALAPPDATA", ("AppData", "Local"), (APP_NAME, "Cache")), ("Caches", APP_NAME),
              ("XDG_CACHE_HOME", (".cache",))),
}


def user_folder(kind, platform=None, env=None):
    """The user's ``kind`` folder ("data" or "cache") of the game on this platform."""
    platform = sys.platform if platform is None else platform
    env = os.environ if env is None else env
    home = env.get("HOME") or os.path.expanduser("~")
    (win_var, win_default, win_below), mac, (xdg_var, xdg_default) = FOLDERS[kind]
    if platform.startswith("win"):
        base = env.get(win_var) or os.path.join(env.get("USERPROFILE") or home, *win_default)
        return os.path.join(base, *win_below)
    if platform == "darwin":
        return os.path.join(home, "Library", *mac)
    xdg = env.get(xdg_var, "")
    base = xdg if os.path.isabs(xdg) else os.path.join(home, *xdg_default)
    return os.path.join(base, APP_DIR)
