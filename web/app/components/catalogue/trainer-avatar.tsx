import type { TrainerResponse } from '@fitcoach/contracts';
import { Avatar } from '@mantine/core';
import { avatarImage } from '~/utils/media';

/** A trainer's picture, or their initials when they have none. */
export function TrainerAvatar({ trainer, size }: { trainer: TrainerResponse; size: number }) {
  return (
    <Avatar
      src={trainer.profile_picture}
      alt={`Picture of ${trainer.username}`}
      name={trainer.username}
      color="orange"
      size={size}
      imageProps={avatarImage(trainer.profile_picture, size)}
    />
  );
}
