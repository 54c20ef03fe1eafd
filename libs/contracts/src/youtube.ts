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

/** The video id of a YouTube link in any of its common forms, else null (docs/product.md §5's `v=` parameter). */
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

/** Where a link asks the video to start, in whole seconds (`t=`, `start=`, `#t=`); null for none or zero. */
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

export function youtubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}`;
}
