// @ts-check
/**
 * Colour arithmetic for checking the decks (js/tests/decks.test.js); the widget itself
 * does not import it, so it costs the bundle nothing. WCAG 2.x contrast from relative
 * luminance; colour-blindness simulated with Machado, Oliveira and Fernandes (2009) at
 * full severity, on linear sRGB; differences as CIE76 distances in CIELAB.
 */

/** "#rgb", "#rrggbb" or "rgba(r,g,b,a)" as [r, g, b, a] (0..255, alpha 0..1). @param {string} c */
export function parseColour(c) {
  const s = c.trim();
  let m = /^#([0-9a-f]{3})$/i.exec(s);
  if (m) return [...m[1]].map((x) => parseInt(x + x, 16)).concat(1);
  const six = /^#([0-9a-f]{6})$/i.exec(s);
  if (six) return [0, 2, 4].map((i) => parseInt(six[1].slice(i, i + 2), 16)).concat(1);
  m = /^rgba?\(([^)]*)\)$/.exec(s);
  if (m) {
    const p = m[1].split(",").map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  }
  throw new Error(`not a colour: ${c}`);
}

/** A colour with alpha drawn over an opaque one, as "#rrggbb". @param {string} top @param {string} under */
export function over(top, under) {
  const [r, g, b, a] = parseColour(top);
  const u = parseColour(under);
  const mix = [r, g, b].map((v, i) => Math.round(v * a + u[i] * (1 - a)));
  return `#${mix.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** An sRGB channel (0..255) in linear light. @param {number} v */
const linear = (v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2.x relative luminance of an opaque colour. @param {string} c */
export function luminance(c) {
  const [r, g, b] = parseColour(c).map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio (1..21) of two opaque colours. @param {string} a @param {string} b */
export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Machado et al. (2009), severity 1.0, for linear RGB. */
export const CVD = {
  protan: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deutan: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritan: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
  none: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
};

/** CIELAB (D65) of a colour as seen with a colour vision of CVD. @param {string} c @param {keyof CVD} vision */
export function lab(c, vision = "none") {
  const rgb = parseColour(c).slice(0, 3).map(linear);
  const [r, g, b] = CVD[vision].map((row) =>
    Math.min(1, Math.max(0, row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2])),
  );
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (/** @type {number} */ t) =>
    t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116;
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIE76 colour difference of two colours seen with a colour vision. @param {string} a @param {string} b @param {keyof CVD} vision */
export function deltaE(a, b, vision = "none") {
  const p = lab(a, vision);
  const q = lab(b, vision);
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}
