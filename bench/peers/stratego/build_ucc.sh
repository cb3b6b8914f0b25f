#!/bin/sh
# Gets and builds the sample AIs of the 2012 UCC Programming Competition for
# Stratego (braathwaate/strategoevaluator) outside the Plateau tree.
#
#   UCC_HOME=$HOME/peers/strategoevaluator bench/peers/stratego/build_ucc.sh
#
# Steps (README.md, section 1, says why each is needed):
#  1. git clone the repository into $UCC_HOME at the pinned commit (an existing
#     copy, e.g. from `git archive`, is used as it is);
#  2. fix two sources once with sed (ramen's prototype, basic_java's two bugs);
#  3. make the C/C++ programs (basic_cpp, peternlewis, ramen) after removing
#     the binaries and objects the repository ships, and the Java one;
#  4. convert the Python 2 programs with 2to3 and one sed fix (celsius).
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
TREE=$(cd "$HERE/../../.." && pwd)
UCC_HOME=${UCC_HOME:-$HOME/peers/strategoevaluator}
COMMIT=54f0978c5763f9d40e7b7a0d703b739b729ce81c
PYTHON=${PYTHON:-python3}

mkdir -p "$UCC_HOME"
UCC_HOME=$(cd "$UCC_HOME" && pwd)
case "$UCC_HOME/" in
  "$TREE"/*) echo "UCC_HOME ($UCC_HOME) must be outside the Plateau tree ($TREE)" >&2; exit 2 ;;
esac

# 1. the sources
if [ ! -d "$UCC_HOME/agents" ]; then
  git clone https://github.com/braathwaate/strategoevaluator.git "$UCC_HOME"
  git -C "$UCC_HOME" checkout -q "$COMMIT"
elif [ -d "$UCC_HOME/.git" ]; then
  head=$(git -C "$UCC_HOME" rev-parse HEAD)
  [ "$head" = "$COMMIT" ] || echo "warning: $UCC_HOME is at $head, not $COMMIT" >&2
fi
A="$UCC_HOME/agents"

# 2. the two source fixes, once (edits by sed, so that none of their code is
#    kept here): ramen's missing prototype of GetPieceByPos (db.c), and the
#    Java sample's turn counter and defender's colour (basic.java)
if [ ! -e "$UCC_HOME/.plateau-patched" ]; then
  sed -i 's#^// === PROTOTYPES ===$#&\ntPiece\t*GetPieceByPos(int X, int Y);#' "$A/ramen/db.c"
  grep -q '^tPiece	\*GetPieceByPos(int X, int Y);' "$A/ramen/db.c"
  # ++turn; after the first ReadBoard(); of the turn loop (line 168 at the pinned commit)
  sed -i '168{/ReadBoard();/s#$#\n\t\t++turn;#}' "$A/basic_java/basic.java"
  grep -q '++turn;' "$A/basic_java/basic.java"
  # the defender's colour where the defending piece is counted (line 356 at
  # the pinned commit, 357 after the line above; the attacker's, line 345, is right)
  sed -i '357s#else if (attacker.colour.compareTo(OppositeColour(colour)) == 0)#else if (defender.colour.compareTo(OppositeColour(colour)) == 0)#' \
    "$A/basic_java/basic.java"
  grep -q 'else if (defender.colour.compareTo(OppositeColour(colour)) == 0)' "$A/basic_java/basic.java"
  touch "$UCC_HOME/.plateau-patched"
fi

# 3. C, C++ and Java
for d in basic_cpp peternlewis ramen; do
  (cd "$A/$d" && rm -f "$d" ./*.o ./*.o.dep && make)
done
(cd "$A/basic_java" && make clean && make)

# 4. Python 2 -> 3, once
if [ ! -e "$UCC_HOME/.plateau-py3" ]; then
  for d in basic_python asmodeus vixen hunter celsius celsius1.1; do
    rm -f "$A/$d"/*.pyc "$A/$d"/*.py~
    "$PYTHON" -W ignore -m lib2to3 -w -n "$A/$d"/*.py
  done
  # Python 2 integer division in celsius' heat map: keep its meaning
  sed -i 's#((50 - i)/50)#((50 - i)//50)#' "$A/celsius/celsius.py" "$A/celsius1.1/celsius.py"
  touch "$UCC_HOME/.plateau-py3"
fi

# 5. The UCC manager itself, without graphics (no SDL), in a copy of its
# folder: `plateau ucc` is tested under it. Two build fixes by sed: the
# graphics switch is turned off, and human_controller.h uses strlen without
# <cstring>.
M="$UCC_HOME/manager-text"
if [ ! -x "$M/stratego" ]; then
  rm -rf "$M" && cp -r "$UCC_HOME/manager" "$M"
  (cd "$M" && rm -f ./*.o stratego \
    && sed -i 's|^#define BUILD_GRAPHICS|// #define BUILD_GRAPHICS|' graphics.h \
    && sed -i '1i #include <cstring>' human_controller.h \
    && make LIBRARIES=-lpthread)
fi
test -x "$M/stratego"

for d in basic_cpp peternlewis ramen; do test -x "$A/$d/$d"; done
test -f "$A/basic_java/BasicAI.class"
for f in basic_python/basic_python.py asmodeus/asmodeus.py vixen/vixen.py hunter/hunter.py \
         celsius/celsius.py celsius1.1/celsius.py; do
  "$PYTHON" -m py_compile "$A/$f"
done
echo "built in $A"
