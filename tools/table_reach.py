"""How far the table's parts reach into the TableScene (issue 40).

For every function in sprites/table/*.py that is handed the table (a
parameter named ``t``, ``table`` or ``scene``, or ``self.table`` in a
method, or a local set to it), the attributes it reads from it and those it writes to it
(``t.x = ...``, ``t.x += ...``, ``t.x[k] = ...``). A write from a part is a
write from outside sprites/scenes/table.py.

    python tools/table_reach.py          # per function, then the totals
    python tools/table_reach.py --totals # only the totals
"""
from __future__ import annotations

import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PARTS = os.path.join(ROOT, "sprites", "table")
SCENES = os.path.join(ROOT, "sprites", "scenes")
TABLE_NAMES = ("t", "table", "scene")


def scene_methods():
    """The methods of the TableScene and its base (what a part asks the scene to do),
    as against its state (attributes and properties: what a part reads)."""
    out = set()
    for path, classes in ((os.path.join(SCENES, "table.py"), ("TableScene",)),
                          (os.path.join(ROOT, "sprites", "scene.py"), ("Scene",))):
        with open(path, encoding="utf-8") as fh:
            tree = ast.parse(fh.read())
        for cls in tree.body:
            if isinstance(cls, ast.ClassDef) and cls.name in classes:
                out.update(fn.name for fn in cls.body if isinstance(fn, ast.FunctionDef) and not any(
                    isinstance(d, ast.Name) and d.id == "property" or
                    isinstance(d, ast.Attribute) and d.attr == "setter" for d in fn.decorator_list))
    return out


def _table_params(fn):
    """The parameters that are the table (named ``t``, ``table`` or ``scene``)."""
    args = fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs
    return {a.arg for a in args if a.arg in TABLE_NAMES}


def _is_self_table(node):
    return (isinstance(node, ast.Attribute) and node.attr == "table" and isinstance(node.value, ast.Name)
            and node.value.id == "self")


def _table_names(fn):
    """The names the function calls the table by: its table parameter, and locals set to ``self.table``."""
    names = _table_params(fn)
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and _is_self_table(node.value):
            names.update(target.id for target in node.targets if isinstance(target, ast.Name))
    return names


def _is_table(node, names):
    """``node`` is the table: one of ``names`` or ``self.table``."""
    return (isinstance(node, ast.Name) and node.id in names) or _is_self_table(node)


def reach(fn):
    """(attributes read, attributes written) of the table in one function."""
    name = _table_names(fn)
    reads, writes = set(), set()
    for node in ast.walk(fn):
        if not (isinstance(node, ast.Attribute) and _is_table(node.value, name)):
            continue
        if isinstance(node.ctx, (ast.Store, ast.Del)):
            writes.add(node.attr)
        else:
            reads.add(node.attr)
    for node in ast.walk(fn):         # t.x[k] = ...: a write into the table's x
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
        for target in targets:
            if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Attribute) \
                    and _is_table(target.value.value, name):
                writes.add(target.value.attr)
    return reads, writes


def functions(folder=PARTS, skip=()):
    """{"module.function": (reads, writes)} for every function of the folder's modules that touches the table."""
    out = {}
    for f in sorted(os.listdir(folder)):
        if not f.endswith(".py") or f in skip:
            continue
        with open(os.path.join(folder, f), encoding="utf-8") as fh:
            tree = ast.parse(fh.read())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                reads, writes = reach(node)
                if reads or writes:
                    out[f"{f[:-3]}.{node.name}"] = (reads, writes)
    return out


def totals(found):
    """(attributes read anywhere, attributes written anywhere): distinct names over all the functions."""
    reads = set().union(*(r for r, _ in found.values())) if found else set()
    writes = set().union(*(w for _, w in found.values())) if found else set()
    return reads, writes


def reaches(found, methods):
    """How many (function, field of the scene it reads) pairs there are: a new read anywhere adds one."""
    return sum(len(r - methods) for r, _ in found.values())


def main(argv):
    found = functions()
    if "--totals" not in argv:
        for where, (reads, writes) in found.items():
            print(f"{where}: reads {len(reads)} {sorted(reads)}" + (f"; writes {sorted(writes)}" if writes else ""))
        print()
    reads, writes = totals(found)
    methods = scene_methods()
    state = sorted(reads - methods)
    print(f"sprites/table/: {len(found)} functions; {len(reads)} attributes read, of them {len(state)} state "
          f"{state}\n  and {len(reads) - len(state)} methods {sorted(reads & methods)}")
    print(f"  reaches (a function reading a field of the scene, summed over the functions): {reaches(found, methods)}")
    print(f"  {len(writes)} attributes written: {sorted(writes)}")
    _, scene_writes = totals(functions(SCENES, skip=("table.py",)))
    print(f"sprites/scenes/ (the table's parts and the scenes over it): {len(scene_writes)} attributes written: "
          f"{sorted(scene_writes)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
