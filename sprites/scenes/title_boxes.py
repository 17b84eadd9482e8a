"""The boxes over the title screen: the Load list (with Rename and Delete), a
question (or words with only a Back button), and "Loading..." while a save
loads in a worker thread (Esc cancels it). A part of ``TitleScene`` (its
``loading``, ``question``, ``renaming`` and ``opening``)."""
from __future__ import annotations

import os

import pygame

from sprites import theme
from sprites.scenes.title_recent import EDITED, recent_lines, saves_api

LOADING_DOT_MS = 400                      # the "Loading..." dots move this often


class TitleBoxes:
    """The Load list, questions and loading (mixed into TitleScene)."""

    # ----- layout ------------------------------------------------------------------
    def _layout_load(self):
        w, h = self.size
        k = self.k
        box = pygame.Rect(0, 0, min(w - self.px(60), round(860 * k * theme.text_scale())), round(600 * k))
        box.center = (w // 2, h // 2)                   # (wider with larger text: the rows keep their words)
        self.load_box = box
        bw = max(self.px(110), max(theme.text_width(x, self.fs(19), True) for x in ("Rename", "Delete")) + self.px(20))
        for i, info in enumerate(self.loading[:9]):
            row = pygame.Rect(box.x + 20, box.y + round(70 * k) + i * round(52 * k), box.w - 40, round(46 * k))
            self.add(f"load:{i}", row, tip=info.problem or info.summary, front=True)
            for j, what in enumerate(("delete", "rename")):      # at the row's right end, in front of it
                self.add(f"load:{i}:{what}", pygame.Rect(row.right - (j + 1) * (bw + self.px(6)), row.y + self.px(5),
                                                         bw, row.h - self.px(10)),
                         tip=f"{what.capitalize()} this save", front=True)
        self.load_row_text = box.w - 40 - 2 * (bw + self.px(6)) - self.px(10)
        self.add("button:cancel", pygame.Rect(box.centerx - round(90 * k), box.bottom - round(60 * k), round(180 * k),
                                              round(44 * k)), front=True)
        self.add("load_box", box)

    def _layout_question(self):
        """A box as tall as its words: the title, the text, then the buttons."""
        w, h = self.size
        box = pygame.Rect(0, 0, self.px(760), 0)
        size = self.fs(22)
        box.w = min(w - self.px(40), max(box.w, self.px(760) * len(self.question[1]) // 600))   # a long text: wider
        lines = theme.wrap(self.question[1], size, box.w - 48)
        field = self.px(60) if self.renaming is not None else 0
        box.h = self.px(70) + len(lines) * theme.font(size).get_linesize() + field + self.px(28) + self.px(74)
        box.center = (w // 2, h // 2)
        self.question_box = box
        bw = self.px(300)
        if self.question[2] is not None:
            self.add("question:yes", pygame.Rect(box.centerx - bw - self.px(10), box.bottom - self.px(74), bw,
                                                 self.px(52)), front=True)
        no = pygame.Rect(box.centerx + self.px(10), box.bottom - self.px(74), bw, self.px(52))
        if self.question[2] is None:
            no.centerx = box.centerx
        self.add("question:no", no, front=True)
        if field:
            self.add("field:rename", pygame.Rect(box.x + 24, no.y - self.px(28) - self.px(48), box.w - 48, self.px(48)),
                     tip="The new name of the save", front=True)
        self.add("question_box", box)

    def _layout_opening(self):
        box = pygame.Rect(0, 0, self.px(760), self.px(220))
        box.center = (self.size[0] // 2, self.size[1] // 2)
        self.opening_box = box
        self.add("button:cancel_loading", pygame.Rect(box.centerx - self.px(110), box.bottom - self.px(74),
                                                      self.px(220), self.px(52)), tip="Stop loading (Esc)", front=True)
        self.add("opening_box", box)


    # ----- input -------------------------------------------------------------------------
    def ask(self, title, text, yes, then):
        """A question over the title screen; ``then`` runs if the player says yes."""
        self.question = (title, text, yes, then)
        self.focus = None
        self.resize(self.size)

    def tell(self, title, text):
        """Words over the title screen (wrapped, never cut) with only a Back button."""
        self.ask(title, text, None, None)

    def _question_click(self, name):
        if name == "field:rename":
            self.focus = name
            return None
        if name not in ("question:yes", "question:no") or (name == "question:yes" and self.question[2] is None):
            return None
        then = self.question[3]
        self.question = None
        self.focus = None
        if name == "question:no":
            self.renaming = None
        self.resize(self.size)
        return then() if name == "question:yes" else None


    def _load_click(self, name):
        if name.startswith("load:") and name.endswith((":rename", ":delete")):
            return self._change_save(self.loading[int(name.split(":")[1])], name.rsplit(":", 1)[1])
        if name.startswith("load:"):
            info = self.loading[int(name.split(":")[1])]
            if info.problem:                # the reason in full, wrapped (a row cuts it short)
                self.message = f"{info.name} cannot be loaded: {info.problem}"
                self.tell("This save cannot be loaded", f"{info.name}: {info.problem}")
                return None
            self.loading = None
            self.resize(self.size)
            return self._leave_current("Load this game?", "Load it", lambda: self._open(info, "Cannot load"))
        if name in ("button:cancel",):
            self.loading = None
            self.resize(self.size)
        return None

    def _change_save(self, info, what):
        """Rename or delete a save of the Load list (asked first; never the game in progress's file)."""
        if self._is_current(info):
            return self.tell("This is the game in progress", "It keeps autosaving to this file: it cannot be "
                             f"{what}d while it is in progress. Start another game or quit first.")
        if what == "delete":
            return self.ask("Delete this save?", f"{info.name} ({info.summary or info.problem}) is deleted for good.",
                            "Delete it", lambda: self._saves_changed(info, None))
        self.renaming = [info, ""]
        self.ask("Rename this save", f"{info.name} ({info.summary or info.problem}): type its new name.", "Rename it",
                 lambda: self._saves_changed(info, self.renaming[1]))
        self.focus = "field:rename"
        return None

    def _saves_changed(self, info, new_name):
        """Delete (new_name None) or rename the save, then show the list again."""
        from app.save_folder import delete_save, rename_save
        self.renaming = None
        try:
            if new_name is None:
                delete_save(info.path)
                self.message = f"Deleted {info.name}."
            else:
                rename_save(info.path, new_name)
                self.message = f"Renamed {info.name} to {new_name.strip()}."
        except Exception as exc:            # a bad name, SaveError: said, never a crash
            self.message = ""
            self.tell("Not done", str(exc))
        self.loading = saves_api()[0](self._save_dir()) or None
        self.recent = self._find_recent()
        self.resize(self.size)


    # ----- loading ----------------------------------------------------------------------
    def _open(self, info, failed):
        """Load the save in a worker thread (parsing and replaying the largest
        take most of a second); ``update`` starts the game when it is loaded."""
        from app.background import Job
        from app.engine_imports import import_engine
        from sprites.wake import wake_up
        import_engine()                     # (here, on the main thread: never first in the worker)
        self.opening = (Job(saves_api()[1], info.path, notify=wake_up, name="load"), info, failed)
        self.message = ""
        self.resize(self.size)
        return None

    def _cancel_opening(self):
        self.opening[0].cancel()          # (the worker finishes on its own; its result is dropped)
        self.opening = None
        self.message = "Loading cancelled."
        self.resize(self.size)

    def update(self, now):
        if self.opening is None:
            return False
        job, info, failed = self.opening
        if not job.done():
            if now // LOADING_DOT_MS != self._dots:
                self._dots = now // LOADING_DOT_MS
                self.app.dirty = True
            return False
        self.opening = None
        self.resize(self.size)
        self.app.dirty = True
        if job.error is not None:         # SaveError names the file and the problem: in full in a box
            self.message = f"{failed}: {job.error}"
            self.tell(f"{failed}: this save", str(job.error))
            return False
        self.app.start_game(job.result, autosave_file=os.path.basename(info.path) if info.autosave else None,
                            returning=True)
        return False

    def wakeup_ms(self, now):
        return LOADING_DOT_MS - now % LOADING_DOT_MS if self.opening is not None else None


    # ----- drawing ----------------------------------------------------------------------
    def _draw_load(self, surface):
        box = self.load_box
        theme.shade(surface, surface.get_rect(), 150)
        theme.panel(surface, box, radius=10)
        theme.blit_text(surface, "Load a saved game", self.fs(32), (box.x + 20, box.y + 18), theme.WOOD, True)
        for i, info in enumerate(self.loading[:9]):
            r = self.element_rect(f"load:{i}")
            hot = self.hover == f"load:{i}"
            pygame.draw.rect(surface, (255, 236, 170) if hot else (240, 230, 204), r, border_radius=6)
            when = info.date.astimezone().strftime("%Y-%m-%d %H:%M")
            text = f"{info.name}  -  {when}  -  " + (f"cannot load: {info.problem}" if info.problem else info.summary) \
                + (f"  -  {EDITED}" if info.edited else "")
            theme.blit_text(surface, text, self.fs(21), (r.x + 10, r.centery),
                            theme.RED if info.problem else theme.INK, False, "midleft", self.load_row_text)
            for what in ("rename", "delete"):
                name = f"load:{i}:{what}"
                theme.button(surface, self.element_rect(name), what.capitalize(), self.fs(19), hot=self.hover == name,
                             danger=what == "delete" and self.hover == name)
        theme.button(surface, self.element_rect("button:cancel"), "Cancel", self.fs(22),
                     hot=self.hover == "button:cancel")

    def _draw_question(self, surface):
        title, text, yes, _ = self.question
        box = self.question_box
        theme.shade(surface, surface.get_rect(), 150)
        theme.panel(surface, box, radius=10)
        theme.blit_text(surface, title, self.fs(30), (box.x + 24, box.y + self.px(20)), theme.WOOD, True)
        theme.blit_wrapped(surface, text, self.fs(22), pygame.Rect(box.x + 24, box.y + self.px(70), box.w - 48,
                                                                   box.h - self.px(144)), theme.INK)
        if self.renaming is not None:
            self._field(surface, self.element_rect("field:rename"), self.renaming[1], self.focus == "field:rename",
                        "the new name")
        if yes is not None:
            theme.button(surface, self.element_rect("question:yes"), yes, self.fs(22), hot=self.hover == "question:yes",
                         primary=True)
        theme.button(surface, self.element_rect("question:no"), "Back (Esc)", self.fs(22),
                     hot=self.hover == "question:no")

    def _draw_opening(self, surface):
        info = self.opening[1]
        box = self.opening_box
        theme.shade(surface, surface.get_rect(), 150)
        theme.panel(surface, box, radius=10)
        dots = "." * (1 + self._dots % 3)
        theme.blit_text(surface, f"Loading{dots}", self.fs(30), (box.x + 24, box.y + self.px(20)), theme.WOOD, True)
        first, second = recent_lines(info, self.data.setup["centuries"]) if info.autosave else (info.name, info.summary)
        theme.blit_text(surface, first, self.fs(22), (box.x + 24, box.y + self.px(70)), theme.INK, True,
                        width=box.w - 48)
        theme.blit_text(surface, second, self.fs(20), (box.x + 24, box.y + self.px(102)), theme.MUTED, False,
                        width=box.w - 48)
        theme.button(surface, self.element_rect("button:cancel_loading"), "Cancel (Esc)", self.fs(22),
                     hot=self.hover == "button:cancel_loading")
