"""Fixtures shared by several test files."""
import pytest

from game import safe_yaml


@pytest.fixture(params=sorted(safe_yaml.LOADERS))
def each_loader(request, monkeypatch):
    """Runs a test once with the C loader (when PyYAML has libyaml) and once
    with the pure-Python one: every refusal must hold with both."""
    monkeypatch.setattr(safe_yaml, "Loader", safe_yaml.LOADERS[request.param])
    return request.param


@pytest.fixture(autouse=True, scope="session")
def own_cache_folder(tmp_path_factory):
    """The tests' cache folder (game.start_cache), for them and the games they start:
    never the user's (Linux: XDG_CACHE_HOME)."""
    import os
    folder = str(tmp_path_factory.mktemp("cache"))
    old = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = folder
    yield folder
    if old is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = old
