"""``frozen_record``: ``dataclass(frozen=True)`` made cheaper to create.

dataclasses writes each class's methods as source text and compiles it, about
0.7 ms a class, and the start makes fourteen of these before the title's
first frame (issue 39: 9 ms of the game's 52). Here no method is compiled:
``__init__``, ``__eq__``, ``__hash__``, ``__repr__`` and the frozen
``__setattr__`` and ``__delattr__`` are shared functions that do what
dataclasses' would (tests/test_records.py compares them, on every class
that uses them, with a twin made by dataclasses itself). The class keeps
its dataclass fields, so ``dataclasses.fields``, ``replace`` and
``is_dataclass`` work on it as before, and assigning to an instance raises
``FrozenInstanceError``.

Only for classes whose fields are all plain (every annotation a field, each
one given to ``__init__``, compared, hashed and shown; a default or a
``field(default_factory=...)``): anything else fails at import.
"""
from __future__ import annotations

import dataclasses
from dataclasses import MISSING, Field, FrozenInstanceError
from operator import attrgetter
from reprlib import recursive_repr


def frozen_record(cls):
    """The class as ``@dataclass(frozen=True)`` makes it, with shared methods."""
    if cls.__mro__[1:] != (object,):
        raise TypeError(f"{cls.__qualname__}: frozen_record is for plain fields only (see game/records.py)")
    annotations = cls.__dict__.get("__annotations__", {})
    names = tuple(annotations)
    fields = {name: _field(cls, name, annotations[name]) for name in names}
    pairs = [(name, None if f.default is MISSING else f.default) for name, f in fields.items()]
    factories = [(i, name, f.default_factory) for i, (name, f) in enumerate(fields.items())
                 if f.default_factory is not MISSING]
    required = {name for name, f in fields.items() if f.default is MISSING and f.default_factory is MISSING}
    if any(name in required for name in names[len(required):]):
        raise TypeError(f"non-default argument {names[len(required)]!r} follows default argument")
    if len(names) > 1:
        values = attrgetter(*names)
    else:
        one = attrgetter(*names) if names else None

        def values(record):
            return (one(record),) if names else ()

    def arguments(args, kw):
        """The values of every field, in order, from a call's arguments (as a dataclass's __init__ takes them)."""
        if len(args) > len(names):
            raise TypeError(f"{cls.__qualname__}.__init__() takes {len(names) + 1} positional arguments "
                            f"but {len(args) + 1} were given")
        given = kw
        if args:
            given = dict(zip(names, args))
            twice = given.keys() & kw.keys()
            if twice:
                raise TypeError(f"{cls.__qualname__}.__init__() got multiple values for argument {min(twice)!r}")
            given.update(kw)
        if not given.keys() <= fields.keys():
            raise TypeError(f"{cls.__qualname__}.__init__() got an unexpected keyword argument "
                            f"{min(given.keys() - fields.keys())!r}")
        if not required <= given.keys():
            missing = [name for name in names if name in required and name not in given]
            raise TypeError(f"{cls.__qualname__}.__init__() missing {len(missing)} required argument(s): "
                            + ", ".join(repr(name) for name in missing))
        row = [given.get(name, default) for name, default in pairs]
        for i, name, factory in factories:
            if name not in given:
                row[i] = factory()
        return row

    def __init__(self, *args, **kw):
        if kw or len(args) != len(names):
            args = arguments(args, kw)
        self.__dict__.update(zip(names, args))

    def __setattr__(self, name, value):
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    def __hash__(self):
        return hash(values(self))

    @recursive_repr()
    def __repr__(self):
        return self.__class__.__qualname__ + "(" + ", ".join(
            [f"{name}={value!r}" for name, value in zip(names, values(self))]) + ")"

    for method in (__init__, __setattr__, __delattr__, __eq__, __hash__, __repr__):
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        setattr(cls, method.__name__, method)
    cls.__dataclass_fields__ = fields
    cls.__match_args__ = names
    return cls


def _field(cls, name, annotation):
    """The dataclass Field of ``name`` (as dataclasses makes it), its default left on the class."""
    value = cls.__dict__.get(name, MISSING)
    f = value if isinstance(value, Field) else dataclasses.field(default=value)
    if not (f.init and f.repr and f.compare and f.hash is None) or f.kw_only is True:
        raise TypeError(f"{cls.__qualname__}: frozen_record is for plain fields only (see game/records.py)")
    if isinstance(value, Field):
        if f.default is MISSING:
            delattr(cls, name)
        else:
            setattr(cls, name, f.default)
    elif isinstance(value, (list, dict, set)):
        raise ValueError(f"mutable default {type(value)} for field {name} is not allowed: use default_factory")
    f.name, f.type = name, annotation
    f._field_type = dataclasses._FIELD      # (what dataclasses.fields and replace look for)
    return f
