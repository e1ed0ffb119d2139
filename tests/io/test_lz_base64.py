"""satdoku's own lz-string base64 codec (f-puzzles links): the JavaScript library's output,
exactly, and every text back from it; damaged data refused, never a traceback."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.core._errors import InputError
from satdoku.io.fpuzzles._lz_base64 import ALPHABET, compress_to_base64, decompress_from_base64

# compressToBase64 of lz-string (JavaScript); the lzstring port below agrees on every text
KNOWN = [
    ("hello", "BYUwNmD2Q==="),
    ("", "Q==="),
    ("ae", "IYUyA==="),  # a last character of padding bits alone, as lz-string writes it
    ('{"size":9}', "N4IgzglgXgpiBcBOAvkA"),
]

TEXTS = st.text(
    alphabet=st.sampled_from('ab{}":,RC0123456789 é€\u00ff\u0100😀'), max_size=400
) | st.text(max_size=60)


@pytest.mark.parametrize(("text", "compressed"), KNOWN)
def test_known_texts_compress_as_lz_string_does(text: str, compressed: str) -> None:
    assert compress_to_base64(text) == compressed
    assert decompress_from_base64(compressed) == text


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_every_text_comes_back(text: str) -> None:
    compressed = compress_to_base64(text)
    assert set(compressed) <= set(ALPHABET)
    assert len(compressed) % 4 == 0
    assert decompress_from_base64(compressed) == text


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=0xFFFF, exclude_categories=["Cs"])))
def test_the_reference_library_agrees_both_ways(text: str) -> None:
    lzstring = pytest.importorskip("lzstring")  # the Python port, a test-only reference
    reference = lzstring.LZString()
    assert compress_to_base64(text) == reference.compressToBase64(text)
    assert reference.decompressFromBase64(compress_to_base64(text)) == text


def test_a_long_repetitive_text_grows_the_code_width_past_sixteen_bits() -> None:
    text = "".join(f"R{i % 97}C{i % 89}," for i in range(40000))
    assert decompress_from_base64(compress_to_base64(text)) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("BYU*", "column 4: expected a base64 character (A-Z a-z 0-9 + / =), got '*'"),
        ("BYUwNmD2", "the data ends before its end mark (cut short?)"),
        ("////", "not lz-string data (it starts with code 3)"),
        ("B//////", "damaged data (code"),
    ],
)
def test_damaged_data_is_refused_saying_what(text: str, message: str) -> None:
    with pytest.raises(InputError) as caught:
        decompress_from_base64(text)
    assert message in caught.value.message
