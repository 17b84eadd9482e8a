"""``frozen_record``: ``dataclass(frozen=True)`` made cheaper to create.

dataclasses writes each class's methods as source text and compiles it: six
functions for a frozen class, about 1 ms of the start per class, and the
start makes about fifteen of them before the title's first frame (issue 39).
Here ``__eq__``, ``__hash__`` and ``__repr__`` are shared functions that
give what dataclasses' would (tests/test_records.py compares them on the
classes that use them); dataclasses still writes ``__init__`` and the frozen
``__setattr__`` and ``__delattr__``, and the class is a dataclass as before
(``fields``, ``replace``, ``FrozenInstanceError``), save that its
``__dataclass_params__`` say ``eq=False, repr=False`` (dataclasses is told
so, or it would compile its own methods, only to keep ours).

Only for classes whose fields are all plain (every annotation a field, each
one compared, hashed and shown): anything else fails at import.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from operator import attrgetter
from reprlib import recursive_repr


def frozen_record(cls):
    """The class as ``@dataclass(frozen=True)`` makes it, with shared __eq__, __hash__, __repr__."""
    names = tuple(cls.__dict__.get("__annotations__", {}))
    if len(names) > 1:
        values = attrgetter(*names)
    else:
        one = attrgetter(*names) if names else None

        def values(record):
            return (one(record),) if names else ()

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

    for method in (__eq__, __hash__, __repr__):
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        setattr(cls, method.__name__, method)
    cls = dataclass(frozen=True, eq=False, repr=False)(cls)   # (with eq or repr, it would compile its own anyway)
    plain = all(f.repr and f.compare and f.hash is None for f in fields(cls))
    if tuple(f.name for f in fields(cls)) != names or not plain or cls.__mro__[1:] != (object,):
        raise TypeError(f"{cls.__qualname__}: frozen_record is for plain fields only (see game/records.py)")
    return cls
