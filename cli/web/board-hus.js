// Hus (RULES.md H): four rows of pits with their stones. A move is shown
// step by step: the stones lifted, sown one by one along the mover's loop
// (H1.3: a8 → a1, b1 → b8, back to a8), each relay and each capture, as
// the move's description (sent by the server) tells them. The board the
// server sends after the move is always the one that stays.

import { gridBoard } from "./board-generic.js";
import { boardCells, cellKey } from "./picker.js";

/** The mover's loop of 16 pits in sowing order (H1.4). */
const LOOP = [8, 7, 6, 5, 4, 3, 2, 1].map((c) => `a${c}`).concat([1, 2, 3, 4, 5, 6, 7, 8].map((c) => `b${c}`));

/**
 * The frames of a sowing: the stone counts (by cell key) after each stone,
 * from the board before the move and the move's description. Returns []
 * when the description cannot be followed (the final board is shown then).
 */
export function sowingFrames(before, described, players) {
  if (!before || !described) return [];
  const lines = described.split("\n").map((l) => l.trim()).filter(Boolean);
  const first = lines[0] && lines[0].match(/^(\S+) \S+: lifts (\d+) stones? from (\w+)/);
  if (!first) return [];
  const mover = players.indexOf(first[1]);
  if (mover < 0) return [];
  const opponent = 1 - mover;
  const counts = new Map();
  for (const cell of boardCells(before)) {
    if (cell.key) counts.set(cell.key, Number(cell.text) || 0);
  }
  const own = (pit) => cellKey({ owner: mover, name: pit });
  const theirs = (pit) => cellKey({ owner: opponent, name: pit });
  if (!counts.has(own("a1"))) return [];
  const frames = [];
  const snap = () => frames.push(new Map([...counts].map(([k, v]) => [k, v === 0 ? "" : String(v)])));
  const sow = (from, hand) => {
    let pos = LOOP.indexOf(from);
    if (pos < 0) return false;
    for (let i = 0; i < hand; i++) {
      pos = (pos + 1) % LOOP.length;
      counts.set(own(LOOP[pos]), counts.get(own(LOOP[pos])) + 1);
      snap();
    }
    return true;
  };
  const steps = [[first[3], Number(first[2]), [own(first[3])]]];
  for (const line of lines.slice(1)) {
    let m = line.match(/^relay from (\w+): (\d+) stones?/);
    if (m) {
      steps.push([m[1], Number(m[2]), [own(m[1])]]);
      continue;
    }
    m = line.match(/^capture at (\w+): \d+ from \w+ \+ \d+ from \S+ (\w+) \+ \d+ from \S+ (\w+) = (\d+) stones?/);
    if (m) {
      steps.push([m[1], Number(m[4]), [own(m[1]), theirs(m[2]), theirs(m[3])]]);
    }
  }
  for (const [pit, hand, emptied] of steps) {
    for (const key of emptied) counts.set(key, 0);
    snap();
    if (!sow(pit, hand)) return [];
  }
  return frames;
}

/** The board after a move's last frame: the cells' texts replaced. */
export function afterFrames(board, frame) {
  return { ...board, cells: board.cells.map((c) => {
    const key = cellKey({ owner: c.owner === undefined ? null : c.owner, name: c.name });
    return c.name && frame.has(key) ? { ...c, text: frame.get(key) } : c;
  }) };
}

export default {
  afterFrames,
  draw(ctx) {
    return gridBoard(ctx, { shape: "pit" });
  },
  frames(before, described, info) {
    return sowingFrames(before, described, info.players);
  },
};
