// The board module of each game; any other game gets the generic board.

import generic from "./board-generic.js";
import hus from "./board-hus.js";
import oware from "./board-oware.js";
import quinque from "./board-quinque.js";
import stratego from "./board-stratego.js";

const MODULES = { hus, oware, quinque, stratego };

/** The board module for `game`. */
export function boardModule(game) {
  return MODULES[game] || generic;
}

/** The animation speed: milliseconds per step (0: none), kept by the browser. */
export function stepMs() {
  const stored = localStorage.getItem("plateau.stepMs");
  const n = stored === null ? 140 : Number(stored);
  return Number.isFinite(n) && n >= 0 ? n : 140;
}

/** The squares of the last move from a SeatBoard's `last_move`. */
export function lastMoveSquares(lastMove) {
  if (!lastMove) return [];
  if (Array.isArray(lastMove)) return lastMove;
  if (Array.isArray(lastMove.squares)) return lastMove.squares;
  return [];
}

/** The player who made the last move, if the SeatBoard says. */
export function lastMover(lastMove) {
  return lastMove && typeof lastMove.player === "number" ? lastMove.player : null;
}
