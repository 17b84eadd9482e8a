"""The title screen's "This game is not saved" box: the game in progress
cannot be autosaved (app.unsaved), so before anything would leave it
(Start, Quit, Tutorial, Load, another recent game), and when the table's Menu
leads here, the box says since when and why, and offers a file in another
folder ("Save there", the path can be typed), leaving without saving, or Back.
"""
from __future__ import annotations

import pygame

from app import unsaved
from sprites import textfield, theme

MAX_PATH = 400


class ElsewhereBox:
    def __init__(self, scene, trouble, leave=None, then=None):
        self.scene = scene
        self.trouble = trouble
        self.leave = leave              # the label of leaving without saving ("Start without saving"), or None
        self.then = then                # what leaving does (also after saving there)
        self.path = unsaved.suggestion(scene.app.save_dir()) or ""
        self.problem = None             # why "Save there" failed
        self.all_selected = False       # the file's whole text is selected (Ctrl+A)

    def layout(self):
        s = self.scene
        w, h = s.size
        buttons = [("elsewhere:save", "Save there"), ("elsewhere:leave", self.leave), ("elsewhere:back", "Back (Esc)")]
        buttons = [(n, label) for n, label in buttons if label]
        gap = s.px(16)
        widths = [max(s.px(200), theme.text_width(label, s.fs(22), True) + s.px(40)) for _, label in buttons]
        needed = sum(widths) + gap * (len(buttons) - 1) + 48
        box = pygame.Rect(0, 0, min(w - s.px(40), max(s.px(900), needed)), 0)
        size = s.fs(22)
        line = theme.font(size).get_linesize()
        self.lines = theme.wrap(self.trouble["leaving"], size, box.w - 48)
        self.problem_lines = theme.wrap(self.problem, s.fs(20), box.w - 48) if self.problem else ()
        box.h = (s.px(70) + len(self.lines) * line + s.px(12) + s.px(48) + s.px(10)
                 + len(self.problem_lines) * theme.font(s.fs(20)).get_linesize() + s.px(24) + s.px(66))
        box.center = (w // 2, h // 2)
        self.box = box
        y = box.y + s.px(70) + len(self.lines) * line + s.px(12)
        s.add("field:elsewhere", pygame.Rect(box.x + 24, y, box.w - 48, s.px(48)), tip="The file to save the game in",
              front=True)
        scale = min(1.0, (box.w - 48 - gap * (len(buttons) - 1)) / sum(widths))
        x = box.centerx - (round(sum(widths) * scale) + gap * (len(buttons) - 1)) // 2
        for (name, _), bw in zip(buttons, widths):
            bw = round(bw * scale)
            s.add(name, pygame.Rect(x, box.bottom - s.px(66), bw, s.px(50)), front=True)
            x += bw + gap
        s.add("elsewhere_box", box)

    def draw(self, surface):
        s = self.scene
        box = self.box
        theme.shade(surface, surface.get_rect(), 150)
        theme.panel(surface, box, radius=10)
        theme.blit_text(surface, "This game is not saved", s.fs(30), (box.x + 24, box.y + s.px(20)), theme.RED, True)
        y = box.y + s.px(70)
        line = theme.font(s.fs(22)).get_linesize()
        for text in self.lines:
            theme.blit_text(surface, text, s.fs(22), (box.x + 24, y), theme.INK)
            y += line
        field = s.element_rect("field:elsewhere")
        s._field(surface, field, self.path, True, "a file in another folder, e.g. ~/game.yaml",
                 selected=self.all_selected)
        y = field.bottom + s.px(10)
        for text in self.problem_lines:
            theme.blit_text(surface, text, s.fs(20), (box.x + 24, y), theme.RED)
            y += theme.font(s.fs(20)).get_linesize()
        labels = {"elsewhere:save": "Save there", "elsewhere:leave": self.leave, "elsewhere:back": "Back (Esc)"}
        for name, label in labels.items():
            r = s.element_rect(name)
            if r is not None:
                theme.button(surface, r, label, s.fs(22), hot=s.hover == name, primary=name == "elsewhere:save",
                             danger=name == "elsewhere:leave")

    def click(self, name):
        """Returns (close the box?, what to run after)."""
        self.all_selected = False
        if name == "elsewhere:back":
            return True, None
        if name == "elsewhere:leave":
            return True, self.then
        if name == "elsewhere:save":
            return self.save()
        return False, None

    def save(self):
        if not self.path.strip():
            self.problem = "Type the file to save the game in first."
            return False, None
        try:
            path = self.scene.current.host.save_elsewhere(self.path)
        except Exception as exc:            # SaveError names the file and the problem; never a crash
            self.problem = f"Not saved: {exc}"
            return False, None
        self.scene.message = f"Saved as {path}; the game autosaves there from now on."
        return True, self.then

    def type(self, event):
        selected, self.all_selected = self.all_selected, textfield.selects_all(event)
        text = None if self.all_selected else textfield.edit(self.path, event, selected)
        if text is not None and len(text) <= MAX_PATH:
            self.path = text
