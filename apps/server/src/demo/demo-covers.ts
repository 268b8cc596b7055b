/**
 * Cover pictures of the demo games, drawn as SVG (16:9, 1280x720) and rendered by sharp at seed
 * time: a sunny boulevard of white Bauhaus houses around a kinetic fountain, Old Jaffa over the sea
 * at sunset, and market stalls under striped awnings. No text, so they suit either language.
 */

const COVER_WIDTH = 1280;
const COVER_HEIGHT = 720;

/** A small seeded random generator (mulberry32), so every seed draws the same pictures. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const svg = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}"><defs>${defs}</defs>${body}</svg>`;

const n = (x: number) => Math.round(x * 10) / 10;

function cloud(x: number, y: number, s: number): string {
  return `<g fill="#fff" opacity="0.85"><ellipse cx="${x}" cy="${y}" rx="${60 * s}" ry="${22 * s}"/><ellipse cx="${x - 30 * s}" cy="${y - 14 * s}" rx="${32 * s}" ry="${24 * s}"/><ellipse cx="${x + 22 * s}" cy="${y - 20 * s}" rx="${38 * s}" ry="${30 * s}"/></g>`;
}

function palm(x: number, ground: number, h: number, lean: number): string {
  const topX = x + lean;
  const topY = ground - h;
  const fronds = [-150, -115, -80, -45, -10, 25, 200, 235]
    .map((deg) => {
      const a = (deg * Math.PI) / 180;
      const len = h * 0.42;
      const ex = topX + Math.cos(a) * len;
      const ey = topY + Math.sin(a) * len * 0.55 + len * 0.35;
      const cx = topX + Math.cos(a) * len * 0.5;
      const cy = topY + Math.sin(a) * len * 0.5 - len * 0.18;
      return `<path d="M${n(topX)} ${n(topY)} Q${n(cx)} ${n(cy)} ${n(ex)} ${n(ey)}" stroke="#2f7d3b" stroke-width="${n(h * 0.05)}" fill="none" stroke-linecap="round"/>`;
    })
    .join('');
  return `<path d="M${x} ${ground} Q${n(x + lean * 0.2)} ${n(ground - h * 0.6)} ${n(topX)} ${n(topY)}" stroke="#8a6a45" stroke-width="${n(h * 0.05)}" fill="none" stroke-linecap="round"/>${fronds}<circle cx="${n(topX)}" cy="${n(topY)}" r="${n(h * 0.035)}" fill="#6b4a2b"/>`;
}

function leafyTree(x: number, ground: number, r: number, color: string): string {
  return `<rect x="${n(x - r * 0.12)}" y="${n(ground - r * 1.6)}" width="${n(r * 0.24)}" height="${n(r * 1.6)}" fill="#7a5535"/><g fill="${color}"><circle cx="${x}" cy="${n(ground - r * 1.9)}" r="${r}"/><circle cx="${n(x - r * 0.75)}" cy="${n(ground - r * 1.55)}" r="${n(r * 0.7)}"/><circle cx="${n(x + r * 0.75)}" cy="${n(ground - r * 1.55)}" r="${n(r * 0.72)}"/></g>`;
}

/** Tel Aviv's White City: Bauhaus houses with ribbon balconies, a boulevard, and a fountain of coloured gears. */
function whiteCity(): string {
  const rnd = random(1);
  const houses: string[] = [];
  let x = -20;
  while (x < COVER_WIDTH) {
    const w = 170 + rnd() * 110;
    const h = 190 + rnd() * 170;
    const top = 560 - h;
    const tint = ['#fbfaf5', '#f4efe4', '#fffdf8', '#efe9dc'][Math.floor(rnd() * 4)];
    const floors = Math.floor(h / 62);
    let floorsSvg = '';
    for (let f = 0; f < floors; f++) {
      const y = top + 26 + f * 62;
      floorsSvg += `<rect x="${n(x + 14)}" y="${n(y)}" width="${n(w - 28)}" height="22" fill="#5b7fa3" opacity="0.55"/>`;
      floorsSvg += `<rect x="${n(x - 8)}" y="${n(y + 24)}" width="${n(w + 16)}" height="12" rx="6" fill="${tint}" stroke="#d9d2c3" stroke-width="2"/>`;
    }
    houses.push(
      `<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h)}" fill="${tint}" stroke="#ddd5c6" stroke-width="2"/>${floorsSvg}`,
    );
    x += w + 18 + rnd() * 30;
  }
  const gears = [
    { r: 62, color: '#e63946', y: 470 },
    { r: 50, color: '#f4a261', y: 408 },
    { r: 40, color: '#2a9d8f', y: 356 },
    { r: 30, color: '#264de4', y: 315 },
  ]
    .map(
      ({ r, color, y }) =>
        `<circle cx="640" cy="${y}" r="${r}" fill="none" stroke="${color}" stroke-width="${n(r * 0.42)}" stroke-dasharray="${n(r * 0.32)} ${n(r * 0.2)}"/><circle cx="640" cy="${y}" r="${n(r * 0.6)}" fill="${color}"/>`,
    )
    .join('');
  const defs =
    '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5fb6ec"/><stop offset="1" stop-color="#fdeccd"/></linearGradient>' +
    '<radialGradient id="sun"><stop offset="0" stop-color="#fff3b0"/><stop offset="0.45" stop-color="#ffd166"/><stop offset="1" stop-color="#ffd166" stop-opacity="0"/></radialGradient>';
  return svg(
    defs,
    `<rect width="1280" height="720" fill="url(#sky)"/><circle cx="1050" cy="140" r="150" fill="url(#sun)"/>` +
      cloud(260, 120, 1.3) +
      cloud(760, 80, 0.9) +
      houses.join('') +
      `<rect y="540" width="1280" height="180" fill="#8cc56f"/><path d="M0 640 L1280 600 L1280 660 L0 720 Z" fill="#ead9b2"/>` +
      `<ellipse cx="640" cy="545" rx="170" ry="34" fill="#6fb5d9" stroke="#cfc6b4" stroke-width="10"/><rect x="628" y="330" width="24" height="210" fill="#9aa3ad"/>` +
      gears +
      leafyTree(150, 600, 70, '#3f8f47') +
      leafyTree(1130, 610, 80, '#358040') +
      palm(330, 600, 300, 40) +
      palm(930, 610, 330, -50) +
      leafyTree(1240, 700, 60, '#2f7439') +
      leafyTree(40, 710, 55, '#2f7439'),
  );
}

