"""Who a connection comes from: its own address, or, from a trusted reverse proxy only,
the address the proxy says (``X-Forwarded-For``, else ``Forwarded``).

Behind a proxy every player arrives from the proxy's address, so the cap on
connections per address would count the whole server as one player. A header
is believed only from the addresses given with ``serve --trusted-proxy``
(default: none, since anyone can send the header). Read from the right, the
first address that is not a trusted proxy is the client's: one a client put
in the header itself comes before the ones the proxies added.
"""
from __future__ import annotations

import ipaddress


def trusted_networks(values):
    """``--trusted-proxy`` values (an address, or a network such as 10.0.0.0/8) as networks;
    ValueError names the one that is neither."""
    out = []
    for v in values or ():
        try:
            out.append(ipaddress.ip_network(v.strip(), strict=False))
        except ValueError:
            raise ValueError(f"--trusted-proxy {v[:60]!r} is not an address or a network (e.g. 127.0.0.1 "
                             f"or 10.0.0.0/8)") from None
    return tuple(out)


def _ip(text):
    """An address in a header (``1.2.3.4``, ``1.2.3.4:567``, ``[::1]:80``, ``"[::1]"``) or None."""
    text = text.strip().strip('"')
    if text.startswith("["):
        text = text[1:text.find("]")] if "]" in text else ""
    elif text.count(":") == 1:
        text = text.split(":")[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _trusted(ip, networks):
    return ip is not None and any(ip.version == n.version and ip in n for n in networks)


def forwarded_for(headers):
    """The addresses a proxy chain says, oldest first (X-Forwarded-For, else Forwarded's for=)."""
    xff = headers.get_all("X-Forwarded-For") if headers is not None else []
    if xff:
        return [_ip(part) for value in xff for part in value.split(",")]
    out = []
    for value in headers.get_all("Forwarded") if headers is not None else []:
        for element in value.split(","):
            for pair in element.split(";"):
                key, _, v = pair.partition("=")
                if key.strip().lower() == "for":
                    out.append(_ip(v))
    return out


def client_address(peer, headers, networks):
    """The client's address as text: ``peer`` (the connection's own), or what trusted proxies say."""
    ip = _ip(peer) if isinstance(peer, str) else None
    if not _trusted(ip, networks):
        return peer
    for said in reversed(forwarded_for(headers)):
        if said is None:
            break                             # a value no proxy of ours wrote: stop believing there
        if not _trusted(said, networks):
            return str(said)
    return peer
