// countsweep's analyser page: a board editor with live exact probabilities, and the agent's games.
// Plain JavaScript against the server's JSON API; nothing is fetched from anywhere else.
"use strict";

const LEVELS = { beginner: [9, 9, 10], intermediate: [16, 16, 40], expert: [30, 16, 99] };
const $ = (id) => document.getElementById(id);

const state = {
  mode: "edit",
  width: 9, height: 9, mines: 10,
  words: [],              // the header's topology words ("torus", "hex", "3d:4"...), as the board text gives them
  depth: 1,               // layers of a 3D board: its rows are depth blocks of height / depth rows
  cells: blank(9, 9),     // "?", "0".."8", "F", "-" per cell, row by row
  cursor: [0, 0],
  analysis: null,         // the last /api/analyze answer
  advice: null,           // the last /api/move answer
  frames: null, frame: -1, game: null,
  request: null,          // the /api/play request of the game on screen (what a link repeats)
  record: null,           // the play --out record that game is checked against, if any
  records: null,          // the records loaded from a file, a drop, a paste or serve --records
  rules: null,            // the rules payload whose cells are listed, if one is
  auto: null,             // the timer of "Play on", while it runs
  pending: 0,
};

function blank(w, h) { return Array.from({ length: h }, () => Array(w).fill("?")); }

function boardText() {
  const layer = state.height / state.depth;
  const wide = state.depth > 1 || state.cells.some((row) => row.some((v) => v.length > 1));
  const size = state.depth > 1 ? `${state.width}x${layer}x${state.depth}x${state.mines}`
                               : `${state.width}x${state.height}x${state.mines}`;
  const rows = state.cells.map((row, r) => (wide ? row.join(" ") : row.join("")) +
                               (state.depth > 1 && r % layer === layer - 1 && r < state.height - 1 ? "\n" : ""));
  return `${[size, ...state.words].join(" ")}\n${rows.join("\n")}\n`;
}

// a board's text: its header (the size token, WxH[xM] or WxHxDxM for 3D, among topology words) and
// its rows (one character a cell, or tokens separated by spaces where numbers pass 9)
function parseText(text) {
  const lines = text.split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
  if (!lines.length) throw new Error("empty board text");
  const tokens = lines[0].split(/\s+/);
  const size = tokens.find((t) => /^\d+(x\d+){1,3}$/.test(t));
  const header = size && tokens.every((t) => t === size || /^[a-z][a-z0-9:;,-]*$/i.test(t));
  const dims = header ? size.split("x").map(Number) : [];
  const words = header ? tokens.filter((t) => t !== size) : [];
  const depth = dims.length === 4 ? dims[2] : 1;
  const rows = header ? lines.slice(1) : lines;
  const cells = rows.map((r) => (/\s/.test(r) ? r.split(/\s+/) : [...r]).map(
    (ch) => ("H.".includes(ch) ? "?" : ch === "*" ? "F" : ch)));
  const width = header ? dims[0] : cells[0].length;
  const height = header ? dims[1] * depth : cells.length;
  const mines = dims.length >= 3 ? dims[dims.length - 1] : null;
  return { width, height, mines, words: words.filter((w) => w !== "3d" || depth === 1), depth, cells };
}

function setStatus(message, error = false) {
  const el = $("status");
  el.textContent = message;
  el.className = error ? "error" : "";
}

function percent(p) {
  if (p === 0) return "S";
  if (p === 1) return "*";
  const v = Math.round(100 * p);
  if (v === 0) return "<1";
  if (v === 100) return ">99";
  return String(v);
}

// "a/b" (digits of any length) as a float: the leading digits of both, scaled alike
function fractionValue(text) {
  const [a, b = "1"] = String(text).split("/");
  const cut = Math.max(0, Math.max(a.length, b.length) - 15);
  const top = a.length > cut ? Number(a.slice(0, a.length - cut)) : 0;
  return top / Number(b.slice(0, b.length - cut) || "1");
}

// a probability in percent, with the precision a reader needs: 12.3%, 0.04%, <0.01%
function pct(p) {
  if (p === 0) return "0%";
  if (p === 1) return "100%";
  const v = 100 * p;
  if (v < 0.01) return "<0.01%";
  if (v > 99.99) return ">99.99%";
  return (v < 1 || v > 99 ? v.toFixed(2) : v.toFixed(1)) + "%";
}

