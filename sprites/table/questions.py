"""The table's questions: the panel of a decision answered in a list (a resource,
a new ability, the Scheme draft), "which one?" when a click offers several
options, All choices (A), and asking first before an action that cannot be
taken back. ``t`` is the TableScene; its ``dialog``, ``dialog_kind`` ("choose":
a list the player asked for, "panel", "draft", "confirm") and ``confirming``
(the option, or the region of a flight, a yes would choose) hold the question,
set through ``t.set_question``.

The policy, from what the snapshot says of each option: End Turn asks first
while a ``useful`` option is left; a one-click option that ``spends``
something and that undo could not take back asks first, unless it was picked
from the "which one?" list that click opened (a pick from All choices is a
first pick: it asks as the same click on the table does, but End Turn, which
the list shows among everything still possible).
"""
from __future__ import annotations

from sprites.table import dialog, marks
from sprites.targets import in_a_panel


def sync(t):
    """Open the panel for a decision that is answered in a list of its own, the keyboard on its
    first choice (the hinted one if a hint is shown), as every other question opens."""
    f = t.frame()
    if f.dialog_kind in ("choose", "confirm") and f.mine:
        return
    question = panel(f)
    t.set_question(*(question or (None,)))
    names = [name for name, _ in question[0].choices] if question and question[1] == "panel" else []
    if names and f.focus not in names:
        idx = [int(name.split(":")[1]) for name in names]
        t.set_focus(hinted_choice(f.options, idx, t.hinted_option()) or names[0])


def panel(f):
    """The question of a decision answered in a list of its own (a resource, a new ability,
    the Scheme draft), as (dialog, kind), or None."""
    if not f.mine:
        return None
    d = f.decision
    if in_a_panel(f.groups, f.options):
        level_up = d["kind"] == "level_up"
        title = "Level up!" if level_up else "Choose a resource"
        choices = [(f"option:{i}", label(f.data, o)) for i, o in enumerate(f.options)]
        text = d["prompt"]
        if level_up:
            text += " " + " ".join(f"{f.data.ability(o['action']['choice']).name}: "
                                   f"{f.data.ability(o['action']['choice']).text}" for o in f.options)
        return dialog.Dialog(title, choices, text=text, cancel=False, width=560), "panel"
    if any(name.startswith("draft:") for name in f.groups):
        draft = f.view["draft"] or []
        return dialog.Dialog("Scheme: keep one card", cards=[(f"draft:{j}", c) for j, c in enumerate(draft)],
                             text=d["prompt"] + " Click the card you keep.", cancel=False), "draft"
    return None


def label(data, option):
    a = option["action"]
    if a["kind"] == "level_up":
        return data.ability(a["choice"]).name
    return option["text"]


def offer(t, name, idx):
    """A click on an element that offers options ``idx``: choose the one, or ask which."""
    if len(idx) == 1 and name != "button:lick_wounds":
        return choose(t, idx[0])
    choices = [(f"option:{i}", t.options[i]["text"]) for i in idx]
    if name == "button:lick_wounds":
        heal = t.data.setup["heal"]["lick_wounds"]
        title, what, anchor = "Lick wounds: discard which card?", f"Each card discarded heals {heal} Life.", None
    else:
        rect = t.element_rect(name)
        title, what, anchor = "Which one?", t.tips.get(name, "").split(" Click:")[0], rect
    ask(t, dialog.Dialog(title, choices, text=what, anchor=anchor, width=460, keep_clear=marked(t, choices)), "choose",
        focus=hinted_choice(t.options, idx, t.hinted_option()))


def marked(t, choices):
    """The places the list's choices mark on the map (sprites.table.toplayer.listed_marks)."""
    f = t.frame()
    return [p for name, _ in choices for p in marks.choice_places(f, int(name.split(":")[1]))]


