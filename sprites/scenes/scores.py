"""End of the game: the score breakdown (table and bar chart), the winner and
tie-break; for Desolation of the Old World the Survival Points and the Level
of Destruction."""
from __future__ import annotations

import pygame

from sprites import theme
from sprites.scene import Scene

GROUPS = [("Settlements", ("regions", "every_region", "cities", "terrify"), (170, 60, 40)),
          ("Resources", ("livestock", "gold", "noble", "field"), (214, 168, 54)),
          ("Regions", None, (60, 110, 160))]
SHORT = {"regions": "Regions", "every_region": "All 6", "terrify": "Terrify", "cities": "Cities",
         "livestock": "Livest.", "gold": "Gold", "noble": "Nobles", "field": "Fields"}


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
            theme.button(surface, self.element_rect(name), label, max(14, round(24 * k)), hot=self.hover == name,
                         primary=name == "button:new_game")

    def _scores(self, surface, page, g):
        k = self.k
        scores = g.final_scores()
        winners = [e for e in scores if e["rank"] == 1]
        x0, y = page.x + round(24 * k), page.y + round(16 * k)
        if len(winners) == 1:
            title = f"{winners[0]['name']} is the most infamous dragon!"
        else:
            title = "Shared victory: " + ", ".join(e["name"] for e in winners)
        theme.blit_text(surface, title, max(18, round(40 * k)), (x0, y), theme.RED, True)
        y += round(46 * k)
        theme.blit_text(surface, self._tiebreak(scores), max(12, round(21 * k)), (x0, y), theme.MUTED)
        y += round(34 * k)
        cols = list(scores[0]["breakdown"])
        heads = ["#", "Dragon"] + [SHORT.get(c, c.replace("region:", "")) for c in cols] + ["Total", "Lvl", "Life"]
        name_w = round(190 * k)
        cw = (page.w - 48 * k - name_w - 40 * k) / (len(heads) - 2)
        xs = [x0, x0 + round(40 * k)] + [x0 + round(40 * k) + name_w + round(i * cw) for i in range(len(heads) - 2)]
        size = max(11, round(20 * k))
        for i, (x, head) in enumerate(zip(xs, heads)):
            theme.blit_text(surface, head, size, (x, y), theme.WOOD, True, width=name_w - 8 if i == 1 else cw - 4)
        y += round(28 * k)
        dragons = {d.name: d for d in g.data.dragons}
        for e in scores:
            row = [str(e["rank"]), e["name"]] + [str(e["breakdown"][c]) for c in cols] + \
                  [str(e["total"]), str(e["level"]), str(e["life"])]
            if e["rank"] == 1:
                pygame.draw.rect(surface, (255, 232, 160), (x0 - 6, y - 3, page.w - 36 * k, round(26 * k)),
                                 border_radius=4)
            pygame.draw.circle(surface, theme.rgb(dragons[e["dragon"]].colour), (xs[1] - round(12 * k), y + 9),
                               round(8 * k))
            pygame.draw.circle(surface, theme.INK, (xs[1] - round(12 * k), y + 9), round(8 * k), 1)
            for i, (x, cell) in enumerate(zip(xs, row)):
                theme.blit_text(surface, cell, size, (x, y), theme.INK, i in (1, len(row) - 3),
                                width=name_w - 8 if i == 1 else None)
            y += round(28 * k)
        self._chart(surface, pygame.Rect(x0, y + round(20 * k), page.w - round(48 * k), page.bottom - y - round(40 * k)),
                    scores, dragons)

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

    def _chart(self, surface, rect, scores, dragons):
        k = self.k
        if rect.h < 60:
            return
        theme.blit_text(surface, "Victory Points by category", max(12, round(22 * k)), rect.topleft, theme.WOOD, True)
        top = max(1, max(e["total"] for e in scores))
        area = pygame.Rect(rect.x + round(200 * k), rect.y + round(30 * k), rect.w - round(520 * k),
                           rect.h - round(30 * k))
        bar_h = min(round(34 * k), area.h // max(1, len(scores)) - 6)
        size = max(11, round(19 * k))
        for i, e in enumerate(scores):
            y = area.y + i * (bar_h + 6)
            theme.blit_text(surface, e["name"], size, (rect.x, y + bar_h // 2), theme.INK, True, "midleft",
                            round(190 * k))
            x = area.x
            for label, keys, colour in GROUPS:
                keys = keys or [c for c in e["breakdown"] if c.startswith("region:")]
                v = sum(e["breakdown"][c] for c in keys)
                bw = round(area.w * v / top)
                if bw:
                    pygame.draw.rect(surface, colour, (x, y, bw, bar_h))
                    pygame.draw.rect(surface, theme.INK, (x, y, bw, bar_h), 1)
                    if bw > 24:
                        theme.blit_text(surface, str(v), size, (x + bw // 2, y + bar_h // 2), theme.WHITE, True,
                                        "center")
                x += bw
            theme.blit_text(surface, f"{e['total']} VP", size, (x + 8, y + bar_h // 2), theme.INK, True, "midleft")
        lx = rect.right - round(200 * k)
        for j, (label, _, colour) in enumerate(GROUPS):
            ly = area.y + j * round(26 * k)
            pygame.draw.rect(surface, colour, (lx, ly, round(18 * k), round(18 * k)))
            theme.blit_text(surface, label, size, (lx + round(26 * k), ly), theme.INK)

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
        theme.blit_text(surface, f"Desolation of the Old World: {r['level']}", max(18, round(40 * k)), (x0, y),
                        theme.RED, True)
        y += round(50 * k)
        theme.blit_text(surface, f"Survival Points left on the board: {r['survival_points']} (fewer is better)",
                        max(14, round(26 * k)), (x0, y), theme.INK, True)
        y += round(44 * k)
        size = max(12, round(22 * k))
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
