"""The guided first game's script: data/tutorial.yaml, read and checked.

    script = load_script()                  # DataError (one line per problem) if the file is bad

A step names the action kinds that complete it (``do``) or the parts of the
table it points at; the window's guide (sprites/tutorial.py) follows it.
"""
from __future__ import annotations

import os

from game.data import DATA_DIR, DataError, default_data, read_yaml, read_yaml_files
from game.plaintext import name_problem, visible
from game.records import frozen_record
from game.rng import MAX_SEED

FILE = "tutorial.yaml"
AREAS = ("map", "hand", "strip", "left", "right", "prompt")
ROOTS = ("setup", "scoring")               # where {setup.deal} and the like are looked up


@frozen_record
class Step:
    """One step of the tutorial: what it says and what completes it."""
    id: str
    title: str
    text: str                  # with the data's numbers filled in
    do: tuple = ()             # action kinds that complete it (none: the Next button does)
    group: str = ""            # steps of one group may be done in any order
    point: tuple = ()          # "area:map" ... (steps without ``do``)
    optional: bool = False     # passed over unless the player's decision offers it right away


@frozen_record
class Script:
    """The tutorial's game (seed and seats) and its steps."""
    seed: int
    seats: tuple               # ({"name", "dragon", "kind"}, ...); the human's name may be missing
    steps: tuple


def load_script(path=None, data=None):
    """Read and check the script; raise DataError naming the file, entry and problem."""
    path = path or os.path.join(DATA_DIR, FILE)
    data = data or default_data()
    problems = []
    doc = read_yaml_files({FILE: path}, problems, cache="tutorial")[FILE]
    if problems:
        raise DataError(problems)
    where = f"data/{os.path.basename(path)}"
    script = _check(doc, data, where, problems)
    if problems:
        raise DataError(problems)
    return script


