"""The table: the whole game on one screen, played with the mouse.

The scene draws one seat's snapshot and sends the host commands: an option
of the snapshot's decision (by its number), a flight, undo, a hint. It never
sees the Game; the host (``game.app.host``: in this process, a server, or a
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

import pygame

from sprites import palette
from sprites.anim import Tween, now_ms, shortest_turn
from sprites.scene import Scene
from sprites.seats import SeatControl
from sprites.table import handlayout, happenings, leftpanel, marks, motion, overlays, parts, promptbar
from sprites.table import questions, tips as tiptext, toplayer
from sprites.table.handview import HandView
from sprites.table.layout import TableLayout
from sprites.table.logpanel import LogPanel
from sprites.table.mapview import MapView
from sprites.table.pacer import Pacer
from sprites.table.part import TablePart
from sprites.table.rightpanel import RightPanel
from sprites.table.standings import KEY as STANDINGS_KEY, StandingsPanel
from sprites.targets import group_options, why_not

VIEW_LABELS = {"button:undo": "Undo (U)", "button:help": "Help F1", "button:menu": "Menu", "button:scores": "Final scores",
               "button:choices": "All choices", "button:hint": "Hint", "button:pause": "Pause (P)",
               "button:step": "Step (S)"}
POINTED_MS = 2600        # the marks of a clicked log line


class TableScene(Scene):
    ALWAYS_ON = ("button:help", "button:menu", "button:speed", "button:hint", "button:pause")
    shows_unsaved = True            # (its own banner: sprites.unsaved draws nothing over it)

    def __init__(self, app, host, handoff=True, part=None, here=None):
        super().__init__(app)
        self.host = host
        self.part = part or TablePart()
        self.seats = SeatControl(host.seats, handoff=handoff, here=here)
        self.data = palette.view_data(host.data, app.settings.colour_blind)
        self.snap = None                # the latest snapshot of the eyes shown
        self.entries = []               # the log lines of those eyes so far
        self.eyes = None                # whose snapshot: the viewer, or None between two players
        self.version = None
        self.view = None
        self.decision = None
        self.options = []
        self.dialog = None
        self.dialog_kind = None         # "choose" (a click offered several), "panel", "draft", "confirm"
        self.confirming = None          # what the confirm question's yes chooses (an option, a flight's region)
        self.toast = None               # (text, until_ms, note)
        self.unsaved = None             # while the autosave fails: what to say (the host's ``unsaved``)
        self.hinted = None              # {"text", "at", "names"}: the hint shown for the current decision
        self.base = None
        self.base_dirty = True
        self.map_dirty = False
        self.groups = {}
        self.tips = {}
        self.hex_angle = None
        self.hex_tween = None
        self.motion = motion.Motion()
        self.standings = StandingsPanel(self)
        self.happened = marks.Marks()   # what the last actions touched
        self.pointed = marks.Marks()    # what a clicked log line touched
        self.log = LogPanel(None)
        self.summary = None             # "since your last turn" lines shown over the map
        self._previews = {}             # element -> (words, places) of what hovering it previews
        self._painted = {}              # part of the table -> what it shows (skip unchanged parts)
        self.ai = Pacer(self)
        self.speed = app.settings.speed
        self.labels = {}
        self.handoff_pending = False
        self.hand, self.slots, self.gaps = [], [], []
        self.freeze = None              # (until ms, pointer then) while the hand keeps its places
        self.pointer = None             # the last pointer position seen in an event
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
        self.speed = self.app.settings.speed
        self._make_labels()
        self.lay = None
        self.base = None
        self._painted = {}
        self.resize(self.app.screen.get_size())
        self.refresh()

    # ----- sizes --------------------------------------------------------------------------
    def resize(self, size):
        if self.lay is not None and self.lay.size == tuple(size):
            return
        self.lay = TableLayout(size)
        self.map = MapView.for_rect(self.lay.map, self.data)
        self.right = RightPanel(self.lay, self.data, self.log)
        buttons = [f"button:{k}" for k in self.host.table["buttons"] if f"button:{k}" not in promptbar.BAR_BUTTONS]
        self.handview = HandView(self.lay, self.data, len(self.host.seats) + self.data.setup["track_extra"],
                                 buttons, self.labels)
        self.base = None
        self.slots, self.gaps, self.freeze = [], [], None
        self._prewarm()
        if self.view is not None:                 # the same view, laid out afresh (no need to fetch it)
            handlayout.lay_out(self, self.hand)
            self.register()
            self.base_dirty = True
            self.app.dirty = True

    def _prewarm(self):
        """Draw the pieces once at this window size and leave the cards to the
        window's idle moments (sprites.idle), so that the first frame comes at
        once and no later frame draws one the first time it shows."""
        from sprites.table import dialog
        self.handview.prewarm(dialog.card_size(self.lay))
        self.right.prewarm()
        self.map.prewarm()
        self.motion.prewarm(self.data, self.lay.px(30))

    def duration(self, ms):
        return 0 if not self.app.animate else ms // self.speed

    # ----- the snapshot -------------------------------------------------------------------------
    @property
    def decider(self):
        """The seat that must choose now (None once the game is over)."""
        return self.host.decider

    def _fetch(self):
        """The host's snapshot for the eyes shown now; returns the log lines added since
        the last one (the whole log is read afresh when the eyes change)."""
        eyes = None if self.seats.between_players(self.decider) else self.seats.viewer
        fresh = eyes != self.eyes or self.snap is None
        known = self.snap["log_size"] if self.snap is not None else None
        self.eyes = eyes
        snap = self.snap = self.host.snapshot(eyes, 0 if fresh else known)
        if fresh:
            self.entries = []
        cut = snap["events_from"]
        while self.entries and self.entries[-1]["seq"] >= cut:     # an undo took lines back
            self.entries.pop()
        self.entries.extend(snap["events"])
        self.version = snap["version"]
        self.view = dict(snap["board"], log=self.entries,
                         seat=snap["seat"] if snap["seat"] is not None else self.seats.viewer)
        self.decision = snap["decision"]
        self.options = self.decision.get("options", []) if self.decision and self.decision["mine"] else []
        if known is None:
            return []
        return [e for e in (snap["events"] if not fresh else self.entries) if e["seq"] >= known]

    def refresh(self):
        """Fetch the viewer's snapshot and recompute the clickable options and the elements."""
        if self.snap is None or self.version != self.host.version or self._eyes_changed():
            self._fetch()
        v = self.view
        me = v["players"][v["seat"]]
        handlayout.lay_out(self, handlayout.sorted_hand(self.data, me["hand"] or []))
        mine = self.my_decision()
        self.groups = group_options(self.options, self.hand, v["track"], v["draft"] or [], self.data.cards) \
            if mine else {}
        if self.hinted is not None and self.hinted["at"] != self.version:
            self.hinted = None
        names = [p["name"] for p in v["players"]]
        colours = {d.name: palette.colour_name(d) for d in self.data.dragons}
        self.tips = tiptext.build(self.data, v, self.options, self.groups, self.hand, names, self.host.table,
                                  self.undo_refusal(), colours)
        for i, seat in enumerate(self.host.seats):      # the row may shorten "[AI normal]" to "[AI]"
            if seat["kind"] != "human" and f"player:{i}" in self.tips:
                self.tips[f"player:{i}"] += f" Played by the computer: AI {seat['kind']}."
        self.tips["button:pause"] = ("Resume the AI dragons (P)." if self.ai.paused else
                                     "Pause the AI dragons before their next move (P); Step then plays one move.")
        self.tips["button:step"] = "Let the next AI move through, then wait again (S)."
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
        self.register()
        self.base_dirty = True
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

    # ----- elements ------------------------------------------------------------------------
    def register(self):
        self.clear_elements()
        lay = self.lay
        if self.summary is not None and self.dialog is None:
            box, close = overlays.summary_rects(lay, self.summary)
            self.add("summary:close", close, tip="Close (any click on the table closes it too).")
            self.add("summary", box, tip="What the other dragons did since your last turn (also in the log).")
        for name, rect in self.bar_rects().items():
            if name in ("button:end_turn", "button:stop_attack") and name not in self.groups:
                continue
            if name == "button:step" and not self.ai.paused:
                continue
            if name == "button:scores" and not self.view["over"]:
                continue
            if name in ("button:choices", "button:hint") and not self.groups:
                continue
            self.add(name, rect, tip=self.tips.get(name))
        prompt, extra = self.header()[1], self.part.bar_extra()
        buttons = {n: r for n, r in self.bar_rects().items() if self.element(n) is not None}
        if promptbar.cut(lay, prompt, buttons, extra):        # the whole prompt, where the bar cuts it
            self.add("prompt_text", promptbar.text_rect(lay, buttons, extra), tip=prompt)
        self.handview.register(self, self.view, self.slots, self.tips, self.gaps)
        self.map.register(self, self.tips)
        leftpanel.register(self, lay, self.data, self.view, self.tips)
        self.right.register(self, self.view, self.tips)
        self.standings.register(self, lay, self.right.heading_rect())
        if self.dialog is not None:         # in front of all, the open standings too: a question stays answerable
            below_bar = pygame.Rect(0, lay.map.y, lay.size[0], lay.size[1] - lay.map.y)
            self.dialog.layout(lay, lay.map.inflate(-lay.pad, -lay.pad), below_bar.inflate(-lay.pad, -lay.pad))
            self.add("dialog", self.dialog.rect, front=True)
            for name, rect in reversed(list(self.dialog.elements(lay))):
                self.add(name, rect, tip=self.tips.get(name), front=True)
        self.part.register()
        self._rehover()

    def _rehover(self):
        """Names like hand:3 mean another card now: ask what is under the pointer. Once
        the hand changed (a card was played), no card is enlarged until the pointer moves."""
        if self.hover is not None:
            e = self.element_at(self.pointer) if self.pointer else None
            self.hover = e.name if e else None
            if self.hover is not None and self.hover.startswith("hand:") and self.zoomed != self.hand:
                self.hover = None

    def _has_ai(self):
        """Other dragons still to play here (Pause and Step: not on a finished game's table)."""
        return self.part.plays and any(s["kind"] != "human" for s in self.host.seats) and not self.view["over"]

    def bar_rects(self):
        return promptbar.button_rects(self.lay, self.part.has_undo, self._has_ai())

    def header(self):
        return self.part.header(parts.header(self))

    # ----- input -------------------------------------------------------------------------
    def handle(self, event):
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = event.pos
        if event.type == pygame.MOUSEWHEEL and self.pointer is not None:
            return self.scroll(self.pointer, event.y)          # where the pointer is, as the events said
        super().handle(event)

    def click(self, name):
        if self.part.click(name):
            return None
        if self.standings.click(name):
            return None
        if self.summary is not None and not name.startswith("log:"):
            self.put_summary_away()             # read: any click on the table puts it away
            if name in ("summary", "summary:close"):
                return None
        if self.dialog is not None:
            inside = {n for n, _ in self.dialog.elements(self.lay)}
            if name in inside:
                return questions.dialog_click(self, name)
            if name in ("button:choices", "button:help"):
                return self.show_all_choices() if name == "button:choices" else self.app.show_help()
            if name != "dialog" and self.dialog.cancel:
                questions.close(self)
                return self.click(name)
            return None
        simple = {"button:help": self.app.show_help, "button:menu": lambda: self.app.to_title(self),
                  "button:speed": lambda: self.set_speed({1: 2, 2: 4, 4: 1}[self.speed]),
                  "button:pause": self.toggle_pause, "button:step": self.step_ai, "button:undo": self.undo,
                  "button:hint": self.ask_hint, "button:scores": lambda: self.app.show_scores(self.host),
                  "button:choices": self.show_all_choices}
        if name in simple:
            return simple[name]()
        if name.startswith("log:"):
            return self.click_log(name)
        name = self._whole_region(name)
        if name in self.groups:
            return questions.offer(self, name, self.groups[name])
        if name.startswith("region:") and self.groups and questions.offer_flight(self, name.split(":", 1)[1]):
            return None
        return self._explain(name)

    def _whole_region(self, name):
        """A click on a token, or on a site that offers nothing, inside a region
        that offers something is a click on that region."""
        kind, _, rest = name.partition(":")
        if kind in ("token", "site") and name not in self.groups:
            region = f"region:{rest.split(':')[0]}"
            if kind == "token" or region in self.groups:
                return region
        return name

    def put_summary_away(self):
        """The "since your last turn" summary has been read."""
        self.summary = None
        self.register()
        self.app.dirty = True

    def click_nothing(self, pos):
        """A click on the map's scenery or coast counts for the region it lies in;
        anywhere else it puts the "since your last turn" summary away."""
        if self.summary is not None:
            return self.put_summary_away()
        if self.dialog is None and self.lay.map.collidepoint(pos):
            region = self.map.geo.region_near(pos)
            if region is not None:
                self.click(f"region:{region}")

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

    def click_log(self, name):
        """Filter chips and century headers change the log; a line shows what it touched on the map."""
        picked = self.log.click(name)
        self.pointed.clear()
        if picked is not None:
            event = self.view["log"][picked]["event"]
            self.pointed.add(marks.event_marks(event), now_ms(), POINTED_MS,
                             colour=happenings.seat_colour(self, event.get("seat")))
        self.base_dirty = True
        self.register()
        self.app.dirty = True

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

    def _explain(self, name):
        d = self.decision
        if d is None or name.split(":")[0] not in ("hand", "track", "draft", "lair_action", "region", "site", "hex",
                                                     "button"):
            return None
        if not self.my_decision():
            return self.say(f"Wait: it is {self.seats.name(d['player'])}'s decision.")
        reason = why_not(d, name, self.hand, self.view["track"], self.view["draft"] or [])
        return self.say(reason) if reason else None

    def ask_hint(self):
        if not self.groups:
            return self.say("No hint now: it is not your decision.")
        if self.summary is not None:
            self.put_summary_away()      # read, as a click on the Hint button puts it away (H is that button)
        answer = self.send({"type": "hint"}, quiet=True)
        if answer.get("pending"):
            self.hinted = {"text": "Hint: the normal AI is thinking...", "at": self.version, "names": []}
        elif answer.get("hint"):
            self.show_hint(answer["hint"])
        return None

    def show_hint(self, hint):
        """The host's answer to a hint asked at this table for the decision shown now."""
        if hint["seat"] != self.seats.viewer or hint["version"] != self.version or not self.my_decision():
            return
        i = hint["option"]
        names = sorted(n for n, idx in self.groups.items() if i in idx) if i is not None else []
        self.hinted = {"text": hint["text"], "at": self.version, "names": names}
        self.app.dirty = True

    def say(self, text, ms=4500, note=False):
        """A message over the map: red for a refusal or a failure, dark for a ``note``."""
        self.toast = (text, now_ms() + ms, note)
        self.app.dirty = True

    def key(self, event):
        if self.part.key(event):
            return
        if event.key == pygame.K_ESCAPE and self.dialog is not None and self.dialog.cancel:
            questions.close(self)            # the question on top goes first
        elif event.key == STANDINGS_KEY or (event.key == pygame.K_ESCAPE and self.standings.open):
            self.standings.toggle()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.dialog_kind == "confirm":
                questions.dialog_click(self, "button:confirm")
            elif self.dialog is None and "button:end_turn" in self.groups:
                self.click("button:end_turn")
        elif event.key == pygame.K_u:
            self.undo()
        elif event.key == pygame.K_h:
            self.ask_hint()
        elif event.key == pygame.K_p and self._has_ai():
            self.toggle_pause()
        elif event.key == pygame.K_s and self._has_ai():
            self.step_ai()
        elif event.key == pygame.K_TAB and self.dialog_kind not in ("choose", "confirm"):
            self.show_all_choices()
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.log.scroll_by(3 if event.key == pygame.K_PAGEUP else -3)
            self.base_dirty = True
            self.register()
        self.app.dirty = True

    def scroll(self, pos, dy):
        if self.lay.left.collidepoint(pos):       # large text in a short window: the left column scrolls
            lay = self.lay
            most = leftpanel.overflow(lay, self.data, self.view)
            lay.left_scroll = max(0, min(most, getattr(lay, "left_scroll", 0) - dy * lay.line(19)))
        elif self.right.log_rect.collidepoint(pos):
            self.log.scroll_by(dy)
        else:
            return
        self.register()
        self.base_dirty = True
        self.app.dirty = True

    # ----- commands and changes ---------------------------------------------------------------
    def send(self, command, quiet=False):
        """Send the host a command of the viewer's, at the version shown; a change it made
        is shown at once. Returns the host's answer."""
        answer = self.host.send(self.seats.viewer, dict(command, version=self.version)) or {"pending": True}
        if answer.get("error"):
            if answer.get("stale"):
                self.changed()
            if not quiet or not answer.get("stale"):
                self.say(answer["error"])
        elif answer.get("ok") and answer.get("version", self.version) != self.version:
            self.changed(chosen=self._kinds(command), undo=command["type"] == "undo")
        return answer

    def _kinds(self, command):
        """The kinds of the options a command chose (for the tutorial's guide)."""
        if command["type"] == "apply":
            return [self.options[command["option"]]["action"]["kind"]]
        if command["type"] == "fly":
            return list(self.decision["flights"][command["region"]]["kinds"])
        return []

    def apply(self, i):
        """Choose option ``i`` of the viewer's decision now (no question asked); True if the host took it."""
        return bool(self.send({"type": "apply", "option": i}).get("ok"))

    def undo(self):
        if not self.can_undo():
            why = self.undo_refusal()
            return self.say(f"Undo is not possible: {why}." if why else "Nothing to undo here.")
        self.send({"type": "undo"})
        return None

    def changed(self, chosen=(), undo=False):
        """The host's game changed (an option of the viewer's, another seat's move, an undo):
        show it, then the hand-off, the final scores or the next turn's summary."""
        before = self.view
        actor = self.decision["player"] if self.decision else None
        self._report_news()
        self.dialog = self.dialog_kind = None
        self.hinted = None
        self.ai.pause_until(now_ms() + self.app.ai_delay_ms // self.speed)
        if undo:
            self.part.undone()
        else:
            self.part.changed(actor, list(chosen))
        if self.host.over or self.seats.needs_handoff(self.decider):
            events = self._fetch()
            self.app.sounds.hear([e["event"] for e in events])
            if self.host.over:
                self.refresh()
                self.app.show_scores(self.host, celebrate=True)
            else:
                self.hide_for_handoff()
            return
        self.seats.follow(self.decider)
        if actor == self.seats.viewer:
            self.summary = None                 # the player acted: the summary has been read
        events = self._fetch()
        self.refresh()
        if actor != self.seats.viewer and self.my_decision() and self.snap["turn_starts"]:
            self.show_summary()
        happenings.after(self, None if undo else before, actor, events)

    def show_summary(self):
        """At the start of a player's turn: what the others did since their last one (public events only)."""
        self.summary = [tuple(line) for line in self.snap["since_last_turn"]] or None
        self.register()

    def _report_news(self):
        """What the host has to say: an AI's failure, a hint's answer, an autosave that
        failed (at once, and a banner kept up while it lasts)."""
        for news in self.host.poll():
            if news["type"] == "hint":
                self.show_hint(news)
            elif news["type"] == "autosave_failed":
                self.say(f"Autosave failed: {news['problem']}")
            elif news["type"] == "notice":
                self.say(news["text"])
        found = self.host.unsaved()
        line = found["line"] if found is not None else None
        if line != self.unsaved:
            self.unsaved = line
            self.app.dirty = True

    # ----- hot seat ---------------------------------------------------------------------------
    def forget_private(self):
        """Hot-seat hand-off: drop everything the last player saw (messages,
        hint, dialogs, what the pointer hovered, animations of their cards,
        the log's scroll, every painted part) so that none of it reaches the
        next player's screen."""
        self.toast = None
        self.hinted = None
        self.standings.close()
        self.host.forget_hint()
        self.dialog = self.dialog_kind = None
        self.confirming = None
        self.hover = None
        self.motion.clear()
        self.happened.clear()
        self.pointed.clear()
        self.summary = None
        self._previews = {}
        self.log.forget()
        self.hex_tween = None
        self.hex_angle = None
        self.slots, self.gaps, self.freeze = [], [], None
        self.base = None
        self._painted = {}

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

    # ----- time ---------------------------------------------------------------------------
    def update(self, now):
        moving = False
        if self.hex_tween is not None:
            self.hex_angle = self.hex_tween.value(now)
            if self.hex_tween.done(now):
                self.hex_angle = self.hex_tween.end % 360
                self.hex_tween = None
                self.refresh()
            moving = True
        map_moving, overlay_moving = self.motion.update(now)
        moving = moving or map_moving
        overlay_moving = self.happened.update(now) | self.pointed.update(now) or overlay_moving
        if moving:
            self.map_dirty = True
        moving = moving or overlay_moving
        if self.toast and now > self.toast[1]:
            self.toast = None
            self.app.dirty = True
        handlayout.maybe_reflow(self, now)
        if self.part.plays:
            self.ai.run(now, bool(self.hex_tween) or self.motion.busy())
        self._report_news()
        return moving

    def wakeup_ms(self, now):
        waits = []
        if self.toast:
            waits.append(self.toast[1] - now)
        if self.freeze is not None:
            waits.append(self.freeze[0] - now)
        ai_wait = self.ai.wakeup_ms(now) if self.part.plays else None
        if ai_wait is not None:
            waits.append(ai_wait)
        return max(0, min(waits)) if waits else None

    # ----- drawing ---------------------------------------------------------------------------
    def paint_map(self, surf):
        """Only the map (animation frames): the panels around it stay as they are."""
        moving = self.motion.dragon_positions(now_ms())
        surf.set_clip(self.lay.map)
        self.map.draw(surf, self.view, set(self.groups), self.hex_angle, moving)
        surf.set_clip(None)

    def draw(self, surface):
        size = surface.get_size()
        if self.base is None or self.base.get_size() != size:
            self.base = pygame.Surface(size, 0, surface)      # the screen's pixel format: fast blits, no conversion
            self.base_dirty = True
            self._painted = {}
        if self.base_dirty:
            parts.paint_changed(self, self.base, self._painted)
            self.base_dirty = self.map_dirty = False
        elif self.map_dirty and "map" not in self.standings.covered():
            self.paint_map(self.base)
            self._painted.pop("map", None)
            self.map_dirty = False
        surface.blit(self.base, (0, 0))
        self.part.draw_under(surface)
        toplayer.draw(self, surface)
        self.part.draw(surface)

    def preview(self, name):
        """(words, places) that hovering ``name`` previews, or None (kept until the next refresh)."""
        if name not in self._previews:
            self._previews[name] = toplayer.make_preview(self, name)
        return self._previews[name]
