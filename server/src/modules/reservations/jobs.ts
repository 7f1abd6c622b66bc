/**
 * The hold jobs of the notice scheduler (`hold_expiring`, `hold_expiry`), in the order they run.
 * `app.ts` registers them with the scheduler (notices imports no domain module).
 */
import type { SchedulerJob } from '../notices/jobs.js';
import { expireHolds, remindExpiringHolds } from './holds.js';

export const HOLD_JOBS: SchedulerJob[] = [
  { name: 'hold_expiring', daily: true, run: (ctx, today, settings) => remindExpiringHolds(ctx, today, settings) },
  { name: 'hold_expiry', daily: true, run: (ctx, today, settings) => expireHolds(ctx, today, settings) },
];
