// Spike check: how many pixels differ between two PNGs of the same size; writes a diff picture (red).
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [a, b, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
const dataUrl = (file) => `data:image/png;base64,${readFileSync(file).toString('base64')}`;
const result = await page.evaluate(
  async ([srcA, srcB]) => {
    const load = (src) =>
      new Promise((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img);
        img.src = src;
      });
    const [imgA, imgB] = await Promise.all([load(srcA), load(srcB)]);
    const w = Math.max(imgA.width, imgB.width),
      h = Math.max(imgA.height, imgB.height);
    const pixels = (img) => {
      const c = new OffscreenCanvas(w, h);
      const x = c.getContext('2d');
      x.drawImage(img, 0, 0);
      return x.getImageData(0, 0, w, h).data;
    };
    const [pa, pb] = [pixels(imgA), pixels(imgB)];
    const c = new OffscreenCanvas(w, h);
    const x = c.getContext('2d');
    const d = x.createImageData(w, h);
    let diff = 0;
    const rows = new Set();
    for (let i = 0; i < pa.length; i += 4) {
      const same =
        Math.abs(pa[i] - pb[i]) + Math.abs(pa[i + 1] - pb[i + 1]) + Math.abs(pa[i + 2] - pb[i + 2]) < 30;
      if (!same) {
        diff++;
        rows.add(Math.floor(i / 4 / w));
      }
      d.data.set(same ? [pa[i], pa[i + 1], pa[i + 2], 60] : [255, 0, 0, 255], i);
    }
    x.putImageData(d, 0, 0);
    const blob = await c.convertToBlob();
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const sorted = [...rows].sort((p, q) => p - q);
    const bands = [];
    for (const r of sorted) {
      const last = bands.at(-1);
      if (last && r - last[1] <= 20) last[1] = r;
      else bands.push([r, r]);
    }
    return {
      sizes: [
        [imgA.width, imgA.height],
        [imgB.width, imgB.height],
      ],
      diff,
      bands,
      png: Array.from(bytes),
    };
  },
  [dataUrl(a), dataUrl(b)],
);
if (out) writeFileSync(out, Buffer.from(result.png));
delete result.png;
console.log(JSON.stringify(result));
await browser.close();