// a count of any size: exact up to 15 digits, else 2.71 × 10^151
function bigCount(text) {
  const digits = String(text);
  if (digits.length <= 15) return digits;
  return `${digits[0]}.${digits.slice(1, 3)} × 10^${digits.length - 1}`;
}

function colour(p) { return `hsl(${Math.round(120 * (1 - p))}, 70%, ${60 + Math.round(15 * (1 - p))}%)`; }

function render(highlight = null, reveal = null) {
  const board = $("board");
  const hex = state.words.includes("hex"), torus = state.words.includes("torus");
  board.className = "board" + (hex ? " hex" : "") + (torus ? " torus" : "") + (state.depth > 1 ? " layers" : "");
  board.title = torus ? "a torus: the board wraps round, each edge joins the opposite one" : "";
  board.replaceChildren();
  const a = state.analysis;
  const layer = state.height / state.depth;
  let plane = null, line = null;
  for (let r = 0; r < state.height; r++) {
    if (r % layer === 0) {  // a 3D board's layers side by side, each under its name
      plane = document.createElement("div");
      plane.className = "plane";
      if (state.depth > 1) {
        const name = document.createElement("div");
        name.className = "layer-name";
        name.textContent = `layer ${r / layer}`;
        plane.appendChild(name);
      }
      board.appendChild(plane);
    }
    line = document.createElement("div");
    line.className = "row" + (hex && r % 2 ? " odd" : "");  // odd-r: odd rows sit half a cell right
    plane.appendChild(line);
    for (let c = 0; c < state.width; c++) {
      const v = state.cells[r][c];
      const el = document.createElement("div");
      el.className = "cell";
      el.dataset.r = r; el.dataset.c = c;
      if (v === "F") { el.classList.add("flag"); el.textContent = "F"; }
      else if (v === "-") { el.classList.add("open", "cleared"); el.textContent = "-"; }
      else if (v !== "?") { el.classList.add("open", `n${v}`); el.textContent = v === "0" ? "" : v; }
      else if (a && a.probabilities[r] && a.probabilities[r][c] !== null) {
        const p = a.probabilities[r][c];
        el.textContent = percent(p);
        el.dataset.p = String(p);
        el.style.background = colour(p);
        el.title = `[${r}, ${c}] mine probability ${a.exact[r][c]} (${(100 * p).toFixed(2)}%)`;
        if (p === 0) el.classList.add("safe");
        if (p === 1) el.classList.add("mine");
      }
      if (reveal && v === "?" && reveal.mines.has(`${r},${c}`)) {
        el.classList.add("mine-shown"); el.textContent = "✱"; el.title = `[${r}, ${c}] a mine`;
      }
      if (reveal && reveal.fatal && reveal.fatal[0] === r && reveal.fatal[1] === c) {
        el.classList.add("fatal"); el.textContent = "✱"; el.title = `[${r}, ${c}] the mine that ended the game`;
      }
      if (state.mode === "edit" && state.cursor[0] === r && state.cursor[1] === c) el.classList.add("cursor");
      if (highlight && highlight[0] === r && highlight[1] === c) el.classList.add(state.mode === "edit" ? "suggested" : "played");
      else if ((state.alternatives || []).some(([ar, ac]) => ar === r && ac === c)) el.classList.add("alternative");
      line.appendChild(el);
    }
  }
}

// POST body (JSON text as it is, anything else made JSON) to path: the answer, or an Error saying why not
async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
                                       body: typeof body === "string" ? body : JSON.stringify(body) });
  let data;
  try { data = await response.json(); }
  catch (e) { throw new Error(`${path}: the answer is not JSON (HTTP ${response.status})`); }
  if (!response.ok) throw new Error(`${data.error || response.statusText} (HTTP ${response.status})`);
  return data;
}

function describe(a) {
  const total = a.count !== undefined ? `${bigCount(a.count)} mine layout${a.count === "1" ? "" : "s"}`
                                      : `total weight ${a.weight}`;
  return `${total}; ${a.safe.length} certain safe, ${a.mines_certain.length} certain mines` +
         `; ${a.frontier} frontier cells in ${a.components} components, ${a.sea} in the sea`;
}

