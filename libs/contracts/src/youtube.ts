const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtu.be',
]);
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video id of a YouTube link in any of its common forms (watch?v=, youtu.be/, /shorts/, /embed/, /live/,
 * m.youtube.com), or null for anything else. docs/product.md §5 takes the `v=` parameter up to `&`; URL parsing
 * does that.
 */
export function youtubeVideoId(link: string | null | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
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

/** The privacy-enhanced embed address of a video id. */
export function youtubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}`;
}
