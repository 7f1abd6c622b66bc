/**
 * The notification log's words, one set for the Notification History panel, its print and the
 * server's CSV of the log: the statuses and channels the server names, their words, a notice
 * type's words ("Account mail" for the account mails, which have none), and the CSV's columns.
 */
import { noticeTypeLabel } from './notice-templates.js';

/** Log statuses, as the server names them (a row being sent reads as pending). */
export const LOG_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;

/** Log channels, as the server names them. */
export const LOG_CHANNELS = ['email', 'in_app'] as const;

const STATUS_LABELS: Readonly<Record<string, string>> = { PENDING: 'Pending', SENT: 'Sent', FAILED: 'Failed' };
const CHANNEL_LABELS: Readonly<Record<string, string>> = { email: 'E-mail', in_app: 'In-app' };

/** A status in words. */
export const logStatusLabel = (status: string): string => STATUS_LABELS[status] ?? status;

/** A channel in words. */
export const channelLabel = (channel: string): string => CHANNEL_LABELS[channel] ?? channel;

/** A notice type in words: the notice's label, 'Account mail' for account mails, else the kind. */
export function noticeLabel(type: string | null | undefined, kind?: string | null): string {
  if (type === 'account' || (!type && kind)) return 'Account mail';
  return type ? noticeTypeLabel(type) : kind || '—';
}

/** The columns of the log's CSV export, in order. */
export const NOTIFICATION_LOG_CSV_COLUMNS = ['When', 'Member', 'Username', 'Member no.', 'Recipient', 'Notice', 'Channel', 'Status', 'Attempts', 'Error'] as const;

/** The CSV's file name for a range (`notifications-2026-03-01-2026-03-31.csv`, `notifications-all.csv` without one). */
export const notificationLogFileName = (from: string | undefined, to: string | undefined): string =>
  from || to ? `notifications-${from ?? 'start'}-${to ?? 'today'}.csv` : 'notifications-all.csv';
