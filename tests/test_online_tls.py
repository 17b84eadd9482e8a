"""Built-in TLS: ``serve --tls-cert FILE --tls-key FILE``, and clients that trust a wss://
server by the usual authorities, by its certificate's fingerprint or by a CA file.

Issue "Host it yourself in five minutes", 1: "Built-in TLS: serve --tls-cert FILE
--tls-key FILE (the standard library's ssl, passed to websockets); the window and join
accept wss:// addresses, and a self-signed certificate can be trusted by fingerprint or a
--ca FILE on the client side, with a plain message when the certificate does not match
('the server's certificate is not the one you trusted'). A missing or unreadable
cert/key: one line, rc 2. Test: a server with a certificate made in the test ... and a
client playing a game over wss://."

Every server here is the real process (``python main.py serve``) on 127.0.0.1, port 0,
with certificates made by the test (tests/tls_helpers.py).
"""
from __future__ import annotations

import json
import random
import ssl
import subprocess
import sys
import time
import urllib.request

import pytest

from client import lobby
from client.remote import RemoteHost
from wire.tls import NOT_YOURS
from online_helpers import ROOT, ServerProcess
from test_online_remote import table_step, wait_until
from tls_helpers import make_certificate

PLAN = [{"kind": "here", "name": "Ann"}, {"kind": "invite"}, {"kind": "easy"}]


def health(uri, cafile):
    """GET /health over https, trusting ``cafile``: (status, document)."""
    context = ssl.create_default_context(cafile=str(cafile))
    url = uri.replace("wss://", "https://") + "/health"
    with urllib.request.urlopen(url, context=context, timeout=10) as r:
        return r.status, json.loads(r.read())


@pytest.mark.slow
def test_two_windows_play_a_whole_game_over_wss_trusting_a_self_signed_certificate_by_its_fingerprint(tmp_path):
    made = make_certificate(tmp_path)
    server = ServerProcess(tmp_path / "data", "--tls-cert", str(made.cert), "--tls-key", str(made.key))
    try:
        assert server.uri.startswith("wss://127.0.0.1:")
        banner = "".join(server.banner)
        assert made.fingerprint in banner and "self-signed" in banner, banner        # what the host gives friends
        trust = made.fingerprint
        created = lobby.create(server.uri, PLAN, trust=trust)                # the Play online screen's calls
        joined = lobby.join(server.uri, created["invites"]["1"], "Bo", trust=trust)
        assert lobby.look(server.uri, [joined["token"]], trust=trust)["here"] == [1]
        ann = RemoteHost(server.uri, [created["tokens"]["0"]], trust=trust)  # the table's host
        bo = RemoteHost(server.uri, [joined["token"]], trust=trust)
        try:
            assert wait_until(lambda: ann.connected and bo.connected, 30), (ann.fatal, bo.fatal)
            rng = random.Random(3)
            end = time.monotonic() + 200
            while not (ann.over and bo.over) and time.monotonic() < end:
                table_step(ann, 0, rng)
                table_step(bo, 1, rng)
            assert ann.over and bo.over
            assert ann.snapshot(0)["final_scores"] == bo.snapshot(1)["final_scores"] is not None
            assert wait_until(lambda: ann.record() is not None, 20)          # the whole game, kept here
        finally:
            ann.close()
            bo.close()
        status, report = health(server.uri, made.cert)                       # the health check, over https
        assert status == 200 and report["commits"] > 0
    finally:
        server.stop()


def test_a_certificate_other_than_the_one_trusted_is_refused_in_plain_words_before_anything_is_sent(tmp_path):
    served, other = make_certificate(tmp_path, "served"), make_certificate(tmp_path, "other")
    server = ServerProcess(tmp_path / "data", "--tls-cert", str(served.cert), "--tls-key", str(served.key))
    try:
        created = lobby.create(server.uri, PLAN, trust=served.fingerprint)
        code = created["invites"]["1"]
        # A friend who trusts another certificate (a server in the middle, say) sends nothing:
        with pytest.raises(lobby.LobbyError) as refused:
            lobby.join(server.uri, code, "Bo", trust=other.fingerprint)
        assert str(refused.value).startswith(NOT_YOURS) and refused.value.offer is None
        assert "Traceback" not in str(refused.value) and len(str(refused.value)) < 200
        host = RemoteHost(server.uri, [created["tokens"]["0"]], trust=other.fingerprint)
        try:
            assert wait_until(lambda: host.unsaved() is not None and host.fatal, 20)
            assert host.fatal.startswith(NOT_YOURS) and host.offer is None
            assert host.unsaved()["line"].startswith(f"Online: {NOT_YOURS}")
            host.link.thread.join(10)
            assert not host.link.thread.is_alive()                           # never tried again
        finally:
            host.close()
        # ... so the invite code was never sent: it still seats the friend who trusts the right one.
        assert lobby.join(server.uri, code, "Bo", trust=served.fingerprint)["seat"] == 1
        # Trusting nothing, the window is told the fingerprint to compare and may choose to trust it.
        with pytest.raises(lobby.LobbyError) as unknown:
            lobby.create(server.uri, PLAN)
        assert unknown.value.offer == served.fingerprint and served.fingerprint in str(unknown.value)
        assert "not signed by an authority this computer knows" in str(unknown.value)
        # A plain ws:// client cannot talk to it (and the server goes on).
        with pytest.raises(lobby.LobbyError):
            lobby.create(server.uri.replace("wss://", "ws://"), PLAN)
        assert lobby.create(server.uri, PLAN, trust=served.fingerprint)["game"]
    finally:
        server.stop()


