// @ts-check
/**
 * Just enough Markdown for the Rules panel (headings, paragraphs, lists, bold, italics,
 * code). Everything is escaped first, so rule text can never inject markup.
 */

/** @param {string} s */
export function escapeHTML(s) {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] || c,
  );
}

/** @param {string} s */
function inline(s) {
  return escapeHTML(s)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, "$1<em>$2</em>");
}

/**
 * @param {string} md
 * @returns {string} HTML
 */
export function renderMarkdown(md) {
  /** @type {string[]} */
  const out = [];
  /** @type {string | null} */
  let list = null;
  /** @type {string[]} */
  let para = [];
  const flush = () => {
    if (para.length) out.push(`<p>${inline(para.join(" "))}</p>`);
    para = [];
  };
  const closeList = () => {
    if (list) out.push(`</${list}>`);
    list = null;
  };
  for (const raw of String(md || "").split(/\r?\n/)) {
    const line = raw.trim();
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    const ul = /^[-*+]\s+(.*)$/.exec(line);
    const ol = /^\d+[.)]\s+(.*)$/.exec(line);
    if (!line) {
      flush();
      closeList();
    } else if (h) {
      flush();
      closeList();
      // Panel headings start at h3: the cell has its own context above.
      const level = Math.min(6, h[1].length + 2);
      out.push(`<h${level}>${inline(h[2])}</h${level}>`);
    } else if (ul || ol) {
      flush();
      const tag = ul ? "ul" : "ol";
      if (list !== tag) {
        closeList();
        out.push(`<${tag}>`);
        list = tag;
      }
      out.push(`<li>${inline((ul || ol || [])[1])}</li>`);
    } else if (list && /^\s{2,}/.test(raw)) {
      // A continuation line of the previous list item.
      out[out.length - 1] = out[out.length - 1].replace(/<\/li>$/, ` ${inline(line)}</li>`);
    } else {
      closeList();
      para.push(line);
    }
  }
  flush();
  closeList();
  return out.join("");
}
