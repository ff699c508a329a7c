"""Arena: matches, tournaments, simulations, ratings and reports (game-agnostic)."""

from heliopolis.arena.match import play_match
from heliopolis.arena.run import run_arena
from heliopolis.arena.runner import read_results

__all__ = ["play_match", "read_results", "run_arena"]
