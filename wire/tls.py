"""TLS for the server and its clients (the standard library's ``ssl``).

The server: ``serve --tls-cert FILE --tls-key FILE`` (``server_context``; a
file that is missing, unreadable, not PEM, protected by a passphrase, or a
key of another certificate is one line naming it).

A client trusts a ``wss://`` server in one of three ways, the *trust* kept
per server on this computer (client.my_games) and typed in the Play
online screen's Certificate field:

- nothing (the default): the authorities this computer knows (Let's Encrypt
  and the like), and the certificate must name the server;
- a SHA-256 fingerprint (``serve`` prints its certificate's; a self-signed
  certificate is trusted that way): the certificate must be exactly that one,
  whatever it names. It is checked as soon as the connection is open, before
  anything but the WebSocket handshake is sent (no token, no code);
- the path of a CA file (PEM): certificates that authority signed, for the
  server's name.

Any other certificate is ``NotTrusted`` with one plain line.
"""
from __future__ import annotations

import datetime
import hashlib
import os
import re
import ssl
import urllib.parse

NOT_YOURS = "the server's certificate is not the one you trusted"
MAX_PEM = 1024 * 1024          # a certificate chain or key file bigger than this is not one


class TlsProblem(Exception):
    """A certificate or key the server cannot use: one line for the host."""


class NotTrusted(Exception):
    """A server whose certificate the client does not trust; ``seen``: its certificate's
    fingerprint, ``offer``: True when the player may choose to trust it (a certificate no
    known authority signed, and nothing trusted for this server yet)."""

    def __init__(self, text, seen=None, offer=False):
        super().__init__(text)
        self.seen = seen
        self.offer = offer


# ----- fingerprints ---------------------------------------------------------------------------
def fingerprint(der):
    """A certificate's SHA-256 fingerprint as ``openssl x509 -fingerprint -sha256`` writes it."""
    digest = hashlib.sha256(der).hexdigest().upper()
    return ":".join(digest[i:i + 2] for i in range(0, 64, 2))


def as_fingerprint(text):
    """``text`` as a fingerprint (colons, spaces, a "sha256 Fingerprint=" or "SHA256:" in front
    and the case do not count), or None if it is not one."""
    text = re.sub(r"^\s*(sha-?256)?\s*(fingerprint)?\s*[=:]?\s*", "", text, flags=re.I)
    digits = re.sub(r"[\s:]", "", text)
    if not re.fullmatch(r"[0-9A-Fa-f]{64}", digits):
        return None
    digits = digits.upper()
    return ":".join(digits[i:i + 2] for i in range(0, 64, 2))


def short(fp):
    """A fingerprint shortened for a narrow field: its first and last four bytes."""
    return f"{fp[:11]}...{fp[-11:]}" if fp and len(fp) == 95 else fp


# ----- the server ------------------------------------------------------------------------------
def _read(flag, path):
    try:
        if os.path.getsize(path) > MAX_PEM:
            raise TlsProblem(f"{flag} {path}: too big to be a PEM file")
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as exc:
        raise TlsProblem(f"{flag} {path}: cannot read it ({exc.strerror or exc})") from None


def server_context(cert, key):
    """The server's TLS context from a certificate chain and its key (PEM files); TlsProblem
    names the file and what is wrong with it."""
    if not cert or not key:
        raise TlsProblem("TLS needs both --tls-cert FILE and --tls-key FILE")
    if b"-----BEGIN CERTIFICATE-----" not in _read("--tls-cert", cert):
        raise TlsProblem(f"--tls-cert {cert}: not a certificate in PEM form (-----BEGIN CERTIFICATE-----)")
    key_text = _read("--tls-key", key)
    if not re.search(rb"-----BEGIN [A-Z ]*PRIVATE KEY-----", key_text):
        raise TlsProblem(f"--tls-key {key}: not a private key in PEM form (-----BEGIN PRIVATE KEY-----)")

    def no_passphrase():
        raise TlsProblem(f"--tls-key {key}: the key is protected by a passphrase; give serve one without")
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        ctx.load_cert_chain(cert, key, password=no_passphrase)
    except TlsProblem:
        raise
    except ssl.SSLError as exc:
        mismatch = "KEY_VALUES_MISMATCH" in str(exc) or "key values mismatch" in str(exc)
        raise TlsProblem(f"--tls-key {key}: not the key of the certificate in {cert}" if mismatch else
                         f"--tls-cert {cert} / --tls-key {key}: cannot be used ({exc.reason or exc})") from None
    except OSError as exc:
        raise TlsProblem(f"--tls-cert {cert} / --tls-key {key}: cannot read them ({exc.strerror or exc})") from None
    return ctx


