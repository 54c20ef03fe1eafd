import type { TrainerResponse } from '@fitcoach/contracts';
import { Avatar } from '@mantine/core';
import { avatarImage } from '~/utils/media';

interface TrainerAvatarProps {
  trainer: TrainerResponse;
  size: number;
  /** The trainer page's picture, often its largest paint: fetched before the programmes' covers. */
  priority?: boolean;
}

export function TrainerAvatar({ trainer, size, priority = false }: TrainerAvatarProps) {
  return (
    <Avatar
      src={trainer.profile_picture}
      alt={`Picture of ${trainer.username}`}
      name={trainer.username}
      color="orange"
      size={size}
      // Spelt in lower case: React 18 drops the camel-cased prop.
      imageProps={{
        ...avatarImage(trainer.profile_picture, size),
        ...(priority ? { fetchpriority: 'high' } : {}),
      }}
    />
  );
}
