
(() => {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const sentenceEl = $("sentence");
  let T;
  try {
    T = JSON.parse($("trace-data").textContent || "{}");
  } catch (err) {
    sentenceEl.textContent = "cannot read the embedded trace: " + err;
    sentenceEl.className = "sentence fatal";
    return;
  }
  const n = Number(T.n) | 0;
  if (!(n >= 1 && n <= 255)) {
    sentenceEl.textContent = "the trace has no valid n";
    sentenceEl.className = "sentence fatal";
    return;
  }
  const NN = n * n;
  const steps = Array.isArray(T.steps) ? T.steps : [];
  const N = steps.length;

  // ---- symbols, puzzle, regions -------------------------------------------------
  const DEFAULT_ALPHA = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let alpha = typeof T.alphabet === "string" ? Array.from(T.alphabet) : [];
  if (alpha.length < n) alpha = Array.from(n <= 9 ? "123456789" : DEFAULT_ALPHA);
  alpha = alpha.slice(0, n);
  const sym = (d) => (d >= 1 && d <= alpha.length ? alpha[d - 1] : String(d));
  const digitOf = (ch) => alpha.indexOf(String(ch)) + 1;
  const cellName = (r, c) => "r" + (r + 1) + "c" + (c + 1);
  const claimName = (c) => cellName(c[0], c[1]) + "=" + sym(c[2]);

  const puzzleChars = Array.from(typeof T.puzzle === "string" ? T.puzzle : "");
  const givenDigit = new Uint8Array(NN);
  if (puzzleChars.length === NN) {
    for (let i = 0; i < NN; i++) givenDigit[i] = Math.max(0, digitOf(puzzleChars[i]));
  }

  function regionLabels() {
    const R = T.regions;
    if (Array.isArray(R)) {
      const flat = R.flat(Infinity);
      if (flat.length === NN && new Set(flat).size <= n) return flat.map(String);
      const lab = new Array(NN).fill(null);
      let ok = true;
      R.forEach((reg, k) => {
        if (!Array.isArray(reg)) { ok = false; return; }
        for (const cell of reg) {
          let i = -1;
          if (Array.isArray(cell) && cell.length === 2) i = cell[0] * n + cell[1];
          else if (typeof cell === "number") i = cell;
          if (Number.isInteger(i) && i >= 0 && i < NN) lab[i] = String(k);
          else ok = false;
        }
      });
      if (ok && lab.every((x) => x !== null)) return lab;
    }
    const B = T.box;
    if (Array.isArray(B) && B.length === 2) {
      const bh = Number(B[0]), bw = Number(B[1]);
      if (bh >= 1 && bw >= 1 && n % bh === 0 && n % bw === 0) {
        const lab = [];
        for (let r = 0; r < n; r++) {
          for (let c = 0; c < n; c++) lab.push(Math.floor(r / bh) + ":" + Math.floor(c / bw));
        }
        return lab;
      }
    }
    return null;
  }
  const region = regionLabels();
  // houses (for the axiom a guess in "axiom" order takes its claim from): lists of cells
  const houses = (Array.isArray(T.houses) ? T.houses : []).map((h) => ({
    name: h && typeof h.name === "string" ? h.name : "house",
    cells: claimCells(h && h.cells),
  }));
  function claimCells(x) {
    const out = [];
    if (Array.isArray(x)) {
      for (const c of x) {
        if (Array.isArray(c) && c.length === 2 && c[0] >= 0 && c[0] < n && c[1] >= 0 &&
            c[1] < n) out.push(c[0] * n + c[1]);
      }
    }
    return out;
  }

  // ---- claims, axioms, techniques --------------------------------------------------
  function claimList(x) {
    const out = [];
    if (!Array.isArray(x)) return out;
    for (const c of x) {
      if (!Array.isArray(c) || c.length < 3) continue;
      const r = Number(c[0]), col = Number(c[1]), d = Number(c[2]);
      if (Number.isInteger(r) && Number.isInteger(col) && Number.isInteger(d) &&
          r >= 0 && r < n && col >= 0 && col < n && d >= 1 && d <= n) out.push([r, col, d]);
    }
    return out;
  }
  const ckey = (c) => c[0] + "," + c[1] + "," + c[2];
  const ruleOf = (st) => (st && st.rule !== undefined && st.rule !== null ? String(st.rule) : "?");
  const depthOf = (st) => Number(st && st.depth) || 0;
  function valueOf(st) {
    if (typeof st.value === "boolean") return st.value;
    const r = ruleOf(st);
    return r === "2" || r === "given" || r === "guess";
  }
  // an axiom as the page draws it: its title (in the puzzle's symbols) and its claims
  function axiomOf(a) {
    if (!a || typeof a !== "object") return null;
    const title = typeof a.title === "string" ? a.title
      : typeof a.name === "string" ? a.name : "axiom";
    const rule = typeof a.constraint === "string" ? a.constraint : null;  // the rule it encodes
    return { title, claims: claimList(a.claims), rule };
  }
  const axiomList = (x) => (Array.isArray(x) ? x.map(axiomOf).filter((a) => a) : []);
  const isCellAxiom = (cl) => cl.length > 1 && cl.every((c) => c[0] === cl[0][0] &&
    c[1] === cl[0][1]);
  const S_claims = steps.map((st) => claimList(st && st.claims));
  const S_because = steps.map((st) => claimList(st && st.because));
  const S_axiom = steps.map((st) => axiomOf(st && st.axiom));
  const S_bases = steps.map((st) => axiomList(st && st.bases));
  const S_covers = steps.map((st) => axiomList(st && st.covers));
  // the titles of the rules a step cites (its own "constraint" and its axioms')
  const S_rules = steps.map((st, i) => {
    const named = [st && st.constraint, ...[S_axiom[i], ...S_bases[i], ...S_covers[i]]
      .map((a) => a && a.rule)];
    return [...new Set(named.filter((t) => typeof t === "string" && t))];
  });
  const hasGivenSteps = steps.some((st) => ruleOf(st) === "given");
  // the words a player learns for what a step does (the trace's own "technique" when it has one)
  function techniqueOf(i) {
    const st = steps[i] || {};
    if (typeof st.technique === "string" && st.technique) return st.technique;
    const r = ruleOf(st);
    if (r === "1") return "elimination";
    if (r === "2") return S_axiom[i] && isCellAxiom(S_axiom[i].claims) ? "lone-cell" : "lone-ranger";
    if (r === "twins") return "twins";
    return null;
  }
  const S_tech = steps.map((_, i) => techniqueOf(i));
  const techLabel = (t) => (t === "x-wing" ? "X-wing" : String(t).replace(/-/g, " "));
  const BASIC = new Set(["elimination", "lone-cell", "lone-ranger"]);

  // ---- state & replay (see the Python module docstring) --------------------------
  // per claim: cv 0 open / 1 true / 2 false, and ds the step (1-based) that decided it
  function fresh() {
    const S = { cand: new Uint8Array(NN * n).fill(1), val: new Uint8Array(NN),
                vdepth: new Uint16Array(NN), cv: new Uint8Array(NN * n),
                ds: new Uint32Array(NN * n), stack: [] };
    if (!hasGivenSteps) {
      for (let i = 0; i < NN; i++) if (givenDigit[i]) setTrue(S, i, givenDigit[i], 0, 0);
    }
    return S;
  }
  const clone = (S) => ({ cand: S.cand.slice(), val: S.val.slice(), vdepth: S.vdepth.slice(),
                          cv: S.cv.slice(), ds: S.ds.slice(), stack: S.stack.slice() });
  function setTrue(S, i, d, depth, at) {
    S.cand.fill(0, i * n, i * n + n);
    S.cand[i * n + d - 1] = 1;
    S.val[i] = d;
    S.vdepth[i] = depth;
    S.cv[i * n + d - 1] = 1;
    S.ds[i * n + d - 1] = at;
  }
  function setFalse(S, i, d, at) {
    S.cand[i * n + d - 1] = 0;
    if (S.val[i] === d) S.val[i] = 0;
    S.cv[i * n + d - 1] = 2;
    S.ds[i * n + d - 1] = at;
  }
  function backtrackTarget(stack, idx) {
    const keys = new Set(S_claims[idx].map(ckey));
    for (let j = stack.length - 1; j >= 0; j--) {
      if (stack[j].keys.some((k) => keys.has(k))) return j;
    }
    const dep = depthOf(steps[idx]);
    for (let j = stack.length - 1; j >= 0; j--) if (stack[j].depth === dep) return j;
    return stack.length - 1;
  }
  function applyCandidates(S, cands, at) {
    let list = cands;
    if (list.length === n && NN !== n && Array.isArray(list[0]) && list[0].length === n &&
        list.flat().length === NN) list = list.flat();
    if (list.length !== NN) return;
    for (let i = 0; i < NN; i++) {
      const c = list[i];
      const was = S.cand.slice(i * n, i * n + n);
      S.cand.fill(0, i * n, i * n + n);
      const items = typeof c === "string" ? Array.from(c)
        : Array.isArray(c) ? c : typeof c === "number" ? [c] : [];
      for (const x of items) {
        const d = typeof x === "number" ? x : digitOf(x);
        if (Number.isInteger(d) && d >= 1 && d <= n) S.cand[i * n + d - 1] = 1;
      }
      for (let d = 0; d < n; d++) {
        if (was[d] && !S.cand[i * n + d] && S.cv[i * n + d] === 0) {
          S.cv[i * n + d] = 2;
          S.ds[i * n + d] = at;
        }
      }
      if (S.val[i] && !S.cand[i * n + S.val[i] - 1]) S.val[i] = 0;
    }
  }
  function apply(S, idx) {
    const st = steps[idx] || {};
    const rule = ruleOf(st);
    if (rule === "guess") {
      S.stack.push({ keys: S_claims[idx].map(ckey), depth: depthOf(st), at: idx + 1,
                     cand: S.cand.slice(), val: S.val.slice(), vdepth: S.vdepth.slice(),
                     cv: S.cv.slice(), ds: S.ds.slice() });
    } else if (rule === "backtrack" && S.stack.length) {
      const j = backtrackTarget(S.stack, idx);
      const snap = S.stack[j];
      S.stack.length = j;
      S.cand.set(snap.cand);
      S.val.set(snap.val);
      S.vdepth.set(snap.vdepth);
      S.cv.set(snap.cv);
      S.ds.set(snap.ds);
    }
    const v = valueOf(st), dep = depthOf(st);
    for (const [r, c, d] of S_claims[idx]) {
      if (v) setTrue(S, r * n + c, d, dep, idx + 1);
      else setFalse(S, r * n + c, d, idx + 1);
    }
    if (Array.isArray(st.candidates)) applyCandidates(S, st.candidates, idx + 1);
  }

  // why a guess took its claim, read from the state just before it (search.GuessOrder)
  const ORDER = typeof T.order === "string" ? T.order : "first";
  function openClaims(S, cl) {
    if (cl.some(([r, c, d]) => S.cv[(r * n + c) * n + d - 1] === 1)) return null;
    return cl.filter(([r, c, d]) => S.cv[(r * n + c) * n + d - 1] === 0);
  }
  function cellAxiom(r, c) {
    const claims = [];
    for (let d = 1; d <= n; d++) claims.push([r, c, d]);
    return { title: "cell " + cellName(r, c) + " holds exactly one digit", claims };
  }
  function guessWhy(S, idx) {
    const g = S_claims[idx][0];
    if (!g) return null;
    const [r, c, d] = g;
    let ax = cellAxiom(r, c);
    if (ORDER === "axiom") {  // the axiom with the fewest open claims: cells first, then houses
      let best = openClaims(S, ax.claims), bestAx = ax;
      for (const h of houses) {
        if (!h.cells.includes(r * n + c)) continue;
        const cl = h.cells.map((i) => [Math.floor(i / n), i % n, d]);
        const open = openClaims(S, cl);
        if (open && (!best || open.length < best.length)) {
          best = open;
          bestAx = { title: h.name + " has exactly one " + sym(d), claims: cl };
        }
      }
      ax = bestAx;
    }
    const open = openClaims(S, ax.claims) || [];
    return { axiom: ax, open: open.map(ckey), alts: open.filter((x) => ckey(x) !== ckey(g)) };
  }

  // checkpoints every K steps, so that any position is a short replay away
  const K = Math.max(16, Math.ceil((N * NN * n) / 4e6));
  const checkpoints = [];
  const guessInfo = new Map();
  {
    const S = fresh();
    checkpoints.push(clone(S));
    for (let i = 0; i < N; i++) {
      if (ruleOf(steps[i]) === "guess") guessInfo.set(i, guessWhy(S, i));
      apply(S, i);
      if ((i + 1) % K === 0) checkpoints.push(clone(S));
    }
  }
  let cur = { k: 0, S: clone(checkpoints[0]) };
  function stateAt(k) {
    if (k === cur.k) return cur.S;
    if (k === cur.k + 1) { apply(cur.S, cur.k); cur.k = k; return cur.S; }
    const j = Math.floor(k / K);
    const S = clone(checkpoints[j]);
    for (let i = j * K; i < k; i++) apply(S, i);
    cur = { k, S };
    return S;
  }

  // axioms: distinct names used in steps[0..k)
  const distinctUpTo = new Uint32Array(N + 1);
  {
    const seen = new Set();
    for (let i = 0; i < N; i++) {
      if (S_axiom[i] !== null) seen.add(S_axiom[i].title);
      distinctUpTo[i + 1] = seen.size;
    }
  }

  // ---- rules beyond houses (T.constraints: drawn by rules.js; Keen's cages bordered here) ----
  const RULES = T.constraints && typeof T.constraints === "object" ? T.constraints : {};
  const listOf = (x) => (Array.isArray(x) ? x : []);
  const cellOf = (rc) => (Array.isArray(rc) && rc.length === 2 && rc[0] >= 0 && rc[0] < n &&
    rc[1] >= 0 && rc[1] < n ? rc[0] * n + rc[1] : -1);
  const cages = listOf(RULES.cages).map((cg) => ({
    cells: listOf(cg && cg.cells).map(cellOf).filter((i) => i >= 0),
    clue: cg && typeof cg.clue === "string" ? cg.clue : "",
    dashed: Boolean(cg && cg.dashed),
    title: cg && typeof cg.title === "string" ? cg.title : "cage",
    outline: listOf(cg && cg.outline),
  })).filter((cg) => cg.cells.length);
  const solidCage = new Int32Array(NN).fill(-1);  // Keen's cages: bordered as thick as boxes
  const clueAt = new Map();  // the cage clue written in a cell (its cage's first)
  cages.forEach((cg, k) => {
    if (!cg.dashed) for (const i of cg.cells) solidCage[i] = k;
    if (cg.clue) clueAt.set(Math.min(...cg.cells), cg);
  });

  // ---- board DOM ------------------------------------------------------------------
  const board = $("board");
  const mc = Math.ceil(Math.sqrt(n)), mr = Math.ceil(n / mc);
  document.documentElement.style.setProperty("--n", String(n));
  board.style.setProperty("--mc", String(mc));
  board.style.setProperty("--mr", String(mr));
  const cells = [], values = [], marks = [], painted = new Array(NN).fill("");
  const frag = document.createDocumentFragment();
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const el = document.createElement("div");
      el.setAttribute("role", "gridcell");
      el.dataset.row = String(r);
      el.dataset.col = String(c);
      el.dataset.prem = "";
      const base = ["cell"];
      if (c === n - 1) base.push("lc");
      else if ((region && region[i] !== region[i + 1]) || solidCage[i] !== solidCage[i + 1]) {
        base.push("br");
      }
      if (r === n - 1) base.push("lr");
      else if ((region && region[i] !== region[i + n]) || solidCage[i] !== solidCage[i + n]) {
        base.push("bb");
      }
      if (T.diagonals && (r === c || r + c === n - 1)) base.push("diag");
      if (givenDigit[i]) base.push("given");
      el.dataset.base = base.join(" ");
      el.className = el.dataset.base;
      const v = document.createElement("span");
      v.className = "value";
      const mk = document.createElement("div");
      mk.className = "marks";
      const ms = [];
      for (let d = 1; d <= n; d++) {
        const s = document.createElement("span");
        s.className = "m";
        s.textContent = sym(d);
        mk.appendChild(s);
        ms.push(s);
      }
      el.append(v, mk);
      const cg = clueAt.get(i);
      if (cg) {
        base.push("clued");
        el.dataset.base = base.join(" ");
        el.className = el.dataset.base;
        const clue = document.createElement("span");
        clue.className = cg.dashed ? "clue killer" : "clue";
        clue.textContent = cg.clue;
        clue.title = cg.title;
        clue.dataset.rule = cg.title;
        el.appendChild(clue);
      }
      frag.appendChild(el);
      cells.push(el); values.push(v); marks.push(ms);
    }
  }
  board.appendChild(frag);
  // the rules' marks (rules.js); citeRules(titles) lights up those of the rules a step cites
  const citeRules = satdokuRules.draw(RULES, n, cages, cellOf, board, $("boardgrid"),
    document.querySelector(".legend"));
  const rowLabels = [], colLabels = [];
  for (let j = 0; j < n; j++) {
    const rl = document.createElement("span");
    rl.className = "lab";
    rl.textContent = "r" + (j + 1);
    rowLabels.push(rl);
    const cl = document.createElement("span");
    cl.className = "lab";
    cl.textContent = (n >= 20 ? "" : "c") + (j + 1);  // a 25x25's cells are too narrow for c25
    colLabels.push(cl);
  }
  $("rowlabels").append(...rowLabels);
  $("collabels").append(...colLabels);

  // ---- header, timeline, jump lists -----------------------------------------------
  const dims = n + "\u00d7" + n;
  $("meta").textContent = dims + " \u00b7 " + N + (N === 1 ? " step" : " steps");
  if (typeof T.status === "string" && T.status) {
    const st = $("status");
    st.textContent = T.truncated ? "first " + N + " steps" : T.status;
    st.classList.add(T.status.replace(/[^a-z]/gi, ""));
  }
  const jumps = { rule2: [], guess: [], contradiction: [] };
  const byTech = new Map();
  for (let i = 0; i < N; i++) {
    const r = ruleOf(steps[i]);
    if (r === "2") jumps.rule2.push(i + 1);
    if (r === "guess") jumps.guess.push(i + 1);
    if (r === "contradiction") jumps.contradiction.push(i + 1);
    const t = S_tech[i];
    if (t) { if (!byTech.has(t)) byTech.set(t, []); byTech.get(t).push(i + 1); }
  }
  const TICKS = { guess: "guess", backtrack: "backtrack", contradiction: "contradiction",
    set: "tech", twins: "tech", "2": "r2" };
  const timeline = $("timeline");
  {
    const tf = document.createDocumentFragment();
    let count = 0;
    for (let i = 0; i < N && count < 4000; i++) {
      const r = ruleOf(steps[i]);
      if (!TICKS[r]) continue;
      const t = document.createElement("span");
      t.className = "tick " + TICKS[r];
      t.style.left = (N ? ((i + 1) / N) * 100 : 0) + "%";
      t.title = (r === "2" ? "rule 2" : S_tech[i] ? techLabel(S_tech[i]) : r) +
        " at step " + (i + 1);
      t.dataset.step = String(i + 1);
      tf.appendChild(t);
      count++;
    }
    timeline.appendChild(tf);
  }
  const techPick = $("techpick");
  {
    const order = Array.from(byTech.keys()).sort((a, b) =>
      (BASIC.has(a) - BASIC.has(b)) || byTech.get(a)[0] - byTech.get(b)[0]);
    for (const t of order) {
      const o = document.createElement("option");
      o.value = t;
      o.textContent = techLabel(t) + " \u00b7 " + byTech.get(t).length;
      techPick.appendChild(o);
    }
    techPick.disabled = order.length === 0;
  }
  const digitPick = $("digit");
  for (let d = 1; d <= n; d++) {
    const o = document.createElement("option");
    o.value = String(d);
    o.textContent = sym(d);
    digitPick.appendChild(o);
  }
  const nextIn = (list, k) => {
    let lo = 0, hi = list.length;
    while (lo < hi) { const m = (lo + hi) >> 1; if (list[m] <= k) lo = m + 1; else hi = m; }
    return lo < list.length ? list[lo] : null;
  };

  // ---- rendering ----------------------------------------------------------------------
  const slider = $("slider"), counter = $("counter"), badge = $("badge"), techEl = $("technique");
  const whyEl = $("why"), gotoBox = $("goto");
  const axList = $("axioms"), axCount = $("axcount");
  const boardgrid = $("boardgrid"), depthflag = $("depthflag");
  const strip = $("strip"), stripName = $("stripname"), stripSum = $("stripsum");
  const setsEl = $("sets");
  slider.max = String(N);
  gotoBox.max = String(N);
  const RULE_LABEL = { "1": "rule 1", "2": "rule 2", given: "given", guess: "guess",
    backtrack: "backtrack", contradiction: "contradiction", twins: "twins", set: "set logic" };
  let k = 0, filter = 0, projector = false;

  function describe(i) {
    const st = steps[i] || {};
    if (typeof st.text === "string" && st.text) return st.text;
    const cl = S_claims[i].map((c) => cellName(c[0], c[1]) +
      (valueOf(st) ? "=" : "\u2260") + sym(c[2])).join(", ");
    return ruleOf(st) + (S_axiom[i] ? " in '" + S_axiom[i].title + "'" : "") +
      (cl ? ": " + cl : "");
  }
  const listWords = (xs) => (xs.length <= 2 ? xs.join(" and ")
    : xs.slice(0, -1).join(", ") + " and " + xs[xs.length - 1]);

  function explainMore(i, S) {
    const st = steps[i] || {};
    const rule = ruleOf(st);
    if (rule === "guess") {
      const g = guessInfo.get(i), c = S_claims[i][0];
      if (!g || !c) return "";
      const here = ORDER === "axiom" ? "'" + g.axiom.title + "' has the fewest claims left (" +
          g.open.length + ")"
        : cellName(c[0], c[1]) + (ORDER === "fewest" ? " has the fewest candidates (" +
          g.open.length + ")" : " is the first open cell in reading order");
      const alts = g.alts.map((x) => (ORDER === "axiom" ? claimName(x) : sym(x[2])));
      return "Why here: " + here + ". It tries " + claimName(c) + " first" +
        (alts.length === 1 ? "; if that fails, the alternative " + alts[0] + " is still open."
          : alts.length ? "; if that fails, the alternatives " + listWords(alts) +
          " are still open." : "; it has no alternative.");
    }
    if (rule === "backtrack") {
      const snapDepth = S.stack.length;
      return "The board goes back to before that guess: " +
        (snapDepth ? "depth " + snapDepth + " (" + snapDepth + " guess" +
          (snapDepth === 1 ? "" : "es") + " still open)." : "depth 0, no guess open.");
    }
    return "";
  }

  function chip(c, S, now) {
    const [r, col, d] = c;
    const ci = (r * n + col) * n + d - 1;
    const state = S.cv[ci] === 1 ? "true" : S.cv[ci] === 2 ? "false" : "open";
    const li = document.createElement("li");
    li.className = "claim " + state + (now.has(ckey(c)) ? " now" : "");
    li.dataset.state = state;
    li.dataset.claim = ckey(c);
    const at = state === "open" ? 0 : S.ds[ci];
    li.dataset.step = at ? String(at) : "";
    const b = document.createElement("b");
    b.textContent = claimName(c);
    const s = document.createElement("small");
    s.textContent = state === "open" ? "open" : (state === "true" ? "\u2713 " : "\u2717 ") +
      (at ? "#" + at : "given");
    li.append(b, s);
    li.title = claimName(c) + " is " + state + (at ? " since step " + at + " (click to open it)" : "");
    return li;
  }

  function renderStrip(i, S) {
    const st = i >= 0 ? steps[i] || {} : null;
    const rule = st ? ruleOf(st) : "";
    let shown = [];
    if (i >= 0 && S_bases[i].length) shown = S_bases[i];
    else if (i >= 0 && S_axiom[i]) shown = [S_axiom[i]];
    else if (rule === "guess" && guessInfo.get(i)) shown = [guessInfo.get(i).axiom];
    else if (rule === "backtrack" && S_claims[i][0]) {
      shown = [cellAxiom(S_claims[i][0][0], S_claims[i][0][1])];
    }
    const now = new Set(i >= 0 ? S_claims[i].map(ckey) : []);
    const f = document.createDocumentFragment();
    let t = 0, fa = 0, o = 0;
    for (const ax of shown) {
      if (shown.length > 1) {
        const h = document.createElement("li");
        h.className = "axhead";
        h.textContent = ax.title;
        f.appendChild(h);
      }
      for (const c of ax.claims) {
        const li = chip(c, S, now);
        if (li.dataset.state === "true") t++;
        else if (li.dataset.state === "false") fa++;
        else o++;
        f.appendChild(li);
      }
    }
    strip.replaceChildren(f);
    strip.style.setProperty("--chips", String(Math.min(n, 9)));
    if (!shown.length) {
      stripName.textContent = st ? "this step uses no axiom" : "no step yet";
      stripSum.textContent = "";
    } else {
      stripName.textContent = shown.length > 1 ? shown.length + " base axioms (exactly one " +
        "true each)" : shown[0].title;
      stripSum.textContent = t + " true \u00b7 " + fa + " false \u00b7 " + o + " open";
    }
    setsEl.replaceChildren();
    if (i >= 0 && (S_bases[i].length || S_covers[i].length)) {
      for (const [role, list] of [["base", S_bases[i]], ["cover", S_covers[i]]]) {
        for (const ax of list) {
          const li = document.createElement("li");
          li.className = role;
          li.textContent = role + ": " + ax.title;
          setsEl.appendChild(li);
        }
      }
    }
  }

  function renderAxioms() {
    axCount.textContent = k ? "(" + distinctUpTo[k] + ")" : "";
    const frag2 = document.createDocumentFragment();
    const seen = new Set();
    const LIMIT = 150;
    for (let i = k - 1; i >= 0 && seen.size < LIMIT; i--) {
      const name = S_axiom[i] ? S_axiom[i].title : null;
      if (name === null || seen.has(name)) continue;
      seen.add(name);
      const li = document.createElement("li");
      if (i === k - 1) li.className = "cur";
      const nm = document.createElement("span");
      nm.textContent = name;
      const at = document.createElement("span");
      at.className = "at";
      at.textContent = "#" + (i + 1);
      li.append(nm, at);
      li.dataset.step = String(i + 1);
      li.title = "go to step " + (i + 1);
      frag2.appendChild(li);
    }
    if (k && distinctUpTo[k] > seen.size) {
      const li = document.createElement("li");
      li.className = "more";
      li.textContent = "\u2026 " + (distinctUpTo[k] - seen.size) + " more";
      frag2.appendChild(li);
    }
    axList.replaceChildren(frag2);
  }

  function render() {
    const S = stateAt(k);
    const i = k - 1;
    const st = i >= 0 ? steps[i] || {} : null;
    // projector mode shows the step's digit alone (its first claim's), else the digit picked
    const shownDigit = projector && i >= 0 && S_claims[i].length ? S_claims[i][0][2] : filter;
    board.classList.toggle("filter", shownDigit > 0);
    const rule = st ? ruleOf(st) : "";
    const hlCell = new Map();   // cell -> class list
    const hlMark = new Map();   // cell*n+d-1 -> class list
    const prem = new Map();     // cell -> symbols of the false premises there
    const strikeCells = new Set();  // cells with a candidate struck by this step
    const hotRows = new Set(), hotCols = new Set();
    const add = (m, key, cls) => {
      const a = m.get(key);
      if (a) a.push(cls); else m.set(key, [cls]);
    };
    if (st) {
      const bad = rule === "contradiction";
      if (S_bases[i].length || S_covers[i].length) {  // set logic: bases and covers
        for (const [cls, list] of [["bs", S_bases[i]], ["cv", S_covers[i]]]) {
          for (const ax of list) {
            for (const [r, c, d] of ax.claims) {
              add(hlCell, r * n + c, cls);
              add(hlMark, (r * n + c) * n + d - 1, cls);
            }
          }
        }
      } else if (S_axiom[i]) {
        for (const [r, c, d] of S_axiom[i].claims) {
          add(hlCell, r * n + c, bad ? "ax bad" : "ax");
          add(hlMark, (r * n + c) * n + d - 1, "a");
        }
      }
      // a true premise gets its cell outlined, an open one its pencil mark; a false one
      // (rule 2's n-1, the bases' claims outside the covers) is drawn crossed out
      const decided = new Set(S_claims[i].map(ckey));
      for (const [r, c, d] of S_because[i]) {
        const ci = r * n + c;
        hotRows.add(r); hotCols.add(c);
        if (decided.has(r + "," + c + "," + d)) continue;
        const state = S.cv[ci * n + d - 1];
        if (state === 1 || S.val[ci] === d) add(hlCell, ci, "bec");
        else if (state === 2 || S.cand[ci * n + d - 1] === 0) {
          prem.set(ci, (prem.get(ci) || "") + sym(d));
          add(hlCell, ci, "prem");
          add(hlMark, ci * n + d - 1, "p");
        } else add(hlMark, ci * n + d - 1, "b");
      }
      const v = valueOf(st);
      const guess = rule === "guess";
      for (const [r, c, d] of S_claims[i]) {
        hotRows.add(r); hotCols.add(c);
        if (v) {
          add(hlCell, r * n + c, guess ? "gs" : "tru");
          add(hlMark, (r * n + c) * n + d - 1, guess ? "g" : "t");
        } else { add(hlMark, (r * n + c) * n + d - 1, "x"); strikeCells.add(r * n + c); }
      }
    }
    for (let ci = 0; ci < NN; ci++) {
      const val = S.val[ci];
      let cls = cells[ci].dataset.base;
      if (val) cls += S.vdepth[ci] > 0 ? " placed tent" : " placed";
      const extra = hlCell.get(ci);
      if (extra) cls += " " + extra.join(" ");
      if (val && strikeCells.has(ci)) cls += " strike";
      if (shownDigit) {
        if (val === shownDigit) cls += " fv";
        else if (!val && S.cand[ci * n + shownDigit - 1] === 1) cls += " fc";
      }
      let candStr = "", markSig = "";
      let any = false;
      for (let d = 1; d <= n; d++) {
        const on = S.cand[ci * n + d - 1] === 1;
        if (on) { candStr += sym(d); any = true; }
        const h = hlMark.get(ci * n + d - 1);
        markSig += (on ? "1" : "0") + (h ? h.join("") : "") + "|";
      }
      if (!any && !val) cls += " empty";
      const pm = prem.get(ci) || "";
      if (shownDigit && pm === sym(shownDigit)) cls += " prem1";  // its one premise is the digit
      const sig = cls + "#" + val + "#" + markSig + "#" + pm + "#" + shownDigit;
      if (sig === painted[ci]) continue;
      painted[ci] = sig;
      const el = cells[ci];
      el.className = cls;
      el.dataset.cands = candStr;
      el.dataset.prem = pm;
      values[ci].textContent = val ? sym(val) : "";
      const ms = marks[ci];
      for (let d = 1; d <= n; d++) {
        const h = hlMark.get(ci * n + d - 1);
        let mcls = S.cand[ci * n + d - 1] === 1 ? "m" : "m off";
        if (h) mcls += " " + h.join(" ");
        if (shownDigit && d === shownDigit) mcls += " fd";
        if (ms[d - 1].className !== mcls) ms[d - 1].className = mcls;
      }
    }
    citeRules(i >= 0 ? S_rules[i] : []);
    for (let j = 0; j < n; j++) {
      rowLabels[j].className = hotRows.has(j) ? "lab hot" : "lab";
      colLabels[j].className = hotCols.has(j) ? "lab hot" : "lab";
    }
    counter.textContent = k + " / " + N;
    $("fcounter").textContent = k + " / " + N;
    slider.value = String(k);
    if (document.activeElement !== gotoBox) gotoBox.value = String(k);
    $("prev").disabled = $("first").disabled = k === 0;
    $("next").disabled = $("last").disabled = k === N;
    $("next-rule2").disabled = nextIn(jumps.rule2, k) === null;
    $("next-guess").disabled = nextIn(jumps.guess, k) === null;
    $("next-contradiction").disabled = nextIn(jumps.contradiction, k) === null;
    $("next-technique").disabled = !byTech.has(techPick.value) ||
      nextIn(byTech.get(techPick.value), k) === null;
    const open = S.stack.length;
    if (st) {
      const dep = depthOf(st);
      badge.className = "badge " + (rule === "1" ? "r1" : rule === "2" ? "r2" : rule);
      badge.textContent = (RULE_LABEL[rule] || rule) +
        (rule === "backtrack" ? " \u00b7 depth " + dep + " \u2192 " + open
          : dep > 0 || rule === "guess" ? " \u00b7 depth " + dep : "");
      badge.hidden = false;
      const tech = S_tech[i];
      techEl.hidden = !tech || tech === rule;
      techEl.textContent = tech ? techLabel(tech) : "";
      sentenceEl.textContent = describe(i);
      whyEl.textContent = explainMore(i, S);
    } else {
      badge.hidden = true;
      techEl.hidden = true;
      whyEl.textContent = "";
      sentenceEl.textContent = N === 0
        ? "This trace has no steps."
        : "Start: every cell has all " + n + " candidates" +
          (hasGivenSteps ? "" : ", and the givens are placed") +
          ". Press Next (\u2192) or Play (space) to apply the " + N + " steps.";
    }
    $("fbadge").textContent = badge.hidden ? "" : badge.textContent;
    if (k === N && N > 0 && typeof T.status === "string") {
      sentenceEl.textContent += T.truncated
        ? "  \u2014 the trace stops here (cut after " + N + " steps)."
        : "  \u2014 " + T.status + ".";
    }
    boardgrid.classList.toggle("deep", open > 0);
    depthflag.hidden = open === 0;
    depthflag.textContent = "inside guess \u00b7 depth " + open;
    renderStrip(i, S);
    renderAxioms();
    zoomTo(projector ? houseCells(i) : []);
    linkLater();
  }

  // ---- projector mode: the step's house zoomed to fill the board ------------------------
  // the house: the step's axiom (a house), set logic's bases, or the box of a cell's step
  function houseCells(i) {
    if (i < 0) return [];
    if (S_bases[i].length) return S_bases[i].flatMap((ax) => ax.claims.map(([r, c]) => r * n + c));
    const ax = S_axiom[i];
    if (ax && !isCellAxiom(ax.claims)) return ax.claims.map(([r, c]) => r * n + c);
    const cl = S_claims[i][0] || S_because[i][0];
    if (!cl) return [];
    const at = cl[0] * n + cl[1];
    return region ? cells.map((_, j) => j).filter((j) => region[j] === region[at]) : [at];
  }
  // a square window of whole cells around the house (a third of the board at least), scaled up
  // to the board's size and clipped to it; the labels show the window's rows and columns
  function zoomTo(list) {
    let win = n, r0 = 0, c0 = 0;
    if (list.length && !boardgrid.classList.contains("outside")) {
      const rows = list.map((j) => Math.floor(j / n)), cols = list.map((j) => j % n);
      const top = Math.min(...rows), left = Math.min(...cols);
      const h = Math.max(...rows) - top + 1, w = Math.max(...cols) - left + 1;
      win = Math.min(n, Math.max(h, w, Math.ceil(n / 3)));
      r0 = Math.max(0, Math.min(n - win, top - Math.floor((win - h) / 2)));
      c0 = Math.max(0, Math.min(n - win, left - Math.floor((win - w) / 2)));
    }
    const zoomed = win < n;
    const pct = (x) => (x / n) * 100 + "%";
    board.classList.toggle("zoomed", zoomed);
    board.style.transform = zoomed
      ? "scale(" + n / win + ") translate(-" + pct(c0) + ", -" + pct(r0) + ")" : "";
    board.style.clipPath = zoomed ? "inset(" + [pct(r0), pct(n - c0 - win), pct(n - r0 - win),
      pct(c0)].join(" ") + ")" : "";
    board.dataset.zoom = zoomed ? [r0, c0, win].join(",") : "";
    for (let j = 0; j < n; j++) {
      rowLabels[j].hidden = zoomed && (j < r0 || j >= r0 + win);
      colLabels[j].hidden = zoomed && (j < c0 || j >= c0 + win);
    }
    $("rowlabels").style.gridTemplateRows = zoomed ? "repeat(" + win + ", 1fr)" : "";
    $("collabels").style.gridTemplateColumns = zoomed ? "repeat(" + win + ", 1fr)" : "";
  }

  // ---- #step=N links ------------------------------------------------------------------
  let linkTimer = null;
  function linkLater() {  // the address follows the step, but not at every frame of a play
    if (linkTimer !== null) clearTimeout(linkTimer);
    linkTimer = setTimeout(() => {
      linkTimer = null;
      try {
        if (location.hash !== "#step=" + k) history.replaceState(null, "", "#step=" + k);
      } catch (err) { /* a sandboxed frame keeps its address */ }
    }, 250);
  }
  function stepFromHash() {
    const m = /^#step=(\d+)$/.exec(location.hash || "");
    return m ? Number(m[1]) : null;
  }

  // ---- controls ---------------------------------------------------------------------
  let timer = null;
  const playBtn = $("play"), speedSel = $("speed");
  function goto(target) {
    const t = Math.max(0, Math.min(N, Math.round(Number(target)) || 0));
    if (t === k && painted[0] !== "") return;
    k = t;
    render();
  }
  function stop() {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    playBtn.textContent = "\u25b6 Play";
    playBtn.setAttribute("aria-pressed", "false");
  }
  function tick() {
    if (k >= N) { stop(); return; }
    goto(k + 1);
    timer = setTimeout(tick, 1000 / (Number(speedSel.value) || 4));
  }
  function play() {
    if (N === 0) return;
    if (k >= N) goto(0);
    playBtn.textContent = "\u275a\u275a Pause";
    playBtn.setAttribute("aria-pressed", "true");
    timer = setTimeout(tick, 1000 / (Number(speedSel.value) || 4));
  }
  const toggle = () => (timer === null ? play() : stop());
  const step = (delta) => { stop(); goto(k + delta); };
  const jumpTo = (list) => { const t = list && nextIn(list, k); if (t) { stop(); goto(t); } };
  function setFilter(d) {
    filter = Math.max(0, Math.min(n, d | 0));
    digitPick.value = String(filter);
    render();
  }
  function setFocus(on) {
    document.body.classList.toggle("focus", on);
    $("focus").setAttribute("aria-pressed", on ? "true" : "false");
  }
  function setProjector(on) {
    projector = on;
    document.body.classList.toggle("projector", on);
    $("projector").setAttribute("aria-pressed", on ? "true" : "false");
    render();
  }

  $("prev").addEventListener("click", () => step(-1));
  $("next").addEventListener("click", () => step(1));
  $("first").addEventListener("click", () => { stop(); goto(0); });
  $("last").addEventListener("click", () => { stop(); goto(N); });
  $("next-rule2").addEventListener("click", () => jumpTo(jumps.rule2));
  $("next-guess").addEventListener("click", () => jumpTo(jumps.guess));
  $("next-contradiction").addEventListener("click", () => jumpTo(jumps.contradiction));
  $("next-technique").addEventListener("click", () => jumpTo(byTech.get(techPick.value)));
  techPick.addEventListener("change", () => render());
  digitPick.addEventListener("change", () => setFilter(Number(digitPick.value)));
  $("focus").addEventListener("click", () => setFocus(!document.body.classList.contains("focus")));
  $("projector").addEventListener("click", () => setProjector(!projector));
  $("unfocus").addEventListener("click", () => { setFocus(false); if (projector) setProjector(false); });
  playBtn.addEventListener("click", toggle);
  slider.addEventListener("input", () => { stop(); goto(slider.value); });
  gotoBox.addEventListener("change", () => { stop(); goto(gotoBox.value); });
  gotoBox.addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); stop(); goto(gotoBox.value); gotoBox.blur(); }
  });
  const clickStep = (e) => {
    const el = e.target.closest("[data-step]");
    if (el && el.dataset.step) { stop(); goto(el.dataset.step); }
  };
  axList.addEventListener("click", clickStep);
  strip.addEventListener("click", clickStep);
  // a click opens the tick under it, else the one nearest to it (ticks can lie close)
  const tickSteps = Array.from(timeline.children, (t) => Number(t.dataset.step));
  timeline.addEventListener("click", (e) => {
    const hit = e.target.closest(".tick");
    if (hit) { stop(); goto(hit.dataset.step); return; }
    const box = timeline.getBoundingClientRect();
    if (!tickSteps.length || !box.width) return;
    const at = ((e.clientX - box.left) / box.width) * N;
    let best = tickSteps[0];
    for (const s of tickSteps) if (Math.abs(s - at) < Math.abs(best - at)) best = s;
    stop();
    goto(best);
  });
  window.addEventListener("hashchange", () => {
    const h = stepFromHash();
    if (h !== null) { stop(); goto(h); }
  });
  // buttons give the focus back so that Space always means play / pause
  for (const b of document.querySelectorAll("button")) {
    b.addEventListener("mouseup", () => b.blur());
  }
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && (t.tagName === "SELECT" || t.tagName === "TEXTAREA" ||
              (t.tagName === "INPUT" && t.type !== "range"))) return;
    const onSlider = t === slider;
    switch (e.key) {
      case "ArrowRight": case "ArrowDown":
        if (onSlider) return;
        e.preventDefault(); step(1); break;
      case "ArrowLeft": case "ArrowUp":
        if (onSlider) return;
        e.preventDefault(); step(-1); break;
      case "Home":
        if (onSlider) return;
        e.preventDefault(); stop(); goto(0); break;
      case "End":
        if (onSlider) return;
        e.preventDefault(); stop(); goto(N); break;
      case " ": case "Spacebar":
        e.preventDefault(); if (!e.repeat) toggle(); break;
      case "f": case "F":
        e.preventDefault(); setFocus(!document.body.classList.contains("focus")); break;
      case "p": case "P":
        e.preventDefault(); setProjector(!projector); break;
      case "]": setFilter(filter >= n ? 0 : filter + 1); break;
      case "[": setFilter(filter <= 0 ? n : filter - 1); break;
      case "Escape":
        if (projector) setProjector(false);
        else if (document.body.classList.contains("focus")) setFocus(false);
        else if (filter) setFilter(0);
        break;
      default:
    }
  });
  // Space on a focused button would also "click" it on keyup: swallow that
  document.addEventListener("keyup", (e) => {
    if ((e.key === " " || e.key === "Spacebar") && e.target && e.target.tagName === "BUTTON") {
      e.preventDefault();
    }
  });
  // the board is as big as the room left to it (the sentence box above it grows)
  const boardwrap = $("boardwrap");
  function fit() {
    const side = Math.max(60, Math.floor(Math.min(boardwrap.clientWidth, boardwrap.clientHeight)));
    if (boardgrid.style.getPropertyValue("--S") !== side + "px") {
      boardgrid.style.setProperty("--S", side + "px");
    }
  }
  if (typeof ResizeObserver === "function") new ResizeObserver(fit).observe(boardwrap);
  window.addEventListener("resize", fit);
  const start = stepFromHash();
  if (start !== null) k = Math.max(0, Math.min(N, start));
  render();
  fit();
  document.body.dataset.ready = "1";
})();
