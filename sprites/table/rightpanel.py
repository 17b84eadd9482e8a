"""Right column: the dragons at the table, the viewer's Dragon Card and lair,
and the scrollable game log.

Everything here stays readable: the holdings on the Dragon Card and in the
lair wrap onto more rows instead of ending in "...", the turn's notes wrap,
and the boxes grow (the log, ``logpanel``, takes what is left). Settlement
pieces carry their region's letter, log lines their dragon's letter.
"""
from __future__ import annotations

import pygame

from game.variants import Variant
from game.data import RESOURCES
from sprites import palette, theme
from sprites.art import pieces as art_pieces
from sprites.table import icons
from sprites.table.logpanel import LogPanel
from sprites.table.rowpictures import Backdrop, RowPictures

AWAY = "away"            # a row's kind for an online player who is not connected now



class RightPanel:
    def __init__(self, lay, data, log=None):
        self.lay = lay
        self.log = log or LogPanel(lay)
        self.log.lay = lay
        self.data = data
        self.dragons = {d.name: d for d in data.dragons}
        self.abilities = {a.id: a for a in data.abilities}
        r = lay.right.inflate(-lay.pad, -lay.pad)
        self.inner = r
        self.log.rect = pygame.Rect(r.x, r.y, r.w, r.h)
        self.viewer_label = " (you)"  # after the name of the seat whose view is shown
        self.yours = True             # the Dragon Card and lair shown are the viewer's own (not in a replay)
        self.with_summary = False     # "since your last turn" has its strip above the log
        self._layout = None
        self._layout_key = self._layout_sig = self._fits = self._seen = None
        self._rows = RowPictures()    # the dragons' rows as painted (a move repaints the rows it changed)
        self._column = Backdrop()     # the column and its heading, under the rows

    def forget(self):
        """Hot-seat hand-off: no picture of what the last player's screen showed is kept."""
        self._rows, self._column = RowPictures(), Backdrop()
        self._layout = self._seen = self._fits = None
        self.log.forget()

    def prewarm(self):
        """Draw the pictures this panel uses once (no frame should draw one the first time it shows)."""
        lay, isz = self.lay, self._isz()
        for res in RESOURCES:
            icons.resource_icon(res, isz - 2)
            icons.resource_icon(res, lay.line(16))
        for region in self.data.regions:
            for kind in ("village", "city"):
                art_pieces.building(kind, region.colour, isz)
        icons.icon("heart", max(lay.px(18), lay.line(17) - 2))
        icons.icon("heart", self._stat_icon())
        for d in self.data.dragons:
            art_pieces.dragon_token(d.colour, d.letter, lay.px(40))

    # ----- geometry ----------------------------------------------------------------
    def row_h(self, open_lairs):
        lay = self.lay
        if open_lairs:
            return max(lay.px(48), lay.line(19) + lay.line(16) + lay.px(8))
        return max(lay.px(30), lay.line(19) + lay.px(6))

    def player_rows(self, n, open_lairs=None):
        lay = self.lay
        if open_lairs is None:
            open_lairs = self._layout["open"] if self._layout else False
        h = self.row_h(open_lairs)
        top = self.inner.y + lay.pad + lay.line(21) + lay.px(4)
        return [pygame.Rect(self.inner.x + lay.pad, top + i * h, self.inner.w - 2 * lay.pad, h - 2) for i in range(n)]

    def layout(self, view, viewer):
        """Rects of the rows, the Dragon Card, the lair and the log for this view (worked out once per view,
        and again only if what they fit changed: most moves change none of it)."""
        key = (viewer, self.with_summary, self.yours)
        if self._layout is not None and self._layout_key == key and self._seen is view:
            return self._layout_sig
        self._layout_key, self._seen = key, view
        me = view["players"][viewer]
        open_lairs = any(p["lair"] is not None and p["seat"] != viewer for p in view["players"])
        fits = (viewer, self.with_summary, self.yours, len(view["players"]), open_lairs, repr(me),
                repr(view.get("goals")))
        if self._layout is not None and self._fits == fits:
            return self._layout_sig
        self._fits = fits
        lay = self.lay
        rows = self.player_rows(len(view["players"]), open_lairs)
        x, w = self.inner.x + lay.pad, self.inner.w - 2 * lay.pad
        turns = pygame.Rect(x, rows[-1].bottom + lay.px(2), w, self.turns_h())
        card = pygame.Rect(x, turns.bottom + lay.px(4), w, self._card_h(me, w, view.get("goals")))
        lair = pygame.Rect(x, card.bottom + lay.px(6), w, self._lair_h(me, w))
        top = lair.bottom + lay.px(6)
        summary = None
        if self.with_summary:             # a strip of its own: the log starts below it
            summary = pygame.Rect(x, top, w, self.summary_h())
            top = summary.bottom + lay.px(6)
        log = pygame.Rect(x, top, w, max(lay.line(17) * 2, self.inner.bottom - top - lay.pad))
        self._layout = {"open": open_lairs, "turns": turns, "card": card, "lair": lair, "summary": summary,
                        "log": log}
        self.log.rect = log
        self._layout_sig = tuple((k, tuple(v) if isinstance(v, pygame.Rect) else v) for k, v in self._layout.items())
        return self._layout_sig

    def summary_h(self):
        """The height of the "since your last turn" strip: one line of its title."""
        return max(self.lay.line(19) + self.lay.px(10), self.lay.px(30))

    def summary_rect(self):
        """Where the "since your last turn" strip lies (None without one)."""
        return pygame.Rect(self._layout["summary"]) if self._layout and self._layout["summary"] else None

    def heading_rect(self):
        """The line of the "Dragons" heading (a button sits at its right end)."""
        lay = self.lay
        return pygame.Rect(self.inner.x + lay.pad, self.inner.y + lay.pad, self.inner.w - 2 * lay.pad, lay.line(21))

    @property
    def log_rect(self):
        return self.log.rect

    def turns_h(self):
        return max(self.lay.line(16), self.lay.px(20)) + self.lay.px(4)

    def turns_rect(self):
        return pygame.Rect(self._layout["turns"]) if self._layout else None

    def card_rect(self, n):
        return pygame.Rect(self._layout["card"]) if self._layout else self.player_rows(n)[-1]

    def register(self, scene, view, tips, turns=None):
        """The dragons' rows, the phase's turn order (``turns``: the snapshot's ``turn_order``),
        the Dragon Card, the lair and the log; their tooltips read from ``tips`` when shown."""
        self.layout(view, view["seat"])
        for i, row in enumerate(self.player_rows(len(view["players"]))):
            scene.add(f"player:{i}", row, tips=tips)
        if turns:
            scene.add("turns", self._layout["turns"], tips=tips)
        scene.add("card", self._layout["card"], tips=tips)
        scene.add("lair", self._layout["lair"], tips=tips)
        self.log.register(scene, view["log"], view["century"], [p["name"] for p in view["players"]],
                          scene.log_has_places)
        scene.add("log", self.log_rect, tip=None)

    # ----- the dragons at the table ------------------------------------------------------
    def draw_rows(self, surf, view, acting, viewer, kinds, turns=None):
        """The heading, one row per dragon (who acts, level, Life, cards; open lairs)
        and the turn order of the phase under way (``turns``: the snapshot's ``turn_order``)."""
        lay, r = self.lay, self.inner
        self.layout(view, viewer)
        rows = self.player_rows(len(view["players"]))
        line = self._layout["turns"]
        clip = pygame.Rect(lay.right.x, lay.right.y, lay.right.w, line.bottom + 2 - lay.right.y)
        surf.set_clip(clip)

        def under():
            theme.column(surf, lay.right, r, lay.px(8))

        def column():
            under()
            theme.heading(surf, "Dragons", lay.font(21), (r.x + lay.pad, r.y + lay.pad, r.w - 2 * lay.pad, 0))
        self._column.paint(surf, lay, clip, column)
        fit = self._label_fit(view["players"], rows, acting, viewer, kinds)
        for p, row in zip(view["players"], rows):
            shows = (p["dragon"], p["name"], p["level"], p["life"], p["max_life"], p["hand_count"], repr(p["lair"]),
                     p.get("lair_rv"), p["seat"] == acting, p["seat"] == viewer, kinds[p["seat"]], fit, self.viewer_label)
            self._rows.draw(surf, lay, shows, row, lambda: self._player_row(
                surf, p, row, p["seat"] == acting, p["seat"] == viewer, kinds[p["seat"]], fit), under)
        strip = pygame.Rect(clip.x, line.y - lay.px(2), clip.w, clip.bottom - line.y + lay.px(2))
        shows = ("turns", repr(turns), viewer, self.yours, tuple((p["name"], p["dragon"]) for p in view["players"]))
        self._rows.draw(surf, lay, shows, strip,
                        lambda: self._turn_line(surf, view, turns, viewer, line) if turns else None, under)
        surf.set_clip(None)

    def _turn_line(self, surf, view, turns, viewer, line):
        """The phase's turn order as the dragons' discs, left to right: done ones faded,
        the one whose turn it is ringed, then who is next in words (the discs drop the
        ">" between them before the words are cut)."""
        lay = self.lay
        size = lay.font(16)
        rad = max(lay.px(9), theme.font(theme.min_font(), True).get_height() // 2 + 1)
        x = line.x + 2
        cy = line.centery
        x = theme.blit_text(surf, "Order", size, (x, cy), theme.MUTED, True, "midleft").right + lay.px(6)
        players = view["players"]
        # (in a replay or for a spectator the seat shown is not the viewer's own: no "your turn")
        said = turn_words(turns, viewer if self.yours else None, [p["name"] for p in players])
        order = turns["order"]
        disc_w = len(order) * (2 * rad + lay.px(3))
        arrow_w = theme.text_width(">", size) + lay.px(3)
        room = line.right - 2 - x - lay.px(6)
        arrows = theme.text_width(said[-1], size, True) <= room - disc_w - (len(order) - 1) * arrow_w
        for k, seat in enumerate(order):
            if k and arrows:
                x = theme.blit_text(surf, ">", size, (x, cy), theme.MUTED, False, "midleft").right + lay.px(3)
            d = self.dragons[players[seat]["dragon"]]
            done = seat in turns["done"]
            colour = theme.mix(d.colour, (230, 220, 200), 0.65) if done else theme.rgb(d.colour)
            c = (x + rad, cy)
            if seat == turns["now"]:
                pygame.draw.circle(surf, theme.RED, c, rad + max(2, lay.px(3)))
            pygame.draw.circle(surf, colour, c, rad)
            pygame.draw.circle(surf, theme.INK, c, rad, 1)
            theme.blit_text(surf, d.letter, theme.min_font(), c, theme.on(d.colour) if not done else theme.MUTED, True,
                            "center")
            x += 2 * rad + lay.px(3)
        room = line.right - 2 - x - lay.px(6)
        words = next((w for w in said if theme.text_width(w, size, True) <= room), said[-1])
        theme.blit_text(surf, words, size, (line.right - 2, cy), theme.RED if "you" in words else theme.INK, True,
                        "midright", room)

    def _player_row(self, surf, p, row, acting, viewer, kind, fit=(0, False)):
        lay = self.lay
        if acting:
            pygame.draw.rect(surf, (255, 232, 160), row, border_radius=4)
        d = self.dragons[p["dragon"]]
        line1 = pygame.Rect(row.x, row.y, row.w, min(row.h, lay.line(19) + lay.px(6)))
        rad = line1.h // 2 - 2
        disc = (row.x + rad + 2, line1.centery)
        pygame.draw.circle(surf, theme.rgb(d.colour), disc, rad)
        pygame.draw.circle(surf, theme.INK, disc, rad, 1)
        theme.blit_text(surf, d.letter, lay.font(15), disc, theme.on(d.colour), True, "center")
        detail, short = fit
        label = self._labels(p["name"], viewer, kind)[detail]
        theme.blit_text(surf, label, lay.font(19), (disc[0] + rad + 4, line1.centery), theme.INK, acting, "midleft",
                        self._label_room(p, row, short))
        self._draw_stats(surf, p, (row.right - 2, line1.centery), short)
        if p["lair"] is not None and not viewer and row.h > line1.h:      # open lairs: what is in it
            self._lair_line(surf, p["lair"], p["lair_rv"], row.x + lay.px(6), line1.bottom, row.right - 2)

    def _stats(self, p, short):
        """A row's numbers, left to right: (text, picture after it or None). In full
        "L1  4/4 life  4 cards"; short, pictures say the words: "L1  4/4" heart "  4" card."""
        if not short:
            return [(f"L\u200a{p['level']}  {p['life']}/{p['max_life']} life  "
                     f"{theme.plural(p['hand_count'], 'card')}", None)]
        return [(f"L\u200a{p['level']}  {p['life']}/{p['max_life']}", "heart"), (f"  {p['hand_count']}", "card")]

    def _stat_icon(self):
        return self.lay.line(16) - max(2, self.lay.px(4))

    def _stats_w(self, p, short):
        size, isz = self.lay.font(16), self._stat_icon()
        return sum(theme.text_width(text, size) + (isz + 1 if pic else 0) for text, pic in self._stats(p, short))

    def _draw_stats(self, surf, p, midright, short):
        size, isz = self.lay.font(16), self._stat_icon()
        x, cy = midright[0] - self._stats_w(p, short), midright[1]
        for text, pic in self._stats(p, short):
            x = theme.blit_text(surf, text, size, (x, cy), theme.MUTED, False, "midleft").right + 1
            if pic == "heart":
                surf.blit(icons.icon("heart", isz), (x, cy - isz // 2))
            elif pic == "card":                  # a card standing up, as the hand holds them
                card = pygame.Rect(0, 0, round(isz * 0.7), isz)
                card.midleft = (x + (isz - card.w) // 2, cy)
                pygame.draw.rect(surf, (250, 244, 228), card, border_radius=2)
                pygame.draw.rect(surf, theme.MUTED, card, 1, border_radius=2)
            if pic:
                x += isz

    def _label_room(self, p, row, short=False):
        """The width left for a row's name: left of its numbers, with a clear gap."""
        lay = self.lay
        rad = min(row.h, lay.line(19) + lay.px(6)) // 2 - 2
        return row.right - self._stats_w(p, short) - (row.x + rad + 2) - rad - 4 - lay.px(12)

    def _labels(self, name, viewer, kind):
        """A row's labels, most detailed first: the viewer's mark and the AI's level, the level
        alone, the mark and "[AI]", "[AI]" alone (words dropped whole, never cut in the middle)."""
        mark = self.viewer_label if viewer else ""
        if kind == "human":
            return [name + mark, name, name + mark, name]
        if kind == AWAY:                          # an online player not connected now
            return [f"{name}{mark} (away)", f"{name} (away)", f"{name} (away)", f"{name} (away)"]
        return [f"{name}{mark} [AI {kind}]", f"{name} [AI {kind}]", f"{name}{mark} [AI]", f"{name} [AI]"]

    def _label_fit(self, players, rows, acting, viewer, kinds):
        """(label detail, short numbers?): the most detailed kind of label that fits every
        row, all rows alike ("[AI normal]" in each, or "[AI]" in each); the numbers give
        their words to pictures before a row drops the AI's level."""
        size = self.lay.font(19)
        for detail in range(4):
            for short in (False, True):
                if all(theme.text_width(self._labels(p["name"], p["seat"] == viewer, kinds[p["seat"]])[detail], size,
                                        p["seat"] == acting) <= self._label_room(p, row, short)
                       for p, row in zip(players, rows)):
                    return detail, short
        return 3, True

    def _lair_line(self, surf, lair, value, x, y, right):
        """One line: each resource's count, then the settlements' Regional Value."""
        lay = self.lay
        isz = lay.line(16)
        size = lay.font(16)
        theme.blit_text(surf, "Lair:", size, (x, y), theme.MUTED)
        x += theme.text_width("Lair: ", size)
        for res in RESOURCES:
            surf.blit(icons.resource_icon(res, isz), (x, y))
            x += isz + 1
            x = theme.blit_text(surf, str(lair["res"][res]), size, (x, y), theme.INK, True).right + lay.px(8)
        theme.blit_text(surf, f"RV {value}", size, (right, y), theme.INK, True, "topright")

    # ----- the viewer's Dragon Card and lair --------------------------------------------
    def draw_card(self, surf, view, viewer):
        """The viewer's Dragon Card and lair."""
        lay = self.lay
        self.layout(view, viewer)
        card, lair = self._layout["card"], self._layout["lair"]
        top = self._layout["turns"].bottom + 2       # where draw_rows stops
        surf.set_clip(pygame.Rect(lay.right.x, top, lay.right.w, self._layout["log"].y - top))   # and the log starts
        theme.column(surf, lay.right, self.inner, lay.px(8))
        me = view["players"][viewer]
        self._dragon_card(surf, me, card, view.get("goals"))
        self._lair(surf, view, me, lair)
        surf.set_clip(None)

    def _card_lines(self, me, w, goals=None):
        """The Dragon Card's text lines below the Life row: (text, size, colour, bold); in the last
        century, the regions raided so far (``goals``: the snapshot's; its tooltip says the rest)."""
        lay = self.lay
        size = lay.font(16)
        lines = []
        names = [self.abilities[a].name for a in me["abilities"]]
        lines.append((f"Level {me['level']}: " + (", ".join(names) if names else "no abilities yet"), lay.font(17),
                      theme.INK, False))
        need = self.data.feats
        feats = me["feats"]
        whose = "your" if self.yours else "its"         # (a replay's or a spectator's dragon is not the viewer's)
        if me["turn"] == "before":
            lines.append((f"To level up in {whose} turn: destroy {need['cities']} city, {need['villages']} villages "
                          f"or gain {need['resources']} resources.", size, theme.MUTED, False))
        else:
            if me["turn"] == "now":
                spent = ", ".join(f"{n} {r}" for r, n in me["spent"].items() if n) or "nothing"
                when = f"This turn: spent {spent};"
            else:                       # what was spent went back to the stockpile as the turn ended
                when = f"{whose.capitalize()} turn this century:"
            got = {k: min(feats[k], need[k]) for k in need}        # "3/3" once met: more counts no further
            lines.append((f"{when} feats {got['cities']}/{need['cities']} city, "
                          f"{got['villages']}/{need['villages']} villages, "
                          f"{got['resources']}/{need['resources']} resources.", size, theme.INK, False))
            used = []
            if me["pool"]:
                used.append(f"{me['pool']} Attack icon{'s' if me['pool'] > 1 else ''} to assign")
            if me["reduction"]:
                used.append(f"damage -{me['reduction']}")
            if me["divined"]:
                used.append("Divination used")
            played = [self.data.cards[c].name for c in me["played"]] + ["Dragon Hex" for _ in me["hex_out"]]
            if played:
                used.append("played " + ", ".join(played))
            if used:
                lines.append(("; ".join(used) + ".", size, theme.RED if me["pool"] else theme.MUTED, bool(me["pool"])))
        century = [self.data.ability(a).name for a in me["powers_used"]]
        if century:
            lines.append((" and ".join(century) + " used this century.", size, theme.MUTED, False))
        if goals:
            raided, of = goals["regions"]
            more = f": +{goals['region_vp']} VP for the next" if goals["missing"] else ""
            lines.append((f"Last century: {raided} of {of} regions raided{more}.", size, theme.RED, True))
        out = []
        for text, sz, colour, bold in lines:
            out += [(line, sz, colour, bold) for line in theme.wrap(text, sz, w - 12, bold)]
        return out

    def _card_h(self, me, w, goals=None):
        lay = self.lay
        body = sum(theme.font(sz, b).get_linesize() for _, sz, _, b in self._card_lines(me, w, goals))
        hold = self._flow_h(self._items(me["card"]), w - 12 - self._label_w("On the card:"))
        return lay.line(19) + lay.px(6) + max(lay.px(18), lay.line(17)) + lay.px(6) + body + hold + lay.px(10)

    def _dragon_card(self, surf, me, box, goals=None):
        lay = self.lay
        d = self.dragons[me["dragon"]]
        theme.panel(surf, box, fill=theme.mix(d.colour, (250, 240, 220), 0.82), edge=d.colour, radius=6, width=3)
        token = art_pieces.dragon_token(d.colour, d.letter, lay.px(40))
        surf.blit(token, token.get_rect(topright=(box.right - 2, box.y + 1)))
        theme.blit_text(surf, f"{me['name']} - {palette.colour_name(d)} Dragon card", lay.font(19), (box.x + 6, box.y + 5),
                        theme.INK, True, width=box.w - lay.px(52))
        # Life track
        ly = box.y + lay.line(19) + lay.px(6)
        theme.blit_text(surf, "Life", lay.font(17), (box.x + 6, ly), theme.MUTED, True)
        hs = max(lay.px(18), lay.line(17) - 2)
        lx = box.x + 6 + theme.text_width("Life ", lay.font(17), True) + lay.px(4)
        for i in range(6):
            rect = pygame.Rect(lx + i * (hs + 4), ly, hs, hs)
            if i < me["life"]:
                surf.blit(icons.icon("heart", hs), rect)
            elif i < me["max_life"]:
                pygame.draw.rect(surf, (230, 214, 190), rect, border_radius=3)
                pygame.draw.rect(surf, theme.MUTED, rect, 1, border_radius=3)
            else:
                pygame.draw.line(surf, (190, 180, 160), rect.midleft, rect.midright, 1)
        theme.blit_text(surf, f"{me['life']} / {me['max_life']}", lay.font(19),
                        (lx + 6 * (hs + 4) + 6, ly + hs // 2), theme.INK, True, "midleft")
        y = ly + max(hs, lay.line(17)) + lay.px(6)
        for line, size, colour, bold in self._card_lines(me, box.w, goals):
            theme.blit_text(surf, line, size, (box.x + 6, y), colour, bold)
            y += theme.font(size, bold).get_linesize()
        label = "On the card:"
        theme.blit_text(surf, label, lay.font(17), (box.x + 6, y + 2), theme.MUTED, True)
        self._holdings(surf, me["card"], box.x + 6 + self._label_w(label), y, box.right - 6)

    def _label_w(self, label):
        return theme.text_width(label, self.lay.font(17), True) + self.lay.px(8)

    def _lair_h(self, me, w):
        lay = self.lay
        items = self._items(me["lair"]) if me["lair"] is not None else []
        return lay.line(17) + lay.px(8) + max(lay.line(17), self._flow_h(items, w - 12)) + lay.px(6)

    def _lair(self, surf, view, me, box):
        lay = self.lay
        theme.panel(surf, box, fill=(228, 214, 184), radius=6)
        whose = "Your lair" if self.yours else f"{me['name']}'s lair"
        if view["variant_table"]["team"]:           # the team's game: a lair is only what it took
            title = f"{whose} (what {'you' if self.yours else 'it'} carried off)"
        elif Variant.parse(view["variant"]).strategist:
            title = f"{whose} (open: The Strategist)"
        elif view["over"]:
            title = f"{whose} (every lair is open now)"
        else:
            title = f"{whose} (hidden from the others)"
        theme.blit_text(surf, title, lay.font(17), (box.x + 6, box.y + 4), theme.MUTED, True, width=box.w - 12)
        lair = me["lair"]
        y = box.y + lay.line(17) + lay.px(8)
        if lair is None:
            theme.blit_text(surf, "hidden", lay.font(17), (box.x + 6, y), theme.MUTED)
        else:
            self._holdings(surf, lair, box.x + 6, y, box.right - 6)

    # ----- holdings: resources and settlement pieces, wrapped -------------------------
    def _items(self, h):
        out = [("res", res, h["res"][res]) for res in RESOURCES if h["res"][res]]
        out += [("village", r, n) for r, n in h["villages"].items() if n]
        out += [("city", r, n) for r, n in h["cities"].items() if n]
        return out

    def _item_w(self, n):
        return self._isz() + 2 + theme.text_width(str(n), self.lay.font(18), True) + self.lay.px(10)

    def _isz(self):
        return max(self.lay.px(24), self.lay.line(18) + 4)

    def _flow(self, items, x, right):
        """Positions of the items, wrapped onto rows between x and right."""
        out, cx, row = [], x, 0
        for item in items:
            w = self._item_w(item[2])
            if cx + w > right and cx > x:
                cx, row = x, row + 1
            out.append((item, cx, row))
            cx += w
        return out

    def _flow_h(self, items, width):
        rows = 1 + max((row for _, _, row in self._flow(items, 0, width)), default=0)
        return rows * (self._isz() + 2)

    def _holdings(self, surf, h, x, y, right):
        lay = self.lay
        isz = self._isz()
        items = self._items(h)
        if not items:
            theme.blit_text(surf, "empty", lay.font(16), (x, y + isz // 2), theme.MUTED, False, "midleft")
            return
        for (kind, key, n), ix, row in self._flow(items, x, right):
            iy = y + row * (isz + 2)
            if kind == "res":
                surf.blit(icons.resource_icon(key, isz - 2), (ix, iy + 1))
            else:                       # the piece in its region's colour, and the region's letter on it
                region = self.data.regions[self.data.region_index[key]]
                surf.blit(art_pieces.building(kind, region.colour, isz), (ix, iy))
                tag = theme.text(region.letter, lay.font(15), theme.WHITE, True).get_rect()
                tag = tag.inflate(4, 0)
                tag.bottomright = (ix + isz + 1, iy + isz + 1)
                pygame.draw.rect(surf, theme.INK, tag, border_radius=3)
                theme.blit_text(surf, region.letter, lay.font(15), tag.center, theme.WHITE, True, "center")
            theme.blit_text(surf, str(n), lay.font(18), (ix + isz + 2, iy + isz // 2), theme.INK, True, "midleft")

    # ----- the log ------------------------------------------------------------------------
    def draw_log(self, surf, view, dragons):
        """The log (logpanel.LogPanel) in the space left below the lair."""
        lay = self.lay
        surf.set_clip(pygame.Rect(lay.right.x, self.log_rect.y, lay.right.w, lay.right.bottom - self.log_rect.y))
        if not self.log.painted_on(surf):
            theme.column(surf, lay.right, self.inner, lay.px(8))
        self.log.draw(surf, view["log"], view["century"], dragons)
        surf.set_clip(None)


def turn_words(turns, viewer, names):
    """Who is next, as a player asks it ("you are next", "your turn", "Bryn next"):
    the words, longest first (the line shows the longest that fits)."""
    ahead = turns["ahead"]
    if turns["now"] == viewer:
        return ([f"your turn, {names[ahead[0]]} next"] if ahead else []) + ["your turn"]
    if ahead and ahead[0] == viewer:
        return ["you are next", "you next"]
    if ahead:
        return [f"{names[ahead[0]]} next", "next: " + names[ahead[0]][:1]]
    return ["last turn of the phase", "last turn", ""]
