"""The title screen's new-game form: the number of players, each seat (name,
dragon colour, Human or an AI level from a menu), the variant's options, the
hand-off toggle and the seed. A part of ``TitleScene`` (its ``seats``,
``count``, ``options``, ``handoff``, ``seed_text`` and ``menu``)."""
from __future__ import annotations

import random

import pygame

from game.variants import OPTIONS, Variant
from sprites import palette, theme
from sprites.art import pieces

KIND_LABELS = {"human": "Human"}             # an AI level reads "AI: <level>"
HANDOFF_LABEL = "Hide the table between players"
KIND_NOTES = {"normal": "default", "random": "random moves"}     # said in the list of levels


def kind_label(kind):
    return KIND_LABELS.get(kind, f"AI: {kind}")


def ai_levels():
    """The AI levels offered, weakest first ("random" last: it only makes random moves)."""
    from game.ai_levels import OFFERED
    return OFFERED


class SeatForm:
    """The form's layout, clicks and drawing (mixed into TitleScene)."""

    def _layout_form(self, w):
        """The form's elements, left half of the screen; sets ``x0`` and ``options_bottom``."""
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

    def _form_click(self, name):
        """A click on the form; True if it was one of the form's elements."""
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
            self.menu_pick = None             # (Up and Down start from the seat's level)
        elif name.startswith("toggle:") and name[7:] in self.options:
            self.options[name[7:]] = not self.options[name[7:]]
        elif name == "toggle:handoff":
            self.handoff = not self.handoff
        elif name == "button:random_seed":
            self.seed_text = str(random.randrange(100000))
        else:
            return False
        return True

    def _fix_colours(self):
        dragons = [d.name for d in self.data.dragons]
        used = set()
        for s in self.seats[:self.count]:
            if s["dragon"] in used:
                s["dragon"] = next(d for d in dragons if d not in used)
            used.add(s["dragon"])

    def variant(self):
        return Variant(**self.options).name

    def _draw_form(self, surface):
        px, fs = self.px, self.fs
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
            marked = self.hover == name or kind == self.menu_pick           # the pointer's, or the arrows'
            if marked or kind == current:
                pygame.draw.rect(surface, (255, 236, 170) if marked else (232, 218, 186), r, border_radius=4)
            theme.blit_text(surface, ("> " if kind == current else "   ") + self._menu_label(kind), self.fs(21),
                            (r.x + 8, r.centery), theme.INK, kind == current, "midleft", r.w - 12)


def _kind_tip(kind):
    from app.host import seat_kinds
    return dict(seat_kinds()).get(kind, kind)
