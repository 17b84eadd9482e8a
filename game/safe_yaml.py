"""Reading YAML that may come from anyone: plain data only, bounded work.

    load(text) -> data              # raises YamlProblem (one line, with the line number)
    read_bytes(path, limit) -> bytes  # regular files only; raises FileProblem

The loaders are subclasses of PyYAML's ``CSafeLoader`` (C parser, used when
PyYAML has libyaml) and ``SafeLoader`` (pure Python, the fallback), so they
build nothing but plain data. On top of what those refuse (Python tags), they
refuse, before the document is built:

- aliases and anchors (``&a`` / ``*a``): the game never writes them, and a
  few hundred bytes of nested aliases expand to billions of elements;
- more than MAX_NODES elements or nesting deeper than MAX_DEPTH (the C
  parser's own composer recurses in C and crashes the process on deep nesting,
  so the document is composed here, in Python, from the parser's events);
- numbers written with more than MAX_NUMBER_CHARS characters (Python refuses
  to print integers of more than 4300 digits, and base-60 numbers take
  quadratic time);
- duplicate keys and merge keys (``<<``), which would silently drop a value.
"""
from __future__ import annotations

import threading

from .safe_files import FileProblem, read_bytes  # noqa: F401  (read with the YAML: safe_yaml.read_bytes)

MAX_NODES = 100_000       # a finished 6-player game has ~5,500; parsing 100,000 takes ~0.4 s with libyaml
MAX_DEPTH = 32            # saves nest 6 deep, data files 7
MAX_NUMBER_CHARS = 40     # seeds go up to 2**64 (20 digits)


class YamlProblem(Exception):
    """Why a text was refused, in one line (with the line and column when known).
    ``general``: the same without anything quoted from the text (a key, a tag,
    a token), for messages about files that may not be the game's at all."""

    def __init__(self, problem, general=None):
        super().__init__(problem)
        self.general = general or problem


def _build():
    """PyYAML's loaders with the refusals above, made when first needed: importing
    PyYAML takes 15-20 ms, which a start that parses no YAML before the window's
    first frame (game.start_cache keeps the parses) does without. The window
    imports it right after that frame, on its main thread (sprites.app.warm_up)."""
    import yaml
    from yaml.composer import Composer
    from yaml.constructor import SafeConstructor
    from yaml.events import AliasEvent, ScalarEvent, SequenceStartEvent

    class _Refused(yaml.MarkedYAMLError):
        pass

    class _GuardedComposer(Composer):
        """PyYAML's composer with the refusals above; it works on the events of
        either parser (the C parser's ``get_event``/``peek_event`` included)."""

        def compose_document(self):
            self._nodes = 0
            self._depth = 0
            return super().compose_document()

        def compose_node(self, parent, index):
            event = self.peek_event()
            if isinstance(event, AliasEvent) or event.anchor is not None:
                raise _Refused(None, None, "aliases and anchors (& and *) are not allowed", event.start_mark)
            self._nodes += 1
            if self._nodes > MAX_NODES:
                raise _Refused(None, None, f"more than {MAX_NODES:,} elements", event.start_mark)
            if self._depth >= MAX_DEPTH:
                raise _Refused(None, None, f"nested more than {MAX_DEPTH} levels deep", event.start_mark)
            self._depth += 1
            if isinstance(event, ScalarEvent):
                node = self.compose_scalar_node(None)
            elif isinstance(event, SequenceStartEvent):
                node = self.compose_sequence_node(None)
            else:
                node = self.compose_mapping_node(None)
            self._depth -= 1
            return node

    class _StrictConstructor(SafeConstructor):
        def construct_bounded_int(self, node):
            if len(node.value) > MAX_NUMBER_CHARS:
                raise _Refused(None, None, f"a number written with more than {MAX_NUMBER_CHARS} characters",
                               node.start_mark)
            return self.construct_yaml_int(node)

        def flatten_mapping(self, node):
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise _Refused(None, None, "merge keys (<<) are not allowed", key_node.start_mark)

        def construct_mapping(self, node, deep=False):
            mapping = super().construct_mapping(node, deep)
            if len(mapping) < len(node.value):
                seen = set()
                for key_node, _ in node.value:
                    key = self.construct_object(key_node, deep)       # already built: cached
                    if key in seen:
                        raise _Refused(None, None, f"duplicate key {_shown(key)}", key_node.start_mark)
                    seen.add(key)
            return mapping

    def _strict(loader_base):
        class Loader(_GuardedComposer, _StrictConstructor, loader_base):
            def __init__(self, stream):
                loader_base.__init__(self, stream)
                Composer.__init__(self)
        Loader.add_constructor("tag:yaml.org,2002:int", _StrictConstructor.construct_bounded_int)
        Loader.__name__ = Loader.__qualname__ = "Strict" + loader_base.__name__
        return Loader

    py_loader = _strict(yaml.SafeLoader)
    c_loader = _strict(yaml.CSafeLoader) if getattr(yaml, "__with_libyaml__", False) else None
    return {"_Refused": _Refused, "PyLoader": py_loader, "CLoader": c_loader,
            "LOADERS": {"python": py_loader, **({"C": c_loader} if c_loader else {})},
            "Loader": c_loader or py_loader}      # what load() uses unless told otherwise


