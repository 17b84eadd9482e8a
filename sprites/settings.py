"""What the window remembers between runs: the seat setup, variants, the
window size and the player's settings (the Settings screen): AI speed,
animations, text size, colour-blind palette, sound and its volume, and
whether End Turn asks first.

    settings = Settings.load(save_dir)     # never fails: defaults plus a one-line ``notice``
    settings.speed = 2; settings.save()    # written atomically to save_dir/settings.yaml

The file is small YAML read like a save (``game.safe_yaml``: a regular file,
aliases refused, size and nesting capped). Every entry is checked on its
own: a bad entry falls back to its default and ``notice`` names the file,
the entry and the problem, so a bad settings file can never stop the game
from starting. A notice never quotes the file (it may be another file
altogether, through a link: /etc/shadow's lines read as unknown entries).
The save list never shows the file (app.save_folder
names it); earlier versions called it settings.yml, which is read if there is
no settings.yaml yet.
"""
from __future__ import annotations

import os

import yaml

from game import default_data, safe_yaml
from game.plaintext import MAX_NAME, name_problem      # the engine's rule for a player's name
from app.save_folder import OLD_SETTINGS_FILE, SETTINGS_FILE
from app.host import SEAT_KINDS
from game.variants import OPTIONS

FILE = SETTINGS_FILE
MAX_BYTES = 16 * 1024
NAMES = ["Ash", "Bryn", "Cora", "Dain", "Elin", "Finn"]
SPEEDS = (1, 2, 4)
TEXT_SCALES = (100, 110, 120, 130, 140, 150)      # per cent of the normal text size
VOLUMES = (0, 100)                               # per cent, any whole number between
DEFAULT_AI = "normal"
MIN_WINDOW = (1100, 650)          # the smallest window the table is laid out for
MAX_WINDOW = (8192, 8192)


def default_seats():
    """You against AI dragons of the normal level, until the player says otherwise."""
    dragons = [d.name for d in default_data().dragons]
    return [{"name": NAMES[i], "dragon": dragons[i], "kind": "human" if i == 0 else DEFAULT_AI} for i in range(6)]


