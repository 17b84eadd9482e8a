"""The project's shape: no import circle anywhere (imports inside functions
included); the rules never import the application layer (game/app/, and
game/online/: the server and the window's network host) or the view; the application never imports the view (sprites.cli gives the command
line its window); the view imports none of the engine's internals: it works
from the host interface and plain data (issue "One seat's window onto the game")."""
import ast
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


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


def test_the_rules_package_has_no_import_circle():
    graph = import_graph("game")
    assert "game.engine" in graph and "game.flow" in graph["game.engine"]
    assert circles(graph) == []


def test_the_circle_finder_finds_circles():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def module_imports(name):
    """Every module named in an import statement of ``name``'s file, with the
    function each stands in (None at module level)."""
    with open(modules("game")[name], encoding="utf-8") as fh:
        tree = ast.parse(fh.read())
    out = []

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            inside = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.Import):
                out.extend((a.name, function) for a in child.names)
            elif isinstance(child, ast.ImportFrom) and not child.level:
                out.append((child.module or "", function))
            visit(child, inside)
    visit(tree, None)
    return out


APPLICATION = ("game.app", "game.online")


def test_the_rules_never_import_the_application_or_the_view():
    graph = import_graph("game")
    for name, deps in graph.items():
        if name.startswith(APPLICATION):
            continue
        assert not any(d.startswith(APPLICATION) for d in deps), f"{name} imports {sorted(deps)}"
        view = [m for m, _ in module_imports(name) if m.split(".")[0] in ("pygame", "sprites")]
        assert not view, f"{name} imports {view}"


def test_the_application_never_imports_the_view():
    for name in modules("game"):
        view = [m for m, _ in module_imports(name) if m.split(".")[0] in ("pygame", "sprites")]
        assert not view, f"{name} imports {view}"


# What the view may not import: the engine and its internals, the AI, the session.
ENGINE_INTERNALS = ("game.engine", "game.state", "game.phases", "game.ai", "game.app.session")


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


def test_no_import_circle_anywhere():
    assert circles(import_graph("game", "sprites", "tools")) == []


def test_importing_the_rules_and_the_application_imports_no_pygame():
    apps = [n for n in modules("game") if n.startswith(APPLICATION)]
    code = f"import sys, game, {', '.join(apps)}; print('pygame' in sys.modules or 'sprites' in sys.modules)"
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