/** Old Jaffa at sunset: the hill of sandstone houses, a church tower and the clock tower over the sea, a sailing boat. */
function oldJaffa(): string {
  const rnd = random(2);
  const houses: string[] = [];
  const hill = (x: number) => 430 - Math.max(0, Math.sin(((x - 420) / 900) * Math.PI)) * 190;
  for (let i = 0; i < 22; i++) {
    const x = 440 + i * 40 + rnd() * 20;
    const w = 60 + rnd() * 50;
    const h = 50 + rnd() * 70;
    const base = hill(x + w / 2) + 40 + rnd() * 40;
    const color = ['#e7bf83', '#dca86a', '#f0d2a0', '#d69a5c'][Math.floor(rnd() * 4)];
    const windows = Array.from({ length: Math.max(1, Math.floor(w / 30)) }, (_, k) => {
      const wx = x + 12 + k * 28;
      return `<path d="M${n(wx)} ${n(base - h + 40)} v-14 a7 7 0 0 1 14 0 v14 Z" fill="#6b4a3a" opacity="0.8"/>`;
    }).join('');
    houses.push(`<rect x="${n(x)}" y="${n(base - h)}" width="${n(w)}" height="${n(h + 200)}" fill="${color}"/>${windows}`);
  }
  const defs =
    '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3d3f86"/><stop offset="0.45" stop-color="#c0607a"/><stop offset="0.8" stop-color="#f79d5c"/><stop offset="1" stop-color="#fdd38a"/></linearGradient>' +
    '<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e98b5e"/><stop offset="0.25" stop-color="#6a6ea8"/><stop offset="1" stop-color="#26336b"/></linearGradient>' +
    '<radialGradient id="sun"><stop offset="0" stop-color="#fff6c4"/><stop offset="0.5" stop-color="#ffc46b"/><stop offset="1" stop-color="#ffc46b" stop-opacity="0"/></radialGradient>';
  const sparkles = Array.from({ length: 14 }, (_, i) => {
    const y = 480 + i * 16;
    const w = 140 - i * 8 + rnd() * 30;
    return `<rect x="${n(300 - w / 2 + (rnd() - 0.5) * 30)}" y="${y}" width="${n(w)}" height="4" rx="2" fill="#ffd08a" opacity="${n(0.75 - i * 0.045)}"/>`;
  }).join('');
  const gulls = [
    [180, 160],
    [230, 190],
    [820, 120],
  ]
    .map(([x, y]) => `<path d="M${x} ${y} q12 -12 24 0 q12 -12 24 0" stroke="#2b2d55" stroke-width="4" fill="none" stroke-linecap="round"/>`)
    .join('');
  return svg(
    defs,
    `<rect width="1280" height="720" fill="url(#sky)"/><circle cx="300" cy="470" r="170" fill="url(#sun)"/><circle cx="300" cy="470" r="62" fill="#ffe3a0"/>` +
      `<rect y="470" width="1280" height="250" fill="url(#sea)"/>` +
      sparkles +
      // The hill, the houses, the church tower and the clock tower.
      `<path d="M470 470 C640 300 900 230 1280 250 L1280 720 L520 720 Z" fill="#c98f55"/>` +
      houses.join('') +
      `<rect x="880" y="150" width="60" height="180" fill="#e9c48c"/><path d="M872 152 L910 70 L948 152 Z" fill="#b5623f"/><path d="M896 230 v-30 a14 14 0 0 1 28 0 v30 Z" fill="#6b4a3a"/>` +
      `<rect x="1080" y="170" width="70" height="210" fill="#f1d3a2"/><rect x="1072" y="160" width="86" height="16" fill="#d8a86a"/><circle cx="1115" cy="215" r="22" fill="#fffaf0" stroke="#6b4a3a" stroke-width="4"/><path d="M1115 215 v-14 M1115 215 h10" stroke="#3a2a20" stroke-width="4" stroke-linecap="round"/><path d="M1094 160 L1115 128 L1136 160 Z" fill="#b5623f"/>` +
      palm(1010, 420, 190, 20) +
      palm(1210, 440, 170, -25) +
      // A boat with a white sail.
      `<path d="M100 580 h120 l-18 26 h-86 Z" fill="#3b2f2f"/><path d="M158 576 V490 L212 572 Z" fill="#fff8ec"/><path d="M152 576 V508 L118 572 Z" fill="#f3e3c8"/>` +
      gulls +
      // A stone quay in front.
      `<path d="M0 660 L700 640 L1280 690 L1280 720 L0 720 Z" fill="#7b5a3f"/>`,
  );
}

