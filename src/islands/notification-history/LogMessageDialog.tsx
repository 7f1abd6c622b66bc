/**
 * One notification's message, opened from the history panel: the row's facts at once, then the
 * message text (`GET /notifications-logs/{id}/`).
 */
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Facts } from '../../components/Facts';
import { Modal } from '../../components/Modal';
import { Alert } from '../../components/ui/Alert';
import { LoadingState } from '../../components/ui/Spinner';
import { fetchNotificationLogEntry } from '../../lib/api/notifications';
import { callErrorMessage } from '../../lib/errors';
import { momentText, type MomentFormat } from '#shared/dates';
import { channelLabel, noticeLabel, statusBadge } from '../../lib/notification-log';
import type { NotificationLogEntry, NotificationLogRow } from '../../lib/schemas/notifications';

const message = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.canvas', p: '4', mt: '4', maxH: '50vh', overflowY: 'auto' });

export function LogMessageDialog({ row, format, onClose }: { row: NotificationLogRow; format: MomentFormat; onClose: () => void }) {
  const [entry, setEntry] = useState<NotificationLogEntry | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    fetchNotificationLogEntry(row.id)
      .then((loaded) => active && setEntry(loaded))
      .catch((error: unknown) => active && setFailure(callErrorMessage('notification-log-entry', error)));
    return () => {
      active = false;
    };
  }, [row.id]);

  const shown = entry ?? row;
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={shown.subject || noticeLabel(shown.notice_type, shown.kind)} size="wide">
      <Facts
        rows={[
          ['Notice', noticeLabel(shown.notice_type, shown.kind)],
          ['To', shown.user ? `${shown.user.full_name || shown.user.username}${shown.recipient ? ` <${shown.recipient}>` : ''}` : shown.recipient],
          ['Channel', channelLabel(shown.channel)],
          ['Status', statusBadge(shown.status).label],
          ['Created', momentText(shown.created_at, format)],
          ['Sent', shown.sent_at ? momentText(shown.sent_at, format) : null],
          ['Attempts', String(shown.attempts ?? 0)],
          ['Error', shown.error],
        ]}
      />
      {failure ? (
        <Alert tone="error" title="Message unavailable">
          {failure}
        </Alert>
      ) : entry ? (
        <div className={message} aria-label="Message text" role="document">
          {entry.body_text || '—'}
        </div>
      ) : (
        <LoadingState text="Loading..." />
      )}
    </Modal>
  );
}
