"""The table: the whole game on one screen, played with the mouse.

The scene draws one seat's snapshot and sends the host commands: an option
of the snapshot's decision (by its number), a flight, undo, a hint. It never
sees the Game; the host (``app.host``: in this process, a server, or a
replay) holds it. Clicks on things that offer nothing show the engine's
reason (the snapshot's ``refused``).

What the table promises a player:
- it shows the state after every change (animations end where the state
  is; nothing is left half-drawn);
- in hot seat, nothing one player saw (hand, lair, hint, dialog, preview,
  tooltip, private log line, a draw in flight) survives the hand-off, and
  while seats nobody here plays move between two players the table shows
  only what everyone may see;
- every action shows on the map where it happened (``happenings``), at the
  chosen speed, and other dragons can be paused and stepped through one move
  at a time (``pacer``);
- a one-click action that spends something and cannot be undone asks first
  (``questions``); the hand does not slide under a pointer that has not
  moved (``handlayout``).
A ``part`` (the replay's bar, the tutorial's guide) adds to the table
through the hooks of ``TablePart``.
"""
from __future__ import annotations

import functools

import pygame

from sprites import idle, palette
from sprites.anim import Tween, now_ms, shortest_turn
from sprites.art import standins
from sprites.scene import Scene
from sprites.seats import SeatControl
from sprites.table import changes, clock, elements, handlayout, input as tableinput, marks, motion, parts
from sprites.table import promptbar
from sprites.table import questions, tips as tiptext, toplayer
from sprites.table.frame import Frame, Panels
from sprites.table.handview import HandView
from sprites.table.layout import TableLayout
from sprites.table.logpanel import LogPanel
from sprites.table.mapview import MapView
from sprites.table.pacer import Pacer
from sprites.table.part import TablePart
from sprites.table.rightpanel import AWAY, RightPanel
from sprites.table.standings import StandingsPanel
from sprites.targets import group_options

VIEW_LABELS = {"button:undo": "Undo (U)", "button:help": "Help F1", "button:menu": "Menu",
               "button:scores": "Final scores", "button:choices": "All choices", "button:hint": "Hint",
               "button:pause": "Pause (P)", "button:step": "Step (S)"}


