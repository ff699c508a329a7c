"""The ``heliopolis`` command: play | replay | bench | serve | games, and (cli_arena.py) tournament | simulate |
ladder | report | train-evaluator, (cli_analyse.py) analyse, (cli_admin.py) admin, (cli_backup.py) backup | restore.

``heliopolis play ra --seats human,random,random`` plays in the terminal; with only bot seats it
plays through unattended and prints the result. ``heliopolis replay FILE`` steps through a saved
game. ``heliopolis bench ra`` measures the engine. What a player reads (play, replay, errors, help)
is in English or German (``--lang``; heliopolis.cli_text); research output (bench, arena, ladder
tables) stays English.
"""

from __future__ import annotations

import json
import os
import random
import sys
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from heliopolis import locale as L
from heliopolis.cli_admin import admin as ADMIN_COMMAND
from heliopolis.cli_analyse import COMMANDS as ANALYSE_COMMANDS
from heliopolis.cli_arena import COMMANDS as ARENA_COMMANDS
from heliopolis.cli_backup import COMMANDS as BACKUP_COMMANDS
from heliopolis.cli_text import Group, error_text, game_options_option, lang_option, split_list, terminal_lang, tr, trn
from heliopolis.cli_text import fail as _fail
from heliopolis.cli_text import parse_options as _parse_options
from heliopolis.core.errors import HeliopolisError, IllegalActionError, NotationError
from heliopolis.core.game import State
from heliopolis.core.registry import DEFAULT_GAME, available_games, load_game
from heliopolis.core.serialize import load_saved_game, save_game
from heliopolis.core.spec import hook

if TYPE_CHECKING:
    from heliopolis.bots.base import Bot

# The styles every terminal board may name; a game adds its own (GameSpec.terminal_styles).
STYLES = {
    "title": "bold yellow", "bold": "bold", "dim": "dim", "label": "cyan", "tile": "green", "current": "bold reverse",
}  # fmt: skip


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True)


def render(state: State, viewer: int | None, names: list[str] | None = None, omniscient: bool = False) -> Text:
    """The game's styled board as ``rich`` text (the game itself imports no terminal library): the
    ``render_segments`` of the render module its spec names, else its plain ``str(state)``."""
    spec = state.game.spec()
    segments = hook(spec, "render", "render_segments")
    if segments is None:
        return Text(str(state) + "\n")
    styles = {**STYLES, **dict(spec.terminal_styles)}
    text = Text()
    lang = terminal_lang()
    for line in segments(state, viewer, omniscient=omniscient, names=names):
        for part, style in line:  # words are catalog messages: shown in the terminal's language
            text.append(L.render_padded(part, lang), styles.get(style, ""))
        text.append("\n")
    return text


def describe_game(game: Any) -> str:
    """A header a person reads: ``Ra · 4 players · edition 2009, hidden scores`` (the options that
    differ from the defaults, and the edition, in words; options left to chance are not listed)."""
    defaults = game.info.options
    words = L.messages(terminal_lang())
    parts = []
    for key, value in game.options.items():
        if value is None or (key != "edition" and defaults.get(key) == value):
            continue
        label = str(words.get(f"cli.option.{key}", key.replace("_", " ")))
        worded = words.get(f"help.opt.{game.info.game_id}.{key}.{value}") if isinstance(value, str) else None
        if isinstance(value, bool):
            parts.append(label if value else tr("cli.option.off", option=label))
        elif key != "edition" and isinstance(worded, str):  # a rule variant, in words (the rules help's)
            parts.append(worded)
        else:
            shown = value.replace("_", " ") if isinstance(value, str) else json.dumps(value)
            parts.append(f"{label} {shown}")
    name = words.get(f"ui.gamename.{game.info.game_id}", game.info.name)
    text = f"{name} · {trn('cli.players_n', game.players)}"
    return text + (f" · {', '.join(parts)}" if parts else "")


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="heliopolis")
@lang_option
def main() -> None:
    """Heliopolis: Ra, Ra: The Dice Game, Helios and Men-Nefer — play and replay in the terminal, analyse saved
    games, serve the web platform, benchmark, run bot tournaments, simulations and ladders, report on them, train
    evaluators, administer the site's accounts, migrate, back up and restore its database."""


