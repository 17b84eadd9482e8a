"""The guided first game: the real table, with the script's step in a panel
over the map and outlines (and an arrow) on the table's elements that offer
what the step asks for. The player makes the real moves; the step changes
when the game shows it was done (sprites.tutorial.Guide). The guide is a part
of the table (``GuidePart``)."""
from __future__ import annotations

import math

import pygame

from sprites import palette, theme
from sprites.art import common
from sprites.scenes.table import TableScene
from sprites.table import keyboard, tips as tiptext
from sprites.table.part import TablePart
from sprites.tutorial import Guide

OUTLINE = (255, 214, 92)
BUTTONS = {"tutorial:next": "Next", "tutorial:play_on": "Play on", "tutorial:leave": "Leave the tutorial"}


class TutorialScene(TableScene):
    """The table with the tutorial's guide; ``guide`` is its progress."""

    def __init__(self, app, host, script):
        human = next(i for i, s in enumerate(host.seats) if s["kind"] == "human")
        self.tutorial = GuidePart(Guide(script, human=human))
        self.guide = self.tutorial.guide
        super().__init__(app, host, handoff=False, part=self.tutorial)

    def targets(self):
        return self.tutorial.targets()


class GuidePart(TablePart):

    def __init__(self, guide):
        self.guide = guide
        self.panel = None
        self._masks = {}            # the outlined regions' masks (the panel keeps off them)

    # ----- the script follows the game ---------------------------------------------
    def changed(self, actor, chosen):
        """Every move of the player reaches the guide before the table refreshes."""
        for kind in chosen:
            self.guide.saw(kind, actor)

    def undone(self):
        if self.guide.moves:
            self.guide.moves.pop()            # undo takes back only the player's own moves

    def refresh(self):
        self.guide.update(self.table.decision)

    def in_sight(self, groups):
        """The cards the step asks for, if the hand shows a page of it without them."""
        step = self.guide.pointing()
        if step is None or not step.do:
            return groups
        wanted = {i for i, o in enumerate(self.table.options) if o["action"]["kind"] in step.do}
        return {n: idx for n, idx in groups.items() if wanted & set(idx)} or groups

    # ----- elements ------------------------------------------------------------------
    def register(self):
        t = self.table
        step = self.guide.step
        self.panel = None
        if step is None or t.lay is None:
            return
        self.panel = self._panel_rect()
        t.add("tutorial:panel", self.panel, front=True)       # hit before the table under it
        for name, rect in self._button_rects(self.panel, step).items():      # hit before the panel
            t.add(name, rect, front=True, tip=_tip(name))

    def _button_rects(self, panel, step):
        """The panel's buttons in its last row: Leave at the left end, Next or Play on at
        the right end, so that Leave never takes the place Next had under the pointer. In a
        narrow panel (a side column of a small window) Leave goes a row higher, never over Next."""
        lay = self.table.lay
        bh = self._button_h()
        y = panel.bottom - lay.pad * 2 - bh
        out = {}
        x = panel.right - lay.pad * 2
        for name in reversed(self._buttons(step)):
            bw = theme.text_width(BUTTONS[name], lay.font(20), True) + lay.px(28)
            x -= bw
            out[name] = pygame.Rect(x, y, bw, bh)
            x -= lay.pad
        if self._two_rows(panel.w, step):
            y -= bh + lay.pad
        bw = theme.text_width(BUTTONS["tutorial:leave"], lay.font(20), True) + lay.px(28)
        out["tutorial:leave"] = pygame.Rect(panel.x + lay.pad * 2, y, bw, bh)
        return out

    def _button_h(self):
        lay = self.table.lay
        return max(lay.px(40), theme.font(lay.font(20), True).get_height() + lay.px(12))

    def _two_rows(self, w, step):
        """Whether Leave and the step's buttons do not fit side by side in a panel ``w`` wide."""
        lay = self.table.lay
        names = ["tutorial:leave"] + self._buttons(step)
        need = sum(theme.text_width(BUTTONS[n], lay.font(20), True) + lay.px(28) for n in names)
        return need + lay.pad * (len(names) - 1) > w - 4 * lay.pad

    def kept_clear(self):
        return (self.panel,) if self.panel is not None else ()

    def _buttons(self, step):
        """The buttons at the right end of the panel's last row (Leave is at its left end)."""
        if step is self.guide.steps[-1]:
            return ["tutorial:play_on"]
        return [] if step.do else ["tutorial:next"]

    def targets(self):
        """The rects (and region outlines) the step points at: parts of the table,
        or the elements that offer one of the step's action kinds now."""
        step = self.guide.pointing()
        if step is None:
            return [], []
        rects, polygons = [], []
        t = self.table
        for area in step.point:
            rects.append(pygame.Rect(getattr(t.lay, area.split(":")[1])))
        if step.do and t.groups:
            wanted = {i for i, o in enumerate(t.options) if o["action"]["kind"] in step.do}
            names = [n for n, idx in t.groups.items() if wanted & set(idx) and n != "button:choices"]
            on_table = [n for n in names if not n.startswith("option:")]
            for name in on_table or names:        # the choices of a dialog, if nothing else offers them
                if name.startswith("region:") and name[7:] in t.map.geo.polygons:
                    polygons.append(t.map.geo.polygons[name[7:]])
                    continue
                rect = t.element_rect(name)
                if rect is not None:
                    rects.append(rect)
        return rects, polygons

    def _panel_rect(self):
        """The step's panel, in the map: of a few places (corners and edges, wide or
        narrow), the one that hides none of what the step points at and of what the
        player may click now, and the least of the dragons and pieces on the map."""
        lay = self.table.lay
        m = lay.map.inflate(-2 * lay.pad, -2 * lay.pad)
        wide = min(m.w, max(lay.px(480), round(lay.map.w * 0.42)))
        fits = [w for w in (wide, max(lay.px(300), round(wide * 0.72))) if self._panel_height(w) <= m.h]
        if not fits:               # large text in a small window: the whole width, over the strip below if need be
            fits = [m.w]
            m = m.union(lay.strip.inflate(-2 * lay.pad, -2 * lay.pad))
        places = []
        for w in fits:
            h = min(m.h, self._panel_height(w))
            for ax, ay in ((0, 1), (1, 1), (0, 0), (1, 0), (0.5, 1), (0.5, 0), (0, 0.5), (1, 0.5)):
                places.append(pygame.Rect(m.x + round(ax * (m.w - w)), m.y + round(ay * (m.h - h)), w, h))
        for column in (lay.right, lay.left):     # if the map has no room, over a side column (bottom or top)
            c = column.inflate(-2 * lay.pad, -2 * lay.pad)
            h = min(c.h, self._panel_height(c.w))
            places += [pygame.Rect(c.x, c.bottom - h, c.w, h), pygame.Rect(c.x, c.y, c.w, h)]
        hard, soft = self._avoid()
        soft += [(lay.right, 1), (lay.left, 1)]
        top = pygame.Rect(m.x, m.y, m.w, lay.px(90))           # where the table's messages appear
        shapes = self._target_masks()
        yours = self._masks_of(self._card_regions())
        pointer = self.table.pointer
        step = self.guide.step

        def area(r, rects):
            return sum(r.clip(t).w * r.clip(t).h for t in rects)

        def on_shapes(r, masks):
            """How much of the regions of ``masks`` the panel would hide."""
            box = pygame.mask.Mask(r.size, fill=True)
            return sum(mask.overlap_area(box, (r.x - at[0], r.y - at[1])) for mask, at in masks)

        def cost(r):
            leave = self._button_rects(r, step)["tutorial:leave"]
            under = 10 ** 9 if pointer is not None and leave.collidepoint(pointer) else 0   # never moved under it
            return under + 1000 * (area(r, hard) + on_shapes(r, shapes)) + 100 * on_shapes(r, yours) + \
                sum(weight * area(r, [t]) for t, weight in soft) + area(r, [top]) // 4
        return min(places, key=cost)

    def _card_regions(self):
        """The outlines of the regions where the player's cards can be played: where the
        player looks to place, play, attack and fly, at every step (also while the step
        waits for the AI dragons, when the table outlines nothing yet, and at the steps
        without moves, over another question of the game)."""
        t = self.table
        hand = t.view["players"][t.view["seat"]]["hand"] or []
        names = {t.data.cards[cid].region for cid in hand} - {None}
        return [pts for name, pts in t.map.geo.polygons.items() if name in names]

    def _target_masks(self):
        """(mask, top left) of each region the step outlines, with its outline's width:
        the panel covers none of them where it can."""
        return self._masks_of(self.targets()[1])

    def _masks_of(self, polygons):
        """(mask, top left) of each region outline (with the outline's width), kept."""
        w = max(3, self.table.lay.px(4))
        out = []
        for points in polygons:
            key = (tuple(points), w)
            if key not in self._masks:
                box = _bounds(points).inflate(2 * w, 2 * w)
                surf = pygame.Surface((box.w + 1, box.h + 1), pygame.SRCALPHA)
                local = [(x - box.x, y - box.y) for x, y in points]
                pygame.draw.polygon(surf, (255, 255, 255), local)
                pygame.draw.lines(surf, (255, 255, 255), True, local, w)
                self._masks[key] = (pygame.mask.from_surface(surf), box.topleft)
            out.append(self._masks[key])
        return out

    def _panel_height(self, w):
        lay = self.table.lay
        inner = w - 4 * lay.pad
        _, text, note = self._content()
        text_h = len(theme.wrap(text, lay.font(20), inner)) * lay.line(20)
        if note:
            text_h += len(theme.wrap(note, lay.font(18), inner, True)) * lay.line(18) + lay.pad
        extra = lay.line(18) + lay.pad if self.guide.waiting(self.table.decision) else 0     # "waiting for ..."
        head = lay.line(17) + common.display_font(lay.font(30)).get_height()
        bh = self._button_h()
        rows = 2 if self.guide.step is not None and self._two_rows(w, self.guide.step) else 1
        return head + text_h + extra + rows * bh + (rows - 1) * lay.pad + 5 * lay.pad

    def _avoid(self):
        """(rects the panel must not hide, [(rect, weight)] it had better not hide)."""
        t = self.table
        lay, geo = t.lay, t.map.geo
        rects, polygons = self.targets()
        w = max(3, lay.px(4))
        hard = [r.inflate(2 * w, 2 * w) for r in rects]         # what the step points at, with its outline
        regions = {n[7:] for n in t.groups if n.startswith("region:")}
        regions |= {n for n, pts in geo.polygons.items() if pts in polygons}
        hard += [t.element_rect(n) for n in t.groups
                 if not n.startswith(("region:", "option:", "button:")) and t.element_rect(n) is not None]
        r = round(geo.dragon_radius)
        spot = lambda xy: pygame.Rect(round(xy[0]) - r, round(xy[1]) - r, 2 * r, 2 * r)   # noqa: E731
        for name in regions:
            hard += [geo.label_rects[name], spot(geo.dragon_spots[name])]
        if t.dialog is not None:
            hard.append(t.dialog.rect)
        if t.element("summary") is not None:          # "since your last turn": neither hides the other
            hard.append(t.element_rect("summary"))
        soft = [(spot(t.map.dragon_spot(t.view, p["region"], p["seat"])), 8)
                for p in t.view["players"] if p.get("region")]
        soft += [(e.rect, 20 if e.name.split(":")[1] in regions else 2) for e in t.elements
                 if e.name.startswith(("site:", "token:"))]
        soft += [(geo.label_rects[n], 2) for n in geo.label_rects]
        soft += [(t.element_rect(n), 4) for n in ("hex:use", "hex:turn_left", "hex:turn_right") if t.element(n)]
        soft += [(e.rect, 6) for e in t.elements if e.name.startswith("lair_action:")]   # a board to act on
        return hard, soft

    # ----- input ------------------------------------------------------------------------
    def click(self, name):
        if name == "tutorial:next":
            self.guide.next()
            self.table.refresh()
        elif name == "tutorial:leave":
            self.table.app.to_title()
        elif name == "tutorial:play_on":
            self.play_on()
        return name.startswith("tutorial:")

    def play_on(self):
        """The guide closes; the game goes on as an ordinary (autosaved) game."""
        self.guide.close()
        return self.table.app.open_table(self.table.host)

    # ----- drawing --------------------------------------------------------------------------
    def draw_under(self, surface):
        if self.guide.step is not None and self.table.dialog is None:
            self._draw_targets(surface)
        if self.panel is not None and self.table.dialog is None:
            self._draw_panel(surface)            # under the tooltips

    def draw(self, surface):
        if self.panel is not None and self.table.dialog is not None:
            self._draw_panel(surface)            # beside the dialog, not dimmed with the map
        if self.guide.step is not None and self.table.dialog_kind in ("panel", "draft"):
            self._draw_targets(surface)          # the dialog's own choices, over it,
            keyboard.draw(self.table.frame(), self.table, surface)     # and the keyboard's focus over those

    def _draw_targets(self, surface):
        rects, polygons = self.targets()
        w = max(3, self.table.lay.px(4))
        for r in rects:
            pygame.draw.rect(surface, (40, 20, 10), r.inflate(2 * w + 2, 2 * w + 2), 2, border_radius=8)
            pygame.draw.rect(surface, OUTLINE, r.inflate(2 * w, 2 * w), w, border_radius=8)
        for pts in polygons:
            pygame.draw.lines(surface, (40, 20, 10), True, pts, w + 2)
            pygame.draw.lines(surface, OUTLINE, True, pts, w)
        shapes = rects + [_bounds(p) for p in polygons]
        if shapes and self.panel is not None:
            target = min(shapes, key=lambda r: math.dist(r.center, self.panel.center))
            _arrow(surface, self.panel, target, max(4, self.table.lay.px(6)))

    def _content(self):
        """(title, text, note) of the panel: the step's, or the earlier step the game asks for
        again (its title with its text: the box speaks of one thing, and its letter moves on);
        the note names a question of the game that no step speaks of."""
        shown = self.guide.pointing()
        asks = self.guide.asks(self.table.decision)
        note = f"The game asks: {asks[0].lower()}{asks[1:]}" if asks else ""
        return shown.title, self._named(shown.text), note

    def _named(self, text):
        """The script's {you} as the table names the player's dragon (the
        colour-blind palette's colour name when it is on), and {now} as where the game
        is when the box is shown (the AI dragons play on under it)."""
        t = self.table
        name = t.host.seats[self.guide.human]["dragon"]
        d = next(d for d in t.data.dragons if d.name == name)
        v = t.view
        now = f"Century {v['century']} of {t.data.setup['centuries']}, {tiptext.PHASES.get(v['phase'], v['phase'])}"
        return text.replace("{you}", f"{palette.colour_name(d)} Dragon ({d.letter})").replace("{now}", now)

    def _draw_panel(self, surface):
        t = self.table
        lay, r = t.lay, self.panel
        theme.shade(surface, r.move(5, 6), 110)
        theme.panel(surface, r, fill=(250, 240, 214), edge=OUTLINE, radius=10, width=3)
        x, y = r.x + 2 * lay.pad, r.y + lay.pad
        number, total = self.guide.number()
        where = f"step {number}{self.guide.part()} of {total}" if number is not None else "an extra step"
        theme.blit_text(surface, f"Tutorial - {where}", lay.font(17), (x, y), theme.MUTED, True,
                        width=r.w - 4 * lay.pad)
        y += lay.line(17)
        heading, text, note = self._content()
        title = common.render(common.display_font(lay.font(30)), heading, theme.RED)
        surface.blit(title, (x, y))
        y += title.get_height()
        body = pygame.Rect(x, y, r.w - 4 * lay.pad, r.bottom - y)
        y = theme.blit_wrapped(surface, text, lay.font(20), body, theme.INK)
        if note:
            y = theme.blit_wrapped(surface, note, lay.font(18), pygame.Rect(x, y + lay.pad, body.w, r.bottom - y),
                                   theme.BLUE, True)
        if self.guide.waiting(t.decision):
            who = t.seats.name(t.decision["player"]) if t.decision is not None else ""
            theme.blit_text(surface, f"Waiting for {who} (AI)...", lay.font(18), (x, y + lay.pad // 2), theme.BLUE,
                            True, width=r.w - 4 * lay.pad)
        for name in BUTTONS:
            rect = t.element_rect(name)
            if rect is not None:
                theme.button(surface, rect, BUTTONS[name], lay.font(20), hot=t.hover == name,
                             primary=name in ("tutorial:next", "tutorial:play_on"))


def _tip(name):
    return {"tutorial:next": "On to the next step.",
            "tutorial:play_on": "Close the guide and play this game to its end (it is autosaved from now on).",
            "tutorial:leave": "Back to the title screen (this tutorial game is not kept)."}[name]


def _bounds(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _arrow(surface, panel, target, width):
    """An arrow from the panel's edge to the target's nearest edge."""
    if panel.colliderect(target):
        return
    start = (max(panel.x, min(target.centerx, panel.right)), max(panel.y, min(target.centery, panel.bottom)))
    end = (max(target.x, min(start[0], target.right)), max(target.y, min(start[1], target.bottom)))
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 3 * width:
        return
    ux, uy = dx / length, dy / length
    head = 4 * width
    tip = end
    base = (tip[0] - ux * head, tip[1] - uy * head)
    for colour, grow in (((40, 20, 10), 2), (OUTLINE, 0)):
        pygame.draw.line(surface, colour, start, base, width + grow)
        pygame.draw.polygon(surface, colour, [(tip[0] + ux * grow, tip[1] + uy * grow),
                                              (base[0] - uy * (head / 2 + grow), base[1] + ux * (head / 2 + grow)),
                                              (base[0] + uy * (head / 2 + grow), base[1] - ux * (head / 2 + grow))])
