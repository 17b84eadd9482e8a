"""What the window remembers between runs: the seat setup, variants, the
window size and the player's settings (the Settings screen).

    settings = Settings.load(save_dir)     # never fails: defaults plus a one-line ``notice``
    settings.speed = 2; settings.save()    # written atomically to save_dir/settings.yaml

Each entry is declared once, in ``SETTINGS``: its name (the attribute and the
file's entry), its default, the values it may take (``Choices``, ``Steps``,
``Span``, or a check of its own), and for the Settings screen its label and
what it does. The attributes, the file's check and its writing and the
screen's rows are made from that; the variant's options come from
``game.variants.OPTIONS``.

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

from game import default_data, safe_yaml, start_cache
from game.plaintext import MAX_NAME, name_problem      # the engine's rule for a player's name
from app.save_folder import OLD_SETTINGS_FILE, SETTINGS_FILE
from game.ai_levels import SEAT_KINDS
from game.records import frozen_record
from game.variants import OPTIONS

FILE = SETTINGS_FILE
MAX_BYTES = 16 * 1024
NAMES = ["Ash", "Bryn", "Cora", "Dain", "Elin", "Finn"]
SPEEDS = (1, 2, 4)
TEXT_SCALES = (100, 110, 120, 130, 140, 150)      # per cent of the normal text size
DEFAULT_AI = "normal"
MIN_WINDOW = (1100, 650)          # the smallest window the table is laid out for
MAX_WINDOW = (8192, 8192)


def default_seats():
    """You against AI dragons of the normal level, until the player says otherwise."""
    dragons = [d.name for d in default_data().dragons]
    return [{"name": NAMES[i], "dragon": dragons[i], "kind": "human" if i == 0 else DEFAULT_AI} for i in range(6)]


# ----- what a setting may be ---------------------------------------------------------------
class Kind:
    """What values a setting may take. Each kind has ``check(value)``: a value read from
    the file, the value to keep (or _Bad with the problem); ``dump`` is the value as plain
    data for the file."""

    def dump(self, value):
        return value


class Choices(Kind):
    """One of a few values, each a button on the screen with its label."""

    def __init__(self, *choices):
        self.choices = choices              # (value, label)
        self.values = tuple(v for v, _ in choices)

    def check(self, value):
        if all(isinstance(v, bool) for v in self.values):
            if not isinstance(value, bool):
                raise _Bad("must be true or false")
        elif value not in self.values or isinstance(value, bool):
            raise _Bad(f"must be one of {', '.join(map(str, self.values))}")
        return value


class Number(Kind):
    """A number the screen steps with - and + (``step``), shown with % if ``percent``."""
    percent = False

    def show(self, value):
        return f"{value} %" if self.percent else str(value)


class Steps(Number):
    """One of these numbers, stepped through in turn."""

    def __init__(self, values, percent=False):
        self.values, self.percent = values, percent

    def check(self, value):
        if value not in self.values or isinstance(value, bool):
            raise _Bad(f"must be one of {', '.join(map(str, self.values))}{_per_cent(self)}")
        return value

    def step(self, value, d):
        i = self.values.index(value) + d
        return self.values[max(0, min(len(self.values) - 1, i))]


class Span(Number):
    """Any whole number from ``low`` to ``high``; - and + change it by ``step``."""

    def __init__(self, low, high, step=1, percent=False):
        self.low, self.high, self.by, self.percent = low, high, step, percent

    def check(self, value):
        if not _whole(value) or not self.low <= value <= self.high:
            raise _Bad(f"must be a whole number from {self.low} to {self.high}{_per_cent(self)}")
        return value

    def step(self, value, d):
        return max(self.low, min(self.high, value + d * self.by))


class WindowSize(Kind):
    """The last windowed size, [width, height] in the file."""

    def check(self, value):
        if (not isinstance(value, list) or len(value) != 2 or not all(_whole(v) for v in value)
                or not all(lo <= v <= hi for v, lo, hi in zip(value, MIN_WINDOW, MAX_WINDOW))):
            raise _Bad(f"must be [width, height] from {MIN_WINDOW[0]}x{MIN_WINDOW[1]} to "
                       f"{MAX_WINDOW[0]}x{MAX_WINDOW[1]}")
        return tuple(value)

    def dump(self, value):
        return list(value)


class SeatList(Kind):
    """The title screen's seats: a name, a dragon and a kind each; the seats the file
    leaves out keep their defaults, with dragons no other seat has."""

    def check(self, value):
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
        return seats

    def dump(self, value):
        return [dict(s) for s in value]


ON_OFF = Choices((True, "On"), (False, "Off"))


@frozen_record
class Setting:
    """One entry of the file, declared once. ``default``: its value until the player
    chooses (a function for a fresh one each time; None: not written). ``label`` and
    ``help``: its row on the Settings screen (None: not on the screen)."""
    name: str
    default: object
    kind: Kind                  # Choices, Steps, Span or a check of its own
    label: str | None = None
    help: str | None = None

    def fresh(self):
        return self.default() if callable(self.default) else self.default


# The Settings screen shows its rows in this order. Text size comes first and every row's
# buttons sit at its top: rows grow with the text, and the buttons clicked to change it
# must stay under the pointer.
SETTINGS = (
    Setting("players", 4, Span(2, 6)),
    Setting("seats", default_seats, SeatList()),
    Setting("handoff", True, ON_OFF),               # the hot-seat hand-off screen between human seats
    Setting("text_scale", 100, Steps(TEXT_SCALES, percent=True), "Text size",
            "The smallest text on every screen (titles stay as they are)."),
    Setting("speed", 1, Choices(*((v, f"x{v}" if v > 1 else "Normal") for v in SPEEDS)), "AI speed",
            "How fast AI dragons move, and how quickly animations play."),
    Setting("animations", True, ON_OFF, "Animations", "Dragons fly between regions, cards slide, the hex turns."),
    Setting("colour_blind", False, Choices((False, "Standard"), (True, "Colour-blind")), "Colours",
            "A palette that stays apart for colour-blind players; letters and shapes stay."),
    Setting("sound", True, ON_OFF, "Sound effects",
            "Attacks, destroyed settlements, cards, the hex, level-ups, a century's end."),
    Setting("volume", 70, Span(0, 100, 10, percent=True), "Volume", "How loud the sound effects are."),
    Setting("confirm_end_turn", True, Choices((True, "Ask first"), (False, "Never ask")), "End Turn asks first",
            "While a card, the hex or Divination could still be used."),
    Setting("window", None, WindowSize()),          # (w, h) of the last windowed size, or None
)


def shown():
    """The settings the Settings screen shows, in its order."""
    return tuple(s for s in SETTINGS if s.label)


def summary():
    """The screen's rows in a line, for the buttons that open it."""
    return ", ".join(s.label for s in shown()) + "."


