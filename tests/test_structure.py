"""The project's shape: its packages stand in layers, bottom to top, and a
package imports only its own modules and those of the layers below it
(imports inside functions included); no import circle anywhere; the view
imports none of the engine's internals: it works from the host interface and
plain data (issue "One seat's window onto the game"). Issue "Ports you can
read": "0 circles, 0 upward arrows".

    wrath_of_dragons   the door: sends serve / backup / restore to the server, the rest to the game
    sprites            the window (pygame)
    client | server    a window's side of online play | python main.py serve (never each other)
    wire               the online protocol both speak
    app                sessions, saves, hosts, the command line's headless modes
    game               the rules engine (and the AI that plays by them)
"""
import ast
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Each layer and the packages it may import besides its own (docs/architecture.md).
LAYERS = {
    "game": (),
    "app": ("game",),
    "wire": ("app", "game"),
    "client": ("wire", "app", "game"),
    "server": ("wire", "app", "game"),
    "sprites": ("client", "wire", "app", "game"),
    "wrath_of_dragons": ("sprites", "server", "client", "wire", "app", "game"),
}


def modules(package):
    """{module name: file path} of every module under a package folder."""
    out = {}
    for base, _, files in os.walk(os.path.join(ROOT, package)):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(base, f)
                name = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
                out[name[:-len(".__init__")] if name.endswith(".__init__") else name] = path
    return out


