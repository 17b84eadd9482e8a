"""The game menu (Esc at the table): Resume, Settings, Rules, Save as (a name
typed in the box) and Leave to the title screen, over the table, which waits
under it (no AI dragon moves while it is open). Settings and Rules open over
it and come back to it. A save under a name that exists asks again first (the
button then says "Replace it"); while the autosave fails, Save as offers a file
in another folder (``elsewhere.ElsewhereBox``), as the title screen does."""
from __future__ import annotations

import os

import pygame

from sprites import theme
from sprites.scene import Scene
from sprites.scenes.elsewhere import ElsewhereBox
from sprites.scenes.title_recent import save_path

BUTTONS = (("menu:resume", "Resume (Esc)", "Back to the game."),
           ("menu:settings", "Settings", "AI speed, animations, text size, colours, sound, End Turn."),
           ("menu:rules", "Rules (F1)", "How to play: the rules by topic, searchable."),
           ("menu:title", "Leave to the title screen", "The game is kept: Continue brings you back."))
MAX_NAME_TYPED = 40


class GameMenuScene(Scene):
    shows_unsaved = True            # (the box says it when Save as is asked for)

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.current = table                  # (for the box that saves elsewhere)
        table.hover = None                    # its tooltip would show through
        self.can_save = not table.host.read_only
        self.save_name = ""
        self.focus = None                     # "field:save_name" while typing a name
        self.replacing = None                 # the name whose save exists: the next Save as replaces it
        self.message = ""
        self.elsewhere = None
        self.resize(app.screen.get_size())

    # ----- layout ------------------------------------------------------------------------
    def resize(self, size):
        w, h = size
        self.k = min(w / 1600, h / 900)
        self.size = size
        self.clear_elements()
        px, fs = self.px, self.fs
        bh = max(px(56), theme.font(fs(24), True).get_height() + px(16))
        bw = max(px(460), max(theme.text_width(label, fs(24), True) for _, label, _ in BUTTONS) + px(40))
        rows = len(BUTTONS) + (1 if self.can_save else 0)
        title = theme.font(fs(34), True).get_linesize()
        note = theme.font(fs(20)).get_linesize() * 3
        box = pygame.Rect(0, 0, min(w - px(40), bw + px(60)), title + rows * (bh + px(12)) + note + px(50))
        box.center = (w // 2, h // 2)
        self.box = box
        y = box.y + px(20) + title + px(10)
        x = box.centerx - bw // 2
        for name, _, tip in BUTTONS[:3]:
            self.add(name, pygame.Rect(x, y, bw, bh), tip=tip)
            y += bh + px(12)
        if self.can_save:
            sw = max(px(150), theme.text_width("Replace it", fs(22), True) + px(30))
            self.add("field:save_name", pygame.Rect(x, y, bw - sw - px(10), bh), tip="Type a name for the save")
            self.add("menu:save", pygame.Rect(x + bw - sw, y, sw, bh), tip="Save the game under this name.")
            y += bh + px(12)
        name, _, tip = BUTTONS[3]
        self.add(name, pygame.Rect(x, y, bw, bh), tip=tip)
        self.note_y = y + bh + px(10)
        self.add("menu_box", box)
        if self.elsewhere is not None:
            self.elsewhere.layout()

    # ----- input ----------------------------------------------------------------------------
    def click(self, name):
        if self.elsewhere is not None:
            close, _ = self.elsewhere.click(name)
            if close:
                self.elsewhere = None
            self.resize(self.size)
            return None
        self.focus = "field:save_name" if name == "field:save_name" else None
        if name == "menu:resume":
            self.app.pop()
        elif name == "menu:settings":
            self.app.show_settings()
        elif name == "menu:rules":
            self.app.show_help()
        elif name == "menu:title":
            self.app.pop()
            self.app.to_title(self.table)
        elif name == "menu:save":
            self.save()
        self.app.dirty = True
        return None

    def click_nothing(self, pos):
        if self.elsewhere is None and not self.box.collidepoint(pos):
            self.app.pop()                    # a click beside the box: back to the game

    def save(self):
        host = self.table.host
        trouble = host.unsaved()
        if trouble is not None:               # the save folder fails: a file in another folder
            self.elsewhere = ElsewhereBox(self, trouble)
            self.resize(self.size)
            return None
        name = self.save_name.strip()
        path, problem = save_path(self.app.save_dir(), name)
        if problem:
            self.message = problem
            return None
        if os.path.exists(path) and self.replacing != name:
            self.replacing = name
            self.message = f"There is already a save called {name!r}: Replace it (the button) to save over it."
            return None
        self.replacing = None
        try:
            path = host.save_as(self.app.save_dir(), name)
        except Exception as exc:              # a bad name or a SaveError: said, never a crash
            self.message = f"Not saved: {exc}"
            return None
        self.message = f"Saved as {path}"
        return path

    def key(self, event):
        if self.elsewhere is not None:
            if event.key == pygame.K_ESCAPE:
                return self.click("elsewhere:back")
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.click("elsewhere:save")
            self.elsewhere.type(event)
        elif self.focus is not None:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.save()
            elif event.key == pygame.K_ESCAPE:
                self.focus = None
            elif event.key == pygame.K_BACKSPACE:
                self.save_name = self.save_name[:-1]
            elif event.unicode and event.unicode.isprintable() and len(self.save_name) < MAX_NAME_TYPED:
                self.save_name += event.unicode
            if self.save_name.strip() != self.replacing:
                self.replacing = None
        elif event.key == pygame.K_ESCAPE:
            self.app.pop()
        self.app.dirty = True
        return None

    # ----- drawing -----------------------------------------------------------------------------
    def draw(self, surface):
        self.table.draw(surface)
        px, fs = self.px, self.fs
        theme.shade(surface, surface.get_rect(), 140)
        box = self.box
        theme.shade(surface, box.move(6, 7), 120)
        theme.panel(surface, box, radius=12, width=3)
        theme.blit_text(surface, "Game menu", fs(34), (box.centerx, box.y + px(16)), theme.WOOD, True, "midtop")
        labels = {name: label for name, label, _ in BUTTONS}
        labels["menu:save"] = "Replace it" if self.replacing else "Save as"
        for name, label in labels.items():
            r = self.element_rect(name)
            if r is not None:
                theme.button(surface, r, label, fs(24) if name != "menu:save" else fs(22), hot=self.hover == name,
                             primary=name == "menu:resume", danger=name == "menu:save" and bool(self.replacing))
        field = self.element_rect("field:save_name")
        if field is not None:
            self._field(surface, field, self.save_name, self.focus == "field:save_name", "name of the save")
        e = self.element(self.hover) if self.hover else None
        words = self.message or (e.tip if e is not None and e.tip else "")
        if words:
            room = pygame.Rect(box.x + px(20), self.note_y, box.w - px(40), box.bottom - self.note_y)
            theme.blit_wrapped(surface, words, fs(20), room, theme.RED if self.message.startswith("Not") else
                               theme.INK, align="center")
        if self.elsewhere is not None:
            self.elsewhere.draw(surface)

    def _field(self, surface, rect, value, focused, placeholder=""):
        """A text field, as the box that saves elsewhere draws its own."""
        pygame.draw.rect(surface, (250, 242, 222), rect, border_radius=6)
        pygame.draw.rect(surface, theme.HILITE if focused else theme.PANEL_EDGE, rect, 3 if focused else 1,
                         border_radius=6)
        theme.blit_text(surface, (value + ("|" if focused else "")) or placeholder, self.fs(24),
                        (rect.x + 10, rect.centery), theme.INK if value else theme.MUTED, False, "midleft", rect.w - 20)
