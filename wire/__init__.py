"""The online game's words on the wire, which both sides speak: the messages and the
patches of seat snapshots (protocol.py), and TLS trust on either side (tls.py)."""
