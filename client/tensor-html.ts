// The tensor viewer's page: a tensor as a table (rows = the last-but-one dimension, pages for the
// leading ones flattened) and a heat map, with the elements that differ from `expect` highlighted.
// A strict Content-Security-Policy: nothing but this page's own nonce-tagged style and script, no
// network, no external resources. No VS Code import, so the page is unit-tested.

export interface TensorData {
  readonly name: string;
  readonly dtype: string;
  readonly shape: readonly number[];
  /** The elements in row-major order (possibly the first `values.length` of a larger tensor). */
  readonly values: readonly number[];
  /** The reference the launch configuration's `expect` gave, same order. */
  readonly expected?: readonly number[];
  readonly rtol?: number;
  readonly atol?: number;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** True when `a` and `b` differ beyond the allclose tolerance. */
export function differs(a: number, b: number, rtol = 1e-5, atol = 1e-8): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return !(Number.isNaN(a) && Number.isNaN(b));
  return Math.abs(a - b) > atol + rtol * Math.abs(b);
}

/** Columns of the table: the last dimension (a 0-D or 1-D tensor is one row). */
function columns(shape: readonly number[]): number {
  return shape.length === 0 ? 1 : Math.max(1, shape[shape.length - 1]);
}

function table(t: TensorData): string {
  const cols = columns(t.shape);
  const rows = Math.ceil(t.values.length / cols);
  let html = '<table><thead><tr><th></th>';
  for (let c = 0; c < cols; c++) html += `<th>${c}</th>`;
  html += '</tr></thead><tbody>';
  for (let r = 0; r < rows; r++) {
    html += `<tr><th>${r}</th>`;
    for (let c = 0; c < cols; c++) {
      const k = r * cols + c;
      if (k >= t.values.length) break;
      const v = t.values[k];
      const e = t.expected?.[k];
      const bad = e !== undefined && differs(v, e, t.rtol, t.atol);
      html += bad ? `<td class="diff" title="expected ${esc(String(e))}">${esc(String(v))}</td>` : `<td>${esc(String(v))}</td>`;
    }
    html += '</tr>';
  }
  return html + '</tbody></table>';
}

/** The viewer page for `t`; `nonce` tags the one style and the one script it may run. */
export function tensorPage(t: TensorData, nonce: string): string {
  const cols = columns(t.shape);
  const mismatches = t.expected ? t.values.filter((v, k) => t.expected![k] !== undefined && differs(v, t.expected![k], t.rtol, t.atol)).length : 0;
  const data = JSON.stringify({ cols, values: t.values, expected: t.expected ?? null, rtol: t.rtol ?? 1e-5, atol: t.atol ?? 1e-8 }).replace(/</g, '\\u003c');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}';">
<title>${esc(t.name)}</title>
<style nonce="${nonce}">
body { font-family: var(--vscode-editor-font-family, monospace); color: var(--vscode-foreground); }
table { border-collapse: collapse; font-size: 12px; }
td, th { border: 1px solid var(--vscode-panel-border, #8884); padding: 2px 6px; text-align: right; }
td.diff { background: #c0392b; color: #fff; }
canvas { image-rendering: pixelated; border: 1px solid #8884; margin: 8px 0; }
</style></head><body>
<h3 id="title">${esc(t.name)}: ${esc(t.dtype)} [${t.shape.join(', ')}]</h3>
<p id="summary">${t.expected ? `${mismatches} of ${t.values.length} elements differ from expect` : `${t.values.length} elements`}</p>
<canvas id="heat" width="${cols}" height="${Math.max(1, Math.ceil(t.values.length / cols))}"></canvas>
${table(t)}
<script nonce="${nonce}">
const d = ${data};
const c = document.getElementById('heat');
const g = c.getContext('2d');
const finite = d.values.filter(Number.isFinite);
const lo = Math.min(...finite), hi = Math.max(...finite);
const img = g.createImageData(c.width, c.height);
d.values.forEach((v, k) => {
  const t = hi > lo ? (v - lo) / (hi - lo) : 0.5;
  const bad = d.expected && Math.abs(v - d.expected[k]) > d.atol + d.rtol * Math.abs(d.expected[k]);
  img.data.set(bad ? [255, 0, 0, 255] : [Math.round(255 * t), Math.round(80 + 100 * (1 - Math.abs(2 * t - 1))), Math.round(255 * (1 - t)), 255], 4 * k);
});
g.putImageData(img, 0, 0);
c.style.width = Math.min(600, c.width * 12) + 'px';
</script></body></html>`;
}
