/** The theme's primary shade (theme.ts, orange 7): the installed app's title bar, white text on it passing AA. */
export const THEME_COLOR = '#c2410c';

/** The page colour of the light scheme, shown while the installed app starts. */
const BACKGROUND_COLOR = '#ffffff';

/** The Web App Manifest (https://www.w3.org/TR/appmanifest/); icons made by scripts/app-icons.mjs. */
export function webAppManifest(name: string) {
  return {
    name,
    // A home screen shows about 12 characters under an icon.
    short_name: [...name].length <= 12 ? name : [...name].slice(0, 12).join('').trim(),
    description: 'Fitness programmes with video lessons, progress tracking and chat with your trainer.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
