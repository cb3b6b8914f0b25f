#!/usr/bin/env bash
# Gets and builds Aalina's Oware engine (Joan Sala Soler) OUTSIDE the Plateau
# tree, with javac and Debian's Java packages (no Maven). See README.md.
#
# Usage: bench/peers/oware/aalina/build_aalina.sh
#   AALINA_HOME  where the sources and the build go (default $HOME/peers/oware-aalina)
# Needs: apt-get install -y git default-jdk-headless libguice-java libpicocli-java \
#          libjline3-java libdb-je-java
# Leaves: $AALINA_HOME/build/aalina (the launcher: `aalina service` is the
# engine protocol), its jar, opening book, endgame tables and build/COMMIT.
set -euo pipefail
OWARE_COMMIT=bb17feca057bdd225d8c9d3cf7120813182578d4    # joansalasoler/oware, 2024-07-21
SAMURAI_COMMIT=5f45b1b209ed09d97b8bf442f88af6b8b4452ba5  # joansalasoler/samurai, 2024-07-31
AALINA_HOME="${AALINA_HOME:-$HOME/peers/oware-aalina}"
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../../.." && pwd -P)"
AALINA_HOME="$(realpath -m "$AALINA_HOME")"
case "$AALINA_HOME/" in
  "$repo"/*) echo "AALINA_HOME=$AALINA_HOME is inside the Plateau tree; put it elsewhere" >&2; exit 2 ;;
esac
mkdir -p "$AALINA_HOME"
cd "$AALINA_HOME"

# The sources: the engine (oware) and the framework it is written on
# (samurai), at the commits the author's `engines` superproject pins together.
get() {  # get NAME COMMIT
  if [ ! -e "$1" ]; then
    git clone --quiet "https://github.com/joansalasoler/$1.git" "$1"
    git -C "$1" -c advice.detachedHead=false checkout --quiet "$2"
  elif [ -d "$1/.git" ]; then
    head="$(git -C "$1" rev-parse HEAD)"
    [ "$head" = "$2" ] || echo "warning: $1 is at $head, not the pinned $2" >&2
  fi  # else: an exported copy of that commit, used as it is
}
get oware "$OWARE_COMMIT"
get samurai "$SAMURAI_COMMIT"

# Debian's jars: Guice 4.2.3 without AOP (its cglib cannot define classes on
# Java 17), picocli 4.6.2, JLine 3.3.1, Berkeley DB JE 3.3.98. Aalina's pom
# asks for Guice 7, picocli 4.7.6, JLine 3.19 and JE 3.2.76; the sources
# compile and run unchanged against these.
J=/usr/share/java
CP="$J/guice-no-aop.jar:$J/atinject-jsr330-api.jar:$J/aopalliance.jar:$J/guava.jar:$J/picocli.jar:$J/jline3.jar:$J/db-je.jar"
rm -rf build && mkdir -p build/classes
find samurai/src/main/java oware/src/main/java -name '*.java' | sort > build/sources.txt
javac -nowarn -encoding UTF-8 --release 11 -d build/classes -cp "$CP" @build/sources.txt
jar --create --file build/aalina-oware.jar -C build/classes .
# The engine looks for these beside its jar (Settings.getFile).
cp oware/src/main/resources/oware-roots.bin oware/src/main/resources/oware-leaves.bin build/
sed -e 's/${project.name}/Samurai Oware/' -e 's/${project.version}/2.1.0-SNAPSHOT/' \
    -e 's/${project.organization.name}/Joan Sala Soler/' \
    oware/src/main/resources/oware.properties > build/oware.properties
cat > build/aalina <<LAUNCH
#!/bin/sh
exec java -cp "$AALINA_HOME/build/aalina-oware.jar:$CP" com.joansala.game.oware.OwareModule "\$@"
LAUNCH
chmod +x build/aalina
echo "oware $OWARE_COMMIT, samurai $SAMURAI_COMMIT" > build/COMMIT
printf 'uci\nisready\nquit\n' | build/aalina service | grep -q readyok
echo "built: $AALINA_HOME/build/aalina service ($(cat build/COMMIT))"
