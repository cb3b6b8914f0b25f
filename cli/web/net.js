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

/**
 * One WebSocket connection to a match, as a seat (with its token) or as a
 * spectator. Actions are matched to their answers by `tag`; pushed events
 * (each `update` of the match for this connection, `joined`) go to
 * `onEvent`.
 */
export class Connection {
  constructor(match, token, onEvent, onClose) {
    this.pending = new Map();
    this.nextTag = 1;
    this.onEvent = onEvent;
    const query = new URLSearchParams({ match });
    if (token) query.set("token", token);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.socket = new WebSocket(`${scheme}://${location.host}/ws?${query}`);
    this.ready = new Promise((resolve, reject) => {
      this.socket.addEventListener("open", () => resolve());
      this.socket.addEventListener("error", () => reject(new Error("the connection to the server failed")));
    });
    // The server's first message: the match's public facts and who this
    // connection is.
    this.welcome = new Promise((resolve) => {
      this.onWelcome = resolve;
    });
    this.socket.addEventListener("message", (e) => this.receive(e.data));
    this.socket.addEventListener("close", () => {
      for (const { reject } of this.pending.values()) reject(new Error("the connection to the server closed"));
      this.pending.clear();
      if (onClose) onClose();
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
      this.onWelcome(message);
      return;
    }
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
    this.socket.close();
  }
}
