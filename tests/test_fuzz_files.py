"""Property-based fuzzing of the save format and of every data file (issue 12,
"Beyond the list"). Whatever hypothesis makes of a good file, loading it
either works (and then the result is sound) or is refused with a SaveError /
DataError: one line per problem, naming the file, printable, no traceback,
the file untouched, in under 2 s (LOAD_SECONDS; a loaded data set must then
play a game of every size to its end). Bounded to well under a minute in all."""
import copy
import os
import random
import shutil
import tempfile
import time

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hostile_helpers import small_save_text

from game import invariants, new_game
from game.data import DATA_DIR, FILES, DataError, load_data
from app.save_format import SaveError, document_text, load_session

# CI runs the same 150 examples per test every time; FUZZ_EXAMPLES=5000 explores further (new ones each run).
DEEPER = os.environ.get("FUZZ_EXAMPLES")
FUZZ = settings(max_examples=int(DEEPER or 150), deadline=None, derandomize=not DEEPER, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

LOAD_SECONDS = 2
BASE_TEXT = small_save_text(seed=2, steps=30, n=2)
BASE_DOC = yaml.safe_load(BASE_TEXT)

# Pieces of YAML an attacker would try, spliced in anywhere.
SNIPPETS = ["&a [x, x]", "*a", "<<: {a: 1}", "!!python/object/apply:os.system ['true']", "!!binary AAAA",
            "0x" + "f" * 300, "9" * 5000, "1:" * 200 + "1", "[" * 300, "{" * 300, '"\\ud800"', '"\\0"',
            '"\\e[2J"', "? [a]\n: b", "---\n", "...\n", "%YAML 1.1\n", "!!set {a, b}", "!!omap [a: 1]",
            "2001-13-45", "!!timestamp x", "!!int ''", "!!float x", ".inf", ".nan", "-.inf", "~", "\t", "\x00",
            "\ufeff", "\r", "\u2028", "'", '"', "- ", ": ", "#", "|\n  x", ">-\n  x", "@", "`", "%"]

plain_value = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-3, 10), st.floats(), st.text(max_size=12),
              st.sampled_from(["Gallia", "heal_1", "Red", "attack", "standard", "place", "over"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6)


def paths(node, prefix=()):
    """Every path (tuple of keys and indexes) into a plain-data tree."""
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node[:8]):                   # long lists: the first few entries are enough
            yield from paths(v, prefix + (i,))


def mutate(doc, path, how, value):
    """doc with the node at path replaced, deleted, duplicated or wrapped."""
    doc = copy.deepcopy(doc)
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if how == "delete":
        del parent[key]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif how == "wrap":
        parent[key] = [parent[key]]
    else:
        parent[key] = value
    return doc


def text_edits():
    """A list of (fraction of the text, op, payload) edits."""
    payload = st.one_of(st.sampled_from(SNIPPETS), st.text(max_size=8), st.binary(max_size=8).map(
        lambda b: b.decode("latin-1")))
    return st.lists(st.tuples(st.floats(0, 1), st.sampled_from(["insert", "replace", "delete", "cut"]), payload),
                    min_size=1, max_size=4)


def apply_edits(text, edits):
    for where, op, payload in edits:
        i = int(where * len(text))
        if op == "insert":
            text = text[:i] + payload + text[i:]
        elif op == "replace":
            text = text[:i] + payload + text[i + len(payload):]
        elif op == "delete":
            text = text[:i] + text[i + 1 + len(payload):]
        else:
            text = text[:i]
    return text


def check_save(content):
    folder = tempfile.mkdtemp()
    try:
        path = os.path.join(folder, "fuzz.yaml")
        with open(path, "wb") as fh:
            fh.write(content.encode("utf-8", "surrogatepass"))
        before = (open(path, "rb").read(), os.stat(path).st_mtime_ns)
        start = time.process_time()
        try:
            session = load_session(path)
        except SaveError as exc:
            message = str(exc)
            assert message.startswith(path + ": ") and message.isprintable(), message
        else:                               # accepted: then it is a consistent game
            assert session.game.to_dict() == session.replayed().to_dict()
            assert invariants.check(session.game) == []
        assert time.process_time() - start < LOAD_SECONDS
        assert (open(path, "rb").read(), os.stat(path).st_mtime_ns) == before
    finally:
        shutil.rmtree(folder)


SAVE_PATHS = list(paths(BASE_DOC))


@FUZZ
@given(edits=text_edits())
def test_fuzzed_save_text(edits):
    check_save(apply_edits(BASE_TEXT, edits))


@pytest.mark.slow
@FUZZ
@given(path=st.sampled_from(SAVE_PATHS), how=st.sampled_from(["set", "set", "delete", "duplicate", "wrap"]),
       value=plain_value)
def test_fuzzed_save_document(path, how, value):
    try:
        doc = mutate(BASE_DOC, path, how, value)
    except (KeyError, IndexError, TypeError):
        return
    check_save(document_text(doc))


# ----- data files ----------------------------------------------------------------
DATA_TEXT = {name: open(os.path.join(DATA_DIR, name + ".yaml"), encoding="utf-8").read() for name in FILES}
DATA_DOC = {name: yaml.safe_load(text) for name, text in DATA_TEXT.items()}


def check_data(name, content):
    folder = tempfile.mkdtemp()
    try:
        for other in FILES:
            with open(os.path.join(folder, other + ".yaml"), "wb") as fh:
                fh.write((content if other == name else DATA_TEXT[other]).encode("utf-8", "surrogatepass"))
        before = {f: open(os.path.join(folder, f), "rb").read() for f in os.listdir(folder)}
        start = time.process_time()
        try:
            data = load_data(folder)
            assert time.process_time() - start < LOAD_SECONDS
        except DataError as exc:
            assert time.process_time() - start < LOAD_SECONDS
            assert exc.problems
            for problem in exc.problems:           # (other files may name what they miss from this one)
                assert problem.startswith(tuple(f"data/{f}.yaml: " for f in FILES)), problem
                assert problem.isprintable(), problem
        else:                                    # accepted: then every size of game plays to its end
            lo, hi = data.setup["players"]["min"], data.setup["players"]["max"]
            for n in range(lo, hi + 1):
                play_out(new_game(n, seed=n, variant=random.Random(n).choice(
                    ["standard", "desolation", "strategist"]), data=data))
        assert {f: open(os.path.join(folder, f), "rb").read() for f in os.listdir(folder)} == before
    finally:
        shutil.rmtree(folder)


def play_out(g, limit=20_000):
    rng = random.Random(1)
    for _ in range(limit):
        if g.is_over:
            break
        g.apply(rng.choice(g.decision.options))
    assert g.is_over and invariants.check(g) == []


@pytest.mark.slow
@pytest.mark.parametrize("name", FILES)
@FUZZ
@given(data=st.data())
def test_fuzzed_data_file(name, data):
    if data.draw(st.booleans(), label="text edits"):
        check_data(name, apply_edits(DATA_TEXT[name], data.draw(text_edits(), label="edits")))
    else:
        path = data.draw(st.sampled_from(list(paths(DATA_DOC[name]))), label="path")
        how = data.draw(st.sampled_from(["set", "set", "delete", "duplicate", "wrap"]), label="how")
        try:
            doc = mutate(DATA_DOC[name], path, how, data.draw(plain_value, label="value"))
        except (KeyError, IndexError, TypeError):
            return
        check_data(name, yaml.safe_dump(doc, allow_unicode=True, sort_keys=False))
