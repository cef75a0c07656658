// Renders the static site's icon (src/web/icon.svg) as the PNG icons phones want (192 and 512 pixels),
// written beside it; run after changing the icon: node scripts/web-icons.mjs
// Uses the Chromium the GUI tests use (HNEFI_CHROMIUM, default /usr/bin/chromium).
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const svg = readFileSync('src/web/icon.svg', 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.HNEFI_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`);
    await page.screenshot({ path: `src/web/icon-${size}.png`, omitBackground: false });
    await page.close();
  }
} finally {
  await browser.close();
}