def hinted_choice(options, idx, hinted):
    """The choice among options ``idx`` that the hint shown (option ``hinted``) suggests, or None:
    Enter then does what the hint said (the same action on another copy of the card counts)."""
    if hinted is None:
        return None
    same = [i for i in idx if i == hinted] + [i for i in idx if options[i]["same"] == options[hinted]["same"]]
    return f"option:{same[0]}" if same else None


def all_choices(t):
    """Every option of the current decision in one list (A); copies of a card count once."""
    if t.decision is None or not t.groups:
        return
    seen, choices = set(), []
    for i, o in enumerate(t.options):
        if o["same"] not in seen:
            seen.add(o["same"])
            choices.append((f"option:{i}", o["text"]))
    ask(t, dialog.Dialog("All choices", choices, text=t.decision["prompt"], width=520, first_pick=True,
                         keep_clear=marked(t, choices)), "choose",
        focus=hinted_choice(t.options, [int(name.split(":")[1]) for name, _ in choices], t.hinted_option()))


def ask(t, question, kind, confirming=None, focus=None):
    """Put ``question`` in front of the table, the keyboard on choice ``focus`` (None: the first)."""
    t.set_question(question, kind, confirming)
    t.set_focus(focus or (question.choices[0][0] if question.choices else None))      # Up/Down move it, Enter takes it
    t.repaint()


def dialog_click(t, name):
    if name == "button:cancel":
        return close(t)
    if name == "button:confirm":
        what = t.confirming
        close(t)
        if isinstance(what, str):               # a flight: the host makes its moves, one by one
            return t.send({"type": "fly", "region": what})
        return t.apply(what)
    kind, _, rest = name.partition(":")
    if kind == "option":
        listed = t.dialog.first_pick
        close(t)
        return choose(t, int(rest), seen_all=True) if listed else choose(t, int(rest), asked=True)
    if kind == "draft" and name in t.groups:
        return choose(t, t.groups[name][0])
    return None


def close(t):
    """Close a question the player asked for; a decision's own panel comes back."""
    if t.dialog_kind in ("choose", "confirm"):
        t.set_question(None)
        t.refresh()


def choose(t, i, asked=False, seen_all=False):
    """A person picked option ``i``. End Turn asks first if useful options remain,
    unless the player picked it among them all (``seen_all``: All choices), and an
    option that spends something and cannot be undone asks first, unless it was
    picked from the "which one?" list a click opened (``asked``)."""
    o = t.options[i]
    if o["action"]["kind"] == "end_turn":
        left = [x for x in t.options if x["useful"]]
        if left and not (asked or seen_all) and t.app.settings.confirm_end_turn:
            sample = "; ".join(dict.fromkeys(x["text"] for x in left[:4]))
            return confirm(t, i, "End your turn?", "End Turn (Enter)",
                           f"You could still: {sample}{' ...' if len(left) > 4 else ''}.")
    elif o["spends"] and not asked and not o["undoable"]:
        return confirm(t, i, f"{o['text']}?", "Yes (Enter)",
                       f"{o['text']}. Undo cannot take this back (it ends the step or shows new cards).")
    if not t.apply(i):
        return None
    if o["spends_on_map"] and t.can_undo():
        t.say(f"{o['text']}: done. Undo (U) takes it back.", ms=2500, note=True)
    return None


def offer_flight(t, region):
    """A region further than one move: offer the whole flight there, if the engine
    has one (the snapshot's ``flights``), as one question; each step can still be undone."""
    flight = (t.decision or {}).get("flights", {}).get(region)
    if not flight:
        return False
    steps = flight["steps"]
    confirm(t, region, f"Fly to {region}?", "Fly there (Enter)",
            f"{len(steps)} moves: " + " ".join(f"{i}. {text}." for i, text in enumerate(steps, 1)))
    return True


def confirm(t, what, title, yes, text):
    """Ask before option ``what`` (or the flight to region ``what``)."""
    ask(t, dialog.Dialog(title, [("button:confirm", yes)], text=text, width=460), "confirm", what)
