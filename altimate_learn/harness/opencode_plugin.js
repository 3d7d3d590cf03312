// altimate-learn opencode plugin (written by `learn install opencode`; remove with `learn install opencode --uninstall`).
// opencode has no command hooks, so this plugin forwards the few events learn needs to `learn hook opencode`
// (JSON on stdin, JSON on stdout) and puts the answer where opencode lets a plugin add context:
//   first chat.message of a session  -> "session.start": the frozen "Team rules" section, added to the system
//                                       prompt of every request (experimental.chat.system.transform); with the
//                                       texts of learn's sections its earlier messages hold (a fork's copies)
//   chat.message                     -> lessons for this request, as a synthetic text part of the message;
//                                       the message is also captured (corrections)
//   command.execute.before           -> a custom command (`/name args`): its template becomes the next message,
//                                       so that message is sent with what the person typed (`command`)
//   tool.execute.before / .after     -> lessons for the file a read or edit touches, appended to the tool output
//   event message.part.updated       -> failed tool calls (tool.execute.after never fires for them), for capture
//   tool.execute.after               -> a command that exited non-zero (a failure too), and the successes after a
//                                       failure (they end learn's count of failures in a row), for capture
//   event session.idle / .compacted  -> the turn ended, with the text of the agent's last answer (the capture reads
//                                       the next prompt against it: "it still fails" after "Fixed it.") / the section
//                                       is rebuilt after a compaction
//   event message.updated / message.part.updated (text) -> which messages are the agent's, and their text so far
// It never throws and never waits more than TIMEOUT_MS: when learn fails, the session goes on without it.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

const COMMAND = __LEARN_COMMAND__;
const FALLBACK = ["learn", "hook", "opencode"]; // a teammate's checkout: the learn on their PATH
const TIMEOUT_MS = 8000;
const FILE_TOOLS = new Set(["read", "edit", "write", "patch", "multiedit", "apply_patch"]);
const SECTION = '<team-rules source="altimate-learn">';
const TITLE_PROMPT = /^\s*You are a title generator\b/;
// successes reported after a failure: one ends the episode; a reported episode waits through 10 calls (AWAIT_CAP)
// for the command that worked
const REPORT_AFTER_FAILURE = 12;

// learn runs in the project folder: no PYTHON* variable may put that folder (or anything else) on its path.
function childEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith("PYTHON")) delete env[key];
  return env;
}

function callLearn(payload, cwd) {
  // an absolute interpreter that is missing (a teammate's checkout of this file): the learn on their PATH
  const argv = COMMAND[0].startsWith("/") && !existsSync(COMMAND[0]) ? FALLBACK : COMMAND;
  return new Promise((resolve) => {
    let done = false;
    let out = "";
    let timer = null;
    const finish = (value) => {
      if (done) return;
      done = true;
      if (timer) clearTimeout(timer);
      resolve(value);
    };
    let child;
    try {
      child = spawn(argv[0], argv.slice(1), { cwd, env: childEnv(), stdio: ["pipe", "pipe", "ignore"] });
    } catch {
      return resolve(null);
    }
    timer = setTimeout(() => {
      try { child.kill("SIGKILL"); } catch {}
      finish(null);
    }, TIMEOUT_MS);
    child.on("error", () => finish(null));
    child.stdout.on("data", (chunk) => { out += chunk; });
    child.on("close", () => {
      try { finish(out.trim() ? JSON.parse(out) : null); } catch { finish(null); }
    });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(payload));
  });
}

// a promise's value, or null once TIMEOUT_MS have passed
function within(promise) {
  let timer = null;
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve(null), TIMEOUT_MS); });
  return Promise.race([Promise.resolve(promise).catch(() => null), late]).finally(() => clearTimeout(timer));
}

const text = (value) => (typeof value === "string" && value.trim() ? value : "");

