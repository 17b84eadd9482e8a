"""Certificates made for a test (the ``cryptography`` package, in requirements-dev.txt):
self-signed, or signed by a certificate authority made here too."""
from __future__ import annotations

import datetime
import ipaddress

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from wire.tls import fingerprint


class Made:
    """A certificate and its key written to files: ``cert``, ``key`` (paths), ``fingerprint``."""

    def __init__(self, folder, name, certificate, key):
        self.certificate, self.private_key = certificate, key
        self.cert = folder / f"{name}.crt"
        self.key = folder / f"{name}.key"
        self.cert.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
        self.key.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                               serialization.NoEncryption()))
        self.fingerprint = fingerprint(certificate.public_bytes(serialization.Encoding.DER))


def make_certificate(folder, name="server", dns=("localhost",), ips=("127.0.0.1",), days=30, signer=None,
                     authority=False, start=None):
    """A certificate for ``dns`` and ``ips``, valid ``days`` from ``start`` (default: an hour
    ago), self-signed or signed by ``signer`` (a Made authority)."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"Wrath test {name}")])
    start = start or datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(hours=1)
    builder = (x509.CertificateBuilder().subject_name(subject)
               .issuer_name(signer.certificate.subject if signer else subject)
               .public_key(key.public_key()).serial_number(x509.random_serial_number())
               .not_valid_before(start).not_valid_after(start + datetime.timedelta(days=days)))
    if authority:
        builder = (builder.add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
                   .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                                content_commitment=False, key_encipherment=False,
                                                data_encipherment=False, key_agreement=False, encipher_only=False,
                                                decipher_only=False), critical=True)
                   .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False))
    else:
        names = [x509.DNSName(n) for n in dns] + [x509.IPAddress(ipaddress.ip_address(i)) for i in ips]
        builder = (builder.add_extension(x509.SubjectAlternativeName(names), critical=False)
                   .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                   .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False))
        if signer is not None:
            builder = builder.add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(
                signer.private_key.public_key()), critical=False)
    certificate = builder.sign(signer.private_key if signer else key, hashes.SHA256())
    return Made(folder, name, certificate, key)
