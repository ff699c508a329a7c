"""What is checked before any work starts: output paths (a run, a report or a save that cannot be
written fails at once with one line naming the path, never after the games were played) and
player counts (each one the game supports, before the first of them is played).

The messages are catalog messages (``cli`` domain), so the terminal shows them in its language.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

from heliopolis.core.errors import ConfigError
from heliopolis.core.registry import game_class
from heliopolis.locale import messages, msg


def _reason(e: OSError) -> str:
    return str(e.strerror or e)


def _probe(folder: Path, target: Path) -> None:
    """Writes and removes a temporary file in ``folder``: permission bits say nothing to root, a
    read-only or virtual file system (``/proc``, ``/sys``) only answers a real write."""
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".heliopolis-probe-"):
            pass
    except OSError as e:
        raise ConfigError(
            msg("cli.error.path_unwritable", path=str(target), folder=str(folder), reason=_reason(e))
        ) from None


def check_dir(path: str | Path) -> None:
    """Raises ``ConfigError`` unless a directory at ``path`` exists or can be made, and can be
    written to. Nothing is created."""
    target = Path(path)
    folder = target.absolute()
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent  # the nearest existing ancestor is where mkdir would start
    if not folder.is_dir():
        raise ConfigError(msg("cli.error.path_not_dir", path=str(target), blocker=str(folder)))
    _probe(folder, target)


def check_file(path: str | Path) -> None:
    """Raises ``ConfigError`` unless ``path`` can be written as a file: its directory exists (it is
    not made) and takes a file, and ``path`` itself is not a directory. Nothing is created."""
    target = Path(path)
    folder = target.absolute().parent
    if target.is_dir():
        raise ConfigError(msg("cli.error.path_is_dir", path=str(target)))
    if not folder.exists():
        up = folder
        while not up.exists() and up != up.parent:
            up = up.parent
        if not up.is_dir():
            raise ConfigError(msg("cli.error.path_not_dir", path=str(target), blocker=str(up)))
        raise ConfigError(msg("cli.error.path_no_dir", path=str(target), folder=str(folder)))
    if not folder.is_dir():
        raise ConfigError(msg("cli.error.path_not_dir", path=str(target), blocker=str(folder)))
    _probe(folder, target)


def ensure_dir(path: str | Path) -> Path:
    """Makes the directory ``path`` (and its parents); an impossible one is a ``ConfigError``."""
    target = Path(path)
    check_dir(target)
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as e:  # made impossible between the check and now
        raise ConfigError(
            msg("cli.error.path_unwritable", path=str(target), folder=str(target), reason=_reason(e))
        ) from None
    return target


def check_players(game_id: str, players: int) -> None:
    """``players`` is a count the game supports: else a ``ConfigError`` giving the game's range."""
    info = game_class(game_id).info
    if not info.min_players <= players <= info.max_players:
        raise ConfigError(msg("cli.error.players_range", game=game_name(game_id), low=info.min_players,
                              high=info.max_players, n=players))  # fmt: skip


def check_counts(game_id: str, players: Sequence[int]) -> None:
    """Every requested player count is one the game supports (none is played before all are known)."""
    info = game_class(game_id).info
    if not players:
        raise ConfigError(msg("cli.error.no_counts", low=info.min_players, high=info.max_players))
    for n in players:
        check_players(game_id, n)


def game_name(game_id: str) -> str:
    """The game's name in the reader's language (its catalog term), for messages."""
    key = f"ui.gamename.{game_id}"
    return msg(key) if key in messages("en") else game_class(game_id).info.name