export const AltimateLearn = async (ctx) => {
  // altimate-code (an opencode fork) delivers and captures lessons natively: stay out of its way.
  if (/altimate/i.test(process.execPath || "")) return {};
  // Installed twice (the project's plugins folder and the global one): opencode loads both copies for one project
  // with the same context object, and each would give every lesson. The first copy loaded does the work.
  const loaded = (globalThis.__altimateLearnContexts ??= new WeakSet());
  if (ctx && typeof ctx === "object") {
    if (loaded.has(ctx)) return {};
    loaded.add(ctx);
  }
  const cwd = ctx.directory || ctx.worktree || process.cwd();
  const base = { directory: cwd };
  const call = (hook, sessionID, fields) => callLearn({ ...base, ...fields, hook, session_id: sessionID }, cwd);
  const sections = new Map(); // sessionID -> frozen section (the same text on every request)
  // sessionID -> the section learn is rebuilding after a compaction: opencode sends the request that continues the
  // session right after session.compacted, without waiting for this plugin's event handler (real opencode 1.18.33:
  // the transform ran 0.3 s after the event, before learn answered, and that request lacked the lessons the compacted
  // messages had held), so the transform waits for it (review45 R45-2)
  const rebuilding = new Map();
  const compactions = new Map(); // sessionID -> compactions so far: each one's payload differs from the one before
  const pending = new Map(); // callID -> answer started in tool.execute.before
  const armed = new Map(); // sessionID -> successes still to report after a failure
  const errors = new Set(); // callIDs already reported as failed
  const chains = new Map(); // sessionID -> the last report: learn counts calls in the order they finished
  const commands = new Map(); // sessionID -> "/name args" the person typed; opencode sends its template next
  const roles = new Map(); // messageID -> "assistant" | "user" (message.updated)
  const replies = new Map(); // sessionID -> { messageID, parts: Map(partID -> text) }: the agent's latest message
  // A fork (`opencode run --fork`, the TUI's fork) holds copies of the earlier session's messages, with the lessons
  // learn added to them: their texts go with session.start, and learn counts those lessons as shown in a session it
  // has no record of yet (a session it knows ignores them). `answered`: the agent answered in the session before this
  // message (a session continued or forked): learn reads the message as a reply, not as the session's task, when it
  // has no record of the session (its earlier turns ran before the plugin was installed; review47 R47-2).
  const copied = async (sessionID, current) => {
    const found = { texts: [], answered: false };
    try {
      const session = ctx.client && ctx.client.session;
      if (!session || typeof session.messages !== "function") return found;
      let listed = await within(session.messages({ path: { id: sessionID } }));
      if (!listed || !Array.isArray(listed.data)) listed = await within(session.messages({ sessionID }));
      let out = [];
      for (const item of (listed && Array.isArray(listed.data) ? listed.data : [])) {
        if (!item || (item.info && item.info.id === current)) continue;
        if (item.info && item.info.role === "assistant") found.answered = true;
        // a compaction's summary: opencode sends the model only what follows it, so the lessons in the messages before
        // it are no longer in front of the model and are not counted as shown (review45 R45-6: a fork of a compacted
        // session never got the retry lesson its prompt asked for)
        if (item.info && item.info.role === "assistant" && item.info.summary === true) out = [];
        for (const part of Array.isArray(item.parts) ? item.parts : []) {
          const said = part && part.type === "tool" ? part.state && part.state.output : part && part.text;
          if (typeof said === "string" && said.includes(SECTION)) out.push(said);
        }
      }
      found.texts = out;
      return found;
    } catch {
      return found;
    }
  };
  const report = (hook, sessionID, fields) => {
    const next = (chains.get(sessionID) || Promise.resolve()).then(() => call(hook, sessionID, fields));
    chains.set(sessionID, next);
    return next;
  };
  const failure = (sessionID, fields) => {
    armed.set(sessionID, REPORT_AFTER_FAILURE);
    return report("tool.error", sessionID, fields);
  };

  return {
    "chat.message": async (input, output) => {
      try {
        const message = output.message || {};
        const parts = Array.isArray(output.parts) ? output.parts : [];
        const sessionID = input.sessionID || message.sessionID;
        if (!sessionID) return;
        if (!sections.has(sessionID)) {
          const earlier = await copied(sessionID, message.id || input.messageID || "");
          const fields = earlier.texts.length ? { inherited: earlier.texts } : {};
          if (earlier.answered) fields.answered = true;
          const start = await call("session.start", sessionID, fields);
          sections.set(sessionID, (start && text(start.system)) || "");
        }
        const prompt = parts.filter((p) => p && p.type === "text" && !p.synthetic).map((p) => p.text).join("\n");
        const fields = { message_id: message.id || input.messageID || "", prompt };
        if (commands.has(sessionID)) { // the command's template: the person typed only the command
          fields.command = commands.get(sessionID);
          commands.delete(sessionID);
        }
        const answer = await call("chat.message", sessionID, fields);
        if (answer && text(answer.context)) {
          const first = parts.find((p) => p && p.id) || {};
          // part ids sort by time: suffixing the first part's id keeps ours right after the user's text
          const id = (first.id || "prt_" + Date.now().toString(16).padStart(12, "0")) + "learn";
          parts.push({ id, messageID: message.id, sessionID,
                       type: "text", text: answer.context, synthetic: true });
        }
      } catch {}
    },
    "command.execute.before": async (input) => {
      try {
        if (input && input.sessionID && typeof input.command === "string" && input.command) {
          const args = typeof input.arguments === "string" ? input.arguments.trim() : "";
          commands.set(input.sessionID, "/" + input.command + (args ? " " + args : ""));
        }
      } catch {}
    },
    "experimental.chat.system.transform": async (input, output) => {
      try {
        if (rebuilding.has(input.sessionID)) await within(rebuilding.get(input.sessionID));
        const section = sections.get(input.sessionID);
        if (!section || !Array.isArray(output.system)) return;
        // opencode's side call that names the session reads only the first message: the rules would cost
        // their tokens on every session for nothing
        if (output.system.some((s) => typeof s === "string" && TITLE_PROMPT.test(s))) return;
        output.system.push(section);
      } catch {}
    },
    "tool.execute.before": async (input, output) => {
      try {
        if (!FILE_TOOLS.has(input.tool)) return;
        // learn runs while the tool does; tool.execute.after waits for its answer
        pending.set(input.callID, call("tool.execute", input.sessionID,
                                       { tool: input.tool, call_id: input.callID, args: (output && output.args) || {} }));
      } catch {}
    },
    "tool.execute.after": async (input, output) => {
      try {
        const meta = (output && output.metadata) || {};
        const fields = { tool: input.tool, call_id: input.callID, args: input.args || {} };
        if (Number.isInteger(meta.exit) && meta.exit !== 0 && !errors.has(input.callID)) {
          // a command that exited non-zero completes as a call; learn counts it failed, as `learn capture` does
          errors.add(input.callID);
          const said = output && typeof output.output === "string" ? output.output : "";
          failure(input.sessionID, { ...fields, exit_code: meta.exit, error: said });
        } else if ((armed.get(input.sessionID) || 0) > 0) {
          armed.set(input.sessionID, armed.get(input.sessionID) - 1);
          report("tool.ok", input.sessionID, fields);
        }
        const started = pending.get(input.callID);
        if (!started) return;
        pending.delete(input.callID);
        const answer = await started;
        if (answer && text(answer.context) && output && typeof output.output === "string") {
          output.output += "\n\n" + answer.context;
        }
      } catch {}
    },
    event: async ({ event }) => {
      try {
        const props = (event && event.properties) || {};
        if (event.type === "message.updated") {
          const info = props.info || {};
          if (roles.size > 10000) roles.clear(); // a long-lived server: only the current turns matter
          if (info.id && typeof info.role === "string") roles.set(info.id, info.role);
        } else if (event.type === "message.part.updated") {
          const part = props.part || {};
          if (part.type === "text" && !part.synthetic && part.sessionID && roles.get(part.messageID) === "assistant") {
            let reply = replies.get(part.sessionID);
            if (!reply || reply.messageID !== part.messageID) {
              reply = { messageID: part.messageID, parts: new Map() };
              replies.set(part.sessionID, reply);
            }
            reply.parts.set(part.id, typeof part.text === "string" ? part.text : "");
            return;
          }
          if (part.type !== "tool" || !part.state || part.state.status !== "error" || errors.has(part.callID)) return;
          errors.add(part.callID);
          pending.delete(part.callID);
          await failure(part.sessionID, { tool: part.tool, call_id: part.callID,
                                          args: part.state.input || {}, error: String(part.state.error || "") });
        } else if (event.type === "session.error" && props.sessionID) {
          commands.delete(props.sessionID); // a command that failed before its message: the next message is typed
        } else if (event.type === "session.idle" && props.sessionID) {
          commands.delete(props.sessionID);
          const reply = replies.get(props.sessionID);
          replies.delete(props.sessionID);
          const said = reply ? [...reply.parts.values()].filter((t) => t.trim()).join("\n") : "";
          await call("session.idle", props.sessionID, said ? { last_assistant_message: said } : {});
        } else if (event.type === "session.compacted" && props.sessionID) {
          const sessionID = props.sessionID;
          // two compactions of one turn are two events, not one event twice (learn answers a byte-identical repeat
          // within 10 s once: the sign of a second copy of its hook); a second copy of this plugin counts alike
          const count = (compactions.get(sessionID) || 0) + 1;
          compactions.set(sessionID, count);
          const rebuilt = call("session.compacted", sessionID, { compaction: count }).then((answer) => {
            if (answer && text(answer.system)) sections.set(sessionID, answer.system);
          });
          rebuilding.set(sessionID, rebuilt);
          try { await rebuilt; } finally { if (rebuilding.get(sessionID) === rebuilt) rebuilding.delete(sessionID); }
        }
      } catch {}
    },
  };
};
