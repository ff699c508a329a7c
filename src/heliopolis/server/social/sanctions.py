"""The typed seam between moderation and the features a sanction closes: chat, taking a seat back,
logging in. ``Sanctions`` is what those features ask before they let an account in; ``NoSanctions``
(every door open) is their default until ``build_services`` (``server/app.py``) wires ``Moderation``.
Each check raises a ``ServerError`` (``banned``, ``muted``) to refuse, and returns None to let pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from heliopolis.server.play.cache import Live


class Sanctions(Protocol):
    async def may_chat(self, author: int | None) -> None:
        """A muted or banned author is refused (the seat's account, for a seat's message)."""

    async def may_retake(self, live: Live, seat: int) -> None:
        """A banned account does not take back the seat its bot now plays."""

    async def may_log_in(self, account_id: int) -> None:
        """After a login's session is written: a banned account's session is ended and it is refused."""


class NoSanctions:
    """No moderation: every door open (the services' own tests, a bare authority)."""

    async def may_chat(self, author: int | None) -> None:
        pass

    async def may_retake(self, live: Live, seat: int) -> None:
        pass

    async def may_log_in(self, account_id: int) -> None:
        pass
