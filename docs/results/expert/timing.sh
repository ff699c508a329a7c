#!/usr/bin/env bash
# Decision times of the expert and hard specs (writes to stdout; docs/results/expert/timing.txt holds a run).
cd "$(dirname "$0")/../../../bench"
export PYTHONPATH="$PWD/../src"
PY=${PY:-/work/main/.venv/bin/python}
nice -n 5 $PY bench_expert.py --game ra --players 2 --positions 30 --specs "rollout:iters=1000,rollout:iters=250"
nice -n 5 $PY bench_expert.py --game ra --players 3 --positions 30 --specs "rollout:iters=2000,depth=400,cut=period,rollout:iters=500,depth=400,cut=period"
for p in 4 5; do nice -n 5 $PY bench_expert.py --game ra --players $p --positions 30 --specs "rollout:iters=500,depth=400,cut=period,rollout:iters=125,depth=400,cut=period"; done
nice -n 5 $PY bench_expert.py --game ra-dice --players 2 --positions 20 --specs "rollout:iters=1000,eval=learned"
nice -n 5 $PY bench_expert.py --game ra-dice --players 3 --positions 20 --specs "rollout:iters=1000"
nice -n 5 $PY bench_expert.py --game ra-dice --players 4 --positions 20 --specs "rollout:iters=500,depth=400,cut=period"
nice -n 5 $PY bench_expert.py --game men-nefer --players 3 --positions 20 --specs "rollout:iters=800"
nice -n 5 $PY bench_expert.py --game men-nefer --players 4 --positions 20 --specs "rollout:iters=400,depth=400,cut=period"
nice -n 5 $PY bench_expert.py --game helios --players 3 --positions 20 --specs "rollout:iters=400"
nice -n 5 $PY bench_expert.py --game helios --players 4 --positions 20 --specs "rollout:iters=400"