_LAZY = ("_Refused", "PyLoader", "CLoader", "LOADERS", "Loader")
_building = threading.Lock()          # (two threads' first loads: one set of classes)


def __getattr__(name):
    """PyLoader, CLoader, LOADERS and Loader (a module's attributes, as before: tests set Loader)."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    with _building:
        if name not in globals():
            made = _build()
            for key in _LAZY:
                globals().setdefault(key, made[key])        # (a Loader a test set stays)
    return globals()[name]


def ready():
    """Make the loaders now (imports PyYAML): the window does it after its first frame."""
    _made("Loader")


def _made(name):
    return globals()[name] if name in globals() else __getattr__(name)


def load(text, loader=None):
    """The single document in text as plain data; YamlProblem if refused."""
    import yaml
    cls = loader or _made("Loader")
    parser = cls(text)
    try:
        return parser.get_single_data()
    except yaml.MarkedYAMLError as exc:
        raise YamlProblem(_problem(exc) + _where(exc), _general(exc) + _where(exc)) from None
    except yaml.YAMLError as exc:
        raise YamlProblem(f"not valid YAML: {_one_line(exc)}", "not valid YAML") from None
    except RecursionError:
        raise YamlProblem(f"nested more than {MAX_DEPTH} levels deep") from None
    except (ValueError, OverflowError, TypeError, IndexError, AttributeError) as exc:
        # PyYAML's constructors fail in assorted ways on explicit tags with odd values:
        # !!timestamp x (AttributeError), !!int '-' (IndexError), a 13th month (ValueError)
        raise YamlProblem(f"a value that cannot be read ({type(exc).__name__}: {_one_line(exc)})",
                          "a value that cannot be read") from None
    finally:
        parser.dispose()


def _problem(exc):
    from yaml.constructor import ConstructorError
    problem = _one_line(exc.problem or exc.context or exc)
    if isinstance(exc, _made("_Refused")):
        return problem
    if "python/" in problem:
        return f"refused: the file asks to build Python objects ({_tag(problem)}); only plain data is allowed"
    if isinstance(exc, ConstructorError) and "could not determine a constructor" in problem:
        return f"unknown tag {_tag(problem)}"
    return f"not valid YAML: {problem}"


def _general(exc):
    """_problem's words without what they quote from the text."""
    problem = _problem(exc)
    if isinstance(exc, _made("_Refused")):
        return "a duplicate key" if problem.startswith("duplicate key") else problem
    if problem.startswith("refused:"):
        return "refused: the file asks to build Python objects; only plain data is allowed"
    return "an unknown tag" if problem.startswith("unknown tag") else "not valid YAML"


def _tag(problem):
    for word in problem.split():
        if "!" in word or "tag:" in word:
            return word.strip("'\"").replace("tag:yaml.org,2002:", "!!")
    return problem


def _where(exc):
    mark = exc.problem_mark or exc.context_mark
    return f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""


def _one_line(value):
    return " ".join(str(value).split())


def _shown(key, limit=40):
    text = repr(key)
    return text if len(text) <= limit else text[:limit - 3] + "..."
