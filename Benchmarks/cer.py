"""Character error rate as every benchmark here scores it.

CER: edit distance over NFC-normalised text with all whitespace removed, divided by the
expected length. Imported by evaluate-accuracy.py and evaluate-real.py.
"""
import unicodedata


def strip(text):
    """NFC text without whitespace."""
    return "".join(ch for ch in unicodedata.normalize("NFC", text) if not ch.isspace())


def distance(a, b):
    """Levenshtein distance between two strings."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a):
        current = [i + 1] + [0] * len(b)
        for j, y in enumerate(b):
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x != y))
        previous = current
    return previous[-1]


def line_recall(expected_lines, recognized_lines):
    """The share of expected lines found with CER <= 0.1 in some recognised line."""
    found = 0
    candidates = [strip(line) for line in recognized_lines if strip(line)]
    for line in expected_lines:
        want = strip(line)
        if want and any(distance(got, want) <= 0.1 * len(want) for got in candidates):
            found += 1
    return found / max(1, len(expected_lines))


def score(recognized, expected):
    """Edits, expected characters, CER capped at 1, uncapped CER, output length and line recall."""
    got, want = strip(recognized), strip(expected)
    edits = distance(got, want)
    return {"edits": edits, "chars": len(want), "cer": min(1.0, edits / max(1, len(want))),
            "raw_cer": edits / max(1, len(want)), "got_chars": len(got),
            "recall": line_recall(expected.splitlines(), recognized.splitlines())}
