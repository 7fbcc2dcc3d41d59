// @ts-check
/**
 * The widget's stylesheet. Every class starts with `sw-`; colours outside the felt come
 * from JupyterLab's theme variables (with fallbacks for plain pages), so the light and
 * dark themes both look right. The felt itself darkens under a dark theme.
 */
export const CSS = `
.sw-root{--sw-felt1:#3a8a57;--sw-felt2:#1f6039;--sw-line:rgba(255,255,255,.42);--sw-ink:rgba(255,255,255,.8);
--sw-gold:#ffd54a;--sw-sel:#4fc3f7;--sw-hint:#ff8a65;
font-family:var(--jp-ui-font-family,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);font-size:var(--jp-ui-font-size1,13px);
color:var(--jp-ui-font-color1,#222);background:var(--jp-layout-color1,#fff);border:1px solid var(--jp-border-color2,#ddd);
border-radius:8px;overflow:hidden;max-width:100%;box-sizing:border-box;user-select:none;-webkit-user-select:none}
body[data-jp-theme-light=false] .sw-root,body.vscode-dark .sw-root,.sw-root.sw-dark{--sw-felt1:#24573a;--sw-felt2:#0f2c1c;--sw-line:rgba(255,255,255,.3);--sw-ink:rgba(255,255,255,.65)}
.sw-root *{box-sizing:border-box}
.sw-bar{display:flex;flex-wrap:wrap;gap:4px 5px;align-items:center;padding:5px 8px;background:var(--jp-layout-color2,#f2f2f2);border-bottom:1px solid var(--jp-border-color2,#ddd)}
.sw-bar label{display:inline-flex;align-items:center;gap:4px}
.sw-root [hidden]{display:none!important}
.sw-bar select,.sw-bar input,.sw-bar button{font:inherit;color:var(--jp-ui-font-color1,#222);background:var(--jp-layout-color1,#fff);
border:1px solid var(--jp-border-color1,#bbb);border-radius:4px;padding:2px 6px;min-height:26px}
.sw-bar input.sw-seed{width:7.8em;font-variant-numeric:tabular-nums}
.sw-root[data-narrow] .sw-bar{gap:4px 3px;padding:4px 5px}
.sw-root[data-narrow] .sw-bar button{padding:2px 4px}
.sw-root[data-narrow] .sw-bar .sw-sep,.sw-root[data-narrow] .sw-bar .sw-grow{display:none}
.sw-root[data-narrow] .sw-play,.sw-root[data-narrow] .sw-review-nav{display:contents}
.sw-root[data-narrow] .sw-btn-more{margin-left:auto}
.sw-root[data-narrow] .sw-bar select.sw-game{max-width:8.5em}
.sw-root[data-narrow] .sw-bar input.sw-seed{width:6.6em;flex:1 1 4em;min-width:0}
.sw-more{flex-basis:100%;display:flex;flex-wrap:wrap;gap:4px 6px;align-items:center;padding-top:5px;margin-top:1px;border-top:1px solid var(--jp-border-color2,#ddd)}
.sw-bar button.sw-btn-more[aria-expanded=true]{background:var(--jp-layout-color3,#e4e4e4)}
.sw-root[data-offline] .sw-card,.sw-root[data-offline] .sw-slot{opacity:.55;filter:grayscale(.6)}
.sw-over[data-status=offline] .sw-panel p{margin:0;color:var(--jp-error-color1,#c62828);font-weight:600}
.sw-bar button{cursor:pointer}
.sw-bar button:hover:not(:disabled){background:var(--jp-layout-color3,#e4e4e4)}
.sw-bar button:disabled{opacity:.45;cursor:default}
.sw-bar button[aria-pressed=true],.sw-bar button[aria-pressed=true]:hover:not(:disabled){background:var(--jp-brand-color1,#1976d2);color:#fff;border-color:transparent}
.sw-sep{width:1px;height:20px;background:var(--jp-border-color1,#ccc);margin:0 2px}
.sw-grow{flex:1}
.sw-root :focus-visible{outline:2px solid var(--jp-brand-color1,#1976d2);outline-offset:1px}
.sw-table{position:relative;overflow:hidden;background:radial-gradient(ellipse at 50% 35%,var(--sw-felt1),var(--sw-felt2));touch-action:none;outline:none}
.sw-table:focus-visible{box-shadow:inset 0 0 0 3px var(--jp-brand-color1,#1976d2)}
.sw-slot{position:absolute;border:2px dashed var(--sw-line);border-radius:7%/5%;display:flex;align-items:center;justify-content:center;
color:var(--sw-ink);font-family:Georgia,serif;font-weight:700}
.sw-slot.sw-fslot{border-style:solid;background:rgba(0,0,0,.1)}
.sw-slot span{opacity:.8}
.sw-card{position:absolute;border-radius:7%/5%;box-shadow:0 1px 2px rgba(0,0,0,.35),0 3px 8px rgba(0,0,0,.18);cursor:pointer;
transition:left 90ms ease-out,top 90ms ease-out;outline:none;will-change:left,top}
.sw-card svg{display:block;width:100%;height:100%}
.sw-down{cursor:default}
/* High contrast (decks.js): a darker felt under opaque white outlines and labels; (0,3,0) beats the dark theme's (0,2,1) */
.sw-root.sw-root[data-deck=high_contrast]{--sw-felt1:#1f5a38;--sw-felt2:#123d24;--sw-line:#fff;--sw-ink:#fff}
.sw-root[data-deck=high_contrast] .sw-slot span{opacity:1}
.sw-root[data-deck=high_contrast] .sw-slot{border-width:3px}
.sw-turn{animation:sw-turn .2s ease-out}@keyframes sw-turn{from{transform:scaleX(.05)}}
@media (prefers-reduced-motion:reduce){.sw-turn{animation:none}}
.sw-groups{display:inline-flex;flex-wrap:wrap;gap:4px 5px}
.sw-decks{display:inline-flex;flex-wrap:wrap;gap:4px 5px;align-items:center}
.sw-drag{transition:none;z-index:1000!important;box-shadow:0 8px 22px rgba(0,0,0,.45);cursor:grabbing}
.sw-snap{transition:transform 140ms ease-out}
.sw-sel{box-shadow:0 0 0 3px var(--sw-sel),0 3px 10px rgba(0,0,0,.35)}
.sw-target{box-shadow:0 0 0 3px var(--sw-gold),0 0 14px 4px rgba(255,213,74,.75)}
.sw-slot.sw-target{border-color:var(--sw-gold);border-style:solid;box-shadow:0 0 14px 4px rgba(255,213,74,.6)}
.sw-hint{animation:sw-pulse 1s ease-in-out 3;box-shadow:0 0 0 3px var(--sw-hint),0 0 16px 4px rgba(255,138,101,.8)}
.sw-slot.sw-hint{border-color:var(--sw-hint);border-style:solid}
@keyframes sw-pulse{50%{box-shadow:0 0 0 4px var(--sw-hint),0 0 24px 8px rgba(255,138,101,.5)}}
.sw-card.sw-focus,.sw-slot.sw-focus{outline:3px solid #fff;outline-offset:2px;box-shadow:0 0 0 6px var(--jp-brand-color1,#1976d2)}
.sw-badge{position:absolute;transform:translate(-50%,-50%);min-width:1.9em;padding:1px 6px;border-radius:10px;background:rgba(0,0,0,.62);
color:#fff;font-weight:600;text-align:center;pointer-events:none;z-index:900;font-size:12px;line-height:16px}
.sw-tag{position:absolute;color:#fff;background:rgba(0,0,0,.45);border-radius:8px;padding:0 6px;font-size:11px;line-height:15px;text-align:center;pointer-events:none;white-space:nowrap;transform:translateX(-50%);z-index:900}
.sw-status{display:flex;flex-wrap:wrap;gap:2px 14px;padding:5px 10px;border-top:1px solid var(--jp-border-color2,#ddd);
background:var(--jp-layout-color2,#f2f2f2);min-height:28px;align-items:center}
.sw-status b{font-weight:600;color:var(--jp-ui-font-color2,#555);font-weight:500;margin-right:3px}
.sw-opts{display:inline-flex;gap:10px;flex-wrap:wrap}
.sw-opts label{display:inline-flex;align-items:center;gap:3px;cursor:pointer;color:var(--jp-ui-font-color2,#555)}
.sw-opts input{margin:0}
.sw-live{display:inline-flex;align-items:center;gap:5px;cursor:help;white-space:nowrap}
.sw-live-dot{width:9px;height:9px;border-radius:50%;background:var(--jp-ui-font-color3,#9e9e9e);flex:none}
.sw-live b{margin-right:0}
.sw-fatal{font:inherit;font-size:12px;line-height:1.4;padding:0 7px;margin-left:4px;border:1px solid var(--jp-error-color1,#c62828);border-radius:10px;background:transparent;color:var(--jp-error-color1,#c62828);cursor:pointer}
.sw-live[data-answer=winnable] .sw-live-dot{background:var(--jp-success-color1,#2e7d32)}
.sw-live[data-answer=lost] .sw-live-dot{background:var(--jp-error-color1,#c62828)}
.sw-live[data-answer=lost] .sw-live-text{color:var(--jp-error-color1,#c62828)}
.sw-live[data-answer=unknown] .sw-live-dot{background:transparent;border:2px solid var(--jp-ui-font-color2,#757575);box-sizing:border-box}
.sw-live[data-answer=checking] .sw-live-dot{animation:sw-blink 1s ease-in-out infinite}
.sw-live[data-answer=checking] .sw-live-text{color:var(--jp-ui-font-color2,#555)}
.sw-live.sw-live-pending .sw-live-text{opacity:.45}.sw-live.sw-live-pending .sw-live-dot{animation:none;background:var(--jp-ui-font-color3,#9e9e9e);border:0}
@keyframes sw-blink{50%{opacity:.25}}
@media (prefers-reduced-motion:reduce){.sw-live[data-answer=checking] .sw-live-dot{animation:none;opacity:.5}}
.sw-fatal-panel{display:flex;flex-wrap:wrap;align-items:center;gap:4px 10px;margin:4px 0;padding:6px 10px;border-radius:4px;color:#5d1010;background:#ffe3e3;border:2px solid #c62828}.sw-fatal-panel[hidden]{display:none}.sw-fatal-text{flex-basis:100%;font-size:12px}.sw-fatal-buttons{display:flex;gap:8px}
.sw-warn{flex-basis:100%;padding:2px 8px;border-radius:4px;font-weight:600;color:#5d3a00;background:#ffe0a3;border:1px solid #f0b64c}
.sw-notice{flex-basis:100%;color:var(--jp-ui-font-color1,#222);min-height:1.3em}
.sw-notice.sw-error{color:var(--jp-error-color1,#c62828)}
.sw-notice.sw-good{color:var(--jp-success-color1,#2e7d32)}
.sw-over{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.38);z-index:2000}
.sw-over[hidden]{display:none}
.sw-panel{background:var(--jp-layout-color1,#fff);color:var(--jp-ui-font-color1,#222);border-radius:10px;padding:18px 24px;text-align:center;
box-shadow:0 10px 40px rgba(0,0,0,.5);max-width:80%}
.sw-panel h2{margin:0 0 6px;font-size:22px}
.sw-panel p{margin:0 0 14px;color:var(--jp-ui-font-color2,#555)}
.sw-panel button{font:inherit;margin:0 4px;padding:5px 14px;border-radius:5px;border:1px solid var(--jp-border-color1,#bbb);
background:var(--jp-layout-color2,#f2f2f2);color:var(--jp-ui-font-color1,#222);cursor:pointer}
.sw-panel button:disabled{opacity:.45;cursor:default}
.sw-panel button.sw-main,.sw-review-nav button.sw-main{background:var(--jp-brand-color1,#1976d2);color:#fff;border-color:transparent}
.sw-rules{padding:4px 16px 10px;border-top:1px solid var(--jp-border-color2,#ddd);max-height:360px;overflow:auto;user-select:text;-webkit-user-select:text;line-height:1.45}
.sw-rules[hidden]{display:none}
.sw-play,.sw-review-nav{display:inline-flex;gap:4px 5px;align-items:center;flex-wrap:wrap}
.sw-btn-review,.sw-review-nav button:not(.sw-btn-review-exit){min-width:30px;font-weight:700}
.sw-review-at{min-width:4.5em;text-align:center;font-variant-numeric:tabular-nums;font-weight:600}
.sw-root[data-review] .sw-table{box-shadow:inset 0 0 0 4px var(--jp-brand-color1,#1976d2)}
.sw-stats{padding:4px 16px 10px;border-top:1px solid var(--jp-border-color2,#ddd)}
.sw-stats h3{font-size:14px;margin:8px 0 6px}
/* JupyterLab's ".jp-OutputArea-output dl/dt/dd" (dt float:left, width:20%) undone: (0,2,1) beats (0,1,1) */
.sw-root .sw-stats dl{display:grid;grid-template-columns:repeat(auto-fill,minmax(130px,1fr));gap:4px 16px;margin:0;padding:0;width:auto;overflow:visible}
.sw-root .sw-stats dt,.sw-root .sw-stats dd{display:block;float:none;width:auto;padding:0}
.sw-root .sw-stats dt{color:var(--jp-ui-font-color2,#555);font-size:12px;font-weight:400;margin:0}.sw-root .sw-stats dd{margin:0 0 4px;font-weight:600;font-size:15px}
.sw-rules h3{font-size:15px;margin:10px 0 4px}.sw-rules h4,.sw-rules h5{font-size:13px;margin:8px 0 3px}
.sw-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;
