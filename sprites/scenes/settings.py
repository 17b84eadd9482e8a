"""Settings: a row for each setting that sprites.settings.SETTINGS gives a label, in
its order: a button for each of its choices, or - and + that step its number. Each
click takes effect at once (every scene is laid out afresh) and is remembered."""
from __future__ import annotations

import pygame

from game.data import default_data
from sprites import palette, theme
from sprites.art import common, pieces
from sprites.scene import Scene
from sprites.settings import Choices, shown


class SettingsScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.rows = shown()               # (sprites.settings.Setting)
        self.setting = {s.name: s for s in self.rows}
        self.message = ""
        self.resize(app.screen.get_size())

    # ----- layout ------------------------------------------------------------------
    def resize(self, size):
        w, h = size
        self.k = min(w / 1600, h / 900)
        self.size = size
        self.clear_elements()
        px = self.px
        self.title_h = px(120)
        self.x0 = max(px(40), w // 2 - px(640))
        self.label_w = px(520)
        bh = max(px(48), theme.font(self.fs(22), True).get_height() + px(12))
        self.row_hs = []                  # each row as tall as its own words (large text wraps them)
        for row in self.rows:
            lines = len(theme.wrap(row.help, self.fs(19), self.label_w))
            line = theme.font(self.fs(26), True).get_linesize() + lines * theme.font(self.fs(19)).get_linesize()
            self.row_hs.append(max(px(78), line + px(16), bh + px(16)))
        r = pygame.Rect(0, 0, px(240), max(px(56), bh))
        r.midbottom = (w // 2, h - px(24))
        self.add("button:back", r, tip="Back (Esc): the settings are kept.")
        self.bottom = r.y
        status = theme.font(self.fs(20)).get_linesize() + px(14)
        self.view = pygame.Rect(0, self.title_h, w, self.bottom - status - self.title_h)    # the rows scroll in it
        self.content_h = sum(self.row_hs)
        self.scroll_y = max(0, min(getattr(self, "scroll_y", 0), self.content_h - self.view.h))
        cx = self.x0 + self.label_w + px(20)
        for i, row in enumerate(self.rows):
            key, y = row.name, self.row_y(i) + px(12)
            rects = {}
            choices = row.kind.choices if isinstance(row.kind, Choices) else ()
            if not choices:                   # a number: - and + step it
                rects[f"set:{key}:-"] = (pygame.Rect(cx, y, px(60), bh), "Less")
                rects[f"set:{key}:+"] = (pygame.Rect(cx + px(240), y, px(60), bh), "More")
                if key == "volume":
                    rects["button:try_sound"] = (pygame.Rect(cx + px(320), y, px(170), bh),
                                                 "Play a sound effect at this volume.")
            bw = px(200)
            for j, (value, label) in enumerate(choices):
                rects[f"set:{key}:{_word(value)}"] = (pygame.Rect(cx + j * (bw + px(12)), y, bw, bh),
                                                      f"{row.label}: {label}")
            for name, (rect, tip) in rects.items():
                if self.view.contains(rect):          # a row scrolled out of the window is not clickable
                    self.add(name, rect, tip=tip)

    def row_y(self, i):
        return self.title_h + sum(self.row_hs[:i]) - self.scroll_y

    def scroll(self, pos, dy):
        self._scroll_by(-dy * self.px(60))

    def _scroll_by(self, dy):
        self.scroll_y = max(0, min(max(0, self.content_h - self.view.h), self.scroll_y + dy))
        self.resize(self.size)
        self.app.dirty = True

    # ----- input ---------------------------------------------------------------------
    def click(self, name):
        s = self.app.settings
        if name == "button:back":
            self.app.pop()
            return
        if name == "button:try_sound":
            if not s.sound:
                self.message = "Sound effects are off."
            elif not self.app.sounds.play("level_up"):
                self.message = "No sound: this computer has no audio device that the game can use."
            return
        if not name.startswith("set:"):
            return
        _, key, value = name.split(":")
        kind = self.setting[key].kind
        if value in "+-":
            setattr(s, key, kind.step(getattr(s, key), 1 if value == "+" else -1))
        else:
            setattr(s, key, next(v for v in kind.values if _word(v) == value))
        problem = self.app.settings_changed()
        self.message = problem or ""
        if key == "volume" and s.sound:
            self.app.sounds.play("card")

    def key(self, event):
        if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.pop()
        elif event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            step = self.view.h if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) else self.px(60)
            self._scroll_by(step if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN) else -step)

    # ----- drawing -------------------------------------------------------------------------
    def draw(self, surface):
        w, h = surface.get_size()
        px, fs = self.px, self.fs
        s = self.app.settings
        surface.fill((40, 28, 20))
        title = common.display_text("Settings", max(24, px(56)), (170, 40, 30), (250, 226, 170))
        surface.blit(title, title.get_rect(midtop=(w // 2, px(24))))
        surface.set_clip(self.view)
        for i, row in enumerate(self.rows):
            key, y = row.name, self.row_y(i)
            if y >= self.view.bottom or y + self.row_hs[i] <= self.view.y:
                continue
            if i % 2 == 0:
                pygame.draw.rect(surface, (48, 34, 24), self.row_rect(i), border_radius=8)
            r = theme.blit_text(surface, row.label, fs(26), (self.x0, y + px(8)), theme.GOLD, True,
                                width=self.label_w)
            theme.blit_wrapped(surface, row.help, fs(19),
                               pygame.Rect(self.x0, r.bottom + px(2), self.label_w, self.row_hs[i]), (220, 200, 170))
            if not any(n.startswith(f"set:{key}:") for n in self.element_names()):
                continue                          # its controls are scrolled out of sight
            if not isinstance(row.kind, Choices):
                self._draw_stepper(surface, i)
                continue
            current = getattr(s, key)
            for value, text_ in row.kind.choices:
                name = f"set:{key}:{_word(value)}"
                theme.button(surface, self.element_rect(name), ("> " if value == current else "") + text_, fs(22),
                             hot=self.hover == name, primary=value == current)
            if key == "colour_blind":
                self._draw_swatches(surface, self.element_rect("set:colour_blind:true"))
        surface.set_clip(None)
        theme.button(surface, self.element_rect("button:back"), "Back (Esc)", fs(24), hot=self.hover == "button:back")
        e = self.element(self.hover) if self.hover else None
        below = self.content_h - self.view.h - self.scroll_y         # large text: the rows scroll
        more = " More below: wheel or Down." if below > 0 else " More above: wheel or Up." if self.scroll_y else ""
        status = self.message or (e.tip if e is not None else "Changes take effect at once and are remembered." + more)
        theme.blit_text(surface, status, fs(20), (w // 2, self.bottom - px(10)), theme.HILITE if self.message
                        else (220, 200, 170), False, "midbottom", w - 40)

    def _draw_stepper(self, surface, i):
        """- and + either side of the number; the volume's bar and Try it, the text size's sample."""
        s = self.app.settings
        row, fs, px = self.rows[i], self.fs, self.px
        key, shown_now = row.name, row.kind.show(getattr(s, row.name))
        minus, plus = self.element_rect(f"set:{key}:-"), self.element_rect(f"set:{key}:+")
        theme.button(surface, minus, "-", fs(30), hot=self.hover == f"set:{key}:-")
        theme.button(surface, plus, "+", fs(30), hot=self.hover == f"set:{key}:+")
        box = pygame.Rect(minus.right + px(8), minus.y, plus.x - minus.right - px(16), minus.h)
        pygame.draw.rect(surface, (250, 242, 222), box, border_radius=6)
        if key == "volume":
            fill = box.inflate(-px(8), -px(8))
            fill.w = round(fill.w * s.volume / 100)
            pygame.draw.rect(surface, (214, 168, 54) if s.sound else (190, 180, 160), fill, border_radius=4)
            theme.button(surface, self.element_rect("button:try_sound"), "Try it", fs(22),
                         hot=self.hover == "button:try_sound", enabled=s.sound)
        theme.blit_text(surface, shown_now, fs(22), box.center, theme.INK, True, "center")
        if key == "text_scale":
            panel = self.row_rect(i)
            note = pygame.Rect(plus.right + px(20), panel.y, panel.right - px(12) - plus.right - px(20), panel.h)
            lines = theme.wrap("Sample: the smallest text on the table.", theme.min_font(), note.w)
            note.h = len(lines) * theme.font(theme.min_font()).get_linesize()
            note.centery = box.centery                # inside the row's panel, wrapped if need be
            theme.blit_wrapped(surface, " ".join(lines), theme.min_font(), note, (230, 214, 180))

    def row_rect(self, i):
        w, px = self.size[0], self.px
        return pygame.Rect(self.x0 - px(16), self.row_y(i), w - 2 * self.x0 + px(32), self.row_hs[i])

    def _draw_swatches(self, surface, after):
        """The dragons in the palette chosen now, with their letters."""
        data = palette.view_data(default_data(), self.app.settings.colour_blind)
        d = max(self.px(34), 20)
        x = after.right + self.px(24)
        for dragon in data.dragons:
            img = pieces.dragon_token(dragon.colour, dragon.letter, d)
            surface.blit(img, img.get_rect(midleft=(x, after.centery)))
            x += d + self.px(6)


def _word(value):
    return str(value).lower()