async function analyse() {
  const ticket = ++state.pending;
  const text = boardText();
  $("board-text").value = text;
  updateUrl();
  try {
    const a = await post("/api/analyze", { board: text });
    if (ticket !== state.pending) return;
    state.analysis = a;
    setStatus(describe(a));
    if (a.count !== undefined) $("status").title = `${a.count} mine layouts, exactly`;
    state.alternatives = [];
    render();  // the probabilities at once; the agent's move when it comes
    let advice = null;
    try { advice = await post("/api/move", { board: text }); } catch (e) { advice = null; }
    if (ticket !== state.pending) return;
    state.advice = advice;
    state.alternatives = advice && advice.alternatives ? advice.alternatives.map((x) => x.cell) : [];
    render(advice ? advice.cell : null);
    $("advice").textContent = advice ? adviceText(advice) : "";
    $("advice").title = advice ? adviceExact(advice) : "";
  } catch (e) {
    if (ticket !== state.pending) return;
    state.analysis = null; state.advice = null;
    setStatus(e.message, true);
    $("advice").textContent = "";
    render();
  }
}

// an outlook's numbers in percent: what the agent weighs a guess by
function outlookText(o) {
  return `safety ${pct(fractionValue(o.safety))}, secondary safety ${pct(fractionValue(o.secondary_safety))}, ` +
         `progress ${pct(fractionValue(o.progress))}`;
}

function outlookExact(o) {
  return `safety ${o.safety}; secondary safety ${o.secondary_safety}; progress ${o.progress}`;
}

function alternativesText(list) {
  if (!list || !list.length) return "";
  return " Next best: " + list.map((x) => `[${x.cell[0]}, ${x.cell[1]}] ${outlookText(x)}`).join("; ") + ".";
}

function adviceText(m) {
  const where = `[${m.cell[0]}, ${m.cell[1]}]`;
  if (!m.guess) return `The agent ${m.action === "flag" ? "flags" : "opens"} ${where}: certain.`;
  let text = `The agent guesses ${where}: mine probability ${pct(fractionValue(m.mine_probability))}, rule ${m.rule}`;
  if (m.outlook) text += ` (${outlookText(m.outlook)})`;
  return text + "." + alternativesText(m.alternatives);
}

function adviceExact(m) {
  if (!m.guess) return "";
  let text = `mine probability ${m.mine_probability}`;
  if (m.outlook) text += `; ${outlookExact(m.outlook)}`;
  for (const x of m.alternatives || []) text += `\n[${x.cell[0]}, ${x.cell[1]}]: ${outlookExact(x)}`;
  return text;
}

// a played guess's numbers, and the best other candidates with theirs (the agent's view of the frame)
async function explainGuess(f, ticket) {
  let m;
  try { m = await post("/api/move", { board: f.board, cell: f.cell }); } catch (e) { return; }
  if (ticket !== state.pending || !m.cell_outlook) return;
  const same = (x) => x.cell[0] === f.cell[0] && x.cell[1] === f.cell[1];
  const others = [...(m.outlook && !same(m) ? [{ cell: m.cell, ...m.outlook }] : []), ...m.alternatives]
    .filter((x) => !same(x)).slice(0, 3);
  state.alternatives = others.map((x) => x.cell);
  $("advice").textContent = (state.record ? recordCheck(state.record, state.game) + " " : "") +
    `Its numbers: ${outlookText(m.cell_outlook)}.` + alternativesText(others);
  $("advice").title = outlookExact(m.cell_outlook);
  render(f.cell);
}

function edit(r, c, value) {
  state.cells[r][c] = value;
  state.cursor = [r, c];
  render();
  analyse();
}

const CYCLE = ["?", "0", "1", "2", "3", "4", "5", "6", "7", "8", "F"];

function levelOf(w, h, m) {
  const found = Object.entries(LEVELS).find(([, [lw, lh, lm]]) => lw === w && lh === h && lm === m);
  return found ? found[0] : "custom";
}

function newBoard(w, h, m) {
  hideRules();
  state.words = []; state.depth = 1;
  state.width = w; state.height = h; state.mines = m;
  $("level").value = levelOf(w, h, m);
  state.cells = blank(w, h);
  state.cursor = [0, 0];
  state.analysis = null;
  render();
  analyse();
}

$("board").addEventListener("click", (ev) => {
  const el = ev.target.closest(".cell");
  if (!el || state.mode !== "edit") return;
  const r = +el.dataset.r, c = +el.dataset.c;
  const next = CYCLE[(CYCLE.indexOf(state.cells[r][c]) + 1) % CYCLE.length];
  $("board").focus();
  edit(r, c, next);
});

