"""The guided first game's progress: which step of the script
(``app.tutorial_script``) to show now.

    guide = Guide(script, human=0)
    guide.saw(kind, seat)                   # every option chosen, with the seat that chose it
    guide.update(decision)                  # after each change (the snapshot's decision): the step to show
    guide.step, guide.number()              # how far the guide is (never an earlier step)
    guide.pointing()                        # the step the panel speaks of and the table outlines
    guide.part()                            # "a", "b", ... of a group's boxes ("step 7c of 9")

A step is done when the game shows it was: the player chose an option of one
of the step's kinds (``do``). Pure Python: the tutorial's part of the table draws it.
"""
from __future__ import annotations


def offered(decision, seat):
    """The kinds of the options ``seat`` has now (none if the decision is not its own)."""
    if decision is None or decision["player"] != seat or not decision.get("mine"):
        return set()
    return {o["action"]["kind"] for o in decision.get("options", ())}


class Guide:
    """Where the player is in the script. ``step`` is the step to show now
    (None once the guide is closed)."""

    def __init__(self, script, human):
        self.script = script
        self.human = human
        self.index = 0             # the first step not finished
        self.moves = []            # the kinds of the player's moves, in order
        self.since = {}            # group -> the number of player moves when it began
        self.step = None
        self.aside = None          # an earlier step of the group the game asks for again (see update)
        self.reached = 0           # the furthest step shown: the guide never goes back
        self.seen = []             # ids of the steps shown, in order (steps passed over are not counted)
        self.closed = False
        self.parts = 0             # the boxes shown so far of the group now shown (its letters)
        self._shown = None         # the step the last box spoke of
        self._enter()

    @property
    def steps(self):
        return self.script.steps

    def _enter(self):
        if self.index < len(self.steps):
            self.since.setdefault(self.steps[self.index].group, len(self.moves))

    def saw(self, kind, seat):
        """An option of ``kind`` was chosen by ``seat``."""
        if seat == self.human:
            self.moves.append(kind)

    def next(self):
        """The Next button of a step without ``do``."""
        if self.step is not None and not self.step.do:
            self.index += 1
            self._enter()

    def done(self, step):
        return any(kind in step.do for kind in self.moves[self.since.get(step.group, len(self.moves)):])

    def group_steps(self):
        group = self.steps[self.index].group
        out = []
        for step in self.steps[self.index:]:
            if step.group != group:
                break
            out.append(step)
        return out

    def update(self, decision):
        """Advance past what the player has done; choose the step to show (``decision``:
        the snapshot's)."""
        offered_now = offered(decision, self.human)
        while self.index < len(self.steps) and self.steps[self.index].do:
            step = self.steps[self.index]
            if step.optional and not self.done(step) and not offered_now & set(step.do):
                self.index += 1           # not offered now: passed over
                self._enter()
                continue
            group = self.group_steps()
            if done := [s for s in group if self.done(s)]:
                if group[-1] in done or len(done) == len(group):      # the group's last step ends it
                    self.index += len(group)
                    self._enter()
                    continue
            break
        if self.closed or self.index >= len(self.steps):
            self.step = None
            return None
        group = self.group_steps()
        at = self.steps.index
        ahead = [s for s in group if at(s) >= self.reached] or group[-1:]      # never an earlier step
        now = [s for s in ahead if offered_now & set(s.do)]          # what the table offers now,
        fresh = [s for s in now if not self.done(s)]             # first what is not done yet
        left = [s for s in ahead if not self.done(s)]
        again = [s for s in group if at(s) < at(ahead[0]) and offered_now & set(s.do)]
        self.aside = None
        if not now and again:      # e.g. the hex gave an Attack icon: stay, and say what the game asks
            self.step = ahead[0]
            self.aside = again[-1]
        else:
            self.step = (fresh or now or left or ahead)[0]
        self.reached = max(self.reached, at(self.step))
        if self.step.id not in self.seen:
            self.seen.append(self.step.id)
        self._count_part()
        return self.step

    def _count_part(self):
        """A group's box that asks for something new (another step of the group, or one
        asked for again) takes the next letter: the counter moves whenever the box changes."""
        shown = self.pointing()
        if self._shown is shown:
            return
        same_group = self._shown is not None and self._shown.group == shown.group
        self.parts = self.parts + 1 if same_group else 1
        self._shown = shown

    def part(self):
        """The letter of the box shown within its group's number ("" for a step alone in its group)."""
        step = self.pointing()
        if step is None or sum(s.group == step.group for s in self.steps) < 2:
            return ""
        n, letters = max(self.parts, 1), ""
        while n:                                   # a ... z, then aa, ab ... (never more than a few)
            n, r = divmod(n - 1, 26)
            letters = chr(ord("a") + r) + letters
        return letters

    def pointing(self):
        """The step the panel speaks of (title and text) and whose moves the table outlines now:
        the step, or an earlier one of its group the game asks for again."""
        return self.aside or self.step

    def asks(self, decision):
        """The game's question when the player must decide something no step shown speaks of, else None."""
        step = self.pointing()
        if step is None or not step.do or decision is None or decision["player"] != self.human:
            return None
        return None if offered(decision, self.human) & set(step.do) else decision["prompt"]

    def waiting(self, decision):
        """True while the step waits for other dragons (it is not the player's decision)."""
        return self.step is not None and bool(self.step.do) and (decision is None or decision["player"] != self.human)

    def stations(self):
        """What "step n of N" counts: each step, a group of steps once (its parts may be done in
        any order, or passed over), an optional step never. The count is the same from the first
        step to the last, and every number is shown."""
        out = []
        for step in self.steps:
            key = step.group or step.id
            if not step.optional and key not in out:
                out.append(key)
        return out

    def number(self):
        """(this step's number, how many) for "Step 3 of 9"; None for an optional step
        (an extra one: "Level up!" when the game offers it)."""
        stations = self.stations()
        if self.step is None:
            return len(stations), len(stations)
        if self.step.optional:
            return None, len(stations)
        return stations.index(self.step.group or self.step.id) + 1, len(stations)

    def close(self):
        self.closed = True
        self.step = None

