import type { Motif } from './catalogue-types';
import type { Random } from './random';

/**
 * Product images as small SVGs built from plain shapes. No text at all: the machines that
 * render derivatives (sharp/librsvg) may have no fonts installed.
 */

/** Mixes a #rrggbb colour towards black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    return Math.round(c + (target - c) * t);
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

type Draw = (rng: Random, colour: string) => string;

const chilli = (x: number, y: number, angle: number, scale: number, colour: string) =>
  `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${scale})">` +
  `<path d="M-60 -20C-30 -40 30 -30 60 40C20 10-20 0-55 -5Z" fill="${colour}" stroke="${shade(colour, -0.3)}" stroke-width="2"/>` +
  `<path d="M-58 -12C-68 -22-70 -32-64 -40" stroke="#3d7a2a" stroke-width="6" fill="none" stroke-linecap="round"/></g>`;

const drawings: Record<Motif, Draw> = {
  tortillas: (rng, c) => {
    const n = rng.int(3, 6);
    let out = '';
    for (let i = 0; i < n; i++) {
      out += `<ellipse cx="100" cy="${150 - i * 9}" rx="72" ry="22" fill="${c}" stroke="${shade(c, -0.25)}" stroke-width="2"/>`;
    }
    const top = 150 - (n - 1) * 9;
    for (let i = rng.int(3, 6); i > 0; i--) {
      out += `<ellipse cx="${rng.int(50, 150)}" cy="${top + rng.int(-10, 10)}" rx="${rng.int(3, 7)}" ry="2" fill="${shade(c, -0.35)}" opacity=".5"/>`;
    }
    return out;
  },
  taco: (rng, c) => {
    let out = '';
    for (let i = 0, n = rng.int(1, 3); i < n; i++) {
      const x = 100 + (i - (n - 1) / 2) * 50;
      const r = n === 1 ? 56 : 38;
      out += `<path d="M${x - r} 120A${r} ${r} 0 0 0 ${x + r} 120Z" fill="${c}" stroke="${shade(c, -0.3)}" stroke-width="3"/>`;
      out += `<circle cx="${x - 15}" cy="116" r="7" fill="#4caf50"/><circle cx="${x + 8}" cy="114" r="6" fill="#e53935"/>`;
    }
    return out;
  },
  chips: (rng, c) => {
    let out = '';
    for (let i = rng.int(6, 9); i > 0; i--) {
      const x = rng.int(50, 150);
      const y = rng.int(70, 110);
      out += `<polygon points="0,-22 20,14 -20,14" transform="translate(${x} ${y}) rotate(${rng.int(0, 359)})" fill="${c}" stroke="${shade(c, -0.3)}" stroke-width="2"/>`;
    }
    return `${out}<path d="M28 108Q100 200 172 108Z" fill="#b5523b" stroke="#7a3526" stroke-width="3"/>`;
  },
  jar: (rng, c) =>
    `<rect x="58" y="68" width="84" height="104" rx="16" fill="${c}" stroke="${shade(c, -0.3)}" stroke-width="2"/>` +
    `<rect x="62" y="50" width="76" height="22" rx="4" fill="${rng.pick(['#b03a2e', '#1e8449', '#d4ac0d', '#2c3e50'])}"/>` +
    `<rect x="58" y="100" width="84" height="40" fill="#fdfaf0" opacity=".9"/>` +
    `<circle cx="100" cy="120" r="12" fill="${shade(c, 0.2)}"/>`,
  bottle: (rng, c) =>
    `<rect x="74" y="78" width="52" height="96" rx="12" fill="${c}" stroke="${shade(c, -0.3)}" stroke-width="2"/>` +
    `<rect x="90" y="38" width="20" height="46" fill="${c}"/>` +
    `<rect x="87" y="26" width="26" height="16" rx="3" fill="${rng.pick(['#2c3e50', '#b03a2e', '#f1c40f', '#ecf0f1'])}"/>` +
    `<rect x="74" y="108" width="52" height="38" fill="#fdfaf0" opacity=".9"/>` +
    `<path d="M90 120l10 14 10-14" stroke="${shade(c, -0.2)}" stroke-width="4" fill="none"/>`,
  beer: (rng, c) => {
    const glass = rng.pick(['#6b3f12', '#2e6b34', '#7a4b16']);
    let out = '';
    for (let i = 0, n = rng.int(1, 3); i < n; i++) {
      const x = 100 + (i - (n - 1) / 2) * 40;
      out += `<path d="M${x - 18} 176V96Q${x - 18} 76 ${x - 7} 66V30H${x + 7}V66Q${x + 18} 76 ${x + 18} 96V176Z" fill="${glass}"/>`;
      out += `<rect x="${x - 18}" y="112" width="36" height="30" fill="${c}"/><rect x="${x - 8}" y="24" width="16" height="8" fill="#bdc3c7"/>`;
    }
    return out;
  },
  chilli: (rng, c) => {
    let out = '';
    for (let i = 0, n = rng.int(1, 3); i < n; i++) {
      out += chilli(rng.int(80, 120), rng.int(90, 120), rng.int(-30, 30), 0.9 + rng.next() * 0.3, c);
    }
    return out;
  },
  can: (rng, c) =>
    `<rect x="55" y="60" width="90" height="110" fill="#c8ced3"/>` +
    `<ellipse cx="100" cy="170" rx="45" ry="10" fill="#aab2b9"/><ellipse cx="100" cy="60" rx="45" ry="10" fill="#e3e7ea" stroke="#aab2b9" stroke-width="2"/>` +
    `<rect x="55" y="84" width="90" height="${rng.int(56, 66)}" fill="${c}"/>` +
    `<circle cx="100" cy="116" r="16" fill="${shade(c, 0.45)}"/>`,
  spices: (rng, c) => {
    let out =
      `<rect x="68" y="66" width="64" height="96" rx="8" fill="#eef3f4" stroke="#b8c4c8" stroke-width="2"/>` +
      `<rect x="72" y="100" width="56" height="58" rx="4" fill="${c}"/><rect x="66" y="50" width="68" height="20" rx="4" fill="#34495e"/>`;
    for (let i = rng.int(8, 14); i > 0; i--) {
      out += `<circle cx="${rng.int(30, 170)}" cy="${rng.int(164, 182)}" r="${rng.int(2, 4)}" fill="${shade(c, rng.next() * 0.3 - 0.15)}"/>`;
    }
    return out;
  },
  bag: (rng, c) => {
    let out = `<path d="M52 58H148L160 176Q100 186 40 176Z" fill="#e2cfa4" stroke="#b89b62" stroke-width="2"/><rect x="52" y="52" width="96" height="16" fill="#c9b07a"/>`;
    out += `<circle cx="100" cy="122" r="32" fill="${c}"/>`;
    for (let i = rng.int(5, 9); i > 0; i--) {
      out += `<circle cx="${rng.int(82, 118)}" cy="${rng.int(104, 140)}" r="3" fill="${shade(c, -0.25)}"/>`;
    }
    return out;
  },
  press: (rng, c) =>
    `<circle cx="95" cy="125" r="56" fill="${shade(c, -0.2)}"/><circle cx="95" cy="118" r="52" fill="${c}" stroke="${shade(c, -0.35)}" stroke-width="3"/>` +
    `<rect x="140" y="108" width="14" height="20" fill="${shade(c, -0.35)}"/>` +
    `<rect x="60" y="${rng.int(64, 74)}" width="110" height="10" rx="5" fill="${shade(c, -0.4)}" transform="rotate(${rng.int(-25, -10)} 150 110)"/>`,
  molcajete: (rng, c) =>
    `<rect x="60" y="150" width="14" height="26" fill="${shade(c, -0.2)}"/><rect x="126" y="150" width="14" height="26" fill="${shade(c, -0.2)}"/>` +
    `<path d="M36 92Q100 200 164 92Z" fill="${c}"/><ellipse cx="100" cy="92" rx="64" ry="14" fill="${shade(c, -0.3)}"/>` +
    `<ellipse cx="100" cy="94" rx="52" ry="9" fill="${rng.pick(['#7cb342', '#c0392b', '#e67e22'])}"/>` +
    `<rect x="120" y="40" width="18" height="60" rx="9" fill="${shade(c, 0.15)}" transform="rotate(25 129 70)"/>`,
  comal: (rng, c) =>
    `<rect x="14" y="116" width="30" height="10" rx="4" fill="${shade(c, -0.3)}"/><rect x="156" y="116" width="30" height="10" rx="4" fill="${shade(c, -0.3)}"/>` +
    `<ellipse cx="100" cy="126" rx="74" ry="26" fill="${shade(c, -0.25)}"/><ellipse cx="100" cy="120" rx="72" ry="24" fill="${c}"/>` +
    (rng.chance(0.6) ? `<ellipse cx="${rng.int(90, 110)}" cy="118" rx="34" ry="11" fill="#f2c94c" stroke="#c9a227"/>` : ''),
  warmer: (rng, c) => {
    let out = `<ellipse cx="100" cy="150" rx="66" ry="18" fill="${shade(c, -0.3)}"/><path d="M34 146A66 62 0 0 1 166 146Z" fill="${c}"/>`;
    for (let x = 50; x <= 150; x += rng.pick([16, 20])) out += `<rect x="${x}" y="100" width="6" height="44" fill="#fff" opacity=".5"/>`;
    return `${out}<circle cx="100" cy="82" r="8" fill="${shade(c, -0.3)}"/>`;
  },
  candy: (rng, c) => {
    let out = '';
    for (let i = rng.int(3, 5); i > 0; i--) {
      const x = rng.int(45, 155);
      const y = rng.int(70, 160);
      const col = shade(c, rng.next() * 0.4 - 0.2);
      out += rng.chance(0.4)
        ? `<line x1="${x}" y1="${y}" x2="${x + 10}" y2="${y + 40}" stroke="#f5f5f5" stroke-width="4"/><circle cx="${x}" cy="${y}" r="18" fill="${col}"/>`
        : `<g transform="translate(${x} ${y}) rotate(${rng.int(-40, 40)})"><polygon points="-30,-10 -18,0 -30,10" fill="${col}"/><polygon points="30,-10 18,0 30,10" fill="${col}"/><ellipse rx="20" ry="12" fill="${col}"/></g>`;
    }
    return out;
  },
  frozen: (rng, c) => {
    let out = `<rect x="44" y="56" width="112" height="114" rx="8" fill="${shade(c, 0.55)}" stroke="${c}" stroke-width="3"/>`;
    out += `<circle cx="100" cy="122" r="${rng.int(28, 36)}" fill="${c}"/>`;
    for (const a of [0, 60, 120]) out += `<line x1="134" y1="60" x2="134" y2="96" stroke="#fff" stroke-width="4" transform="rotate(${a} 134 78)"/>`;
    return out;
  },
};

export interface ImageInput {
  motif: Motif;
  colour: string;
  background: string;
  /** 1 is the packshot; 2 a closer, differently lit view of the same product. */
  view: 1 | 2;
}

export function productSvg(rng: Random, input: ImageInput): string {
  const body = drawings[input.motif](rng, input.colour);
  const bg = input.view === 1 ? input.background : shade(input.colour, 0.8);
  const scene = input.view === 1 ? body : `<g transform="translate(-30 -38) scale(1.3)">${body}</g>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="800" height="800">` +
    `<rect width="200" height="200" fill="${bg}"/><circle cx="100" cy="112" r="84" fill="#fff" opacity=".45"/>` +
    `<ellipse cx="100" cy="180" rx="64" ry="8" fill="#000" opacity=".08"/>${scene}</svg>`
  );
}
