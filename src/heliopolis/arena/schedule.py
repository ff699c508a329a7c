"""Who sits where: round-robin tournaments with seat rotation, and simulations."""

from __future__ import annotations

from itertools import combinations

from heliopolis.arena.runner import Job


def tournament_lineups(bots: list[str], players: int) -> list[tuple[str, ...]]:
    """Every combination of ``players`` distinct bots (or all bots, repeated, if there are fewer
    bots than seats), each in every cyclic seat rotation, so that each bot sits in each seat."""
    if len(bots) >= players:
        groups = [tuple(bots[i] for i in combo) for combo in combinations(range(len(bots)), players)]
    else:
        groups = [tuple(bots[i % len(bots)] for i in range(players))]
    return [g[r:] + g[:r] for g in groups for r in range(players)]


def tournament_jobs(bots: list[str], players: int, games: int) -> list[Job]:
    lineups = tournament_lineups(bots, players)
    return [Job(i, lineups[i % len(lineups)]) for i in range(games)]


def simulation_jobs(bots: list[str], players: int, games: int) -> list[Job]:
    """One spec for every seat, or one spec per seat."""
    seats = tuple(bots * players) if len(bots) == 1 else tuple(bots)
    return [Job(i, seats) for i in range(games)]
