"""The title screen's buttons: the row under the form (Start, Tutorial, Continue,
Load, Quit) and the top right corner (Settings, How to play), each an ``Entry``
that says its name, label, width, tooltip, when it shows and what a click does.

Another entry (a screen of its own, such as playing online) is one more
``Entry`` in ``ROW`` or ``CORNER`` and the ``TitleScene`` method it names:
the layout, drawing and clicks follow from the lists.
"""
from __future__ import annotations

from typing import Callable

import pygame

from game.records import frozen_record
from sprites import theme
from sprites.scenes.title_recent import saves_api, seat_list
from sprites.settings import summary as settings_summary


def always(scene):
    return True


@frozen_record
class Entry:
    """A button of the title screen: its words, tip and what a click calls."""
    name: str                       # its element ("button:start")
    label: str
    width: int                      # at 1600 x 900
    tip: Callable                   # scene -> its tooltip
    action: str                     # the TitleScene method a click calls
    shown: Callable = always        # scene -> is it there now?


def _continue_tip(scene):
    if scene.current is not None:
        return "Back to the replay." if scene.current.host.read_only else "Back to the game in progress."
    latest = scene._latest()
    return f"Continue the latest unfinished game: {seat_list(latest.facts or {})} ({latest.summary})."


ROW = (
    Entry("button:start", "Start", 220, lambda s: "Start a new game with these seats.", "_start_clicked"),
    Entry("button:tutorial", "Tutorial", 200,
          lambda s: "A guided first game: learn by playing, in about ten minutes.", "_tutorial_clicked"),
    Entry("button:online", "Play online", 230,
          lambda s: "Play with friends on other computers: create a table, join one, or open My games.",
          "_online_clicked"),
    Entry("button:continue", "Continue", 220, _continue_tip, "resume",
          lambda s: s.current is not None or s._latest() is not None),
    Entry("button:load", "Load...", 180, lambda s: "Load a saved game.", "_load_clicked",
          lambda s: saves_api() is not None),
    Entry("button:quit", "Quit", 160, lambda s: "Close Wrath of Dragons.", "_quit_clicked"),
)
CORNER = (                          # right to left from the corner, clear of the title
    Entry("button:settings", "Settings", 170,
          lambda s: settings_summary(), "_settings_clicked"),
    Entry("button:help", "How to play", 200, lambda s: "How to play: the rules by topic, searchable (F1).",
          "_help_clicked"),
)
ENTRIES = {e.name: e for e in ROW + CORNER}
SMALL = ("button:save_as",) + tuple(e.name for e in CORNER)     # (Save as: laid out by Recent games)
LABELS = {**{e.name: e.label for e in ROW + CORNER}, "button:save_as": "Save as"}


class TitleButtons:
    """The part of TitleScene that lays out, draws and runs its buttons."""

    def _layout_buttons(self, w, by):
        px = self.px
        row = [e for e in ROW if e.shown(self)]
        total = sum(px(e.width) for e in row) + px(20) * (len(row) - 1)
        bx = w // 2 - total // 2
        for e in row:
            self.add(e.name, pygame.Rect(bx, by, px(e.width), px(56)), tip=e.tip(self))
            bx += px(e.width) + px(20)
        bx = w - px(24)
        for e in CORNER:
            bw = max(px(e.width), theme.text_width("How to play", self.fs(24), True) + px(24))
            bx -= bw
            self.add(e.name, pygame.Rect(bx, px(24), bw, px(48)), tip=e.tip(self))
            bx -= px(12)

    def _draw_buttons(self, surface):
        first_time = not self.recent              # the tutorial stands out until a game was played
        for name, label in LABELS.items():
            r = self.element_rect(name)
            if r is not None:
                theme.button(surface, r, label, self.fs(24) if name in SMALL else self.fs(28),
                             hot=self.hover == name,
                             primary=name == "button:start" or (name == "button:tutorial" and first_time))

    def _button_click(self, name):
        """(True, what the click returns) for a button of the lists, else (False, None)."""
        entry = ENTRIES.get(name)
        if entry is None:
            return False, None
        return True, getattr(self, entry.action)()

    # ----- what the buttons do ---------------------------------------------------------
    def _start_clicked(self):
        return self._leave_current("Start a new game?", "Start the new game", self.start)

    def _tutorial_clicked(self):
        return self._leave_current("Start the tutorial?", "Start the tutorial", self.app.start_tutorial)

    def _load_clicked(self):
        self.loading = saves_api()[0](self._save_dir())
        if not self.loading:
            self.loading = None
            self.message = "No saved games yet."
        self.resize(self.size)

    def _quit_clicked(self):
        if self._trouble() is not None:
            return self._leave_current("Quit?", "Quit", self._quit)
        self._quit()
        self.resize(self.size)
        return None

    def _online_clicked(self):
        return self.app.show_online()

    def _settings_clicked(self):
        return self.app.show_settings()

    def _help_clicked(self):
        return self.app.show_help()
