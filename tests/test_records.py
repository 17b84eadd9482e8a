"""game.records.frozen_record (issue 39): the classes it makes behave as
``@dataclass(frozen=True)`` would make them - made from the same arguments,
the same repr, equality and hash, frozen, still dataclasses - compared, for
every class that uses it, on instances the game really makes and with a twin
made by dataclasses itself."""
import dataclasses
import pickle

import pytest

import app.tutorial_script as tutorial_script
import game.data as data_module
import game.variants as variants
import sprites.scenes.title_buttons as title_buttons
import sprites.settings as settings
from game.data import default_data
from game.records import frozen_record

RECORDS = [data_module.Icon, data_module.Region, data_module.Effect, data_module.Card, data_module.Ability,
           data_module.LairAction, data_module.Dragon, data_module.GameData, variants.Option, variants.Variant,
           tutorial_script.Step, tutorial_script.Script, settings.Setting, title_buttons.Entry]


def twin_of(cls):
    """The same class made by dataclasses alone (same name, fields and defaults)."""
    specs = [(f.name, f.type, dataclasses.field(default=f.default, default_factory=f.default_factory))
             for f in dataclasses.fields(cls)]
    twin = dataclasses.make_dataclass(cls.__name__, specs, frozen=True)
    twin.__qualname__ = cls.__qualname__
    return twin


def samples():
    """Instances of every record class, as the game makes them."""
    data = default_data()
    found = {cls: [] for cls in RECORDS}

    def walk(value, depth=0):
        if depth > 8:
            return
        if type(value) in found and len(found[type(value)]) < 40:
            found[type(value)].append(value)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name), depth + 1)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v, depth + 1)
        elif isinstance(value, (tuple, list)):
            for v in value:
                walk(v, depth + 1)
    walk(data)
    walk(data_module.ICON_TABLE)
    walk(variants.OPTIONS)
    walk([variants.Variant.parse(name) for name in variants.VARIANTS])
    walk(tutorial_script.load_script())
    walk(settings.SETTINGS if hasattr(settings, "SETTINGS") else [])
    walk([v for v in vars(settings).values() if isinstance(v, (tuple, list, dict))])
    walk([v for v in vars(title_buttons).values() if isinstance(v, (tuple, list, dict))])
    return found


FOUND = samples()


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__qualname__)
def test_a_record_is_what_dataclass_frozen_makes(cls):
    made = FOUND[cls]
    assert made, f"no {cls.__qualname__} found to compare"
    twin = twin_of(cls)
    twins = [twin(**{f.name: getattr(r, f.name) for f in dataclasses.fields(cls)}) for r in made]
    for r, t in zip(made, twins):
        assert repr(r) == repr(t)
        assert r == r and not (r != r)
        assert r.__eq__(t) is NotImplemented and r != t          # another class: never equal, as dataclasses'
        try:
            assert hash(r) == hash(t)
        except TypeError as exc:                                  # unhashable fields: both refuse
            with pytest.raises(TypeError):
                hash(t)
            assert "unhashable" in str(exc)
        copy = dataclasses.replace(r)
        assert copy == r and copy is not r and repr(copy) == repr(r)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(r, dataclasses.fields(cls)[0].name, None)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(r, dataclasses.fields(cls)[0].name)
    for (a, ta) in zip(made, twins):                              # equal exactly when the twins are
        for (b, tb) in zip(made, twins):
            assert (a == b) == (ta == tb) and (a != b) == (ta != tb)
    assert dataclasses.is_dataclass(cls) and not dataclasses.is_dataclass(made[0].__class__.__mro__[1])
    names = [f.name for f in dataclasses.fields(cls)]
    assert names == [f.name for f in dataclasses.fields(twin)] and cls.__match_args__ == tuple(names)
    r = made[0]
    given = [getattr(r, name) for name in names]
    assert cls(*given) == r and cls(**dict(zip(names, given))) == r          # positionally, by keyword
    assert cls(*given[:1], **dict(zip(names[1:], given[1:]))) == r
    assert vars(cls(*given)) == vars(twin(*given))                           # the same attributes, in order


def calls(cls):
    """What becomes of calls a dataclass's __init__ refuses or completes with defaults."""
    f = dataclasses.fields(cls)
    required = [x.name for x in f if x.default is dataclasses.MISSING and x.default_factory is dataclasses.MISSING]
    out = []
    for args, kw in (((), {}), ((0,) * (len(f) + 1), {}), ((0,) * len(required), {"no_such_field": 1}),
                     ((0,), {f[0].name: 1}), ((0,) * len(required), {})):
        try:
            made = cls(*args, **kw)
        except TypeError:
            out.append("TypeError")
        else:
            out.append(repr(made))
    return out


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__qualname__)
def test_a_record_takes_and_refuses_the_arguments_dataclass_frozen_does(cls):
    assert calls(cls) == calls(twin_of(cls))


def test_the_shared_methods_match_dataclasses_on_edge_cases():
    @frozen_record
    class One:
        x: object

    @frozen_record
    class Pair:
        a: int
        b: list = dataclasses.field(default_factory=list)

    class Other:
        pass

    def twin(cls):
        made = twin_of(cls)
        made.__qualname__ = cls.__qualname__
        return made
    assert repr(One(1)) == repr(twin(One)(1)) and hash(One(1)) == hash(twin(One)(1)) and One(1) != One(2)
    loop = Pair(1, [])
    loop.b.append(loop)                                            # a repr that reaches itself: "..."
    twin_loop = twin(Pair)(1, [])
    twin_loop.b.append(twin_loop)
    assert repr(loop) == repr(twin_loop) and "..." in repr(loop)
    assert Pair(1) == Pair(1, []) and Pair(1) != Pair(2) and Pair(1).__eq__(Other()) is NotImplemented
    with pytest.raises(TypeError):
        hash(Pair(1))
    assert Pair(1).b is not Pair(1).b                              # a default factory: a new list each time
    assert pickle.loads(pickle.dumps(data_module.Dragon("Red", "R", "#ff0000"))) == data_module.Dragon("Red", "R",
                                                                                                     "#ff0000")


def test_only_plain_fields():
    with pytest.raises(TypeError):
        @frozen_record
        class Hidden:
            a: int
            b: int = dataclasses.field(default=0, repr=False)
    with pytest.raises(TypeError):
        @frozen_record
        class Uncompared:
            a: int = dataclasses.field(default=0, compare=False)

    @dataclasses.dataclass(frozen=True)
    class Base:
        a: int
    with pytest.raises(TypeError):
        @frozen_record
        class Derived(Base):
            b: int
    with pytest.raises(TypeError):                                 # as dataclasses says
        @frozen_record
        class Disordered:
            a: int = 0
            b: int
    with pytest.raises(ValueError):
        @frozen_record
        class Shared:
            a: list = []
