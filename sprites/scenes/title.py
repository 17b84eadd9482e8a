"""Title / new game: seats (name, dragon colour, human or AI level), variants,
seed, hand-off setting; Recent games; Start, Continue, Load, Save as, Quit.

No click here loses a game: every game autosaves under its own name and is
listed under Recent games, and leaving a game in progress (Start, Load, a
recent game) or replacing a named save asks first (an online game is kept by
its server: no save of it here until it is over). A game whose autosave
fails says so in its row ("not saved since ..."), and before anything would
leave it (Quit too) the title offers to save it in another folder
(``ElsewhereBox``); so does the title the table's Menu leads to. The seat setup is
remembered between runs (sprites.settings). A save loads in a worker thread
(``opening``): the window stays responsive, says "Loading", and Esc cancels.

The screen's parts: the new-game form (``title_form``), Recent games and
Save as (``title_recent``), the buttons and what they do (``title_buttons``:
another entry is one more line there), and the boxes over it - the Load
list, questions, loading (``title_boxes``); the box offering a save elsewhere
is ``elsewhere``.
"""
from __future__ import annotations

import random

import pygame

from game import default_data
from app import unsaved
from app.version import VERSION
from game.plaintext import name_problem
from game.variants import OPTIONS, VARIANTS, Variant
from sprites import textfield, theme
from sprites.scene import Scene
from sprites.scenes.elsewhere import ElsewhereBox
from sprites.scenes.title_boxes import TitleBoxes
from sprites.scenes.title_buttons import TitleButtons
from sprites.scenes.title_form import SeatForm, ai_levels
from sprites.scenes.title_recent import RecentGames
from sprites.table.keyboard import FOCUS


