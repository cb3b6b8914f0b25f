// The start page: choose a game, its variant and how to play it, then
// create the match on the server.

import { h } from "./dom.js";
import { api } from "./net.js";
import { clockChooser } from "./clock.js";

/** The address of a seat's page, with the game named for the page. */
function seatAddress(url, created, extra) {
  const u = new URL(url, location.origin);
  u.searchParams.set("game", created.game);
  if (created.variant) u.searchParams.set("variant", created.variant);
  for (const [k, v] of Object.entries(extra || {})) u.searchParams.set(k, v);
  return u.toString();
}

export async function showLobby(root) {
  const catalog = await api("/api/games");
  const games = catalog.games || [];
  const gameSelect = h("select", { id: "game-select", "aria-label": "game" }, games.map((g) => h("option", { value: g.game, text: g.name })));
  const variantSelect = h("select", { id: "variant-select", "aria-label": "variant" });
  const seatSelect = h("select", { id: "seat-select", "aria-label": "your side" });
  const agentSelect = h("select", { id: "agent-select", "aria-label": "agent" });
  const agentSpec = h("input", { id: "agent-spec", "aria-label": "agent spec", size: 22 });
  const agentHelp = h("p", { class: "hint", id: "agent-help" });
  const seed = h("input", { id: "seed", type: "number", min: 0, placeholder: "random", "aria-label": "seed" });
  const settings = h("input", { id: "settings", size: 40, placeholder: "e.g. max_plies=300, first=north", "aria-label": "parameters" });
  const modes = [
    ["agent", "against an agent"],
    ["hotseat", "hot-seat: two players, one screen"],
    ["online", "two browsers: share a link per seat"],
  ];
  const modeInputs = modes.map(([value, label]) =>
    h("label", { class: "mode" }, [h("input", { type: "radio", name: "mode", value, checked: value === "agent", id: `mode-${value}` }), ` ${label}`]),
  );
  const agentRow = h("div", { class: "row", id: "agent-row" }, [h("label", { text: "Agent " }), agentSelect, " spec ", agentSpec]);
  const clock = clockChooser();
  const namesRow = h("div", { class: "row names", id: "names-row" });
  const links = h("div", { id: "links", class: "links" });
  const error = h("div", { class: "message", id: "lobby-error" });
  let agents = [];

  const mode = () => root.querySelector("input[name=mode]:checked").value;

  const loadAgents = async () => {
    agentSelect.replaceChildren();
    try {
      const answer = await api(`/api/agents?game=${encodeURIComponent(gameSelect.value)}`);
      agents = answer.agents || [];
      for (const a of agents) agentSelect.append(h("option", { value: a.name, text: a.name, selected: a.name === answer.default }));
      agentSpec.value = answer.default || (agents[0] && agents[0].name) || "";
    } catch (e) {
      agents = [];
      error.textContent = e.message;
    }
    describeAgent();
  };
  const describeAgent = () => {
    const a = agents.find((x) => x.name === agentSelect.value);
    agentHelp.textContent = a
      ? `${a.description || ""}${a.options && a.options.length ? ` Options: ${a.options.map((o) => `${o.key}=${o.default}`).join(", ")}` : ""}`
      : "";
  };
  const loadVariants = () => {
    const game = games.find((g) => g.game === gameSelect.value);
    variantSelect.replaceChildren(...game.variants.map((v) => h("option", { value: v.name, text: `${v.name}: ${v.description}` })));
    loadSeats();
  };
  const loadSeats = () => {
    const game = games.find((g) => g.game === gameSelect.value);
    const variant = game.variants.find((v) => v.name === variantSelect.value) || game.variants[0];
    seatSelect.replaceChildren(...variant.players.map((p, i) => h("option", { value: String(i), text: p })));
    loadNames();
  };
  // One name a person seat: against an agent only "your name", which the
  // browser remembers (as for the first seat in the other modes).
  const loadNames = () => {
    const game = games.find((g) => g.game === gameSelect.value);
    const variant = game.variants.find((v) => v.name === variantSelect.value) || game.variants[0];
    const remembered = localStorage.getItem("plateau.name") || "";
    const agentMode = mode() === "agent";
    const me = Number(seatSelect.value || 0);
    const fields = variant.players
      .map((p, i) => [p, i])
      .filter(([, i]) => !agentMode || i === me)
      .map(([p, i]) => {
        const first = agentMode || i === 0;
        return h("label", { class: "name-field" }, [
          first ? "Your name " : `${p}'s name `,
          first && !agentMode ? h("span", { class: "hint", text: `(${p}) ` }) : null,
          h("input", { class: "player-name", id: `name-${i}`, "data-player": i, maxlength: 32, size: 14, placeholder: p, value: first ? remembered : "", "aria-label": `name of ${p}` }),
        ]);
      });
    namesRow.replaceChildren(...fields);
  };
  const showMode = () => {
    agentRow.hidden = mode() !== "agent";
    agentHelp.hidden = mode() !== "agent";
    seatRow.hidden = mode() !== "agent";
    loadNames();
  };
  gameSelect.addEventListener("change", () => { loadVariants(); loadAgents(); });
  variantSelect.addEventListener("change", loadSeats);
  seatSelect.addEventListener("change", loadNames);
  agentSelect.addEventListener("change", () => { agentSpec.value = agentSelect.value; describeAgent(); });
  for (const input of modeInputs) input.addEventListener("change", showMode);

  const create = async () => {
    error.textContent = "";
    links.replaceChildren();
    const game = gameSelect.value;
    const body = { game, variant: variantSelect.value };
    if (seed.value !== "") body.seed = Number(seed.value);
    const set = settings.value.split(",").map((x) => x.trim()).filter(Boolean);
    if (set.length) body.set = set;
    const m = mode();
    const me = Number(seatSelect.value);
    const players = (games.find((g) => g.game === game).variants.find((v) => v.name === variantSelect.value) || {}).players || [];
    if (m === "agent") {
      body.agents = {};
      players.forEach((_, i) => { if (i !== me) body.agents[String(i)] = agentSpec.value.trim() || "ai"; });
    }
    if (m === "hotseat") body.hotseat = true;
    if (clock.value()) body.clock = clock.value();
    const names = {};
    for (const input of namesRow.querySelectorAll("input.player-name")) {
      const name = input.value.trim();
      if (name) names[input.dataset.player] = name;
      if (input.id === `name-${m === "agent" ? me : 0}`) localStorage.setItem("plateau.name", name);
    }
    if (Object.keys(names).length) body.names = names;
    let created;
    try {
      created = await api("/api/matches", body);
    } catch (e) {
      error.textContent = e.message;
      return;
    }
    const humans = created.seats.filter((seat) => seat.url);
    if (m === "agent") {
      const mine = created.seats.find((seat) => seat.player === me && seat.url) || humans[0];
      location.assign(seatAddress(mine.url, created));
    } else if (m === "hotseat") {
      const url = (created.hotseat && created.hotseat.url) || humans[0].url;
      location.assign(seatAddress(url, created, { hotseat: "1" }));
    } else {
      links.append(h("h3", { text: "Share one link with each player" }));
      for (const seat of humans) {
        const address = seatAddress(seat.url, created);
        links.append(
          h("div", { class: `link side-${seat.player}` }, [
            h("b", { text: `${seat.name}${seat.person && seat.person !== seat.name ? ` (${seat.person})` : ""}: ` }),
            h("a", { href: address, class: "seat-link", "data-player": seat.player, text: address }),
          ]),
        );
      }
      const watch = seatAddress(created.spectator_url, created);
      links.append(h("div", { class: "link" }, [h("b", { text: "spectators: " }), h("a", { href: watch, class: "spectator-link", text: watch })]));
      links.append(h("p", { class: "hint", text: "Each seat link holds that seat's secret token: give it only to that player." }));
    }
  };

  const seatRow = h("div", { class: "row", id: "seat-row" }, [h("label", { text: "You play " }), seatSelect]);
  root.replaceChildren(
    h("div", { class: "lobby", id: "lobby" }, [
      h("h2", { text: "New game" }),
      h("div", { class: "row" }, [h("label", { text: "Game " }), gameSelect, " ", variantSelect]),
      h("div", { class: "row modes" }, modeInputs),
      seatRow,
      namesRow,
      agentRow,
      agentHelp,
      clock.row,
      h("div", { class: "row" }, [h("label", { text: "Seed " }), seed, h("label", { text: " Parameters " }), settings]),
      h("div", { class: "row" }, [h("button", { id: "create", class: "primary", text: "Create the game", onclick: create })]),
      error,
      links,
      h("p", {}, [h("a", { href: "/?replay=1", id: "replay-link", text: "Replay a record…" })]),
    ]),
  );
  loadVariants();
  showMode();
  await loadAgents();
}
