// Writes the widget's stylesheet (js/style.js) to solitaire_widget/static/widget.css, the
// file SolitaireWidget hands to anywidget as `_css`: the styles then travel with the
// widget into every front end, marimo's shadow roots included. Run by `npm run build`.
import { mkdirSync, writeFileSync } from "node:fs";
import { CSS } from "./style.js";

const out = new URL("../solitaire_widget/static/", import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(new URL("widget.css", out), `${CSS.trim()}\n`);
