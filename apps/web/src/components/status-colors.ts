/** WCAG 2.x colour contrast, for tags and cells whose colour carries a status. */

type Rgb = readonly [number, number, number];

const AA = 4.5;

export function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance (WCAG 2.1, sRGB). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `base` moved towards `target` by `share` (0 = base, 1 = target). */
export function mix(base: string, target: string, share: number): string {
  const a = parseHex(base);
  const b = parseHex(target);
  return toHex(a.map((c, i) => c + (b[i]! - c) * share) as unknown as Rgb);
}

/** The base colour darkened just enough to read on `background` at WCAG AA (4.5:1). */
export function readableShade(base: string, background: string): string {
  for (let share = 0; share <= 1; share += 0.05) {
    const shade = mix(base, '#000000', share);
    if (contrastRatio(shade, background) >= AA) return shade;
  }
  return '#000000';
}

export interface Tone {
  color: string;
  background: string;
  borderColor: string;
}

/** A tag's colours: a pale tint of the status colour with its darkened shade as text and border (≥ 4.5:1). */
export function tagTone(base: string): Tone {
  const background = mix(base, '#ffffff', 0.85);
  const color = readableShade(base, background);
  return { color, background, borderColor: mix(base, '#ffffff', 0.4) };
}

/** A filled cell's colours (房态图): the status colour with black or white text, whichever reads; darkened if neither does. */
export function solidTone(base: string): Tone {
  for (let share = 0; share <= 1; share += 0.05) {
    const background = mix(base, '#000000', share);
    const color = contrastRatio('#ffffff', background) >= contrastRatio('#1f1f1f', background) ? '#ffffff' : '#1f1f1f';
    if (contrastRatio(color, background) >= AA) return { color, background, borderColor: background };
  }
  return { color: '#ffffff', background: '#000000', borderColor: '#000000' };
}
