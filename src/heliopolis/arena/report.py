"""Reports of arena runs: a self-contained HTML page (plots embedded as base64 PNG) and a Markdown
summary with the same tables.

Each run directory gets a section: header, win rate by seat and by bot with 95 % Wilson intervals,
head-to-head (2-player tournaments), score and game-length distributions, openskill ratings and mean
points per scoring category. Two or more runs are also compared side by side. matplotlib is imported
only when a report is written, so importing :mod:`heliopolis.arena` stays light.
"""

from __future__ import annotations

import base64
import html
import io
import json
import shlex
import statistics
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from heliopolis.arena import stats
from heliopolis.arena.checks import check_dir, ensure_dir
from heliopolis.arena.runner import RESULTS, RUN, read_results, read_run_file
from heliopolis.core.errors import ConfigError, error_msg

HTML_NAME = "report.html"
MD_NAME = "report.md"
COLOURS = ["#d98c1f", "#2f6db5", "#3a9a5b", "#b8413a", "#7d55a8", "#8a6d3b", "#d16ba5", "#5f6b73"]
CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:960px;margin:0 auto;
padding:0 1rem 3rem;line-height:1.45;color:#222;background:#fff}
h1{border-bottom:3px solid #d98c1f;padding-bottom:.3rem}h2{margin-top:2.5rem;border-bottom:1px solid #ccc}
h3{margin-top:1.6rem}.scroll{overflow-x:auto;margin:.6rem 0}
table{border-collapse:collapse;font-size:.92rem}th,td{border:1px solid #ddd;padding:.25rem .55rem;text-align:right}
th{background:#f6f1e7;white-space:nowrap}td{white-space:nowrap}table.left td,table.left th{text-align:left}
table.left td{white-space:normal}@media (max-width:600px){h1{font-size:1.5rem}h2{font-size:1.25rem}
h3{font-size:1.1rem}table{font-size:.85rem}}
td:first-child,th:first-child{text-align:left}tr:nth-child(even) td{background:#fafafa}
img{max-width:100%;height:auto;display:block;margin:.6rem 0}.note{color:#666;font-size:.9rem}
nav li{margin:.15rem 0}
"""


def _option_arg(key: str, value: Any) -> str:
    """``-O key=value`` as a shell word that ``parse_options`` reads back as ``value`` ("2009" stays text)."""
    text = value if isinstance(value, str) else json.dumps(value)
    if isinstance(value, str):
        try:
            json.loads(value)
            text = json.dumps(value)  # it would read as a number or literal: quote it as JSON text
        except ValueError:
            pass
    return f" -O {shlex.quote(f'{key}={text}')}"


def _missing_results(path: Path) -> str:
    """Why ``path`` cannot be reported on; a run whose games are not committed (only its ``run.json``,
    as docs/results/rd-sim*) gets the command that plays them again, same seed, same games."""
    try:
        cfg = json.loads((path / RUN).read_text(encoding="utf-8"))["config"]
        verb = {"simulation": "simulate", "tournament": "tournament"}[cfg["kind"]]
        options = {k: v for k, v in cfg["options"].items() if k != "players" and v is not None}
        command = (f"heliopolis {verb} {cfg['game']} -p {cfg['options']['players']} -b {','.join(cfg['bots'])} "
                   f"-n {cfg['games']} -o {path} --seed {cfg['seed']}"
                   + "".join(_option_arg(k, v) for k, v in options.items()))  # fmt: skip
    except (OSError, ValueError, KeyError, TypeError):
        return f"{path} holds no {RESULTS}; is it an arena run directory?"
    return f"{path} holds the run's {RUN} but not its games ({RESULTS}): play them first with {command}"


class _Run:
    """One run directory: its configuration (``run.json``, or guessed from the records) and records."""

    def __init__(self, path: Path) -> None:
        if not path.is_dir():
            raise ConfigError(error_msg("errors.arena.no_dir", path=str(path)))
        if not (path / RESULTS).is_file():
            raise ConfigError(_missing_results(path))
        self.path = path
        self.records = read_results(path)
        if not self.records:
            raise ConfigError(error_msg("errors.arena.no_records", path=str(path / RESULTS)))
        meta: dict[str, Any] = {}
        if (path / RUN).is_file():
            meta = read_run_file(path / RUN)
        first = self.records[0]
        cfg = meta.get("config", {})
        self.created = meta.get("created", "")
        self.kind = cfg.get("kind", "unknown")
        self.game = cfg.get("game", first["game"])
        self.options = cfg.get("options", first["options"])
        self.bots = cfg.get("bots") or sorted({b for r in self.records for b in r["bots"]})
        self.seed = cfg.get("seed")
        self.planned = cfg.get("games")
        self.players = int(self.options.get("players") or len(first["bots"]))
        self.name = path.resolve().name or str(path)
        self.distinct = sorted({b for r in self.records for b in r["bots"]})

    @property
    def label(self) -> str:
        ed = f", edition {self.options['edition']}" if "edition" in self.options else ""
        return f"{self.name} ({self.kind}, {self.game}, {self.players}p{ed}, bots {' / '.join(self.bots)})"

    def groups(self) -> tuple[str, dict[str, list[tuple[dict[str, Any], int]]]]:
        """(title, group -> [(record, seat)]): by bot, or by seat when a single bot plays every seat."""
        out: dict[str, list[tuple[dict[str, Any], int]]] = defaultdict(list)
        by_bot = len(self.distinct) > 1
        for rec in self.records:
            for seat, bot in enumerate(rec["bots"]):
                out[bot if by_bot else f"seat {seat}"].append((rec, seat))
        return ("bot" if by_bot else "seat"), dict(sorted(out.items()))

    def scores(self, seats: list[tuple[dict[str, Any], int]] | None = None) -> list[float]:
        if seats is None:
            return [s for r in self.records for s in r["scores"]]
        return [rec["scores"][seat] for rec, seat in seats]

    def lengths(self) -> list[int]:
        return [r["length"] for r in self.records]

    def categories(self) -> list[str]:
        names: dict[str, None] = {}
        for r in self.records:
            for k in r.get("categories") or {}:
                names.setdefault(k, None)
        return list(names)

    def category_means(self, seats: list[tuple[dict[str, Any], int]] | None = None) -> dict[str, float]:
        """Mean points per category over ``seats`` (all seats if None), in games that record categories."""
        if seats is None:
            seats = [(r, s) for r in self.records for s in range(len(r["bots"]))]
        pairs = [(r, s) for r, s in seats if r.get("categories")]
        return {
            c: _mean([r["categories"].get(c, [0] * len(r["bots"]))[s] for r, s in pairs]) for c in self.categories()
        }


class _Doc:
    """Accumulates the same content as HTML and as Markdown (images go to HTML only)."""

    def __init__(self) -> None:
        self.html: list[str] = []
        self.md: list[str] = []
        self.images = 0

    def heading(self, level: int, text: str, anchor: str | None = None) -> None:
        ident = f' id="{html.escape(anchor)}"' if anchor else ""
        self.html.append(f"<h{level}{ident}>{html.escape(text)}</h{level}>")
        self.md.append(f"{'#' * level} {text}\n")

    def para(self, text: str, note: bool = False) -> None:
        cls = ' class="note"' if note else ""
        self.html.append(f"<p{cls}>{html.escape(text)}</p>")
        self.md.append(f"{'*' + text + '*' if note else text}\n")

    def table(self, headers: list[str], rows: list[list[Any]], left: bool = False) -> None:
        cls = ' class="left"' if left else ""
        head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
        self.html.append(
            f'<div class="scroll"><table{cls}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'
        )

        def cell(c: Any) -> str:
            return str(c).replace("|", "\\|").replace("\n", " ")

        lines = ["| " + " | ".join(cell(h) for h in headers) + " |",
                 "|" + "|".join(":---" if i == 0 or left else "---:" for i in range(len(headers))) + "|"]  # fmt: skip
        lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
        self.md.append("\n".join(lines) + "\n")

    def image(self, fig: Any, alt: str) -> None:
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
        data = base64.b64encode(buf.getvalue()).decode("ascii")
        self.html.append(f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">')
        self.images += 1


def _mean(xs: Sequence[float]) -> float:
    return statistics.fmean(xs) if xs else 0.0


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _ci(row: dict[str, float]) -> str:
    return f"[{100 * row['low']:.1f}, {100 * row['high']:.1f}] %"


def _wins(x: float) -> str:
    return f"{x:g}" if float(x).is_integer() else f"{x:.2f}"


def _figure(width: float = 7.0, height: float = 3.6, ncols: int = 1) -> tuple[Any, Any]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    axes = fig.subplots(1, ncols)
    return fig, axes


def _errbars(rows: list[dict[str, float]]) -> list[list[float]]:
    """Matplotlib's (below, above) error bars in percent from Wilson intervals. Clamped at 0: a rate
    can sit a rounding error outside its interval (e.g. 0 wins and a lower bound of -1e-17)."""
    return [
        [max(0.0, 100 * (r["rate"] - r["low"])) for r in rows],
        [max(0.0, 100 * (r["high"] - r["rate"])) for r in rows],
    ]


def _rate_chart(doc: _Doc, names: list[str], rows: list[dict[str, float]], title: str, fair: float | None) -> None:
    fig, ax = _figure(6.4, 3.4)
    rates = [100 * r["rate"] for r in rows]
    err = _errbars(rows)
    ax.bar(names, rates, yerr=err, capsize=6, color=[COLOURS[i % len(COLOURS)] for i in range(len(rows))], alpha=0.85)
    if fair is not None:
        ax.axhline(100 * fair, color="#444", linestyle="--", linewidth=1, label=f"fair share {100 * fair:.1f} %")
        ax.legend(loc="upper right", fontsize=8)
    top = max([100 * r["high"] for r in rows] + [100 * (fair or 0)])
    ax.set_ylim(0, min(105, top * 1.2 + 2))
    ax.set_ylabel("win rate (%)")
    ax.set_title(title, fontsize=10)
    ax.grid(axis="y", alpha=0.3)
    doc.image(fig, title)


def _hist_chart(doc: _Doc, series: dict[str, list[float]], title: str, xlabel: str, box: bool, density: bool) -> None:
    import numpy as np

    values = [v for xs in series.values() for v in xs]
    lo, hi = min(values), max(values)
    bins = np.histogram_bin_edges(values, bins=min(30, max(5, int(hi - lo) + 1))) if hi > lo else 5
    fig, axes = _figure(8.0 if box else 6.4, 3.6, 2 if box else 1)
    ax = axes[0] if box else axes
    for i, (name, xs) in enumerate(series.items()):
        colour = COLOURS[i % len(COLOURS)]
        ax.hist(xs, bins=bins, histtype="stepfilled", alpha=0.45 if len(series) == 1 else 0.18, color=colour,
                density=density)  # fmt: skip
        ax.hist(xs, bins=bins, histtype="step", color=colour, linewidth=1.6, density=density, label=name)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("density" if density else "games")
    ax.set_title(title, fontsize=10)
    if len(series) > 1:
        ax.legend(fontsize=8)
    if box:
        bp = axes[1].boxplot(list(series.values()), patch_artist=True)
        axes[1].set_xticks(range(1, len(series) + 1), list(series), rotation=20 if len(series) > 3 else 0, fontsize=8)
        for i, patch in enumerate(bp["boxes"]):
            patch.set_facecolor(COLOURS[i % len(COLOURS)])
            patch.set_alpha(0.5)
        axes[1].set_ylabel(xlabel)
        axes[1].set_title("box plot", fontsize=10)
        axes[1].grid(axis="y", alpha=0.3)
    doc.image(fig, title)


def _grouped_bars(doc: _Doc, cats: list[str], series: dict[str, list[float]], title: str, ylabel: str,
                  errors: dict[str, list[list[float]]] | None = None, fair: float | None = None) -> None:  # fmt: skip
    fig, ax = _figure(7.5, 3.8)
    width = 0.8 / max(1, len(series))
    for i, (name, ys) in enumerate(series.items()):
        xs = [j + (i - (len(series) - 1) / 2) * width for j in range(len(cats))]
        ax.bar(xs, ys, width=width, label=name, color=COLOURS[i % len(COLOURS)], alpha=0.85,
               yerr=errors[name] if errors else None, capsize=3)  # fmt: skip
    ax.set_xticks(range(len(cats)), cats, fontsize=9)
    ax.axhline(0, color="#444", linewidth=0.8)
    if fair is not None:
        ax.axhline(fair, color="#444", linestyle="--", linewidth=1, label=f"fair share {fair:.1f} %")
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.grid(axis="y", alpha=0.3)
    fig.legend(loc="outside lower center", ncol=min(6, len(series) + (fair is not None)), fontsize=8)
    doc.image(fig, title)


def _describe(xs: Sequence[float], fmt: str = ".2f") -> list[str]:
    """mean, sd, median, min, max."""
    sd = statistics.stdev(xs) if len(xs) > 1 else 0.0
    quantiles = (statistics.median(xs), min(xs), max(xs))
    return [format(v, fmt) for v in (_mean(xs), sd)] + [format(v, "g") for v in quantiles]


def _run_section(doc: _Doc, run: _Run, anchor: str) -> None:
    recs = run.records
    doc.heading(2, f"Run {run.label}", anchor)
    opts = ", ".join(f"{k}={v}" for k, v in run.options.items())
    games = f"{len(recs)}" + (f" of {run.planned} planned" if run.planned and run.planned != len(recs) else "")
    lengths = run.lengths()
    doc.table(["field", "value"], [
        ["directory", str(run.path)], ["game", run.game], ["options", opts], ["kind", run.kind],
        ["bots", ", ".join(run.bots)], ["games", games], ["seed", run.seed if run.seed is not None else "?"],
        ["mean game length", f"{_mean(lengths):.1f} steps ({_mean([r['decisions'] for r in recs]):.1f} decisions)"],
        ["created", run.created or "?"]], left=True)  # fmt: skip

    doc.heading(3, "Win rate by seat")
    seats = stats.win_rates_by_seat(recs)
    doc.table(["seat", "games", "wins", "win rate", "95 % CI"],
              [[f"seat {r['seat']}", r["games"], _wins(r["wins"]), _pct(r["rate"]), _ci(r)]
               for r in seats])  # fmt: skip
    doc.para(f"Fair share is 1/{run.players} = {_pct(1 / run.players)}; a shared win counts as its share.", note=True)
    _rate_chart(doc, [f"seat {r['seat']}" for r in seats], seats, "Win rate by seat (95 % Wilson CI)", 1 / run.players)

    doc.heading(3, "Win rate by bot")
    bots = stats.win_rates_by_bot(recs)
    doc.table(["bot", "seat-games", "wins", "win rate", "95 % CI"],
              [[b, r["games"], _wins(r["wins"]), _pct(r["rate"]), _ci(r)] for b, r in bots.items()])  # fmt: skip
    if len(bots) > 1:
        _rate_chart(doc, list(bots), list(bots.values()), "Win rate by bot (95 % Wilson CI)", 1 / run.players)
    else:
        doc.para("One bot plays every seat, so its win rate is the fair share by construction.", note=True)
    if run.players == 2 and len(run.distinct) > 1:
        doc.heading(3, "Head to head")
        rows = []
        for b in run.distinct:
            cells = []
            for o in run.distinct:
                h = stats.head_to_head(recs, b, o) if o != b else None
                cells.append(f"{_pct(h['rate'])} {_ci(h)} n={h['games']}" if h and h["games"] else "–")
            rows.append([b, *cells])
        doc.table(["row bot vs column bot", *run.distinct], rows)

    title, groups = run.groups()
    doc.heading(3, "Score distribution")
    doc.table([title, "n", "mean", "sd", "median", "min", "max"],
              [[g, len(seats), *_describe(run.scores(seats))] for g, seats in groups.items()])  # fmt: skip
    _hist_chart(doc, {g: run.scores(seats) for g, seats in groups.items()}, f"Final scores per {title}", "final score",
                box=True, density=False)  # fmt: skip

    doc.heading(3, "Game length")
    doc.table(["measure", "mean", "sd", "median", "min", "max"],
              [["length (steps)", *_describe(lengths)], ["decisions", *_describe([r["decisions"] for r in recs])],
               ["seconds", *_describe([r.get("seconds", 0.0) for r in recs], ".4f")]])  # fmt: skip
    _hist_chart(doc, {"length": [float(x) for x in lengths]}, "Game length distribution", "length (steps)",
                box=False, density=False)  # fmt: skip

    doc.heading(3, "Ratings")
    rated = stats.ratings(recs)
    if rated:
        doc.table(["bot", "mu", "sigma", "ordinal (mu − 3σ)", "games rated"],
                  [[r["bot"], f"{r['mu']:.2f}", f"{r['sigma']:.2f}", f"{r['ordinal']:.2f}", r["games_rated"]]
                   for r in rated])  # fmt: skip
        doc.para("openskill Plackett-Luce, from games whose seats all hold distinct bots.", note=True)
    else:
        doc.para("No game seats distinct bots at every seat, so no openskill ratings.", note=True)

    cats = run.categories()
    if cats:
        doc.heading(3, "Points per scoring category")
        means = {g: run.category_means(seats) for g, seats in groups.items()}
        doc.table([title, *cats, "sum"],
                  [[g, *[f"{m[c]:.2f}" for c in cats], f"{sum(m.values()):.2f}"]
                   for g, m in means.items()])  # fmt: skip
        doc.para(
            "Mean points each category adds to a seat's score (negative: penalties). The sum leaves out "
            "starting points unless a category lists them, and a final score may be floored (in Ra it "
            "never falls below 0).",
            note=True,
        )
        _grouped_bars(doc, cats, {g: [m[c] for c in cats] for g, m in means.items()},
                      f"Mean points per category and {title}", "points")  # fmt: skip


def _comparison(doc: _Doc, runs: list[_Run], names: list[str]) -> None:
    doc.heading(2, "Comparison", "comparison")
    doc.table(["run", "kind", "game", "players", "edition", "bots", "games"],
              [[n, r.kind, r.game, r.players, r.options.get("edition", "–"), ", ".join(r.bots), len(r.records)]
               for n, r in zip(names, runs)], left=True)  # fmt: skip
    maxp = max(r.players for r in runs)
    seat_rows = [stats.win_rates_by_seat(r.records) for r in runs]
    doc.heading(3, "Win rate by seat")
    doc.table(["run", "games", *[f"seat {s}" for s in range(maxp)]],
              [[n, len(r.records), *[f"{_pct(x['rate'])} {_ci(x)}" for x in rows], *["–"] * (maxp - len(rows))]
               for n, r, rows in zip(names, runs, seat_rows)])  # fmt: skip
    same_p = len({r.players for r in runs}) == 1
    _grouped_bars(doc, [f"seat {s}" for s in range(maxp)],
                  {n: [100 * x["rate"] for x in rows] + [0.0] * (maxp - len(rows))
                   for n, rows in zip(names, seat_rows)},
                  "Win rate by seat per run (95 % CI)", "win rate (%)",
                  errors={n: [e + [0.0] * (maxp - len(rows)) for e in _errbars(rows)]
                          for n, rows in zip(names, seat_rows)},
                  fair=100 / runs[0].players if same_p else None)  # fmt: skip

    doc.heading(3, "Scores and lengths")
    doc.table(["run", "games", "mean score", "mean winning score", "mean length", "mean decisions"],
              [[n, len(r.records), f"{_mean(r.scores()):.2f}",
                f"{_mean([max(rec['scores']) for rec in r.records]):.2f}", f"{_mean(r.lengths()):.1f}",
                f"{_mean([rec['decisions'] for rec in r.records]):.1f}"] for n, r in zip(names, runs)])  # fmt: skip
    _hist_chart(doc, {n: r.scores() for n, r in zip(names, runs)}, "Final scores (all seats) per run", "final score",
                box=True, density=True)  # fmt: skip
    _hist_chart(doc, {n: [float(x) for x in r.lengths()] for n, r in zip(names, runs)}, "Game length per run",
                "length (steps)", box=False, density=True)  # fmt: skip

    cats = list(dict.fromkeys(c for r in runs for c in r.categories()))
    if cats:
        doc.heading(3, "Mean points per category")
        means = [r.category_means() if r.categories() else {} for r in runs]
        doc.table(["run", *cats], [[n, *[f"{m[c]:.2f}" if c in m else "–" for c in cats]]
                                   for n, m in zip(names, means)])  # fmt: skip
        _grouped_bars(doc, cats, {n: [m.get(c, 0.0) for c in cats] for n, m in zip(names, means)},
                      "Mean points per category per run (all seats)", "points")  # fmt: skip


def write_report(run_dirs: list[str | Path], out: str | Path | None = None) -> tuple[Path, Path]:
    """Writes ``report.html`` (plots embedded) and ``report.md`` (tables) for one or more run directories.

    The files go into ``out`` (a directory, created if needed) or else into the first run directory.
    Returns ``(html_path, md_path)``. Raises ConfigError when a directory holds no game records.
    """
    if isinstance(run_dirs, (str, Path)):
        run_dirs = [run_dirs]
    if not run_dirs:
        raise ConfigError(error_msg("errors.arena.report_needs_dir"))
    runs = [_Run(Path(d)) for d in run_dirs]
    check_dir(out if out is not None else runs[0].path)  # before the plots are drawn
    import matplotlib

    matplotlib.use("Agg")
    names: list[str] = []
    for i, run in enumerate(runs):
        names.append(run.name if [r.name for r in runs].count(run.name) == 1 else f"{run.name} #{i + 1}")
    out_dir = Path(out) if out is not None else runs[0].path
    ensure_dir(out_dir)
    html_path, md_path = out_dir / HTML_NAME, out_dir / MD_NAME

    doc = _Doc()
    title = f"Heliopolis arena report: {', '.join(names)}"
    doc.heading(1, title)
    doc.md.append(f"Plots are in the HTML report [{HTML_NAME}]({HTML_NAME}).\n")
    toc = [(f"run-{i + 1}", f"Run {names[i]}") for i in range(len(runs))]
    if len(runs) > 1:
        toc.append(("comparison", "Comparison"))
    doc.html.append("<nav><ul>" + "".join(f'<li><a href="#{a}">{html.escape(t)}</a></li>' for a, t in toc)
                    + "</ul></nav>")  # fmt: skip
    for i, run in enumerate(runs):
        _run_section(doc, run, f"run-{i + 1}")
    if len(runs) > 1:
        _comparison(doc, runs, names)

    page = (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>\n"
            + "\n".join(doc.html) + "\n</body></html>\n")  # fmt: skip
    html_path.write_text(page, encoding="utf-8")
    md_path.write_text("\n".join(doc.md), encoding="utf-8")
    return html_path, md_path
