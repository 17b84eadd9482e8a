"""Right column: the dragons at the table, the viewer's Dragon Card and lair,
and the scrollable game log."""
from __future__ import annotations

import pygame

from game.variants import Variant
from sprites import theme
from sprites.art import pieces as art_pieces
from sprites.table import icons

RESOURCES = ("livestock", "gold", "noble", "field")
LOG_PAPER = (250, 244, 228)


class RightPanel:
    def __init__(self, lay, data):
        self.lay = lay
        self.data = data
        self.dragons = {d.name: d for d in data.dragons}
        self.abilities = {a.id: a for a in data.abilities}
        r = lay.right.inflate(-lay.pad, -lay.pad)
        self.inner = r
        self.log_rect = pygame.Rect(r.x, r.y, r.w, r.h)
        self.log_scroll = 0           # lines scrolled up from the newest
        self.viewer_label = " (you)"  # after the name of the seat whose view is shown

    def player_rows(self, n):
        lay = self.lay
        h = lay.px(30)
        top = self.inner.y + lay.px(26)
        return [pygame.Rect(self.inner.x + lay.pad, top + i * h, self.inner.w - 2 * lay.pad, h - 2) for i in range(n)]

    def log_area(self, n):
        """The log's rect, below the rows, the Dragon Card and the lair."""
        lay, r = self.lay, self.inner
        y = self.player_rows(n)[-1].bottom + lay.px(8) + lay.px(156) + lay.px(6) + lay.px(58)
        return pygame.Rect(r.x + lay.pad, y + lay.px(6), r.w - 2 * lay.pad, r.bottom - y - lay.px(6) - lay.pad)

    def register(self, scene, view, tips):
        for i, row in enumerate(self.player_rows(len(view["players"]))):
            scene.add(f"player:{i}", row, tip=tips.get(f"player:{i}"))
        self.log_rect = self.log_area(len(view["players"]))
        scene.add("log", self.log_rect, tip=None)

    def _split(self, n):
        """y where the rows end and the Dragon Card begins."""
        return self.player_rows(n)[-1].bottom + self.lay.px(4)

    def draw_rows(self, surf, view, acting, viewer, kinds):
        """The heading and one row per dragon (who acts, level, Life, cards)."""
        lay, r = self.lay, self.inner
        n = len(view["players"])
        surf.set_clip(pygame.Rect(lay.right.x, lay.right.y, lay.right.w, self._split(n) - lay.right.y))
        theme.column(surf, lay.right, r, lay.px(8))
        x, w = r.x + lay.pad, r.w - 2 * lay.pad
        theme.heading(surf, "Dragons", lay.font(21), (x, r.y + lay.pad, w, 0))
        for p, row in zip(view["players"], self.player_rows(n)):
            self._player_row(surf, p, row, p["seat"] == acting, p["seat"] == viewer, kinds[p["seat"]])
        surf.set_clip(None)

    def draw_card(self, surf, view, viewer):
        """The viewer's Dragon Card and lair."""
        lay, r = self.lay, self.inner
        n = len(view["players"])
        self.log_rect = self.log_area(n)
        top = self._split(n)
        surf.set_clip(pygame.Rect(lay.right.x, top, lay.right.w, self.log_rect.y - top))
        theme.column(surf, lay.right, r, lay.px(8))
        x, w = r.x + lay.pad, r.w - 2 * lay.pad
        me = view["players"][viewer]
        y = self._dragon_card(surf, me, x, self.player_rows(n)[-1].bottom + lay.px(8), w)
        self._lair(surf, view, me, x, y + lay.px(6), w)
        surf.set_clip(None)

    def draw_log(self, surf, log, colours):
        """The log; ``colours`` are the seats' dragon colours (a dot marks whose line it is)."""
        lay = self.lay
        self.log_rect = self.log_area(len(colours))
        surf.set_clip(pygame.Rect(lay.right.x, self.log_rect.y, lay.right.w, lay.right.bottom - self.log_rect.y))
        theme.column(surf, lay.right, self.inner, lay.px(8))
        self._log(surf, log, colours)
        surf.set_clip(None)

    def _player_row(self, surf, p, row, acting, viewer, kind):
        lay = self.lay
        if acting:
            pygame.draw.rect(surf, (255, 232, 160), row, border_radius=4)
        d = self.dragons[p["dragon"]]
        disc = (row.x + row.h // 2, row.centery)
        pygame.draw.circle(surf, theme.rgb(d.colour), disc, row.h // 2 - 2)
        pygame.draw.circle(surf, theme.INK, disc, row.h // 2 - 2, 1)
        theme.blit_text(surf, d.letter, lay.font(17), disc, theme.on(d.colour), True, "center")
        label = p["name"] + (self.viewer_label if viewer else "") + ("" if kind == "human" else f" [AI {kind}]")
        theme.blit_text(surf, label, lay.font(19), (row.x + row.h + 2, row.centery), theme.INK, acting, "midleft",
                        lay.px(150))
        stats = f"L{p['level']}  {p['life']}/{p['max_life']} life  {p['hand_count']} cards"
        if p["lair"] is not None and not viewer:         # The Strategist: lairs are open
            lair = p["lair"]
            rv = sum(lair["villages"].values()) + 3 * sum(lair["cities"].values())
            stats = f"L{p['level']} {p['life']}/{p['max_life']}  lair {sum(lair['res'].values())} res {rv} RV"
        theme.blit_text(surf, stats, lay.font(16), (row.right - 2, row.centery), theme.MUTED, False, "midright")

    def _dragon_card(self, surf, me, x, y, w):
        lay = self.lay
        d = self.dragons[me["dragon"]]
        box = pygame.Rect(x, y, w, lay.px(156))
        theme.panel(surf, box, fill=theme.mix(d.colour, (250, 240, 220), 0.82), edge=d.colour, radius=6, width=3)
        token = art_pieces.dragon_token(d.colour, d.letter, lay.px(40))
        surf.blit(token, token.get_rect(topright=(box.right - 2, box.y + 1)))
        theme.blit_text(surf, f"{me['name']} - {d.name} Dragon card", lay.font(19), (box.x + 6, box.y + 5),
                        theme.INK, True, width=box.w - lay.px(52))
        # Life track
        ly = box.y + lay.px(24)
        theme.blit_text(surf, "Life", lay.font(17), (box.x + 6, ly + 2), theme.MUTED, True)
        hs = lay.px(18)
        for i in range(6):
            hx = box.x + lay.px(44) + i * (hs + 4)
            rect = pygame.Rect(hx, ly, hs, hs)
            if i < me["life"]:
                surf.blit(icons.icon("heart", hs), rect)
            elif i < me["max_life"]:
                pygame.draw.rect(surf, (230, 214, 190), rect, border_radius=3)
                pygame.draw.rect(surf, theme.MUTED, rect, 1, border_radius=3)
            else:
                pygame.draw.line(surf, (190, 180, 160), rect.midleft, rect.midright, 1)
        theme.blit_text(surf, f"{me['life']} / {me['max_life']}", lay.font(19),
                        (box.x + lay.px(44) + 6 * (hs + 4) + 6, ly + hs // 2), theme.INK, True, "midleft")
        # Level abilities
        ay = ly + hs + lay.px(6)
        names = [self.abilities[a].name for a in me["abilities"]]
        theme.blit_text(surf, f"Level {me['level']}: " + (", ".join(names) if names else "no abilities yet"),
                        lay.font(17), (box.x + 6, ay), theme.INK, False, width=box.w - 12)
        # On the card this turn
        cy = ay + lay.px(20)
        theme.blit_text(surf, "On the card:", lay.font(17), (box.x + 6, cy), theme.MUTED, True)
        self._holdings(surf, me["card"], box.x + lay.px(92), cy - 2, box.right - 6)
        sy = cy + lay.px(24)
        spent = ", ".join(f"{n} {r}" for r, n in me["spent"].items() if n) or "nothing"
        theme.blit_text(surf, f"Spent: {spent}", lay.font(16), (box.x + 6, sy), theme.MUTED, False, width=box.w - 12)
        feats, need = me["feats"], self.data.feats
        theme.blit_text(surf, f"Feats this turn: {feats['cities']}/{need['cities']} city, "
                              f"{feats['villages']}/{need['villages']} villages, "
                              f"{feats['resources']}/{need['resources']} resources", lay.font(16),
                        (box.x + 6, sy + lay.px(18)), theme.INK, width=box.w - 12)
        used = []
        if me["pool"]:
            used.append(f"{me['pool']} Attack icon{'s' if me['pool'] > 1 else ''} to assign")
        if me["reduction"]:
            used.append(f"damage -{me['reduction']}")
        if me["divined"]:
            used.append("Divination used")
        if me["wings_used"]:
            used.append("Mighty Wings used")
        if me["intellect_used"]:
            used.append("Cunning Intellect used")
        played = [self.data.cards[c].name for c in me["played"]] + ["Dragon Hex" for _ in me["hex_out"]]
        if played:
            used.append("played " + ", ".join(played))
        if used:
            theme.blit_text(surf, ", ".join(used), lay.font(16), (box.x + 6, sy + lay.px(36)),
                            theme.RED if me["pool"] else theme.MUTED, bool(me["pool"]), width=box.w - 12)
        return box.bottom

    def _holdings(self, surf, h, x, y, right):
        lay = self.lay
        isz = lay.px(20)
        x0 = x
        for res in RESOURCES:
            if h["res"][res]:
                surf.blit(icons.resource_icon(res, isz), (x, y))
                theme.blit_text(surf, str(h["res"][res]), lay.font(18), (x + isz + 1, y + isz // 2), theme.INK, True,
                                "midleft")
                x += isz + lay.px(18)
        pieces = [("village", r, n) for r, n in h["villages"].items() if n]
        pieces += [("city", r, n) for r, n in h["cities"].items() if n]
        for kind, region, n in pieces:
            if x + isz + lay.px(14) > right:
                theme.blit_text(surf, "...", lay.font(16), (x, y + isz // 2), theme.INK, True, "midleft")
                break
            colour = self.data.regions[self.data.region_index[region]].colour
            surf.blit(art_pieces.building(kind, colour, isz + 2), (x, y - 1))
            theme.blit_text(surf, str(n), lay.font(17), (x + isz + 2, y + isz // 2), theme.INK, True, "midleft")
            x += isz + lay.px(16)
        if x == x0:
            theme.blit_text(surf, "empty", lay.font(16), (x, y + isz // 2), theme.MUTED, False, "midleft")

    def _lair(self, surf, view, me, x, y, w):
        lay = self.lay
        box = pygame.Rect(x, y, w, lay.px(58))
        theme.panel(surf, box, fill=(228, 214, 184), radius=6)
        open_ = " (open: The Strategist)" if Variant.parse(view["variant"]).strategist else " (hidden from others)"
        theme.blit_text(surf, "Lair" + open_, lay.font(17), (box.x + 6, box.y + 4), theme.MUTED, True)
        lair = me["lair"]
        if lair is None:
            theme.blit_text(surf, "hidden", lay.font(17), (box.x + 6, box.y + lay.px(26)), theme.MUTED)
        else:
            self._holdings(surf, lair, box.x + 6, box.y + lay.px(24), box.right - 6)
        return box.bottom

    def log_lines(self, log, need=None):
        """The log wrapped to the panel's width: the newest ``need`` lines
        (all of them if None), oldest first."""
        f = self.lay.font(17)
        lines = []
        for entry in reversed(log):
            wrapped = theme.wrap(entry["text"], f, self.log_rect.w - self.lay.px(22))
            lines.extend(reversed([(line, entry["seat"] if k == 0 else None) for k, line in enumerate(wrapped)]))
            if need is not None and len(lines) >= need:
                break
        return lines[::-1]

    def _log(self, surf, log, colours):
        lay = self.lay
        r = self.log_rect
        theme.panel(surf, r, fill=LOG_PAPER, radius=6, width=1)
        theme.blit_text(surf, "Game log", lay.font(17), (r.x + 6, r.y + 4), theme.MUTED, True)
        f = lay.font(17)
        step = theme.font(f).get_linesize()
        area = pygame.Rect(r.x + 5, r.y + lay.px(22), r.w - 10, r.h - lay.px(26))
        fit = max(1, area.h // step)
        lines = self.log_lines(log, fit + self.log_scroll + 1)
        if len(lines) > fit + self.log_scroll:
            lines = lines[-(fit + self.log_scroll):]
        self.log_scroll = max(0, min(self.log_scroll, len(lines) - fit))
        end = len(lines) - self.log_scroll
        shown = lines[max(0, end - fit):end]
        y = area.y
        indent = lay.px(12)
        for line, seat in shown:
            if seat is not None and seat < len(colours):      # whose line it is: a dot in the dragon's colour
                c = (area.x + indent // 2 - 1, y + step // 2)
                pygame.draw.circle(surf, theme.rgb(colours[seat]), c, max(3, indent // 3))
                pygame.draw.circle(surf, theme.INK, c, max(3, indent // 3), 1)
            colour = theme.RED if line.startswith("---") else theme.INK
            theme.blit_text(surf, line, f, (area.x + indent, y), colour, False, width=area.w - indent,
                            background=LOG_PAPER)
            y += step
        if self.log_scroll:
            theme.blit_text(surf, f"scrolled {self.log_scroll} lines - wheel down for newest", lay.font(14),
                            (r.right - 6, r.y + 5), theme.BLUE, False, "topright")

    def scroll_log(self, dy, log):
        self.log_scroll = max(0, self.log_scroll + 3 * dy)
