"""Fixtures shared by several test files."""
import pytest

from game import safe_yaml


@pytest.fixture(params=sorted(safe_yaml.LOADERS))
def each_loader(request, monkeypatch):
    """Runs a test once with the C loader (when PyYAML has libyaml) and once
    with the pure-Python one: every refusal must hold with both."""
    monkeypatch.setattr(safe_yaml, "Loader", safe_yaml.LOADERS[request.param])
    return request.param
