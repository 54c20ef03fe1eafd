import { Global, Injectable, Module } from '@nestjs/common';

/**
 * The current instant, for the rules that depend on the calendar (lessons on a schedule, reminders): one provider
 * that tests can set, instead of each rule reading the system clock.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