class TitleScene(SeatForm, RecentGames, TitleBoxes, TitleButtons, Scene):
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
        self.focus = None                 # "seat:i:name", "field:seed" or "field:save_name" while typing
        self.all_selected = False         # the focused field's whole text is selected (Ctrl+A)
        self.kfocus = None                # the control the keyboard is on (Tab), which Enter takes
        self.menu_pick = None             # the level Up/Down mark in an open Human / AI level list
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
    def caps(self, base):
        """The size of a heading in capitals: their height (3/4 of a line's) never below 12 px."""
        return max(self.fs(base), round(theme.min_font() * 4 / 3))

    def resize(self, size):
        w, h = size
        self.k = min(w / 1600, h / 900)
        self.size = size
        self.clear_elements()
        px = self.px
        self._layout_form(w)
        self._layout_recent(w)
        by = max(self.options_bottom + px(24), h - px(160))
        self._layout_buttons(w, by)
        self.status_y = by + px(56) + px(14)          # the message line, then the hovered element's tip
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

    # ----- input -------------------------------------------------------------------------
    def click(self, name):
        self.all_selected = False
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
        self.kfocus = None                # (a click leaves the keyboard: Enter is Start again)
        if self._form_click(name):
            pass
        elif name.startswith("recent:"):
            return self.open_recent(self.recent[int(name.split(":")[1])])
        elif name == "button:save_as":
            return self.save_as()
        else:
            clicked, then = self._button_click(name)
            if clicked:
                return then
        self.resize(self.size)
        return None

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
        if self._kept_online():
            kept = "It is an online game: the server keeps it. Open it again from Play online, under My games."
        elif self._current_file():
            kept = "It is autosaved and stays under Recent games, so you can continue it later."
        else:
            kept = "It is not saved (autosave is off): it will be lost."
        return self.ask(title, f"A game is in progress. {kept}", yes, then)

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
        if self.menu is not None and self._menu_key(event):
            return
        if event.key == pygame.K_TAB and self.loading is None:
            return self._tab(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        if self.focus is None:
            if event.key == pygame.K_ESCAPE and (self.loading is not None or self.menu is not None):
                self.loading = self.menu = None
                self.resize(self.size)
            elif event.key == pygame.K_ESCAPE:
                self.kfocus = None
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and (self.kfocus or "").endswith(":kind"):
                self._next_kind(int(self.kfocus.split(":")[1]), 1 if event.key == pygame.K_DOWN else -1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.loading is None:
                if self.kfocus is not None:       # Enter acts on the focused control
                    self._act_on_focus()
                elif event.key != pygame.K_SPACE:
                    self.click("button:start")
            self.app.dirty = True
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.focus = None
            if event.key != pygame.K_ESCAPE:
                self.kfocus = None                # typed: the next Enter starts the game
        else:
            self._type(event)
        self.app.dirty = True

    # ----- the keyboard: Tab through the controls, Enter on the focused one ----------------
    def focusable(self):
        """The controls Tab goes through, in the order they are laid out (the form, Recent
        games, the row of buttons, the corner)."""
        kinds = ("button:", "seat:", "toggle:", "field:", "recent:")
        return [e.name for e in self.elements if e.name.startswith(kinds) and e.name != "field:rename"
                and not e.name.startswith("recent:more")]

    def _tab(self, step):
        self.all_selected = False
        names = self.focusable()
        if not names:
            return
        at = self.kfocus if self.kfocus in names else self.focus
        k = names.index(at) + step if at in names else (0 if step > 0 else len(names) - 1)
        self.kfocus = names[k % len(names)]
        self.menu = None
        typing = self.kfocus.startswith(("field:", "seat:")) and self.kfocus.endswith(("name", "seed"))
        self.focus = self.kfocus if typing else None      # a text field: type into it at once
        self.resize(self.size)
        self.app.dirty = True

    def _act_on_focus(self):
        name = self.kfocus
        if name.endswith(":kind"):
            self.click(name)                  # opens its list
            self.kfocus = name
            self.menu_pick = self.seats[self.menu]["kind"]
            self.resize(self.size)
            return
        self.click(name)
        if isinstance(self.app.scene, TitleScene) and name in self.focusable():
            self.kfocus = name                # (Start and the like leave this screen)

    def _kinds(self):
        return ("human",) + ai_levels()

    def _next_kind(self, seat, step):
        kinds = self._kinds()
        self.seats[seat]["kind"] = kinds[(kinds.index(self.seats[seat]["kind"]) + step) % len(kinds)]
        self.resize(self.size)

    def _menu_key(self, event):
        """Up and Down move through the open Human / AI level list, Enter takes the one marked,
        Esc closes it; True if the key was one of these."""
        kinds = self._kinds()
        if self.menu_pick not in kinds:
            self.menu_pick = self.seats[self.menu]["kind"]
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            step = 1 if event.key == pygame.K_DOWN else -1
            self.menu_pick = kinds[(kinds.index(self.menu_pick) + step) % len(kinds)]
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            seat, self.menu = self.menu, None
            self.seats[seat]["kind"] = self.menu_pick
            self.kfocus = f"seat:{seat}:kind"
            self.resize(self.size)
        else:
            return False
        self.app.dirty = True
        return True

    def _type(self, event):
        """A key typed into the focused field (Ctrl+A selects its whole text: sprites.textfield)."""
        selected, self.all_selected = self.all_selected, False
        self.app.dirty = True
        if textfield.selects_all(event):
            self.all_selected = True
            return
        text = textfield.edit(self._get_text(), event, selected)
        if text is None:
            return
        if text and event.key not in (pygame.K_BACKSPACE, pygame.K_DELETE):
            bad = (self.focus == "field:seed" and not text.isdigit()) or \
                (self.focus.startswith("seat:") and text.strip() and name_problem(text))
            if bad:                       # (names: the engine's rule, printable and at most MAX_NAME)
                self.all_selected = selected
                return
        self._set_text(text[:18])         # seeds stay below 2**63

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
        f = fs(24)
        self._draw_form(surface)
        self._draw_recent(surface)
        self._draw_buttons(surface)
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
        focused = self.element_rect(self.kfocus) if self.kfocus is not None and self.menu is None else None
        if focused is not None and self.loading is None and self.question is None and self.elsewhere is None:
            ring = max(3, px(4))
            pygame.draw.rect(surface, FOCUS, focused.inflate(2 * ring, 2 * ring), ring, border_radius=8)
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

    def _field(self, surface, rect, value, focused, placeholder="", selected=None):
        """A text field; ``selected``: its whole text is selected (Ctrl+A), drawn on a band with no
        caret (None: whether the screen's focused field is)."""
        selected = focused and (self.all_selected if selected is None else selected)
        pygame.draw.rect(surface, (250, 242, 222), rect, border_radius=6)
        pygame.draw.rect(surface, theme.HILITE if focused else theme.PANEL_EDGE, rect, 3 if focused else 1,
                         border_radius=6)
        shown = value + ("|" if focused and not selected else "")
        colour = theme.INK if value else theme.MUTED
        if selected:
            room = rect.w - 20
            textfield.draw_selection(surface, rect, theme.fit(value, self.fs(24), room), self.fs(24), room)
        theme.blit_text(surface, shown or placeholder, self.fs(24), (rect.x + 10, rect.centery),
                        colour, False, "midleft", rect.w - 20)
