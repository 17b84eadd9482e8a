"""The game menu (Esc or the Menu button at the table): Resume, Save as (a name
typed in the box), Settings, Rules help, Leave to the title screen and Quit,
over the table, which waits under it (no AI dragon moves while it is open).
Settings and Rules open over it and come back to it. A save under a name that
exists asks again first (the button then says "Replace it"); while the
autosave fails, Save as offers a file in another folder, and so does Quit
before it closes the window (``elsewhere.ElsewhereBox``), as the title screen
does. Up and Down (or Tab) move a visible focus through the buttons; Enter
takes the focused one, or Resume (drawn as the default) while none is focused."""
from __future__ import annotations

import os

import pygame

from app.ports import is_online
from sprites import textfield, theme
from sprites.scene import Scene
from sprites.scenes.elsewhere import ElsewhereBox
from sprites.scenes.title_recent import save_path
from sprites.settings import summary as settings_summary
from sprites.table.keyboard import FOCUS

BUTTONS = {"menu:resume": ("Resume (Esc)", "Back to the game."),
           "menu:settings": ("Settings", settings_summary()),
           "menu:rules": ("Rules help (F1)", "How to play: the rules by topic, searchable."),
           "menu:title": ("Leave to the title screen", "The game is kept: Continue brings you back."),
           "menu:quit": ("Quit", "Close Wrath of Dragons.")}
