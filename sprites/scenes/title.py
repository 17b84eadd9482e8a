"""Title / new game: seats (name, dragon colour, human or AI level), variants,
seed, hand-off setting; Start, Continue, Load, Save as, Quit."""
from __future__ import annotations

import random

import pygame

from game import default_data
from game.plaintext import name_problem
from game.session import Seat, Session
from sprites import theme
from sprites.scene import Scene
from sprites.art import pieces

NAMES = ["Ash", "Bryn", "Cora", "Dain", "Elin", "Finn"]


def ai_levels():
    try:
        from game.ai import LEVELS
    except ImportError:
        return ("random",)
    return tuple(LEVELS)


def saves_api():
    """(list_saves, load_session, save_as) from the persistence modules, or None."""
    try:
        from game.save import load_session
        from game.saves import list_saves, save_as
    except ImportError:
        return None
    return list_saves, load_session, save_as


class TitleScene(Scene):
    def __init__(self, app, current=None, players=4, seed=None, variant="standard", kinds=None):
        super().__init__(app)
        self.data = default_data()
        self.current = current            # the table of a game in progress (from its Menu button)
        dragons = [d.name for d in self.data.dragons]
        self.seats = [{"name": NAMES[i], "dragon": dragons[i], "kind": "human"} for i in range(6)]
        self.count = max(2, min(6, players or 4))
        known = ("human",) + ai_levels()
        for i, kind in enumerate((kinds or "").split(",")[:6] if kinds else ()):
            if kind.strip() in known:
                self.seats[i]["kind"] = kind.strip()
        self.strategist = "strategist" in (variant or "")
        self.desolation = "desolation" in (variant or "")
        self.handoff = app.handoff
        self.seed_text = str(seed if seed is not None else random.randrange(100000))
        self.focus = None                 # "seat:i:name", "field:seed" or "field:save_name"
        self.save_name = ""
        self.message = ""
        self.loading = None               # list of SaveInfo while the Load list is open
        self._auto = self._find_autosave()
        self.resize(app.screen.get_size())

    # ----- layout ------------------------------------------------------------------
    def resize(self, size):
        w, h = size
        self.k = k = min(w / 1600, h / 900)
        self.size = size
        self.clear_elements()
        px = lambda v: round(v * k)  # noqa: E731
        x0 = w // 2 - px(520)
        y = px(220)
        self.add("button:players_minus", pygame.Rect(x0 + px(250), y, px(44), px(40)), tip="One player fewer")
        self.add("button:players_plus", pygame.Rect(x0 + px(350), y, px(44), px(40)), tip="One player more")
        y += px(64)
        self.rows_y = y
        for i in range(self.count):
            ry = y + i * px(56)
            self.add(f"seat:{i}:name", pygame.Rect(x0 + px(70), ry, px(300), px(44)), tip="Click and type a name")
            self.add(f"seat:{i}:dragon", pygame.Rect(x0 + px(390), ry, px(220), px(44)),
                     tip="Click for the next free dragon colour")
            self.add(f"seat:{i}:kind", pygame.Rect(x0 + px(630), ry, px(220), px(44)),
                     tip="Human, or an AI dragon and its level")
        ry = y + 6 * px(56) + px(10)
        self.opt_y = ry
        self.add("toggle:strategist", pygame.Rect(x0, ry, px(330), px(44)),
                 tip="The Strategist: no lair screens, everything collected is open.")
        self.add("toggle:desolation", pygame.Rect(x0 + px(350), ry, px(330), px(44)),
                 tip="Desolation of the Old World: cooperative, score what is left on the board.")
        self.add("toggle:handoff", pygame.Rect(x0 + px(700), ry, px(340), px(44)),
                 tip="Hide the table between two human players (hot-seat).")
        ry += px(60)
        self.add("field:seed", pygame.Rect(x0 + px(90), ry, px(180), px(44)), tip="Same seed, same shuffles")
        self.add("button:random_seed", pygame.Rect(x0 + px(280), ry, px(120), px(44)), tip="A new random seed")
        by = h - px(110)
        specs = [("button:start", 220, "Start a new game with these seats.")]
        if self.current is not None:
            specs.append(("button:continue", 220, "Back to the game in progress."))
        elif self._autosave() is not None:
            specs.append(("button:continue", 220, "Continue the autosaved game."))
        if saves_api() is not None:
            specs.append(("button:load", 180, "Load a saved game."))
        specs.append(("button:help", 200, "How to play: the rules by phase and every icon (F1)."))
        specs.append(("button:quit", 160, "Close Wrath of Dragons."))
        total = sum(px(s[1]) for s in specs) + px(20) * (len(specs) - 1)
        bx = w // 2 - total // 2
        for name, bw, tip in specs:
            self.add(name, pygame.Rect(bx, by, px(bw), px(56)), tip=tip)
            bx += px(bw) + px(20)
        if self.current is not None and saves_api() is not None and hasattr(self.current.session, "settings"):
            self.add("field:save_name", pygame.Rect(w // 2 - px(260), by - px(70), px(300), px(44)),
                     tip="Type a name for the save")
            self.add("button:save_as", pygame.Rect(w // 2 + px(60), by - px(70), px(200), px(44)),
                     tip="Save the game in progress under this name.")
        if self.loading is not None:
            self._layout_load()

    def _layout_load(self):
        w, h = self.size
        k = self.k
        box = pygame.Rect(0, 0, round(760 * k), round(560 * k))
        box.center = (w // 2, h // 2)
        self.load_box = box
        for i, info in enumerate(self.loading[:9]):
            self.add(f"load:{i}", pygame.Rect(box.x + 20, box.y + round(70 * k) + i * round(50 * k), box.w - 40,
                                              round(44 * k)), tip=info.problem or info.summary, front=True)
        self.add("button:cancel", pygame.Rect(box.centerx - round(90 * k), box.bottom - round(60 * k), round(180 * k),
                                              round(44 * k)), front=True)
        self.add("load_box", box)

    def _save_dir(self):
        return self.app.save_dir()

    def _autosave(self):
        return self._auto

    def _find_autosave(self):
        api = saves_api()
        if api is None:
            return None
        found = [s for s in api[0](self._save_dir()) if s.autosave and not s.problem]
        return found[0] if found else None

    # ----- input -------------------------------------------------------------------------
    def click(self, name):
        if self.loading is not None:
            return self._load_click(name)
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
            i = int(name.split(":")[1])
            kinds = ("human",) + ai_levels()
            self.seats[i]["kind"] = kinds[(kinds.index(self.seats[i]["kind"]) + 1) % len(kinds)]
        elif name == "toggle:strategist":
            self.strategist = not self.strategist
        elif name == "toggle:desolation":
            self.desolation = not self.desolation
        elif name == "toggle:handoff":
            self.handoff = not self.handoff
        elif name == "button:random_seed":
            self.seed_text = str(random.randrange(100000))
        elif name == "button:start":
            return self.start()
        elif name == "button:continue":
            return self.resume()
        elif name == "button:load":
            self.loading = saves_api()[0](self._save_dir())
            if not self.loading:
                self.loading = None
                self.message = "No saved games yet."
        elif name == "button:save_as":
            return self.save_as()
        elif name == "button:help":
            return self.app.show_help()
        elif name == "button:quit":
            self.app.running = False
        self.resize(self.size)
        return None

    def _fix_colours(self):
        dragons = [d.name for d in self.data.dragons]
        used = set()
        for s in self.seats[:self.count]:
            if s["dragon"] in used:
                s["dragon"] = next(d for d in dragons if d not in used)
            used.add(s["dragon"])

    def _load_click(self, name):
        if name.startswith("load:"):
            info = self.loading[int(name.split(":")[1])]
            if info.problem:
                self.message = f"{info.name} cannot be loaded: {info.problem}"
                return None
            try:
                session = saves_api()[1](info.path)
            except Exception as exc:      # SaveError, with the file and the problem in words
                self.message = f"Cannot load {info.name}: {exc}"
                self.loading = None
                self.resize(self.size)
                return None
            self.loading = None
            return self.app.start_game(session)
        if name in ("button:cancel",):
            self.loading = None
            self.resize(self.size)
        return None

    def key(self, event):
        if self.focus is None:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif event.key == pygame.K_ESCAPE and self.loading is not None:
                self.loading = None
                self.resize(self.size)
            return
        if event.key in (pygame.K_RETURN, pygame.K_TAB, pygame.K_ESCAPE):
            self.focus = None
        elif event.key == pygame.K_BACKSPACE:
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
        if self.focus == "field:seed":
            return self.seed_text
        if self.focus == "field:save_name":
            return self.save_name
        return self.seats[int(self.focus.split(":")[1])]["name"]

    def _set_text(self, text):
        if self.focus == "field:seed":
            self.seed_text = text
        elif self.focus == "field:save_name":
            self.save_name = text
        else:
            self.seats[int(self.focus.split(":")[1])]["name"] = text

    # ----- actions -------------------------------------------------------------------------------
    def variant(self):
        parts = [v for v, on in (("strategist", self.strategist), ("desolation", self.desolation)) if on]
        return "+".join(parts) or "standard"

    def start(self):
        seats = [Seat(s["name"].strip() or f"{s['dragon']} Dragon", s["dragon"], s["kind"])
                 for s in self.seats[:self.count]]
        seed = int(self.seed_text) if self.seed_text.isdigit() else random.randrange(100000)
        try:
            session = Session.new(seats, seed=seed, variant=self.variant())
        except ValueError as exc:          # the engine's words for settings it cannot play
            self.message = str(exc)
            return None
        self.app.handoff = self.handoff
        return self.app.start_game(session)

    def resume(self):
        if self.current is not None:
            self.app.replace(self.current)
            self.current.resize(self.app.screen.get_size())
            return self.current
        info = self._autosave()
        if info is None:
            self.message = "There is no autosave to continue."
            return None
        return self._load_click_info(info)

    def _load_click_info(self, info):
        try:
            session = saves_api()[1](info.path)
        except Exception as exc:        # SaveError names the file and the problem
            self.message = f"Cannot continue: {exc}"
            return None
        return self.app.start_game(session)

    def save_as(self):
        if not self.save_name.strip():
            self.message = "Type a name for the save first."
            return None
        try:
            path = saves_api()[2](self.current.session, self._save_dir(), self.save_name)
        except (ValueError, OSError, Exception) as exc:    # bad name or SaveError: shown, never a crash
            self.message = f"Not saved: {exc}"
            return None
        self.message = f"Saved as {path}"
        return path

    # ----- drawing ----------------------------------------------------------------------------------
    def draw(self, surface):
        w, h = surface.get_size()
        k = self.k
        px = lambda v: round(v * k)  # noqa: E731
        surface.fill((40, 28, 20))
        for i in range(0, h, px(6)):
            pygame.draw.line(surface, (46, 32, 23), (0, i), (w, i), 1)
        from sprites.art import common
        title = common.display_text("Wrath of Dragons", max(24, px(72)), (170, 40, 30), (250, 226, 170))
        surface.blit(title, title.get_rect(midtop=(w // 2, px(40))))
        theme.blit_text(surface, "Six centuries of dragons laying waste to the Old World", max(14, px(26)),
                        (w // 2, px(150)), (230, 206, 160), False, "midtop")
        x0 = w // 2 - px(520)
        f = max(13, px(24))
        theme.blit_text(surface, f"Players: {self.count}", max(14, px(30)), (x0, px(226)), theme.GOLD, True)
        for name, label in (("button:players_minus", "-"), ("button:players_plus", "+")):
            theme.button(surface, self.element_rect(name), label, max(14, px(30)), hot=self.hover == name)
        dragons = {d.name: d for d in self.data.dragons}
        for i in range(self.count):
            s = self.seats[i]
            d = dragons[s["dragon"]]
            r = self.element_rect(f"seat:{i}:name")
            img = pieces.dragon_token(d.colour, d.letter, px(54))
            surface.blit(img, img.get_rect(center=(x0 + px(30), r.centery)))
            self._field(surface, r, s["name"], self.focus == f"seat:{i}:name")
            dr = self.element_rect(f"seat:{i}:dragon")
            pygame.draw.rect(surface, theme.rgb(d.colour), dr, border_radius=6)
            pygame.draw.rect(surface, theme.GOLD if self.hover == f"seat:{i}:dragon" else theme.INK, dr, 2,
                             border_radius=6)
            theme.blit_text(surface, f"{d.name} ({d.letter})", f, dr.center, theme.on(d.colour), True, "center")
            kind = s["kind"]
            theme.button(surface, self.element_rect(f"seat:{i}:kind"),
                         "Human" if kind == "human" else f"AI: {kind}", f, hot=self.hover == f"seat:{i}:kind",
                         primary=kind == "human")
        for name, label, on in (("toggle:strategist", "The Strategist", self.strategist),
                                ("toggle:desolation", "Desolation of the Old World", self.desolation),
                                ("toggle:handoff", "Hide the table between players", self.handoff)):
            r = self.element_rect(name)
            box = pygame.Rect(r.x, r.y + px(8), px(28), px(28))
            pygame.draw.rect(surface, (250, 240, 214), box, border_radius=4)
            if on:
                pygame.draw.lines(surface, theme.RED, False, [(box.x + 5, box.centery), (box.centerx - 2, box.bottom - 6),
                                                              (box.right - 4, box.y + 4)], 4)
            theme.blit_text(surface, label, f, (box.right + px(10), box.centery), theme.WHITE if self.hover != name
                            else theme.HILITE, False, "midleft")
        sr = self.element_rect("field:seed")
        theme.blit_text(surface, "Seed", f, (x0, sr.centery), theme.WHITE, True, "midleft")
        self._field(surface, sr, self.seed_text, self.focus == "field:seed")
        theme.button(surface, self.element_rect("button:random_seed"), "New seed", f,
                     hot=self.hover == "button:random_seed")
        labels = {"button:start": "Start", "button:continue": "Continue", "button:load": "Load...",
                  "button:help": "How to play", "button:quit": "Quit", "button:save_as": "Save as"}
        for name, label in labels.items():
            r = self.element_rect(name)
            if r is not None:
                theme.button(surface, r, label, max(14, px(28)), hot=self.hover == name,
                             primary=name == "button:start")
        nr = self.element_rect("field:save_name")
        if nr is not None:
            self._field(surface, nr, self.save_name or "", self.focus == "field:save_name", "name of the save")
        if self.message:
            theme.blit_text(surface, self.message, f, (w // 2, h - px(30)), theme.HILITE, False, "center", w - 40)
        if self.loading is not None:
            self._draw_load(surface)
        e = self.element(self.hover) if self.hover else None
        if e is not None and e.tip:
            theme.blit_text(surface, e.tip, max(12, px(20)), (w // 2, h - px(140)), (220, 200, 170), False, "center")

    def _field(self, surface, rect, value, focused, placeholder=""):
        pygame.draw.rect(surface, (250, 242, 222), rect, border_radius=6)
        pygame.draw.rect(surface, theme.HILITE if focused else theme.PANEL_EDGE, rect, 3 if focused else 1,
                         border_radius=6)
        shown = value + ("|" if focused else "")
        colour = theme.INK if value else theme.MUTED
        theme.blit_text(surface, shown or placeholder, max(13, round(24 * self.k)), (rect.x + 10, rect.centery),
                        colour, False, "midleft", rect.w - 20)

    def _draw_load(self, surface):
        k = self.k
        box = self.load_box
        theme.shade(surface, surface.get_rect(), 150)
        theme.panel(surface, box, radius=10)
        theme.blit_text(surface, "Load a saved game", max(16, round(32 * k)), (box.x + 20, box.y + 18), theme.WOOD,
                        True)
        for i, info in enumerate(self.loading[:9]):
            r = self.element_rect(f"load:{i}")
            hot = self.hover == f"load:{i}"
            pygame.draw.rect(surface, (255, 236, 170) if hot else (240, 230, 204), r, border_radius=6)
            when = info.date.strftime("%Y-%m-%d %H:%M")
            text = f"{info.name}  -  {when}  -  " + (f"cannot load: {info.problem}" if info.problem else info.summary)
            theme.blit_text(surface, text, max(12, round(21 * k)), (r.x + 10, r.centery),
                            theme.RED if info.problem else theme.INK, False, "midleft", r.w - 20)
        theme.button(surface, self.element_rect("button:cancel"), "Cancel", max(13, round(22 * k)),
                     hot=self.hover == "button:cancel")
