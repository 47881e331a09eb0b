import { kindOf, type Kind } from './catalogue.ts';

/** Product pictures drawn on the fly: one simple SVG per kind and colour, served locally. */

const FILL: Record<string, string> = {
  white: '#f4f5f2',
  black: '#2b2d30',
  grey: '#8d9399',
  green: '#5d8a5a',
  blue: '#4f78a8',
  steel: '#b8bec4',
  silver: '#c9ced3',
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function toilet(fill: string, kind: Kind): string {
  const chimney =
    kind.key === 'incinerating-toilet'
      ? '<rect x="168" y="30" width="18" height="70" fill="#777" />'
      : kind.key === 'composting-toilet' || kind.key === 'separating-toilet'
        ? '<rect x="170" y="40" width="14" height="60" fill="#6b8f4e" />'
        : '';
  return `${chimney}
  <rect x="70" y="60" width="110" height="60" rx="10" fill="${fill}" stroke="#333" stroke-width="3" />
  <path d="M55 120 h140 c0 45 -30 70 -70 70 s-70 -25 -70 -70 z" fill="${fill}" stroke="#333" stroke-width="3" />
  <rect x="95" y="185" width="60" height="35" fill="${fill}" stroke="#333" stroke-width="3" />`;
}

function heater(fill: string, kind: Kind): string {
  const flame =
    kind.key === 'paraffin-heater' || kind.key === 'gas-heater'
      ? '<path d="M125 95 c-15 20 -10 35 0 45 c10 -10 15 -25 0 -45 z" fill="#f28c28" />'
      : '';
  const fins = Array.from(
    { length: 7 },
    (_, i) => `<rect x="${58 + i * 20}" y="70" width="10" height="110" rx="4" fill="#0002" />`,
  ).join('');
  return `<rect x="45" y="55" width="160" height="140" rx="12" fill="${fill}" stroke="#333" stroke-width="3" />
  ${fins}${flame}
  <rect x="60" y="195" width="12" height="20" fill="#333" /><rect x="178" y="195" width="12" height="20" fill="#333" />`;
}

function part(fill: string): string {
  const teeth = Array.from({ length: 8 }, (_, i) => {
    const a = (i * Math.PI) / 4;
    const x = 125 + Math.cos(a) * 70;
    const y = 125 + Math.sin(a) * 70;
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="14" fill="${fill}" stroke="#333" stroke-width="3" />`;
  }).join('');
  return `${teeth}<circle cx="125" cy="125" r="62" fill="${fill}" stroke="#333" stroke-width="3" />
  <circle cx="125" cy="125" r="22" fill="#fff" stroke="#333" stroke-width="3" />`;
}

/** The SVG for `/images/{kind}/{colour}/{anything}.svg`; null when the kind is unknown. */
export function productSvg(kindKey: string, colour: string): string | null {
  const kind = kindOf(kindKey);
  if (!kind) return null;
  const fill = FILL[colour] ?? FILL.silver!;
  const body =
    kind.category === 'Toilet'
      ? toilet(fill, kind)
      : kind.category === 'Heater'
        ? heater(fill, kind)
        : part(fill);
  const label = escapeXml(kind.noun);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 250 250" width="500" height="500" role="img" aria-label="${label}">
  <title>${label}</title>
  <rect width="250" height="250" fill="#e8eef2" />
  ${body}
  <text x="125" y="240" font-family="sans-serif" font-size="13" text-anchor="middle" fill="#223">${label}</text>
</svg>`;
}