class Settings:
    def __init__(self, path=None):
        self.path = path                  # None: remembered for this run only (tests, screenshots)
        self.players = 4
        self.seats = default_seats()
        self.options = {o.name: False for o in OPTIONS}     # the variant's options last chosen
        self.handoff = True
        self.speed = 1                    # AI moves (and animations) this many times faster
        self.animations = True
        self.text_scale = 100
        self.colour_blind = False         # the colour-blind palette
        self.sound = True
        self.volume = 70
        self.confirm_end_turn = True      # End Turn asks first while something useful is left
        self.window = None                # (w, h) of the last windowed size, or None
        self.notice = None                # one line about a file that could not be used as it was

    # ----- reading -----------------------------------------------------------------
    @classmethod
    def load(cls, save_dir):
        settings = cls(os.path.join(save_dir, FILE))
        old = os.path.join(save_dir, OLD_SETTINGS_FILE)
        source = old if not os.path.lexists(settings.path) and os.path.lexists(old) else settings.path
        try:
            doc = settings._read(source)
        except _Bad as exc:
            settings.notice = f"{source}: {exc}; using the default settings."
            return settings
        if doc is not None:
            problems = settings._take(doc)
            if problems:
                more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
                settings.notice = f"{source}: {problems[0]}{more}; the default is used instead."
        return settings

    def _read(self, path):
        try:
            raw = safe_yaml.read_bytes(path, MAX_BYTES)
        except safe_yaml.FileProblem as exc:
            if str(exc) == "no such file":
                return None
            raise _Bad(str(exc)) from None
        if len(raw) > MAX_BYTES:
            raise _Bad(f"is larger than {MAX_BYTES // 1024} KB")
        try:
            doc = safe_yaml.load(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise _Bad("is not UTF-8 text") from None
        except safe_yaml.YamlProblem as exc:
            raise _Bad(f"cannot be used: {exc.general}") from None
        if doc is None:
            return None
        if not isinstance(doc, dict):
            raise _Bad("should be a mapping of settings")
        return doc

    def _take(self, doc):
        """Copy every valid entry; returns the problems (one phrase each)."""
        problems = []
        known = {"players": self._players, "seats": self._seats, "handoff": self._flag, "speed": self._speed,
                 "window": self._window, "animations": self._flag, "text_scale": self._text_scale,
                 "colour_blind": self._flag, "sound": self._flag, "volume": self._volume,
                 "confirm_end_turn": self._flag}
        known.update({o.name: self._flag for o in OPTIONS})
        unknown = sum(1 for key in doc if key not in known)
        if unknown:
            problems.append(f"{unknown} unknown entr{'y' if unknown == 1 else 'ies'}")
        for key, value in doc.items():
            if key not in known:
                continue
            try:
                known[key](key, value)
            except _Bad as exc:
                problems.append(f"{key}: {exc}")
        return problems

    def _players(self, key, value):
        if not _whole(value) or not 2 <= value <= 6:
            raise _Bad("must be a whole number from 2 to 6")
        self.players = value

    def _flag(self, key, value):
        if not isinstance(value, bool):
            raise _Bad("must be true or false")
        if key in self.options:
            self.options[key] = value
        else:
            setattr(self, key, value)

    def _speed(self, key, value):
        if value not in SPEEDS or isinstance(value, bool):
            raise _Bad(f"must be one of {', '.join(map(str, SPEEDS))}")
        self.speed = value

    def _text_scale(self, key, value):
        if value not in TEXT_SCALES or isinstance(value, bool):
            raise _Bad(f"must be one of {', '.join(map(str, TEXT_SCALES))} (per cent)")
        self.text_scale = value

    def _volume(self, key, value):
        if not _whole(value) or not VOLUMES[0] <= value <= VOLUMES[1]:
            raise _Bad(f"must be a whole number from {VOLUMES[0]} to {VOLUMES[1]} (per cent)")
        self.volume = value

    def _window(self, key, value):
        if (not isinstance(value, list) or len(value) != 2 or not all(_whole(v) for v in value)
                or not all(lo <= v <= hi for v, lo, hi in zip(value, MIN_WINDOW, MAX_WINDOW))):
            raise _Bad(f"must be [width, height] from {MIN_WINDOW[0]}x{MIN_WINDOW[1]} to "
                       f"{MAX_WINDOW[0]}x{MAX_WINDOW[1]}")
        self.window = tuple(value)

    def _seats(self, key, value):
        if not isinstance(value, list) or len(value) > 6:
            raise _Bad("must be a list of at most 6 seats")
        dragons = [d.name for d in default_data().dragons]
        seats = default_seats()
        for i, seat in enumerate(value):
            if not isinstance(seat, dict) or set(seat) - {"name", "dragon", "kind"}:
                raise _Bad(f"seat {i + 1} must have only a name, a dragon and a kind")
            name, dragon, kind = seat.get("name", seats[i]["name"]), seat.get("dragon"), seat.get("kind", "human")
            if not isinstance(name, str) or (name and name_problem(name)):      # (empty: the title's default)
                raise _Bad(f"seat {i + 1}: the name must be printable text of at most {MAX_NAME} characters, "
                           "with something that shows")
            if dragon not in dragons:
                raise _Bad(f"seat {i + 1}: unknown dragon (known: {', '.join(dragons)})")
            if kind not in SEAT_KINDS:
                raise _Bad(f"seat {i + 1}: unknown kind (known: {', '.join(SEAT_KINDS)})")
            seats[i] = {"name": name, "dragon": dragon, "kind": kind}
        if len({s["dragon"] for s in seats}) < len(seats):     # the rest keeps free colours
            used = {s["dragon"] for s in seats[:len(value)]}
            if len(used) < len(value):
                raise _Bad("two seats have the same dragon")
            free = [d for d in dragons if d not in used]
            for s in seats[len(value):]:
                s["dragon"] = free.pop(0)
        self.seats = seats

    # ----- writing -----------------------------------------------------------------
    def document(self):
        doc = {"players": self.players, "seats": [dict(s) for s in self.seats], **self.options,
               "handoff": self.handoff, "speed": self.speed, "animations": self.animations,
               "text_scale": self.text_scale, "colour_blind": self.colour_blind, "sound": self.sound,
               "volume": self.volume, "confirm_end_turn": self.confirm_end_turn}
        if self.window:
            doc["window"] = list(self.window)
        return doc

    def save(self):
        """Write the file (atomically); returns a one-line problem or None. Never raises."""
        if self.path is None:
            return None
        from app.save_format import write_atomic
        text = "# Wrath of Dragons settings (a bad entry falls back to its default)\n" + \
            yaml.safe_dump(self.document(), sort_keys=False, allow_unicode=True, default_flow_style=None)
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            write_atomic(self.path, text.encode("utf-8"))
        except (OSError, UnicodeEncodeError) as exc:
            return f"{self.path}: cannot be written: {getattr(exc, 'strerror', None) or exc}"
        return None


class _Bad(Exception):
    pass


def _whole(v):
    return isinstance(v, int) and not isinstance(v, bool)


def window_size(text):
    """(w, h) for --size (a screenshot's window), or ValueError with the words to show."""
    w, x, h = str(text).lower().partition("x")
    if not (x and w.isdigit() and h.isdigit() and len(w) <= 5 and len(h) <= 5):
        raise ValueError(f"must look like 1600x900, not {text!r}")
    w, h = int(w), int(h)
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        raise ValueError(f"must be from {MIN_WINDOW[0]}x{MIN_WINDOW[1]} to {MAX_WINDOW[0]}x{MAX_WINDOW[1]}, "
                         f"not {w}x{h}")
    return w, h
