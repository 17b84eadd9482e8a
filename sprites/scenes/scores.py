"""End of the game, in three pages (tabs): the scores - the winner and
tie-break, and for each dragon every scoring category in VP beside what it
was scored from, the majorities marked 1st / 2nd (in a team's game the team's
points and level, in the variant's words); every lair revealed,
piece by piece; and a chart of the scores the engine recorded at each
century's end. The winner's moment opens it (``celebrate``)."""
from __future__ import annotations

import pygame

from app.ports import is_online
from game.data import RESOURCES
from sprites import palette, theme
from sprites.anim import now_ms
from sprites.art import pieces as art_pieces
from sprites.scene import Scene
from sprites.table import chart, icons, scoresheet
from sprites.table.celebration import Celebration

TABS = (("tab:scores", "Scores"), ("tab:lairs", "Every lair"), ("tab:chart", "By century"))


BUTTONS = {"button:new_game": ("New game", "Set up a new game."),
           "button:rematch": ("Rematch", "The same seats and options again, with a new seed."),
           "button:view_table": ("View the board", "Look at the final board."),
           "button:replay": ("Watch the replay", "Step through the whole game, every hand shown, forwards and back."),
           "button:quit": ("Quit", "Close the game.")}


class ScoresScene(Scene):
    def __init__(self, app, host, celebrate=False, seat=0):
        super().__init__(app)
        self.host = host
        # An online game: no rematch here (a new table is made on the Play online screen).
        self.buttons = {k: v for k, v in BUTTONS.items() if not (k == "button:rematch" and is_online(host))}
        self.message = ""
        snap = host.snapshot(seat, since=None)     # (no log lines)
        self.view = snap["board"]          # the game is over: every lair is open to every seat
        self.standings = snap["standings"]  # ... so these are the final scores, with the majorities
        self.scores = snap["final_scores"]
        self.ranks = {e["seat"]: e["rank"] for e in self.scores}
        self.team = self.view["variant_table"]["team"]      # None: each dragon scores its own VP
        self.result = self.view["team_result"]              # (the team's result, in a team's game)
        self.tab = "tab:scores"
        self.celebration = None
        survived = self.team is not None and self.result["level"] == self.team["bands"][-1]["name"]
        if celebrate and app.animate and not survived:      # (the last band, the worst: the Old World survived)
            self.celebration = Celebration(now_ms(), *self._moment())   # (off with the Animations setting)
        self.resize(app.screen.get_size())

    @property
    def data(self):
        """The game's data in the colours the player chose (the palette setting, as it is now)."""
        return palette.view_data(self.host.data, self.app.settings.colour_blind)

    def _moment(self):
        """The dragons to celebrate and the result in words."""
        dragons = {d.name: d for d in self.data.dragons}
        if self.team is not None:
            r = self.result
            shown = [dragons[p["dragon"]] for p in self.view["players"]]
            return [(d.colour, d.letter) for d in shown], r["level"], f"{self.team['left']}: {r['survival_points']}"
        winners = [e for e in self.scores if e["rank"] == 1]
        shown = [dragons[e["dragon"]] for e in winners]
        return [(d.colour, d.letter) for d in shown], self._title(winners), scoresheet_tiebreak(self.scores)

    @staticmethod
    def _title(winners):
        if len(winners) == 1:
            return f"{winners[0]['name']} is the most infamous dragon!"
        return "Shared victory: " + ", ".join(e["name"] for e in winners)

    def resize(self, size):
        w, h = size
        self.k = k = min(w / 1600, h / 900)
        self.clear_elements()
        bh, gap = max(round(50 * k), theme.font(self.fs(24), True).get_height() + 12), 16
        widths = [max(round(200 * k), theme.text_width(label, self.fs(24), True) + 24) for label, _ in self.buttons.values()]
        room = w - 40 - gap * (len(self.buttons) - 1)
        if sum(widths) > room:                    # large text in a small window: the buttons share the row
            widths = [room * bw // sum(widths) for bw in widths]
        y = h - round(30 * k) - bh
        x = w // 2 - (sum(widths) + gap * (len(self.buttons) - 1)) // 2
        for (name, (_, tip)), bw in zip(self.buttons.items(), widths):
            self.add(name, pygame.Rect(x, y, bw, bh), tip=tip)
            x += bw + gap
        page = self.page_rect((w, h))
        x = page.right - round(24 * k)
        tw = max(round(150 * k), max(theme.text_width(label, self.fs(21), True) for _, label in TABS) + 20)
        for name, label in reversed(TABS):
            x -= tw
            self.add(name, pygame.Rect(x, page.y + round(14 * k), tw, round(40 * k)), tip=f"Show {label.lower()}.")
            x -= round(8 * k)

    def page_rect(self, size):
        w, h = size
        k = self.k
        return pygame.Rect(round(30 * k), round(24 * k), w - round(60 * k), h - round(120 * k))

    # ----- input ----------------------------------------------------------------------------
    def handle(self, event):
        if self.celebration is not None and self.celebration.running(now_ms()) and event.type in (
                pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.celebration.skip()              # the click or key only skips the moment
            self.app.dirty = True
            return
        if self.celebration is not None and event.type == pygame.MOUSEBUTTONDOWN:
            return
        super().handle(event)

    def update(self, now):
        if self.celebration is None:
            return False
        if self.celebration.running(now):
            return True
        self.celebration = None
        self.app.dirty = True
        return False

    def click(self, name):
        if name.startswith("tab:"):
            self.tab = name
        elif name == "button:new_game":
            self.app.to_title()
        elif name == "button:rematch":
            self.app.rematch(self.host)
        elif name == "button:view_table":
            self.app.pop()
        elif name == "button:replay":
            from sprites.scenes.replay import ReplayScene
            replay = self.host.replay()
            if replay is None:          # an online game: its record is still on its way from the server
                self.message = "The whole game is still on its way from the server: try again in a moment."
                self.app.dirty = True
                return
            self.app.pop()
            self.app.push(ReplayScene(self.app, replay))
        elif name == "button:quit":
            self.app.running = False

    def key(self, event):
        names = [n for n, _ in TABS]
        if event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.tab = names[(names.index(self.tab) + step) % len(names)]
        elif event.unicode in ("1", "2", "3"):
            self.tab = names[int(event.unicode) - 1]
        self.app.dirty = True

    # ----- drawing ------------------------------------------------------------------------------
    def px(self, v):
        return max(1, round(v * self.k))

    def draw(self, surface):
        w, h = surface.get_size()
        k = self.k
        surface.fill((52, 38, 26))
        page = self.page_rect((w, h))
        theme.panel(surface, page, radius=12)
        x0, y = page.x + self.px(24), page.y + self.px(14)
        tabs_x = min(self.element_rect(n).x for n, _ in TABS)
        if self.team is not None:
            title, sub = f"{self.team['title']}: {self.result['level']}", "The team's result"
        else:
            title = self._title([e for e in self.scores if e["rank"] == 1])
            sub = scoresheet_tiebreak(self.scores)
        theme.blit_text(surface, title, self.fs(40), (x0, y), theme.RED, True, width=tabs_x - x0 - self.px(12))
        y += theme.font(self.fs(40), True).get_linesize() + self.px(2)
        theme.blit_text(surface, sub, self.fs(21), (x0, y), theme.MUTED, width=page.w - self.px(48))
        y += theme.font(self.fs(21)).get_linesize() + self.px(8)
        for name, label in TABS:
            shown = label if name != "tab:scores" or self.team is None else "Result"
            rect = self.element_rect(name)
            current = name == self.tab
            theme.button(surface, rect, shown, self.fs(21), hot=self.hover == name, primary=current)
            if current:                          # the page shown: a bar under its tab, not only its colour
                pygame.draw.rect(surface, theme.RED, (rect.x + 6, rect.bottom + self.px(5), rect.w - 12, self.px(4)),
                                 border_radius=2)
        body = pygame.Rect(x0, y, page.w - self.px(48), page.bottom - self.px(14) - y)
        if self.tab == "tab:chart":
            chart.draw(surface, body, k, *chart.series_of(self.data, self.view, self.ranks))
        elif self.tab == "tab:lairs":
            self._lairs(surface, body)
        elif self.team is not None:
            scoresheet.draw_team_result(surface, body, self.team, self.standings, k, final=True)
            self._contributions(surface, body.x + self.px(960), body.y, self.fs(22))
        else:
            scoresheet.Sheet(self.data, body, self.scores, k, self.standings["majorities"]).draw(surface)
        for name, (label, _) in self.buttons.items():
            theme.button(surface, self.element_rect(name), label, self.fs(24), hot=self.hover == name,
                         primary=name == "button:new_game")
        if self.message:
            first = self.element_rect(next(iter(self.buttons)))
            theme.blit_text(surface, self.message, self.fs(20), (surface.get_width() // 2, first.y - self.px(8)),
                            theme.HILITE, False, "midbottom", surface.get_width() - 40)
        if self.celebration is not None:
            self.celebration.draw(surface, now_ms())

    def _contributions(self, surface, x, y, size):
        """What each dragon carried off (all lairs are open once the game is over)."""
        k = self.k
        theme.blit_text(surface, "What each dragon destroyed", size, (x, y), theme.WOOD, True)
        y += round(32 * k)
        for p in self.view["players"]:
            lair = p["lair"]
            villages, cities = sum(lair["villages"].values()), sum(lair["cities"].values())
            res = sum(lair["res"].values())
            theme.blit_text(surface, p["name"], size, (x, y), theme.INK, True, width=round(150 * k))
            theme.blit_text(surface, f"{theme.plural(villages, 'village')}, {theme.plural(cities, 'city', 'cities')}, "
                            f"{theme.plural(res, 'resource')} (level {p['level']})",
                            size, (x + round(160 * k), y), theme.INK)
            y += round(28 * k)

    def _lairs(self, surface, body):
        """Every lair screen lifted: each dragon's resources, and its settlement
        pieces region by region (villages, cities, their Regional Value)."""
        players = self.view["players"]
        order = [e["seat"] for e in self.scores] or [p["seat"] for p in players]
        cols = 3 if len(players) > 4 or len(players) == 3 else 2
        rows = (len(players) + cols - 1) // cols
        gap = self.px(14)
        bw = (body.w - (cols - 1) * gap) // cols
        bh = (body.h - (rows - 1) * gap) // rows
        for i, seat in enumerate(order):
            box = pygame.Rect(body.x + (i % cols) * (bw + gap), body.y + (i // cols) * (bh + gap), bw, bh)
            self._lair_box(surface, box, players[seat])

    def _lair_box(self, surface, box, p):
        data = self.data
        d = next(x for x in data.dragons if x.name == p["dragon"])
        theme.panel(surface, box, fill=theme.mix(d.colour, (250, 240, 220), 0.85), edge=d.colour, radius=8, width=3)
        size, small = self.fs(19), self.fs(17)
        lines = 2 + len(data.ring)
        step = max(theme.font(small).get_linesize() + 2, min(self.px(36), (box.h - self.px(12)) // lines))
        isz = min(step - 2, self.px(28))
        x, y = box.x + self.px(10), box.y + self.px(6)
        token = art_pieces.dragon_token(d.colour, d.letter, step + self.px(6))
        surface.blit(token, (x, y - self.px(3)))
        theme.blit_text(surface, f"{p['name']} - {palette.colour_name(d)} Dragon, level {p['level']}", size,
                        (x + step + self.px(12), y + step // 2), theme.INK, True, "midleft", box.w - step - self.px(30))
        y += step + self.px(2)
        lair = p["lair"]
        cx = x
        for res in RESOURCES:
            surface.blit(icons.resource_icon(res, isz), (cx, y + (step - isz) // 2))
            n = lair["res"][res]
            r = theme.blit_text(surface, scoresheet.raw(res, n, len(self.data.ring)), small, (cx + isz + self.px(3), y + step // 2),
                                theme.INK if n else theme.MUTED, bool(n), "midleft")
            cx = r.right + self.px(12)
        y += step
        counts = next((e["counts"] for e in self.scores if e["seat"] == p["seat"]), None)    # None in a team's game
        gap = self.px(12)
        widths = (max(theme.text_width(r.name, small, True) for r in data.regions) + gap,
                  isz + self.px(3) + theme.text_width("0 villages", small, True) + gap,
                  isz + self.px(3) + theme.text_width("0 cities", small, True) + gap)
        col = [x, x + widths[0], x + widths[0] + widths[1], x + sum(widths)]
        for region in data.regions:
            v, c = lair["villages"].get(region.name, 0), lair["cities"].get(region.name, 0)
            colour, bold = (theme.INK, True) if v or c else (theme.MUTED, False)
            mid = y + step // 2
            theme.blit_text(surface, region.name, small, (col[0], mid), colour, bold, "midleft")
            for kind, n, cx in (("village", v, col[1]), ("city", c, col[2])):
                surface.blit(art_pieces.building(kind, region.colour, isz), (cx, mid - isz // 2))
                word = kind if n == 1 else ("villages" if kind == "village" else "cities")
                theme.blit_text(surface, f"{n} {word}", small, (cx + isz + self.px(3), mid),
                                theme.INK if n else theme.MUTED, bool(n), "midleft")
            if counts is not None:                 # the Regional Value the final scoring counted
                theme.blit_text(surface, scoresheet.raw("region:" + region.name, counts["region:" + region.name], len(self.data.ring)),
                                small, (col[3], mid), colour, bold, "midleft")
            y += step


def scoresheet_tiebreak(scores):
    """How the winner won, in words."""
    top = [e for e in scores if e["total"] == scores[0]["total"]]
    if len(top) == 1:
        return f"Won on Victory Points: {scores[0]['total']} VP."
    winners = [e for e in scores if e["rank"] == 1]
    if len(winners) == 1:
        return (f"Tied on {scores[0]['total']} VP; the tie-break (highest level, then most Life) "
                f"goes to {winners[0]['name']}.")
    return f"Tied on {scores[0]['total']} VP, level and Life: the victory is shared."
