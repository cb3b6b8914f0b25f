// The page's entry: the address says what to show.
//   /                          the lobby (a new game)
//   /?match=ID&token=T         a seat of a match (hotseat=1: both seats at one screen)
//   /?match=ID                 a spectator of a match
//   /?replay=1                 the replay viewer
//   /?replay=1&match=ID&token=T  a finished match's record in the replay viewer (seat=N: that
//                              view; analysis=ID: an analysis made already; ply=N: that ply)

import { h } from "./dom.js";
import { showLobby } from "./lobby.js";
import { showReplay } from "./replay.js";
import { GameScreen } from "./game.js";

const root = document.getElementById("app");
const query = new URLSearchParams(location.search);

async function main() {
  if (query.has("replay")) {
    showReplay(root, {
      match: query.get("match"),
      token: query.get("token"),
      seat: query.has("seat") ? Number(query.get("seat")) : null,
      analysis: query.get("analysis"),
      ply: query.get("ply"),
    });
  } else if (query.has("match")) {
    const screen = new GameScreen(root, {
      match: query.get("match"),
      token: query.get("token"),
      hotseat: query.get("hotseat") === "1",
      game: query.get("game"),
      variant: query.get("variant"),
    });
    await screen.start();
  } else {
    await showLobby(root);
  }
}

main().catch((e) => {
  root.replaceChildren(
    h("div", { class: "message", id: "fatal" }, [
      h("p", { text: `Error: ${e.message}` }),
      h("p", {}, [h("a", { href: "/", id: "back-to-lobby", text: "Back to the lobby" })]),
    ]),
  );
});
