// The board module of each game; any other game gets the generic board.

import generic from "./board-generic.js";
import hus from "./board-hus.js";
import oware from "./board-oware.js";
import quinque from "./board-quinque.js";
import stratego from "./board-stratego.js";

const MODULES = { hus, oware, quinque, stratego };

/**
 * The board module for `game`; the generic board when the game has none of
 * its own, or when the address asks for it (`board=generic`).
 */
export function boardModule(game) {
  if (new URLSearchParams(location.search).get("board") === "generic") return generic;
  return MODULES[game] || generic;
}

/** The animation speed: milliseconds per step (0: none), kept by the browser. */
export function stepMs() {
  const stored = localStorage.getItem("plateau.stepMs");
  const n = stored === null ? 140 : Number(stored);
  return Number.isFinite(n) && n >= 0 ? n : 140;
}

/**
 * The keys of the cells of the last move: a SeatBoard's `last_move` is a
 * list of `[row, column]` cells, origin first.
 */
export function lastMoveKeys(lastMove, cells, cols) {
  if (!Array.isArray(lastMove)) return new Set();
  const keys = new Set();
  for (const at of lastMove) {
    if (!Array.isArray(at)) continue;
    const cell = cells[at[0] * cols + at[1]];
    if (cell && cell.key) keys.add(cell.key);
  }
  return keys;
}

/**
 * The boards that show the last move of an update step by step: the
 * engine's intermediate boards (each sowing or relay, a combat), then the
 * board after the move, so that an animation always ends on the engine's
 * board. None when the move has no intermediate board.
 */
export function animationBoards(update) {
  const frames = (update && update.last_move && update.last_move.frames) || [];
  const board = update && update.board && update.board.board;
  if (!frames.length || !board) return [];
  return [...frames, board];
}
