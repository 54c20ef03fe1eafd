import type { CSSProperties } from 'react';
import { coverInitials } from '~/utils/covers';
import { avatarImage } from '~/utils/media';
import ui from './ui.module.css';

interface PlainAvatarProps {
  src: string | null | undefined;
  /** The person's name, whose initials stand in for a missing picture. */
  name: string;
  /** Empty when a name next to it already says who it is. */
  alt: string;
  size: number;
}

/** Mantine's orange Avatar as a plain element: a picture in a circle, or the name's initials. */
export function PlainAvatar({ src, name, alt, size }: PlainAvatarProps) {
  const style = { '--avatar-size': `${size}px` } as CSSProperties;
  if (src) {
    return (
      <img
        src={src}
        {...avatarImage(src, size)}
        alt={alt}
        width={size}
        height={size}
        className={ui.avatar}
        style={style}
      />
    );
  }
  const label = alt === '' ? { 'aria-hidden': true } : { role: 'img', 'aria-label': alt };
  return (
    <span {...label} className={`${ui.avatar} ${ui.avatarInitials}`} style={style}>
      {coverInitials(name)}
    </span>
  );
}
