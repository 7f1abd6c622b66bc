/** The desk's rules of a fresh settings row, as `GET /settings/Books_settings/` answers them (book-settings and library-calendar tests). */
export const DESK_DEFAULTS = {
  block_fines_over: '0.00',
  block_overdue_count: null,
  block_overdue_days: null,
  block_membership_expired: true,
  lost_processing_fee: '0.00',
  lost_found_action: 'CANCEL',
  closed_weekdays: [],
  fines_count_closed_days: true,
};
