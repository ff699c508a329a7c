"""The games being played: the authority (``authority``: create, join, act, commit) and its rooms
(``cache``: the cached games; ``driver``: the bots; ``quotas``; ``undo``), the typed seams to the
features around a game (``events``), and the table (``table``: settings, clocks, takeovers)."""
