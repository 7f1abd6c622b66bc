/**
 * The scheduler's jobs: one simple list, so adding a job is one line. The daily ones run once per
 * library date (see scheduler.ts); `deliveries` runs every tick. The domain jobs live in their
 * modules (circulation/jobs.ts, reservations/jobs.ts) and `app.ts` registers them here at wiring
 * time, so notices imports none of those modules: the dependency points from them to here.
 */
import type { AppContext } from '../../context.js';
import type { NoticeSettings } from './settings-store.js';

/** One job of the scheduler. */
export interface SchedulerJob {
  /** Its `scheduler_leases` row. */
  name: string;
  /** true: once per library date at/after `jobs_run_at`; false: every tick. */
  daily: boolean;
  /** Does the work for the library date `today`; `now` is the tick's instant. Throwing leaves the day to the next tick. */
  run(ctx: AppContext, today: string, settings: NoticeSettings, now: Date): Promise<unknown>;
}

const registered = new Map<string, SchedulerJob>();

/** Registers daily jobs, run in registration order (registering a job name again replaces it in place). */
export function registerSchedulerJobs(jobs: readonly SchedulerJob[]): void {
  for (const job of jobs) registered.set(job.name, job);
}

/** The notices' own per-tick job. Real time, not the tick's: a simulated tick must not take over a mail being sent right now. */
const DELIVERIES: SchedulerJob = { name: 'deliveries', daily: false, run: (ctx) => ctx.notices.deliverDue() };

/** Every job of the scheduler, the registered daily ones first (their notices go out in the same tick's deliveries). */
export function schedulerJobs(): SchedulerJob[] {
  return [...registered.values(), DELIVERIES];
}
