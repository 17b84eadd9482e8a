"""Title / new game: seats (name, dragon colour, human or AI level), variants,
seed, hand-off setting; Recent games; Start, Continue, Load, Save as, Quit.

No click here loses a game: every game autosaves under its own name and is
listed under Recent games, and leaving a game in progress (Start, Load, a
recent game) or replacing a named save asks first. A game whose autosave
fails says so in its row ("not saved since ..."), and before anything would
leave it (Quit too) the title offers to save it in another folder
(``ElsewhereBox``); so does the title the table's Menu leads to. The seat setup is
remembered between runs (sprites.settings). A save loads in a worker thread
(``opening``): the window stays responsive, says "Loading", and Esc cancels.
"""
from __future__ import annotations

import datetime
import os
import random

import pygame

from game import default_data
from game.app import unsaved
from game.app.save_folder import SaveInfo
from game.plaintext import name_problem
from game.app.version import VERSION
from game.variants import OPTIONS, VARIANTS, Variant
from sprites import palette, theme
from sprites.scene import Scene
from sprites.art import pieces
from sprites.scenes.elsewhere import ElsewhereBox

RECENT_ROWS = 6
LOADING_DOT_MS = 400                      # the "Loading..." dots move this often
KIND_LABELS = {"human": "Human"}             # an AI level reads "AI: <level>"
HANDOFF_LABEL = "Hide the table between players"
KIND_NOTES = {"normal": "default", "random": "random moves"}     # said in the list of levels
EDITED = "file edited outside the game"        # its header did not match the game inside (what shows is the game)


def kind_label(kind):
    return KIND_LABELS.get(kind, f"AI: {kind}")


def ai_levels():
    """The AI levels offered, weakest first ("random" last: it only makes random moves)."""
    from game.app.host import seat_kinds
    return tuple(kind for kind, _ in seat_kinds() if kind != "human")


def saves_api():
    """(list_saves, load_session, save_as) from the persistence modules, or None."""
    try:
        from game.app.save_format import load_session
        from game.app.save_folder import list_saves, save_as
    except ImportError:
        return None
    return list_saves, load_session, save_as