for _command in ARENA_COMMANDS:  # tournament, simulate, ladder, report, train-evaluator (cli_arena.py)
    main.add_command(_command)
main.add_command(ADMIN_COMMAND)  # admin grant/revoke/ban/unban/list-users/delete-game (cli_admin.py)
for _command in ANALYSE_COMMANDS:  # analyse (cli_analyse.py)
    main.add_command(_command)
for _command in BACKUP_COMMANDS:  # backup, restore (cli_backup.py)
    main.add_command(_command)


# -- play ---------------------------------------------------------------------------------------
def _parse_seats(seats: str | None, players: int | None) -> list[str]:
    """The seats' specs; an empty seat, or a count that disagrees with ``--players``, is refused (the
    specs and the count are checked by ``play`` once the bots are made)."""
    specs = ["human"] + ["random"] * ((3 if players is None else players) - 1)
    if seats is not None:
        specs = split_list(seats, "--seats")
        if players is not None and players != len(specs):
            _fail(tr("cli.play.seats_mismatch", players=players, count=len(specs)))
    return specs


def _read_human_action(console: Console, state: State, seat: int, names: list[str]) -> int | None:
    name = names[seat]
    legal = state.legal_actions()
    console.print(f"[bold]{escape(tr('cli.play.your_move', name=name))}[/bold]")
    for i, a in enumerate(legal, 1):
        label = escape(L.render(state.describe_action(a), terminal_lang()))  # the reader's language
        console.print(f"  [cyan]{i:>2}[/cyan]  {state.action_to_string(a):<18} [dim]{label}[/dim]")
    while True:
        try:
            raw = console.input("[bold]> [/bold]").strip()
        except EOFError:
            return None
        if raw in ("q", "quit", "exit"):
            return None
        if raw in ("?", "help", "h"):
            examples = ", ".join(state.action_to_string(a) for a in legal[:4])
            console.print(escape(tr("cli.play.help", examples=examples)))
            continue
        if raw == "board":  # the same board as before the prompt, seat labels included
            console.print(render(state, seat, names))
            continue
        if raw.isdigit():
            k = int(raw)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            console.print(
                f"[red]{escape(tr('cli.play.not_on_list', raw=raw, count=len(legal), example=state.action_to_string(legal[0])))}[/red]"
            )
            continue
        try:
            action = state.string_to_action(raw)
        except NotationError as e:
            console.print(f"[red]{escape(error_text(e))}[/red]")
            continue
        if action not in legal:
            console.print(f"[red]{escape(tr('cli.play.not_legal', raw=raw))}[/red]")
            continue
        return action


def _bot_step(console: Console, bot: Bot, view: State, thinking: str | None) -> int:
    """The bot's action; with ``thinking`` that line shows (transient) while it chooses, for people waiting."""
    if thinking is None:
        return bot.step(view)
    with console.status(escape(thinking)):
        return bot.step(view)


