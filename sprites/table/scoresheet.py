"""The score sheet, drawn the same way for the final scores (the scores
screen) and the live standings (the table's standings panel).

Competitive games: one row per category of the final scoring, one column per
dragon (best first); each cell gives the VP and what they were scored from
(regions, pieces, Regional Value), and each resource and region row marks
who holds the majority and second place with the words "1st" / "2nd" (the
badge's colour is never the only cue). Figures worked out from public
information are marked "~", and so is every figure they could change (the
majorities an estimate decides, and the totals: with their range where it
fits). A team's game (a cooperative variant): the team's points left, its
level and the next one, the pieces they come from, in the variant's words.
Everything shown comes from the engine (``final_scores``, ``standings``, the
board's ``team_result`` and ``variant_table``); nothing is counted here.
"""
from __future__ import annotations

import pygame

from game.data import RESOURCES
from game.words import RESOURCE_TITLES, resources
from sprites import theme

LEADER = (255, 232, 160)                  # behind the best column (its rank number says it too)
PLACE = {1: ((222, 178, 60), "1st"), 2: ((196, 196, 200), "2nd")}
ESTIMATED = "~"
CELLS_KEPT = 6 * 20               # a sheet's cells (cells= of Sheet keeps at most four sheets' worth)


def rows(data, short=False):
    """(label, key or None) rows of the sheet: group headings have no key
    (``short``: shorter labels, for narrow sheets)."""
    sc = data.scoring
    res, reg = sc["resources"], sc["regions"]
    terrify = sc["independent"]["terrify"]
    out = [("Settlements", None),
           ("Regions raided" if short else "Regions raided (a settlement taken)", "regions"),
           (f"All {len(data.ring)} regions" if short else f"All {len(data.ring)} regions raided", "every_region"),
           (f"Terrify (+{terrify} VP)" if short else f"Terrify (the +{terrify} VP counter)", "terrify"),
           ("Cities destroyed", "cities"),
           (f"Resources (most: {res['first']} VP, second: {res['second']} VP)", None)]
    out += [(RESOURCE_TITLES[r], r) for r in RESOURCES]
    out.append((f"Region majorities by Regional Value (most: {reg['first']} VP, second: {reg['second']} VP)", None))
    out += [(region, "region:" + region) for region in data.ring]
    return out


def raw(key, count, ring, short=False):
    """What a category was scored from, in words (``short``: the number alone;
    ``ring``: how many regions the map has)."""
    if key == "terrify":
        return "holds it" if count else "-"
    if short:
        return f"RV {count}" if key.startswith("region:") else str(count)
    if key == "every_region":
        return f"{count} of {ring}"
    if key == "regions":
        return f"{count} region{'s' if count != 1 else ''}"
    if key == "cities":
        return f"{count} cit{'ies' if count != 1 else 'y'}"
    if key.startswith("region:"):
        return f"RV {count}"
    return resources(count, key)


def place_of(majorities, key, seat):
    """1 or 2 if ``seat`` holds first or second place of this majority, else None."""
    if majorities is None or key not in majorities:
        return None
    first, second = majorities[key]
    return 1 if seat in first else 2 if seat in second else None


