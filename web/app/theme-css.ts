import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  darken,
  type MantineColorsTuple,
  type MantineThemeColors,
  mergeMantineTheme,
  toRgba,
} from '@mantine/core';
import { theme } from './theme';

// The theme's CSS variables, computed at build time and served as `virtual:theme.css` (vite.config.ts), so no page
// computes them or carries the code that does (ADR 043).

type Rgb = { r: number; g: number; b: number };

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
/** The page's grey surfaces (table rows, cards) are at most as dark as gray 1: text is checked against that. */
const SURFACE: Rgb = toRgba(DEFAULT_THEME.colors.gray[1]);
const AA_TEXT = 4.5;

function channel(value: number): number {
  const s = value / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.2's contrast ratio of two colours. */
function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [a, b]
    .map(({ r, g, b: blue }) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(blue))
    .sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The first shade from `from` on that reads at 4.5:1 against `background`, else shade 9 darkened until it does. */
function readableShade(name: string, shades: MantineColorsTuple, from: number, background: Rgb): string {
  for (let shade = from; shade <= 9; shade += 1) {
    if (contrast(toRgba(shades[shade]), background) >= AA_TEXT)
      return `var(--mantine-color-${name}-${shade})`;
  }
  let darker = shades[9];
  for (let step = 1; contrast(toRgba(darker), background) < AA_TEXT; step += 1)
    darker = darken(shades[9], step / 20);
  return darker;
}

/** A colour's light-variant text on its tinted background (the tint over the page's grey surface). */
function tintedBackground(tint: string): Rgb {
  const { r, g, b, a } = toRgba(tint);
  const over = (top: number, under: number) => top * a + under * (1 - a);
  return { r: over(r, SURFACE.r), g: over(g, SURFACE.g), b: over(b, SURFACE.b) };
}

/** Orange text (the logo, eyebrows, the 404): shade 7 on the light scheme's surfaces, shade 4 on the dark one's. */
const ORANGE_TEXT = '--fitcoach-color-orange-text';

/**
 * Text at WCAG AA's 4.5:1 wherever Mantine's defaults fall short (ADR 032): filled variants, light and
 * outline text, and the dimmed text one shade stronger.
 */
function readableText(input: ConvertCSSVariablesInput, colors: MantineThemeColors): ConvertCSSVariablesInput {
  const light: Record<string, string> = {
    ...input.light,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    [ORANGE_TEXT]: 'var(--mantine-color-orange-7)',
  };
  const dark: Record<string, string> = {
    ...input.dark,
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    [ORANGE_TEXT]: 'var(--mantine-color-orange-4)',
  };
  for (const [name, shades] of Object.entries(colors)) {
    const filled = readableShade(name, shades, 7, WHITE);
    const next = /-(\d)\)$/.exec(filled);
    const hover = next ? `var(--mantine-color-${name}-${Math.min(Number(next[1]) + 1, 9)})` : filled;
    for (const scheme of [light, dark]) {
      scheme[`--mantine-color-${name}-filled`] = filled;
      scheme[`--mantine-color-${name}-filled-hover`] = hover;
    }
    const tint = input.light[`--mantine-color-${name}-light`];
    if (tint)
      light[`--mantine-color-${name}-light-color`] = readableShade(name, shades, 7, tintedBackground(tint));
    light[`--mantine-color-${name}-outline`] = readableShade(name, shades, 7, SURFACE);
  }
  return { variables: input.variables, light, dark };
}

/** Only the variables whose values differ from those of Mantine's stylesheet, as Mantine's provider writes them. */
function changedVariables(input: ConvertCSSVariablesInput): ConvertCSSVariablesInput {
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const changed = (all: Record<string, string>, base: Record<string, string>) =>
    Object.fromEntries(Object.entries(all).filter(([name, value]) => base[name] !== value));
  return {
    variables: changed(input.variables, defaults.variables),
    light: changed(input.light, defaults.light),
    dark: changed(input.dark, defaults.dark),
  };
}

/** The stylesheet of the theme's variables, as Mantine's provider would write it (it is told not to). */
const mergedTheme = mergeMantineTheme(DEFAULT_THEME, theme);
export const themeCssVariables = convertCssVariables(
  changedVariables(readableText(defaultCssVariablesResolver(mergedTheme), mergedTheme.colors)),
);