@main.command()
@click.argument("game_id", default=DEFAULT_GAME, metavar="GAME")
@lang_option
@click.option("--players", "-p", type=int, help="number of players (default: from --seats, else 3)")
@click.option("--edition", "-e", help="edition (Ra: 1999 or 2009)")
@click.option("--seats", "-s", help="comma-separated seats: human or a bot spec, e.g. human,random,random")
@click.option("--seed", type=int, help="seed of the driver's RNG (chance and bots); recorded in the save")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), help="save the game to FILE after every move")
@click.option("--open-scores", is_flag=True, help="show every player's points (hidden_scores=false)")
@game_options_option
@click.option("--quiet", "-q", is_flag=True, help="with bots only: print just the result")
def play(game_id: str, players: int | None, edition: str | None, seats: str | None, seed: int | None,
         save_path: str | None, open_scores: bool, game_options: tuple[str, ...], quiet: bool) -> None:  # fmt: skip
    """Play GAME in the terminal against bots (or watch bots play)."""
    from heliopolis.arena.checks import check_file, check_players
    from heliopolis.bots import make_bot

    specs = _parse_seats(seats, players)
    options: dict[str, Any] = _parse_options(game_options)
    if edition is not None:
        options["edition"] = edition
    if open_scores:
        options["hidden_scores"] = False
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    rng = random.Random(seed)
    try:
        # the seats first: "--seats xyz" is a bad bot spec before it is a wrong number of players
        bots = {i: make_bot(spec, seed=rng.randrange(2**31)) for i, spec in enumerate(specs) if spec != "human"}
        check_players(game_id, len(specs) if players is None else players)  # "--players 0": got 0, not 1
        game = load_game(game_id, len(specs), **options)
        if save_path:  # before the first move: a save that cannot be written would lose the game
            check_file(save_path)
    except HeliopolisError as e:
        _fail(e)
    humans = [i for i, spec in enumerate(specs) if spec == "human"]
    names = [f"P{i} ({spec})" if spec != "human" else f"P{i}" for i, spec in enumerate(specs)]
    console = _console()
    state = game.new_initial_state()
    chance_rng = random.Random(rng.randrange(2**63))
    view_rng = random.Random(rng.randrange(2**63))
    verbose = not (quiet and not humans)
    story = game.new_public_log()
    if verbose:
        console.print(
            f"[bold yellow]{escape(describe_game(game))}[/bold yellow] · "
            + escape(tr("cli.play.header", seed=seed, seats=", ".join(names)))
        )
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance_outcome(chance_rng)
            actor = "chance"
        else:
            seat = state.current_player()
            if seat in bots:
                # Bots see only what their seat may know (a determinization of its information state).
                thinking = tr("cli.play.thinking", name=names[seat]) if humans and console.is_terminal else None
                action = _bot_step(console, bots[seat], state.resample_from_infostate(seat, view_rng), thinking)
                actor = names[seat]
            else:
                console.print(render(state, seat, names))
                choice = _read_human_action(console, state, seat, names)
                if choice is None:
                    console.print(
                        escape(tr("cli.play.stopped_saved", path=save_path) if save_path else tr("cli.play.stopped"))
                    )
                    return
                action, actor = choice, names[seat]
        if verbose and actor != "chance":
            console.print(f"[dim]{escape(actor)}:[/dim] {escape(state.action_to_string(action))}")
        for bot in bots.values():
            bot.inform_action(state, state.current_player(), action)
        try:
            state.apply_action(action)
        except IllegalActionError as e:  # a bot bug must not crash a human's game silently
            _fail(tr("cli.play.illegal_bot", actor=actor, error=error_text(e)), code=3)
        if verbose:  # the game's public move log: the move and what the rules did on their own
            for line in story.feed(action):
                console.print(f"[dim]   {escape(L.render(line, terminal_lang()))}[/dim]")
        if save_path:
            _save(state, save_path, seed)
    if verbose:
        console.print(render(state, None, names, omniscient=True))
    scores = state.scores()
    winners = state.winners()
    console.print(escape(tr("cli.play.result", scores=", ".join(f"{names[p]} {scores[p]}" for p in range(len(scores))),
                            winners=", ".join(names[w] for w in winners))))  # fmt: skip


def _save(state: State, path: str, seed: int) -> None:
    try:
        save_game(state, path, seed)
    except OSError as e:  # checked at the start, so only a full disk or a removed directory gets here
        _fail(tr("cli.play.save_failed", path=path, reason=str(e.strerror or e)), code=3)


# -- replay -------------------------------------------------------------------------------------
REPLAY_COMMANDS = ("", "n", "b", "e", "q")


def _stdin_is_terminal() -> bool:
    return sys.stdin.isatty()


