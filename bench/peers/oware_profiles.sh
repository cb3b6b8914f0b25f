#!/usr/bin/env bash
# Each program at its fastest build (docs/PERFORMANCE.md, "Oware: each
# program at its best build"): random Oware games of Plateau and of
# board-game-rs, each built twice, with the thin-LTO, 4-unit release profile
# and with fat LTO and one codegen unit, in interleaved rounds pinned to one
# core. Prints every round, the medians and the ratios. Not part of the
# workspace build or CI.
#
# Usage: bench/peers/oware_profiles.sh ROUNDS PLATEAU_THIN PLATEAU_FAT BGR_THIN BGR_FAT [CORE]
#   PLATEAU_*  release `plateau` binaries (see bench/peers/README.md for the builds)
#   BGR_*      release binaries of bench/peers/board-game-rs
# Games a run: PLATEAU_GAMES (200000), BGR_GAMES (100000).
set -euo pipefail
rounds="$1" pt="$2" pf="$3" bt="$4" bf="$5" core="${6:-1}"
pg="${PLATEAU_GAMES:-200000}" bg="${BGR_GAMES:-100000}"
plateau() { taskset -c "$core" "$1" bench oware --games "$pg" --seed "$2" --max-plies 0 | grep 'games/s' | awk '{print $2}'; }
bgr() { taskset -c "$core" "$1" "$bg" "$2" | grep -oE '[0-9.]+ games/s' | head -1 | cut -d' ' -f1; }
a=() b=() c=() d=()
for r in $(seq 1 "$rounds"); do
  a+=("$(plateau "$pt" "$r")") b+=("$(plateau "$pf" "$r")")
  c+=("$(bgr "$bt" "$r")") d+=("$(bgr "$bf" "$r")")
  echo "round $r: plateau thin ${a[-1]}  fat ${b[-1]}  board-game-rs thin ${c[-1]}  fat ${d[-1]} games/s  load $(cut -d' ' -f1 /proc/loadavg)"
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END{print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
ratio() { local out=(); for i in "${!a[@]}"; do local -n x="$1" y="$2"; out+=("$(awk -v p="${x[$i]}" -v q="${y[$i]}" 'BEGIN{print p/q}')"); done; median "${out[@]}"; }
echo "medians of $rounds rounds (games/s): plateau thin $(median "${a[@]}"), fat $(median "${b[@]}");" \
  "board-game-rs thin $(median "${c[@]}"), fat $(median "${d[@]}")"
echo "ratios (median of the rounds'): plateau fat/thin $(ratio b a)x; board-game-rs fat/thin $(ratio d c)x;" \
  "plateau thin / board-game-rs fat $(ratio a d)x; plateau fat / board-game-rs fat $(ratio b d)x"
