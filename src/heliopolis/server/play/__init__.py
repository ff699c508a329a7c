"""The games being played: the authority (cache, moves, bots, undo), the table (clocks, takeovers)."""
