import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, seriousViolations } from './support/axe.ts';
import { openBrowser, type Browser } from './support/browser.ts';

// Every screen's "no critical or serious axe violation, no sideways scroll" rests on these two
// helpers: here they must find what a known-bad page holds, so that a clean route walk means clean.

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser({ width: 375, height: 700 });
});
afterAll(async () => {
  await browser?.close();
});

const page = () => browser.page;

describe('the axe and layout helpers', () => {
  it('find serious and critical violations a page holds', async () => {
    await page().setContent(`<!doctype html><html lang="en"><head><title>Bad</title></head><body>
      <main>
        <h1>Known violations</h1>
        <p style="color:#bbb;background:#fff">Light grey on white</p>
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
        <button><svg width="10" height="10"></svg></button>
        <input type="text">
      </main></body></html>`);
    const found = await seriousViolations(page());
    expect(found.map((finding) => finding.id).sort()).toEqual(
      ['button-name', 'color-contrast', 'image-alt', 'label'].sort(),
    );
    expect(found.find((finding) => finding.id === 'image-alt')?.impact).toBe('critical');
    expect(found.find((finding) => finding.id === 'color-contrast')?.targets).toEqual(['p']);
  });

  it('find nothing on a clean page', async () => {
    await page().setContent(`<!doctype html><html lang="en"><head><title>Good</title></head><body>
      <main><h1>Clean</h1><p>Dark text on white.</p>
      <label>Name <input type="text"></label><button>Save</button></main></body></html>`);
    expect(await seriousViolations(page())).toEqual([]);
    expect(await horizontalOverflow(page())).toBe(0);
  });

  it('measure a page wider than the phone', async () => {
    await page().setContent(`<!doctype html><html lang="en"><head><title>Wide</title></head><body
      style="margin:0"><main><h1>Wide</h1><div style="width:500px;height:10px"></div></main></body></html>`);
    expect(await horizontalOverflow(page())).toBe(500 - 375);
  });
});
