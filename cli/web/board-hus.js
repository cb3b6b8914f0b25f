// Hus (RULES.md H): four rows of pits with their stones. A move is shown
// step by step from the engine's frames (each sowing and relay, each
// capture) that the server's update carries; the update's board after the
// move is always the one that stays.

import { gridBoard } from "./board-generic.js";

export default {
  draw(ctx) {
    return gridBoard(ctx, { shape: "pit" });
  },
};