$("board").addEventListener("keydown", (ev) => {
  if (state.mode !== "edit") return;
  let [r, c] = state.cursor;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[ev.key]) {
    r = Math.min(state.height - 1, Math.max(0, r + moves[ev.key][0]));
    c = Math.min(state.width - 1, Math.max(0, c + moves[ev.key][1]));
    state.cursor = [r, c];
    render(state.advice ? state.advice.cell : null);
  } else if (/^[0-8]$/.test(ev.key)) edit(r, c, ev.key);
  else if (ev.key === "f" || ev.key === "F") edit(r, c, "F");
  else if (ev.key === "-") edit(r, c, "-");
  else if (ev.key === " " || ev.key === "Backspace" || ev.key === "?" || ev.key === "h") edit(r, c, "?");
  else return;
  ev.preventDefault();
});

$("level").addEventListener("change", () => {
  const level = LEVELS[$("level").value];
  if (!level) return;
  [$("width").value, $("height").value, $("mines").value] = level;
  newBoard(...level);
});

$("new-board").addEventListener("click", () => {
  newBoard(Math.max(1, +$("width").value), Math.max(1, +$("height").value), Math.max(0, +$("mines").value));
});

function loadBoardText(text) {
  const b = parseText(text);
  hideRules();
  state.width = b.width; state.height = b.height; state.mines = b.mines ?? state.mines;
  state.words = b.words; state.depth = b.depth;
  state.cells = Array.from({ length: b.height }, (_, r) =>
    Array.from({ length: b.width }, (_, c) => (b.cells[r] && b.cells[r][c]) || "?"));
  [$("width").value, $("height").value, $("mines").value] = [b.width, b.height, state.mines];
  $("level").value = levelOf(b.width, b.height, state.mines);
  render();
  analyse();
}

$("load-text").addEventListener("click", () => {
  try { loadBoardText($("board-text").value); } catch (e) { setStatus(e.message, true); }
});

// -- watching the agent play -------------------------------------------------------------

function moveText(f) {
  const where = `[${f.cell[0]}, ${f.cell[1]}]`;
  return f.guess ? `guess ${where}, mine probability ${pct(fractionValue(f.mine_probability))}, rule ${f.rule}`
                 : `${f.action === "flag" ? "flag" : "open"} ${where} (certain)`;
}

function gameSummary(g) {
  const guesses = g.frames.filter((f) => f.guess)
    .map((f) => `[${f.cell[0]}, ${f.cell[1]}] ${pct(fractionValue(f.mine_probability))}`);
  return guesses.length ? `Guesses: ${guesses.join(", ")}.` : "No guess was needed.";
}

async function showFrame() {
  const ticket = ++state.pending;
  const f = state.frames[state.frame];
  const b = parseText(f ? f.board : state.game.final);
  state.width = b.width; state.height = b.height; state.mines = b.mines;
  state.words = b.words; state.depth = b.depth;
  state.cells = b.cells;
  state.analysis = null;
  state.alternatives = [];
  $("next").disabled = $("to-end").disabled = $("auto").disabled = state.frame >= state.frames.length;
  if (state.frame >= state.frames.length) stopAuto();
  $("prev").disabled = state.frame <= 0;
  let reveal = null;
  if (f) {
    setStatus(`move ${state.frame + 1} of ${state.frames.length}: ${moveText(f)}`);
    $("status").title = f.guess ? `mine probability ${f.mine_probability}` : "";
    $("advice").textContent = "";
  } else {
    const last = state.frames[state.frames.length - 1];
    reveal = { mines: new Set(state.game.mines.map(([r, c]) => `${r},${c}`)),
               fatal: state.game.won || !last ? null : last.cell };
    setStatus(`game over: ${state.game.won ? "won" : "lost"} after ${state.game.moves} moves (the first click and ` +
              `${state.frames.length} chosen), ` +
              `${state.game.guesses} guesses` + (reveal.fatal ? `; lost on [${reveal.fatal}]` : ""));
    $("advice").textContent = gameSummary(state.game);
  }
  if (state.record) $("advice").textContent = recordCheck(state.record, state.game) + " " + $("advice").textContent;
  updateUrl();
  render(f ? f.cell : null, reveal);
  if (!f || !$("show-probs").checked) return;
  try {
    const a = await post("/api/analyze", { board: f.board });
    if (ticket !== state.pending) return;
    state.analysis = a;
    render(f.cell);
  } catch (e) { /* the frame stays drawn without its probabilities */ }
  if (f.guess) await explainGuess(f, ticket);
}