def _check(doc, data, where, problems):
    from game.ai_levels import LEVELS
    from game.kind_names import action_kind_names
    kinds = action_kind_names()           # (kept between starts: the engine is imported after the first frame)

    def bad(entry, problem):
        problems.append(f"{where}: {entry}: {problem}")
    seed = doc.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        bad("seed", f"must be a whole number from 0 to {MAX_SEED - 1}, not {seed!r}")
        seed = 0
    seats = doc.get("seats")
    dragons = [d.name for d in data.dragons]
    lo, hi = data.setup["players"]["min"], data.setup["players"]["max"]
    if not isinstance(seats, list) or not lo <= len(seats) <= hi:
        bad("seats", f"must be a list of {lo} to {hi} seats")
        seats = []
    humans = 0
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or set(seat) - {"name", "dragon", "kind"}:
            bad(f"seats[{i}]", "must be a mapping with a dragon, a kind and (for AI seats) a name")
            continue
        if seat.get("dragon") not in dragons:
            bad(f"seats[{i}].dragon", f"unknown dragon {seat.get('dragon')!r} (known: {', '.join(dragons)})")
        kind = seat.get("kind")
        if kind not in ("human",) + tuple(LEVELS):
            bad(f"seats[{i}].kind", f"must be human or an AI level ({', '.join(LEVELS)}), not {kind!r}")
        humans += kind == "human"
        if kind != "human" and "name" not in seat:
            bad(f"seats[{i}].name", "an AI seat needs a name")
        elif "name" in seat and (problem := name_problem(seat["name"])):     # the engine's rule for names
            bad(f"seats[{i}].name", problem)
    if seats and humans != 1:
        bad("seats", f"must have exactly one human seat, not {humans}")
    you = next((d for s in seats if isinstance(s, dict) and s.get("kind") == "human"
                for d in data.dragons if d.name == s.get("dragon")), None)
    named = [s["dragon"] for s in seats if isinstance(s, dict) and isinstance(s.get("dragon"), str)]
    if len(set(named)) < len(named):
        bad("seats", "two seats have the same dragon")
    steps = []
    raw = doc.get("steps")
    if not isinstance(raw, list) or not raw:
        bad("steps", "must be a list of steps")
        raw = []
    ids = set()
    for i, entry in enumerate(raw):
        at = f"steps[{i}]"
        if not isinstance(entry, dict):
            bad(at, "must be a mapping")
            continue
        unknown = set(entry) - {"id", "title", "text", "do", "group", "point", "optional"}
        if unknown:
            bad(at, f"unknown field {sorted(unknown)[0]!r}")
        sid = entry.get("id")
        if not isinstance(sid, str) or not sid or sid in ids:
            bad(f"{at}.id", "must be a name used by no other step")
        else:
            ids.add(sid)
        for key in ("title", "text"):
            if not isinstance(entry.get(key), str) or not visible(entry.get(key)):
                bad(f"{at}.{key}", "must be text with something that shows")
        do = entry.get("do", [])
        if not isinstance(do, list) or any(not isinstance(k, str) or k not in kinds for k in do):
            wrong = [k for k in do if not isinstance(k, str) or k not in kinds] if isinstance(do, list) else do
            bad(f"{at}.do", f"unknown action kind {wrong[0] if isinstance(wrong, list) else wrong!r} "
                            f"(known: {', '.join(kinds)})")
            do = []
        point = entry.get("point", [])
        if not isinstance(point, list) or any(p not in [f"area:{a}" for a in AREAS] for p in point):
            bad(f"{at}.point", f"must list parts of the table: {', '.join('area:' + a for a in AREAS)}")
            point = []
        group = entry.get("group", "")
        if not isinstance(group, str):
            bad(f"{at}.group", "must be a name")
            group = ""
        text = entry.get("text") if isinstance(entry.get("text"), str) else ""
        # {you} and {now} stay in the text: they are named when drawn ({you} in the palette
        # then shown, {now} where the game is then: the AI dragons play on while a box shows).
        text = _fill(text, data, f"{at}.text", bad, keep=("you", "now") if you is not None else ("now",))
        if group and not do:
            bad(f"{at}.group", "only steps with 'do' can be grouped")
        optional = entry.get("optional", False)
        if not isinstance(optional, bool) or (optional and (not do or group)):
            bad(f"{at}.optional", "must be true or false, and only for a step with 'do' outside a group")
            optional = False
        steps.append(Step(id=str(sid), title=str(entry.get("title", "")), text=text, do=tuple(do),
                          group=group or f"step:{sid}", point=tuple(point), optional=optional))
    if steps and steps[-1].do:
        bad(f"steps[{len(steps) - 1}]", "the last step must be one without 'do' (the end of the guide)")
    return Script(seed=seed, seats=tuple(seats), steps=tuple(steps))


def _fill(text, data, at, bad, keep=()):
    """The text with each {root.key...} replaced by that number of the data
    (the names in ``keep`` stay as they are)."""
    out, rest = [], text
    while "{" in rest or "}" in rest:
        head, brace, tail = rest.partition("{")
        name, closing, after = tail.partition("}")
        if "}" in head or not brace or not closing or "{" in name:
            bad(at, "a { or } without a name of the data between them")
            return " ".join(text.split())
        value = "{" + name + "}" if name in keep else _lookup(data, name)
        if value is None:
            bad(at, f"{{{name}}} names no number of the data (write e.g. {{setup.deal}})")
            return " ".join(text.split())
        out += [head, value]
        rest = after
    return " ".join("".join(out + [rest]).split())


def _lookup(data, name):
    """The value at a path like setup.deal (a number or a word), or None."""
    path = name.split(".")
    node = getattr(data, path[0], None) if path[0] in ROOTS and len(path) > 1 else None
    for key in path[1:]:
        node = node.get(key) if isinstance(node, dict) else None
    return None if isinstance(node, bool) or not isinstance(node, (int, str)) else str(node)


def raw_texts(path=None):
    """The texts as written (placeholders unfilled), for checks."""
    problems = []
    doc = read_yaml(path or os.path.join(DATA_DIR, FILE), problems) or {}
    return [e.get("text", "") for e in doc.get("steps", []) if isinstance(e, dict)]
