"""Which on-screen element offers which of the current options (no pygame).

The table never decides what is legal: it takes ``decision.options`` and
groups them by the element a player would click for each of them. One
element may offer several options (a card with two lines; moving by
livestock or by Mighty Wings) - the table then asks which. Copies of a card
are interchangeable, so every copy in the hand offers the option the engine
lists for one of them, and an element never offers two options that differ
only by which copy they use. Lick Wounds has its own button: a click on a
card means the same whether or not the dragon is wounded.
"""
from __future__ import annotations

from collections import defaultdict

# The table's own buttons: an option of these kinds is chosen by its button.
BUTTON_KINDS = ("end_turn", "stop_attack", "divination", "consume_noble", "lick_wounds")
PANEL_KINDS = ("choose_resource", "level_up")      # decisions answered in a panel of their own


def _same_card(key, cards, cid):
    k = key.get(cid)
    return [j for j, c in enumerate(cards) if key.get(c) == k]


def targets(game, action, index, hand, track, draft):
    """Element names that offer ``action`` (option number ``index``): the table's
    button for its kind, or what the engine says the action touches (its spec)."""
    k = action.kind
    if k in BUTTON_KINDS:
        return [f"button:{k}"]
    t = game.touches(action)
    key = game.card_key
    places = {"hand": hand, "track": track, "draft": draft}
    out = [f"{place}:{j}" for place, cid in t.cards for j in _same_card(key, places[place], cid)]
    if t.hex:
        out.append("hex:use" if t.hex == "use" else f"hex:turn_{t.hex}")
    if t.lair_action:
        out.append(f"lair_action:{t.lair_action}")
    out += [f"region:{r}" for r in t.regions]
    out += [f"site:{r}:{site}" for r, site in t.sites]
    if not out or k in PANEL_KINDS:
        out.append(f"option:{index}")
    return out


def group_options(game, options, hand, track, draft):
    """{element name: [option index, ...]} for the current decision."""
    groups = defaultdict(list)
    for i, a in enumerate(options):
        for name in targets(game, a, i, hand, track, draft):
            groups[name].append(i)
    return {name: _distinct(name, idx, options, hand, game.card_key) for name, idx in groups.items()}


def signature(a, card_key):
    """What an action means to a player: the same for copies of a card."""
    return (a.kind, card_key.get(a.card, a.card), a.alt, a.region, a.site, a.icons, a.choice)


def _distinct(name, idx, options, hand, card_key):
    """One option per distinct meaning: options on interchangeable copies of a
    card collapse into one (the clicked copy's own, if it is among them)."""
    kind, _, rest = name.partition(":")
    own = hand[int(rest)] if kind == "hand" and rest.isdigit() and int(rest) < len(hand) else None
    chosen = {}
    for i in idx:
        a = options[i]
        sig = signature(a, card_key)
        if sig not in chosen or a.card == own:
            chosen[sig] = i
    return sorted(chosen.values())


def aim(name, hand, track, draft):
    """(where, what) a click on ``name`` points at, in the words of the action
    kinds' targets (kinds.ActionKind.target), or None for other elements."""
    kind, _, rest = name.partition(":")
    cards = {"hand": hand, "track": track, "draft": draft}.get(kind)
    if cards is not None:
        return (kind, cards[int(rest)]) if rest.isdigit() and int(rest) < len(cards) else None
    if kind in ("lair_action", "region"):
        return kind, rest
    if kind == "site":
        return "site", int(rest.rpartition(":")[2])
    if kind == "hex":
        return ("hex:use", None) if rest == "use" else ("hex", rest.replace("turn_", ""))
    if kind == "button" and rest in BUTTON_KINDS:
        return "button", rest
    return None


def why_not(game, name, hand, track, draft):
    """Why a click on ``name`` does nothing now, in the engine's words: the
    action the decision would make of it (``Game.aimed``) is refused by its
    kind's spec. None for an element that never offers anything."""
    from game import Action
    pointed = aim(name, hand, track, draft)
    if pointed is None:
        return None
    where, what = pointed
    return game.why_illegal(Action(what) if where == "button" else game.aimed(where, what))