@main.command()
@click.argument("path", type=click.Path(dir_okay=False))
@lang_option
@click.option("--move", "-m", "move", type=int, help="show the position after this many moves and exit")
@click.option("--all", "show_all", is_flag=True, help="print every move, then the final position")
def replay(path: str, move: int | None, show_all: bool) -> None:
    """Step through a saved game (Enter or n: next, b: back, number: jump, e: end, q: quit)."""
    try:
        final, doc = load_saved_game(path)
    except HeliopolisError as e:
        _fail(e)
    console = _console()
    game = final.game
    history = final.history()
    states = [game.new_initial_state()]
    for a in history:
        states.append(states[-1].child(a))
    console.print(
        f"[bold yellow]{escape(describe_game(game))}[/bold yellow] · "
        + escape(tr("cli.replay.header", moves=trn("cli.moves_n", len(history)), seed=str(doc.get("seed"))))
    )
    if move is not None:
        if not 0 <= move <= len(history):
            _fail(tr("cli.replay.move_range", last=len(history)))
        console.print(render(states[move], None, omniscient=True))
        return
    interactive = _stdin_is_terminal() and not show_all
    if not interactive:
        for i, a in enumerate(history):
            label = escape(L.render(states[i].describe_action(a), terminal_lang()))
            console.print(f"{i + 1:>4}. {states[i].action_to_string(a):<16} [dim]{label}[/dim]")
        console.print(render(final, None, omniscient=True))
        if not final.is_terminal():
            console.print(f"[dim]{escape(tr('cli.replay.unfinished'))}[/dim]")
        return
    i = 0
    while True:
        console.print(render(states[i], None, omniscient=True))
        where = (tr("cli.replay.at", i=i, total=len(history), action=states[i].action_to_string(history[i]))
                 if i < len(history) else tr("cli.replay.at_end" if final.is_terminal() else "cli.replay.at_save_end",
                                             i=i, total=len(history)))  # fmt: skip
        console.print(f"[dim]{escape(where)}[/dim]")
        while True:
            try:
                cmd = console.input(f"[bold]{escape(tr('cli.replay.prompt'))} > [/bold]").strip().lower()
            except EOFError:
                return
            if cmd in REPLAY_COMMANDS or (cmd.isdigit() and len(cmd) <= 9):
                break
            console.print(
                f"[red]{escape(tr('cli.replay.unknown', cmd=repr(cmd)))}[/red] {escape(tr('cli.replay.help'))}"
            )
        if cmd == "q":
            return
        if cmd == "b":
            i = max(0, i - 1)
        elif cmd == "e":
            i = len(history)
        elif cmd.isdigit():
            i = min(len(history), int(cmd))
        else:
            i = min(len(history), i + 1)


# -- bench --------------------------------------------------------------------------------------
@main.command()
@click.argument("game_id", default=DEFAULT_GAME, metavar="GAME")
@click.option("--players", "-p", type=click.IntRange(min=1), default=4, show_default=True)
@click.option(
    "--seconds",
    "-t",
    type=click.FloatRange(min=0, min_open=True, max=86400),
    default=5.0,
    show_default=True,
    help="how long to measure (more than 0)",
)
@click.option("--edition", "-e", help="edition (Ra: 1999 or 2009)")
@click.option("--seed", type=int, default=0, show_default=True)
def bench(game_id: str, players: int, seconds: float, edition: str | None, seed: int) -> None:
    """Random-playout speed: games/s, player actions/s, clone µs."""
    from heliopolis.arena.checks import check_players
    from heliopolis.core.bench import run_bench

    options = {"edition": edition} if edition else {}
    try:
        check_players(game_id, players)
        game = load_game(game_id, players, **options)
    except HeliopolisError as e:
        _fail(e)
    r = run_bench(game, seconds, seed)
    click.echo(f"{describe_game(game)}  [build: {r.build}]")
    click.echo(f"games/s           {r.games_per_s:12,.1f}   ({r.games} games in {r.seconds:.1f} s)")
    per_game = f"{r.player_actions / r.games:.0f} per game" if r.games else "no game finished"
    click.echo(f"player actions/s  {r.actions_per_s:12,.0f}   ({per_game})")
    click.echo(f"chance actions/s  {r.chance_actions / r.seconds:12,.0f}")
    click.echo(f"clone             {r.clone_us:12.2f} µs")


