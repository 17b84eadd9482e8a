"""An online table's own controls, as parts of the table (``sprites.table.part``):

- ``OnlineSeats``: a player gone longer than the table's limit can have their
  seat handed to an AI level by the others (a click on their row in the
  dragons' list asks which level), and a player whose seat an AI has been
  playing takes it back (the prompt bar's button, or R). The server checks
  both; what it refuses comes back as a notice. On a table with a turn limit,
  the prompt bar counts down the time the player deciding has left. On the
  table of the window that made it, a seat nobody has taken yet says its
  invite code (its tip, a click on its row): only that window holds the codes.
- ``Watching``: a spectator's table: what everyone may see, nothing to play.
"""
from __future__ import annotations

import pygame

from wire.protocol import AI_LEVELS
from sprites import theme
from sprites.table import dialog, promptbar, questions
from sprites.table.part import TablePart

RECLAIM = "online:reclaim"
TABLE_BUTTONS = ("button:menu", "button:help", "button:speed", "button:pause", "button:step", "button:standings",
                 "button:scores")
GAME_ELEMENTS = ("hand", "track", "draft", "lair_action", "region", "site", "hex", "token", "deck", "discard_pile")


def minutes(seconds):
    """A duration in the words a player reads: "40 s", "12 min", "3 h", "2 days"."""
    seconds = max(0, int(seconds))
    if seconds < 90:
        return f"{seconds} s"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} min"
    if seconds < 36 * 3600:
        return f"{round(seconds / 3600)} h"
    return f"{round(seconds / 86400)} days"


class OnlineSeats(TablePart):
    def __init__(self, host):
        self.host = host

    # ----- whose seat is where --------------------------------------------------------------
    def stood_in(self):
        """This computer's seats an AI plays for now."""
        seats = self.host.seats
        return [s for s in self.host.here if seats[s]["stand_in"]]

    def absent(self, seat):
        """True if ``seat`` is another person's seat and that person is not connected."""
        s = self.host.seats[seat]
        return seat not in self.host.here and s["connected"] is False and not s["stand_in"] and s["kind"] == "human"

    def why_not(self, seat):
        """Why the seat cannot be handed to an AI now (None: it can)."""
        name, limit, away = self.host.seats[seat]["name"], self.host.absent_limit, self.host.away_for(seat) or 0
        if limit is None:
            return f"{name} is away. This table was made to wait for absent players: no AI can stand in."
        if away < limit:
            return (f"{name} has been away {minutes(away)}. An AI dragon may play for them once they have been "
                    f"away {minutes(limit)} (the table's limit).")
        return None

    def free_seat(self, seat):
        """The invite code of a seat no friend has taken yet, in words, on the window that made the
        table (else None)."""
        code = self.host.invites.get(seat)
        if code is None or self.host.seats[seat]["claimed"]:
            return None
        return f"Nobody has taken this seat yet: its invite code is {code} (the friend chooses Play online, then Join)."

    # ----- the table's hooks ------------------------------------------------------------------
    def more_tips(self, tips):
        out = {}
        for i in range(len(self.host.seats)):
            tip = f"player:{i}"
            if tip not in tips:
                continue
            free = f" {self.free_seat(i)}" if self.free_seat(i) else ""
            if self.absent(i):
                why = self.why_not(i)
                out[tip] = free + (f" Not connected now. {why}" if why else
                                   f" Not connected now, for {minutes(self.host.away_for(i) or 0)}. "
                                   f"Click: let an AI dragon play for them until they are back.")
            elif i in self.stood_in():
                out[tip] = " An AI dragon plays your seat for now: Take my seat back (R) gives it to you again."
        return out

    def rects(self):
        if not self.stood_in():
            return {}
        lay = self.table.lay
        hint = promptbar.button_rects(lay, False)["button:hint"]
        label = "Take my seat back (R)"
        w = max(lay.px(200), theme.text_width(label, lay.font(20), True) + lay.px(18))
        return {RECLAIM: pygame.Rect(hint.right - w, hint.y, w, hint.h)}

    def register(self):
        for name, rect in self.rects().items():
            self.table.add(name, rect, tip="An AI dragon has played your seat while you were away: play it "
                                           "yourself again from the next decision on (R).", front=True)

    def bar_extra(self):
        return list(self.rects().values())

    def header(self, header):
        head, prompt, colour, letter = header
        mine = self.stood_in()
        if mine:
            level = self.host.seats[mine[0]]["stand_in"]
            prompt = f"An AI dragon ({level}) plays your seat while you were away. Take my seat back (R) to play."
        clock = self.host.turn_clock()
        if clock is not None:
            left = int(clock["left"] + 0.999)
            whose = "you have" if clock["seat"] in self.host.here else f"{self.host.seats[clock['seat']]['name']} has"
            prompt = f"{prompt} ({whose} {left // 60}:{left % 60:02d} left)"
        return head, prompt, colour, letter

    def tick(self, now):
        """While a turn clock runs, the bar is drawn again each second."""
        clock = self.host.turn_clock()
        if clock is None:
            return None
        self.table.app.dirty = True
        return max(50, int((clock["left"] % 1) * 1000) or 1000)

    def click(self, name):
        t = self.table
        if name == RECLAIM:
            return self.reclaim()
        kind, _, rest = name.partition(":")
        if kind == "takeover":
            seat, level = rest.split(":")
            questions.close(t)
            sent = self.host.take_over(int(seat), level)
            t.say(f"Asked the server: AI {level} plays for {self.host.seats[int(seat)]['name']}." if sent else
                  "Not connected to the server: try again once it is back.", note=sent)
            return True
        if kind == "player" and rest.isdigit() and int(rest) < len(self.host.seats) and self.absent(int(rest)):
            seat = int(rest)
            why = self.why_not(seat)
            if why:
                t.say(f"{self.free_seat(seat) or ''} {why}".strip(), note=True)
                return True
            name = self.host.seats[seat]["name"]
            choices = [(f"takeover:{seat}:{level}", f"AI {level}") for level in AI_LEVELS]
            questions.ask(t, dialog.Dialog(
                f"Let an AI dragon play for {name}?", choices, width=460,
                text=f"{name} has been away {minutes(self.host.away_for(seat) or 0)}. An AI dragon of the level "
                     f"you choose plays their seat until they come back and take it again."), "choose")
            return True
        return False

    def key(self, event):
        if event.key == pygame.K_r and self.stood_in():
            return self.reclaim()
        return False

    def reclaim(self):
        sent = all(self.host.reclaim(seat) for seat in self.stood_in())
        self.table.say("Taking your seat back..." if sent else "Not connected to the server: try again once it "
                       "is back.", note=sent)
        return True

    def draw(self, surface):
        for name, rect in self.rects().items():
            theme.button(surface, rect, "Take my seat back (R)", self.table.lay.font(20),
                         hot=self.table.hover == name, primary=True)


