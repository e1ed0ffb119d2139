// satdoku step page: the marks of a puzzle's rules beyond houses (T.constraints), drawn from
// the same marks as the SVG board: killer outlines and extra regions, signs, letters and Kropki
// dots on edges, lines through cells, marks in cells, quadruple circles on the grid's points,
// clues outside the grid (towers, sandwiches, X-sums, little killers) and the legend's notes.
// Every mark carries its rule's title (data-rule), so a step citing the rule lights it up.
const satdokuRules = (() => {
  "use strict";
  const listOf = (x) => (Array.isArray(x) ? x : []);
  const esc = (x) => String(x).replace(/&/g, "&amp;").replace(/</g, "&lt;")
    .replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const fix = (x) => String(Math.round(x * 1000) / 1000);
  const titleOf = (x) => (x && typeof x.title === "string" ? x.title : "");
  const WIDTH = { thermometer: 0.3, "slow thermometer": 0.3, arrow: 0.05 };
  const ARROWS = { "1,1": "\u2198", "1,-1": "\u2199", "-1,1": "\u2197", "-1,-1": "\u2196" };
  const SIDES = ["top", "bottom", "left", "right"];

  // one element as markup (the HTML parser gives it the SVG namespace)
  function tag(name, attrs, words) {
    const at = Object.entries(attrs).map(([a, v]) => " " + a + '="' +
      esc(typeof v === "number" ? fix(v) : v) + '"').join("");
    return "<" + name + at + ">" + (words === undefined ? "" : esc(words)) + "</" + name + ">";
  }

  // the picture over the cells, in cell units: (0, 0) is the grid's top-left corner
  function picture(R, n, cages, cellOf) {
    const parts = [];
    const group = (title, kind, inner) => {
      if (inner.length) {
        parts.push('<g class="mk" data-kind="' + esc(kind) + '" data-rule="' + esc(title) +
          '"><title>' + esc(title) + "</title>" + inner.join("") + "</g>");
      }
    };
    const centre = (i) => [i % n + 0.5, Math.floor(i / n) + 0.5];
    for (const mk of listOf(R.marks)) {
      const i = cellOf(mk && mk.cell);
      if (i < 0) continue;
      const [x, y] = centre(i);
      let inner;
      if (mk.shape === "circle") inner = tag("circle", { class: "odd", cx: x, cy: y, r: 0.38 });
      else if (mk.shape === "ring") inner = tag("circle", { class: "ring", cx: x, cy: y, r: 0.42 });
      else {
        const inset = mk.shape === "square" ? 0.12 : 0;
        const cls = mk.shape === "square" ? "even" : String(mk.shape);
        inner = tag("rect", { class: cls, x: x - 0.5 + inset, y: y - 0.5 + inset,
          width: 1 - 2 * inset, height: 1 - 2 * inset });
      }
      if (mk.shape === "clone") inner += hatch(x - 0.5, y - 0.5);
      group(titleOf(mk), String(mk.shape), [inner]);
    }
    for (const ln of listOf(R.lines)) {
      const cells = listOf(ln && ln.cells).map(cellOf);
      if (!cells.length || cells.some((i) => i < 0)) continue;
      const style = String(ln.style), pts = cells.map(centre), inner = [];
      const cls = style.replace(/ /g, "-");
      if (style === "thermometer" || style === "slow thermometer") {
        inner.push(tag("circle", { class: "bulb", cx: pts[0][0], cy: pts[0][1], r: 0.36 }));
      }
      if (style === "arrow" && pts.length > 1) {  // from the circle's rim to a head at the end
        const [[x0, y0], [x1, y1]] = pts;
        const rim = 0.42 / Math.max(Math.hypot(x1 - x0, y1 - y0), 0.01);
        pts[0] = [x0 + (x1 - x0) * rim, y0 + (y1 - y0) * rim];
      }
      const line = pts.length > 1 ? pts : [pts[0], pts[0]];
      inner.push(tag("polyline", { class: "line " + cls, "stroke-width": WIDTH[style] || 0.12,
        points: line.map(([x, y]) => fix(x) + "," + fix(y)).join(" ") }));
      if (style === "arrow" && pts.length > 1) {
        inner.push(head(pts[pts.length - 2], pts[pts.length - 1]));
      }
      if (style === "between") {
        for (const [x, y] of [pts[0], pts[pts.length - 1]]) {
          inner.push(tag("circle", { class: "ends", cx: x, cy: y, r: 0.4 }));
        }
      }
      group(titleOf(ln), style, inner);
    }
    for (const cg of cages.filter((c) => c.dashed)) {
      const d = cg.outline.filter((s) => Array.isArray(s) && s.length === 4)
        .map((s) => "M" + s[0] + " " + s[1] + "L" + s[2] + " " + s[3]).join("");
      if (d) group(cg.title, "outline", [tag("path", { class: "killer", d })]);
    }
    for (const sg of listOf(R.signs)) {
      const a = cellOf(sg && sg.cells && sg.cells[0]), b = cellOf(sg && sg.cells && sg.cells[1]);
      if (a < 0 || b < 0) continue;
      const r = Math.floor(a / n), c = a % n, across = b === a + 1;
      const x = across ? c + 1 : c + 0.5, y = across ? r + 0.5 : r + 1;
      const [colour, value] = String(sg.sign).split(" ");
      let inner;
      if (sg.sign === "bar") {
        const w = across ? 0.1 : 0.44, h = across ? 0.44 : 0.1;
        inner = [tag("rect", { class: "bar", x: x - w / 2, y: y - h / 2, width: w, height: h })];
      } else if (colour === "white" || colour === "black") {
        inner = [tag("circle", { class: "dot " + colour, cx: x, cy: y, r: 0.13 })];
        if (value) inner.push(tag("text", { class: "dottext " + colour, x, y }, value));
      } else {
        inner = [tag("text", { class: "sign", x, y }, String(sg.sign))];
      }
      group(titleOf(sg), "edge", inner);
    }
    for (const pt of listOf(R.points)) {
      const i = cellOf(pt && pt.corner);
      if (i < 0) continue;
      const x = i % n + 1, y = Math.floor(i / n) + 1, text = String(pt.text);
      group(titleOf(pt), "point", [tag("circle", { class: "quad", cx: x, cy: y, r: 0.24 }),
        tag("text", { class: "quadtext", x, y, "font-size": text.length <= 2 ? 0.2 : 0.14 },
          text)]);
    }
    return parts;
  }

  // a clone's cell is hatched (a tint would look like the axiom's cells): lines x + y = k
  function hatch(left, top) {
    let d = "";
    for (let k = 0.2; k < 2; k += 0.2) {
      const x0 = Math.max(0, k - 1), x1 = Math.min(1, k);
      d += "M" + fix(left + x0) + " " + fix(top + k - x0) + "L" + fix(left + x1) + " " +
        fix(top + k - x1);
    }
    return tag("path", { class: "hatch", d });
  }

  // an open arrow head at tip, pointing away from before
  function head([x0, y0], [x1, y1]) {
    const len = Math.max(Math.hypot(x1 - x0, y1 - y0), 0.01);
    const ux = (x1 - x0) / len, uy = (y1 - y0) / len, back = 0.2, wide = 0.12;
    const left = [x1 - ux * back - uy * wide, y1 - uy * back + ux * wide];
    const right = [x1 - ux * back + uy * wide, y1 - uy * back - ux * wide];
    return tag("polyline", { class: "line arrow", "stroke-width": 0.05,
      points: [left, [x1, y1], right].map(([x, y]) => fix(x) + "," + fix(y)).join(" ") });
  }

  // the bands outside the grid (a slot per row or column) and their four corners
  function bands(n, boardgrid) {
    const band = {};
    for (const side of SIDES) {
      const el = document.createElement("div");
      el.className = "clues " + side;
      el.setAttribute("aria-label", "clues on the " + side);
      for (let j = 0; j < n; j++) el.appendChild(document.createElement("span"));
      band[side] = el;
    }
    const corner = {};
    for (const at of ["top-left", "top-right", "bottom-left", "bottom-right"]) {
      const el = document.createElement("div");
      el.className = "clues cornerclue " + at;
      el.appendChild(document.createElement("span"));
      corner[at] = el;
    }
    boardgrid.classList.add("outside");
    boardgrid.append(...Object.values(band), ...Object.values(corner));
    // the slot of a place just outside the grid: row -1 or n, col -1 or n
    return (row, col) => {
      const inRow = row >= 0 && row < n, inCol = col >= 0 && col < n;
      if (inCol && (row === -1 || row === n)) return band[row < 0 ? "top" : "bottom"].children[col];
      if (inRow && (col === -1 || col === n)) return band[col < 0 ? "left" : "right"].children[row];
      if ((row === -1 || row === n) && (col === -1 || col === n)) {
        return corner[(row < 0 ? "top-" : "bottom-") + (col < 0 ? "left" : "right")].firstChild;
      }
      return null;
    };
  }

  function write(slot, text, title) {
    if (!slot) return;
    const i = document.createElement("i");
    i.textContent = text;
    i.title = title;
    i.dataset.rule = title;
    slot.appendChild(i);
  }

  // draw the rules of R (T.constraints) on the board; return cite(titles), lighting up the marks
  // of the rules named
  function draw(R, n, cages, cellOf, board, boardgrid, legend) {
    const outside = listOf(R.outside), diagonals = listOf(R.diagonals);
    const notes = listOf(R.notes).filter((x) => typeof x === "string");
    const parts = picture(R, n, cages, cellOf);
    if (parts.length) {
      board.insertAdjacentHTML("beforeend", '<svg class="rules" viewBox="0 0 ' + n + " " + n +
        '" aria-hidden="true">' + parts.join("") + "</svg>");
      board.classList.add("ruled");
      // pencil marks keep clear of the signs on the edges, the outlines and the circles
      const clear = cages.some((c) => c.dashed) || listOf(R.signs).length ||
        listOf(R.points).length || listOf(R.marks).length;
      if (clear) board.classList.add("inset");
    }
    if (outside.length || diagonals.length) {
      const slot = bands(n, boardgrid);
      for (const cl of outside) {
        const line = Number(cl && cl.line), side = cl && cl.side;
        const at = side === "top" ? [-1, line] : side === "bottom" ? [n, line]
          : side === "left" ? [line, -1] : side === "right" ? [line, n] : [NaN, NaN];
        write(slot(...at), String(cl.text), titleOf(cl));
      }
      for (const dg of diagonals) {
        const at = listOf(dg && dg.at), dir = listOf(dg && dg.direction);
        write(slot(Number(at[0]), Number(at[1])), String(dg.text) + (ARROWS[dir.join(",")] || ""),
          titleOf(dg));
      }
      // a long clue (or two in one place) is written smaller, more so in a narrow corner
      for (const el of boardgrid.querySelectorAll(".clues span")) {
        const chars = Array.from(el.textContent).length + el.children.length - 1;
        const room = el.parentElement.classList.contains("cornerclue") ? 2 : 3;
        if (chars > room) el.style.fontSize = Math.max(0.4, room / chars).toFixed(2) + "em";
      }
    }
    if (notes.length && legend) {
      const ul = document.createElement("ul");
      ul.className = "legend notes";
      for (const note of notes) {
        const li = document.createElement("li");
        li.textContent = note;
        ul.appendChild(li);
      }
      legend.after(ul);
    }
    const byRule = new Map();
    for (const el of boardgrid.querySelectorAll("[data-rule]")) {
      const list = byRule.get(el.dataset.rule);
      if (list) list.push(el); else byRule.set(el.dataset.rule, [el]);
    }
    let lit = [];
    return (titles) => {
      for (const el of lit) el.classList.remove("cited");
      lit = [];
      for (const t of titles) for (const el of byRule.get(t) || []) lit.push(el);
      for (const el of lit) el.classList.add("cited");
    };
  }

  return { draw };
})();