// what /api/play is asked for: the play panel's fields
function playRequest() {
  const size = $("play-size").value.trim();
  return { ...(size ? { size } : { level: $("play-level").value }), rule: $("play-rule").value,
           first: $("play-rule").value === "opening" ? "center" : "corner", agent: $("play-agent").value,
           seed: +$("play-seed").value, game: +$("play-game").value };
}

// deal the panel's game and show move `step` (0: the first; the number of moves: the end);
// with `record`, check the game played again against it. The deal takes a ticket at once: what
// was asked before it (the start-up's records, an older deal) must not land over it
async function deal(step = 0, record = null, request = playRequest()) {
  const ticket = ++state.pending;
  stopAuto();
  try {
    setStatus("dealing ...");
    $("advice").textContent = "";
    const g = await post("/api/play", request);
    if (ticket !== state.pending) return;
    state.game = g; state.frames = g.frames; state.request = request; state.record = record;
    state.frame = Math.max(0, Math.min(step, g.frames.length));
    showFrame();
  } catch (e) { if (ticket === state.pending) setStatus(e.message, true); }
}

$("deal").addEventListener("click", () => deal());

// a size given overrides the level: the level menu is set aside while one is
function sizeChanged() { $("play-level").disabled = Boolean($("play-size").value.trim()); }
$("play-size").addEventListener("input", sizeChanged);

$("next").addEventListener("click", () => {
  if (!state.frames || state.frame >= state.frames.length) return;
  state.frame += 1;
  showFrame();
});

$("to-end").addEventListener("click", () => {
  if (!state.frames) return;
  state.frame = state.frames.length;
  showFrame();
});

// "Play on": the moves one after another at the chosen speed, until the end or a second press
function stopAuto() {
  clearTimeout(state.auto);
  state.auto = null;
  $("auto").textContent = "Play on";
  $("auto").setAttribute("aria-pressed", "false");
}

function stepAuto() {
  if (!state.frames || state.frame >= state.frames.length) { stopAuto(); return; }
  state.frame += 1;
  showFrame();
  state.auto = setTimeout(stepAuto, +$("speed").value);
}

$("auto").addEventListener("click", () => {
  if (state.auto) { stopAuto(); return; }
  $("auto").textContent = "Pause";
  $("auto").setAttribute("aria-pressed", "true");
  state.auto = setTimeout(stepAuto, +$("speed").value);
});

$("prev").addEventListener("click", () => {
  if (!state.frames || state.frame <= 0) return;
  state.frame -= 1;
  showFrame();
});

$("show-probs").addEventListener("change", () => { if (state.frames) showFrame(); });

// -- records of countsweep play --out --------------------------------------------------

const RECORD_FIELDS = { game: "number", won: "boolean", guesses: "number", moves: "number", run: "object" };

// the records in a play --out file's text, in game order; an Error naming the line otherwise
function parseRecords(text, name) {
  const lines = text.split("\n");
  if (lines.length && lines[lines.length - 1].trim()) lines.pop();  // cut short by a killed run, as play reads it
  const records = [];
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    let rec;
    try { rec = JSON.parse(line); } catch (e) { throw new Error(`${name}: line ${i + 1}: not a JSON record`); }
    for (const [key, kind] of Object.entries(RECORD_FIELDS)) {
      if (rec === null || typeof rec !== "object" || typeof rec[key] !== kind || rec[key] === null) {
        throw new Error(`${name}: line ${i + 1}: not a countsweep play record (field ${key} missing)`);
      }
    }
    records.push(rec);
  });
  if (!records.length) throw new Error(`${name}: no complete record in the file`);
  return records.sort((a, b) => a.game - b.game);
}

function recordRequest(rec) {
  const run = rec.run;
  // a 3D run's height is its layers' rows stacked: its size is WIDTHxHEIGHTxDEPTHxMINES, as play takes it
  const depth = /(?:^|\s)3d:(\d+)(?:\s|$)/.exec(run.topology || "");
  const size = depth ? `${run.width}x${run.height / +depth[1]}x${depth[1]}x${run.mines}`
                     : `${run.width}x${run.height}x${run.mines}`;
  return { size, rule: run.rule, first: run.first, agent: run.agent,
           seed: run.seed, game: rec.game, ...(run.clues ? { clues: run.clues } : {}),
           ...(run.topology ? { topology: run.topology } : {}) };
}

