"""How far the table's parts reach into the TableScene (issue 40).

For every function in sprites/table/*.py that is handed the table (a first
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
TABLE_NAMES = ("t", "table", "scene")


def _table_param(fn):
    """The name the function calls the table by (its first parameter after self), or None."""
    args = [a.arg for a in fn.args.posonlyargs + fn.args.args]
    if args and args[0] in ("self", "cls"):
        args = args[1:]
    return args[0] if args and args[0] in TABLE_NAMES else None


def _is_self_table(node):
    return (isinstance(node, ast.Attribute) and node.attr == "table" and isinstance(node.value, ast.Name)
            and node.value.id == "self")


def _table_names(fn):
    """The names the function calls the table by: its table parameter, and locals set to ``self.table``."""
    names = {_table_param(fn)} - {None}
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


def functions(folder=PARTS):
    """{"module.function": (reads, writes)} for every function of the folder's modules that touches the table."""
    out = {}
    for f in sorted(os.listdir(folder)):
        if not f.endswith(".py"):
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


def main(argv):
    found = functions()
    if "--totals" not in argv:
        for where, (reads, writes) in found.items():
            print(f"{where}: reads {len(reads)} {sorted(reads)}" + (f"; writes {sorted(writes)}" if writes else ""))
        print()
    reads, writes = totals(found)
    print(f"{len(found)} functions; {len(reads)} attributes read: {sorted(reads)}")
    print(f"{len(writes)} attributes written: {sorted(writes)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
