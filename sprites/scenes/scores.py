"""End of the game: the winner and tie-break, and for each dragon every
scoring category in VP beside what it was scored from (regions, pieces,
Regional Value); for Desolation of the Old World the Survival Points and the
Level of Destruction."""
from __future__ import annotations

import pygame

from sprites import palette, theme
from sprites.scene import Scene

RESOURCE_NAMES = {"livestock": "Livestock", "gold": "Gold", "noble": "Nobles", "field": "Fields"}
RESOURCE_UNIT = {"livestock": "livestock", "gold": "gold", "noble": "noble", "field": "field"}
RESOURCE_UNITS = {"livestock": "livestock", "gold": "gold", "noble": "nobles", "field": "fields"}


class ScoresScene(Scene):
    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.resize(app.screen.get_size())

    def resize(self, size):
        w, h = size
        self.k = k = min(w / 1600, h / 900)
        self.clear_elements()
        bw, bh = round(220 * k), round(50 * k)
        y = h - round(30 * k) - bh
        self.add("button:new_game", pygame.Rect(w // 2 - bw * 3 // 2 - 20, y, bw, bh), tip="Set up a new game.")
        self.add("button:view_table", pygame.Rect(w // 2 - bw // 2, y, bw, bh), tip="Look at the final board.")
        self.add("button:quit", pygame.Rect(w // 2 + bw // 2 + 20, y, bw, bh), tip="Close the game.")

    def click(self, name):
        if name == "button:new_game":
            self.app.to_title()
        elif name == "button:view_table":
            self.app.pop()
        elif name == "button:quit":
            self.app.running = False

    def key(self, event):
        if event.key == pygame.K_ESCAPE:
            self.app.pop()

    def fs(self, base):
        return theme.font_size(base, self.k)

    def draw(self, surface):
        w, h = surface.get_size()
        k = self.k
        surface.fill((52, 38, 26))
        page = pygame.Rect(round(30 * k), round(24 * k), w - round(60 * k), h - round(120 * k))
        theme.panel(surface, page, radius=12)
        g = self.session.game
        if g.cooperative:
            self._desolation(surface, page, g)
        else:
            self._scores(surface, page, g)
        labels = {"button:new_game": "New game", "button:view_table": "View the board", "button:quit": "Quit"}
        for name, label in labels.items():
            theme.button(surface, self.element_rect(name), label, self.fs(24), hot=self.hover == name,
                         primary=name == "button:new_game")

    def rows(self, g):
        """(label, key or None) rows of the score table: group headings have no key."""
        sc = g.data.scoring
        res, reg = sc["resources"], sc["regions"]
        out = [("Settlements", None), ("Regions raided (a settlement taken)", "regions"),
               ("All six regions raided", "every_region"),
               (f"Terrify (the +{sc['independent']['terrify']} VP counter)", "terrify"),
               ("Cities destroyed", "cities"),
               (f"Resources (most: {res['first']} VP, second: {res['second']} VP)", None)]
        out += [(RESOURCE_NAMES[r], r) for r in ("livestock", "gold", "noble", "field")]
        out.append((f"Region majorities by Regional Value (most: {reg['first']} VP, second: {reg['second']} VP)",
                    None))
        out += [(region, "region:" + region) for region in g.ring]
        return out

    @staticmethod
    def cell(key, vp, count):
        """A score cell: the VP, and what they were scored from."""
        if key in ("regions", "every_region"):
            raw = f"{count} region{'s' if count != 1 else ''}"
        elif key == "terrify":
            raw = "holds it" if count else "-"
        elif key == "cities":
            raw = f"{count} cit{'ies' if count != 1 else 'y'}"
        elif key.startswith("region:"):
            raw = f"RV {count}"
        else:
            raw = f"{count} {RESOURCE_UNITS[key] if count != 1 else RESOURCE_UNIT[key]}"
        return f"{vp} VP", raw

    def _scores(self, surface, page, g):
        """One column per dragon (best first), one row per scoring category:
        the VP and, beside them, what they were scored from."""
        k = self.k
        scores = g.final_scores()
        winners = [e for e in scores if e["rank"] == 1]
        x0, y = page.x + round(24 * k), page.y + round(14 * k)
        if len(winners) == 1:
            title = f"{winners[0]['name']} is the most infamous dragon!"
        else:
            title = "Shared victory: " + ", ".join(e["name"] for e in winners)
        theme.blit_text(surface, title, self.fs(40), (x0, y), theme.RED, True)
        y += theme.font(self.fs(40), True).get_linesize() + round(2 * k)
        theme.blit_text(surface, self._tiebreak(scores), self.fs(21), (x0, y), theme.MUTED)
        y += theme.font(self.fs(21)).get_linesize() + round(8 * k)
        size, small = self.fs(19), self.fs(17)
        label_w = round(560 * k)
        col_w = (page.right - round(24 * k) - x0 - label_w) // len(scores)
        xs = [x0 + label_w + i * col_w for i in range(len(scores))]
        dragons = {d.name: d for d in palette.view_data(g.data, self.app.settings.colour_blind).dragons}
        line = theme.font(size, True).get_linesize()
        head_h = 2 * line + round(6 * k)
        rows = self.rows(g)
        row_h = max(theme.font(small).get_linesize() + 4,
                    min(round(34 * k), (page.bottom - y - head_h - 3 * line - round(30 * k)) // len(rows)))
        table_h = head_h + len(rows) * row_h + round(6 * k) + 2 * line + round(8 * k)
        for e, x in zip(scores, xs):
            if e["rank"] == 1:
                pygame.draw.rect(surface, (255, 232, 160), (x - 4, y - 2, col_w - 4, table_h), border_radius=6)
            d = dragons[e["dragon"]]
            r = line // 2 + 2
            pygame.draw.circle(surface, theme.rgb(d.colour), (x + r, y + line // 2), r)
            pygame.draw.circle(surface, theme.INK, (x + r, y + line // 2), r, 1)
            theme.blit_text(surface, d.letter, self.fs(15), (x + r, y + line // 2), theme.on(d.colour), True, "center")
            theme.blit_wrapped(surface, f"{e['rank']}. {e['name']}", size,
                               pygame.Rect(x + 2 * r + 4, y, col_w - 2 * r - 12, 2 * line), theme.INK, True)
        y += head_h
        for label, key in rows:
            if key is None:
                theme.blit_text(surface, label, small, (x0, y + 2), theme.WOOD, True, width=page.right - x0 - 24)
                pygame.draw.line(surface, theme.PANEL_EDGE, (x0, y + row_h - 2), (page.right - round(24 * k), y + row_h - 2))
                y += row_h
                continue
            theme.blit_text(surface, label, small, (x0 + round(12 * k), y + 2), theme.INK, width=label_w - round(20 * k))
            for e, x in zip(scores, xs):
                vp, raw = self.cell(key, e["breakdown"][key], e["counts"][key])
                r = theme.blit_text(surface, vp, small, (x, y + 2), theme.INK if e["breakdown"][key] else theme.MUTED,
                                    bool(e["breakdown"][key]))
                theme.blit_text(surface, raw, small, (r.right + round(8 * k), y + 2), theme.MUTED)
            y += row_h
        pygame.draw.line(surface, theme.INK, (x0, y + 1), (page.right - round(24 * k), y + 1), 2)
        y += round(6 * k)
        theme.blit_text(surface, "Total", size, (x0, y), theme.INK, True)
        for e, x in zip(scores, xs):
            theme.blit_text(surface, f"{e['total']} VP", size, (x, y), theme.RED if e["rank"] == 1 else theme.INK, True)
        y += line + round(2 * k)
        theme.blit_text(surface, "Tie-break: level, then Life", small, (x0, y), theme.MUTED)
        for e, x in zip(scores, xs):
            theme.blit_text(surface, f"level {e['level']}, Life {e['life']}", small, (x, y), theme.MUTED)

    @staticmethod
    def _tiebreak(scores):
        top = [e for e in scores if e["total"] == scores[0]["total"]]
        if len(top) == 1:
            return f"Won on Victory Points: {scores[0]['total']} VP."
        winners = [e for e in scores if e["rank"] == 1]
        if len(winners) == 1:
            return (f"Tied on {scores[0]['total']} VP; the tie-break (highest level, then most Life) "
                    f"goes to {winners[0]['name']}.")
        return f"Tied on {scores[0]['total']} VP, level and Life: the victory is shared."

    def _contributions(self, surface, g, x, y, size):
        """What each dragon carried off (all lairs are open once the game is over)."""
        k = self.k
        theme.blit_text(surface, "What each dragon destroyed", size, (x, y), theme.WOOD, True)
        y += round(32 * k)
        for p in g.state.players:
            lair = p.lair
            villages, cities = sum(lair.villages.values()), sum(lair.cities.values())
            res = sum(lair.res.values())
            theme.blit_text(surface, p.name, size, (x, y), theme.INK, True, width=round(150 * k))
            theme.blit_text(surface, f"{plural(villages, 'village')}, {plural(cities, 'city', 'cities')}, "
                            f"{plural(res, 'resource')} (level {p.level})",
                            size, (x + round(160 * k), y), theme.INK)
            y += round(28 * k)

    def _desolation(self, surface, page, g):
        k = self.k
        r = g.desolation()
        x0, y = page.x + round(24 * k), page.y + round(16 * k)
        theme.blit_text(surface, f"Desolation of the Old World: {r['level']}", self.fs(40), (x0, y),
                        theme.RED, True)
        y += round(50 * k)
        theme.blit_text(surface, f"Survival Points left on the board: {r['survival_points']} (fewer is better)",
                        self.fs(26), (x0, y), theme.INK, True)
        y += round(44 * k)
        size = self.fs(22)
        for x, head in zip((x0, x0 + round(200 * k), x0 + round(320 * k)), ("Piece", "Left", "SP")):
            theme.blit_text(surface, head, size, (x, y), theme.WOOD, True)
        y += round(30 * k)
        top = max(1, max(r["by_piece"].values()))
        for piece, n in r["pieces"].items():
            sp = r["by_piece"][piece]
            theme.blit_text(surface, piece.capitalize(), size, (x0, y), theme.INK)
            theme.blit_text(surface, str(n), size, (x0 + round(200 * k), y), theme.INK)
            theme.blit_text(surface, str(sp), size, (x0 + round(320 * k), y), theme.INK, True)
            bw = round(500 * k * sp / top)
            if bw:
                pygame.draw.rect(surface, (170, 60, 40), (x0 + round(400 * k), y, bw, round(20 * k)))
            y += round(30 * k)
        self._contributions(surface, g, x0 + round(960 * k), page.y + round(110 * k), size)
        y += round(20 * k)
        theme.blit_text(surface, "Levels of Destruction", size, (x0, y), theme.WOOD, True)
        y += round(30 * k)
        low = 0
        for top_sp, name in g.data.desolation["levels"]:
            span = f"{low}-{top_sp}" if top_sp is not None and top_sp != low else (f"{low}+" if top_sp is None else str(low))
            colour = theme.RED if name == r["level"] else theme.INK
            theme.blit_text(surface, f"{span} SP", size, (x0, y), colour, name == r["level"])
            theme.blit_text(surface, name, size, (x0 + round(140 * k), y), colour, name == r["level"])
            low = (top_sp or 0) + 1
            y += round(26 * k)


def plural(n, one, many=None):
    return f"{n} {one if n == 1 else (many or one + 's')}"