class Sheet:
    """The competitive sheet laid out in ``rect`` at scale ``k``."""

    def __init__(self, data, rect, scores, k, majorities=None, estimated=(), you=None, dragons=None, uncertain=(),
                 ranges=None, cells=None, you_word="you"):
        """``estimated``: seats whose figures are estimates; ``you``: the seat looking (its column
        says so, in ``you_word``: "shown" for a seat whose eyes a replay shows); ``uncertain``: categories whose VP the estimates could change for ``you`` (their
        figures are marked), ``ranges``: {seat: [least, most]} of the totals they could change;
        ``cells``: a dict that keeps each cell as painted, by what it shows and where (a sheet
        painted again after a change then blits the cells that are as they were)."""
        self.data, self.rect, self.scores, self.k = data, pygame.Rect(rect), scores, k
        self.cells = cells
        self.you, self.you_word = you, you_word
        self.majorities = majorities
        self.estimated = set(estimated)
        self.uncertain = set(uncertain)
        self.ranges = {seat: r for seat, r in (ranges or {}).items() if r[0] != r[1]}
        self.dragons = dragons or {d.name: d for d in data.dragons}
        self.size, self.small = self.fs(19), self.fs(17)
        self.rows = rows(data)
        need = theme.text_width("2nd 12 VP RV 12", self.small, True) + self.px(30)
        if (self.rect.w - self._label_w()) // max(1, len(scores)) < need:
            self.rows = rows(data, short=True)
        line = theme.font(self.size, True).get_linesize()
        self.compact = self.rect.h < 4 * line + self.px(18) + len(self.rows) * (theme.font(self.small).get_linesize() + 4)
        if self.compact:                # a short window: no group headings and no tie-break line, the total in sight
            self.rows = [r for r in self.rows if r[1] is not None]

    def least_h(self):
        """The least height that shows every row and the totals (compact: see __init__)."""
        line = theme.font(self.size, True).get_linesize()
        rows = [r for r in self.rows if r[1] is not None]
        return 2 * line + self.px(6) + len(rows) * (theme.font(self.small).get_linesize() + 4) + line + self.px(14)

    def fs(self, base):
        return theme.font_size(base, self.k)

    def px(self, v):
        return max(1, round(v * self.k))

    def _label_w(self):
        labels = [label for label, key in self.rows if key is not None]
        return min(max(theme.text_width(s, self.small) for s in labels) + self.px(30), round(self.rect.w * 0.4))

    def layout(self):
        """(label width, column xs, column width, header height, row height, line height)."""
        r = self.rect
        label_w = self._label_w()
        col_w = min(self.px(300), (r.w - label_w) // max(1, len(self.scores)))
        xs = [r.x + label_w + i * col_w for i in range(len(self.scores))]
        line = theme.font(self.size, True).get_linesize()
        head_h = 2 * line + self.px(6)
        foot_h = (1 if self.compact else 2) * line + self.px(12)
        row_h = max(theme.font(self.small).get_linesize() + 4,
                    min(self.px(34), (r.h - head_h - foot_h) // len(self.rows)))
        return label_w, xs, col_w, head_h, row_h, line

    def draw(self, surf):
        r = self.rect
        label_w, xs, col_w, head_h, row_h, line = self.layout()
        size, small = self.size, self.small
        x0, y = r.x, r.y
        right = xs[-1] + col_w                    # the columns may not fill the rect: the rules end with them
        table_h = head_h + len(self.rows) * row_h + self.px(6) + (1 if self.compact else 2) * line + self.px(8)
        for e, x in zip(self.scores, xs):
            if e["rank"] == 1:
                pygame.draw.rect(surf, LEADER, (x - 4, y - 2, col_w - 4, table_h), border_radius=6)
            self._head(surf, e, x, y, col_w, line)
        y += head_h
        for label, key in self.rows:
            if key is None:
                theme.blit_text(surf, label, small, (x0, y + 2), theme.WOOD, True, width=r.w, background=theme.PANEL)
                pygame.draw.line(surf, theme.PANEL_EDGE, (x0, y + row_h - 2), (right, y + row_h - 2))
            else:
                mark = ESTIMATED + " " if key in self.uncertain else ""
                theme.blit_text(surf, mark + label, small, (x0 + self.px(12), y + 2), theme.INK,
                                width=label_w - self.px(16), background=theme.PANEL)
                for e, x in zip(self.scores, xs):
                    self._cell(surf, e, key, x, y + 2, col_w - self.px(10))
            y += row_h
        pygame.draw.line(surf, theme.INK, (x0, y + 1), (right, y + 1), 2)
        y += self.px(6)
        theme.blit_text(surf, "Total", size, (x0, y), theme.INK, True)
        for e, x in zip(self.scores, xs):
            mark = ESTIMATED if e["seat"] in self.estimated or e["seat"] in self.ranges else ""
            total = f"{mark}{e['total']} VP"
            if e["seat"] in self.ranges:            # what the estimates could make of it, where it fits
                least, most = self.ranges[e["seat"]]
                if theme.text_width(f"{total} ({least}-{most})", size, True) <= col_w - self.px(8):
                    total += f" ({least}-{most})"
            theme.blit_text(surf, total, size, (x, y), theme.RED if e["rank"] == 1 else theme.INK, True)
        if self.compact:
            return
        y += line + self.px(2)
        words = "Tie-break: level, then Life"
        if theme.text_width(words, small) > label_w - 4:
            words = "Tie-break"
        theme.blit_text(surf, words, small, (x0, y), theme.MUTED, width=label_w - 4)
        for e, x in zip(self.scores, xs):
            words = f"level {e['level']}, Life {e['life']}"
            if theme.text_width(words, small) > col_w - self.px(8):
                words = f"L{e['level']}, Life {e['life']}"
            theme.blit_text(surf, words, small, (x, y), theme.MUTED, width=col_w - self.px(8))

    def _head(self, surf, e, x, y, col_w, line):
        d = self.dragons[e["dragon"]]
        rad = line // 2 + 2
        c = (x + rad, y + line // 2)
        pygame.draw.circle(surf, theme.rgb(d.colour), c, rad)
        pygame.draw.circle(surf, theme.INK, c, rad, 1)
        theme.blit_text(surf, d.letter, self.fs(15), c, theme.on(d.colour), True, "center")
        name = f"{e['rank']}. {e['name']}" + (f" ({self.you_word})" if e["seat"] == self.you else "")
        box = pygame.Rect(x + 2 * rad + 4, y, col_w - 2 * rad - 12, 2 * line)
        if e["seat"] in self.estimated:
            theme.blit_text(surf, name, self.size, box.topleft, theme.INK, True, width=box.w)
            theme.blit_text(surf, f"{ESTIMATED} estimate", self.small, (x, box.y + line), theme.MUTED,
                            width=col_w - self.px(8))
        else:
            theme.blit_wrapped(surf, name, self.size, box, theme.INK, True)

    def _cell(self, surf, e, key, x, y, width):
        """A badge for 1st / 2nd place, the VP, and what they were scored from (opaque text: it is
        painted often, on the column's own background)."""
        vp, count = e["breakdown"][key], e["counts"][key]
        bg = LEADER if e["rank"] == 1 else theme.PANEL
        mark = ESTIMATED if (e["seat"] in self.estimated and key != "terrify") or (
            key in self.uncertain and e["seat"] == self.you) else ""
        small = self.small
        place = place_of(self.majorities, key, e["seat"])
        shows = (vp, key, count, mark, place, bg, small, x, y, width)
        if self.cells is not None and shows in self.cells:
            surf.blit(*self.cells[shows])
            return
        drawn = [pygame.Rect(x, y, width, 1)]         # (small text is drawn at twice its size: a pixel taller)
        right = x + width
        if place is not None:
            fill, word = PLACE[place]
            badge = pygame.Rect(x, y, theme.text_width(word, small, True) + self.px(8),
                                theme.font(small, True).get_height())
            pygame.draw.rect(surf, fill, badge, border_radius=4)
            pygame.draw.rect(surf, theme.WOOD, badge, 1, border_radius=4)
            drawn += [badge, theme.blit_text(surf, word, small, badge.center, theme.INK, True, "center")]
            x = badge.right + self.px(5)
        r = theme.blit_text(surf, f"{vp} VP", small, (x, y), theme.INK if vp else theme.MUTED, bool(vp), background=bg)
        drawn.append(r)
        x = r.right + self.px(6)
        ring = len(self.data.ring)
        for words in (raw(key, count, ring), raw(key, count, ring, short=True)):
            if x + theme.text_width(mark + words, small) <= right:
                drawn.append(theme.blit_text(surf, mark + words, small, (x, y), theme.MUTED, background=bg))
                break
        spot = drawn[0].unionall(drawn)
        if self.cells is not None and surf.get_rect().contains(spot):
            if len(self.cells) > 4 * CELLS_KEPT:
                self.cells.clear()
            self.cells[shows] = (surf.subsurface(spot).copy(), spot.topleft)


def draw_team_result(surf, rect, team, result, k, final=False):
    """A team's points, its level, the next level and the pieces left (``result``: the
    board's ``team_result`` or the ``standings`` of a team's game), in the words of
    ``team`` (the board's ``variant_table["team"]``). Returns the y below what was drawn."""
    def fs(base):
        return theme.font_size(base, k)

    def px(v):
        return max(1, round(v * k))
    x0, y = rect.x, rect.y
    size = fs(22)
    line = theme.font(size).get_linesize()
    levels = team["bands"]
    unit = team["unit"]
    rows = 4 + len(result["pieces"]) + 1 + len(levels)
    natural = theme.font(fs(26), True).get_linesize() + rows * line + len(result["pieces"]) * px(4) + px(36)
    step = line + min(px(12), max(0, (rect.h - natural) // rows))        # tall pages: the rows spread out
    left = "left on the board" if final else "on the board now"
    theme.blit_text(surf, f"{team['points']} {left}: {result['survival_points']} (fewer is better)", fs(26),
                    (x0, y), theme.INK, True, width=rect.w)
    y += theme.font(fs(26), True).get_linesize() + step - line + px(4)
    theme.blit_text(surf, f"{team['level']} {'reached' if final else 'now'}: {result['level']}", size, (x0, y),
                    theme.RED, True, width=rect.w)
    y += step + px(2)
    nxt = result["next_level"]
    if nxt is not None:
        needed = nxt.get("needed", result["survival_points"] - nxt["max"])
        theme.blit_text(surf, f"Next level: {nxt['name']} at {nxt['max']} {unit} or fewer - "
                        f"{needed} {unit} {'short of it' if final else 'still to destroy'}.", size, (x0, y), theme.WOOD,
                        True, width=rect.w)
    else:
        theme.blit_text(surf, "Nothing is left to destroy: the best level there is.", size, (x0, y), theme.WOOD, True)
    y += step + px(12)
    gap = px(28)
    widths = [max(theme.text_width(w, size, True) for w in [head] + cells) + gap for head, cells in (
        ("Piece", [p.capitalize() for p in result["pieces"]]), ("Left", [str(n) for n in result["pieces"].values()]),
        (unit, [str(n) for n in result["by_piece"].values()]))]
    cols = (x0, x0 + widths[0], x0 + widths[0] + widths[1], x0 + sum(widths))
    for x, head in zip(cols, ("Piece", "Left", unit)):
        theme.blit_text(surf, head, size, (x, y), theme.WOOD, True)
    y += step + px(2)
    top = max(1, max(result["by_piece"].values()))
    bar_w = min(px(500), rect.right - cols[3])
    for piece, n in result["pieces"].items():
        sp = result["by_piece"][piece]
        theme.blit_text(surf, piece.capitalize(), size, (cols[0], y), theme.INK)
        theme.blit_text(surf, str(n), size, (cols[1], y), theme.INK)
        theme.blit_text(surf, str(sp), size, (cols[2], y), theme.INK, True)
        w = round(bar_w * sp / top)
        if w:
            pygame.draw.rect(surf, (170, 60, 40), (cols[3], y + px(3), w, line - px(6)))
        y += step + px(4)
    y += px(14)
    theme.blit_text(surf, team["levels"], size, (x0, y), theme.WOOD, True)
    y += step + px(2)
    spans, low = [], 0
    for band in levels:
        top_sp = band["max"]
        spans.append(f"{low}+ {unit}" if top_sp is None else f"{low} {unit}" if top_sp == low
                     else f"{low}-{top_sp} {unit}")
        low = (top_sp or 0) + 1
    name_x = x0 + max(theme.text_width(span, size, True) for span in spans) + gap
    for span, band in zip(spans, levels):
        name = band["name"]
        now = name == result["level"]
        colour = theme.RED if now else theme.INK
        theme.blit_text(surf, span, size, (x0, y), colour, now)
        r = theme.blit_text(surf, name, size, (name_x, y), colour, now)
        if now:
            theme.blit_text(surf, "<- the team's level" if final else "<- now", size, (r.right + px(12), y),
                            theme.RED, True)
        y += step
    return y
