"""The standings panel: who would win if the game ended now, over the middle
of the table (toggled with V or the Standings button beside "Dragons").

What it shows is the seat snapshot's ``standings`` (the table asks for them
only while the panel is open): the final scoring applied now,
as the seat at the computer may know it - its own lair exactly, the other
lairs worked out from what was taken in the open (marked "~" when they are
estimates), every lair in The Strategist; in a team's game the team's points,
its level and what the next level needs (in the variant's words). The panel is
drawn once per change into a picture that each frame only blits, and a
hot-seat hand-off closes it (``close``)."""
from __future__ import annotations

import weakref

import pygame

from game.words import category
from sprites import theme
from sprites.table import scoresheet

KEY = pygame.K_v                  # (S steps through AI moves)
COVERED = ("map", "left", "strip", "hand")
LABEL = "Standings (V)"
TIP = "Who would win if the game ended now (V)."
WAITING = "Asking the server for them..."


def heading(view):
    """The panel's title: once the game is over, its standings are the final scores."""
    return "Final standings" if view["over"] else "Standings if the game ended now"


class StandingsPanel:
    def __init__(self, table):
        self.table = weakref.proxy(table)       # no cycle with its table (sprites.table.part says why)
        self.open = False
        self.shown = None               # the standings on the picture (None while closed)
        self._image = None
        self._frame = None              # (what it shows, the picture): the panel without its sheet
        self._cells = {}                # the sheet's cells as painted (scoresheet.Sheet: a change repaints few)
        self.banner_top = None          # where the messages over the map go while it is open (under its subtitle)

    # ----- geometry ------------------------------------------------------------------
    @staticmethod
    def rect(lay):
        """Over the left column, the map, the track and the hand (all of them: see ``covered``);
        the prompt bar, the dragons and the log stay in sight."""
        return pygame.Rect(lay.left.x, lay.map.y, lay.right.x - lay.left.x, lay.hand.bottom - lay.map.y)

    def around(self, lay):
        """The window around the open panel, which covers the rest of it in every frame
        (a frame blits the table under it only here)."""
        r, (w, h) = self.rect(lay), lay.size
        return [pygame.Rect(0, 0, w, r.y), pygame.Rect(0, r.bottom, w, h - r.bottom),
                pygame.Rect(0, r.y, r.x, r.h), pygame.Rect(r.right, r.y, w - r.right, r.h)]

    def covered(self):
        """The parts of the table under the open panel: they need no painting until it closes."""
        return COVERED if self.open else ()

    @staticmethod
    def button_rect(lay, heading):
        """The Standings button at the right end of the "Dragons" heading (``heading``: that line's rect)."""
        size = lay.font(16)
        w = theme.text_width(LABEL, size, True) + lay.px(16)
        h = min(heading.h, theme.font(size, True).get_height() + lay.px(6))
        return pygame.Rect(heading.right - w, heading.y, w, h)

    def close_rect(self, lay):
        r = self.rect(lay)
        size = lay.font(18)
        w = theme.text_width("Close (V)", size, True) + lay.px(20)
        h = theme.font(size, True).get_height() + lay.px(10)
        return pygame.Rect(r.right - lay.px(10) - w, r.y + lay.px(10), w, h)

    # ----- state -----------------------------------------------------------------------
    def available(self):
        """Only with a seat's eyes (between players in hot seat, the table shows no seat's), or
        once the game is over: every lair is open then and the standings are the final scores,
        a spectator's too."""
        snap = self.table.snap
        return snap is not None and (snap["seat"] is not None or snap["board"]["over"])

    def toggle(self):
        if self.open:
            self.close()
        elif self.available():
            self.open = True
            self.table.fetch()                # the snapshot with the standings (worked out only while open)
        self.table.repaint()                  # the parts it covered catch up as it closes

    def close(self):
        """Closed, and nothing of what it showed kept (a hot-seat hand-off calls this)."""
        self.open = False
        self.shown = None
        self._image = None                # its pictures too: painted afresh for whoever opens it next
        self._frame, self._cells = None, {}

    def register(self, scene, lay, heading):
        """The button; while open, the panel and its close button take clicks before the table under them."""
        if not self.available():
            self.open = False
            return
        scene.add("button:standings", self.button_rect(lay, heading), tip=TIP)
        if self.open:
            scene.add("standings", self.rect(lay), front=True)
            scene.add("standings:close", self.close_rect(lay), tip="Close the standings (V).", front=True)

    def click(self, name):
        """Handle a click on the panel or its buttons; False if the click is not for the panel."""
        if name in ("button:standings", "standings:close"):
            self.toggle()
            return True
        return name == "standings"          # the panel's own surface: nothing under it is clicked

    # ----- drawing ------------------------------------------------------------------------
    def draw(self, surface, hover, room=0):
        """Blit the panel (painted afresh when the standings, the viewer, the size or ``room``
        changed: the height the messages over the map take, left free under its subtitle)."""
        t = self.table
        lay = t.lay
        button = t.element_rect("button:standings")
        if button is not None:
            theme.button(surface, button, LABEL, lay.font(16), hot=hover == "button:standings", primary=self.open)
        if not self.open:
            return
        viewer = t.snap["seat"]                 # (None: a spectator's final standings, no column of its own)
        sig = (id(t.view), viewer, lay, room)   # a new layout: a new size, text size or palette
        if t._painted.get("standings") != sig or self._image is None:
            st = t.snap["standings"]
            if st is None and self.shown is not None and self.shown[1:] == (viewer, lay, room):
                pass                        # online, after a move: the last ones stay up until the new ones come
            elif (st, viewer, lay, room) != self.shown or self._image is None:
                self._image = self._paint(lay, st, viewer, room)
                self.shown = (st, viewer, lay, room)
            t._painted["standings"] = sig
        r = self.rect(lay)
        surface.blit(self._image, r)
        close = self.close_rect(lay)
        theme.button(surface, close, "Close (V)", lay.font(18), hot=hover == "standings:close")

    def _paint(self, lay, st, viewer, room=0):
        """The panel's picture. What stays the same from one change to the next (the panel,
        its title and subtitle, most cells of the sheet) is blitted as it was painted; a
        picture of its own painted afresh (``_image`` None) paints everything again."""
        t = self.table
        r = self.rect(lay)
        img = self._image
        if img is None or img.get_size() != r.size:          # the screen's pixel format: fast blits
            img = pygame.Surface(r.size, 0, t.app.screen)
            self._frame, self._cells = None, {}
        box = img.get_rect().inflate(-lay.pad, -lay.pad)
        x, y = box.x + lay.px(14), box.y + lay.px(8)
        text_w = self.close_rect(lay).x - r.x - x - lay.px(10)           # clear of the close button
        if st is None:                      # online: asked of the server, on their way
            self._frame = None
            img.fill(theme.WOOD)
            theme.panel(img, box, radius=10, width=3)
            theme.blit_text(img, heading(t.view), lay.font(30), (x, y), theme.RED, True, width=text_w)
            theme.blit_text(img, WAITING, lay.font(18), (x, y + theme.font(lay.font(30), True).get_linesize()),
                            theme.MUTED, width=text_w)
            return img
        top = y + theme.font(lay.font(30), True).get_linesize()
        yours = t.right.yours
        subtitle = theme.wrap(self.knowledge(st, viewer, t.view, yours), lay.font(18), text_w)
        width = box.right - lay.px(14) - x

        def sheet_in(rect):
            return scoresheet.Sheet(t.data, rect, st["scores"], lay.k, st["majorities"],
                                    st["hidden"] if st["estimated"] else (), you=viewer, uncertain=st["uncertain"],
                                    ranges={viewer: st["range"]} if st["range"] else {}, cells=self._cells,
                                    you_word="you" if yours else "shown")
        least = 0 if st["cooperative"] else sheet_in(pygame.Rect(0, 0, width, 1)).least_h()
        if room and box.bottom - lay.px(8) - (top + len(subtitle) * lay.line(18) + lay.px(8) + room) < least:
            subtitle = []                   # a short window: the messages take the subtitle's lines, not the totals
        shows = (lay, heading(t.view), text_w)       # (the subtitle changes with most moves: painted over it)
        if self._frame is not None and self._frame[0] == shows:
            img.blit(self._frame[1], (0, 0))
        else:
            img.fill(theme.WOOD)
            theme.panel(img, box, radius=10, width=3)
            theme.blit_text(img, shows[1], lay.font(30), (x, y), theme.RED, True, width=text_w)
            self._frame = (shows, img.copy())
        for k, line in enumerate(subtitle):
            theme.blit_text(img, line, lay.font(18), (x, top + k * lay.line(18)), theme.MUTED)
        y = top + len(subtitle) * lay.line(18)
        y += lay.px(8)
        self.banner_top = r.y + y           # the messages over the map go here, over nothing of the sheet
        y += min(room, max(0, box.bottom - lay.px(8) - y - least))
        body = pygame.Rect(x, y, width, box.bottom - y - lay.px(8))
        if st["cooperative"]:
            scoresheet.draw_team_result(img, body, t.view["variant_table"]["team"], st, lay.k)
        else:
            sheet_in(body).draw(img)
        return img

    @staticmethod
    def knowledge(st, viewer, view, yours):
        """Whose knowledge the figures are, in words (``yours``: the viewer's own seat, not eyes a
        replay shows); in the last century, what is still open."""
        goals = view.get("goals")
        return StandingsPanel._knowledge(st, viewer, view, yours) + (" " + goals["text"] if goals else "")

    @staticmethod
    def _knowledge(st, viewer, view, yours):
        if st["cooperative"]:
            return view["variant_table"]["team"]["standings"]
        if view["over"]:
            return "The game is over: every lair is open and these are the final scores."
        names = [p["name"] for p in view["players"]]
        me = names[viewer]
        own = "your lair" if yours else f"{me}'s lair"
        loot = " Loot on a Dragon Card counts as stashed in its lair."
        if not st["hidden"]:
            return "The Strategist: every lair is open, so these figures are exact." + loot
        if not st["estimated"]:
            other = names[st["hidden"][0]]
            return (f"As {me} knows it: {own} exactly; {other}'s lair counted from what was taken in the open "
                    f"(with one lair hidden, the count is exact).{loot}")
        said = (f"As {me} knows it: {own} exactly; the other lairs estimated from what was taken in the open "
                f"(figures marked ~).{loot}")
        if st["uncertain"]:
            names = [category(k) for k in st["uncertain"]]
            least, most = st["range"]
            whose = ("Your", "your") if yours else (f"{me}'s", f"{me}'s")
            said += (f" {whose[0]} majorities that the estimates decide: {', '.join(names)} (one piece in another "
                     f"hidden lair than estimated would change them): {whose[1]} total is {least} to {most} VP.")
        return said
