"""Issue 40: the ports are typed, and mypy checks them in CI.

mypy (its settings: pyproject.toml, [tool.mypy]) checks the host port
(app/ports.py), the three hosts, the store port (server/store.py: Store, and
the two stores) and this file, whose typed functions below hand each host
class where its port is expected: a host that lacks a member of its port, or
answers one with another shape, fails here. The second test shows that such
a host is refused.
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from app.host import LocalHost
from app.ports import Host, OnlineHost, PlayedHost, ReplayControls
from app.replay_host import ReplayHost
from app.session import Session
from client.remote import RemoteHost

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHECKED = ["app/ports.py", "app/host.py", "app/replay_host.py", "client/remote.py", "client/mirror.py",
           "server/store.py", "server/pgstore.py", "tests/test_ports_typed.py"]


# ----- checked by mypy, never called: each host where its port is expected ------------------------

def local_host(session: Session) -> PlayedHost:
    return LocalHost(session)


def replay_host(session: Session) -> ReplayControls:
    return ReplayHost(session)


def remote_host(uri: str) -> OnlineHost:
    return RemoteHost(uri, [])


def hosts(session: Session, uri: str) -> list[Host]:
    return [local_host(session), replay_host(session), remote_host(uri)]


# ----- the tests ----------------------------------------------------------------------------------

def mypy(cache, *files):
    """mypy's exit code and words on ``files`` (the project's settings, a cache kept for this run)."""
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache), "--no-error-summary", *files],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    return done.returncode, done.stdout + done.stderr


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    pytest.importorskip("mypy", reason="mypy is in requirements-dev.txt")
    return tmp_path_factory.mktemp("mypy-cache")


def test_the_ports_and_the_hosts_type_check(cache):
    code, said = mypy(cache, *CHECKED)
    assert code == 0, said


def test_a_host_without_a_member_of_its_port_is_refused(cache, tmp_path):
    half = tmp_path / "half_host.py"
    half.write_text(
        "from app.ports import Host, HostDefaults\n"
        "from app.replay_host import ReplayHost\n\n\n"
        "class Half(HostDefaults):\n"
        "    read_only = True\n"
        "    here = None\n\n"
        "    def replay(self) -> None:\n"
        "        return None\n\n\n"
        "class Late(ReplayHost):\n"
        "    def poll(self) -> int:          # news are a list\n"
        "        return 0\n\n\n"
        "def half() -> Host:\n"
        "    return Half()\n\n\n"
        "def late(session: object) -> Host:\n"
        "    return Late(session)\n")
    code, said = mypy(cache, str(half))
    assert code == 1, said
    assert 'got "Half", expected "Host"' in said, said                   # no send, snapshot, seats, ...
    assert 'got "Late", expected "Host"' in said and "def poll(self) -> int" in said, said
