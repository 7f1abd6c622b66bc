/** The panels of General Settings: branding, fines and circulation, time and date. */
import { useMemo } from 'react';
import { ImageUpload } from '../../components/ImageUpload';
import { Panel, fieldGrid, stack } from '../../components/Panel';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import type { useForm } from '../../components/use-form';
import type { FileChange } from '../../lib/forms';
import { DATE_FORMATS, timeZoneOptions, type GeneralSettingsField, type GeneralSettingsValues } from '../../lib/general-settings';
import { GENERAL_SETTINGS_LIMITS } from '#shared/field-limits';
import { FAVICON_FILE_TYPES } from '#shared/upload-rules';

/** The file fields of the form (kept beside the text values). */
export type FileField = 'logo' | 'favicon';
type Bind = ReturnType<typeof useForm<GeneralSettingsValues, GeneralSettingsField, GeneralSettingsField | FileField>>['bind'];
/** A file field's current address and upload props. */
type FileProps = { url: string | null | undefined; value: FileChange; error: string | undefined; disabled: boolean; onChange: (change: FileChange) => void };

const THEMES = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
];
const TIME_FORMATS = [
  { value: '12hr', label: '12-hour (2:30 PM)' },
  { value: '24hr', label: '24-hour (14:30)' },
];
const DATE_FORMAT_OPTIONS = DATE_FORMATS.map((format) => ({ value: format, label: format }));

export function BrandingPanel({ bind, logo: { url: logoUrl, ...logo }, favicon: { url: faviconUrl, ...favicon } }: { bind: Bind; logo: FileProps; favicon: FileProps }) {
  return (
    <Panel title="Branding" intro="The name shows in the sidebar and the browser tab; the favicon in the tab.">
      <div className={stack}>
        <TextField label="Library name" required maxLength={GENERAL_SETTINGS_LIMITS.library_name} {...bind('library_name')} />
        <div className={fieldGrid}>
          <ImageUpload label="Logo" currentUrl={logoUrl} {...logo} />
          <ImageUpload label="Favicon" currentUrl={faviconUrl} types={FAVICON_FILE_TYPES} {...favicon} />
        </div>
        <SelectField label="Default theme" helperText="Each user can still switch for themselves." options={THEMES} {...bind('theme')} />
      </div>
    </Panel>
  );
}

export function CirculationPanel({ bind }: { bind: Bind }) {
  return (
    <Panel title="Fines and circulation">
      <div className={fieldGrid}>
        <TextField label="Fine per day (Rs.)" inputMode="decimal" required {...bind('fine_per_day')} />
        <TextField label="Loan period (days)" inputMode="numeric" {...bind('max_issue_duration')} />
        <TextField label="Max books per member" inputMode="numeric" {...bind('max_books_per_member')} />
        <TextField label="Low-stock threshold" inputMode="numeric" helperText="Warn when available copies fall to this number." {...bind('low_stock_threshold')} />
      </div>
    </Panel>
  );
}

export function TimePanel({ bind, timezone }: { bind: Bind; timezone: string }) {
  const zones = useMemo(() => timeZoneOptions(timezone).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })), [timezone]);
  return (
    <Panel title="Time and date">
      <div className={fieldGrid}>
        <SelectField label="Time zone" required options={zones} {...bind('timezone')} />
        <SelectField label="Date format" options={DATE_FORMAT_OPTIONS} {...bind('date_format')} />
        <SelectField label="Time format" options={TIME_FORMATS} {...bind('time_format')} />
      </div>
    </Panel>
  );
}
