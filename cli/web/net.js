// The server: HTTP JSON calls and the match WebSocket (see docs/WEB.md).

/** Calls the HTTP API; resolves to the JSON answer or throws its error message. */
export async function api(path, body) {
  const init = body === undefined
    ? {}
    : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  let json;
  try {
    json = await response.json();
  } catch {
    throw new Error(`${path}: HTTP ${response.status} with no JSON answer`);
  }
  if (!response.ok || json.ok === false) {
    const e = json.error || {};
    throw new Error(e.message || `${path}: HTTP ${response.status}`);
  }
  return json;
}

/** The reasons of a `closed` event after which the match is gone for good (else the page reconnects). */
const FINAL_CLOSE = new Set(["deleted", "dropped", "abandoned", "unwatched"]);

/**
 * One WebSocket connection to a match, as a seat (with its token) or as a
 * spectator. Actions are matched to their answers by `tag`; pushed events
 * (each `update` of the match for this connection, `joined`, `closed`) go
 * to `onEvent`.
 *
 * When the socket drops without the match having ended (the server
 * restarted, the network failed), the connection opens a new socket after
 * a pause that grows to 5 s, and goes on: the server's first update on the
 * new socket redraws everything. `onStatus("reconnecting" | "connected")`
 * tells the screen; `onClose` is called once, when the match is gone for
 * good (a `closed` event with a final reason) or `close()` was called.
 */
export class Connection {
  constructor(match, token, onEvent, onClose, onStatus) {
    this.pending = new Map();
    this.nextTag = 1;
    this.onEvent = onEvent;
    this.onClose = onClose || (() => {});
    this.onStatus = onStatus || (() => {});
    const query = new URLSearchParams({ match });
    if (token) query.set("token", token);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.url = `${scheme}://${location.host}/ws?${query}`;
    this.ended = false;
    this.opened = false;
    this.retries = 0;
    // The server's first message: the match's public facts and who this
    // connection is.
    this.welcome = new Promise((resolve) => {
      this.onWelcome = resolve;
    });
    this.open();
  }

  /** Opens a socket (the first, or again after a drop). */
  open() {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    this.ready = new Promise((resolve, reject) => {
      socket.addEventListener("open", () => {
        this.opened = true;
        resolve();
      });
      socket.addEventListener("error", () => reject(new Error("the connection to the server failed")));
    });
    this.ready.catch(() => {});
    socket.addEventListener("message", (e) => this.receive(e.data));
    socket.addEventListener("close", () => {
      for (const { reject } of this.pending.values()) reject(new Error("the connection to the server closed"));
      this.pending.clear();
      // A first socket that never opened was refused (a wrong link, an
      // unknown match): nothing to go back to.
      if (!this.opened) this.ended = true;
      if (this.ended) {
        this.onClose();
        return;
      }
      this.onStatus("reconnecting");
      const pause = Math.min(5000, 250 * 2 ** Math.min(this.retries, 5));
      this.retries += 1;
      setTimeout(() => {
        if (!this.ended) this.open();
      }, pause);
    });
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message.event === "welcome") {
      if (this.retries > 0) this.onStatus("connected");
      this.retries = 0;
      this.onWelcome(message);
      return;
    }
    if (message.event === "closed" && FINAL_CLOSE.has(message.reason)) this.ended = true;
    if (message.event) {
      this.onEvent(message);
      return;
    }
    const waiting = this.pending.get(message.tag);
    if (!waiting) return;
    this.pending.delete(message.tag);
    if (message.ok) waiting.resolve(message);
    else waiting.reject(new Error((message.error && message.error.message) || "refused"));
  }

  /** Sends one action (`{cmd, ...}`, docs/WEB.md); resolves to its answer or throws its refusal. */
  async request(request) {
    await this.ready;
    const tag = `t${this.nextTag++}`;
    return new Promise((resolve, reject) => {
      this.pending.set(tag, { resolve, reject });
      this.socket.send(JSON.stringify({ ...request, tag }));
    });
  }

  close() {
    this.ended = true;
    this.socket.close();
  }
}
