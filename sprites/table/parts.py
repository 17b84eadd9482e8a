"""The table's picture in parts (map, left column, dragon rows, Dragon Card,
log, strip, hand, prompt bar): what each part shows and repainting only the
parts whose content changed. ``t`` is the TableScene."""
from __future__ import annotations

from sprites.table import leftpanel, promptbar, tips as tiptext
from sprites.table.rightpanel import AWAY


def header(t):
    """(header line, prompt, colour and letter of the dragon to decide) for the prompt bar."""
    v = t.view
    d = t.decision
    phase = tiptext.PHASES.get(v["phase"], v["phase"])
    head = f"Century {v['century']} of {t.data.setup['centuries']}  -  {phase}"
    if v["variant_table"]["header"]:            # the variant's words (game.variant_table)
        head += f"  -  {v['variant_table']['header']}"
    if d is None:
        return head, "The game is over.", None, ""
    player = d["player"]
    p = v["players"][player]
    dragon = next(x for x in t.data.dragons if x.name == p["dragon"])
    if not t.seats.is_ai(player):
        if player == t.seats.viewer and t.seats.is_human(player):
            prompt = d["prompt"]
        else:
            prompt = f"Waiting for {p['name']}."
    else:
        task = d["prompt"]
        if task.startswith(p["name"]):          # the engine's prompts start with the name ("Bryn: ...", "Bryn in X: ...")
            task = task[len(p["name"]):].lstrip(" :")
        prompt = f"{p['name']} (AI) is thinking: {task}"
        if t.ai.paused:
            prompt = f"Paused before {p['name']}'s next move (AI): Step (S) plays one move, Resume (P) goes on."
    return head, prompt, dragon.colour, dragon.letter


def paint_changed(t, surf, painted):
    """Repaint the parts of the table whose content changed since they were
    painted (``painted``: part -> what it showed). Each part paints only
    inside its own rect, so the others stay as they are."""
    v = t.view
    hot = set(t.groups)
    decider = t.decider
    names = [p["name"] for p in v["players"]]
    kinds = [AWAY if s["kind"] == "human" and s.get("connected") is False else s["kind"] for s in t.host.seats]
    head, prompt, colour, letter = t.header()
    buttons = {n: r for n, r in t.bar_rects().items() if t.element(n) is not None}
    disabled = set() if t.can_undo() else {"button:undo"}
    enabled = {n for n in t.handview.button_rects() if n in hot}
    lair_hot = sorted(n for n in hot if n.startswith("lair_action:"))
    layout = t.right.layout(v, v["seat"])
    shows = {
        "map": (repr(v["regions"]), repr([p["region"] for p in v["players"]]), repr(v["rogues"]),
                round(t.hex_angle, 2), repr(sorted(hot))),
        "left": (v["century"], repr(v["century_fields"]), repr(v["stockpile"]), v["fields_out"],
                 repr([(r["stock_villages"], r["stock_cities"]) for r in v["regions"]]), repr(v["markers"]),
                 repr(v["lair_taken"]), v["lair_century"], repr(lair_hot), repr(v["team_result"]), v["variant"],
                 getattr(t.lay, "left_scroll", 0)),
        "rows": (repr([(p["name"], p["level"], p["life"], p["max_life"], p["hand_count"], p["lair"])
                       for p in v["players"]]), decider, v["seat"], repr(layout), repr(t.snap["turn_order"]), repr(kinds)),
        "card": (repr(v["players"][v["seat"]]), v["variant"], repr(layout), repr(v.get("goals"))),
        "log": (v["seat"], len(v["log"]), t.log.sig(), repr(layout)),
        "strip": (repr(v["track"]), repr(v["deck"]), len(v["discard"]),
                  v["discard"][-1] if v["discard"] else None, repr(sorted(hot))),
        "hand": (repr(t.slots), repr(t.gaps), repr(sorted(hot)), repr(t.labels)),
        "prompt": (head, prompt, colour, repr(sorted(buttons)), repr(sorted(hot)), repr(t.labels), repr(disabled)),
    }
    paint = {
        "map": lambda: t.paint_map(surf),
        "left": lambda: leftpanel.draw(surf, t.lay, t.data, v, hot, names),
        "rows": lambda: t.right.draw_rows(surf, v, decider, v["seat"], kinds, t.snap["turn_order"]),
        "card": lambda: t.right.draw_card(surf, v, v["seat"]),
        "log": lambda: t.right.draw_log(surf, v, [t.map.dragons[p["dragon"]] for p in v["players"]]),
        "strip": lambda: t.handview.draw_strip(surf, v, hot),
        "hand": lambda: t.handview.draw_hand(surf, t.slots, hot, t.labels, enabled, t.gaps),
        "prompt": lambda: promptbar.draw(surf, t.lay, head, prompt, colour, letter, buttons,
                                         hot | set(buttons), None, t.labels, disabled, t.part.bar_extra()),
    }
    covered = t.standings.covered()
    for part, sig in shows.items():
        if painted.get(part) != sig and part not in covered:
            paint[part]()
            painted[part] = sig
