"""--replay FILE and "Watch the replay": the table shows a replay host
(``app.replay_host``), stepping through a recorded game forwards and back.
The replay's bar is a part of the table (``ReplayBar``), in the prompt bar:
the century before, Back, Play (it steps on by itself, at the table's speed),
Forward, the century after; where the replay host allows more than one
seat's eyes, whose eyes to follow. At a finished game's last step Forward
gives way to the final scores. Keys: Left/Right step, Home/End seek, Space
plays, Page Up/Down or 1-6 jump to a century, E changes the eyes."""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.scenes.table import TableScene
from sprites.table import promptbar
from sprites.table.part import TablePart

STEP_MS = 1200          # auto-play: one step this often (divided by the table's speed)
LONG = ("< Century", "< Back", "Forward >", "Century >")
SHORT = ("<<", "<", ">", ">>")          # (their tooltips say what they do, and their keys)
CENTURY_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)}
PASS_ON = ("button:help", "button:menu", "button:speed", "button:standings", "standings", "standings:close")


class ReplayScene(TableScene):
    """The table with a replay host and its bar; ``replay`` is that host."""

    def __init__(self, app, replay):
        self.replay = replay
        super().__init__(app, replay, handoff=False, part=ReplayBar(replay))


class ReplayBar(TablePart):
    plays = False
    has_undo = False
    replaces = ("button:scores",)       # its own "Final scores" at the last step (the board's lay under the bar)

    def __init__(self, replay):
        self.replay = replay
        self.playing = False
        self.next_ms = 0

    def attach(self, table):
        super().attach(table)
        self._follow()

    def _follow(self):
        """Show the hand of the eyes the replay shows: the followed seat, or whoever decides."""
        eyes = self.replay.eyes()
        decider = self.replay.decider
        self.table.seats.viewer = eyes if eyes is not None else (decider if decider is not None else 0)

    def laid_out(self):
        self.table.right.viewer_label = " (shown)"
        self.table.right.yours = False
        self.table.handview.buttons = ()     # the action kinds' buttons: nothing is played in a replay

    # ----- the bar's buttons --------------------------------------------------------------
    def buttons(self, short=None):
        """(name, label) of the bar's buttons, left to right (``short``: the stepping buttons
        by their arrows alone, where the bar has no room for their words). The last one says
        whose eyes the table shows; it changes them where the replay allows it."""
        if short is None:
            short = self._short()
        over = self.replay.at_end and self.replay.over
        words = SHORT if short else LONG
        out = [("replay:century_back", words[0]), ("replay:back", words[1]),
               ("replay:play", "Pause" if self.playing else "Play"),
               ("replay:scores", "Final scores") if over else ("replay:forward", words[2]),
               ("replay:century_next", words[3]), ("replay:eyes", self.eyes_label())]
        return out

    def eyes_label(self):
        eyes = self.replay.eyes()
        if eyes is None:
            return "Eyes: everyone's"
        name = self.table.seats.name(eyes)
        return f"Eyes: {name}" + (" (deciding)" if self.replay.followed is None and self.can_switch() else "")

    def can_switch(self):
        return len(self.replay.eyes_allowed()) > 1

    def _short(self):
        """True if the bar's buttons with their words would leave the prompt less than a third of the bar."""
        lay = self.table.lay
        return lay.prompt.w - sum(self._widths(self.buttons(short=False)).values()) < lay.prompt.w // 3 + \
            lay.prompt.w - promptbar.button_rects(lay, False)["button:hint"].right

    def _widths(self, buttons):
        lay = self.table.lay

        def width(name, label):
            if name == "replay:eyes":           # as wide as its widest words: the buttons left of it never move
                return max(width("", words) for words in self._eyes_labels())
            return max(lay.px(60 if len(label) < 4 else 90), theme.text_width(label, lay.font(20), True)
                       + lay.px(18)) + lay.px(8)
        return {name: width(name, label) for name, label in buttons}

    def _eyes_labels(self):
        """Every label the eyes' button may show in this replay."""
        names = [self.table.seats.name(seat) for seat in range(len(self.table.host.seats))]
        return ["Eyes: everyone's"] + [f"Eyes: {n}" for n in names] + [f"Eyes: {n} (deciding)" for n in names]

    def rects(self):
        """Where the buttons go: right-aligned in the prompt bar, left of Menu, Help and Speed
        (where End Turn, All choices and Hint are during play: never on the map)."""
        lay = self.table.lay
        bar = promptbar.button_rects(lay, False)
        x = bar["button:hint"].right
        out = {}
        buttons = self.buttons()
        widths = self._widths(buttons)
        for name, _ in reversed(buttons):
            w = widths[name] - lay.px(8)
            x -= w
            out[name] = pygame.Rect(x, bar["button:hint"].y, w, bar["button:hint"].h)
            x -= lay.px(8)
        return out

    def register(self):
        tips = {"replay:century_back": "The start of this century, or of the one before (Page Up).",
                "replay:back": "One step back (Left).", "replay:forward": "One step forward (Right).",
                "replay:play": "Step on by itself, at the table's speed (Space).",
                "replay:century_next": "The start of the next century (Page Down).",
                "replay:scores": "The final scores.",
                "replay:eyes": "Whose eyes the table shows (their hand and lair): each seat in turn, or "
                               "whoever decides at each step (E)."}
        if not self.can_switch():
            tips["replay:eyes"] = self.replay.eyes_fixed() or "Whose eyes the table shows."
        for name, rect in self.rects().items():
            self.table.add(name, rect, tip=tips[name], front=True)

    def bar_extra(self):
        return list(self.rects().values())

    # ----- input -------------------------------------------------------------------------
    def click(self, name):
        if not name.startswith("replay:"):          # the table's own buttons and its log work; the game does not
            return not (name in PASS_ON or name.startswith("log:"))
        if name == "replay:scores":
            self.table.app.show_scores(self.replay)
            return True
        actions = {"replay:back": self.replay.back, "replay:forward": self.replay.forward,
                   "replay:century_back": lambda: self.jump(-1), "replay:century_next": lambda: self.jump(1),
                   "replay:play": self.toggle_play, "replay:eyes": self.next_eyes}
        actions[name]()
        if name in ("replay:back", "replay:forward"):
            self.playing = False
        self.step()
        return True

    def toggle_play(self):
        self.playing = not self.playing and not self.replay.at_end
        self.next_ms = 0

    def jump(self, direction):
        """To the start of the next century, or of this one (of the one before, at its start)."""
        starts = [i for _, i in self.replay.centuries()]
        here = self.replay.index
        if direction > 0:
            target = next((i for i in starts if i > here), len(self.replay))
        else:
            target = next((i for i in reversed(starts) if i < here), 0)
        self.replay.seek(target)

    def to_century(self, century):
        found = [i for c, i in self.replay.centuries() if c == century]
        if found:
            self.replay.seek(found[0])

    def next_eyes(self):
        if not self.can_switch():
            self.table.say(self.replay.eyes_fixed() or "This replay shows one pair of eyes.", note=True)
            return
        allowed = [None] + self.replay.eyes_allowed()
        k = allowed.index(self.replay.followed) if self.replay.followed in allowed else 0
        self.replay.follow(allowed[(k + 1) % len(allowed)])

    def step(self):
        """The replay moved: show its new position."""
        self._follow()
        self.table.refresh()

    def tick(self, now):
        if not self.playing:
            return None
        if now < self.next_ms:
            return self.next_ms - now
        if self.next_ms:
            if not self.replay.forward():
                self.playing = False
                self.step()
                return None
            self.step()
        self.next_ms = now + STEP_MS // self.table.speed
        return STEP_MS // self.table.speed

    def key(self, event):
        steps = {pygame.K_RIGHT: self.replay.forward, pygame.K_LEFT: self.replay.back,
                 pygame.K_HOME: self.replay.to_start, pygame.K_END: self.replay.to_end,
                 pygame.K_PAGEUP: lambda: self.jump(-1), pygame.K_PAGEDOWN: lambda: self.jump(1),
                 pygame.K_SPACE: self.toggle_play, pygame.K_e: self.next_eyes}
        if event.key in CENTURY_KEYS:
            self.to_century(CENTURY_KEYS[event.key])
        elif event.key in steps:
            steps[event.key]()
        else:
            return False
        if event.key not in (pygame.K_SPACE, pygame.K_e):
            self.playing = False
        self.step()
        return True

    def header(self, header):
        head, prompt, colour, letter = header
        last = self.replay.last_step()
        what = f"{self.table.seats.name(last[0])}: {last[1]}" if last else "the start of the game"
        eyes = self.replay.eyes()
        whose = "what everyone sees" if eyes is None else f"{self.table.seats.name(eyes)}'s eyes"
        return (f"Replay - {head}", f"Step {self.replay.index} of {len(self.replay)}, {whose} - {what}.",
                colour, letter)

    def draw(self, surface):
        rects = self.rects()
        for name, label in self.buttons():
            theme.button(surface, rects[name], label, self.table.lay.font(20), enabled=name != "replay:eyes" or
                         self.can_switch(), hot=self.table.hover == name,
                         primary=name in ("replay:back", "replay:forward", "replay:scores"))
