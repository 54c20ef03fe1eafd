import { PHOTO_POSE_LABELS, type ProgressPhotoResponse } from '@fitcoach/contracts';
import { Button, Group, NativeSelect } from '@mantine/core';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { type PhotoComparison, photosByDay } from '~/utils/record';
import classes from './record.module.css';

const photoName = (photo: ProgressPhotoResponse) =>
  `${PHOTO_POSE_LABELS[photo.pose]} photo of ${photo.taken_on}`;

/** The image from the API's private route: only its member and the trainers they share photos with get it. */
function Photo({ photo, loading = 'lazy' }: { photo: ProgressPhotoResponse; loading?: 'lazy' | 'eager' }) {
  return (
    <img
      className={classes.photo}
      src={photo.url}
      alt={photoName(photo)}
      width={photo.width}
      height={photo.height}
      loading={loading}
    />
  );
}

/** Two days of one pose side by side, with a plain form (GET) to choose the pose and the days. */
export function PhotoCompare({ comparison }: { comparison: PhotoComparison }) {
  const { pose, poses, dates, before, after } = comparison;
  const options = dates.map((date) => ({ value: date, label: date }));
  return (
    <div>
      <Form method="get" aria-label="Compare photos" preventScrollReset>
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label="Pose"
            name="pose"
            defaultValue={pose}
            data={poses.map((value) => ({ value, label: PHOTO_POSE_LABELS[value] }))}
          />
          <NativeSelect label="Before" name="before" defaultValue={before.taken_on} data={options} />
          <NativeSelect label="After" name="after" defaultValue={(after ?? before).taken_on} data={options} />
          <Button type="submit" variant="default">
            Compare
          </Button>
        </Group>
      </Form>
      <div className={classes.compare}>
        {[before, after].map((photo, index) =>
          photo ? (
            <figure key={index} className={classes.figure}>
              <Photo photo={photo} loading="eager" />
              <figcaption>
                {index === 0 ? 'Before' : 'After'}: {photo.taken_on}
              </figcaption>
            </figure>
          ) : null,
        )}
      </div>
      {after ? null : <p>Add a {PHOTO_POSE_LABELS[pose].toLowerCase()} photo on another day to compare.</p>}
    </div>
  );
}

/** Every photo by day, newest first, with what may be done with each (delete, for their member). */
export function PhotoGallery({
  photos,
  actions,
}: {
  photos: ProgressPhotoResponse[];
  actions?: (photo: ProgressPhotoResponse, name: string) => ReactNode;
}) {
  return (
    <ul className={classes.gallery} aria-label="All photos">
      {photosByDay(photos).map(({ date, photos: ofDay }) => (
        <li key={date}>
          <h3 className={classes.chartTitle}>{date}</h3>
          <div className={classes.day}>
            {ofDay.map((photo) => (
              <figure key={photo.id} className={classes.thumb}>
                <Photo photo={photo} />
                <figcaption>
                  {PHOTO_POSE_LABELS[photo.pose]}
                  {actions ? actions(photo, photoName(photo)) : null}
                </figcaption>
              </figure>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