def certificate_facts(cert):
    """What the host is told of the server's certificate (the first of the chain):
    {"fingerprint", "names" (the DNS names it is for), "self_signed", "expires" (a UTC
    datetime)}; the last three None when the standard library cannot decode it."""
    pem = _read("--tls-cert", cert).decode("ascii", "replace")
    first = re.search(r"-----BEGIN CERTIFICATE-----.*?-----END CERTIFICATE-----", pem, re.S)
    facts = {"fingerprint": fingerprint(ssl.PEM_cert_to_DER_cert(first.group(0))), "names": None,
             "self_signed": None, "expires": None}
    decode = getattr(getattr(ssl, "_ssl", None), "_test_decode_cert", None)   # the stdlib's reader (the first one)
    try:
        info = decode(cert) if decode is not None else None
    except Exception:
        info = None
    if info:
        facts["names"] = [v for k, v in info.get("subjectAltName", ()) if k == "DNS"]
        facts["self_signed"] = info.get("issuer") == info.get("subject")
        try:
            facts["expires"] = datetime.datetime.fromtimestamp(ssl.cert_time_to_seconds(info["notAfter"]),
                                                               datetime.timezone.utc)
        except (KeyError, ValueError):
            pass
    return facts


# ----- the clients -----------------------------------------------------------------------------
def trust_problem(trust):
    """Why ``trust`` (what the Certificate field holds) cannot be used, or None."""
    if not trust:
        return None
    if not isinstance(trust, str) or len(trust) > 400 or not trust.isprintable():
        return "a certificate's fingerprint or the path of a CA file, at most 400 characters"
    if as_fingerprint(trust):
        return None
    if re.fullmatch(r"[0-9A-Fa-f:\s]+", trust):
        return "a SHA-256 fingerprint has 64 hexadecimal digits (32 pairs like 3F:9A:...)"
    if not os.path.isfile(os.path.expanduser(trust)):
        return f"neither a SHA-256 fingerprint nor a file: {trust[:80]}"
    return None


def client_context(uri, trust=""):
    """The TLS context for ``uri`` (None for ws://, no TLS); NotTrusted if ``trust`` is a CA
    file that cannot be read as one."""
    if not uri.startswith("wss://"):
        return None
    if not trust:
        return ssl.create_default_context()
    if as_fingerprint(trust):
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)      # checked by its fingerprint (check_peer), not a name
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        return ctx
    path = os.path.expanduser(trust)
    try:
        return ssl.create_default_context(cafile=path)
    except (OSError, ssl.SSLError) as exc:
        raise NotTrusted(f"the CA file {trust[:80]} cannot be read ({getattr(exc, 'strerror', None) or exc})") from None


def check_peer(ssl_object, trust):
    """After the TLS handshake, before anything is sent: the certificate must be the one whose
    fingerprint the player trusts (other trusts were checked by the handshake itself)."""
    wanted = as_fingerprint(trust or "")
    if ssl_object is None or wanted is None:
        return
    der = ssl_object.getpeercert(binary_form=True)
    seen = fingerprint(der) if der else None
    if seen != wanted:
        raise NotTrusted(f"{NOT_YOURS} (it has the fingerprint {short(seen)}, you trusted {short(wanted)})", seen)


def not_trusted(exc, uri, trust, seen=None):
    """A failed TLS handshake said plainly (NotTrusted), or None if ``exc`` is not one.
    ``seen``: the fingerprint of the certificate the server shows (fetched by the caller)."""
    if not isinstance(exc, ssl.SSLCertVerificationError):
        return None
    host = urllib.parse.urlsplit(uri).hostname
    code = getattr(exc, "verify_code", None)
    if trust:                                           # a CA file that does not vouch for it
        return NotTrusted(f"{NOT_YOURS} ({trust[:60]} does not vouch for it: {exc.verify_message})", seen)
    if code == 10:
        return NotTrusted("the server's certificate has expired (its host must renew it)", seen)
    if code == 62:
        return NotTrusted(f"the server's certificate is not for the name {host} (type the address its host gave)",
                          seen)
    if seen is None:
        return NotTrusted(f"the server's certificate is not signed by an authority this computer knows "
                          f"({exc.verify_message})")
    return NotTrusted(f"the server's certificate is not signed by an authority this computer knows (a "
                      f"self-signed one?). Its fingerprint is {seen}: if the host's serve printed the same, "
                      f"choose Trust it", seen, offer=True)


def presented(uri, seconds=5):
    """The fingerprint of the certificate the server at ``uri`` shows (no check made), or None."""
    parts = urllib.parse.urlsplit(uri)
    try:
        pem = ssl.get_server_certificate((parts.hostname, parts.port or 443), timeout=seconds)
        return fingerprint(ssl.PEM_cert_to_DER_cert(pem))
    except (OSError, ValueError):
        return None