class TableScene(Scene):
    shows_unsaved = True            # (its own banner: sprites.unsaved draws nothing over it)

    def __init__(self, app, host, handoff=True, part=None, here=None):
        super().__init__(app)
        self.host = host
        self.part = part or TablePart()
        self.seats = SeatControl(host.seats, handoff=handoff, here=here)
        self.data = palette.view_data(host.data, app.settings.colour_blind)
        self.snap = None                # the latest snapshot of the eyes shown
        self.reread_due = False         # the snapshot came whole again while a move waited to be shown
        self.entries = []               # the log lines of those eyes so far
        self.eyes = None                # whose snapshot: the viewer, or None between two players
        self.version = None
        self.view = None
        self.decision = None
        self.options = []
        self.dialog = None
        self.dialog_kind = None         # "choose" (a click offered several), "panel", "draft", "confirm"
        self.focus = None               # the element the keyboard is on (sprites.table.keyboard)
        self.confirming = None          # what the confirm question's yes chooses (an option, a flight's region)
        self.toast = None               # (text, until_ms, note)
        self.unsaved = None             # while the autosave fails: what to say (the host's ``unsaved``)
        self.hinted = None              # {"text", "at", "names"}: the hint shown for the current decision
        self.base = None
        self.base_dirty = True
        self.map_dirty = False
        self.map_picture = None         # the map's background as last painted (its sketch, until drawn)
        self.hurry = False              # the next frame is the first at a new size (sprites.art.standins)
        self.stood_in = False           # that frame showed stand-ins: paint afresh once they are drawn
        self.groups = {}
        self.tips = {}
        self.hex_angle = None
        self.hex_tween = None
        self.motion = motion.Motion()
        self.standings = StandingsPanel(self)
        self.happened = marks.Marks()   # what the last actions touched
        self.pointed = marks.Marks()    # what a clicked log line touched
        self.log = LogPanel(None)
        self._summary = None
        self.summary = None             # "since your last turn": its lines, in a strip above the log
        self.summary_open = False       # unfolded over the right column (or the one-line strip)
        self.century = None             # a new century's banner: {"title", "text", "until" ms, "hold" clicks}
        self._previews = {}             # element -> (words, places) of what hovering it previews
        self._painted = {}              # part of the table -> what it shows (skip unchanged parts)
        self.ai = Pacer(self)
        self.speed = app.settings.speed
        self.labels = {}
        self.handoff_pending = False
        self.places = handlayout.Places()   # where the viewer's cards lie (hand, slots, gaps, freeze)
        self.pointer = None             # the last pointer position seen in an event
        self.resting = None             # what a click or the hand brought under a still pointer: hovered, its
        #                                 tooltip not shown nor a card enlarged until the pointer moves
        self.zoomed = None              # the hand when a card of it was last enlarged
        self.lay = None
        self._make_labels()
        self.part.attach(self)
        self.seats.follow(host.decider)
        self.resize(app.screen.get_size())
        self.refresh()
        app.sounds.warm()

    def _make_labels(self):
        self.labels = dict(VIEW_LABELS, **{f"button:{k}": b["label"] for k, b in self.host.table["buttons"].items()})
        self.labels["button:speed"] = f"Speed x{self.speed}"

    def restyle(self):
        """The settings changed (palette, text size, speed): lay out and paint afresh."""
        self.data = palette.view_data(self.host.data, self.app.settings.colour_blind)
        self.snap = None
        self.fetch()                    # the log again, its dragons named in this palette's colours
        self.speed = self.app.settings.speed
        self._make_labels()
        self.lay = None
        self.base = None
        self._painted = {}
        self.resize(self.app.screen.get_size())
        self.refresh()

    @property
    def summary(self):
        return self._summary

    @summary.setter
    def summary(self, lines):
        """The lines of "since your last turn" (None: none shown); the log makes room for its strip."""
        self._summary = lines
        if getattr(self, "right", None) is not None:
            self.right.with_summary = lines is not None

    # ----- sizes --------------------------------------------------------------------------
    def resize(self, size):
        if self.lay is not None and self.lay.size == tuple(size):
            return
        self.lay = TableLayout(size)
        self.map = MapView.for_rect(self.lay.map, self.data, later=self.app.may_animate)
        self.hurry = self.app.may_animate
        self.right = RightPanel(self.lay, self.data, self.log)
        if not self.seats.humans:               # only AI dragons: none of them is the person watching
            self.right.viewer_label, self.right.yours = "", False
        self.right.with_summary = self.summary is not None
        buttons = [f"button:{k}" for k in self.host.table["buttons"] if f"button:{k}" not in promptbar.BAR_BUTTONS]
        if self.view is not None and self.view["over"]:
            buttons = []                        # (nothing is played on the final board: see ``refresh``)
        self.handview = HandView(self.lay, self.data, len(self.host.seats) + self.data.setup["track_extra"],
                                 buttons, self.labels)
        self.part.laid_out()
        self.base = None
        self.places.clear()
        self._prewarm()
        if self.view is not None:                 # the same view, laid out afresh (no need to fetch it)
            self.lay_out_hand()
            self.register()
            self.base_dirty = True
            self.app.dirty = True

    def _prewarm(self):
        """Leave the pieces and the cards at this window size to the window's idle
        moments (sprites.idle), so that the first frame comes at once (it draws only
        those it shows) and no later frame draws one the first time it shows."""
        from sprites.table import dialog
        self.handview.prewarm(dialog.card_size(self.lay))
        idle.later("pieces", [self.right.prewarm, self.map.prewarm,
                              functools.partial(self.motion.prewarm, self.data, self.lay.px(30))])

    def duration(self, ms):
        return 0 if not self.app.animate else ms // self.speed

    # ----- the snapshot -------------------------------------------------------------------------
    @property
    def decider(self):
        """The seat that must choose now (None once the game is over)."""
        return self.host.decider

    def fetch(self):
        """The host's snapshot for the eyes shown now; returns the log lines added since
        the last one (the whole log is read afresh when the eyes change)."""
        eyes = None if self.seats.between_players(self.decider) else self.seats.viewer
        fresh = eyes != self.eyes or self.snap is None
        known = self.snap["log_size"] if self.snap is not None else None
        self.eyes = eyes
        snap = self.snap = self.host.snapshot(eyes, 0 if fresh else known, standings=self.standings.open)
        if fresh:
            self.entries = []
        cut = snap["events_from"]
        while self.entries and self.entries[-1]["seq"] >= cut:     # an undo took lines back
            self.entries.pop()
        events = [dict(e, text=palette.say_colours(e["text"], self.data, e["event"].get("dragons") or ()))
                  for e in snap["events"]]
        self.entries.extend(events)
        self.version = snap["version"]
        self.view = dict(snap["board"], log=self.entries, goals=snap["goals"],
                         seat=snap["seat"] if snap["seat"] is not None else self.seats.viewer)
        self.decision = snap["decision"]
        self.options = self.decision.get("options", []) if self.decision and self.decision["mine"] else []
        if known is None:
            return []
        return [e for e in (events if not fresh else self.entries) if e["seq"] >= known]

    def refresh(self):
        """Fetch the viewer's snapshot and recompute the clickable options and the elements."""
        if self.snap is None or self.version != self.host.version or self._eyes_changed():
            self.fetch()
        v = self.view
        if v["over"]:
            self.handview.buttons = ()          # the action kinds' buttons: nothing is played once the game is over
        me = v["players"][v["seat"]]
        self.lay_out_hand(handlayout.sorted_hand(self.data, me["hand"] or []))
        mine = self.my_decision()
        self.groups = group_options(self.options, self.hand, v["track"], v["draft"] or [], self.data.cards) \
            if mine else {}
        if self.hinted is not None and self.hinted["at"] != self.version:
            self.hinted = None
        self.tips = tiptext.Later(functools.partial(      # (what they are worded from, as it is now)
            tiptext.for_table, self.data, v, self.options, self.groups, self.hand, self.host.table,
            self.undo_refusal(), self.decision.get("refused") if mine else None, self.snap["turn_order"],
            self.ai.paused, [seat["kind"] for seat in self.host.seats], self.part.more_tips))
        self.labels["button:pause"] = "Resume (P)" if self.ai.paused else "Pause (P)"
        self._previews = {}
        target = 60 * self.data.ring.index(v["hex_arrow"])
        if self.hex_angle is None:
            self.hex_angle = target
        elif self.hex_tween is None and round(self.hex_angle) % 360 != target % 360:
            end = shortest_turn(self.hex_angle, target)
            self.hex_tween = Tween(self.hex_angle, end, now_ms(), self.duration(320))
        questions.sync(self)
        self.part.refresh()
        handlayout.show_offered(self.places, self.handview, self.part.in_sight(self.groups), self.lay, self.pointer)
        self.register()
        self.base_dirty = True
        self.app.dirty = True

    def reread(self):
        """The host's snapshot came whole again (online: a seat renamed, at the same version): read
        it and the whole log afresh, and paint every part (lines shown may be worded anew). While
        a move waits to be shown, after it: read afresh now, its lines would miss their animations."""
        if self.snap is not None and self.version != self.host.version:
            self.reread_due = True
            return
        self.reread_due = False
        self.snap = None
        self._painted = {}
        self.refresh()
        self.seats.rename([p["name"] for p in self.view["players"]])

    def standings_came(self):
        """The standings the open panel asked the server for came: shown if they are of the position
        shown (else the next position's are asked for as it is shown). Only they are read again:
        the position's log lines are the table's to show with their animations."""
        if self.snap is None or self.version != self.host.version or self._eyes_changed():
            return
        came = self.host.snapshot(self.eyes, None, standings=self.standings.open)["standings"]
        if came is not None:
            self.snap["standings"] = came
            self._painted.pop("standings", None)      # (the panel paints them afresh)
            self.app.dirty = True

    def _eyes_changed(self):
        return (None if self.seats.between_players(self.decider) else self.seats.viewer) != self.eyes

    def my_decision(self):
        """True if the decision is the viewer's and a person makes it at this table now."""
        d = self.decision
        return (d is not None and d["mine"] and d["player"] == self.seats.viewer and self.seats.is_human(d["player"])
                and not self.handoff_pending)

    def can_undo(self):
        return bool(self.snap and self.snap["undo"]["can"]) and self.my_decision()

    def undo_refusal(self):
        """Why Undo is not possible now (None if it is, or if this table has no undo)."""
        if not self.part.has_undo:
            return None
        return None if self.can_undo() else (self.snap["undo"]["why"] if self.snap else None)

    # ----- the hand's places (sprites.table.handlayout) -------------------------------------------
    @property
    def hand(self):
        """The viewer's cards as shown."""
        return self.places.hand

    @property
    def slots(self):
        return self.places.slots

    @property
    def gaps(self):
        return self.places.gaps

    def lay_out_hand(self, hand=None, afresh=False):
        """Place the viewer's cards (``hand``; None: the hand shown now), keeping their places
        under a still pointer unless ``afresh``."""
        if afresh:
            self.places.clear()
        handlayout.lay_out(self.places, self.hand if hand is None else hand, self.handview, self.lay, self.pointer)

    def reflow_hand(self):
        """The hand kept its places long enough: lay it out afresh; what now lies under a
        still pointer is hovered (its tooltip)."""
        self.places.clear()
        self.refresh()
        if self.pointer is not None:
            e = self.element_at(self.pointer)
            self.hover = e.name if e is not None else None
            # (enlarged, it could cover what the player looks at next: only once the pointer moves)
            self.resting = self.hover if self.hover is not None and self.hover.startswith("hand:") else None
            self.app.dirty = True

    # ----- what the parts are given (sprites.table.frame) ----------------------------------------
    def frame(self):
        """What the table shows now, for a part to read."""
        return Frame(
            data=self.data, snap=self.snap, view=self.view, decision=self.decision, options=self.options,
            mine=self.my_decision(), can_undo=self.can_undo(), decider=self.decider, seats=self.seats,
            kinds=tuple(AWAY if s["kind"] == "human" and s.get("connected") is False else s["kind"]
                        for s in self.host.seats),
            paused=self.ai.paused, has_ai=self.has_ai(), lay=self.lay, groups=self.groups, tips=self.tips,
            labels=self.labels, hand=self.hand, slots=self.slots, gaps=self.gaps, hex_angle=self.hex_angle,
            hover=self.hover, resting=self.resting, pointer=self.pointer, focus=self.focus, dialog=self.dialog,
            dialog_kind=self.dialog_kind,
            summary=self.summary, summary_open=self.summary_open, century=self.century, toast=self.toast,
            hinted=self.hinted, unsaved=self.unsaved)

    def panels(self):
        return Panels(map=self.map, right=self.right, handview=self.handview, log=self.log, standings=self.standings,
                      motion=self.motion, happened=self.happened, pointed=self.pointed, part=self.part)

    # ----- elements ------------------------------------------------------------------------
    def register(self):
        """Every element of the table, where it is now (sprites.table.elements)."""
        f = self.frame()
        elements.register(f, self.panels(), self)
        self.hover = elements.rehover(f, self, self.zoomed)

    def has_ai(self):
        """Other dragons still to play here (Pause and Step: not on a finished game's table)."""
        return self.part.plays and any(s["kind"] != "human" for s in self.host.seats) and \
            not (self.view is not None and self.view["over"])      # (None: before the first snapshot)

    def header(self):
        return self.part.header(parts.header(self.frame()))

    # ----- input -------------------------------------------------------------------------
    def handle(self, event):
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = event.pos
            if self.resting is not None:
                self.resting = None
                self.app.dirty = True       # (its tooltip, or the card enlarged, shows now)
        if event.type == pygame.MOUSEWHEEL and self.pointer is not None:
            return self.scroll(self.pointer, event.y)          # where the pointer is, as the events said
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.resting = self.hover       # (what the click brought under the pointer: no tooltip over it yet)

    def click(self, name):
        return tableinput.click(self, name)

    def click_nothing(self, pos):
        return tableinput.click_nothing(self, pos)

    def put_summary_away(self):
        """The "since your last turn" summary has been read."""
        return tableinput.put_summary_away(self)

    def fold_summary(self, open_=False):
        return tableinput.fold_summary(self, open_)

    def toggle_pause(self):
        self.ai.toggle_pause()
        self.refresh()

    def step_ai(self):
        if not self.ai.paused:
            return self.say("Step works while the AI dragons are paused (P).", note=True)
        if self.seats.ai_turn(self.decider) is None:
            return self.say("No AI dragon is to move now.", note=True)
        self.ai.step()
        self.app.dirty = True
        return None

    def log_has_places(self, index):
        return bool(marks.event_marks(self.view["log"][index]["event"]))

    def set_speed(self, speed):
        self.speed = speed
        self.labels["button:speed"] = f"Speed x{speed}"
        self.app.settings.speed = speed            # remembered for the next run
        self.app.settings.save()
        self.base_dirty = True

    def show_all_choices(self):
        return questions.all_choices(self)

    def choose(self, i, asked=False):
        """Option ``i`` of the viewer's decision, as a click picks it (asking first where it should)."""
        return questions.choose(self, i, asked)

    def ask_hint(self):
        return changes.ask_hint(self)

    # ----- what the parts change at the table (their only writes to it) ---------------------------
    def repaint(self):
        """Lay the elements out again and repaint what changed (a scroll, a page, a question, a panel)."""
        self.register()
        self.base_dirty = True
        self.app.dirty = True

    def set_question(self, question, kind=None, confirming=None):
        """The question in front of the table (sprites.table.questions; None: none), its kind
        ("choose", "panel", "draft", "confirm") and what a yes to it chooses."""
        self.dialog, self.dialog_kind, self.confirming = question, kind if question is not None else None, confirming

    def set_summary(self, lines, open_=False):
        """The lines of "since your last turn" (None: none shown), in its strip or open over the log."""
        self.summary, self.summary_open = lines, open_

    def set_hint(self, hinted):
        """The hint shown for this decision (None: none). A hand shown a page at a time turns to
        the card it suggests (its outline would be on no card in sight)."""
        self.hinted = hinted
        if hinted is not None and hinted["names"] and self.lay is not None:
            handlayout.show_offered(self.places, self.handview, dict.fromkeys(hinted["names"]), self.lay, self.pointer)
            self.register()
        self.app.dirty = True

    def hinted_option(self):
        """The option the hint shown for this decision suggests (None: no hint, or one without an option)."""
        shown = self.hinted
        return shown.get("option") if shown is not None and shown["at"] == self.version else None

    def set_century(self, banner):
        """A new century's banner (None: put away)."""
        self.century = banner
        self.app.dirty = True

    def set_unsaved(self, line):
        """While the autosave fails, what the banner says (None: it works again)."""
        if line != self.unsaved:
            self.unsaved = line
            self.app.dirty = True

    def unsay(self):
        """The message over the map goes (its time is up)."""
        self.toast = None
        self.app.dirty = True

    def set_focus(self, name, hover=False):
        """The keyboard's focus goes to ``name`` (None: away); ``hover``: what it is on is
        hovered too (its tooltip and preview, as under the pointer)."""
        self.focus = name
        if hover:
            self.hover = name
        self.app.dirty = True

    def say(self, text, ms=4500, note=False):
        """A message over the map: red for a refusal or a failure, dark for a ``note``."""
        self.toast = (text, now_ms() + ms, note)
        self.app.dirty = True

    def key(self, event):
        return tableinput.key(self, event)

    def scroll(self, pos, dy):
        return tableinput.scroll(self, pos, dy)

    # ----- commands and changes (sprites.table.changes) ----------------------------------
    def send(self, command, quiet=False):
        return changes.send(self, command, quiet)

    def apply(self, i):
        """Choose option ``i`` of the viewer's decision now (no question asked); True if the host took it."""
        return changes.apply(self, i)

    def undo(self):
        return changes.undo(self)

    def changed(self, chosen=(), undo=False):
        return changes.changed(self, chosen, undo)

    def hide_for_handoff(self):
        """Hide the table behind the hand-off screen, forgetting what the last player saw."""
        self.handoff_pending = True
        self.log.keep(self.seats.viewer)
        self.forget_private()
        self.refresh()
        self.app.show_handoff(self)

    def handed_over(self, seat):
        """The hand-off screen confirmed who sits at the computer now."""
        self.forget_private()
        self.seats.take_over(seat)
        self.log.restore(seat)
        self.handoff_pending = False
        self.refresh()

    def forget_private(self):
        """Hot-seat hand-off: drop everything the last player saw (messages,
        hint, dialogs, what the pointer hovered, animations of their cards,
        the log's scroll, every painted part) so that none of it reaches the
        next player's screen."""
        self.toast = None
        self.hinted = None
        self.standings.close()
        self.host.forget_hint()
        self.set_question(None)
        self.hover = self.focus = None
        self.motion.clear()
        self.happened.clear()
        self.pointed.clear()
        self.summary = None
        self.century = None
        self._previews = {}
        self.right.forget()
        self.hex_tween = None
        self.hex_angle = None
        self.places.clear()
        self.base = None
        self._painted = {}

    # ----- time (sprites.table.clock) ----------------------------------------------------------
    def turn_hex(self, now):
        """The Action Hex's arrow turns on; True while it turns."""
        if self.hex_tween is None:
            return False
        self.hex_angle = self.hex_tween.value(now)
        if self.hex_tween.done(now):
            self.hex_angle = self.hex_tween.end % 360
            self.hex_tween = None
            self.refresh()
        return True

    def repaint_map(self):
        """The map moved (or its picture came): paint it again in the next frame."""
        self.map_dirty = True

    def update(self, now):
        moving = clock.update(self, now)
        if self.stood_in and not standins.pending():
            self.stood_in = False
            self.paint_afresh()                 # the pictures the first frame at this size scaled, drawn
        if self.reread_due and self.version == self.host.version:
            self.reread()                       # (the move it waited for is shown: see ``reread``)
        return moving

    def wakeup_ms(self, now):
        return clock.wakeup_ms(self, now)

    # ----- drawing ---------------------------------------------------------------------------
    def paint_map(self, surf):
        """Only the map (animation frames): the panels around it stay as they are."""
        moving = self.motion.dragon_positions(now_ms())
        self.map_picture = self.map.background
        surf.set_clip(self.lay.map)
        self.map.draw(surf, self.view, set(self.groups), self.hex_angle, moving)
        surf.set_clip(None)

    def paint_afresh(self):
        """Every part of the table painted again in the next frame (its pictures came)."""
        self._painted = {}
        self.base_dirty = True
        self.app.dirty = True

    def draw(self, surface):
        if not self.hurry:
            self._draw(surface)
            return
        with standins.hurry():          # the first frame at a new size: pictures not drawn yet at it are
            self._draw(surface)         # scaled from another size's, and drawn while the window is idle
        self.hurry = False
        idle.later("standins", standins.owed(), first=True)
        self.stood_in = standins.pending()

    def _draw(self, surface):
        size = surface.get_size()
        if self.base is None or self.base.get_size() != size:
            self.base = pygame.Surface(size, 0, surface)      # the screen's pixel format: fast blits, no conversion
            self.base_dirty = True
            self._painted = {}
        if self.base_dirty:
            parts.paint_changed(self.frame(), self.panels(), self, self.base, self._painted)
            self.base_dirty = self.map_dirty = False
        elif self.map_dirty and "map" not in self.standings.covered():
            self.paint_map(self.base)
            self._painted.pop("map", None)
            self.map_dirty = False
        if self.standings.open:
            for area in self.standings.around(self.lay):
                surface.blit(self.base, area, area)
        else:
            surface.blit(self.base, (0, 0))
        self.part.draw_under(surface)
        if toplayer.draw(self.frame(), self.panels(), self, surface):
            self.zoomed = list(self.hand)
        self.part.draw(surface)

    def preview(self, name):
        """(words, places) that hovering ``name`` previews, or None (kept until the next refresh)."""
        if name not in self._previews:
            self._previews[name] = toplayer.make_preview(self.frame(), name)
        return self._previews[name]
