/**
 * Toasts (section 2): close by themselves after 3 s (plus 0.6 s to leave), red for errors.
 * The page's one toaster, rendered by DashboardLayout; call `toast.success(...)` / `toast.error(...)`
 * from any island after it has mounted (a toast created before it subscribed is not shown).
 */
import { Toast, Toaster as ArkToaster, createToaster } from '@ark-ui/react/toast';
import { Portal } from '@ark-ui/react/portal';
import { toast as toastRecipe } from 'styled-system/recipes';
import { CloseIcon } from './icons';

const toaster = createToaster({ placement: 'bottom-end', duration: 3000, removeDelay: 600, overlap: false, gap: 12 });

/** Shows toasts from anywhere in the site. */
export const toast = {
  success: (title: string, description?: string) => toaster.create({ type: 'success', title, description }),
  error: (title: string, description?: string) => toaster.create({ type: 'error', title, description }),
  info: (title: string, description?: string) => toaster.create({ type: 'info', title, description }),
};

export function Toaster() {
  const classes = toastRecipe();
  return (
    <Portal>
      <ArkToaster toaster={toaster}>
        {(item) => (
          <Toast.Root className={classes.root}>
            <div>
              <Toast.Title className={classes.title}>{item.title}</Toast.Title>
              {item.description && <Toast.Description className={classes.description}>{item.description}</Toast.Description>}
            </div>
            <Toast.CloseTrigger className={classes.closeTrigger} aria-label="Close">
              <CloseIcon width={16} height={16} />
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </ArkToaster>
    </Portal>
  );
}
