"""Sound effects, made here from tones and noise (no recorded files).

    sounds = Sounds(settings)           # the Sound setting (on/off) and Volume
    sounds.hear(events)                  # after each action: the effects of its events

Each effect answers an event kind of the engine's log (``EFFECTS``), never
words. The mixer starts the first time a sound is due; if there is no audio
device it fails once, quietly, and the game stays silent. The effects are
made while the window is idle, or when one is first played, never all
before the table's first frame.
"""
from __future__ import annotations

import array
import contextlib
import functools
import math
import os
import random

import pygame

from sprites import idle

RATE = 22050
# The effect of each event kind (the first of a batch's kinds in this order wins
# a slot; at most MAX_AT_ONCE effects sound together).
EFFECTS = {
    "game_ends": "century",
    "century_begins": "century",     # (century 2 and later: the end of the one before)
    "levels_up": "level_up",
    "destroys": "destroyed",
    "razes": "destroyed",
    "begins_attack": "attack",
    "turns_hex": "hex",
    "plays": "card",
}
NAMES = ("attack", "destroyed", "card", "hex", "level_up", "century")
MAX_AT_ONCE = 2


def effect_of(event):
    """The effect an event sounds (None: it makes no sound)."""
    name = EFFECTS.get(event.get("kind"))
    if event.get("kind") == "century_begins" and event.get("century", 1) <= 1:
        return None
    return name


class Sounds:
    def __init__(self, settings):
        self.settings = settings
        self.mixer = None            # None: not tried yet; False: no audio; else (rate, size, channels)
        self.sounds = {}
        self.played = []             # the effects played, most recent last (the last few)

    # ----- the mixer ------------------------------------------------------------
    def ready(self):
        """True once the mixer runs (started the first time it is asked for,
        in a millisecond; False for good if there is no audio). The effects
        are made while the window is idle (sprites.idle), or when first played."""
        if self.mixer is None:
            self.mixer = _start_mixer()
            if self.mixer:
                idle.later("sounds", [functools.partial(self._make, name) for name in NAMES])
        return bool(self.mixer)

    def _make(self, name):
        """The effect as the mixer's Sound (made once; None if the mixer refuses it)."""
        if name not in self.sounds and self.mixer:
            try:
                self.sounds[name] = pygame.mixer.Sound(buffer=samples(name, *self.mixer))
            except (pygame.error, ValueError):
                self.sounds[name] = None
        return self.sounds.get(name)

    def play(self, name):
        """Play one effect now, if sound is on; returns True if it was played."""
        if not self.settings.sound or not self.ready():
            return False
        sound = self._make(name)
        if sound is None:
            return False
        sound.set_volume(self.settings.volume / 100)
        try:
            sound.play()
        except pygame.error:
            return False
        self.played = (self.played + [name])[-20:]
        return True

    # ----- the game's events --------------------------------------------------------
    def hear(self, events):
        """Sound what these events (new ones, that the seat may know of) make heard."""
        names = []
        for event in events:
            name = effect_of(event)
            if name and name not in names:
                names.append(name)
        order = list(dict.fromkeys(EFFECTS.values()))
        names.sort(key=order.index)
        return [n for n in names[:MAX_AT_ONCE] if self.play(n)]

    def warm(self):
        """Before a game: start the mixer (its effects are then made while the window is idle)."""
        if self.settings.sound:
            self.ready()

    def close(self):
        if self.mixer:
            pygame.mixer.quit()
        self.mixer, self.sounds = None, {}
        idle.later("sounds", ())


def _start_mixer():
    try:
        with _quiet_stderr():             # the audio library lists every device it could not open
            pygame.mixer.init(RATE, -16, 1, 512)
        got = pygame.mixer.get_init()
    except (pygame.error, OSError):       # no audio device (or no driver): silent, never a crash
        return False
    if not got or got[1] not in (-16, 32):           # signed 16-bit or float samples (see samples)
        return False
    return got


@contextlib.contextmanager
def _quiet_stderr():
    """Keep C libraries' complaints off the terminal for a moment (file descriptor 2)."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


# ----- synthesis -------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def samples(name, rate=RATE, size=-16, channels=1):
    """The effect as raw bytes in the mixer's format (signed 16-bit or float 32)."""
    wave = WAVES[name](rate)
    peak = max(1e-9, max(abs(v) for v in wave))
    scale = 0.8 / peak
    if size == 32:
        data = array.array("f", (v * scale for v in wave for _ in range(channels)))
    else:
        data = array.array("h", (int(v * scale * 32767) for v in wave for _ in range(channels)))
    return data.tobytes()