# -- arena ---------------------------------------------------------------------------------------
@main.command()
@click.option(
    "--db",
    default="sqlite:///heliopolis.db",
    show_default=True,
    envvar="HELIOPOLIS_DB",
    help="database URL: sqlite:///FILE or postgresql://user@host/db",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", "-p", type=int, default=8000, show_default=True, help="port to listen on (0: any free port)")
@click.option("--bot-delay", type=float, default=0.4, show_default=True, help="seconds a bot waits before moving")
@click.option(
    "--bot-workers", type=int, default=1, show_default=True, help="processes for search bots (cheap bots have one more)"
)
@click.option(
    "--bot-move-cap",
    type=float,
    default=5.0,
    show_default=True,
    help="seconds of wall time a bot may think per move (enforced)",
)
@click.option(
    "--bot-slice",
    type=float,
    default=1.0,
    show_default=True,
    help="seconds a bot may think per move instead, while its client used more bot time than others around (0: off)",
)
@click.option(
    "--bot-games-per-client",
    type=int,
    default=4,
    show_default=True,
    help="games whose bots are playing one client address may have",
)
@click.option(
    "--workers",
    type=int,
    default=1,
    show_default=True,
    help="server processes on this machine (PostgreSQL only: they coordinate through the database)",
)
@click.option(
    "--forwarded-allow-ips",
    default="",
    envvar="HELIOPOLIS_FORWARDED_ALLOW_IPS",
    help="comma-separated addresses or networks of reverse proxies whose X-Forwarded-For / "
    "X-Forwarded-Proto are trusted (default: none, the peer address is the client)",
)
@click.option(
    "--allowed-origin",
    "allowed_origins",
    multiple=True,
    metavar="ORIGIN",
    help="another origin (https://host[:port]) whose pages may open WebSockets; repeatable",
)
@click.option(
    "--create-rate",
    type=float,
    default=0.5,
    show_default=True,
    envvar="HELIOPOLIS_CREATE_RATE",
    help="new games (created or imported) per second per client address, bursts of 20x",
)
@click.option(
    "--read-rate",
    type=float,
    default=20.0,
    show_default=True,
    envvar="HELIOPOLIS_READ_RATE",
    help="API reads per second per client address, bursts of 5x",
)
@click.option(
    "--ws-per-client",
    type=int,
    default=64,
    show_default=True,
    envvar="HELIOPOLIS_WS_PER_CLIENT",
    help="open WebSockets per client address (0: no limit)",
)
@click.option(
    "--drain-seconds",
    type=float,
    default=10.0,
    show_default=True,
    envvar="HELIOPOLIS_DRAIN_SECONDS",
    help="on SIGTERM, seconds the requests in flight (then the bots) may take to finish (docs/deploy.md)",
)
@click.option("--smtp", envvar="HELIOPOLIS_SMTP", help="smtp://host:port for optional turn e-mails")
@click.option("--public-url", envvar="HELIOPOLIS_PUBLIC_URL", help="the server's address in e-mail links")
@click.option("--metrics", is_flag=True, envvar="HELIOPOLIS_METRICS", help="serve Prometheus metrics at /metrics")
@click.option(
    "--log-format",
    type=click.Choice(("text", "json")),
    default="text",
    show_default=True,
    envvar="HELIOPOLIS_LOG_FORMAT",
    help="text lines, or one JSON object per line with request and game ids",
)
@click.option(
    "--log-level",
    type=click.Choice(("debug", "info", "warning", "error")),
    default="warning",
    show_default=True,
    envvar="HELIOPOLIS_LOG_LEVEL",
    help="the least severe messages logged (info: one line per request)",
)
def serve(db: str, host: str, port: int, bot_delay: float, bot_workers: int, bot_move_cap: float, bot_slice: float,
          bot_games_per_client: int, workers: int, forwarded_allow_ips: str, allowed_origins: tuple[str, ...],
          create_rate: float, read_rate: float, ws_per_client: int, drain_seconds: float, smtp: str | None,
          public_url: str | None, metrics: bool, log_format: str, log_level: str) -> None:  # fmt: skip
    """Run the web server: lobby, games in the browser, bots in seats (needs the [web] extra)."""
    try:
        import uvicorn  # noqa: F401  (the [web] extra: checked before anything else)

        from heliopolis import cli_serve
        from heliopolis.server.app import Settings, create_app
        from heliopolis.server.ops.logsetup import log_config
        from heliopolis.server.store.storage import normalize_url

        if metrics:
            import prometheus_client  # noqa: F401  (in the [web] extra since --metrics came)
    except ImportError as e:
        _fail(tr("cli.serve.needs_web", missing=str(e.name)))
    if (
        workers < 1
        or bot_workers < 1
        or bot_move_cap <= 0
        or bot_slice < 0
        or bot_games_per_client < 0
        or ws_per_client < 0
    ):
        _fail(tr("cli.serve.bad_numbers"))
    if not drain_seconds > 0:
        _fail(tr("cli.serve.bad_drain", value=drain_seconds))
    if workers > 1 and not normalize_url(db).startswith("postgresql"):
        _fail(tr("cli.serve.workers_need_pg"))
    cli_serve.check_port(port)
    cli_serve.check_database(db)  # before the socket: a refused database leaves no port taken
    sock = cli_serve.bind(host, port)
    url = cli_serve.url_of(host, sock)
    settings = Settings(db=db, bot_delay=bot_delay, bot_workers=bot_workers, bot_move_cap=bot_move_cap, bot_slice=bot_slice,
                        bot_games_per_client=bot_games_per_client, allowed_origins=allowed_origins,
                        create_rate=create_rate, create_burst=max(1.0, 20 * create_rate),
                        read_rate=read_rate, read_burst=max(1.0, 5 * read_rate), ws_per_client=ws_per_client, smtp=smtp,
                        public_url=public_url or url.rstrip("/"), tune_gc=True, metrics=metrics,
                        log_context=log_format == "json", drain_seconds=drain_seconds)  # fmt: skip
    # uvicorn's "auto" choices: uvloop and httptools (the [web] extra) and websockets' sans-I/O
    # protocol; the alternatives measured no better per move (docs/history/server-performance.md, third pass).
    # State messages are a few KB and sent on every move: compressing each costs more CPU than
    # it saves on a LAN (measured with bench/bench_server.py); a reverse proxy may compress.
    # Forwarded headers only from the proxies named: uvicorn's default trusts 127.0.0.1, which lets
    # any local client (or a proxy that does not set the header) pick its own address per request.
    trusted = [a.strip() for a in forwarded_allow_ips.split(",") if a.strip()]
    opts = {"log_level": log_level, "log_config": log_config(log_format, log_level), "ws_max_size": 64 * 1024,
            "ws_per_message_deflate": False, "proxy_headers": bool(trusted), "forwarded_allow_ips": trusted or None,
            "timeout_graceful_shutdown": drain_seconds}  # fmt: skip
    # SIGTERM (uvicorn): stop accepting, close WebSockets with 1012 (the client reconnects), wait
    # up to drain_seconds for requests in flight, then the app's drain (server/lifespan.py).
    try:
        if workers > 1:
            os.environ["HELIOPOLIS_SETTINGS"] = json.dumps(settings.__dict__)
            app: Any = "heliopolis.server.app:app_from_env"
            opts["factory"] = True
        else:
            app = create_app(settings)
        click.echo(tr("cli.serve.listening", url=url, db=db, n=workers))  # bound: the address is real
        cli_serve.run(app, sock, workers, **opts)
    finally:
        sock.close()


@main.command("migrate")
@click.option(
    "--db",
    default="sqlite:///heliopolis.db",
    show_default=True,
    envvar="HELIOPOLIS_DB",
    help="database URL: sqlite:///FILE or postgresql://user@host/db",
)
def migrate_cmd(db: str) -> None:
    """Bring the database schema to this version's newest revision, while the servers run (docs/deploy.md)."""
    try:
        from heliopolis import cli_serve
        from heliopolis.server.store.migrate import current
        from heliopolis.server.store.storage import Storage
    except ImportError as e:
        _fail(tr("cli.serve.needs_web", missing=str(e.name)))
    cli_serve.check_database(db)  # one line for a URL that cannot be served from, before anything is made
    shown = cli_serve.shown_url(db)
    storage = Storage(db)
    try:
        before = current(storage.engine)
        storage.migrate()  # PostgreSQL: under the migration lock, so starting servers wait for it
        after = current(storage.engine)
    except Exception as e:
        _fail(tr("cli.migrate.failed", db=shown, error=str(e).strip().splitlines()[0] if str(e) else type(e).__name__))
    finally:
        storage.dispose()
    key = "cli.migrate.current" if before == after else "cli.migrate.done"
    click.echo(tr(key, db=shown, before=before or "-", after=after or "-"))


@main.command("games")
def games_cmd() -> None:
    """List the available games."""
    for g in available_games():
        click.echo(g)


if __name__ == "__main__":  # pragma: no cover
    main()