class Watching(TablePart):
    """A spectator's table: every move shown as it comes, no hand, nothing to choose. The Dragon
    Card shown is the deciding dragon's, or the one whose row the spectator clicked until the
    turn passes to another dragon (a click on it again: back to whoever decides); all public."""
    has_undo = False

    def attach(self, table):
        super().attach(table)
        self.picked = None              # the seat whose card the spectator chose to look at ...
        self.picked_during = None       # ... while this seat decided (once another decides: the turn's again)
        self.look()

    def look(self):
        shown = self.table.frame()
        seat = self.picked if self.picked is not None else shown.decider
        if seat is not None:
            shown.seats.take_over(seat)

    def changed(self, actor, chosen):
        if self.table.frame().decider != self.picked_during:
            self.picked = None          # (the turn moved on: the card follows it again)
        self.look()

    def laid_out(self):
        self.table.right.viewer_label = ""
        self.table.right.yours = False
        self.table.handview.empty_text = "Watching: the players' hands are hidden"
        self.table.handview.buttons = ()     # the action kinds' buttons are a player's: none can be used here

    def header(self, header):
        head, prompt, colour, letter = header
        return f"Watching - {head}", prompt, colour, letter

    def click(self, name):
        """A click on the game (a card, a region, a kind's button) says why nothing happens;
        the bar's buttons, the standings and the log work as at any table."""
        kind = name.split(":")[0]
        if kind == "player":
            seat = int(name.split(":")[1])
            self.picked = None if self.picked == seat else seat
            self.picked_during = self.table.frame().decider
            self.look()
            self.table.refresh()
            return True
        if kind in GAME_ELEMENTS or (kind == "button" and name not in TABLE_BUTTONS):
            self.table.say("You are watching this game: its players make the moves.", note=True)
            return True
        return False
