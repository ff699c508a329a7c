"""The password policy for new passwords (sign-up, change): long enough, not guessable, no
composition rules (NIST SP 800-63B). Passwords already stored keep working; only new ones are checked.

A new password is refused when it is

* shorter than ``MIN_LENGTH`` (10) characters — a passphrase of a few words is the easy way there;
* the username (also with digits or signs around it), contains it (names of 4+ characters), or is
  it reversed;
* on the shipped list of common passwords (``data/common-passwords.txt.gz``, 19,313 entries), also
  after dropping spaces and separators, after undoing common letter swaps (``p@ssw0rd``), and after
  stripping digits and signs before and after it (``dragon2024!`` is ``dragon``);
* one character or a unit of up to 6 repeated (``aaaaaaaaaa``, ``abcabcabca``, ``monkeymonkey``), a run of consecutive
  characters (``1234567890``, ``zyxwvutsrq``), or a keyboard walk (``qwertyuiop``, ``1qaz2wsx3edc``).

``problem`` answers with a catalog key and its arguments (the browser words it in the page's
language), or ``None``.
"""

from __future__ import annotations

import gzip
import re
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

MIN_LENGTH = 10
MAX_LENGTH = 200
DATA = Path(__file__).with_name("data") / "common-passwords.txt.gz"
_LEET = str.maketrans({"@": "a", "4": "a", "0": "o", "1": "i", "!": "i", "3": "e", "$": "s", "5": "s", "7": "t"})
_SEPARATORS = re.compile(r"[\s_.\-]+")
_ENDS = re.compile(r"^[\W\d_]+|[\W\d_]+$")
# Keyboard rows and columns (US, German, French) a walk follows; checked forwards and backwards.
_WALKS = ("qwertyuiop", "asdfghjkl", "zxcvbnm", "qwertzuiop", "yxcvbnm", "azertyuiop", "wxcvbn",
          "1234567890", "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p", "zaq1xsw2cde3vfr4bgt5nhy6mju7", "qazwsxedcrfvtgbyhnujm",
          "!@#$%^&*()", "poiuytrewq")  # fmt: skip


@cache
def common() -> frozenset[str]:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return frozenset(line.strip() for line in f if line.strip())


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def _repeats(s: str) -> bool:
    """One character or a unit of at most 6 repeated over the whole password (``monkeymonkey``)."""
    return any(len(s) >= 2 * k and (s[:k] * (len(s) // k + 1))[: len(s)] == s for k in range(1, 7))


def _run(s: str) -> bool:
    """Consecutive code points, up or down (``abcdef``, ``987654``)."""
    steps = {ord(b) - ord(a) for a, b in zip(s, s[1:], strict=False)}
    return len(steps) == 1 and steps <= {1, -1}


def _walk(s: str) -> bool:
    return any(s in w or s in w[::-1] for w in _WALKS)


def _common(s: str) -> bool:
    words = common()
    for cand in {s, s.translate(_LEET)}:
        base = _ENDS.sub("", cand)
        if cand in words or (len(base) >= 4 and (base in words or base.translate(_LEET) in words)):
            return True
    return False


def problem(password: str, username: str) -> tuple[str, dict[str, Any]] | None:
    """Why ``password`` may not be a new password of ``username`` (a catalog key, its arguments)."""
    if len(password) < MIN_LENGTH:
        return "ui.error.password_short", {"n": MIN_LENGTH}
    folded = _fold(password)
    compact = _SEPARATORS.sub("", folded)
    user, base = _fold(username), _ENDS.sub("", compact)
    if user and (user in (compact, base, compact[::-1]) or (len(user) >= 4 and user in compact)):
        return "ui.error.password_username", {}
    if _repeats(compact) or _repeats(base) or _run(compact) or _walk(compact):
        return "ui.error.password_simple", {}
    if _common(compact) or _common(folded):
        return "ui.error.password_common", {}
    return None
