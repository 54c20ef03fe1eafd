import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  createTheme,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  type MantineColorsTuple,
  mergeMantineTheme,
} from '@mantine/core';

/**
 * Mantine's orange up to the brand's #fd7e14 (shade 6, for fills and large text), then darker shades where text sits
 * on it or it is the text: white on shade 7 and shade 7 on white both pass WCAG AA's 4.5:1 (docs/decisions/032).
 */
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#c2410c',
  '#a63a0b',
  '#9a3412',
];

// Mantine's default font stack is the system one, so no web font is fetched at run time.
export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: 7,
  colors: { orange },
  defaultRadius: 'md',
  headings: { fontWeight: '800' },
});

/**
 * Mantine's dimmed text (gray 6 on white, dark 2 on dark) is below 4.5:1: one shade stronger in each scheme. So is
 * orange text on the light variant's tinted background: shade 8 there.
 */
function readableText(input: ConvertCSSVariablesInput): ConvertCSSVariablesInput {
  return {
    variables: input.variables,
    light: {
      ...input.light,
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-orange-light-color': 'var(--mantine-color-orange-8)',
    },
    dark: { ...input.dark, '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
  };
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

/**
 * The theme's CSS variables, computed once: MantineProvider (with its `withCssVariables` left on) would compute the
 * same text again on every server render, a tenth of a small page's rendering time (docs/performance.md). The root
 * layout writes it in a <style> element instead.
 */
export const themeCssVariables = convertCssVariables(
  changedVariables(readableText(defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme)))),
);