def test_a_certificate_signed_by_a_ca_file_is_trusted_through_that_file_for_its_name_only(tmp_path):
    authority = make_certificate(tmp_path, "authority", authority=True)
    stranger = make_certificate(tmp_path, "stranger", authority=True)
    leaf = make_certificate(tmp_path, "leaf", dns=("localhost",), ips=(), signer=authority)
    server = ServerProcess(tmp_path / "data", "--tls-cert", str(leaf.cert), "--tls-key", str(leaf.key))
    try:
        assert "signed by an authority" in "".join(server.banner)
        uri = server.uri.replace("127.0.0.1", "localhost")              # the name the certificate is for
        created = lobby.create(uri, PLAN, trust=str(authority.cert))
        host = RemoteHost(uri, [created["tokens"]["0"]], trust=str(authority.cert))
        try:
            assert wait_until(lambda: host.connected, 30), host.fatal
        finally:
            host.close()
        with pytest.raises(lobby.LobbyError) as refused:
            lobby.create(uri, PLAN, trust=str(stranger.cert))
        assert str(refused.value).startswith(NOT_YOURS) and refused.value.offer is None
        with pytest.raises(lobby.LobbyError) as other_name:                 # the same server, another name
            lobby.create(server.uri, PLAN, trust=str(authority.cert))
        assert str(other_name.value).startswith(NOT_YOURS) and "127.0.0.1" in str(other_name.value)
    finally:
        server.stop()


def serve(*args):
    return subprocess.run([sys.executable, "main.py", "serve", "--port", "0", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL)


def test_a_certificate_or_key_that_cannot_be_used_is_one_line_and_exit_2(tmp_path):
    from cryptography.hazmat.primitives import serialization
    made, other = make_certificate(tmp_path, "made"), make_certificate(tmp_path, "other")
    locked = tmp_path / "locked.key"
    locked.write_bytes(made.private_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                      serialization.BestAvailableEncryption(b"secret")))
    (tmp_path / "text.pem").write_text("not a certificate\n")
    data = str(tmp_path / "data")
    cases = [
        (("--tls-cert", str(tmp_path / "missing.crt"), "--tls-key", str(made.key)), ["missing.crt", "cannot read"]),
        (("--tls-cert", str(made.cert), "--tls-key", str(tmp_path)), ["--tls-key", "cannot read"]),     # a folder
        (("--tls-cert", str(tmp_path / "text.pem"), "--tls-key", str(made.key)), ["text.pem", "PEM"]),
        (("--tls-cert", str(made.cert), "--tls-key", str(made.cert)), ["--tls-key", "private key"]),
        (("--tls-cert", str(made.cert), "--tls-key", str(other.key)), ["other.key", "not the key of"]),
        (("--tls-cert", str(made.cert), "--tls-key", str(locked)), ["locked.key", "passphrase"]),   # never a prompt
        (("--tls-cert", str(made.cert)), ["--tls-key"]),
    ]
    for args, words in cases:
        out = serve("--data", data, *args)
        assert out.returncode == 2, (args, out.returncode, out.stdout, out.stderr)
        assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: ") and "Traceback" not in out.stderr, \
            (args, out.stderr)
        for word in words:
            assert word in out.stderr, (args, word, out.stderr)
        assert not out.stdout, out.stdout                          # it never started


def test_an_expired_certificate_is_said_when_serve_starts(tmp_path):
    import datetime
    old = make_certificate(tmp_path, "old", days=10,
                           start=datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=40))
    server = ServerProcess(tmp_path / "data", "--tls-cert", str(old.cert), "--tls-key", str(old.key))
    try:
        assert any(line.startswith("Warning: the certificate expired on") for line in server.banner), server.banner
        with pytest.raises(lobby.LobbyError):                           # (a window refuses it, even trusted)
            lobby.create(server.uri, PLAN, trust=str(old.cert))
    finally:
        server.stop()
