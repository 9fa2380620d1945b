// A benchmark's results as a plain-text table on stdout: the first column left-aligned, the numbers
// right-aligned, two spaces between columns and a rule under the header.
export function printTable(header: string[], lines: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const render = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(render(header));
  console.log(render(widths.map((w) => '-'.repeat(w))));
  for (const line of lines) console.log(render(line));
}
