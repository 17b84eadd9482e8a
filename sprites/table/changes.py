"""Commands to the host and the changes they make: an option chosen, undo, a
hint asked; then the change shown (the hand-off, the final scores, the next
turn's summary, what happened on the map). The hot-seat hand-off, which
forgets everything the last player saw, is the scene's own
(``TableScene.hide_for_handoff``). ``t`` is the TableScene: these send its
commands and show their changes through its named methods (``set_hint``,
``set_summary``...)."""
from __future__ import annotations

from sprites import palette
from sprites.anim import now_ms
from sprites.table import happenings


def ask_hint(t):
    if not t.groups:
        return t.say("No hint now: it is not your decision.")
    if t.summary is not None and t.summary_open:
        t.fold_summary()          # as a click on the Hint button folds it (H is that button)
    shown = t.hinted
    if shown is not None and shown.get("plan") and shown["at"] == t.version:
        shown = dict(shown, open=not shown["open"])          # asked again: its whole plan for the turn (or not)
        t.set_hint(dict(shown, text=hint_words(shown)))
        return None
    answer = t.send({"type": "hint"}, quiet=True)
    if answer.get("pending"):
        t.set_hint({"text": "Hint: the normal AI is thinking...", "at": t.version, "names": []})
    elif answer.get("hint"):
        show_hint(t, answer["hint"])
    return None


def show_hint(t, hint):
    """The host's answer to a hint asked at this table for the decision shown now."""
    if hint["seat"] != t.seats.viewer or hint["version"] != t.version or not t.my_decision():
        return
    i = hint["option"]
    names = sorted(n for n, idx in t.groups.items() if i in idx) if i is not None else []
    plan = hint.get("plan") if len(hint.get("plan") or ()) > 1 else None
    hinted = {"said": hint["text"], "at": t.version, "names": names, "plan": plan, "open": False, "option": i}
    t.set_hint(dict(hinted, text=hint_words(hinted)))


def hint_words(hinted):
    """The hint's banner: the suggestion and why; asked again (H), its whole plan for the turn."""
    if not hinted["plan"]:
        return hinted["said"]
    if not hinted["open"]:
        return hinted["said"] + " Hint again (H): its whole plan for this turn."
    steps = "; ".join(f"{k}. {step}" for k, step in enumerate(hinted["plan"], 1))
    return f"{hinted['said']} Its plan for this turn: {steps}."


def send(t, command, quiet=False):
    """Send the host a command of the viewer's, at the version shown; a change it made
    is shown at once. Returns the host's answer."""
    answer = t.host.send(t.seats.viewer, dict(command, version=t.version)) or {"pending": True}
    if answer.get("error"):
        if answer.get("stale"):
            t.changed()
        if not quiet or not answer.get("stale"):
            t.say(answer["error"])
    elif answer.get("ok") and answer.get("version", t.version) != t.version:
        changed(t, chosen=kinds_of(t, command), undo=command["type"] == "undo")
    return answer


def kinds_of(t, command):
    """The kinds of the options a command chose (for the tutorial's guide)."""
    if command["type"] == "apply":
        return [t.options[command["option"]]["action"]["kind"]]
    if command["type"] == "fly":
        return list(t.decision["flights"][command["region"]]["kinds"])
    return []


def apply(t, i):
    """Choose option ``i`` of the viewer's decision now (no question asked); True if the host took it."""
    return bool(send(t, {"type": "apply", "option": i}).get("ok"))


def undo(t):
    if not t.can_undo():
        why = t.undo_refusal()
        return t.say(f"Undo is not possible: {why}." if why else "Nothing to undo here.")
    send(t, {"type": "undo"})
    return None


def changed(t, chosen=(), undo=False):
    """The host's game changed (an option of the viewer's, another seat's move, an undo):
    show it, then the hand-off, the final scores or the next turn's summary."""
    before, slots, eyes = t.view, list(t.slots), t.eyes
    actor = t.decision["player"] if t.decision else None
    report_news(t)
    t.set_question(None)
    t.set_hint(None)
    t.ai.pause_until(now_ms() + t.app.ai_delay_ms // t.speed)
    if undo:
        t.part.undone()
    else:
        t.part.changed(actor, list(chosen))
    if t.host.over or t.seats.needs_handoff(t.decider):
        events = t.fetch()
        t.app.sounds.hear([e["event"] for e in events])
        if t.host.over:
            t.refresh()
            t.app.show_scores(t.host, celebrate=True)
        else:
            t.hide_for_handoff()
        return
    t.seats.follow(t.decider)
    if actor == t.seats.viewer:
        t.set_summary(None)              # the player acted: the summary has been read
    events = t.fetch()
    t.refresh()
    if actor != t.seats.viewer and t.my_decision() and t.snap["turn_starts"]:
        show_summary(t)
    if t.eyes != eyes or eyes is None:
        t.motion.forget_cards()          # another seat's eyes (or none): no card of the last ones stays in flight
        slots = None
    happenings.after(t, None if undo else before, actor, events, slots)


def show_summary(t):
    """At the start of a player's turn: what the others did since their last one (public events only)."""
    # a strip above the log; a click on it opens it
    t.set_summary([(seat, palette.say_colours(words, t.data)) for seat, words in t.snap["since_last_turn"]] or None)
    t.register()


def report_news(t):
    """What the host has to say: an AI's failure, a hint's answer, an autosave that
    failed (at once, and a banner kept up while it lasts)."""
    for news in t.host.poll():
        if news["type"] == "hint":
            show_hint(t, news)
        elif news["type"] == "autosave_failed":
            t.say(f"Autosave failed: {news['problem']}")
        elif news["type"] == "notice":
            t.say(news["text"])
        elif news["type"] == "presence":         # an online player came or went: their row says so
            if t.version == t.host.version:      # (else the move waiting to be shown does, with its animations)
                t.refresh()
            t.app.dirty = True
        elif news["type"] == "resent":           # a friend took a seat: its name, in the lines shown too
            t.reread()
        elif news["type"] == "standings":        # online: the standings asked of the server came
            t.standings_came()
    found = t.host.unsaved()
    t.set_unsaved(found["line"] if found is not None else None)
