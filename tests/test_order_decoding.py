"""Decoding an order file (`pbem.orders.decoding`): byte-order marks, line ends, the
encodings of mail clients."""

from __future__ import annotations

from pbem.orders.decoding import decode


def test_decode_bom_crlf_cr_and_fallbacks():
    assert decode(b"\xef\xbb\xbfGAME x\r\nEND\rx") == "GAME x\nEND\nx"
    assert decode("Niccolò".encode("utf-8")) == "Niccolò"
    assert decode("Cæcilia".encode("latin-1")) == "Cæcilia"
    assert decode(b"\x93quoted\x94") == "\u201cquoted\u201d"  # cp1252 from Outlook
    assert decode("o\u0300".encode()) == "ò"  # NFC: matches the enlisted name
