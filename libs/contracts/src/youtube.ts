const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtu.be',
]);
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** The link as an address, or null when there is none or it does not parse. */
function parsedLink(link: string | null | undefined): URL | null {
  if (!link) return null;
  try {
    return new URL(link.trim());
  } catch {
    return null;
  }
}

/**
 * The video id of a YouTube link in any of its common forms (watch?v=, youtu.be/, /shorts/, /embed/, /live/,
 * m.youtube.com), or null for anything else. docs/product.md §5 takes the `v=` parameter up to `&`; URL parsing
 * does that.
 */
export function youtubeVideoId(link: string | null | undefined): string | null {
  const url = parsedLink(link);
  if (!url) return null;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  if (!YOUTUBE_HOSTS.has(host)) return null;
  let id: string | null | undefined;
  if (host === 'youtu.be') {
    id = url.pathname.split('/')[1];
  } else if (url.pathname === '/watch') {
    id = url.searchParams.get('v');
  } else {
    const [, kind, value] = url.pathname.split('/');
    id = ['shorts', 'embed', 'live', 'v'].includes(kind ?? '') ? value : null;
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** `t=` and `start=` as YouTube writes them: `65`, `65s`, `1m5s`, `1h2m3s`. */
const START_TIME = /^(?:(\d{1,4})h)?(?:(\d{1,5})m)?(?:(\d{1,7})s?)?$/;

/**
 * Where a YouTube link asks the video to start, in whole seconds (`t=10s`, `t=1m5s`, `start=65`, or `#t=` after
 * the address), or null when it names no time or time zero.
 */
export function youtubeStartSeconds(link: string | null | undefined): number | null {
  const url = parsedLink(link);
  if (!url) return null;
  const fromHash = new URLSearchParams(url.hash.slice(1));
  const value = url.searchParams.get('t') ?? url.searchParams.get('start') ?? fromHash.get('t');
  const match = value ? START_TIME.exec(value) : null;
  if (!match) return null;
  const [, hours = '0', minutes = '0', seconds = '0'] = match;
  const total = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
  return total > 0 ? total : null;
}

/** The privacy-enhanced embed address of a video id. */
export function youtubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}`;
}
