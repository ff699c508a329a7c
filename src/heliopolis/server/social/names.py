"""One name policy for account names and seat names: what a name may hold, and when two names
look alike (docs/server-api.md "Accounts").

* **Account names** are 3–32 ASCII letters, digits, ``_ . -``, starting with a letter or digit,
  matched against the *whole* string (``re.fullmatch``: ``$`` would let a trailing newline in).
* **Seat names** (guests, bots named by a creator) are NFKC-normalised, trimmed, at most 40
  characters, with no control or invisible characters (``protocol.clean_name``).
* **Lookalikes:** every name has a *skeleton* — NFKC, case-folded, accents dropped, the common
  Cyrillic and Greek homoglyphs of Latin letters mapped to them, ``0``→``o``, ``1``/``i``/``|``→``l``,
  ``rn``→``m``, ``vv``→``w``, separators (spaces, ``_ . -``) dropped. A new account whose skeleton
  is an existing account's is refused (a unique index on ``accounts.username_skeleton`` keeps that
  true under concurrent sign-ups), and so is a seat name that would pass for an account it is not.
"""

from __future__ import annotations

import re
import unicodedata

USERNAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{2,31}")  # always with fullmatch
# Homoglyphs of Latin letters (after case folding), and the digits and signs read as letters.
_CONFUSABLE = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "г": "r", "д": "d", "е": "e", "ё": "e", "з": "3", "і": "l", "ї": "l", "ј": "j",
    "к": "k", "м": "m", "н": "h", "о": "o", "п": "n", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x",
    "ѕ": "s", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ь": "b", "ы": "bl", "ш": "w", "щ": "w",
    # Greek
    "α": "a", "β": "b", "γ": "y", "δ": "d", "ε": "e", "ζ": "z", "η": "n", "ι": "l", "κ": "k", "λ": "a",
    "μ": "u", "ν": "v", "ο": "o", "π": "n", "ρ": "p", "σ": "o", "ς": "c", "τ": "t", "υ": "u", "φ": "o",
    "χ": "x", "ω": "w", "ϲ": "c", "ϳ": "j",
    # Latin look-alikes and digits
    "0": "o", "1": "l", "i": "l", "|": "l", "ı": "l", "ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ß": "ss",
})  # fmt: skip
_SEPARATORS = re.compile(r"[\s_.\-·‐-―]+")
_PAIRS = (("rn", "m"), ("vv", "w"))


def skeleton(name: str) -> str:
    """What a name looks like: equal skeletons are names a reader cannot tell apart."""
    s = unicodedata.normalize("NFKC", name).casefold()
    s = "".join(ch for ch in unicodedata.normalize("NFD", s) if not unicodedata.combining(ch))
    s = _SEPARATORS.sub("", s.translate(_CONFUSABLE))
    for pair, one in _PAIRS:
        s = s.replace(pair, one)
    return s


def valid_username(name: str) -> bool:
    return USERNAME.fullmatch(name) is not None