MAX_NAME_TYPED = 40
SAVE_TIPS = {"field:save_name": "Type a name for the save", "menu:save": "Save the game under this name."}
ONLINE_NOT_OVER = "An online game can be saved here once it is over: the server keeps it until then."
DEFAULT = "menu:resume"         # drawn as the primary button: what Enter takes while no button is focused


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
        self.all_selected = False             # its whole text is selected (Ctrl+A)
        self.kfocus = None                    # the button the keyboard is on (Up, Down, Tab; Enter takes it)
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
        bh = max(px(52), theme.font(fs(24), True).get_height() + px(14))
        gap = px(10)
        bw = max(px(460), max(theme.text_width(label, fs(24), True) for label, _ in BUTTONS.values()) + px(40))
        rows = self.rows()
        title = theme.font(fs(34), True).get_linesize()
        note = theme.font(fs(20)).get_linesize() * 3
        bw = min(bw, w - px(100))
        box = pygame.Rect(0, 0, bw + px(60), title + len(rows) * (bh + gap) + note + px(50))
        if box.h > h - px(20):          # large text in a short window: the buttons give up some height
            bh = max(theme.font(fs(24), True).get_height() + px(6), (h - px(70) - title - note) // len(rows) - gap)
            box.h = title + len(rows) * (bh + gap) + note + px(50)
        box.center = (w // 2, h // 2)
        self.box = box
        y = box.y + px(20) + title + px(10)
        x = box.centerx - bw // 2
        for row in rows:
            if row == "menu:save":
                sw = max(px(150), theme.text_width("Replace it", fs(22), True) + px(30))
                self.add("field:save_name", pygame.Rect(x, y, bw - sw - px(10), bh), tip=self.tip("field:save_name"))
                self.add("menu:save", pygame.Rect(x + bw - sw, y, sw, bh), tip=self.tip("menu:save"))
            else:
                self.add(row, pygame.Rect(x, y, bw, bh), tip=self.tip(row))
            y += bh + gap
        self.note_y = y
        self.add("menu_box", box)
        if self.elsewhere is not None:
            self.elsewhere.layout()

    def tip(self, name):
        if name in SAVE_TIPS:
            return self.save_refused() or SAVE_TIPS[name]
        if name == "menu:quit" and self.table.host.autosave_file and not self.table.host.over:
            return "Close Wrath of Dragons. The game is autosaved: Continue takes it up next time."
        return BUTTONS[name][1]

    def save_refused(self):
        """Why Save as is greyed now (an online game until it is over: it could not save), or None."""
        host = self.table.host
        return ONLINE_NOT_OVER if is_online(host) and not host.over else None

    def rows(self):
        """The menu's rows, top to bottom (Save as: a field and its button)."""
        save = ["menu:save"] if self.can_save else []
        return ["menu:resume"] + save + ["menu:settings", "menu:rules", "menu:title", "menu:quit"]

    def focusable(self):
        """What Up, Down and Tab go through, in order."""
        out = []
        for row in self.rows():
            if row != "menu:save":
                out.append(row)
            elif self.save_refused() is None:
                out += ["field:save_name", "menu:save"]
        return out

    # ----- input ----------------------------------------------------------------------------
    def click(self, name):
        if self.elsewhere is not None:
            close, then = self.elsewhere.click(name)
            if close:
                self.elsewhere = None
            self.resize(self.size)
            return then() if then is not None else None
        if name in ("field:save_name", "menu:save") and self.save_refused() is not None:
            return None                       # greyed: its tip says why
        self.all_selected = False
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
        elif name == "menu:quit":
            self.quit()
        elif name == "menu:save":
            self.save()
        self.app.dirty = True
        return None

    def click_nothing(self, pos):
        if self.elsewhere is None and not self.box.collidepoint(pos):
            self.app.pop()                    # a click beside the box: back to the game

    def quit(self):
        """Close the window (its autosaves land first, sprites.app.App.close); a game whose
        autosave fails is offered a file in another folder first."""
        trouble = self.table.host.unsaved() if not self.table.host.read_only else None
        if trouble is not None:
            self.elsewhere = ElsewhereBox(self, trouble, "Quit without saving", self._quit_now)
            self.resize(self.size)
            return
        self._quit_now()

    def _quit_now(self):
        self.app.running = False

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
        elif self.focus is not None and event.key not in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            selected, self.all_selected = self.all_selected, False
            if textfield.selects_all(event):
                self.all_selected = True
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.save()
            elif event.key == pygame.K_ESCAPE:
                self.focus = None
            elif (text := textfield.edit(self.save_name, event, selected)) is not None and \
                    len(text) <= MAX_NAME_TYPED:
                self.save_name = text
            if self.save_name.strip() != self.replacing:
                self.replacing = None
        elif event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self.move_focus(-1 if event.key == pygame.K_UP or (event.mod & pygame.KMOD_SHIFT) else 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.kfocus is not None:
            self.click(self.kfocus)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.click(DEFAULT)
        self.app.dirty = True
        return None

    def move_focus(self, step):
        self.all_selected = False
        names = self.focusable()
        at = names.index(self.kfocus) if self.kfocus in names else (-1 if step > 0 else 0)
        self.kfocus = names[(at + step) % len(names)]
        self.focus = self.kfocus if self.kfocus == "field:save_name" else None

    # ----- drawing -----------------------------------------------------------------------------
    def draw(self, surface):
        self.table.draw(surface)
        px, fs = self.px, self.fs
        theme.shade(surface, surface.get_rect(), 140)
        box = self.box
        theme.shade(surface, box.move(6, 7), 120)
        theme.panel(surface, box, radius=12, width=3)
        theme.blit_text(surface, "Game menu", fs(34), (box.centerx, box.y + px(16)), theme.WOOD, True, "midtop")
        labels = {name: label for name, (label, _) in BUTTONS.items()}
        labels["menu:save"] = "Replace it" if self.replacing else "Save as"
        for name, label in labels.items():
            r = self.element_rect(name)
            if r is not None:
                enabled = name != "menu:save" or self.save_refused() is None
                theme.button(surface, r, label, fs(24) if name != "menu:save" else fs(22), enabled=enabled,
                             hot=self.hover == name,
                             primary=name == DEFAULT, danger=name == "menu:save" and bool(self.replacing))
        field = self.element_rect("field:save_name")
        if field is not None:
            self._field(surface, field, self.save_name, self.focus == "field:save_name", "name of the save",
                        enabled=self.save_refused() is None)
        e = self.element(self.hover) if self.hover else None
        words = self.message or (self.tip(e.name) if e is not None and e.tip else "")     # (an online game may end)
        if words:
            room = pygame.Rect(box.x + px(20), self.note_y, box.w - px(40), box.bottom - self.note_y)
            theme.blit_wrapped(surface, words, fs(20), room, theme.RED if self.message.startswith("Not") else
                               theme.INK, align="center")
        focused = self.element_rect(self.kfocus) if self.kfocus is not None and self.elsewhere is None else None
        if focused is not None:
            w = max(3, px(4))
            pygame.draw.rect(surface, FOCUS, focused.inflate(2 * w, 2 * w), w, border_radius=8)
        if self.elsewhere is not None:
            self.elsewhere.draw(surface)

    def _field(self, surface, rect, value, focused, placeholder="", enabled=True, selected=None):
        """A text field, as the box that saves elsewhere draws its own (greyed as a button is, if it cannot
        be used); ``selected``: its whole text is selected (Ctrl+A; None: whether the menu's field is)."""
        selected = focused and (self.all_selected if selected is None else selected)
        pygame.draw.rect(surface, (250, 242, 222) if enabled else (200, 190, 170), rect, border_radius=6)
        pygame.draw.rect(surface, theme.HILITE if focused else theme.PANEL_EDGE, rect, 3 if focused else 1,
                         border_radius=6)
        if selected:
            room = rect.w - 20
            textfield.draw_selection(surface, rect, theme.fit(value, self.fs(24), room), self.fs(24), room)
        theme.blit_text(surface, (value + ("|" if focused and not selected else "")) or placeholder, self.fs(24),
                        (rect.x + 10, rect.centery), theme.INK if value else theme.MUTED, False, "midleft", rect.w - 20)