function recordText(r) {
  return `${r.won ? "won" : "lost"}, ${r.guesses} guess${r.guesses === 1 ? "" : "es"}, ${r.moves} moves`;
}

function recordCheck(rec, g) {
  const replayed = { won: g.won, guesses: g.guesses, moves: g.moves };
  const same = replayed.won === rec.won && replayed.guesses === rec.guesses && replayed.moves === rec.moves;
  return same ? `Played again exactly as recorded (${recordText(rec)}).`
              : `Played again otherwise than recorded: recorded ${recordText(rec)}, now ${recordText(replayed)}` +
                ` (the record was made by other code: ${rec.run.code || "unknown"}).`;
}

function showRecords(records, name) {
  listRecords(records);
  setMode("play");
  setStatus(`${records.length} record${records.length === 1 ? "" : "s"} from ${name}; choose a game`);
  playRecord(0);
}

function listRecords(records) {
  state.records = records;
  const pick = $("record-game");
  pick.replaceChildren(...records.map((r, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = `game ${r.game}: ${recordText(r)}`;
    return o;
  }));
  $("record-pick").hidden = false;
}

function playRecord(i) {
  const rec = state.records[i];
  const req = recordRequest(rec);
  $("play-size").value = req.size; $("play-rule").value = req.rule; $("play-agent").value = req.agent;
  $("play-seed").value = req.seed; $("play-game").value = req.game;
  $("record-game").value = String(i);
  sizeChanged();
  return deal(0, rec, req);
}

$("record-game").addEventListener("change", () => playRecord(+$("record-game").value));

async function fileText(file) {
  if (!file.name.endsWith(".gz")) return file.text();
  return new Response(file.stream().pipeThrough(new DecompressionStream("gzip"))).text();
}

// text from a file, a drop or a paste: a rules payload (one JSON object with "rules"), records
// (JSON lines), else a board
function takeText(text, name) {
  if (!text.trimStart().startsWith("{")) { setMode("edit", false); hideRules(); loadBoardText(text); return; }
  let doc = null;
  try { doc = JSON.parse(text); } catch (e) { doc = null; }
  if (doc && typeof doc === "object" && "rules" in doc) showRules(text, name);
  else showRecords(parseRecords(text, name), name);
}

function hideRules() { $("rules-result").hidden = true; $("board").hidden = false; state.rules = null; }

// a rules payload counted by the server (POST /api/rules): every named cell's probability, listed
async function showRules(text, name) {
  setMode("edit", false);
  const ticket = ++state.pending;
  setStatus(`counting the rules of ${name} ...`);
  let a;
  try {
    a = await post("/api/rules", text);  // the text as given: re-made JSON would round its big numbers
  } catch (e) {  // refused, no server, or a page that is not the API's JSON (a proxy's, say)
    if (ticket !== state.pending) return;
    hideRules();
    setStatus(`the rules of ${name}: ${e.message}`, true);
    return;
  }
  if (ticket !== state.pending) return;
  const total = a.count !== undefined ? `${bigCount(a.count)} ${a.count_scope || "layouts"}` : `total weight ${a.weight}`;
  setStatus(`${name}: ${a.rules} rules over ${a.cells} named cells and ${a.others} others; ${total}; ` +
            `${a.safe.length} certain safe, ${a.mines_certain.length} certain mines`);
  $("advice").textContent = "";
  const rows = Object.entries(a.probabilities).map(([cell, p]) => {
    const tr = document.createElement("tr");
    const v = fractionValue(p);
    for (const [text, cls] of [[cell, "name"], [pct(v), "p"], [p, "exact"]]) {
      const td = document.createElement("td");
      td.textContent = text;
      td.className = cls;
      if (cls === "p") td.style.background = colour(v);
      tr.appendChild(td);
    }
    return tr;
  });
  $("rules-result").querySelector("tbody").replaceChildren(...rows);
  $("rules-result").hidden = false;
  $("board").hidden = true;
  state.rules = text;
  updateUrl();  // the cells are named, not placed: there is no board to draw
}

// what the user just gave is refused: an answer still on its way (the page's first analysis,
// say) is older than this, and must not write over the message when it lands
function refuse(message) {
  ++state.pending;
  setStatus(message, true);
}

async function takeFile(file) {
  try { takeText(await fileText(file), file.name); } catch (e) { refuse(e.message); }
}

