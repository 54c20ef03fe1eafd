import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { dateIn, type ScheduleValues } from '~/utils/schedule';

interface ScheduleFieldsProps {
  values: ScheduleValues;
  /** The loader's list (utils/schedule.ts `timeZoneOptions`), so that the browser renders the server's. */
  zones: string[];
  /** The checkout: once the page runs, the browser's own zone, and today there, replace the server's UTC. */
  fromBrowser?: boolean;
}

/**
 * A member's start date, reminder time (empty for none) and time zone (docs/product.md §2.6, §2.7): plain inputs
 * inside the caller's form, so that they are sent without JavaScript.
 */
export function ScheduleFields({ values, zones, fromBrowser = false }: ScheduleFieldsProps) {
  const [startDate, setStartDate] = useState(values.start_date);
  const [timezone, setTimezone] = useState(values.timezone);
  const [options, setOptions] = useState(zones);

  useEffect(() => {
    if (!fromBrowser) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    setOptions((known) => (known.includes(zone) ? known : [zone, ...known]));
    setTimezone(zone);
    setStartDate(dateIn(new Date(), zone));
  }, [fromBrowser]);

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <TextInput
        type="date"
        name="start_date"
        label="Start date"
        description="Day 1 of the programme"
        required
        value={startDate}
        onChange={(event) => setStartDate(event.currentTarget.value)}
      />
      <TextInput
        type="time"
        name="reminder_time"
        label="Reminder time"
        description="Leave empty for no reminders"
        defaultValue={values.reminder_time}
      />
      <NativeSelect
        name="timezone"
        label="Time zone"
        description="Your days and reminders follow it"
        value={timezone}
        onChange={(event) => setTimezone(event.currentTarget.value)}
        data={options}
      />
    </SimpleGrid>
  );
}
