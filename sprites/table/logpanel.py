"""The game log in the right column: filterable by dragon, folded by century,
and a click on a line shows on the map what it touched.

Lines are the view's log (``Game.view(seat)["log"]``: the events this seat
may read and their words). Each century is a group under a header that folds
it (earlier centuries start folded); chips in the title row show one dragon's
lines only. What a clicked line touched comes from its event's fields
(``marks.event_marks``), never from its words.
"""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.table.rowpictures import Backdrop, RowPictures

PAPER = (250, 244, 228)
LINE = 19                  # the log's lines (designed at 1600 x 900; they grow with the window, as the panels' text)
PICKED = (255, 236, 170)
HEADER = (232, 218, 188)


def groups(log, heads=None):
    """[(century, range of its lines' indexes)]: the setup belongs to the 1st
    century (the log says when each later one begins); a "century_begins" event
    starts a group and is its header, not a line (``heads``: their indexes, if known)."""
    if heads is None:
        heads = century_heads(log, 0)
    starts = [0] + [i + 1 for i in heads]
    ends = heads + [len(log)]
    centuries = [1] + [log[i]["event"]["century"] for i in heads]
    return [(c, range(a, b)) for c, a, b in zip(centuries, starts, ends)]


def century_heads(log, start):
    """The indexes of the "century_begins" lines from ``start`` on."""
    return [i for i in range(start, len(log)) if log[i]["event"]["kind"] == "century_begins"]