$("records-file").addEventListener("change", () => { if ($("records-file").files[0]) takeFile($("records-file").files[0]); });
document.addEventListener("dragover", (ev) => ev.preventDefault());
document.addEventListener("drop", (ev) => {
  ev.preventDefault();
  const file = ev.dataTransfer && ev.dataTransfer.files[0];
  if (file) takeFile(file);
});
document.addEventListener("paste", (ev) => {
  if (ev.target.closest && ev.target.closest("input, textarea, select")) return;  // a field takes its own paste
  const text = ev.clipboardData && ev.clipboardData.getData("text/plain");
  if (!text) return;
  ev.preventDefault();
  try { takeText(text, "the pasted text"); } catch (e) { refuse(e.message); }
});

// -- sharing: the URL holds what is on screen -------------------------------------------

function shareHash() {
  if (state.mode === "edit" && state.rules) return new URLSearchParams({ rules: state.rules }).toString();
  if (state.mode === "edit") return new URLSearchParams({ board: boardText() }).toString();
  if (!state.request) return "play";
  const q = new URLSearchParams({ play: "1" });
  for (const [k, v] of Object.entries(state.request)) q.set(k, String(v));
  q.set("step", String(state.frame));
  return q.toString();
}

function updateUrl() { history.replaceState(null, "", "#" + shareHash()); }

// open what a link names; false when it names nothing
function applyHash() {
  const q = new URLSearchParams(location.hash.slice(1));
  if (q.has("rules")) { showRules(q.get("rules"), "the link's rules"); return true; }
  if (q.has("board")) {
    setMode("edit", false);
    try { loadBoardText(q.get("board")); } catch (e) { setStatus(`the link's board: ${e.message}`, true); }
    return true;
  }
  if (q.has("play")) {
    setMode("play");
    const req = {};
    for (const k of ["level", "size", "rule", "first", "agent", "clues", "topology"]) if (q.has(k)) req[k] = q.get(k);
    for (const k of ["seed", "game"]) if (q.has(k)) req[k] = +q.get(k);
    if (req.level) $("play-level").value = req.level;
    $("play-size").value = req.size || "";
    if (req.rule) $("play-rule").value = req.rule;
    if (req.agent) $("play-agent").value = req.agent;
    $("play-seed").value = req.seed ?? 0; $("play-game").value = req.game ?? 0;
    sizeChanged();
    deal(+(q.get("step") || 0), null, req);
    return true;
  }
  return false;
}

async function copy(text, what) {
  try { await navigator.clipboard.writeText(text); setStatus(`${what} copied`); }
  catch (e) { setStatus(`cannot reach the clipboard (${e.message}); the ${what} is in the address bar and the board text`, true); }
}

$("copy-link").addEventListener("click", () => { updateUrl(); copy(location.href, "link"); });
$("copy-text").addEventListener("click", () => copy(boardText(), "board text"));

// switch panels; `fresh` starts the edit panel on a new board (a link or a paste brings its own)
function setMode(mode, fresh = true) {
  const before = state.mode;
  state.mode = mode;
  $("mode-edit").classList.toggle("active", mode === "edit");
  $("mode-play").classList.toggle("active", mode === "play");
  $("edit-panel").hidden = mode !== "edit";
  $("play-panel").hidden = mode !== "play";
  if (mode === before && (mode === "edit" || state.frames)) return;
  $("advice").textContent = "";
  if (mode === "edit") {
    state.request = null; state.frames = null; state.record = null;
    if (fresh) newBoard(+$("width").value, +$("height").value, +$("mines").value);
  } else {
    state.frames = null; state.request = null;
    setStatus("deal a game, then step through the agent's moves");
    render();
    updateUrl();
  }
}

$("mode-edit").addEventListener("click", () => setMode("edit"));
$("mode-play").addEventListener("click", () => setMode("play"));

window.addEventListener("hashchange", () => { if (location.hash.slice(1) !== shareHash()) applyHash(); });

// start-up: a link's position or game first, else the records the server was started with, else a board
(async () => {
  let served = null;
  const before = state.pending;
  try { served = await (await fetch("/api/records")).json(); } catch (e) { served = null; }
  // what the user gave while the records were on their way (a file, a paste, a refusal) is newer than
  // any of these: the start-up leaves it be
  if (state.pending !== before) return;
  if (applyHash()) {
    if (served && served.records.length) listRecords(served.records);
    return;
  }
  if (served && served.records.length) showRecords(served.records, served.name);
  else newBoard(9, 9, 10);
})();