class Settings:
    def __init__(self, path=None):
        self.path = path                  # None: remembered for this run only (tests, screenshots)
        for setting in SETTINGS:
            setattr(self, setting.name, setting.fresh())
        self.options = {o.name: False for o in OPTIONS}     # the variant's options last chosen
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
            doc = start_cache.load_yaml(raw.decode("utf-8"), os.path.abspath(path))    # (no PyYAML if kept)
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
        known = {s.name: s.kind for s in SETTINGS}
        known.update({o.name: ON_OFF for o in OPTIONS})
        unknown = sum(1 for key in doc if key not in known)
        if unknown:
            problems.append(f"{unknown} unknown entr{'y' if unknown == 1 else 'ies'}")
        for key, value in doc.items():
            if key not in known:
                continue
            try:
                value = known[key].check(value)
            except _Bad as exc:
                problems.append(f"{key}: {exc}")
                continue
            if key in self.options:
                self.options[key] = value
            else:
                setattr(self, key, value)
        return problems

    # ----- writing -----------------------------------------------------------------
    def document(self):
        doc = {}
        for setting in SETTINGS:
            value = getattr(self, setting.name)
            if value is not None:
                doc[setting.name] = setting.kind.dump(value)
        doc.update(self.options)
        return doc

    def save(self):
        """Write the file (atomically); returns a one-line problem or None. Never raises."""
        if self.path is None:
            return None
        import yaml
        from app.save_format import write_atomic
        text = "# Wrath of Dragons settings (a bad entry falls back to its default)\n" + \
            yaml.safe_dump(self.document(), sort_keys=False, allow_unicode=True, default_flow_style=None)
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            write_atomic(self.path, text.encode("utf-8"))
        except (OSError, UnicodeEncodeError) as exc:
            return f"{self.path}: cannot be written: {getattr(exc, 'strerror', None) or exc}"
        try:
            start_cache.load_yaml(text, os.path.abspath(self.path))     # its parse for the next start, and
        except safe_yaml.YamlProblem:                                   # (a value the reader refuses: read
            pass                                                        # then, and the entry says so)
        start_cache.keep_parses()                                       # the saves' headers read or written
        return None


class _Bad(Exception):
    pass


def _whole(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _per_cent(kind):
    return " (per cent)" if kind.percent else ""


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