/** A shelf of spice mounds in bowls, their left edge at `x`, standing on `y`. */
function spices(x: number, y: number, rnd: () => number): string {
  const colors = ['#c1121f', '#e85d04', '#f6bd60', '#8c5a2b', '#6a994e', '#b5179e'];
  return Array.from({ length: 6 }, (_, k) => {
    const cx = x + 20 + k * 45;
    const color = colors[Math.floor(rnd() * colors.length)];
    return `<path d="M${cx - 18} ${y - 12} Q${cx} ${n(y - 48 - rnd() * 10)} ${cx + 18} ${y - 12} Z" fill="${color}"/><path d="M${cx - 21} ${y - 14} h42 l-6 14 h-30 Z" fill="#d9c7a7"/>`;
  }).join('');
}

/** The Carmel Market: stalls under striped awnings, bunting overhead, crates of oranges, tomatoes, lemons and greens. */
function market(): string {
  const rnd = random(3);
  const bunting = Array.from({ length: 24 }, (_, i) => {
    const x = i * 56;
    const y = 40 + Math.sin((i / 23) * Math.PI) * 50;
    const color = ['#e63946', '#f4a261', '#2a9d8f', '#ffd166', '#457b9d'][i % 5];
    return `<path d="M${x} ${n(y)} l28 ${n(Math.cos((i / 23) * Math.PI) * -4)} l-14 40 Z" fill="${color}"/>`;
  }).join('');
  const stalls = [
    { x: 0, stripe: '#d62828' },
    { x: 330, stripe: '#2a9d8f' },
    { x: 660, stripe: '#f4a261' },
    { x: 990, stripe: '#457b9d' },
  ]
    .map(({ x, stripe }, s) => {
      const w = 300;
      const stripes = Array.from({ length: 6 }, (_, k) =>
        k % 2 === 0 ? `<rect x="${x + 10 + k * 50}" y="150" width="50" height="110" fill="${stripe}"/>` : '',
      ).join('');
      const scallops = Array.from({ length: 6 }, (_, k) => `<circle cx="${n(x + 35 + k * 50)}" cy="260" r="25" fill="${k % 2 === 0 ? stripe : '#fdf6e3'}"/>`).join('');
      const fruit = [
        { color: '#f4a020', shade: '#d9800f' },
        { color: '#e63946', shade: '#b71d2b' },
        { color: '#ffd60a', shade: '#e0b700' },
        { color: '#7cb518', shade: '#55890c' },
      ][s];
      let pile = '';
      for (let row = 0; row < 4; row++) {
        for (let k = 0; k < 9 - row; k++) {
          const cx = x + 45 + row * 14 + k * 28 + (rnd() - 0.5) * 4;
          const cy = 520 - row * 22 + (rnd() - 0.5) * 4;
          pile += `<circle cx="${n(cx)}" cy="${n(cy)}" r="15" fill="${fruit.color}" stroke="${fruit.shade}" stroke-width="2"/><circle cx="${n(cx - 5)}" cy="${n(cy - 5)}" r="4" fill="#fff" opacity="0.45"/>`;
        }
      }
      return (
        `<rect x="${x + 10}" y="150" width="${w}" height="400" fill="#fdf6e3"/>` +
        `<path d="M${x + 10} 150 h${w} l0 110 h-${w} Z" fill="#fdf6e3"/>` +
        stripes +
        scallops +
        `<rect x="${x + 20}" y="285" width="${w - 20}" height="240" fill="#5c4636" opacity="0.35"/>` +
        `<rect x="${x + 20}" y="355" width="${w - 20}" height="6" fill="#6b4a30" opacity="0.7"/><rect x="${x + 20}" y="430" width="${w - 20}" height="6" fill="#6b4a30" opacity="0.7"/>` +
        spices(x + 30, 355, rnd) +
        spices(x + 30, 430, rnd) +
        pile +
        `<rect x="${x + 20}" y="535" width="${w - 20}" height="110" fill="#a0703f"/><g stroke="#7a5230" stroke-width="5"><path d="M${x + 20} 570 h${w - 20} M${x + 20} 605 h${w - 20}"/></g>`
      );
    })
    .join('');
  const defs = '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fd3f4"/><stop offset="1" stop-color="#fbe7c6"/></linearGradient>';
  return svg(
    defs,
    `<rect width="1280" height="720" fill="url(#sky)"/>` +
      // Houses behind the stalls.
      `<rect x="0" y="70" width="420" height="200" fill="#e9d8b8"/><rect x="420" y="40" width="380" height="230" fill="#f2e4c9"/><rect x="800" y="90" width="480" height="180" fill="#e2cfa9"/>` +
      bunting +
      stalls +
      `<rect y="645" width="1280" height="75" fill="#8d8478"/><path d="M0 680 h1280" stroke="#a59b8e" stroke-width="6" stroke-dasharray="60 30"/>`,
  );
}

/** The cover scene of each demo game, by game id. */
export const demoCoverSvgs: Record<string, () => string> = {
  '64656d6f67616d6500000001': whiteCity,
  '64656d6f67616d6500000002': oldJaffa,
  '64656d6f67616d6500000003': market,
};