def imports(name, path, known):
    """Modules of ``known`` that ``name`` imports, anywhere in its file."""
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read())
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                full = f"{target}.{alias.name}"
                found.add(full if full in known else target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {m for m in found if m in known and m != name}


def import_graph(*packages):
    known = {}
    for package in packages:
        known.update(modules(package))
    return {name: imports(name, path, known) for name, path in known.items()}


def circles(graph):
    """Strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_the_circle_finder_finds_circles():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def all_modules():
    known = {}
    for package in LAYERS:
        known.update(modules(package) if package != "wrath_of_dragons" else
                     {package: os.path.join(ROOT, package + ".py")})
    return known


def test_no_import_circle_anywhere():
    known = all_modules()
    graph = {name: imports(name, path, known) for name, path in known.items()}
    assert "game.engine" in graph and "game.flow" in graph["game.engine"]
    assert circles(graph) == []


def test_every_package_imports_only_its_own_and_the_layers_below():
    known = all_modules()
    upward = []
    for name, path in known.items():
        package = name.split(".")[0]
        for target in file_imports(path):
            top = target.split(".")[0]
            if top in LAYERS and top != package and top not in LAYERS[package]:
                upward.append(f"{name} imports {target}")
    assert upward == []


def test_the_layer_check_sees_an_upward_import(tmp_path):
    (tmp_path / "x.py").write_text("def f():\n    from server.server import main\n")
    assert "server.server" in file_imports(str(tmp_path / "x.py"))


# What the view may not import: the engine and its internals, the AI, the session.
ENGINE_INTERNALS = ("game.engine", "game.state", "game.phases", "game.ai", "app.session")


def file_imports(path):
    """Every module named in an import statement of a file (relative ones made absolute)."""
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read())
    package = os.path.relpath(os.path.dirname(path), ROOT).replace(os.sep, ".")
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            out += [target] + [f"{target}.{a.name}" for a in node.names]
    return out


def test_the_view_imports_no_engine_internals():
    for name, path in modules("sprites").items():
        bad = [m for m in file_imports(path) if any(m == x or m.startswith(x + ".") for x in ENGINE_INTERNALS)]
        assert not bad, f"{name} imports {bad}: the view works from the host and plain data"


def test_the_rules_the_services_and_the_server_import_no_pygame():
    names = [n for p in ("game", "app", "wire", "client", "server") for n in modules(p)
             if not n.endswith("pgstore")]                        # (PostgreSQL's driver is an extra)
    code = f"import sys, {', '.join(names)}; print('pygame' in sys.modules or 'sprites' in sys.modules)"
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "False", r.stderr


# ----- tests bound work or CPU time, never wall time (issue 28, point 10) ----------------
WALL_CLOCKS = {"perf_counter", "monotonic", "time", "perf_counter_ns", "monotonic_ns", "time_ns"}


def wall_time_asserts(source):
    """Lines of asserts that compare a difference of wall-clock readings (time.perf_counter() - t < 2):
    on CI's busy shared machine such a test fails because another job ran."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Assert):
            continue
        for sub in ast.walk(node.test):
            if (isinstance(sub, ast.BinOp) and isinstance(sub.op, ast.Sub) and isinstance(sub.left, ast.Call)
                    and isinstance(sub.left.func, ast.Attribute) and sub.left.func.attr in WALL_CLOCKS
                    and isinstance(sub.left.func.value, ast.Name) and sub.left.func.value.id == "time"):
                lines.append(node.lineno)
    return lines


def test_no_test_asserts_on_wall_time():
    assert wall_time_asserts("import time\nt = time.perf_counter()\nassert time.perf_counter() - t < 2\n") == [3]
    assert wall_time_asserts("import time\nt = time.process_time()\nassert time.process_time() - t < 2\n") == []
    found = {}
    for name, path in modules("tests").items():
        with open(path, encoding="utf-8") as fh:
            lines = wall_time_asserts(fh.read())
        if lines:
            found[name] = lines
    assert found == {}, "bound CPU time (time.process_time) or the amount of work instead"


# ----- the server in layers: a new message touches its declaration, its handler, its sender -------
def _compared_strings(path):
    """String constants a file compares with (==, !=, in): where it branches on a word."""
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for part in [node.left, *node.comparators]:
                for sub in ast.walk(part):
                    if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                        out.add(sub.value)
    return out


def test_every_message_the_protocol_declares_has_one_handler_and_no_other_server_layer_branches_on_it():
    """Issue "Ports you can read": "one handler per message type, so a new message touches 2 files,
    not 5-7" (with the window's side: wire/protocol.py declares it, server/messages.py handles it,
    client/ sends it)."""
    from server import messages
    from wire import protocol
    assert set(messages.FIRST) == set(protocol.FIRST) and set(messages.LATER) == set(protocol.LATER)
    kinds = set(protocol.FIRST) | set(protocol.LATER)
    for name, path in modules("server").items():
        if name == "server.messages":
            continue
        branched = _compared_strings(path) & kinds
        if name == "server.room":          # a command's own field (apply: the option, fly: the region)
            branched -= set(protocol.COMMANDS)
        assert not branched, f"{name} branches on the message types {sorted(branched)}"


# ----- the host port: the view reads a host through app/ports.py alone (issue 40) ----------------
def host_reads(source):
    """{member: first line} of every attribute read from a host: ``host.x``, ``<...>.host.x``, and
    ``self.replay.x`` (the replay scene's and bar's own host)."""
    out = {}
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        held = node.value
        if (isinstance(held, ast.Name) and held.id == "host") or (isinstance(held, ast.Attribute) and (
                held.attr == "host" or (held.attr == "replay" and isinstance(held.value, ast.Name)
                                        and held.value.id == "self"))):
            out.setdefault(node.attr, node.lineno)
    return out


def port_members():
    from app import ports
    return {name for port in (ports.Host, ports.PlayedHost, ports.OnlineHost, ports.ReplayControls)
            for name in vars(port) if not name.startswith("_") or name == "__len__"}


def test_the_view_reads_from_a_host_only_what_the_port_declares_and_the_port_declares_nothing_unread():
    assert host_reads("host.mirror.snaps\nself.table.host.over\nself.replay.seek(3)\nself.host.replay()\n") == \
        {"mirror": 1, "over": 2, "seek": 3, "replay": 4}
    from app.host import LocalHost
    declared = port_members()
    read = {}
    for name, path in modules("sprites").items():
        with open(path, encoding="utf-8") as fh:
            found = host_reads(fh.read())
        if name == "sprites.shot":               # the screenshots make a LocalHost of their own
            found = {k: v for k, v in found.items() if k not in dir(LocalHost)}
        undeclared = sorted(set(found) - declared)
        assert not undeclared, f"{name} reads {undeclared} of a host (line {found[undeclared[0]]}): declare " \
                               "it in app/ports.py"
        for member in found:
            read.setdefault(member, name)
    assert declared - set(read) - {"__len__"} == set(), "declared in app/ports.py but no view module reads it"


# ----- the table's parts: what each may touch of the TableScene ----------------------------------
def _table_reach():
    """tools/table_reach.py: which attributes of the TableScene each function of sprites/table/ reads and writes."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("table_reach", os.path.join(ROOT, "tools", "table_reach.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# What a part that draws or lays out elements may ask of the scene: its register of elements
# (add, find, hit), the map's painter and the hover's preview; all else comes in the Frame.
ELEMENT_REGISTER = {"add", "clear_elements", "element", "element_at", "element_rect", "elements", "paint_map",
                    "preview"}
DRAWING_PARTS = ("parts", "toplayer", "elements", "keyboard.draw", "keyboard.targets", "keyboard.current")


def test_the_table_reach_counter_sees_reads_and_writes(tmp_path):
    reach = _table_reach()
    (tmp_path / "part.py").write_text(
        "def draw(f, t):\n    t.x = f.y\n    t.z[1] = t.w\n    return t.v()\n\n"
        "class P:\n    def go(self):\n        t = self.table\n        t.u += 1\n\n"
        "def pure(f):\n    return f.view\n")
    found = reach.functions(str(tmp_path))
    assert found == {"part.draw": ({"z", "w", "v"}, {"x", "z"}), "part.go": (set(), {"u"})}


def test_table_parts_take_explicit_inputs():
    """Issue 40: the table's parts were functions over the whole TableScene (89 functions
    in sprites/table/ read 81 of its attributes, 50 of them its state, in 301 reaches
    (a function reading a field), and wrote 25).
    Now the parts that draw and lay out elements are given a Frame (what one frame shows),
    the panels and the register of elements; the parts that act (input, changes, clock,
    questions) still take the scene, read fewer of its fields and change it only through
    its named methods (repaint, set_question, set_summary, set_hint, set_century, ...)."""
    reach = _table_reach()
    found = reach.functions()
    reads, writes = reach.totals(found)
    methods = reach.scene_methods()
    state = reads - methods
    assert len(state) <= 42, f"the parts read {len(state)} fields of the scene: {sorted(state)}"
    assert reach.reaches(found, methods) <= 147, "a part reads more of the scene: give it what it needs (the Frame)"
    # the standings panel keeps its picture's signature among the scene's painted parts
    assert writes <= {"_painted"}, f"a part writes the scene's {sorted(writes)}: add a named method to it"
    _, others = reach.totals(reach.functions(reach.SCENES, skip=("table.py",)))
    assert others <= {"hover"}, f"a scene writes the table's {sorted(others)}"      # (the game menu: no tooltip under it)
    for where, (used, _) in found.items():
        if where.startswith(DRAWING_PARTS):
            assert used <= ELEMENT_REGISTER, f"{where} reads the scene's {sorted(used - ELEMENT_REGISTER)}: " \
                "put it in the Frame"