class TitleScene(Scene):
    shows_unsaved = True            # (the game's row and the Save as box say it: sprites.unsaved draws nothing)

    def __init__(self, app, current=None, players=None, seed=None, variant=None, kinds=None):
        super().__init__(app)
        self.data = default_data()
        self.current = current            # the table of a game in progress (from its Menu button)
        settings = app.settings
        self.seats = [dict(s) for s in settings.seats]
        self.count = max(2, min(6, players or settings.players))
        known = ("human",) + ai_levels()
        for i, kind in enumerate((kinds or "").split(",")[:6] if kinds else ()):
            if kind.strip() in known:
                self.seats[i]["kind"] = kind.strip()
        chosen = Variant.parse(variant) if variant in VARIANTS else None
        self.options = {o.name: getattr(chosen, o.name) if chosen else settings.options[o.name] for o in OPTIONS}
        self.handoff = app.handoff
        self.seed_text = str(seed if seed is not None else random.randrange(100000))
        self.focus = None                 # "seat:i:name", "field:seed" or "field:save_name"
        self.save_name = ""
        self.message = settings.notice or ""
        self.loading = None               # list of SaveInfo while the Load list is open
        self.menu = None                  # seat whose Human / AI level menu is open
        self.question = None              # (title, text, yes label, what to do on yes) while asking
        self.opening = None               # (Job, SaveInfo, words if it fails) while a save loads
        self.elsewhere = None             # ElsewhereBox while offering to save an unsaved game elsewhere
        self.renaming = None              # [SaveInfo, the new name typed] while a save is being renamed
        self._dots = 0                    # the step of the "Loading..." dots
        folder = unsaved.folder_problem(app.save_dir()) if app.autosave and current is None else None
        if folder:                        # at start: before a game is played and lost
            self.message = f"Games cannot be saved in the save folder ({folder}). Start with --save-dir FOLDER " \
                           "to save them elsewhere."
        self.recent = self._find_recent()
        if self._trouble() is not None:   # from the table's Menu: say it first
            self.elsewhere = ElsewhereBox(self, self._trouble())
            self.message = self.message or "The game in progress is not saved (its autosave fails): Save as keeps " \
                                           "it in another folder."
        self.resize(app.screen.get_size())

    # ----- layout ------------------------------------------------------------------
    def px(self, v):
        return round(v * self.k)

    def fs(self, base):
        """A font size scaled from 1600 x 900, never below a 12 px text height."""
        return theme.font_size(base, self.k)

    def caps(self, base):
        """The size of a heading in capitals: their height (3/4 of a line's) never below 12 px."""
        return max(self.fs(base), round(theme.min_font() * 4 / 3))

    def resize(self, size):
        w, h = size
        self.k = min(w / 1600, h / 900)
        self.size = size
        self.clear_elements()
        px = self.px
        x0 = max(px(40), w // 2 - px(760))
        self.x0 = x0
        y = px(196)
        self.add("button:players_minus", pygame.Rect(x0 + px(250), y, px(44), px(40)), tip="One player fewer")
        self.add("button:players_plus", pygame.Rect(x0 + px(350), y, px(44), px(40)), tip="One player more")
        y += px(56)
        for i in range(self.count):
            ry = y + i * px(52)
            self.add(f"seat:{i}:name", pygame.Rect(x0 + px(70), ry, px(270), px(44)), tip="Click and type a name")
            self.add(f"seat:{i}:dragon", pygame.Rect(x0 + px(356), ry, px(200), px(44)),
                     tip="Click for the next free dragon colour")
            self.add(f"seat:{i}:kind", pygame.Rect(x0 + px(572), ry, px(210), px(44)),
                     tip="Human, or an AI dragon: click to pick its level")
        ry = y + 6 * px(52) + px(8)
        tx = x0
        for o in OPTIONS:           # a toggle per option of the variant, in one row
            tw = theme.text_width(o.label, self.fs(24)) + px(70)
            self.add(f"toggle:{o.name}", pygame.Rect(tx, ry, tw, px(44)), tip=o.text)
            tx += tw + px(20)
        ry += px(52)
        f = self.fs(24)
        hw = max(px(420), theme.text_width(HANDOFF_LABEL, f) + px(50))
        self.add("toggle:handoff", pygame.Rect(x0, ry, hw, px(44)),
                 tip="Hide the table between two human players (hot-seat).")
        nw = max(px(120), theme.text_width("New seed", f, True) + px(20))
        sx = x0 + px(782) - nw - px(12) - px(150)                   # the seed's field, its label before it
        if sx - theme.text_width("Seed", f, True) - px(20) < x0 + hw:
            ry += px(52)                                            # large text: the seed on a row of its own
        self.add("field:seed", pygame.Rect(sx, ry, px(150), px(44)), tip="Same seed, same shuffles")
        self.add("button:random_seed", pygame.Rect(sx + px(162), ry, nw, px(44)), tip="A new random seed")
        self.options_bottom = ry + px(44)
        # right: recent games, and Save as for a game in progress
        rx = x0 + px(850)
        rw = max(px(300), w - rx - px(40))
        ry = px(196)
        seats_h = theme.font(self.fs(20), True).get_linesize()
        row_h = max(px(48), seats_h + theme.font(self.fs(18)).get_linesize() + px(8))    # seats, then the date
        for i, info in enumerate(self.recent[:RECENT_ROWS]):       # a long seat list takes two lines
            extra = (len(self._recent_seats(info, rw)) - 1) * (seats_h + px(3))
            self.add(f"recent:{i}", pygame.Rect(rx, ry, rw, row_h + extra), tip=self._recent_tip(info))
            ry += row_h + px(6) + extra
        self.recent_rect = pygame.Rect(rx, px(196), rw, max(RECENT_ROWS * px(54), ry - px(196)))
        if self.current is not None and saves_api() is not None and not self.current.host.read_only:
            sy = self.recent_rect.bottom + px(44)
            self.add("field:save_name", pygame.Rect(rx, sy, self.recent_rect.w - px(180), px(44)),
                     tip="Type a name for the save")
            self.add("button:save_as", pygame.Rect(rx + self.recent_rect.w - px(168), sy, px(168), px(44)),
                     tip="Save the game in progress under this name.")
        by = max(self.options_bottom + px(24), h - px(160))
        specs = [("button:start", 220, "Start a new game with these seats.")]
        if self.current is not None:
            watching = self.current.host.read_only
            specs.append(("button:continue", 220, "Back to the replay." if watching else "Back to the game in progress."))
        elif (latest := self._latest()) is not None:
            specs.append(("button:continue", 220, f"Continue the latest unfinished game: "
                                                  f"{seat_list(latest.facts or {})} ({latest.summary})."))
        if saves_api() is not None:
            specs.append(("button:load", 180, "Load a saved game."))
        specs.insert(1, ("button:tutorial", 200, "A guided first game: learn by playing, in about ten minutes."))
        specs.append(("button:quit", 160, "Close Wrath of Dragons."))
        total = sum(px(s[1]) for s in specs) + px(20) * (len(specs) - 1)
        bx = w // 2 - total // 2
        for name, bw, tip in specs:
            self.add(name, pygame.Rect(bx, by, px(bw), px(56)), tip=tip)
            bx += px(bw) + px(20)
        self.status_y = by + px(56) + px(14)          # the message line, then the hovered element's tip
        corner = [("button:settings", 170, "AI speed, animations, text size, colours, sound, End Turn."),
                  ("button:help", 200, "How to play: the rules by topic, searchable (F1).")]
        bx = w - px(24)
        for name, bw, tip in corner:                  # the top right corner, clear of the title
            bw = max(px(bw), theme.text_width("How to play", self.fs(24), True) + px(24))
            bx -= bw
            self.add(name, pygame.Rect(bx, px(24), bw, px(48)), tip=tip)
            bx -= px(12)
        if self.menu is not None:
            self._layout_menu()
        if self.loading is not None:
            self._layout_load()
        if self.question is not None:
            self._layout_question()
        if self.opening is not None:
            self._layout_opening()
        if self.elsewhere is not None:
            self.elsewhere.layout()

    def _layout_menu(self):
        anchor = self.element_rect(f"seat:{self.menu}:kind")
        kinds = ("human",) + ai_levels()
        rh = self.px(40)
        widest = max(theme.text_width("> " + self._menu_label(kind), self.fs(21), True) for kind in kinds)
        box = pygame.Rect(anchor.x, anchor.bottom + 2, max(anchor.w + self.px(40), widest + 28), rh * len(kinds) + 8)
        if box.bottom > self.size[1]:
            box.bottom = anchor.y - 2
        for j, kind in enumerate(kinds):
            self.add(f"kind:{self.menu}:{kind}", pygame.Rect(box.x + 4, box.y + 4 + j * rh, box.w - 8, rh - 2),
                     tip=_kind_tip(kind), front=True)
        self.add("menu_box", box, front=False)
        self.menu_rect = box

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

    def _save_dir(self):
        return self.app.save_dir()

    def _find_recent(self):
        try:
            from game.app.save_folder import recent_games
        except ImportError:
            return []
        listed = [s for s in recent_games(self._save_dir()) if not s.problem]
        if self._trouble() is not None and not any(self._is_current(s) for s in listed):
            listed.insert(0, self._current_row())       # its file is gone, or it never had one
        return listed

    def _is_current(self, info):
        """Is this row the game in progress? (Its autosave file, or the row made for it.)"""
        return self.current is not None and (info.path is None or self._current_file() == os.path.basename(info.path))

    def _current_row(self):
        """A row for the game in progress, from the game itself."""
        facts = self.current.host.summary()
        return SaveInfo(name="", path=None, date=datetime.datetime.now(datetime.timezone.utc), summary=facts["text"],
                        autosave=True, facts=facts)

    def _trouble(self):
        """If the game in progress cannot be autosaved, what to say of it (the host's ``unsaved``), else None."""
        return self.current.host.unsaved() if self._in_progress() else None

    def _latest(self):
        """The most recent game that is not over (what Continue continues)."""
        return next((s for s in self.recent if not (s.facts or {}).get("over")), None)

    def _recent_tip(self, info):
        verb = "Look at this finished game" if (info.facts or {}).get("over") else "Continue this game"
        return f"{verb}: {seat_list(info.facts or {})} ({info.summary})."

    def _recent_seats(self, info, width):
        """The first line of a recent game (its seats), wrapped to at most two lines of ``width``."""
        line1, _ = recent_lines(info, self.data.setup["centuries"])
        if self._is_current(info) and not (info.facts or {}).get("over"):
            line1 = "In progress - " + line1
        lines = theme.wrap(line1, self.fs(20), width - self.px(20), True)
        return list(lines[:1]) + ([" ".join(lines[1:])] if len(lines) > 1 else [])

    def _in_progress(self):
        """True if leaving the title now would leave an unfinished game (watching
        a replay is not one: the save it shows stays as it is)."""
        return self.current is not None and not self.current.host.read_only and not self.current.host.over

    # ----- input -------------------------------------------------------------------------
    def click(self, name):
        if self.elsewhere is not None:
            close, then = self.elsewhere.click(name)
            if close:
                self.elsewhere = None
                self.focus = None
            self.resize(self.size)
            return then() if then is not None else None
        if self.opening is not None:
            return self._cancel_opening() if name == "button:cancel_loading" else None
        if self.question is not None:
            return self._question_click(name)
        if self.loading is not None:
            return self._load_click(name)
        if self.menu is not None:
            seat, self.menu = self.menu, None
            if name.startswith("kind:"):
                self.seats[seat]["kind"] = name.split(":")[2]
                self.resize(self.size)
                return None
            if name == "menu_box":
                return None
        self.focus = name if name.startswith(("field:", "seat:")) and name.endswith(("name", "seed")) else None
        dragons = [d.name for d in self.data.dragons]
        if name == "button:players_minus" and self.count > 2:
            self.count -= 1
        elif name == "button:players_plus" and self.count < 6:
            self.count += 1
            self._fix_colours()
        elif name.startswith("seat:") and name.endswith(":dragon"):
            i = int(name.split(":")[1])
            taken = {s["dragon"] for j, s in enumerate(self.seats[:self.count]) if j != i}
            k = dragons.index(self.seats[i]["dragon"])
            for step in range(1, 7):
                cand = dragons[(k + step) % 6]
                if cand not in taken:
                    self.seats[i]["dragon"] = cand
                    break
        elif name.startswith("seat:") and name.endswith(":kind"):
            self.menu = int(name.split(":")[1])
        elif name.startswith("toggle:") and name[7:] in self.options:
            self.options[name[7:]] = not self.options[name[7:]]
        elif name == "toggle:handoff":
            self.handoff = not self.handoff
        elif name == "button:random_seed":
            self.seed_text = str(random.randrange(100000))
        elif name == "button:start":
            return self._leave_current("Start a new game?", "Start the new game", self.start)
        elif name == "button:continue":
            return self.resume()
        elif name.startswith("recent:"):
            return self.open_recent(self.recent[int(name.split(":")[1])])
        elif name == "button:load":
            self.loading = saves_api()[0](self._save_dir())
            if not self.loading:
                self.loading = None
                self.message = "No saved games yet."
        elif name == "button:save_as":
            return self.save_as()
        elif name == "button:help":
            return self.app.show_help()
        elif name == "button:settings":
            return self.app.show_settings()
        elif name == "button:tutorial":
            return self._leave_current("Start the tutorial?", "Start the tutorial", self.app.start_tutorial)
        elif name == "button:quit":
            if self._trouble() is not None:
                return self._leave_current("Quit?", "Quit", self._quit)
            self._quit()
        self.resize(self.size)
        return None

    def _fix_colours(self):
        dragons = [d.name for d in self.data.dragons]
        used = set()
        for s in self.seats[:self.count]:
            if s["dragon"] in used:
                s["dragon"] = next(d for d in dragons if d not in used)
            used.add(s["dragon"])

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

    def _quit(self):
        self.app.running = False

    def _leave_current(self, title, yes, then):
        """Run ``then`` at once, or after asking if a game in progress would be left
        (a game that cannot be autosaved is offered a save elsewhere first)."""
        if not self._in_progress():
            return then()
        if self._trouble() is not None:
            leave = "Quit without saving" if then == self._quit else "Leave without saving"
            self.elsewhere = ElsewhereBox(self, self._trouble(), leave, then)
            self.resize(self.size)
            return None
        kept = ("It is autosaved and stays under Recent games, so you can continue it later."
                if self._current_file() else "It is not saved (autosave is off): it will be lost.")
        return self.ask(title, f"A game is in progress. {kept}", yes, then)

    def _current_file(self):
        """The autosave file of the game in progress (None if it does not autosave)."""
        return self.current.host.autosave_file

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
        from game.app.save_folder import delete_save, rename_save
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

    def key(self, event):
        if self.elsewhere is not None:
            if event.key == pygame.K_ESCAPE:
                return self.click("elsewhere:back")
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.click("elsewhere:save")
            self.elsewhere.type(event)
            self.app.dirty = True
            return None
        if self.opening is not None:
            if event.key == pygame.K_ESCAPE:
                self._cancel_opening()
            return
        if self.question is not None:
            if event.key == pygame.K_ESCAPE:
                self._question_click("question:no")
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._question_click("question:yes")
            elif self.renaming is not None:
                self._type(event)
            return
        if self.focus is None:
            if event.key == pygame.K_ESCAPE and (self.loading is not None or self.menu is not None):
                self.loading = self.menu = None
                self.resize(self.size)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.loading is None:
                self.click("button:start")
            return
        if event.key in (pygame.K_RETURN, pygame.K_TAB, pygame.K_ESCAPE):
            self.focus = None
        else:
            self._type(event)
        self.app.dirty = True

    def _type(self, event):
        """A key typed into the focused field."""
        if event.key == pygame.K_BACKSPACE:
            self._set_text(self._get_text()[:-1])
        elif event.unicode and event.unicode.isprintable():
            text = self._get_text() + event.unicode
            if self.focus == "field:seed" and not text.isdigit():
                return
            if self.focus.startswith("seat:") and text.strip() and name_problem(text):
                return                    # the engine's rule for names (printable, at most MAX_NAME)
            self._set_text(text[:18])     # seeds stay below 2**63
        self.app.dirty = True

    def _get_text(self):
        if self.focus == "field:rename":
            return self.renaming[1]
        if self.focus == "field:seed":
            return self.seed_text
        if self.focus == "field:save_name":
            return self.save_name
        return self.seats[int(self.focus.split(":")[1])]["name"]

    def _set_text(self, text):
        if self.focus == "field:rename":
            self.renaming[1] = text
        elif self.focus == "field:seed":
            self.seed_text = text
        elif self.focus == "field:save_name":
            self.save_name = text
        else:
            self.seats[int(self.focus.split(":")[1])]["name"] = text

    # ----- actions -------------------------------------------------------------------------------
    def variant(self):
        return Variant(**self.options).name

    def start(self):
        seats = [{"name": s["name"].strip() or f"{s['dragon']} Dragon", "dragon": s["dragon"], "kind": s["kind"]}
                 for s in self.seats[:self.count]]
        seed = int(self.seed_text) if self.seed_text.isdigit() else random.randrange(100000)
        self.app.handoff = self.handoff
        try:
            table = self.app.new_game(seats, seed, self.variant())    # whoever clicked Start says who they are
        except ValueError as exc:          # the engine's words for settings it cannot play
            self.message = str(exc)
            return None
        self._remember()
        return table

    def _remember(self):
        """The seat setup and variants are kept for the next run."""
        s = self.app.settings
        s.players, s.seats = self.count, [dict(x) for x in self.seats]
        s.options, s.handoff = dict(self.options), self.handoff
        problem = s.save()
        if problem:
            self.message = problem

    def resume(self):
        if self.current is not None:
            table = self.current
            self.app.replace(table)
            table.resize(self.app.screen.get_size())
            if table.seats.needs_handoff(table.decider, returning=True):   # whoever clicked Continue may not be that player
                table.hide_for_handoff()
            return table
        info = self._latest()
        if info is None:
            self.message = "There is no game to continue."
            return None
        return self._open(info, "Cannot continue")

    def open_recent(self, info):
        """Continue a recent game (the one in progress, if it is that one)."""
        if self._is_current(info):
            return self.resume()
        return self._leave_current("Continue another game?", "Continue that game",
                                   lambda: self._open(info, "Cannot continue"))

    def _open(self, info, failed):
        """Load the save in a worker thread (parsing and replaying the largest
        take most of a second); ``update`` starts the game when it is loaded."""
        from game.app.background import Job
        from sprites.wake import wake_up
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

    def save_as(self):
        if self._trouble() is not None:       # the save folder fails: a file in another folder
            self.elsewhere = ElsewhereBox(self, self._trouble())
            self.resize(self.size)
            return None
        name = self.save_name.strip()
        if not name:
            self.message = "Type a name for the save first."
            return None
        try:
            from game.app.save_folder import file_name
            path = os.path.join(self._save_dir(), file_name(name))
        except ValueError as exc:
            self.message = f"Not saved: {exc}"
            return None
        if os.path.exists(path):
            return self.ask("Replace that save?", f"There is already a save called {name!r}. Replace it with the "
                            "game in progress?", "Replace it", self._write_save)
        return self._write_save()

    def _write_save(self):
        try:
            path = self.current.host.save_as(self._save_dir(), self.save_name)
        except Exception as exc:    # bad name or SaveError: shown, never a crash
            self.message = f"Not saved: {exc}"
            return None
        self.message = f"Saved as {path}"
        return path

    # ----- drawing ----------------------------------------------------------------------------------
    def draw(self, surface):
        w, h = surface.get_size()
        px, fs = self.px, self.fs
        surface.fill((40, 28, 20))
        for i in range(0, h, px(6)):
            pygame.draw.line(surface, (46, 32, 23), (0, i), (w, i), 1)
        from sprites.art import common
        title = common.display_text("Wrath of Dragons", max(24, px(64)), (170, 40, 30), (250, 226, 170))
        surface.blit(title, title.get_rect(midtop=(w // 2, px(28))))
        theme.blit_text(surface, "Six centuries of dragons laying waste to the Old World", fs(26),
                        (w // 2, px(120)), (230, 206, 160), False, "midtop")
        x0 = self.x0
        f = fs(24)
        theme.blit_text(surface, "NEW GAME", self.caps(26), (x0, px(160)), theme.GOLD, True)
        theme.blit_text(surface, f"Players: {self.count}", fs(30),
                        (x0, self.element_rect("button:players_minus").centery), theme.GOLD, True, "midleft")
        for name, label in (("button:players_minus", "-"), ("button:players_plus", "+")):
            theme.button(surface, self.element_rect(name), label, fs(30), hot=self.hover == name)
        dragons = {d.name: d for d in palette.view_data(self.data, self.app.settings.colour_blind).dragons}
        for i in range(self.count):
            s = self.seats[i]
            d = dragons[s["dragon"]]
            r = self.element_rect(f"seat:{i}:name")
            img = pieces.dragon_token(d.colour, d.letter, px(50))
            surface.blit(img, img.get_rect(center=(x0 + px(30), r.centery)))
            self._field(surface, r, s["name"], self.focus == f"seat:{i}:name")
            dr = self.element_rect(f"seat:{i}:dragon")
            pygame.draw.rect(surface, theme.rgb(d.colour), dr, border_radius=6)
            pygame.draw.rect(surface, theme.GOLD if self.hover == f"seat:{i}:dragon" else theme.INK, dr, 2,
                             border_radius=6)
            theme.blit_text(surface, f"{palette.colour_name(d)} ({d.letter})", f, dr.center, theme.on(d.colour), True,
                            "center")
            kind = s["kind"]
            kr = self.element_rect(f"seat:{i}:kind")
            theme.button(surface, kr, "", f, hot=self.hover == f"seat:{i}:kind" or self.menu == i,
                         primary=kind == "human")
            tip = (kr.right - px(18), kr.centery + px(4))           # a "pick from a list" arrow
            room = tip[0] - px(12) - kr.x                           # the label stays left of it
            theme.blit_text(surface, kind_label(kind), f, (kr.x + room // 2 + px(4), kr.centery), theme.WHITE, True,
                            "center", room - px(8))
            pygame.draw.polygon(surface, theme.WHITE, [(tip[0] - px(7), tip[1] - px(7)), (tip[0] + px(7), tip[1] - px(7)),
                                                       tip])
        toggles = [(f"toggle:{o.name}", o.label, self.options[o.name]) for o in OPTIONS]
        for name, label, on in toggles + [("toggle:handoff", HANDOFF_LABEL, self.handoff)]:
            r = self.element_rect(name)
            box = pygame.Rect(r.x, r.y + px(8), px(28), px(28))
            pygame.draw.rect(surface, (250, 240, 214), box, border_radius=4)
            if on:
                pygame.draw.lines(surface, theme.RED, False, [(box.x + 5, box.centery), (box.centerx - 2, box.bottom - 6),
                                                              (box.right - 4, box.y + 4)], 4)
            theme.blit_text(surface, label, f, (box.right + px(10), box.centery), theme.WHITE if self.hover != name
                            else theme.HILITE, False, "midleft", r.right - box.right - px(10))
        sr = self.element_rect("field:seed")
        theme.blit_text(surface, "Seed", f, (sr.x - px(10), sr.centery), theme.WHITE, True, "midright")
        self._field(surface, sr, self.seed_text, self.focus == "field:seed")
        theme.button(surface, self.element_rect("button:random_seed"), "New seed", f,
                     hot=self.hover == "button:random_seed")
        self._draw_recent(surface)
        labels = {"button:start": "Start", "button:continue": "Continue", "button:load": "Load...",
                  "button:help": "How to play", "button:quit": "Quit", "button:save_as": "Save as",
                  "button:tutorial": "Tutorial", "button:settings": "Settings"}
        first_time = not self.recent              # the tutorial stands out until a game was played
        for name, label in labels.items():
            r = self.element_rect(name)
            if r is not None:
                small = name in ("button:save_as", "button:settings", "button:help")
                theme.button(surface, r, label, f if small else fs(28), hot=self.hover == name,
                             primary=name == "button:start" or (name == "button:tutorial" and first_time))
        theme.blit_text(surface, f"version {VERSION}", fs(18), (w - px(16), h - px(10)), (150, 128, 100), False,
                        "bottomright")
        tip_y = self.status_y + px(36)
        if self.message:                  # wrapped on the lines left below the buttons (a notice is long)
            room = pygame.Rect(20, self.status_y, w - 40, h - self.status_y)
            tip_y = max(tip_y, theme.blit_wrapped(surface, self.message, f, room, theme.HILITE, align="center"))
        e = self.element(self.hover) if self.hover else None
        if e is not None and e.tip and self.loading is None and self.question is None and self.opening is None \
                and self.elsewhere is None:
            theme.blit_text(surface, e.tip, fs(20), (w // 2, tip_y), (220, 200, 170), False, "midtop", w - 40)
        if self.menu is not None:
            self._draw_menu(surface)
        if self.loading is not None:
            self._draw_load(surface)
        if self.question is not None:
            self._draw_question(surface)
        if self.opening is not None:
            self._draw_opening(surface)
        if self.elsewhere is not None:
            self.elsewhere.draw(surface)

    def _draw_recent(self, surface):
        px, fs = self.px, self.fs
        r = self.recent_rect
        theme.blit_text(surface, "RECENT GAMES", self.caps(26), (r.x, px(160)), theme.GOLD, True)
        if not self.recent:
            theme.blit_wrapped(surface, "Every game autosaves after each action and shows up here.", fs(20),
                               pygame.Rect(r.x, px(206), r.w, r.h), (200, 180, 150))
        for i, info in enumerate(self.recent[:RECENT_ROWS]):
            row = self.element_rect(f"recent:{i}")
            hot = self.hover == f"recent:{i}"
            pygame.draw.rect(surface, (255, 236, 170) if hot else (240, 230, 204), row, border_radius=6)
            trouble = self._trouble() if self._is_current(info) else None
            when = trouble["short"] if trouble is not None else None     # "Autosave failed: not saved since 20:14"
            _, line2 = recent_lines(info, self.data.setup["centuries"], when)
            y = row.y + px(3)
            for line in self._recent_seats(info, row.w):
                theme.blit_text(surface, line, fs(20), (row.x + px(10), y), theme.INK, True, width=row.w - px(20))
                y += theme.font(fs(20), True).get_linesize()
            theme.blit_text(surface, line2, fs(18), (row.x + px(10), row.bottom - px(3)),
                            theme.RED if trouble else theme.MUTED, trouble is not None, "bottomleft", row.w - 20)
        nr = self.element_rect("field:save_name")
        if nr is not None:
            theme.blit_text(surface, "Save the game in progress under a name:", fs(20), (nr.x, nr.y - px(6)),
                            (230, 214, 180), False, "bottomleft", r.w)
            self._field(surface, nr, self.save_name or "", self.focus == "field:save_name", "name of the save")

    def _field(self, surface, rect, value, focused, placeholder=""):
        pygame.draw.rect(surface, (250, 242, 222), rect, border_radius=6)
        pygame.draw.rect(surface, theme.HILITE if focused else theme.PANEL_EDGE, rect, 3 if focused else 1,
                         border_radius=6)
        shown = value + ("|" if focused else "")
        colour = theme.INK if value else theme.MUTED
        theme.blit_text(surface, shown or placeholder, self.fs(24), (rect.x + 10, rect.centery),
                        colour, False, "midleft", rect.w - 20)

    @staticmethod
    def _menu_label(kind):
        return kind_label(kind) + (f"  ({KIND_NOTES[kind]})" if kind in KIND_NOTES else "")

    def _draw_menu(self, surface):
        box = self.menu_rect
        theme.shade(surface, box.move(4, 5), 120)
        theme.panel(surface, box, radius=6)
        current = self.seats[self.menu]["kind"]
        for name in self.element_names():
            if not name.startswith(f"kind:{self.menu}:"):
                continue
            kind = name.split(":")[2]
            r = self.element_rect(name)
            if self.hover == name or kind == current:
                pygame.draw.rect(surface, (255, 236, 170) if self.hover == name else (232, 218, 186), r,
                                 border_radius=4)
            theme.blit_text(surface, ("> " if kind == current else "   ") + self._menu_label(kind), self.fs(21),
                            (r.x + 8, r.centery), theme.INK, kind == current, "midleft", r.w - 12)

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


def _kind_tip(kind):
    from game.app.host import seat_kinds
    return dict(seat_kinds()).get(kind, kind)


def seat_list(facts):
    """The players of a save's summary, AI seats marked: "Ash, Bryn (AI normal)".
    (Saves before version 1.0 hold no seat kinds: names only.)"""
    players = facts.get("players") if isinstance(facts.get("players"), list) else []
    kinds = facts.get("kinds") if isinstance(facts.get("kinds"), list) else []
    return ", ".join(str(name) if i >= len(kinds) or kinds[i] == "human" else f"{name} (AI {kinds[i]})"
                     for i, name in enumerate(players))


def recent_lines(info, centuries, when=None):
    """Two lines for a recent game: who (AI seats marked); when (or ``when``), century or state, variant."""
    facts = info.facts or {}
    when = when or info.date.astimezone().strftime("%a %d %b %Y, %H:%M")
    who = seat_list(facts) or "(players not recorded)"
    if not info.autosave and info.name:     # a named save ("Save as") says its name first
        who = f"{info.name}: {who}"
    variant = facts.get("variant") if isinstance(facts.get("variant"), str) else "standard"
    variant = Variant.parse(variant).brief if variant in VARIANTS else variant
    if facts.get("over"):
        state = "finished"
    elif isinstance(facts.get("century"), int):
        state = f"century {facts['century']} of {centuries}"
    else:
        state = ""
    edited = EDITED if info.edited else ""
    return who, " - ".join(x for x in (when, state, variant, edited) if x)
