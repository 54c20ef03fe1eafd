import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  createTheme,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';

// Mantine's default font stack is the system one, so no web font is fetched at run time.
export const theme = createTheme({
  primaryColor: 'orange',
  defaultRadius: 'md',
  headings: { fontWeight: '800' },
});

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
  changedVariables(defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme))),
);
