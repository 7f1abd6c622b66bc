/** The two buttons that end a form: Cancel (outline, off while saving) and its submit button with the saving state. */
import { Button } from './ui/Button';

export function CancelSubmit({ className, onCancel, saving, submitLabel, loadingText = 'Submitting...' }: { className: string; onCancel: () => void; saving: boolean; submitLabel: string; loadingText?: string }) {
  return (
    <div className={className}>
      <Button variant="outline" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" loading={saving} loadingText={loadingText}>
        {submitLabel}
      </Button>
    </div>
  );
}
