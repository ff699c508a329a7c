#!/usr/bin/env bash
# Expert vs all-heuristic tables, seats rotated: one cell per line of the given list.
# Usage: bash docs/results/expert/run_cells.sh A|B   (resumable: re-run continues each cell)
set -u
cd "$(dirname "$0")/../../.."
export PYTHONPATH="$PWD/src"
PY=${PY:-/work/main/.venv/bin/python}
cell() {  # dir game players games seed spec [edition]
  local dir=$1 game=$2 p=$3 n=$4 seed=$5 spec=$6 ed=${7:-}
  local bots=$spec
  for ((i = 1; i < p; i++)); do bots="$bots,heuristic"; done
  echo "== $(date -u +%H:%M:%S) $dir: tournament $game -p $p -b $bots -n $n --seed $seed ${ed:+-e $ed}"
  nice -n 5 "$PY" -m heliopolis.cli tournament "$game" -p "$p" -b "$bots" -n "$n" \
    -o "docs/results/expert/$dir" -w 2 --seed "$seed" ${ed:+-e "$ed"} 2>&1 | grep -v '━' | tail -8
}
RA=rollout:iters=1000
case ${1:-A} in
A)
  cell ra-3p ra 3 100 503 $RA
  cell ra-4p ra 4 100 504 $RA
  cell ra-2p ra 2 100 502 $RA
  ;;
B)
  cell ra-5p ra 5 30 505 $RA
  cell ra1999-4p ra 4 30 514 $RA 1999
  cell ra-dice-3p ra-dice 3 30 523 rollout:iters=1000
  cell men-nefer-3p men-nefer 3 30 543 rollout:iters=800
  cell helios-3p helios 3 30 533 rollout:iters=400
  cell ra1999-3p ra 3 30 513 $RA 1999
  cell ra1999-5p ra 5 30 515 $RA 1999
  cell ra-dice-2p ra-dice 2 30 522 rollout:iters=1000
  cell ra-dice-4p ra-dice 4 30 524 rollout:iters=1000
  cell men-nefer-2p men-nefer 2 30 542 rollout:iters=800
  cell men-nefer-4p men-nefer 4 30 544 rollout:iters=800
  cell helios-2p helios 2 30 532 rollout:iters=400
  cell helios-4p helios 4 30 534 rollout:iters=400
  ;;
esac
echo "== $(date -u +%H:%M:%S) done $1"