def _envelope(i, n, attack, rate):
    """A quick rise then an exponential fall over n samples."""
    a = max(1, int(attack * rate))
    rise = min(1.0, i / a)
    return rise * math.exp(-4.0 * i / n)


def _roar(rate):
    """A dragon's attack: a growl sliding down, rough with noise."""
    n = int(0.55 * rate)
    rnd = random.Random(1)
    out, phase, noise = [], 0.0, 0.0
    for i in range(n):
        t = i / n
        phase += (150 - 90 * t) / rate
        saw = 2 * (phase % 1.0) - 1
        noise = 0.85 * noise + 0.15 * rnd.uniform(-1, 1)
        out.append((0.7 * saw + 0.9 * noise) * _envelope(i, n, 0.04, rate))
    return out


def _crash(rate):
    """A settlement destroyed: a thump and falling rubble."""
    n = int(0.45 * rate)
    rnd = random.Random(2)
    out, noise = [], 0.0
    for i in range(n):
        t = i / rate
        noise = 0.6 * noise + 0.4 * rnd.uniform(-1, 1)
        thump = math.sin(2 * math.pi * (70 - 30 * i / n) * t) * math.exp(-9 * i / n)
        crackle = noise * math.exp(-5 * i / n) * (1 if rnd.random() < 0.7 else 0.3)
        out.append(thump + 0.8 * crackle)
    return out


def _card(rate):
    """A card played: a short paper swish."""
    n = int(0.14 * rate)
    rnd = random.Random(3)
    out, prev = [], 0.0
    for i in range(n):
        white = rnd.uniform(-1, 1)
        out.append((white - prev) * math.sin(math.pi * i / n))    # high-passed, swelling and fading
        prev = white
    return out


def _ratchet(rate):
    """The Action Hex turning: four wooden clicks."""
    n = int(0.3 * rate)
    out = [0.0] * n
    for k in range(4):
        start = int(k * 0.07 * rate)
        for i in range(int(0.03 * rate)):
            if start + i < n:
                out[start + i] += math.sin(2 * math.pi * 900 * i / rate) * math.exp(-i / (0.004 * rate))
    return out


def _fanfare(rate):
    """A level-up: a rising arpeggio."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    step = int(0.09 * rate)
    n = step * len(notes) + int(0.25 * rate)
    out = [0.0] * n
    rise = max(1, int(0.005 * rate))
    for k, f in enumerate(notes):
        start = k * step
        length = n - start
        decay = 4.0 * rate / length                       # as _envelope's fall over the note's length
        _damped_sine(out, start, length, f, 0.6, decay, rate, rise)
        _damped_sine(out, start, length, 2 * f, 0.18, decay, rate, rise)
    return out


def _bell(rate):
    """The end of a century: a low bell with its overtones."""
    n = int(1.0 * rate)
    partials = ((196.0, 1.0), (392.0, 0.5), (466.2, 0.35), (587.3, 0.25), (784.0, 0.15))
    out = [0.0] * n
    for f, a in partials:
        _damped_sine(out, 0, n, f, a, 2.5 + f / 300, rate, 0.003 * rate)
    return out


def _damped_sine(out, start, n, freq, amp, decay, rate, rise):
    """Add amp * sin(2 pi freq t) * exp(-decay t) (t = i / rate) to out[start:start + n],
    rising linearly over its first ``rise`` samples. By the damped sine's recurrence
    (y[i] = k1 y[i-1] - k2 y[i-2]): two products a sample instead of a sin and an exp,
    five times faster, so that no effect keeps the window from a click for long."""
    w = 2 * math.pi * freq / rate
    r = math.exp(-decay / rate)
    k1, k2 = 2 * r * math.cos(w), r * r
    before, now = -amp * math.sin(w) / r, 0.0            # y[-1] and y[0]
    for i in range(n):
        out[start + i] += now * i / rise if i < rise else now
        before, now = now, k1 * now - k2 * before


WAVES = {"attack": _roar, "destroyed": _crash, "card": _card, "hex": _ratchet, "level_up": _fanfare,
         "century": _bell}
