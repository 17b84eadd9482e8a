"""What ``serve`` tells the host when it starts: the address to give friends (never a
127.0.0.1 that only this computer can reach), the certificate's fingerprint when it
is self-signed, and where invite codes are made."""
from __future__ import annotations

import datetime
import ipaddress
import socket

from game.plaintext import escape

MAX_SHOWN = 3                      # addresses of this computer listed at most
EXPIRES_SOON = datetime.timedelta(days=14)


def _ip(text):
    try:
        return ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return None


def loopback(host):
    ip = _ip(host)
    return host.lower() in ("localhost", "localhost.") if ip is None else ip.is_loopback


def everywhere(host):
    ip = _ip(host)
    return ip is not None and ip.is_unspecified


def lan_addresses():
    """This computer's IPv4 addresses other friends may reach (the one of the default route
    first), found without sending anything: a UDP socket "connected" only picks a route."""
    found = []
    for probe in ("8.8.8.8", "192.168.254.254", "10.254.254.254", "172.31.254.254"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                found.append(s.getsockname()[0])
        except OSError:
            pass
    try:
        found += [ai[4][0] for ai in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    out = []
    for a in found:
        ip = _ip(a)
        if ip is not None and not (ip.is_loopback or ip.is_unspecified or ip.is_link_local) and a not in out:
            out.append(a)
    return out[:MAX_SHOWN]


def url(scheme, host, port):
    return f"{scheme}://[{host}]:{port}" if ":" in host else f"{scheme}://{host}:{port}"


def host_lines(host, port, facts=None, proxied=False, now=None):
    """The lines printed under "Serving ..." (``facts``: the certificate's, wire.tls; None: no TLS;
    ``proxied``: --trusted-proxy was given)."""
    scheme = "wss" if facts else "ws"
    names = [n for n in (facts or {}).get("names") or () if not n.startswith("*.")]
    if loopback(host):
        lines = [f"Friends connect through your reverse proxy (e.g. wss://your.host/); only this computer reaches "
                 f"port {port} itself." if proxied else
                 f"Only this computer can connect (--host {escape(host)}). For friends: --host 0.0.0.0 on your "
                 f"network, or a reverse proxy or --tls-cert over the internet (docs/hosting.md)."]
    elif facts and names and facts.get("self_signed") is False:      # its authority vouches for these names only
        lines = ["Give your friends: " + ", ".join(url(scheme, escape(n), port) for n in names[:MAX_SHOWN])]
    elif everywhere(host):
        mine = lan_addresses()
        lines = ["Give your friends: " + ", ".join(url(scheme, a, port) for a in mine)
                 + f" (this computer on your network; over the internet, your public address or name, with "
                   f"port {port} forwarded to this computer)" if mine else
                 "This computer has no network address now other than 127.0.0.1: friends cannot reach it "
                 "until it is on a network."]
    else:
        lines = [f"Give your friends: {url(scheme, escape(host), port)}"]
    if facts:
        lines += certificate_lines(facts, now)
    lines.append("Invite codes are made in the window: Play online, type this address, then Create the table.")
    return lines


def certificate_lines(facts, now=None):
    now = now or datetime.datetime.now(datetime.timezone.utc)
    fp = facts["fingerprint"]
    if facts.get("self_signed") is False:
        lines = [f"Its certificate is signed by an authority (SHA-256 fingerprint {fp})."]
    else:
        lines = [f"Its certificate's SHA-256 fingerprint: {fp}",
                 f"({'a' if facts.get('self_signed') else 'if it is a'} self-signed certificate: friends type this "
                 f"fingerprint in Certificate on Play online, or choose Trust it when the window shows the same)"]
    expires = facts.get("expires")
    if expires is not None and expires < now:
        lines.append(f"Warning: the certificate expired on {expires:%Y-%m-%d}: clients refuse it; renew it.")
    elif expires is not None and expires - now < EXPIRES_SOON:
        lines.append(f"Warning: the certificate expires on {expires:%Y-%m-%d}: renew it before then.")
    return lines
