#!/usr/bin/env bash
# Side-by-side random Oware games of Plateau and its peers, in interleaved
# rounds on one core (docs/PERFORMANCE.md "Oware"): each round runs
# `plateau bench oware`, board-game-rs's harness and OpenSpiel's
# `evaluate_bots` loop one after the other, pinned to the same core, and the
# medians of the games/s and the ratios of each round are printed at the end.
# Not part of the workspace build or CI.
#
# Usage: bench/peers/oware_rounds.sh ROUNDS PLATEAU PEER_BGR PYTHON [CORE]
#   PLATEAU   the release `plateau` binary
#   PEER_BGR  the release binary of bench/peers/board-game-rs
#   PYTHON    a Python with `open_spiel` installed (bench/peers/README.md)
#   CORE      the core to pin to (default 1)
# Games a run: PLATEAU_GAMES (100000), BGR_GAMES (100000), OSPIEL_GAMES (20000).
set -euo pipefail
rounds="$1" plateau="$2" bgr="$3" python="$4" core="${5:-1}"
here="$(cd "$(dirname "$0")" && pwd)"
pg="${PLATEAU_GAMES:-100000}" bg="${BGR_GAMES:-100000}" og="${OSPIEL_GAMES:-20000}"
games_per_second() { grep -oE '[0-9.]+ games/s' | head -1 | cut -d' ' -f1; }
p=() b=() o=()
for r in $(seq 1 "$rounds"); do
  p+=("$(taskset -c "$core" "$plateau" bench oware --games "$pg" --seed "$r" --max-plies 0 \
    | grep 'games/s' | awk '{print $2}')")
  b+=("$(taskset -c "$core" "$bgr" "$bg" "$r" | games_per_second)")
  o+=("$(taskset -c "$core" "$python" "$here/open_spiel/oware_random.py" cpp "$og" "$r" | games_per_second)")
  echo "round $r: plateau ${p[-1]}  board-game-rs ${b[-1]}  open_spiel-cpp ${o[-1]} games/s" \
    "($(awk -v a="${p[-1]}" -v b="${b[-1]}" -v c="${o[-1]}" 'BEGIN{printf "%.2fx, %.2fx", a/b, a/c}'))" \
    "load $(cut -d' ' -f1 /proc/loadavg)"
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END{print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
ratios_b=() ratios_o=()
for i in "${!p[@]}"; do
  ratios_b+=("$(awk -v a="${p[$i]}" -v b="${b[$i]}" 'BEGIN{print a/b}')")
  ratios_o+=("$(awk -v a="${p[$i]}" -v c="${o[$i]}" 'BEGIN{print a/c}')")
done
echo "medians of $rounds rounds: plateau $(median "${p[@]}")  board-game-rs $(median "${b[@]}")" \
  " open_spiel-cpp $(median "${o[@]}") games/s; ratios (median of the rounds'):" \
  "$(median "${ratios_b[@]}")x board-game-rs, $(median "${ratios_o[@]}")x open_spiel"
