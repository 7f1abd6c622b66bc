/**
 * The scheduler inside every server instance: a tick every `SCHEDULER_TICK_MS` runs the daily jobs
 * once per library date at or after `jobs_run_at` (the library's time zone), then the deliveries.
 * Several instances may tick at once: a daily job's run first takes its `scheduler_leases` row
 * with ONE conditional update (free or expired lease, not yet run today), so one instance runs
 * it. A run that throws keeps last_run_on, so the next tick runs the day again; the notice keys
 * make that re-run send only what is missing. A lease left by a crashed process expires after
 * ten minutes.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { readSettings } from '../settings/service.js';
import { schedulerJobs, type SchedulerJob } from './jobs.js';
import { libraryClock } from '../../lib/library-clock.js';
import { readNoticeSettings } from './settings-store.js';

/** How long a run may hold its job before another instance may take it. */
export const JOB_LEASE_MS = 10 * 60_000;

/** Names this process in the leases it takes. */
const PROCESS_HOLDER = randomUUID();

/** What one tick did. */
export interface TickReport {
  /** Daily jobs this instance ran to the end. */
  ran: string[];
  /** Jobs that threw (name and message). */
  failed: { job: string; error: string }[];
}

/** Takes a daily job's lease for `today`; false when another holds it or it ran today already. */
async function takeLease(ctx: Pick<AppContext, 'db'>, job: string, today: string, now: Date, holder: string): Promise<boolean> {
  const nowText = now.toISOString();
  await ctx.db.insertInto('scheduler_leases').values({ job }).onConflict((oc) => oc.column('job').doNothing()).execute();
  const taken = await ctx.db
    .updateTable('scheduler_leases')
    .set({ holder, lease_until: new Date(now.getTime() + JOB_LEASE_MS).toISOString(), last_started_at: nowText })
    .where('job', '=', job)
    .where((eb) => eb.or([eb('last_run_on', 'is', null), eb('last_run_on', '<', today)]))
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowText)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Records the end of a run and frees the lease (only the holder's own). */
async function releaseLease(ctx: Pick<AppContext, 'db'>, job: string, holder: string, outcome: { today: string } | { error: string }): Promise<void> {
  await ctx.db
    .updateTable('scheduler_leases')
    .set({
      holder: null,
      lease_until: null,
      last_finished_at: new Date().toISOString(),
      ...('today' in outcome ? { last_run_on: outcome.today, last_error: null } : { last_error: outcome.error.slice(0, 500) }),
    })
    .where('job', '=', job)
    .where('holder', '=', holder)
    .execute();
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Runs one tick at `now`: takes the lease of every daily job due and not yet run today, then runs
 * the jobs it took and every per-tick job. Leases are taken before any job runs, so an instance
 * ticking at the same moment finds them held at once instead of waiting on a busy database.
 * Tests call it with the time they simulate.
 */
export async function runSchedulerTick(ctx: AppContext, now: Date, jobs: readonly SchedulerJob[] = schedulerJobs(), holder: string = PROCESS_HOLDER): Promise<TickReport> {
  const report: TickReport = { ran: [], failed: [] };
  const { timezone } = await readSettings(ctx.db);
  const settings = await readNoticeSettings(ctx.db);
  const clock = libraryClock(timezone, now);
  const dailyDue = clock.time >= settings.jobsRunAt;
  const taken = new Set<string>();
  for (const job of jobs) {
    if (!job.daily || !dailyDue) continue;
    try {
      if (await takeLease(ctx, job.name, clock.date, now, holder)) taken.add(job.name);
    } catch (error) {
      // Another instance writing at this moment (a busy SQLite file) is as good as a held lease.
      ctx.log.warn({ err: error, job: job.name }, 'Scheduler could not take a job lease');
    }
  }
  for (const job of jobs) {
    if (job.daily && !taken.has(job.name)) continue;
    try {
      await job.run(ctx, clock.date, settings, now);
      if (job.daily) {
        await releaseLease(ctx, job.name, holder, { today: clock.date });
        report.ran.push(job.name);
      }
    } catch (error) {
      ctx.log.error({ err: error, job: job.name }, 'Scheduled job failed');
      report.failed.push({ job: job.name, error: messageOf(error) });
      if (job.daily) await releaseLease(ctx, job.name, holder, { error: messageOf(error) }).catch(() => undefined);
    }
  }
  return report;
}

/** A running scheduler. */
export interface Scheduler {
  /** Stops ticking and waits for a tick under way. */
  stop(): Promise<void>;
}

/** Starts ticking every `tickMs` (0: never); a tick still running when the next is due is not doubled. */
export function startScheduler(ctx: AppContext, tickMs: number): Scheduler {
  if (tickMs <= 0) return { stop: async () => undefined };
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runSchedulerTick(ctx, new Date())
      .then(() => undefined)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'Scheduler tick failed'))
      .finally(() => {
        running = null;
      });
  }, tickMs);
  // A timer alone never keeps the process alive (a CLI command that builds the app can exit).
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      if (running) await running;
    },
  };
}