class LogPanel:
    def __init__(self, lay):
        self.lay = lay
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0             # rows scrolled up from the newest
        self.only = None            # a seat: only that dragon's lines are shown
        self.flipped = set()        # centuries folded or unfolded against their default
        self.picked = None          # index in the view's log of the clicked line
        self._kept = {}             # hot seat: seat -> its filter and folds while others play
        self._shown = []            # [(row, rect)] as last laid out
        self._key = None            # what they were laid out for
        self._rows = RowPictures()  # the rows as painted (a new line paints its own)
        self._panel = Backdrop()    # its panel, under the rows
        self._read = (None, 0, None, [])   # (log, its length, its last line, its centuries' headers) as last read

    # ----- state ------------------------------------------------------------------
    def folded(self, century, now):
        return (century < now) != (century in self.flipped)

    def toggle(self, century):
        self.flipped ^= {century}

    def sig(self):
        return (self.scroll, self.only, tuple(sorted(self.flipped)), self.picked, tuple(self.rect))

    def keep(self, seat):
        """A hot-seat hand-off: the filter and folds ``seat`` chose wait for its next turn."""
        self._kept[seat] = (self.only, set(self.flipped))

    def forget(self):
        """A hot-seat hand-off: the next player starts at the newest line, every line shown."""
        self.only, self.flipped = None, set()
        self.scroll = 0
        self.picked = None
        self._key, self._shown = None, []       # (its rows hold the last player's words,
        self._rows, self._panel = RowPictures(), Backdrop()      # and so do their pictures)
        self._read = (None, 0, None, [])

    def restore(self, seat):
        """The seat's own filter and folds, as it left them."""
        self.only, self.flipped = self._kept.get(seat, (None, set()))
        self._key = None

    def scroll_by(self, dy):
        self.scroll = max(0, self.scroll + 3 * dy)

    # ----- geometry ----------------------------------------------------------------
    def _step(self):
        return max(self.lay.line(LINE), self._indent() - 4)

    def _indent(self):
        return theme.font(self.lay.font(15), True).get_height() + 6

    def _title_h(self):
        return max(self.lay.line(17), self._chip()) + self.lay.px(6)

    def _chip(self):
        return self._indent() - 2

    def area(self):
        r = self.rect
        top = r.y + self._title_h()
        return pygame.Rect(r.x + 5, top, r.w - 10, r.bottom - top - self.lay.px(4))

    def chips(self, seats):
        """The filter chips, right-aligned in the title row: every line, then one per dragon."""
        lay, r = self.lay, self.rect
        d = self._chip()
        gap = lay.px(4)
        all_w = theme.text_width("All", lay.font(15), True) + lay.px(12)
        x = r.right - lay.px(6) - len(seats) * (d + gap)
        out = {"log:all": pygame.Rect(x - all_w - gap, r.y + lay.px(3), all_w, d)}
        for k, seat in enumerate(seats):
            out[f"log:seat:{seat}"] = pygame.Rect(x + k * (d + gap), r.y + lay.px(3), d, d)
        return out

    def rows(self, log, century, need):
        """The newest ``need`` rows, oldest first: ("head", century, lines, folded) or
        ("line", index, text, seat to mark or None, century)."""
        f = self.lay.font(LINE)
        width = self.area().w - self._indent() - 6
        out = []
        self._heads = {}
        for c, idx in reversed(groups(log, self._century_heads(log))):
            if self.only is not None:
                idx = [i for i in idx if log[i]["seat"] == self.only]
                if not idx:
                    continue                        # (a header over none of the dragon's lines says nothing)
            folded = self.folded(c, century)
            head = self._heads[c] = ("head", c, len(idx), folded)
            if not folded:
                for i in reversed(idx):
                    wrapped = theme.wrap(log[i]["text"], f, width)
                    out += [("line", i, line, log[i]["seat"] if k == 0 else None, c)
                            for k, line in reversed(list(enumerate(wrapped)))]
                    if len(out) >= need:
                        return out[::-1]
            out.append(head)
            if len(out) >= need:
                break
        return out[::-1]

    def _century_heads(self, log):
        """The log's century headers, read only in the lines added since it was last read
        (the log grows at its end; an undo takes lines back and new ones come: read afresh)."""
        seen, n, last, heads = self._read
        if seen is not log or n > len(log) or (n and log[n - 1] is not last):
            n, heads = 0, []
        heads = heads + century_heads(log, n)
        self._read = (log, len(log), log[-1] if log else None, heads)
        return heads

    def layout(self, log, century):
        """[(row, rect)] of the rows that fit, the scroll kept in range (worked out once
        per log, state and size: the table registers and draws the same rows)."""
        key = (log, len(log), century, self.sig())
        if self._key is not None and key[0] is self._key[0] and key[1:] == self._key[1:]:
            return self._shown
        area = self.area()
        step = self._step()
        fit = max(1, area.h // step - (1 if self.scroll else 0))      # scrolled: the last row says so
        rows = self.rows(log, century, fit + self.scroll + 1)
        self.scroll = max(0, min(self.scroll, len(rows) - fit))
        end = len(rows) - self.scroll
        start = max(0, end - fit)
        shown = rows[start:end]
        if shown and shown[0][0] == "line":         # the century of the top line stays in sight (and folds)
            shown[0] = self._heads[shown[0][4]]
        cut = 1                                     # no entry starts mid-sentence: the lines of an entry
        while cut < len(shown) and shown[cut][0] == "line" and rows[start + cut - 1][0] == "line" \
                and rows[start + cut - 1][1] == shown[cut][1]:      # whose start is out of sight give way,
            cut += 1                                                 # the header moving down over them
        if cut > 1:
            shown[cut - 1] = shown[0]
            shown[:cut - 1] = [None] * (cut - 1)
        shown = [row for row in shown if row is not None]
        if len(shown) > 1 and shown[0][0] == "head" and shown[1][0] == "head" and not shown[0][3]:
            shown = shown[1:]                       # a century none of whose lines are left in sight
        self._shown = [(row, pygame.Rect(area.x, area.y + k * step, area.w, step)) for k, row in enumerate(shown)]
        self._key = key
        return self._shown

    # ----- elements ------------------------------------------------------------------
    def register(self, scene, log, century, names, has_places):
        """Chips, century headers and lines (``has_places(index)``: its line shows something on the map)."""
        for name, rect in self.chips(range(len(names))).items():
            seat = name.rpartition(":")[2]
            tip = ("Show every line of the log." if seat == "all" else
                   f"Show only {names[int(seat)]}'s lines (click again for every line).")
            scene.add(name, rect, tip=tip)
        for row, rect in self.layout(log, century):
            if row[0] == "head":
                _, c, n, folded = row
                scene.add(f"log:century:{c}", rect, tip=f"{self._title(c)}: {n} line{'s' if n != 1 else ''}. "
                          f"Click to {'unfold' if folded else 'fold'} it.")
            else:
                i = row[1]
                text = log[i]["text"]
                scene.add(f"log:entry:{i}", rect, tip=text + (" Click: show it on the map." if has_places(i) else ""))

    def click(self, name):
        """A click on one of the log's elements; returns the index of a clicked line, else None."""
        _, kind, rest = (name + ":").split(":", 2)
        rest = rest.rstrip(":")
        if kind == "all":
            self.only = None
        elif kind == "seat":
            self.only = None if self.only == int(rest) else int(rest)
            self.scroll = 0
        elif kind == "century":
            self.toggle(int(rest))
        elif kind == "entry":
            self.picked = None if self.picked == int(rest) else int(rest)
            return self.picked
        return None

    # ----- drawing -------------------------------------------------------------------
    @staticmethod
    def _title(c):
        return f"Century {c}"

    def draw(self, surf, log, century, dragons):
        """The log; ``dragons`` are the seats' dragons (a disc with the dragon's letter marks whose line it is)."""
        lay, r = self.lay, self.rect
        self._panel.paint(surf, lay, r, lambda: theme.panel(surf, r, fill=PAPER, radius=6, width=1))

        def paper():                # (under a row painted afresh: its clip is the row)
            surf.fill(PAPER, surf.get_clip())
        title = pygame.Rect(r.x + 2, r.y + 2, r.w - 4, self._title_h() - 2)
        shows = ("title", self.only, tuple((d.colour, d.letter) for d in dragons))
        self._rows.draw(surf, lay, shows, title, lambda: self._title_row(surf, dragons), paper)
        area = self.area()
        bottom = area.y
        for row, rect in self.layout(log, century):
            bottom = rect.bottom
            if row[0] == "head":
                self._rows.draw(surf, lay, row, rect, lambda: self._header(surf, row, rect), paper)
                continue
            _, i, line, seat, _ = row
            d = dragons[seat] if seat is not None and seat < len(dragons) else None
            shows = ("line", line, (d.colour, d.letter) if d else None, i == self.picked)
            self._rows.draw(surf, lay, shows, rect, lambda: self._line(surf, line, d, i == self.picked, rect), paper)
        surf.fill(PAPER, pygame.Rect(area.x, bottom, area.w, r.bottom - 2 - bottom))     # (fewer rows than before)
        if self.scroll:
            theme.blit_text(surf, f"{self.scroll} up - wheel down for newest", lay.font(14),
                            (r.right - 6, r.bottom - 2), theme.BLUE, False, "bottomright")

    def painted_on(self, surf):
        """True if its panel is painted on ``surf`` where it lies now (a frame paints only its rows)."""
        return self._panel.there(surf, self.lay, self.rect)

    def _title_row(self, surf, dragons):
        """"Game log" and the filter chips, the chosen one marked."""
        lay, r = self.lay, self.rect
        theme.blit_text(surf, "Game log", lay.font(17), (r.x + 6, r.y + 4), theme.MUTED, True)
        for name, rect in self.chips(range(len(dragons))).items():
            seat = name.rpartition(":")[2]
            on = (self.only is None) if seat == "all" else self.only == int(seat)
            if seat == "all":
                pygame.draw.rect(surf, theme.WOOD if on else HEADER, rect, border_radius=rect.h // 2)
                theme.blit_text(surf, "All", lay.font(15), rect.center, theme.WHITE if on else theme.INK, True,
                                "center")
            else:
                self._disc(surf, dragons[int(seat)], rect.center, rect.h // 2, ring=on)

    def _line(self, surf, line, d, picked, rect):
        """A line of the log: the disc of its dragon if it starts an entry (``d``), its words."""
        f = self.lay.font(LINE)
        indent, step = self._indent(), self._step()
        if picked:
            pygame.draw.rect(surf, PICKED, rect)
        if d is not None:
            self._disc(surf, d, (rect.x + indent // 2 - 1, rect.y + step // 2), indent // 2 - 1)
        theme.blit_text(surf, line, f, (rect.x + indent, rect.y + (step - theme.font(f).get_linesize()) // 2),
                        theme.INK, False, width=rect.w - indent, background=PICKED if picked else PAPER)

    def _disc(self, surf, d, c, rad, ring=False):
        if ring:
            pygame.draw.circle(surf, theme.INK, c, rad + 1)
        pygame.draw.circle(surf, theme.rgb(d.colour), c, rad - (1 if ring else 0))
        pygame.draw.circle(surf, theme.WHITE if ring else theme.INK, c, rad - (1 if ring else 0), 1)
        theme.blit_text(surf, d.letter, self.lay.font(15), c, theme.on(d.colour), True, "center")

    def _header(self, surf, row, rect):
        lay = self.lay
        _, c, n, folded = row
        pygame.draw.rect(surf, HEADER, rect.inflate(0, -2), border_radius=4)
        s = max(4, rect.h // 4)
        cx, cy = rect.x + lay.px(10), rect.centery
        tri = ([(cx - s // 2, cy - s), (cx + s, cy), (cx - s // 2, cy + s)] if folded else
               [(cx - s, cy - s // 2), (cx + s, cy - s // 2), (cx, cy + s)])
        pygame.draw.polygon(surf, theme.RED, tri)
        label = self._title(c) + (f" - {n} line{'s' if n != 1 else ''}" if folded else "")
        theme.blit_text(surf, label, lay.font(17), (cx + s + lay.px(8), cy), theme.RED, True, "midleft",
                        rect.right - cx - s - lay.px(12))
